#!/bin/sh
# The libFuzzer targets (make fuzz), briefly, as .ci/run runs them: each
# replays its seed corpus and its regression inputs (tests/fuzz/regress/)
# and then fuzzes for what is left of FUZZ_CI_SECONDS (default 10). What a
# run learns goes to a scratch directory, never into the committed corpus.
# A crash prints the input (libFuzzer writes it in base64 when it is short)
# and counts as a failure; keep it under tests/fuzz/regress/<name>/ once
# fixed. FUZZ_CI_JOBS targets (default 2) run at once, each on one core;
# their reports are printed in name order. Ends with "N passed, N failed",
# one per target.
set -u
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
cd "$(dirname "$0")/../.." || exit 1

# One target, from xargs: leaves its verdict in $tmp/NAME.res.
if [ "${1:-}" = "--one" ]; then
	tmp=$2 bin=$3 secs=$4
	name=${bin##*/fuzz_}
	mkdir -p "$tmp/$name"
	set -- tests/fuzz/corpus/"$name"
	[ -d tests/fuzz/regress/"$name" ] && set -- "$@" tests/fuzz/regress/"$name"
	if "$bin" -max_total_time="$secs" -timeout=10 -print_final_stats=1 \
	    -artifact_prefix="$tmp/crash-$name-" "$tmp/$name" "$@" \
	    >"$tmp/$name.log" 2>&1; then
		echo "ok: fuzz_$name $(grep -o 'stat::number_of_executed_units: [0-9]*' "$tmp/$name.log" | sed 's/.*: //') runs, $(grep -o 'cov: [0-9]* ft: [0-9]*' "$tmp/$name.log" | tail -n 1)" >"$tmp/$name.res"
	else
		{
			echo "FAIL: fuzz_$name:"
			grep -v '^#\|^INFO\|^MS:\|^ *$' "$tmp/$name.log" | tail -n 40
		} >"$tmp/$name.res"
	fi
	exit 0
fi

secs=${FUZZ_CI_SECONDS:-10}
dir=build/libfuzzer
tmp=$(mktemp -d /tmp/cm-fuzz-XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
for bin in "$dir"/fuzz_*; do
	[ -x "$bin" ] && echo "$bin"
done | xargs -r -P "${FUZZ_CI_JOBS:-2}" -I{} "$self" --one "$tmp" {} "$secs"
passed=0
failed=0
for bin in "$dir"/fuzz_*; do
	[ -x "$bin" ] || continue
	name=${bin##*/fuzz_}
	if [ -f "$tmp/$name.res" ] && head -n 1 "$tmp/$name.res" | grep -q '^ok: '; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
	cat "$tmp/$name.res" 2>/dev/null || echo "FAIL: fuzz_$name left no verdict"
done
[ $((passed + failed)) = 0 ] && { echo "no fuzz target in $dir (make fuzz)"; failed=1; }
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
