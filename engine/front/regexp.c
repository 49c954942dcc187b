/*
 * The RegExp translator (see regexp.h): one pass that collects group names,
 * one that rewrites. No I/O; every input byte sequence gets a result or an
 * error.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regexp.h"

struct regexp_uprop {
	const char *name;
	const uint16_t *ranges; /* pairs lo, hi */
	size_t nranges;
};

#include "regexp_unicode.h"

struct regexp_buf {
	char *p;
	size_t len, cap;
	int failed;
};

struct regexp_state {
	const char *src;
	size_t len, i;
	int flag_s, flag_u;
	int has_names;
	struct regexp_buf out;
	struct regexp_result *res;
};

static void
regexp_put(struct regexp_buf *b, const char *s, size_t n)
{
	char *np;
	size_t ncap;

	if (b->failed)
		return;
	if (b->len + n + 1 > b->cap) {
		ncap = b->cap ? b->cap : 64;
		while (ncap < b->len + n + 1)
			ncap *= 2;
		if ((np = realloc(b->p, ncap)) == NULL) {
			b->failed = 1;
			return;
		}
		b->p = np;
		b->cap = ncap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

static void
regexp_puts(struct regexp_buf *b, const char *s)
{
	regexp_put(b, s, strlen(s));
}

static void
regexp_put_unit(struct regexp_buf *b, unsigned cp)
{
	char t[8];

	snprintf(t, sizeof(t), "\\u%04x", cp & 0xffff);
	regexp_puts(b, t);
}

/* Sets the error; returns -1. */
static int
regexp_err(struct regexp_state *st, const char *msg)
{
	snprintf(st->res->error, sizeof(st->res->error), "%s", msg);
	return -1;
}

static int
regexp_is_name_char(unsigned char c, int first)
{
	if (c >= 0x80 || c == '_' || c == '$' || (c >= 'a' && c <= 'z') ||
	    (c >= 'A' && c <= 'Z'))
		return 1;
	return !first && c >= '0' && c <= '9';
}

/* Reads "<name>" at src[*i]; on success *i is past '>' and the name is [*ns,
 * *ne). */
static int
regexp_read_name(const char *src, size_t len, size_t *i, size_t *ns, size_t *ne)
{
	size_t j = *i;

	if (j >= len || src[j] != '<')
		return -1;
	j++;
	*ns = j;
	while (j < len && src[j] != '>') {
		if (!regexp_is_name_char((unsigned char)src[j], j == *ns))
			return -1;
		j++;
	}
	if (j >= len || j == *ns)
		return -1;
	*ne = j;
	*i = j + 1;
	return 0;
}

/* Pass 1: counts capture groups and records their names. */
static int
regexp_collect(struct regexp_state *st)
{
	const char *s = st->src;
	size_t i = 0, n = st->len, ns, ne, g, cap = 0;
	int in_class = 0;
	struct regexp_result *r = st->res;
	char **nn;

	while (i < n) {
		char c = s[i];

		if (c == '\\') {
			i += 2;
			continue;
		}
		if (in_class) {
			if (c == ']')
				in_class = 0;
			i++;
			continue;
		}
		if (c == '[') {
			in_class = 1;
			i++;
			continue;
		}
		if (c != '(') {
			i++;
			continue;
		}
		i++;
		ns = ne = 0;
		if (i < n && s[i] == '?') {
			if (i + 1 < n && s[i + 1] == '<' &&
			    (i + 2 >= n ||
				(s[i + 2] != '=' && s[i + 2] != '!'))) {
				i++;
				if (regexp_read_name(s, n, &i, &ns, &ne) != 0)
					return regexp_err(
					    st, "invalid capture group name");
				st->has_names = 1;
			} else
				continue;
		}
		if (r->ngroups == cap) {
			cap = cap ? cap * 2 : 8;
			if ((nn = realloc(r->names, cap * sizeof(*nn))) == NULL)
				return regexp_err(st, "out of memory");
			r->names = nn;
		}
		r->names[r->ngroups] = NULL;
		if (ne > ns) {
			for (g = 0; g < r->ngroups; g++)
				if (r->names[g] != NULL &&
				    strlen(r->names[g]) == ne - ns &&
				    memcmp(r->names[g], s + ns, ne - ns) == 0)
					return regexp_err(
					    st, "duplicate capture group name");
			if ((r->names[r->ngroups] = strndup(s + ns, ne - ns)) ==
			    NULL)
				return regexp_err(st, "out of memory");
		}
		r->ngroups++;
	}
	return 0;
}

static const struct regexp_uprop *
regexp_find_prop(const char *name, size_t len)
{
	size_t k;

	for (k = 0; k < sizeof(regexp_uprops) / sizeof(regexp_uprops[0]); k++)
		if (strlen(regexp_uprops[k].name) == len &&
		    memcmp(regexp_uprops[k].name, name, len) == 0)
			return &regexp_uprops[k];
	return NULL;
}

/* Resolves the body of \p{...}: "L", "gc=L", "Script=Latin", "sc=Latn". */
static const struct regexp_uprop *
regexp_lookup_prop(const char *name, size_t len)
{
	const char *eq = memchr(name, '=', len);
	char key[96];
	size_t klen, vlen;

	if (eq == NULL)
		return regexp_find_prop(name, len);
	klen = (size_t)(eq - name);
	vlen = len - klen - 1;
	if ((klen == 2 && memcmp(name, "gc", 2) == 0) ||
	    (klen == 16 && memcmp(name, "General_Category", 16) == 0))
		return regexp_find_prop(eq + 1, vlen);
	if ((klen == 2 && memcmp(name, "sc", 2) == 0) ||
	    (klen == 6 && memcmp(name, "Script", 6) == 0)) {
		if (vlen + 8 > sizeof(key))
			return NULL;
		memcpy(key, "Script=", 7);
		memcpy(key + 7, eq + 1, vlen);
		return regexp_find_prop(key, vlen + 7);
	}
	return NULL;
}

/* Emits the ranges of p (or their complement within the BMP) as class items. */
static void
regexp_put_ranges(
    struct regexp_buf *b, const struct regexp_uprop *p, int negate)
{
	size_t k;
	unsigned lo, hi, next = 0;

	for (k = 0; k < p->nranges; k++) {
		lo = p->ranges[2 * k];
		hi = p->ranges[2 * k + 1];
		if (negate) {
			if (lo > next) {
				regexp_put_unit(b, next);
				if (lo - 1 > next) {
					regexp_puts(b, "-");
					regexp_put_unit(b, lo - 1);
				}
			}
			next = hi + 1;
			continue;
		}
		regexp_put_unit(b, lo);
		if (hi > lo) {
			regexp_puts(b, "-");
			regexp_put_unit(b, hi);
		}
	}
	if (negate && next <= 0xffff) {
		regexp_put_unit(b, next);
		if (next < 0xffff) {
			regexp_puts(b, "-");
			regexp_put_unit(b, 0xffff);
		}
	}
}

/* \p{..} / \P{..} at st->i (just past the letter). */
static int
regexp_property(struct regexp_state *st, int negate, int in_class)
{
	const char *s = st->src;
	size_t start, end;
	const struct regexp_uprop *p;
	char msg[120];

	if (st->i >= st->len || s[st->i] != '{')
		return regexp_err(st, "invalid property name");
	start = ++st->i;
	while (st->i < st->len && s[st->i] != '}')
		st->i++;
	if (st->i >= st->len)
		return regexp_err(st, "invalid property name");
	end = st->i++;
	if ((p = regexp_lookup_prop(s + start, end - start)) == NULL) {
		snprintf(msg, sizeof(msg),
		    "property \\p{%.*s} is not supported",
		    (int)(end - start > 60 ? 60 : end - start), s + start);
		return regexp_err(st, msg);
	}
	if (in_class) {
		regexp_put_ranges(&st->out, p, negate);
		return 0;
	}
	regexp_puts(&st->out, negate ? "[^" : "[");
	regexp_put_ranges(&st->out, p, 0);
	regexp_puts(&st->out, "]");
	return 0;
}

/* \u{X} under u at st->i (just past the 'u'). */
static int
regexp_code_point(struct regexp_state *st, int in_class)
{
	const char *s = st->src;
	unsigned long cp = 0;
	size_t digits = 0;
	char c;

	st->i++; /* '{' */
	while (st->i < st->len && (c = s[st->i]) != '}') {
		int v = c >= '0' && c <= '9' ? c - '0'
		    : c >= 'a' && c <= 'f'   ? c - 'a' + 10
		    : c >= 'A' && c <= 'F'   ? c - 'A' + 10
					     : -1;

		if (v < 0)
			return regexp_err(st, "invalid Unicode escape");
		cp = cp * 16 + (unsigned)v;
		if (cp > 0x10ffff)
			return regexp_err(st, "invalid Unicode escape");
		digits++;
		st->i++;
	}
	if (st->i >= st->len || digits == 0)
		return regexp_err(st, "invalid Unicode escape");
	st->i++;
	if (cp <= 0xffff) {
		regexp_put_unit(&st->out, (unsigned)cp);
		return 0;
	}
	if (in_class)
		return regexp_err(st,
		    "code points above U+FFFF in a character class are not "
		    "supported");
	cp -= 0x10000;
	regexp_puts(&st->out, "(?:");
	regexp_put_unit(&st->out, 0xd800 + (unsigned)(cp >> 10));
	regexp_put_unit(&st->out, 0xdc00 + (unsigned)(cp & 0x3ff));
	regexp_puts(&st->out, ")");
	return 0;
}

/* \k<name> at st->i (just past the 'k'). */
static int
regexp_named_ref(struct regexp_state *st, int in_class)
{
	size_t ns, ne, g;
	char t[32];

	if (!st->has_names && !st->flag_u) {
		regexp_puts(&st->out, "k"); /* Annex B: an identity escape */
		return 0;
	}
	if (in_class)
		return regexp_err(
		    st, "invalid escape \\k in a character class");
	if (regexp_read_name(st->src, st->len, &st->i, &ns, &ne) != 0)
		return regexp_err(st, "invalid named reference");
	for (g = 0; g < st->res->ngroups; g++) {
		const char *nm = st->res->names[g];

		if (nm != NULL && strlen(nm) == ne - ns &&
		    memcmp(nm, st->src + ns, ne - ns) == 0) {
			snprintf(t, sizeof(t), "(?:\\%zu)", g + 1);
			regexp_puts(&st->out, t);
			return 0;
		}
	}
	return regexp_err(st, "invalid named capture referenced");
}

/* An escape at st->i (the backslash). */
static int
regexp_escape(struct regexp_state *st, int in_class)
{
	const char *s = st->src;
	size_t n;
	char c;

	if (st->i + 1 >= st->len)
		return regexp_err(st, "\\ at end of pattern");
	c = s[st->i + 1];
	st->i += 2;
	if (c == 'k')
		return regexp_named_ref(st, in_class);
	if (st->flag_u && (c == 'p' || c == 'P'))
		return regexp_property(st, c == 'P', in_class);
	if (st->flag_u && c == 'u' && st->i < st->len && s[st->i] == '{')
		return regexp_code_point(st, in_class);
	regexp_puts(&st->out, "\\");
	/* Copy a whole UTF-8 sequence after the backslash. */
	n = 1;
	if ((unsigned char)c >= 0xc0)
		while (st->i + n - 1 < st->len &&
		    ((unsigned char)s[st->i + n - 1] & 0xc0) == 0x80)
			n++;
	regexp_put(&st->out, s + st->i - 1, n);
	st->i += n - 1;
	return 0;
}

/* Pass 2: the rewrite. */
static int
regexp_rewrite(struct regexp_state *st)
{
	const char *s = st->src;
	int in_class = 0;
	size_t ns, ne;

	while (st->i < st->len) {
		char c = s[st->i];

		if (c == '\\') {
			if (regexp_escape(st, in_class) != 0)
				return -1;
			continue;
		}
		if (in_class) {
			if (c == ']')
				in_class = 0;
			regexp_put(&st->out, &c, 1);
			st->i++;
			continue;
		}
		if (c == '[') {
			in_class = 1;
			regexp_put(&st->out, &c, 1);
			st->i++;
			continue;
		}
		if (c == '.' && st->flag_s) {
			regexp_puts(&st->out, "[\\s\\S]");
			st->i++;
			continue;
		}
		if (c == '(' && st->i + 2 < st->len && s[st->i + 1] == '?' &&
		    s[st->i + 2] == '<') {
			if (st->i + 3 < st->len &&
			    (s[st->i + 3] == '=' || s[st->i + 3] == '!'))
				return regexp_err(
				    st, "lookbehind is not supported");
			st->i += 2;
			if (regexp_read_name(s, st->len, &st->i, &ns, &ne) != 0)
				return regexp_err(
				    st, "invalid capture group name");
			regexp_puts(&st->out, "(");
			continue;
		}
		regexp_put(&st->out, &c, 1);
		st->i++;
	}
	if (in_class)
		return regexp_err(st, "unterminated character class");
	return 0;
}

/* Validates flags and fills out->flags. */
static int
regexp_flags(struct regexp_state *st, const char *flags, size_t flen)
{
	static const char known[] = "dgimsuy";
	int seen[sizeof(known)] = { 0 };
	size_t k, o = 0;
	const char *p;

	for (k = 0; k < flen; k++) {
		if (flags[k] == '\0' || (p = strchr(known, flags[k])) == NULL ||
		    seen[p - known]++)
			return regexp_err(st, "invalid flags");
	}
	st->flag_s = seen[4];
	st->flag_u = seen[5];
	if (seen[1] || seen[6])
		st->res->flags[o++] = 'g';
	if (seen[2])
		st->res->flags[o++] = 'i';
	if (seen[3])
		st->res->flags[o++] = 'm';
	st->res->flags[o] = '\0';
	return 0;
}

int
regexp_translate(const char *src, size_t len, const char *flags, size_t flen,
    struct regexp_result *out)
{
	struct regexp_state st;

	memset(out, 0, sizeof(*out));
	memset(&st, 0, sizeof(st));
	st.src = src;
	st.len = len;
	st.res = out;
	if (regexp_flags(&st, flags, flen) != 0 || regexp_collect(&st) != 0 ||
	    regexp_rewrite(&st) != 0) {
		free(st.out.p);
		return -1;
	}
	regexp_put(&st.out, "", 0);
	if (st.out.failed) {
		free(st.out.p);
		return regexp_err(&st, "out of memory");
	}
	out->source = st.out.p;
	out->source_len = st.out.len;
	return 0;
}

void
regexp_result_free(struct regexp_result *out)
{
	size_t g;

	free(out->source);
	for (g = 0; g < out->ngroups; g++)
		free(out->names[g]);
	free(out->names);
	out->source = NULL;
	out->names = NULL;
	out->ngroups = 0;
}
