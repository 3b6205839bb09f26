#!/usr/bin/env python3
"""Many trees scanned as one folder against each scanned alone (issue 10: a joint scan costs what
the separate scans cost, peaks under 300 MB for 200 MB of Swift, and gives every unit the verdict
of its separate run).

Usage: Benchmarks/joint.py --tool PATH --work DIR [--runs N] [--set all|15] [--with-packages]

  --tool PATH     the observation-migrate binary to measure.
  --work DIR      a scratch folder (never inside the repository): the joint folder is built there,
                  as DIR/<set>/apps/<owner+name> (extracted once, listed in DIR/<set>/apps.txt,
                  reused by later runs).
  --set all       every mirrored real app (REALAPPS_MIRROR, default /work/.mirror) at the commit
                  scripts/realapps/apps.json names (the parent of a migration commit; HEAD for a
                  repository it does not name).
  --set 15        the first 15 repositories of apps.json (the issue's fifteen-app check).
  --with-packages the joint folder also holds DIR/<set>/packages/<owner+name>, one folder per
                  repository (Benchmarks/corpus.sh extracts them); each is one separate tree.
  --runs N        rounds (default 3); every figure is a median over them.

Each round scans every tree alone, then the joint folder. Prints the Swift size, the median over
the rounds of the separate scans' summed wall and CPU times, the joint scan's median, their
ratios, the peak resident memory of the joint scan (and the largest separate one), and every unit
whose verdict differs (or that exists on one side only). Exit status 1 when any verdict differs.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MIRROR = os.environ.get("REALAPPS_MIRROR", "/work/.mirror")
KEPT = (".swift", ".pbxproj", ".xcconfig")  # what the tool reads to know the build


def app_revisions():
    """(mirror folder name, revision) of every mirrored repository: apps.json's first commit for
    it (a migration's parent), else HEAD; apps.json's order first, then the others by name."""
    with open(os.path.join(ROOT, "scripts", "realapps", "apps.json")) as handle:
        apps = json.load(handle)["apps"]
    revisions = {}
    for app in apps:
        name = app["repo"].replace("/", "+")
        revisions.setdefault(name, app["commit"] + ("^" if app["kind"] == "migration" else ""))
    named = [(name, revision) for name, revision in revisions.items() if os.path.isdir(git_dir(name))]
    others = sorted(entry for entry in os.listdir(MIRROR)
                    if os.path.isdir(git_dir(entry)) and entry not in revisions)
    return named + [(name, "HEAD") for name in others]


def git_dir(name):
    return os.path.join(MIRROR, name, "repo")


def extract(name, revision, destination):
    """The Swift files and build settings of `name` at `revision`, skipping blobs the mirror lacks
    (some mirrors leave out large binaries, so a whole-tree archive can fail)."""
    listing = subprocess.run(["git", "--git-dir", git_dir(name), "ls-tree", "-r", "-z", revision],
                             capture_output=True, check=True).stdout.decode("utf-8", "surrogateescape")
    entries = []
    for line in listing.split("\0"):
        if not line:
            continue
        meta, path = line.split("\t", 1)
        kind, sha = meta.split()[1:3]
        if kind == "blob" and path.endswith(KEPT):
            entries.append((sha, path))
    check = subprocess.run(["git", "--git-dir", git_dir(name), "cat-file", "--batch-check"], capture_output=True,
                           text=True, check=True, input="".join(sha + "\n" for sha, _ in entries)).stdout.split("\n")
    present = [path for (_, path), line in zip(entries, check) if not line.endswith(" missing")]
    os.makedirs(destination)
    archive = subprocess.Popen(["git", "--git-dir", git_dir(name), "archive", "--format=tar", revision, "--"]
                               + [":(literal)" + path for path in present],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    subprocess.run(["tar", "x", "-C", destination], stdin=archive.stdout, check=True)
    if archive.wait() != 0:
        sys.exit(f"joint.py: git archive {name} {revision} failed")


def build_joint(work, which, with_packages):
    """The joint folder and its separate trees in order. The apps are extracted once and listed
    in DIR/<set>/apps.txt; later runs reuse them (mirrors fetched since are left out)."""
    joint = os.path.join(work, which)
    apps = os.path.join(joint, "apps")
    listing = os.path.join(joint, "apps.txt")
    if not os.path.isfile(listing):
        chosen = app_revisions()
        if which == "15":
            chosen = chosen[:15]
        shutil.rmtree(apps, ignore_errors=True)
        for name, revision in chosen:
            print(f"   {name} at {revision}", flush=True)
            extract(name, revision, os.path.join(apps, name))
        with open(listing, "w") as handle:
            handle.writelines(f"{name} {revision}\n" for name, revision in chosen)
    with open(listing) as handle:
        trees = [os.path.join("apps", line.split()[0]) for line in handle if line.strip()]
    if with_packages:
        packages = os.path.join(joint, "packages")
        trees += [os.path.join("packages", entry) for entry in sorted(os.listdir(packages))]
    return joint, trees


def warm(folder):
    """Reads a tree once, untimed: these machines drop files from the page cache within about 30 s."""
    for directory, _, files in os.walk(folder):
        for file in files:
            try:
                with open(os.path.join(directory, file), "rb") as handle:
                    while handle.read(1 << 20):
                        pass
            except OSError:
                pass


class Scan:
    """One `report --format json .`: wall and CPU seconds (user + system, both cores), peak
    resident memory and the report."""

    def __init__(self, tool, folder):
        warm(folder)
        start = time.perf_counter()
        process = subprocess.Popen([tool, "report", "--format", "json", "."], cwd=folder,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        output = process.stdout.read()
        _, status, usage = os.wait4(process.pid, 0)
        self.seconds = time.perf_counter() - start
        self.cpu = usage.ru_utime + usage.ru_stime
        self.megabytes = usage.ru_maxrss / 1024
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):
            sys.exit(f"joint.py: {tool} report in {folder} exited with {code}")
        self.report = json.loads(output)


def verdicts(report, prefix=""):
    """Each unit's verdict, keyed by where it is declared (relative to the joint folder) and its name."""
    return {(os.path.normpath(os.path.join(prefix, unit["path"])), unit["line"], unit["name"]): unit["verdict"]
            for unit in report["units"]}


def swift_megabytes(folder):
    total = 0
    for directory, _, files in os.walk(folder):
        total += sum(os.path.getsize(os.path.join(directory, file)) for file in files if file.endswith(".swift"))
    return total / 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tool", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--set", choices=["all", "15"], default="all")
    parser.add_argument("--with-packages", action="store_true")
    arguments = parser.parse_args()
    tool = os.path.abspath(arguments.tool)

    print(f"== building the joint folder ({arguments.set})", flush=True)
    joint, trees = build_joint(arguments.work, arguments.set, arguments.with_packages)
    megabytes = swift_megabytes(joint)

    # Each round scans every tree alone, then the joint folder, so that a busy minute on this
    # shared machine weighs on both sides of the ratio.
    print(f"== {arguments.runs} rounds: {len(trees)} trees scanned separately, then together ({megabytes:.0f} MB of Swift)", flush=True)
    rounds = []
    for _ in range(arguments.runs):
        alone = [Scan(tool, os.path.join(joint, tree)) for tree in trees]
        rounds.append((alone, Scan(tool, joint)))
    separate = {}
    for tree, scan in zip(trees, rounds[-1][0]):
        separate.update(verdicts(scan.report, tree))
    together = verdicts(rounds[-1][1].report)
    separate_seconds = statistics.median(sum(scan.seconds for scan in alone) for alone, _ in rounds)
    separate_cpu = statistics.median(sum(scan.cpu for scan in alone) for alone, _ in rounds)
    separate_peak = max(scan.megabytes for alone, _ in rounds for scan in alone)
    joint_seconds = statistics.median(scan.seconds for _, scan in rounds)
    joint_cpu = statistics.median(scan.cpu for _, scan in rounds)
    joint_peak = statistics.median(scan.megabytes for _, scan in rounds)

    differences = sorted(key for key in separate.keys() | together.keys() if separate.get(key) != together.get(key))
    print()
    print(f"set {arguments.set}: {len(trees)} trees, {megabytes:.1f} MB of Swift, {len(separate)} units")
    print(f"separate scans, summed (median)  {separate_seconds:8.2f} s wall {separate_cpu:8.2f} s CPU   largest peak {separate_peak:6.0f} MB")
    print(f"joint scan (median)              {joint_seconds:8.2f} s wall {joint_cpu:8.2f} s CPU   peak {joint_peak:6.0f} MB")
    print(f"joint / separate                 {joint_seconds / separate_seconds:8.2f}x wall {joint_cpu / separate_cpu:6.2f}x CPU  (target: at most 1.3x)")
    print(f"verdicts that differ             {len(differences):8d}     (target: 0)")
    for key in differences[:20]:
        path, line, name = key
        print(f"  {name} {path}:{line}: separate {separate.get(key, 'absent')}, joint {together.get(key, 'absent')}")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
