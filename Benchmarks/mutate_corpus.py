#!/usr/bin/env python3
"""Writes mutated copies of real Swift files, for differential testing of the lexer.

The corpus is mostly valid code, which says little about the lexer's error paths. This makes
files that are not: truncated, with quotes, backslashes, `#` runs, slashes, backticks and
brackets spliced in, bytes deleted or replaced with random ones, lines swapped. Run
compare_boundaries.py on the output to see where our boundaries and swift-syntax's part ways
on broken code.

Usage: Benchmarks/mutate_corpus.py [--seed N] [--count N] SOURCE_DIR OUTPUT_DIR
"""

import argparse
import os
import random

SPLICES = [b'"', b'"""', b'#', b'##', b'#"', b'"#', b'\\', b'\\(', b'\\#(', b'(', b')', b'{', b'}',
           b'[', b']', b'/', b'//', b'/*', b'*/', b'#/', b'/#', b"'", b'`', b'\n', b'\r\n', b'?', b'!',
           b'<', b'>', b'.', b'0x', b'1.', b'e', b'$', b'@', b'#if', b'#endif', b'\xc2\xa0', b'\xff',
           b'\xe2\x80\x9c', b'\xe2\x80\x9d', b'\x00', b'\t', b' ']


def mutate(data, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        choice = rng.random()
        position = rng.randint(0, len(data)) if data else 0
        if choice < 0.15:
            data = data[:position]
        elif choice < 0.6:
            data[position:position] = rng.choice(SPLICES)
        elif choice < 0.75:
            data[position:position + rng.randint(1, 8)] = b""
        elif choice < 0.85:
            data[position:position] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 6)))
        else:
            lines = data.split(b"\n")
            if len(lines) > 2:
                first, second = rng.randrange(len(lines)), rng.randrange(len(lines))
                lines[first], lines[second] = lines[second], lines[first]
                data = bytearray(b"\n".join(lines))
    return bytes(data)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source")
    parser.add_argument("output")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--max-bytes", type=int, default=40000, help="skip larger files (keeps the run quick)")
    arguments = parser.parse_args()
    files = []
    for directory, _, names in os.walk(arguments.source):
        for name in names:
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                if os.path.getsize(path) <= arguments.max_bytes:
                    files.append(path)
    files.sort()
    rng = random.Random(arguments.seed)
    os.makedirs(arguments.output, exist_ok=True)
    for index in range(arguments.count):
        path = rng.choice(files)
        with open(path, "rb") as handle:
            data = handle.read()
        with open(os.path.join(arguments.output, "m%05d.swift" % index), "wb") as handle:
            handle.write(mutate(data, rng))


if __name__ == "__main__":
    main()
