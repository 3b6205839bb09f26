#!/usr/bin/env python3
"""Real-app validation harness for observation-migrate.

  realapps.py extract [NAME...]   work trees from the fetched mirrors (git archive)
  realapps.py check   [NAME...]   report + apply --unsafe-fixes on a copy, parse check,
                                  forbidden leftovers, idempotence, report cross-check
  realapps.py compare [NAME...]   recall/precision against developers' migration commits
  realapps.py noobs               a tree without ObservableObject must stay byte-identical
  realapps.py summary             markdown tables from the results
  realapps.py blockers [NAME...]  blocked units by blocker, "cannot tell" sites that block most
  realapps.py delta OLD [NAME...] unit verdicts changed since an older results folder
  realapps.py score --split SPLIT [--no-apps] [NAME...]
                                  recall/precision per split, parse rejects, second run,
                                  and (dev) the share of legacy keywords gone from whole apps;
                                  holdout and the reserves are for final
                                  validation only
  realapps.py smoke --split SPLIT [NAME...]
                                  the split extracts and the tool runs on it (sizes and
                                  exit codes only: safe on the unseen splits)
  realapps.py rescore [--jobs N] SPLIT... | --all-read
                                  `score` of each split, N at a time (default 2), each
                                  table kept in REALAPPS_WORK/scores/SPLIT.md, then `pooled`;
                                  --all-read: every split but the newest (the one kept
                                  unseen for the next final validation)
  realapps.py pooled [SPLIT...]   dev / ours / matched, recall and precision per split and
                                  pooled over them, from the score results (aggregates only;
                                  without names, every split but the newest)
  realapps.py ceiling [SPLIT...]  the share of the developers' counted lines that a tool reading
                                  only the parent tree could write at best (new files, deleted
                                  files and new names excluded), per split and pooled
  realapps.py all                 everything above, in order

SPLIT is a split of apps.json (dev, holdout, reserve, reserve2, ...), in the order the file
first names them.

Without names, check, compare, summary, blockers, delta and all skip the commits of every split
but dev (final validation only: `score --split`, `smoke --split`, or name them).

Environment: REALAPPS_WORK (default /tmp/realapps), REALAPPS_MIRROR (default /work/.mirror),
OM (the observation-migrate binary; default <repo>/.build-realapps/release/observation-migrate),
SWIFTC (default: swiftc on PATH), NOOBS_SRC (default /opt/swift-packages).
Nothing here writes inside the repository; every tree lives under REALAPPS_WORK.
"""
import collections
import concurrent.futures as cf
import difflib
import hashlib
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import swiftscan as ss  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
WORK = os.environ.get("REALAPPS_WORK", "/tmp/realapps")
MIRROR = os.environ.get("REALAPPS_MIRROR", "/work/.mirror")
OM = os.environ.get("OM", os.path.join(REPO, ".build-realapps", "release", "observation-migrate"))
SWIFTC = os.environ.get("SWIFTC") or shutil.which("swiftc") or "/opt/swift/usr/bin/swiftc"
NOOBS_SRC = os.environ.get("NOOBS_SRC", "/opt/swift-packages")
# the commit OM was built from (the repository's HEAD may hold other work); recorded in results
TOOL_COMMIT = os.environ.get("TOOL_COMMIT", "")
# Score with bare `--type NAME` (every copy of a name), as the harness did before `scoped_types`.
BARE_TYPES = os.environ.get("REALAPPS_BARE_TYPES", "") not in ("", "0")
APPLY_FLAGS = ["apply", "--unsafe-fixes", "--allow-dirty", "--ignore-deployment-target"]
# A folder of `<name>.json` configurations (styleoracle.py writes them): each run of the tool on
# commit <name>'s trees gets `--config` with its file. Unset, the tool runs on its defaults.
CONFIG_DIR = os.environ.get("REALAPPS_CONFIG_DIR", "")
EXCLUDED_DIRS = {".build", ".swiftpm", "Pods", "Carthage", "DerivedData"}
# every split of the developers' migration commits; all but dev are read only at final
# validation (score/smoke --split, or by name), never by a command run on every app
def _splits():
    """Every split apps.json names, in the order it first names them (dev, holdout, reserve, ...)."""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "apps.json")) as fh:
        return tuple(dict.fromkeys(a["split"] for a in json.load(fh)["apps"] if "split" in a))


SPLITS = _splits()
# every split but dev is read only at final validation
UNSEEN_SPLITS = tuple(s for s in SPLITS if s != "dev")

OBS_RE = re.compile(
    r"ObservableObject|@Published\b|@Observable\b|@ObservationIgnored|@ObservationTracked|"
    r"@StateObject\b|@State\b|@ObservedObject\b|@Bindable\b|@EnvironmentObject\b|@Environment\(|"
    r"\.environmentObject\(|\.environment\(|objectWillChange|import\s+(Combine|Observation)\b|"
    r"StateObject\(|State\((initialValue|wrappedValue)|Bindable\(")

# attributes that are not property wrappers (a wrapper needs @ObservationIgnored in @Observable)
NON_WRAPPER_ATTRS = {
    "ObservationIgnored", "ObservationTracked", "MainActor", "objc", "nonobjc", "available",
    "IBOutlet", "IBInspectable", "NSManaged", "NSCopying", "inlinable", "usableFromInline",
    "discardableResult", "preconcurrency", "Sendable", "_spi", "frozen", "backDeployed",
    "GKInspectable", "exclusivity", "transient",
}


def load_apps(names=None):
    with open(os.path.join(HERE, "apps.json")) as f:
        apps = json.load(f)["apps"]
    if names:
        apps = [a for a in apps if a["name"] in names]
    return apps


def everyday_apps(names=None):
    """The apps that check, compare, summary, blockers and delta run on: the named ones, or (no
    names) every app but the commits of the splits kept for final validation, whose compare
    figures and reports would otherwise be printed to whoever runs the harness on everything."""
    apps = load_apps(names)
    if names:
        return apps
    unseen = [a for a in apps if a.get("split") in UNSEEN_SPLITS]
    if unseen:
        print(f"skipping {len(unseen)} commits of the {'/'.join(UNSEEN_SPLITS)} splits (final validation "
              f"only: `score --split`, `smoke --split`, or name them)", file=sys.stderr)
    return [a for a in apps if a.get("split") not in UNSEEN_SPLITS]


def gitdir(app):
    return os.path.join(MIRROR, app["repo"].replace("/", "+"), "repo")


def sh(cmd, **kw):
    return subprocess.run(configured(cmd, kw.get("cwd")), capture_output=True, text=True, **kw)


def configured(cmd, cwd):
    """`cmd` with `--config` after the tool's subcommand when REALAPPS_CONFIG_DIR holds a file
    for the commit whose tree (or copy of it: `out/<name>.score-scoped`, `.cmp-full`) is `cwd`."""
    if not CONFIG_DIR or not cmd or cmd[0] != OM or len(cmd) < 2 or not cwd:
        return cmd
    name = re.sub(r"\.(score|cmp)-[\w-]+$", "", os.path.basename(os.path.normpath(cwd)))
    path = os.path.join(CONFIG_DIR, name + ".json")
    return cmd[:2] + ["--config", path] + cmd[2:] if os.path.isfile(path) else cmd


def timed(cmd, **kw):
    """(result, wall seconds, CPU seconds of the child: user + system)."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.time()
    r = sh(cmd, **kw)
    dt = time.time() - t
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r, dt, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def tree(name):
    return os.path.join(WORK, "trees", name)


def swift_files(root):
    out = []
    for dp, dns, fns in os.walk(root):
        dns[:] = [d for d in dns if not d.startswith(".") and d not in EXCLUDED_DIRS]
        for fn in fns:
            # A symlink to nothing (parra's `*.liquid.swift` templates) is no source to read.
            if fn.endswith(".swift") and os.path.isfile(os.path.join(dp, fn)):
                out.append(os.path.relpath(os.path.join(dp, fn), root))
    return sorted(out)


def all_files(root):
    out = []
    for dp, dns, fns in os.walk(root):
        for fn in fns:
            out.append(os.path.relpath(os.path.join(dp, fn), root))
    return sorted(out)


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        h.update(f.read())
    return h.hexdigest()


def tree_digests(root):
    return {p: digest(os.path.join(root, p)) for p in all_files(root)
            if not os.path.islink(os.path.join(root, p))}


def read(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", errors="replace")


# ---------------------------------------------------------------- extract

def present_sources(g, rev):
    """The paths at `rev` the tool reads (Swift sources and project settings) whose blobs the
    mirror holds (some mirrors lack blobs, and git archive stops at the first one missing)."""
    listing = subprocess.run(["git", "--git-dir", g, "ls-tree", "-r", "-z", rev],
                             capture_output=True, check=True).stdout.decode().split("\0")
    entries = []
    for row in listing:
        if "\t" not in row:
            continue
        meta, path = row.split("\t", 1)
        if meta.split()[1] != "blob" or not path.endswith((".swift", ".pbxproj", ".xcconfig", ".observation-migrate.json")):
            continue
        entries.append((meta.split()[2], path))
    check = subprocess.run(["git", "--git-dir", g, "cat-file", "--batch-check"], capture_output=True, text=True,
                           input="".join(sha + "\n" for sha, _ in entries)).stdout.split("\n")
    return [path for (sha, path), line in zip(entries, check) if not line.endswith(" missing")]


def extract(apps):
    os.makedirs(os.path.join(WORK, "trees"), exist_ok=True)
    for app in apps:
        g = gitdir(app)
        if not os.path.isdir(g):
            print(f"{app['name']}: no mirror at {g}; fetch github:{app['repo']} first", file=sys.stderr)
            continue
        targets = [(app["name"], app["commit"] + ("^" if app["kind"] == "migration" else ""))]
        if app["kind"] == "migration":
            targets.append((app["name"] + ".dev", app["commit"]))
        for name, rev in targets:
            dest = tree(name)
            if os.path.isdir(dest):
                continue
            os.makedirs(dest)
            # only what the tool reads: Swift sources and project settings (some mirrors lack
            # large binary blobs, so a whole-tree archive can fail)
            wanted = present_sources(g, rev)
            arch = subprocess.run(["git", "--git-dir", g, "archive", rev, "--"] + [":(literal)" + p for p in wanted],
                                  capture_output=True, check=True)
            subprocess.run(["tar", "x", "-C", dest], input=arch.stdout, check=True)
            print(f"{name}: {rev} -> {dest} ({len(swift_files(dest))} .swift files)")


# ---------------------------------------------------------------- report parsing

UNIT_RE = re.compile(r"^(\S.*?)  (.+?):(\d+):(\d+)  (ready|needs --unsafe-fixes|blocked)\b(.*)$")
FINDING_RE = re.compile(r"^  (.+?):(\d+):(\d+): \[([a-z0-9-]+)\] (.*)$")


def run_report(root):
    r, dt, cpu = timed([OM, "report", "--format", "json", "."], cwd=root)
    run_report.cpu = cpu
    if r.returncode == 0 and r.stdout.lstrip().startswith("{"):
        data = json.loads(r.stdout)
        return "json", dt, units_from_json(data), r.stdout, r.returncode
    r, dt, run_report.cpu = timed([OM, "report", "."], cwd=root)
    units, cur = [], None
    for line in r.stdout.splitlines():
        m = UNIT_RE.match(line)
        if m:
            cur = {"name": m.group(1), "file": m.group(2), "line": int(m.group(3)),
                   "verdict": m.group(5), "findings": []}
            units.append(cur)
            continue
        m = FINDING_RE.match(line)
        if m and cur is not None:
            cur["findings"].append({"file": m.group(1), "line": int(m.group(2)),
                                    "rule": m.group(4), "message": m.group(5)})
    return "text", dt, units, r.stdout, r.returncode


def units_from_json(data):
    """schemaVersion 1 (docs/report-json.md): units reference findings by index."""
    verdicts = {"ready": "ready", "needs-unsafe-fixes": "needs --unsafe-fixes", "blocked": "blocked"}
    allf = data.get("findings", [])
    units = []
    for u in data.get("units", []):
        fs = [allf[k] for k in u.get("findings", [])]
        # findings that also qualify this unit (alsoUnits) belong to its sites as well
        fs += [f for f in allf if u["name"] in (f.get("alsoUnits") or [])]
        units.append({"name": u["name"], "members": u.get("members", []), "file": u["path"], "line": u["line"],
                      "verdict": verdicts.get(u["verdict"], u["verdict"]),
                      "findings": [{"file": f["path"], "line": f["line"], "rule": f["ruleId"],
                                    "message": f["message"], "blocker": f.get("blocker")} for f in fs]})
    return units


# ---------------------------------------------------------------- independent census

WRAPPER_RE = re.compile(r"@(StateObject|ObservedObject|EnvironmentObject)\b")
TYPE_AFTER_VAR = re.compile(r"\bvar\s+(" + ss.IDENT + r")\s*(?::\s*([^\W\d][\w.]*(?:<[^>\n]*>)?)[?!]?)?\s*(?:=\s*([^\W\d][\w.]*))?")


def base_type(t):
    if not t:
        return None
    t = re.sub(r"<.*", "", t).rstrip("?!")
    parts = t.split(".")
    # `M.shared`, `M.preview`, `.init` -> the type is the first capitalised component chain end
    caps = [p for p in parts if p[:1].isupper()]
    return caps[-1] if caps else None


def census(root, files, blanked):
    """Classes that are ObservableObjects by a plain reading of the source."""
    decls = []
    for f in files:
        b = blanked[f]
        for d in ss.declarations(b):
            d["file"] = f
            d["line"] = ss.line_of(b, d["start"])
            decls.append(d)

    def inherits(d):
        h = strip_generics(d["header"]).split(" where ")[0]
        if ":" not in h:
            return []
        return [re.sub(r"<.*", "", x).strip().split(".")[-1].lstrip("@")
                for x in split_commas(h.split(":", 1)[1])]

    protos = {d["name"] for d in decls if d["kind"] == "protocol" and "ObservableObject" in inherits(d)}
    # `typealias ViewModelDefinition = (ObservableObject & Identifiable)`: a composition naming
    # ObservableObject is a root like a protocol refining it (mvvmdemo's view models).
    for f in files:
        for m in re.finditer(r"\btypealias\s+(\w+)\s*=\s*\(?([^\n]*)", blanked[f]):
            if "&" in m.group(2) and re.search(r"\bObservableObject\b", m.group(2)):
                protos.add(m.group(1))
    changed = True
    while changed:
        changed = False
        for d in decls:
            if d["kind"] == "protocol" and d["name"] not in protos and set(inherits(d)) & protos:
                protos.add(d["name"])
                changed = True
    roots = protos | {"ObservableObject"}
    ext_conf = {d["name"].split(".")[-1] for d in decls if d["kind"] == "extension" and set(inherits(d)) & roots}
    models = {}
    for d in decls:
        if d["kind"] != "class":
            continue
        if set(inherits(d)) & roots or d["name"] in ext_conf:
            models[d["name"]] = d
    changed = True
    while changed:
        changed = False
        for d in decls:
            if d["kind"] == "class" and d["name"] not in models:
                inh = inherits(d)
                if inh and inh[0] in models:
                    models[d["name"]] = d
                    changed = True
    others = {d["name"]: d["kind"] for d in decls if d["kind"] in ("struct", "enum", "actor")
              and set(inherits(d)) & roots}
    return models, protos, others, decls


def strip_generics(h):
    """Drop a leading generic parameter clause: `<T: P>: Base, Q` -> `: Base, Q`."""
    h = h.lstrip()
    if not h.startswith("<"):
        return h
    depth = 0
    for i, ch in enumerate(h):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
            if depth == 0:
                return h[i + 1:]
    return h


def split_commas(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur)
    return out


def wrapper_sites(files, blanked):
    """Every @StateObject/@ObservedObject/@EnvironmentObject property, with its type if plain."""
    sites = []
    for f in files:
        b = blanked[f]
        for m in WRAPPER_RE.finditer(b):
            rest = b[m.end(): b.find("\n", m.end()) if b.find("\n", m.end()) >= 0 else len(b)]
            if "var" not in rest:  # attribute on its own line
                nl = b.find("\n", m.end())
                nl2 = b.find("\n", nl + 1)
                rest = rest + " " + b[nl + 1: nl2 if nl2 >= 0 else len(b)]
            tm = TYPE_AFTER_VAR.search(rest)
            typ = None
            if tm:
                typ = base_type(tm.group(2)) or base_type(tm.group(3))
            sites.append({"file": f, "line": ss.line_of(b, m.start()), "wrapper": m.group(1),
                          "var": tm.group(1) if tm else None, "type": typ})
    return sites


# ---------------------------------------------------------------- leftover checks

def var_types(b):
    """name -> base type for simple declarations in a file (annotation or initializer)."""
    out = {}
    for m in re.finditer(r"\b(?:var|let)\s+(" + ss.IDENT + r")\s*:\s*(?:any\s+|some\s+)?([^\W\d][\w.]*)", b):
        out.setdefault(m.group(1), base_type(m.group(2)))
    for m in re.finditer(r"\b(?:var|let)\s+(" + ss.IDENT + r")\s*=\s*([A-Z][\w.]*)\s*[(.]", b):
        out.setdefault(m.group(1), base_type(m.group(2)))
    for m in re.finditer(r"@Environment\(\s*([^\W\d][\w.]*)\.self\s*\)\s*(?:private\s+|fileprivate\s+|public\s+|internal\s+)*var\s+(" + ss.IDENT + ")", b):
        out.setdefault(m.group(2), base_type(m.group(1)))
    return out


def unique_var_types(files):
    """name -> base type for the simple declarations of every file, for names declared with
    one type only (a name with several types is left out: nothing says which one is meant)."""
    seen = {}
    for b in files.values():
        for name, t in var_types(b).items():
            seen.setdefault(name, set()).add(t)
    return {name: next(iter(ts)) for name, ts in seen.items() if len(ts) == 1}


def leftovers(orig_root, out_root, orig_files, out_files, ob, nb, changed):
    """Forbidden leftovers in the migrated tree.  Returns (violations, candidates)."""
    viol, cand = [], []

    def add(lst, kind, f, line, text):
        lst.append({"kind": kind, "file": f, "line": line, "text": text.strip()[:200]})

    # classes that gained @Observable
    def observable_classes(files, blanked):
        res = {}
        for f in files:
            for d in ss.declarations(blanked[f]):
                if d["kind"] == "class" and re.search(r"@Observable\b", d["prefix"]):
                    d["file"] = f
                    res.setdefault(d["name"], []).append(d)
        return res
    before = observable_classes(orig_files, ob)
    after = observable_classes(out_files, nb)
    # a declaration is newly observable if the same file had no @Observable class of that name
    new_decls = [d for n, ds in after.items() for d in ds
                 if not any(x["file"] == d["file"] for x in before.get(n, []))]
    migrated = {d["name"] for d in new_decls}
    new_ids = {(d["file"], d["name"]) for d in new_decls}
    orig_models, _, _, orig_decls = census(orig_root, orig_files, ob)
    # simple names that also name a class that was not migrated: type checks by name are ambiguous
    all_class_names = collections.Counter(d["name"] for d in orig_decls if d["kind"] == "class")
    ambiguous = {n for n in migrated if all_class_names[n] > sum(1 for d in new_decls if d["name"] == n)}

    # published property names of migrated classes, from the original
    published = {}
    for d in orig_decls:
        if d["kind"] == "class" and (d["file"], d["name"]) in new_ids:
            for p in ss.properties(ob[d["file"]], d):
                if "Published" in p["attrs"]:
                    published.setdefault(p["name"], set()).add(d["name"])

    # 1. inside migrated classes and their extensions
    for f in out_files:
        b = nb[f]
        src_lines = read(os.path.join(out_root, f)).split("\n")
        for d in ss.declarations(b):
            name = d["name"].split(".")[-1]
            if d["kind"] == "class" and (f, d["name"]) not in new_ids:
                continue
            if d["kind"] == "extension" and (name not in migrated or name in ambiguous):
                continue
            if d["kind"] not in ("class", "extension"):
                continue
            if d["kind"] == "class":
                # The inheritance list only: `class Array<T: ObservableObject>` constrains an element.
                if re.search(r"\bObservableObject\b", strip_generics(d["header"]).split(" where ")[0]):
                    add(viol, "ObservableObject-kept-on-@Observable", f, ss.line_of(b, d["start"]), src_lines[ss.line_of(b, d["start"]) - 1])
                for p in ss.properties(b, d):
                    if "static" in p["modifiers"].split() or re.search(r"\bclass\b", p["modifiers"]):
                        continue
                    ignored = "ObservationIgnored" in p["attrs"]
                    wrappers = [a for a in p["attrs"] if a not in NON_WRAPPER_ATTRS] if not p["is_computed"] else []
                    # `@ObservationIgnored @Published var xPublished`: the publisher bridge's mirror,
                    # kept outside tracking where a type needs `$x`'s own.
                    if "Published" in p["attrs"] and not ignored:
                        add(viol, "@Published-left-in-@Observable", f, p["line"], src_lines[p["line"] - 1])
                    elif wrappers and not ignored:
                        add(viol, "wrapped-property-not-ignored", f, p["line"], src_lines[p["line"] - 1])
                    if re.search(r"\blazy\b", p["modifiers"]) and not ignored:
                        add(viol, "lazy-property-not-ignored", f, p["line"], src_lines[p["line"] - 1])
            body = b[d["open"]:d["close"]]
            for m in re.finditer(r"(?<![\w.])objectWillChange\b", body):
                ln = ss.line_of(b, d["open"] + m.start())
                add(viol, "objectWillChange-in-@Observable", f, ln, src_lines[ln - 1])
            for m in re.finditer(r"(?<![\w.$])(?:self\.)?\$(" + ss.IDENT + r")\b", body):
                if m.group(1) in published and name in published[m.group(1)]:
                    ln = ss.line_of(b, d["open"] + m.start())
                    add(viol, "dangling-$publisher-in-model", f, ln, src_lines[ln - 1])

    # 1b. @Observable on a local type (inside a function, closure or #Preview): the macro's
    # extension role cannot attach there ("local type cannot have attached extension macro")
    for d in new_decls:
        b = nb[d["file"]]
        type_opens = {x["open"] for x in ss.declarations(b)
                      if x["kind"] in ("class", "struct", "enum", "extension", "actor", "protocol")}
        stack = []
        for k in range(d["start"]):
            if b[k] == "{":
                stack.append(k)
            elif b[k] == "}" and stack:
                stack.pop()
        if stack and stack[-1] not in type_opens:
            ln = ss.line_of(b, d["start"])
            add(viol, "@Observable-on-local-type", d["file"], ln,
                read(os.path.join(out_root, d["file"])).split("\n")[ln - 1])

    # 1c. an added `import Observation` inside an #if block while a migrated class of the file is
    # outside it: the import is missing on the platforms where the condition is false
    for f in changed:
        old = read(os.path.join(orig_root, f)).split("\n") if os.path.exists(os.path.join(orig_root, f)) else []
        new = read(os.path.join(out_root, f)).split("\n")
        added = {ln for ln, text in added_lines(old, new) if text.strip() == "import Observation"}
        if not added:
            continue
        depth, depth_at = 0, {}
        for i, text in enumerate(new, 1):
            t = text.strip()
            if t.startswith("#if"):
                depth += 1
            elif t.startswith("#endif"):
                depth -= 1
            depth_at[i] = depth
        decl_lines = [ss.line_of(nb[f], d["start"]) for d in new_decls if d["file"] == f]
        for ln in added:
            if depth_at.get(ln, 0) > 0 and any(depth_at.get(dl, 0) < depth_at[ln] for dl in decl_lines):
                add(viol, "import-Observation-inside-#if", f, ln, new[ln - 1])

    # 1c. an extension of a protocol composition (`extension AnyObject & Observable`) never compiles
    for f in out_files:
        b = nb[f]
        for m in re.finditer(r"\bextension\s+[\w.]+\s*&", b):
            ln = ss.line_of(b, m.start())
            add(viol, "extension-of-a-composition", f, ln, read(os.path.join(out_root, f)).split("\n")[ln - 1])

    # 2. anywhere: receivers of a migrated type
    for f in out_files:
        b = nb[f]
        src_lines = read(os.path.join(out_root, f)).split("\n")
        types = var_types(b)
        for m in re.finditer(r"([^\W\d][\w]*(?:\([^()\n]*\))?)\.\$(" + ss.IDENT + r")\b", b):
            if m.group(2) not in published:
                continue
            recv = m.group(1)
            t = types.get(recv) or base_type(recv.split("(")[0])
            if b[max(0, m.start() - 1)] == ".":  # a member chain: a.b.$x -- b's type is unknown here
                t = None
            ln = ss.line_of(b, m.start())
            if t in ambiguous:
                if f in changed:
                    add(cand, "maybe-dangling-$publisher(ambiguous type name)", f, ln, src_lines[ln - 1])
            elif t in migrated and t in published[m.group(2)]:
                add(viol, "dangling-$publisher-outside", f, ln, src_lines[ln - 1])
            elif t is None and f in changed:
                add(cand, "maybe-dangling-$publisher", f, ln, src_lines[ln - 1])
        for m in re.finditer(r"([^\W\d][\w]*)\??\.objectWillChange\b", b):
            recv = m.group(1)
            t = types.get(recv) or base_type(recv)
            if b[max(0, m.start() - 1)] == ".":
                t = None
            ln = ss.line_of(b, m.start())
            if t in ambiguous:
                add(cand, "maybe-objectWillChange(ambiguous type name)", f, ln, src_lines[ln - 1])
            elif t in migrated:
                add(viol, "objectWillChange-on-migrated-type", f, ln, src_lines[ln - 1])
            elif t is None and recv != "self" and f in changed:
                add(cand, "maybe-objectWillChange-on-migrated", f, ln, src_lines[ln - 1])
        # legacy wrappers on migrated types
        for s in wrapper_sites([f], {f: b}):
            if s["type"] in ambiguous:
                add(cand, f"maybe-legacy-@{s['wrapper']}(ambiguous type name)", f, s["line"], src_lines[s["line"] - 1])
            elif s["type"] in migrated:
                add(viol, f"legacy-@{s['wrapper']}-on-migrated-type", f, s["line"], src_lines[s["line"] - 1])
        for m in re.finditer(r"\bStateObject\s*\(\s*wrappedValue\s*:\s*([A-Z][\w.]*)", b):
            if base_type(m.group(1)) in migrated:
                ln = ss.line_of(b, m.start())
                add(viol, "legacy-StateObject(wrappedValue:)-on-migrated-type", f, ln, src_lines[ln - 1])
        for m in re.finditer(r"\.environmentObject\(\s*([^\W\d][\w.]*)", b):
            arg = m.group(1)
            if arg.startswith("self."):
                arg = arg[5:]
            if arg[:1].isupper():
                t = base_type(arg)
            elif "." not in arg:
                t = types.get(arg)
            else:
                t = None  # a member chain: its type is not known here
            ln = ss.line_of(b, m.start())
            if t in ambiguous:
                add(cand, "maybe-.environmentObject(ambiguous type name)", f, ln, src_lines[ln - 1])
            elif t in migrated:
                add(viol, "legacy-.environmentObject-on-migrated-type", f, ln, src_lines[ln - 1])
            elif t is None and f in changed:
                add(cand, "maybe-.environmentObject-on-migrated", f, ln, src_lines[ln - 1])

    # 2b. `$m` on a property that no longer has a projected value (plain var or @Environment),
    # looked for inside the type that declares the property
    for f in changed:
        b = nb.get(f, "")
        src_lines = read(os.path.join(out_root, f)).split("\n")
        for d in ss.declarations(b):
            if d["kind"] not in ("struct", "class", "extension", "enum"):
                continue
            top = ss.top_level_text(b, d["open"], d["close"])
            plain = set()
            for m in re.finditer(r"^[ \t]*((?:@\w+(?:\([^)\n]*\))?\s+)*)(?:(?:private|fileprivate|internal|public|let|var)\s+)*?(?:var|let)\s+(\w+)\s*:\s*([^\W\d][\w.]*)[ \t]*$", top, re.M):
                if base_type(m.group(3)) in migrated and not re.search(r"@(Bindable|State|ObservedObject|StateObject|EnvironmentObject|Binding)\b", m.group(1)):
                    plain.add(m.group(2))
            for m in re.finditer(r"@Environment\(\s*([^\W\d][\w.]*)\.self\s*\)\s*(?:(?:private|fileprivate|internal|public)\s+)?var\s+(\w+)", top):
                if base_type(m.group(1)) in migrated:
                    plain.add(m.group(2))
            body = b[d["open"]:d["close"]]
            for name in plain:
                if re.search(r"@Bindable\s+var\s+" + name + r"\s*=", body):
                    continue
                for m in re.finditer(r"(?<![\w.$])\$" + name + r"\b", body):
                    ln = ss.line_of(b, d["open"] + m.start())
                    add(viol, "$binding-on-property-without-projection", f, ln, src_lines[ln - 1])

    # 3. new wrappers on types that were NOT migrated (renaming a wrapper breaks the build)
    # (a class the parent already declared `@Observable` beside `ObservableObject`, as Nook's
    # half-migrated tree does, is @Observable in the output too: not an unmigrated one)
    oo_not_migrated = set(orig_models) - migrated - set(after)
    tree_types = None
    for f in changed:
        old = read(os.path.join(orig_root, f)).split("\n") if os.path.exists(os.path.join(orig_root, f)) else []
        new = read(os.path.join(out_root, f)).split("\n")
        b = nb.get(f, "")
        types = var_types(b)
        for ln, text in added_lines(old, new):
            for m in re.finditer(r"@Environment\(\s*([^\W\d][\w.]*)\.self|@(?:State|Bindable)\b[^\n]*?\bvar\s+\w+\s*(?::\s*([^\W\d][\w.]*)|=\s*([A-Z][\w.]*))|\.environment\(\s*([^\W\d][\w.]*)\s*\)", text):
                t = base_type(m.group(1) or m.group(2) or m.group(3))
                if m.group(4):
                    arg = m.group(4)
                    parts = arg.split(".")
                    if arg[:1].isupper():
                        t = base_type(arg)
                    elif len(parts) == 1 or (len(parts) == 2 and parts[0] == "self"):
                        t = types.get(parts[-1])
                    else:
                        # `workspace.undoRegistration`: the value is the last property, not the
                        # receiver; typed when the tree declares that name with one type only.
                        if tree_types is None:
                            tree_types = unique_var_types(nb)
                        t = tree_types.get(parts[-1])
                if t in oo_not_migrated:
                    add(viol, "modern-wrapper-on-unmigrated-ObservableObject", f, ln, text)
    return viol, cand, sorted(migrated), {k: sorted(v) for k, v in published.items()}


def import_only_changes(orig_root, out_root, files):
    """{file: [changed lines]} for changed files whose every changed line is an import."""
    res = {}
    for f in files:
        po = os.path.join(orig_root, f)
        old = read(po).split("\n") if os.path.exists(po) else []
        new = read(os.path.join(out_root, f)).split("\n")
        ch = [ln for ln in difflib.unified_diff(old, new, lineterm="", n=0)
              if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]
        if ch and all(re.match(r"^[+-]\s*import\s+\w+\s*$", ln) for ln in ch):
            res[f] = ch
    return res


def added_lines(old, new):
    sm = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag in ("replace", "insert"):
            for j in range(j1, j2):
                yield j + 1, new[j]


# ---------------------------------------------------------------- parse check

def parses(path):
    r = sh([SWIFTC, "-frontend", "-parse", path])
    return r.returncode == 0, (r.stderr.strip().splitlines() or [""])[0][:300]


def parse_check(orig_root, out_root, files):
    jobs = {}
    with cf.ThreadPoolExecutor(max_workers=2) as ex:
        for f in files:
            jobs[f] = (ex.submit(parses, os.path.join(orig_root, f)), ex.submit(parses, os.path.join(out_root, f)))
    res = {"checked": len(files), "parsed_before": 0, "parsed_after": 0, "regressions": [], "failed_before": []}
    for f, (a, b) in sorted(jobs.items()):
        (oka, _), (okb, msg) = a.result(), b.result()
        res["parsed_before"] += oka
        res["parsed_after"] += okb
        if oka and not okb:
            res["regressions"].append({"file": f, "error": msg})
        if not oka:
            res["failed_before"].append(f)
    return res


# ---------------------------------------------------------------- check

def copy_tree(src, dst):
    if os.path.exists(dst):
        shutil.rmtree(dst)
    shutil.copytree(src, dst, symlinks=True)


def check(apps):
    os.makedirs(os.path.join(WORK, "results"), exist_ok=True)
    for app in apps:
        name = app["name"]
        orig = tree(name)
        if not os.path.isdir(orig):
            print(f"{name}: not extracted", file=sys.stderr)
            continue
        res = {"name": name, "repo": app["repo"], "kind": app["kind"],
               "commit": app["commit"] if app["kind"] == "app" else app["commit"] + "^",
               "tool_commit": TOOL_COMMIT or sh(["git", "-C", REPO, "rev-parse", "HEAD"]).stdout.strip()}
        files = swift_files(orig)
        res["swift_files"] = len(files)
        res["swift_lines"] = sum(read(os.path.join(orig, f)).count("\n") for f in files)
        ob = {f: ss.blank(read(os.path.join(orig, f))) for f in files}

        fmt, dt, units, raw, rexit = run_report(orig)
        res["report"] = {"format": fmt, "seconds": round(dt, 3), "cpu_seconds": round(run_report.cpu, 3),
                         "units": len(units), "exit": rexit,
                         "by_verdict": dict(collections.Counter(u["verdict"] for u in units)),
                         "units_list": [{k: u[k] for k in ("name", "file", "line", "verdict")} |
                                        {"rules": dict(collections.Counter(x["rule"] for x in u["findings"]))}
                                        for u in units]}
        res["report"]["blocked_units"] = [
            {"name": u["name"], "blockers": [{k: x[k] for k in ("rule", "message", "file", "line")}
                                             for x in u["findings"] if x.get("blocker")]}
            for u in units if u["verdict"] == "blocked"]
        with open(os.path.join(WORK, "results", name + ".report.txt"), "w") as fh:
            fh.write(raw)
        # Files no target of the tree's project compiles (the report's `outsideBuild`): the tool
        # leaves them alone, and a legacy wrapper left in one breaks no build. The census and the
        # leftover check read the compiled files only, and count the others apart.
        outside = set(json.loads(raw).get("outsideBuild", [])) if fmt == "json" else set()
        res["outside_build_files"] = len(outside & set(files))
        built = [f for f in files if f not in outside]

        # independent census vs report
        models, protos, others, _ = census(orig, built, ob)
        unit_names = {m.split(".")[-1].split("<")[0] for u in units for m in [u["name"]] + u.get("members", [])}
        # a unit covers a census model if it is named after it or has a finding inside its body
        # (the tool groups subclasses and protocol conformers into the base's/protocol's unit)
        spans = collections.defaultdict(list)
        for u in units:
            for x in u["findings"] + [{"file": u["file"], "line": u["line"]}]:
                spans[x["file"]].append(x["line"])
        uncovered = []
        for mname, d in models.items():
            first, last = d["line"], ss.line_of(ob[d["file"]], d["close"])
            if mname in unit_names or any(first <= ln <= last for ln in spans.get(d["file"], [])):
                continue
            uncovered.append(f"{mname} ({d['file']}:{d['line']})")
        res["census"] = {
            "models": len(models), "protocols_refining_ObservableObject": sorted(protos),
            "non_class_conformers": others,
            "only_in_census": sorted(uncovered),
            "only_in_report": sorted(unit_names - set(models) - protos),
        }
        sites = wrapper_sites(built, ob)
        found = {(x["file"], x["line"]) for u in units for x in u["findings"]}
        unit_of = {u["name"].split(".")[-1].split("<")[0]: u for u in units}
        missed = [s for s in sites if s["type"] in unit_of and (s["file"], s["line"]) not in found]
        res["census"]["wrapper_sites"] = len(sites)
        res["census"]["wrapper_sites_on_units"] = sum(1 for s in sites if s["type"] in unit_of)
        res["census"]["wrapper_sites_untyped"] = sum(1 for s in sites if s["type"] is None)
        res["census"]["sites_missed_by_report"] = missed

        # apply on a copy
        out = os.path.join(WORK, "out", name)
        copy_tree(orig, out)
        r, dt_apply, cpu_apply = timed([OM] + APPLY_FLAGS + ["."], cwd=out)
        res["apply"] = {"seconds": round(dt_apply, 3), "cpu_seconds": round(cpu_apply, 3), "exit": r.returncode,
                        "stdout_head": r.stdout[:4000], "stderr": r.stderr[:2000]}
        with open(os.path.join(WORK, "results", name + ".apply.txt"), "w") as fh:
            fh.write(r.stdout + "\n--- stderr\n" + r.stderr)
        before, after = tree_digests(orig), tree_digests(out)
        changed = sorted(p for p in after if before.get(p) != after[p])
        res["apply"]["changed_files"] = len(changed)
        res["apply"]["changed_non_swift"] = [p for p in changed if not p.endswith(".swift")]
        res["apply"]["deleted_files"] = sorted(set(before) - set(after))
        changed_swift = [p for p in changed if p.endswith(".swift")]
        # files whose only change is an import line: no unit rewrote them, so they should not change
        res["apply"]["import_only_files"] = import_only_changes(orig, out, changed_swift)
        res["parse"] = parse_check(orig, out, changed_swift)

        out_files = swift_files(out)
        nb = {f: ss.blank(read(os.path.join(out, f))) for f in out_files}
        viol, cand, migrated, published = leftovers(orig, out, files, out_files, ob, nb, set(changed_swift))
        res["migrated_classes"] = migrated
        res["violations"] = [v for v in viol if v["file"] not in outside]
        res["candidates"] = [c for c in cand if c["file"] not in outside]
        res["outside_build_leftovers"] = [v for v in viol + cand if v["file"] in outside]
        viol, cand = res["violations"], res["candidates"]

        # second run: must change nothing
        snap = tree_digests(out)
        r2 = sh([OM] + APPLY_FLAGS + ["."], cwd=out)
        snap2 = tree_digests(out)
        res["second_run"] = {"changed_files": sorted(p for p in snap2 if snap.get(p) != snap2[p]),
                             "stdout_head": r2.stdout[:1500], "exit": r2.returncode}
        # the report on the migrated tree
        fmt2, _, units2, _, _ = run_report(out)
        res["report_after"] = dict(collections.Counter(u["verdict"] for u in units2))

        with open(os.path.join(WORK, "results", name + ".json"), "w") as fh:
            json.dump(res, fh, indent=1)
        crash = " CRASH(report exit %d, apply exit %d)" % (rexit, res["apply"]["exit"]) if rexit not in (0, 1) or res["apply"]["exit"] not in (0, 1) else ""
        print(f"{name}:{crash} {res['swift_files']} files, units {res['report']['by_verdict']}, "
              f"report {res['report']['seconds']}s, apply {res['apply']['seconds']}s, changed {len(changed)}, "
              f"import-only {len(res['apply']['import_only_files'])}, "
              f"parse regressions {len(res['parse']['regressions'])}, violations {len(viol)}, "
              f"candidates {len(cand)}, outside-build leftovers {len(res['outside_build_leftovers'])}, 2nd run changed {len(res['second_run']['changed_files'])}, "
              f"census-only {res['census']['only_in_census']}, report-only {res['census']['only_in_report']}, "
              f"sites missed {len(missed)}")


# ---------------------------------------------------------------- compare

ATTR_LINE = re.compile(r"^\s*(@[^\W\d]\w*(\([^()]*\))?\s*)+$")


def join_attribute_lines(lines):
    """`@Observable` / `@MainActor` alone on a line is joined to the declaration below it,
    so that attribute placement (own line or inline) does not count as a difference."""
    out, pending = [], []
    for line in lines:
        if ATTR_LINE.match(line):
            pending.append(line.strip())
            continue
        if pending:
            indent = line[:len(line) - len(line.lstrip())]
            line = indent + " ".join(pending) + " " + line.lstrip()
            pending = []
        out.append(line)
    return out + pending


def class_spans(text):
    """[(first_line, last_line, class_name)] for class declarations in a file."""
    b = ss.blank(text)
    return [(ss.line_of(b, d["start"]), ss.line_of(b, d["close"]), d["name"].split(".")[-1])
            for d in ss.declarations(b) if d["kind"] in ("class", "extension")]


def attribute(line, lineno, spans, names):
    """The model a changed line belongs to: the class whose body holds it, or a model named in it."""
    inner = [sp for sp in spans if sp[0] <= lineno <= sp[1] and sp[2] in names]
    if inner:
        return min(inner, key=lambda sp: sp[1] - sp[0])[2]
    hits = [n for n in names if re.search(r"\b" + re.escape(n) + r"\b", line)]
    return hits[0] if len(hits) == 1 else None


def obs_changes(old_root, new_root, files, normalise, join=False, only=None, names=(), match_normalised=False, moved=None):
    """Observation-related changed lines as a multiset of (file, sign, text).  With `only`,
    keep just the lines attributed (see attribute()) to one of the models in `only`.  With
    `moved` ({old path: new path}, see renamed_files), a file the new tree moved is compared
    with its old self under the old path, and its new path is not read on its own."""
    ch = collections.Counter()
    moved = moved or {}
    targets = set(moved.values())
    for f in files:
        if f in targets and f not in moved:
            continue
        po, pn = os.path.join(old_root, f), os.path.join(new_root, moved.get(f, f))
        old = read(po).split("\n") if os.path.exists(po) else []
        new = read(pn).split("\n") if os.path.exists(pn) else []
        if join:
            old, new = join_attribute_lines(old), join_attribute_lines(new)
        if old == new:
            continue
        if only is not None:
            so, sn = class_spans("\n".join(old)), class_spans("\n".join(new))
        sm = difflib.SequenceMatcher(None, old, new, autojunk=False)
        for tag, i1, i2, j1, j2 in sm.get_opcodes():
            if tag == "equal":
                continue
            for k in range(i1, i2):
                line = old[k]
                if OBS_RE.search(normalise(line) if match_normalised else line) and (only is None or attribute(line, k + 1, so, names) in only):
                    ch[(f, "-", normalise(line))] += 1
            for k in range(j1, j2):
                line = new[k]
                if OBS_RE.search(normalise(line) if match_normalised else line) and (only is None or attribute(line, k + 1, sn, names) in only):
                    ch[(f, "+", normalise(line))] += 1
    return ch


def drop_noops(ch):
    """Remove -/+ pairs with the same text in the same file (a change that normalised away)."""
    out = collections.Counter(ch)
    for (f, sign, text), n in ch.items():
        if sign == "-":
            k = min(n, ch.get((f, "+", text), 0))
            if k:
                out[(f, "-", text)] -= k
                out[(f, "+", text)] -= k
    return +out


def metrics(dev, ours):
    inter = sum((dev & ours).values())
    nd, no = sum(dev.values()), sum(ours.values())
    return {"dev_lines": nd, "our_lines": no, "matched": inter,
            "recall": round(inter / nd, 4) if nd else None,
            "precision": round(inter / no, 4) if no else None}


def developer_migrated(parent, dev, files_p, files_d):
    """(census models of the parent, sorted names of those the developer's commit made `@Observable`
    and no longer `ObservableObject`: a class that is both in the parent and in the commit, as
    some half-migrated trees have, was not migrated by this commit). A name declared by more
    than one target (padawan-wallet's old `iosApp/` and new app folder) counts as migrated when a
    file that declared it legacy in the parent declares it `@Observable`, and not legacy, now. A
    class the commit declares `@Observable` only where the parent already did is no migration."""
    models, copies = migrated_copies(parent, dev, files_p, files_d)
    return models, sorted(copies)


def migrated_copies(parent, dev, files_p, files_d):
    """(census models of the parent, {name the commit migrated (`developer_migrated`): the
    parent files declaring the copies it made `@Observable`, or None when no copy of the name
    stays legacy, so every copy was migrated or deleted}). The files tell which target's copy the
    developers migrated where another target keeps a legacy one (`scoped_types`)."""
    pb = {f: ss.blank(read(os.path.join(parent, f))) for f in files_p}
    db = {f: ss.blank(read(os.path.join(dev, f))) for f in files_d}
    models, parent_protos, _, parent_decls = census(parent, sorted(files_p), pb)
    still_legacy, dev_protos, _, dev_decls = census(dev, sorted(files_d), db)

    def observable(d):
        return re.search(r"@Observable\b", d["prefix"]) is not None

    def legacy_files(names, decls, protos):
        """Files declaring each name as a class that is not `@Observable`, or is and still
        names ObservableObject, a protocol refining it or a legacy base class."""
        roots = set(protos) | {"ObservableObject"} | set(names)
        out = collections.defaultdict(set)
        for d in decls:
            if d["kind"] == "class" and d["name"] in names and (
                    not observable(d) or set(re.findall(r"\w+", d["header"])) & (roots - {d["name"]})):
                out[d["name"]].add(d["file"])
        return out

    dev_obs = collections.defaultdict(set)
    for d in dev_decls:
        if d["kind"] == "class" and observable(d):
            dev_obs[d["name"]].add(d["file"])
    # A class the parent already declares `@Observable` where the commit does is no migration
    # (Satisfactory's commit deleted a dead legacy copy beside the @Observable one).
    parent_obs = collections.defaultdict(set)
    for d in parent_decls:
        if d["kind"] == "class" and observable(d) and d["name"] in models:
            parent_obs[d["name"]].add(d["file"])
    parent_legacy = legacy_files(set(models), parent_decls, parent_protos)
    dev_legacy = legacy_files(set(still_legacy), dev_decls, dev_protos)
    migrated = {}
    for name in set(models) & set(dev_obs):
        if dev_obs[name] <= parent_obs[name] - parent_legacy[name]:
            continue
        if name not in still_legacy:
            migrated[name] = None
            continue
        if any(f in dev_obs[name] and f not in dev_legacy[name] for f in parent_legacy[name]):
            # The copies the commit touched: those it made `@Observable`, even where it kept the
            # conformance beside the macro (SyncUps' stack-based copy, half migrated).
            migrated[name] = {f for f in parent_legacy[name] if f in dev_obs[name]}
    # Models the loop above cannot pair by name (session 27, round r32's misses): a model the
    # commit re-bases onto a new `@Observable` class (Kirito398's `CharacterListViewModel`,
    # an ObservableObject through a protocol the commit turns into `@Observable class
    # ViewModel<S>`), and a model renamed with its file (piny's `PinsState` -> `AsyncPins`).
    clean_obs = {n for n in dev_obs if n not in still_legacy}
    parent_classes = {d["name"] for d in parent_decls if d["kind"] == "class"}
    dev_classes = collections.defaultdict(list)
    for d in dev_decls:
        if d["kind"] == "class":
            dev_classes[d["name"]].append(d)
    moved = None
    for name in sorted(set(models) - set(migrated) - set(still_legacy) - set(parent_obs)):
        if name in dev_classes:
            # Re-based: every declaration's first inherited type is an `@Observable` class that is
            # legacy nowhere and no model of the parent (a subclass of a model migrated by name
            # goes with that model's `--type`).
            firsts = {first_inherited(d) for d in dev_classes[name]}
            if None not in firsts and firsts <= clean_obs - set(models):
                migrated[name] = None
            continue
        # Renamed with its file: the file that declared it, moved or not, declares exactly one
        # class that is new, `@Observable` and legacy nowhere.
        if moved is None:
            moved = renamed_files(parent, dev, files_p, files_d)
        new = {n for f in parent_legacy[name] for n in clean_obs
               if n not in parent_classes and moved.get(f, f) in dev_obs[n]}
        if len(new) == 1:
            migrated[name] = None
    # Half-migrated classes the commit finished (session 31): the parent already declares the
    # class `@Observable` and legacy nowhere, but still holds it with legacy wrappers, which no
    # longer compile; the commit holds it with fewer (MIDIKit's commit left two example apps). Finishing those sites is the migration of
    # that class, and the tool's unit for it (`already-observable`) is selected by its name.
    held_p, held_d = legacy_held_names(pb), legacy_held_names(db)
    observable_p = {d["name"] for d in parent_decls if d["kind"] == "class" and observable(d)}
    for name in sorted(observable_p - set(models) - set(migrated)):
        if held_d[name] < held_p[name]:
            migrated[name] = None
    # The same for a dependency's class the parent does not declare, which the commit reads with
    # `@Environment(T.self)` once it is `@Observable` (Komodio's `KodiConnector`): the tool makes a
    # unit of it only when told so (`observableTypes`); otherwise `--type` refuses it by name.
    declared_p = {d["name"].split(".")[-1] for d in parent_decls}
    modern_d = collections.Counter(m.group(1).split(".")[-1] for text in db.values()
                                   for m in re.finditer(r"@Environment\(\s*([\w.]+)\.self\s*\)", text))
    for name in sorted(set(held_p) - declared_p - set(models) - set(migrated)):
        if held_d[name] < held_p[name] and modern_d[name]:
            migrated[name] = None
    return models, migrated


LEGACY_HOLDER = re.compile(
    r"@(?:StateObject|ObservedObject|EnvironmentObject)\b\s*(?:(?:private|fileprivate|internal|public|package)(?:\(set\))?\s+)*"
    r"(?:static\s+)?var\s+\w+\s*(?::\s*([\w.]+)|=\s*([\w.]+))")


def legacy_held_names(blanked):
    """How many legacy wrappers (`@StateObject`, `@ObservedObject`, `@EnvironmentObject`) hold each
    type name, by a plain reading of the blanked sources: the annotation, or the initial value's
    type (`= Theme()`, `= Store.shared`)."""
    held = collections.Counter()
    for text in blanked.values():
        for m in LEGACY_HOLDER.finditer(text):
            name = (m.group(1) or m.group(2) or "").split(".")
            # `= Store.shared` names Store; `: App.Store` names Store.
            held[name[0] if m.group(2) and len(name) > 1 and name[0][:1].isupper() else name[-1]] += 1
    return held


def first_inherited(d):
    """The first type a class declaration inherits from, generic arguments and module dropped
    (`final class A: Base<S>, P` -> `Base`); None when it inherits nothing."""
    h = strip_generics(d["header"]).split(" where ")[0]
    if ":" not in h:
        return None
    parts = split_commas(h.split(":", 1)[1])
    return re.sub(r"<.*", "", parts[0]).strip().split(".")[-1].lstrip("@") if parts else None


def scoped_types(parent, copies):
    """The `--type` arguments selecting the copies the developers migrated (`migrated_copies`):
    a bare name when they migrated every copy, or when the tool cannot tell the copies apart;
    else `MODULE.NAME` for each module compiling a migrated copy's file, as the tool's report
    (`units[].declarations`) names them, when no copy left legacy is compiled by one of those
    modules. Falls back to bare names when the report does not say (an older tool)."""
    if BARE_TYPES or all(files is None for files in copies.values()):
        return sorted(copies)
    r = sh([OM, "report", "--format", "json", "."], cwd=parent)
    try:
        units = json.loads(r.stdout).get("units", [])
    except ValueError:
        units = []
    declarations = [d for u in units for d in u.get("declarations", [])]
    types = []
    for name, files in sorted(copies.items()):
        if files is None:
            types.append(name)
            continue
        named = [d for d in declarations if d["name"].split(".")[-1] == name]
        mine = [d for d in named if d["path"] in files]
        others = [d for d in named if d["path"] not in files]
        modules = {m for d in mine for m in d["modules"]}
        left = {m for d in others for m in d["modules"]}
        if not mine or not others or any(not d["modules"] for d in mine) or modules & left:
            types.append(name)
            continue
        types.extend(sorted({f"{m}.{d['name']}" for d in mine for m in d["modules"]}))
    return types


def compare(apps):
    os.makedirs(os.path.join(WORK, "results"), exist_ok=True)
    for app in apps:
        if app["kind"] != "migration":
            continue
        name = app["name"]
        parent, dev = tree(name), tree(name + ".dev")
        files_p, files_d = set(swift_files(parent)), set(swift_files(dev))
        models, dev_migrated = developer_migrated(parent, dev, files_p, files_d)
        res = {"name": name, "repo": app["repo"], "commit": app["commit"], "dev_migrated": dev_migrated,
               "parent_models": sorted(models)}
        runs = {"full": [], "dev-scope": sum((["--type", t] for t in dev_migrated), [])}
        for label, extra in runs.items():
            out = os.path.join(WORK, "out", f"{name}.cmp-{label}")
            copy_tree(parent, out)
            r = sh([OM] + APPLY_FLAGS + extra + ["."], cwd=out)
            files_o = set(swift_files(out))
            universe = sorted(files_p | files_d | files_o)
            res[label] = {"apply_exit": r.returncode, "apply_out": r.stdout[:1500]}
            for nlabel, norm, join in (("exact", lambda s: s.rstrip("\r"), False),
                                        ("trimmed", lambda s: " ".join(s.split()), False),
                                        ("attributes-joined", lambda s: " ".join(s.split()), True)):
                dch = obs_changes(parent, dev, universe, norm, join)
                och = obs_changes(parent, out, universe, norm, join)
                m = metrics(dch, och)
                if nlabel in ("exact", "attributes-joined"):
                    m["missed"] = sorted([list(k) + [v] for k, v in (dch - och).items()])
                    m["extra"] = sorted([list(k) + [v] for k, v in (och - dch).items()])
                res[label][nlabel] = m
        # both-migrated: only the lines that belong to models both the developer and we migrated
        ours = set(re.findall(r"^  migrated  (\S+)$", res["full"]["apply_out"], re.M))
        # a unit named after a protocol or base class migrates all its members
        rep = sh([OM, "report", "--format", "json", "."], cwd=parent)
        try:
            members = {u["name"]: u.get("members", []) for u in json.loads(rep.stdout)["units"]}
        except (ValueError, KeyError):
            members = {}
        ours = {m.split(".")[-1] for n in ours for m in [n] + members.get(n, [])}
        both = set(dev_migrated) & ours
        names = set(dev_migrated) | ours
        out = os.path.join(WORK, "out", f"{name}.cmp-full")
        universe = sorted(files_p | files_d | set(swift_files(out)))
        norm = lambda s: " ".join(s.split())
        dch = obs_changes(parent, dev, universe, norm, True, both, names)
        och = obs_changes(parent, out, universe, norm, True, both, names)
        m = metrics(dch, och)
        m["models"] = sorted(both)
        m["missed"] = sorted([list(k) + [v] for k, v in (dch - och).items()])
        m["extra"] = sorted([list(k) + [v] for k, v in (och - dch).items()])
        # the same, treating `@ObservationIgnored var x` and `var x` as one line: our rule keeps
        # formerly unpublished stored properties silent, most developers let them be tracked
        norm2 = lambda s: " ".join(s.replace("@ObservationIgnored ", "").split())
        d2 = obs_changes(parent, dev, universe, norm2, True, both, names, True)
        o2 = obs_changes(parent, out, universe, norm2, True, both, names, True)
        # lines that become identical to their old version once the attribute is dropped vanish
        d2, o2 = drop_noops(d2), drop_noops(o2)
        m2 = metrics(d2, o2)
        m2["missed"] = sorted([list(k) + [v] for k, v in (d2 - o2).items()])
        m2["extra"] = sorted([list(k) + [v] for k, v in (o2 - d2).items()])
        m["ignoring-ObservationIgnored"] = m2
        res["both-migrated"] = m
        res["only_dev"] = sorted(set(dev_migrated) - ours)
        res["only_ours"] = sorted(ours - set(dev_migrated))
        with open(os.path.join(WORK, "results", name + ".compare.json"), "w") as fh:
            json.dump(res, fh, indent=1)
        print(f"{name} [both-migrated: {len(both)} models]: dev {m['dev_lines']} ours {m['our_lines']} "
              f"matched {m['matched']} recall {m['recall']} precision {m['precision']} "
              f"(ignoring @ObservationIgnored: {m2['recall']} / {m2['precision']}); "
              f"dev-only models {res['only_dev']}; our-only models {res['only_ours']}")
        for label in runs:
            e, t, j = res[label]["exact"], res[label]["trimmed"], res[label]["attributes-joined"]
            print(f"{name} [{label}]: dev {e['dev_lines']} ours {e['our_lines']} matched {e['matched']} "
                  f"recall {e['recall']} precision {e['precision']} (trimmed: {t['recall']} / {t['precision']}; "
                  f"attributes joined: {j['recall']} / {j['precision']})")


# ---------------------------------------------------------------- score

def warn_if_unseen(split):
    """Before and after the table of a split kept for final validation, a banner on stdout and
    stderr (whoever reads either learns that the split is spent once read)."""
    if split not in UNSEEN_SPLITS:
        return
    banner = ("!" * 78 + "\n"
              f"!! {split.upper()} SPLIT: these results are for FINAL VALIDATION ONLY.\n"
              "!! Do not tune rules against them, do not read their diffs; once read, these\n"
              f"!! {split} commits are development data and new unseen commits must be found.\n"
              + "!" * 78)
    print(banner)
    print(banner, file=sys.stderr)

# the legacy data-flow keywords whose share gone is measured on whole apps
LEGACY_KEYWORDS = {
    "ObservableObject": re.compile(r"\bObservableObject\b"),
    "@Published": re.compile(r"@Published\b"),
    "@StateObject": re.compile(r"@StateObject\b"),
    "@ObservedObject": re.compile(r"@ObservedObject\b"),
    "@EnvironmentObject": re.compile(r"@EnvironmentObject\b"),
    ".environmentObject(": re.compile(r"\.environmentObject\("),
}

# the first of these a counted line contains names its category (most specific first)
LINE_CATEGORIES = [
    ("import Observation", re.compile(r"^import\s+Observation\b")),
    ("import Combine", re.compile(r"^import\s+Combine\b")),
    ("@ObservationIgnored", re.compile(r"@ObservationIgnored\b")),
    ("@Observable", re.compile(r"@Observable\b")),
    ("ObservableObject", re.compile(r"\bObservableObject\b")),
    ("@Published", re.compile(r"@Published\b")),
    ("objectWillChange", re.compile(r"objectWillChange")),
    ("@StateObject", re.compile(r"@StateObject\b|StateObject\(")),
    ("@ObservedObject", re.compile(r"@ObservedObject\b")),
    ("@EnvironmentObject", re.compile(r"@EnvironmentObject\b")),
    (".environmentObject(", re.compile(r"\.environmentObject\(")),
    ("@Bindable", re.compile(r"@Bindable\b|Bindable\(")),
    ("@Environment(", re.compile(r"@Environment\(")),
    (".environment(", re.compile(r"\.environment\(")),
    ("@State", re.compile(r"@State\b|State\((initialValue|wrappedValue)")),
]


def collapse_whitespace(s):
    return " ".join(s.split())


def scored_lines(old_root, new_root, files, only=None, names=(), moved=None):
    """The lines a migration changed that count for recall and precision, as a multiset of
    (file, sign, text): every removed or added line holding an observation token (OBS_RE),
    whitespace collapsed, an attribute alone on its line joined to the declaration below.
    The same function reads the developers' commit and our output, so the rule is symmetric.
    With `only`, just the lines of those models (see obs_changes); with `moved`, files the
    new tree renamed are compared with their old selves (see renamed_files)."""
    return obs_changes(old_root, new_root, files, collapse_whitespace, True, only, names, moved=moved)


RENAME_SIMILARITY = 0.5


def renamed_files(old_root, new_root, old_files, new_files):
    """{old path: new path} for the Swift files the new tree moved or renamed: a file only the
    old tree has, paired with the file only the new tree has whose lines are most like it
    (difflib's ratio at least RENAME_SIMILARITY, git's default rename threshold), each file in at
    most one pair, the most similar pairs first.  Without it, a model the developers moved to a
    new folder counts every observation line of the file, changed or not, as theirs, and our
    rewrite of the file where it was as extra."""
    gone, added = sorted(set(old_files) - set(new_files)), sorted(set(new_files) - set(old_files))
    if not gone or not added:
        return {}
    texts = {f: read(os.path.join(new_root, f)).split("\n") for f in added}
    candidates = []
    for g in gone:
        a = read(os.path.join(old_root, g)).split("\n")
        for n in added:
            r = difflib.SequenceMatcher(None, a, texts[n], autojunk=False).ratio()
            if r >= RENAME_SIMILARITY:
                candidates.append((-r, g, n))
    pairs, used = {}, set()
    for _, g, n in sorted(candidates):
        if g not in pairs and n not in used:
            pairs[g] = n
            used.add(n)
    return pairs


def line_category(sign, text):
    for label, rx in LINE_CATEGORIES:
        if rx.search(text):
            return f"{sign} {label}"
    return f"{sign} other"


def categories(lines):
    """Counter of line categories over a multiset of (file, sign, text)."""
    out = collections.Counter()
    for (f, sign, text), n in lines.items():
        out[line_category(sign, text)] += n
    return out


def applied_and_skipped(stdout):
    """({units migrated}, {unit: reason skipped}) from apply's summary: after "skipped N units:",
    a two-space header per reason ("needs --unsafe-fixes (k): …", "blocked (k): …", or any other
    reason, possibly wrapped onto four-space lines, ending in "(k):"), then the units at four
    spaces: "Name: N blockers" for blocked ones, comma-separated names otherwise; deeper lines
    are a blocked unit's blockers."""
    migrated = set(re.findall(r"^  (?:would )?migrat(?:ed|e)  (\S+)$", stdout, re.M))
    skipped, in_skipped, reason, header_open = {}, False, None, False
    for line in stdout.split("\n"):
        if re.match(r"^skipped \d+ unit", line):
            in_skipped = True
            continue
        if not in_skipped:
            continue
        if not line.startswith("  "):
            in_skipped = False
            continue
        if not line.startswith("    "):
            text = line.strip()
            m = re.match(r"^(needs --unsafe-fixes|blocked) \(\d+\):", text)
            reason = m.group(1) if m else text
            header_open = not m and not re.search(r"\(\d+\):$", text)
            if not m:
                reason = re.sub(r" \(\d+\):$", "", reason)
            continue
        if line.startswith("      "):
            continue
        text = line.strip()
        if header_open:
            reason += " " + re.sub(r" \(\d+\):$", "", text)
            header_open = not re.search(r"\(\d+\):$", text)
            continue
        if reason == "blocked":
            m = re.match(r"^(\S+?): ", text)
            if m:
                skipped[m.group(1)] = "blocked: " + text[len(m.group(0)):]
            continue
        # A list that wraps ends its line with a comma: `A, B,` then `C`.
        for name in text.split(", "):
            name = name.strip().rstrip(",")
            if name:
                skipped[name] = reason
    return migrated, skipped


_BLANKED_PARENTS = {}


def blanked_parent(parent):
    """The Swift files of a parent tree and their blanked text, read once per run: each commit's
    parent is applied to twice (scoped and whole) and never changes."""
    if parent not in _BLANKED_PARENTS:
        files = swift_files(parent)
        _BLANKED_PARENTS[parent] = (files, {f: ss.blank(read(os.path.join(parent, f))) for f in files})
    return _BLANKED_PARENTS[parent]


def apply_and_check(parent, out, types=()):
    """apply --unsafe-fixes (with --type for each of `types`, if any) on a copy of `parent` in
    `out`: its summary, the files it changed, the parse check of those files, and the files a
    second run changes. The second run names only the types the first one skipped (the others
    are no longer models, and --type refuses a name that is not one); with none left there is
    nothing it could migrate, and it is not run."""
    copy_tree(parent, out)
    r = sh([OM] + APPLY_FLAGS + sum((["--type", t] for t in types), []) + ["."], cwd=out)
    before, after = tree_digests(parent), tree_digests(out)
    changed = sorted(p for p in after if before.get(p) != after[p] and p.endswith(".swift"))
    parse = parse_check(parent, out, changed)
    # Forbidden leftovers (likely build errors: a legacy wrapper, `.environmentObject`,
    # `objectWillChange` or `$x` left on a class the run made @Observable), as `check` finds them.
    files, ob = blanked_parent(parent)
    out_files = swift_files(out)
    nb = {f: ss.blank(read(os.path.join(out, f))) for f in out_files}
    violations = leftovers(parent, out, files, out_files, ob, nb, set(changed))[0]
    if violations:
        # A file no target compiles (the report's `outsideBuild`) breaks no build.
        r_report = sh([OM, "report", "--format", "json", "."], cwd=parent)
        try:
            outside = set(json.loads(r_report.stdout).get("outsideBuild", []))
        except ValueError:
            outside = set()
        violations = [v for v in violations if v["file"] not in outside]
    _, skipped = applied_and_skipped(r.stdout)
    again_types = [t for t in types if any(u.split(".")[-1].split("<")[0] == t.split(".")[-1] for u in skipped)]
    second_exit, second_changed = None, []
    if not types or again_types:
        r2 = sh([OM] + APPLY_FLAGS + sum((["--type", t] for t in again_types), []) + ["."], cwd=out)
        again = tree_digests(out)
        second_exit, second_changed = r2.returncode, sorted(p for p in again if after.get(p) != again[p])
    return {"exit": r.returncode, "stdout": r.stdout, "stderr": r.stderr[:2000], "changed": changed,
            "parse_regressions": parse["regressions"], "leftovers": violations,
            "second_run_exit": second_exit, "second_run_changed": second_changed}


def refused(run):
    """apply stopped with a usage error it explained (exit 2, documented, and its one
    `observation-migrate: error:` line), e.g. `--type` naming a class that is not a model of the
    scanned tree because its file is outside every target: the tool said no, it did not crash."""
    return run["exit"] == 2 and "observation-migrate: error:" in run.get("stderr", "")


def crashed(run):
    """apply ended in neither success (0), a documented refusal (1), nor an explained usage
    error (`refused`)."""
    return (run["exit"] not in (0, 1) and not refused(run)) or run["second_run_exit"] not in (None, 0, 1)


def score_commit(app):
    """Recall and precision of our apply against one developer commit, in two scopes:
    `scoped` (apply --type for every class the developers made @Observable: their commit
    answers how to migrate those models, not the rest of the tree) and `whole` (apply on the
    whole parent tree, as a user would run it)."""
    name = app["name"]
    parent, dev = tree(name), tree(name + ".dev")
    files_p, files_d = set(swift_files(parent)), set(swift_files(dev))
    _, copies = migrated_copies(parent, dev, files_p, files_d)
    dev_migrated = sorted(copies)
    res = {"name": name, "repo": app["repo"], "commit": app["commit"], "split": app.get("split"),
           "tool_commit": TOOL_COMMIT or sh(["git", "-C", REPO, "rev-parse", "HEAD"]).stdout.strip(),
           "dev_migrated": dev_migrated}
    res["crashed"] = False
    res["refused"] = False
    res["outside_build_types"] = []
    res["scoped_types"] = scoped_types(parent, copies)
    moved = {} if os.environ.get("REALAPPS_NO_RENAMES") else renamed_files(parent, dev, files_p, files_d)
    res["renamed_files"] = moved
    for scope, types in (("scoped", res["scoped_types"]), ("whole", [])):
        out = os.path.join(WORK, "out", f"{name}.score-{scope}")
        run = apply_and_check(parent, out, types)
        # A class the developers migrated in a file no target compiles is not a model of the
        # tool's tree: --type refuses it by name. Select the others, and count its lines as missed.
        # A type the commit finished that is no unit of the tool (a dependency's class that became
        # `@Observable`, without `observableTypes`; an older tool's half-migrated class): the same.
        while refused(run) and types:
            m = re.search(r"--type (\S+): (declared only in |no model of that name)", run["stderr"])
            if not m or m.group(1) not in types:
                break
            key = "outside_build_types" if m.group(2).startswith("declared") else "unknown_types"
            res.setdefault(key, []).append(m.group(1))
            types = [t for t in types if t != m.group(1)]
            run = apply_and_check(parent, out, types)
        res["crashed"] |= crashed(run)
        res["refused"] |= refused(run)
        universe = sorted(files_p | files_d | set(swift_files(out)))
        dch, och = scored_lines(parent, dev, universe, moved=moved), scored_lines(parent, out, universe)
        missed, extra_lines = dch - och, och - dch
        migrated, skipped = applied_and_skipped(run["stdout"])
        m = metrics(dch, och)
        m.update({"apply_exit": run["exit"], "apply_stderr": run["stderr"], "migrated": sorted(migrated), "skipped": skipped,
                  "files_changed": len(run["changed"]), "parse_regressions": run["parse_regressions"],
                  "leftovers": run["leftovers"], "second_run_changed": run["second_run_changed"],
                  "missed_by_category": dict(categories(missed).most_common()),
                  "extra_by_category": dict(categories(extra_lines).most_common()),
                  "missed": sorted([list(k) + [v] for k, v in missed.items()]),
                  "extra": sorted([list(k) + [v] for k, v in extra_lines.items()])})
        # the developers' lines we miss because we skipped the model they belong to
        names = set(dev_migrated) | {u.split(".")[-1] for u in migrated}
        blocked = {}
        for unit, reason in skipped.items():
            short = unit.split(".")[-1].split("<")[0]
            if short not in dev_migrated:
                continue
            theirs = scored_lines(parent, dev, universe, {short}, names, moved=moved)
            lost = sum((theirs & missed).values())
            if lost:
                blocked[unit] = {"missed_lines": lost, "reason": reason}
        m["missed_in_skipped_units"] = blocked
        res[scope] = m
    with open(os.path.join(WORK, "results", name + ".score.json"), "w") as fh:
        json.dump(res, fh, indent=1)
    return res


def keyword_counts(root):
    """{keyword: occurrences} in the Swift files of a tree, comments and strings left out."""
    out = collections.Counter()
    for f in swift_files(root):
        b = ss.blank(read(os.path.join(root, f)))
        for k, rx in LEGACY_KEYWORDS.items():
            out[k] += len(rx.findall(b))
    return out


def score_app(app):
    """The share of legacy data-flow keywords gone from a whole app after apply --unsafe-fixes."""
    name = app["name"]
    out = os.path.join(WORK, "out", f"{name}.score")
    run = apply_and_check(tree(name), out)
    before, after = keyword_counts(tree(name)), keyword_counts(out)
    res = {"name": name, "repo": app["repo"], "commit": app["commit"],
           "tool_commit": TOOL_COMMIT or sh(["git", "-C", REPO, "rev-parse", "HEAD"]).stdout.strip(),
           "apply_exit": run["exit"], "apply_stderr": run["stderr"], "crashed": crashed(run),
           "before": dict(before), "after": dict(after),
           "files_changed": len(run["changed"]), "parse_regressions": run["parse_regressions"],
           "second_run_changed": run["second_run_changed"]}
    with open(os.path.join(WORK, "results", name + ".keywords.json"), "w") as fh:
        json.dump(res, fh, indent=1)
    return res


def pct(a, b):
    return f"{100 * a / b:.1f} %" if b else "-"


def score(split, with_apps=True, names=None):
    """`score --split SPLIT [--no-apps] [NAME...]`: a table per split."""
    os.makedirs(os.path.join(WORK, "results"), exist_ok=True)
    warn_if_unseen(split)
    commits = [a for a in load_apps(names) if a["kind"] == "migration" and a.get("split") == split]
    extract(commits)
    print(f"Tool: {TOOL_COMMIT or sh(['git', '-C', REPO, 'rev-parse', 'HEAD']).stdout.strip()}; split {split}; "
          f"{len(commits)} developer commits")
    print()
    print("| commit | repository | models the developers migrated | scoped: dev lines / ours / matched | scoped recall | scoped precision "
          "| whole tree: dev / ours / matched | whole recall | whole precision | parse rejects | 2nd run changes | leftovers |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    tot = {s: [0, 0, 0] for s in ("scoped", "whole")}
    rejects = second = left = 0
    leftover_lines = []
    pooled = {s: {"missed": collections.Counter(), "extra": collections.Counter()} for s in tot}
    lost_in_skipped = []
    for app in commits:
        r = score_commit(app)
        cells = []
        for s in ("scoped", "whole"):
            m = r[s]
            t = tot[s]
            t[0] += m["dev_lines"]; t[1] += m["our_lines"]; t[2] += m["matched"]
            pooled[s]["missed"].update(m["missed_by_category"])
            pooled[s]["extra"].update(m["extra_by_category"])
            cells += [f"{m['dev_lines']} / {m['our_lines']} / {m['matched']}", pct(m["matched"], m["dev_lines"]),
                      pct(m["matched"], m["our_lines"])]
        lost_in_skipped += [(v["missed_lines"], app["name"], unit, v["reason"])
                            for unit, v in r["scoped"]["missed_in_skipped_units"].items()]
        pr = len({p["file"] for s in ("scoped", "whole") for p in r[s]["parse_regressions"]})
        sr = len({p for s in ("scoped", "whole") for p in r[s]["second_run_changed"]})
        lo = {(v["file"], v["line"], v["kind"]) for s in ("scoped", "whole") for v in r[s]["leftovers"]}
        leftover_lines += [(app["name"],) + x for x in sorted(lo)]
        rejects += pr; second += sr; left += len(lo)
        crash = " **CRASH**" if r["crashed"] else " **REFUSED**" if r.get("refused") else ""
        if r.get("outside_build_types"):
            crash += f" ({len(r['outside_build_types'])} migrated class outside the build, not selected)"
        print(f"| {app['name']}{crash} | {app['repo']}@{app['commit'][:8]} | {len(r['dev_migrated'])} | "
              + " | ".join(cells) + f" | {pr} | {sr} | {len(lo)} |")
    if commits:
        s, w = tot["scoped"], tot["whole"]
        print(f"| **pooled** | | | {s[0]} / {s[1]} / {s[2]} | **{pct(s[2], s[0])}** | **{pct(s[2], s[1])}** | "
              f"{w[0]} / {w[1]} / {w[2]} | {pct(w[2], w[0])} | {pct(w[2], w[1])} | {rejects} | {second} | {left} |")
        if leftover_lines:
            print()
            print("leftovers (likely build errors, scoped or whole):")
            for an, f, ln, kind in leftover_lines:
                print(f"- {an} {f}:{ln} {kind}")
        for s in ("scoped", "whole"):
            print()
            print(f"{s}: lines we miss by category: " + ", ".join(f"`{k}` {v}" for k, v in pooled[s]["missed"].most_common()))
            print(f"{s}: lines we add wrongly by category: " + ", ".join(f"`{k}` {v}" for k, v in pooled[s]["extra"].most_common()))
        print()
        print(f"scoped: developers' lines we miss because we skipped their model: {sum(x[0] for x in lost_in_skipped)}")
        for n, an, unit, reason in sorted(lost_in_skipped, reverse=True):
            print(f"- {an} `{unit}`: {n} lines; {reason[:300]}")
    if with_apps and split == "dev":
        apps = [a for a in load_apps(names) if a["kind"] == "app"]
        extract(apps)
        print()
        print("| app | commit | legacy keywords before | after apply --unsafe-fixes | gone | parse rejects | 2nd run changes |")
        print("|---|---|---|---|---|---|---|")
        kb = ka = 0
        per_kw = collections.Counter(), collections.Counter()
        for app in apps:
            r = score_app(app)
            b, a = sum(r["before"].values()), sum(r["after"].values())
            kb += b; ka += a
            per_kw[0].update(r["before"]); per_kw[1].update(r["after"])
            crash = " **CRASH**" if r["crashed"] else ""
            print(f"| {app['name']}{crash} | {app['repo']}@{app['commit'][:8]} | {b} | {a} | {pct(b - a, b)} | "
                  f"{len(r['parse_regressions'])} | {len(r['second_run_changed'])} |")
        if apps:
            print(f"| **all** | | {kb} | {ka} | **{pct(kb - ka, kb)}** | | |")
            print()
            print("by keyword (before → after): " + ", ".join(
                f"`{k}` {per_kw[0][k]} → {per_kw[1][k]}" for k in LEGACY_KEYWORDS))
    warn_if_unseen(split)


def pooled(splits):
    """`pooled [SPLIT...]`: per split and pooled over them, the scoped and whole-tree line counts
    of the last `score` of each commit (REALAPPS_WORK/results/NAME.score.json), with the tool
    commit each was scored on. Aggregates only: no commit's lines are printed."""
    rd = os.path.join(WORK, "results")
    commits = [a for a in load_apps() if a["kind"] == "migration" and a.get("split") in splits]
    totals = {s: {"scoped": [0, 0, 0], "whole": [0, 0, 0], "commits": 0, "tools": set()} for s in splits}
    missing = []
    for app in commits:
        path = os.path.join(rd, app["name"] + ".score.json")
        if not os.path.exists(path):
            missing.append(app["name"])
            continue
        with open(path) as fh:
            r = json.load(fh)
        t = totals[app["split"]]
        t["commits"] += 1
        t["tools"].add(r.get("tool_commit", "?")[:7])
        for scope in ("scoped", "whole"):
            m = r[scope]
            for i, key in enumerate(("dev_lines", "our_lines", "matched")):
                t[scope][i] += m[key]
    print("| split | commits | tool | scoped: dev / ours / matched | recall | precision | whole: dev / ours / matched | recall | precision |")
    print("|---|---|---|---|---|---|---|---|---|")
    every = {"scoped": [0, 0, 0], "whole": [0, 0, 0], "commits": 0}
    for split in splits:
        t = totals[split]
        if not t["commits"]:
            continue
        every["commits"] += t["commits"]
        cells = []
        for scope in ("scoped", "whole"):
            d, o, m = t[scope]
            every[scope] = [a + b for a, b in zip(every[scope], t[scope])]
            cells += [f"{d} / {o} / {m}", pct(m, d), pct(m, o)]
        print(f"| {split} | {t['commits']} | {', '.join(sorted(t['tools']))} | " + " | ".join(cells) + " |")
    cells = []
    for scope in ("scoped", "whole"):
        d, o, m = every[scope]
        cells += [f"{d} / {o} / {m}", f"**{pct(m, d)}**", f"**{pct(m, o)}**"]
    print(f"| **pooled** | {every['commits']} | | " + " | ".join(cells) + " |")
    if missing:
        print(f"\nnot scored yet: {', '.join(missing)}", file=sys.stderr)


def rescore(splits, jobs):
    """`rescore`: `score --split` for each split, `jobs` at a time (each a process of its own; a
    commit's results are written under its own name, so the runs do not meet), every table kept
    in REALAPPS_WORK/scores/SPLIT.md, then the pooled figures."""
    out = os.path.join(WORK, "scores")
    os.makedirs(out, exist_ok=True)

    def one(split):
        with open(os.path.join(out, split + ".md"), "w") as fh:
            run = subprocess.run([sys.executable, os.path.abspath(__file__), "score", "--split", split],
                                 stdout=fh, stderr=subprocess.PIPE, text=True)
        return split, run.returncode, run.stderr

    with cf.ThreadPoolExecutor(max_workers=jobs) as pool:
        for split, code, err in pool.map(one, splits):
            if code != 0:
                print(f"{split}: score exited {code}: {err.strip().splitlines()[-1] if err.strip() else ''}", file=sys.stderr)
    pooled(splits)


IDENTIFIER_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# Names a migration to Observation may write though the legacy tree never spelled them: the
# Observation module's and SwiftUI's observation API. A line made only of these and of the
# parent tree's own identifiers could come from a tool that reads the parent tree.
MIGRATION_VOCABULARY = frozenset([
    "Observable", "Observation", "ObservationIgnored", "ObservationTracked", "ObservationRegistrar",
    "Observations", "withObservationTracking", "withMutation", "access", "keyPath", "Bindable", "Environment",
    "State", "environment", "Entry", "initialValue", "wrappedValue", "_$observationRegistrar",
])


def underivable_lines(parent, dev, files_p, files_d, moved, dev_lines, vocabulary):
    """The developers' counted lines that no tool reading only the parent tree could write, as
    {reason: multiset of (file, sign, text)}: `new file`, a line added to a file the parent has
    not (and that is no renamed file's new path: those are compared under their old path, see
    renamed_files); `deleted file`, a line of a file the commit deleted outright; `new name`, an
    added line naming an identifier that neither the parent tree (comments and strings included)
    nor `vocabulary` has, nor contains one of the parent's of four characters or more
    (`AsyncPins` or `pinsSubject` beside the parent's `Pins` and `pins` could be composed by a
    tool, and count as derivable; a wholly new type, property or parameter cannot). Every other
    line counts as derivable, however unlikely a tool is to write it: the share is an upper
    bound on the recall any such tool can reach."""
    words = set()
    for f in files_p:
        words.update(IDENTIFIER_RE.findall(read(os.path.join(parent, f))))
    known = words | set(vocabulary)
    stems = {w.lower().lstrip("_") for w in known if len(w.lstrip("_")) >= 4}
    composed = {}

    def is_composed(word):
        if word not in composed:
            low = word.lower()
            composed[word] = any(stem in low for stem in stems)
        return composed[word]

    out = collections.defaultdict(collections.Counter)
    for (f, sign, text), n in dev_lines.items():
        unknown = [w for w in IDENTIFIER_RE.findall(text) if w not in known] if sign == "+" else []
        if sign == "+" and f not in files_p:
            out["new file"][(f, sign, text)] += n
        elif sign == "-" and f not in files_d and f not in moved:
            out["deleted file"][(f, sign, text)] += n
        elif any(not is_composed(w) for w in unknown):
            out["new name"][(f, sign, text)] += n
        elif unknown:
            # derivable, but only by composing a name: reported, not subtracted
            out["composed name"][(f, sign, text)] += n
    return out


def ceiling(splits):
    """`ceiling [SPLIT...]`: per split and pooled, the developers' counted lines and the share a
    tool reading only the parent tree could write at best (underivable_lines), by reason; the
    vocabulary is MIGRATION_VOCABULARY and every identifier our own scored output added in any
    commit of those splits (REALAPPS_WORK/out/NAME.score-scoped and -whole, from the last
    `score`). Aggregates only: no commit's lines are printed."""
    commits = [a for a in load_apps() if a["kind"] == "migration" and a.get("split") in splits]
    vocabulary = set(MIGRATION_VOCABULARY)
    scored = []
    for app in commits:
        name = app["name"]
        parent, dev = tree(name), tree(name + ".dev")
        outs = [os.path.join(WORK, "out", f"{name}.score-{scope}") for scope in ("scoped", "whole")]
        if not (os.path.isdir(parent) and os.path.isdir(dev)) or not all(os.path.isdir(o) for o in outs):
            continue
        files_p, files_d = set(swift_files(parent)), set(swift_files(dev))
        for out in outs:
            for (f, sign, text) in scored_lines(parent, out, sorted(files_p)):
                if sign == "+":
                    vocabulary.update(IDENTIFIER_RE.findall(text))
        scored.append((app, parent, dev, files_p, files_d))
    reasons = ("new file", "deleted file", "new name")
    rows = collections.OrderedDict((s, collections.Counter()) for s in splits)
    for app, parent, dev, files_p, files_d in scored:
        moved = {} if os.environ.get("REALAPPS_NO_RENAMES") else renamed_files(parent, dev, files_p, files_d)
        lines = scored_lines(parent, dev, sorted(files_p | files_d), moved=moved)
        lost = underivable_lines(parent, dev, files_p, files_d, moved, lines, vocabulary)
        row = rows[app["split"]]
        row["commits"] += 1
        row["dev"] += sum(lines.values())
        for reason in reasons + ("composed name",):
            row[reason] += sum(lost[reason].values())
    print("| split | commits | dev lines | new file | deleted file | new name | derivable at most | of which composed names |")
    print("|---|---|---|---|---|---|---|---|")
    every = collections.Counter()
    for split, row in rows.items():
        if not row["commits"]:
            continue
        every.update(row)
        gone = sum(row[r] for r in reasons)
        print(f"| {split} | {row['commits']} | {row['dev']} | " + " | ".join(str(row[r]) for r in reasons)
              + f" | {pct(row['dev'] - gone, row['dev'])} | {row['composed name']} |")
    gone = sum(every[r] for r in reasons)
    print(f"| **pooled** | {every['commits']} | {every['dev']} | " + " | ".join(str(every[r]) for r in reasons)
          + f" | **{pct(every['dev'] - gone, every['dev'])}** | {every['composed name']} |")


def smoke(split, names=None):
    """`smoke --split S`: the commits of a split extract and the tool runs on their parents
    without crashing. Prints only sizes and exit codes (no diff, no score), so that it can be
    run on the unseen splits (holdout and the reserves) without reading them."""
    commits = [a for a in load_apps(names) if a["kind"] == "migration" and a.get("split") == split]
    extract(commits)
    print("| commit | .swift files (parent / commit) | units | report exit | apply exit | 2nd apply exit |")
    print("|---|---|---|---|---|---|")
    for app in commits:
        parent = tree(app["name"])
        _, _, units, _, rexit = run_report(parent)
        run = apply_and_check(parent, os.path.join(WORK, "out", app["name"] + ".smoke"))
        crash = " **CRASH**" if crashed(run) or rexit not in (0, 1) else ""
        print(f"| {app['name']}{crash} | {len(swift_files(parent))} / {len(swift_files(tree(app['name'] + '.dev')))} | "
              f"{len(units)} | {rexit} | {run['exit']} | {run['second_run_exit']} |")


# ---------------------------------------------------------------- noobs

def noobs():
    src = NOOBS_SRC
    dst = os.path.join(WORK, "noobs")
    if os.path.exists(dst):
        shutil.rmtree(dst)
    # NOOBS_SRC holds bare git repositories (org/name.git): take each one's HEAD, Swift files only
    for org in sorted(os.listdir(src)):
        for rn in sorted(os.listdir(os.path.join(src, org))):
            g = os.path.join(src, org, rn)
            if not os.path.exists(os.path.join(g, "HEAD")):
                continue
            listing = sh(["git", "--git-dir", g, "ls-tree", "-r", "-z", "--name-only", "HEAD"]).stdout.split("\0")
            wanted = [p for p in listing if p.endswith(".swift")]
            if not wanted:
                continue
            d = os.path.join(dst, org, rn[:-4] if rn.endswith(".git") else rn)
            os.makedirs(d)
            arch = subprocess.run(["git", "--git-dir", g, "archive", "HEAD", "--"] + [":(literal)" + p for p in wanted],
                                  capture_output=True)
            subprocess.run(["tar", "x", "-C", d], input=arch.stdout)
    repos = sorted({os.path.join(*p.split(os.sep)[:2]) for p in all_files(dst) if p.count(os.sep) >= 2})
    with_oo = set()
    for f in swift_files(dst):
        if "ObservableObject" in read(os.path.join(dst, f)):
            with_oo.add(os.path.join(*f.split(os.sep)[:2]))
    before = tree_digests(dst)
    t = time.time()
    r = sh([OM] + APPLY_FLAGS + ["."], cwd=dst)
    dt = time.time() - t
    after = tree_digests(dst)
    changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
    bad = [p for p in changed if os.path.join(*p.split(os.sep)[:2]) not in with_oo]
    res = {"source": src, "files": len(before), "swift_files": len(swift_files(dst)), "repos": len(repos),
           "repos_mentioning_ObservableObject": sorted(with_oo), "seconds": round(dt, 2), "exit": r.returncode,
           "changed": changed, "changed_in_repos_without_ObservableObject": bad, "apply_out": r.stdout[:3000]}
    os.makedirs(os.path.join(WORK, "results"), exist_ok=True)
    with open(os.path.join(WORK, "results", "noobs.json"), "w") as fh:
        json.dump(res, fh, indent=1)
    print(f"noobs: {res['swift_files']} swift files in {len(repos)} repos, {dt:.2f}s, changed {len(changed)} "
          f"(in repos without ObservableObject: {len(bad)}); repos mentioning it: {sorted(with_oo)}")


# ---------------------------------------------------------------- summary

def summary(apps):
    rd = os.path.join(WORK, "results")
    # Each migration app's comparison with its developers' commit, read once for the three tables.
    compared = [(app, json.load(open(os.path.join(rd, app["name"] + ".compare.json")))) for app in apps
                if os.path.exists(os.path.join(rd, app["name"] + ".compare.json"))]
    print(f"Tool: {sorted({json.load(open(os.path.join(rd, a['name'] + '.json'))).get('tool_commit', '?')[:7] for a in apps if os.path.exists(os.path.join(rd, a['name'] + '.json'))})}")
    print()
    print("| app | commit | .swift files | lines | units (ready / review / blocked) | report s | apply s | files changed | parse regressions | violations | 2nd run | census vs report |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    crashed = []
    for app in apps:
        p = os.path.join(rd, app["name"] + ".json")
        if not os.path.exists(p):
            continue
        r = json.load(open(p))
        if r["report"].get("exit") not in (0, 1) or r["apply"]["exit"] not in (0, 1):
            crashed.append(app["name"])
            print(f"| {app['name']} | {app['repo']}@{r['commit'][:8]} | {r['swift_files']} | {r['swift_lines']} | "
                  f"CRASH (report exit {r['report'].get('exit')}, apply exit {r['apply']['exit']}) | | | | | | | |")
            continue
        v = r["report"]["by_verdict"]
        cen = r["census"]
        diff = "agree" if not cen["only_in_census"] and not cen["only_in_report"] and not cen["sites_missed_by_report"] else \
            f"census-only {len(cen['only_in_census'])}, report-only {len(cen['only_in_report'])}, sites missed {len(cen['sites_missed_by_report'])}"
        print(f"| {app['name']} | {app['repo']}@{r['commit'][:8]}{'^' if r['commit'].endswith('^') else ''} | {r['swift_files']} | {r['swift_lines']} | "
              f"{v.get('ready', 0)} / {v.get('needs --unsafe-fixes', 0)} / {v.get('blocked', 0)} | {r['report']['seconds']} | "
              f"{r['apply']['seconds']} | {r['apply']['changed_files']} | {len(r['parse']['regressions'])} | "
              f"{len(r['violations'])} | {len(r['second_run']['changed_files'])} changed | {diff} |")
    imp = []
    for app in apps:
        p = os.path.join(rd, app["name"] + ".json")
        if os.path.exists(p):
            for f, ch in (json.load(open(p))["apply"].get("import_only_files") or {}).items():
                imp.append(f"- {app['name']}: `{f}`: {' '.join(ch)}")
    print()
    print(f"Files whose only change is an import line (no unit rewrote them): {len(imp)}")
    for line in imp:
        print(line)
    print()
    print("| app | scope | dev lines | our lines | matched | recall | precision | recall (trimmed) | precision (trimmed) | recall (attributes joined) | precision (attributes joined) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for app, r in compared:
        for label in ("full", "dev-scope"):
            e, t, j = r[label]["exact"], r[label]["trimmed"], r[label]["attributes-joined"]
            print(f"| {app['name']} | {label} | {e['dev_lines']} | {e['our_lines']} | {e['matched']} | {e['recall']} | "
                  f"{e['precision']} | {t['recall']} | {t['precision']} | {j['recall']} | {j['precision']} |")
    # all apps together: sums of lines, then the ratios
    tot = collections.defaultdict(lambda: [0, 0, 0])
    for app, r in compared:
        for label in ("full", "dev-scope"):
            for n in ("exact", "trimmed", "attributes-joined"):
                m, t = r[label][n], tot[(label, n)]
                t[0] += m["dev_lines"]; t[1] += m["our_lines"]; t[2] += m["matched"]
        for n, m in (("both", r["both-migrated"]), ("both-ignored", r["both-migrated"]["ignoring-ObservationIgnored"])):
            t = tot[(n, "")]
            t[0] += m["dev_lines"]; t[1] += m["our_lines"]; t[2] += m["matched"]

    def ratio(a, b):
        return round(a / b, 4) if b else None
    for label in ("full", "dev-scope"):
        if (label, "exact") in tot:
            e, t, j = tot[(label, "exact")], tot[(label, "trimmed")], tot[(label, "attributes-joined")]
            print(f"| **all** | {label} | {e[0]} | {e[1]} | {e[2]} | {ratio(e[2], e[0])} | {ratio(e[2], e[1])} | "
                  f"{ratio(t[2], t[0])} | {ratio(t[2], t[1])} | {ratio(j[2], j[0])} | {ratio(j[2], j[1])} |")
    print()
    print("| app | models both migrated | dev lines | our lines | matched | recall | precision | recall / precision, `@ObservationIgnored` ignored | models only the developer migrated | models only we migrated |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for app, r in compared:
        m = r["both-migrated"]
        m2 = m["ignoring-ObservationIgnored"]
        print(f"| {app['name']} | {len(m['models'])} | {m['dev_lines']} | {m['our_lines']} | {m['matched']} | {m['recall']} | "
              f"{m['precision']} | {m2['recall']} / {m2['precision']} | {', '.join(r['only_dev']) or '-'} | {', '.join(r['only_ours']) or '-'} |")
    if ("both", "") in tot:
        b, b2 = tot[("both", "")], tot[("both-ignored", "")]
        print(f"| **all** | | {b[0]} | {b[1]} | {b[2]} | {ratio(b[2], b[0])} | {ratio(b[2], b[1])} | "
              f"{ratio(b2[2], b2[0])} / {ratio(b2[2], b2[1])} | | |")
    p = os.path.join(rd, "noobs.json")
    if os.path.exists(p):
        r = json.load(open(p))
        print()
        print(f"No-ObservableObject trees: {r['swift_files']} Swift files in {r['repos']} repositories from {r['source']}, "
              f"apply {r['seconds']} s; files changed: {len(r['changed'])}; in repositories that never mention "
              f"ObservableObject: {len(r['changed_in_repos_without_ObservableObject'])}")
        for f in r["changed"]:
            print(f"- changed: `{f}`")


# ---------------------------------------------------------------- blockers

def cannot_tell(b):
    """A blocker that only says the tool could not work out a type (conservative, not a hazard)."""
    return b["rule"] == "unknown-type" or "cannot tell" in b["message"]


def blocker_pattern(b):
    """The message with names replaced: 'cannot tell the type of @StateObject '…''."""
    msg = re.sub(r"\.environmentObject\(.*\)(?=;)", ".environmentObject(…)", b["message"])
    return b["rule"] + ": " + re.sub(r"'[^']*'", "'…'", msg)


def md(text):
    return text.replace("|", "\\|")


def blocked_units(rd, name):
    """[{name, blockers}] for the blocked units of an app, from its saved JSON report."""
    p = os.path.join(rd, name + ".report.txt")
    if not os.path.exists(p):
        return None
    try:
        units = units_from_json(json.loads(read(p)))
    except ValueError:
        return None
    return [{"name": u["name"], "blockers": [x for x in u["findings"] if x.get("blocker")]}
            for u in units if u["verdict"] == "blocked"]


def blockers(apps, out=print, rd=None):
    """Blocked units by what blocks them, from the saved reports (results/<app>.report.txt)."""
    rd = rd or os.path.join(WORK, "results")
    per_app, pattern_units, pattern_only, sites = [], collections.defaultdict(set), collections.Counter(), {}
    tot = collections.Counter()
    for app in apps:
        bu = blocked_units(rd, app["name"])
        if bu is None:
            continue
        any_ct = only_ct = 0
        for u in bu:
            key = (app["name"], u["name"])
            ct = [b for b in u["blockers"] if cannot_tell(b)]
            if ct:
                any_ct += 1
            if ct and len(ct) == len(u["blockers"]):
                only_ct += 1
            pats = {blocker_pattern(b) for b in u["blockers"]}
            for pt in pats:
                pattern_units[pt].add(key)
            if len(pats) == 1:
                pattern_only[next(iter(pats))] += 1
            usites = {(b["file"], b["line"], b["message"]) for b in ct}
            for st in usites:
                e = sites.setdefault((app["name"],) + st, {"units": set(), "alone": 0})
                e["units"].add(u["name"])
                if len(usites) == 1 and len(ct) == len(u["blockers"]):
                    e["alone"] += 1
        per_app.append((app["name"], len(bu), any_ct, only_ct))
        tot.update({"blocked": len(bu), "any": any_ct, "only": only_ct})
    out("| app | blocked units | with a `cannot tell` blocker | blocked only by `cannot tell` |")
    out("|---|---|---|---|")
    for n, b, a, o in per_app:
        out(f"| {n} | {b} | {a} | {o} |")
    out(f"| **all** | {tot['blocked']} | {tot['any']} | {tot['only']} |")
    out("")
    out("| blocker (names elided) | units it blocks | units blocked by nothing else |")
    out("|---|---|---|")
    for pt, us in sorted(pattern_units.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        out(f"| {md(pt)} | {len(us)} | {pattern_only.get(pt, 0)} |")
    out("")
    out("Unresolved sites (`cannot tell`) that block the most units; *alone*: units that this one site is the only blocker of")
    out("")
    out("| app | site | message | units | alone |")
    out("|---|---|---|---|---|")
    for (an, f, ln, msg), e in sorted(sites.items(), key=lambda kv: (-len(kv[1]["units"]), kv[0]))[:25]:
        out(f"| {an} | `{f}:{ln}` | {md(msg)} | {len(e['units'])} | {e['alone']} |")


def delta(apps, old_dir):
    """Unit verdicts that changed between an older results folder and this one."""
    rd = os.path.join(WORK, "results")
    for app in apps:
        a, b = os.path.join(old_dir, app["name"] + ".json"), os.path.join(rd, app["name"] + ".json")
        if not (os.path.exists(a) and os.path.exists(b)):
            continue
        ra_, rb = json.load(open(a)), json.load(open(b))
        va = collections.Counter((u["name"], u["verdict"]) for u in ra_["report"].get("units_list", []))
        vb = collections.Counter((u["name"], u["verdict"]) for u in rb["report"].get("units_list", []))
        na, nb_ = {n for n, _ in va}, {n for n, _ in vb}
        moves = collections.defaultdict(list)
        for n in sorted(na | nb_):
            x = sorted(v for (m, v) in va if m == n) or ["-"]
            y = sorted(v for (m, v) in vb if m == n) or ["-"]
            if x != y:
                moves[(",".join(x), ",".join(y))].append(n)
        print(f"{app['name']}: " + ("; ".join(f"{k[0]} -> {k[1]}: {len(v)}" + (f" ({', '.join(v)})" if len(v) <= 8 else "")
                                              for k, v in sorted(moves.items())) or "no verdict changed"))


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    cmd, names = argv[0], argv[1:]
    if cmd == "extract":
        # extracting prints file counts only, so every split is extracted
        extract(load_apps(names or None))
    elif cmd == "check":
        check(everyday_apps(names or None))
    elif cmd == "compare":
        compare(everyday_apps(names or None))
    elif cmd == "noobs":
        noobs()
    elif cmd == "summary":
        summary(everyday_apps())
    elif cmd == "blockers":
        # realapps.py blockers [--results DIR] [NAME...]
        rd = None
        if names[:1] == ["--results"]:
            rd, names = names[1], names[2:]
        blockers(everyday_apps(names or None), rd=rd)
    elif cmd == "delta":
        # realapps.py delta OLD_RESULTS_DIR [NAME...]
        delta(everyday_apps(names[1:] or None), names[0])
    elif cmd == "score":
        # realapps.py score --split SPLIT [--no-apps] [NAME...]
        args = list(names)
        split = None
        if "--split" in args:
            i = args.index("--split")
            split = args[i + 1] if i + 1 < len(args) else None
            del args[i:i + 2]
        with_apps = "--no-apps" not in args
        args = [a for a in args if a != "--no-apps"]
        if split not in SPLITS:
            print(f"score: --split {'|'.join(SPLITS)} is required", file=sys.stderr)
            return 2
        score(split, with_apps, args or None)
    elif cmd == "smoke":
        # realapps.py smoke --split SPLIT [NAME...]
        if names[:1] != ["--split"] or len(names) < 2 or names[1] not in SPLITS:
            print(f"smoke: --split {'|'.join(SPLITS)} is required", file=sys.stderr)
            return 2
        smoke(names[1], names[2:] or None)
    elif cmd in ("pooled", "ceiling"):
        unknown = [n for n in names if n not in SPLITS]
        if unknown:
            print(f"{cmd}: unknown split {unknown[0]} (splits: {'|'.join(SPLITS)})", file=sys.stderr)
            return 2
        # without names, every split but the newest (kept unseen until its final validation)
        (pooled if cmd == "pooled" else ceiling)(names or list(SPLITS[:-1]))
    elif cmd == "rescore":
        # realapps.py rescore [--jobs N] SPLIT... | --all-read
        args = list(names)
        jobs = 2
        if "--jobs" in args:
            i = args.index("--jobs")
            try:
                jobs = int(args[i + 1])
            except (IndexError, ValueError):
                print("rescore: --jobs takes a number", file=sys.stderr)
                return 2
            del args[i:i + 2]
        if args == ["--all-read"]:
            args = list(SPLITS[:-1])
        unknown = [n for n in args if n not in SPLITS]
        if not args or unknown or jobs < 1:
            print(f"rescore: name splits ({'|'.join(SPLITS)}) or --all-read", file=sys.stderr)
            return 2
        rescore(args, jobs)
    elif cmd == "all":
        apps = everyday_apps(names or None)
        extract(apps)
        check(apps)
        compare(apps)
        noobs()
        summary(apps)
        blockers(apps)
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
