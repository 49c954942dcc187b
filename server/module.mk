# server/: build/codemode-executord and build/codemode-sandbox, split by the
# process that runs the code.
#   daemon/   the daemon process: listeners, connections, the ExecutorApi
#             bridge, the handle registry, native outbound, metrics, the
#             log, lifecycle, and its main
#   sandbox/  the main of build/codemode-sandbox, the image the daemon execs
#             as its zygote (and so of every child)
#   fetcher/  what runs in build/codemode-fetcher, the program the daemon
#             and the in-process executor exec for native fetches (libcurl),
#             and its main
#   pool/     the daemon's pool: zygotes, children, executions, the run clock
#   child/    what runs in the zygote and its children: the zygote's loop, its
#             warm-up, the serve loop, the sandbox, page prewarming
#   ipc/      what crosses between the processes: the frame codec, the
#             zygote's control messages
#   bench/    build/bench/server_bench (make bench)
# The modules go into build/libserver.a so Check suites can link them one by one.
SERVER_SRCS := $(filter-out server/daemon/executord.c server/fetcher/codemode_fetcher.c,$(wildcard server/daemon/*.c server/fetcher/*.c server/pool/*.c server/child/*.c server/ipc/*.c))
SERVER_OBJS := $(SERVER_SRCS:%.c=$(BUILD)/obj/%.o)
SERVER_LIB = $(BUILD)/libserver.a
# What the sandbox image is made of, named file by file: child/ and ipc/
# only, so no daemon or pool code can end up in it.
SANDBOX_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard server/child/*.c server/ipc/*.c))
# Each program links the libraries it uses and no other: the daemon neither
# the engine (it never runs guest code) nor libseccomp nor libcurl, the
# image neither libevent nor libcurl, the fetcher alone libcurl
# (tests/image.test.sh).
DAEMON_LIBS := $(shell pkg-config --libs jansson libevent libcrypto 2>/dev/null) -lm -lpthread
FETCHER_LIBS := $(shell pkg-config --libs jansson libevent libcurl libcrypto 2>/dev/null) -lm -lpthread
SANDBOX_LIBS := $(shell pkg-config --libs jansson libcrypto libseccomp 2>/dev/null) $(ENGINE_LIBS) -lm -lpthread

$(BUILD)/obj/server/%.o: INC = $(INC_GEN) -Ilibclient/include -Ilibclient -Iengine -Iserver

$(SERVER_LIB): $(SERVER_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

TEST_LINK_LIBS := $(SERVER_LIB) $(TEST_LINK_LIBS)
PROGRAMS += $(SERVER_LIB)

# The daemon cannot start without its image: building one builds both,
# and its fetcher.
$(BUILD)/codemode-executord: $(BUILD)/obj/server/daemon/executord.o $(SERVER_LIB) $(PROTO_LIB) | $(BUILD)/codemode-sandbox $(BUILD)/codemode-fetcher
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(DAEMON_LIBS)
PROGRAMS += $(BUILD)/codemode-executord

$(BUILD)/codemode-fetcher: $(BUILD)/obj/server/fetcher/codemode_fetcher.o $(SERVER_LIB) $(PROTO_LIB)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(FETCHER_LIBS)
PROGRAMS += $(BUILD)/codemode-fetcher

$(BUILD)/codemode-sandbox: $(BUILD)/obj/server/sandbox/codemode_sandbox.o $(SANDBOX_OBJS) $(ENGINE_LIB) $(PROTO_LIB)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(SANDBOX_LIBS)
PROGRAMS += $(BUILD)/codemode-sandbox

# build/bench/server_bench: pool and daemon figures (make bench).
$(BUILD)/bench/server_bench: $(BUILD)/obj/server/bench/server_bench.o $(SERVER_LIB) $(ENGINE_LIB) $(BUILD)/libcodemode.a | $(BUILD)/codemode-sandbox
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL) $(ENGINE_LIBS)
BENCH_PROGS += $(BUILD)/bench/server_bench
