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
for path in ./usr/bin/rocelint ./usr/share/man/man1/rocelint.1 ./usr/share/bash-completion/completions/rocelint; do
  grep -q " $path\$" <<<"$contents" || { echo "missing $path in $deb:"; echo "$contents"; exit 1; }
done
info=$(dpkg-deb -f "$deb" Package Version Depends)
grep -q "^Package: rocelint$" <<<"$info" || { echo "$info"; exit 1; }
grep -q "^Depends: .*libyaml-cpp" <<<"$info" || { echo "no shared-library dependencies: $info"; exit 1; }
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
echo "$(basename "$deb"): ok"
