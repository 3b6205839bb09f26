#!/bin/bash
# Time of `report` on one file of N, 2N, 4N, 8N dense models (a class and the view holding it,
# repeated): each doubling should about double the time. Before session 21 two rules walked the
# whole file once per model (QA F7: 20 MB, 81,630 models, 3 minutes).
# --shape wide: instead, one model of N @Published properties and N views, each holding it with
# @ObservedObject and @EnvironmentObject and reading one property and its $x publisher
# (`.onReceive(m.$p7)`): before session 32 the rules looked each site's property up by walking
# the model's members, and the relevance filter followed a name every view repeats once per
# mention, so the time grew with the square of N (5,000 properties and 2,000 views: 9 s).
# --shape sends: one model of N stored properties and one method announcing each change by hand
# (`objectWillChange.send()` before `pI += 1`, N times): before session 32 each change of each
# send looked for a local shadowing the property by reading the whole method again, so the time
# grew with the cube of N (400: 23 s).
# --shape relays: N holders, each relaying its own child's objectWillChange, and a view reading
# the child through the holder: session 36's relay listener check first read every unit's
# objectWillChange sites, and built its set of relay sites, once per holder in each round of
# its fixpoint, so the time grew with the square of N (1,500 relays: 1.3 s -> 5.9 s, then back);
# session 37 builds the relay sites once for the relay and send findings too (2,000: 1.88 s -> 0.74 s).
#   Benchmarks/scaling.sh [--tool PATH] [--models N] [--runs R] [--shape dense|wide|sends|relays]
# Prints, per size, the median wall time of R runs (after an untimed warm-up run) and the ratio
# to the size before it.
set -euo pipefail
tool=.build/release/observation-migrate
models=5000
runs=3
shape=dense
while [ $# -gt 0 ]; do
    case "$1" in
        --tool) tool=$2; shift 2 ;;
        --models) models=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --shape) shape=$2; shift 2 ;;
        *) echo "usage: $0 [--tool PATH] [--models N] [--runs R] [--shape dense|wide|sends|relays]" >&2; exit 2 ;;
    esac
done
case "$shape" in dense|wide|sends|relays) ;; *) echo "--shape must be dense, wide, sends or relays, not '$shape'" >&2; exit 2 ;; esac
[ -x "$tool" ] || { echo "no tool at $tool (swift build -c release first, or --tool PATH)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
previous=""
for factor in 1 2 4 8; do
    n=$((models * factor))
    mkdir -p "$work/$n"
    python3 - "$n" "$work/$n/Models.swift" "$shape" <<'PY'
import sys
n, path, shape = int(sys.argv[1]), sys.argv[2], sys.argv[3]
with open(path, "w") as f:
    f.write("import Combine\nimport SwiftUI\n")
    if shape == "wide":
        f.write("final class Model: ObservableObject {\n")
        for i in range(n):
            f.write(f"    @Published var p{i} = {i}\n")
        f.write("}\n")
        for i in range(n):
            f.write(f"struct V{i}: View {{\n    @ObservedObject var m: Model\n    @EnvironmentObject var e: Model\n"
                    f"    var body: some View {{ Text(\"\\(m.p{i}) \\(e.p{i})\").onReceive(m.$p{i}) {{ _ in }} }}\n}}\n")
    elif shape == "sends":
        f.write("final class Model: ObservableObject {\n")
        for i in range(n):
            f.write(f"    var p{i} = {i}\n")
        f.write("    func bump() {\n")
        for i in range(n):
            f.write(f"        objectWillChange.send()\n        p{i} += 1\n")
        f.write("    }\n}\n")
        f.write("struct V: View {\n    @StateObject private var model = Model()\n"
                "    var body: some View { Text(\"\\(model.p0)\") }\n}\n")
    elif shape == "relays":
        for i in range(n):
            f.write(f"final class C{i}: ObservableObject {{\n    @Published var count = 0\n}}\n"
                    f"final class H{i}: ObservableObject {{\n    let child = C{i}()\n    var relay: AnyCancellable?\n"
                    f"    init() {{ relay = child.objectWillChange.sink {{ [weak self] _ in self?.objectWillChange.send() }} }}\n}}\n"
                    f"struct V{i}: View {{\n    @ObservedObject var holder: H{i}\n"
                    f"    var body: some View {{ Text(\"\\(holder.child.count)\") }}\n}}\n")
    else:
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
    case "$shape" in wide) unit="properties and views" ;; sends) unit="sends" ;; relays) unit="relays" ;; *) unit="models" ;; esac
    printf '%8d %s  %7d KB  median %6.2f s  ratio to the size before %s\n' "$n" "$unit" "$size" "$median" "$ratio"
    previous=$median
done
