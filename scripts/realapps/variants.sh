#!/bin/bash
# The line-break and byte-order-mark invariants of `apply`, on real trees (session 22).
#
#   variants.sh OM TREE...
#
# For each TREE, `apply --unsafe-fixes` runs on copies whose Swift files, project files and
# .xcconfig files use \n, \r\n and lone \r line breaks, and on a copy whose Swift files start
# with a UTF-8 byte-order mark. Each output must equal the \n output converted the same way:
# the tool reads every kind of line break alike and writes the file's own. Prints one line per
# tree that differs (with the first files) and exits 1 if any did. Needs perl; the copies go to
# a temporary folder removed afterwards.
OM=$1; shift
status=0
convert() {  # convert FOLDER PERL-EXPRESSION NAME-PATTERNS...
    local folder=$1 expression=$2; shift 2
    local names=()
    for pattern in "$@"; do names+=(-o -name "$pattern"); done
    find "$folder" \( "${names[@]:1}" \) -type f -print0 | xargs -0 -r perl -pi -e "$expression"
}
run() { (cd "$1" && "$OM" apply --unsafe-fixes --allow-dirty --ignore-deployment-target . >/dev/null 2>&1); }
for tree in "$@"; do
    work=$(mktemp -d)
    for variant in lf cr crlf bom; do cp -r "$tree" "$work/$variant"; done
    convert "$work/cr" 's/\n/\r/g' '*.swift' '*.pbxproj' '*.xcconfig'
    convert "$work/crlf" 's/\n/\r\n/g' '*.swift' '*.pbxproj' '*.xcconfig'
    find "$work/bom" -name '*.swift' -type f -print0 | xargs -0 -r perl -0777 -pi -e 's/\A(?!\xEF\xBB\xBF)/\xEF\xBB\xBF/'
    for variant in lf cr crlf bom; do run "$work/$variant"; done
    for variant in cr crlf bom; do
        cp -r "$work/lf" "$work/expected-$variant"
        case $variant in
            cr) convert "$work/expected-cr" 's/\n/\r/g' '*.swift' '*.pbxproj' '*.xcconfig' ;;
            crlf) convert "$work/expected-crlf" 's/\n/\r\n/g' '*.swift' '*.pbxproj' '*.xcconfig' ;;
            bom) find "$work/expected-bom" -name '*.swift' -type f -print0 | xargs -0 -r perl -0777 -pi -e 's/\A(?!\xEF\xBB\xBF)/\xEF\xBB\xBF/' ;;
        esac
        differing=$(diff -rq "$work/expected-$variant" "$work/$variant" 2>/dev/null | grep -a '^Files' | head -3)
        if [ -n "$differing" ]; then echo "$(basename "$tree") [$variant]: $differing"; status=1; fi
    done
    rm -rf "$work"
done
exit $status
