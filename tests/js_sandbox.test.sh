#!/bin/sh
# Every program of the JavaScript corpus (tests/js/**/NAME.js with a
# NAME.expected or NAME.match) run once more inside a real daemon's
# sandboxed child, wrapped as an entry arrow: none may kill its worker.
# tests/js.test.sh checks their output through codemode-run, which has no
# seccomp filter, so a library call that makes a system call the child's
# allow-list refuses (glibc's mktime opening /etc/localtime, its qsort
# asking sysinfo for the machine's memory) passed there and crashed every
# run in production. Only WORKER_CRASHED fails here: the output of a
# script run as a function body may differ. Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 1
tmp_prefix=cm-jssb
. tests/support/daemon.sh
daemon_start --max-workers 2 --log-level error

for js in $(find tests/js -name '*.js' | sort); do
	base=${js%.js}
	[ -f "$base.expected" ] || [ -f "$base.match" ] || continue
	{
		printf 'async () => { const print = (...a) => console.log(...a);\n'
		cat "$js"
		printf '\n}\n'
	} > "$tmp/run.js"
	out=$("$cm" run --url "$url" --timeout 20000 -f "$tmp/run.js" 2>&1)
	case $out in
	*WORKER_CRASHED*) no "$js killed its sandboxed worker" ;;
	*) pass=$((pass + 1)) ;;
	esac
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
