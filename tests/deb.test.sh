#!/bin/sh
# The Debian packages as a user gets them: `make deb`, then each package's
# control fields (the Depends dpkg-shlibdeps computed), its contents and
# control members; all three extracted with `dpkg -x` into a temp root,
# whose programs run from there; the client examples built against the
# extracted -dev package with pkg-config alone and run against the
# extracted daemon; and the shlibs file giving a dependant its Depends.
# Skips (0 passed, 0 failed) without dpkg-dev or for a SANITIZE tree.
# Its files live in $BUILD/tmp/deb-test.* and go at exit; the packages stay
# in $BUILD/deb. Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 1
BUILD=${BUILD:-build}
top=$(pwd)

# Packages come from plain trees: a sanitizer build's daemon cannot run its
# children (WORKER_CRASHED, see conformance.test.sh), nor would anyone ship it.
case "$BUILD" in *asan*)
	echo "skip: no packages from a SANITIZE tree ($BUILD)"
	echo "0 passed, 0 failed"
	exit 0 ;;
esac
for t in dpkg-deb dpkg-gencontrol dpkg-shlibdeps dpkg-architecture; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "skip: $t is not installed (dpkg-dev)"
		echo "0 passed, 0 failed"
		exit 0
	fi
done

case "$BUILD" in /*) babs=$BUILD ;; *) babs=$top/$BUILD ;; esac
mkdir -p "$babs/tmp"
tmp=$(mktemp -d "$babs/tmp/deb-test.XXXXXX") || exit 1
pass=0
fail=0
dpid=

cleanup() {
	[ -n "$dpid" ] && kill "$dpid" 2>/dev/null && wait "$dpid" 2>/dev/null
	rm -rf "$tmp"
	rmdir "$babs/tmp" 2>/dev/null
}
trap cleanup EXIT
trap 'exit 1' INT TERM

ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "FAIL - $1"; }
check() { # name, then a command that must succeed
	name=$1; shift
	if "$@" >"$tmp/out" 2>&1; then ok "$name"; else no "$name"; sed 's/^/    /' "$tmp/out" | head -20; fi
}
same() { # name, expected, actual
	if [ "$2" = "$3" ]; then ok "$1"; else no "$1"; echo "    expected: $2"; echo "    got:      $3"; fi
}
has() { # name, haystack, needle (an extended regexp)
	if printf '%s\n' "$2" | grep -Eq -- "$3"; then ok "$1"; else no "$1"; echo "    no /$3/ in: $2"; fi
}

if make --no-print-directory -s deb BUILD="$BUILD" >"$tmp/deb.log" 2>&1; then
	ok "make deb"
else
	no "make deb"; tail -20 "$tmp/deb.log"
	echo "$pass passed, $fail failed"; exit 1
fi

version=$(dpkg-parsechangelog -l packaging/debian/changelog -S Version)
arch=$(dpkg-architecture -q DEB_HOST_ARCH)
ma=$(dpkg-architecture -q DEB_HOST_MULTIARCH)
libdir=usr/lib/$ma
exe=$BUILD/deb/codemode-executord_${version}_$arch.deb
conf=$BUILD/deb/codemode-conformance_${version}_$arch.deb
lib=$BUILD/deb/libcodemode0_${version}_$arch.deb
dev=$BUILD/deb/libcodemode-dev_${version}_$arch.deb
# One version number, in packaging/module.mk: the changelog agrees with it.
same "the changelog's version is packaging/module.mk's" \
    "$(sed -n 's/^CODEMODE_VERSION = //p' packaging/module.mk)" "$version"
for d in "$exe" "$conf" "$lib" "$dev"; do
	if [ ! -f "$d" ]; then
		no "$d built"; ls "$BUILD/deb"
		echo "$pass passed, $fail failed"; exit 1
	fi
done
ok "four packages in $BUILD/deb"

# Control fields.
field() { dpkg-deb -f "$1" "$2"; }
for d in "$exe" "$conf" "$lib" "$dev"; do
	p=$(field "$d" Package)
	same "$p: Version" "$version" "$(field "$d" Version)"
	same "$p: Architecture" "$arch" "$(field "$d" Architecture)"
	same "$p: Source" "codemode" "$(field "$d" Source)"
	check "$p: Maintainer and Description" test -n "$(field "$d" Maintainer)" -a -n "$(field "$d" Description)"
	check "$p: valid control file" dpkg-deb --info "$d" control
done
same "libcodemode0: Multi-Arch" "same" "$(field "$lib" Multi-Arch)"
same "libcodemode-dev: Multi-Arch" "same" "$(field "$dev" Multi-Arch)"
same "libcodemode0: Section" "libs" "$(field "$lib" Section)"
same "libcodemode-dev: Section" "libdevel" "$(field "$dev" Section)"
deps=$(field "$exe" Depends)
has "codemode-executord depends on libevent" "$deps" '(^|, )libevent-[0-9.-]+ \('
has "codemode-executord depends on jansson" "$deps" '(^|, )libjansson4 \('
has "codemode-executord depends on curl (its fetcher)" "$deps" '(^|, )libcurl[0-9a-z-]* \('
has "codemode-executord depends on libssl (libcrypto)" "$deps" '(^|, )libssl[0-9.]+ \('
has "codemode-executord depends on seccomp" "$deps" '(^|, )libseccomp2 \('
# ICU (engine/host/icu.c) for the sandbox image and codemode-run, from
# their NEEDED: the package's runtime dependency is libicu72, not the -dev
has "codemode-executord depends on ICU (the engine's locales)" "$deps" '(^|, )libicu[0-9]+ \('
has "codemode-executord depends on libc" "$deps" '(^|, )libc6 \(>= '
has "codemode-executord depends on adduser (postinst adds the codemode group)" "$deps" '(^|, )adduser(,|$)'
deps=$(field "$conf" Depends)
has "codemode-conformance depends on libc" "$deps" '(^|, )libc6 \(>= '
has "codemode-conformance depends on jansson" "$deps" '(^|, )libjansson4 \('
deps=$(field "$lib" Depends)
has "libcodemode0 depends on libevent" "$deps" '(^|, )libevent-[0-9.-]+ \('
has "libcodemode0 depends on jansson" "$deps" '(^|, )libjansson4 \('
has "libcodemode0 depends on libssl (libcrypto)" "$deps" '(^|, )libssl[0-9.]+ \('
# Native fetches run in codemode-fetcher: the library never loads libcurl.
case $deps in *libcurl*) no "libcodemode0 does not depend on libcurl ($deps)" ;;
*) ok "libcodemode0 does not depend on libcurl" ;; esac
# ICU is the engine's: the library never loads it.
case $deps in *libicu*) no "libcodemode0 does not depend on ICU ($deps)" ;;
*) ok "libcodemode0 does not depend on ICU" ;; esac
deps=$(field "$dev" Depends)
has "libcodemode-dev depends on exactly this libcodemode0" "$deps" "(^|, )libcodemode0 \\(= $version\\)"
has "libcodemode-dev depends on the -dev packages its .pc requires" "$deps" 'libevent-dev.*libjansson-dev.*libssl-dev'

# Contents.
list() { dpkg-deb -c "$1" | awk '{ s = $6; for (i = 7; i <= NF; i++) s = s " " $i; print substr($1, 1, 1), s }'; }
list "$exe" > "$tmp/exe.list"
list "$conf" > "$tmp/conf.list"
dpkg-deb -c "$exe" > "$tmp/exe.raw"
list "$lib" > "$tmp/lib.list"
list "$dev" > "$tmp/dev.list"
inlist() { # name, list, type (- or l), path [-> target]
	if grep -qxF -- "$3 ./$4" "$tmp/$2.list"; then ok "$1"; else no "$1"; echo "    no '$3 ./$4' in $2:"; sed 's/^/      /' "$tmp/$2.list" | head -40; fi
}
for b in codemode-executord codemode-run codemode; do
	inlist "codemode-executord ships /usr/bin/$b" exe - "usr/bin/$b"
done
inlist "codemode-conformance ships /usr/bin/codemode-conformance" conf - usr/bin/codemode-conformance
inlist "codemode-executord ships the sandbox image" exe - usr/lib/codemode/codemode-sandbox
check "the sandbox image is executable" grep -q '^-rwxr-xr-x root/root .* \./usr/lib/codemode/codemode-sandbox$' "$tmp/exe.raw"
inlist "codemode-executord ships the fetcher" exe - usr/lib/codemode/codemode-fetcher
check "the fetcher is executable" grep -q '^-rwxr-xr-x root/root .* \./usr/lib/codemode/codemode-fetcher$' "$tmp/exe.raw"
inlist "codemode-executord ships the systemd service unit" exe - usr/lib/systemd/system/codemode-executord.service
inlist "codemode-executord ships the systemd socket unit" exe - usr/lib/systemd/system/codemode-executord.socket
inlist "codemode-executord ships codemode-executord(8)" exe - usr/share/man/man8/codemode-executord.8.gz
inlist "codemode-executord ships codemode(1)" exe - usr/share/man/man1/codemode.1.gz
inlist "codemode-conformance ships codemode-conformance(1)" conf - usr/share/man/man1/codemode-conformance.1.gz
inlist "codemode-conformance ships the suite's reference" conf - usr/share/codemode/conformance/conformance.md
check "codemode-conformance ships the conformance cases" grep -q '^- \./usr/share/codemode/conformance/cases/.*\.json$' "$tmp/conf.list"
check "codemode-executord ships no conformance file" sh -c "! grep -q conformance '$tmp/exe.list'"
jsname=$(sed -n 's/^  "name": "\(.*\)",$/\1/p' libclient/js/package.json)
if command -v npm >/dev/null 2>&1; then
	inlist "libcodemode-dev ships the JavaScript package's tarball" dev - \
	    "usr/share/codemode/js/$jsname-$(sed -n 's/^CODEMODE_VERSION = //p' packaging/module.mk).tgz"
fi
real=libcodemode.so.$(sed -n 's/^CODEMODE_VERSION = //p' packaging/module.mk)
inlist "libcodemode0 ships the library under /$libdir" lib - "$libdir/$real"
inlist "libcodemode0 ships the SONAME symlink" lib l "$libdir/libcodemode.so.0 -> $real"
inlist "libcodemode-dev ships the development symlink" dev l "$libdir/libcodemode.so -> libcodemode.so.0"
inlist "libcodemode-dev ships the static library" dev - "$libdir/libcodemode.a"
inlist "libcodemode-dev ships codemode.pc" dev - "$libdir/pkgconfig/codemode.pc"
for h in codemode.h protocol.h client.h; do
	inlist "libcodemode-dev ships <codemode/$h>" dev - "usr/include/codemode/$h"
done
inlist "libcodemode-dev ships libcodemode(3)" dev - usr/share/man/man3/libcodemode.3.gz
for p in exe conf lib dev; do
	n=$(basename "$(eval echo "\$$p")" | cut -d_ -f1)
	inlist "$n ships its copyright" "$p" - "usr/share/doc/$n/copyright"
	inlist "$n ships its changelog" "$p" - "usr/share/doc/$n/changelog.gz"
done
dups=$(cat "$tmp/exe.list" "$tmp/conf.list" "$tmp/lib.list" "$tmp/dev.list" | grep -v '^d' | sort | uniq -d)
same "no file in two packages" "" "$dups"
owners=$(for d in "$exe" "$conf" "$lib" "$dev"; do dpkg-deb -c "$d"; done | awk '$2 != "root/root"')
same "every file is root:root" "" "$owners"
stray=$(cat "$tmp/exe.list" "$tmp/conf.list" "$tmp/lib.list" "$tmp/dev.list" | grep -v '^d' | grep -vE '^. \./usr/(bin|include|lib|share)/')
same "every file under /usr/{bin,include,lib,share}" "" "$stray"

# Control members.
for d in "$exe" "$conf" "$lib" "$dev"; do
	p=$(field "$d" Package)
	mkdir -p "$tmp/ctl/$p"
	dpkg-deb -e "$d" "$tmp/ctl/$p"
	check "$p: md5sums" test -s "$tmp/ctl/$p/md5sums"
done
has "libcodemode0: shlibs names the package" "$(grep -v '^#' "$tmp/ctl/libcodemode0/shlibs")" '^libcodemode 0 libcodemode0 \(>= [0-9.]+\)$'
has "libcodemode0: ldconfig trigger" "$(cat "$tmp/ctl/libcodemode0/triggers")" '^activate-noawait ldconfig$'
for s in postinst prerm postrm; do
	check "codemode-executord: $s is an executable sh script" sh -n "$tmp/ctl/codemode-executord/$s"
	check "codemode-executord: $s mode 0755" test -x "$tmp/ctl/codemode-executord/$s"
done
# A DynamicUser unit needs no system user; any other must get one in postinst.
if grep -q '^DynamicUser=yes' packaging/codemode-executord.service; then
	ok "the unit runs as a dynamic user"
else
	u=$(sed -n 's/^User=//p' packaging/codemode-executord.service)
	has "postinst creates the unit's user" "$(cat "$tmp/ctl/codemode-executord/postinst")" "adduser.*$u|useradd.*$u"
fi
# The socket's group, which a host user joins to reach the daemon.
g=$(sed -n 's/^SocketGroup=//p' packaging/codemode-executord.socket)
same "the socket unit's group" codemode "$g"
same "the socket unit's mode" 0660 "$(sed -n 's/^SocketMode=//p' packaging/codemode-executord.socket)"
has "postinst creates the socket's group" "$(cat "$tmp/ctl/codemode-executord/postinst")" "addgroup --system --quiet $g"
has "postinst enables the socket unit" "$(cat "$tmp/ctl/codemode-executord/postinst")" 'codemode-executord\.socket'
same "the service is Type=notify" notify "$(sed -n 's/^Type=//p' packaging/codemode-executord.service)"

# lintian: nothing at the error or warning level, for any package.
if command -v lintian >/dev/null 2>&1; then
	lintian --tag-display-limit 0 "$exe" "$conf" "$lib" "$dev" >"$tmp/lintian.out" 2>&1
	bad=$(grep -E '^[EW]: ' "$tmp/lintian.out")
	same "lintian: no errors or warnings" "" "$bad"
	echo "# lintian: $(grep -cE '^[IPX]: ' "$tmp/lintian.out") info/pedantic/experimental tags"
else
	echo "# skip lintian: not installed (apt-get install lintian)"
fi

# Extracted into a temp root.
root=$tmp/root
for d in "$exe" "$conf" "$lib" "$dev"; do
	check "dpkg -x $(basename "$d")" dpkg -x "$d" "$root"
done
for p in codemode-executord codemode-conformance libcodemode0 libcodemode-dev; do
	check "$p: md5sums match the extracted files" sh -c "cd '$root' && md5sum --quiet -c '$tmp/ctl/$p/md5sums'"
done
soname=$(objdump -p "$root/$libdir/$real" 2>/dev/null | awk '$1 == "SONAME" {print $2}')
same "the library's SONAME" "libcodemode.so.0" "$soname"
exec_start=$(sed -n 's/^ExecStart=\([^ ]*\).*/\1/p' "$root/usr/lib/systemd/system/codemode-executord.service")
check "the unit's ExecStart is in the package" test -x "$root$exec_start"
export LD_LIBRARY_PATH="$root/$libdir"
bin=$root/usr/bin
printf 'var a = [1, 2, 3];\nconsole.log(a.map(function (x) { return x * 2; }).join(","));\n' > "$tmp/tiny.js"
same "extracted codemode-run runs a script" "2,4,6" "$("$bin/codemode-run" --script "$tmp/tiny.js" 2>&1)"
check "extracted codemode-executord --help" "$bin/codemode-executord" --help
has "extracted codemode-executord --version" "$("$bin/codemode-executord" --version 2>&1)" '^codemode-executord '
has "extracted codemode version" "$("$bin/codemode" version 2>&1)" '^codemode [0-9]'
# Outside a source tree, the runner finds the cases installed beside it.
ncases=$(cd "$tmp" && "$bin/codemode-conformance" --list 2>/dev/null | wc -l)
check "extracted codemode-conformance finds its installed cases" test "$ncases" -gt 0

# The extracted daemon on a private socket, the extracted client against it.
sock=$tmp/d.sock
"$bin/codemode-executord" --socket "$sock" --max-workers 1 --spares 0 --log-level error &
dpid=$!
i=0
while [ ! -S "$sock" ] && [ $i -lt 300 ]; do sleep 0.02; i=$((i + 1)); done
check "extracted daemon up" test -S "$sock"
url=unix://$sock
same "extracted codemode health" "200 ok" "$("$bin/codemode" health --url "$url" 2>&1)"
same "extracted codemode run" "42" "$("$bin/codemode" run --raw --url "$url" '(function () { return 6 * 7; })' 2>&1)"
# Its zygote is the packaged image, found at ../lib/codemode/ from /usr/bin.
zexe=
for c in $(grep -l "^PPid:[[:space:]]*$dpid\$" /proc/[0-9]*/status 2>/dev/null); do
	zexe=$(readlink "${c%/status}/exe")
done
same "the extracted daemon's zygote is the packaged sandbox image" "$root/usr/lib/codemode/codemode-sandbox" "$zexe"

# The units as systemd reads them (ExecStart pointed into the extracted
# root). Offline: systemd need not be PID 1 here, and is not in a container.
if command -v systemd-analyze >/dev/null 2>&1; then
	mkdir -p "$tmp/units"
	for u in codemode-executord.service codemode-executord.socket; do
		sed "s|/usr/bin/codemode-executord|$root/usr/bin/codemode-executord|" \
		    "$root/usr/lib/systemd/system/$u" > "$tmp/units/$u"
	done
	check "systemd-analyze verify: both units" \
	    systemd-analyze verify --man=no "$tmp/units/codemode-executord.socket" \
	    "$tmp/units/codemode-executord.service"
	if systemd-analyze security --offline=true "$tmp/units/codemode-executord.service" \
	    >"$tmp/security.out" 2>&1; then
		score=$(sed -n 's/.*Overall exposure level for codemode-executord.service: \([0-9.]*\).*/\1/p' "$tmp/security.out")
		echo "# systemd-analyze security: exposure $score"
		# 7.2 before this unit was hardened; 10 is fully exposed.
		check "systemd-analyze security: exposure at most 2.0 (got $score)" \
		    awk -v s="$score" 'BEGIN { exit !(s != "" && s + 0 <= 2.0) }'
	else
		echo "# skip systemd-analyze security: $(tail -1 "$tmp/security.out")"
	fi
else
	echo "# skip systemd-analyze: not installed (apt-get install systemd)"
fi

# Socket activation as systemd does it: the packaged daemon given a
# listening socket (LISTEN_FDS) by systemd-socket-activate, no --socket.
if command -v systemd-socket-activate >/dev/null 2>&1; then
	asock=$tmp/act.sock
	systemd-socket-activate -l "$asock" --fdname=executor \
	    "$bin/codemode-executord" --max-workers 1 --spares 0 --log-level error \
	    --instance-id deb-test >/dev/null 2>&1 &
	apid=$!
	i=0
	while [ ! -S "$asock" ] && [ $i -lt 300 ]; do sleep 0.02; i=$((i + 1)); done
	same "socket-activated daemon: codemode run" "42" \
	    "$("$bin/codemode" run --raw --url "unix://$asock" '(function () { return 6 * 7; })' 2>&1)"
	kill "$apid" 2>/dev/null
	wait "$apid" 2>/dev/null
else
	echo "# skip socket activation: systemd-socket-activate is not installed"
fi

# The examples built against the extracted -dev package, pkg-config alone.
export PKG_CONFIG_SYSROOT_DIR="$root"
export PKG_CONFIG_PATH="$root/$libdir/pkgconfig"
same "pkg-config finds the packaged codemode.pc" "$(sed -n 's/^CODEMODE_VERSION = //p' packaging/module.mk)" \
    "$(pkg-config --modversion codemode 2>&1)"
has "pkg-config points into the extracted root" "$(pkg-config --cflags --libs codemode 2>&1)" "^-I$root/usr/include -L$root/$libdir -lcodemode"
for ex in host_two_tools event_hundred; do
	# shellcheck disable=SC2046
	check "example $ex builds against libcodemode-dev" cc -std=c11 -Wall -Wextra -Werror \
	    -o "$tmp/$ex" "$top/libclient/examples/$ex.c" $(pkg-config --cflags --libs codemode)
done
unset PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_PATH
if [ -x "$tmp/host_two_tools" ]; then
	resolved=$(ldd "$tmp/host_two_tools" | awk '$1 == "libcodemode.so.0" {print $3}')
	same "the example loads the packaged libcodemode.so.0" "$root/$libdir/libcodemode.so.0" "$resolved"
	same "the example runs against the extracted daemon" '{"result":42,"logs":[]}' \
	    "$("$tmp/host_two_tools" "$url" '(function () { return 6 * 7; })' 2>&1)"

	# A package of a dependant gets "libcodemode0 (>= ...)" from the shlibs file.
	s=$tmp/shlibdeps
	mkdir -p "$s/debian/example/usr/bin" "$s/debian/libcodemode0"
	printf 'Source: example\n\nPackage: example\nArchitecture: any\n' > "$s/debian/control"
	dpkg -x "$lib" "$s/debian/libcodemode0"
	cp -R "$tmp/ctl/libcodemode0" "$s/debian/libcodemode0/DEBIAN"
	cp "$tmp/host_two_tools" "$s/debian/example/usr/bin/"
	has "a dependant's shlibs:Depends names libcodemode0" \
	    "$(cd "$s" && dpkg-shlibdeps -O debian/example/usr/bin/host_two_tools 2>/dev/null)" \
	    'libcodemode0 \(>= [0-9.]+\)'
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
