#!/bin/sh
# The shared object's ABI against the public headers: every function that
# libcodemode/include/codemode/*.h declares is exported by libcodemode.so,
# and nothing else is (no internal, no data symbol), both read from the
# built files so that neither list is typed here. Also the SONAME, and that
# libclient/exports.map names its symbols one by one (a glob would export
# the next cm_ function by accident), that every export carries a version
# node of the map, and abidiff against the ABI of every release under
# tests/abi/ (none may lose or change anything). Ends with "N passed, N failed".
#
# Why a committed baseline rather than building the last release here:
# tests/abi/libcodemode-<version>.abi is abidw's description of that
# release's library (public headers only), made once when it was released
# (tests/abi/README). Building an old commit in the test would need the
# whole old tree at test time; the XML is reviewable. 0.1.0 (f12f8d2) has
# no baseline: it had one unversioned node, no size members and no ABI
# promise, and 0.2.0 breaks it once, on purpose.
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
if cc -E -P -Ilibclient/include -I"$BUILD/gen" $(pkg-config --cflags jansson 2>/dev/null) \
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
nm -D --defined-only "$so" | awk '$3 !~ /^CODEMODE_/ { sub(/@.*/, "", $3); print $3 }' |
    sort -u >"$tmp/exported"
comm -13 "$tmp/declared" "$tmp/exported" >"$tmp/extra"
comm -23 "$tmp/declared" "$tmp/exported" >"$tmp/missing"
listed "nothing exported that the public headers do not declare" "$tmp/extra"
listed "everything the public headers declare is exported" "$tmp/missing"

# Every export is a function (T), never data a host could bind to.
nm -D --defined-only "$so" | awk '$3 !~ /^CODEMODE_/ && $2 != "T" { print $2, $3 }' >"$tmp/data"
listed "every export is a function" "$tmp/data"

soname=$(readelf -d "$so" 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
if [ "$soname" = "libcodemode.so.0" ]; then ok "SONAME libcodemode.so.0"; else no "SONAME libcodemode.so.0 (got '$soname')"; fi

# The map lists names, no patterns, inside global: (local: * hides the rest).
sed 's,/\*.*\*/,,' libclient/exports.map | sed -n '/global:/,/local:/p' |
    grep -E '[*?[]' >"$tmp/globs"
listed "exports.map lists names, no glob" "$tmp/globs"

# Every export has the version node the map gives it (@@CODEMODE_x.y), and
# the nodes are the map's.
nm -D --defined-only "$so" | awk '$3 ~ /^cm_/ && $3 !~ /@@CODEMODE_[0-9.]+$/ { print $3 }' >"$tmp/unversioned"
listed "every export carries a CODEMODE_ version node" "$tmp/unversioned"
sed -n 's/^\(CODEMODE_[0-9.]*\) {.*/\1/p' libclient/exports.map | sort >"$tmp/nodes.map"
nm -D --defined-only "$so" | awk '$3 ~ /^CODEMODE_/ { print $3 }' | sort >"$tmp/nodes.so"
if cmp -s "$tmp/nodes.map" "$tmp/nodes.so" && [ -s "$tmp/nodes.map" ]; then
	ok "the version nodes are the map's ($(tr '\n' ' ' <"$tmp/nodes.map"))"
else
	no "the version nodes are the map's"; diff "$tmp/nodes.map" "$tmp/nodes.so" | sed 's/^/    /'
fi
# The headers' version is the one version number of the tree.
want=$(sed -n 's/^CODEMODE_VERSION = //p' packaging/module.mk)
got=$(printf '#include <codemode/version.h>\nCM_VERSION_MAJOR.CM_VERSION_MINOR.CM_VERSION_PATCH\n' |
    cc -E -P -I"$BUILD/gen" - 2>/dev/null | tail -1 | tr -d ' ')
if [ "$got" = "$want" ]; then ok "CM_VERSION_MAJOR.MINOR.PATCH is $want"; else no "CM_VERSION_MAJOR.MINOR.PATCH is $want (got '$got')"; fi

# abidiff against every released ABI: additions are fine, anything
# incompatible (exit bit 8) or an error (bits 1, 2) fails, and so does a
# removed or changed function (a struct that grew in the middle is only
# bit 4, ABIDIFF_ABI_CHANGE, so the summary is read too), with the report.
if command -v abidiff >/dev/null 2>&1; then
	for base in tests/abi/libcodemode-*.abi; do
		[ -f "$base" ] || continue
		# Both sides described the same way (tests/abi/README).
		abidw --no-show-locs --no-comp-dir-path --no-corpus-path \
		    --headers-dir libclient/include/codemode \
		    --headers-dir "$BUILD/gen/codemode" "$so" >"$tmp/cur.abi" 2>&1
		abidiff --suppressions tests/abi/opaque.suppr "$base" "$tmp/cur.abi" >"$tmp/abidiff" 2>&1
		rc=$?
		removed=$(sed -n 's/.*Functions changes summary: \([0-9]*\) Removed.*/\1/p' "$tmp/abidiff")
		changed=$(sed -n 's/.*Functions changes summary: [0-9]* Removed, \([0-9]*\) Changed.*/\1/p' "$tmp/abidiff")
		if [ $((rc & 11)) = 0 ] && [ "${removed:-0}" = 0 ] && [ "${changed:-0}" = 0 ]; then
			ok "abidiff $(basename "$base"): nothing lost or changed (exit $rc)"
		else
			no "abidiff $(basename "$base"): exit $rc"; sed 's/^/    /' "$tmp/abidiff" | head -40
		fi
	done
else
	no "abidiff is installed (packaging/deps.sh test: abigail-tools)"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
