# engine/: the sandbox. The front end (lexer, parser, lowering to ES5.1), the
# runtime prelude (engine/runtime/*.js, compiled to Duktape bytecode at build
# time), the Duktape build with our own config, and build/codemode-run.
ENGINE_SRCS := $(filter-out %_main.c,$(wildcard engine/*.c))
ENGINE_OBJS := $(ENGINE_SRCS:%.c=$(BUILD)/obj/%.o)
ENGINE_LIB = $(BUILD)/libengine.a
# Sources a fuzz harness of the front end needs besides libclient (make fuzz).
ENGINE_FUZZ_SRCS = engine/lexer.c engine/parser.c engine/ast.c

$(ENGINE_LIB): $(ENGINE_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

TEST_LINK_LIBS += $(ENGINE_LIB)
PROGRAMS += $(ENGINE_LIB)

# build/tools/lowerc: prints the ES5.1 a file lowers to (a debugging aid).
$(BUILD)/tools/lowerc: $(BUILD)/obj/engine/lowerc_main.o $(ENGINE_LIB) $(BUILD)/libcodemode.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL)
ifneq ($(wildcard engine/lowerc_main.c),)
PROGRAMS += $(BUILD)/tools/lowerc
endif
