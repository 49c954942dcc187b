#!/bin/sh
# The JavaScript client package (libclient/js): staged with its generated
# spec module into $BUILD/jsclient/package, its test dependencies (pinned in
# tests/jsclient/package.json) installed there with npm, then its own
# `node --test` suite, which starts build/codemode-executord on private unix
# sockets itself (the reconnect tests kill and restart it). Ends with
# "N passed, N failed".
set -u
BUILD=${BUILD:-build}
top=$(cd "$(dirname "$0")/.." && pwd)
case $BUILD in
/*) build=$BUILD ;;
*) build=$top/$BUILD ;;
esac
work=$build/jsclient
give_up() {
	echo "jsclient: $1"
	echo "0 passed, 1 failed"
	exit 1
}
command -v node >/dev/null 2>&1 || give_up "node not found"
command -v npm >/dev/null 2>&1 || give_up "npm not found"
[ -x "$build/codemode-executord" ] || give_up "$build/codemode-executord is not built"
mkdir -p "$work"
# A make of its own (not a job of the make that may be running this script).
MAKEFLAGS= MFLAGS= make -C "$top" --no-print-directory -s BUILD="$BUILD" js-stage >"$work/stage.log" 2>&1 || {
	cat "$work/stage.log"
	give_up "staging the package failed"
}
# Reinstall only when the pinned list changed.
if ! cmp -s "$top/tests/jsclient/package.json" "$work/package.json" ||
	[ ! -d "$work/node_modules/capnweb" ]; then
	cp "$top/tests/jsclient/package.json" "$work/package.json"
	(cd "$work" && npm install --no-audit --no-fund --silent >"$work/npm.log" 2>&1) || {
		cat "$work/npm.log"
		rm -f "$work/package.json"
		give_up "npm install failed"
	}
fi
log=$work/test.log
# Bounds for a starved machine (CI, shared): a file of 64 MiB payloads once
# took more than 120 s there, the whole suite more than 600 s.
CODEMODE_DAEMON=$build/codemode-executord CODEMODE_SPEC_JSON=$top/spec/protocol.json \
	timeout 1200 node --test --test-reporter=tap --test-concurrency=1 --test-timeout=300000 "$work"/package/test/*.test.js >"$log" 2>&1
rc=$?
grep -E '^# (pass|fail|cancelled)' "$log"
grep -B 1 -A 24 '^ *not ok' "$log" | head -200
pass=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$log" | tail -1)
failn=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$log" | tail -1)
cancelled=$(sed -n 's/^# cancelled \([0-9]*\)$/\1/p' "$log" | tail -1)
pass=${pass:-0}
failn=$((${failn:-0} + ${cancelled:-0}))
if [ "$rc" != 0 ] && [ "$failn" = 0 ]; then
	tail -20 "$log"
	failn=1
fi
echo "$pass passed, $failn failed"
[ "$rc" = 0 ] && [ "$failn" = 0 ]
