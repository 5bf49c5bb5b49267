#!/usr/bin/env bash
# Configures and builds one tree: tools/build.sh <build-dir> [extra cmake args...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$1; shift
cmake -S "$root" -B "$dir" -DROCELINT_WERROR=ON "$@" >/dev/null
cmake --build "$dir" -j"$(nproc)"
