#!/bin/bash
# Time of `report` on one file of N, 2N, 4N, 8N dense models (a class and the view holding it,
# repeated): each doubling should about double the time. Before session 21 two rules walked the
# whole file once per model (QA F7: 20 MB, 81,630 models, 3 minutes).
#   Benchmarks/scaling.sh [--tool PATH] [--models N] [--runs R]
# Prints, per size, the median wall time of R runs (after an untimed warm-up run) and the ratio
# to the size before it.
set -euo pipefail
tool=.build/release/observation-migrate
models=5000
runs=3
while [ $# -gt 0 ]; do
    case "$1" in
        --tool) tool=$2; shift 2 ;;
        --models) models=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        *) echo "usage: $0 [--tool PATH] [--models N] [--runs R]" >&2; exit 2 ;;
    esac
done
[ -x "$tool" ] || { echo "no tool at $tool (swift build -c release first, or --tool PATH)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
previous=""
for factor in 1 2 4 8; do
    n=$((models * factor))
    mkdir -p "$work/$n"
    python3 - "$n" "$work/$n/Models.swift" <<'PY'
import sys
n, path = int(sys.argv[1]), sys.argv[2]
with open(path, "w") as f:
    f.write("import Combine\nimport SwiftUI\n")
    for i in range(n):
        f.write(f"final class M{i}: ObservableObject {{\n    @Published var value = {i}\n}}\n")
        f.write(f"struct V{i}: View {{\n    @StateObject private var model = M{i}()\n"
                f"    var body: some View {{ Text(\"\\(model.value)\") }}\n}}\n")
PY
    "$tool" report "$work/$n" > /dev/null  # warm-up: page cache, and the same work once
    times=()
    for _ in $(seq "$runs"); do
        start=$(date +%s.%N)
        "$tool" report "$work/$n" > /dev/null
        end=$(date +%s.%N)
        times+=("$(python3 -c "print($end - $start)")")
    done
    median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
    size=$(du -k "$work/$n/Models.swift" | cut -f1)
    if [ -n "$previous" ]; then ratio=$(python3 -c "print(f'{$median / $previous:.2f}')"); else ratio="-"; fi
    printf '%8d models  %7d KB  median %6.2f s  ratio to the size before %s\n' "$n" "$size" "$median" "$ratio"
    previous=$median
done
