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
