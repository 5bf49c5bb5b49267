#!/usr/bin/env bash
# Fails when a C++ file of the repository is not formatted as .clang-format says.
# tools/check_format.sh [--fix]   (--fix rewrites the files instead)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' 2>/dev/null || find include src parsers rules tests bench -name '*.[ch]pp')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
if ! clang-format --dry-run --Werror "${files[@]}"; then
  echo "check_format: files above are not clang-formatted; run tools/check_format.sh --fix" >&2
  exit 1
fi
echo "check_format: ${#files[@]} files formatted"
