#!/usr/bin/env python3
"""The exclusion lists a round of finding helpers works from (FINDING.md), written into a folder.

  exclusions.py ROUND_DIR

writes, in ROUND_DIR (created if missing):
  exclude_repos.txt       every repository of a split of apps.json, of corpus.txt and of
                          considered.txt, lower-case owner/name
  usedauthors.txt         their owners
  used_commits.txt        every developer commit of a split
  usedcommitauthors.txt   the author name and e-mail of each of those commits, read from the
                          mirrors (an author of a used commit may own other repositories: round
                          r25 nearly took such a one, which only apps.json's comments named)
  claims.txt              empty, unless it exists already
and the brief, BRIEF.md, from FINDING.md with the round and the next split filled in. The names
in apps.json's comments (repositories earlier rounds left out) are not parsed: the brief tells
helpers to search that file's text too.
"""
import json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
MIRROR = os.environ.get("REALAPPS_MIRROR", "/work/.mirror")


def listed(path):
    """The first tab-separated field of each line that is not blank or a comment."""
    with open(path, encoding="utf-8") as fh:
        return [l.split("\t")[0].strip() for l in fh if l.strip() and not l.startswith("#")]


def mirror_of(repo):
    """The bare git directory of a fetched repository, matched case-insensitively; None if absent."""
    wanted = repo.replace("/", "+").lower()
    if not os.path.isdir(MIRROR):
        return None
    for entry in os.listdir(MIRROR):
        if entry.lower() == wanted and os.path.isdir(os.path.join(MIRROR, entry, "repo")):
            return os.path.join(MIRROR, entry, "repo")
    return None


def next_split(apps):
    """`reserveN` one past the highest numbered reserve split of apps.json."""
    numbers = [int(a["split"][len("reserve"):] or 1) for a in apps
               if a.get("split", "").startswith("reserve") and a["split"][len("reserve"):].isdigit()]
    return f"reserve{max(numbers, default=1) + 1}"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    apps = json.load(open(os.path.join(HERE, "apps.json"), encoding="utf-8"))["apps"]
    repos = {a["repo"].lower() for a in apps}
    repos |= {r.replace("+", "/", 1).lower() for r in listed(os.path.join(HERE, "corpus.txt"))}
    repos |= {r.lower() for r in listed(os.path.join(HERE, "considered.txt"))}
    migrations = [a for a in apps if a["kind"] == "migration"]
    authors, unread = set(), []
    for a in migrations:
        git = mirror_of(a["repo"])
        run = subprocess.run(["git", "--git-dir", git, "log", "-1", "--format=%an%n%ae", a["commit"]],
                             capture_output=True, text=True) if git else None
        if not run or run.returncode != 0:
            unread.append(a["name"])
            continue
        authors |= {l.strip() for l in run.stdout.split("\n") if l.strip()}
    files = {
        "exclude_repos.txt": sorted(repos),
        "usedauthors.txt": sorted({r.split("/")[0] for r in repos}),
        "used_commits.txt": sorted({a["commit"] for a in migrations}),
        "usedcommitauthors.txt": sorted(authors, key=str.lower),
    }
    for name, lines in files.items():
        with open(os.path.join(out, name), "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
    open(os.path.join(out, "claims.txt"), "a").close()
    finding = open(os.path.join(HERE, "FINDING.md"), encoding="utf-8").read()
    round_name, split = os.path.basename(os.path.normpath(out)), next_split(apps)
    brief = finding[finding.index("## Brief:"):].replace("<round>", round_name).replace("<new split>", split)
    brief = brief.replace('"split": "reserve21"', f'"split": "{split}"')
    with open(os.path.join(out, "BRIEF.md"), "w", encoding="utf-8") as fh:
        fh.write(brief)
    print(f"{out}: {len(repos)} repositories, {len(files['usedauthors.txt'])} owners, "
          f"{len(files['used_commits.txt'])} commits, {len(authors)} author names and e-mails; split {split}")
    if unread:
        print(f"authors not read (mirror missing; fetch them first): {', '.join(unread)}", file=sys.stderr)


if __name__ == "__main__":
    main()
