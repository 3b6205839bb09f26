#!/usr/bin/env bash
# Many trees scanned as one folder against each scanned alone (issue 10): the separate scans' and
# the joint scan's wall and CPU times, the joint scan's peak memory, and how many units get another
# verdict in the joint scan (Benchmarks/joint.py does the measuring).
#
# Usage: Benchmarks/joint.sh [--runs N] [--set all|15] [--tool PATH] [--work DIR]
#
#   --set all    every mirrored real app under $REALAPPS_MIRROR (default /work/.mirror), at the
#                commit scripts/realapps/apps.json names (a migration's parent; HEAD for the
#                others), plus HEAD of every repository under /opt/swift-packages: about 200 MB
#                of Swift (the default).
#   --set 15     the first fifteen repositories of apps.json, without the packages.
#   --runs N     rounds, each scanning every tree alone and then the joint folder (default 3);
#                each figure is a median over the rounds.
#   --tool PATH  measure this binary instead of building one (e.g. an older build, to compare).
#   --work DIR   keep the extracted trees in DIR (reused by the next run with the same DIR);
#                default: a temporary folder under /tmp, removed at the end.
#
# Exit status 1 when any unit's verdict differs between the joint and the separate scans.
# Environment: SCRATCH (default .build-bench) is the build folder for the release build.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
runs=3
set_name=all
tool=""
work=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift ;;
        --set) set_name="$2"; shift ;;
        --tool) tool="$2"; shift ;;
        --work) work="$2"; shift ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) echo "$(basename "$0"): unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done

scratch="${SCRATCH:-$root/.build-bench}"
# shellcheck source=corpus.sh
source "$root/Benchmarks/corpus.sh"

if [ -z "$work" ]; then
    work=$(mktemp -d /tmp/observation-migrate-joint.XXXXXX)
    trap 'rm -rf "$work"' EXIT
fi
case "$(realpath -m "$work")/" in
    "$root"/*) echo "$(basename "$0"): --work must be outside the repository" >&2; exit 2 ;;
esac

if [ -z "$tool" ]; then
    echo "== building observation-migrate (release)"
    quiet_build swift build -c release --scratch-path "$scratch" --product observation-migrate
    tool="$scratch/release/observation-migrate"
fi

packages=()
if [ "$set_name" = all ]; then
    if [ ! -d "$work/all/packages" ]; then
        extract_corpus "$work/all/packages.part"
        mv "$work/all/packages.part" "$work/all/packages"
    fi
    packages=(--with-packages)
fi

python3 "$root/Benchmarks/joint.py" --tool "$tool" --work "$work" --runs "$runs" --set "$set_name" "${packages[@]}"
