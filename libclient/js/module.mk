# libclient/js/: the JavaScript client package (an npm package, ESM).
#   make dist-js    the tarball (npm pack) into $(BUILD)/
#   make install    also puts that tarball under $(PREFIX)/share/codemode/js/
# The package is staged into $(BUILD)/jsclient/package with its spec module
# generated from spec/protocol.json (specgen --esm), never kept in the tree.
JS_DIR = libclient/js
JS_STAGE = $(BUILD)/jsclient/package
# The version is the tree's one number (packaging/module.mk), written into
# the staged package.json; the tree's has none.
JS_VERSION = $(CODEMODE_VERSION)
JS_NAME := $(shell sed -n 's/^  "name": "\(.*\)",$$/\1/p' $(JS_DIR)/package.json)
JS_TARBALL = $(BUILD)/$(JS_NAME)-$(JS_VERSION).tgz
JS_FILES := $(JS_DIR)/package.json $(JS_DIR)/README.md $(JS_DIR)/CHANGELOG.md \
	$(wildcard $(JS_DIR)/src/*.js $(JS_DIR)/types/*.d.ts $(JS_DIR)/test/*.js $(JS_DIR)/test/*.ts)

.PHONY: js-stage dist-js install-js

$(JS_STAGE)/.staged: $(JS_FILES) $(SPEC_JSON) $(SPECGEN) packaging/module.mk
	@rm -rf $(JS_STAGE)
	@mkdir -p $(JS_STAGE)
	cp -R $(JS_DIR)/README.md $(JS_DIR)/CHANGELOG.md \
	  $(JS_DIR)/src $(JS_DIR)/types $(JS_DIR)/test $(JS_STAGE)/
	sed 's/^  "name": "\(.*\)",$$/  "name": "\1",\n  "version": "$(JS_VERSION)",/' \
	  $(JS_DIR)/package.json > $(JS_STAGE)/package.json
	rm -f $(JS_STAGE)/src/spec.js
	$(SPECGEN) $(SPEC_JSON) --esm $(JS_STAGE)/src/spec.js
	@touch $@

js-stage: $(JS_STAGE)/.staged

$(JS_TARBALL): $(JS_STAGE)/.staged
	cd $(JS_STAGE) && npm pack --silent --pack-destination "$(abspath $(BUILD))" >/dev/null

dist-js: $(JS_TARBALL)

install: install-js
install-js:
	@if command -v npm >/dev/null 2>&1; then \
	  $(MAKE) --no-print-directory $(JS_TARBALL) && \
	  install -d $(DESTDIR)$(PREFIX)/share/codemode/js && \
	  install -m 0644 $(JS_TARBALL) $(DESTDIR)$(PREFIX)/share/codemode/js/; \
	else echo "install-js: npm not found, so the JavaScript package is not built or installed"; fi

# make check builds what its scripts share before they run side by side
# (tests/run-all.sh): the staged package (jsclient.test.sh, version.test.sh)
# and its tarball (examples.test.sh and deb.test.sh both install it).
CHECK_PREPARE += js-stage $(if $(shell command -v npm 2>/dev/null),$(JS_TARBALL))

# make bench-js: what the package costs per execution and per tool call
# (wall time and this process's CPU, medians) against $(BUILD)/codemode-executord
# on a private socket, libclient/js/bench/bench.mjs. With
# JS_BENCH_BASE=<another tree's libclient/js> that copy runs interleaved
# with this one (A B A B), e.g. JS_BENCH_BASE=/work/main/libclient/js.
# Not part of make check or make bench (speed targets are not tests).
JS_BENCH_BASE ?=
JS_BENCH_ARGS ?= --runs 400 --rounds 3
.PHONY: bench-js
bench-js: js-stage $(BUILD)/codemode-executord
	@if ! cmp -s tests/jsclient/package.json $(BUILD)/jsclient/package.json || \
	  [ ! -d $(BUILD)/jsclient/node_modules/capnweb ]; then \
	  cp tests/jsclient/package.json $(BUILD)/jsclient/package.json && \
	  (cd $(BUILD)/jsclient && npm install --no-audit --no-fund --silent); fi
	@rm -rf $(BUILD)/jsclient/base
	@if [ -n "$(JS_BENCH_BASE)" ]; then mkdir -p $(BUILD)/jsclient/base && \
	  cp -R $(JS_BENCH_BASE)/src $(BUILD)/jsclient/base/ && \
	  cp $(JS_STAGE)/src/spec.js $(BUILD)/jsclient/base/src/; fi
	CODEMODE_DAEMON=$(BUILD)/codemode-executord node $(JS_DIR)/bench/bench.mjs $(JS_BENCH_ARGS) \
	  $(if $(JS_BENCH_BASE),base=$(BUILD)/jsclient/base) this=$(JS_STAGE)
