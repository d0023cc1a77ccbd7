#!/bin/bash
# install_test.sh - `make install PREFIX=<tmp>`, then what a firmware developer outside this tree
# does: build the installed example with `pkg-config --cflags --libs flowgate`, against the
# shared library and against the static one, and run both; run the installed CLI; check that
# the man page names every command of `flowgate --help`. Exit 0 when all of it works.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d /tmp/fg_install_test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
make -s -C "$root" install PREFIX="$prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; exit 1; }
tail -1 "$tmp/install.log"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
cd "$tmp"   # outside the source tree: nothing but the installed files
ex=$prefix/share/flowgate/examples/fg_example_incast.c
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags flowgate) "$ex" $(pkg-config --libs flowgate) -o ex_shared
# (ldd's output taken whole first: `ldd | grep -q` under pipefail fails when grep exits early)
deps=$(LD_LIBRARY_PATH=$prefix/lib ldd ./ex_shared)
case "$deps" in
  *"libflowgate.so.0 => $prefix/lib/libflowgate.so.0 "*) ;;
  *) echo "FAIL: ex_shared does not load $prefix/lib/libflowgate.so.0"; echo "$deps"; exit 1 ;;
esac
LD_LIBRARY_PATH=$prefix/lib ./ex_shared | tail -1
# shellcheck disable=SC2046
cc -std=c11 $(pkg-config --cflags flowgate) "$ex" "$prefix/lib/libflowgate.a" $(pkg-config --libs-only-other --static flowgate) -lm -o ex_static
./ex_static | tail -1
hr=$("$prefix/bin/flowgate" headroom --rate 10G --cable 100m)
grep -q "HEADROOM\[i\] = 131" <<<"$hr" || {
  echo "FAIL: the installed CLI"; exit 1; }
man=$prefix/share/man/man1/flowgate.1
cmds=$("$prefix/bin/flowgate" --help | awk 'NR > 1 {print $1}')
for cmd in $cmds; do
  grep -q "^\.B $(printf '%s' "$cmd" | sed 's/-/\\\\-/g')" "$man" || { echo "FAIL: $man does not describe '$cmd'"; exit 1; }
done
echo "RESULT install PASS: $(pkg-config --modversion flowgate) in $prefix, example run shared and static"
