#!/usr/bin/env bash
# Fault tests for the whole binary (issue 17 item 5; docs/reliability.md "Fault tests"): every
# hostile case is built here in a temporary directory from the samples, the release (or ASan)
# binary is run on it under /usr/bin/time -v and a hang guard, and each run must give its exit
# code and message, stay under the time and peak-memory bounds, and leave its inputs as they were
# (sha256, size, mode and mtime). Then: byte-identical JSON across runs, thread counts
# (ROCELINT_THREADS) and directory creation order.
# Usage: tests/fault/run_faults.sh ROCELINT_BINARY [ROCELINT_FABRICGEN_BINARY]
#   (with the generator, the same-report cases also run on a k=8 fat-tree and a cyclic ring)
# Bounds: FAULT_MAX_SECONDS (default 20), FAULT_MAX_RSS_MB (default 1024), FAULT_HANG_SECONDS (60).
set -uo pipefail

[[ ($# -eq 1 || $# -eq 2) && -x $1 ]] || {
  echo "usage: $0 ROCELINT_BINARY [ROCELINT_FABRICGEN_BINARY]" >&2
  exit 2
}
bin=$(realpath "$1")
fabricgen=${2:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
samples=$root/samples
max_seconds=${FAULT_MAX_SECONDS:-20}
max_rss_mb=${FAULT_MAX_RSS_MB:-1024}
hang_seconds=${FAULT_HANG_SECONDS:-60}
[[ -x /usr/bin/time ]] || {
  echo "FAIL: /usr/bin/time is missing (Debian package time; tools/deps.sh installs it)"
  exit 1
}

work=$(mktemp -d /tmp/rocelint-fault.XXXXXX)
chmod 755 "$work" # the unprivileged cases run as nobody
runs=$(mktemp -d /tmp/rocelint-fault-runs.XXXXXX) # outputs, outside every watched input
trap 'chmod -R u+rwX "$work" 2>/dev/null; rm -rf "$work" "$runs"' EXIT
failures=0
passes=0

# --- Running the binary -----------------------------------------------------------------------

# Inputs as they are: path, type, size, mode, mtime and link target of every entry, and the
# sha256 of every regular file under 64 MiB (the 2 GB sparse file is compared by size and mtime).
snapshot() {
  find "$@" \( -type f -o -type l -o -type p -o -type d \) -printf '%p %y %s %m %T@ %l\n' 2>/dev/null | LC_ALL=C sort
  find "$@" -type f -size -64M -print0 2>/dev/null | LC_ALL=C sort -z | xargs -0r sha256sum
}

# rocelint [--as-nobody] [--env NAME=VALUE]... -- ARGS...: runs the binary. Sets code, out (stdout
# file), err (stderr file), seconds, rss_mb, and bound_problems (time, memory, hang, signal). An
# argument --stdout-to-dev-full is not passed on: it sends stdout to /dev/full.
run_seq=0
rocelint() {
  local prefix=() envs=()
  while [[ $1 != -- ]]; do
    case $1 in
    --as-nobody) prefix=(setpriv --reuid=nobody --regid=nogroup --clear-groups) ;;
    --env)
      envs+=("$2")
      shift
      ;;
    esac
    shift
  done
  shift
  run_seq=$((run_seq + 1))
  out=$runs/$run_seq.out
  local stdout=$out args=() a
  : >"$out"
  for a in "$@"; do
    if [[ $a == --stdout-to-dev-full ]]; then stdout=/dev/full; else args+=("$a"); fi
  done
  set -- "${args[@]}"
  err=$runs/$run_seq.err
  local timing=$runs/$run_seq.time start end
  start=$(date +%s%N)
  env "${envs[@]}" timeout -k 5 "$hang_seconds" /usr/bin/time -v -o "$timing" "${prefix[@]}" "$bin" "$@" \
    >"$stdout" 2>"$err" </dev/null
  code=$?
  end=$(date +%s%N)
  seconds=$(awk -v ns=$((end - start)) 'BEGIN { printf "%.2f", ns / 1e9 }')
  local kb
  kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$timing" 2>/dev/null)
  rss_mb=$(((${kb:-0} + 1023) / 1024))
  bound_problems=()
  if [[ $code -eq 124 || $code -eq 137 ]]; then bound_problems+=("hung: killed after ${hang_seconds} s"); fi
  if grep -q "Command terminated by signal" "$timing" 2>/dev/null; then
    bound_problems+=("$(grep "Command terminated by signal" "$timing")")
  fi
  if awk -v s="$seconds" -v m="$max_seconds" 'BEGIN { exit !(s > m) }'; then
    bound_problems+=("took ${seconds} s, more than ${max_seconds} s")
  fi
  if [[ -z $kb ]]; then
    bound_problems+=("no peak memory from /usr/bin/time")
  elif ((rss_mb > max_rss_mb)); then
    bound_problems+=("peak RSS ${rss_mb} MB, more than ${max_rss_mb} MB")
  fi
  return 0
}

# One line per case: PASS/FAIL, then the figures of its last run and what went wrong.
report() {
  local name=$1
  shift
  if [[ $# -eq 0 ]]; then
    passes=$((passes + 1))
    printf 'PASS %-28s exit %s, %s s, %s MB\n' "$name" "$code" "$seconds" "$rss_mb"
  else
    failures=$((failures + 1))
    printf 'FAIL %-28s exit %s, %s s, %s MB\n' "$name" "$code" "$seconds" "$rss_mb"
    local problem
    for problem in "$@"; do printf '       %s\n' "$problem"; done
    printf '       stdout: %s\n' "$(head -c 1500 "$out" | tr '\n' '|')"
    printf '       stderr: %s\n' "$(head -c 1500 "$err" | tr '\n' '|')"
  fi
}

# expect NAME CODE WATCH [--as-nobody] [--env N=V]... [+TEXT | -TEXT | @RULE FILE LINE COL]... -- ARGS...
# Runs ARGS and requires exit CODE, every +TEXT in stdout or stderr, no -TEXT, and each @ finding
# (rule, file, line, column) in the --format json report ARGS must then ask for; WATCH (a path
# or "-") must be untouched by the run. Every run is held to the time and memory bounds.
expect() {
  local name=$1 want=$2 watch=$3
  shift 3
  local options=() has=() hasnt=() findings=()
  while [[ $1 != -- ]]; do
    case $1 in
    --as-nobody) options+=("$1") ;;
    --env)
      options+=("$1" "$2")
      shift
      ;;
    +*) has+=("${1:1}") ;;
    -*) hasnt+=("${1:1}") ;;
    @*) findings+=("${1:1}") ;;
    esac
    shift
  done
  shift
  local before=""
  [[ $watch != - ]] && before=$(snapshot "$watch")
  rocelint "${options[@]}" -- "$@"
  local problems=("${bound_problems[@]}") text
  [[ $code -eq $want ]] || problems+=("exit $code, expected $want")
  for text in "${has[@]}"; do
    grep -qF -- "$text" "$out" "$err" || problems+=("no \"$text\"")
  done
  for text in "${hasnt[@]}"; do
    grep -qF -- "$text" "$out" "$err" && problems+=("unexpected \"$text\"")
  done
  if [[ ${#findings[@]} -gt 0 ]]; then
    local located
    located=$(python3 -c '
import json, sys
doc = json.load(open(sys.argv[1], encoding="utf-8"))
for f in doc["findings"]:
    loc = f.get("location") or {}
    print(f["rule"], loc.get("file"), loc.get("line"), loc.get("column"))' "$out" 2>&1)
    for text in "${findings[@]}"; do
      grep -qxF -- "$text" <<<"$located" || problems+=("no finding \"$text\" in the JSON report (has: $(head -5 <<<"$located" | tr '\n' ';'))")
    done
  fi
  if [[ $watch != - && $(snapshot "$watch") != "$before" ]]; then
    problems+=("inputs changed: $(diff <(echo "$before") <(snapshot "$watch") | head -4 | tr '\n' ' ')")
  fi
  report "$name" "${problems[@]}"
}

# --- Building the cases -----------------------------------------------------------------------

# A copy of a sample fabric at $work/NAME; prints its path.
fabric() {
  cp -r "$samples/$1" "$work/$2"
  rm -f "$work/$2/README.md"
  echo "$work/$2"
}

# corrupt FILE NEEDLE BYTES: inserts BYTES (Python escapes) right after the first NEEDLE in FILE;
# prints the 1-based line and byte column of the first inserted byte.
corrupt() {
  python3 - "$@" <<'EOF'
import sys
path, needle, raw = sys.argv[1], sys.argv[2].encode(), sys.argv[3].encode().decode("unicode_escape").encode("latin-1")
data = open(path, "rb").read()
at = data.index(needle) + len(needle)
open(path, "wb").write(data[:at] + raw + data[at:])
line = data.count(b"\n", 0, at) + 1
print(line, at - (data.rfind(b"\n", 0, at) + 1) + 1)
EOF
}

# python3 writes the large generated inputs (bash strings of 300,000 brackets are slow).
gen() { python3 -c "import sys; open(sys.argv[1], 'w', newline='').write($2)" "$1"; }

depth=256

echo "rocelint fault tests: $bin (bounds ${max_seconds} s, ${max_rss_mb} MB; hang guard ${hang_seconds} s)"

# --- 1. Nesting depth -------------------------------------------------------------------------

f=$(fabric leafspine-clean json-deep-config-db)
gen "$f/leaf1.json" "'\n' + '{\"a\":' * 300000"
# {"a": is five bytes: the bracket that opens level 257 is at column 256*5+1.
expect json-deep-config-db 2 "$f" "@CFG006 $f/leaf1.json 2 $((depth * 5 + 1))" -- check "$f" --format json
expect json-deep-config-db-text 2 "$f" "+$f/leaf1.json:2:$((depth * 5 + 1)): error[CFG006]: invalid JSON: nesting deeper than $depth levels (the nesting depth limit" \
  "+switch leaf1 is missing from the analysis" -- check "$f"

f=$(fabric leafspine-clean json-deep-lldp)
prefix='{"lldp": {"interface": '
gen "$f/lldp.json" "'$prefix' + '[' * 35000 + '}}'"
# Two objects, then brackets: bracket number 255 opens level 257.
expect json-deep-lldp 2 "$f" "@CFG006 $f/lldp.json 1 $((${#prefix} + depth - 1))" -- check "$f" --format json

gen "$work/deep-baseline.json" "'[' * 300000"
expect json-deep-baseline 2 "$work/deep-baseline.json" \
  "+$work/deep-baseline.json:1:$((depth + 1)): invalid JSON: nesting deeper than $depth levels" -- \
  check "$samples/leafspine-clean" --baseline "$work/deep-baseline.json"

f=$(fabric leafspine-nvue yaml-deep-nvue)
gen "$f/leaf1/startup.yaml" "'- set:\n    system:\n      hostname: leaf1\n    interface:\n      swp1: ' + '[' * 300000 + ']' * 300000"
expect yaml-deep-nvue 2 "$f" "+$f/leaf1/startup.yaml:5:$((depth + 9)): error[CFG006]: nesting deeper than $depth levels (the nesting depth limit" \
  -- check "$f"

gen "$work/deep-config.yaml" "'rules: ' + '[' * 300000 + ']' * 300000"
# The mapping is level 1: bracket number 256 (column 7+256) opens level 257.
expect yaml-deep-config 2 "$work/deep-config.yaml" \
  "+$work/deep-config.yaml:1:$((7 + depth)): nesting deeper than $depth levels" -- \
  check "$samples/leafspine-clean" --config "$work/deep-config.yaml"

# EOS indentation: line i+2 is indented i spaces, so level 257 is line 258 at column 257.
f=$(fabric leafspine-eos cli-deep-eos)
gen "$f/leaf9.cfg" "'hostname leaf9\n' + ''.join(' ' * i + 'interface x\n' for i in range(300))"
expect cli-deep-eos 2 "$f" "@CFG006 $f/leaf9.cfg $((depth + 2)) $((depth + 1))" -- check "$f" --format json
# Junos braces (limit 64): block a<i> opens level i+1 on line i+4, four spaces per level; the
# error is at the brace of a64.
f=$(fabric leafspine-junos cli-deep-junos)
gen "$f/leaf9.conf" "'system {\n    host-name leaf9;\n}\n' + ''.join('    ' * i + 'a%d {\n' % i for i in range(100))"
expect cli-deep-junos 2 "$f" "@CFG006 $f/leaf9.conf 68 $((4 * 64 + 5))" \
  -- check "$f" --format json
expect cli-deep-junos-text 2 "$f" "+$f/leaf9.conf:68:$((4 * 64 + 5)): error[CFG006]: expected at most 64 levels of nested blocks in a Junos configuration" \
  -- check "$f"

# --- 2. Expansion bombs -----------------------------------------------------------------------

# Nine copies of the level below per level: 9^9 nodes once expanded. Levels 1-4 stay under the
# 100,000-node budget; the first alias of level 5, on line 10, passes it.
alias_bomb() {
  printf -- '- set:\n    system:\n      hostname: leaf1\n    x:\n      l0: &l0 [a, b, c, d, e, f, g, h, i]\n'
  local l p
  for l in 1 2 3 4 5 6 7 8 9; do
    p="*l$((l - 1))"
    printf '      l%d: &l%d [%s, %s, %s, %s, %s, %s, %s, %s, %s]\n' "$l" "$l" "$p" "$p" "$p" "$p" "$p" "$p" "$p" "$p" "$p"
  done
}
f=$(fabric leafspine-nvue yaml-alias-bomb-nvue)
alias_bomb >"$f/leaf1/startup.yaml"
# "      l5: &l5 [" is 15 bytes: the first alias of level 5 is at column 16.
expect yaml-alias-bomb-nvue 2 "$f" "+$f/leaf1/startup.yaml:10:16: error[CFG006]: aliases expand to more than 100000 nodes (the YAML alias expansion limit" \
  -- check "$f"
expect yaml-alias-bomb-nvue-json 2 "$f" "@CFG006 $f/leaf1/startup.yaml 10 16" -- check "$f" --format json
alias_bomb | sed 's/^- set:/params:/; s/^    system:/  x:/; s/^      hostname: leaf1/    y: 1/' >"$work/bomb-config.yaml"
expect yaml-alias-bomb-config 2 "$work/bomb-config.yaml" "+$work/bomb-config.yaml:10:16:" \
  "+aliases expand to more than 100000 nodes" -- check "$samples/leafspine-clean" --config "$work/bomb-config.yaml"

# A "billion laughs" DTD (ten references per level, nine levels) in a minigraph and a Junos XML
# file: no entity is expanded, the file is CFG006 at its first <!ENTITY>.
entity_bomb() {
  printf '<!DOCTYPE %s [\n<!ENTITY l0 "lol">\n' "$1"
  local l
  for l in 1 2 3 4 5 6 7 8 9; do
    printf '<!ENTITY l%d "%s">\n' "$l" "$(printf "&l$((l - 1));%.0s" 1 2 3 4 5 6 7 8 9 10)"
  done
  printf ']>\n'
}
f=$work/xml-entity-bomb-minigraph
cp -r "$root/tests/fixtures/TOPO002/minigraph/good" "$f"
graph=$f/leaf1/minigraph.xml
{
  head -1 "$graph" # the XML declaration stays first
  entity_bomb DeviceMiniGraph
  tail -n +2 "$graph" | sed '0,/<Hostname>leaf1</s//<Hostname>\&l9;</'
} >"$f/graph.tmp" && mv "$f/graph.tmp" "$graph"
expect xml-entity-bomb-minigraph 2 "$f" "+$graph:3:1: error[CFG006]: an XML entity declaration (<!ENTITY …>): rocelint expands no entity" \
  -- check "$f"
expect xml-entity-bomb-minigraph-json 2 "$f" "@CFG006 $graph 3 1" -- check "$f" --format json
f=$(fabric leafspine-junos xml-entity-bomb-junos)
{
  entity_bomb rpc-reply
  printf '<rpc-reply xmlns:junos="http://xml.juniper.net/junos/23.4R2/junos"><configuration><system><host-name>&l9;</host-name></system></configuration></rpc-reply>\n'
} >"$f/leaf9.xml"
expect xml-entity-bomb-junos 2 "$f" "+$f/leaf9.xml:2:1: error[CFG006]: an XML entity declaration (<!ENTITY …>)" -- check "$f"

# Deep XML: 1,000,000 nested elements inside a real minigraph's DpgDec (level 2): element 255 is
# at level 257, the first past the limit, 3 bytes per element after the line's indentation.
f=$work/xml-deep-minigraph
cp -r "$root/tests/fixtures/TOPO002/minigraph/good" "$f"
graph=$f/spine1/minigraph.xml
python3 - "$graph" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
at = text.index("</DpgDec>")
open(path, "w").write(text[:at] + "<a>" * 1000000 + "</a>" * 1000000 + text[at:])
PY
read -r line indent < <(awk '/<a><a>/ { match($0, /<a>/); print NR, RSTART - 1; exit }' "$graph")
expect xml-deep-minigraph 2 "$f" "@CFG006 $graph $line $((indent + 3 * (depth - 2) + 1))" -- check "$f" --format json
expect xml-deep-minigraph-text 2 "$f" "+$graph:$line:$((indent + 3 * (depth - 2) + 1)): error[CFG006]: XML nesting deeper than $depth levels (the nesting depth limit" \
  -- check "$f"

# --- 3. Paths: FIFOs, links, permissions ------------------------------------------------------

mkfifo "$work/pipe"
expect fifo-config 2 - "+$work/pipe: not a regular file" -- check "$samples/leafspine-clean" --config "$work/pipe"
expect fifo-baseline 2 - "+$work/pipe: the baseline must be a regular file" -- \
  check "$samples/leafspine-clean" --baseline "$work/pipe"
expect fifo-path-argument 2 - "+$work/pipe: not a regular file or directory" -- check "$work/pipe"
expect device-path-argument 2 - "+/dev/zero: not a regular file or directory" -- check /dev/zero
expect device-config 2 - "+/dev/zero: not a regular file" -- check "$samples/leafspine-clean" --config /dev/zero
f=$(fabric leafspine-clean fifo-in-fabric)
mkfifo "$f/leaf9.json"
expect fifo-in-fabric 0 "$f" "+$f/leaf9.json skipped: not a regular file (a FIFO, device or socket): not read" \
  "+6 switch(es)" -- check "$f" --fail-on error
f=$(fabric leafspine-clean fifo-rocelint-yaml)
mkfifo "$f/.rocelint.yaml"
expect fifo-rocelint-yaml 2 "$f" "+$f/.rocelint.yaml: not a regular file" -- check "$f"

f=$work/symlink-loop
mkdir -p "$f/real"
cp "$samples"/leafspine-clean/*.json "$f/real/"
ln -s real "$f/linked"
ln -s . "$f/real/loop"
ln -s self "$f/self"
expect symlink-loop 0 "$f" "+$f/self skipped: symbolic link not followed" "+skipped: directory not read again" \
  "+6 switch(es)" -- check "$f" --fail-on error

mkdir "$work/store"
cp "$samples/leafspine-clean/leaf1.json" "$work/store/"
f=$(fabric leafspine-clean link-outside)
rm "$f/leaf1.json"
ln -s "$work/store/leaf1.json" "$f/leaf1.json"
expect link-outside 0 "$f" "+$f/leaf1.json skipped: symbolic link to $work/store/leaf1.json, outside the fabric directory: not read (--follow-outside-links reads it)" \
  "+5 switch(es)" -- check "$f" --fail-on error
expect link-outside-followed 0 "$f" "+6 switch(es)" "-skipped" -- check "$f" --follow-outside-links

if [[ $(id -u) -eq 0 ]] && setpriv --reuid=nobody --regid=nogroup --clear-groups test -x "$bin"; then
  f=$(fabric leafspine-clean unreadable-file)
  chmod -R a+rX "$f"
  chmod 000 "$f/leaf2.json"
  expect unreadable-file 2 "$f" --as-nobody "+$f/leaf2.json:1:1: error[CFG006]: cannot open file: the file was not read" \
    "+5 switch(es)" -- check "$f"
  f=$(fabric leafspine-mixed unreadable-dir)
  chmod -R a+rX "$f"
  chmod 000 "$f/leaf2"
  expect unreadable-dir 0 "$f" --as-nobody "+$f/leaf2 skipped: directory not read: Permission denied" \
    "+5 switch(es)" -- check "$f" --fail-on error
  f=$(fabric leafspine-clean unreadable-fabric)
  chmod 000 "$f"
  expect unreadable-fabric 2 "$f" --as-nobody "+rocelint: error: $f: cannot read directory: Permission denied" -- check "$f"
  chmod 755 "$f"
else
  echo "NOTE unreadable-file, unreadable-dir, unreadable-fabric: skipped (they need root to run rocelint as nobody)"
fi

# --- 4. Size ----------------------------------------------------------------------------------

f=$(fabric leafspine-clean sparse-2g)
truncate -s 2G "$f/leaf9.json"
expect sparse-2g 2 "$f" "+$f/leaf9.json:1:1: error[CFG006]: the file is 2048.0 MiB (2147483648 bytes), larger than the limit of 1024.0 MiB (1073741824 bytes) (--max-file-size)" \
  "+6 switch(es)" -- check "$f"
truncate -s 2G "$work/sparse-baseline.json"
too_big="the file is 2048.0 MiB (2147483648 bytes), larger than the limit of 1024.0 MiB (1073741824 bytes)"
expect sparse-2g-baseline 2 "$work/sparse-baseline.json" "+rocelint: error: $work/sparse-baseline.json: $too_big" -- \
  check "$samples/leafspine-clean" --baseline "$work/sparse-baseline.json"
truncate -s 2G "$work/sparse-config.yaml"
expect sparse-2g-config 2 "$work/sparse-config.yaml" "+rocelint: error: $work/sparse-config.yaml: $too_big" -- \
  check "$samples/leafspine-clean" --config "$work/sparse-config.yaml"

# --- 5. Text ----------------------------------------------------------------------------------

# A 0xFF byte in the host name of each CLI/NVUE syntax: CFG005 at that byte; JSON and SARIF stay valid.
for vendor in eos:leaf1.cfg:"hostname leaf" nxos:leaf1.cfg:"hostname leaf" junos:leaf1.conf:"host-name leaf" \
  nvue:leaf1/startup.yaml:"hostname: leaf"; do
  IFS=: read -r syntax file needle <<<"$vendor"
  f=$(fabric "leafspine-$syntax" "utf8-hostname-$syntax")
  read -r line column < <(corrupt "$f/$file" "$needle" '\xff')
  expect "utf8-hostname-$syntax" 1 "$f" "+$f/$file:$line:$column: error[CFG005]: bytes that are not UTF-8 text (0xFF): read as U+FFFD" \
    -- check "$f"
  expect "utf8-hostname-$syntax-json" 1 "$f" "@CFG005 $f/$file $line $column" -- check "$f" --format json -q
  expect "utf8-hostname-$syntax-sarif" 1 "$f" "+\"ruleId\": \"CFG005\"" -- check "$f" --format sarif -q
  python3 -c 'import json, sys; json.load(open(sys.argv[1], encoding="utf-8"))' "$out" 2>/dev/null ||
    report "utf8-hostname-$syntax-sarif-valid" "the SARIF report is not valid UTF-8 JSON"
done

f=$(fabric leafspine-clean utf8-value)
read -r line column < <(corrupt "$f/leaf1.json" '"mtu": "91' '\xc3\x28')
expect utf8-value 1 "$f" "+$f/leaf1.json:$line:$column: error[CFG005]: bytes that are not UTF-8 text (0xC3)" -- check "$f"
expect utf8-value-json 1 "$f" "@CFG005 $f/leaf1.json $line $column" -- check "$f" --format json

# The escape \u0000 in a config_db host name: valid JSON, but a NUL in a name; CFG005 at the value.
f=$(fabric leafspine-clean escaped-nul-hostname)
read -r line column < <(corrupt "$f/leaf1.json" '"hostname": "leaf' '\\u0000')
column=$((column - 5)) # the value starts at its quote, before "leaf
expect escaped-nul-hostname 1 "$f" "+$f/leaf1.json:$line:$column: error[CFG005]: /DEVICE_METADATA/localhost/hostname holds U+0000, written as \u0000: read as U+FFFD" \
  -- check "$f"
expect escaped-nul-hostname-json 1 "$f" "@CFG005 $f/leaf1.json $line $column" -- check "$f" --format json

f=$(fabric leafspine-clean utf8-file-name)
printf '{"PORT": [' >"$f/leaf"$'\xe9'".json"
expect utf8-file-name-json 2 "$f" "+leaf"$'\xef\xbf\xbd'".json" -- check "$f" --format json -q
python3 -c 'import json, sys; json.load(open(sys.argv[1], encoding="utf-8"))' "$out" 2>/dev/null ||
  report utf8-file-name-json-valid "the JSON report is not valid UTF-8 JSON"
expect utf8-file-name-sarif 2 "$f" "+leaf%E9.json" -- check "$f" --format sarif -q

# CR-only, CRLF and BOM copies read exactly like the LF original (paths normalised).
lf=$(fabric leafspine-eos text-lf)
expect text-lf 0 "$lf" '+"switches": 6,' -- check "$lf" --format json
sed "s|$lf|F|g" "$out" >"$work/text-lf.json"
for variant in cr-only crlf bom-crlf; do
  f=$(fabric leafspine-eos "text-$variant")
  python3 - "$f" "$variant" <<'EOF'
import pathlib, sys
for p in pathlib.Path(sys.argv[1]).glob("*.cfg"):
    data = p.read_bytes()
    if sys.argv[2] == "cr-only":
        data = data.replace(b"\n", b"\r")
    else:
        data = data.replace(b"\n", b"\r\n")
    if sys.argv[2] == "bom-crlf":
        data = b"\xef\xbb\xbf" + data
    p.write_bytes(data)
EOF
  expect "text-$variant" 0 "$f" -- check "$f" --format json
  if ! cmp -s "$work/text-lf.json" <(sed "s|$f|F|g" "$out"); then
    report "text-$variant-same-as-lf" "the JSON report differs from the LF copy's: $(diff "$work/text-lf.json" <(sed "s|$f|F|g" "$out") | head -4 | tr '\n' ' ')"
  fi
done
f=$(fabric leafspine-clean text-bom-crlf-config-db)
python3 - "$f/leaf1.json" <<'EOF'
import sys
p = sys.argv[1]
data = open(p, "rb").read()
open(p, "wb").write(b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n"))
EOF
expect text-bom-crlf-config-db 0 "$f" "+6 switch(es)" "-CFG00" -- check "$f" --fail-on error

# --- 6. Inputs untouched by check, fix and diff -----------------------------------------------

for sample in leafspine-broken leafspine-mixed leafspine-nvue leafspine-junos; do
  f=$(fabric "$sample" "untouched-$sample")
  touch -d '2001-02-03 04:05:06' "$f"/* # an old mtime: a rewrite would show even within one second
  expect "untouched-check-$sample" "$([[ $sample == leafspine-broken ]] && echo 1 || echo 0)" "$f" -- check "$f"
  expect "untouched-fix-$sample" 0 "$f" -- fix "$f" --out "$work/fix-out-$sample"
  [[ -f $work/fix-out-$sample/summary.txt ]] || report "untouched-fix-$sample-summary" "fix wrote no summary.txt"
done
# fix and diff on a fabric with every kind of entry the walk does not read: a link loop, a
# self-referencing link, a link to a file outside it, a FIFO and an unrelated file.
f=$(fabric leafspine-broken hostile-entries)
ln -s . "$f/loop"
ln -s self "$f/self"
ln -s "$work/store/leaf1.json" "$f/outside.json"
mkfifo "$f/pipe.json"
expect fix-hostile-entries 0 "$f" -- fix "$f" --out "$work/fix-out-hostile"
patched=$work/fix-out-hostile/patched
problems=()
[[ -f $work/fix-out-hostile/summary.txt ]] || problems+=("fix wrote no summary.txt")
[[ -L $patched/loop && -L $patched/self && -L $patched/outside.json ]] || problems+=("links not reproduced as links in patched/")
[[ -e $patched/pipe.json || -L $patched/pipe.json ]] && problems+=("the FIFO was copied")
grep -q "BUF012: 2 -> 0" "$work/fix-out-hostile/summary.txt" 2>/dev/null || problems+=("the summary has no BUF012: 2 -> 0")
report fix-hostile-entries-patched "${problems[@]}"
expect diff-hostile-entries 0 "$f" "+rocelint diff: 0 introduced, 0 fixed" -- diff "$f" "$f"

mkdir "$work/diff"
old=$(fabric leafspine-broken diff/old)
new=$(fabric leafspine-clean diff/new)
touch -d '2001-02-03 04:05:06' "$old"/* "$new"/*
expect untouched-diff 0 "$work/diff" -- diff "$old" "$new"
expect untouched-diff-reverse 1 "$work/diff" -- diff "$new" "$old"

# --- 6b. Outputs that cannot be written -------------------------------------------------------

if [[ -c /dev/full ]]; then
  # /dev/full takes the open and fails every write (ENOSPC): no run may pass on a lost report.
  f=$(fabric leafspine-broken write-failures)
  expect write-full-output 2 "$f" "+rocelint: error: /dev/full: cannot write the report: No space left on device" -- \
    check "$f" -o /dev/full
  expect write-full-baseline 2 "$f" "+rocelint: error: /dev/full: cannot write baseline file: No space left on device" -- \
    check "$f" --write-baseline /dev/full
  expect write-full-stdout 2 "$f" "+rocelint: error: standard output: cannot write the report: No space left on device" -- \
    check "$f" --stdout-to-dev-full
  expect write-full-fix-stdout 2 "$f" "+rocelint: error: standard output: cannot write: No space left on device" -- \
    fix "$f" --out "$work/fix-out-full" --stdout-to-dev-full
else
  echo "NOTE write-full-*: skipped (no /dev/full)"
fi
f=$(fabric leafspine-broken fix-out-is-a-file)
touch "$work/not-a-directory"
expect fix-out-is-a-file 2 "$f" "+rocelint: error: $work/not-a-directory: the output directory exists and is not a directory" -- \
  fix "$f" --out "$work/not-a-directory"
expect fix-out-is-a-fifo 2 "$f" "+rocelint: error: $work/pipe: the output directory exists and is not a directory" -- \
  fix "$f" --out "$work/pipe"

# --- 7. The same report whatever the run ------------------------------------------------------

f=$(fabric leafspine-broken same-runs)
expect same-run-1 1 "$f" -- check "$f" --format json --failures 1
cp "$out" "$work/run-1.json"
expect same-run-2 1 "$f" -- check "$f" --format json --failures 1
cmp -s "$work/run-1.json" "$out" || report same-runs-identical "two runs gave different JSON reports"

# same_threads NAME FABRIC CODE ARGS...: the JSON report of FABRIC on 1, 2 and 8 threads equals
# the one of a default run (the machine's cores).
same_threads() {
  local name=$1 fabric=$2 want=$3 threads
  shift 3
  expect "$name-default" "$want" "$fabric" -- check "$fabric" --format json "$@"
  cp "$out" "$work/$name.json"
  for threads in 1 2 8; do
    expect "$name-threads-$threads" "$want" "$fabric" --env "ROCELINT_THREADS=$threads" "+on $threads thread(s)" -- \
      check "$fabric" --format json -v "$@"
    cmp -s "$work/$name.json" "$out" ||
      report "$name-threads-$threads-identical" "ROCELINT_THREADS=$threads gave a different JSON report: $(diff "$work/$name.json" "$out" | head -4 | tr '\n' ' ')"
  done
}
same_threads same-broken "$f" 1 --failures 1

# same_order NAME SOURCE CODE ARGS...: SOURCE's files and sub-directories created in opposite
# orders in two places give the same JSON report once the directory path is replaced.
make_in_order() {
  local source=$1 dest=$2 order=$3 entry
  mkdir "$dest"
  (cd "$source" && find . -mindepth 1 ! -name README.md | LC_ALL=C sort "$order") |
    while read -r entry; do
      if [[ -d $source/$entry ]]; then
        mkdir -p "$dest/$entry"
      else
        mkdir -p "$(dirname "$dest/$entry")"
        cp "$source/$entry" "$dest/$entry"
      fi
    done
}
# On ext4 (hashed directories) readdir order does not follow creation; on tmpfs it does, so the
# two copies live there when /dev/shm is a writable tmpfs.
order_base=$work
if [[ -d /dev/shm && -w /dev/shm ]] && shm=$(mktemp -d -p /dev/shm rocelint-fault.XXXXXX); then
  order_base=$shm
  trap 'chmod -R u+rwX "$work" 2>/dev/null; rm -rf "$work" "$runs" "$shm"' EXIT
fi
same_order() {
  local name=$1 source=$2 want=$3
  shift 3
  local a=$order_base/$name-a b=$order_base/$name-b
  make_in_order "$source" "$a" -d
  make_in_order "$source" "$b" -r
  if [[ $(ls -f "$a") == $(ls -f "$b") ]]; then
    echo "NOTE $name: this file system lists both copies in the same order, so order is not varied here"
  fi
  expect "$name-a" "$want" "$a" -- check "$a" --format json "$@"
  sed "s|$a|F|g" "$out" >"$work/$name-a.json"
  expect "$name-b" "$want" "$b" -- check "$b" --format json "$@"
  cmp -s "$work/$name-a.json" <(sed "s|$b|F|g" "$out") ||
    report "$name-identical" "the fabric created in another order gave a different JSON report: $(diff "$work/$name-a.json" <(sed "s|$b|F|g" "$out") | head -4 | tr '\n' ' ')"
}
same_order same-order-mixed "$samples/leafspine-mixed" 0 --failures 1
same_order same-order-broken "$samples/leafspine-broken" 1

if [[ -n $fabricgen ]]; then
  # 80 switches (parsing and routing spread over the workers) and a ring whose buffer dependency
  # graph is cyclic (DL001 witnesses must not depend on scheduling).
  "$fabricgen" --topology fattree --k 8 "$work/gen-fattree" >/dev/null
  "$fabricgen" --topology ring --n 8 "$work/gen-ring" >/dev/null
  same_threads same-fattree "$work/gen-fattree" 0 --failures 1
  same_threads same-ring "$work/gen-ring" 1 --failures 2
  expect same-ring-has-cycles 1 "$work/gen-ring" "+error[DL001]" -- check "$work/gen-ring"
  same_order same-order-fattree "$work/gen-fattree" 0
  same_order same-order-ring "$work/gen-ring" 1
else
  echo "NOTE same-fattree, same-ring: skipped (no rocelint-fabricgen given)"
fi

echo "rocelint fault tests: $passes passed, $failures failed"
[[ $failures -eq 0 ]]
