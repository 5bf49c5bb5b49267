#!/usr/bin/env bash
# Records `rocelint check` output (text and --format json, plus exit code) for every samples/ directory,
# every ../shared/{corpus,realworld} group (paths as tests/corpus/<set>/<group>.yaml say, as CorpusGroup
# forms them) and every tests/fixtures/*/*/{bad,good}. Usage: tools/snapshot_outputs.sh BIN OUTDIR
# Compare two snapshots with `diff -r OLD NEW` (must be empty for a behaviour-preserving change).
set -u
bin=$(realpath "$1"); out=$2; mkdir -p "$out"
root=$(cd "$(dirname "$0")/.." && pwd); shared=$(realpath "$root/../shared")
run() { # name, paths...
  local name=$1; shift
  local f="$out/$(echo "$name" | tr '/' '_')"
  (cd "$root" && "$bin" check "$@" >"$f.txt" 2>&1; echo "exit=$?" >>"$f.txt")
  (cd "$root" && "$bin" check --format json "$@" >"$f.json" 2>&1; echo "exit=$?" >>"$f.json")
}
for d in "$root"/samples/*/; do run "samples/$(basename "$d")" "samples/$(basename "$d")"; done
for set in corpus realworld; do
  for g in "$shared/$set"/*/; do
    name=$(basename "$g"); y="$root/tests/corpus/$set/$name.yaml"; args=()
    if [ -f "$y" ] && grep -q '^paths:' "$y"; then
      for p in $(grep '^paths:' "$y" | sed 's/.*\[//; s/\].*//; s/,/ /g'); do args+=("$shared/$p"); done
    else args+=("$shared/$set/$name"); fi
    run "$set/$name" "${args[@]}"
  done
done
for d in "$root"/tests/fixtures/*/*/bad "$root"/tests/fixtures/*/*/good; do
  [ -d "$d" ] && run "${d#$root/}" "${d#$root/}"
done
