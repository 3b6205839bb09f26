#!/usr/bin/env python3
"""Mutated real Swift files through `apply` (session 22).

  fuzz.py OM N SEED [TREES]

Takes N Swift files that mention ObservableObject from the parent trees under TREES (default
$REALAPPS_WORK/trees, else /tmp/realapps/trees), in an order SEED fixes, and mutates each the
way a file caught mid-edit looks: cut short at a random byte, a few lines deleted, a line
doubled, one brace or one quote dropped. Each mutated file is a tree of its own; `apply
--unsafe-fixes` runs on it twice. A file has a problem when the tool exits with anything but
0, 1 or 2 (a crash or a signal), leaves a file beside it, writes a file that `swiftc -frontend
-parse` rejects although it accepted the input, or changes it again on the second run.
Problem files are kept in the work folder (bad-N.in.swift, bad-N.swift), and so are inputs the
parser rejects that the tool rewrote (rejected-N.in.swift); the last line counts
the inputs the parser rejects, the files rewritten (and how many of those the parser rejected
as given: `malformed-file` cannot see every parse error, but should see most) and the problems.
Needs swiftc.

FUZZ_KINDS (comma-separated) picks the mutations; the default is session 22's five (cut,
dellines, dupline, dropbrace, dropquote), so a seed gives the same files as then. Session 23
added: conflict (a line range wrapped in merge conflict markers), dropendif (one `#endif`
deleted, or one `#if` line when there is none), opencomment (a `/*` never closed at a line
start), badchar (a control character or a stray scalar put between two tokens), cutopen (cut
just after a random `{`, `(` or `[`, which is then the file's last token).
"""
import glob, os, random, shutil, subprocess, sys


def legacy(path):
    try:
        return os.path.isfile(path) and 'ObservableObject' in open(path, errors='replace').read()
    except OSError:
        return False


def parses(path):
    return subprocess.run(['swiftc', '-frontend', '-parse', path], capture_output=True).returncode == 0


DEFAULT_KINDS = ['cut', 'dellines', 'dupline', 'dropbrace', 'dropquote']
BAD_CHARACTERS = [b'\x01', b'\x1b', b'\x7f', '\u2014'.encode(), '\u3000'.encode(), '\ue000'.encode()]


def mutate(data, rng, kinds=DEFAULT_KINDS):
    lines = data.split(b'\n')
    kind = rng.choice(kinds)
    if kind == 'conflict':
        start = rng.randrange(len(lines))
        end = min(len(lines), start + rng.randrange(1, 6))
        ours = lines[start:end]
        data = b'\n'.join(lines[:start] + [b'<<<<<<< HEAD'] + ours + [b'======='] + ours + [b'>>>>>>> topic']
                          + lines[end:])
    elif kind == 'dropendif':
        directive = [i for i, line in enumerate(lines) if line.strip().startswith(b'#endif')] or \
                    [i for i, line in enumerate(lines) if line.strip().startswith(b'#if')]
        if directive:
            del lines[rng.choice(directive)]
        data = b'\n'.join(lines)
    elif kind == 'opencomment':
        line = rng.randrange(len(lines))
        lines[line] = b'/* ' + lines[line]
        data = b'\n'.join(lines)
    elif kind == 'badchar':
        places = [index for index, byte in enumerate(data) if byte == 0x20]
        if places:
            index = rng.choice(places)
            data = data[:index] + b' ' + rng.choice(BAD_CHARACTERS) + data[index:]
    elif kind == 'cutopen':
        places = [index for index, byte in enumerate(data) if byte in b'{([']
        if places:
            data = data[:rng.choice(places) + 1]
    elif kind == 'cut':
        data = data[:rng.randrange(len(data) + 1)]
    elif kind == 'dellines':
        start = rng.randrange(len(lines))
        data = b'\n'.join(lines[:start] + lines[min(len(lines), start + rng.randrange(1, 6)):])
    elif kind == 'dupline':
        line = rng.randrange(len(lines))
        data = b'\n'.join(lines[:line + 1] + lines[line:])
    else:
        characters = b'{}' if kind == 'dropbrace' else b'"'
        places = [index for index, byte in enumerate(data) if byte in characters]
        if places:
            index = rng.choice(places)
            data = data[:index] + data[index + 1:]
    return kind, data


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    tool, count, seed = argv[0], int(argv[1]), int(argv[2])
    trees = argv[3] if len(argv) > 3 else os.path.join(os.environ.get('REALAPPS_WORK', '/tmp/realapps'), 'trees')
    rng = random.Random(seed)
    files = sorted(f for f in glob.glob(os.path.join(trees, '*/**/*.swift'), recursive=True)
                   if '.dev/' not in f and legacy(f))
    rng.shuffle(files)
    work = os.environ.get('FUZZ_WORK', '/tmp/fuzz-work')
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    kinds = os.environ.get('FUZZ_KINDS', ','.join(DEFAULT_KINDS)).split(',')
    problems = rewritten = rejected = rewritten_rejected = 0
    for position, source in enumerate(files[:count]):
        kind, data = mutate(open(source, 'rb').read(), rng, kinds)
        folder = os.path.join(work, str(position))
        os.makedirs(folder)
        path = os.path.join(folder, os.path.basename(source))
        open(path, 'wb').write(data)
        accepted = parses(path)
        rejected += not accepted
        command = [tool, 'apply', '--unsafe-fixes', '--ignore-deployment-target', '.']
        result = subprocess.run(command, cwd=folder, capture_output=True, timeout=120)
        after = open(path, 'rb').read()
        found = []
        if result.returncode not in (0, 1, 2):
            found.append(f'exit {result.returncode}: {result.stderr[-300:]!r}')
        stray = [name for name in os.listdir(folder) if name != os.path.basename(source)]
        if stray:
            found.append(f'left beside it: {stray}')
        if after != data:
            rewritten += 1
            rewritten_rejected += not accepted
            if not accepted:  # kept for triage: what `malformed-file` did not see
                open(os.path.join(work, f'rejected-{position}.in.swift'), 'wb').write(data)
            if accepted and not parses(path):
                found.append('the output no longer parses')
            subprocess.run(command, cwd=folder, capture_output=True, timeout=120)
            if open(path, 'rb').read() != after:
                found.append('the second run changed it')
        if found:
            problems += 1
            print(f'{source} [{kind}]: {"; ".join(found)}')
            shutil.copy(path, os.path.join(work, f'bad-{position}.swift'))
            open(os.path.join(work, f'bad-{position}.in.swift'), 'wb').write(data)
        shutil.rmtree(folder)
    print(f'{min(count, len(files))} files ({rejected} the parser rejects), {rewritten} rewritten '
          f'({rewritten_rejected} of them rejected by the parser as given), {problems} with problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
