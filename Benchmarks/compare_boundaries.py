#!/usr/bin/env python3
"""Compares observation-migrate's token boundaries with swift-syntax's parser, file by file.

For every .swift file under the given directories it runs

    swift-syntax-baseline boundaries      (Benchmarks/SwiftSyntaxBaseline, normalised spans)
    observation-migrate debug tokens FILE (JSON Lines, one token per line)

and compares the lists of token text spans (start, end). A file agrees when the lists are
identical. The normalisation of swift-syntax's tokens to our token model is described in
Benchmarks/SwiftSyntaxBaseline/Sources/SwiftSyntaxBaseline/main.swift; on our side only the
empty end-of-file token is dropped.

Prints files compared, files agreeing, the agreement in percent, the mismatch classes (keyed by
the kinds and first characters of the two tokens at the first difference) with counts, and the
first mismatches with file:line:column, byte offset and context.

Usage:
    Benchmarks/compare_boundaries.py [--tool PATH] [--baseline PATH] [--jobs N] [--show N]
                                     [DIR_OR_FILE...]
With no paths it extracts the .swift files at HEAD of every bare repository under
/opt/swift-packages (one copy of repositories present twice with different letter case) into a
temporary folder and compares those.
Exit status: 0 when the agreement reaches --target percent (default 99.9), else 1.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TOKEN_RE = re.compile(rb'"kind":"([a-zA-Z]+)","start":(\d+),"end":(\d+)')


def extract_swift_packages(destination, root="/opt/swift-packages"):
    """git archive HEAD of each bare repository (deduplicated without letter case) into destination."""
    seen = set()
    for owner in sorted(os.listdir(root)):
        owner_path = os.path.join(root, owner)
        if not os.path.isdir(owner_path):
            continue
        for name in sorted(os.listdir(owner_path)):
            if not name.endswith(".git"):
                continue
            key = (owner + "/" + name).lower()
            if key in seen:
                continue
            seen.add(key)
            folder = os.path.join(destination, key.replace("/", "+"))
            os.makedirs(folder, exist_ok=True)
            archive = subprocess.Popen(["git", "--git-dir=" + os.path.join(owner_path, name), "archive", "HEAD",
                                        "--", "*.swift"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            subprocess.run(["tar", "-x", "-C", folder], stdin=archive.stdout, check=True)
            archive.wait()


def swift_files(paths):
    files = []
    for path in paths:
        if os.path.isfile(path):
            files.append(path)
            continue
        found = []
        for directory, _, names in os.walk(path):
            for name in names:
                if name.endswith(".swift"):
                    full = os.path.join(directory, name)
                    if os.path.isfile(full):
                        found.append(full)
        files.extend(sorted(found))
    return files


def baseline_spans(baseline, files, jobs):
    """Runs the swift-syntax side in `jobs` processes; returns {path: [start, end, ...]}."""
    chunks = [files[index::jobs] for index in range(jobs)]
    processes = []
    lists = []
    for chunk in chunks:
        if not chunk:
            continue
        handle = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
        handle.write("\n".join(chunk) + "\n")
        handle.close()
        lists.append(handle.name)
        processes.append(subprocess.Popen([baseline, "boundaries", "--list", handle.name],
                                          stdout=subprocess.PIPE))
    result = {}
    for process in processes:
        output, _ = process.communicate()
        if process.returncode != 0:
            sys.exit("compare_boundaries: swift-syntax-baseline failed with status %d" % process.returncode)
        lines = output.split(b"\n")
        for index in range(0, len(lines) - 1, 2):
            path = lines[index][2:].decode("utf-8", "surrogateescape")
            numbers = lines[index + 1].split()[1:]
            result[path] = [int(number) for number in numbers]
    for name in lists:
        os.unlink(name)
    return result


def our_tokens(tool, path):
    """Returns ([start, end, ...], [kind, ...]) from `debug tokens`, or None when the tool failed."""
    run = subprocess.run([tool, "debug", "tokens", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if run.returncode != 0:
        return None
    spans = []
    kinds = []
    for kind, start, end in TOKEN_RE.findall(run.stdout):
        if kind == b"endOfFile":
            continue
        spans.append(int(start))
        spans.append(int(end))
        kinds.append(kind.decode())
    return spans, kinds


def location(data, offset):
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, column


def show(data, start, end):
    return data[start:end].decode("utf-8", "replace")


def describe(path, ours, kinds, theirs):
    """The first difference of one file: a class key and a printable report."""
    with open(path, "rb") as handle:
        data = handle.read()
    index = 0
    while index < min(len(ours), len(theirs)) and ours[index] == theirs[index]:
        index += 1
    token = index // 2
    our_start = ours[2 * token] if 2 * token < len(ours) else len(data)
    our_end = ours[2 * token + 1] if 2 * token + 1 < len(ours) else len(data)
    their_start = theirs[2 * token] if 2 * token < len(theirs) else len(data)
    their_end = theirs[2 * token + 1] if 2 * token + 1 < len(theirs) else len(data)
    kind = kinds[token] if token < len(kinds) else "(none)"
    offset = min(our_start, their_start)
    line, column = location(data, offset)
    our_text = show(data, our_start, our_end) if 2 * token < len(ours) else "(end)"
    their_text = show(data, their_start, their_end) if 2 * token < len(theirs) else "(end)"
    key = "ours %s %r… / swift-syntax %r…" % (kind, our_text[:2], their_text[:2])
    context_start = max(0, data.rfind(b"\n", 0, max(0, offset - 1)) + 1)
    context_end = data.find(b"\n", offset + 1)
    context_end = len(data) if context_end < 0 else min(context_end, offset + 160)
    report = ("%s:%d:%d (byte %d)\n    ours:         %s %r [%d,%d)\n    swift-syntax: %r [%d,%d)\n"
              "    context:      %r" % (path, line, column, offset, kind, our_text[:120], our_start, our_end,
                                        their_text[:120], their_start, their_end,
                                        show(data, context_start, context_end)))
    return key, report


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", help="directories or files (default: /opt/swift-packages at HEAD)")
    parser.add_argument("--tool", default=os.path.join(ROOT, ".build", "release", "observation-migrate"))
    parser.add_argument("--baseline", default=os.path.join(
        HERE, "SwiftSyntaxBaseline", ".build", "release", "swift-syntax-baseline"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--show", type=int, default=20, help="mismatches to print in full")
    parser.add_argument("--target", type=float, default=99.9)
    arguments = parser.parse_args()

    for binary in (arguments.tool, arguments.baseline):
        if not os.access(binary, os.X_OK):
            sys.exit("compare_boundaries: %s is not built" % binary)
    temporary = None
    paths = arguments.paths
    if not paths:
        temporary = tempfile.mkdtemp(prefix="compare-boundaries-")
        print("extracting /opt/swift-packages into %s" % temporary, file=sys.stderr)
        extract_swift_packages(temporary)
        paths = [temporary]
    try:
        return compare(arguments, swift_files(paths))
    finally:
        if temporary:
            shutil.rmtree(temporary, ignore_errors=True)


def compare(arguments, files):
    if not files:
        sys.exit("compare_boundaries: no .swift files")
    theirs = baseline_spans(arguments.baseline, files, arguments.jobs)

    agreeing = 0
    failed = []
    classes = collections.Counter()
    examples = {}
    reports = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
        for path, result in zip(files, pool.map(lambda path: our_tokens(arguments.tool, path), files)):
            if result is None or path not in theirs:
                failed.append(path)
                continue
            ours, kinds = result
            if ours == theirs[path]:
                agreeing += 1
                continue
            key, report = describe(path, ours, kinds, theirs[path])
            classes[key] += 1
            examples.setdefault(key, report)
            reports.append(report)

    compared = len(files) - len(failed)
    percent = 100.0 * agreeing / compared if compared else 0.0
    print("files compared:      %d" % compared)
    print("files agreeing:      %d" % agreeing)
    print("agreement:           %.3f %%" % percent)
    print("files not compared:  %d%s" % (len(failed), (" (e.g. %s)" % failed[0]) if failed else ""))
    if classes:
        print("\nmismatch classes (first difference per file):")
        for key, number in classes.most_common():
            print("  %5d  %s" % (number, key))
        print("\nfirst mismatches:")
        for report in reports[:arguments.show]:
            print(report)
    return 0 if percent >= arguments.target else 1


if __name__ == "__main__":
    sys.exit(main())
