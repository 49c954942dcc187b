# libclient/: the protocol layer every side links, and the client library.
#   proto/    the shared protocol layer (codecs, texts, validation, capnweb):
#             build/libcmproto.a, linked by the daemon, the engine and the
#             client alike
#   client/   the cm_ client (connections, calls, the blocking API)
#   include/  the public headers, nothing else
#   cmd/      build/codemode, the command-line client
#   bench/    build/client-bench, client overhead against the raw wire
# libcodemode.{a,so} is proto/ plus client/ plus executor/; the shared object exports only
# what the public headers declare (libclient/exports.map).
PROTO_SRCS := $(wildcard libclient/proto/*.c)
PROTO_OBJS := $(PROTO_SRCS:%.c=$(BUILD)/obj/%.o)
CLIENT_SRCS := $(wildcard libclient/client/*.c)
CLIENT_OBJS := $(CLIENT_SRCS:%.c=$(BUILD)/obj/%.o)
# executor/: the in-process executor (cm_executor_*, codemode/executor.h),
# a backend of the client that runs the daemon's own pool in the host: the
# pool, the frame payload codec, the link to the native fetcher (the program
# codemode-fetcher: libcurl stays out of the host), the envelope composition
# and the handle ids (and the spin policy the pool shares with its children)
# are the server's objects, linked here, not copies.
EXECUTOR_SRCS := $(wildcard libclient/executor/*.c)
EXECUTOR_OBJS := $(EXECUTOR_SRCS:%.c=$(BUILD)/obj/%.o)
EXECUTOR_SHARED_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard server/pool/*.c server/ipc/*.c) \
    server/daemon/fetchlink.c server/fetcher/fetchframe.c \
    server/fetcher/fetcher_args.c server/daemon/netpolicy.c server/daemon/metrics.c \
    server/daemon/log.c \
    server/daemon/api_value.c server/daemon/handles.c server/child/spin.c)
# (the sources make fuzz compiles whole: the executor needs the pool, so not it)
LIBCLIENT_SRCS := $(PROTO_SRCS) $(CLIENT_SRCS)
LIBCLIENT_OBJS := $(PROTO_OBJS) $(CLIENT_OBJS) $(EXECUTOR_OBJS) $(EXECUTOR_SHARED_OBJS)
PROTO_LIB = $(BUILD)/libcmproto.a
LIBCODEMODE_SOVERSION = 0

# proto/ reaches nothing outside itself but the public and generated headers.
$(BUILD)/obj/libclient/%.o: INC = $(INC_GEN) -Ilibclient/include -Ilibclient
$(BUILD)/obj/libclient/proto/%.o: INC = $(INC_GEN) -Ilibclient/include
# The installed sandbox image the executor execs when no path is given.
$(BUILD)/obj/libclient/executor/%.o: INC = $(INC_GEN) -Ilibclient/include -Ilibclient -Iserver -Iengine \
    -DEXECUTOR_IMAGE='"$(PREFIX)/lib/codemode/codemode-sandbox"'

$(PROTO_LIB): $(PROTO_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/libcodemode.a: $(LIBCLIENT_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

# No libcurl: native fetches run in codemode-fetcher, not in the host.
LIBCODEMODE_LIBS := $(shell pkg-config --libs jansson libevent libcrypto 2>/dev/null) -lm -lpthread
$(BUILD)/libcodemode.so: $(LIBCLIENT_OBJS) libclient/exports.map
	$(CC) -shared -Wl,-soname,libcodemode.so.$(LIBCODEMODE_SOVERSION) \
	    -Wl,--version-script=libclient/exports.map $(LDFLAGS_ALL) -o $@ \
	    $(LIBCLIENT_OBJS) $(LIBCODEMODE_LIBS)

PROGRAMS += $(PROTO_LIB) $(BUILD)/libcodemode.a $(BUILD)/libcodemode.so

# A host built against the tree finds the library under its SONAME, as the
# dynamic loader looks for it, next to the development name.
$(BUILD)/libcodemode.so.$(LIBCODEMODE_SOVERSION): $(BUILD)/libcodemode.so
	ln -sf libcodemode.so $@

# pkg-config's uninstalled variant: PKG_CONFIG_PATH=build makes
# `pkg-config codemode` read it and point at the tree (headers, generated
# version.h, the shared object, with an rpath so the host runs as built).
$(BUILD)/codemode-uninstalled.pc: packaging/codemode.pc.in packaging/module.mk
	@mkdir -p $(dir $@)
	sed -e 's|@VERSION@|$(CODEMODE_VERSION)|g' \
	    -e 's|^prefix=.*|prefix=$(CURDIR)|' \
	    -e 's|^libdir=.*|libdir=$(abspath $(BUILD))|' \
	    -e 's|^includedir=.*|includedir=$(CURDIR)/libclient/include|' \
	    -e 's|^Cflags:.*|Cflags: -I$${includedir} -I$(abspath $(BUILD))/gen|' \
	    -e 's|^Libs:.*|Libs: -L$${libdir} -Wl,-rpath,$${libdir} -lcodemode|' $< > $@

PROGRAMS += $(BUILD)/libcodemode.so.$(LIBCODEMODE_SOVERSION) $(BUILD)/codemode-uninstalled.pc

# build/codemode: the command-line client, linked against the static library.
$(BUILD)/codemode: $(BUILD)/obj/libclient/cmd/codemode.o $(BUILD)/libcodemode.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL)

PROGRAMS += $(BUILD)/codemode

# build/client-bench: client overhead against the raw wire, run by hand.
$(BUILD)/client-bench: $(BUILD)/obj/libclient/bench/client_bench.o $(BUILD)/libcodemode.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL)

# build/bench/executor_bench: cm_executor beside the daemon (make bench).
$(BUILD)/bench/executor_bench: $(BUILD)/obj/libclient/bench/executor_bench.o $(BUILD)/libcodemode.a | $(BUILD)/codemode-sandbox $(BUILD)/codemode-executord
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $< $(BUILD)/libcodemode.a $(LIBS_ALL)
BENCH_PROGS += $(BUILD)/bench/executor_bench
