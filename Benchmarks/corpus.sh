# Sourced by the benchmark scripts: extracts the Swift files at HEAD of every bare repository under
# /opt/swift-packages into one folder (repositories present twice with different letter case
# counted once).
#
# Usage: extract_corpus FOLDER
extract_corpus() {
    local tree="$1"
    echo "== extracting .swift files at HEAD of /opt/swift-packages/*/*.git into $tree"
    declare -A seen=()
    local repository key folder
    for repository in $(ls -d /opt/swift-packages/*/*.git | sort); do
        key=$(echo "${repository#/opt/swift-packages/}" | tr '[:upper:]' '[:lower:]')
        [ -n "${seen[$key]:-}" ] && continue
        seen[$key]=1
        folder="$tree/${key//\//+}"
        mkdir -p "$folder"
        git --git-dir="$repository" archive HEAD -- '*.swift' 2>/dev/null | tar -x -C "$folder"
    done
}

# Runs a build quietly, showing its tail only when it fails.
quiet_build() {
    local log
    log=$(mktemp)
    if ! "$@" >"$log" 2>&1; then
        tail -30 "$log"
        rm -f "$log"
        echo "$(basename "$0"): build failed: $*" >&2
        exit 1
    fi
    tail -1 "$log"
    rm -f "$log"
}
