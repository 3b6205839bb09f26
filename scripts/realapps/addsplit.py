#!/usr/bin/env python3
"""Adds a new split of developer migration commits to apps.json, after every other entry.

  addsplit.py SPLIT NOTE RESULTS.json [RESULTS.json...]

RESULTS files are JSON lists of entries as the search helpers write them (`name`, `repo`,
`commit`, `comment`; `kind` and `split` are set here). NOTE is appended to `_split`, which
records how each split was found and what was left out. The split lists of realapps.py come
from apps.json, so nothing else needs editing; the new split is unseen until its final
validation like every split but dev. Refuses a name or commit already in apps.json, a commit
that is not 40 hex digits, and an existing split name.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIELDS = ("name", "repo", "kind", "commit", "split", "comment")


def layout(data):
    """apps.json as the repository keeps it: one entry a line, so that diffs show entries."""
    lines = ["{", ' "_comment": ' + json.dumps(data["_comment"], ensure_ascii=False) + ",",
             ' "_split": ' + json.dumps(data["_split"], ensure_ascii=False) + ",", ' "apps": [']
    apps = data["apps"]
    lines += ["  " + json.dumps(a, ensure_ascii=False) + ("," if i < len(apps) - 1 else "") for i, a in enumerate(apps)]
    return "\n".join(lines + ["]", "}"]) + "\n"


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    split, note, paths = argv[0], argv[1], argv[2:]
    path = os.path.join(HERE, "apps.json")
    with open(path) as fh:
        text = fh.read()
    data = json.loads(text)
    if layout(data) != text:
        print(f"addsplit: {path}: not in the one-entry-a-line layout; refusing to rewrite it", file=sys.stderr)
        return 1
    if any(a.get("split") == split for a in data["apps"]):
        print(f"addsplit: split {split} already exists", file=sys.stderr)
        return 1
    names = {a["name"] for a in data["apps"]}
    commits = {a["commit"] for a in data["apps"]}
    added = []
    for results in paths:
        try:
            with open(results) as fh:
                entries = json.load(fh)
        except (OSError, ValueError) as error:
            print(f"addsplit: {results}: {error}", file=sys.stderr)
            return 1
        for entry in entries:
            entry = dict(entry, kind="migration", split=split)
            missing = [f for f in FIELDS if not entry.get(f)]
            if missing:
                print(f"addsplit: {results}: entry {entry.get('name', '?')} lacks {', '.join(missing)}", file=sys.stderr)
                return 1
            if not re.fullmatch(r"[0-9a-f]{40}", entry["commit"]):
                print(f"addsplit: {results}: {entry['name']}: commit {entry['commit']!r} is not 40 hex digits", file=sys.stderr)
                return 1
            if entry["name"] in names or entry["commit"] in commits:
                print(f"addsplit: {results}: {entry['name']} ({entry['commit'][:8]}) is already in apps.json", file=sys.stderr)
                return 1
            names.add(entry["name"])
            commits.add(entry["commit"])
            added.append({f: entry[f] for f in FIELDS})
    data["_split"] += " " + note
    data["apps"] += added
    with open(path + ".tmp", "w") as fh:
        fh.write(layout(data))
    os.replace(path + ".tmp", path)
    print(f"{len(added)} commits added to {split}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
