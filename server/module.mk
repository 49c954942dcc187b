# server/: the libevent daemon, build/codemode-executord.
SERVER_SRCS := $(filter-out %_main.c,$(wildcard server/*.c))
SERVER_OBJS := $(SERVER_SRCS:%.c=$(BUILD)/obj/%.o)
ifneq ($(wildcard server/executord_main.c),)
$(BUILD)/codemode-executord: $(BUILD)/obj/server/executord_main.o $(SERVER_OBJS) $(ENGINE_LIB) $(BUILD)/libcodemode.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL)
PROGRAMS += $(BUILD)/codemode-executord
endif
