# tests/: one Check suite per module (tests/check_<module>.c), each linked
# against every library of the project; scripts (tests/*.test.sh) print their
# own "N passed, N failed" line. Fuzz harnesses (tests/fuzz/fuzz_<codec>.c)
# are replayed over their seed corpus in `make check` through a plain driver,
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
CLIENT_MODULES := $(basename $(notdir $(LIBCLIENT_SRCS)))
# capnweb_session.c and friends make "capnweb" a module too.
CLIENT_MODULES += $(sort $(foreach m,$(CLIENT_MODULES),$(firstword $(subst _, ,$(m)))))
CLIENT_CHECK_BINS := $(foreach b,$(CHECK_BINS),$(if $(filter $(CLIENT_MODULES),$(firstword $(subst _, ,$(patsubst $(BUILD)/tests/check_%,%,$(b))))),$(b)))
OTHER_CHECK_BINS := $(filter-out $(CLIENT_CHECK_BINS),$(CHECK_BINS))

# The support a client suite may use needs nothing but libcodemode.
CLIENT_TEST_SUPPORT_OBJS = $(BUILD)/obj/tests/support/test_client.o $(BUILD)/obj/tests/support/test_daemon.o

$(CLIENT_CHECK_BINS): $(BUILD)/tests/check_%: $(BUILD)/obj/tests/check_%.o $(CLIENT_TEST_SUPPORT_OBJS) $(BUILD)/libcodemode.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $< $(CLIENT_TEST_SUPPORT_OBJS) $(BUILD)/libcodemode.a $(CHECK_LIBS) $(LIBS_ALL)

$(OTHER_CHECK_BINS): $(BUILD)/tests/check_%: $(BUILD)/obj/tests/check_%.o $(TEST_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $< $(TEST_LIBS) $(CHECK_LIBS) $(LIBS_ALL)

CLIENT_FUZZ_BINS := $(foreach b,$(FUZZ_BINS),$(if $(filter $(CLIENT_MODULES),$(firstword $(subst _, ,$(patsubst $(BUILD)/tests/fuzz_%,%,$(b))))),$(b)))
OTHER_FUZZ_BINS := $(filter-out $(CLIENT_FUZZ_BINS),$(FUZZ_BINS))

$(CLIENT_FUZZ_BINS): $(BUILD)/tests/fuzz_%: $(BUILD)/obj/tests/fuzz/fuzz_%.o $(BUILD)/obj/tests/fuzz/driver.o $(BUILD)/libcodemode.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $< $(BUILD)/obj/tests/fuzz/driver.o $(BUILD)/libcodemode.a $(LIBS_ALL)

$(OTHER_FUZZ_BINS): $(BUILD)/tests/fuzz_%: $(BUILD)/obj/tests/fuzz/fuzz_%.o $(BUILD)/obj/tests/fuzz/driver.o $(TEST_LINK_LIBS) $(BUILD)/libcodemode.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $< $(BUILD)/obj/tests/fuzz/driver.o $(TEST_LINK_LIBS) $(BUILD)/libcodemode.a $(LIBS_ALL)

CHECK_PROGS += $(CHECK_BINS) $(FUZZ_BINS)
CHECK_SCRIPTS += $(sort $(wildcard tests/*.test.sh))

fuzz:
	@command -v clang >/dev/null || { echo "make fuzz needs clang"; exit 1; }
	@for f in $(FUZZ_SRCS); do n=$$(basename $$f .c); \
	  echo "== $$n"; mkdir -p $(BUILD)/libfuzzer; \
	  clang -g -O1 -fsanitize=fuzzer,address,undefined -D_GNU_SOURCE $(INC_GEN) -Ilibclient/include -Ilibclient -Iengine -Iserver -Itests -I. $(PKG_CFLAGS) \
	    -o $(BUILD)/libfuzzer/$$n $$f $(LIBCLIENT_SRCS) $(ENGINE_FUZZ_SRCS) $(wildcard server/ipc/*.c) $(PKG_LIBS) -lm || exit 1; done

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

# tests/faults/failalloc.c: the failing allocator check_faults preloads into
# the daemon (LD_PRELOAD), a shared object of its own.
FAILALLOC_SO := $(BUILD)/tests/libfailalloc.so
$(FAILALLOC_SO): tests/faults/failalloc.c tests/faults/failalloc.h
	@mkdir -p $(dir $@)
	$(CC) -D_GNU_SOURCE -std=c11 -O2 -g -Wall -Wextra -Werror -fPIC -shared -o $@ $< -ldl
$(BUILD)/tests/check_faults: $(FAILALLOC_SO)

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
