/*
 * The root collation's broad order, not its tables (collate.h): spaces,
 * then punctuation and symbols, then digits, then letters, compared first
 * without case or accents; then the accents, element by element; then the
 * case, lowercase first. So "a" < "A" < "b", "resume" < "résumé", and
 * "_x" < "-c" < "1" < "a", as node's ICU orders them.
 */
#include "collate.h"

#include "unorm.h"

enum collate_class {
	COLLATE_C_SPACE,
	COLLATE_C_PUNCT,
	COLLATE_C_DIGIT,
	COLLATE_C_LETTER
};

/* ASCII punctuation and symbols in the root collation's order. */
static const uint32_t collate_punct[] = { '_', '-', ',', ';', ':', '!', '?',
	'.', '\'', '"', '(', ')', '[', ']', '{', '}', '@', '*', '/', '\\', '&',
	'#', '%', '`', '^', '+', '<', '=', '>', '|', '~', '$' };

/* Accents in the root collation's secondary order; others after them. */
static const uint32_t collate_accents[] = { 0x301, 0x300, 0x306, 0x302, 0x30c,
	0x30a, 0x308, 0x30b, 0x303, 0x307, 0x327, 0x328, 0x304 };

/* One collation element: a base character (or a run of digits) and the
 * accents that follow it. */
struct collate_el {
	enum collate_class cls;
	uint32_t key; /* letters folded to lowercase; punctuation weighed */
	int upper; /* the character was not its lowercase */
	size_t num, n_num; /* a numeric run, leading zeros skipped */
	size_t acc, n_acc; /* its accents */
	int stroke; /* a letter NFD keeps whole: ø, ł, đ, ħ, ŧ */
};

struct collate_it {
	const uint32_t *s;
	size_t n, i;
	unsigned flags;
	uint32_t pend; /* the second letter of an expansion (æ: a, e) */
	int pend_upper;
};

/*
 * Letters NFD leaves whole that the root collation sorts as others: an
 * expansion to two letters (æ as "ae", ß as "ss" a case level above), or
 * a letter with a secondary mark (ø after o, ł after l); þ after z.
 */
static const struct {
	uint32_t c, first, second;
	int stroke, tertiary;
} collate_special[] = {
	{ 0xc6, 'a', 'e', 0, 1 },
	{ 0xe6, 'a', 'e', 0, 0 },
	{ 0x152, 'o', 'e', 0, 1 },
	{ 0x153, 'o', 'e', 0, 0 },
	{ 0xdf, 's', 's', 0, 1 },
	{ 0x1e9e, 's', 's', 0, 1 },
	{ 0xd8, 'o', 0, 1, 1 },
	{ 0xf8, 'o', 0, 1, 0 },
	{ 0x141, 'l', 0, 1, 1 },
	{ 0x142, 'l', 0, 1, 0 },
	{ 0x110, 'd', 0, 1, 1 },
	{ 0x111, 'd', 0, 1, 0 },
	{ 0x126, 'h', 0, 1, 1 },
	{ 0x127, 'h', 0, 1, 0 },
	{ 0x166, 't', 0, 1, 1 },
	{ 0x167, 't', 0, 1, 0 },
	{ 0xde, 'z' + 1, 0, 0, 1 },
	{ 0xfe, 'z' + 1, 0, 0, 0 },
};

static int
collate_is_mark(uint32_t c)
{
	if (c < 0x300)
		return 0;
	return c <= 0x36f || unorm_ccc_of(c) != 0;
}

static enum collate_class
collate_class_of(uint32_t c)
{
	if (c <= 0x20 || c == 0x7f || (c >= 0x80 && c <= 0xa0) || c == 0x1680 ||
	    (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 ||
	    c == 0x202f || c == 0x205f || c == 0x3000)
		return COLLATE_C_SPACE;
	if (c >= '0' && c <= '9')
		return COLLATE_C_DIGIT;
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		return COLLATE_C_LETTER;
	if (c < 0x80 || (c <= 0xbf && c != 0xaa && c != 0xb5 && c != 0xba) ||
	    c == 0xd7 || c == 0xf7 || (c >= 0x2010 && c <= 0x2bff) ||
	    (c >= 0x3001 && c <= 0x303f) || (c >= 0xfe10 && c <= 0xfe6f) ||
	    (c >= 0xff01 && c <= 0xff0f) || (c >= 0xff1a && c <= 0xff20) ||
	    (c >= 0xff3b && c <= 0xff40) || (c >= 0xff5b && c <= 0xff65) ||
	    (c >= 0x1f000 && c <= 0x1faff))
		return COLLATE_C_PUNCT;
	return COLLATE_C_LETTER;
}

/* The lowercase of the letters NFD leaves whole (Latin, Greek, Cyrillic). */
static uint32_t
collate_fold(uint32_t c)
{
	if (c >= 'A' && c <= 'Z')
		return c + 32;
	if (c >= 0xc0 && c <= 0xde && c != 0xd7)
		return c + 32;
	if ((c >= 0x100 && c <= 0x137) || (c >= 0x14a && c <= 0x177))
		return c | 1;
	if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17e))
		return (c & 1) ? c + 1 : c;
	if (c >= 0x391 && c <= 0x3a9 && c != 0x3a2)
		return c + 32;
	if (c >= 0x410 && c <= 0x42f)
		return c + 32;
	if (c >= 0x400 && c <= 0x40f)
		return c + 80;
	return c;
}

/* c's place in list, the root's order; after all of them, the rest. */
static uint32_t
collate_rank(const uint32_t *list, size_t n, uint32_t c)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (list[i] == c)
			return (uint32_t)i;
	return 0x100 + c;
}

#define COLLATE_RANK(list, c)                                                  \
	collate_rank(list, sizeof(list) / sizeof(*(list)), c)

static int
collate_next(struct collate_it *it, struct collate_el *e)
{
	const uint32_t *s = it->s;
	size_t i = it->i, k;
	uint32_t c, f;

	if (it->pend != 0) {
		e->cls = COLLATE_C_LETTER;
		e->key = it->pend;
		e->upper = it->pend_upper;
		e->stroke = 0;
		e->n_num = e->n_acc = 0;
		e->acc = i;
		it->pend = 0;
		return 1;
	}
	for (;;) {
		if (i >= it->n) {
			it->i = i;
			return 0;
		}
		c = s[i];
		/* a mark with nothing before it weighs nothing */
		if (collate_is_mark(c)) {
			i++;
			continue;
		}
		e->cls = collate_class_of(c);
		if ((it->flags & COLLATE_IGNORE_PUNCT) &&
		    e->cls <= COLLATE_C_PUNCT) {
			for (i++; i < it->n && collate_is_mark(s[i]); i++)
				;
			continue;
		}
		break;
	}
	e->n_num = 0;
	e->upper = 0;
	e->stroke = 0;
	if (e->cls == COLLATE_C_DIGIT && (it->flags & COLLATE_NUMERIC)) {
		while (i + 1 < it->n && s[i] == '0' && s[i + 1] >= '0' &&
		    s[i + 1] <= '9')
			i++;
		e->num = i;
		while (i < it->n && s[i] >= '0' && s[i] <= '9')
			i++;
		e->n_num = i - e->num;
		e->key = 0;
	} else {
		f = collate_fold(c);
		e->key = e->cls == COLLATE_C_PUNCT
		    ? COLLATE_RANK(collate_punct, c)
		    : f;
		e->upper = f != c;
		for (k = 0; c >= 0xc6 &&
		     k < sizeof(collate_special) / sizeof(*collate_special);
		     k++)
			if (collate_special[k].c == c) {
				e->key = collate_special[k].first;
				e->stroke = collate_special[k].stroke;
				e->upper = collate_special[k].tertiary;
				it->pend = collate_special[k].second;
				it->pend_upper =
				    e->upper && c != 0xdf && c != 0x1e9e;
				break;
			}
		i++;
	}
	e->acc = i;
	while (i < it->n && collate_is_mark(s[i]))
		i++;
	e->n_acc = i - e->acc;
	it->i = i;
	return 1;
}

static int
collate_cmp_u32(uint32_t x, uint32_t y)
{
	return x < y ? -1 : x > y;
}

static int
collate_primary(const uint32_t *a, const struct collate_el *x,
    const uint32_t *b, const struct collate_el *y)
{
	size_t i;
	int r;

	if (x->cls != y->cls)
		return x->cls < y->cls ? -1 : 1;
	if (x->n_num != 0 || y->n_num != 0) {
		if (x->n_num != y->n_num)
			return x->n_num < y->n_num ? -1 : 1;
		for (i = 0; i < x->n_num; i++)
			if ((r = collate_cmp_u32(a[x->num + i], b[y->num + i])))
				return r;
		return 0;
	}
	return collate_cmp_u32(x->key, y->key);
}

static int
collate_secondary(const uint32_t *a, const struct collate_el *x,
    const uint32_t *b, const struct collate_el *y)
{
	size_t i;
	int r;

	/* a stroke weighs after every accent of the list, first of its own */
	if (x->stroke != y->stroke)
		return x->stroke ? 1 : -1;
	for (i = 0; i < x->n_acc && i < y->n_acc; i++)
		if ((r = collate_cmp_u32(
			 COLLATE_RANK(collate_accents, a[x->acc + i]),
			 COLLATE_RANK(collate_accents, b[y->acc + i]))))
			return r;
	return x->n_acc < y->n_acc ? -1 : x->n_acc > y->n_acc;
}

/* An ASCII character's primary weight: its class, then its key. */
static uint32_t
collate_ascii_weight(uint32_t c)
{
	enum collate_class cls = collate_class_of(c);

	return ((uint32_t)cls << 8) |
	    (cls == COLLATE_C_PUNCT ? COLLATE_RANK(collate_punct, c)
				    : collate_fold(c));
}

/*
 * Two ASCII strings without numeric or punctuation options, what a sort
 * mostly compares: one element a character and no accents, so the
 * primary weights in one pass, then the case.
 */
static int
collate_ascii(
    const uint32_t *a, size_t an, const uint32_t *b, size_t bn, unsigned flags)
{
	static uint16_t weight[128];
	size_t i, n = an < bn ? an : bn;
	uint32_t x, y;
	int r;

	if (weight['a'] == 0)
		for (i = 0; i < 128; i++)
			weight[i] = (uint16_t)collate_ascii_weight((uint32_t)i);
	for (i = 0; i < n; i++)
		if ((x = weight[a[i]]) != (y = weight[b[i]]))
			return x < y ? -1 : 1;
	if (an != bn)
		return an < bn ? -1 : 1;
	if (!(flags & COLLATE_CASE))
		return 0;
	for (i = 0; i < n; i++)
		if (a[i] != b[i]) {
			/* same letter, other case: lowercase first */
			r = (a[i] >= 'a') ? -1 : 1;
			return (flags & COLLATE_UPPER_FIRST) ? -r : r;
		}
	return 0;
}

static int
collate_is_ascii(const uint32_t *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] >= 0x80)
			return 0;
	return 1;
}

int
collate_compare(
    const uint32_t *a, size_t an, const uint32_t *b, size_t bn, unsigned flags)
{
	struct collate_it ia, ib;
	struct collate_el x, y;
	unsigned level;
	int ha, hb, r;

	if (!(flags & (COLLATE_NUMERIC | COLLATE_IGNORE_PUNCT)) &&
	    collate_is_ascii(a, an) && collate_is_ascii(b, bn))
		return collate_ascii(a, an, b, bn, flags);

	/* The letters always; the accents, the case when flags ask. */
	for (level = 1; level <= 3; level++) {
		if ((level == 2 && !(flags & COLLATE_ACCENT)) ||
		    (level == 3 && !(flags & COLLATE_CASE)))
			continue;
		ia = (struct collate_it){ a, an, 0, flags, 0, 0 };
		ib = (struct collate_it){ b, bn, 0, flags, 0, 0 };
		for (;;) {
			ha = collate_next(&ia, &x);
			hb = collate_next(&ib, &y);
			if (!ha || !hb) {
				if (ha != hb)
					return ha ? 1 : -1;
				break;
			}
			if (level == 1)
				r = collate_primary(a, &x, b, &y);
			else if (level == 2)
				r = collate_secondary(a, &x, b, &y);
			else {
				r = x.upper - y.upper;
				if (flags & COLLATE_UPPER_FIRST)
					r = -r;
			}
			if (r != 0)
				return r < 0 ? -1 : 1;
		}
	}
	return 0;
}
