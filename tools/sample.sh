#!/usr/bin/env bash
# Quick start 1: install what is missing, build, and check the broken sample fabric.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/tools/deps.sh"
"$root/tools/build.sh" "$root/build" -DCMAKE_BUILD_TYPE=Release -DROCELINT_TESTS=OFF
set +e
"$root/build/rocelint" check "$root/samples/leafspine-broken"
code=$?
set -e
if [ "$code" -eq 1 ]; then
  echo "rocelint exited 1: it found the seeded mistakes (see samples/leafspine-broken/README.md)."
  exit 0
fi
echo "rocelint exited $code, expected 1 for the broken sample" >&2
exit 1
