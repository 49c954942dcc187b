/*
 * arrsort: Array.prototype.sort and %TypedArray%.prototype.sort in C (see
 * arrsort.h). The prelude's merge sort in ES spent most of its time
 * around the comparator (reading and writing the work arrays, the `in`
 * checks, its own calls); here only the comparator's call is left per
 * comparison, and without a comparator no call at all.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "arrsort.h"
#include "engine.h"

/* Runs sorted by insertion before the merges begin. Binary insertion asks
 * fewer comparisons per element than a merge level: 100k random numbers
 * take 1.57M comparisons with runs of 16, 1.58M with 8 (log2(100000!) is
 * 1.52M); reversed input 3% more than with 8. */
#define ARRSORT_RUN 16
/* The deadline is asked every this many steps (a step is a comparison, a
 * read or a write); the executor asks every 16K instructions, and one
 * comparator call runs a few. */
#define ARRSORT_CHECK_MASK 0x3ffU
/* At most this many values wait on the value stack (Duktape's own limit
 * is DUK_USE_VALSTACK_LIMIT, 1M entries). */
#define ARRSORT_STACK_MAX 500000
/* The largest index the *_index calls take; past it keys are numbers. */
#define ARRSORT_MAX_INDEX 4294967294.0

/* sort()'s fourth argument. */
enum arrsort_kind {
	ARRSORT_INPLACE, /* Array.prototype.sort on any object */
	ARRSORT_TYPED, /* %TypedArray%.prototype.sort */
	ARRSORT_COPY /* Array.prototype.toSorted: o is left alone */
};

enum arrsort_mode {
	ARRSORT_FN, /* the comparator decides */
	ARRSORT_STR, /* ToString of each element, by UTF-16 code units */
	ARRSORT_NUM /* a typed array's numeric order */
};

struct arrsort_key {
	const unsigned char *p;
	duk_size_t len;
};

struct arrsort {
	duk_context *ctx;
	void *udata; /* the heap's, for the deadline */
	unsigned steps;
	enum arrsort_mode mode;
	int typed;
	duk_idx_t cmp; /* the comparator (ARRSORT_FN) */
	duk_idx_t vals; /* prototype-less array of the values (not typed) */
	duk_idx_t base; /* or the values on the value stack from here, or -1 */
	struct arrsort_key *keys; /* ARRSORT_STR: each value's ToString */
	double *nums; /* typed: the values */
};

static void
arrsort_tick(struct arrsort *s)
{
	if ((++s->steps & ARRSORT_CHECK_MASK) == 0 &&
	    DUK_USE_EXEC_TIMEOUT_CHECK(s->udata))
		(void)duk_error(
		    s->ctx, DUK_ERR_RANGE_ERROR, "execution timeout");
}

/* The next UTF-16 code unit of *p..e, -1 at the end; *low holds the low
 * surrogate still owed for a 4-byte sequence. */
static long
arrsort_unit(const unsigned char **p, const unsigned char *e, long *low)
{
	const unsigned char *s = *p;
	unsigned long cp;
	size_t n, i;

	if (*low >= 0) {
		cp = (unsigned long)*low;
		*low = -1;
		return (long)cp;
	}
	if (s >= e)
		return -1;
	if (s[0] < 0x80) {
		*p = s + 1;
		return s[0];
	}
	if ((s[0] & 0xe0) == 0xc0) {
		n = 2;
		cp = s[0] & 0x1f;
	} else if ((s[0] & 0xf0) == 0xe0) {
		n = 3;
		cp = s[0] & 0x0f;
	} else if ((s[0] & 0xf8) == 0xf0) {
		n = 4;
		cp = s[0] & 0x07;
	} else {
		*p = s + 1;
		return s[0];
	}
	if ((size_t)(e - s) < n) {
		*p = s + 1;
		return s[0];
	}
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80) {
			*p = s + 1;
			return s[0];
		}
		cp = cp << 6 | (s[i] & 0x3f);
	}
	*p = s + n;
	if (cp >= 0x10000 && cp <= 0x10ffff) {
		*low = (long)(0xdc00 + ((cp - 0x10000) & 0x3ff));
		return (long)(0xd800 + ((cp - 0x10000) >> 10));
	}
	return (long)cp;
}

int
arrsort_strcmp(
    const unsigned char *a, size_t alen, const unsigned char *b, size_t blen)
{
	const unsigned char *ea = a + alen, *eb = b + blen;
	size_t i, n = alen < blen ? alen : blen;
	long ua, ub, la = -1, lb = -1;

	/* Equal bytes are equal units; the first difference is decoded from
	 * the start of its sequence (a continuation byte never starts one).
	 * Byte order alone would put a 4-byte sequence after U+E000..U+FFFF,
	 * where its high surrogate sorts before them. */
	for (i = 0; i < n && a[i] == b[i]; i++)
		;
	if (i == alen || i == blen)
		return alen == blen ? 0 : i == alen ? -1 : 1;
	while (i > 0 && (a[i] & 0xc0) == 0x80)
		i--;
	a += i;
	b += i;
	for (;;) {
		ua = arrsort_unit(&a, ea, &la);
		ub = arrsort_unit(&b, eb, &lb);
		if (ua != ub)
			return ua < ub ? -1 : 1;
		if (ua < 0)
			return 0;
	}
}

/* x after y in a typed array's order: NaN last, -0 before +0. */
static int
arrsort_num_gt(double x, double y)
{
	if (isnan(x))
		return !isnan(y);
	if (isnan(y))
		return 0;
	if (x != y)
		return x > y;
	return x == 0 && !signbit(x) && signbit(y);
}

/* engine/host/duk_call.inc, appended to Duktape: the comparator at fn
 * called with the values at a and b (or in slots a and b), ToNumber of its
 * result; a slot's size, the values from base up copied into slots, a
 * slot's value pushed. */
duk_double_t cm_duk_sort_call(duk_context *, duk_idx_t, duk_idx_t, duk_idx_t);
duk_double_t cm_duk_sort_call_slots(
    duk_context *, duk_idx_t, const void *, const void *);
duk_size_t cm_duk_sort_slot_size(void);
void cm_duk_sort_slots(duk_context *, duk_idx_t, duk_size_t, void *);
void cm_duk_push_slot(duk_context *, const void *);

/* A slot: a copy of a value on the value stack (duk_tval; 16 bytes, or 8
 * where Duktape packs values), opaque here. */
#define ARRSORT_SLOT_MAX 16

static void
arrsort_push(struct arrsort *s, uint32_t i)
{
	if (s->typed)
		duk_push_number(s->ctx, s->nums[i]);
	else if (s->base >= 0)
		duk_dup(s->ctx, s->base + (duk_idx_t)i);
	else
		duk_get_prop_index(s->ctx, s->vals, i);
}

/* Element a goes after element b: SortCompare(a, b) > 0. */
static int
arrsort_gt(struct arrsort *s, uint32_t a, uint32_t b)
{
	duk_context *ctx = s->ctx;
	duk_idx_t top;
	double v;

	arrsort_tick(s);
	if (s->mode == ARRSORT_NUM)
		return arrsort_num_gt(s->nums[a], s->nums[b]);
	if (s->mode == ARRSORT_STR)
		return s->keys[a].p != s->keys[b].p &&
		    arrsort_strcmp(s->keys[a].p, s->keys[a].len, s->keys[b].p,
			s->keys[b].len) > 0;
	/* The values are on the value stack (most arrays), or pushed. */
	if (s->base >= 0)
		return cm_duk_sort_call(ctx, s->cmp, s->base + (duk_idx_t)a,
			   s->base + (duk_idx_t)b) > 0; /* NaN is +0 */
	arrsort_push(s, a);
	arrsort_push(s, b);
	top = duk_get_top(ctx);
	v = cm_duk_sort_call(ctx, s->cmp, top - 2, top - 1);
	duk_pop_2(ctx);
	return v > 0;
}

/* Element x goes after element y, for the merge below: x and y are
 * indices (es 4) or slots (the comparator's values themselves). */
static inline __attribute__((always_inline)) int
arrsort_gt_el(struct arrsort *s, const unsigned char *x, const unsigned char *y,
    size_t es)
{
	uint32_t a, b;

	if (es == sizeof(uint32_t)) {
		memcpy(&a, x, sizeof(a));
		memcpy(&b, y, sizeof(b));
		return arrsort_gt(s, a, b);
	}
	arrsort_tick(s);
	return cm_duk_sort_call_slots(s->ctx, s->cmp, x, y) > 0; /* NaN: +0 */
}

/*
 * A stable merge sort of the n elements of es bytes in a (b is as large,
 * for the merges); returns the buffer holding the result. Runs of
 * ARRSORT_RUN are sorted by binary insertion, after one comparison with
 * the element before when the element before stayed in place (ordered
 * input: one comparison per element; random input: mostly none wasted);
 * neighbouring runs already in order are copied after one comparison.
 * Inlined with a constant es into its two callers, so the copies are
 * plain loads and stores.
 */
static inline __attribute__((always_inline)) unsigned char *
arrsort_merge(
    struct arrsort *s, unsigned char *a, unsigned char *b, size_t n, size_t es)
{
	unsigned char *src = a, *dst = b, *t, x[ARRSORT_SLOT_MAX];
	size_t lo, mid, hi, i, j, k, w, l, r, m;
	int ordered;

#define ARRSORT_AT(p, i) ((p) + (i)*es)
	for (lo = 0; lo < n; lo += ARRSORT_RUN) {
		hi = n - lo < ARRSORT_RUN ? n : lo + ARRSORT_RUN;
		ordered = 1;
		for (i = lo + 1; i < hi; i++) {
			memcpy(x, ARRSORT_AT(a, i), es);
			/* After an element that stayed in place, x is asked
			 * against its neighbour first (one comparison each in
			 * ordered input); otherwise the search takes lo..i. */
			if (ordered) {
				if (!arrsort_gt_el(
					s, ARRSORT_AT(a, i - 1), x, es))
					continue;
				r = i - 1;
			} else
				r = i;
			/* the first element of lo..r-1 that goes after x, or r
			 */
			l = lo;
			while (l < r) {
				m = l + (r - l) / 2;
				if (arrsort_gt_el(s, ARRSORT_AT(a, m), x, es))
					r = m;
				else
					l = m + 1;
			}
			ordered = l == i;
			if (ordered)
				continue;
			memmove(ARRSORT_AT(a, l + 1), ARRSORT_AT(a, l),
			    (i - l) * es);
			memcpy(ARRSORT_AT(a, l), x, es);
		}
	}
	for (w = ARRSORT_RUN; w < n; w *= 2) {
		for (lo = 0; lo < n; lo += 2 * w) {
			mid = n - lo < w ? n : lo + w;
			hi = n - lo < 2 * w ? n : lo + 2 * w;
			if (mid >= hi ||
			    !arrsort_gt_el(s, ARRSORT_AT(src, mid - 1),
				ARRSORT_AT(src, mid), es)) {
				memcpy(ARRSORT_AT(dst, lo), ARRSORT_AT(src, lo),
				    (hi - lo) * es);
				continue;
			}
			i = lo;
			j = mid;
			k = lo;
			while (i < mid && j < hi) {
				if (arrsort_gt_el(s, ARRSORT_AT(src, i),
					ARRSORT_AT(src, j), es))
					memcpy(ARRSORT_AT(dst, k++),
					    ARRSORT_AT(src, j++), es);
				else
					memcpy(ARRSORT_AT(dst, k++),
					    ARRSORT_AT(src, i++), es);
			}
			memcpy(ARRSORT_AT(dst, k), ARRSORT_AT(src, i),
			    (mid - i) * es);
			k += mid - i;
			memcpy(ARRSORT_AT(dst, k), ARRSORT_AT(src, j),
			    (hi - j) * es);
		}
		t = src;
		src = dst;
		dst = t;
	}
#undef ARRSORT_AT
	return src;
}

static uint32_t *
arrsort_merge_indices(struct arrsort *s, uint32_t *a, uint32_t *b, size_t n)
{
	return (uint32_t *)arrsort_merge(
	    s, (unsigned char *)a, (unsigned char *)b, n, sizeof(uint32_t));
}

static unsigned char *
arrsort_merge_slots(
    struct arrsort *s, unsigned char *a, unsigned char *b, size_t n)
{
	return arrsort_merge(s, a, b, n, ARRSORT_SLOT_MAX);
}

/* engine/host/duk_array.inc, appended to Duktape */
duk_bool_t cm_duk_has_dense_index(duk_context *, duk_idx_t, duk_uarridx_t);

/* HasProperty / Get / Set / DeletePropertyOrThrow of o (index 0) at k. */
static int
arrsort_has(duk_context *ctx, double k)
{
	if (k <= ARRSORT_MAX_INDEX)
		return cm_duk_has_dense_index(ctx, 0, (duk_uarridx_t)k) ||
		    duk_has_prop_index(ctx, 0, (duk_uarridx_t)k);
	duk_push_number(ctx, k);
	return duk_has_prop(ctx, 0);
}

static void
arrsort_get(duk_context *ctx, double k)
{
	if (k <= ARRSORT_MAX_INDEX) {
		duk_get_prop_index(ctx, 0, (duk_uarridx_t)k);
		return;
	}
	duk_push_number(ctx, k);
	duk_get_prop(ctx, 0);
}

/* Duktape's put and delete from C are strict: a failure throws. With
 * define, CreateDataPropertyOrThrow instead of Set (a new array's
 * elements). */
static void
arrsort_put(duk_context *ctx, double k, int define)
{
	if (define) {
		duk_push_number(ctx, k);
		duk_swap_top(ctx, -2);
		duk_def_prop(
		    ctx, 0, DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_SET_WEC);
		return;
	}
	if (k <= ARRSORT_MAX_INDEX) {
		duk_put_prop_index(ctx, 0, (duk_uarridx_t)k);
		return;
	}
	duk_push_number(ctx, k);
	duk_swap_top(ctx, -2);
	duk_put_prop(ctx, 0);
}

static void
arrsort_del(duk_context *ctx, double k)
{
	if (k <= ARRSORT_MAX_INDEX) {
		duk_del_prop_index(ctx, 0, (duk_uarridx_t)k);
		return;
	}
	duk_push_number(ctx, k);
	duk_del_prop(ctx, 0);
}

/* A working array of n elements of `size` bytes, not zeroed: every user
 * writes each element before it reads it (zeroing the two slot buffers
 * of a sort of 100k values was 6% of its time). */
static void *
arrsort_buffer(duk_context *ctx, size_t n, size_t size)
{
	if (n > SIZE_MAX / size)
		(void)duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
	return duk_push_buffer_raw(ctx, n * size, DUK_BUF_FLAG_NOZERO);
}

/*
 * Whether the values on the value stack are merged as slots (two buffers
 * of n slots) rather than as indices (two of n uint32_t): when slots are
 * values here, and the two buffers take at most a quarter of what the
 * run's memory limit leaves, so a sort that fitted with indices never
 * fails for want of the larger buffers (the first refused allocation
 * ends the run, so there is no trying).
 */
static int
arrsort_use_slots(struct arrsort *s, size_t n)
{
	size_t limit, live, need;

	if (s->base < 0 || cm_duk_sort_slot_size() != ARRSORT_SLOT_MAX)
		return 0;
	limit = engine_mem_limit(s->udata);
	live = engine_mem_live(s->udata);
	need = 2 * n * ARRSORT_SLOT_MAX;
	return limit == 0 || (live < limit && need <= (limit - live) / 4);
}

/*
 * Reads elements 0..len-1 of `this` that are present: counts the undefined
 * ones in *nu and returns how many others there are, left on the value
 * stack from s->base up or, without a base, put in the array s->vals.
 */
static size_t
arrsort_collect(struct arrsort *s, int kind, double len, size_t *nu)
{
	duk_context *ctx = s->ctx;
	size_t n = 0;
	double k;

	for (k = 0; k < len; k++) {
		arrsort_tick(s);
		if (kind != ARRSORT_COPY && !arrsort_has(ctx, k))
			continue;
		arrsort_get(ctx, k);
		if (duk_is_undefined(ctx, -1)) {
			(*nu)++;
			duk_pop(ctx);
			continue;
		}
		if (s->base >= 0) {
			n++;
			continue;
		}
		if (n >= UINT32_MAX)
			(void)duk_error(
			    ctx, DUK_ERR_RANGE_ERROR, "out of memory");
		duk_put_prop_index(ctx, s->vals, (duk_uarridx_t)n++);
	}
	return n;
}

/* sort(o, len, cmp, typed): see arrsort.h. */
static duk_ret_t
arrsort_sort(duk_context *ctx)
{
	duk_memory_functions mf;
	struct arrsort s;
	uint32_t *a, *b, *res = NULL;
	unsigned char *sa, *sb, *sres = NULL;
	double len, k;
	size_t n = 0, nu = 0, i;
	int kind;

	duk_set_top(ctx, 4);
	duk_require_object(ctx, 0);
	len = duk_require_number(ctx, 1);
	memset(&s, 0, sizeof(s));
	s.ctx = ctx;
	s.base = -1;
	duk_get_memory_functions(ctx, &mf);
	s.udata = mf.udata;
	kind = duk_to_int(ctx, 3);
	s.typed = kind == ARRSORT_TYPED;
	s.cmp = 2;
	if (!duk_is_undefined(ctx, 2)) {
		duk_require_callable(ctx, 2);
		s.mode = ARRSORT_FN;
	} else
		s.mode = s.typed ? ARRSORT_NUM : ARRSORT_STR;
	if (!(len >= 0) || len > 9007199254740991.0)
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "invalid length");

	/* SortIndexedProperties: holes skipped, undefined counted. */
	if (s.typed) {
		s.nums = arrsort_buffer(ctx, (size_t)len, sizeof(*s.nums));
		for (k = 0; k < len; k++) {
			arrsort_tick(&s);
			arrsort_get(ctx, k);
			s.nums[n++] = duk_get_number(ctx, -1);
			duk_pop(ctx);
		}
	} else if (s.mode == ARRSORT_FN && len <= ARRSORT_STACK_MAX &&
	    duk_check_stack(ctx, (duk_idx_t)len + 8)) {
		/* A comparator gets its arguments faster from the value
		 * stack than from an array (Duktape reads an index as a
		 * string key there): the values stay where Get leaves them. */
		s.base = duk_get_top(ctx);
		n = arrsort_collect(&s, kind, len, &nu);
	} else {
		duk_push_bare_array(ctx);
		s.vals = duk_get_top_index(ctx);
		n = arrsort_collect(&s, kind, len, &nu);
	}
	if (s.mode == ARRSORT_STR) {
		/* ToString once per element; the strings stay referenced by a
		 * second array, so their bytes stay where they are. */
		duk_push_bare_array(ctx);
		s.keys = arrsort_buffer(ctx, n, sizeof(*s.keys));
		for (i = 0; i < n; i++) {
			arrsort_tick(&s);
			duk_get_prop_index(ctx, s.vals, (duk_uarridx_t)i);
			duk_to_string(ctx, -1);
			s.keys[i].p = (const unsigned char *)duk_get_lstring(
			    ctx, -1, &s.keys[i].len);
			duk_put_prop_index(ctx, -3, (duk_uarridx_t)i);
		}
	}

	/* Past the value stack's limit the values stay in their array. */
	if (arrsort_use_slots(&s, n)) {
		/* The values themselves are merged (their copies), read in
		 * order: see cm_duk_sort_slots. */
		sa = arrsort_buffer(ctx, n, ARRSORT_SLOT_MAX);
		sb = arrsort_buffer(ctx, n, ARRSORT_SLOT_MAX);
		cm_duk_sort_slots(ctx, s.base, n, sa);
		sres = arrsort_merge_slots(&s, sa, sb, n);
	} else {
		a = arrsort_buffer(ctx, n, sizeof(*a));
		b = arrsort_buffer(ctx, n, sizeof(*b));
		for (i = 0; i < n; i++)
			a[i] = (uint32_t)i;
		res = arrsort_merge_indices(&s, a, b, n);
	}

	if (kind == ARRSORT_COPY) {
		/* toSorted: a new array, its elements defined, not set (no
		 * setter on Array.prototype sees them). */
		duk_push_array(ctx);
		duk_replace(ctx, 0);
	}
	/* The writes: the sorted values, the undefined ones, then holes. */
	for (i = 0; i < n; i++) {
		arrsort_tick(&s);
		if (sres != NULL)
			cm_duk_push_slot(ctx, sres + i * ARRSORT_SLOT_MAX);
		else
			arrsort_push(&s, res[i]);
		arrsort_put(ctx, (double)i, kind == ARRSORT_COPY);
	}
	for (k = (double)n; k < (double)n + (double)nu; k++) {
		arrsort_tick(&s);
		duk_push_undefined(ctx);
		arrsort_put(ctx, k, kind == ARRSORT_COPY);
	}
	for (; kind == ARRSORT_INPLACE && k < len; k++) {
		arrsort_tick(&s);
		arrsort_del(ctx, k);
	}
	duk_dup(ctx, 0);
	return 1;
}

void
arrsort_install(duk_context *ctx, duk_idx_t idx)
{
	idx = duk_normalize_index(ctx, idx);
	duk_push_c_function(ctx, arrsort_sort, 4);
	duk_put_prop_string(ctx, idx, "sort");
}
