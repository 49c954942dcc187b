#!/bin/sh
# Proof that the suite guards each rule for another implementation, not only
# our wording of it (issue 26): the cases run as a third party runs them
# (--skip-tag ours --skip-tag ours-text) against our daemon with one
# deliberate rule breakage at a time, from tests/conformance/breakages.tsv,
# and every breakage must be noticed (a case of the row's globs fails).
#
# The breakages are applied to a scratch copy of the tree under
# build/breakage/tree, never to the working tree. build/ is copied with its
# timestamps, so make rebuilds only what a breakage touches (one object and
# the daemon's link; the prelude for a runtime file). Before any breakage the
# same cases must pass on the unbroken copy, or a "noticed" breakage would
# prove nothing. The daemon is always the plain build (as in
# conformance.test.sh); the runner is $BUILD's.
# Usage: tests/conformance_breakage.test.sh [id ...]. Ends with
# "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 1
top=$(pwd)
BUILD=${BUILD:-build}
R=$top/$BUILD/codemode-conformance
case $BUILD in /*) R=$BUILD/codemode-conformance ;; esac
tsv=$top/tests/conformance/breakages.tsv
out=$top/build/breakage
tree=$out/tree
pass=0
fail=0
dpid=
tmp=$(mktemp -d /tmp/cm-breakage-XXXXXX) || exit 1
cleanup() {
	[ -n "$dpid" ] && kill "$dpid" 2>/dev/null && wait "$dpid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "FAIL - $1"; }

make --no-print-directory -s BUILD=build SANITIZE= build/codemode-executord >/dev/null 2>&1
[ "$BUILD" = build ] && make --no-print-directory -s build/codemode-conformance >/dev/null 2>&1
if [ ! -x build/codemode-executord ] || [ ! -x "$R" ]; then
	echo "conformance_breakage.test.sh: build/codemode-executord or $R is missing"
	echo "0 passed, 1 failed"
	exit 1
fi

# The scratch copy: sources as git knows them (new files included), then
# build/ with its timestamps, minus what the daemon does not need.
mkdir -p "$tree/build"
git ls-files -co --exclude-standard | grep -v '^build/' | tar -cf - -T - | tar -xf - -C "$tree"
tar -cf - -C build --exclude=./breakage --exclude=./mutate --exclude=./asan \
    --exclude=./deb --exclude=./debian-src --exclude=./tests --exclude=./jsclient \
    --exclude=./libfuzzer . |
    tar -xf - -C "$tree/build"

# apply FILE PATTERN REPLACEMENT: 0, or 3 when the pattern is not there once.
apply() {
	perl -e '
	    my ($f, $p, $r) = @ARGV;
	    for ($p, $r) { s/\\t/\t/g; s/\\n/\n/g; s/\\\\/\\/g; }
	    local $/; open(my $in, "<", $f) or exit 2; my $s = <$in>; close $in;
	    my $n = () = $s =~ /\Q$p\E/g; exit 3 if $n != 1;
	    $s =~ s/\Q$p\E/$r/; open(my $o, ">", $f) or exit 2; print $o $s; close $o;' "$@"
}
build_daemon() {
	make --no-print-directory -s -C "$tree" BUILD=build SANITIZE= build/codemode-executord >"$tmp/make.log" 2>&1
}
# run GLOBS...: the tree's daemon on a fresh socket, the cases as a third
# party runs them; leaves the TAP in $tmp/run.out and returns the runner's
# exit status.
run() {
	rm -f "$tmp/d.sock"
	"$tree/build/codemode-executord" --socket "$tmp/d.sock" --log-level error &
	dpid=$!
	i=0
	while [ ! -S "$tmp/d.sock" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
	set -- $(for g in "$@"; do printf -- '--filter %s ' "$g"; done)
	"$R" --url "unix://$tmp/d.sock" --cases "$top/conformance/cases" \
	    --skip-tag ours --skip-tag ours-text --jobs 2 \
	    --known-failures "$top/conformance/known-failures.txt" "$@" >"$tmp/run.out" 2>&1
	rc=$?
	kill "$dpid" 2>/dev/null
	wait "$dpid" 2>/dev/null
	dpid=
	return $rc
}

# The rows wanted (all, or the ids given).
grep -v '^#' "$tsv" | grep -v '^$' >"$tmp/rows"
if [ $# -gt 0 ]; then
	for id in "$@"; do grep "^$id	" "$tmp/rows"; done >"$tmp/want"
	mv "$tmp/want" "$tmp/rows"
fi

# Every file a row breaks starts as in the working tree.
cut -f2 "$tmp/rows" | sort -u | while IFS= read -r f; do cp "$top/$f" "$tree/$f"; done
if ! build_daemon; then
	no "the scratch daemon builds"
	sed 's/^/    /' "$tmp/make.log" | tail -20
	echo "$pass passed, $fail failed"
	exit 1
fi
globs=$(cut -f5 "$tmp/rows" | tr ' ' '\n' | sort -u | tr '\n' ' ')
# shellcheck disable=SC2086
if run $globs; then
	ok "unbroken, the rule cases pass ($(grep -c '^ok ' "$tmp/run.out") cases)"
else
	no "unbroken, the rule cases pass"
	grep -A3 '^not ok' "$tmp/run.out" | sed 's/^/    /' | head -40
	echo "$pass passed, $fail failed"
	exit 1
fi

while IFS='	' read -r id file pattern replacement cases; do
	cp "$top/$file" "$tree/$file"
	apply "$tree/$file" "$pattern" "$replacement"
	case $? in
	0) ;;
	3) no "$id: the pattern is not in $file exactly once (re-point the row)"; continue ;;
	*) no "$id: cannot apply to $file"; continue ;;
	esac
	if ! build_daemon; then
		no "$id: the broken daemon does not build"
		sed 's/^/    /' "$tmp/make.log" | tail -10
		cp "$top/$file" "$tree/$file"
		continue
	fi
	# shellcheck disable=SC2086
	run $cases
	rc=$?
	if [ $rc = 1 ] && grep '^not ok ' "$tmp/run.out" | grep -qv '# TODO'; then
		ok "$id: noticed by $(grep '^not ok ' "$tmp/run.out" | grep -v '# TODO' | sed 's/^not ok [0-9]* - //' | tr '\n' ' ')"
	else
		no "$id: not noticed by $cases (exit $rc)"
		tail -n 3 "$tmp/run.out" | sed 's/^/    /'
	fi
	cp "$top/$file" "$tree/$file"
done <"$tmp/rows"
# Leave the copy unbroken for the next run.
build_daemon >/dev/null 2>&1

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
