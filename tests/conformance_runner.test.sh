#!/bin/sh
# The conformance runner itself, against real daemons on private sockets,
# with the small catalogues of tests/conformance/:
#   late/   a case whose call outlives its time ends its connection, so the
#           late answer never lands in the next case
#   held/   a case that never closes its handles has them closed at its
#           end (the daemon has one worker: the next case needs it)
#   tap/    TAP version 13 that prove accepts with --jobs and a serial case,
#           the setting a failing case needs printed with its failure,
#           --list, --help, --profile default, --junit (xmllint)
# plus the TAP of a run that cannot reach its executor. Ends with
# "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 1
BUILD=${BUILD:-build}
D=${CONFORMANCE_DAEMON:-build/codemode-executord}
R=$BUILD/codemode-conformance
[ -x "$D" ] || D=$BUILD/codemode-executord
tmp=$(mktemp -d /tmp/cm-runner-XXXXXX) || exit 1
pids=""
pass=0
fail=0
cleanup() {
	for p in $pids; do
		kill -TERM "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT
ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "FAIL - $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -30; }
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
start two --max-workers 2
start one --max-workers 1
T=tests/conformance

# late/: case a times out after 300 ms, its answer comes at 1.2 s, inside
# case b's call on the same worker.
"$R" --url "unix://$tmp/two.sock" --cases $T/late >"$tmp/late.out" 2>&1
if grep -q '^ok 2 - late.b.gets-its-own-answer$' "$tmp/late.out"; then
	ok "a late answer never lands in the next case"
else
	no "a late answer never lands in the next case" "$tmp/late.out"
fi
if grep -q '^#   the runner ended the connection: a call outlived the case' "$tmp/late.out" &&
    grep -q '^not ok 1 - late.a.outlives-its-case$' "$tmp/late.out"; then
	ok "the timed-out case fails and says its connection was ended"
else
	no "the timed-out case fails and says its connection was ended" "$tmp/late.out"
fi

# held/: twice, so the second run would find the worker still held.
"$R" --url "unix://$tmp/one.sock" --cases $T/held >"$tmp/held.out" 2>&1 &&
    "$R" --url "unix://$tmp/one.sock" --cases $T/held >>"$tmp/held.out" 2>&1
if [ $? = 0 ] && [ "$(grep -c '^ok ' "$tmp/held.out")" = 4 ]; then
	ok "handles a case leaves open are closed at its end"
else
	no "handles a case leaves open are closed at its end" "$tmp/held.out"
fi

# tap/: three jobs, a serial case, an xfail, a --skip-tag.
"$R" --url "unix://$tmp/two.sock" --cases $T/tap --jobs 3 --skip-tag skipme \
    --known-failures $T/tap/known-failures.txt --junit "$tmp/junit.xml" \
    --json "$tmp/report.json" >"$tmp/tap.out" 2>&1
rc=$?
if [ $rc = 0 ] && prove -e cat "$tmp/tap.out" >"$tmp/prove.out" 2>&1 &&
    grep -q '^Result: PASS' "$tmp/prove.out"; then
	ok "prove accepts the TAP of a run with --jobs 3 and a serial case"
else
	no "prove accepts the TAP of a run with --jobs 3 and a serial case (exit $rc)" "$tmp/prove.out"
	sed 's/^/    /' "$tmp/tap.out"
fi
if [ "$(sed -n 1p "$tmp/tap.out")" = "TAP version 13" ] && [ "$(sed -n 2p "$tmp/tap.out")" = "1..6" ] &&
    [ "$(grep -E '^(not )?ok ' "$tmp/tap.out" | sed 's/^\(not \)\{0,1\}ok \([0-9]*\) .*/\2/' | tr '\n' ' ')" = "1 2 3 4 5 6 " ]; then
	ok "the version, the plan, then numbers 1..6 in order"
else
	no "the version, the plan, then numbers 1..6 in order" "$tmp/tap.out"
fi
if [ "$(grep -E '^(not )?ok ' "$tmp/tap.out" | tail -n 1 | sed 's/^ok [0-9]* - //')" = "tap.serial.runs-alone-after-the-rest" ]; then
	ok "the serial case runs last under the last number"
else
	no "the serial case runs last under the last number" "$tmp/tap.out"
fi
if grep -A1 '^not ok [0-9]* - tap.setting.fails-naming-its-setting # TODO xfail' "$tmp/tap.out" |
    grep -q '^#   needs response-limit: a response limit below 100000 bytes (ours: --response-limit 65536)$'; then
	ok "a failure names the server setting its case needs"
else
	no "a failure names the server setting its case needs" "$tmp/tap.out"
fi
if grep -q '^# skipped 1 case tagged skipme (--skip-tag)$' "$tmp/tap.out"; then
	ok "the skipped cases are summed up with why"
else
	no "the skipped cases are summed up with why" "$tmp/tap.out"
fi
if xmllint --noout "$tmp/junit.xml" 2>"$tmp/xml.err" &&
    [ "$(grep -c '<testcase ' "$tmp/junit.xml")" = 6 ] &&
    grep -q '<testsuite name="tap" tests="6" failures="0" errors="0" skipped="2"' "$tmp/junit.xml" &&
    grep -q 'name="tap.plain.three"' "$tmp/junit.xml"; then
	ok "--junit writes well-formed JUnit XML with every case"
else
	no "--junit writes well-formed JUnit XML with every case" "$tmp/xml.err"
	sed 's/^/    /' "$tmp/junit.xml" | head -20
fi
if grep -q '"needs": "needs response-limit: ' "$tmp/report.json"; then
	ok "--json carries what each case needs"
else
	no "--json carries what each case needs" "$tmp/report.json"
fi

# Without the known-failures list the failure fails the run, and JUnit says so.
"$R" --url "unix://$tmp/two.sock" --cases $T/tap --filter 'tap.setting.*' \
    --junit "$tmp/junit2.xml" >"$tmp/fail.out" 2>&1
rc=$?
if [ $rc = 1 ] && xmllint --noout "$tmp/junit2.xml" 2>/dev/null &&
    grep -q '<failure message="an expectation did not hold">needs response-limit: ' "$tmp/junit2.xml"; then
	ok "a failing case is a JUnit failure with its setting and diff"
else
	no "a failing case is a JUnit failure with its setting and diff (exit $rc)" "$tmp/junit2.xml"
fi

# --profile default skips it, and says why.
"$R" --url "unix://$tmp/two.sock" --cases $T/tap --profile default --skip-tag skipme >"$tmp/prof.out" 2>&1
rc=$?
if [ $rc = 0 ] &&
    grep -q '^ok [0-9]* - tap.setting.fails-naming-its-setting # SKIP needs response-limit, which the profile' "$tmp/prof.out" &&
    grep -q '^# skipped 1 case tagged response-limit (the default profile lacks it): needs a response limit' "$tmp/prof.out" &&
    prove -e cat "$tmp/prof.out" >/dev/null 2>&1; then
	ok "--profile default skips the cases a default daemon cannot pass, with a summary"
else
	no "--profile default skips the cases a default daemon cannot pass, with a summary (exit $rc)" "$tmp/prof.out"
fi
"$R" --profile minimal --list >/dev/null 2>&1
if [ $? = 2 ]; then ok "an unknown profile is a usage error"; else no "an unknown profile is a usage error"; fi

# --list and --help name the settings.
if "$R" --cases $T/tap --list | grep -q '^tap.setting.fails-naming-its-setting \["response-limit"\] (needs response-limit: a response limit below 100000 bytes'; then
	ok "--list names the settings a case needs"
else
	no "--list names the settings a case needs"
fi
if "$R" --help | grep -q '^  handles-idle .*--handles-idle-timeout 1000.*skipped by --profile default$'; then
	ok "--help lists the server settings"
else
	no "--help lists the server settings"
fi

# No executor: every case still gets its line, so the TAP stays valid.
"$R" --url "unix://$tmp/nobody.sock" --cases $T/tap >"$tmp/none.out" 2>&1
rc=$?
prove -e cat "$tmp/none.out" >"$tmp/prove2.out" 2>&1
if [ $rc = 1 ] && [ "$(grep -c '^not ok ' "$tmp/none.out")" = 6 ] &&
    ! grep -qi 'parse error' "$tmp/prove2.out"; then
	ok "a run without an executor prints a line per case"
else
	no "a run without an executor prints a line per case (exit $rc)" "$tmp/prove2.out"
	sed 's/^/    /' "$tmp/none.out"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
