/*
 * __cm_native: now, print, printErr, hiddenKey, fname, isConstructor, symDesc,
 * arrayGuard (duk_array.inc), standIn (duk_builtins.inc), valueText
 * (duk_errtext.inc), bigZero (duk_bigint.inc), ownSlot (duk_slots.inc),
 * objSpread and spreadSlow (duk_spread.inc),
 * noCtor, bufClass, bufDetach, arrPlain, taLength, taLen and taLenPlain
 * (duk_buffer.inc),
 * configurable, lower, sort (arrsort.c), the
 * RegExp natives (rxhost.c), the crypto natives (crypto.c), the ICU natives
 * (icu.c), and the
 * script-mode printer behind the globals print and console.*.
 */
#include <stdlib.h>
#include <string.h>

#include "arrsort.h"
#include "bigint.h"
#include "cesu.h"
#include "collate.h"
#include "crypto.h"
#include "front/lower.h"
#include "icu.h"
#include "natives.h"
#include "rxhost.h"
#include "tz.h"
#include "unorm.h"

/* The owner's table, set by natives_push; the same for every heap. */
static const struct natives_host *natives_host;

/* The heap's allocator udata: what the owner's table takes. */
static void *
natives_udata(duk_context *ctx)
{
	duk_memory_functions mf;

	duk_get_memory_functions(ctx, &mf);
	return mf.udata;
}

static int
natives_stopped(duk_context *ctx)
{
	return natives_host->stopped(natives_udata(ctx));
}

static void
natives_write(duk_context *ctx, int stream, const char *s, size_t len)
{
	natives_host->write(natives_udata(ctx), stream, s, len);
}

/* now(): monotonic milliseconds, fractional. */
static duk_ret_t
natives_now(duk_context *ctx)
{
	duk_push_number(ctx, natives_host->now_ms());
	return 1;
}

/* print(str) / printErr(str): one line to stream 1 / 2 (magic). */
static duk_ret_t
natives_print(duk_context *ctx)
{
	const char *s;
	duk_size_t len;

	if (natives_stopped(ctx))
		return 0;
	duk_set_top(ctx, 1);
	duk_safe_to_string(ctx, 0);
	duk_push_lstring(ctx, "\n", 1);
	duk_concat(ctx, 2);
	s = duk_get_lstring(ctx, 0, &len);
	/* One write per line, so a sink sees whole lines. */
	natives_write(ctx, duk_get_current_magic(ctx), s, len);
	return 0;
}

/*
 * hiddenKey(name): a Duktape hidden symbol (0xFF then the name), a property
 * key no enumeration, JSON or Reflect.ownKeys shows and user code cannot
 * forge. Only the prelude can call it: 99_seal.js deletes __cm_native.
 */
static duk_ret_t
natives_hidden_key(duk_context *ctx)
{
	const char *name;
	duk_size_t len;
	char *buf;

	name = duk_require_lstring(ctx, 0, &len);
	if (len == 0 || len > 200)
		return duk_error(
		    ctx, DUK_ERR_RANGE_ERROR, "hiddenKey: bad name length");
	buf = duk_push_fixed_buffer(ctx, len + 1);
	buf[0] = (char)0xff;
	memcpy(buf + 1, name, len);
	duk_buffer_to_string(ctx, -1);
	return 1;
}

/* isConstructor(v): IsConstructor, which no ES5 expression can ask safely. */
static duk_ret_t
natives_is_constructor(duk_context *ctx)
{
	duk_push_boolean(ctx, duk_is_constructable(ctx, 0));
	return 1;
}

/*
 * isCFunction(v): whether v is one of Duktape's C functions. Since every
 * function's toString reads "[native code]" (engine/module.mk), this is how
 * the lowering tells Duktape's built-in constructors from script ones.
 */
static duk_ret_t
natives_is_c_function(duk_context *ctx)
{
	duk_push_boolean(ctx, duk_is_c_function(ctx, 0));
	return 1;
}

/*
 * symDesc(sym): a symbol's [[Description]], undefined for Symbol() and ""
 * for Symbol(""), which Symbol.prototype.toString prints alike. Duktape
 * keeps the difference in the symbol's bytes: a local symbol is 0x81,
 * the description, 0xff and a unique suffix, and one made without a
 * description ends in a second 0xff; a registered one is 0x80 and the
 * key; a well-known one 0x81, the description and a final 0xff.
 */
static duk_ret_t
natives_sym_desc(duk_context *ctx)
{
	const unsigned char *b, *ff;
	duk_size_t len;

	if (!duk_is_symbol(ctx, 0))
		return duk_error(ctx, DUK_ERR_TYPE_ERROR, "not a symbol");
	b = (const unsigned char *)duk_get_lstring(ctx, 0, &len);
	if (b == NULL || len < 1)
		return 0;
	if (b[0] == 0x80) {
		duk_push_lstring(ctx, (const char *)b + 1, len - 1);
		return 1;
	}
	if (len > 2 && b[1] == 0xff && b[len - 1] == 0xff)
		return 0; /* Symbol(): undefined */
	ff = memchr(b + 1, 0xff, len - 1);
	duk_push_lstring(ctx, (const char *)b + 1,
	    ff != NULL ? (duk_size_t)(ff - b - 1) : len - 1);
	return 1;
}

/* In the Duktape build: engine/host/duk_builtins.inc. */
duk_bool_t cm_duk_push_stand_in(duk_context *, duk_int_t);

/*
 * standIn(which): a new Object.prototype.toString (0) or JSON.stringify
 * (1) that calls Duktape's native and corrects its result, the host's
 * stringify of plain data (2: the text, or undefined where Duktape's fast
 * path gives up) or its parse of an answer's envelope (3)
 * (duk_builtins.inc); undefined for any other number.
 */
static duk_ret_t
natives_stand_in(duk_context *ctx)
{
	return cm_duk_push_stand_in(ctx, duk_to_int(ctx, 0)) ? 1 : 0;
}

/* In the Duktape build: engine/host/duk_array.inc. */
duk_bool_t cm_duk_array_guard(duk_context *, duk_idx_t, duk_idx_t);

/*
 * arrayGuard(native, generic): the stand-in for one of Duktape's ES5
 * Array.prototype natives that calls it for an Array `this` and generic
 * for any other (duk_array.inc); undefined for a function it does not
 * know. Only the prelude reaches it (engine/runtime/25_array.js).
 */
static duk_ret_t
natives_array_guard(duk_context *ctx)
{
	duk_set_top(ctx, 2);
	return cm_duk_array_guard(ctx, 0, 1) ? 1 : 0;
}

/* In the Duktape build: engine/host/duk_noctor.inc, appended by
 * engine/module.mk. */
void cm_duk_make_noctor(duk_context *, duk_idx_t, duk_int_t);

/* In the Duktape build: engine/host/duk_errtext.inc. */
void cm_duk_push_value_text(duk_context *, duk_idx_t);

/* In the Duktape build: engine/host/duk_bigint.inc. */
void cm_duk_big_zero(duk_context *, duk_idx_t);

/*
 * valueText(v): v as V8 writes a value in an error's text (#<Foo>, x,
 * Symbol(s), [object Array]), read without running guest code.
 */
static duk_ret_t
natives_value_text(duk_context *ctx)
{
	duk_set_top(ctx, 1);
	cm_duk_push_value_text(ctx, 0);
	return 1;
}

/* bigZero(o): o, 0n's one object, is falsy from now on (duk_bigint.inc). */
static duk_ret_t
natives_big_zero(duk_context *ctx)
{
	duk_set_top(ctx, 1);
	if (duk_is_object(ctx, 0))
		cm_duk_big_zero(ctx, 0);
	return 0;
}

/*
 * noCtor(v, mode) -> v: the prelude's built-in methods become no
 * constructors without a `prototype`; mode 0 v itself, 1 its methods, 2 a
 * constructor's or namespace's, 3 the global object's (duk_noctor.inc).
 * Unreachable after 99_seal.js deletes __cm_native; 31_lazy.js keeps it
 * in a closure for the groups' globals.
 */
static duk_ret_t
natives_no_ctor(duk_context *ctx)
{
	duk_set_top(ctx, 2);
	if (duk_is_object(ctx, 0))
		cm_duk_make_noctor(ctx, 0, duk_get_int(ctx, 1));
	duk_set_top(ctx, 1);
	return 1;
}

/* In the Duktape build: engine/host/duk_buffer.inc, appended by
 * engine/module.mk. */
duk_int_t cm_duk_buffer_class(duk_context *, duk_idx_t);
duk_bool_t cm_duk_buffer_detach(duk_context *, duk_idx_t);
/* magic 0: get %TypedArray%.prototype.length; 1: taLen(v), the length of
 * a typed array, undefined for anything else; 2: taLenPlain(v), the same
 * where `v.length` reads it unchanged (cm_talen) */
duk_ret_t cm_duk_ta_length(duk_context *);
duk_bool_t cm_duk_array_plain(duk_context *, duk_idx_t);

/* In the Duktape build: engine/host/duk_slots.inc. */
void cm_duk_push_own_slot(duk_context *, duk_idx_t, duk_idx_t);

/* In the Duktape build: engine/host/duk_spread.inc. */
duk_bool_t cm_duk_spread(duk_context *, duk_idx_t, duk_idx_t, duk_bool_t);

/*
 * bufClass(v) -> 0 no buffer object, 1 ArrayBuffer, 2 DataView, 3 a typed
 * array: the internal slots the spec's checks ask for, which neither
 * instanceof nor Object.prototype.toString can tell from a look-alike.
 */
static duk_ret_t
natives_buf_class(duk_context *ctx)
{
	duk_push_int(ctx, cm_duk_buffer_class(ctx, 0));
	return 1;
}

/*
 * bufDetach(arrayBuffer) -> true if it was one: DetachArrayBuffer, for
 * ArrayBuffer.prototype.transfer (engine/runtime/38_buffer.js). Every view
 * over it reads as out of bounds from then on (duk_buffer.inc).
 */
static duk_ret_t
natives_buf_detach(duk_context *ctx)
{
	duk_push_boolean(ctx, cm_duk_buffer_detach(ctx, 0));
	return 1;
}

/*
 * arrPlain(v) -> true if v is an Array whose elements are all present and
 * none is an object: ToNumber of them runs no guest code (duk_buffer.inc).
 */
static duk_ret_t
natives_arr_plain(duk_context *ctx)
{
	duk_push_boolean(ctx, cm_duk_array_plain(ctx, 0));
	return 1;
}

/*
 * ownSlot(obj, key) -> the value of obj's own data property key, else
 * undefined (an object inheriting an iterator's hidden slots has none of
 * its own): the internal-slot checks of the iterators' and generators'
 * methods (20_iter.js, 22_collections.js, 15_coro.js).
 */
static duk_ret_t
natives_own_slot(duk_context *ctx)
{
	cm_duk_push_own_slot(ctx, 0, 1);
	return 1;
}

/*
 * objSpread(target, segment...) -> target, with each segment's own
 * properties copied on as `{...src}` copies them: the odd ones are the
 * sources, the even ones the lowering's literal segments, copied with
 * their accessors ({a, ...x, get b() {}} is objSpread({a}, x,
 * {get b() {}})). A source the engine does not copy itself (a Proxy, a
 * String, a typed array: duk_spread.inc) goes to the function
 * spreadSlow(fn) stored, 50_lower.js's copy through descriptors. In C,
 * with no arguments object, because a spread in a loop is common.
 */
#define NATIVES_SPREAD_SLOW "cmSpreadSlow"

static duk_ret_t
natives_obj_spread(duk_context *ctx)
{
	duk_idx_t i, n = duk_get_top(ctx);

	duk_require_object(ctx, 0);
	for (i = 1; i < n; i++) {
		if (duk_is_null_or_undefined(ctx, i))
			continue;
		duk_to_object(ctx, i);
		if (cm_duk_spread(ctx, 0, i, i % 2 == 0))
			continue;
		duk_push_heap_stash(ctx);
		duk_get_prop_string(ctx, -1, NATIVES_SPREAD_SLOW);
		duk_remove(ctx, -2);
		duk_dup(ctx, 0);
		duk_dup(ctx, i);
		duk_push_boolean(ctx, i % 2 == 0);
		duk_call(ctx, 3);
		duk_pop(ctx);
	}
	duk_dup(ctx, 0);
	return 1;
}

/* spreadSlow(fn): objSpread's copy for the sources it leaves to the
 * prelude, fn(target, src, literal). */
static duk_ret_t
natives_spread_slow(duk_context *ctx)
{
	duk_require_function(ctx, 0);
	duk_push_heap_stash(ctx);
	duk_dup(ctx, 0);
	duk_put_prop_string(ctx, -2, NATIVES_SPREAD_SLOW);
	return 0;
}

/*
 * configurable(obj, key): makes Duktape's own non-configurable property
 * configurable (DUK_DEFPROP_FORCE), so the prelude can redefine a built-in
 * accessor Duktape made so where the spec has it configurable (the
 * byteLength, byteOffset and buffer getters). Only the prelude reaches it.
 */
static duk_ret_t
natives_configurable(duk_context *ctx)
{
	duk_set_top(ctx, 2);
	if (duk_is_object(ctx, 0)) {
		duk_def_prop(ctx, 0,
		    DUK_DEFPROP_HAVE_CONFIGURABLE | DUK_DEFPROP_CONFIGURABLE |
			DUK_DEFPROP_FORCE);
	}
	return 0;
}

/*
 * fname(fn, name) -> fn: ES2015 SetFunctionName for lowered functions, an
 * own `name` that is non-writable, non-enumerable and configurable. A C
 * function because it runs at every named closure creation: no ES
 * activation and no descriptor object.
 */
static duk_ret_t
natives_fname(duk_context *ctx)
{
	duk_set_top(ctx, 2);
	if (duk_is_function(ctx, 0)) {
		duk_push_string(ctx, "name");
		duk_dup(ctx, 1);
		duk_def_prop(ctx, 0,
		    DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_CLEAR_WRITABLE |
			DUK_DEFPROP_CLEAR_ENUMERABLE |
			DUK_DEFPROP_SET_CONFIGURABLE);
	}
	duk_set_top(ctx, 1);
	return 1;
}

/*
 * lower(source, flags, serial, renames): lowers code for eval or Function
 * at run time (lower.h LOWER_F_* flags; renames: [name, text, ...], see
 * lower_source_opts). Returns the ES5.1 text, or with LOWER_F_EVAL {code,
 * vars: [names the code declares with var/function]}; throws SyntaxError.
 */
static duk_ret_t
natives_lower(duk_context *ctx)
{
	struct lower_result lr;
	const char *src, *p, *nl, *outer[128];
	duk_size_t len, n = 0;
	unsigned flags = (unsigned)duk_get_uint(ctx, 1);
	duk_uarridx_t i = 0;
	int rc;

	duk_set_top(ctx, 4);
	src = duk_require_lstring(ctx, 0, &len);
	/* the strings stay alive in the array argument during the call */
	if (duk_is_array(ctx, 3)) {
		n = duk_get_length(ctx, 3) & ~(duk_size_t)1;
		if (n > sizeof(outer) / sizeof(outer[0]))
			n = sizeof(outer) / sizeof(outer[0]);
		for (i = 0; i < n; i++) {
			duk_get_prop_index(ctx, 3, i);
			outer[i] = duk_is_string(ctx, -1)
			    ? duk_get_string(ctx, -1)
			    : "";
			duk_pop(ctx);
		}
		i = 0;
	}
	rc = lower_source_opts(src, len,
	    flags &
		(LOWER_F_STRICT | LOWER_F_EVAL | LOWER_F_THIS | LOWER_F_ARGS),
	    (unsigned)duk_get_uint(ctx, 2), outer, n / 2, &lr);
	if (rc != 0) {
		p = lr.error;
		if (strncmp(p, "SyntaxError: ", 13) == 0)
			p += 13;
		return duk_error(ctx,
		    strncmp(lr.error, "RangeError", 10) == 0
			? DUK_ERR_RANGE_ERROR
			: DUK_ERR_SYNTAX_ERROR,
		    "%s", p);
	}
	duk_push_lstring(ctx, lr.code, lr.code_len);
	free(lr.code);
	if (!(flags & LOWER_F_EVAL)) {
		free(lr.vars);
		return 1;
	}
	duk_push_object(ctx);
	duk_swap(ctx, -2, -1);
	duk_put_prop_string(ctx, -2, "code");
	duk_push_array(ctx);
	for (p = lr.vars; p != NULL && (nl = strchr(p, '\n')) != NULL;
	     p = nl + 1) {
		duk_push_lstring(ctx, p, (duk_size_t)(nl - p));
		duk_put_prop_index(ctx, -2, i++);
	}
	free(lr.vars);
	duk_put_prop_string(ctx, -2, "vars");
	return 1;
}

/* Appends c (a code unit or code point) to b as CESU-8; returns the new k. */
static size_t
natives_cesu8(unsigned char *b, size_t k, uint32_t c)
{
	if (c >= 0x10000) {
		uint32_t hi = 0xd800 + ((c - 0x10000) >> 10);

		b[k++] = (unsigned char)(0xe0 | (hi >> 12));
		b[k++] = (unsigned char)(0x80 | ((hi >> 6) & 0x3f));
		b[k++] = (unsigned char)(0x80 | (hi & 0x3f));
		c = 0xdc00 + ((c - 0x10000) & 0x3ff);
	}
	if (c < 0x80) {
		b[k++] = (unsigned char)c;
	} else if (c < 0x800) {
		b[k++] = (unsigned char)(0xc0 | (c >> 6));
		b[k++] = (unsigned char)(0x80 | (c & 0x3f));
	} else {
		b[k++] = (unsigned char)(0xe0 | (c >> 12));
		b[k++] = (unsigned char)(0x80 | ((c >> 6) & 0x3f));
		b[k++] = (unsigned char)(0x80 | (c & 0x3f));
	}
	return k;
}

/*
 * The code points of s (blen bytes of CESU-8 or UTF-8, clen code units)
 * into cp, which holds clen; a surrogate pair is joined, a lone surrogate
 * kept. Returns how many.
 */
static size_t
natives_points(const unsigned char *s, size_t blen, size_t clen, uint32_t *cp)
{
	size_t i, n = 0;
	uint32_t c;

	for (i = 0; i < blen && n < clen;) {
		c = cesu_next(s, blen, &i);
		if ((c & 0xfc00) == 0xdc00 && n > 0 &&
		    (cp[n - 1] & 0xfc00) == 0xd800)
			cp[n - 1] = 0x10000 + ((cp[n - 1] - 0xd800) << 10) +
			    (c - 0xdc00);
		else
			cp[n++] = c;
	}
	return n;
}

/*
 * Replaces the string at idx with its normalization under form
 * (engine/host/unorm.c); leaves it when no code point of it can change.
 * Duktape keeps CESU-8: each sequence is one code unit (a 4-byte one, a
 * code point that came in as UTF-8, is one code point); a surrogate pair
 * is joined before normalizing and split again after, a lone surrogate is
 * left as it is. The buffers are Duktape's, charged to the memory limit.
 */
static void
natives_norm(duk_context *ctx, duk_idx_t idx, enum unorm_form form)
{
	const unsigned char *s;
	duk_size_t blen, clen, i;
	size_t n = 0, len, k = 0;
	uint32_t *cp, *out;
	unsigned char *b;

	idx = duk_require_normalize_index(ctx, idx);
	s = (const unsigned char *)duk_require_lstring(ctx, idx, &blen);
	clen = duk_get_length(ctx, idx);
	if (blen == clen)
		return;
	cp = duk_push_fixed_buffer(ctx, clen * sizeof(*cp));
	n = natives_points(s, blen, clen, cp);
	if (unorm_is_trivial(cp, n, form)) {
		duk_pop(ctx);
		return;
	}
	len = unorm_decomposed_len(cp, n, form);
	out = duk_push_fixed_buffer(ctx, len * sizeof(*out));
	len = unorm_normalize(cp, n, form, out);
	b = duk_push_fixed_buffer(ctx, len * 6);
	for (i = 0; i < len; i++)
		k = natives_cesu8(b, k, out[i]);
	duk_push_lstring(ctx, (const char *)b, k);
	duk_replace(ctx, idx);
	duk_pop_3(ctx);
}

/* normalize(s, form): s in form 0 NFC, 1 NFD, 2 NFKC, 3 NFKD. */
static duk_ret_t
natives_normalize(duk_context *ctx)
{
	int form = duk_require_int(ctx, 1);

	duk_require_string(ctx, 0);
	if (form < UNORM_NFC || form > UNORM_NFKD)
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "bad form");
	natives_norm(ctx, 0, (enum unorm_form)form);
	duk_set_top(ctx, 1);
	return 1;
}

/*
 * The `this` of a String.prototype method, which the prelude's method
 * passes as argument idx (a C function would be a constructor: Duktape's
 * API makes no other kind), as a string: RequireObjectCoercible, then
 * ToString, which throws for a Symbol.
 */
static void
natives_this_string(duk_context *ctx, duk_idx_t idx, const char *name)
{
	if (duk_is_null_or_undefined(ctx, idx))
		(void)duk_error(ctx, DUK_ERR_TYPE_ERROR,
		    "String.prototype.%s called on null or undefined", name);
	duk_to_string(ctx, idx);
}

/*
 * String idx as its NFD code points: in local (local_len of them) for a
 * short ASCII string, which is its own NFD, else in a buffer pushed on
 * the stack (Duktape's, charged to the memory limit); *n their count.
 */
static const uint32_t *
natives_nfd_points(duk_context *ctx, duk_idx_t idx, size_t *n, uint32_t *local,
    size_t local_len)
{
	const unsigned char *s;
	duk_size_t blen, clen, i;
	uint32_t *cp, *out;
	size_t k = 0, len;

	idx = duk_require_normalize_index(ctx, idx);
	s = (const unsigned char *)duk_require_lstring(ctx, idx, &blen);
	clen = duk_get_length(ctx, idx);
	/* A short ASCII string, what a sort mostly compares: no buffer. */
	if (blen == clen && clen <= local_len) {
		for (i = 0; i < blen; i++)
			local[i] = s[i];
		*n = blen;
		return local;
	}
	cp = duk_push_fixed_buffer(ctx, (clen ? clen : 1) * sizeof(*cp));
	k = natives_points(s, blen, clen, cp);
	if (blen == clen || unorm_is_trivial(cp, k, UNORM_NFD)) {
		*n = k;
		return cp;
	}
	len = unorm_decomposed_len(cp, k, UNORM_NFD);
	out = duk_push_fixed_buffer(ctx, (len ? len : 1) * sizeof(*out));
	*n = unorm_normalize(cp, k, UNORM_NFD, out);
	duk_remove(ctx, -2);
	return out;
}

/*
 * localeCompare(this, that, locales, options): the root collation's broad
 * order (collate.c) over the NFD forms, so canonically equivalent strings
 * compare equal as the spec requires. Given locales or options, the
 * prelude's function (setCollatorFlags) turns them into collate.h's flags
 * as Intl.Collator reads them; a number in place of locales is flags
 * already (Intl.Collator's compare). In C, and the options' test too:
 * sorts call it often. The prelude's method passes its `this` first.
 */
static duk_ret_t
natives_locale_compare(duk_context *ctx)
{
	uint32_t la[64], lb[64];
	const uint32_t *a, *b;
	size_t an, bn;
	unsigned flags = COLLATE_VARIANT;

	duk_set_top(ctx, 4);
	natives_this_string(ctx, 0, "localeCompare");
	duk_to_string(ctx, 1);
	if (duk_is_number(ctx, 2))
		flags = (unsigned)duk_to_uint32(ctx, 2);
	else if (!duk_is_undefined(ctx, 2) || !duk_is_undefined(ctx, 3)) {
		duk_push_global_stash(ctx);
		duk_get_prop_string(ctx, -1, "collatorFlags");
		duk_dup(ctx, 2);
		duk_dup(ctx, 3);
		duk_call(ctx, 2);
		/* [locale, flags]: another locale's collation, ICU's */
		if (duk_is_array(ctx, -1)) {
			duk_get_prop_index(ctx, -1, 0);
			duk_get_prop_index(ctx, -2, 1);
			duk_push_int(ctx,
			    icu_compare(ctx, 0, 1, duk_require_string(ctx, -2),
				duk_to_uint32(ctx, -1)));
			return 1;
		}
		flags = (unsigned)duk_to_uint32(ctx, -1);
		duk_pop_2(ctx);
	}
	a = natives_nfd_points(ctx, 0, &an, la, 64);
	b = natives_nfd_points(ctx, 1, &bn, lb, 64);
	duk_push_int(ctx, collate_compare(a, an, b, bn, flags));
	return 1;
}

/*
 * tzLocal(name, t): local time in the tzdata zone or link called name
 * (any case) at time value t (ms): [offset in seconds east of UTC, isdst,
 * abbreviation, the zone's name in tzdata (a link's target)], or
 * undefined for no such zone.
 */
static duk_ret_t
natives_tz_local(duk_context *ctx)
{
	struct tz_local l;
	double t = duk_to_number(ctx, 1);
	int zone = tz_find(duk_require_string(ctx, 0));

	if (zone < 0)
		return 0;
	tz_local_at(zone, t / 1000, &l);
	duk_push_array(ctx);
	duk_push_int(ctx, l.utoff);
	duk_put_prop_index(ctx, -2, 0);
	duk_push_boolean(ctx, l.isdst);
	duk_put_prop_index(ctx, -2, 1);
	duk_push_string(ctx, l.abbr);
	duk_put_prop_index(ctx, -2, 2);
	duk_push_string(ctx, tz_zone_name(zone));
	duk_put_prop_index(ctx, -2, 3);
	return 1;
}

/* setCollatorFlags(fn): fn(locales, options) answers collate.h's flags. */
static duk_ret_t
natives_set_collator_flags(duk_context *ctx)
{
	duk_require_callable(ctx, 0);
	duk_push_global_stash(ctx);
	duk_dup(ctx, 0);
	duk_put_prop_string(ctx, -2, "collatorFlags");
	return 0;
}

/*
 * String.fromCharCode(...codeUnits): ToUint16 of each argument (Duktape's
 * own applies ToUint32 and makes a non-BMP code point of the rest).
 */
static duk_ret_t
natives_from_char_code(duk_context *ctx)
{
	duk_idx_t n = duk_get_top(ctx), i;
	unsigned char sb[96], *b = sb;
	size_t k = 0;

	if ((size_t)n * 3 > sizeof(sb))
		b = duk_push_fixed_buffer(ctx, (size_t)n * 3);
	for (i = 0; i < n; i++)
		k = natives_cesu8(b, k, duk_to_uint16(ctx, i));
	duk_push_lstring(ctx, (const char *)b, k);
	return 1;
}

/*
 * toLowerCase / toLocaleLowerCase of the argument: Duktape's own (the current
 * function's hidden `fast`) unless the string holds a capital sigma (U+03A3,
 * CESU-8 CE A3), whose Final_Sigma the prelude's `slow` decides; both are
 * called with the string as `this`. In C so the common case costs one call.
 */
static duk_ret_t
natives_lower_case(duk_context *ctx)
{
	const char *s;
	duk_size_t len;

	duk_set_top(ctx, 1);
	natives_this_string(ctx, 0, "toLowerCase");
	s = duk_get_lstring(ctx, 0, &len);
	duk_push_current_function(ctx);
	duk_get_prop_string(ctx, -1,
	    len >= 2 && memmem(s, len, "\xce\xa3", 2) != NULL
		? DUK_HIDDEN_SYMBOL("slow")
		: DUK_HIDDEN_SYMBOL("fast"));
	duk_dup(ctx, 0);
	duk_call_method(ctx, 0);
	return 1;
}

/* lowerCase(fast, slow, name): a natives_lower_case function named name,
 * called with the method's `this` as its argument. */
static duk_ret_t
natives_make_lower_case(duk_context *ctx)
{
	duk_require_function(ctx, 0);
	duk_require_function(ctx, 1);
	duk_require_string(ctx, 2);
	duk_push_c_function(ctx, natives_lower_case, 1);
	duk_dup(ctx, 0);
	duk_put_prop_string(ctx, -2, DUK_HIDDEN_SYMBOL("fast"));
	duk_dup(ctx, 1);
	duk_put_prop_string(ctx, -2, DUK_HIDDEN_SYMBOL("slow"));
	duk_push_string(ctx, "name");
	duk_dup(ctx, 2);
	duk_def_prop(ctx, -3,
	    DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_CLEAR_WRITABLE |
		DUK_DEFPROP_CLEAR_ENUMERABLE | DUK_DEFPROP_SET_CONFIGURABLE |
		DUK_DEFPROP_FORCE);
	return 1;
}

/* One function on the object at the top: a native whose magic picks its
 * variant. */
static void
natives_put(duk_context *ctx, duk_c_function fn, duk_idx_t nargs, int magic,
    const char *name)
{
	duk_push_c_function(ctx, fn, nargs);
	duk_set_magic(ctx, -1, magic);
	duk_put_prop_string(ctx, -2, name);
}

void
natives_push(duk_context *ctx, const struct natives_host *host, int with_print)
{
	static const duk_function_list_entry natives[] = {
		{ "hiddenKey", natives_hidden_key, 1 },
		{ "now", natives_now, 0 }, { "fname", natives_fname, 2 },
		{ "isConstructor", natives_is_constructor, 1 },
		{ "isCFunction", natives_is_c_function, 1 },
		{ "symDesc", natives_sym_desc, 1 },
		{ "standIn", natives_stand_in, 1 },
		{ "arrayGuard", natives_array_guard, 2 },
		{ "noCtor", natives_no_ctor, 2 }, { "lower", natives_lower, 4 },
		{ "valueText", natives_value_text, 1 },
		{ "bigZero", natives_big_zero, 1 },
		{ "bufClass", natives_buf_class, 1 },
		{ "bufDetach", natives_buf_detach, 1 },
		{ "arrPlain", natives_arr_plain, 1 },
		{ "ownSlot", natives_own_slot, 2 },
		{ "objSpread", natives_obj_spread, DUK_VARARGS },
		{ "spreadSlow", natives_spread_slow, 1 },
		{ "configurable", natives_configurable, 2 },
		{ "normalize", natives_normalize, 2 },
		{ "localeCompare", natives_locale_compare, 4 },
		{ "setCollatorFlags", natives_set_collator_flags, 1 },
		{ "tzLocal", natives_tz_local, 2 },
		{ "fromCharCode", natives_from_char_code, DUK_VARARGS },
		{ "lowerCase", natives_make_lower_case, 3 }, { NULL, NULL, 0 }
	};

	natives_host = host;
	duk_push_object(ctx);
	duk_put_function_list(ctx, -1, natives);
	arrsort_install(ctx, -1);
	crypto_install(ctx, -1);
	icu_install(ctx, -1);
	bigint_install(ctx, -1);
	natives_put(ctx, cm_duk_ta_length, 0, 0, "taLength");
	natives_put(ctx, cm_duk_ta_length, 1, 1, "taLen");
	natives_put(ctx, cm_duk_ta_length, 1, 2, "taLenPlain");
	rxhost_install(ctx, -1, host);
	if (with_print) {
		natives_put(ctx, natives_print, 1, 1, "print");
		natives_put(ctx, natives_print, 1, 2, "printErr");
	}
}

/* print(...args): ToString of each argument, space-separated, one line. */
static duk_ret_t
natives_printer(duk_context *ctx)
{
	duk_idx_t i, n = duk_get_top(ctx);
	const char *s;
	duk_size_t len;

	for (i = 0; i < n; i++)
		duk_to_string(ctx, i);
	if (natives_stopped(ctx))
		return 0;
	duk_push_lstring(ctx, " ", 1);
	duk_insert(ctx, 0);
	duk_join(ctx, n);
	duk_push_lstring(ctx, "\n", 1);
	duk_concat(ctx, 2);
	s = duk_get_lstring(ctx, -1, &len);
	natives_write(ctx, 1, s, len);
	return 0;
}

void
natives_push_printer(duk_context *ctx)
{
	duk_push_c_function(ctx, natives_printer, DUK_VARARGS);
}

/* The console sink of script mode: sink(level, text) writes text as a line to
 * stream 1. */
static duk_ret_t
natives_sink(duk_context *ctx)
{
	const char *s;
	duk_size_t len;

	if (natives_stopped(ctx))
		return 0;
	duk_set_top(ctx, 2);
	duk_safe_to_string(ctx, 1);
	duk_push_lstring(ctx, "\n", 1);
	duk_concat(ctx, 2);
	s = duk_get_lstring(ctx, -1, &len);
	natives_write(ctx, 1, s, len);
	return 0;
}

void
natives_push_sink(duk_context *ctx)
{
	duk_push_c_function(ctx, natives_sink, 2);
}
