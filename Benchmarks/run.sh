#!/usr/bin/env bash
# Side-by-side speed run: observation-migrate's scanner, swift-syntax's parser, and ripgrep, over
# the same Swift tree, each as the median of several runs after the page cache is warm.
#
# Usage: Benchmarks/run.sh [--with-swift-syntax] [--runs N] [DIR]
#
#   DIR                  a tree of .swift files; default: HEAD of every bare repository under
#                        /opt/swift-packages (repositories present twice with different letter
#                        case counted once), extracted with git archive into a temporary folder.
#   --runs N             timed runs per tool (default 5); each reports the median.
#   --with-swift-syntax  build Benchmarks/SwiftSyntaxBaseline if it is not built yet (several
#                        minutes on 2 cores); without it, the baseline runs only if already built.
#
# Environment: SCRATCH (default .build-bench) is the build folder for the release build.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
runs=5
with_swift_syntax=0
tree=""
while [ $# -gt 0 ]; do
    case "$1" in
        --with-swift-syntax) with_swift_syntax=1 ;;
        --runs) runs="$2"; shift ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) tree="$1" ;;
    esac
    shift
done

scratch="${SCRATCH:-$root/.build-bench}"
# shellcheck source=corpus.sh
source "$root/Benchmarks/corpus.sh"
baseline_dir="$root/Benchmarks/SwiftSyntaxBaseline"
baseline="$baseline_dir/.build/release/swift-syntax-baseline"

# The corpus.
cleanup=""
if [ -z "$tree" ]; then
    tree=$(mktemp -d /tmp/observation-migrate-bench.XXXXXX)
    cleanup="$tree"
    extract_corpus "$tree"
fi
trap '[ -n "$cleanup" ] && rm -rf "$cleanup"' EXIT

echo "== building observation-migrate (release)"
quiet_build swift build -c release --scratch-path "$scratch" --product observation-migrate
tool="$scratch/release/observation-migrate"

if [ "$with_swift_syntax" = 1 ] && [ ! -x "$baseline" ]; then
    echo "== building the swift-syntax baseline (release; several minutes)"
    quiet_build swift build -c release --package-path "$baseline_dir"
fi

if ! command -v rg >/dev/null 2>&1; then
    echo "== installing ripgrep"
    (apt-get update -qq && apt-get install -y -qq ripgrep) >/dev/null 2>&1 || true
fi

# Reads the whole tree once, untimed: these machines drop files from the page cache within about
# 30 s of their last use, so every timed run starts from a warm cache of its own.
warm() {
    find "$tree" -type f -name '*.swift' -print0 | xargs -0 cat >/dev/null || true
}
echo "== warming the page cache (again before every timed run)"
warm

# Median wall time of a command over $runs runs, in seconds.
median_seconds() {
    local times=()
    for _ in $(seq "$runs"); do
        local start end
        warm
        start=$(date +%s%N)
        "$@" >/dev/null 2>&1 || true
        end=$(date +%s%N)
        times+=($(( end - start )))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "%.3f\n", m / 1e9}'
}

echo
echo "== observation-migrate: $tool debug bench --runs $runs $tree"
ours=$("$tool" debug bench --runs "$runs" "$tree")
echo "$ours"
megabytes=$(echo "$ours" | awk '/^size:/ {print $2}')
ours_seconds=$(echo "$ours" | awk '/^read\+lex\+structure:/ {print $2}')
ours_rate=$(echo "$ours" | awk '/^read\+lex\+structure:/ {gsub(/\(/, "", $4); print $4}')
ours_cpu_rate=$(echo "$ours" | awk '/^  read\+lex\+structure:/ {gsub(/\(/, "", $4); print $4}')

baseline_rate=""
baseline_seconds=""
baseline_cpu_rate=""
if [ -x "$baseline" ]; then
    echo
    echo "== swift-syntax: $baseline parse-speed --runs $runs $tree"
    theirs=$("$baseline" parse-speed --runs "$runs" "$tree")
    echo "$theirs"
    baseline_rate=$(echo "$theirs" | awk '/^read\+parse:/ {gsub(/\(/, "", $4); print $4}')
    baseline_seconds=$(echo "$theirs" | awk '/^read\+parse:/ {print $2}')
    baseline_cpu_rate=$(echo "$theirs" | awk '/^  read\+parse:/ {gsub(/\(/, "", $4); print $4}')
else
    echo
    echo "== swift-syntax baseline not built; pass --with-swift-syntax to build it"
fi

echo
echo "== observation-migrate: $tool report --format json $tree (the whole pipeline, both cores)"
report_seconds=$(median_seconds "$tool" report --format json "$tree")
echo "median: $report_seconds s"

# `environmentAccess`/`stateAccess` "private" read every file (the relevance filter is off), so
# that no spelling of a property's name goes unseen: the same report under that configuration,
# as a ratio to the default run measured just above.
narrowing_config=$(mktemp /tmp/observation-migrate-bench-config.XXXXXX)
echo '{"environmentAccess": "private", "stateAccess": "private"}' > "$narrowing_config"
echo
echo "== observation-migrate: report --format json --config (environmentAccess, stateAccess \"private\") $tree"
narrowing_seconds=$(median_seconds "$tool" report --format json --config "$narrowing_config" "$tree")
rm -f "$narrowing_config"
echo "median: $narrowing_seconds s ($(awk -v a="$narrowing_seconds" -v b="$report_seconds" 'BEGIN { printf "%.1f", a / b }') x the default run)"

echo
if command -v rg >/dev/null 2>&1; then
    echo "== ripgrep: rg -c -g '*.swift' ObservableObject $tree (all cores, and -j1 for one core)"
    rg_seconds=$(median_seconds rg -c -g '*.swift' ObservableObject "$tree")
    rg1_seconds=$(median_seconds rg -j1 -c -g '*.swift' ObservableObject "$tree")
    rg_label="rg"
else
    echo "== ripgrep unavailable; grep -rc --include='*.swift' ObservableObject $tree instead"
    rg_seconds=$(median_seconds grep -rc --include='*.swift' ObservableObject "$tree")
    rg1_seconds=$rg_seconds
    rg_label="grep"
fi
echo "median: $rg_seconds s (all cores), $rg1_seconds s (one core)"

echo
echo "== summary (medians of $runs runs, $megabytes MB)"
printf '%-42s %8s s  %8s MB/s\n' "observation-migrate read+lex+structure" "$ours_seconds" "$ours_rate"
if [ -n "$baseline_rate" ]; then
    printf '%-42s %8s    %8s MB/s   ours is %sx\n' "swift-syntax read+parse" "" "$baseline_rate" \
        "$(awk -v a="$ours_rate" -v b="$baseline_rate" 'BEGIN {printf "%.1f", a / b}')"
fi
printf '%-42s %8s    %8s MB/s   (thread CPU time)\n' "observation-migrate read+lex+structure" "" "$ours_cpu_rate"
if [ -n "$baseline_cpu_rate" ]; then
    printf '%-42s %8s    %8s MB/s   (thread CPU time) ours is %sx\n' "swift-syntax read+parse" "" "$baseline_cpu_rate" \
        "$(awk -v a="$ours_cpu_rate" -v b="$baseline_cpu_rate" 'BEGIN {printf "%.1f", a / b}')"
fi
printf '%-42s %8s s  %8s MB/s   ours takes %sx its time\n' "$rg_label -c ObservableObject (all cores)" "$rg_seconds" \
    "$(awk -v m="$megabytes" -v s="$rg_seconds" 'BEGIN {printf "%.0f", m / s}')" \
    "$(awk -v a="$ours_seconds" -v b="$rg_seconds" 'BEGIN {printf "%.1f", a / b}')"
printf '%-42s %8s s  %8s MB/s   ours takes %sx its time\n' "$rg_label -c ObservableObject (one core)" "$rg1_seconds" \
    "$(awk -v m="$megabytes" -v s="$rg1_seconds" 'BEGIN {printf "%.0f", m / s}')" \
    "$(awk -v a="$ours_seconds" -v b="$rg1_seconds" 'BEGIN {printf "%.1f", a / b}')"
echo
echo "== the report issue's ratios (same run)"
printf '%-42s %8s s\n' "report --format json (both cores)" "$report_seconds"
if [ -n "$baseline_seconds" ]; then
    printf '%-42s %8s s   report is %sx faster (target: at least 15x)\n' "swift-syntax read+parse (one core)" "$baseline_seconds" \
        "$(awk -v a="$baseline_seconds" -v b="$report_seconds" 'BEGIN {printf "%.1f", a / b}')"
fi
printf '%-42s %8s s   report takes %sx its time (target: within 5x)\n' "$rg_label -c ObservableObject (all cores)" "$rg_seconds" \
    "$(awk -v a="$report_seconds" -v b="$rg_seconds" 'BEGIN {printf "%.1f", a / b}')"
