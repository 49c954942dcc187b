#!/bin/sh
# The client as a user gets it: `make install` into a temp prefix, the two
# examples built against it with pkg-config alone, run against a daemon on
# a private socket; the exported symbols of libcodemode.so; and the
# `codemode` command. Ends with "N passed, N failed".
set -u
BUILD=${BUILD:-build}
top=$(pwd)
tmp=$(mktemp -d /tmp/cm-examples-XXXXXX)
pass=0
fail=0
dpid=

cleanup() {
	[ -n "$dpid" ] && kill "$dpid" 2>/dev/null && wait "$dpid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "FAIL - $1"; }
check() { # name, then a command that must succeed
	name=$1; shift
	if "$@" >"$tmp/out" 2>&1; then ok "$name"; else no "$name"; sed 's/^/    /' "$tmp/out" | head -20; fi
}
same() { # name, expected, actual
	if [ "$2" = "$3" ]; then ok "$1"; else no "$1"; echo "    expected: $2"; echo "    got:      $3"; fi
}

# Install (a SANITIZE tree installs its own, instrumented, library).
case "$BUILD" in *asan*) mkvars="SANITIZE=1" ;; *) mkvars="BUILD=$BUILD" ;; esac
if make --no-print-directory -s install PREFIX="$tmp/prefix" DESTDIR= $mkvars >"$tmp/install.log" 2>&1; then
	ok "make install into a temp prefix"
else
	no "make install into a temp prefix"; tail -20 "$tmp/install.log"
	echo "$pass passed, $((fail + 1)) failed"; exit 1
fi
export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig"
export LD_LIBRARY_PATH="$tmp/prefix/lib"
check "pkg-config knows codemode" pkg-config --exists codemode
version=$(sed -n 's/^CODEMODE_VERSION = //p' "$top/packaging/module.mk")
same "pkg-config version" "$version" "$(pkg-config --modversion codemode)"
for f in codemode.h protocol.h client.h executor.h version.h; do
	check "header $f installed" test -f "$tmp/prefix/include/codemode/$f"
done
check "man pages installed" test -f "$tmp/prefix/share/man/man1/codemode.1" -a -f "$tmp/prefix/share/man/man3/libcodemode.3"
check "codemode-conformance(1) installed" test -f "$tmp/prefix/share/man/man1/codemode-conformance.1"
check "spec/conformance.md installed beside the cases" cmp -s "$top/spec/conformance.md" "$tmp/prefix/share/codemode/conformance/conformance.md"

# Only cm_* leaves the shared object.
leaks=$(nm -D --defined-only "$tmp/prefix/lib/libcodemode.so" | awk '$3 !~ /^cm_/ && $3 !~ /^CODEMODE_/ {print $3}')
same "libcodemode.so exports only cm_*" "" "$leaks"
nsyms=$(nm -D --defined-only "$tmp/prefix/lib/libcodemode.so" | awk '$3 ~ /^cm_/' | wc -l)
check "libcodemode.so exports the client API" test "$nsyms" -ge 60

# Build the examples with nothing but the installed files.
san=
case "$BUILD" in *asan*) san="-fsanitize=address,undefined -fno-omit-frame-pointer" ;; esac
for ex in host_two_tools event_hundred poll_loop in_process; do
	# shellcheck disable=SC2046
	check "example $ex builds with pkg-config" cc -std=c11 -Wall -Wextra -Werror $san \
	    -o "$tmp/$ex" "$top/libclient/examples/$ex.c" $(pkg-config --cflags --libs codemode)
done
# shellcheck disable=SC2046
check "example uv_loop builds with pkg-config (codemode, libuv)" cc -std=c11 -Wall -Wextra -Werror $san \
    -o "$tmp/uv_loop" "$top/libclient/examples/uv_loop.c" $(pkg-config --cflags --libs codemode libuv)

# A host built against the build tree alone: the uninstalled .pc, the
# SONAME link in the tree, no LD_LIBRARY_PATH (the .pc carries an rpath).
check "build/ has the SONAME link" test -L "$BUILD/libcodemode.so.0" -a -e "$BUILD/libcodemode.so.0"
# shellcheck disable=SC2046
check "a host builds from the tree's uninstalled .pc" env PKG_CONFIG_PATH="$top/$BUILD" \
    sh -c "cc -std=c11 -Wall -Wextra -Werror $san -o '$tmp/tree_host' '$top/libclient/examples/poll_loop.c' \$(pkg-config --cflags --libs codemode)"
case "$(env -u LD_LIBRARY_PATH ldd "$tmp/tree_host" 2>/dev/null | grep libcodemode)" in
*"$top/$BUILD/libcodemode.so.0"*) ok "the tree host loads build/libcodemode.so.0" ;;
*) no "the tree host loads build/libcodemode.so.0: $(env -u LD_LIBRARY_PATH ldd "$tmp/tree_host" | grep codemode)" ;;
esac

# A daemon on a private socket.
sock="$tmp/d.sock"
# The plain daemon when there is one: the client is under test here.
daemon=${CODEMODE_EXECUTORD:-build/codemode-executord}
[ -x "$daemon" ] || daemon="$BUILD/codemode-executord"
"$daemon" --socket "$sock" --max-workers 2 --log-level error &
dpid=$!
i=0
while [ ! -S "$sock" ] && [ $i -lt 300 ]; do sleep 0.02; i=$((i + 1)); done
check "daemon up" test -S "$sock"
url="unix://$sock"

# The engine does not yet lower arrows or generate provider proxies: the
# examples run ES5 programs today (their defaults need the finished engine).
same "host_two_tools runs a program" '{"result":42,"logs":[]}' \
    "$("$tmp/host_two_tools" "$url" '(function () { return 6 * 7; })')"
out=$("$tmp/event_hundred" "$url" '(function () { return "ping"; })' '"ping"')
case "$out" in "100 ok, 0 failed in "*) ok "event_hundred: 100 concurrent executions";; *) no "event_hundred: $out";; esac
same "poll_loop: 10 executions from a poll() loop" "10 ok, 0 failed" "$(timeout 60 "$tmp/poll_loop" "$url" 2>&1)"
same "uv_loop: 10 executions from a libuv loop" "10 ok, 0 failed" "$(timeout 60 "$tmp/uv_loop" "$url" 2>&1)"
same "in_process: 5 executions on the remote daemon" "5 ok, 0 failed" "$(timeout 60 "$tmp/in_process" "$url" 2>&1)"
# The same program without a URL: cm_executor, the installed sandbox image.
same "in_process: 5 executions in-process (cm_executor)" "5 ok, 0 failed" \
    "$(CODEMODE_SANDBOX_IMAGE="$tmp/prefix/lib/codemode/codemode-sandbox" timeout 60 "$tmp/in_process" 2>&1)"
same "the tree host runs against the daemon" "10 ok, 0 failed" "$(env -u LD_LIBRARY_PATH timeout 60 "$tmp/tree_host" "$url" 2>&1)"

# The command.
cm="$BUILD/codemode"
same "codemode version" "codemode $version (protocol 1)" "$("$cm" version)"
same "codemode health" "200 ok" "$("$cm" health --url "$url")"
same "codemode run" '{"result":42,"logs":[]}' "$("$cm" run --url "$url" '(function () { return 6 * 7; })')"
same "codemode run --raw" '[1,"a"]' "$("$cm" run --raw --url "$url" '(function () { return [1, "a"]; })')"
printf '(function () { return 7; })' > "$tmp/prog.js"
same "codemode run -f FILE" '7' "$("$cm" run --raw --url "$url" -f "$tmp/prog.js")"
same "codemode run from stdin" '7' "$("$cm" run --raw --url "$url" - < "$tmp/prog.js")"
same "CODEMODE_URL is the default URL" '7' "$(CODEMODE_URL=$url "$cm" run --raw < "$tmp/prog.js")"
"$cm" run --url "$url" --timeout 100 '(function () { for (;;) {} })' > "$tmp/to" 2>&1
rc=$?
same "a run error exits 1" "1" "$rc"
# Pinned texts come from the generated spec header, never typed here.
text() { sed -n "s/^#define CM_TEXT_$1_TEMPLATE \"\(.*\)\"\$/\1/p" "$BUILD/gen/cm_spec.h" | sed "s/<$2>/$3/"; }
same "the timeout text" "{\"error\":\"$(text EXECUTION_TIMEOUT timeout 100)\",\"logs\":[]}" "$(cat "$tmp/to")"
"$cm" run --url "unix://$tmp/nothing.sock" '(function () { return 1; })' > /dev/null 2> "$tmp/err"
rc=$?
same "a fault exits 3" "3" "$rc"
case "$(cat "$tmp/err")" in "codemode: connect: CONNECTION_REJECTED: The connection to unix://$tmp/nothing.sock was rejected: "*) ok "the fault names its code";; *) no "the fault names its code: $(cat "$tmp/err")";; esac
"$cm" run --bogus > /dev/null 2>&1
same "bad usage exits 2" "2" "$?"
cat > "$tmp/providers.json" <<'JSON'
[{"name": "store", "tools": {"listOrders": {"result": [1, 2]},
  "fail": {"error": "No such customer."}, "cmd": {"command": "cat"}}}]
JSON
mkdir "$tmp/mods"
echo 'export const greet = (n) => "hello " + n' > "$tmp/mods/greeter.js"
echo '{"a": 1}' > "$tmp/mods/cfg.json"
same "codemode run --providers --modules" '{"result":1,"logs":[]}' \
    "$("$cm" run --url "$url" --providers "$tmp/providers.json" --modules "$tmp/mods" --outbound disabled '(function () { return 1; })')"
echo '[{"name": "1bad", "tools": []}]' > "$tmp/bad.json"
same "a bad provider name is the run's error" "{\"error\":\"$(text PROVIDER_NAME_PATTERN name 1bad)\",\"logs\":[]}" \
    "$("$cm" run --url "$url" --providers "$tmp/bad.json" '(function () { return 1; })')"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
