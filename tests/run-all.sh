#!/bin/sh
# Runs every test program and script given, then prints one closing line
# "N passed, N failed" summed over Check suites ("Checks: N, Failures: F,
# Errors: E") and scripts (their own "N passed, N failed" line).
# Usage: tests/run-all.sh PROG... -- SCRIPT...
# The programs (Check suites, fuzz replays) run $CHECK_JOBS at a time (1
# unless set): each integration suite starts its daemons in a private
# directory of its own (tests/support/test_daemon.c) and takes TCP ports
# the kernel hands out, so none shares a socket, a file or a port with
# another. Their reports are printed in the order given, once all ended.
# The scripts run one after the other, after the programs: some rebuild or
# mutate what others run.
set -u

# One program, from xargs: runs it and leaves its log, exit status and
# seconds under DIR, named by its index.
if [ "${1:-}" = "--one" ]; then
	dir=$2 i=$3 t=$4
	args=""
	case "$t" in
	*/fuzz_*)
		# The seed corpus, and every input a fuzzer once crashed on.
		c=tests/fuzz/corpus/${t##*/fuzz_}; [ -d "$c" ] && args=$c
		r=tests/fuzz/regress/${t##*/fuzz_}; [ -d "$r" ] && args="$args $r" ;;
	esac
	t0=$(date +%s)
	# shellcheck disable=SC2086
	"$t" $args >"$dir/$i.log" 2>&1
	echo $? >"$dir/$i.rc"
	echo $(($(date +%s) - t0)) >"$dir/$i.secs"
	exit 0
fi

passed=0
failed=0
bad=""
log=$(mktemp)
progs=$(mktemp -d)
trap 'rm -f "$log"; rm -rf "$progs"' EXIT

count() {
	# Sum the counts a runner printed; a runner that printed none and failed counts once.
	name=$1 rc=$2
	got=0
	while IFS= read -r line; do
		case "$line" in
		*"Checks: "*", Failures: "*", Errors: "*)
			c=$(echo "$line" | sed -n 's/.*Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2 \3/p')
			set -- $c
			passed=$((passed + $1 - $2 - $3))
			failed=$((failed + $2 + $3))
			got=1 ;;
		*[0-9]" passed, "[0-9]*" failed"*)
			c=$(echo "$line" | sed -n 's/^\([A-Za-z]*: \)\{0,1\}\([0-9]*\) passed, \([0-9]*\) failed.*/\2 \3/p')
			if [ -n "$c" ]; then
				set -- $c
				passed=$((passed + $1))
				failed=$((failed + $2))
				got=1
			fi ;;
		esac
	done < "$log"
	if [ "$rc" != 0 ]; then
		bad="$bad $name"
		[ "$got" = 0 ] && failed=$((failed + 1))
	fi
}

# The programs, CHECK_JOBS at a time, then their reports in order.
i=0
for t in "$@"; do
	[ "$t" = "--" ] && break
	i=$((i + 1))
	printf '%s %s\n' "$i" "$t"
done | xargs -r -P "${CHECK_JOBS:-1}" -n 2 "$0" --one "$progs"
i=0
for t in "$@"; do
	[ "$t" = "--" ] && break
	i=$((i + 1))
	echo "== $t"
	cp "$progs/$i.log" "$log" 2>/dev/null || : >"$log"
	rc=$(cat "$progs/$i.rc" 2>/dev/null || echo 1)
	# How long each runner took, so a slow CI run names its cause.
	echo "-- $t: $(cat "$progs/$i.secs" 2>/dev/null || echo '?') s"
	grep -v '^$' "$log" | tail -n 60
	count "$t" "$rc"
done

scripts=0
for t in "$@"; do
	if [ "$t" = "--" ]; then scripts=1; continue; fi
	[ "$scripts" = 1 ] || continue
	echo "== $t"
	t0=$(date +%s)
	"$t" >"$log" 2>&1
	rc=$?
	# How long each runner took, so a slow CI run names its cause.
	echo "-- $t: $(($(date +%s) - t0)) s"
	tail -n 40 "$log"
	# A failing script's own failure lines may sit above its tail: show
	# them (and the diagnostics under each) so a CI log names what broke.
	if [ "$rc" != 0 ]; then
		echo "-- failures in $t:"
		awk '/^not ok|^FAIL/ && !/# (TODO|SKIP)/ { show = 8 } show > 0 { print; show-- }' "$log" | head -n 200
	fi
	count "$t" "$rc"
done

[ -n "$bad" ] && echo "failing runners:$bad"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ -z "$bad" ]
