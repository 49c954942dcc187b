#!/bin/sh
# make mutate: the project's own mutation run.
#
# Each row of tests/mutate/mutants.tsv is one deliberate change to one file
# (a literal pattern that must occur there exactly once, and its
# replacement) and the suites that guard that file. The rows are applied one
# at a time to a scratch copy of the tree (build/mutate/tree, so the
# developer's tree and build are never touched), only the guarding suites
# are rebuilt and run, each under a timeout, and the mutant is recorded as
# killed (a suite failed), survived (all passed), equivalent (survived, and
# the row says why no behaviour can change) or error (the pattern is not
# found exactly once, or the mutant does not build). An error is never
# skipped silently: after code moves, the row must be re-pointed.
#
# Usage: tests/mutate/run.sh [id ...]        (no ids: every row; ids rerun
# those rows and update their results in the last report)
# Environment: MUTATE_JOBS (make -j, default 2), MUTATE_TIMEOUT (seconds a
# suite may run, default 120), MUTATE_TSV (the list), MUTATE_FLAKY (test
# names whose failure alone is no kill).
set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
tsv=${MUTATE_TSV:-$top/tests/mutate/mutants.tsv}
out=$top/build/mutate
tree=$out/tree
jobs=${MUTATE_JOBS:-2}
limit=${MUTATE_TIMEOUT:-120}
results=$out/results.tsv
report=$out/report.md
logs=$out/logs

mkdir -p "$out" "$logs"

# The scratch copy: every tracked or new (not ignored) file of the working
# tree, so uncommitted tests take part. Its build/ persists between runs, so
# a file is copied only when its content differs (or it became
# executable), and then with a fresh
# mtime: restoring an old mtime would hide an object still built from the
# last mutant of an earlier run.
echo "mutate: copying the tree into $tree"
mkdir -p "$tree"
(cd "$top" && git ls-files -co --exclude-standard | grep -v '^build/') |
    while IFS= read -r f; do
	[ -f "$top/$f" ] || continue
	# (or only its execute bit: a script made executable later)
	if ! cmp -s "$top/$f" "$tree/$f" ||
	    { [ -x "$top/$f" ] && [ ! -x "$tree/$f" ]; }; then
		mkdir -p "$tree/$(dirname "$f")"
		rm -f "$tree/$f" # cp onto a file keeps that file's mode
		cp "$top/$f" "$tree/$f"
	fi
done

# Python does the literal counting and replacing: sed would need every
# pattern escaped, and a pattern must match as written.
apply() { # file pattern replacement -> 0 applied, 3 not exactly once
	python3 - "$@" <<'PY'
import sys
path, pat, rep = sys.argv[1], sys.argv[2], sys.argv[3]
import re
unq = lambda s: re.sub(r"\\(.)",
    lambda m: {"t": "\t", "n": "\n"}.get(m.group(1), m.group(1)), s)
pat, rep = unq(pat), unq(rep)
src = open(path, encoding="utf-8", errors="surrogateescape").read()
n = src.count(pat)
if n != 1:
    print(n)
    sys.exit(3)
open(path, "w", encoding="utf-8", errors="surrogateescape").write(
    src.replace(pat, rep))
PY
}

targets() { # suites -> make targets
	for s in $1; do
		case $s in
		*.sh) ;;
		*) printf ' build/tests/%s' "$s" ;;
		esac
	done
	printf ' build/codemode-executord'
}

# Tests known to flake under load whatever the code (their fixes are owned
# elsewhere): a suite whose only failures are these is not a kill, or a
# loaded machine would pass off a flake as a caught mutant.
flaky=" ${MUTATE_FLAKY:-test_hung_run_killed_at_timeout_plus_grace} "

run_suites() { # suites log -> 0 all passed, 1 one failed
	for s in $1; do
		case $s in
		*.sh) cmd="tests/$s" ;;
		*) cmd="build/tests/$s" ;;
		esac
		one=$out/suite.log
		if (cd "$tree" && BUILD=build CK_DEFAULT_TIMEOUT=$limit \
		    timeout -k 5 "$limit" $cmd) </dev/null >"$one" 2>&1; then
			cat "$one" >>"$2"
			continue
		fi
		cat "$one" >>"$2"
		failing=$(sed -n 's/^[^:]*:[0-9]*:[FE]:[^:]*:\([^:]*\):.*/\1/p' "$one" | sort -u)
		real=
		for t in $failing; do
			case $flaky in *" $t "*) ;; *) real=1 ;; esac
		done
		if [ -z "$failing" ] || [ -n "$real" ]; then
			echo "== killed by $s" >>"$2"
			return 1
		fi
		echo "== $s: only known-flaky tests failed ($failing): not a kill" >>"$2"
	done
	return 0
}

want=" $* "
all_suites=$(awk -F'\t' '!/^#/ && NF >= 5 { print $5 }' "$tsv" | tr ' ' '\n' | sort -u | tr '\n' ' ')

echo "mutate: building the unchanged tree"
if ! make -C "$tree" --no-print-directory -j"$jobs" all $(targets "$all_suites") \
    >"$logs/baseline.build" 2>&1; then
	echo "mutate: the unchanged tree does not build (see $logs/baseline.build)"
	exit 1
fi
# Every guarding suite must pass unchanged, or nothing can be learnt.
if [ $# -eq 0 ]; then
	echo "mutate: running the guarding suites on the unchanged tree"
	: >"$logs/baseline.run"
	if ! run_suites "$all_suites" "$logs/baseline.run"; then
		echo "mutate: a guarding suite fails on the unchanged tree:"
		tail -5 "$logs/baseline.run"
		exit 1
	fi
fi

# The loop reads the list on stdin: nothing inside may read it (make and
# the suites get /dev/null).
# A mutant is restored whatever happens to this script.
cur_file=
restore() {
	if [ -n "$cur_file" ]; then
		cp "$top/$cur_file" "$tree/$cur_file"
		touch "$tree/$cur_file"
		cur_file=
	fi
}
trap 'restore; exit 130' INT TERM

# A full run starts the results afresh; a run of some ids replaces only
# their rows, so a fix can be checked without running everything again.
if [ $# -eq 0 ] || [ ! -f "$results" ]; then
	: >"$results"
else
	for id in "$@"; do
		awk -F'\t' -v id="$id" '$1 != id' "$results" >"$results.new"
		mv "$results.new" "$results"
	done
fi
tab=$(printf '\t')
started=$(date +%s)
while IFS="$tab" read -r id file pattern replacement suites note; do
	case $id in '' | '#'*) continue ;; esac
	if [ $# -gt 0 ] && [ "${want#* $id }" = "$want" ]; then
		continue
	fi
	note=${note:-}
	log=$logs/$id.log
	t0=$(date +%s)
	if [ ! -f "$tree/$file" ]; then
		status=error
		why="file $file not found"
	else
		cur_file=$file
		if ! n=$(apply "$tree/$file" "$pattern" "$replacement"); then
			status=error
			why="pattern found $n times in $file (must be exactly once)"
		elif ! make -C "$tree" --no-print-directory -j"$jobs" \
		    $(targets "$suites") </dev/null >"$log" 2>&1; then
			status=error
			why="the mutant does not build"
		elif run_suites "$suites" "$log"; then
			case $note in
			equivalent:*) status=equivalent; why=${note#equivalent: } ;;
			*) status=survived; why="every guarding suite passed" ;;
			esac
		else
			status=killed
			why=$(grep '^== killed by' "$log" | sed 's/^== //')
		fi
		restore
	fi
	t=$(($(date +%s) - t0))
	printf '%s\t%s\t%s\t%s\t%s\n' "$id" "$status" "$file" "${t}s" "$why" >>"$results"
	printf 'mutate: %-28s %-10s %3ss %s\n' "$id" "$status" "$t" "$why"
done <"$tsv"

# The report: the score and every row that was not killed, first.
total=$(wc -l <"$results")
killed=$(awk -F'\t' '$2 == "killed"' "$results" | wc -l)
survived=$(awk -F'\t' '$2 == "survived"' "$results" | wc -l)
equiv=$(awk -F'\t' '$2 == "equivalent"' "$results" | wc -l)
errors=$(awk -F'\t' '$2 == "error"' "$results" | wc -l)
scored=$((killed + survived))
score=$(awk -v k="$killed" -v s="$scored" 'BEGIN { printf "%.1f", s ? 100 * k / s : 0 }')
{
	echo "# make mutate"
	echo
	echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(cd "$top" && git rev-parse --short HEAD), $(($(date +%s) - started)) s"
	echo
	echo "**Score: $killed killed of $scored ($score%)**; $equiv equivalent (not scored), $errors errors, $total mutants."
	echo
	for st in error survived equivalent killed; do
		rows=$(awk -F'\t' -v s="$st" '$2 == s' "$results")
		[ -n "$rows" ] || continue
		echo "## $st"
		echo
		echo "| id | file | time | detail |"
		echo "|----|------|------|--------|"
		echo "$rows" | awk -F'\t' '{ printf "| %s | %s | %s | %s |\n", $1, $3, $4, $5 }'
		echo
	done
} >"$report"
echo "mutate: $killed killed of $scored ($score%), $equiv equivalent, $errors errors; $report"
[ "$errors" -eq 0 ]
