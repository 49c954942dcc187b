#!/bin/sh
# The three programs of the server and what each carries (see
# ARCHITECTURE.md, Processes): build/codemode-executord has no engine, no
# front end, no sandbox and no libcurl in it, build/codemode-sandbox (the
# image the daemon execs as its zygote) has the engine and nothing of the
# daemon, libevent or libcurl, build/codemode-fetcher (the native fetcher)
# is the one that loads libcurl, with no engine; libcodemode.so does not
# load libcurl either. Then how
# the daemon finds the image: a missing, unexecutable or foreign image stops
# it at startup with the path and the flag named, and an installed layout
# (bin/ and lib/codemode/ under one prefix) runs. The address spaces
# themselves are checked by build/tests/check_zygote.
# Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 1
BUILD=${BUILD:-build}
daemon=$BUILD/codemode-executord
image=$BUILD/codemode-sandbox
fetcher=$BUILD/codemode-fetcher
tmp=$(mktemp -d /tmp/cm-image-XXXXXX) || exit 1
pass=0
fail=0
dpid=
cleanup() {
	[ -n "$dpid" ] && kill "$dpid" 2>/dev/null && wait "$dpid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "FAIL - $1"; }
listed() { # name, file of offending lines
	if [ -s "$2" ]; then no "$1"; head -20 "$2" | sed 's/^/    /'; else ok "$1"; fi
}
has() { # name, file, fixed string
	if grep -qF -- "$3" "$2"; then ok "$1"; else no "$1"; echo "    no '$3' in:"; sed 's/^/    /' "$2" | head -5; fi
}

for p in "$daemon" "$image" "$fetcher"; do
	if [ ! -x "$p" ]; then
		no "$p exists (make all builds it)"
		echo "$pass passed, $fail failed"
		exit 1
	fi
done

# --- What each program carries ---------------------------------------------
# Names the engine, the front end, the child's code and the sandbox define.
child_syms='^(duk_|cm_duk_|lower_|parser_|lexer_|scope_|regexp_|engine_|execution_|entry_|natives_|worker_|warm_|prewarm_|sandbox_|zygote_proc_|answering_|seccomp_)'
# Names of the daemon, the pool, libevent and libcurl.
daemon_syms='^(api_|conn_|daemon_|listener_|outbound_|metrics_|handles_|log_|pool_|zygote_start|zygote_recv|event_|evbuffer_|bufferevent_|evconnlistener_|evhttp_|curl_)'
nm "$daemon" 2>/dev/null | awk '{ print $NF }' | sed 's/@.*//' | sort -u >"$tmp/daemon.syms"
nm "$image" 2>/dev/null | awk '{ print $NF }' | sed 's/@.*//' | sort -u >"$tmp/image.syms"
# The checks below mean something only if nm sees the names at all.
if grep -q '^duk_create_heap$' "$tmp/image.syms" && grep -q '^worker_child_main$' "$tmp/image.syms" &&
    grep -q '^pool_new$' "$tmp/daemon.syms" && grep -q '^event_base_' "$tmp/daemon.syms"; then
	ok "nm reads both programs' symbols"
else
	no "nm reads both programs' symbols"
fi
grep -E "$child_syms" "$tmp/daemon.syms" >"$tmp/bad"
listed "$daemon carries no engine, front end, child code or sandbox" "$tmp/bad"
grep -E "$daemon_syms" "$tmp/image.syms" >"$tmp/bad"
listed "$image carries no daemon, pool, libevent or libcurl code" "$tmp/bad"
needed() { readelf -d "$1" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\].*/\1/p'; }
needed "$daemon" | grep -E '^lib(seccomp|curl|icu)' >"$tmp/bad"
listed "$daemon does not load libseccomp, libcurl or ICU" "$tmp/bad"
needed "$image" | grep -E '^lib(event|curl)' >"$tmp/bad"
listed "$image does not load libevent or libcurl" "$tmp/bad"
# libcurl parses what servers send: only the fetcher loads it.
nm "$fetcher" 2>/dev/null | awk '{ print $NF }' | sed 's/@.*//' | sort -u >"$tmp/fetcher.syms"
if grep -q '^fetcher_main$' "$tmp/fetcher.syms" && needed "$fetcher" | grep -q '^libcurl'; then
	ok "$fetcher runs the fetcher and loads libcurl"
else
	no "$fetcher runs the fetcher and loads libcurl"
fi
grep -E "$child_syms" "$tmp/fetcher.syms" >"$tmp/bad"
listed "$fetcher carries no engine, front end, child code or sandbox" "$tmp/bad"
grep -E '^(api_|conn_|daemon_|listener_|pool_)' "$tmp/fetcher.syms" >"$tmp/bad"
listed "$fetcher carries no daemon or pool" "$tmp/bad"
if [ -f "$BUILD/libcodemode.so" ]; then
	needed "$BUILD/libcodemode.so" | grep -E '^lib(curl|seccomp|icu)' >"$tmp/bad"
	listed "libcodemode.so does not load libcurl, libseccomp or ICU" "$tmp/bad"
fi
out=$("$fetcher" --version 2>&1)
want=$(sed -n 's/^CODEMODE_VERSION = //p' packaging/module.mk)
case $out in "codemode-fetcher $want (protocol "*")") ok "codemode-fetcher --version" ;;
*) no "codemode-fetcher --version (got '$out')" ;; esac
"$fetcher" --fetcher --max-body=1 >"$tmp/out" 2>&1 </dev/null
[ $? = 2 ] && ok "codemode-fetcher refuses to run without its link (exit 2)" || no "codemode-fetcher refuses to run without its link (exit 2)"

# --- The image on its own ----------------------------------------------------
out=$("$image" --version 2>&1)
want=$(sed -n 's/^CODEMODE_VERSION = //p' packaging/module.mk)
case $out in "codemode-sandbox $want (protocol "*")") ok "codemode-sandbox --version" ;;
*) no "codemode-sandbox --version (got '$out')" ;; esac
"$image" --zygote --address-space=1 --cpu-seconds=0 >"$tmp/out" 2>&1
[ $? = 2 ] && ok "codemode-sandbox refuses a short argument vector (exit 2)" || no "codemode-sandbox refuses a short argument vector (exit 2)"
has "... and says why" "$tmp/out" "codemode-sandbox: expected 5 arguments, got 3"

# --- How the daemon finds its image ----------------------------------------
# refuse NAME EXPECT [ENV=VALUE] -- ARGS: the daemon exits 1 before it
# listens, its message naming EXPECT and the flag.
refuse() {
	name=$1 expect=$2
	shift 2
	sock=$tmp/r.sock
	rm -f "$sock"
	timeout 20 env "$@" --socket "$sock" >"$tmp/out" 2>&1
	rc=$?
	if [ $rc = 1 ] && [ ! -e "$sock" ] && grep -qF -- "$expect" "$tmp/out" &&
	    grep -qF -- "--sandbox-image PATH or CODEMODE_SANDBOX_IMAGE" "$tmp/out"; then
		ok "$name"
	else
		no "$name (exit $rc)"; sed 's/^/    /' "$tmp/out" | head -5
	fi
}
refuse "--sandbox-image naming no file stops the daemon" \
    "the sandbox image $tmp/none: No such file or directory" "$daemon" --sandbox-image "$tmp/none"
refuse "CODEMODE_SANDBOX_IMAGE naming no file stops the daemon" \
    "the sandbox image $tmp/none: No such file or directory" CODEMODE_SANDBOX_IMAGE="$tmp/none" "$daemon"
: >"$tmp/plain"
refuse "an image that is not executable stops the daemon" \
    "the sandbox image $tmp/plain is not an executable file" "$daemon" --sandbox-image "$tmp/plain"
printf '#!/bin/sh\necho hello\n' >"$tmp/other"
chmod 755 "$tmp/other"
refuse "an image that is another program stops the daemon" \
    "the sandbox image $tmp/other is not codemode-sandbox $want" "$daemon" --sandbox-image "$tmp/other"
mkdir -p "$tmp/alone"
cp "$daemon" "$tmp/alone/"
refuse "a daemon with no image beside it or installed stops" \
    "no sandbox image: neither $tmp/alone/codemode-sandbox nor $tmp/alone/../lib/codemode/codemode-sandbox exists" \
    "$tmp/alone/codemode-executord"

# An installed layout: PREFIX/bin/codemode-executord, PREFIX/lib/codemode/.
mkdir -p "$tmp/prefix/bin" "$tmp/prefix/lib/codemode"
cp "$daemon" "$tmp/prefix/bin/"
cp "$image" "$fetcher" "$tmp/prefix/lib/codemode/"
sock=$tmp/d.sock
"$tmp/prefix/bin/codemode-executord" --socket "$sock" --max-workers 1 --spares 1 --log-level error 2>"$tmp/err" &
dpid=$!
i=0
while [ ! -S "$sock" ] && [ $i -lt 500 ]; do sleep 0.02; i=$((i + 1)); done
if [ -S "$sock" ]; then ok "the installed layout starts"; else no "the installed layout starts"; sed 's/^/    /' "$tmp/err"; fi
zexe=
i=0
while [ -z "$zexe" ] && [ $i -lt 250 ]; do
	for c in $(grep -l "^PPid:[[:space:]]*$dpid\$" /proc/[0-9]*/status 2>/dev/null); do
		zexe=$(readlink "${c%/status}/exe")
	done
	[ -z "$zexe" ] && sleep 0.02
	i=$((i + 1))
done
if [ "$zexe" = "$tmp/prefix/lib/codemode/codemode-sandbox" ]; then
	ok "its zygote runs PREFIX/lib/codemode/codemode-sandbox"
else
	no "its zygote runs PREFIX/lib/codemode/codemode-sandbox (got '$zexe')"
fi
# A sanitizer build's children cannot run under the sandbox (see
# conformance.test.sh); the layout is what is checked there.
case "$BUILD" in *asan*) ;; *)
	got=$("$BUILD/codemode" run --raw --url "unix://$sock" 'async () => 6 * 7' 2>&1)
	if [ "$got" = 42 ]; then ok "the installed layout runs an execution"; else no "the installed layout runs an execution (got '$got')"; fi
	# A native fetch starts PREFIX/lib/codemode/codemode-fetcher (loopback
	# stays closed: the fetch is refused in-band, by the fetcher's policy).
	got=$("$BUILD/codemode" run --raw --url "unix://$sock" \
	    "async () => { try { await fetch('http://127.0.0.1:9/') } catch (e) { return e.message.slice(0, 16) } }" 2>&1)
	fexe=
	for c in $(grep -l "^PPid:[[:space:]]*$dpid\$" /proc/[0-9]*/status 2>/dev/null); do
		e=$(readlink "${c%/status}/exe")
		case $e in *codemode-fetcher) fexe=$e ;; esac
	done
	if [ "$got" = '"The fetch to 127"' ] && [ "$fexe" = "$tmp/prefix/lib/codemode/codemode-fetcher" ]; then
		ok "its native fetch runs PREFIX/lib/codemode/codemode-fetcher"
	else
		no "its native fetch runs PREFIX/lib/codemode/codemode-fetcher (got '$got', '$fexe')"
	fi ;;
esac
kill "$dpid" 2>/dev/null
wait "$dpid" 2>/dev/null
dpid=

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
