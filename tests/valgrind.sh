#!/bin/sh
# make valgrind (and .ci/run): the daemon under valgrind's memcheck over the
# whole conformance suite, with tests/conformance.test.sh's configurations,
# its A and C in one daemon (A: --max-workers 4 --max-queue 8
# --handles-idle-timeout 1000: the case verdicts are not counted here; B: --response-limit 65536 --outbound-mode null
# --max-handles-per-connection 1 --instance-id conf-b for the cases tagged
# response-limit, outbound-veto, handles-limit and instance-id). Each daemon is
# ended with SIGTERM, as an operator would, and must exit 0 with valgrind
# reporting no invalid access, no use of uninitialised memory and no
# definite or indirect leak (--errors-for-leak-kinds; memory still
# reachable at exit is not counted, there is none today).
#
# Only the daemon process is checked (--trace-children=no). It never runs
# guest code: it fork+execs build/codemode-sandbox, and each sandbox child
# enters a seccomp allow-list and an address-space limit that valgrind's
# own system calls and mappings cannot live under; what runs there (the
# engine, the child's codecs) is checked by the ASan/UBSan build of the
# unit suites (make check SANITIZE=1) and by the fuzzers. valgrind still
# follows the daemon's forks up to their exec; those logs are scanned too.
#
# Uses the plain build (build/); ends with "N passed, N failed": one check
# per daemon, valgrind's verdict and its exit. The cases are the workload:
# their own verdicts are printed ("cases: ...") but not counted, since under
# memcheck the daemon runs tens of times slower and on a loaded machine the
# cases that time things (idle bounds, bursts, 8 MB answers against a run
# clock) fail for that alone; tests/conformance.test.sh judges them.
set -u
cd "$(dirname "$0")/.." || exit 1
D=build/codemode-executord
R=build/codemode-conformance
make --no-print-directory -s BUILD=build SANITIZE= "$D" "$R" >/dev/null 2>&1
if [ ! -x "$D" ] || [ ! -x "$R" ] || ! command -v valgrind >/dev/null; then
	echo "valgrind.sh: $D, $R or valgrind is missing"
	echo "0 passed, 1 failed"
	exit 1
fi
tmp=$(mktemp -d /tmp/cm-vg-XXXXXX) || exit 1
pids=""
cleanup() {
	for p in $pids; do
		kill -KILL "$p" 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT

# start NAME ARGS...: the daemon under valgrind on $tmp/NAME.sock; its pid
# in $tmp/NAME.pid (valgrind's, which is the daemon's: no wrapper).
start() {
	name=$1
	shift
	valgrind --quiet --error-exitcode=99 --trace-children=no \
	    --leak-check=full --show-leak-kinds=definite,indirect \
	    --errors-for-leak-kinds=definite,indirect \
	    --log-file="$tmp/vg-$name.%p.log" \
	    "$D" --socket "$tmp/$name.sock" --log-level error "$@" &
	echo $! >"$tmp/$name.pid"
	pids="$pids $!"
	i=0
	while [ ! -S "$tmp/$name.sock" ] && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

start a --max-workers 4 --max-queue 8 --handles-idle-timeout 1000
start b --max-workers 2 --response-limit 65536 --outbound-mode null \
    --max-handles-per-connection 1 --instance-id conf-b

xf=conformance/known-failures.txt
"$R" --url "unix://$tmp/a.sock" --jobs 2 --skip-tag response-limit \
    --skip-tag outbound-veto --skip-tag handles-limit --skip-tag instance-id \
    --known-failures "$xf" >"$tmp/a.out" 2>&1
"$R" --url "unix://$tmp/b.sock" --filter 'faults.response-limit.*' \
    --filter 'outbound.veto.*' --filter 'handles.limit.*' \
    --filter 'handles.id.instance-*' --known-failures "$xf" >"$tmp/b.out" 2>&1

passed=0
failed=0
for name in a b; do
	out=$tmp/$name.out
	last=$(tail -n 1 "$out")
	echo "cases ($name): $(echo "$last" | sed 's/ passed,/ ok,/; s/ failed,/ not ok,/')"
	# A daemon that served nothing proves nothing.
	case "$last" in
	[1-9]*" passed, "*) ;;
	*)
		echo "FAIL: daemon $name served no case"
		failed=$((failed + 1)) ;;
	esac
	# Failing cases with their diagnostics (the first 60 lines).
	awk '/^not ok / && !/# TODO xfail/ { show = 1; print; next }
	    /^(ok|not ok) / { show = 0 }
	    show && /^#/ { print }' "$out" | head -n 60
	# SIGTERM, then wait (bounded) for the daemon and valgrind's report.
	pid=$(cat "$tmp/$name.pid")
	kill -TERM "$pid" 2>/dev/null
	i=0
	while kill -0 "$pid" 2>/dev/null && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	wait "$pid"
	rc=$?
	log=$tmp/vg-$name.$pid.log
	# Every log: the daemon's own and those of its forks before exec.
	if [ "$rc" = 0 ] && [ -f "$log" ] &&
	    ! grep -q '^==[0-9]*== [A-Z]' "$tmp"/vg-"$name".*.log; then
		echo "ok: daemon $name exits 0 and valgrind reports nothing"
		passed=$((passed + 1))
	else
		echo "FAIL: daemon $name (exit $rc; 99 is valgrind's error exit):"
		cat "$tmp"/vg-"$name".*.log | head -n 200
		failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
