#!/usr/bin/env bash
# clang-tidy on the layer boundaries: one translation unit per layer, checking the public headers
# (include/rocelint) and each layer's private headers with the small check set of .clang-tidy.
# tools/check_tidy.sh <build-dir-with-compile_commands.json>
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$1
cd "$root"
# The TU of each layer that includes most of the layer's interface.
units=(src/model/qos.cpp src/util/parallel.cpp parsers/format.cpp src/load/loader.cpp
       src/analysis/deadlock.cpp rules/registry.cpp src/engine/engine.cpp src/gate/baseline.cpp
       src/report/report_sarif.cpp src/fix/fix.cpp src/app/main.cpp)
out=$(printf '%s\n' "${units[@]}" | xargs -P "$(nproc)" -n 1 clang-tidy -p "$build" --quiet 2>/dev/null || true)
if grep -E 'warning:|error:' <<<"$out"; then
  echo "check_tidy: findings above (checks: .clang-tidy)" >&2
  exit 1
fi
echo "check_tidy: ${#units[@]} layer units clean"
