/*
 * The RegExp natives: engine/regexp/ programs held by JS objects, run on
 * UTF-16 views of Duktape strings. See rxhost.h.
 */
#include <stdint.h>
#include <string.h>

#include "cesu.h"
#include "natives.h"
#include "regexp/rx.h"
#include "rxhost.h"

/*
 * The matcher's backtracking stack may grow to this before rx_exec gives up
 * with RX_ESTACK (a catchable RangeError, engine/runtime/RUNTIME.md). Every
 * byte of it is charged to the heap's memory limit first, so a run with a
 * lower limit ends out of memory before it gets here.
 */
#define RXHOST_MAX_STACK (64u << 20)

/* The hidden key of a holder's program pointer, and of the stash's copy of
 * the cached subject (which keeps it alive while it is cached). */
#define RXHOST_KEY_PROG DUK_HIDDEN_SYMBOL("rxProg")
#define RXHOST_KEY_SUBJ DUK_HIDDEN_SYMBOL("rxSubject")
#define RXHOST_KEY_FIN DUK_HIDDEN_SYMBOL("rxFinalizer")
#define RXHOST_KEY_PROTO DUK_HIDDEN_SYMBOL("rxProto")
#define RXHOST_KEY_CACHE DUK_HIDDEN_SYMBOL("rxLiterals")
/* Programs the literal cache keeps before it starts over. */
#define RXHOST_CACHE_MAX 256
/* 40_regexp.js's private record of a RegExp: P.hidden('RegExpRec'), whose
 * `o` is the RegExp itself and `b` its RX_* bits. */
#define RXHOST_KEY_REC DUK_HIDDEN_SYMBOL("RegExpRec")

static const struct natives_host *rxhost_host;

/*
 * One heap's state, in the heap's own memory (the natives' slot of its
 * owner): it goes with the heap's arena, so a reset heap finds it as the
 * image had it, stash included.
 */
struct rxhost_heap {
	struct rx_alloc alloc; /* first: rx_prog keeps a pointer to it */
	struct rx_limits lim;
	duk_memory_functions mf;
	void *subj; /* heap pointer of the cached subject, or NULL */
	uint16_t *u16; /* its UTF-16 form */
	size_t u16_len, u16_cap;
	int *caps;
	size_t caps_cap;
	/* RegExp.prototype's own getters of flags and the eight flags (kept
	 * alive in the stash), in rxhost_flag_names' order after `flags`. */
	void *getters[9];
};

/* rx_alloc: the heap's allocator, charged to its limit; never a GC. */
static void *
rxhost_realloc(void *opaque, void *p, size_t n)
{
	struct rxhost_heap *h = opaque;

	if (n == 0) {
		if (p != NULL)
			h->mf.free_func(h->mf.udata, p);
		return NULL;
	}
	return h->mf.realloc_func(h->mf.udata, p, n);
}

/* rx_limits.interrupt: the same sticky deadline check Duktape's executor
 * makes (DUK_USE_EXEC_TIMEOUT_CHECK); nonzero ends the match. */
static int
rxhost_interrupt(void *opaque)
{
	struct rxhost_heap *h = opaque;

	return engine_timeout_check(h->mf.udata);
}

static struct rxhost_heap *
rxhost_heap(duk_context *ctx)
{
	duk_memory_functions mf;
	struct rxhost_heap *h;
	void **slot;

	duk_get_memory_functions(ctx, &mf);
	slot = rxhost_host->slot(mf.udata);
	if ((h = *slot) != NULL)
		return h;
	if ((h = mf.alloc_func(mf.udata, sizeof(*h))) == NULL) {
		(void)duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
		return NULL;
	}
	memset(h, 0, sizeof(*h));
	h->mf = mf;
	h->alloc.realloc = rxhost_realloc;
	h->alloc.opaque = h;
	h->lim.interrupt = rxhost_interrupt;
	h->lim.opaque = h;
	h->lim.max_stack_bytes = RXHOST_MAX_STACK;
	h->lim.alloc = &h->alloc;
	*slot = h;
	return h;
}

/*
 * Duktape's string at idx as UTF-16 into *buf (grown with the heap's
 * allocator): Duktape keeps CESU-8 (a surrogate is a 3-byte sequence of its
 * own), so each sequence is one code unit, except a 4-byte one (a code
 * point above U+FFFF that came in as UTF-8), which is two. -1 out of memory.
 */
static int
rxhost_utf16(struct rxhost_heap *h, duk_context *ctx, duk_idx_t idx,
    uint16_t **buf, size_t *cap, size_t *outlen)
{
	const unsigned char *s;
	duk_size_t blen, clen, i;
	size_t n = 0, need;
	uint16_t *u;
	uint32_t c;

	s = (const unsigned char *)duk_get_lstring(ctx, idx, &blen);
	clen = duk_get_length(ctx, idx);
	need = blen + 1;
	if (need > *cap) {
		if ((u = rxhost_realloc(h, *buf, need * sizeof(*u))) == NULL)
			return -1;
		*buf = u;
		*cap = need;
	}
	u = *buf;
	if (blen == clen) {
		for (i = 0; i < blen; i++)
			u[i] = s[i];
		*outlen = blen;
		return 0;
	}
	for (i = 0; i < blen;) {
		/* Duktape's extended forms (no code unit for them) read
		 * U+FFFD; a 4-byte sequence is a pair of code units. */
		c = cesu_next(s, blen, &i);
		if (c > 0xffff && c <= 0x10ffff) {
			c -= 0x10000;
			u[n++] = (uint16_t)(0xd800 + (c >> 10));
			c = 0xdc00 + (c & 0x3ff);
		}
		u[n++] = (uint16_t)c;
	}
	*outlen = n;
	return 0;
}

static unsigned
rxhost_flags(duk_context *ctx, const char *f)
{
	static const char letters[] = "gimsuvyd";
	unsigned bits = 0, bit;
	const char *p;

	for (; *f != '\0'; f++) {
		if ((p = strchr(letters, *f)) == NULL)
			return (unsigned)duk_error(ctx, DUK_ERR_SYNTAX_ERROR,
			    "Invalid flags supplied to RegExp constructor");
		bit = 1u << (p - letters);
		if (bits & bit)
			return (unsigned)duk_error(ctx, DUK_ERR_SYNTAX_ERROR,
			    "Invalid flags supplied to RegExp constructor");
		bits |= bit;
	}
	return bits;
}

/* The holder's finalizer: frees its program once. */
static duk_ret_t
rxhost_finalize(duk_context *ctx)
{
	rx_prog *prog;

	duk_get_prop_string(ctx, 0, RXHOST_KEY_PROG);
	prog = duk_get_pointer(ctx, -1);
	duk_pop(ctx);
	if (prog != NULL) {
		rx_free(prog);
		duk_push_pointer(ctx, NULL);
		duk_put_prop_string(ctx, 0, RXHOST_KEY_PROG);
	}
	return 0;
}

/* rxAlloc(proto) */
static duk_ret_t
rxhost_alloc(duk_context *ctx)
{
	void cm_duk_push_regexp_shell(duk_context *, duk_idx_t);

	duk_require_object(ctx, 0);
	cm_duk_push_regexp_shell(ctx, 0);
	duk_push_string(ctx, "lastIndex");
	duk_push_int(ctx, 0);
	duk_def_prop(ctx, -3,
	    DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_SET_WRITABLE |
		DUK_DEFPROP_CLEAR_ENUMERABLE | DUK_DEFPROP_CLEAR_CONFIGURABLE);
	return 1;
}

/* rxCompile(source, flags) */
static duk_ret_t
rxhost_compile(duk_context *ctx)
{
	struct rxhost_heap *h = rxhost_heap(ctx);
	struct rx_error err;
	const char *src, *flags;
	uint16_t *pat = NULL;
	size_t cap = 0, len = 0;
	duk_size_t slen;
	rx_prog *prog = NULL;
	unsigned bits;
	int rc;

	src = duk_require_lstring(ctx, 0, &slen);
	flags = duk_require_string(ctx, 1);
	bits = rxhost_flags(ctx, flags);
	if (rxhost_utf16(h, ctx, 0, &pat, &cap, &len) != 0)
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
	memset(&err, 0, sizeof(err));
	rc = rx_compile(pat, len, bits, &h->alloc, &prog, &err);
	rxhost_realloc(h, pat, 0);
	if (rc == RX_ENOMEM)
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
	if (rc != 0)
		return duk_error(ctx, DUK_ERR_SYNTAX_ERROR,
		    "Invalid regular expression: /%.*s/%s: %s",
		    (int)(slen > 200 ? 200 : slen), src, flags,
		    err.msg[0] != '\0' ? err.msg : "invalid pattern");
	duk_push_bare_object(ctx);
	duk_push_pointer(ctx, prog);
	duk_put_prop_string(ctx, -2, RXHOST_KEY_PROG);
	duk_push_uint(ctx, bits);
	duk_put_prop_string(ctx, -2, "b");
	duk_push_global_stash(ctx);
	duk_get_prop_string(ctx, -1, RXHOST_KEY_FIN);
	duk_remove(ctx, -2);
	duk_set_finalizer(ctx, -2);
	return 1;
}

/* A capture's text, or undefined. */
static void
rxhost_push_cap(duk_context *ctx, const int *caps, int i)
{
	if (caps[2 * i] < 0) {
		duk_push_undefined(ctx);
		return;
	}
	duk_dup(ctx, 1);
	duk_substring(
	    ctx, -1, (duk_size_t)caps[2 * i], (duk_size_t)caps[2 * i + 1]);
}

/*
 * CreateDataProperty of the value on top under index i / key, on the object
 * at obj: a define, so setters a script put on Array.prototype never run.
 */
static void
rxhost_def_index(duk_context *ctx, duk_idx_t obj, duk_uarridx_t i)
{
	obj = duk_normalize_index(ctx, obj);
	duk_push_uint(ctx, i);
	duk_swap_top(ctx, -2);
	duk_def_prop(ctx, obj,
	    DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_SET_WRITABLE |
		DUK_DEFPROP_SET_ENUMERABLE | DUK_DEFPROP_SET_CONFIGURABLE);
}

static void
rxhost_def_key(duk_context *ctx, duk_idx_t obj, const char *key)
{
	obj = duk_normalize_index(ctx, obj);
	duk_push_string(ctx, key);
	duk_swap_top(ctx, -2);
	duk_def_prop(ctx, obj,
	    DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_SET_WRITABLE |
		DUK_DEFPROP_SET_ENUMERABLE | DUK_DEFPROP_SET_CONFIGURABLE);
}

static void
rxhost_push_pair(duk_context *ctx, const int *caps, int i)
{
	if (caps[2 * i] < 0) {
		duk_push_undefined(ctx);
		return;
	}
	duk_push_array(ctx);
	duk_push_int(ctx, caps[2 * i]);
	rxhost_def_index(ctx, -2, 0);
	duk_push_int(ctx, caps[2 * i + 1]);
	rxhost_def_index(ctx, -2, 1);
}

/*
 * Pushes a group name (UTF-8 from rx.h) as Duktape spells the same name in
 * source: a code point above U+FFFF as a CESU-8 surrogate pair.
 */
static void
rxhost_push_name(duk_context *ctx, const char *name)
{
	const unsigned char *s = (const unsigned char *)name;
	size_t len = strlen(name), i, n = 0;
	unsigned char *out;
	uint32_t c, hi, lo;

	for (i = 0; i < len && s[i] < 0xf0; i++)
		;
	if (i == len) {
		duk_push_lstring(ctx, name, len);
		return;
	}
	/* 4 bytes become 6: at most len * 3 / 2. */
	out = duk_push_fixed_buffer(ctx, len * 2);
	for (i = 0; i < len;) {
		if ((s[i] & 0xf8) == 0xf0 && i + 3 < len) {
			c = ((uint32_t)(s[i] & 0x07) << 18) |
			    ((uint32_t)(s[i + 1] & 0x3f) << 12) |
			    ((uint32_t)(s[i + 2] & 0x3f) << 6) |
			    (s[i + 3] & 0x3f);
			c -= 0x10000;
			hi = 0xd800 + (c >> 10);
			lo = 0xdc00 + (c & 0x3ff);
			out[n++] = (unsigned char)(0xe0 | (hi >> 12));
			out[n++] = (unsigned char)(0x80 | ((hi >> 6) & 0x3f));
			out[n++] = (unsigned char)(0x80 | (hi & 0x3f));
			out[n++] = (unsigned char)(0xe0 | (lo >> 12));
			out[n++] = (unsigned char)(0x80 | ((lo >> 6) & 0x3f));
			out[n++] = (unsigned char)(0x80 | (lo & 0x3f));
			i += 4;
		} else {
			out[n++] = s[i++];
		}
	}
	duk_push_lstring(ctx, (const char *)out, n);
	duk_remove(ctx, -2);
}

/*
 * The groups object (null prototype) of a match, or undefined when the
 * pattern names no group. With duplicate names (in different alternatives)
 * the property takes the first position and the participating group's value,
 * as RegExpBuiltinExec's matchedGroupNames says. pair: the indices' form.
 */
static void
rxhost_push_groups(
    duk_context *ctx, const rx_prog *prog, const int *caps, int ng, int pair)
{
	const char *name;
	int i, any = 0;

	for (i = 1; i < ng; i++) {
		if ((name = rx_group_name(prog, i)) == NULL)
			continue;
		if (!any) {
			duk_push_bare_object(ctx);
			any = 1;
		}
		if (caps[2 * i] < 0) {
			rxhost_push_name(ctx, name);
			if (duk_has_prop(ctx, -2))
				continue;
		}
		rxhost_push_name(ctx, name);
		if (pair)
			rxhost_push_pair(ctx, caps, i);
		else
			rxhost_push_cap(ctx, caps, i);
		duk_put_prop(ctx, -3);
	}
	if (!any)
		duk_push_undefined(ctx);
}

/* rxExec(holder, S, start, indices) */
static duk_ret_t
rxhost_exec(duk_context *ctx)
{
	struct rxhost_heap *h = rxhost_heap(ctx);
	const rx_prog *prog;
	duk_double_t start;
	void *subj;
	size_t pos;
	int ng, i, rc;
	int *caps;

	duk_set_top(ctx, 4);
	duk_get_prop_string(ctx, 0, RXHOST_KEY_PROG);
	prog = duk_get_pointer(ctx, -1);
	duk_pop(ctx);
	duk_require_string(ctx, 1);
	if (prog == NULL)
		return duk_error(
		    ctx, DUK_ERR_TYPE_ERROR, "not a RegExp program");
	start = duk_get_number(ctx, 2);
	subj = duk_get_heapptr(ctx, 1);
	if (subj != h->subj) {
		h->subj = NULL;
		if (rxhost_utf16(
			h, ctx, 1, &h->u16, &h->u16_cap, &h->u16_len) != 0)
			return duk_error(
			    ctx, DUK_ERR_RANGE_ERROR, "out of memory");
		duk_push_global_stash(ctx);
		duk_dup(ctx, 1);
		duk_put_prop_string(ctx, -2, RXHOST_KEY_SUBJ);
		duk_pop(ctx);
		h->subj = subj;
	}
	if (!(start >= 0) || start > (duk_double_t)h->u16_len) {
		duk_push_null(ctx);
		return 1;
	}
	ng = rx_ngroups(prog);
	if ((size_t)ng * 2 > h->caps_cap) {
		caps = rxhost_realloc(h, h->caps, (size_t)ng * 2 * sizeof(int));
		if (caps == NULL)
			return duk_error(
			    ctx, DUK_ERR_RANGE_ERROR, "out of memory");
		h->caps = caps;
		h->caps_cap = (size_t)ng * 2;
	}
	caps = h->caps;
	pos = (size_t)start;
	/* With u or v the subject is a list of code points: an index inside a
	 * surrogate pair stands for the pair (RegExpBuiltinExec's inputIndex).
	 */
	if ((rx_flags(prog) & (RX_U | RX_V)) && pos > 0 && pos < h->u16_len &&
	    (h->u16[pos] & 0xfc00) == 0xdc00 &&
	    (h->u16[pos - 1] & 0xfc00) == 0xd800)
		pos--;
	rc = rx_exec(prog, h->u16, h->u16_len, pos, caps, &h->lim);
	if (rc == 0) {
		duk_push_null(ctx);
		return 1;
	}
	if (rc == RX_EINTERRUPTED)
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "execution timeout");
	if (rc == RX_ESTACK)
		return duk_error(ctx, DUK_ERR_RANGE_ERROR,
		    "Maximum call stack size exceeded");
	if (rc != 1)
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
	/* indices === 2: test(), which needs only where the match ends */
	if (duk_is_number(ctx, 3) && duk_get_int(ctx, 3) == 2) {
		duk_push_int(ctx, caps[1]);
		return 1;
	}
	duk_push_array(ctx);
	for (i = 0; i < ng; i++) {
		rxhost_push_cap(ctx, caps, i);
		rxhost_def_index(ctx, -2, (duk_uarridx_t)i);
	}
	duk_push_int(ctx, caps[0]);
	rxhost_def_key(ctx, -2, "index");
	duk_dup(ctx, 1);
	rxhost_def_key(ctx, -2, "input");
	rxhost_push_groups(ctx, prog, caps, ng, 0);
	rxhost_def_key(ctx, -2, "groups");
	if (duk_to_boolean(ctx, 3)) {
		duk_push_array(ctx);
		for (i = 0; i < ng; i++) {
			rxhost_push_pair(ctx, caps, i);
			rxhost_def_index(ctx, -2, (duk_uarridx_t)i);
		}
		rxhost_push_groups(ctx, prog, caps, ng, 1);
		rxhost_def_key(ctx, -2, "groups");
		rxhost_def_key(ctx, -2, "indices");
	}
	return 1;
}

/*
 * The loops of the global @@replace, @@match and of @@split, for a RegExp
 * whose exec is the built-in one: nothing they skip (exec lookups, lastIndex
 * reads and writes, result arrays) is observable then, and this is what
 * keeps a global replace or a split as fast as Duktape's own. 40_regexp.js
 * decides when they apply and does the observable steps around them.
 */

/* Where a code unit index of the subject is in its bytes (CESU-8): a
 * cursor that moves forward, as the matches do. */
struct rxhost_cur {
	const unsigned char *s;
	size_t blen, u, b;
	int ascii;
};

static size_t
rxhost_byte_at(struct rxhost_cur *c, size_t u)
{
	unsigned char x;

	if (c->ascii)
		return u < c->blen ? u : c->blen;
	if (u < c->u) {
		c->u = 0;
		c->b = 0;
	}
	while (c->u < u && c->b < c->blen) {
		x = c->s[c->b];
		if (x < 0x80) {
			c->b += 1;
			c->u += 1;
		} else if ((x & 0xe0) == 0xc0) {
			c->b += 2;
			c->u += 1;
		} else if ((x & 0xf0) == 0xe0) {
			c->b += 3;
			c->u += 1;
		} else if ((x & 0xf8) == 0xf0) {
			c->b += 4;
			c->u += 2;
		} else {
			c->b += 1;
			c->u += 1;
		}
	}
	return c->b < c->blen ? c->b : c->blen;
}

/* A growing byte buffer on the value stack at `idx`. */
struct rxhost_out {
	duk_idx_t idx;
	size_t len;
};

static void
rxhost_put(duk_context *ctx, struct rxhost_out *o, const void *p, size_t n)
{
	duk_size_t cap;
	char *d = duk_get_buffer(ctx, o->idx, &cap);

	if (n == 0)
		return;
	if (o->len + n > cap)
		d = duk_resize_buffer(ctx, o->idx, (cap + n) * 2);
	memcpy(d + o->len, p, n);
	o->len += n;
}

static void
rxhost_put_range(duk_context *ctx, struct rxhost_out *o, struct rxhost_cur *c,
    size_t from, size_t to)
{
	size_t a = rxhost_byte_at(c, from), b = rxhost_byte_at(c, to);

	rxhost_put(ctx, o, c->s + a, b - a);
}

/* Throws for a negative rx_exec result. */
static void
rxhost_exec_error(duk_context *ctx, int rc)
{
	if (rc == RX_EINTERRUPTED)
		(void)duk_error(ctx, DUK_ERR_RANGE_ERROR, "execution timeout");
	if (rc == RX_ESTACK)
		(void)duk_error(ctx, DUK_ERR_RANGE_ERROR,
		    "Maximum call stack size exceeded");
	(void)duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
}

/* The program of the holder at idx, and the subject at sidx as UTF-16. */
static const rx_prog *
rxhost_prepare(duk_context *ctx, struct rxhost_heap *h, duk_idx_t sidx)
{
	const rx_prog *prog;
	void *subj;

	duk_get_prop_string(ctx, 0, RXHOST_KEY_PROG);
	prog = duk_get_pointer(ctx, -1);
	duk_pop(ctx);
	duk_require_string(ctx, sidx);
	if (prog == NULL)
		(void)duk_error(
		    ctx, DUK_ERR_TYPE_ERROR, "not a RegExp program");
	subj = duk_get_heapptr(ctx, sidx);
	if (subj != h->subj) {
		h->subj = NULL;
		if (rxhost_utf16(
			h, ctx, sidx, &h->u16, &h->u16_cap, &h->u16_len) != 0)
			(void)duk_error(
			    ctx, DUK_ERR_RANGE_ERROR, "out of memory");
		duk_push_global_stash(ctx);
		duk_dup(ctx, sidx);
		duk_put_prop_string(ctx, -2, RXHOST_KEY_SUBJ);
		duk_pop(ctx);
		h->subj = subj;
	}
	if ((size_t)rx_ngroups(prog) * 2 > h->caps_cap) {
		int *caps = rxhost_realloc(
		    h, h->caps, (size_t)rx_ngroups(prog) * 2 * sizeof(int));
		if (caps == NULL)
			(void)duk_error(
			    ctx, DUK_ERR_RANGE_ERROR, "out of memory");
		h->caps = caps;
		h->caps_cap = (size_t)rx_ngroups(prog) * 2;
	}
	return prog;
}

/* AdvanceStringIndex on the cached subject. */
static size_t
rxhost_advance(const struct rxhost_heap *h, size_t i, int unicode)
{
	if (unicode && i + 1 < h->u16_len && (h->u16[i] & 0xfc00) == 0xd800 &&
	    (h->u16[i + 1] & 0xfc00) == 0xdc00)
		return i + 2;
	return i + 1;
}

/*
 * Every match of the global loop from 0 (RegExpBuiltinExec until it fails,
 * an empty match advancing by AdvanceStringIndex), collected before any
 * callback runs: pushes a buffer of 2 * ngroups ints per match and returns
 * their count.
 */
static size_t
rxhost_collect(duk_context *ctx, struct rxhost_heap *h, const rx_prog *prog,
    int unicode, double single)
{
	size_t pos = 0, n = 0, per = (size_t)rx_ngroups(prog) * 2, cap = 16;
	int *all, rc;

	all = duk_push_dynamic_buffer(ctx, cap * per * sizeof(int));
	/* single >= 0: the one match of a non-global RegExp from there */
	if (single >= 0) {
		if (single > (double)h->u16_len)
			return 0;
		rc = rx_exec(
		    prog, h->u16, h->u16_len, (size_t)single, h->caps, &h->lim);
		if (rc == 0)
			return 0;
		if (rc != 1)
			rxhost_exec_error(ctx, rc);
		memcpy(all, h->caps, per * sizeof(int));
		return 1;
	}
	while (pos <= h->u16_len) {
		rc = rx_exec(prog, h->u16, h->u16_len, pos, h->caps, &h->lim);
		if (rc == 0)
			break;
		if (rc != 1)
			rxhost_exec_error(ctx, rc);
		if (n == cap) {
			cap *= 2;
			all =
			    duk_resize_buffer(ctx, -1, cap * per * sizeof(int));
		}
		memcpy(all + n * per, h->caps, per * sizeof(int));
		n++;
		pos = h->caps[1] > h->caps[0]
		    ? (size_t)h->caps[1]
		    : rxhost_advance(h, (size_t)h->caps[1], unicode);
	}
	return n;
}

static int
rxhost_has_names(const rx_prog *prog)
{
	int i, ng = rx_ngroups(prog);

	for (i = 1; i < ng; i++)
		if (rx_group_name(prog, i) != NULL)
			return 1;
	return 0;
}

/*
 * GetSubstitution of template tpl for the match in caps, appended to o.
 * The template's digits, `$<` and `>` are ASCII, so it is scanned as bytes.
 */
static void
rxhost_substitute(duk_context *ctx, struct rxhost_out *o, struct rxhost_cur *c,
    const rx_prog *prog, const int *caps, const unsigned char *t, size_t tlen,
    size_t slen)
{
	size_t i = 0, start, m = (size_t)rx_ngroups(prog) - 1, idx, w, gt;
	size_t ms = (size_t)caps[0], me = (size_t)caps[1];
	int names = -1;

	for (;;) {
		start = i;
		while (i < tlen && t[i] != '$')
			i++;
		rxhost_put(ctx, o, t + start, i - start);
		if (i + 1 >= tlen) {
			rxhost_put(ctx, o, t + i, tlen - i);
			return;
		}
		switch (t[i + 1]) {
		case '$':
			rxhost_put(ctx, o, "$", 1);
			i += 2;
			continue;
		case '&':
			rxhost_put_range(ctx, o, c, ms, me);
			i += 2;
			continue;
		case '`':
			rxhost_put_range(ctx, o, c, 0, ms);
			i += 2;
			continue;
		case '\'':
			rxhost_put_range(
			    ctx, o, c, me < slen ? me : slen, slen);
			i += 2;
			continue;
		case '<':
			if (names < 0)
				names = rxhost_has_names(prog);
			gt = i + 2;
			while (gt < tlen && t[gt] != '>')
				gt++;
			if (!names || gt >= tlen) {
				rxhost_put(ctx, o, "$<", 2);
				i += 2;
				continue;
			}
			rxhost_push_groups(
			    ctx, prog, caps, rx_ngroups(prog), 0);
			duk_get_prop_lstring(
			    ctx, -1, (const char *)t + i + 2, gt - i - 2);
			if (!duk_is_undefined(ctx, -1)) {
				duk_size_t vl;
				const char *v = duk_to_lstring(ctx, -1, &vl);
				rxhost_put(ctx, o, v, vl);
			}
			duk_pop_2(ctx);
			i = gt + 1;
			continue;
		default:
			break;
		}
		if (t[i + 1] >= '0' && t[i + 1] <= '9') {
			idx = (size_t)(t[i + 1] - '0');
			w = 2;
			if (i + 2 < tlen && t[i + 2] >= '0' &&
			    t[i + 2] <= '9' &&
			    idx * 10 + (size_t)(t[i + 2] - '0') <= m) {
				idx = idx * 10 + (size_t)(t[i + 2] - '0');
				w = 3;
			}
			if (idx >= 1 && idx <= m) {
				if (caps[2 * idx] >= 0)
					rxhost_put_range(ctx, o, c,
					    (size_t)caps[2 * idx],
					    (size_t)caps[2 * idx + 1]);
			} else {
				rxhost_put(ctx, o, t + i, w);
			}
			i += w;
			continue;
		}
		rxhost_put(ctx, o, "$", 1);
		i += 1;
	}
}

/* rxReplace(holder, S, replaceValue, unicode[, start]): @@replace of a
 * global RegExp from the spec's lastIndex 0, or with start the one match of
 * a non-global one from there; replaceValue is a function or a string. */
static duk_ret_t
rxhost_replace(duk_context *ctx)
{
	struct rxhost_heap *h = rxhost_heap(ctx);
	const rx_prog *prog;
	struct rxhost_out o;
	struct rxhost_cur c;
	const unsigned char *tpl = NULL;
	duk_size_t blen, tlen = 0;
	size_t n, k, next = 0, slen, per;
	int fn, names, ng, i, nargs;
	const int *mc;

	duk_set_top(ctx, 5);
	prog = rxhost_prepare(ctx, h, 1);
	fn = duk_is_function(ctx, 2);
	if (!fn)
		tpl = (const unsigned char *)duk_require_lstring(ctx, 2, &tlen);
	n = rxhost_collect(ctx, h, prog, duk_to_boolean(ctx, 3),
	    duk_get_number_default(ctx, 4, -1));
	duk_replace(ctx, 4); /* the matches */
	slen = h->u16_len;
	if (n == 0) {
		duk_dup(ctx, 1);
		return 1;
	}
	ng = rx_ngroups(prog);
	per = (size_t)ng * 2;
	names = rxhost_has_names(prog);
	c.s = (const unsigned char *)duk_get_lstring(ctx, 1, &blen);
	c.blen = blen;
	c.u = c.b = 0;
	c.ascii = blen == duk_get_length(ctx, 1);
	duk_push_dynamic_buffer(ctx, blen + 16); /* idx 5 */
	o.idx = 5;
	o.len = 0;
	for (k = 0; k < n; k++) {
		mc = (const int *)duk_get_buffer(ctx, 4, NULL) + k * per;
		rxhost_put_range(ctx, &o, &c, next, (size_t)mc[0]);
		if (fn) {
			duk_require_stack(ctx, ng + 6);
			duk_dup(ctx, 2);
			duk_push_undefined(ctx);
			for (i = 0; i < ng; i++)
				rxhost_push_cap(ctx, mc, i);
			duk_push_int(ctx, mc[0]);
			duk_dup(ctx, 1);
			nargs = ng + 2;
			if (names) {
				rxhost_push_groups(ctx, prog, mc, ng, 0);
				nargs++;
			}
			duk_call_method(ctx, nargs);
			{
				duk_size_t rl;
				const char *r = duk_to_lstring(ctx, -1, &rl);
				rxhost_put(ctx, &o, r, rl);
			}
			duk_pop(ctx);
			/* the callback may have run other matches: the
			 * buffer of matches stays, the cursor is ours */
			mc =
			    (const int *)duk_get_buffer(ctx, 4, NULL) + k * per;
		} else {
			rxhost_substitute(
			    ctx, &o, &c, prog, mc, tpl, tlen, slen);
		}
		next = (size_t)mc[1];
	}
	if (next < slen)
		rxhost_put_range(ctx, &o, &c, next, slen);
	duk_resize_buffer(ctx, 5, o.len);
	duk_buffer_to_string(ctx, 5);
	return 1;
}

/* rxMatchAll(holder, S, unicode): @@match of a global RegExp: the array of
 * matched strings, or null. */
static duk_ret_t
rxhost_match_all(duk_context *ctx)
{
	struct rxhost_heap *h = rxhost_heap(ctx);
	const rx_prog *prog;
	size_t n, k, per;
	const int *mc;

	duk_set_top(ctx, 3);
	prog = rxhost_prepare(ctx, h, 1);
	n = rxhost_collect(ctx, h, prog, duk_to_boolean(ctx, 2), -1); /* 3 */
	if (n == 0) {
		duk_push_null(ctx);
		return 1;
	}
	per = (size_t)rx_ngroups(prog) * 2;
	duk_push_array(ctx);
	for (k = 0; k < n; k++) {
		mc = (const int *)duk_get_buffer(ctx, 3, NULL) + k * per;
		rxhost_push_cap(ctx, mc, 0);
		rxhost_def_index(ctx, -2, (duk_uarridx_t)k);
	}
	return 1;
}

/*
 * rxSplit(holder, S, lim, unicode): @@split's loop from its sticky splitter,
 * run with the same pattern without `y`: the first place at or after q
 * where the sticky splitter would match is where the search matches.
 */
static duk_ret_t
rxhost_split(duk_context *ctx)
{
	struct rxhost_heap *h = rxhost_heap(ctx);
	const rx_prog *prog;
	size_t p = 0, q = 0, size, e, lim;
	duk_uarridx_t n = 0;
	int ng, i, rc, unicode;

	duk_set_top(ctx, 4);
	prog = rxhost_prepare(ctx, h, 1);
	lim = (size_t)duk_get_number(ctx, 2);
	unicode = duk_to_boolean(ctx, 3);
	ng = rx_ngroups(prog);
	size = h->u16_len;
	duk_push_array(ctx);
	while (q < size) {
		rc = rx_exec(prog, h->u16, size, q, h->caps, &h->lim);
		if (rc == 0)
			break;
		if (rc != 1)
			rxhost_exec_error(ctx, rc);
		if ((size_t)h->caps[0] >= size)
			break;
		e = (size_t)h->caps[1] < size ? (size_t)h->caps[1] : size;
		if (e == p) {
			q = rxhost_advance(h, (size_t)h->caps[0], unicode);
			continue;
		}
		duk_dup(ctx, 1);
		duk_substring(ctx, -1, p, (duk_size_t)h->caps[0]);
		rxhost_def_index(ctx, -2, n++);
		if (n == lim)
			return 1;
		p = e;
		for (i = 1; i < ng; i++) {
			rxhost_push_cap(ctx, h->caps, i);
			rxhost_def_index(ctx, -2, n++);
			if (n == lim)
				return 1;
		}
		q = p;
	}
	duk_dup(ctx, 1);
	duk_substring(ctx, -1, p, size);
	rxhost_def_index(ctx, -2, n);
	return 1;
}

/* The RX_* bits of the RegExp at idx, or -1 when it is none. */
static int
rxhost_bits_of(duk_context *ctx, duk_idx_t idx)
{
	int bits = -1;

	idx = duk_normalize_index(ctx, idx);
	duk_get_prop_string(ctx, idx, RXHOST_KEY_REC);
	if (duk_is_object(ctx, -1)) {
		duk_get_prop_string(ctx, -1, "o");
		if (duk_strict_equals(ctx, -1, idx)) {
			duk_get_prop_string(ctx, -2, "b");
			bits = duk_get_int(ctx, -1);
			duk_pop(ctx);
		}
		duk_pop(ctx);
	}
	duk_pop(ctx);
	return bits;
}

static const char rxhost_letters[] = "gimsuvyd";
static const char *const rxhost_flag_names[] = { "hasIndices", "global",
	"ignoreCase", "multiline", "dotAll", "unicode", "unicodeSets",
	"sticky" };

/* In the Duktape build: engine/host/duk_errtext.inc. */
void cm_duk_push_value_text(duk_context *, duk_idx_t);

/*
 * A flag getter (magic: the flag's RX_* bit) or, magic 0, `flags`: Get of
 * the eight flag properties in "dgimsuvy" order, as the spec reads them.
 */
static duk_ret_t
rxhost_flag_get(duk_context *ctx)
{
	int magic = duk_get_current_magic(ctx), bits, i;
	char out[9];
	size_t n = 0;

	duk_push_this(ctx);
	if (magic == 0 && !duk_is_object(ctx, 0)) {
		cm_duk_push_value_text(ctx, 0);
		return duk_error(ctx, DUK_ERR_TYPE_ERROR,
		    "RegExp.prototype.flags getter called on non-object %s",
		    duk_get_string(ctx, -1));
	}
	if (magic == 0) {
		for (i = 0; i < 8; i++) {
			duk_get_prop_string(ctx, 0, rxhost_flag_names[i]);
			if (duk_to_boolean(ctx, -1))
				out[n++] = "dgimsuvy"[i];
			duk_pop(ctx);
		}
		duk_push_lstring(ctx, out, n);
		return 1;
	}
	if (!duk_is_object(ctx, 0) || (bits = rxhost_bits_of(ctx, 0)) < 0) {
		duk_push_global_stash(ctx);
		duk_get_prop_string(ctx, -1, RXHOST_KEY_PROTO);
		if (duk_strict_equals(ctx, -1, 0))
			return 0;
		/* the magic's bit is its letter's place in rxhost_letters;
		 * the names are in "dgimsuvy" order */
		for (i = 0; i < 7 && (magic >> i) != 1; i++)
			;
		return duk_error(ctx, DUK_ERR_TYPE_ERROR,
		    "RegExp.prototype.%s getter called on non-RegExp object",
		    rxhost_flag_names[strchr("dgimsuvy", rxhost_letters[i]) -
			"dgimsuvy"]);
	}
	duk_push_boolean(ctx, (bits & magic) != 0);
	return 1;
}

/* rxFlagGetter(letter, name, proto): the getter of flag `letter` ('' for
 * `flags`) named `name`; proto (RegExp.prototype) answers undefined. */
static duk_ret_t
rxhost_flag_getter(duk_context *ctx)
{
	const char *letter = duk_require_string(ctx, 0), *p;
	int magic = 0;

	if (*letter != '\0' && (p = strchr(rxhost_letters, *letter)) != NULL)
		magic = 1 << (p - rxhost_letters);
	duk_push_global_stash(ctx);
	duk_dup(ctx, 2);
	duk_put_prop_string(ctx, -2, RXHOST_KEY_PROTO);
	duk_pop(ctx);
	duk_push_c_function(ctx, rxhost_flag_get, 0);
	duk_set_magic(ctx, -1, magic);
	duk_push_string(ctx, "length");
	duk_push_int(ctx, 0);
	duk_def_prop(ctx, -3,
	    DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_CLEAR_WRITABLE |
		DUK_DEFPROP_CLEAR_ENUMERABLE | DUK_DEFPROP_SET_CONFIGURABLE);
	{
		struct rxhost_heap *h = rxhost_heap(ctx);
		int slot = 0, i;

		for (i = 0; i < 8 && magic != 0; i++)
			if (1 << (strchr(rxhost_letters, "dgimsuvy"[i]) -
				rxhost_letters) ==
			    magic)
				slot = i + 1;
		h->getters[slot] = duk_get_heapptr(ctx, -1);
		duk_push_global_stash(ctx);
		duk_push_sprintf(ctx,
		    "\xff"
		    "rxGetter%d",
		    slot);
		duk_dup(ctx, -3);
		duk_put_prop(ctx, -3);
		duk_pop(ctx);
	}
	duk_push_string(ctx, "name");
	duk_dup(ctx, 1);
	duk_def_prop(ctx, -3,
	    DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_CLEAR_WRITABLE |
		DUK_DEFPROP_CLEAR_ENUMERABLE | DUK_DEFPROP_SET_CONFIGURABLE);
	return 1;
}

/*
 * rxLiteral(source, flags): a regex literal's evaluation, a fresh RegExp
 * (rxAlloc on RegExp.prototype) with its private record, the program from a
 * cache of literals keyed by flags and source. In C because a literal in a
 * loop is evaluated once per iteration. The front end has checked the
 * pattern; rxCompile still reports what it finds.
 */
static duk_ret_t
rxhost_literal(duk_context *ctx)
{
	void cm_duk_push_regexp_shell(duk_context *, duk_idx_t);
	unsigned bits;

	duk_set_top(ctx, 2);
	duk_require_string(ctx, 0);
	duk_require_string(ctx, 1);
	duk_push_global_stash(ctx); /* 2 */
	if (!duk_get_prop_string(ctx, 2, RXHOST_KEY_CACHE)) { /* 3 */
		duk_pop(ctx);
		duk_push_bare_object(ctx);
		duk_push_int(ctx, 0);
		duk_put_prop_string(ctx, -2,
		    "\xff"
		    "n");
		duk_dup(ctx, -1);
		duk_put_prop_string(ctx, 2, RXHOST_KEY_CACHE);
	}
	duk_dup(ctx, 1);
	duk_push_lstring(ctx, "/", 1);
	duk_dup(ctx, 0);
	duk_concat(ctx, 3); /* 4: the key */
	if (!duk_get_prop(ctx, 3) || !duk_is_object(ctx, -1)) { /* 4 */
		duk_pop(ctx);
		duk_push_c_function(ctx, rxhost_compile, 2);
		duk_dup(ctx, 0);
		duk_dup(ctx, 1);
		duk_call(ctx, 2); /* 4: the holder */
		duk_get_prop_string(ctx, 3,
		    "\xff"
		    "n");
		if (duk_get_int(ctx, -1) >= RXHOST_CACHE_MAX) {
			duk_pop(ctx);
			duk_push_bare_object(ctx);
			duk_push_int(ctx, 0);
			duk_put_prop_string(ctx, -2,
			    "\xff"
			    "n");
			duk_dup(ctx, -1);
			duk_put_prop_string(ctx, 2, RXHOST_KEY_CACHE);
			duk_replace(ctx, 3);
		} else {
			duk_push_int(ctx, duk_get_int(ctx, -1) + 1);
			duk_put_prop_string(ctx, 3,
			    "\xff"
			    "n");
			duk_pop(ctx);
		}
		duk_dup(ctx, 1);
		duk_push_lstring(ctx, "/", 1);
		duk_dup(ctx, 0);
		duk_concat(ctx, 3);
		duk_dup(ctx, 4);
		duk_put_prop(ctx, 3);
	}
	duk_get_prop_string(ctx, 4, "b");
	bits = (unsigned)duk_get_uint(ctx, -1);
	duk_pop(ctx);
	duk_get_prop_string(ctx, 2, RXHOST_KEY_PROTO); /* 5 */
	cm_duk_push_regexp_shell(ctx, 5); /* 6 */
	duk_push_string(ctx, "lastIndex");
	duk_push_int(ctx, 0);
	duk_def_prop(ctx, 6,
	    DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_SET_WRITABLE |
		DUK_DEFPROP_CLEAR_ENUMERABLE | DUK_DEFPROP_CLEAR_CONFIGURABLE);
	duk_push_object(ctx); /* 7: the record, as 40_regexp.js's Rec */
	duk_dup(ctx, 6);
	duk_put_prop_string(ctx, 7, "o");
	duk_dup(ctx, 0);
	duk_put_prop_string(ctx, 7, "src");
	duk_dup(ctx, 1);
	duk_put_prop_string(ctx, 7, "flags");
	duk_dup(ctx, 4);
	duk_put_prop_string(ctx, 7, "prog");
	duk_push_uint(ctx, bits);
	duk_put_prop_string(ctx, 7, "b");
	duk_push_boolean(ctx, (bits & (RX_G | RX_Y)) != 0);
	duk_put_prop_string(ctx, 7, "gy");
	duk_push_boolean(ctx, (bits & RX_D) != 0);
	duk_put_prop_string(ctx, 7, "d");
	duk_put_prop_string(ctx, 6, RXHOST_KEY_REC);
	return 1;
}

/*
 * rxFlags(R): ToString(Get(R, "flags")). When R is a RegExp and every getter
 * the Get would call (flags, then the eight flags) is RegExp.prototype's
 * own, those calls cannot be observed and the answer is R's flags in
 * "dgimsuvy" order, read from its bits; otherwise the Get happens.
 */
static duk_ret_t
rxhost_flags_of(duk_context *ctx)
{
	void *cm_duk_getter_of(duk_context *, duk_idx_t, const char *);
	struct rxhost_heap *h = rxhost_heap(ctx);
	static const unsigned order[] = { RX_D, RX_G, RX_I, RX_M, RX_S, RX_U,
		RX_V, RX_Y };
	char out[9];
	size_t n = 0;
	int bits, i;

	duk_set_top(ctx, 1);
	if (duk_is_object(ctx, 0) && (bits = rxhost_bits_of(ctx, 0)) >= 0 &&
	    h->getters[0] != NULL &&
	    cm_duk_getter_of(ctx, 0, "flags") == h->getters[0]) {
		for (i = 0; i < 8; i++)
			if (h->getters[i + 1] == NULL ||
			    cm_duk_getter_of(ctx, 0, rxhost_flag_names[i]) !=
				h->getters[i + 1])
				break;
		if (i == 8) {
			for (i = 0; i < 8; i++)
				if ((unsigned)bits & order[i])
					out[n++] = "dgimsuvy"[i];
			duk_push_lstring(ctx, out, n);
			return 1;
		}
	}
	duk_get_prop_string(ctx, 0, "flags");
	duk_to_string(ctx, -1);
	return 1;
}

void
rxhost_install(duk_context *ctx, duk_idx_t idx, const struct natives_host *host)
{
	static const duk_function_list_entry fns[] = { { "rxAlloc",
							   rxhost_alloc, 1 },
		{ "rxCompile", rxhost_compile, 2 },
		{ "rxExec", rxhost_exec, 4 },
		{ "rxReplace", rxhost_replace, 5 },
		{ "rxMatchAll", rxhost_match_all, 3 },
		{ "rxSplit", rxhost_split, 4 },
		{ "rxFlagGetter", rxhost_flag_getter, 3 },
		{ "rxLiteral", rxhost_literal, 2 },
		{ "rxFlags", rxhost_flags_of, 1 }, { NULL, NULL, 0 } };

	rxhost_host = host;
	idx = duk_normalize_index(ctx, idx);
	duk_put_function_list(ctx, idx, fns);
	/* One finalizer function for every holder. */
	duk_push_global_stash(ctx);
	duk_push_c_function(ctx, rxhost_finalize, 2);
	duk_put_prop_string(ctx, -2, RXHOST_KEY_FIN);
	duk_pop(ctx);
}
