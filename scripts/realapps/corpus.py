#!/usr/bin/env python3
"""Unlabelled corpus: what the tool blocks, and whether what it writes is safe, on the HEAD trees
of every fetched repository that still has `ObservableObject`, with no developer commit to
compare against.

  corpus.py extract                  HEAD trees (Swift files and Xcode projects) of the mirrors
                                     listed in corpus.txt that still mention ObservableObject
  corpus.py blocked OUT.json         `report --format json` on each tree: every unit and its
                                     blockers, written to OUT.json
  corpus.py diff OLD.json NEW.json   units blocked in one run and not the other, per repository,
                                     and the most common blockers of NEW
  corpus.py filtercheck [NAME...]    each tree twice, with the relevance filter and without it
                                     (OBSERVATION_MIGRATE_READ_ALL=1): trees whose rewrites
                                     differ, units blocked in one read only; a filtered run may
                                     block more, never less (a tree rewritten differently with
                                     the same verdicts is listed: so far only in the style the
                                     census of the structured files decides)
  corpus.py check [NAME...]          realapps.py's check (apply --unsafe-fixes on a copy, parse
                                     check, legacy leftovers, second run) on each tree; leftovers
                                     in files outside every build target are left out (the tool
                                     does not edit them, and no target compiles them)

corpus.txt lists the repositories (owner+name, as /work/.mirror names them); a repository in a
split of apps.json that is still unscored (reserve14 in session 13) is never listed, and the
helpers' later fetches are not either, so that no tuning reads the commits kept for validation.

Environment: OM (the binary), REALAPPS_MIRROR (default /work/.mirror), CORPUS_WORK (default
/tmp/corpus13). Nothing is written inside the repository.
"""
import collections
import concurrent.futures as cf
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MIRROR = os.environ.get("REALAPPS_MIRROR", "/work/.mirror")
WORK = os.environ.get("CORPUS_WORK", "/tmp/corpus13")
OM = os.environ.get("OM", "observation-migrate")


def names():
    with open(os.path.join(HERE, "corpus.txt")) as fh:
        return [line.strip() for line in fh if line.strip() and not line.startswith("#")]


def gitdir(name):
    g = os.path.join(MIRROR, name, "repo")
    return os.path.join(g, ".git") if os.path.isdir(os.path.join(g, ".git")) else g


def git(name, *args, **kw):
    return subprocess.run(["git", "--git-dir", gitdir(name), *args], capture_output=True, **kw)


def extract():
    """Each file on its own (`git show`): a mirror may lack the blobs of large files, which makes
    one `git archive` of a whole glob stop half-way."""
    for name in names():
        # One search of the tree, not a read of every file: most mirrors never mention it.
        if not git(name, "grep", "-q", "ObservableObject", "HEAD", "--", "*.swift").returncode == 0:
            continue
        listing = git(name, "ls-tree", "-r", "--name-only", "HEAD", text=True).stdout.splitlines()
        wanted = [p for p in listing if p.endswith(".swift") or p.endswith(".pbxproj")]
        root = os.path.join(WORK, name)
        for path in wanted:
            target = os.path.join(root, path)
            if os.path.exists(target):
                continue
            blob = git(name, "show", "HEAD:" + path)
            if blob.returncode == 0:
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "wb") as fh:
                    fh.write(blob.stdout)
        print(name, len(wanted))


def trees():
    return sorted(n for n in os.listdir(WORK) if os.path.isdir(os.path.join(WORK, n)))


def report(name):
    run = subprocess.run([OM, "report", "--format", "json", "."], cwd=os.path.join(WORK, name),
                         capture_output=True, text=True, timeout=900)
    try:
        return json.loads(run.stdout), ""
    except ValueError:
        return None, f"exit {run.returncode}: {run.stderr[:200]}"


def blocked(out_path):
    def one(name):
        data, error = report(name)
        if data is None:
            return name, {"error": error, "units": []}
        findings = data["findings"]
        units = [{"name": u["name"], "verdict": u["verdict"],
                  "blockers": [[findings[i]["ruleId"], findings[i]["path"], findings[i]["line"], findings[i]["message"]]
                               for i in u.get("findings", []) if findings[i].get("blocker")]}
                 for u in data["units"]]
        return name, {"error": "", "units": units}
    with cf.ThreadPoolExecutor(2) as pool:
        result = dict(pool.map(one, trees()))
    with open(out_path, "w") as fh:
        json.dump(result, fh)
    total = sum(len(r["units"]) for r in result.values())
    stuck = sum(1 for r in result.values() for u in r["units"] if u["verdict"] == "blocked")
    print(f"{len(result)} trees, {total} units, {stuck} blocked, {sum(1 for r in result.values() if r['error'])} errors")


def diff(old_path, new_path):
    old, new = json.load(open(old_path)), json.load(open(new_path))

    def stuck(entry):
        return {u["name"] for u in entry["units"] if u["verdict"] == "blocked"}
    freed = {n: len(stuck(old[n]) - stuck(new[n])) for n in new if n in old and stuck(old[n]) - stuck(new[n])}
    caught = {n: sorted(stuck(new[n]) - stuck(old[n])) for n in new if n in old and stuck(new[n]) - stuck(old[n])}
    print(f"unblocked: {sum(freed.values())} units in {len(freed)} repositories: "
          + ", ".join(f"{n} {k}" for n, k in sorted(freed.items(), key=lambda kv: -kv[1])))
    print(f"newly blocked: {sum(len(v) for v in caught.values())} units: {caught}")
    counts, repos = collections.Counter(), collections.defaultdict(set)
    for name, entry in new.items():
        for unit in entry["units"]:
            for key in {rule + ": " + re.sub(r"'[^']*'", "'X'", re.sub(r"\([^()]*\)", "(…)", message))[:100]
                        for rule, _, _, message in unit["blockers"]}:
                counts[key] += 1
                repos[key].add(name)
    for key, count in counts.most_common(15):
        print(f"{count:5d} units {len(repos[key]):4d} repositories | {key}")


def filtercheck(selected):
    """The relevance filter is an optimisation: a filtered run may block more than a run that
    reads every file, never less. Trees rewritten differently are listed too."""
    def run(name, read_all):
        env = dict(os.environ)
        env.pop("OBSERVATION_MIGRATE_READ_ALL", None)
        if read_all:
            env["OBSERVATION_MIGRATE_READ_ALL"] = "1"
        cwd = os.path.join(WORK, name)
        dry = subprocess.run([OM, "apply", "--dry-run", "--unsafe-fixes", "."], cwd=cwd, env=env, capture_output=True)
        rep = subprocess.run([OM, "report", "--format", "json", "."], cwd=cwd, env=env, capture_output=True, text=True)
        try:
            units = {u["name"]: u["verdict"] for u in json.loads(rep.stdout).get("units", [])}
        except ValueError:
            units = None
        return dry.stdout, dry.returncode, units

    def one(name):
        filtered, whole = run(name, False), run(name, True)
        return name, filtered, whole

    names = selected or trees()
    less, more, rewrites = 0, 0, 0
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        for name, filtered, whole in pool.map(one, names):
            if filtered == whole:
                continue
            blocked_f = {u for u, v in (filtered[2] or {}).items() if v == "blocked"}
            blocked_w = {u for u, v in (whole[2] or {}).items() if v == "blocked"}
            only_whole, only_filtered = sorted(blocked_w - blocked_f), sorted(blocked_f - blocked_w)
            less += len(only_whole)
            more += len(only_filtered)
            same_output = filtered[0] == whole[0]
            if not same_output and not only_whole and not only_filtered:
                rewrites += 1
            print(f"{name}: rewrites {'equal' if same_output else 'differ'}; blocked only when read whole "
                  f"(filter less cautious): {only_whole}; blocked only when filtered: {only_filtered}")
    print(f"units the filter leaves unblocked and a whole read blocks: {less}; units only the filter blocks: {more}; "
          f"trees rewritten differently with the same verdicts: {rewrites}")


def check(selected):
    os.environ.setdefault("REALAPPS_WORK", WORK + "-check")
    sys.path.insert(0, HERE)
    import realapps as ra
    ra.tree = lambda name: os.path.join(WORK, name)
    ra.check([{"name": n, "repo": n.replace("+", "/"), "kind": "app", "commit": "HEAD"} for n in selected or trees()])
    results = os.path.join(os.environ["REALAPPS_WORK"], "results")
    total = 0
    for name in selected or trees():
        path = os.path.join(results, name + ".json")
        if not os.path.exists(path):
            continue
        result = json.load(open(path))
        # `check` counts leftovers in files no target compiles apart (`outside_build_leftovers`).
        built = result["violations"]
        regressions = result["parse"]["regressions"]
        if built or regressions:
            total += len(built) + len(regressions)
            outside = len(result.get("outside_build_leftovers", []))
            print(f"{name}: {len(built)} leftovers in built files ({outside} outside the build), {len(regressions)} parse regressions")
            for v in built[:5]:
                print(f"    {v['kind']} {v['file']}:{v['line']} {v['text'][:100]}")
            for r in regressions[:3]:
                print(f"    parse {r['file']}: {r['error'][-100:]}")
    print(f"leftovers in built files and parse regressions: {total}")


def main(argv):
    if not argv:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "extract":
        extract()
    elif command == "blocked" and len(rest) == 1:
        blocked(rest[0])
    elif command == "diff" and len(rest) == 2:
        diff(*rest)
    elif command == "filtercheck":
        filtercheck(rest)
    elif command == "check":
        check(rest)
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
