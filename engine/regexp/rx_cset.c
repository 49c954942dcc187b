/*
 * Code point sets for the compiler: inclusive [lo, hi] ranges, built by
 * appending then normalizing (sorted, merged). A refused allocation sets
 * `oom` and leaves the set as it was; the compiler checks it once per class.
 */
#include <stdlib.h>
#include <string.h>

#include "regexp/rx_int.h"

#define RX_MAXCP 0x10ffffu

void
rx_cset_init(struct rx_cset *s, const struct rx_alloc *a)
{
	memset(s, 0, sizeof(*s));
	s->a = a;
}

void
rx_cset_free(struct rx_cset *s)
{
	rx_realloc(s->a, s->r, 0);
	s->r = NULL;
	s->n = s->cap = 0;
}

void
rx_cset_add(struct rx_cset *s, uint32_t lo, uint32_t hi)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 8;
		uint32_t *r = rx_realloc(s->a, s->r, cap * 2 * sizeof(*r));
		if (r == NULL) {
			s->oom = 1;
			return;
		}
		s->r = r;
		s->cap = cap;
	}
	s->r[2 * s->n] = lo;
	s->r[2 * s->n + 1] = hi;
	s->n++;
}

void
rx_cset_add_set(struct rx_cset *s, const struct rx_cset *o)
{
	size_t i;

	for (i = 0; i < o->n; i++)
		rx_cset_add(s, o->r[2 * i], o->r[2 * i + 1]);
	s->oom |= o->oom;
}

static int
rx_cset_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

void
rx_cset_norm(struct rx_cset *s)
{
	size_t i, j = 0;

	if (s->n == 0)
		return;
	qsort(s->r, s->n, 2 * sizeof(uint32_t), rx_cset_cmp);
	for (i = 1; i < s->n; i++) {
		if (s->r[2 * i] <= s->r[2 * j + 1] + 1) {
			if (s->r[2 * i + 1] > s->r[2 * j + 1])
				s->r[2 * j + 1] = s->r[2 * i + 1];
		} else {
			j++;
			s->r[2 * j] = s->r[2 * i];
			s->r[2 * j + 1] = s->r[2 * i + 1];
		}
	}
	s->n = j + 1;
}

void
rx_cset_invert(struct rx_cset *s)
{
	struct rx_cset t;
	uint32_t next = 0;
	size_t i;

	rx_cset_init(&t, s->a);
	for (i = 0; i < s->n; i++) {
		if (s->r[2 * i] > next)
			rx_cset_add(&t, next, s->r[2 * i] - 1);
		next = s->r[2 * i + 1] + 1;
	}
	if (next <= RX_MAXCP)
		rx_cset_add(&t, next, RX_MAXCP);
	t.oom |= s->oom;
	rx_cset_free(s);
	*s = t;
}

void
rx_cset_and(struct rx_cset *s, const struct rx_cset *o)
{
	struct rx_cset t;
	size_t i = 0, j = 0;

	rx_cset_init(&t, s->a);
	while (i < s->n && j < o->n) {
		uint32_t lo =
		    s->r[2 * i] > o->r[2 * j] ? s->r[2 * i] : o->r[2 * j];
		uint32_t hi = s->r[2 * i + 1] < o->r[2 * j + 1]
		    ? s->r[2 * i + 1]
		    : o->r[2 * j + 1];
		if (lo <= hi)
			rx_cset_add(&t, lo, hi);
		if (s->r[2 * i + 1] < o->r[2 * j + 1])
			i++;
		else
			j++;
	}
	t.oom |= s->oom | o->oom;
	rx_cset_free(s);
	*s = t;
}

void
rx_cset_sub(struct rx_cset *s, const struct rx_cset *o)
{
	struct rx_cset t;

	rx_cset_init(&t, s->a);
	rx_cset_add_set(&t, o);
	rx_cset_invert(&t);
	rx_cset_and(s, &t);
	rx_cset_free(&t);
}

int
rx_cset_has(const struct rx_cset *s, uint32_t c)
{
	size_t lo = 0, hi = s->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (c < s->r[2 * mid])
			hi = mid;
		else if (c > s->r[2 * mid + 1])
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}

/* s without the fold table's sources, plus f(source) for those in s
 * (f = the canonical value when `to_canon`, else the source itself when
 * its canonical value is in s: the closure step). */
static void
rx_cset_fold(struct rx_cset *s, int unicode, int to_canon)
{
	struct rx_cset src, add;
	const uint32_t *t;
	size_t n, i;

	t = rx_fold_table(unicode, &n);
	rx_cset_init(&src, s->a);
	rx_cset_init(&add, s->a);
	for (i = 0; i < n; i++) {
		rx_cset_add(&src, t[2 * i], t[2 * i]);
		if (to_canon ? rx_cset_has(s, t[2 * i])
			     : rx_cset_has(s, t[2 * i + 1])) {
			uint32_t c = to_canon ? t[2 * i + 1] : t[2 * i];
			rx_cset_add(&add, c, c);
		}
	}
	rx_cset_norm(&src);
	rx_cset_sub(s, &src);
	rx_cset_add_set(s, &add);
	rx_cset_norm(s);
	rx_cset_free(&src);
	rx_cset_free(&add);
}

void
rx_cset_canon(struct rx_cset *s, int unicode)
{
	rx_cset_fold(s, unicode, 1);
}

void
rx_cset_close(struct rx_cset *s, int unicode)
{
	/* {c : canon(c) in canon(s)}: a c the table does not change is its
	 * own canonical value, so it is in when canon(s) has it; a source is in
	 * when its canonical value is. */
	rx_cset_fold(s, unicode, 1);
	rx_cset_fold(s, unicode, 0);
}

void
rx_cset_fixed_only(struct rx_cset *s, int unicode)
{
	struct rx_cset src;
	const uint32_t *t;
	size_t n, i;

	t = rx_fold_table(unicode, &n);
	rx_cset_init(&src, s->a);
	for (i = 0; i < n; i++)
		rx_cset_add(&src, t[2 * i], t[2 * i]);
	rx_cset_norm(&src);
	rx_cset_sub(s, &src);
	rx_cset_free(&src);
}
