#!/bin/sh
# Every program answers --version and --help with exit 0, and every version
# it prints is the one packaging/module.mk holds (the JS package's too).
set -u
BUILD=${BUILD:-build}
top=$(cd "$(dirname "$0")/.." && pwd)
case $BUILD in
/*) build=$BUILD ;;
*) build=$top/$BUILD ;;
esac
want=$(sed -n 's/^CODEMODE_VERSION = //p' "$top/packaging/module.mk")
passed=0
failed=0
check() { # name ok-condition-result message
	if [ "$2" = 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL $1: $3"
	fi
}
for p in codemode codemode-run codemode-conformance codemode-executord codemode-sandbox; do
	out=$("$build/$p" --version 2>&1)
	check "$p --version exit" $? "$out"
	case $out in
	"$p $want (protocol "*")") r=0 ;;
	*) r=1 ;;
	esac
	check "$p --version text" $r "got '$out', want '$p $want (protocol N)'"
	"$build/$p" --help >/dev/null 2>&1
	check "$p --help exit" $? "exit status not 0"
done
# The JS package has no version of its own: staging writes this one in.
js=$(sed -n 's/^ *"version": "\(.*\)",$/\1/p' "$top/libclient/js/package.json")
[ -z "$js" ]
check "libclient/js/package.json holds no version of its own" $? "it holds '$js'"
MAKEFLAGS= MFLAGS= make -C "$top" --no-print-directory -s BUILD="$BUILD" js-stage >/dev/null 2>&1
js=$(sed -n 's/^ *"version": "\(.*\)",$/\1/p' "$build/jsclient/package/package.json")
[ "$js" = "$want" ]
check "the staged JS package's version" $? "got '$js', want '$want'"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
