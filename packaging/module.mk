# packaging/: install layout.
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/codemode
	for p in codemode-executord codemode codemode-run codemode-conformance; do \
	  [ -f $(BUILD)/$$p ] && install -m 0755 $(BUILD)/$$p $(DESTDIR)$(PREFIX)/bin/; done; true
	install -m 0644 $(BUILD)/libcodemode.a $(DESTDIR)$(PREFIX)/lib/
	install -m 0755 $(BUILD)/libcodemode.so $(DESTDIR)$(PREFIX)/lib/libcodemode.so.$(LIBCODEMODE_SOVERSION)
	ln -sf libcodemode.so.$(LIBCODEMODE_SOVERSION) $(DESTDIR)$(PREFIX)/lib/libcodemode.so
	install -m 0644 libclient/include/codemode/*.h $(DESTDIR)$(PREFIX)/include/codemode/
	install -d $(DESTDIR)$(PREFIX)/share/man/man8
	install -m 0644 packaging/codemode-executord.8 $(DESTDIR)$(PREFIX)/share/man/man8/

# pkg-config file and man pages of the client (libclient/).
CODEMODE_VERSION = 0.1.0

$(BUILD)/codemode.pc: packaging/codemode.pc.in
	@mkdir -p $(dir $@)
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(CODEMODE_VERSION)|g' $< > $@

PROGRAMS += $(BUILD)/codemode.pc

install: install-client
.PHONY: install-client
install-client: $(BUILD)/codemode.pc
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man3
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(CODEMODE_VERSION)|g' \
	    packaging/codemode.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/codemode.pc
	install -m 0644 packaging/codemode.1 $(DESTDIR)$(PREFIX)/share/man/man1/codemode.1
	install -m 0644 packaging/libcodemode.3 $(DESTDIR)$(PREFIX)/share/man/man3/libcodemode.3

# The conformance cases (codemode-conformance looks in share/codemode/conformance/cases)
# and the daemon's systemd unit.
install: install-data
.PHONY: install-data
install-data:
	install -d $(DESTDIR)$(PREFIX)/share/codemode/conformance/cases
	install -m 0644 conformance/cases/*.json $(DESTDIR)$(PREFIX)/share/codemode/conformance/cases/
	install -d $(DESTDIR)$(PREFIX)/lib/systemd/system
	install -m 0644 packaging/codemode-executord.service $(DESTDIR)$(PREFIX)/lib/systemd/system/
