# Sourced by the scripts that test against a real daemon: a private
# directory ($tmp, named after $tmp_prefix), the tallies ok/no/same that
# end in "N passed, N failed", and daemon_start, a daemon on a private
# socket ($url), stopped and the directory removed at exit.
BUILD=${BUILD:-build}
cm=$BUILD/codemode
tmp=$(mktemp -d "/tmp/${tmp_prefix:-cm-test}-XXXXXX")
pass=0
fail=0
dpid=
cleanup() {
	[ -n "$dpid" ] && kill "$dpid" 2>/dev/null && wait "$dpid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "FAIL - $1"; }
same() { # name, expected, actual
	if [ "$2" = "$3" ]; then ok "$1"; else no "$1"; echo "    expected: $2"; echo "    got:      $3"; fi
}

# daemon_start [ARG...]: $CODEMODE_EXECUTORD, else $BUILD's daemon, on
# $tmp/d.sock with the arguments given; waits for its socket.
daemon_start() {
	"${CODEMODE_EXECUTORD:-$BUILD/codemode-executord}" --socket "$tmp/d.sock" "$@" &
	dpid=$!
	i=0
	while [ ! -S "$tmp/d.sock" ] && [ $i -lt 300 ]; do sleep 0.02; i=$((i + 1)); done
	url="unix://$tmp/d.sock"
}
