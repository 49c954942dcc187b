#!/bin/sh
# Runs every test program and script given, then prints one closing line
# "N passed, N failed" summed over Check suites ("Checks: N, Failures: F,
# Errors: E") and scripts (their own "N passed, N failed" line).
# Usage: tests/run-all.sh PROG... -- SCRIPT...
set -u
passed=0
failed=0
bad=""
log=$(mktemp)
trap 'rm -f "$log"' EXIT

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

scripts=0
for t in "$@"; do
	if [ "$t" = "--" ]; then scripts=1; continue; fi
	echo "== $t"
	args=""
	case "$t" in
	*/fuzz_*)
		# The seed corpus, and every input a fuzzer once crashed on.
		c=tests/fuzz/corpus/${t##*/fuzz_}; [ -d "$c" ] && args=$c
		r=tests/fuzz/regress/${t##*/fuzz_}; [ -d "$r" ] && args="$args $r" ;;
	esac
	t0=$(date +%s)
	# shellcheck disable=SC2086
	"$t" $args >"$log" 2>&1
	rc=$?
	# How long each runner took, so a slow CI run names its cause.
	echo "-- $t: $(($(date +%s) - t0)) s"
	if [ "$scripts" = 1 ]; then tail -n 40 "$log"; else grep -v '^$' "$log" | tail -n 60; fi
	# A failing script's own failure lines may sit above its tail: show
	# them (and the diagnostics under each) so a CI log names what broke.
	if [ "$scripts" = 1 ] && [ "$rc" != 0 ]; then
		echo "-- failures in $t:"
		awk '/^not ok|^FAIL/ && !/# (TODO|SKIP)/ { show = 8 } show > 0 { print; show-- }' "$log" | head -n 200
	fi
	count "$t" "$rc"
done

[ -n "$bad" ] && echo "failing runners:$bad"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ -z "$bad" ]
