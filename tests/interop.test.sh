#!/bin/sh
# Interop: the real capnweb npm client (pinned in tests/interop/package.json)
# drives build/codemode-executord on a private unix socket.
set -u
BUILD=${BUILD:-build}
top=$(cd "$(dirname "$0")/.." && pwd)
# BUILD may be relative to the tree (the default) or absolute.
case $BUILD in
/*) build=$BUILD ;;
*) build=$top/$BUILD ;;
esac
work=$build/interop
mkdir -p "$work"
cp "$top/tests/interop/package.json" "$top/tests/interop/interop.mjs" "$work/"
if [ ! -d "$work/node_modules/capnweb" ] || [ ! -d "$work/node_modules/ws" ]; then
	(cd "$work" && npm install --no-audit --no-fund --silent >/dev/null 2>&1) || {
		echo "interop: npm install failed"
		echo "0 passed, 1 failed"
		exit 1
	}
fi
dir=$(mktemp -d /tmp/cm-interop-XXXXXX)
sock=$dir/d.sock
"$build/codemode-executord" --socket "$sock" --max-workers 2 --log-level warn &
pid=$!
i=0
while [ ! -S "$sock" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
node "$work/interop.mjs" "$sock"
rc=$?
kill -TERM "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
rm -rf "$dir"
exit $rc
