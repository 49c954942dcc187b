# server/: build/codemode-executord, split by the process that runs the code.
#   daemon/   the daemon process: listeners, connections, the ExecutorApi
#             bridge, the handle registry, native outbound, metrics, the
#             log, lifecycle, and its main
#   pool/     the daemon's pool: zygotes, children, executions, the run clock
#   child/    what runs in the zygote and its children: the zygote's loop, its
#             warm-up, the serve loop, the sandbox, page prewarming
#   ipc/      what crosses between the processes: the frame codec, the
#             zygote's control messages
#   bench/    build/bench/server_bench (make bench)
# The modules go into build/libserver.a so Check suites can link them one by one.
SERVER_SRCS := $(filter-out server/daemon/executord.c,$(wildcard server/daemon/*.c server/pool/*.c server/child/*.c server/ipc/*.c))
SERVER_OBJS := $(SERVER_SRCS:%.c=$(BUILD)/obj/%.o)
SERVER_LIB = $(BUILD)/libserver.a

$(BUILD)/obj/server/%.o: INC = $(INC_GEN) -Ilibclient/include -Ilibclient -Iengine -Iserver

$(SERVER_LIB): $(SERVER_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

TEST_LINK_LIBS := $(SERVER_LIB) $(TEST_LINK_LIBS)
PROGRAMS += $(SERVER_LIB)

$(BUILD)/codemode-executord: $(BUILD)/obj/server/daemon/executord.o $(SERVER_LIB) $(ENGINE_LIB) $(PROTO_LIB)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL)
PROGRAMS += $(BUILD)/codemode-executord

# build/bench/server_bench: pool and daemon figures (make bench).
$(BUILD)/bench/server_bench: $(BUILD)/obj/server/bench/server_bench.o $(SERVER_LIB) $(ENGINE_LIB) $(BUILD)/libcodemode.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL)
BENCH_PROGS += $(BUILD)/bench/server_bench
