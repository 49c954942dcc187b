# codemode executor: one GNU Makefile, per-component fragments in */module.mk.
#   make            build everything into build/
#   make check      run every test (installs missing Debian packages first)
#   make run        start the daemon on ./codemode-executor.sock
#   make bench      run the benchmarks
#   make bench-peers  ours against isolated-vm, quickjs-emscripten, pi-codemode, node:vm
#   make check SANITIZE=1   the same with ASan+UBSan (objects under build/asan/),
#                           bar the breakage proofs of the plain daemon
#   make check CHECK_JOBS=1 the test programs one at a time (2 by default)

PREFIX ?= /usr/local
DESTDIR ?=
CC ?= cc
SANITIZE ?=
# How many test runners (programs and scripts) `make check` runs at once
# (tests/run-all.sh).
CHECK_JOBS ?= 2

ifeq ($(SANITIZE),1)
BUILD ?= build/asan
SAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
OPT = -O1 -g
else
BUILD ?= build
SAN_FLAGS =
OPT = -O2 -g
endif

PKGS = jansson libevent libcurl libcrypto libseccomp
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS := $(shell pkg-config --libs $(PKGS) 2>/dev/null)

WARN = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter
# Each component sets INC for its own objects (a pattern-specific variable in
# its module.mk), so an include line names the folder it reaches into
# ("proto/ws.h", "host/engine.h") and a component sees only what it may use.
INC_GEN = -I$(BUILD)/gen
CPPFLAGS_ALL = -D_GNU_SOURCE $(INC)
CFLAGS_ALL = -std=c11 $(OPT) $(WARN) $(SAN_FLAGS) -fPIC -MMD -MP $(PKG_CFLAGS) $(CFLAGS)
LDFLAGS_ALL = $(SAN_FLAGS) $(LDFLAGS)
LIBS_ALL = $(PKG_LIBS) -lm -lpthread

# Filled in by the fragments.
PROGRAMS :=
CHECK_PROGS :=
CHECK_SCRIPTS :=
CHECK_PREPARE :=
BENCH_PROGS :=
GEN_HEADERS :=

.PHONY: all check check-build run bench clean install deps deps-test fuzz format format-check
all:

include spec/module.mk
include libclient/module.mk
include engine/module.mk
include server/module.mk
include conformance/module.mk
include tests/module.mk
include packaging/module.mk
include libclient/js/module.mk
include bench/peers/module.mk

all: $(PROGRAMS)

# Every C object waits for the generated headers (the spec header above all).
$(BUILD)/obj/%.o: %.c | $(GEN_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -c -o $@ $<

deps:
	@packaging/deps.sh build

deps-test:
	@packaging/deps.sh test

# The JS package is staged before the runners start: three scripts use it,
# and they run side by side (tests/run-all.sh).
check: deps-test
	@$(MAKE) --no-print-directory check-build
	@BUILD=$(BUILD) CHECK_JOBS=$(CHECK_JOBS) CHECK_FIRST="$(CHECK_FIRST)" \
	  CHECK_SHARDS="$(CHECK_SHARDS)" \
	  tests/run-all.sh $(filter-out $(SANITIZE_SKIP_PROGS),$(CHECK_PROGS)) -- $(filter-out $(SANITIZE_SKIP_SCRIPTS),$(CHECK_SCRIPTS))

# What make check runs, built (.ci/run builds the SANITIZE=1 tree ahead).
check-build: all $(CHECK_PROGS) $(CHECK_PREPARE)

run: deps
	@$(MAKE) --no-print-directory $(BUILD)/codemode-executord
	$(BUILD)/codemode-executord --socket ./codemode-executor.sock

bench: deps-test
	@$(MAKE) --no-print-directory all $(BENCH_PROGS)
	@for b in $(BENCH_PROGS); do echo "== $$b"; $$b || exit 1; done

clean:
	rm -rf build

# Every tracked C file but generated tables follows .clang-format.
FORMAT_FILES = $(shell git ls-files --cached --others --exclude-standard '*.c' '*.h' 2>/dev/null)
format:
	clang-format -i $(FORMAT_FILES)

format-check:
	@clang-format --dry-run --Werror $(FORMAT_FILES) && echo "format-check: $(words $(FORMAT_FILES)) files clean"

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
