#!/bin/sh
# Dev runner: runs tests/js/builtins/*.js on Debian's `duk` with the prelude,
# a stub __cm_native and a virtual-clock event loop; compares with .expected.
# Usage: run-duk.sh [-v] [test.js ...]   (default: all tests)
# A test whose first line contains "@node" gets its .expected from node when
# run with MKEXPECTED=1.
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
verbose=0
[ "$1" = "-v" ] && { verbose=1; shift; }
[ $# -eq 0 ] && set -- "$here"/*.js
tmp=${TMPDIR:-/tmp}/cm-duk.$$
mkdir -p "$tmp"
[ -n "$KEEP" ] || trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
for t in "$@"; do
	case "$t" in *stub_native.js|*epilogue.js|*/_*) continue;;
	*) head -3 "$t" | grep -q "@modern" && continue;; esac
	name=$(basename "$t" .js)
	exp="${t%.js}.expected"
	if [ "${MKEXPECTED:-0}" = 1 ] && head -1 "$t" | grep -qE '@node( |$)'; then
		node -e "globalThis.print=function(){console.log(Array.prototype.map.call(arguments,String).join(\" \"))};$(cat "$t")" \
		    > "$exp" 2>&1
	fi
	{
		cat "$here/stub_native.js"
		[ -f "$root/build/gen/cm_spec.js" ] && cat "$root/build/gen/cm_spec.js"
		cat "$root"/engine/runtime/*.js
		python3 "$here/minilower.py" < "$t"
		echo
		cat "$here/epilogue.js"
	} > "$tmp/$name.js"
	timeout 60 duk "$tmp/$name.js" > "$tmp/$name.out" 2>&1
	if [ -f "$exp" ] && cmp -s "$tmp/$name.out" "$exp"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $name"
		[ $verbose = 1 ] && diff "$exp" "$tmp/$name.out" | head -20
	fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
