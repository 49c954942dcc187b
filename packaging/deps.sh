#!/bin/sh
# Ensure the Debian packages this project builds and tests with are installed.
# Usage: packaging/deps.sh [build|test|fuzz|bench]
#   build: what `make` and `make run` need
#   test:  build packages plus what `make check` needs (Check, Node.js for interop)
#   fuzz:  test packages plus clang and its libFuzzer runtime, for `make fuzz`
#          and .ci/run (nothing else builds with clang)
#   bench: test packages plus gnuplot-nox, for make bench-peers's chart
# Installs what is missing with apt-get when running as root; otherwise prints the
# exact command and fails, so nothing half-builds on a machine without the headers.
set -eu

mode=${1:-build}
pkgs="build-essential pkg-config duktape-dev libevent-dev libjansson-dev libcurl4-openssl-dev libssl-dev libseccomp-dev libicu-dev unicode-data tzdata"
if [ "$mode" = test ] || [ "$mode" = fuzz ] || [ "$mode" = bench ]; then
	# perl: prove; libxml2-utils: xmllint; libuv1-dev: the libuv example; abigail-tools: abidiff;
	# lintian: the packages' check and systemd: systemd-analyze and
	# systemd-socket-activate (deb.test.sh); bzip2: check_unorm reads
	# unicode-data's NormalizationTest.txt.bz2
	pkgs="$pkgs check valgrind clang-format perl libxml2-utils libuv1-dev abigail-tools lintian systemd bzip2"
	command -v node >/dev/null 2>&1 || pkgs="$pkgs nodejs"
	command -v npm >/dev/null 2>&1 || pkgs="$pkgs npm"
fi
if [ "$mode" = bench ]; then
	pkgs="$pkgs gnuplot-nox"
fi
if [ "$mode" = fuzz ]; then
	# libclang-rt-14-dev: libFuzzer and the sanitizer runtimes of Debian 12's clang
	pkgs="$pkgs clang libclang-rt-14-dev"
fi

missing=""
for p in $pkgs; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "deps: installing$missing" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >/dev/null || true
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $missing >/dev/null
	exit 0
fi

echo "deps: missing Debian packages. Run:" >&2
echo "  sudo apt-get install$missing" >&2
exit 1
