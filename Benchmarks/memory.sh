#!/usr/bin/env bash
# Peak memory (maximum resident set size) and wall time of report, apply --dry-run and lint on one
# large generated Swift file and on the Swift sources of /opt/swift-packages, as medians of
# several runs (issue 12, item 4: peak memory near the size of the input).
#
# Usage: Benchmarks/memory.sh [--runs N] [--megabytes M] [--only generated|corpus] [--limit MB]
#                              [--skip-build] [--tool PATH] [--baseline PATH] [DIR]
#
#   DIR           the tree to measure besides the generated file; default: HEAD of every bare
#                 repository under /opt/swift-packages, extracted with git archive.
#   --runs N      runs per command (default 3); each figure is the median.
#   --megabytes M size of the generated file (default 50), written by generate_large_file.py.
#   --only WHICH  measure only the generated file or only the tree.
#   --limit MB    address-space limit per run (default 8192), so that a runaway build cannot take
#                 the whole shared machine; a run that hits it is marked "failed".
#   --tool PATH   measure this binary instead of building one (e.g. an older build, to compare).
#   --baseline PATH  also measure this binary (e.g. a release build of main), its runs interleaved
#                 with the tool's so that both see the same load; both columns are printed.
#   --skip-build  use the release binary already in the scratch folder.
#
# apply runs with --ignore-deployment-target so that the corpus (whose Package.swift files declare
# older platforms) goes through the whole rewrite instead of stopping at the refusal.
# Environment: SCRATCH (default .build-bench) is the build folder for the release build.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
runs=3
megabytes=50
skip_build=0
only=""
limit_mb=8192
tool=""
baseline=""
tree=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift ;;
        --megabytes) megabytes="$2"; shift ;;
        --skip-build) skip_build=1 ;;
        --only) only="$2"; shift ;;
        --limit) limit_mb="$2"; shift ;;
        --tool) tool="$2"; shift ;;
        --baseline) baseline="$2"; shift ;;
        -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
        *) tree="$1" ;;
    esac
    shift
done

scratch="${SCRATCH:-$root/.build-bench}"
# shellcheck source=corpus.sh
source "$root/Benchmarks/corpus.sh"

work=$(mktemp -d /tmp/observation-migrate-memory.XXXXXX)
trap 'rm -rf "$work"' EXIT

if [ -z "$tool" ]; then
    tool="$scratch/release/observation-migrate"
    if [ "$skip_build" = 0 ]; then
        echo "== building observation-migrate (release)"
        quiet_build swift build -c release --scratch-path "$scratch" --product observation-migrate
    fi
fi

inputs=()
if [ "$only" != corpus ]; then
    echo "== generating a ${megabytes} MB Swift file"
    mkdir -p "$work/large"
    python3 "$root/Benchmarks/generate_large_file.py" --megabytes "$megabytes" "$work/large/Generated.swift"
    inputs+=("$work/large")
fi
if [ "$only" != generated ]; then
    if [ -z "$tree" ]; then
        tree="$work/corpus"
        extract_corpus "$tree"
    fi
    inputs+=("$tree")
fi

# Appends one run's "PEAK_KB SECONDS" (or "failed") to the file $1, running the rest of the
# arguments under GNU time with the address-space limit.
run_once() {
    local results="$1"
    shift
    local log="$work/time.log"
    local status=0
    (ulimit -v $((limit_mb * 1024)); exec /usr/bin/time -v -o "$log" "$@" >/dev/null 2>&1) || status=$?
    # 0 and 1 are results (1: findings or pending changes); anything else is a failure.
    if [ "$status" -gt 1 ]; then echo failed >> "$results"; return; fi
    awk '/Maximum resident set size/ {peak = $NF}
         /Elapsed \(wall clock\)/ {n = split($NF, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]}
         END {print peak, s}' "$log" >> "$results"
}

# Prints "PEAK_MB SECONDS" from a file of runs: the medians of the maximum resident set size (MB
# of 2^20 bytes) and of the wall time; "failed failed" when any run failed.
medians() {
    if grep -q failed "$1"; then echo "failed failed"; return; fi
    local peak second
    peak=$(awk '{print $1}' "$1" | sort -n | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "%.0f", m / 1024}')
    second=$(awk '{print $2}' "$1" | sort -n | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "%.2f", m}')
    echo "$peak $second"
}

size_mb() { du -sm --apparent-size "$1" | awk '{print $1}'; }

echo
if [ -n "$baseline" ]; then
    echo "== $tool against the baseline $baseline, medians of $runs interleaved runs each"
    printf '%-10s %-58s %9s %9s %8s %8s %8s\n' input command "input MB" "base MB" "peak MB" "base s" "seconds"
else
    echo "== $tool, medians of $runs runs"
    printf '%-10s %-58s %9s %8s %8s\n' input command "input MB" "peak MB" "seconds"
fi
for input in "${inputs[@]}"; do
    label=$([ "$input" = "$work/large" ] && echo "generated" || echo "corpus")
    input_mb=$(size_mb "$input")
    for command in "report" "report --format json" "report --format html" \
                   "apply --dry-run --ignore-deployment-target" \
                   "apply --dry-run --unsafe-fixes --ignore-deployment-target" "lint"; do
        : > "$work/tool.runs"
        : > "$work/base.runs"
        for _ in $(seq "$runs"); do
            # shellcheck disable=SC2086
            [ -n "$baseline" ] && run_once "$work/base.runs" "$baseline" $command "$input"
            # shellcheck disable=SC2086
            run_once "$work/tool.runs" "$tool" $command "$input"
        done
        read -r peak seconds < <(medians "$work/tool.runs")
        if [ -n "$baseline" ]; then
            read -r base_peak base_seconds < <(medians "$work/base.runs")
            printf '%-10s %-58s %9s %9s %8s %8s %8s\n' "$label" "$command" "$input_mb" "$base_peak" "$peak" "$base_seconds" "$seconds"
        else
            printf '%-10s %-58s %9s %8s %8s\n' "$label" "$command" "$input_mb" "$peak" "$seconds"
        fi
    done
done
