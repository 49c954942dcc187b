# engine/: the sandbox's JavaScript engine.
#   front/    the front end: lexer, parser, scopes, lowering to ES5.1. Pure
#             C over buffers; it never sees Duktape (a build check refuses
#             any front/ file that includes duktape.h) and checks regex
#             literals with engine/regexp/
#   regexp/   rx, the RegExp engine (parser, compiler, backtracking matcher):
#             pure C over UTF-16, its Unicode tables generated at build time
#   host/     the Duktape host: heap and arena, allocator and deadline, boot,
#             natives, crypto, the entry module, one execution, scripts
#   runtime/  the prelude (ES5.1, compiled to bytecode at build time)
#   run/      build/codemode-run, the engine alone on a file or a request
#   tools/    build-time programs (preludec, lowerc) and generators
#   bench/    build/bench/engine_bench
# build/libengine.a is front/ + regexp/ + host/ + the prelude + Duktape.
FRONT_SRCS := $(wildcard engine/front/*.c)
HOST_SRCS := $(wildcard engine/host/*.c)
RX_SRCS := $(wildcard engine/regexp/*.c)
ENGINE_SRCS := $(FRONT_SRCS) $(HOST_SRCS) $(RX_SRCS)
ENGINE_OBJS := $(ENGINE_SRCS:%.c=$(BUILD)/obj/%.o)
ENGINE_LIB = $(BUILD)/libengine.a
# ICU (engine/host/icu.c, the locales other than en-US): what every program
# linking the engine links besides; never the daemon or libcodemode.
ENGINE_LIBS := $(shell pkg-config --libs icu-i18n icu-uc 2>/dev/null)
# Sources a fuzz harness of the front end needs besides libclient (make fuzz).
ENGINE_FUZZ_SRCS = $(FRONT_SRCS) $(RX_SRCS)

$(BUILD)/obj/engine/%.o: INC = $(INC_GEN) -Ilibclient/include -Ilibclient -Iengine
# The front end reaches only engine/regexp/ (pure C: the parser checks regex
# literals with it), through "regexp/rx.h", and build/gen for the lexer's
# identifier tables; everything else it includes is its own (checked below).
$(BUILD)/obj/engine/front/%.o: INC = $(INC_GEN) -Iengine

# rx sees its own folder and the generated Unicode tables, nothing else.
$(BUILD)/obj/engine/regexp/%.o: INC = $(INC_GEN) -Iengine

# rx's Unicode tables, from Debian's unicode-data (packaging/deps.sh) at
# build time: engine/tools/rx_gen_unicode.pl says what is taken from where.
RX_UCD_DIR = /usr/share/unicode
$(BUILD)/gen/rx_unicode_data.h: engine/tools/rx_gen_unicode.pl $(RX_UCD_DIR)/UnicodeData.txt $(RX_UCD_DIR)/emoji/emoji-data.txt
	@mkdir -p $(dir $@)
	perl engine/tools/rx_gen_unicode.pl $(RX_UCD_DIR) > $@.tmp
	mv $@.tmp $@
$(BUILD)/obj/engine/regexp/rx_unicode.o: $(BUILD)/gen/rx_unicode_data.h
# The lexer's ID_Start and ID_Continue tables, generated from Debian's
# unicode-data package (engine/tools/gen_idtab.awk) as the spec says.
UNICODE_DCP = /usr/share/unicode/DerivedCoreProperties.txt
$(BUILD)/gen/cm_idtab.h: $(UNICODE_DCP) engine/tools/gen_idtab.awk
	@mkdir -p $(dir $@)
	awk -f engine/tools/gen_idtab.awk $(UNICODE_DCP) > $@.tmp
	mv $@.tmp $@
$(BUILD)/obj/engine/front/lexer.o: $(BUILD)/gen/cm_idtab.h
# String.prototype.normalize's tables (engine/host/unorm.c), from the same
# package: engine/tools/gen_unorm.pl says what is taken from where.
$(BUILD)/gen/unorm_data.h: engine/tools/gen_unorm.pl $(RX_UCD_DIR)/UnicodeData.txt $(RX_UCD_DIR)/DerivedNormalizationProps.txt
	@mkdir -p $(dir $@)
	perl engine/tools/gen_unorm.pl $(RX_UCD_DIR) > $@.tmp
	mv $@.tmp $@
$(BUILD)/obj/engine/host/unorm.o: $(BUILD)/gen/unorm_data.h
# Intl.DateTimeFormat's time zones (engine/host/tz.c), from Debian's tzdata:
# engine/tools/gen_tz.pl reads its tzdata.zi and TZif files.
TZ_DIR ?= /usr/share/zoneinfo
$(BUILD)/gen/tz_data.h: engine/tools/gen_tz.pl $(TZ_DIR)/tzdata.zi
	@mkdir -p $(dir $@)
	perl engine/tools/gen_tz.pl $(TZ_DIR) > $@.tmp
	mv $@.tmp $@
$(BUILD)/obj/engine/host/tz.o: $(BUILD)/gen/tz_data.h
GEN_HEADERS += $(BUILD)/gen/cm_idtab.h

# The front end stays free of Duktape; checked on every build. Besides its
# own headers it may use two pure codecs: regexp/rx.h and host/numconv.h
# (Number::toString for the names in error texts, lower_v8name.c).
$(BUILD)/stamp/front-no-duktape: $(FRONT_SRCS) $(wildcard engine/front/*.h)
	@mkdir -p $(dir $@)
	@if grep -ln '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]duk' $^; then \
	  echo "engine/front/ must not include Duktape's headers (see engine/module.mk)"; exit 1; fi
	@if grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[^"]*/' $^ | grep -v '"regexp/rx\.h"\|"host/numconv\.h"'; then \
	  echo "engine/front/ may include only its own headers, regexp/rx.h and host/numconv.h (see engine/module.mk)"; exit 1; fi
	@touch $@
PROGRAMS += $(BUILD)/stamp/front-no-duktape

# --- Duktape ------------------------------------------------------------------
# Debian's amalgamation, built with our config. duktape.h and the derived
# duk_config.h go to $(BUILD)/gen, which is on every include path ahead of
# /usr/include, so no object ever sees the stock config. duktape.c is copied
# to $(BUILD)/duktape with two kinds of build-time patches (each verified):
#  - the interrupt interval 256K -> 16K instructions (timeout latency,
#    feasibility.md section 2);
#  - the deadline check also runs inside the regexp executor (every 4K steps)
#    and ends the emergency-GC retries of a refused allocation, so neither a
#    backtracking regexp nor the allocation-failure path outlives the run;
#  - heap destruction skips its three forced collections and the finalizer
#    pass when no object has a finalizer (never in our heaps: Duktape.fin
#    is gone before user code runs), so engine_destroy just frees;
#  - duk_load_function gives a function no empty _Varmap (the compiler
#    leaves it out too: every reader treats a missing one as empty), no
#    .prototype to inner function templates (only the loaded function is
#    ever called; compiled templates have none either) and sizes each
#    property table once: loading the prelude is cheaper, its heap smaller.
#  - Duktape's source lexer takes any non-ASCII code point that is neither
#    white space nor a line terminator as an identifier character (CM_ID_ANY):
#    its own tables are ES5's letter classes of an old Unicode, while every
#    identifier it is given has passed our lexer's ID_Start/ID_Continue check
#    (engine/front/lexer.c), so only ours decides (e.g. U+2118, Unicode 15);
#  - Function.prototype.toString gives every function the spec's
#    NativeFunction form, "function f() { [native code] }" (cm_tostring):
#    Duktape keeps no source text, and its "[ecmascript code]" and
#    "[bound code]" forms match neither the source nor that grammar, and it
#    threw for a callable Proxy;
#  - Function.prototype[Symbol.hasInstance] with a non-callable this is
#    false (OrdinaryHasInstance), where Duktape threw (cm_hasinstance);
#  - Date.parse and new Date(string) read strings with engine/host/date_parse.c
#    (cm_date): the spec's date time string format exactly (a malformed one is
#    NaN), then the forms toString/toUTCString write and other common ones;
#  - a function whose body opens with the directive "use cm noctor" (only
#    the lowering writes it; engine/front/lower.c escapes a user's) is compiled
#    as no constructor, like Duktape's own object-literal methods: no
#    `prototype` object is made for its closures and `new` throws;
#  - Object.prototype.toString gives "[object Object]" for the seven native
#    error prototypes (cm_errproto): they are ordinary objects in the spec,
#    Duktape makes them of class Error (so Error.isError was true of them);
#  - a buffer view out of its buffer's bounds (detached: engine/host/
#    duk_buffer.inc) reads undefined, not 0, and its length, byteLength and
#    byteOffset read 0 (cm_detach);
#  - engine/host/duk_buffer.inc is appended: cm_duk_buffer_class and
#    cm_duk_buffer_detach (DetachArrayBuffer), for __cm_native.bufClass and
#    bufDetach (engine/host/natives.c), and cm_duk_ta_numeric: getprop,
#    putprop and hasprop (duk__get_propdesc) stop at a typed array whose
#    own lookup missed a canonical numeric string key ("-0", "1.5", an
#    index past the end): undefined, a no-op after ToNumber, false, as the
#    integer-indexed exotic object answers (cm_tanum);
#  - a typed array has no own `length` (cm_talen): Duktape's own virtual,
#    non-configurable one is gone from the own property lookup and the key
#    enumeration, so hasOwnProperty, getOwnPropertyDescriptor, own keys,
#    delete and defineProperty see what the spec's typed array has; the
#    length is %TypedArray%.prototype's getter (cm_duk_ta_length in
#    engine/host/duk_buffer.inc, installed by 30_typed.js). [[Get]] answers
#    `ta.length` in place, without calling it, when the first `length` up
#    the chain is that getter (cm_duk_ta_len_get right after the element
#    fast path, cm_duk_ta_len_fast where the general walk finds it), so a
#    read costs no more than Duktape's own virtual property did;
#  - engine/host/duk_numconv.inc is appended (it includes host/numconv.h,
#    hence -Iengine below): duk_numconv_parse asks its cm_numconv_parse_fast
#    and duk_numconv_stringify (radix 10, no digit count, no flags: every
#    ToString of a Number) its cm_numconv_stringify first (cm_numconv):
#    engine/host/numconv.c reads and writes radix-10 decimals correctly
#    rounded (Duktape's Dragon4 kept 20 digits of a decimal and rounded
#    twice, and its shortest form was not always the nearest) and faster;
#    toFixed, toExponential and toPrecision go to its cm_numconv_stringify_flags
#    (cm_numconv_flags), rounded on the exact value with ties away from
#    zero, and their range checks take 100 digits as ES2018 does (Duktape:
#    20 and 21);
#  - engine/host/duk_call.inc is appended and duk_handle_call_unprotected
#    asks its cm__call first (cm_call): an ECMAScript function called as a
#    function (no arguments object, no constructor, tail or eval call) is
#    set up and unwound without duk__handle_call_raw's general machinery,
#    and from C a leaf callee (no call, try or label in its bytecode) runs
#    without the executor's own setjmp; the sort's comparator call cost
#    ~600 instructions before; and cm_duk_sort_call, the sort's call of
#    its comparator (engine/host/arrsort.c), the same cut to a strict
#    function of two parameters, its values given by index or as slots
#    (copies of values the sort keeps on the value stack, which its merge
#    moves and reads in order: cm_duk_sort_slots, cm_duk_push_slot);
#  - an Array's `length` read answers from the array itself before the
#    general property lookup (cm_alen: Duktape's own "XXX" spot for it), and
#    duk_js_arith_mod asks cm_mod_int (engine/host/duk_call.inc) first: two
#    integers within 2^53 take a 64-bit remainder instead of fmod (cm_mod);
#  - engine/host/duk_array.inc is appended: cm_duk_has_dense_index, the
#    HasProperty of an element in an array's dense part without a string
#    key (engine/host/arrsort.c), and cm_duk_array_guard, the stand-ins that
#    keep Duktape's ES5 Array.prototype natives for an Array `this` and
#    send any other to the prelude's generic functions;
#  - duk__json_dec_number reads a number's text in place with
#    cm_numconv_parse_bytes and duk__json_enc_double writes a nonzero
#    number's text straight into its output with cm_json_enc_num
#    (cm_jsonnum, engine/host/duk_numconv.inc), neither making an interned
#    string of it;
#  - duk__json_dec_object sizes a new object's table from the last object
#    finished at its depth and compacts one left with room to spare
#    (cm_jsonobj, engine/host/duk_builtins.inc; a field cm_ehint is added
#    to duk_json_dec_ctx);
#  - duk_concat_2 (the + of two strings) copies a result of at most 256
#    bytes through a buffer on the C stack into the string table
#    (cm_concat), not through a heap buffer allocated and freed each time;
#  - duk_hobject_realloc_props asks cm_props_realloc (engine/host/
#    duk_array.inc) first (cm_grow): when only the array part changes size
#    (entry part kept, no hash part), the property table is resized in
#    place with DUK_REALLOC (the arena moves a large block's pages, no
#    copy) instead of allocated anew and copied at every 1/8 growth;
#  - engine/host/duk_builtins.inc is appended: cm_duk_push_stand_in, an
#    Object.prototype.toString that reads an array's @@toStringTag and a
#    JSON.stringify that escapes lone surrogates, each calling Duktape's
#    native first (__cm_native.standIn), the host's stringify of plain
#    data: duk_bi_json_stringify_helper under CM_JSON_FLAG_FAST_ONLY gives
#    undefined where its fast path gives up instead of going on slowly
#    (cm_jsonfast), and the host's parse of a tool call's answer when its
#    text cannot hold a tagged binary value (cm__envelope_plain);
#  - duk__timeclip ends with ToIntegerOrInfinity's +0 for -0, as TimeClip
#    does: new Date(-0).getTime() is 0 (cm_timeclip);
#  - duk_js_toboolean answers false for an object that is no function but
#    carries the functions-only NOTAIL flag, which no object of Duktape's
#    does: 41_bigint.js marks 0n so, the one object of its value
#    (cm_duk_big_zero in duk_bigint.inc, __cm_native.bigZero), and
#    `Boolean(0n)`, `0n && x`, `[0n].filter(x => x)` and every other
#    ToBoolean in the engine see it falsy (cm_bigzero);
#  - engine/host/duk_slots.inc is appended: cm_duk_push_own_slot, an own
#    data property's value read in one call (__cm_native.ownSlot), so an
#    object that inherits an iterator's hidden slots has none of its own;
#  - engine/host/duk_spread.inc is appended: cm_duk_spread, an object
#    literal's `...src` copied in C (__cm_native.spread) for every source
#    but a Proxy, a String or a typed array;
#  - Math.round is floor(x), plus one when x - floor(x) >= 0.5 (exact for
#    every double), where Duktape's floor(x + 0.5) rounded the sum itself
#    for an odd x of 2^52 or more: Math.round(-(2^53 - 1)) was
#    -(2^53 - 2) (cm_round);
#  - an object literal's getter or setter is named "get x" / "set x" after
#    its key, as V8 names it, where Duktape named it "x" (cm_getsetname);
#  - for-in leaves out a prototype's enumerable key when an object nearer in
#    the chain holds it non-enumerable: Duktape's enumerator dropped
#    non-enumerable keys as it gathered them, so they hid nothing further up
#    (cm_forin, checked as the keys are gathered, as V8 does);
#  - engine/host/duk_noctor.inc is appended: cm_duk_make_noctor, the same for an
#    existing function (the prelude's built-in methods, and C natives it
#    installs as methods or getters, via __cm_native.noCtor; it also names
#    a built-in getter or setter left without a name "get x"/"set x");
#    `new` on one says "X is not a constructor", and bind() makes no
#    constructor of one (Duktape's bound functions always were);
#  - engine/host/duk_fnshape.inc is appended (cm_fnshape): duk_js_push_closure
#    gives a closure V8's own keys in V8's order through cm_closure_props
#    (length, name "" when anonymous, a sloppy constructor's null
#    arguments and caller, prototype; no thrower accessors on strict
#    functions), bind gives a bound function no caller/arguments throwers,
#    every arguments object gets its own @@iterator (cm_args_iter: the
#    Array.prototype.values 20_iter.js leaves under a hidden key), the
#    %ThrowTypeError% built-in throws V8's text (cm_tte_throw), and the
#    built-in natives get `length` before `name` (cm_builtin_fnshape);
#  - a function's file name (stack traces, an error's fileName and
#    lineNumber) lives under the hidden key \x82Source, which Duktape
#    otherwise leaves unused, instead of an own `fileName` (cm_fnfile: the
#    compiler, the bytecode dump and load, the closure's copy, bind, the
#    trace and the error augmentation);
#  - engine/host/duk_getvar.inc is appended (cm_getvar): a variable read
#    (GETVAR, CSVAR, duk_js_getvar_activation) or written (duk__putvar_helper)
#    through the scope chain asks cm_getvar_fast first, which finds it in
#    closed scope records and the global object's own data properties by
#    a hint checked against the live record; three tables are added to
#    duk_heap and duk_free_hobject forgets a freed function. A tool call's
#    prelude work: 13% fewer instructions;
#  - engine/host/duk_getprop.inc is appended (cm_getprop): the executor's
#    GETPROP, GETPROPC (a method call's lookup) and PUTPROP ask
#    cm_getprop_fast / cm_putprop_fast first, which take an own data
#    property (writable, for a write) of an object with no exotic
#    behaviour under a key that is no array index with one search of the
#    object's own properties, and leave everything else to
#    duk_hobject_getprop / duk_hobject_putprop.
#  - engine/host/duk_errtext.inc is appended (cm_errtext): the TypeErrors and
#    ReferenceErrors of property access on undefined/null, refused strict
#    writes, calls and `new` of non-callables (GETPROPC's prepared error
#    too), unknown identifiers, Symbol coercions and a native's callback
#    argument carry V8's texts, the callee named from the bytecode; the
#    compiler keeps a function's _Varmap for those names, marked not
#    extensible when Duktape would have dropped it, and the dumper, Duktape's
#    register lookup and duk_getvar.inc ignore such a map; JSON.parse's
#    syntax error asks engine/host/jsondiag.c for V8's account
#    (RUNTIME.md, "Error texts").
#  - cm_errnat (same file): the natives' and operators' own refusals in
#    V8's words where Duktape had one text for many mistakes: the stack
#    limits ("Maximum call stack size exceeded"), `in` and `instanceof` on
#    what they cannot take, an empty reduce, repeat's count (and V8's
#    longest string), the digits of toFixed/toExponential/toPrecision and
#    toString's radix, the Array constructor's length, a malformed URI, an
#    invalid Date, ToObject of undefined/null, a strict delete and a
#    refused defineProperty; Object's and Reflect's natives given a
#    primitive (duk_err_require_type_index asks cm_et_require_object), a
#    prototype neither object nor null, the `requires that 'this' be a
#    Number` family, fromCodePoint's range, a typed array's view of an
#    ArrayBuffer (cm_et_ta_view checks first, in V8's order), substr
#    on undefined/null and __defineGetter__/__defineSetter__'s accessor.
DUK_SRC_DIR = /usr/share/duktape
DUK_OBJ = $(BUILD)/obj/duktape/duktape.o
# -fno-semantic-interposition: duktape.c's public functions (duk_dup,
# duk_get_top, ...) are called inside it too; under -fPIC GCC otherwise
# assumes another definition may interpose them and neither inlines nor
# clones them (the sort with a comparator: 1.5% fewer instructions). Only
# executables link it, so nothing can interpose them anyway.
DUK_CFLAGS = -std=c99 -D_GNU_SOURCE $(OPT) $(SAN_FLAGS) -fPIC -fno-semantic-interposition -w -MMD -MP -I$(BUILD)/gen -Iengine
DUK_MARKER = ^/\* __OVERRIDE_DEFINES__ \*/$$

$(BUILD)/gen/duk_config.h: $(DUK_SRC_DIR)/duk_config.h engine/host/duk_config_overrides.h engine/module.mk
	@mkdir -p $(dir $@)
	@test "$$(grep -c '$(DUK_MARKER)' $<)" = 1 || { echo "$<: no single __OVERRIDE_DEFINES__ marker"; exit 1; }
	sed -e '\#$(DUK_MARKER)#r engine/host/duk_config_overrides.h' $< > $@.tmp
	mv $@.tmp $@

$(BUILD)/gen/duktape.h: $(DUK_SRC_DIR)/duktape.h
	@mkdir -p $(dir $@)
	cp $< $@

$(BUILD)/duktape/duktape.c: $(DUK_SRC_DIR)/duktape.c engine/host/duk_noctor.inc engine/host/duk_fnshape.inc engine/host/duk_buffer.inc engine/host/duk_call.inc engine/host/duk_array.inc engine/host/duk_builtins.inc engine/host/duk_numconv.inc engine/host/duk_getvar.inc engine/host/duk_getprop.inc engine/host/duk_errtext.inc engine/host/duk_bigint.inc engine/host/duk_slots.inc engine/host/duk_spread.inc engine/module.mk
	@mkdir -p $(dir $@)
	sed -e 's/^#define DUK_HTHREAD_INTCTR_DEFAULT (256L \* 1024L)$$/#define DUK_HTHREAD_INTCTR_DEFAULT (16L * 1024L)/' \
	    -e 's/^\t\tre_ctx->steps_count++;$$/\t\tif ((++re_ctx->steps_count \& 0xfffU) == 0 \&\& DUK_USE_EXEC_TIMEOUT_CHECK(re_ctx->thr->heap->heap_udata)) { DUK_ERROR_RANGE(re_ctx->thr, "execution timeout"); }/' \
	    -e 's/^\tfor (i = 0; i < DUK_HEAP_ALLOC_FAIL_MARKANDSWEEP_LIMIT; i++) {$$/\tfor (i = 0; i < DUK_HEAP_ALLOC_FAIL_MARKANDSWEEP_LIMIT \&\& !DUK_USE_EXEC_TIMEOUT_CHECK(heap->heap_udata); i++) {/' \
	    -e '/^DUK_INTERNAL void duk_heap_free(duk_heap \*heap) {$$/,/^}$$/{' \
	    -e 's/^\tDUK_D(DUK_DPRINT("forced gc #1 in heap destruction"));$$/\tduk_heaphdr *cm_fin;\n\tfor (cm_fin = heap->heap_allocated; cm_fin != NULL \&\& !(DUK_HEAPHDR_IS_OBJECT(cm_fin) \&\& DUK_HOBJECT_HAS_HAVE_FINALIZER((duk_hobject *) cm_fin)); cm_fin = DUK_HEAPHDR_GET_NEXT(heap, cm_fin)) {}\n\tif (cm_fin != NULL) {/' \
	    -e 's/^\tduk_heap_mark_and_sweep(heap, 0); \/\* Skip finalizers; queue finalizable objects to heap_allocated. \*\/$$/\t\tduk_heap_mark_and_sweep(heap, 0);\n\t}/' \
	    -e 's/^\tduk__free_run_finalizers(heap);$$/\tif (cm_fin != NULL)\n\t\tduk__free_run_finalizers(heap);/' \
	    -e '}' \
	    -e 's/^static const duk_uint8_t \*duk__load_func(duk_hthread \*thr, const duk_uint8_t \*p, const duk_uint8_t \*p_end) {$$/static const duk_uint8_t *duk__load_func(duk_hthread *thr, const duk_uint8_t *p, const duk_uint8_t *p_end, int cm_outer) {/' \
	    -e 's/^\t\tp = duk__load_func(thr, p, p_end);$$/\t\tp = duk__load_func(thr, p, p_end, 0);/' \
	    -e 's/^\tp = duk__load_func(thr, p, p_end);$$/\tp = duk__load_func(thr, p, p_end, 1);/' \
	    -e '/^static const duk_uint8_t \*duk__load_func(/,/^}$$/{' \
	    -e 's/^\th_fun = duk_push_hcompfunc(thr);$$/\th_fun = duk_push_hcompfunc(thr);\n\tduk_hobject_resize_entrypart(thr, (duk_hobject *) h_fun, cm_outer ? 7 : 6); \/* cm_load: length name fileName [prototype] _Pc2line _Varmap _Formals *\//' \
	    -e 's/^\tif (DUK_HOBJECT_HAS_CONSTRUCTABLE((duk_hobject \*) h_fun)) {$$/\tif (cm_outer \&\& DUK_HOBJECT_HAS_CONSTRUCTABLE((duk_hobject *) h_fun)) {/' \
	    -e 's/^\tduk_push_bare_object(thr); \/\* _Varmap \*\/$$/\tif (p[0] == 0 \&\& p[1] == 0 \&\& p[2] == 0 \&\& p[3] == 0) {\n\t\tp += 4; \/* cm_load: no _Varmap *\/\n\t} else {\n\tduk_push_bare_object(thr);/' \
	    -e 's/^\tduk_xdef_prop_stridx_short(thr, -2, DUK_STRIDX_INT_VARMAP, DUK_PROPDESC_FLAGS_NONE);$$/\tduk_xdef_prop_stridx_short(thr, -2, DUK_STRIDX_INT_VARMAP, DUK_PROPDESC_FLAGS_NONE);\n\t}/' \
	    -e '}' \
	    -e 's/^\t\t\t\t} else if (DUK_HSTRING_GET_BYTELEN(h_dir) == 14 \&\&$$/\t\t\t\t} else if (DUK_HSTRING_GET_BYTELEN(h_dir) == 13 \&\& DUK_STRCMP((const char *) DUK_HSTRING_GET_DATA(h_dir), "use cm noctor") == 0) {\n\t\t\t\t\tcomp_ctx->curr_func.is_constructable = 0; \/* cm_noctor *\/\n\t\t\t\t} else if (DUK_HSTRING_GET_BYTELEN(h_dir) == 14 \&\&/' \
	    -e 's/^\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s not constructable", duk_push_string_tval_readable(thr, tv_func));$$/\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_callee(thr, idx_func, tv_func, 1)); \/* cm_errtext *\//' \
	    -e 's/^\t\tkeep_varmap = 0;$$/\t\tkeep_varmap = 2; \/* cm_errtext: kept for its names only ("x is not a function") *\//' \
	    -e 's/^\t\t\tduk_xdef_prop_stridx_short(thr, -2, DUK_STRIDX_INT_VARMAP, DUK_PROPDESC_FLAGS_NONE);$$/\t\t\tif (keep_varmap == 2) {\n\t\t\t\tDUK_HOBJECT_CLEAR_EXTENSIBLE(duk_known_hobject(thr, -1)); \/* cm_errtext: marks a names-only _Varmap *\/\n\t\t\t}\n&/' \
	    -e '/^duk_bool_t duk__getid_activation_regs(duk_hthread \*thr, duk_hstring \*name, duk_activation \*act, duk__id_lookup_result \*out) {$$/,/^}$$/{' \
	    -e 's/^\tif (!varmap) {$$/\tif (!varmap || !DUK_HOBJECT_HAS_EXTENSIBLE(varmap)) { \/* cm_errtext: a names-only _Varmap binds nothing *\//' \
	    -e '}' \
	    -e '/^DUK_INTERNAL DUK_COLD void duk_err_require_type_index(duk_hthread \*thr,$$/,/^}$$/{' \
	    -e 's/^\tDUK_ERROR_RAW_FMT3(thr,$$/\tif (DUK_STRCMP(expect_name, "function") == 0) { \/* cm_errtext *\/\n\t\tDUK_ERROR_RAW_FMT1(thr, filename, linenumber, DUK_ERR_TYPE_ERROR, "%s", cm_et_value_is(thr, idx, " is not a function"));\n\t}\n\tif (DUK_STRCMP(expect_name, "object") == 0 \&\& cm_et_require_object(thr, idx) != NULL) { \/* cm_errnat *\/\n\t\tDUK_ERROR_RAW_FMT1(thr, filename, linenumber, DUK_ERR_TYPE_ERROR, "%s", duk_get_string(thr, -1));\n\t}\n&/' \
	    -e '}' \
	    -e 's/^\tDUK_ERROR_FMT1(js_ctx->thr, DUK_ERR_SYNTAX_ERROR, DUK_STR_FMT_INVALID_JSON, (long) (js_ctx->p - js_ctx->p_start));$$/\tcm_json_syntax_error(js_ctx->thr, js_ctx->p_start, (duk_size_t) (js_ctx->p_end - js_ctx->p_start), (long) (js_ctx->p - js_ctx->p_start)); \/* cm_errtext *\//' \
	    -e '/^DUK_LOCAL duk_uint8_t \*duk__dump_varmap(/,/^}$$/{' \
	    -e 's/^\tif (h != NULL) {$$/\tif (h != NULL \&\& DUK_HOBJECT_HAS_EXTENSIBLE(h)) { \/* cm_errtext: a names-only _Varmap stays out of the prelude *\//' \
	    -e '}' \
	    -e 's/^\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s not callable", duk_push_string_tval_readable(thr, tv_func));$$/\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_callee(thr, idx_func, tv_func, 0)); \/* cm_errtext *\//' \
	    -e '/^\t*               "cannot read property %s of %s",$$/{' \
	    -e 's/^\(\t*               \)"cannot read property %s of %s",$$/\1"%s%.0s", cm_et_access(thr, tv_obj, tv_key, 0), \/* cm_errtext: the key'"'"'s line goes *\//' \
	    -e 'n' -e 'd' -e '}' \
	    -e '/^\t*               "cannot write property %s of %s",$$/{' \
	    -e 's/^\(\t*               \)"cannot write property %s of %s",$$/\1"%s%.0s", cm_et_access(thr, tv_obj, tv_key, 1), \/* cm_errtext: the key'"'"'s line goes *\//' \
	    -e 'n' -e 'd' -e '}' \
	    -e 's/^\(\t*               \)"identifier .%s. undefined",$$/\1"%s is not defined", \/* cm_errtext *\//' \
	    -e 's/^#define DUK_STR_CANNOT_NUMBER_COERCE_SYMBOL     "cannot number coerce Symbol"$$/#define DUK_STR_CANNOT_NUMBER_COERCE_SYMBOL "Cannot convert a Symbol value to a number" \/* cm_errtext *\//' \
	    -e 's/^#define DUK_STR_CANNOT_STRING_COERCE_SYMBOL     "cannot string coerce Symbol"$$/#define DUK_STR_CANNOT_STRING_COERCE_SYMBOL "Cannot convert a Symbol value to a string" \/* cm_errtext *\//' \
	    -e 's/^DUK_INTERNAL_DECL const char \*duk_push_string_tval_readable(duk_hthread \*thr, duk_tval \*tv);$$/&\nDUK_INTERNAL_DECL const char *cm_et_access(duk_hthread *thr, duk_tval *tv_obj, duk_tval *tv_key, int write); \/* cm_errtext: engine\/host\/duk_errtext.inc *\/\nDUK_INTERNAL_DECL const char *cm_et_put(duk_hthread *thr, int why, duk_hstring *key, duk_tval *tv_key, duk_tval *tv_obj);\nDUK_INTERNAL_DECL const char *cm_et_callee(duk_hthread *thr, duk_idx_t idx_func, duk_tval *tv_func, int construct);\nDUK_INTERNAL_DECL duk_idx_t cm_et_push_propcall_error(duk_hthread *thr, duk_errcode_t code, const char *fmt, ...);\nDUK_INTERNAL_DECL const char *cm_et_value_is(duk_hthread *thr, duk_idx_t idx, const char *what);\nDUK_INTERNAL_DECL void cm_json_syntax_error(duk_hthread *thr, const duk_uint8_t *p, duk_size_t len, long off);/' \
	    -e '/^\tstr_base = duk_push_string_readable(thr, -5);$$/,/^\tduk_push_error_object(thr,$$/{' \
	    -e 's/^\tduk_push_error_object(thr,$$/\tcm_et_push_propcall_error(thr, \/* cm_errtext *\//' \
	    -e '}' \
	    -e 's/^\t\tduk_hobject_compact_props(thr, duk_known_hobject(thr, (duk_idx_t) i));$$/\t\tcm_builtin_fnshape(thr, duk_known_hobject(thr, (duk_idx_t) i)); \/* cm_fnshape: length before name *\/\n&/' \
	    -e 's/^DUK_INTERNAL void duk_hthread_create_builtin_objects(duk_hthread \*thr) {$$/DUK_LOCAL_DECL void cm_builtin_fnshape(duk_hthread *thr, duk_hobject *h); \/* cm_fnshape *\/\n&/' \
	    -e '/^void duk_js_push_closure(duk_hthread \*thr,$$/,/^}$$/{' \
	    -e 's/^\tformals = duk_hobject_get_formals(thr, (duk_hobject \*) fun_temp);$$/\tcm_closure_props(thr, fun_temp, add_auto_proto); \/* cm_fnshape: length, name, arguments, caller, prototype *\/\n\tif (0) {\n&/' \
	    -e 's/^\tduk_compact(thr, -2);$$/\t} \/* cm_fnshape *\/\n&/' \
	    -e '}' \
	    -e 's/^DUK_LOCAL const duk_uint16_t duk__closure_copy_proplist\[\] = {$$/DUK_LOCAL_DECL void cm_closure_props(duk_hthread *thr, duk_hcompfunc *fun_temp, duk_bool_t add_auto_proto); \/* cm_fnshape *\/\n&/' \
	    -e 's/^DUK_LOCAL void duk__create_arguments_object(duk_hthread \*thr, duk_hobject \*func, duk_hobject \*varenv, duk_idx_t idx_args) {$$/DUK_LOCAL_DECL void cm_args_iter(duk_hthread *thr, duk_idx_t i_arg); \/* cm_fnshape *\/\n&/' \
	    -e 's/^\t\/\* set exotic behavior only after we'"'"'re done \*\/$$/\tcm_args_iter(thr, i_arg); \/* cm_fnshape: own @@iterator *\/\n&/' \
	    -e 's/^\tduk_xdef_prop_stridx_thrower(thr, -1, DUK_STRIDX_CALLER);$$/\t\/* cm_fnshape: no own caller or arguments on a bound function *\//' \
	    -e '/^\tduk_xdef_prop_stridx_thrower(thr, -1, DUK_STRIDX_LC_ARGUMENTS);$$/d' \
	    -e '/^DUK_INTERNAL duk_ret_t duk_bi_type_error_thrower(duk_hthread \*thr) {$$/,/^}$$/{' \
	    -e 's/^\tDUK_DCERROR_TYPE_INVALID_ARGS(thr);$$/\treturn cm_tte_throw(thr); \/* cm_fnshape *\//' \
	    -e '}' \
	    -e 's/^DUK_INTERNAL duk_ret_t duk_bi_type_error_thrower(duk_hthread \*thr) {$$/DUK_LOCAL_DECL duk_ret_t cm_tte_throw(duk_hthread *thr); \/* cm_fnshape *\/\n&/' \
	    -e 's/^\(\tp = duk__dump_string_prop(thr, p, bw_ctx, (duk_hobject \*) func, \)DUK_STRIDX_FILE_NAME);$$/\1DUK_STRIDX_INT_SOURCE); \/* cm_fnfile *\//' \
	    -e 's/^\(\t*duk_xdef_prop_stridx_short(thr, -2, \)DUK_STRIDX_FILE_NAME\(, DUK_PROPDESC_FLAGS_[CNOE]*);\)$$/\1DUK_STRIDX_INT_SOURCE\2 \/* cm_fnfile *\//' \
	    -e 's/^\(\t*duk_get_prop_stridx_short(thr, -[23], \)DUK_STRIDX_FILE_NAME);$$/\1DUK_STRIDX_INT_SOURCE); \/* cm_fnfile *\//' \
	    -e 's/^\(\t\t\tduk_get_prop_stridx_short(thr, -1, \)DUK_STRIDX_FILE_NAME);$$/\1DUK_STRIDX_INT_SOURCE); \/* cm_fnfile *\//' \
	    -e 's/^\tDUK_STRIDX_FILE_NAME,$$/\tDUK_STRIDX_INT_SOURCE, \/* cm_fnfile *\//' \
	    -e 's/^\t\t\/\* Strictness is inherited from target. \*\/$$/\t\tif (!DUK_HOBJECT_HAS_CONSTRUCTABLE(h_target)) {\n\t\t\tDUK_HOBJECT_CLEAR_CONSTRUCTABLE((duk_hobject *) h_bound); \/* cm_noctor *\/\n\t\t}\n&/' \
	    -e 's/^DUK_INTERNAL duk_small_int_t duk_unicode_is_identifier_start(duk_codepoint_t cp) {$$/#define CM_ID_ANY(cp) ((cp) >= 0x80L \&\& !duk_unicode_is_whitespace(cp) \&\& !duk_unicode_is_line_terminator(cp)) \/* cm_id *\/\n\n&/' \
	    -e 's/^\t} else if (duk_unicode_is_identifier_start(x) || x == DUK_ASC_BACKSLASH) {$$/\t} else if (CM_ID_ANY(x) || duk_unicode_is_identifier_start(x) || x == DUK_ASC_BACKSLASH) {/' \
	    -e 's/^\t\t\t\tif (!(first ? duk_unicode_is_identifier_start(esc_cp) : duk_unicode_is_identifier_part(esc_cp))) {$$/\t\t\t\tif (!CM_ID_ANY(esc_cp) \&\& !(first ? duk_unicode_is_identifier_start(esc_cp) : duk_unicode_is_identifier_part(esc_cp))) {/' \
	    -e 's/^\t\t\t\tif (!duk_unicode_is_identifier_part(DUK__L0())) {$$/\t\t\t\tif (!CM_ID_ANY(DUK__L0()) \&\& !duk_unicode_is_identifier_part(DUK__L0())) {/' \
	    -e 's/^\t\t\tduk_push_sprintf(thr, "function %s() { \[ecmascript code\] }", (const char \*) func_name);$$/\t\t\tduk_push_sprintf(thr, "function %s() { [native code] }", (const char *) func_name); \/* cm_tostring *\//' \
	    -e 's/^\t\t\tduk_push_sprintf(thr, "function %s() { \[bound code\] }", (const char \*) func_name);$$/\t\t\tduk_push_sprintf(thr, "function %s() { [native code] }", (const char *) func_name); \/* cm_tostring *\//' \
	    -e 's/^\tret = duk_js_instanceof_ordinary(thr, DUK_GET_TVAL_POSIDX(thr, 0), DUK_GET_THIS_TVAL_PTR(thr));$$/\tduk_push_this(thr); \/* cm_hasinstance *\/\n\tif (!duk_is_callable(thr, -1)) {\n\t\tduk_push_false(thr);\n\t\treturn 1;\n\t}\n\tduk_pop(thr);\n&/' \
	    -e 's/^\t\/\* Here we'"'"'d have the option to normalize -0 to +0. \*\/$$/\tx += 0.0; \/* cm_timeclip: ToIntegerOrInfinity makes -0 +0 *\//' \
	    -e '/^DUK_INTERNAL void duk_hobject_enumerator_create(duk_hthread \*thr, duk_small_uint_t enum_flags) {$$/,/^}$$/s/^\(\t*\)duk__add_enum_key(thr, k);$$/\1cm_add_enum_key(thr, k, curr != enum_target ? enum_target : NULL); \/* cm_forin *\//' \
	    -e 's/^DUK_INTERNAL void duk_hobject_enumerator_create(duk_hthread \*thr, duk_small_uint_t enum_flags) {$$/DUK_LOCAL_DECL duk_bool_t duk__get_propdesc(duk_hthread *thr, duk_hobject *obj, duk_hstring *key, duk_propdesc *out_desc, duk_small_uint_t flags);\n\/* cm_forin: a key a prototype (tgt: the object enumerated) holds enumerable is left out when it is not already in the list and the chain finds it first on an object nearer, where it is then non-enumerable: shadowed. Checked as the keys are gathered, as V8 does; the loop itself then only checks that a key still exists. *\/\nDUK_LOCAL void cm_add_enum_key(duk_hthread *thr, duk_hstring *k, duk_hobject *tgt) {\n\tduk_propdesc desc;\n\n\tduk_push_hstring(thr, k); \/* reachable from here on *\/\n\tif (tgt != NULL \&\& duk_hobject_find_entry_tval_ptr(thr->heap, duk_known_hobject(thr, -2), k) == NULL \&\&\n\t    !(duk__get_propdesc(thr, tgt, k, \&desc, DUK_GETDESC_FLAG_IGNORE_PROTOLOOP) \&\& (desc.flags \& DUK_PROPDESC_FLAG_ENUMERABLE))) {\n\t\tduk_pop(thr);\n\t\treturn;\n\t}\n\tduk_push_true(thr);\n\tduk_put_prop(thr, -3);\n}\n\n&/' \
	    -e 's/^\t\tcomp_ctx->curr_func.h_name = duk_known_hstring(thr, -1); \/\* borrowed reference \*\/$$/\t\tduk_push_string(thr, comp_ctx->prev_token.str1 == DUK_HTHREAD_STRING_SET(thr) ? "set " : "get "); \/* cm_getsetname: an object literal'"'"'s accessor is named "get x" \/ "set x" *\/\n\t\tduk_insert(thr, -2);\n\t\tduk_concat(thr, 2);\n&/' \
	    -e 's/^\treturn DUK_FLOOR(x + 0.5);$$/\t{ \/* cm_round: x + 0.5 rounds to even past 2^52, so -(2^53 - 1) became -(2^53 - 2) *\/\n\t\tdouble cm_r = DUK_FLOOR(x);\n\t\treturn (x - cm_r >= 0.5) ? cm_r + 1.0 : cm_r;\n\t}/' \
	    -e 's/^#define DUK_JSON_FLAG_EXT_COMPATIBLE .*$$/&\n#define CM_JSON_FLAG_FAST_ONLY (1U << 8) \/* cm_jsonfast: the fast path or nothing *\//' \
	    -e 's/^\t\tDUK_D(DUK_DPRINT("fast path failed, serialize using slow path instead"));$$/&\n\t\tif (flags \& CM_JSON_FLAG_FAST_ONLY) { \/* cm_jsonfast *\/\n\t\t\tduk_push_undefined(thr);\n\t\t\tgoto replace_finished;\n\t\t}/' \
	    -e 's/^\tif (duk__parse_string_iso8601_subset(thr, str) != 0) {$$/\t{ \/* cm_date: engine\/host\/date_parse.c *\/\n\t\textern double date_parse(const char *, int *);\n\t\tint cm_local;\n\t\tduk_double_t cm_t = date_parse(str, \&cm_local);\n\t\tif (cm_local \&\& !DUK_ISNAN(cm_t))\n\t\t\tcm_t -= 1000.0 * (duk_double_t) DUK_USE_DATE_GET_LOCAL_TZOFFSET(cm_t);\n\t\tif (!(cm_t >= -8.64e15 \&\& cm_t <= 8.64e15))\n\t\t\tcm_t = DUK_DOUBLE_NAN;\n\t\tduk_push_number(thr, cm_t);\n\t\treturn 1;\n\t}\n\tif (0) {/' \
	    -e 's/^DUK_INTERNAL void duk_numconv_parse(duk_hthread \*thr, duk_small_int_t radix, duk_small_uint_t flags) {$$/DUK_LOCAL_DECL duk_bool_t cm_numconv_parse_fast(duk_hthread *thr, duk_small_int_t radix, duk_small_uint_t flags);\n&/' \
	    -e 's/^DUK_INTERNAL void duk_numconv_stringify(duk_hthread \*thr, duk_small_int_t radix, duk_small_int_t digits, duk_small_uint_t flags) {$$/DUK_LOCAL_DECL void cm_numconv_stringify(duk_hthread *thr);\nDUK_LOCAL_DECL duk_bool_t cm_numconv_stringify_flags(duk_hthread *thr, duk_small_int_t digits, duk_small_uint_t flags);\n&/' \
	    -e 's/^\tduk__numconv_stringify_raw(thr, radix, digits, flags);$$/\tif (radix == 10 \&\& digits == 0 \&\& flags == 0) {\n\t\tcm_numconv_stringify(thr); \/* cm_numconv *\/\n\t\treturn;\n\t}\n\tif (radix == 10 \&\& cm_numconv_stringify_flags(thr, digits, flags)) {\n\t\treturn; \/* cm_numconv_flags *\/\n\t}\n&/' \
	    -e '/^DUK_INTERNAL duk_ret_t duk_bi_number_prototype_to_fixed(duk_hthread \*thr) {$$/,/^}$$/{' \
	    -e 's/^\tfrac_digits = (duk_small_int_t) duk_to_int_check_range(thr, 0, 0, 20);$$/\tfrac_digits = (duk_small_int_t) cm_et_int_range(thr, 0, 0, 100, "toFixed() digits argument must be between 0 and 100"); \/* cm_numconv_flags: ES2018 *\//' \
	    -e '}' \
	    -e 's/^\tfrac_digits = (duk_small_int_t) duk_to_int_check_range(thr, 0, 0, 20);$$/\tfrac_digits = (duk_small_int_t) cm_et_int_range(thr, 0, 0, 100, "toExponential() argument must be between 0 and 100"); \/* cm_numconv_flags: ES2018 *\//' \
	    -e 's/^\tprec = (duk_small_int_t) duk_to_int_check_range(thr, 0, 1, 21);$$/\tprec = (duk_small_int_t) cm_et_int_range(thr, 0, 1, 100, "toPrecision() argument must be between 1 and 100"); \/* cm_numconv_flags: ES2018 *\//' \
	    -e 's/^\tduk__numconv_parse_raw(thr, radix, flags);$$/\tif (cm_numconv_parse_fast(thr, radix, flags)) {\n\t\treturn; \/* cm_numconv *\/\n\t}\n&/' \
	    -e 's/^\t\t} else if (DUK_HOBJECT_IS_BOUNDFUNC(obj)) {$$/\t\t} else if (DUK_HOBJECT_IS_BOUNDFUNC(obj) || DUK_HOBJECT_IS_CALLABLE(obj)) { \/* cm_tostring: a callable Proxy too *\//' \
	    -e 's/^\t\tclassnum = DUK_HOBJECT_GET_CLASS_NUMBER(h_obj);$$/&\n\t\tif (classnum == DUK_HOBJECT_CLASS_ERROR \&\& (h_obj == thr->builtins[DUK_BIDX_ERROR_PROTOTYPE] || h_obj == thr->builtins[DUK_BIDX_EVAL_ERROR_PROTOTYPE] || h_obj == thr->builtins[DUK_BIDX_RANGE_ERROR_PROTOTYPE] || h_obj == thr->builtins[DUK_BIDX_REFERENCE_ERROR_PROTOTYPE] || h_obj == thr->builtins[DUK_BIDX_SYNTAX_ERROR_PROTOTYPE] || h_obj == thr->builtins[DUK_BIDX_TYPE_ERROR_PROTOTYPE] || h_obj == thr->builtins[DUK_BIDX_URI_ERROR_PROTOTYPE])) {\n\t\t\tclassnum = DUK_HOBJECT_CLASS_OBJECT; \/* cm_errproto *\/\n\t\t}/' \
	    -e 's/^DUK_LOCAL_DECL duk_bool_t duk__handle_put_array_length(duk_hthread \*thr, duk_hobject \*obj);$$/&\nDUK_LOCAL_DECL duk_bool_t cm_duk_ta_numeric(duk_hthread *thr, duk_hobject *obj, duk_hstring *key, duk_uint32_t arr_idx); \/* cm_tanum *\/\nDUK_LOCAL_DECL duk_bool_t cm_duk_ta_len_fast(duk_hthread *thr, duk_hobject *getter, duk_tval *tv_obj); \/* cm_talen *\/\nDUK_LOCAL_DECL duk_bool_t cm_duk_ta_len_get(duk_hthread *thr, duk_hobject *obj, duk_tval *tv_key); \/* cm_talen *\//' \
	    -e 's/^\t\tif (duk__getprop_fastpath_bufobj_tval(thr, curr, tv_key) != 0) {$$/\t\tif (duk__getprop_fastpath_bufobj_tval(thr, curr, tv_key) != 0 || (DUK_UNLIKELY(DUK_HOBJECT_IS_BUFOBJ(curr)) \&\& cm_duk_ta_len_get(thr, curr, tv_key))) { \/* cm_talen *\//' \
	    -e '/^DUK_INTERNAL duk_bool_t duk_hobject_getprop(duk_hthread \*thr, duk_tval \*tv_obj, duk_tval \*tv_key) {$$/,/^}$$/{' \
	    -e 's/^\t\tif (desc.get != NULL) {$$/\t\tif (desc.get != NULL \&\& cm_duk_ta_len_fast(thr, desc.get, tv_obj)) {\n\t\t\tduk_remove_m2(thr); \/* cm_talen: [key undefined length] -> [key length] *\/\n\t\t} else if (desc.get != NULL) {/' \
	    -e 's/^\tnext_in_chain:$$/&\n\t\tif (DUK_UNLIKELY(cm_duk_ta_numeric(thr, curr, key, arr_idx))) {\n\t\t\tduk_to_undefined(thr, -1); \/* cm_tanum *\/\n\t\t\treturn 0;\n\t\t}/' \
	    -e '}' \
	    -e '/^duk_hobject_putprop(duk_hthread \*thr, duk_tval \*tv_obj, duk_tval \*tv_key, duk_tval \*tv_val, duk_bool_t throw_flag) {$$/,/^}$$/{' \
	    -e 's/^\t\tDUK_ERROR_TYPE(thr, DUK_STR_NOT_EXTENSIBLE);$$/\t\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_put(thr, 0, key, tv_key, tv_obj)); \/* cm_errtext *\//' \
	    -e 's/^\t\tDUK_ERROR_TYPE(thr, DUK_STR_NOT_WRITABLE);$$/\t\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_put(thr, 1, key, tv_key, tv_obj)); \/* cm_errtext *\//' \
	    -e 's/^\t\tDUK_ERROR_TYPE(thr, DUK_STR_SETTER_UNDEFINED);$$/\t\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_put(thr, 2, key, tv_key, tv_obj)); \/* cm_errtext *\//' \
	    -e 's/^\tnext_in_chain:$$/&\n\t\tif (DUK_UNLIKELY(cm_duk_ta_numeric(thr, curr, key, arr_idx))) {\n\t\t\tif (curr == orig) { \/* cm_tanum: TypedArraySetElement *\/\n\t\t\t\tduk_push_tval(thr, tv_val);\n\t\t\t\t(void) duk_to_number_m1(thr);\n\t\t\t\tduk_pop_unsafe(thr);\n\t\t\t}\n\t\t\tgoto success_no_arguments_exotic;\n\t\t}/' \
	    -e '}' \
	    -e 's/^#define DUK_STR_CALLSTACK_LIMIT .*$$/#define DUK_STR_CALLSTACK_LIMIT "Maximum call stack size exceeded" \/* cm_errnat *\//' \
	    -e 's/^#define DUK_STR_NATIVE_STACK_LIMIT .*$$/#define DUK_STR_NATIVE_STACK_LIMIT "Maximum call stack size exceeded" \/* cm_errnat *\//' \
	    -e 's/^#define DUK_STR_VALSTACK_LIMIT .*$$/#define DUK_STR_VALSTACK_LIMIT "Maximum call stack size exceeded" \/* cm_errnat *\//' \
	    -e 's/^#define DUK_STR_NOT_OBJECT_COERCIBLE .*$$/#define DUK_STR_NOT_OBJECT_COERCIBLE "Cannot convert undefined or null to object" \/* cm_errnat *\//' \
	    -e 's/^#define DUK_STR_INVALID_ARRAY_LENGTH .*$$/#define DUK_STR_INVALID_ARRAY_LENGTH "Invalid array length" \/* cm_errnat *\//' \
	    -e 's/^#define DUK_STR_INVALID_INSTANCEOF_RVAL .*$$/#define DUK_STR_INVALID_INSTANCEOF_RVAL "Right-hand side of '"'"'instanceof'"'"' is not callable" \/* cm_errnat *\//' \
	    -e 's/^\(DUK_INTERNAL_DECL const char \*duk_push_string_tval_readable(duk_hthread \*thr, duk_tval \*tv);\n.*long off);\)$$/\1\nDUK_INTERNAL_DECL const char *cm_et_value_msg(duk_hthread *thr, const char *pre, duk_tval *tv, const char *post); \/* cm_errnat: engine\/host\/duk_errtext.inc *\/\nDUK_INTERNAL_DECL duk_int_t cm_et_int_range(duk_hthread *thr, duk_idx_t idx, duk_int_t lo, duk_int_t hi, const char *msg);\nDUK_INTERNAL_DECL const char *cm_et_in(duk_hthread *thr, duk_tval *tv_key, duk_tval *tv_obj);\nDUK_INTERNAL_DECL const char *cm_et_del(duk_hthread *thr, duk_tval *tv_obj, duk_hobject *obj, duk_hstring *key);\nDUK_INTERNAL_DECL const char *cm_et_define(duk_hthread *thr, int why, duk_hstring *key);\nDUK_INTERNAL_DECL const char *cm_et_this_null(duk_hthread *thr);\nDUK_INTERNAL_DECL const char *cm_et_this_type(duk_hthread *thr, duk_small_uint_t bidx, const char *type);\nDUK_INTERNAL_DECL const char *cm_et_proto(duk_hthread *thr, duk_tval *tv);\nDUK_INTERNAL_DECL const char *cm_et_require_object(duk_hthread *thr, duk_idx_t idx);\nDUK_INTERNAL_DECL void cm_et_ta_view(duk_hthread *thr, duk_uint_t buflen, duk_small_uint_t shift, duk_small_uint_t class_num);\nDUK_INTERNAL_DECL void cm_json_cycle_error(duk_hthread *thr, duk_hobject **visiting, duk_int_t n, duk_int_t at);/' \
	    -e '/^\t\t\tDUK_DD(DUK_DDPRINT("slow path loop detect"));$$/{' -e 'n' \
	    -e 's/^\t\t\tDUK_ERROR_TYPE(thr, DUK_STR_CYCLIC_INPUT);$$/\t\t\tcm_json_cycle_error(thr, js_ctx->visiting, (duk_int_t) js_ctx->recursion_depth, (duk_int_t) i); \/* cm_errnat *\//' \
	    -e '}' \
	    -e '/^DUK_LOCAL void duk__json_enc_objarr_entry(duk_json_enc_ctx \*js_ctx, duk_idx_t \*entry_top) {$$/,/^}$$/{' \
	    -e 's/^\t\t\tDUK_ERROR_TYPE(thr, DUK_STR_CYCLIC_INPUT);$$/\t\t\tduk_pop(thr); \/* the pointer key: [ ... key val ] again *\/\n\t\t\tcm_json_cycle_error(thr, js_ctx->visiting, (duk_int_t) js_ctx->recursion_depth, -1); \/* cm_errnat *\//' \
	    -e '}' \
	    -e '/^DUK_LOCAL void duk__push_this_helper(duk_hthread \*thr, duk_small_uint_t check_object_coercible) {$$/,/^}$$/{' \
	    -e 's/^\tDUK_ERROR_TYPE(thr, DUK_STR_NOT_OBJECT_COERCIBLE);$$/\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_this_null(thr)); \/* cm_errnat *\//' \
	    -e '}' \
	    -e '/^DUK_INTERNAL duk_bool_t duk_js_in(duk_hthread \*thr, duk_tval \*tv_x, duk_tval \*tv_y) {$$/,/^}$$/{' \
	    -e 's/^\tduk_require_type_mask(thr, -1, DUK_TYPE_MASK_OBJECT | DUK_TYPE_MASK_LIGHTFUNC | DUK_TYPE_MASK_BUFFER);$$/\tif (!duk_check_type_mask(thr, -1, DUK_TYPE_MASK_OBJECT | DUK_TYPE_MASK_LIGHTFUNC | DUK_TYPE_MASK_BUFFER)) {\n\t\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_in(thr, DUK_GET_TVAL_NEGIDX(thr, -2), DUK_GET_TVAL_NEGIDX(thr, -1))); \/* cm_errnat *\/\n\t}/' \
	    -e '}' \
	    -e '/^DUK_LOCAL duk_bool_t duk__js_instanceof_helper(/,/^}$$/{' \
	    -e 's/^\tfunc = duk_require_hobject(thr, -1);$$/\tfunc = duk_get_hobject(thr, -1);\n\tif (func == NULL) {\n\t\tDUK_ERROR_TYPE(thr, "Right-hand side of '"'"'instanceof'"'"' is not an object"); \/* cm_errnat *\/\n\t}/' \
	    -e 's/^\tDUK_ERROR_TYPE(thr, DUK_STR_INVALID_INSTANCEOF_RVAL_NOPROTO);$$/\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_value_msg(thr, "Function has non-object prototype '"'"'", DUK_GET_TVAL_NEGIDX(thr, -1), "'"'"' in instanceof check")); \/* cm_errnat *\//' \
	    -e '}' \
	    -e '/^DUK_INTERNAL duk_ret_t duk_bi_array_prototype_reduce_shared(duk_hthread \*thr) {$$/,/^}$$/{' \
	    -e 's/^\t\tDUK_DCERROR_TYPE_INVALID_ARGS(thr);$$/\t\tDUK_ERROR_TYPE(thr, "Reduce of empty array with no initial value"); \/* cm_errnat *\//' \
	    -e '}' \
	    -e '/^DUK_INTERNAL duk_ret_t duk_bi_string_prototype_repeat(duk_hthread \*thr) {$$/,/^}$$/{' \
	    -e 's/^\tcount = (duk_uint_t) count_signed;$$/&\n\tif ((duk_double_t) count * (duk_double_t) DUK_HSTRING_GET_CHARLEN(h_input) > 536870888.0) {\n\t\tDUK_ERROR_RANGE(thr, "Invalid string length"); \/* cm_errnat: V8'"'"'s longest string *\/\n\t}/' \
	    -e 's/^\tDUK_DCERROR_RANGE_INVALID_ARGS(thr);$$/\tDUK_ERROR_FMT1(thr, DUK_ERR_RANGE_ERROR, "%s", cm_et_value_msg(thr, "Invalid count value: ", DUK_GET_TVAL_POSIDX(thr, 0), "")); \/* cm_errnat *\//' \
	    -e '}' \
	    -e 's/^\t\tradix = (duk_small_int_t) duk_to_int_check_range(thr, 0, 2, 36);$$/\t\tradix = (duk_small_int_t) cm_et_int_range(thr, 0, 2, 36, "toString() radix argument must be between 2 and 36"); \/* cm_errnat *\//' \
	    -e '/^DUK_INTERNAL duk_ret_t duk_bi_array_constructor(duk_hthread \*thr) {$$/,/^}$$/{' \
	    -e 's/^\t\t\tDUK_DCERROR_RANGE_INVALID_LENGTH(thr);$$/\t\t\tDUK_ERROR_RANGE(thr, DUK_STR_INVALID_ARRAY_LENGTH); \/* cm_errnat *\//' \
	    -e '}' \
	    -e 's/^\tDUK_ERROR_URI(tfm_ctx->thr, DUK_STR_INVALID_INPUT);$$/\tDUK_ERROR_URI(tfm_ctx->thr, "URI malformed"); \/* cm_errnat *\//' \
	    -e 's/^\t\t\tDUK_ERROR_RANGE(thr, "Invalid Date");$$/\t\t\tDUK_ERROR_RANGE(thr, "Invalid time value"); \/* cm_errnat *\//' \
	    -e 's/^\t\tDUK_ERROR_TYPE(thr, "number expected");$$/\t\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_this_type(thr, DUK_BIDX_NUMBER_PROTOTYPE, "Number")); \/* cm_errnat *\//' \
	    -e '/^DUK_INTERNAL duk_ret_t duk_bi_boolean_prototype_tostring_shared(duk_hthread \*thr) {$$/,/^}$$/{' \
	    -e 's/^\tDUK_DCERROR_TYPE_INVALID_ARGS(thr);$$/\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_this_type(thr, DUK_BIDX_BOOLEAN_PROTOTYPE, "Boolean")); \/* cm_errnat *\//' \
	    -e '}' \
	    -e '/^DUK_INTERNAL duk_ret_t duk_bi_string_prototype_to_string(duk_hthread \*thr) {$$/,/^}$$/{' \
	    -e 's/^\tDUK_DCERROR_TYPE_INVALID_ARGS(thr);$$/\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_this_type(thr, DUK_BIDX_STRING_PROTOTYPE, "String")); \/* cm_errnat *\//' \
	    -e '}' \
	    -e '/^DUK_INTERNAL duk_ret_t duk_bi_symbol_tostring_shared(duk_hthread \*thr) {$$/,/^}$$/{' \
	    -e 's/^\t\treturn DUK_RET_TYPE_ERROR;$$/\t\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_this_type(thr, DUK_BIDX_SYMBOL_PROTOTYPE, "Symbol")); \/* cm_errnat *\//' \
	    -e '}' \
	    -e 's/^\t\t\t\tDUK_DCERROR_RANGE_INVALID_ARGS(thr);$$/\t\t\t\tDUK_ERROR_FMT1(thr, DUK_ERR_RANGE_ERROR, "%s", cm_et_value_msg(thr, "Invalid code point ", DUK_GET_TVAL_POSIDX(thr, i), "")); \/* cm_errnat *\//' \
	    -e 's/^\t\t\tbyte_offset_signed = duk_to_int(thr, 1);$$/\t\t\tcm_et_ta_view(thr, h_bufarg->length, shift, class_num); \/* cm_errnat *\/\n&/' \
	    -e '/^DUK_INTERNAL duk_ret_t duk_bi_object_getprototype_shared(duk_hthread \*thr) {$$/,/^}$$/{' \
	    -e 's/^\t\tDUK_DCERROR_TYPE_INVALID_ARGS(thr);$$/\t\tDUK_ERROR_TYPE(thr, "Reflect.getPrototypeOf called on non-object"); \/* cm_errnat: magic 2, the others took ToObject *\//' \
	    -e '}' \
	    -e '/^DUK_INTERNAL duk_ret_t duk_bi_object_setprototype_shared(duk_hthread \*thr) {$$/,/^}$$/{' \
	    -e 's/^\t\t\tduk_require_object_coercible(thr, 0);$$/\t\t\tif (duk_is_null_or_undefined(thr, 0)) {\n\t\t\t\tDUK_ERROR_TYPE(thr, "Object.setPrototypeOf called on null or undefined"); \/* cm_errnat *\/\n\t\t\t}/' \
	    -e 's/^\t\tduk_require_type_mask(thr, 1, DUK_TYPE_MASK_NULL | DUK_TYPE_MASK_OBJECT);$$/\t\tif (!duk_check_type_mask(thr, 1, DUK_TYPE_MASK_NULL | DUK_TYPE_MASK_OBJECT)) {\n\t\t\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_proto(thr, DUK_GET_TVAL_POSIDX(thr, 1))); \/* cm_errnat *\/\n\t\t}/' \
	    -e '}' \
	    -e '/^DUK_INTERNAL duk_ret_t duk_bi_string_prototype_substr(duk_hthread \*thr) {$$/,/^}$$/{' \
	    -e 's/^\tduk_push_this(thr);$$/\tduk_push_this_check_object_coercible(thr); \/* cm_errnat: ES2015 B.2.3.1 *\//' \
	    -e '}' \
	    -e 's/^\tduk_require_callable(thr, 2);$$/\tif (!duk_is_callable(thr, 2)) {\n\t\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", duk_get_current_magic(thr) ? "Object.prototype.__defineSetter__: Expecting function" : "Object.prototype.__defineGetter__: Expecting function"); \/* cm_errnat *\/\n\t}/' \
	    -e 's/^\t\tDUK_ERROR_TYPE(thr, "expected Date");$$/\t\tDUK_ERROR_TYPE(thr, "this is not a Date object."); \/* cm_errnat *\//' \
	    -e '/^DUK_INTERNAL duk_bool_t duk_hobject_delprop_raw(duk_hthread \*thr, duk_hobject \*obj, duk_hstring \*key, duk_small_uint_t flags) {$$/,/^}$$/{' \
	    -e 's/^\t\tDUK_ERROR_TYPE(thr, DUK_STR_NOT_CONFIGURABLE);$$/\t\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_del(thr, NULL, obj, key)); \/* cm_errnat *\//' \
	    -e '}' \
	    -e '/^DUK_INTERNAL duk_bool_t duk_hobject_delprop(duk_hthread \*thr, duk_tval \*tv_obj, duk_tval \*tv_key, duk_bool_t throw_flag) {$$/,/^}$$/{' \
	    -e 's/^\t\tDUK_ERROR_TYPE(thr, DUK_STR_NOT_CONFIGURABLE);$$/\t\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_del(thr, tv_obj, NULL, key)); \/* cm_errnat *\//' \
	    -e '}' \
	    -e '/^duk_bool_t duk_hobject_define_property_helper(duk_hthread \*thr,$$/,/^}$$/{' \
	    -e 's/^\t\tDUK_ERROR_TYPE(thr, DUK_STR_NOT_EXTENSIBLE);$$/\t\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_define(thr, 0, key)); \/* cm_errnat *\//' \
	    -e 's/^\t\tDUK_ERROR_TYPE(thr, DUK_STR_NOT_CONFIGURABLE);$$/\t\tDUK_ERROR_FMT1(thr, DUK_ERR_TYPE_ERROR, "%s", cm_et_define(thr, 1, key)); \/* cm_errnat *\//' \
	    -e '}' \
	    -e '/^duk__get_propdesc(duk_hthread \*thr, duk_hobject \*obj, duk_hstring \*key, duk_propdesc \*out_desc, duk_small_uint_t flags) {$$/,/^}$$/{' \
	    -e 's/^\t\t\/\* not found in .curr., next in prototype chain; impose max depth \*\/$$/\t\tif (!(flags \& DUK_GETDESC_FLAG_IGNORE_PROTOLOOP) \&\& cm_duk_ta_numeric(thr, curr, key, arr_idx)) {\n\t\t\treturn 0; \/* cm_tanum *\/\n\t\t}\n&/' \
	    -e '}' \
	    -e 's/^\t\t} else if (key == DUK_HTHREAD_STRING_LENGTH(thr) \&\& DUK_HBUFOBJ_HAS_VIRTUAL_INDICES(h_bufobj)) {$$/\t\t} else if (0) { \/* cm_talen: no own length *\//' \
	    -e 's/^\t\t\t\t\tlen = (duk_uint_fast32_t) (h_bufobj->length >> h_bufobj->shift);$$/&\n\t\t\t\t\thave_length = 0; \/* cm_talen *\//' \
	    -e 's/^\t\t\t\tduk_push_uint(thr, h_bufobj->length >> h_bufobj->shift);$$/\t\t\t\tduk_push_uint(thr, (h_bufobj->buf != NULL \&\& DUK_HBUFOBJ_VALID_SLICE(h_bufobj)) ? h_bufobj->length >> h_bufobj->shift : 0); \/* cm_detach *\//' \
	    -e 's/^\t\tduk_push_uint(thr, h_bufobj->offset);$$/\t\tduk_push_uint(thr, (h_bufobj->buf != NULL \&\& DUK_HBUFOBJ_VALID_SLICE(h_bufobj)) ? h_bufobj->offset : 0); \/* cm_detach *\//' \
	    -e 's/^\t\tduk_push_uint(thr, h_bufobj->length);$$/\t\tduk_push_uint(thr, (h_bufobj->buf != NULL \&\& DUK_HBUFOBJ_VALID_SLICE(h_bufobj)) ? h_bufobj->length : 0); \/* cm_detach *\//' \
	    -e 's/^\([\t]*\)DUK_D(DUK_DPRINT("bufobj access out of underlying buffer, ignoring (read zero)"));$$/\1duk_push_undefined(thr); \/* cm_detach *\/\n\1if (0)/' \
	    -e 's/^DUK_INTERNAL duk_int_t duk_handle_call_unprotected(duk_hthread \*thr, duk_idx_t idx_func, duk_small_uint_t call_flags) {$$/DUK_LOCAL_DECL duk_int_t cm__call(duk_hthread *thr, duk_idx_t idx_func, duk_small_uint_t call_flags);\n&/' \
	    -e 's/^\treturn duk__handle_call_raw(thr, idx_func, call_flags);$$/\treturn cm__call(thr, idx_func, call_flags); \/* cm_call *\//' \
	    -e 's/^\t\t\/\* XXX: array .length fast path (important in e.g. loops)? \*\/$$/\t\tif (DUK_HOBJECT_HAS_EXOTIC_ARRAY(curr) \&\& DUK_TVAL_IS_STRING(tv_key) \&\& DUK_TVAL_GET_STRING(tv_key) == DUK_HTHREAD_STRING_LENGTH(thr)) {\n\t\t\tduk_push_uint(thr, (duk_uint_t) ((duk_harray *) curr)->length); \/* cm_alen *\/\n\t\t\treturn 1;\n\t\t}/' \
	    -e 's/^DUK_INTERNAL void duk_hobject_realloc_props(duk_hthread \*thr,$$/DUK_LOCAL_DECL duk_small_int_t cm_props_realloc(duk_hthread *thr, duk_hobject *obj, duk_uint32_t new_e_size, duk_uint32_t new_a_size, duk_uint32_t new_h_size, duk_bool_t abandon_array, duk_uint32_t new_alloc_size); \/* cm_grow *\/\n&/' \
	    -e 's/^\tnew_alloc_size = DUK_HOBJECT_P_COMPUTE_SIZE(new_e_size_adjusted, new_a_size, new_h_size);$$/&\n\tswitch (cm_props_realloc(thr, obj, new_e_size_adjusted, new_a_size, new_h_size, abandon_array, new_alloc_size)) { \/* cm_grow *\/\n\tcase 1:\n\t\tthr->heap->pf_prevent_count--;\n\t\tthr->heap->ms_base_flags = prev_ms_base_flags;\n#if defined(DUK_USE_ASSERTIONS)\n\t\tthr->heap->error_not_allowed = prev_error_not_allowed;\n#endif\n\t\treturn;\n\tcase -1:\n\t\tnew_p = NULL;\n\t\tgoto alloc_failed;\n\t}/' \
	    -e 's/^DUK_LOCAL void duk__json_enc_double(duk_json_enc_ctx \*js_ctx) {$$/DUK_LOCAL_DECL duk_bool_t cm_json_enc_num(duk_json_enc_ctx *js_ctx, duk_double_t d); \/* cm_jsonnum *\/\n&/' \
	    -e 's/^DUK_LOCAL void duk__json_dec_number(duk_json_dec_ctx \*js_ctx) {$$/DUK_LOCAL_DECL duk_bool_t cm_numconv_parse_bytes(const duk_uint8_t *p, const duk_uint8_t *e, duk_small_uint_t flags, duk_double_t *out); \/* cm_jsonnum *\/\n&/' \
	    -e 's/^\tif (DUK_LIKELY(!(c == DUK_FP_INFINITE || c == DUK_FP_NAN))) {$$/&\n\t\tif (cm_json_enc_num(js_ctx, d)) {\n\t\t\treturn; \/* cm_jsonnum: the caller pops the value left *\/\n\t\t}/' \
	    -e 's/^\tduk_push_lstring(thr, (const char \*) p_start, (duk_size_t) (p - p_start));$$/\t{\n\t\tduk_double_t cm_d;\n\t\tif (cm_numconv_parse_bytes(p_start, p, DUK_S2N_FLAG_ALLOW_EXP | DUK_S2N_FLAG_ALLOW_MINUS | DUK_S2N_FLAG_ALLOW_FRAC, \&cm_d)) {\n\t\t\tduk_push_number(thr, cm_d); \/* cm_jsonnum *\/\n\t\t\treturn;\n\t\t}\n\t}\n&/' \
	    -e 's/^} duk_json_dec_ctx;$$/\tduk_uint8_t cm_ehint[8]; \/* cm_jsonobj *\/\n&/' \
	    -e '/^DUK_LOCAL void duk__json_dec_object(duk_json_dec_ctx \*js_ctx) {$$/,/^}$$/{' \
	    -e 's/^\tduk_push_object(thr);$$/&\n\tcm_json_obj_begin(js_ctx); \/* cm_jsonobj *\//' \
	    -e 's/^\tduk__json_dec_objarr_exit(js_ctx);$$/\tcm_json_obj_end(js_ctx, key_count); \/* cm_jsonobj *\/\n&/' \
	    -e '}' \
	    -e 's/^DUK_LOCAL void duk__json_dec_object(duk_json_dec_ctx \*js_ctx) {$$/DUK_LOCAL_DECL void cm_json_obj_begin(duk_json_dec_ctx *js_ctx); \/* cm_jsonobj *\/\nDUK_LOCAL_DECL void cm_json_obj_end(duk_json_dec_ctx *js_ctx, duk_int_t count);\n&/' \
	    -e '/^DUK_INTERNAL void duk_concat_2(duk_hthread \*thr) {$$/,/^}$$/{' \
	    -e 's/^\tbuf = (duk_uint8_t \*) duk_push_fixed_buffer_nozero(thr, len);$$/\tif (len <= 256) { \/* cm_concat: a short result goes from the C stack to the string table *\/\n\t\tduk_uint8_t cm_buf[256];\n\t\tduk_memcpy((void *) cm_buf, (const void *) DUK_HSTRING_GET_DATA(h1), (size_t) len1);\n\t\tduk_memcpy((void *) (cm_buf + len1), (const void *) DUK_HSTRING_GET_DATA(h2), (size_t) len2);\n\t\tduk_push_lstring(thr, (const char *) cm_buf, len);\n\t\tduk_replace(thr, -3);\n\t\tduk_pop_unsafe(thr);\n\t\treturn;\n\t}\n&/' \
	    -e '}' \
	    -e 's/^DUK_INTERNAL double duk_js_arith_mod(double d1, double d2) {$$/DUK_LOCAL_DECL duk_bool_t cm_mod_int(double d1, double d2, double *out);\n&\n\tdouble cm_r;\n\tif (cm_mod_int(d1, d2, \&cm_r)) {\n\t\treturn cm_r; \/* cm_mod *\/\n\t}/' \
	    -e 's/^\tduk_uint32_t sym_counter\[2\];$$/&\n\tduk_hobject *cm_getvar_func[CM_GETVAR_FUNCS]; \/* cm_getvar: engine\/host\/duk_getvar.inc *\/\n\tduk_hobject *cm_getvar_varmap[CM_GETVAR_FUNCS];\n\tduk_uint16_t cm_getvar_hint[CM_GETVAR_HINTS];/' \
	    -e 's/^DUK_INTERNAL_DECL duk_hobject \*duk_hobject_get_varmap(duk_hthread \*thr, duk_hobject \*obj);$$/&\n#define CM_GETVAR_FUNCS 64 \/* cm_getvar: engine\/host\/duk_getvar.inc *\/\n#define CM_GETVAR_HINTS 256\nDUK_LOCAL_DECL DUK_ALWAYS_INLINE duk_tval *cm_getvar_fast(duk_hthread *thr, duk_activation *act, duk_hstring *name, duk_bool_t write);\nDUK_INTERNAL_DECL void cm_getvar_forget(duk_heap *heap, duk_hobject *func);\nDUK_INTERNAL_DECL duk_bool_t cm_getvar_duktape(duk_hthread *thr, duk_activation *act, duk_hstring *name);\nDUK_LOCAL_DECL DUK_ALWAYS_INLINE duk_tval *cm_getprop_fast(duk_hthread *thr, duk_tval *tv_obj, duk_tval *tv_key); \/* cm_getprop: engine\/host\/duk_getprop.inc *\/\nDUK_LOCAL_DECL DUK_ALWAYS_INLINE duk_tval *cm_putprop_fast(duk_hthread *thr, duk_tval *tv_obj, duk_tval *tv_key);/' \
	    -e 's/^\t\t\/\* Currently nothing to free; .data. is a heap object \*\/$$/\t\tcm_getvar_forget(heap, h); \/* cm_getvar *\//' \
	    -e 's/^\treturn duk__getvar_helper(thr, act->lex_env, act, name, throw_flag);$$/\tduk_tval *cm_tv = cm_getvar_fast(thr, act, name, 0); \/* cm_getvar *\/\n\tif (cm_tv != NULL) {\n\t\tduk_push_tval(thr, cm_tv);\n\t\tduk_push_undefined(thr);\n\t\treturn 1;\n\t}\n&/' \
	    -e '/^\t\tcase DUK_OP_GETVAR: {$$/,/^\t\t}$$/{' \
	    -e 's/^\t\t\t(void) duk_js_getvar_activation(thr, act, name, 1 \/\*throw\*\/); \/\* -> \[... val this\] \*\/$$/\t\t\ttv1 = cm_getvar_fast(thr, act, name, 0); \/* cm_getvar *\/\n\t\t\tif (tv1 != NULL) {\n\t\t\t\tDUK_TVAL_SET_TVAL_UPDREF(thr, DUK__REGP_A(ins), tv1); \/* side effects *\/\n\t\t\t\tbreak;\n\t\t\t}\n\t\t\t(void) cm_getvar_duktape(thr, act, name); \/* -> [... val this] *\//' \
	    -e '}' \
	    -e '/^\t\tcase DUK_OP_CSVAR_CC: {$$/,/^\t\t}$$/{' \
	    -e 's/^\t\t\t(void) duk_js_getvar_activation(thr, act, name, 1 \/\*throw\*\/); \/\* -> \[... val this\] \*\/$$/\t\t\ttv1 = cm_getvar_fast(thr, act, name, 0); \/* cm_getvar: the value, and no this *\/\n\t\t\tif (tv1 != NULL) {\n\t\t\t\tidx = (duk_uint_fast_t) DUK_DEC_A(ins);\n\t\t\t\tDUK_TVAL_SET_TVAL_UPDREF(thr, DUK__REGP(idx), tv1); \/* side effects *\/\n\t\t\t\tDUK_TVAL_SET_UNDEFINED_UPDREF(thr, DUK__REGP(idx + 1)); \/* side effects *\/\n\t\t\t\tbreak;\n\t\t\t}\n\t\t\t(void) cm_getvar_duktape(thr, act, name); \/* -> [... val this] *\//' \
	    -e '}' \
	    -e '/^#define DUK__GETPROP_BODY(barg, carg) \\$$/,/^\t}$$/{' \
	    -e 's/^\t\t(void) duk_hobject_getprop(thr, (barg), (carg)); \\$$/\t\tduk_tval *cm_tv = cm_getprop_fast(thr, (barg), (carg)); \/* cm_getprop *\/ \\\n\t\tif (cm_tv != NULL) { \\\n\t\t\tDUK_TVAL_SET_TVAL_UPDREF(thr, DUK__REGP_A(ins), cm_tv); \/* side effects *\/ \\\n\t\t\tbreak; \\\n\t\t} \\\n&/' \
	    -e '}' \
	    -e '/^#define DUK__GETPROPC_BODY(barg, carg) \\$$/,/^\t}$$/{' \
	    -e 's/^\t\t(void) duk_hobject_getprop(thr, (barg), (carg)); \\$$/\t\ttv__targ = cm_getprop_fast(thr, (barg), (carg)); \/* cm_getprop *\/ \\\n\t\tif (tv__targ != NULL \&\& duk_is_callable_tval(thr, tv__targ)) { \\\n\t\t\tDUK_TVAL_SET_TVAL_UPDREF(thr, DUK__REGP_A(ins), tv__targ); \/* side effects *\/ \\\n\t\t\tbreak; \\\n\t\t} \\\n&/' \
	    -e '}' \
	    -e '/^#define DUK__PUTPROP_BODY(aarg, barg, carg) \\$$/,/^\t}$$/{' \
	    -e 's/^\t\t(void) duk_hobject_putprop(thr, (aarg), (barg), (carg), DUK__STRICT()); \\$$/\t\tduk_tval *cm_tv = cm_putprop_fast(thr, (aarg), (barg)); \/* cm_getprop *\/ \\\n\t\tif (cm_tv != NULL) { \\\n\t\t\tDUK_TVAL_SET_TVAL_UPDREF(thr, cm_tv, (carg)); \/* side effects *\/ \\\n\t\t\tbreak; \\\n\t\t} \\\n&/' \
	    -e '}' \
	    -e '/^void duk__putvar_helper(duk_hthread \*thr,$$/,/^}$$/{' \
	    -e 's/^\tparents = 1; \/\* follow parent chain \*\/$$/\tif (act != NULL) { \/* cm_getvar *\/\n\t\tduk_tval *cm_tv = cm_getvar_fast(thr, act, name, 1);\n\t\tif (cm_tv != NULL) {\n\t\t\tDUK_TVAL_SET_TVAL_UPDREF(thr, cm_tv, \&tv_tmp_val); \/* side effects *\/\n\t\t\treturn;\n\t\t}\n\t}\n&/' \
	    -e '}' \
	    -e '/^DUK_INTERNAL duk_bool_t duk_js_toboolean(duk_tval \*tv) {$$/,/^}$$/{' \
	    -e 's/^\tcase DUK_TAG_OBJECT: {$$/&\n\t\tif (DUK_HOBJECT_HAS_NOTAIL(DUK_TVAL_GET_OBJECT(tv)) \&\& !DUK_HOBJECT_IS_CALLABLE(DUK_TVAL_GET_OBJECT(tv))) { \/* cm_bigzero *\/\n\t\t\treturn 0;\n\t\t}/' \
	    -e '}' \
	    $< engine/host/duk_noctor.inc engine/host/duk_fnshape.inc engine/host/duk_buffer.inc engine/host/duk_call.inc engine/host/duk_array.inc engine/host/duk_builtins.inc engine/host/duk_numconv.inc engine/host/duk_getvar.inc engine/host/duk_getprop.inc engine/host/duk_errtext.inc engine/host/duk_bigint.inc engine/host/duk_slots.inc engine/host/duk_spread.inc > $@.tmp
	@test "$$(grep -c 'cm_numconv_parse_fast(thr, radix, flags)) {' $@.tmp)" = 1 && test "$$(grep -c 'cm_numconv_stringify(thr); /\* cm_numconv' $@.tmp)" = 1 && test "$$(grep -c '^DUK_LOCAL duk_bool_t cm_numconv_parse_fast(' $@.tmp)" = 1 \
	    && test "$$(grep -c 'cm_numconv_stringify_flags(thr, digits, flags)) {' $@.tmp)" = 1 && test "$$(grep -c 'cm_numconv_flags: ES2018' $@.tmp)" = 3 \
	    || { echo "duktape.c: numconv patch failed"; exit 1; }
	@test "$$(grep -c '^DUK_EXTERNAL duk_bool_t cm_duk_has_dense_index(' $@.tmp)" = 1 || { echo "duktape.c: array append failed"; exit 1; }
	@test "$$(grep -c 'cm_errproto' $@.tmp)" = 1 && test "$$(grep -c 'cm_detach' $@.tmp)" = 5 && test "$$(grep -c '^DUK_EXTERNAL duk_bool_t cm_duk_buffer_detach(' $@.tmp)" = 1 || { echo "duktape.c: buffer/error-prototype patch failed"; exit 1; }
	@test "$$(grep -c '/\* cm_errtext' $@.tmp)" = 22 || { echo "duktape.c: error-text patch failed ($$(grep -c '/\* cm_errtext' $@.tmp) of 22 sites)"; exit 1; }
	@test "$$(grep -c '/\* cm_errnat' $@.tmp)" = 39 || { echo "duktape.c: native error-text patch failed ($$(grep -c '/\* cm_errnat' $@.tmp) of 39 sites)"; exit 1; }
	@test "$$(grep -c 'is_constructable = 0; /\* cm_noctor' $@.tmp)" = 1 && test "$$(grep -c 'CLEAR_CONSTRUCTABLE((duk_hobject \*) h_bound); /\* cm_noctor' $@.tmp)" = 1 && test "$$(grep -c '^DUK_EXTERNAL void cm_duk_make_noctor(' $@.tmp)" = 1 || { echo "duktape.c: noctor patch failed"; exit 1; }
	@test "$$(grep -c '/\* cm_fnshape' $@.tmp)" = 11 && test "$$(grep -c '^DUK_LOCAL void cm_closure_props(' $@.tmp)" = 1 || { echo "duktape.c: function shape patch failed ($$(grep -c '/\* cm_fnshape' $@.tmp) of 11 sites)"; exit 1; }
	@test "$$(grep -c '/\* cm_fnfile' $@.tmp)" = 9 || { echo "duktape.c: function file name patch failed ($$(grep -c '/\* cm_fnfile' $@.tmp) of 9 sites)"; exit 1; }
	@test "$$(grep -c 'cm_load' $@.tmp)" = 2 && test "$$(grep -c 'cm_outer\|p_end, [01])' $@.tmp)" = 5 || { echo "duktape.c: load patch failed"; exit 1; }
	@test "$$(grep -c 'cm_fin' $@.tmp)" = 4 && ! grep -q 'queue finalizable objects to heap_allocated' $@.tmp || { echo "duktape.c: heap-free patch failed"; exit 1; }
	@test "$$(grep -c '^#define DUK_HTHREAD_INTCTR_DEFAULT (16L \* 1024L)$$' $@.tmp)" = 1 || { echo "duktape.c: interval patch failed"; exit 1; }
	@test "$$(grep -c 'steps_count & 0xfffU' $@.tmp)" = 1 || { echo "duktape.c: regexp patch failed"; exit 1; }
	@test "$$(grep -c 'CM_ID_ANY' $@.tmp)" = 4 || { echo "duktape.c: identifier patch failed"; exit 1; }
	@test "$$(grep -c 'cm_tostring' $@.tmp)" = 3 || { echo "duktape.c: toString patch failed"; exit 1; }
	@test "$$(grep -c 'cm_tanum' $@.tmp)" = 5 || { echo "duktape.c: typed array numeric key patch failed"; exit 1; }
	@test "$$(grep -c 'cm_talen' $@.tmp)" = 7 || { echo "duktape.c: typed array length patch failed"; exit 1; }
	@test "$$(grep -c 'cm_hasinstance' $@.tmp)" = 1 || { echo "duktape.c: hasInstance patch failed"; exit 1; }
	@test "$$(grep -c 'cm_jsonfast' $@.tmp)" = 2 || { echo "duktape.c: JSON fast-only patch failed"; exit 1; }
	@test "$$(grep -c 'cm_timeclip' $@.tmp)" = 1 || { echo "duktape.c: TimeClip patch failed"; exit 1; }
	@test "$$(grep -c 'cm_round' $@.tmp)" = 1 || { echo "duktape.c: Math.round patch failed"; exit 1; }
	@test "$$(grep -c 'cm_getsetname' $@.tmp)" = 1 || { echo "duktape.c: accessor name patch failed"; exit 1; }
	@test "$$(grep -c 'cm_forin' $@.tmp)" = 4 || { echo "duktape.c: for-in shadowing patch failed"; exit 1; }
	@test "$$(grep -c 'cm_date' $@.tmp)" = 1 || { echo "duktape.c: Date.parse patch failed"; exit 1; }
	@test "$$(grep -c 'MARKANDSWEEP_LIMIT && !DUK_USE_EXEC_TIMEOUT_CHECK' $@.tmp)" = 3 || { echo "duktape.c: alloc patch failed"; exit 1; }
	@test "$$(grep -c 'cm_alen' $@.tmp)" = 1 && test "$$(grep -c 'return cm_r; /\* cm_mod' $@.tmp)" = 1 || { echo "duktape.c: length/mod patch failed"; exit 1; }
	@test "$$(grep -c 'return cm__call(thr, idx_func, call_flags); /\* cm_call' $@.tmp)" = 1 && test "$$(grep -c '^#define DUK__CALL_HANDLING_REQUIRE_STACK 8$$' $@.tmp)" = 1 && test "$$(grep -c '^DUK_LOCAL duk_int_t cm__call(' $@.tmp)" = 1 || { echo "duktape.c: call patch failed"; exit 1; }
	@test "$$(grep -c 'cm_grow' $@.tmp)" = 3 && test "$$(grep -c '^DUK_LOCAL duk_small_int_t cm_props_realloc(' $@.tmp)" = 1 || { echo "duktape.c: array growth patch failed"; exit 1; }
	@test "$$(grep -c 'cm_jsonnum' $@.tmp)" = 5 || { echo "duktape.c: JSON number patch failed"; exit 1; }
	@test "$$(grep -c 'cm_jsonobj' $@.tmp)" = 5 || { echo "duktape.c: JSON object patch failed"; exit 1; }
	@test "$$(grep -c 'cm_concat' $@.tmp)" = 1 || { echo "duktape.c: concat patch failed"; exit 1; }
	@test "$$(grep -c 'cm_bigzero' $@.tmp)" = 2 || { echo "duktape.c: ToBoolean patch failed"; exit 1; }
	@test "$$(grep -c 'cm_getvar \*/$$' $@.tmp)" = 4 && test "$$(grep -c 'cm_getvar: the value, and no this' $@.tmp)" = 1 && test "$$(grep -c '(void) cm_getvar_duktape(thr, act, name);' $@.tmp)" = 2 && test "$$(grep -c 'cm_getvar: engine/host/duk_getvar.inc' $@.tmp)" = 2 || { echo "duktape.c: getvar patch failed"; exit 1; }
	@test "$$(grep -c '/\* cm_getprop \*/ \\$$' $@.tmp)" = 3 && test "$$(grep -c 'cm_getprop: engine/host/duk_getprop.inc' $@.tmp)" = 1 || { echo "duktape.c: getprop patch failed"; exit 1; }
	mv $@.tmp $@

# Third-party code: its own relaxed flags, never the project's -Werror.
$(DUK_OBJ): $(BUILD)/duktape/duktape.c $(BUILD)/gen/duk_config.h $(BUILD)/gen/duktape.h
	@mkdir -p $(dir $@)
	$(CC) $(DUK_CFLAGS) -c -o $@ $<

GEN_HEADERS += $(BUILD)/gen/duk_config.h $(BUILD)/gen/duktape.h

# --- The runtime prelude ------------------------------------------------------
# build/gen/cm_spec.js (the spec constants) then engine/runtime/*.js in name
# order, compiled once by build/tools/preludec into C arrays of bytecode: the
# core, and one array per lazy group (files that open with
# `this.__cm.P.group('NAME', ...)`, loaded on first use; engine/runtime/RUNTIME.md).
# build/gen/prelude.js, the plain concatenation, is only a debugging aid.
PRELUDE_SPEC_JS = $(BUILD)/gen/cm_spec.js
PRELUDE_JS = $(sort $(wildcard engine/runtime/*.js))
PRELUDEC = $(BUILD)/tools/preludec
PRELUDE_OBJ = $(BUILD)/obj/gen/cm_prelude.o

# spec/module.mk owns the rule for cm_spec.js; until it has one, an empty file.
ifeq ($(shell grep -l 'cm_spec\.js' spec/module.mk 2>/dev/null),)
$(PRELUDE_SPEC_JS):
	@mkdir -p $(dir $@)
	: > $@
endif

# engine/runtime itself is a prerequisite: its mtime changes when a file is removed.
$(BUILD)/gen/prelude.js: $(PRELUDE_SPEC_JS) $(PRELUDE_JS) engine/runtime
	@mkdir -p $(dir $@)
	awk 'FNR == 1 { print "/* " FILENAME " */" } { print }' $(PRELUDE_SPEC_JS) $(PRELUDE_JS) > $@.tmp
	mv $@.tmp $@

$(PRELUDEC): $(BUILD)/obj/engine/tools/preludec.o $(BUILD)/obj/engine/tools/file.o $(DUK_OBJ) $(BUILD)/obj/engine/host/date_parse.o $(BUILD)/obj/engine/host/numconv.o $(BUILD)/obj/engine/host/jsondiag.o
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm

$(BUILD)/gen/cm_prelude.c: $(PRELUDE_SPEC_JS) $(PRELUDE_JS) engine/runtime $(PRELUDEC)
	$(PRELUDEC) $@ $(PRELUDE_SPEC_JS) $(PRELUDE_JS)

$(PRELUDE_OBJ): INC = $(INC_GEN) -Iengine
$(PRELUDE_OBJ): $(BUILD)/gen/cm_prelude.c | $(GEN_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -c -o $@ $<

$(ENGINE_LIB): $(ENGINE_OBJS) $(DUK_OBJ) $(PRELUDE_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

TEST_LINK_LIBS += $(ENGINE_LIB)
PROGRAMS += $(ENGINE_LIB)

# --- Programs -----------------------------------------------------------------
# build/codemode-run: runs one file (--script: a classic script; default: an
# entry `async () => ...`; --request: a whole ExecuteRequest with canned
# answers), see engine/run/codemode_run.c.
# The request file, the canned host, the request runner and the file reader
# as a library, so their suites link them like any other suite's code.
RUN_LIB = $(BUILD)/libcmrun.a
RUN_OBJS = $(patsubst %.c,$(BUILD)/obj/%.o,$(filter-out engine/run/codemode_run.c,$(wildcard engine/run/*.c)))
$(RUN_LIB): $(RUN_OBJS) $(BUILD)/obj/engine/tools/file.o
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^
TEST_LINK_LIBS := $(RUN_LIB) $(TEST_LINK_LIBS)
$(BUILD)/codemode-run: $(BUILD)/obj/engine/run/codemode_run.o $(RUN_LIB) $(ENGINE_LIB) $(PROTO_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL) $(ENGINE_LIBS)
PROGRAMS += $(BUILD)/codemode-run

# build/bench/engine_bench: lowering speed, heap+prelude cost, fresh-heap
# memory, source-to-result latency (make bench).
$(BUILD)/bench/engine_bench: $(BUILD)/obj/engine/bench/engine_bench.o $(RUN_LIB) $(ENGINE_LIB) $(PROTO_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL) $(ENGINE_LIBS)
BENCH_PROGS += $(BUILD)/bench/engine_bench

# build/bench/rx_bench: rx against Duktape's RegExp on typical patterns.
$(BUILD)/bench/rx_bench: $(BUILD)/obj/engine/bench/rx_bench.o $(ENGINE_LIB) $(PROTO_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL) $(ENGINE_LIBS)
BENCH_PROGS += $(BUILD)/bench/rx_bench

# build/tools/lowerc: prints the ES5.1 a file lowers to (a debugging aid).
$(BUILD)/tools/lowerc: $(BUILD)/obj/engine/tools/lowerc.o $(BUILD)/obj/engine/tools/file.o $(ENGINE_LIB) $(PROTO_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL) $(ENGINE_LIBS)
PROGRAMS += $(BUILD)/tools/lowerc
