#!/bin/sh
# Runs `codemode-run --trace --request NAME.json` on every tests/request/NAME.json
# and compares: stdout with NAME.expected (exact; after the sed script
# NAME.sed when there is one, for outputs too large to keep), the exit
# status with NAME.status (default 0), and stderr (the trace, or the
# refusal of a malformed file) with NAME.stderr when that exists. A .json
# without its .expected fails. Ends with "N passed, N failed".
# Uses $BUILD/codemode-run (default build/), built as tests/js.test.sh does.
set -u
cd "$(dirname "$0")/.." || exit 1
BUILD=${BUILD:-build}
RUN=$BUILD/codemode-run
if [ "$BUILD" = build ]; then
	make --no-print-directory -s "$RUN" >/dev/null 2>&1
fi
[ -x "$RUN" ] || {
	echo "request.test.sh: cannot build $RUN"
	echo "0 passed, 1 failed"
	exit 1
}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
for req in tests/request/*.json; do
	base=${req%.json}
	if [ ! -f "$base.expected" ]; then
		failed=$((failed + 1))
		echo "FAIL $req: no $base.expected"
		continue
	fi
	want_status=0
	[ -f "$base.status" ] && want_status=$(cat "$base.status")
	timeout 60 "$RUN" --trace --request "$req" >"$tmp/raw" 2>"$tmp/err"
	status=$?
	if [ -f "$base.sed" ]; then
		sed -f "$base.sed" "$tmp/raw" >"$tmp/out"
	else
		cp "$tmp/raw" "$tmp/out"
	fi
	ok=1
	cmp -s "$base.expected" "$tmp/out" || ok=0
	[ "$status" = "$want_status" ] || ok=0
	if [ -f "$base.stderr" ]; then
		cmp -s "$base.stderr" "$tmp/err" || ok=0
	fi
	if [ "$ok" = 1 ]; then
		passed=$((passed + 1))
		continue
	fi
	failed=$((failed + 1))
	echo "FAIL $req (exit $status, expected $want_status)"
	diff -u "$base.expected" "$tmp/out" | sed -n '3,40p' | cut -c1-300
	if [ -f "$base.stderr" ]; then
		diff -u "$base.stderr" "$tmp/err" | sed -n '3,20p' |
		    sed 's/^/stderr: /' | cut -c1-300
	else
		sed -n '1,10p' "$tmp/err" | sed 's/^/stderr: /' | cut -c1-300
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
