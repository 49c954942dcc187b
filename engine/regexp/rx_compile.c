/*
 * rx_compile: the ES2025 pattern grammar (with Annex B without u/v) parsed
 * by recursive descent straight into bytecode, one pass after a pre-scan
 * that counts the capture groups (a decimal escape and \k<name> may refer
 * forward). The recursion depth is bounded by RX_MAX_NESTING.
 *
 * Case-insensitive classes are compiled to their closure under
 * Canonicalize, so the matcher tests a class with no case work at all.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regexp/rx_int.h"

#define RX_INF UINT32_MAX
#define RX_MAXCP 0x10ffffu

static void *
rx_libc_realloc(void *opaque, void *p, size_t n)
{
	(void)opaque;
	if (n == 0) {
		free(p);
		return NULL;
	}
	return realloc(p, n);
}

static const struct rx_alloc rx_libc = { rx_libc_realloc, NULL };

void *
rx_realloc(const struct rx_alloc *a, void *p, size_t n)
{
	if (a == NULL || a->realloc == NULL)
		a = &rx_libc;
	if (n == 0 && p == NULL)
		return NULL;
	return a->realloc(a->opaque, p, n);
}

/* A named group: its name and the path of (disjunction, alternative)
 * pairs from the pattern's root to it, for the duplicate-name rule. */
struct rx_named {
	int group;
	char *name;
	uint32_t *path;
	int pathlen;
};

struct rx_pending_ref {
	uint32_t ref;
	char *name;
	int pos;
};

/* A v-mode class value: code points, plus strings (len, cps...). */
struct rx_vset {
	struct rx_cset cs;
	uint32_t *str;
	size_t nstr, used, cap;
	int may_str;
};

struct rx_cp {
	const struct rx_alloc *a;
	const uint16_t *s;
	size_t len, i;
	unsigned flags;
	int u, v;
	int icase, multi, dotall;
	int back;
	int depth;
	int ncap, total_caps, has_named;
	int nregs;
	uint8_t *code;
	size_t ncode, capcode;
	struct rx_class *classes;
	size_t nclasses, capclasses;
	uint32_t *ranges;
	size_t nranges, capranges; /* in uint32s */
	struct rx_ref *refs;
	size_t nrefs, caprefs;
	uint16_t *refgroups;
	size_t nrefgroups, caprefgroups;
	struct rx_named *named;
	size_t nnamed, capnamed;
	struct rx_pending_ref *pend;
	size_t npend, cappend;
	uint32_t path[2 * (RX_MAX_NESTING + 2)];
	int pathlen;
	uint32_t next_disj;
	int last_simple; /* the last atom is one consuming op */
	struct rx_error *err;
	int rc;
};

/* --- errors and buffers --- */

static int
rx_fail(struct rx_cp *c, size_t pos, const char *msg)
{
	if (c->rc == 0) {
		c->rc = RX_ESYNTAX;
		c->err->pos = (int)pos;
		snprintf(c->err->msg, sizeof(c->err->msg), "%s", msg);
	}
	return -1;
}

static int
rx_oom(struct rx_cp *c)
{
	if (c->rc == 0 || c->rc == RX_ESYNTAX) {
		c->rc = RX_ENOMEM;
		c->err->pos = -1;
		snprintf(c->err->msg, sizeof(c->err->msg), "out of memory");
	}
	return -1;
}

/* Grows *p (elem bytes each) to hold need elements. */
static int
rx_grow(struct rx_cp *c, void **p, size_t *cap, size_t need, size_t elem)
{
	size_t ncap;
	void *np;

	if (need <= *cap)
		return 0;
	ncap = *cap ? *cap : 16;
	while (ncap < need)
		ncap *= 2;
	if (ncap > SIZE_MAX / elem ||
	    (np = rx_realloc(c->a, *p, ncap * elem)) == NULL)
		return rx_oom(c);
	*p = np;
	*cap = ncap;
	return 0;
}

static int
rx_emit(struct rx_cp *c, const void *b, size_t n)
{
	if (rx_grow(c, (void **)&c->code, &c->capcode, c->ncode + n, 1) < 0)
		return -1;
	memcpy(c->code + c->ncode, b, n);
	c->ncode += n;
	return 0;
}

static int
rx_emit8(struct rx_cp *c, uint8_t v)
{
	return rx_emit(c, &v, 1);
}

static int
rx_emit16(struct rx_cp *c, uint32_t v)
{
	uint8_t b[2] = { (uint8_t)v, (uint8_t)(v >> 8) };
	return rx_emit(c, b, 2);
}

static void
rx_put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static int
rx_emit32(struct rx_cp *c, uint32_t v)
{
	uint8_t b[4];
	rx_put32(b, v);
	return rx_emit(c, b, 4);
}

/* Makes room for n bytes at pos (the caller fills them). */
static int
rx_insert(struct rx_cp *c, size_t pos, size_t n)
{
	if (rx_grow(c, (void **)&c->code, &c->capcode, c->ncode + n, 1) < 0)
		return -1;
	memmove(c->code + pos + n, c->code + pos, c->ncode - pos);
	c->ncode += n;
	return 0;
}

/* --- reading the pattern --- */

static int
rx_hi(uint32_t u)
{
	return u >= 0xd800 && u <= 0xdbff;
}

static int
rx_lo(uint32_t u)
{
	return u >= 0xdc00 && u <= 0xdfff;
}

/* The character at i: a code point under u/v (a surrogate pair is one),
 * else a code unit; -1 at the end. *n is its length in units. */
static int32_t
rx_peek_at(const struct rx_cp *c, size_t i, size_t *n)
{
	uint32_t u;

	*n = 1;
	if (i >= c->len)
		return -1;
	u = c->s[i];
	if (c->u && rx_hi(u) && i + 1 < c->len && rx_lo(c->s[i + 1])) {
		*n = 2;
		return (int32_t)(0x10000 + ((u - 0xd800) << 10) +
		    (c->s[i + 1] - 0xdc00));
	}
	return (int32_t)u;
}

static int32_t
rx_peek(const struct rx_cp *c)
{
	size_t n;
	return rx_peek_at(c, c->i, &n);
}

static int32_t
rx_peek2(const struct rx_cp *c)
{
	return c->i + 1 < c->len ? c->s[c->i + 1] : -1;
}

static int32_t
rx_next(struct rx_cp *c)
{
	size_t n;
	int32_t ch = rx_peek_at(c, c->i, &n);
	if (ch >= 0)
		c->i += n;
	return ch;
}

static int
rx_accept(struct rx_cp *c, uint32_t ch)
{
	if (c->i < c->len && c->s[c->i] == ch) {
		c->i++;
		return 1;
	}
	return 0;
}

static int
rx_hexval(int32_t ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

/* n hex digits at i, or -1 (i unchanged then). */
static int32_t
rx_hex(struct rx_cp *c, int n)
{
	int32_t v = 0;
	int k;

	if (c->i + (size_t)n > c->len)
		return -1;
	for (k = 0; k < n; k++) {
		int h = rx_hexval(c->s[c->i + k]);
		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	c->i += n;
	return v;
}

/*
 * After "\u": XXXX (with u-mode surrogate pairs \uD83D\uDE00 joined) or,
 * when braces are allowed, {X...}. Returns the code point or -1 with i
 * back at the 'u' (the caller decides: identity escape or an error).
 */
static int32_t
rx_unicode_escape(struct rx_cp *c, int braces)
{
	size_t save = c->i;
	int32_t v;

	if (braces && rx_accept(c, '{')) {
		int nd = 0;
		v = 0;
		while (c->i < c->len && rx_hexval(c->s[c->i]) >= 0) {
			v = v * 16 + rx_hexval(c->s[c->i++]);
			nd++;
			if (v > (int32_t)RX_MAXCP)
				break;
		}
		if (nd == 0 || v > (int32_t)RX_MAXCP || !rx_accept(c, '}')) {
			c->i = save;
			return -1;
		}
		return v;
	}
	if ((v = rx_hex(c, 4)) < 0)
		return -1;
	if (braces && rx_hi((uint32_t)v) && c->i + 5 < c->len &&
	    c->s[c->i] == '\\' && c->s[c->i + 1] == 'u') {
		size_t s2 = c->i;
		int32_t w;
		c->i += 2;
		w = rx_hex(c, 4);
		if (w >= 0 && rx_lo((uint32_t)w))
			return 0x10000 + ((v - 0xd800) << 10) + (w - 0xdc00);
		c->i = s2;
	}
	return v;
}

/* --- group names --- */

static int
rx_utf8_put(char **buf, size_t *n, size_t *cap, struct rx_cp *c, uint32_t cp)
{
	uint8_t b[4];
	size_t k;

	if (cp < 0x80) {
		b[0] = (uint8_t)cp;
		k = 1;
	} else if (cp < 0x800) {
		b[0] = (uint8_t)(0xc0 | cp >> 6);
		b[1] = (uint8_t)(0x80 | (cp & 0x3f));
		k = 2;
	} else if (cp < 0x10000) {
		b[0] = (uint8_t)(0xe0 | cp >> 12);
		b[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3f));
		b[2] = (uint8_t)(0x80 | (cp & 0x3f));
		k = 3;
	} else {
		b[0] = (uint8_t)(0xf0 | cp >> 18);
		b[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3f));
		b[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3f));
		b[3] = (uint8_t)(0x80 | (cp & 0x3f));
		k = 4;
	}
	if (rx_grow(c, (void **)buf, cap, *n + k + 1, 1) < 0)
		return -1;
	memcpy(*buf + *n, b, k);
	*n += k;
	(*buf)[*n] = '\0';
	return 0;
}

/*
 * A RegExpIdentifierName up to and including '>' (i is after '<').
 * Surrogate pairs and \u escapes (\u{...} too) are read in every mode.
 * Returns a malloc'd UTF-8 name or NULL (error set).
 */
static char *
rx_group_name_parse(struct rx_cp *c)
{
	char *buf = NULL;
	size_t n = 0, cap = 0, start = c->i;

	for (;;) {
		size_t at = c->i;
		int32_t ch;
		if (c->i >= c->len)
			goto bad;
		ch = c->s[c->i];
		if (ch == '>') {
			c->i++;
			break;
		}
		if (ch == '\\') {
			c->i++;
			if (!rx_accept(c, 'u') ||
			    (ch = rx_unicode_escape(c, 1)) < 0)
				goto bad;
		} else {
			c->i++;
			if (rx_hi((uint32_t)ch) && c->i < c->len &&
			    rx_lo(c->s[c->i])) {
				ch = 0x10000 + ((ch - 0xd800) << 10) +
				    (c->s[c->i] - 0xdc00);
				c->i++;
			}
		}
		if (at == start ? !rx_is_id_start((uint32_t)ch)
				: !rx_is_id_continue((uint32_t)ch))
			goto bad;
		if (rx_utf8_put(&buf, &n, &cap, c, (uint32_t)ch) < 0) {
			rx_realloc(c->a, buf, 0);
			return NULL;
		}
	}
	if (n == 0)
		goto bad;
	return buf;
bad:
	rx_realloc(c->a, buf, 0);
	rx_fail(c, start, "Invalid capture group name");
	return NULL;
}

/*
 * Counts the capture groups and notes whether any is named, so a forward
 * \3 or \k<name> is understood. Follows escapes and classes (nested ones
 * under v) the way the parser will.
 */
static void
rx_prescan(struct rx_cp *c)
{
	size_t i = 0;
	int cls = 0;

	c->total_caps = 0;
	c->has_named = 0;
	while (i < c->len) {
		uint16_t ch = c->s[i];
		if (ch == '\\') {
			i += 2;
			continue;
		}
		if (cls) {
			if (ch == ']')
				cls--;
			else if (ch == '[' && c->v)
				cls++;
		} else if (ch == '[') {
			cls = 1;
		} else if (ch == '(') {
			if (i + 1 < c->len && c->s[i + 1] == '?') {
				if (i + 3 < c->len && c->s[i + 2] == '<' &&
				    c->s[i + 3] != '=' && c->s[i + 3] != '!') {
					c->total_caps++;
					c->has_named = 1;
				}
			} else {
				c->total_caps++;
			}
		}
		i++;
	}
}

/* --- classes --- */

/* Registers a class (normalized set) and returns its index or -1. */
static int
rx_class_add(struct rx_cp *c, const struct rx_cset *s)
{
	struct rx_class *k;
	size_t j;

	if (c->nclasses >= 0xffff)
		return rx_fail(c, c->i, "Too many character classes");
	if (rx_grow(c, (void **)&c->classes, &c->capclasses, c->nclasses + 1,
		sizeof(*c->classes)) < 0 ||
	    rx_grow(c, (void **)&c->ranges, &c->capranges,
		c->nranges + 2 * s->n + 2, sizeof(uint32_t)) < 0)
		return -1;
	k = &c->classes[c->nclasses];
	memset(k, 0, sizeof(*k));
	k->off = (uint32_t)(c->nranges / 2);
	k->n = (uint32_t)s->n;
	if (s->n > 0) /* an empty class may have no ranges array at all */
		memcpy(
		    c->ranges + c->nranges, s->r, 2 * s->n * sizeof(uint32_t));
	c->nranges += 2 * s->n;
	for (j = 0; j < s->n; j++) {
		uint32_t lo = s->r[2 * j], hi = s->r[2 * j + 1], x;
		for (x = lo; x <= hi && x < 128; x++)
			k->ascii[x >> 5] |= 1u << (x & 31);
	}
	return (int)c->nclasses++;
}

static void
rx_set_digits(struct rx_cset *s)
{
	rx_cset_add(s, '0', '9');
}

static void
rx_set_space(struct rx_cset *s)
{
	static const uint32_t sp[] = { 9, 13, 0x20, 0x20, 0xa0, 0xa0, 0x1680,
		0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f,
		0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff };
	size_t k;

	for (k = 0; k < sizeof(sp) / sizeof(sp[0]); k += 2)
		rx_cset_add(s, sp[k], sp[k + 1]);
}

/* WordCharacters: basic, plus what canonicalizes into them under iu/iv
 * (U+017F and U+212A). */
static void
rx_set_word(struct rx_cp *c, struct rx_cset *s)
{
	rx_cset_add(s, '0', '9');
	rx_cset_add(s, 'A', 'Z');
	rx_cset_add(s, '_', '_');
	rx_cset_add(s, 'a', 'z');
	if (c->u && c->icase) {
		rx_cset_add(s, 0x17f, 0x17f);
		rx_cset_add(s, 0x212a, 0x212a);
	}
}

/* d D s S w W into s (normalized). */
static void
rx_class_escape_set(struct rx_cp *c, int32_t e, struct rx_cset *s)
{
	switch (e | 32) {
	case 'd':
		rx_set_digits(s);
		break;
	case 's':
		rx_set_space(s);
		break;
	default:
		rx_set_word(c, s);
		break;
	}
	rx_cset_norm(s);
	if (e >= 'A' && e <= 'Z')
		rx_cset_invert(s);
}

/* After "\p{" or "\P{": the property expression and '}'. Returns the
 * property or NULL with the error set. */
static const struct rx_uprop *
rx_property(struct rx_cp *c, size_t at, int *lone_gc)
{
	char name[64], value[64];
	size_t nn = 0, nv = 0;
	int has_eq = 0;
	const struct rx_uprop *p = NULL;

	for (;;) {
		int32_t ch = c->i < c->len ? c->s[c->i] : -1;
		if (ch == '}') {
			c->i++;
			break;
		}
		if (ch == '=' && !has_eq) {
			has_eq = 1;
			c->i++;
			continue;
		}
		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
			(ch >= '0' && ch <= '9') || ch == '_'))
			goto bad;
		if (has_eq ? nv >= sizeof(value) - 1 : nn >= sizeof(name) - 1)
			goto bad;
		if (has_eq)
			value[nv++] = (char)ch;
		else
			name[nn++] = (char)ch;
		c->i++;
	}
	name[nn] = value[nv] = '\0';
	if (nn == 0 || (has_eq && nv == 0))
		goto bad;
	if (has_eq) {
		if (!strcmp(name, "General_Category") || !strcmp(name, "gc"))
			p = rx_uprop_find(RX_UP_GC, value);
		else if (!strcmp(name, "Script") || !strcmp(name, "sc"))
			p = rx_uprop_find(RX_UP_SC, value);
		else if (!strcmp(name, "Script_Extensions") ||
		    !strcmp(name, "scx"))
			p = rx_uprop_find(RX_UP_SCX, value);
	} else {
		p = rx_uprop_find(RX_UP_GC, name);
		if (p == NULL)
			p = rx_uprop_find(RX_UP_BIN, name);
		if (p == NULL && c->v)
			p = rx_uprop_find(RX_UP_STR, name);
	}
	if (p != NULL) {
		if (lone_gc != NULL)
			*lone_gc = !has_eq && p->kind == RX_UP_GC;
		return p;
	}
bad:
	rx_fail(c, at, "Invalid property name");
	return NULL;
}

/*
 * A character escape after '\' (i at the letter) in a class or not: the
 * code point, or -1 with the error set. Annex B quirks without u/v.
 */
static int32_t
rx_char_escape(struct rx_cp *c, int in_class)
{
	size_t at = c->i - 1;
	int32_t ch = rx_peek(c), v;

	switch (ch) {
	case 'f':
		c->i++;
		return '\f';
	case 'n':
		c->i++;
		return '\n';
	case 'r':
		c->i++;
		return '\r';
	case 't':
		c->i++;
		return '\t';
	case 'v':
		c->i++;
		return '\v';
	case 'c': {
		int32_t l = rx_peek2(c);
		if ((l >= 'a' && l <= 'z') || (l >= 'A' && l <= 'Z')) {
			c->i += 2;
			return l % 32;
		}
		if (!c->u && in_class && ((l >= '0' && l <= '9') || l == '_')) {
			c->i += 2;
			return l % 32;
		}
		if (c->u)
			return rx_fail(c, at, "Invalid Unicode escape");
		/* Annex B: the backslash itself; "c" is read next. */
		return '\\';
	}
	case '0':
		if (c->u) {
			int32_t d = rx_peek2(c);
			if (d >= '0' && d <= '9')
				return rx_fail(c, at, "Invalid decimal escape");
			c->i++;
			return 0;
		}
		/* Annex B legacy octal */
		/* fall through */
	case '1':
	case '2':
	case '3':
	case '4':
	case '5':
	case '6':
	case '7':
		if (c->u)
			return rx_fail(c, at, "Invalid escape");
		v = ch - '0';
		c->i++;
		if (c->i < c->len && c->s[c->i] >= '0' && c->s[c->i] <= '7') {
			v = v * 8 + (c->s[c->i++] - '0');
			if (ch <= '3' && c->i < c->len && c->s[c->i] >= '0' &&
			    c->s[c->i] <= '7')
				v = v * 8 + (c->s[c->i++] - '0');
		}
		return v;
	case 'x':
		c->i++;
		if ((v = rx_hex(c, 2)) >= 0)
			return v;
		if (c->u)
			return rx_fail(c, at, "Invalid escape");
		return 'x';
	case 'u':
		c->i++;
		if ((v = rx_unicode_escape(c, c->u)) >= 0)
			return v;
		if (c->u)
			return rx_fail(c, at, "Invalid Unicode escape");
		return 'u';
	case -1:
		return rx_fail(c, at, "\\ at end of pattern");
	default:
		break;
	}
	if (c->u) {
		if (ch < 128 && strchr("^$\\.*+?()[]{}|/", ch) != NULL) {
			c->i++;
			return ch;
		}
		if (in_class && ch == '-') {
			c->i++;
			return ch;
		}
		if (c->v && in_class && ch < 128 &&
		    strchr("&-!#%,:;<=>@`~", ch) != NULL) {
			c->i++;
			return ch;
		}
		return rx_fail(c, at, "Invalid escape");
	}
	if (ch == 'k' && c->has_named)
		return rx_fail(c, at, "Invalid named reference");
	return rx_next(c);
}

/* --- the class of a non-v pattern --- */

/* One ClassAtom: a code point (>= 0) or a set (-2, into s); -1 error. */
static int32_t
rx_class_atom(struct rx_cp *c, struct rx_cset *s)
{
	int32_t ch = rx_next(c), e;

	if (ch != '\\')
		return ch;
	e = rx_peek(c);
	if (e == 'd' || e == 'D' || e == 's' || e == 'S' || e == 'w' ||
	    e == 'W') {
		c->i++;
		rx_class_escape_set(c, e, s);
		return -2;
	}
	if ((e == 'p' || e == 'P') && c->u) {
		size_t at = c->i - 1;
		const struct rx_uprop *p;
		c->i++;
		if (!rx_accept(c, '{'))
			return rx_fail(c, at, "Invalid property name");
		if ((p = rx_property(c, at, NULL)) == NULL)
			return -1;
		if (p->kind == RX_UP_STR)
			return rx_fail(c, at, "Invalid property name");
		rx_uprop_add(s, p);
		rx_cset_norm(s);
		if (e == 'P')
			rx_cset_invert(s);
		return -2;
	}
	if (e == 'b') {
		c->i++;
		return '\b';
	}
	if (c->u && e == '-') {
		c->i++;
		return '-';
	}
	if (!c->u && e >= '8' && e <= '9') {
		c->i++;
		return e;
	}
	if (c->u && e >= '1' && e <= '9')
		return rx_fail(c, c->i - 1, "Invalid class escape");
	return rx_char_escape(c, 1);
}

/* [...] without v, i after '['. Fills s (normalized, inverted if [^). */
static int
rx_class_plain(struct rx_cp *c, struct rx_cset *s, int *invert)
{
	size_t start = c->i - 1;

	*invert = rx_accept(c, '^');
	for (;;) {
		struct rx_cset a, b;
		int32_t x, y;
		size_t at;

		if (c->i >= c->len)
			return rx_fail(
			    c, start, "Unterminated character class");
		if (rx_accept(c, ']'))
			break;
		rx_cset_init(&a, c->a);
		rx_cset_init(&b, c->a);
		at = c->i;
		x = rx_class_atom(c, &a);
		if (x == -1)
			goto fail;
		if (c->i + 1 < c->len && c->s[c->i] == '-' &&
		    c->s[c->i + 1] != ']') {
			c->i++;
			y = rx_class_atom(c, &b);
			if (y == -1)
				goto fail;
			if (x == -2 || y == -2) {
				if (c->u) {
					rx_fail(
					    c, at, "Invalid character class");
					goto fail;
				}
				rx_cset_add(s, '-', '-');
			} else if (x > y) {
				rx_fail(c, at,
				    "Range out of order in character class");
				goto fail;
			}
			if (x >= 0 && y >= 0)
				rx_cset_add(s, (uint32_t)x, (uint32_t)y);
			else {
				if (x >= 0)
					rx_cset_add(
					    s, (uint32_t)x, (uint32_t)x);
				if (y >= 0)
					rx_cset_add(
					    s, (uint32_t)y, (uint32_t)y);
			}
		} else if (x >= 0) {
			rx_cset_add(s, (uint32_t)x, (uint32_t)x);
		}
		rx_cset_add_set(s, &a);
		rx_cset_add_set(s, &b);
		rx_cset_free(&a);
		rx_cset_free(&b);
		continue;
	fail:
		rx_cset_free(&a);
		rx_cset_free(&b);
		return -1;
	}
	rx_cset_norm(s);
	return 0;
}

/* --- v-mode class sets --- */

static void
rx_vset_init(struct rx_cp *c, struct rx_vset *v)
{
	memset(v, 0, sizeof(*v));
	rx_cset_init(&v->cs, c->a);
}

static void
rx_vset_free(struct rx_cp *c, struct rx_vset *v)
{
	rx_cset_free(&v->cs);
	rx_realloc(c->a, v->str, 0);
	v->str = NULL;
}

static int
rx_vset_find(const struct rx_vset *v, const uint32_t *s, uint32_t n)
{
	size_t k = 0;

	while (k < v->used) {
		if (v->str[k] == n && memcmp(v->str + k + 1, s, n * 4) == 0)
			return 1;
		k += 1 + v->str[k];
	}
	return 0;
}

/* Adds a string (a one-character string is a code point). */
static int
rx_vset_add_str(
    struct rx_cp *c, struct rx_vset *v, const uint32_t *s, uint32_t n)
{
	if (n == 1) {
		rx_cset_add(&v->cs, s[0], s[0]);
		return 0;
	}
	if (rx_vset_find(v, s, n))
		return 0;
	if (rx_grow(c, (void **)&v->str, &v->cap, v->used + 1 + n, 4) < 0)
		return -1;
	v->str[v->used] = n;
	memcpy(v->str + v->used + 1, s, n * 4);
	v->used += 1 + n;
	v->nstr++;
	return 0;
}

/* v-mode MaybeSimpleCaseFolding of a leaf operand. */
static void
rx_vset_fold(struct rx_cp *c, struct rx_vset *v)
{
	size_t k = 0;
	uint32_t j;

	rx_cset_norm(&v->cs);
	if (!c->icase)
		return;
	rx_cset_canon(&v->cs, 1);
	while (k < v->used) {
		for (j = 0; j < v->str[k]; j++)
			v->str[k + 1 + j] = rx_canon(v->str[k + 1 + j], 1);
		k += 1 + v->str[k];
	}
}

static int rx_class_v(struct rx_cp *c, struct rx_vset *out);

/* v: complement over AllCharacters (the case-fold fixed points with i). */
static void
rx_vset_complement(struct rx_cp *c, struct rx_vset *v)
{
	rx_cset_norm(&v->cs);
	rx_cset_invert(&v->cs);
	if (c->icase)
		rx_cset_fixed_only(&v->cs, 1);
}

/* A ClassSetCharacter (i at it); -1 error, else the code point. */
static int32_t
rx_v_char(struct rx_cp *c)
{
	size_t at = c->i;
	int32_t ch = rx_peek(c), n2;

	if (ch == '\\') {
		c->i++;
		if (rx_accept(c, 'b'))
			return '\b';
		return rx_char_escape(c, 1);
	}
	if (ch < 0)
		return rx_fail(c, at, "Unterminated character class");
	if (ch < 128 && strchr("()[]{}/-|", ch) != NULL)
		return rx_fail(c, at, "Invalid character in character class");
	n2 = rx_peek2(c);
	if (ch == n2 && ch < 128 && strchr("&!#$%*+,.:;<=>?@^`~", ch) != NULL)
		return rx_fail(
		    c, at, "invalid set operation in character class");
	return rx_next(c);
}

/*
 * A ClassSetOperand into v: a nested class, \q{...}, a class escape or
 * one character. *ch gets the character (for ranges) or -2.
 */
static int
rx_v_operand(struct rx_cp *c, struct rx_vset *v, int32_t *ch)
{
	size_t at = c->i;

	*ch = -2;
	if (rx_accept(c, '[')) {
		if (rx_class_v(c, v) < 0)
			return -1;
		return 0;
	}
	if (c->i + 1 < c->len && c->s[c->i] == '\\') {
		int32_t e = c->s[c->i + 1];
		if (e == 'q') {
			uint32_t buf[64];
			uint32_t *str = buf;
			size_t n = 0, cap = 64;
			int rc = 0;
			c->i += 2;
			if (!rx_accept(c, '{'))
				return rx_fail(c, at, "Invalid escape");
			for (;;) {
				int32_t x;
				int end = rx_accept(c, '}');
				if (end || rx_accept(c, '|')) {
					rc = rx_vset_add_str(
					    c, v, str, (uint32_t)n);
					if (n != 1)
						v->may_str = 1;
					n = 0;
					if (rc < 0 || end)
						break;
					continue;
				}
				if ((x = rx_v_char(c)) < 0) {
					rc = -1;
					break;
				}
				if (n == cap) {
					uint32_t *ns;
					if (str == buf) {
						ns = rx_realloc(
						    c->a, NULL, 2 * cap * 4);
						if (ns != NULL)
							memcpy(ns, buf,
							    sizeof(buf));
					} else {
						ns = rx_realloc(
						    c->a, str, 2 * cap * 4);
					}
					if (ns == NULL) {
						rc = rx_oom(c);
						break;
					}
					str = ns;
					cap *= 2;
				}
				str[n++] = (uint32_t)x;
			}
			if (str != buf)
				rx_realloc(c->a, str, 0);
			if (rc == 0)
				rx_vset_fold(c, v);
			return rc;
		}
		if (e == 'd' || e == 'D' || e == 's' || e == 'S' || e == 'w' ||
		    e == 'W') {
			c->i += 2;
			rx_class_escape_set(c, e, &v->cs);
			rx_vset_fold(c, v);
			if (e >= 'A' && e <= 'Z' && c->icase) {
				/* complement of the folded set, per v rules */
				struct rx_vset t;
				rx_vset_init(c, &t);
				rx_class_escape_set(c, e | 32, &t.cs);
				rx_vset_fold(c, &t);
				rx_vset_complement(c, &t);
				rx_cset_free(&v->cs);
				v->cs = t.cs;
			}
			return 0;
		}
		if (e == 'p' || e == 'P') {
			const struct rx_uprop *p;
			int lone_gc = 0;
			c->i += 2;
			if (!rx_accept(c, '{'))
				return rx_fail(c, at, "Invalid property name");
			if ((p = rx_property(c, at, &lone_gc)) == NULL)
				return -1;
			if (p->kind == RX_UP_STR) {
				uint32_t ns, k;
				const uint32_t *d = rx_uprop_seqs(p, &ns);
				if (e == 'P')
					return rx_fail(
					    c, at, "Invalid property name");
				v->may_str = 1;
				for (k = 0; k < ns; k++) {
					if (rx_vset_add_str(c, v, d + 1, d[0]) <
					    0)
						return -1;
					d += 1 + d[0];
				}
			}
			rx_uprop_add(&v->cs, p);
			/* The spec folds every property but a lone
			 * General_Category value
			 * (UnicodePropertyValueExpression's first step returns
			 * it as is); it matters to && and --. */
			if (lone_gc)
				rx_cset_norm(&v->cs);
			else
				rx_vset_fold(c, v);
			if (e == 'P')
				rx_vset_complement(c, v);
			return 0;
		}
	}
	if ((*ch = rx_v_char(c)) < 0)
		return -1;
	rx_cset_add(&v->cs, (uint32_t)*ch, (uint32_t)*ch);
	rx_vset_fold(c, v);
	return 0;
}

static int
rx_vset_union(struct rx_cp *c, struct rx_vset *a, const struct rx_vset *b)
{
	size_t k = 0;

	rx_cset_add_set(&a->cs, &b->cs);
	rx_cset_norm(&a->cs);
	while (k < b->used) {
		if (rx_vset_add_str(c, a, b->str + k + 1, b->str[k]) < 0)
			return -1;
		k += 1 + b->str[k];
	}
	a->may_str |= b->may_str;
	return 0;
}

/* a = a & b (and = 1) or a - b (and = 0), strings included. */
static int
rx_vset_op(struct rx_cp *c, struct rx_vset *a, const struct rx_vset *b, int and)
{
	struct rx_vset t;
	size_t k = 0;

	rx_cset_norm(&a->cs);
	if (and)
		rx_cset_and(&a->cs, &b->cs);
	else
		rx_cset_sub(&a->cs, &b->cs);
	rx_vset_init(c, &t);
	while (k < a->used) {
		int in = rx_vset_find(b, a->str + k + 1, a->str[k]);
		if (in ==
		    and&&rx_vset_add_str(c, &t, a->str + k + 1, a->str[k]) <
			0) {
			rx_vset_free(c, &t);
			return -1;
		}
		k += 1 + a->str[k];
	}
	rx_realloc(c->a, a->str, 0);
	a->str = t.str;
	a->nstr = t.nstr;
	a->used = t.used;
	a->cap = t.cap;
	rx_cset_free(&t.cs);
	if (and)
		a->may_str = a->may_str && b->may_str;
	return 0;
}

/* A v-mode class after '[' (i after it): ClassContents and ']'. */
static int
rx_class_v(struct rx_cp *c, struct rx_vset *out)
{
	size_t start = c->i - 1;
	int invert, op = 0, count = 0, rc = -1;

	if (++c->depth > RX_MAX_NESTING)
		return rx_fail(c, start, "Pattern nested too deeply");
	invert = rx_accept(c, '^');
	for (;;) {
		struct rx_vset x;
		int32_t ch;
		size_t at = c->i;
		int this_op = 0;

		if (c->i >= c->len) {
			rx_fail(c, start, "Unterminated character class");
			break;
		}
		if (rx_accept(c, ']')) {
			rc = 0;
			break;
		}
		if (count > 0 && c->i + 1 < c->len) {
			if (c->s[c->i] == '&' && c->s[c->i + 1] == '&')
				this_op = 1;
			else if (c->s[c->i] == '-' && c->s[c->i + 1] == '-')
				this_op = 2;
		}
		if (this_op) {
			if ((op != 0 && op != this_op) ||
			    (op == 0 && count > 1)) {
				rx_fail(c, at,
				    "invalid set operation in character class");
				break;
			}
			op = this_op;
			c->i += 2;
			if (this_op == 1 && c->i < c->len &&
			    c->s[c->i] == '&') {
				rx_fail(c, c->i,
				    "Invalid character in character class");
				break;
			}
		} else if (op != 0) {
			rx_fail(
			    c, at, "invalid set operation in character class");
			break;
		}
		rx_vset_init(c, &x);
		if (rx_v_operand(c, &x, &ch) < 0) {
			rx_vset_free(c, &x);
			break;
		}
		if (op == 0 && ch >= 0 && c->i + 1 < c->len &&
		    c->s[c->i] == '-' && c->s[c->i + 1] != '-') {
			int32_t hi;
			c->i++;
			if ((hi = rx_v_char(c)) < 0) {
				rx_vset_free(c, &x);
				break;
			}
			if (hi < ch) {
				rx_fail(c, at,
				    "Range out of order in character class");
				rx_vset_free(c, &x);
				break;
			}
			rx_cset_free(&x.cs);
			rx_cset_init(&x.cs, c->a);
			rx_cset_add(&x.cs, (uint32_t)ch, (uint32_t)hi);
			rx_vset_fold(c, &x);
			count++; /* a range is a union member */
		}
		if (count == 0) {
			rx_vset_free(c, out);
			*out = x;
		} else {
			int r = op == 0 ? rx_vset_union(c, out, &x)
					: rx_vset_op(c, out, &x, op == 1);
			rx_vset_free(c, &x);
			if (r < 0)
				break;
		}
		count++;
	}
	c->depth--;
	if (rc < 0)
		return -1;
	rx_cset_norm(&out->cs);
	if (out->cs.oom)
		return rx_oom(c);
	if (invert) {
		if (out->may_str)
			return rx_fail(c, start,
			    "negated character class may contain strings");
		rx_vset_complement(c, out);
	}
	return 0;
}

/* --- code generation helpers --- */

/* Emits a test of one code point set (closed under case with i). */
static int
rx_emit_set(struct rx_cp *c, struct rx_cset *s, int closed)
{
	int k;

	if (s->oom)
		return rx_oom(c);
	rx_cset_norm(s);
	if (c->icase && !closed)
		rx_cset_close(s, c->u);
	if (s->oom)
		return rx_oom(c);
	if (s->n == 1 && s->r[0] == s->r[1]) {
		uint32_t ch = s->r[0];
		if (ch <= 0xffff) {
			rx_emit8(c, RX_OP_CHAR | (c->back ? RX_BACK : 0));
			return rx_emit16(c, ch);
		}
		rx_emit8(c, RX_OP_CHAR32 | (c->back ? RX_BACK : 0));
		return rx_emit32(c, ch);
	}
	if (s->n == 1 && s->r[0] == 0 && s->r[1] == RX_MAXCP)
		return rx_emit8(c, RX_OP_ANY | (c->back ? RX_BACK : 0));
	if ((k = rx_class_add(c, s)) < 0)
		return -1;
	rx_emit8(c, RX_OP_CLASS | (c->back ? RX_BACK : 0));
	return rx_emit16(c, (uint32_t)k);
}

static int
rx_emit_char(struct rx_cp *c, uint32_t ch)
{
	int back = c->back ? RX_BACK : 0;

	if (c->icase) {
		uint32_t k = rx_canon(ch, c->u);
		/* Nothing else canonicalizes to a non-letter ASCII char. */
		if (ch >= 128 || ((ch | 32) >= 'a' && (ch | 32) <= 'z')) {
			if (k <= 0xffff) {
				rx_emit8(c, RX_OP_CHAR_I | back);
				return rx_emit16(c, k);
			}
			rx_emit8(c, RX_OP_CHAR32_I | back);
			return rx_emit32(c, k);
		}
	}
	if (ch <= 0xffff) {
		rx_emit8(c, RX_OP_CHAR | back);
		return rx_emit16(c, ch);
	}
	rx_emit8(c, RX_OP_CHAR32 | back);
	return rx_emit32(c, ch);
}

/* A v-mode class with strings: (?:longest|...|[chars]|empty). */
static int
rx_emit_vset(struct rx_cp *c, struct rx_vset *v)
{
	size_t *order = NULL, k = 0, j, n = 0, chain = SIZE_MAX;
	int has_empty = 0, rc = 0;

	if (v->nstr == 0) {
		c->last_simple = 1;
		return rx_emit_set(c, &v->cs, 0);
	}
	c->last_simple = 0;
	if (rx_grow(c, (void **)&order, &n, v->nstr, sizeof(size_t)) < 0)
		return -1;
	for (j = 0; k < v->used; k += 1 + v->str[k]) {
		if (v->str[k] == 0) {
			has_empty = 1;
			continue;
		}
		order[j++] = k;
	}
	n = j;
	/* Longest first (insertion sort: stable, n is small). */
	for (j = 1; j < n; j++) {
		size_t x = order[j], m = j;
		while (m > 0 && v->str[order[m - 1]] < v->str[x]) {
			order[m] = order[m - 1];
			m--;
		}
		order[m] = x;
	}
	for (j = 0; j < n + 1 + (size_t)has_empty && rc == 0; j++) {
		size_t alt = c->ncode, last = j == n + (size_t)has_empty;
		uint32_t q;
		if (!last) {
			rx_emit8(c, RX_OP_SPLIT_NEXT);
			rc = rx_emit32(c, 0);
		}
		if (j < n) {
			const uint32_t *s = v->str + order[j];
			for (q = 0; q < s[0] && rc == 0; q++) {
				uint32_t ch =
				    s[1 + (c->back ? s[0] - 1 - q : q)];
				rc = rx_emit_char(c, ch);
			}
		} else if (j == n) {
			struct rx_cset empty;
			rx_cset_init(&empty, c->a);
			if (v->cs.n > 0)
				rc = rx_emit_set(c, &v->cs, 0);
			else /* no single characters: never matches */
				rc = rx_emit_set(c, &empty, 1);
			rx_cset_free(&empty);
		}
		if (!last && rc == 0) {
			rx_emit8(c, RX_OP_GOTO);
			rc = rx_emit32(c, (uint32_t)chain);
			chain = c->ncode - 4;
			rx_put32(c->code + alt + 1,
			    (uint32_t)(c->ncode - (alt + 5)));
		}
	}
	while (rc == 0 && chain != SIZE_MAX && chain != (uint32_t)SIZE_MAX) {
		size_t prev = rx_get32(c->code + chain);
		rx_put32(c->code + chain, (uint32_t)(c->ncode - (chain + 4)));
		chain = prev == 0xffffffffu ? SIZE_MAX : prev;
	}
	rx_realloc(c->a, order, 0);
	return rc;
}

/* --- the grammar --- */

static int rx_disjunction(struct rx_cp *c);

/* {n}, {n,}, {n,m} at i ('{'): 1 and the bounds (i after '}'), 0 when the
 * text is not a quantifier (i unchanged). */
static int
rx_braces(struct rx_cp *c, uint32_t *min, uint32_t *max)
{
	size_t i = c->i + 1;
	uint64_t a = 0, b;
	int nd = 0;

	while (i < c->len && c->s[i] >= '0' && c->s[i] <= '9') {
		a = a * 10 + (c->s[i++] - '0');
		if (a > RX_INF)
			a = RX_INF;
		nd++;
	}
	if (nd == 0 || i >= c->len)
		return 0;
	b = a;
	if (c->s[i] == ',') {
		i++;
		nd = 0;
		b = 0;
		while (i < c->len && c->s[i] >= '0' && c->s[i] <= '9') {
			b = b * 10 + (c->s[i++] - '0');
			if (b > RX_INF)
				b = RX_INF;
			nd++;
		}
		if (nd == 0)
			b = RX_INF;
	}
	if (i >= c->len || c->s[i] != '}')
		return 0;
	c->i = i + 1;
	*min = (uint32_t)a;
	*max = (uint32_t)b;
	return 1;
}

static int
rx_new_reg(struct rx_cp *c)
{
	if (c->nregs >= 0xffff)
		return rx_fail(c, c->i, "Regular expression too large");
	return c->nregs++;
}

/* Wraps the atom at [start, ncode) in a quantifier. */
static int
rx_quantify(struct rx_cp *c, size_t start, uint32_t min, uint32_t max,
    int greedy, int cap_from, int cap_to)
{
	size_t len = c->ncode - start;
	int caps = cap_to > cap_from;
	uint8_t *p;

	if (max == 0) {
		c->ncode = start;
		return 0;
	}
	if (min == 1 && max == 1)
		return 0;
	if (c->last_simple && len <= 255) {
		if (rx_insert(c, start, 11) < 0)
			return -1;
		p = c->code + start;
		p[0] = RX_OP_STAR;
		rx_put32(p + 1, min);
		rx_put32(p + 5, max);
		p[9] = (uint8_t)greedy;
		p[10] = (uint8_t)len;
		return 0;
	}
	if (min == 0 && (max == 1 || max == RX_INF)) {
		/* L0: SPLIT END; [RESET]; SAVE_POS r; X; CHECK_ADV r;
		 * [GOTO L0]; END: */
		int r = rx_new_reg(c);
		size_t pre = 5 + (caps ? 5 : 0) + 3;
		size_t post = 3 + (max == RX_INF ? 5 : 0);
		if (r < 0 || rx_insert(c, start, pre) < 0)
			return -1;
		p = c->code + start;
		p[0] = greedy ? RX_OP_SPLIT_NEXT : RX_OP_SPLIT_JUMP;
		rx_put32(p + 1, (uint32_t)(pre - 5 + len + post));
		p += 5;
		if (caps) {
			p[0] = RX_OP_RESET;
			p[1] = (uint8_t)(2 * cap_from);
			p[2] = (uint8_t)(2 * cap_from >> 8);
			p[3] = (uint8_t)(2 * cap_to);
			p[4] = (uint8_t)(2 * cap_to >> 8);
			p += 5;
		}
		p[0] = RX_OP_SAVE_POS;
		p[1] = (uint8_t)r;
		p[2] = (uint8_t)(r >> 8);
		rx_emit8(c, RX_OP_CHECK_ADV);
		rx_emit16(c, (uint32_t)r);
		if (max == RX_INF) {
			rx_emit8(c, RX_OP_GOTO);
			rx_emit32(
			    c, (uint32_t) - (int32_t)(c->ncode + 4 - start));
		}
		return c->rc ? -1 : 0;
	}
	{
		/* SET_REG k 0; L0: LOOP k min max greedy END; [RESET];
		 * SAVE_POS r; X; CHECK_EMPTY k r min; INC k; GOTO L0; END: */
		int k = rx_new_reg(c), r = k >= 0 ? rx_new_reg(c) : -1;
		size_t pre = 7 + 16 + (caps ? 5 : 0) + 3, loop = start + 7;
		if (r < 0 || rx_insert(c, start, pre) < 0)
			return -1;
		p = c->code + start;
		p[0] = RX_OP_SET_REG;
		p[1] = (uint8_t)k;
		p[2] = (uint8_t)(k >> 8);
		rx_put32(p + 3, 0);
		p += 7;
		p[0] = RX_OP_LOOP;
		p[1] = (uint8_t)k;
		p[2] = (uint8_t)(k >> 8);
		rx_put32(p + 3, min);
		rx_put32(p + 7, max);
		p[11] = (uint8_t)greedy;
		/* p + 12: patched below */
		p += 16;
		if (caps) {
			p[0] = RX_OP_RESET;
			p[1] = (uint8_t)(2 * cap_from);
			p[2] = (uint8_t)(2 * cap_from >> 8);
			p[3] = (uint8_t)(2 * cap_to);
			p[4] = (uint8_t)(2 * cap_to >> 8);
			p += 5;
		}
		p[0] = RX_OP_SAVE_POS;
		p[1] = (uint8_t)r;
		p[2] = (uint8_t)(r >> 8);
		rx_emit8(c, RX_OP_CHECK_EMPTY);
		rx_emit16(c, (uint32_t)k);
		rx_emit16(c, (uint32_t)r);
		rx_emit32(c, min);
		rx_emit8(c, RX_OP_INC);
		rx_emit16(c, (uint32_t)k);
		rx_emit8(c, RX_OP_GOTO);
		rx_emit32(c, (uint32_t) - (int32_t)(c->ncode + 4 - loop));
		if (c->rc)
			return -1;
		rx_put32(
		    c->code + loop + 12, (uint32_t)(c->ncode - (loop + 16)));
		return 0;
	}
}

/* Records a named group, enforcing the duplicate rule. */
static int
rx_name_group(struct rx_cp *c, int group, char *name, size_t at)
{
	struct rx_named *g;
	size_t k;

	for (k = 0; k < c->nnamed; k++) {
		struct rx_named *o = &c->named[k];
		int j, exclusive = 0;
		if (strcmp(o->name, name) != 0)
			continue;
		/* Both may participate unless, where their paths part, they
		 * are different alternatives of one disjunction. */
		for (j = 0; j + 1 < o->pathlen && j + 1 < c->pathlen; j += 2) {
			if (o->path[j] != c->path[j])
				break;
			if (o->path[j + 1] != c->path[j + 1]) {
				exclusive = 1;
				break;
			}
		}
		if (!exclusive) {
			rx_realloc(c->a, name, 0);
			return rx_fail(c, at, "Duplicate capture group name");
		}
	}
	if (rx_grow(c, (void **)&c->named, &c->capnamed, c->nnamed + 1,
		sizeof(*c->named)) < 0) {
		rx_realloc(c->a, name, 0);
		return -1;
	}
	g = &c->named[c->nnamed];
	g->group = group;
	g->name = name;
	g->pathlen = c->pathlen;
	g->path = rx_realloc(c->a, NULL, (size_t)(c->pathlen + 1) * 4);
	if (g->path == NULL) {
		rx_realloc(c->a, name, 0);
		return rx_oom(c);
	}
	memcpy(g->path, c->path, (size_t)c->pathlen * 4);
	c->nnamed++;
	return 0;
}

static int
rx_new_ref(struct rx_cp *c, int group)
{
	if (c->nrefs >= 0xffff)
		return rx_fail(c, c->i, "Regular expression too large");
	if (rx_grow(c, (void **)&c->refs, &c->caprefs, c->nrefs + 1,
		sizeof(*c->refs)) < 0)
		return -1;
	c->refs[c->nrefs].off = (uint32_t)c->nrefgroups;
	c->refs[c->nrefs].n = 0;
	if (group > 0) {
		if (rx_grow(c, (void **)&c->refgroups, &c->caprefgroups,
			c->nrefgroups + 1, sizeof(uint16_t)) < 0)
			return -1;
		c->refgroups[c->nrefgroups++] = (uint16_t)group;
		c->refs[c->nrefs].n = 1;
	}
	return (int)c->nrefs++;
}

static int
rx_emit_backref(struct rx_cp *c, int ref)
{
	rx_emit8(c, RX_OP_BACKREF | (c->back ? RX_BACK : 0));
	rx_emit8(c, (uint8_t)c->icase);
	return rx_emit16(c, (uint32_t)ref);
}

/* Modifiers "ims-ims:" after "(?" (i at the first letter). */
static int
rx_modifiers(struct rx_cp *c, int *icase, int *multi, int *dotall)
{
	size_t at = c->i - 2;
	int seen = 0, neg = 0, nadd = 0, nrem = 0;

	for (;;) {
		int32_t ch = rx_peek(c), bit;
		if (ch == ':') {
			c->i++;
			break;
		}
		if (ch == '-' && !neg) {
			neg = 1;
			c->i++;
			continue;
		}
		bit = ch == 'i' ? 1 : ch == 'm' ? 2 : ch == 's' ? 4 : 0;
		if (bit == 0 || (seen & bit))
			return rx_fail(
			    c, at, "Invalid regular expression modifiers");
		seen |= bit;
		if (neg)
			nrem++;
		else
			nadd++;
		if (bit == 1)
			*icase = !neg;
		else if (bit == 2)
			*multi = !neg;
		else
			*dotall = !neg;
		c->i++;
	}
	if (neg && nadd == 0 && nrem == 0)
		return rx_fail(c, at, "Invalid regular expression modifiers");
	return 0;
}

/* A group after '(' (i after it); *quantifiable says if a quantifier may
 * follow: 1 yes, -1 no (a lookaround, "Invalid quantifier" in V8's words). */
static int
rx_group(struct rx_cp *c, size_t at, int *quantifiable)
{
	int group = 0, look = 0, neg = 0, back = 0;
	int save_i = c->icase, save_m = c->multi, save_s = c->dotall;
	int save_back = c->back;
	size_t lookpos = 0;
	char *name = NULL;

	*quantifiable = 1;
	if (rx_accept(c, '?')) {
		int32_t ch = rx_peek(c);
		if (ch == '=' || ch == '!') {
			c->i++;
			look = 1;
			neg = ch == '!';
			*quantifiable = c->u ? -1 : 1; /* Annex B */
		} else if (ch == '<' &&
		    (rx_peek2(c) == '=' || rx_peek2(c) == '!')) {
			neg = rx_peek2(c) == '!';
			c->i += 2;
			look = 1;
			back = 1;
			*quantifiable = -1;
		} else if (ch == '<') {
			c->i++;
			if ((name = rx_group_name_parse(c)) == NULL)
				return -1;
			group = c->ncap++;
			if (rx_name_group(c, group, name, at) < 0)
				return -1;
		} else if (ch == ':') {
			c->i++;
		} else if (ch == 'i' || ch == 'm' || ch == 's' || ch == '-') {
			if (rx_modifiers(c, &c->icase, &c->multi, &c->dotall) <
			    0)
				return -1;
		} else {
			return rx_fail(c, at, "Invalid group");
		}
	} else {
		group = c->ncap++;
	}
	if (c->ncap > 0xffff / 2)
		return rx_fail(c, at, "Too many captures");
	if (look) {
		lookpos = c->ncode;
		rx_emit8(c, RX_OP_LOOK);
		rx_emit8(c, (uint8_t)neg);
		rx_emit32(c, 0);
		c->back = back;
	} else if (group) {
		rx_emit8(c, RX_OP_SAVE);
		rx_emit16(c, (uint32_t)(2 * group + (c->back ? 1 : 0)));
	}
	if (c->rc || rx_disjunction(c) < 0)
		return -1;
	if (!rx_accept(c, ')'))
		return rx_fail(c, at, "Unterminated group");
	if (look) {
		rx_emit8(c, RX_OP_LOOK_END);
		if (c->rc)
			return -1;
		rx_put32(c->code + lookpos + 2,
		    (uint32_t)(c->ncode - (lookpos + 6)));
	} else if (group) {
		rx_emit8(c, RX_OP_SAVE);
		rx_emit16(c, (uint32_t)(2 * group + (c->back ? 0 : 1)));
	}
	c->back = save_back;
	c->icase = save_i;
	c->multi = save_m;
	c->dotall = save_s;
	return c->rc ? -1 : 0;
}

/* \k<name> (i after 'k'). */
static int
rx_named_ref(struct rx_cp *c, size_t at)
{
	char *name;
	int ref;

	if (!rx_accept(c, '<'))
		return rx_fail(c, at, "Invalid named reference");
	if ((name = rx_group_name_parse(c)) == NULL) {
		if (c->rc == RX_ESYNTAX) {
			/* V8's words: the name, as for a group */
			c->rc = 0;
			rx_fail(c, at, "Invalid capture group name");
		}
		return -1;
	}
	if ((ref = rx_new_ref(c, 0)) < 0 ||
	    rx_grow(c, (void **)&c->pend, &c->cappend, c->npend + 1,
		sizeof(*c->pend)) < 0) {
		rx_realloc(c->a, name, 0);
		return -1;
	}
	c->pend[c->npend].ref = (uint32_t)ref;
	c->pend[c->npend].name = name;
	c->pend[c->npend].pos = (int)at;
	c->npend++;
	return rx_emit_backref(c, ref);
}

/* An atom escape after '\' (i at the letter). */
static int
rx_atom_escape(struct rx_cp *c)
{
	size_t at = c->i - 1;
	int32_t e = rx_peek(c), ch;

	if (e >= '1' && e <= '9') {
		size_t save = c->i;
		uint32_t n = 0;
		while (
		    c->i < c->len && c->s[c->i] >= '0' && c->s[c->i] <= '9') {
			n = n * 10 + (c->s[c->i++] - '0');
			if (n > 100000)
				n = 100000;
		}
		if (n <= (uint32_t)c->total_caps) {
			int ref = rx_new_ref(c, (int)n);
			return ref < 0 ? -1 : rx_emit_backref(c, ref);
		}
		if (c->u)
			return rx_fail(c, at, "Invalid escape");
		c->i = save;
		if (e >= '8') {
			c->i++;
			return rx_emit_char(c, (uint32_t)e);
		}
	}
	if (e == 'k' && (c->u || c->has_named)) {
		c->i++;
		c->last_simple = 0;
		return rx_named_ref(c, at);
	}
	if (e == 'd' || e == 'D' || e == 's' || e == 'S' || e == 'w' ||
	    e == 'W') {
		struct rx_cset s;
		int rc;
		c->i++;
		rx_cset_init(&s, c->a);
		rx_class_escape_set(c, e, &s);
		rc = rx_emit_set(c, &s, 0);
		rx_cset_free(&s);
		c->last_simple = 1;
		return rc;
	}
	if ((e == 'p' || e == 'P') && c->u) {
		struct rx_vset v;
		int32_t dummy;
		int rc;
		c->i--;
		rx_vset_init(c, &v);
		if (c->v) {
			rc = rx_v_operand(c, &v, &dummy);
			if (rc == 0)
				rc = rx_emit_vset(c, &v);
		} else {
			rc = rx_class_atom(c, &v.cs) == -2
			    ? rx_emit_set(c, &v.cs, 0)
			    : -1;
			c->last_simple = 1;
		}
		rx_vset_free(c, &v);
		return rc;
	}
	if ((ch = rx_char_escape(c, 0)) < 0)
		return -1;
	c->last_simple = 1;
	return rx_emit_char(c, (uint32_t)ch);
}

/* One term: an assertion, or an atom with its quantifier. */
static int
rx_term(struct rx_cp *c)
{
	size_t at = c->i, start = c->ncode;
	int32_t ch = rx_peek(c);
	int cap_from = c->ncap, quantifiable = 1, back = c->back ? RX_BACK : 0;
	uint32_t min, max;

	c->last_simple = 0;
	switch (ch) {
	case '^':
		c->i++;
		rx_emit8(c, c->multi ? RX_OP_BOL_M : RX_OP_BOL);
		quantifiable = 0;
		break;
	case '$':
		c->i++;
		rx_emit8(c, c->multi ? RX_OP_EOL_M : RX_OP_EOL);
		quantifiable = 0;
		break;
	case '\\':
		c->i++;
		if (rx_accept(c, 'b') || rx_accept(c, 'B')) {
			rx_emit8(c,
			    c->s[c->i - 1] == 'b' ? RX_OP_WORDB : RX_OP_NWORDB);
			rx_emit8(c, (uint8_t)(c->u && c->icase));
			quantifiable = 0;
			break;
		}
		if (rx_atom_escape(c) < 0)
			return -1;
		break;
	case '(':
		c->i++;
		if (++c->depth > RX_MAX_NESTING)
			return rx_fail(c, at, "Pattern nested too deeply");
		if (rx_group(c, at, &quantifiable) < 0)
			return -1;
		c->depth--;
		c->last_simple = 0;
		break;
	case '.':
		c->i++;
		rx_emit8(c, (c->dotall ? RX_OP_ANY : RX_OP_DOT) | back);
		c->last_simple = 1;
		break;
	case '[':
		c->i++;
		if (c->v) {
			struct rx_vset v;
			int rc;
			rx_vset_init(c, &v);
			rc = rx_class_v(c, &v);
			if (rc == 0)
				rc = rx_emit_vset(c, &v);
			rx_vset_free(c, &v);
			if (rc < 0)
				return -1;
		} else {
			struct rx_cset s;
			int inv, rc;
			rx_cset_init(&s, c->a);
			rc = rx_class_plain(c, &s, &inv);
			if (rc == 0) {
				if (c->icase)
					rx_cset_close(&s, c->u);
				if (inv)
					rx_cset_invert(&s);
				rc = rx_emit_set(c, &s, 1);
			}
			rx_cset_free(&s);
			if (rc < 0)
				return -1;
			c->last_simple = 1;
		}
		break;
	case '*':
	case '+':
	case '?':
		return rx_fail(c, at, "Nothing to repeat");
	case '{':
		if (c->u)
			return rx_fail(c, at, "Nothing to repeat");
		if (rx_braces(c, &min, &max))
			return rx_fail(c, at, "Nothing to repeat");
		c->i++;
		rx_emit_char(c, '{');
		c->last_simple = 1;
		break;
	case '}':
	case ']':
		if (c->u)
			return rx_fail(c, at, "Lone quantifier brackets");
		/* fall through */
	default:
		rx_next(c);
		rx_emit_char(c, (uint32_t)ch);
		c->last_simple = 1;
		break;
	}
	if (c->rc)
		return -1;
	/* the quantifier */
	ch = rx_peek(c);
	at = c->i;
	if (ch == '*' || ch == '+' || ch == '?') {
		c->i++;
		min = ch == '+';
		max = ch == '?' ? 1 : RX_INF;
	} else if (ch == '{') {
		if (!rx_braces(c, &min, &max)) {
			if (c->u)
				return rx_fail(c, at, "Incomplete quantifier");
			return 0;
		}
		if (min > max)
			return rx_fail(
			    c, at, "numbers out of order in {} quantifier");
	} else {
		return 0;
	}
	if (quantifiable <= 0)
		return rx_fail(c, at,
		    quantifiable < 0 ? "Invalid quantifier"
				     : "Nothing to repeat");
	return rx_quantify(
	    c, start, min, max, !rx_accept(c, '?'), cap_from, c->ncap);
}

/* Terms up to '|' or ')'; under lookbehind their code is reversed. */
static int
rx_alternative(struct rx_cp *c)
{
	size_t alt = c->ncode, *bounds = NULL, nb = 0, capb = 0;
	int rc = 0;

	while (c->i < c->len && c->s[c->i] != '|' && c->s[c->i] != ')') {
		if (c->back) {
			if (rx_grow(c, (void **)&bounds, &capb, nb + 1,
				sizeof(size_t)) < 0) {
				rc = -1;
				break;
			}
			bounds[nb++] = c->ncode;
		}
		if ((rc = rx_term(c)) < 0)
			break;
	}
	if (rc == 0 && nb > 1) {
		/* Lookbehind matches right to left: the terms run in reverse.
		 */
		size_t total = c->ncode - alt, k, o = 0;
		uint8_t *tmp = rx_realloc(c->a, NULL, total);
		if (tmp == NULL) {
			rc = rx_oom(c);
		} else {
			for (k = nb; k-- > 0;) {
				size_t e =
				    k + 1 < nb ? bounds[k + 1] : c->ncode;
				memcpy(tmp + o, c->code + bounds[k],
				    e - bounds[k]);
				o += e - bounds[k];
			}
			memcpy(c->code + alt, tmp, total);
			rx_realloc(c->a, tmp, 0);
		}
	}
	rx_realloc(c->a, bounds, 0);
	return rc;
}

/* Alternatives: SPLIT_NEXT alt2; alt1; GOTO end; alt2: ... end: */
static int
rx_disjunction(struct rx_cp *c)
{
	uint32_t chain = UINT32_MAX, disj = c->next_disj++, nalt = 0;

	c->path[c->pathlen] = disj;
	c->path[c->pathlen + 1] = 0;
	c->pathlen += 2;
	for (;;) {
		size_t alt = c->ncode, len;
		if (rx_alternative(c) < 0)
			return -1;
		if (!rx_accept(c, '|'))
			break;
		len = c->ncode - alt;
		if (rx_insert(c, alt, 5) < 0)
			return -1;
		c->code[alt] = RX_OP_SPLIT_NEXT;
		rx_put32(c->code + alt + 1, (uint32_t)(len + 5));
		rx_emit8(c, RX_OP_GOTO);
		rx_emit32(c, chain);
		if (c->rc)
			return -1;
		chain = (uint32_t)(c->ncode - 4);
		c->path[c->pathlen - 1] = ++nalt;
	}
	while (chain != UINT32_MAX) {
		uint32_t prev = rx_get32(c->code + chain);
		rx_put32(c->code + chain, (uint32_t)(c->ncode - (chain + 4)));
		chain = prev;
	}
	c->pathlen -= 2;
	return 0;
}

/* --- the program --- */

void
rx_free(rx_prog *p)
{
	int k;

	if (p == NULL)
		return;
	if (p->names != NULL)
		for (k = 0; k < p->ngroups; k++)
			rx_realloc(&p->a, p->names[k], 0);
	rx_realloc(&p->a, p->names, 0);
	rx_realloc(&p->a, p->code, 0);
	rx_realloc(&p->a, p->classes, 0);
	rx_realloc(&p->a, p->ranges, 0);
	rx_realloc(&p->a, p->refs, 0);
	rx_realloc(&p->a, p->refgroups, 0);
	rx_realloc(&p->a, p, 0);
}

int
rx_ngroups(const rx_prog *p)
{
	return p->ngroups;
}

const char *
rx_group_name(const rx_prog *p, int i)
{
	if (i <= 0 || i >= p->ngroups)
		return NULL;
	return p->names[i];
}

unsigned
rx_flags(const rx_prog *p)
{
	return p->flags;
}

/* Resolves each \k<name> to every group of that name. */
static int
rx_resolve_refs(struct rx_cp *c)
{
	size_t k, j;

	for (k = 0; k < c->npend; k++) {
		struct rx_ref *r = &c->refs[c->pend[k].ref];
		r->off = (uint32_t)c->nrefgroups;
		r->n = 0;
		for (j = 0; j < c->nnamed; j++) {
			if (strcmp(c->named[j].name, c->pend[k].name) != 0)
				continue;
			if (rx_grow(c, (void **)&c->refgroups, &c->caprefgroups,
				c->nrefgroups + 1, sizeof(uint16_t)) < 0)
				return -1;
			c->refgroups[c->nrefgroups++] =
			    (uint16_t)c->named[j].group;
			r->n++;
		}
		if (r->n == 0)
			return rx_fail(c, (size_t)c->pend[k].pos,
			    "Invalid named capture referenced");
	}
	return 0;
}

static void
rx_first_add(rx_prog *p, uint32_t u)
{
	if (u < 128)
		p->first_ascii[u >> 5] |= 1u << (u & 31);
	else
		p->first_other = 1;
}

/* Adds what the consuming op at pc may read first; 0, or -1 for anything. */
static int
rx_first_op(rx_prog *p, const uint8_t *pc)
{
	const struct rx_class *k;
	uint32_t a, v;

	switch (*pc) {
	case RX_OP_CHAR:
		rx_first_add(p, rx_get16(pc + 1));
		return 0;
	case RX_OP_CHAR32:
	case RX_OP_CHAR32_I:
		p->first_other = 1; /* a high surrogate */
		return 0;
	case RX_OP_CHAR_I:
		v = rx_get16(pc + 1);
		for (a = 0; a < 128; a++)
			if (rx_canon(a, (p->flags & (RX_U | RX_V)) != 0) == v)
				rx_first_add(p, a);
		p->first_other = 1;
		return 0;
	case RX_OP_CLASS:
		k = &p->classes[rx_get16(pc + 1)];
		for (a = 0; a < 4; a++)
			p->first_ascii[a] |= k->ascii[a];
		if (k->n > 0 && p->ranges[2 * (k->off + k->n - 1) + 1] >= 128)
			p->first_other = 1;
		return 0;
	default:
		return -1;
	}
}

/*
 * The set of code units a match may start with: every path from the start
 * through zero-width ops to its first consuming op (lookaround bodies are
 * skipped: they consume nothing of the match). Fails (has_first stays 0)
 * when a path reaches MATCH (an empty match), a backreference or `.`.
 */
static void
rx_first(rx_prog *p, const struct rx_alloc *a)
{
	size_t n = p->code_len, top = 0;
	uint32_t *work = rx_realloc(a, NULL, (n + 1) * sizeof(uint32_t));
	uint8_t *seen = rx_realloc(a, NULL, n + 1);
	int ok = work != NULL && seen != NULL;

	if (ok) {
		memset(seen, 0, n + 1);
		work[top++] = 0;
	}
	while (ok && top > 0) {
		uint32_t at = work[--top];
		const uint8_t *pc = p->code + at;
		int32_t off;

		if (seen[at])
			continue;
		seen[at] = 1;
#define RX_NEXT(x)                                                             \
	do {                                                                   \
		uint32_t to_ = (uint32_t)(x);                                  \
		if (to_ < n && !seen[to_])                                     \
			work[top++] = to_;                                     \
	} while (0)
		switch (*pc) {
		case RX_OP_BOL:
		case RX_OP_BOL_M:
		case RX_OP_EOL:
		case RX_OP_EOL_M:
		case RX_OP_LOOK_END:
			RX_NEXT(at + 1);
			break;
		case RX_OP_WORDB:
		case RX_OP_NWORDB:
			RX_NEXT(at + 2);
			break;
		case RX_OP_SAVE:
		case RX_OP_SAVE_POS:
		case RX_OP_CHECK_ADV:
		case RX_OP_INC:
			RX_NEXT(at + 3);
			break;
		case RX_OP_RESET:
			RX_NEXT(at + 5);
			break;
		case RX_OP_SET_REG:
			RX_NEXT(at + 7);
			break;
		case RX_OP_CHECK_EMPTY:
			RX_NEXT(at + 9);
			break;
		case RX_OP_GOTO:
			off = (int32_t)rx_get32(pc + 1);
			RX_NEXT((int64_t)at + 5 + off);
			break;
		case RX_OP_SPLIT_NEXT:
		case RX_OP_SPLIT_JUMP:
			off = (int32_t)rx_get32(pc + 1);
			RX_NEXT(at + 5);
			RX_NEXT((int64_t)at + 5 + off);
			break;
		case RX_OP_LOOP:
			off = (int32_t)rx_get32(pc + 12);
			RX_NEXT(at + 16);
			RX_NEXT((int64_t)at + 16 + off);
			break;
		case RX_OP_LOOK:
			off = (int32_t)rx_get32(pc + 2);
			RX_NEXT((int64_t)at + 6 + off);
			break;
		case RX_OP_STAR:
			if (rx_first_op(p, pc + 11) < 0)
				ok = 0;
			else if (rx_get32(pc + 1) == 0)
				RX_NEXT(at + 11 + pc[10]);
			break;
		default: /* consuming ops; MATCH, BACKREF, DOT, ANY give up */
			if (rx_first_op(p, pc) < 0)
				ok = 0;
			break;
		}
#undef RX_NEXT
	}
	p->has_first = ok;
	rx_realloc(a, work, 0);
	rx_realloc(a, seen, 0);
}

/* The first consuming op every match must start with, for the search. */
static void
rx_hints(rx_prog *p)
{
	const uint8_t *pc = p->code;

	while (*pc == RX_OP_SAVE)
		pc += 3;
	if (*pc == RX_OP_BOL) {
		p->anchored = 1;
		return;
	}
	if (*pc == RX_OP_STAR && rx_get32(pc + 1) > 0)
		pc += 11;
	switch (*pc) {
	case RX_OP_CHAR:
	case RX_OP_CHAR_I:
	case RX_OP_CHAR32:
	case RX_OP_CHAR32_I:
	case RX_OP_CLASS:
		p->first_pc = (uint32_t)(pc - p->code);
		break;
	default:
		break;
	}
}

int
rx_compile(const uint16_t *pat, size_t len, unsigned flags,
    const struct rx_alloc *a, rx_prog **out, struct rx_error *err)
{
	struct rx_cp c;
	struct rx_error local;
	rx_prog *p = NULL;
	size_t k;

	*out = NULL;
	if (err == NULL)
		err = &local;
	err->pos = -1;
	err->msg[0] = '\0';
	memset(&c, 0, sizeof(c));
	c.a = a;
	c.s = pat;
	c.len = len;
	c.flags = flags;
	c.err = err;
	c.v = (flags & RX_V) != 0;
	c.u = (flags & (RX_U | RX_V)) != 0;
	c.icase = (flags & RX_I) != 0;
	c.multi = (flags & RX_M) != 0;
	c.dotall = (flags & RX_S) != 0;
	c.ncap = 1;
	if ((flags & RX_U) && (flags & RX_V)) {
		snprintf(err->msg, sizeof(err->msg),
		    "invalid regular expression flags");
		return RX_ESYNTAX;
	}
	if (len > INT_MAX / 2) {
		snprintf(
		    err->msg, sizeof(err->msg), "Regular expression too large");
		return RX_ESYNTAX;
	}
	rx_prescan(&c);
	rx_emit8(&c, RX_OP_SAVE);
	rx_emit16(&c, 0);
	if (rx_disjunction(&c) == 0 && c.i < c.len)
		rx_fail(&c, c.i, "Unmatched ')'");
	rx_emit8(&c, RX_OP_SAVE);
	rx_emit16(&c, 1);
	rx_emit8(&c, RX_OP_MATCH);
	if (c.rc == 0)
		rx_resolve_refs(&c);
	if (c.rc == 0 && (p = rx_realloc(a, NULL, sizeof(*p))) == NULL)
		rx_oom(&c);
	if (c.rc == 0) {
		memset(p, 0, sizeof(*p));
		if (a != NULL)
			p->a = *a;
		p->flags = flags;
		p->ngroups = c.ncap;
		p->nregs = c.nregs;
		p->names = rx_realloc(a, NULL, (size_t)c.ncap * sizeof(char *));
		if (p->names == NULL) {
			rx_realloc(a, p, 0);
			p = NULL;
			rx_oom(&c);
		}
	}
	if (c.rc == 0) {
		memset(p->names, 0, (size_t)c.ncap * sizeof(char *));
		for (k = 0; k < c.nnamed; k++) {
			p->names[c.named[k].group] = c.named[k].name;
			c.named[k].name = NULL;
		}
		p->code = c.code;
		p->code_len = c.ncode;
		p->classes = c.classes;
		p->nclasses = (uint32_t)c.nclasses;
		p->ranges = c.ranges;
		p->refs = c.refs;
		p->nrefs = (uint32_t)c.nrefs;
		p->refgroups = c.refgroups;
		c.code = NULL;
		c.classes = NULL;
		c.ranges = NULL;
		c.refs = NULL;
		c.refgroups = NULL;
		rx_hints(p);
		rx_first(p, a);
	}
	for (k = 0; k < c.nnamed; k++) {
		rx_realloc(a, c.named[k].name, 0);
		rx_realloc(a, c.named[k].path, 0);
	}
	for (k = 0; k < c.npend; k++)
		rx_realloc(a, c.pend[k].name, 0);
	rx_realloc(a, c.named, 0);
	rx_realloc(a, c.pend, 0);
	rx_realloc(a, c.code, 0);
	rx_realloc(a, c.classes, 0);
	rx_realloc(a, c.ranges, 0);
	rx_realloc(a, c.refs, 0);
	rx_realloc(a, c.refgroups, 0);
	if (c.rc != 0)
		return c.rc;
	*out = p;
	return 0;
}
