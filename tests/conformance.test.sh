#!/bin/sh
# The conformance suite against our own daemon: starts build/codemode-executord
# on a private unix socket and runs every case of conformance/cases with
# build/codemode-conformance. Cases listed in conformance/known-failures.txt
# are reported as xfail (printed, counted neither way); an unexpected failure,
# or a listed case that now passes (xpass), fails this test.
#
# Three daemons, because some tags need a server configured for them:
#   A  --max-workers 4 --max-queue 8 (queue: a burst of 200 overflows)
#   B  --response-limit 65536 --outbound-mode null
#      --max-handles-per-connection 1 --instance-id conf-b for the
#      response-limit, outbound-veto, handles-limit and instance-id cases.
#   C  --handles-idle-timeout 1000 for the handles-idle case (expiry
#      within 2.5 s), alone: at that bound, a retained run of A whose first
#      invocation comes late on a loaded machine would meet HANDLES_CLOSED.
# Ends with "N passed, N failed, N xfail".
# The runner is $BUILD's (default build/; under another $BUILD, build/asan for
# `make check SANITIZE=1`, it must already be built there). The daemon is the
# plain build/codemode-executord, built here if needed, or
# $CONFORMANCE_DAEMON: the ASan daemon's workers die on every execution
# (WORKER_CRASHED), and this suite tests the protocol, not the daemon's
# sanitizer build.
set -u
cd "$(dirname "$0")/.." || exit 1
BUILD=${BUILD:-build}
D=${CONFORMANCE_DAEMON:-build/codemode-executord}
R=$BUILD/codemode-conformance
if [ -z "${CONFORMANCE_DAEMON:-}" ]; then
	make --no-print-directory -s BUILD=build SANITIZE= "$D" >/dev/null 2>&1
fi
if [ "$BUILD" = build ]; then
	make --no-print-directory -s "$R" >/dev/null 2>&1
fi
if [ ! -x "$D" ] || [ ! -x "$R" ]; then
	echo "conformance.test.sh: $D or $R is missing"
	echo "0 passed, 1 failed"
	exit 1
fi
tmp=$(mktemp -d /tmp/cm-conf-XXXXXX) || exit 1
# What a sanitizer reports (the runner under SANITIZE=1, or a sanitized
# $CONFORMANCE_DAEMON) goes to files of its own, one per process, not into
# the TAP: a report is printed whole and kept when this test fails, so an
# abort that happens once in many runs can still be read afterwards.
san=$tmp/sanitizer
mkdir -p "$san"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}log_path=$san/report"
UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}log_path=$san/report:print_stacktrace=1"
export ASAN_OPTIONS UBSAN_OPTIONS
pids=""
keep=""
cleanup() {
	for p in $pids; do
		kill -TERM "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	if [ -n "$keep" ]; then
		echo "conformance.test.sh: its files are kept in $tmp"
	else
		rm -rf "$tmp"
	fi
}
trap cleanup EXIT

# start NAME ARGS...: a daemon on $tmp/NAME.sock, waited for.
start() {
	name=$1
	shift
	"$D" --socket "$tmp/$name.sock" --log-level error "$@" &
	pids="$pids $!"
	i=0
	while [ ! -S "$tmp/$name.sock" ] && [ $i -lt 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
}

start a --max-workers 4 --max-queue 8
start b --max-workers 2 --response-limit 65536 --outbound-mode null \
    --max-handles-per-connection 1 --instance-id conf-b
start c --max-workers 2 --handles-idle-timeout 1000

xf=conformance/known-failures.txt
"$R" --url "unix://$tmp/a.sock" --jobs 4 --skip-tag response-limit \
    --skip-tag outbound-veto --skip-tag handles-limit --skip-tag instance-id \
    --skip-tag handles-idle \
    --known-failures "$xf" --json "$tmp/a.json" >"$tmp/a.out" 2>&1
rc_a=$?
"$R" --url "unix://$tmp/b.sock" --filter 'faults.response-limit.*' \
    --filter 'outbound.veto.*' --filter 'handles.limit.*' \
    --filter 'handles.id.instance-*' \
    --known-failures "$xf" --json "$tmp/b.json" >"$tmp/b.out" 2>&1
rc_b=$?
idle=$("$R" --url "unix://$tmp/c.sock" --list |
    awk '/"handles-idle"/ { printf " --filter %s", $1 }')
# shellcheck disable=SC2086 # $idle is a list of options
"$R" --url "unix://$tmp/c.sock" ${idle:---filter no.handles-idle.case} \
    --known-failures "$xf" --json "$tmp/c.json" >"$tmp/c.out" 2>&1
rc_c=$?

# Failures and xpasses with their diffs, then the xfail names.
for f in "$tmp/a.out" "$tmp/b.out" "$tmp/c.out"; do
	awk '/^not ok / && !/# TODO xfail/ { show = 1; print; next }
	    /^(ok|not ok) / { show = 0 }
	    show && /^#/ { print }' "$f"
	grep '# TODO xfail' "$f" |
	    sed 's/^not ok [0-9]* - \([^ ]*\) # TODO xfail: \(.*\)/xfail: \1 (\2)/'
done

# Sum the three runs' closing lines ("N passed, N failed, N xfail, N
# skipped"); run A's skipped cases are exactly the ones runs B and C ran.
summary() {
	tail -n 1 "$1" | sed -n \
	    's/^\([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) xfail.*/\1 \2 \3/p'
}
set -- $(summary "$tmp/a.out") $(summary "$tmp/b.out") $(summary "$tmp/c.out")
if [ $# -ne 9 ]; then
	echo "conformance.test.sh: a run printed no summary (runner exits: a $rc_a, b $rc_b, c $rc_c):"
	tail -n 5 "$tmp/a.out" "$tmp/b.out" "$tmp/c.out"
	for f in "$san"/*; do
		[ -f "$f" ] || continue
		echo "a sanitizer report ($f):"
		head -n 80 "$f"
	done
	keep=1
	echo "0 passed, 1 failed"
	exit 1
fi
passed=$(($1 + $4 + $7))
failed=$(($2 + $5 + $8))
xfail=$(($3 + $6 + $9))
if [ "$failed" = 0 ] && { [ $rc_a != 0 ] || [ $rc_b != 0 ] || [ $rc_c != 0 ]; }; then
	# A runner that failed without a failing case: the executor was unusable.
	grep '^# the executor' "$tmp/a.out" "$tmp/b.out" "$tmp/c.out"
	failed=1
fi
# Each run's TAP as prove reads it (run A has --jobs 4 and serial cases,
# whose numbers must still run in order).
for f in "$tmp/a.out" "$tmp/b.out" "$tmp/c.out"; do
	if prove -e cat "$f" >"$tmp/prove.out" 2>&1 &&
	    grep -q '^Result: PASS' "$tmp/prove.out"; then
		passed=$((passed + 1))
	else
		echo "FAIL: prove does not accept the TAP of $(basename "$f"):"
		sed 's/^/    /' "$tmp/prove.out" | head -20
		failed=$((failed + 1))
	fi
done
# A filter that matches nothing is a usage error (exit 2), never a pass.
"$R" --url "unix://$tmp/none.sock" --filter 'no.such.case.*' >/dev/null 2>&1
if [ $? = 2 ]; then
	passed=$((passed + 1))
else
	echo "FAIL: a --filter matching nothing did not exit 2"
	failed=$((failed + 1))
fi
# Any sanitizer report fails the test, whichever process wrote it (the
# daemons are stopped first: a sanitized one reports leaks as it exits).
for p in $pids; do
	kill -TERM "$p" 2>/dev/null
	wait "$p" 2>/dev/null
done
pids=""
for f in "$san"/*; do
	[ -f "$f" ] || continue
	echo "FAIL: a sanitizer report ($f):"
	head -n 80 "$f"
	failed=$((failed + 1))
done
[ "$failed" = 0 ] || keep=1
echo "$passed passed, $failed failed, $xfail xfail"
[ "$failed" = 0 ]
