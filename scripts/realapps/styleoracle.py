#!/usr/bin/env python3
"""The configuration each team would have written: per migration commit, the style options set to
what the developer's own lines show. An upper bound for a team that configures the tool once,
NOT a figure of the tool: it reads the answer. Scoring with it (REALAPPS_CONFIG_DIR) tells how
much of the gap to the developers is style that a configuration closes.

  styleoracle.py OUTDIR [--options A,B,...] [--skip SPLIT]...

writes OUTDIR/<name>.json for every extracted commit whose lines decide one of the options
(default: all four) against its default, and prints the counts. Each option is set by the
majority of the developer's counted lines (scored_lines, moved files paired):
  environmentAccess              converted @EnvironmentObject var without an access modifier:
                                 private when most became private
  stateAccess                    the same for @StateObject var -> @State
  observedObjectWithoutBindings  @ObservedObject var m: M removed: bindable when most became
                                 @Bindable (with or without $m bindings)
  environmentTypeAnnotation      added @Environment(T.self) properties: keep when most spell
                                 `: T`, else drop (set either way: the tool infers it otherwise)
"""
import collections, json, os, re, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import realapps  # noqa: E402

OPTIONS = ["environmentAccess", "stateAccess", "observedObjectWithoutBindings", "environmentTypeAnnotation"]
OPEN = r"(?!(?:private|fileprivate|public|internal|package)\b)"


def choices(lines):
    """Counters of the developer's choices in one commit's counted lines."""
    keys = list(lines)

    def removed(f, wrapper, name):
        return [t for (ff, sign, t) in keys if ff == f and sign == "-" and t.startswith(wrapper)
                and re.search(r"\bvar\s+" + name + r"\b", t)]

    seen = {o: collections.Counter() for o in OPTIONS}
    for (f, sign, text), n in lines.items():
        if sign == "+":
            m = re.match(r"^@Environment\((\w[\w.]*)\.self\)\s+((?:private|fileprivate)\s+)?(?:\w+\s+)*?var\s+(\w+)\s*(:)?", text)
            if m:
                seen["environmentTypeAnnotation"]["keep" if m.group(4) else "drop"] += n
                olds = removed(f, "@EnvironmentObject", m.group(3))
                if olds and re.match(r"^@EnvironmentObject\s+" + OPEN, olds[0]):
                    seen["environmentAccess"]["private" if m.group(2) else "keep"] += n
            m = re.match(r"^@State\s+((?:private|fileprivate)\s+)?var\s+(\w+)", text)
            if m:
                olds = removed(f, "@StateObject", m.group(2))
                if olds and re.match(r"^@StateObject\s+" + OPEN, olds[0]):
                    seen["stateAccess"]["private" if m.group(1) else "keep"] += n
        else:
            m = re.match(r"^@ObservedObject\s+(?:(?:private|fileprivate|public|internal)\s+)?var\s+(\w+)\s*:\s*[\w.]+\s*$", text)
            if m:
                bindable = any(ff == f and s == "+" and t.startswith("@Bindable") and re.search(r"\bvar\s+" + m.group(1) + r"\b", t)
                               for (ff, s, t) in keys)
                seen["observedObjectWithoutBindings"]["bindable" if bindable else "plain"] += n
    return seen


def configuration(seen, wanted):
    """The options the counts decide, as a configuration: only where the majority differs from
    the default, but environmentTypeAnnotation whenever the commit shows it (it is inferred)."""
    config = {}
    minority = {"environmentAccess": ("private", "keep"), "stateAccess": ("private", "keep"),
                "observedObjectWithoutBindings": ("bindable", "plain")}
    for option, (value, default) in minority.items():
        if option in wanted and seen[option][value] > seen[option][default]:
            config[option] = value
    annotation = seen["environmentTypeAnnotation"]
    if "environmentTypeAnnotation" in wanted and annotation:
        config["environmentTypeAnnotation"] = "keep" if annotation["keep"] > annotation["drop"] else "drop"
    return config


def main(argv):
    if not argv or argv[0].startswith("-"):
        sys.exit(__doc__)
    out, wanted, skip = argv[0], list(OPTIONS), set()
    rest = argv[1:]
    while rest:
        flag = rest.pop(0)
        if flag == "--options" and rest:
            wanted = rest.pop(0).split(",")
            unknown = [o for o in wanted if o not in OPTIONS]
            if unknown:
                sys.exit(f"styleoracle.py: unknown option {unknown[0]!r}; known: {', '.join(OPTIONS)}")
        elif flag == "--skip" and rest:
            skip.add(rest.pop(0))
        else:
            sys.exit(__doc__)
    os.makedirs(out, exist_ok=True)
    counts = collections.Counter()
    for app in realapps.load_apps():
        if app["kind"] != "migration" or app["split"] in skip:
            continue
        parent, dev = realapps.tree(app["name"]), realapps.tree(app["name"] + ".dev")
        if not (os.path.isdir(parent) and os.path.isdir(dev)):
            continue
        files_p, files_d = set(realapps.swift_files(parent)), set(realapps.swift_files(dev))
        moved = realapps.renamed_files(parent, dev, files_p, files_d)
        lines = realapps.scored_lines(parent, dev, sorted(files_p | files_d), moved=moved)
        config = configuration(choices(lines), wanted)
        if config:
            with open(os.path.join(out, app["name"] + ".json"), "w") as fh:
                json.dump(config, fh)
            counts["commits"] += 1
            counts.update(f"{k}={v}" for k, v in config.items())
    for key, value in sorted(counts.items()):
        print(f"{value:5d} {key}")


if __name__ == "__main__":
    main(sys.argv[1:])
