#!/bin/sh
# Number <-> decimal text against node (engine/host/numconv.c): node writes
# random doubles of every exponent, short decimals and edge values (a fixed
# seed) with its String(x), toFixed, toPrecision and toExponential texts
# into a script (tests/numconv/gen.mjs) that checks every path of ours that
# writes or reads a Number's text: String, toString, template, +, join,
# property keys, JSON.stringify, Number, parseFloat, JSON.parse, toFixed,
# toPrecision, toExponential with and without digits. Run by the
# engine alone (many values) and through a real daemon on a private
# socket, in its sandboxed child (fewer: the request size). Every count
# must be 0. Ends with "N passed, N failed".
set -u
BUILD=${BUILD:-build}
tmp=$(mktemp -d /tmp/cm-numconv-XXXXXX)
pass=0
fail=0
dpid=
cleanup() {
	[ -n "$dpid" ] && kill "$dpid" 2>/dev/null && wait "$dpid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
give_up() {
	echo "numconv: $1"
	echo "0 passed, 1 failed"
	exit 1
}
command -v node >/dev/null 2>&1 || give_up "node not found"
[ -x "$BUILD/codemode-run" ] || give_up "$BUILD/codemode-run is not built"
[ -x "$BUILD/codemode-executord" ] || give_up "$BUILD/codemode-executord is not built"
# Every path's count is 0, and there were values at all (codemode-run
# prints the result as resultJson, the CLI as result).
check() { # name, output
	if printf '%s' "$2" | node -e '
		const o = JSON.parse(require("fs").readFileSync(0, "utf8"));
		const r = o.result || (o.resultJson && JSON.parse(o.resultJson));
		process.exit(r && r.n > 0 && Object.values(r.bad).every((c) => c === 0) ? 0 : 1);
	' 2>/dev/null; then
		pass=$((pass + 1))
		echo "ok - $1"
	else
		fail=$((fail + 1))
		echo "FAIL - $1: $2" | cut -c1-2000
	fi
}

node tests/numconv/gen.mjs "$tmp/big.js" 20000 || give_up "gen.mjs failed"
check "engine alone, 25000 values and edges" \
    "$(timeout 300 "$BUILD/codemode-run" --timeout 240000 "$tmp/big.js" 2>&1)"

node tests/numconv/gen.mjs "$tmp/small.js" 2000 || give_up "gen.mjs failed"
"$BUILD/codemode-executord" --socket "$tmp/d.sock" --max-workers 1 --log-level error &
dpid=$!
i=0
while [ ! -S "$tmp/d.sock" ] && [ $i -lt 300 ]; do sleep 0.02; i=$((i + 1)); done
check "through the daemon's sandboxed child" \
    "$(timeout 300 "$BUILD/codemode" run --url "unix://$tmp/d.sock" --timeout 240000 -f "$tmp/small.js" 2>&1)"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
