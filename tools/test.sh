#!/usr/bin/env bash
# Quick start 2 (and CI): install what is missing, then build and run the whole suite twice:
# a warnings-as-errors release build and an ASan+UBSan build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/tools/deps.sh"
echo "== release build (-Werror) =="
"$root/tools/build.sh" "$root/build" -DCMAKE_BUILD_TYPE=Release
ctest --test-dir "$root/build" --output-on-failure -j"$(nproc)"
echo "== sanitizer build (ASan+UBSan) =="
"$root/tools/build.sh" "$root/build-asan" -DCMAKE_BUILD_TYPE=Debug -DROCELINT_SANITIZE=ON
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir "$root/build-asan" --output-on-failure -j"$(nproc)"
