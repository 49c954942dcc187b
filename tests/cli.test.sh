#!/bin/sh
# The `codemode` command against a real daemon on a private socket: the
# module kinds --modules gives each file (codemode(1)), collisions, the
# --outbound-stub command, --retain with `invoke` and `close`.
# Ends with "N passed, N failed".
set -u
BUILD=${BUILD:-build}
cm=$BUILD/codemode
tmp=$(mktemp -d /tmp/cm-cli-XXXXXX)
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
same() { # name, expected, actual
	if [ "$2" = "$3" ]; then ok "$1"; else no "$1"; echo "    expected: $2"; echo "    got:      $3"; fi
}
has() { # name, needle, haystack
	case "$3" in *"$2"*) ok "$1" ;; *) no "$1"; echo "    wanted to contain: $2"; echo "    got: $3" ;; esac
}

# The plain daemon when there is one: the command is under test here.
daemon=${CODEMODE_EXECUTORD:-build/codemode-executord}
[ -x "$daemon" ] || daemon="$BUILD/codemode-executord"
"$daemon" --socket "$tmp/d.sock" --max-workers 2 --log-level error &
dpid=$!
i=0
while [ ! -S "$tmp/d.sock" ] && [ $i -lt 300 ]; do sleep 0.02; i=$((i + 1)); done
url="unix://$tmp/d.sock"

# --modules: every kind the rules give, nested names, files nobody imports.
m=$tmp/mods
mkdir -p "$m/sub" "$m/.hidden"
echo 'export const greet = (n) => "hello " + n' > "$m/greeter.js"
echo 'export default 2' > "$m/two.mjs"
echo 'module.exports = 5' > "$m/sub/five.cjs"
echo '{"a": [1, "x"]}' > "$m/cfg.json"
echo '{broken' > "$m/broken.json"
echo 'hi there' > "$m/note.txt"
printf 'plain' > "$m/d.dat"
printf '\001\002\003\377' > "$m/blob.bin"
printf 'ok\377\376' > "$m/latin.txt"
printf 'export default "\300\200"' > "$m/overlong.js"
echo 'export default 9' > "$m/.hidden/x.js"
same "unimported data and non-UTF-8 files do not fail the run" '{"result":1,"logs":[]}' \
    "$("$cm" run --url "$url" --modules "$m" 'async () => 1' 2>/dev/null)"
same "each file becomes the kind its name and bytes give" \
    '{"result":["hello x",2,5,{"a":[1,"x"]},"{broken\n","hi there\n",[112,108,97,105,110],[1,2,3,255],[111,107,255,254],[101,120,112,111,114,116,32,100,101,102,97,117,108,116,32,34,192,128,34],"default"],"logs":[]}' \
    "$("$cm" run --url "$url" --modules "$m" "import {greet} from 'greeter'
import two from 'two'
import five from 'sub/five'
import cfg from 'cfg.json'
import br from 'broken.json'
import note from 'note.txt'
import d from 'd.dat'
import blob from 'blob.bin'
import latin from 'latin.txt'
import over from 'overlong'
async () => [greet('x'), two, five, cfg, br, note, Array.from(new Uint8Array(d)), Array.from(new Uint8Array(blob)), Array.from(new Uint8Array(latin)), Array.from(new Uint8Array(over)), await import('x').then(() => 'x', () => 'default')]" 2>/dev/null)"
err=$("$cm" run --url "$url" --modules "$m" --verbose 'async () => 1' 2>&1 >/dev/null)
has "a file sent as another kind says so" "$m/latin.txt: not UTF-8 text, sent as data" "$err"
has "a broken JSON file says so" "$m/broken.json: not JSON, sent as text" "$err"
has "--verbose names each module's kind" 'module "sub/five" (cjs) from' "$err"
c=$tmp/coll
mkdir "$c"
echo 'export default 1' > "$c/a.js"
echo 'export default 2' > "$c/a.mjs"
err=$("$cm" run --url "$url" --modules "$c" 'async () => 1' 2>&1)
same "a.js beside a.mjs is a usage error" 2 "$?"
same "the collision names both files" "codemode: $c/a.js and $c/a.mjs both give the module \"a\"; rename or remove one of them" "$err"
rm "$c/a.mjs"
echo 'module.exports = 3' > "$c/a.cjs"
"$cm" run --url "$url" --modules "$c" 'async () => 1' >/dev/null 2>&1
same "a.cjs beside a.js is a usage error too" 2 "$?"
"$cm" run --url "$url" --modules "$tmp/none" 'async () => 1' >/dev/null 2>&1
same "a missing --modules directory is a usage error" 2 "$?"

# --outbound-stub: the request on stdin, the answer on stdout.
cat > "$tmp/stub.sh" <<'SH'
#!/bin/sh
cat > "$STUB_DIR/req.json"
printf '{"status": 201, "statusText": "Made", "headers": {"x-method": "%s"}, "body": "answered %s"}' \
    "$CODEMODE_OUTBOUND_METHOD" "$CODEMODE_OUTBOUND_URL"
SH
chmod +x "$tmp/stub.sh"
export STUB_DIR=$tmp
same "each fetch is answered by the stub command" \
    '{"result":[201,"Made","POST","answered https://x.test/a"],"logs":[]}' \
    "$("$cm" run --url "$url" --outbound-stub "$tmp/stub.sh" 'async () => { const r = await fetch("https://x.test/a", {method: "POST", body: "hi", headers: {"a": "b"}}); return [r.status, r.statusText, r.headers.get("x-method"), await r.text()] }')"
same "the stub reads the request as JSON" \
    '{"method":"POST","url":"https://x.test/a","headers":[["a","b"],["content-type","text/plain;charset=UTF-8"]],"body":"hi"}' \
    "$(cat "$tmp/req.json")"
same "a binary request body crosses as bodyBase64, a binary answer comes back" \
    '{"result":[[0,255,7],"AP8=",true],"logs":[]}' \
    "$("$cm" run --url "$url" --outbound-stub 'python3 -c "import json,sys; r=json.load(sys.stdin); print(json.dumps({\"bodyBase64\": \"AP8H\", \"headers\": [[\"x-b\", r[\"bodyBase64\"]]], \"statusText\": str(\"body\" in r)}))"' \
        'async () => { const r = await fetch("https://x.test/", {method: "PUT", body: new Uint8Array([0, 255])}); return [Array.from(new Uint8Array(await r.arrayBuffer())), r.headers.get("x-b"), r.statusText === "False"] }')"
same "empty output is an empty 200" '{"result":[200,""],"logs":[]}' \
    "$("$cm" run --url "$url" --outbound-stub 'cat >/dev/null' 'async () => { const r = await fetch("https://x.test/"); return [r.status, await r.text()] }')"
same "a failing stub rejects the fetch with its standard error" '{"result":"no route to x.test","logs":[]}' \
    "$("$cm" run --url "$url" --outbound-stub 'echo "no route to x.test" >&2; exit 4' 'async () => { try { await fetch("https://x.test/") } catch (e) { return e.message } }')"
same "output that is not JSON rejects the fetch" '{"result":"the outbound stub printed no JSON object","logs":[]}' \
    "$("$cm" run --url "$url" --outbound-stub 'echo hello' 'async () => { try { await fetch("https://x.test/") } catch (e) { return e.message } }')"
same "a member of the wrong type rejects the fetch" '{"result":true,"logs":[]}' \
    "$("$cm" run --url "$url" --outbound-stub 'echo "{\"status\": \"200\"}"' 'async () => { try { await fetch("https://x.test/"); return false } catch (e) { return /wrong type/.test(e.message) } }')"
"$cm" run --url "$url" --outbound native --outbound-stub cat 'async () => 1' >/dev/null 2>&1
same "--outbound with --outbound-stub is a usage error" 2 "$?"

# --retain, invoke, close.
out=$("$cm" run --url "$url" --retain 'async () => { let n = 0; return (req) => new Response(req.method + " " + req.url + " " + (++n) + " " + req.headers.get("x-a")) }')
id=$(echo "$out" | sed -n 's/.*"executionId":"\([0-9a-f]*\)".*/\1/p')
same "--retain prints the execution and its handles" "{\"logs\":[],\"executionId\":\"$id\",\"handles\":[\"fetch\"]}" "$out"
same "invoke prints the handle's Response" \
    '{"status":200,"statusText":"","headers":[["content-type","text/plain;charset=UTF-8"]],"body":"PUT https://h.test/x 1 v"}' \
    "$("$cm" invoke --url "$url" --method PUT --request-header 'x-a: v' --body hello "$id" fetch https://h.test/x)"
same "state persists between invocations; --raw prints the body" "GET https://h.test/y 2 null" \
    "$("$cm" invoke --url "$url" --raw "$id" fetch https://h.test/y)"
err=$("$cm" invoke --url "$url" "$id" nope https://h.test/ 2>&1)
same "a handle not granted is a fault" 3 "$?"
has "the fault names the handle" 'has no handle named "nope"' "$err"
"$cm" close --url "$url" "$id"
same "close ends the handles" 0 "$?"
err=$("$cm" invoke --url "$url" "$id" fetch https://h.test/ 2>&1)
same "invoke after close is a fault" 3 "$?"
has "the fault is HANDLES_CLOSED" "codemode: invoke: HANDLES_CLOSED: " "$err"
"$cm" invoke --url "$url" "$id" fetch >/dev/null 2>&1
same "invoke without its three arguments is a usage error" 2 "$?"

# A URL list: invoke and close reach the daemon the id names (here the
# second, started with --instance-id), the first alone does not have it.
"$daemon" --socket "$tmp/n.sock" --max-workers 1 --spares 0 --instance-id named --log-level error &
npid=$!
i=0
while [ ! -S "$tmp/n.sock" ] && [ $i -lt 300 ]; do sleep 0.02; i=$((i + 1)); done
out=$("$cm" run --url "unix://$tmp/n.sock" --retain 'async () => { let n = 0; return () => new Response("n" + (++n)) }')
nid=$(echo "$out" | sed -n 's/.*"executionId":"\(named\.[0-9a-f]*\)".*/\1/p')
has "a daemon with --instance-id names itself in the id" "named." "$nid"
same "invoke through a URL list reaches the daemon the id names" "n1" \
    "$("$cm" invoke --url "$url,unix://$tmp/n.sock" --raw "$nid" fetch https://h.test/)"
"$cm" close --url "$url,unix://$tmp/n.sock" "$nid"
same "close through a URL list" 0 "$?"
err=$("$cm" invoke --url "$url,unix://$tmp/n.sock" "$nid" fetch https://h.test/ 2>&1)
has "then HANDLES_CLOSED from that daemon" "HANDLES_CLOSED: Execution \"$nid\"" "$err"
kill "$npid" 2>/dev/null
wait "$npid" 2>/dev/null

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
