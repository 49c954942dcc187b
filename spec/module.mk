# spec/: the machine-readable protocol file and the generator of the C header.
# spec/protocol.json is the single source of every constant and pinned text;
# $(BUILD)/gen/cm_spec.h is generated from it and is the only place C reads them.
SPEC_JSON = spec/protocol.json
SPECGEN = $(BUILD)/tools/specgen

$(SPECGEN): spec/specgen.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O1 -Wall -Wextra -Werror $(PKG_CFLAGS) -o $@ $< $(PKG_LIBS)

$(BUILD)/gen/cm_spec.h: $(SPEC_JSON) $(SPECGEN)
	@mkdir -p $(dir $@)
	$(SPECGEN) $(SPEC_JSON) $@

# (Only once the generator exists, so a fresh tree still builds its other parts.)
ifneq ($(wildcard spec/specgen.c),)
GEN_HEADERS += $(BUILD)/gen/cm_spec.h
endif
