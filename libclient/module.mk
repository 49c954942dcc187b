# libclient/: the protocol layer both sides share, and the public cm_ API.
# Every libclient/*.c except *_main.c goes into libcodemode; the daemon links
# the same objects. The shared object exports only cm_* (libclient/exports.map).
LIBCLIENT_SRCS := $(filter-out %_main.c,$(wildcard libclient/*.c))
LIBCLIENT_OBJS := $(LIBCLIENT_SRCS:%.c=$(BUILD)/obj/%.o)
LIBCODEMODE_SOVERSION = 0

$(BUILD)/libcodemode.a: $(LIBCLIENT_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/libcodemode.so: $(LIBCLIENT_OBJS) libclient/exports.map
	$(CC) -shared -Wl,-soname,libcodemode.so.$(LIBCODEMODE_SOVERSION) \
	    -Wl,--version-script=libclient/exports.map $(LDFLAGS_ALL) -o $@ \
	    $(LIBCLIENT_OBJS) $(LIBS_ALL)

PROGRAMS += $(BUILD)/libcodemode.a $(BUILD)/libcodemode.so

# build/codemode: the command-line client, linked against the static library.
$(BUILD)/codemode: $(BUILD)/obj/libclient/cli_main.o $(BUILD)/libcodemode.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL)

PROGRAMS += $(BUILD)/codemode

# build/client-bench: client overhead against the raw wire, run by hand.
$(BUILD)/client-bench: $(BUILD)/obj/libclient/client_bench_main.o $(BUILD)/libcodemode.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL)
