#!/bin/sh
# The security suite (tests/security/README.md): starts build/codemode-executord
# on a private unix socket and replays every attack of
# tests/security/attacks.json with $BUILD/tests/security-runner. Attacks
# listed in tests/security/pending.txt are expected to fail (their fixes are
# in flight); one that passes fails this test until its line is removed.
# The daemon's bounds are set small so bounded attacks end fast:
#   --max-workers 4 --grace 300 --memory-limit 64 --handles-idle-timeout 5000
# Ends with "N passed, N failed, N pending".
set -u
cd "$(dirname "$0")/.." || exit 1
BUILD=${BUILD:-build}
# As in conformance.test.sh: the ASan daemon's children die on every
# execution, so the daemon under attack is the plain one unless
# $SECURITY_DAEMON names another.
D=${SECURITY_DAEMON:-build/codemode-executord}
R=$BUILD/tests/security-runner
if [ -z "${SECURITY_DAEMON:-}" ]; then
	make --no-print-directory -s BUILD=build SANITIZE= "$D" >/dev/null 2>&1
fi
if [ "$BUILD" = build ]; then
	make --no-print-directory -s "$R" >/dev/null 2>&1
fi
if [ ! -x "$D" ] || [ ! -x "$R" ]; then
	echo "security.test.sh: $D or $R is missing"
	echo "0 passed, 1 failed"
	exit 1
fi
tmp=$(mktemp -d /tmp/cm-sec-XXXXXX) || exit 1
pid=""
cleanup() {
	if [ -n "$pid" ]; then
		kill -TERM "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT

"$D" --socket "$tmp/d.sock" --log-level error --max-workers 4 --grace 300 \
    --memory-limit 64 --handles-idle-timeout 5000 2>"$tmp/daemon.log" &
pid=$!
i=0
while [ ! -S "$tmp/d.sock" ] && [ $i -lt 200 ]; do
	sleep 0.05
	i=$((i + 1))
done

timeout 300 "$R" --url "unix://$tmp/d.sock" \
    --attacks tests/security/attacks.json \
    --pending tests/security/pending.txt --daemon-pid "$pid" "$@" >"$tmp/out" 2>&1
rc=$?
cat "$tmp/out"
if ! kill -0 "$pid" 2>/dev/null; then
	echo "FAIL: the daemon under attack is gone"
	tail -n 20 "$tmp/daemon.log"
	echo "0 passed, 1 failed"
	exit 1
fi
last=$(tail -n 1 "$tmp/out")
case "$last" in
*" passed, "*" failed"*) ;;
*)
	echo "security.test.sh: the runner printed no summary (exit $rc)"
	echo "0 passed, 1 failed"
	exit 1
	;;
esac
[ "$rc" = 0 ]
