#!/bin/sh
# make bench-peers: ours against the peers, interleaved (see README.md here).
# Installs the pinned peers (package.json, package-lock.json) into
# $BUILD/bench/peers with npm, copies the harness and the staged JavaScript
# client package beside them, runs run.mjs, and draws the chart with
# gnuplot. A peer that cannot be installed or built is skipped by run.mjs,
# never fatal. Writes $BUILD/bench/report.{md,json,png}.
set -eu
BUILD=${BUILD:-build}
top=$(cd "$(dirname "$0")/../.." && pwd)
case $BUILD in
/*) build=$BUILD ;;
*) build=$top/$BUILD ;;
esac
src=$top/bench/peers
work=$build/bench/peers
out=$build/bench
mkdir -p "$work"

# npm ci against the committed lockfile, again only when it changed. The
# peers are optional dependencies: one whose install script fails (a
# native build) leaves the others installed.
if ! cmp -s "$src/package-lock.json" "$work/package-lock.json" || [ ! -d "$work/node_modules/capnweb" ]; then
	cp "$src/package.json" "$src/package-lock.json" "$work/"
	echo "bench-peers: npm ci into $work (log: $work/npm.log)" >&2
	(cd "$work" && npm ci --no-audit --no-fund >"$work/npm.log" 2>&1) || {
		tail -20 "$work/npm.log" >&2
		echo "bench-peers: npm ci failed" >&2
		exit 1
	}
fi
# Our JavaScript client, as make stages it (spec module generated), where
# the drivers' bare import finds it and its capnweb.
rm -rf "$work/node_modules/codemode-executor-client"
cp -R "$build/jsclient/package" "$work/node_modules/codemode-executor-client"
# The harness runs from beside node_modules, so its imports resolve there.
rm -rf "$work/drivers"
cp "$src"/*.mjs "$work/"
cp -R "$src/drivers" "$work/drivers"

BENCH_OUT=$out CODEMODE_DAEMON=$build/codemode-executord PEER_BENCH=$build/bench/peer_bench \
	CODEMODE_SANDBOX_IMAGE=$build/codemode-sandbox \
	timeout 1200 node "$work/run.mjs"
gnuplot -e "dat='$out/report.dat'; out='$out/report.png'" "$src/chart.gp"
echo "bench-peers: wrote $out/report.md, $out/report.json, $out/report.png" >&2
