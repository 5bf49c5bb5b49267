#!/usr/bin/env bash
# Runs tools/pre-commit-rocelint as pre-commit would: tests/check_pre_commit.sh SOURCE_DIR ROCELINT_BINARY
set -euo pipefail
src=$1
export ROCELINT=$2
hook=$src/tools/pre-commit-rocelint
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/fabrics"
cp -r "$src/samples/leafspine-clean" "$work/fabrics/clean"
cp -r "$src/samples/leafspine-broken" "$work/fabrics/broken"
mkdir -p "$work/fabrics/clean/pod1"
mv "$work/fabrics/clean/leaf1.json" "$work/fabrics/clean/pod1/leaf1.json"
echo "rules: {disable: [WD003]}" > "$work/fabrics/clean/.rocelint.yaml"
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
# A changed file in a sub-directory checks the whole fabric above it (found by .rocelint.yaml):
# with only pod1/ checked, leaf1 would be alone and its links unknown, still clean but 1 switch.
out=$("$hook" fabrics/clean/pod1/leaf1.json) || fail "clean fabric: exit $?: $out"
grep -q "6 switch(es)" <<<"$out" || fail "clean fabric not checked as a whole: $out"
# A broken fabric fails; options are passed on.
set +e
out=$("$hook" --fail-on=error fabrics/broken/leaf3.json fabrics/broken/leaf2.json)
code=$?
set -e
[[ $code -eq 1 ]] || fail "broken fabric: exit $code"
[[ $(grep -c "switch(es)" <<<"$out") -eq 1 ]] || fail "one fabric must be checked once: $out"
# Both at once: highest exit wins; deleted files are skipped.
set +e
"$hook" fabrics/clean/leaf2.json fabrics/broken/leaf1.json fabrics/gone.json >/dev/null
code=$?
set -e
[[ $code -eq 1 ]] || fail "mixed: exit $code"
echo "pre-commit hook: ok"
