#!/bin/sh
# Runs every test program and script given, then prints one closing line
# "N passed, N failed" summed over Check suites ("Checks: N, Failures: F,
# Errors: E") and scripts (their own "N passed, N failed" line).
# Usage: tests/run-all.sh PROG... -- SCRIPT...
# (no path may hold a space).
#
# Programs (Check suites, fuzz replays) and scripts share one pool of
# $CHECK_JOBS runners (1 unless set): each integration suite starts its
# daemons in a private directory of its own (tests/support/test_daemon.c)
# and takes TCP ports the kernel hands out, and each script works in a
# temporary directory of its own, so none shares a socket, a file or a port
# with another. What several scripts would build is built before (make
# check stages the JS package first). Most integration runners spend their
# time waiting on timeouts, not computing, so the pool is kept busy by
# starting the longest first: $CHECK_FIRST lists runners (by the end of
# their path: "check_faults", "jsclient.test.sh") to start before the rest,
# in that order; the others keep the order given.
#
# $CHECK_SHARDS ("check_faults:3 check_conn_bounds:3") splits a long
# program into N runners, PROG@K/N, each running the K-th of N shares of
# its Check cases (CM_CHECK_SHARD=K/N, see tests/support/test_shard.h); the
# N shares together are the whole suite, each reported and counted on its
# own.
#
# Reports are printed in the order given, once all ended, each headed by
# its runner's wall seconds and the CPU seconds it and its children used
# (user+system, when /usr/bin/time is there): a runner whose CPU is far
# below its wall time is waiting, not working.
set -u

# One runner, from xargs: runs it and leaves its log, exit status and
# seconds under DIR, named by its index.
if [ "${1:-}" = "--one" ]; then
	dir=$2 i=$3 t=$4
	args=""
	shard=""
	case "$t" in
	*@*/*)
		shard=${t##*@}
		t=${t%@*} ;;
	esac
	case "$t" in
	*/fuzz_*)
		# The seed corpus, and every input a fuzzer once crashed on.
		c=tests/fuzz/corpus/${t##*/fuzz_}; [ -d "$c" ] && args=$c
		r=tests/fuzz/regress/${t##*/fuzz_}; [ -d "$r" ] && args="$args $r" ;;
	esac
	t0=$(date +%s)
	timer=""
	[ -x /usr/bin/time ] && timer="/usr/bin/time -f %U+%S -o $dir/$i.cpu"
	# shellcheck disable=SC2086
	CM_CHECK_SHARD=$shard $timer "$t" $args >"$dir/$i.log" 2>&1
	echo $? >"$dir/$i.rc"
	echo $(($(date +%s) - t0)) >"$dir/$i.secs"
	echo "   done: $t${shard:+@$shard} ($(cat "$dir/$i.secs") s)"
	exit 0
fi

passed=0
failed=0
bad=""
log=$(mktemp)
runs=$(mktemp -d)
trap 'rm -f "$log"; rm -rf "$runs"' EXIT

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

# $CHECK_SHARDS ("check_faults:3 ..."): the programs run in shares.
shards_of() {
	for s in ${CHECK_SHARDS:-}; do
		case "$1" in
		*/"${s%:*}" | "${s%:*}") echo "${s##*:}"; return ;;
		esac
	done
	echo 1
}
runners=$runs/runners
scripts=0
for t in "$@"; do
	if [ "$t" = "--" ]; then scripts=1; continue; fi
	n=1
	[ "$scripts" = 0 ] && n=$(shards_of "$t")
	if [ "$n" -gt 1 ]; then
		k=0
		while [ $k -lt "$n" ]; do
			echo "$t@$k/$n"
			k=$((k + 1))
		done
	else
		echo "$t"
	fi
done >"$runners"
set -- $(cat "$runners")

# Every runner with its index (its place in the report), the ones
# $CHECK_FIRST names first.
i=0
for t in "$@"; do
	i=$((i + 1))
	printf '%s %s\n' "$i" "$t"
done >"$runs/all"
: >"$runs/order"
for f in ${CHECK_FIRST:-}; do
	grep -E "^[0-9]+ (.*/)?$f(@[0-9]+/[0-9]+)?\$" "$runs/all" >>"$runs/order"
done
grep -v -x -F -f "$runs/order" "$runs/all" >>"$runs/order" || :
xargs -r -P "${CHECK_JOBS:-1}" -n 2 "$0" --one "$runs" <"$runs/order"

i=0
for t in "$@"; do
	i=$((i + 1))
	echo "== $t"
	cp "$runs/$i.log" "$log" 2>/dev/null || : >"$log"
	rc=$(cat "$runs/$i.rc" 2>/dev/null || echo 1)
	# How long each runner took, so a slow CI run names its cause.
	cpu=""
	[ -s "$runs/$i.cpu" ] &&
	    cpu=", cpu $(tail -n 1 "$runs/$i.cpu" | awk -F+ '{ printf "%.0f", $1 + $2 }') s"
	echo "-- $t: $(cat "$runs/$i.secs" 2>/dev/null || echo '?') s$cpu"
	case "$t" in
	*.sh)
		tail -n 40 "$log"
		# A failing script's own failure lines may sit above its tail:
		# show them (and the diagnostics under each) so a CI log names
		# what broke.
		if [ "$rc" != 0 ]; then
			echo "-- failures in $t:"
			awk '/^not ok|^FAIL/ && !/# (TODO|SKIP)/ { show = 8 } show > 0 { print; show-- }' "$log" | head -n 200
		fi ;;
	*)
		grep -v '^$' "$log" | tail -n 60 ;;
	esac
	count "$t" "$rc"
done

[ -n "$bad" ] && echo "failing runners:$bad"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ -z "$bad" ]
