# server/: the libevent daemon, build/codemode-executord. Its modules go into
# build/libserver.a so Check suites can link them one by one.
SERVER_SRCS := $(filter-out %_main.c,$(wildcard server/*.c))
SERVER_OBJS := $(SERVER_SRCS:%.c=$(BUILD)/obj/%.o)
SERVER_LIB = $(BUILD)/libserver.a

$(SERVER_LIB): $(SERVER_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

TEST_LINK_LIBS := $(SERVER_LIB) $(TEST_LINK_LIBS)
PROGRAMS += $(SERVER_LIB)

ifneq ($(wildcard server/executord_main.c),)
$(BUILD)/codemode-executord: $(BUILD)/obj/server/executord_main.o $(SERVER_LIB) $(ENGINE_LIB) $(BUILD)/libcodemode.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL)
PROGRAMS += $(BUILD)/codemode-executord
endif

# build/bench/server_bench: pool and daemon figures (make bench).
$(BUILD)/bench/server_bench: $(BUILD)/obj/server/bench_main.o $(SERVER_LIB) $(ENGINE_LIB) $(BUILD)/libcodemode.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL)
BENCH_PROGS += $(BUILD)/bench/server_bench
