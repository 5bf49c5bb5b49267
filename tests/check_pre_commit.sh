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
# Any format, any name, by content: an EOS fabric in a folder with a space, its files named
# without extension; a change that sends DSCP 26 to a lossy class is refused, a README is no input.
mkdir -p "$work/fabrics/eos pod"
for f in "$src"/samples/leafspine-eos/*.cfg; do cp "$f" "$work/fabrics/eos pod/$(basename "$f" .cfg)"; done
cp "$src/samples/leafspine-eos/README.md" "$work/fabrics/eos pod/README.md"
out=$("$hook" "fabrics/eos pod/leaf1") || fail "clean EOS fabric: exit $?: $out"
grep -q "6 switch(es)" <<<"$out" || fail "EOS fabric not checked as a whole: $out"
out=$("$hook" "fabrics/eos pod/README.md") || fail "README only: exit $?: $out"
[[ -z $out ]] || fail "a commit touching no input checks nothing: $out"
sed -i 's/^qos map dscp 26 to traffic-class 3$/qos map dscp 26 to traffic-class 1/' "$work/fabrics/eos pod/spine2"
set +e
out=$("$hook" "fabrics/eos pod/spine2" 2>&1)
code=$?
set -e
[[ $code -eq 1 ]] || fail "broken EOS fabric: exit $code: $out"
grep -q "MAP001" <<<"$out" || fail "the EOS mistake is not reported: $out"

# The same through git: a pre-commit hook that passes the staged files, as pre-commit does.
repo=$work/repo
git init -q "$repo"
cp -r "$src/samples/leafspine-eos" "$repo/eos fabric"
git -C "$repo" -c user.name=t -c user.email=t@t add -A
git -C "$repo" -c user.name=t -c user.email=t@t commit -qm base
cat > "$repo/.git/hooks/pre-commit" <<HOOK
#!/usr/bin/env bash
git diff --cached --name-only -z --diff-filter=ACMR | xargs -0 -r "$hook" --quiet
HOOK
chmod +x "$repo/.git/hooks/pre-commit"
echo "more words" >> "$repo/eos fabric/README.md"
git -C "$repo" add -A
git -C "$repo" -c user.name=t -c user.email=t@t commit -qm docs >/dev/null 2>&1 || fail "a README change is refused"
echo "! reviewed" >> "$repo/eos fabric/leaf1.cfg"
git -C "$repo" add -A
git -C "$repo" -c user.name=t -c user.email=t@t commit -qm clean >/dev/null 2>&1 || fail "a clean EOS change is refused"
sed -i 's/^qos map dscp 26 to traffic-class 3$/qos map dscp 26 to traffic-class 1/' "$repo/eos fabric/spine2.cfg"
git -C "$repo" add -A
if git -C "$repo" -c user.name=t -c user.email=t@t commit -qm broken >/dev/null 2>&1; then
  fail "a commit breaking an EOS fabric went through"
fi
echo "pre-commit hook: ok"
