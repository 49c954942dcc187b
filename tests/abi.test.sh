#!/bin/sh
# The shared object's ABI against the public headers: every function that
# libcodemode/include/codemode/*.h declares is exported by libcodemode.so,
# and nothing else is (no internal, no data symbol), both read from the
# built files so that neither list is typed here. Also the SONAME, and that
# libclient/exports.map names its symbols one by one (a glob would export
# the next cm_ function by accident). Ends with "N passed, N failed".
set -u
BUILD=${BUILD:-build}
so=$BUILD/libcodemode.so
tmp=$(mktemp -d /tmp/cm-abi-XXXXXX)
pass=0
fail=0
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "FAIL - $1"; }
listed() { # name, file of offending symbols
	if [ -s "$2" ]; then no "$1"; sed 's/^/    /' "$2"; else ok "$1"; fi
}

if [ ! -f "$so" ]; then
	no "$so exists (make all builds it)"
	echo "$pass passed, $fail failed"
	exit 1
fi

# Declared: the preprocessed public headers (comments gone, so prose naming
# a function does not count), function-pointer typedefs removed, then every
# cm_ name followed by a parenthesis.
# shellcheck disable=SC2046
if cc -E -P -Ilibclient/include $(pkg-config --cflags jansson 2>/dev/null) \
    libclient/include/codemode/codemode.h >"$tmp/headers.i" 2>"$tmp/cpp.err"; then
	ok "the public headers preprocess on their own"
else
	no "the public headers preprocess on their own"; sed 's/^/    /' "$tmp/cpp.err"
fi
tr '\n' ' ' <"$tmp/headers.i" | sed 's/;/;\n/g' | grep -v '^[[:space:]]*typedef' |
    grep -oE '\bcm_[A-Za-z0-9_]+[[:space:]]*\(' | sed 's/[[:space:](]//g' |
    sort -u >"$tmp/declared"
n=$(wc -l <"$tmp/declared")
if [ "$n" -gt 0 ]; then ok "the headers declare $n functions"; else no "the headers declare functions"; fi

# Exported: defined dynamic symbols, the version node excepted.
nm -D --defined-only "$so" | awk '$3 != "CODEMODE_0" { sub(/@.*/, "", $3); print $3 }' |
    sort -u >"$tmp/exported"
comm -13 "$tmp/declared" "$tmp/exported" >"$tmp/extra"
comm -23 "$tmp/declared" "$tmp/exported" >"$tmp/missing"
listed "nothing exported that the public headers do not declare" "$tmp/extra"
listed "everything the public headers declare is exported" "$tmp/missing"

# Every export is a function (T), never data a host could bind to.
nm -D --defined-only "$so" | awk '$3 != "CODEMODE_0" && $2 != "T" { print $2, $3 }' >"$tmp/data"
listed "every export is a function" "$tmp/data"

soname=$(readelf -d "$so" 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
if [ "$soname" = "libcodemode.so.0" ]; then ok "SONAME libcodemode.so.0"; else no "SONAME libcodemode.so.0 (got '$soname')"; fi

# The map lists names, no patterns, inside global: (local: * hides the rest).
sed 's,/\*.*\*/,,' libclient/exports.map | sed -n '/global:/,/local:/p' |
    grep -E '[*?[]' >"$tmp/globs"
listed "exports.map lists names, no glob" "$tmp/globs"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
