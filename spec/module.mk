# spec/: the machine-readable protocol file and the generator of its sources.
# spec/protocol.json is the single source of every constant and pinned text;
# $(BUILD)/gen/cm_spec.h (C) and $(BUILD)/gen/cm_spec.js (the `var __cm_spec`
# object the ES5 runtime prelude starts with) are generated from it, and are
# the only places code reads them. $(BUILD)/gen/cm_texts.md is a reading aid.
SPEC_JSON = spec/protocol.json
SPECGEN = $(BUILD)/tools/specgen
SPEC_JS = $(BUILD)/gen/cm_spec.js

$(SPECGEN): spec/specgen.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O1 -D_GNU_SOURCE $(WARN) $(PKG_CFLAGS) -o $@ $< $(PKG_LIBS)

$(BUILD)/gen/cm_spec.h: $(SPEC_JSON) $(SPECGEN)
	@mkdir -p $(dir $@)
	$(SPECGEN) $(SPEC_JSON) --header $@

$(SPEC_JS): $(SPEC_JSON) $(SPECGEN)
	@mkdir -p $(dir $@)
	$(SPECGEN) $(SPEC_JSON) --js $@

$(BUILD)/gen/cm_texts.md: $(SPEC_JSON) $(SPECGEN)
	@mkdir -p $(dir $@)
	$(SPECGEN) $(SPEC_JSON) --markdown $@

GEN_HEADERS += $(BUILD)/gen/cm_spec.h $(SPEC_JS)
PROGRAMS += $(BUILD)/gen/cm_texts.md
