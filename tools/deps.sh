#!/usr/bin/env bash
# Installs the Debian 12 packages rocelint needs, only those missing. Run as root.
set -euo pipefail
packages=(cmake g++ make pkg-config libboost-graph-dev nlohmann-json3-dev libyaml-cpp-dev libpugixml-dev
          libz3-dev libfmt-dev libgtest-dev libcli11-dev libbenchmark-dev libgoogle-perftools-dev
          python3-jsonschema python3-yaml dpkg-dev git clang-format clang-tidy time chromium)  # SARIF schema test; docs/ci.md examples test; cpack's .deb; the git_gate test; style checks; fault tests' /usr/bin/time -v; the HTML report's browser test
# (libgoogle-perftools-dev: tcmalloc, which loads large fabrics ~30 % faster in ~20 % less memory)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "rocelint: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
