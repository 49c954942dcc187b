# packaging/: install layout, and the Debian packages (make deb).
# LIBDIR is where the library, its archive and the .pc go; Debian passes its
# multiarch directory (/usr/lib/x86_64-linux-gnu).
LIBDIR ?= $(PREFIX)/lib
# The one version number of everything built here (programs, library, .pc,
# packages); C reads it from the generated cm_version.h.
CODEMODE_VERSION = 0.3.0
CODEMODE_VERSION_PARTS = $(subst ., ,$(CODEMODE_VERSION))
# The public <codemode/version.h> (installed with the headers) and the
# internal cm_version.h that the programs include, which reads it.
$(BUILD)/gen/codemode/version.h: packaging/module.mk
	@mkdir -p $(dir $@)
	{ printf '/* Generated from packaging/module.mk; do not edit. The version of\n * the headers a host compiles against; cm_version() is the library its\n * program runs with. */\n'; \
	  printf '#ifndef CODEMODE_VERSION_H\n#define CODEMODE_VERSION_H\n'; \
	  printf '#define CM_VERSION_MAJOR %s\n#define CM_VERSION_MINOR %s\n#define CM_VERSION_PATCH %s\n' $(CODEMODE_VERSION_PARTS); \
	  printf '#define CM_VERSION_STRING "%s"\n' '$(CODEMODE_VERSION)'; \
	  printf '/* One number that orders releases: 0.2.0 is 200. */\n#define CM_VERSION_NUMBER (CM_VERSION_MAJOR * 10000 + CM_VERSION_MINOR * 100 + CM_VERSION_PATCH)\n#endif\n'; } > $@
$(BUILD)/gen/cm_version.h: $(BUILD)/gen/codemode/version.h
	printf '/* Generated; do not edit. */\n#include "codemode/version.h"\n' > $@
GEN_HEADERS += $(BUILD)/gen/codemode/version.h $(BUILD)/gen/cm_version.h
# The shared object's real name; the SONAME (libcodemode.so.0) and the
# development name (libcodemode.so) are symlinks to it.
LIBCODEMODE_REALNAME = libcodemode.so.$(CODEMODE_VERSION)
# The .pc with this install's prefix and library directory.
PC_SED = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(CODEMODE_VERSION)|g' \
    -e 's|^libdir=.*|libdir=$(LIBDIR)|'

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PREFIX)/include/codemode
	for p in codemode-executord codemode codemode-run codemode-conformance; do \
	  [ -f $(BUILD)/$$p ] && install -m 0755 $(BUILD)/$$p $(DESTDIR)$(PREFIX)/bin/; done; true
	# The daemon's sandbox image and its fetcher: not commands, so not on
	# PATH; the daemon finds them at ../lib/codemode/ from its own
	# directory, the in-process executor the fetcher beside the image.
	install -d $(DESTDIR)$(PREFIX)/lib/codemode
	install -m 0755 $(BUILD)/codemode-sandbox $(BUILD)/codemode-fetcher $(DESTDIR)$(PREFIX)/lib/codemode/
	install -m 0644 $(BUILD)/libcodemode.a $(DESTDIR)$(LIBDIR)/
	install -m 0644 $(BUILD)/libcodemode.so $(DESTDIR)$(LIBDIR)/$(LIBCODEMODE_REALNAME)
	ln -sf $(LIBCODEMODE_REALNAME) $(DESTDIR)$(LIBDIR)/libcodemode.so.$(LIBCODEMODE_SOVERSION)
	ln -sf libcodemode.so.$(LIBCODEMODE_SOVERSION) $(DESTDIR)$(LIBDIR)/libcodemode.so
	install -m 0644 libclient/include/codemode/*.h $(BUILD)/gen/codemode/version.h $(DESTDIR)$(PREFIX)/include/codemode/
	install -d $(DESTDIR)$(PREFIX)/share/man/man8
	install -m 0644 packaging/codemode-executord.8 $(DESTDIR)$(PREFIX)/share/man/man8/
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 0644 packaging/codemode-run.1 packaging/codemode-conformance.1 $(DESTDIR)$(PREFIX)/share/man/man1/

# pkg-config file and man pages of the client (libclient/).
$(BUILD)/codemode.pc: packaging/codemode.pc.in
	@mkdir -p $(dir $@)
	$(PC_SED) $< > $@

PROGRAMS += $(BUILD)/codemode.pc

install: install-client
.PHONY: install-client
install-client: $(BUILD)/codemode.pc
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man3
	$(PC_SED) packaging/codemode.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/codemode.pc
	install -m 0644 packaging/codemode.1 $(DESTDIR)$(PREFIX)/share/man/man1/codemode.1
	install -m 0644 packaging/libcodemode.3 $(DESTDIR)$(PREFIX)/share/man/man3/libcodemode.3

# The conformance cases (codemode-conformance looks in share/codemode/conformance/cases)
# with the suite's reference beside them (spec/conformance.md),
# and the daemon's systemd unit, pointed at this prefix's daemon.
install: install-data
.PHONY: install-data
install-data:
	install -d $(DESTDIR)$(PREFIX)/share/codemode/conformance/cases
	install -m 0644 conformance/cases/*.json $(DESTDIR)$(PREFIX)/share/codemode/conformance/cases/
	install -m 0644 spec/conformance.md $(DESTDIR)$(PREFIX)/share/codemode/conformance/conformance.md
	install -d $(DESTDIR)$(PREFIX)/lib/systemd/system
	sed 's|/usr/bin/codemode-executord|$(PREFIX)/bin/codemode-executord|' \
	    packaging/codemode-executord.service > $(DESTDIR)$(PREFIX)/lib/systemd/system/codemode-executord.service
	chmod 0644 $(DESTDIR)$(PREFIX)/lib/systemd/system/codemode-executord.service
	install -m 0644 packaging/codemode-executord.socket $(DESTDIR)$(PREFIX)/lib/systemd/system/

# make deb: codemode-executord, codemode-conformance, libcodemode0 and
# libcodemode-dev into
# $(BUILD)/deb/, from this tree's $(BUILD) (built with its flags) and without
# root. packaging/debian/rules runs in a scratch copy of packaging/debian
# under $(BUILD)/debian-src, so the source tree stays clean.
.PHONY: deb
deb:
	@command -v dpkg-deb >/dev/null && command -v dpkg-gencontrol >/dev/null || \
	  { echo "make deb needs dpkg-dev (apt-get install dpkg-dev)"; exit 1; }
	rm -rf $(BUILD)/debian-src && mkdir -p $(BUILD)/debian-src $(BUILD)/deb
	cp -R packaging/debian $(BUILD)/debian-src/debian
	rm -f $(BUILD)/deb/*.deb
	cd $(BUILD)/debian-src && $(MAKE) --no-print-directory -f debian/rules binary \
	    SRCDIR=$(CURDIR) CM_BUILD=$(abspath $(BUILD)) CM_BUILDFLAGS=no \
	    CM_VERSION=$(CODEMODE_VERSION) \
	    DEB_OUT=$(abspath $(BUILD)/deb)
	@ls -1 $(BUILD)/deb/*.deb
