#!/bin/sh
# Runs `codemode-run --script` on every tests/js/**/NAME.js (and, with
# --typescript, every NAME.ts: the TypeScript corpus) that has a
# sibling NAME.expected (exact stdout) or NAME.match (a shell pattern the
# whole stdout must match). NAME.status holds the expected exit status
# (default 0); NAME.args extra options (e.g. --timeout 100). Prints a diff
# per failure and ends with "N passed, N failed".
# Uses $BUILD/codemode-run (default build/); it brings build/codemode-run up
# to date itself, while another $BUILD (build/asan under `make check
# SANITIZE=1`) must already hold the binary: its flags are the caller's.
set -u
cd "$(dirname "$0")/.." || exit 1
BUILD=${BUILD:-build}
RUN=$BUILD/codemode-run
if [ "$BUILD" = build ]; then
	make --no-print-directory -s "$RUN" >/dev/null 2>&1
fi
[ -x "$RUN" ] || {
	echo "js.test.sh: cannot build $RUN"
	echo "0 passed, 1 failed"
	exit 1
}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
for js in $(find tests/js -name '*.js' -o -name '*.ts' | sort); do
	base=${js%.*}
	[ -f "$base.expected" ] || [ -f "$base.match" ] || continue
	want_status=0
	[ -f "$base.status" ] && want_status=$(cat "$base.status")
	args=""
	case "$js" in *.ts) args="--typescript" ;; esac
	[ -f "$base.args" ] && args="$args $(cat "$base.args")"
	# shellcheck disable=SC2086
	timeout 60 "$RUN" $args --script "$js" >"$tmp/out" 2>"$tmp/err"
	status=$?
	ok=1
	if [ -f "$base.expected" ]; then
		cmp -s "$base.expected" "$tmp/out" || ok=0
	else
		out=$(cat "$tmp/out")
		pat=$(cat "$base.match")
		# shellcheck disable=SC2254
		case "$out" in $pat) ;; *) ok=0 ;; esac
	fi
	[ "$status" = "$want_status" ] || ok=0
	if [ "$ok" = 1 ]; then
		passed=$((passed + 1))
		continue
	fi
	failed=$((failed + 1))
	echo "FAIL $js (exit $status, expected $want_status)"
	if [ -f "$base.expected" ]; then
		diff -u "$base.expected" "$tmp/out" | sed -n '3,40p'
	else
		echo "stdout does not match: $(cat "$base.match")"
		sed -n '1,20p' "$tmp/out"
	fi
	sed -n '1,10p' "$tmp/err" | sed 's/^/stderr: /'
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
