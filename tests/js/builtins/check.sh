#!/bin/sh
# Dev helper: for each given test (default: all), regenerate NAME.expected
# from node when the first line has "@node" and MKEXPECTED=1, then run it
# through build/codemode-run --script and compare. Ends "N passed, N failed".
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
run="$root/build/codemode-run"
[ $# -eq 0 ] && set -- "$here"/*.js
pass=0; fail=0
for t in "$@"; do
	exp="${t%.js}.expected"
	case "$t" in *stub_native.js|*epilogue.js|*/_*) continue;; esac
	if [ "${MKEXPECTED:-0}" = 1 ] && head -1 "$t" | grep -qE '@node( |$)'; then
		node -e "globalThis.print=function(){console.log(Array.prototype.map.call(arguments,String).join(\" \"))};$(cat "$t")" > "$exp" 2>&1
	fi
	out=$(timeout 60 "$run" --script "$t" 2>&1)
	if [ -f "$exp" ] && [ "$out" = "$(cat "$exp")" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $(basename "$t")"
		[ -n "$VERBOSE" ] && { echo "$out" > /tmp/check.out; diff "$exp" /tmp/check.out | head -${VERBOSE}; }
	fi
done
echo "$pass passed, $fail failed"
