#!/bin/bash
# Byte-compares every report, lint and apply output of two builds of the tool: the
# behaviour-unchanged check for refactors (see CONTRIBUTING.md).
#
#   scripts/compare-outputs.sh BASE_BIN NEW_BIN [TREE...]
#
# TREE defaults to Examples/NotesApp; add real apps extracted under /tmp (never inside the
# repository). Outputs and stderr (with the exit code) land in $COMPARE_WORK (default
# /tmp/om-compare)/{base,new}. Prints "same" or "DIFF" per run; exit status 1 if any differ.
set -u
if [ $# -lt 2 ]; then
  echo "usage: $0 BASE_BIN NEW_BIN [TREE...]" >&2
  exit 2
fi
BASE=$(realpath "$1"); NEW=$(realpath "$2"); shift 2
REPO=$(cd "$(dirname "$0")/.." && pwd)
TREES=("$@"); [ ${#TREES[@]} -eq 0 ] && TREES=("$REPO/Examples/NotesApp")
OUT=${COMPARE_WORK:-/tmp/om-compare}
rm -rf "$OUT"; mkdir -p "$OUT/base" "$OUT/new"
fail=0
run() { # name dir args...
  local name=$1 dir=$2; shift 2
  for side in base new; do
    local bin=$BASE; [ $side = new ] && bin=$NEW
    (cd "$dir" && "$bin" "$@" > "$OUT/$side/$name.out" 2> "$OUT/$side/$name.err"; echo "rc=$?" >> "$OUT/$side/$name.err")
  done
  if cmp -s "$OUT/base/$name.out" "$OUT/new/$name.out" && cmp -s "$OUT/base/$name.err" "$OUT/new/$name.err"; then
    echo "same  $name ($(wc -c < "$OUT/new/$name.out") bytes)"
  else
    echo "DIFF  $name"; fail=1
  fi
}
for dir in "${TREES[@]}"; do
  n=$(basename "$dir")
  for f in text json markdown html; do run "$n-report-$f" "$dir" report --format $f .; done
  for f in xcode json sarif; do run "$n-lint-$f" "$dir" lint --format $f .; done
  run "$n-apply" "$dir" apply --dry-run --unsafe-fixes .
  run "$n-apply-ignore" "$dir" apply --dry-run --unsafe-fixes --ignore-deployment-target .
  run "$n-apply-safe" "$dir" apply --dry-run --ignore-deployment-target .
done
exit $fail
