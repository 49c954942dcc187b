# tests/: one Check suite per module (tests/check_<module>.c), each linked
# against every library of the project; scripts (tests/*.test.sh) print their
# own "N passed, N failed" line. Fuzz harnesses (tests/fuzz/fuzz_<codec>.c)
# are replayed over their seed corpus and the inputs that once crashed them
# (tests/fuzz/regress/<name>/) in `make check` through a plain driver,
# and built for libFuzzer with `make fuzz` when clang is there.
CHECK_SRCS := $(wildcard tests/check_*.c)
CHECK_BINS := $(CHECK_SRCS:tests/%.c=$(BUILD)/tests/%)
FUZZ_SRCS := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BINS := $(FUZZ_SRCS:tests/fuzz/%.c=$(BUILD)/tests/%)
# tests/support/*.c: helpers every integration suite may link (a test client).
TEST_SUPPORT_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tests/support/*.c))
TEST_LIBS = $(TEST_SUPPORT_OBJS) $(TEST_LINK_LIBS) $(BUILD)/libcodemode.a
CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null)
# Tests may reach into any component, always by a qualified name
# ("pool/pool_int.h", "conformance/expect.h", "support/test_client.h").
$(BUILD)/obj/tests/%.o: INC = $(INC_GEN) -Ilibclient/include -Ilibclient -Iengine -Iserver -Itests -I.

# A suite named after a libclient module (or a split of one, check_<module>_*)
# links libcodemode alone; every other suite links every library.
CLIENT_MODULES := $(basename $(notdir $(LIBCLIENT_SRCS) $(EXECUTOR_SRCS)))
# capnweb_session.c and friends make "capnweb" a module too.
CLIENT_MODULES += $(sort $(foreach m,$(CLIENT_MODULES),$(firstword $(subst _, ,$(m)))))
CLIENT_CHECK_BINS := $(foreach b,$(CHECK_BINS),$(if $(filter $(CLIENT_MODULES),$(firstword $(subst _, ,$(patsubst $(BUILD)/tests/check_%,%,$(b))))),$(b)))
OTHER_CHECK_BINS := $(filter-out $(CLIENT_CHECK_BINS),$(CHECK_BINS))

# The support a client suite may use needs nothing but libcodemode.
CLIENT_TEST_SUPPORT_OBJS = $(BUILD)/obj/tests/support/test_client.o $(BUILD)/obj/tests/support/test_daemon.o $(BUILD)/obj/tests/support/test_http.o

$(CLIENT_CHECK_BINS): $(BUILD)/tests/check_%: $(BUILD)/obj/tests/check_%.o $(CLIENT_TEST_SUPPORT_OBJS) $(BUILD)/libcodemode.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $< $(CLIENT_TEST_SUPPORT_OBJS) $(BUILD)/libcodemode.a $(CHECK_LIBS) $(LIBS_ALL)

$(OTHER_CHECK_BINS): $(BUILD)/tests/check_%: $(BUILD)/obj/tests/check_%.o $(TEST_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $< $(TEST_LIBS) $(CHECK_LIBS) $(LIBS_ALL) $(ENGINE_LIBS)

CLIENT_FUZZ_BINS := $(foreach b,$(FUZZ_BINS),$(if $(filter $(CLIENT_MODULES),$(firstword $(subst _, ,$(patsubst $(BUILD)/tests/fuzz_%,%,$(b))))),$(b)))
OTHER_FUZZ_BINS := $(filter-out $(CLIENT_FUZZ_BINS),$(FUZZ_BINS))

$(CLIENT_FUZZ_BINS): $(BUILD)/tests/fuzz_%: $(BUILD)/obj/tests/fuzz/fuzz_%.o $(BUILD)/obj/tests/fuzz/driver.o $(BUILD)/libcodemode.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $< $(BUILD)/obj/tests/fuzz/driver.o $(BUILD)/libcodemode.a $(LIBS_ALL)

$(OTHER_FUZZ_BINS): $(BUILD)/tests/fuzz_%: $(BUILD)/obj/tests/fuzz/fuzz_%.o $(BUILD)/obj/tests/fuzz/driver.o $(TEST_LINK_LIBS) $(BUILD)/libcodemode.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $< $(BUILD)/obj/tests/fuzz/driver.o $(TEST_LINK_LIBS) $(BUILD)/libcodemode.a $(LIBS_ALL) $(ENGINE_LIBS)

CHECK_PROGS += $(CHECK_BINS) $(FUZZ_BINS)
CHECK_SCRIPTS += $(sort $(wildcard tests/*.test.sh))
# tests/run-all.sh keeps CHECK_JOBS runners busy: the longest start first
# (CHECK_FIRST, by their last CI times: most of them wait on timeouts, not
# the CPU), and the two longest suites run in three shares each, their
# cases spread over three runners (support/test_shard.h).
CHECK_FIRST := jsclient.test.sh js.test.sh js_sandbox.test.sh conformance_breakage.test.sh \
	check_conn_bounds check_faults check_client_sizes security.test.sh \
	conformance_executor.test.sh conformance.test.sh deb.test.sh \
	check_parser check_daemon check_ipcmsg check_client check_utf8 \
	fuzz_lower_diff check_conn check_outbound k8s.test.sh
CHECK_SHARDS := check_conn_bounds:3 check_faults:3
# `make check SANITIZE=1` leaves out what tests the plain build alone: the
# breakage proofs mutate and rebuild the plain daemon (their one sanitized
# piece, the conformance runner, check_conformance and conformance.test.sh
# cover) and take minutes of a CI run.
ifeq ($(SANITIZE),1)
SANITIZE_SKIP_SCRIPTS := tests/conformance_breakage.test.sh
# Under SANITIZE=1 check_conn_bounds gives the sanitized daemon a small
# quarantine and allows for ASan's costs in its RSS bounds, check_client_sizes
# runs the sanitized daemon, and check_faults runs all but its
# failing-allocator cases (a preloaded malloc cannot sit beside ASan's; the
# plain `make check` runs those).
endif

# make fuzz: every harness as a libFuzzer program, build/libfuzzer/fuzz_<name>,
# built with clang (packaging/deps.sh fuzz) under ASan and UBSan. The code
# under test is compiled once into build/libfuzzer/obj/ with coverage
# instrumentation (Duktape without it: its compiler is not ours to explore,
# only the judge of what the lowering writes; and under ASan alone, as
# clang's UBSan flags pointer arithmetic on NULL that Duktape does by
# design) and linked from one archive,
# so each program takes only the members it reaches. The generated headers
# and the prelude come from the plain build ($(BUILD)/gen).
#   make fuzz                       build them all
#   make fuzz FUZZ_RUN=http FUZZ_SECONDS=600   then run one over its corpus
# A run adds what it learns to build/libfuzzer/corpus/<name>/ (the committed
# seeds stay as they are) and leaves a crash in build/libfuzzer/crash-<name>-*;
# each crash, once fixed, goes to tests/fuzz/regress/<name>/, which
# `make check` replays through the plain driver.
FUZZ_CC ?= clang
FUZZ_DIR = build/libfuzzer
FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_CFLAGS = -g -O1 $(FUZZ_SAN) -D_GNU_SOURCE $(INC_GEN) -Ilibclient/include -Ilibclient -Iengine -Iserver -Itests -I. $(PKG_CFLAGS)
FUZZ_LIB_SRCS = $(LIBCLIENT_SRCS) $(ENGINE_SRCS) $(wildcard server/ipc/*.c) server/daemon/netpolicy.c server/fetcher/fetcher_args.c
FUZZ_LIB_OBJS = $(FUZZ_LIB_SRCS:%.c=$(FUZZ_DIR)/obj/%.o) $(FUZZ_DIR)/obj/gen/cm_prelude.o $(FUZZ_DIR)/obj/duktape.o
FUZZ_PROGS = $(FUZZ_SRCS:tests/fuzz/%.c=$(FUZZ_DIR)/%)
FUZZ_SECONDS ?= 600

$(FUZZ_DIR)/obj/%.o: %.c | $(GEN_HEADERS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<
$(FUZZ_DIR)/obj/gen/cm_prelude.o: $(BUILD)/gen/cm_prelude.c | $(GEN_HEADERS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<
$(FUZZ_DIR)/obj/duktape.o: $(BUILD)/duktape/duktape.c $(BUILD)/gen/duk_config.h $(BUILD)/gen/duktape.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -std=c99 -D_GNU_SOURCE -g -O1 -fsanitize=address -fno-omit-frame-pointer -w -I$(BUILD)/gen -Iengine -c -o $@ $<
$(FUZZ_DIR)/libfuzz.a: $(FUZZ_LIB_OBJS)
	rm -f $@ && ar rcs $@ $^
$(FUZZ_PROGS): $(FUZZ_DIR)/fuzz_%: $(FUZZ_DIR)/obj/tests/fuzz/fuzz_%.o $(FUZZ_DIR)/libfuzz.a
	$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $^ $(PKG_LIBS) $(ENGINE_LIBS) -lm -lpthread

fuzz:
	@command -v $(FUZZ_CC) >/dev/null || { echo "make fuzz needs clang (packaging/deps.sh fuzz)"; exit 1; }
	@$(MAKE) --no-print-directory $(FUZZ_PROGS)
	@if [ -n "$(FUZZ_RUN)" ]; then mkdir -p $(FUZZ_DIR)/corpus/$(FUZZ_RUN) && \
	  cd $(FUZZ_DIR) && ./fuzz_$(FUZZ_RUN) -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
	    -artifact_prefix=crash-$(FUZZ_RUN)- corpus/$(FUZZ_RUN) ../../tests/fuzz/corpus/$(FUZZ_RUN) \
	    $$([ -d ../../tests/fuzz/regress/$(FUZZ_RUN) ] && echo ../../tests/fuzz/regress/$(FUZZ_RUN)); fi

-include $(shell find $(FUZZ_DIR)/obj -name '*.d' 2>/dev/null)

# make fuzz-ci: every target briefly over its corpus (tests/fuzz/ci.sh), as
# .ci/run does; FUZZ_CI_SECONDS=10 each by default.
.PHONY: fuzz-ci valgrind
fuzz-ci: fuzz
	@tests/fuzz/ci.sh

# make valgrind: the daemon under memcheck over the conformance suite
# (tests/valgrind.sh); not part of `make check` (about 3 minutes), run by
# .ci/run.
valgrind: deps-test
	@tests/valgrind.sh

# make mutate: the project's own mutation run (tests/mutate/run.sh), not part
# of `make check`: each mutant of tests/mutate/mutants.tsv is applied alone
# to a scratch copy under build/mutate/ and its guarding suites are run;
# build/mutate/report.md has the score. MUTANTS="id ..." runs only those.
.PHONY: mutate
mutate:
	@tests/mutate/run.sh $(MUTANTS)

# tests/security/: the attack catalogue (attacks.json) and its runner, which
# reuses the conformance runner's modules; tests/security.test.sh starts a
# daemon and runs it (tests/security/README.md).
SECURITY_RUNNER := $(BUILD)/tests/security-runner
$(SECURITY_RUNNER): $(BUILD)/obj/tests/security/security.o $(CONFORMANCE_LIB) $(BUILD)/libcodemode.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $< $(CONFORMANCE_LIB) $(BUILD)/libcodemode.a $(LIBS_ALL)
PROGRAMS += $(SECURITY_RUNNER)

# build/tests/executor-bridge: the conformance suite's adapter for the
# in-process executor (tests/conformance_executor.test.sh); libcodemode
# alone, its internals by qualified name.
EXECUTOR_BRIDGE := $(BUILD)/tests/executor-bridge
$(EXECUTOR_BRIDGE): $(BUILD)/obj/tests/executor_bridge.o $(BUILD)/libcodemode.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $< $(BUILD)/libcodemode.a $(LIBS_ALL)
PROGRAMS += $(EXECUTOR_BRIDGE)
# tests/faults/failalloc.c: the failing allocator check_faults preloads into
# the daemon (LD_PRELOAD), a shared object of its own.
FAILALLOC_SO := $(BUILD)/tests/libfailalloc.so
$(FAILALLOC_SO): tests/faults/failalloc.c tests/faults/failalloc.h
	@mkdir -p $(dir $@)
	$(CC) -D_GNU_SOURCE -std=c11 -O2 -g -Wall -Wextra -Werror -fPIC -shared -o $@ $< -ldl
$(BUILD)/tests/check_faults: $(FAILALLOC_SO)
# tests/faults/probe.c: what check_fetchlink preloads into the fetcher to
# see its confinement from inside.
PROBE_SO := $(BUILD)/tests/libprobe.so
$(PROBE_SO): tests/faults/probe.c
	@mkdir -p $(dir $@)
	$(CC) -D_GNU_SOURCE -std=c11 -O2 -g -Wall -Wextra -Werror -fPIC -shared -o $@ $< -ldl
$(BUILD)/tests/check_fetchlink: $(PROBE_SO)

# make soak (tests/soak/soak.c; not part of make check): 64 clients against
# one daemon for SOAK_SECONDS (600), children killed at random, allocation
# storms through the failing allocator; prints RSS and descriptors at start
# and end and exits non-zero on any lost, duplicated or wrong answer.
SOAK_BIN := $(BUILD)/tests/soak
$(SOAK_BIN): $(BUILD)/obj/tests/soak/soak.o $(CLIENT_TEST_SUPPORT_OBJS) $(BUILD)/libcodemode.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $< $(BUILD)/obj/tests/support/test_client.o $(BUILD)/obj/tests/support/test_daemon.o $(BUILD)/libcodemode.a $(LIBS_ALL)
.PHONY: soak
soak: all $(SOAK_BIN) $(FAILALLOC_SO)
	@BUILD=$(BUILD) $(SOAK_BIN)
