# conformance/: the suite (cases as data) and its runner, build/codemode-conformance.
CONFORMANCE_SRCS := $(filter-out %_main.c,$(wildcard conformance/*.c))
CONFORMANCE_OBJS := $(CONFORMANCE_SRCS:%.c=$(BUILD)/obj/%.o)
$(BUILD)/obj/conformance/%.o: INC = $(INC_GEN) -Ilibclient/include -Ilibclient
$(BUILD)/codemode-conformance: $(BUILD)/obj/conformance/conformance_main.o $(CONFORMANCE_OBJS) $(BUILD)/libcodemode.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL)
PROGRAMS += $(BUILD)/codemode-conformance
# The runner's modules as a library, so tests/check_conformance.c (the
# matcher and case-format tests) links them like any other suite's code.
CONFORMANCE_LIB := $(BUILD)/libconformance.a
$(CONFORMANCE_LIB): $(CONFORMANCE_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^
TEST_LINK_LIBS := $(CONFORMANCE_LIB) $(TEST_LINK_LIBS)
