#!/usr/bin/env bash
# The pull-request gate on a fabric edited between two git commits, as docs/ci.md runs it:
# baseline written at the first commit, every line shifted, one mistake fixed and one
# introduced at the second; diff between a worktree of the base and the working tree.
# Usage: tests/check_git_gate.sh SOURCE_DIR ROCELINT_BINARY
set -euo pipefail
src=$1
rocelint=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
git() { command git -c user.name=ci -c user.email=ci@example.invalid -c init.defaultBranch=main "$@"; }

cd "$work"
git init -q repo
cd repo
mkdir fabric
cp "$src"/samples/leafspine-broken/*.json fabric/
git add fabric && git commit -qm "fabric as deployed"
"$rocelint" check fabric --write-baseline .rocelint-baseline.json -q
git add .rocelint-baseline.json && git commit -qm "adopt rocelint with a baseline"
base=$(git rev-parse HEAD)

# The change under review.
printf '    "ACL_TABLE": {\n        "DATAACL": {\n            "policy_desc": "shift"\n        }\n    },\n' >"$work/acl"
for f in fabric/*.json; do sed -i "1r $work/acl" "$f"; done
sed -i 's/"mtu": "1500"/"mtu": "9100"/' fabric/leaf2.json
sed -i '0,/"mtu": "9100"/s//"mtu": "1500"/' fabric/leaf1.json
git commit -qam "raise leaf2 uplink MTU, touch leaf1"

# Baseline: lines moved in every file, yet only the new problem is reported; the fixed one is
# listed as a stale entry.
set +e
out=$("$rocelint" check fabric --baseline .rocelint-baseline.json)
code=$?
set -e
[[ $code -eq 1 ]] || fail "baseline check: exit $code: $out"
grep -qE "leaf1.json:[0-9]+:[0-9]+: error\\[TOPO003\\]" <<<"$out" || fail "new finding not reported: $out"
[[ $(grep -c "\]: " <<<"$out") -eq 1 ]] || fail "only the new finding may be reported: $out"
grep -q "1 baseline entry no longer occurs" <<<"$out" || fail "fixed finding not listed: $out"

# Diff against a worktree of the base commit: exit 1 for the introduced error.
git worktree add -q "$work/base" "$base"
set +e
out=$("$rocelint" diff "$work/base/fabric" fabric --format json)
code=$?
set -e
[[ $code -eq 1 ]] || fail "diff: exit $code"
python_count() { /usr/bin/python3 -c "import json,sys; d=json.load(sys.stdin); print(d['summary']['$1'])" <<<"$out"; }
[[ $(python_count introduced) -eq 1 && $(python_count fixed) -eq 1 ]] || fail "diff counts: $out"

# Accepting the new finding with a suppression (with a reason) passes the gate, and the
# suppression is counted.
printf 'suppressions:\n  - rule: TOPO003\n    switch: leaf1\n    reason: "MTU rollout in progress (CHG-1)"\n' >fabric/.rocelint.yaml
out=$("$rocelint" diff "$work/base/fabric" fabric) || fail "suppressed diff must pass: $out"
grep -q "1 finding(s) of the new version suppressed" <<<"$out" || fail "suppression not counted: $out"
echo "git gate: ok"
