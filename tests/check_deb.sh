#!/usr/bin/env bash
# Builds the Debian package with CPack from a configured and built tree, then checks its
# contents and that the unpacked binary runs: tests/check_deb.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/out/rocelint_*.deb)
contents=$(dpkg-deb -c "$deb")
for path in ./usr/bin/rocelint ./usr/share/man/man1/rocelint.1.gz ./usr/share/bash-completion/completions/rocelint \
  ./usr/share/doc/rocelint/copyright ./usr/share/doc/rocelint/changelog.gz; do
  grep -q " $path\$" <<<"$contents" || { echo "missing $path in $deb:"; echo "$contents"; exit 1; }
done
if grep -q " ./usr/share/man/man1/rocelint.1\$" <<<"$contents"; then echo "man page not compressed"; exit 1; fi
info=$(dpkg-deb -f "$deb" Package Version Depends Maintainer Homepage Description)
grep -q "^Package: rocelint$" <<<"$info" || { echo "$info"; exit 1; }
grep -q "^Depends: .*libyaml-cpp" <<<"$info" || { echo "no shared-library dependencies: $info"; exit 1; }
# Real maintainer and home page (no placeholder), the home page the README and SARIF name, and a
# long description below the summary line.
grep -q "^Maintainer: rocelint developers <rocelint@users.noreply.github.com>$" <<<"$info" ||
  { echo "maintainer: $info"; exit 1; }
if grep -qi "invalid\|example" <<<"$info"; then echo "placeholder field: $info"; exit 1; fi
homepage=$(sed -n 's/^Homepage: //p' <<<"$info")
[[ $homepage == https://github.com/* ]] || { echo "home page: $info"; exit 1; }
long=$(awk '/^Description:/{d=1; next} d && /^ /{n++} d && !/^ /{d=0} END{print n+0}' <<<"$info")
((long >= 3)) || { echo "no long description: $info"; exit 1; }
# dpkg -i into a temporary root: an empty dpkg database there; the shared libraries it depends
# on are installed on this machine, not in the temporary root, hence --force-depends.
mkdir -p "$work/root/var/lib/dpkg/updates" "$work/root/var/lib/dpkg/info" "$work/root/var/log"
touch "$work/root/var/lib/dpkg/status"
dpkg --root="$work/root" --force-depends --force-script-chrootless --force-not-root -i "$deb" >"$work/dpkg.log" 2>&1 ||
  { cat "$work/dpkg.log"; exit 1; }
grep -q "^Status: install ok installed" "$work/root/var/lib/dpkg/status" || { echo "dpkg did not install rocelint"; exit 1; }
# Output captured before it is searched: `| grep -q` closes the pipe at the first match, and under
# pipefail the writer's SIGPIPE on a long page would fail the check at random.
version=$("$work/root/usr/bin/rocelint" --version) || { echo "unpacked binary does not run"; exit 1; }
grep -q "^rocelint " <<<"$version" || { echo "unpacked binary does not run: $version"; exit 1; }
page=$("$work/root/usr/bin/rocelint" explain PFC001) || { echo "explain fails from the package"; exit 1; }
grep -q "^# PFC001" <<<"$page" || { echo "explain from the package prints no PFC001 page"; exit 1; }
bash -n "$work/root/usr/share/bash-completion/completions/rocelint"
# The man page decompresses to the page, the changelog to a Debian changelog of this version, and
# the copyright file is machine-readable with the licence the repository's LICENSE holds.
src=$(cd "$(dirname "$0")/.." && pwd)
cmp -s <(gzip -dc "$work/root/usr/share/man/man1/rocelint.1.gz") "$src/docs/rocelint.1" ||
  { echo "rocelint.1.gz is not docs/rocelint.1"; exit 1; }
version=$(dpkg-deb -f "$deb" Version)
gzip -dc "$work/root/usr/share/doc/rocelint/changelog.gz" | head -1 | grep -q "^rocelint ($version) " ||
  { echo "changelog.gz does not start with version $version"; exit 1; }
copyright="$work/root/usr/share/doc/rocelint/copyright"
grep -q "^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/$" "$copyright" ||
  { echo "copyright is not machine-readable"; exit 1; }
grep -q "^License: Apache-2.0$" "$copyright" || { echo "copyright names no Apache-2.0 licence"; exit 1; }
grep -q "Apache License" "$src/LICENSE" && grep -q "Version 2.0, January 2004" "$src/LICENSE" ||
  { echo "LICENSE is not the Apache License 2.0"; exit 1; }
if [[ -f /usr/share/common-licenses/Apache-2.0 ]]; then
  cmp -s "$src/LICENSE" /usr/share/common-licenses/Apache-2.0 || { echo "LICENSE differs from Apache-2.0"; exit 1; }
fi
echo "$(basename "$deb"): ok"
