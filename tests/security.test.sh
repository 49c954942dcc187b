#!/bin/sh
# The security suite (tests/security/README.md): starts build/codemode-executord
# on a private unix socket and replays every attack of
# tests/security/attacks.json with $BUILD/tests/security-runner. Attacks
# listed in tests/security/pending.txt are expected to fail (their fixes are
# in flight); one that passes fails this test until its line is removed.
# The daemon's bounds are set small so bounded attacks end fast:
#   --max-workers 4 --grace 300 --memory-limit 64 --handles-idle-timeout 5000
# and no pings: the runner pumps several connections in turn, and on a
# loaded machine a pong can be late without the peer being dead.
# Then a self-check of the runner (a wrong expectation and an unexpected
# pass must both fail a run). Ends with "N passed, N failed, N pending" and
# the self-check's own "N passed, N failed" line.
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

"$D" --socket "$tmp/d.sock" --log-level info --max-workers 4 --grace 300 \
    --memory-limit 64 --handles-idle-timeout 5000 --ping-interval 0 \
    2>"$tmp/daemon.log" &
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
if [ "$rc" != 0 ]; then
	# What the daemon said about connections and children it ended.
	grep -E 'level=(warn|error)|peer_dead|event=conn_close' "$tmp/daemon.log" |
	    tail -n 20 | sed 's/^/daemon: /'
fi
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

# The runner itself: a wrong expectation fails, a pending attack that holds
# is an unexpected pass, and both make the run fail.
cat >"$tmp/self.json" <<'JSON'
{"attacks": [
{"name": "self.wrong", "category": "self", "attack": "a wrong expectation",
 "request": {"code": "async () => 1"}, "expect": {"result": 2}},
{"name": "self.holds", "category": "self", "attack": "listed as pending but holds",
 "request": {"code": "async () => 1"}, "expect": {"result": 1, "envelopeKeys": ["resultJson", "logs"]}}
]}
JSON
echo "self.holds  # pending on purpose" >"$tmp/self.pending"
"$R" --url "unix://$tmp/d.sock" --attacks "$tmp/self.json" \
    --pending "$tmp/self.pending" >"$tmp/self.out" 2>&1
self_rc=$?
if [ "$self_rc" = 1 ] && grep -q '^not ok 1 - self.wrong' "$tmp/self.out" &&
	grep -q '^#   result: want 2, got 1' "$tmp/self.out" &&
	grep -q '^not ok 2 - self.holds # unexpected pass' "$tmp/self.out" &&
	grep -q '^0 passed, 2 failed, 0 pending' "$tmp/self.out"; then
	echo "ok - the runner fails a wrong expectation and an unexpected pass"
	echo "1 passed, 0 failed"
else
	echo "FAIL: the runner's self-check (exit $self_rc):"
	sed 's/^/  | /' "$tmp/self.out"
	echo "0 passed, 1 failed"
	rc=1
fi
[ "$rc" = 0 ]
