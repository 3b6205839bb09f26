#!/usr/bin/env python3
"""How developers spelled the replacements in their migration commits, counted over every
extracted commit (aggregate counts only): `@Environment(T.self) var x` with or without `: T`,
what replaced `@ObservedObject` (with or without `$x` used, owned or passed in), whether a file
given `@Observable` imports Observation, and the access level of `@StateObject` -> `@State`.
Evidence for the defaults of catalog section "Style" and the adoption options.

  styles.py [SPLIT...]    the splits to leave out (the one kept unseen); PER=1 adds a line per commit
"""
import json, os, re, sys, collections, difflib
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import realapps  # noqa: E402
W = os.environ.get('REALAPPS_WORK', '/tmp/realapps')
apps = [a for a in json.load(open(os.path.join(HERE, 'apps.json')))['apps'] if a['kind'] == 'migration']
skip = set(sys.argv[1:])
C = collections.Counter(); per = collections.defaultdict(collections.Counter)
ENVOBJ = re.compile(r'@EnvironmentObject\s+(?:(private|fileprivate|internal|public)\s+)?var\s+(\w+)\s*:\s*([\w.]+)')
ENV = re.compile(r'@Environment\(\s*([\w.]+)\.self\s*\)\s+(?:(private|fileprivate|internal|public)\s+)?var\s+(\w+)\s*(:\s*[\w.]+)?')
OBS = re.compile(r'@ObservedObject\s+(?:(private|fileprivate|internal|public)\s+)?var\s+(\w+)\s*(:\s*[\w.<>]+)?\s*(=.*)?$')
for a in apps:
    if a['split'] in skip: continue
    p, d = os.path.join(W, 'trees', a['name']), os.path.join(W, 'trees', a['name'] + '.dev')
    if not os.path.isdir(d): continue
    C['commits'] += 1
    for f in realapps.swift_files(d):
        pf = os.path.join(p, f)
        if not os.path.exists(pf): continue
        old = realapps.read(pf).split('\n'); new = realapps.read(os.path.join(d, f)).split('\n')
        if old == new: continue
        newtext = '\n'.join(new)
        sm = difflib.SequenceMatcher(None, old, new, autojunk=False)
        removed = [old[k] for t, i1, i2, j1, j2 in sm.get_opcodes() if t != 'equal' for k in range(i1, i2)]
        added = [new[k] for t, i1, i2, j1, j2 in sm.get_opcodes() if t != 'equal' for k in range(j1, j2)]
        if any(re.match(r'\s*(@MainActor\s+)?@Observable\b', l) or re.search(r'^\s*@Observable\s', l) for l in added):
            imp_added = any(l.strip() == 'import Observation' for l in added)
            imp_had = any(l.strip() == 'import Observation' for l in old)
            k = 'observable file: import ' + ('had' if imp_had else 'added' if imp_added else 'none')
            C[k] += 1; per[a['name']][k] += 1
        so = re.compile(r'@StateObject\s+(private\s+|fileprivate\s+)?var\s+(\w+)')
        for l in removed:
            m = so.search(l)
            if not m: continue
            for l2 in added:
                m2 = re.search(r'@State\s+(private\s+|fileprivate\s+)?var\s+' + m.group(2) + r'\b', l2)
                if m2:
                    k = f"stateobject {'private' if m.group(1) else 'open'} -> State {'private' if m2.group(1) else 'open'}"
                    C[k] += 1; per[a['name']][k] += 1; break
        envobj_names = {m.group(2) for l in removed for m in [ENVOBJ.search(l)] if m}
        for l in added:
            m = ENV.search(l)
            if m and m.group(3) in envobj_names:
                k = 'env: annotated' if m.group(4) else 'env: bare'
                C[k] += 1; per[a['name']][k] += 1
        for l in removed:
            m = OBS.search(l.strip())
            if not m: continue
            name = m.group(2)
            dollar = re.search(r'\$' + name + r'\b', newtext) is not None
            repl = None
            for l2 in added:
                if re.search(r'\bvar\s+' + name + r'\b|\blet\s+' + name + r'\b', l2):
                    repl = l2.strip(); break
            if repl is None: kind = 'gone'
            elif repl.startswith('@Bindable'): kind = 'Bindable'
            elif repl.startswith('@State'): kind = 'State'
            elif '@ObservedObject' in repl: kind = 'kept'
            elif re.match(r'(private |public |fileprivate |internal )?let ', repl): kind = 'let'
            elif re.match(r'(private |public |fileprivate |internal )?var ', repl): kind = 'var'
            else: kind = 'other'
            owned = bool(m.group(4))
            k = f"obs{' owned' if owned else ''}{' $used' if dollar else ''} -> {kind}"
            C[k] += 1; per[a['name']][k] += 1
for k, v in sorted(C.items()): print(f'{v:5d} {k}')
if os.environ.get('PER'):
    for n, c in per.items(): print(n, dict(c))
