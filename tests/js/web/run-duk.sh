#!/bin/sh
# Dev runner: runs tests/js/web/*.js on Debian's `duk` (apt-get install
# duktape) with cm_spec.js, the prelude and the stub __cm_native and event
# loop of tests/js/builtins; compares with .expected. Tests that need the C
# natives (crypto) or the host's console routing fail here by design: the
# real runner is tests/js.test.sh (build/codemode-run --script).
# Usage: run-duk.sh [-v] [test.js ...]
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
b=$root/tests/js/builtins
verbose=0
[ "$1" = "-v" ] && { verbose=1; shift; }
[ $# -eq 0 ] && set -- "$here"/*.js
tmp=${TMPDIR:-/tmp}/cm-webduk.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
for t in "$@"; do
	name=$(basename "$t" .js)
	{
		cat "$b/stub_native.js" "$root/build/gen/cm_spec.js" \
		    "$root"/engine/runtime/*.js
		echo '__cm.setConsoleSink(function (l, t) { print(t); });'
		cat "$t"
		echo
		cat "$b/epilogue.js"
	} > "$tmp/$name.js"
	timeout 60 duk "$tmp/$name.js" > "$tmp/$name.out" 2>&1
	if cmp -s "$tmp/$name.out" "${t%.js}.expected"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $name"
		[ $verbose = 1 ] && diff "${t%.js}.expected" "$tmp/$name.out" | head -20
	fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
