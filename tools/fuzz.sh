#!/usr/bin/env bash
# Fuzz campaign: build the libFuzzer targets of tests/fuzz (clang, ASan+UBSan) and run one or all.
#
#   tools/fuzz.sh TARGET|all SECONDS [RUNS]
#
# TARGET is one of the targets in tests/fuzz/CMakeLists.txt (config_db, eos, ... check) or "all".
# SECONDS bounds each target's campaign; RUNS (optional) stops a target earlier after that many
# executions (e.g. 1000000). Seeds: the regression corpus, then every file of the target's format
# under samples/, tests/fixtures/ and ../shared/ (realworld, corpus, state-samples). Dictionaries:
# tests/fuzz/dict/. Inputs up to 1 MiB (-max_len), 10 s per input (-timeout; FUZZ_TIMEOUT changes it:
# libFuzzer measures wall time, so a campaign run under `nice` on a busy machine needs more), 4 GiB RSS.
#
# Environment: FUZZ_BUILD_DIR (default build-fuzz), FUZZ_WORK_DIR (default build-fuzz/campaign:
# corpus/TARGET grows there, artifacts/TARGET holds crash-*/timeout-*/leak-*/oom-* inputs).
# Prints one line per target: executions, executions/s, coverage (edges), corpus size, findings.
# Exit status 1 if any target found a crash, hang, leak or out-of-memory input.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
target=${1:-}
seconds=${2:-}
runs=${3:--1}
if [[ -z "$target" || -z "$seconds" ]]; then
  echo "usage: tools/fuzz.sh TARGET|all SECONDS [RUNS]" >&2
  exit 2
fi
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
work=${FUZZ_WORK_DIR:-$build/campaign}
shared=$root/../shared

all_targets=$(sed -n '/set(ROCELINT_FUZZ_TARGETS/,/)/p' "$root/tests/fuzz/CMakeLists.txt" |
  tr -d '()' | sed 's/set//; s/ROCELINT_FUZZ_TARGETS//' | tr -s ' \n' '\n' | grep -v '^$')
if [[ "$target" == all ]]; then
  targets=$all_targets
elif grep -qx "$target" <<<"$all_targets"; then
  targets=$target
else
  echo "tools/fuzz.sh: no target \"$target\" (expected all or one of: $(echo $all_targets))" >&2
  exit 2
fi

cxx=$(command -v clang++-14 || command -v clang++ || true)
if [[ -z "$cxx" ]]; then
  echo "tools/fuzz.sh: clang++ not found (apt-get install clang-14)" >&2
  exit 2
fi
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$cxx" \
  -DROCELINT_FUZZ=ON -DROCELINT_TESTS=OFF -DROCELINT_BENCH=OFF "${launcher[@]}" >/dev/null
jobs=$(nproc)
for t in $targets; do cmake --build "$build" -j"$jobs" --target "fuzz_$t" >/dev/null; done

# The files of a target's format, found by name and, where names are shared, by content.
seed_files() {
  local t=$1
  local dirs=("$root/samples" "$root/tests/fixtures" "$shared/realworld" "$shared/corpus" "$shared/state-samples")
  local existing=()
  for d in "${dirs[@]}"; do [[ -d "$d" ]] && existing+=("$d"); done
  local files
  files=$(find "${existing[@]}" -type f -size -1024k 2>/dev/null | LC_ALL=C sort)
  case "$t" in
  config_db) grep -E '\.json$' <<<"$files" | xargs -r grep -l -E '"(DEVICE_METADATA|PORT|BUFFER_PG)"' ;;
  minigraph) grep -E '\.xml$' <<<"$files" | xargs -r grep -l 'DeviceMiniGraph' ;;
  port_config) grep -E '/port_config\.ini$' <<<"$files" ;;
  pg_profile_lookup) grep -E '/pg_profile_lookup\.ini$' <<<"$files" ;;
  eos | nxos | check) grep -E '\.(cfg|conf|txt)$' <<<"$files" | xargs -r grep -l -E '^interface ' ;;
  huawei | h3c) grep -E '\.(cfg|conf|txt)$' <<<"$files" | xargs -r grep -l -E '^ ?sysname ' ;;
  junos) grep -E '\.(conf|cfg|txt|xml|set)$' <<<"$files" | xargs -r grep -l -E '(^interfaces \{|^set interfaces|<configuration)' ;;
  nvue) grep -E '\.ya?ml$' <<<"$files" | xargs -r grep -l -E '^(- )?(set|interface|qos|router|bridge|system):' ;;
  lldp) grep -E '\.json$' <<<"$files" | xargs -r grep -l '"lldp"' ;;
  redis_dump) grep -E '\.json$' <<<"$files" | xargs -r grep -l -E '"(COUNTERS|ROUTE_TABLE|USER_WATERMARKS)[:_]' ;;
  frr_routes) grep -E '\.json$' <<<"$files" | xargs -r grep -l '"nexthops"' ;;
  eos_show) grep -E '\.json$' <<<"$files" | xargs -r grep -l -E '"(interfaceCounters|intfQueueCounters|egressQueueCounters|trafficClasses|vias|bgpRouteEntries)"' ;;
  state_db) grep -E '\.json$' <<<"$files" | xargs -r grep -l -E '"(PORT_TABLE|TRANSCEIVER_INFO|SWITCH_CAPABILITY)\|' ;;
  inline_suppressions) { grep -E '\.(cfg|conf|txt|ya?ml)$' <<<"$files" | xargs -r grep -l -E 'rocelint:|^ *(!|#|/\*)' | head -300; grep -E '\.json$' <<<"$files" | xargs -r grep -l ROCELINT_SUPPRESSIONS | head -50; } ;;
  containerlab) grep -E '\.clab\.ya?ml$' <<<"$files" ;;
  topology) grep -E '/topology\.ya?ml$' <<<"$files" ;;
  rocelint_yaml) grep -E '/\.rocelint\.ya?ml$' <<<"$files" ;;
  baseline) grep -E '\.json$' <<<"$files" | xargs -r grep -l 'rocelint_baseline' ;;
  json) grep -E '\.json$' <<<"$files" | head -400 ;;
  esac
}

dict_of() {
  case "$1" in
  config_db) echo config_db ;; minigraph) echo minigraph ;; port_config | pg_profile_lookup) echo ini ;;
  eos | nxos | huawei | h3c | check) echo cli ;; junos) echo junos ;; nvue | containerlab | topology | rocelint_yaml) echo yaml ;;
  lldp) echo lldp ;; baseline) echo baseline ;; json) echo json ;; redis_dump | frr_routes | state_db | eos_show) echo state ;;
  inline_suppressions) echo suppressions ;;
  esac
}

status=0
printf '%-18s %12s %9s %8s %8s  %s\n' target executions exec/s edges corpus findings
for t in $targets; do
  corpus=$work/corpus/$t
  seeds=$work/seeds/$t
  artifacts=$work/artifacts/$t
  mkdir -p "$corpus" "$seeds" "$artifacts"
  rm -f "$seeds"/*
  i=0
  while IFS= read -r f; do
    [[ -n "$f" ]] || continue
    cp "$f" "$seeds/$(printf '%05d' $i)-$(basename "$f")"
    i=$((i + 1))
  done < <(seed_files "$t"; find "$root/tests/fuzz/regressions" -type f ! -name README.md)
  dict="$root/tests/fuzz/dict/$(dict_of "$t").dict"
  log=$work/$t.log
  set +e
  "$build/tests/fuzz/fuzz_$t" "$corpus" "$seeds" -dict="$dict" -max_len=1048576 -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=4096 \
    -max_total_time="$seconds" -runs="$runs" -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1
  rc=$?
  set -e
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  edges=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | sed 's/cov: //')
  size=$(find "$corpus" -type f | wc -l)
  # slow-unit-* inputs are not failures: libFuzzer writes them past -report_slow_units (10 s of
  # wall time, which a sanitised build under `nice` on a busy machine reaches); replay them in a
  # release build to tell a real slowness from a loaded machine.
  found=$(find "$artifacts" -type f ! -name 'slow-unit-*' | wc -l)
  slow=$(find "$artifacts" -type f -name 'slow-unit-*' | wc -l)
  note="none"
  if [[ $rc -ne 0 || $found -ne 0 ]]; then
    note="$found input(s) in $artifacts (exit $rc; log $log)"
    status=1
  fi
  if [[ $slow -ne 0 ]]; then note="$note; $slow slow input(s) (slow-unit-*: replay in a release build)"; fi
  printf '%-18s %12s %9s %8s %8s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "${edges:-?}" "$size" "$note"
done
exit $status
