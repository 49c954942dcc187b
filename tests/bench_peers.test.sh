#!/bin/sh
# make bench-peers's own parts, in make check without npm or the peers:
# build/bench/peer_bench (the C driver) against a daemon on a private
# socket and on the in-process executor, and the node:vm driver, each
# through bench/peers/selftest.mjs (every case of bench/peers/cases.mjs
# answers its expected value, timings, throughput, failures answered in the
# protocol). Ends with "N passed, N failed".
set -u
BUILD=${BUILD:-build}
tmp=$(mktemp -d /tmp/cm-bench-peers-XXXXXX)
dpid=
cleanup() {
	[ -n "$dpid" ] && kill "$dpid" 2>/dev/null && wait "$dpid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
give_up() {
	echo "bench_peers: $1"
	echo "0 passed, 1 failed"
	exit 1
}
command -v node >/dev/null 2>&1 || give_up "node not found"
[ -x "$BUILD/bench/peer_bench" ] || give_up "$BUILD/bench/peer_bench is not built"

"$BUILD/codemode-executord" --socket "$tmp/d.sock" --max-workers 2 --log-level error &
dpid=$!
i=0
while [ ! -S "$tmp/d.sock" ] && [ $i -lt 300 ]; do sleep 0.02; i=$((i + 1)); done
[ -S "$tmp/d.sock" ] || give_up "the daemon did not start"

timeout 300 node bench/peers/selftest.mjs -- "$BUILD/bench/peer_bench" "unix://$tmp/d.sock" >"$tmp/c.log" 2>&1
CODEMODE_SANDBOX_IMAGE=$(cd "$BUILD" && pwd)/codemode-sandbox \
	timeout 300 node bench/peers/selftest.mjs -- "$BUILD/bench/peer_bench" executor: >"$tmp/x.log" 2>&1
timeout 300 node --expose-gc bench/peers/selftest.mjs --memory -- node --expose-gc bench/peers/drivers/nodevm.mjs >"$tmp/js.log" 2>&1
sed 's/^/C driver: /' "$tmp/c.log"
sed 's/^/C driver, in-process executor: /' "$tmp/x.log"
sed 's/^/node:vm driver: /' "$tmp/js.log"
pass=$(cat "$tmp/c.log" "$tmp/x.log" "$tmp/js.log" | grep -c '^ok - ')
fail=$(cat "$tmp/c.log" "$tmp/x.log" "$tmp/js.log" | grep -c '^FAIL - ')
# A driver that died without its closing line counts as a failure.
for f in c x js; do grep -q '^selftest: ' "$tmp/$f.log" || fail=$((fail + 1)); done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
