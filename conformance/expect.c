/* The suite's matcher (see expect.h). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cm_spec.h"
#include "codemode/protocol.h"
#include "expect.h"
#include "proto/texts.h"

#define EXPECT_RENDER_MAX 160

void
expect_buf_printf(struct expect_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->oom)
		return;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (b->len + (size_t)n + 1 > b->cap) {
		size_t cap = (b->cap ? b->cap * 2 : 256);
		char *p;

		while (cap < b->len + (size_t)n + 1)
			cap *= 2;
		if ((p = realloc(b->p, cap)) == NULL) {
			b->oom = 1;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void
expect_buf_free(struct expect_buf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

/* Looks one {{...}} reference up; writes its text into out. 0 or -1. */
static int
expect_const(const char *ref, size_t len, char *out, size_t outlen)
{
	char name[128];
	const char *s;
	long long v, delta = 0;
	size_t n = 0;

	while (n < len &&
	    (isupper((unsigned char)ref[n]) || ref[n] == '_' ||
		isdigit((unsigned char)ref[n])))
		n++;
	if (n == 0 || n >= sizeof(name))
		return -1;
	memcpy(name, ref, n);
	name[n] = '\0';
	if (n < len) {
		char num[32], *end;

		if ((ref[n] != '+' && ref[n] != '-') || len - n >= sizeof(num))
			return -1;
		memcpy(num, ref + n, len - n);
		num[len - n] = '\0';
		delta = strtoll(num + 1, &end, 10);
		if (end == num + 1 || *end != '\0')
			return -1;
		if (ref[n] == '-')
			delta = -delta;
	}
	if (strncmp(name, "PAYLOAD_PART_", 13) == 0 && delta == 0) {
		static const struct {
			const char *name, *label;
		} parts[] = {
#define EXPECT_PART(n, l) { #n, l },
			CM_SPEC_PAYLOAD_PARTS(EXPECT_PART)
#undef EXPECT_PART
		};
		size_t i;

		for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
			if (strcmp(parts[i].name, name + 13) == 0) {
				snprintf(out, outlen, "%s", parts[i].label);
				return 0;
			}
		}
		return -1;
	}
	if (cm_spec_integer(name, &v) == 0) {
		snprintf(out, outlen, "%lld", v + delta);
		return 0;
	}
	if (delta == 0 && (s = cm_spec_string(name)) != NULL &&
	    strlen(s) < outlen) {
		snprintf(out, outlen, "%s", s);
		return 0;
	}
	return -1;
}

char *
expect_expand_consts(const char *s, char *err, size_t errlen)
{
	struct expect_buf b = { 0 };
	const char *p = s, *open, *close;
	char val[1024];

	while ((open = strstr(p, "{{")) != NULL &&
	    (close = strstr(open + 2, "}}")) != NULL) {
		expect_buf_printf(&b, "%.*s", (int)(open - p), p);
		if (expect_const(open + 2, (size_t)(close - open - 2), val,
			sizeof(val)) != 0) {
			snprintf(err, errlen,
			    "unknown constant reference "
			    "{{%.*s}}",
			    (int)(close - open - 2), open + 2);
			expect_buf_free(&b);
			return NULL;
		}
		expect_buf_printf(&b, "%s", val);
		p = close + 2;
	}
	expect_buf_printf(&b, "%s", p);
	if (b.oom || b.p == NULL) {
		snprintf(err, errlen, "out of memory");
		expect_buf_free(&b);
		return NULL;
	}
	return b.p;
}

/* One parameter value as the pattern holds it (malloc'd). */
static char *
expect_param(
    const json_t *v, const struct expect_vars *vars, char *err, size_t errlen)
{
	const char *s;
	char *r;

	if (json_is_integer(v)) {
		if (asprintf(&r, "%lld", (long long)json_integer_value(v)) < 0)
			return NULL;
		return r;
	}
	if (!json_is_string(v)) {
		snprintf(err, errlen,
		    "a text parameter must be a string or "
		    "an integer");
		return NULL;
	}
	s = json_string_value(v);
	if (strcmp(s, "*") == 0)
		return strdup("\x01");
	if (s[0] == '$') {
		if (strcmp(s, "$executionId") == 0 && vars &&
		    vars->execution_id)
			return strdup(vars->execution_id);
		snprintf(err, errlen, "variable %s has no value here", s);
		return NULL;
	}
	return expect_expand_consts(s, err, errlen);
}

char *
expect_text_pattern(const json_t *spec, const struct expect_vars *vars,
    char *err, size_t errlen)
{
	const struct texts_info *info;
	const json_t *params, *name;
	const char *values[8], *pn;
	char *owned[8], *r = NULL;
	size_t i, n = 0;
	int id;

	if (json_is_string(spec))
		return expect_expand_consts(
		    json_string_value(spec), err, errlen);
	if (!json_is_object(spec)) {
		snprintf(err, errlen, "a text must be a string or an object");
		return NULL;
	}
	if ((name = json_object_get(spec, "const")) != NULL) {
		const char *s = json_is_string(name)
		    ? cm_spec_string(json_string_value(name))
		    : NULL;

		if (s == NULL) {
			snprintf(err, errlen, "no string constant named %s",
			    json_is_string(name) ? json_string_value(name)
						 : "(not a string)");
			return NULL;
		}
		return strdup(s);
	}
	name = json_object_get(spec, "text");
	if (!json_is_string(name) ||
	    (id = texts_lookup(json_string_value(name))) < 0 ||
	    (info = texts_info((enum cm_spec_text)id)) == NULL) {
		snprintf(err, errlen, "no text named %s",
		    json_is_string(name) ? json_string_value(name)
					 : "(missing)");
		return NULL;
	}
	params = json_object_get(spec, "params");
	if (params != NULL && !json_is_object(params)) {
		snprintf(
		    err, errlen, "params of %s must be an object", info->name);
		return NULL;
	}
	if (json_object_size(params) != info->nparams || info->nparams > 8) {
		snprintf(err, errlen,
		    "%s takes the parameters (%s), the case "
		    "gives %zu",
		    info->name, info->params, json_object_size(params));
		return NULL;
	}
	/* Walk the template's parameter names in declaration order. */
	for (pn = info->params; n < info->nparams; n++) {
		const char *comma = strchr(pn, ',');
		size_t len = comma ? (size_t)(comma - pn) : strlen(pn);
		char key[64];
		const json_t *v;

		snprintf(key, sizeof(key), "%.*s", (int)len, pn);
		if ((v = json_object_get(params, key)) == NULL) {
			snprintf(err, errlen, "%s needs the parameter %s",
			    info->name, key);
			goto out;
		}
		if ((owned[n] = expect_param(v, vars, err, errlen)) == NULL)
			goto out;
		values[n] = owned[n];
		pn = comma ? comma + 1 : pn + len;
	}
	if ((r = texts_composev((enum cm_spec_text)id, values, n)) == NULL)
		snprintf(err, errlen, "cannot compose %s", info->name);
out:
	for (i = 0; i < n; i++)
		free(owned[i]);
	return r;
}

int
expect_text_match(const char *pattern, const char *got, int prefix)
{
	const char *p = pattern, *g = got;

	while (*p) {
		if (*p == EXPECT_WILDCARD) {
			/* One or more characters, then the rest must match. */
			if (*g == '\0')
				return 0;
			for (g++;; g++) {
				if (expect_text_match(p + 1, g, prefix))
					return 1;
				if (*g == '\0')
					return 0;
			}
		}
		if (*p != *g)
			return 0;
		p++;
		g++;
	}
	return prefix || *g == '\0';
}

int
expect_glob(const char *pattern, const char *s)
{
	while (*pattern) {
		if (*pattern == '*') {
			for (;; s++) {
				if (expect_glob(pattern + 1, s))
					return 1;
				if (*s == '\0')
					return 0;
			}
		}
		if (*s == '\0' || (*pattern != '?' && *pattern != *s))
			return 0;
		pattern++;
		s++;
	}
	return *s == '\0';
}

char *
expect_render(const json_t *value)
{
	char *s, *r;
	size_t len;

	if (value == NULL)
		return strdup("undefined");
	if ((s = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY)) == NULL)
		return strdup("(unrenderable)");
	len = strlen(s);
	if (len <= EXPECT_RENDER_MAX)
		return s;
	if (asprintf(&r, "%.*s ... %s (%zu bytes of JSON)",
		EXPECT_RENDER_MAX / 2, s, s + len - EXPECT_RENDER_MAX / 4,
		len) < 0)
		r = NULL;
	free(s);
	return r;
}

static void
expect_report(struct expect_buf *out, const char *path, const json_t *want,
    const json_t *got)
{
	char *w = expect_render(want), *g = expect_render(got);

	expect_buf_printf(
	    out, "%s: want %s, got %s\n", path, w ? w : "?", g ? g : "?");
	free(w);
	free(g);
}

int
expect_json_diff(const json_t *want, const json_t *got, const char *path,
    struct expect_buf *out)
{
	char sub[512];
	const char *key;
	json_t *v;
	size_t i;
	int n = 0;

	if (want == NULL || got == NULL) {
		if (want == got)
			return 0;
		expect_report(out, path, want, got);
		return 1;
	}
	if (json_is_number(want) && json_is_number(got)) {
		if (json_number_value(want) == json_number_value(got))
			return 0;
		expect_report(out, path, want, got);
		return 1;
	}
	if (json_typeof(want) != json_typeof(got)) {
		expect_report(out, path, want, got);
		return 1;
	}
	switch (json_typeof(want)) {
	case JSON_STRING:
		if (json_string_length(want) == json_string_length(got) &&
		    memcmp(json_string_value(want), json_string_value(got),
			json_string_length(want)) == 0)
			return 0;
		expect_report(out, path, want, got);
		return 1;
	case JSON_ARRAY:
		if (json_array_size(want) != json_array_size(got)) {
			expect_buf_printf(out,
			    "%s: want %zu elements, got %zu\n", path,
			    json_array_size(want), json_array_size(got));
			n++;
		}
		for (i = 0;
		     i < json_array_size(want) && i < json_array_size(got);
		     i++) {
			snprintf(sub, sizeof(sub), "%s[%zu]", path, i);
			n += expect_json_diff(json_array_get(want, i),
			    json_array_get(got, i), sub, out);
		}
		for (; i < json_array_size(got); i++) {
			snprintf(sub, sizeof(sub), "%s[%zu]", path, i);
			expect_report(out, sub, NULL, json_array_get(got, i));
			n++;
		}
		for (; i < json_array_size(want); i++) {
			snprintf(sub, sizeof(sub), "%s[%zu]", path, i);
			expect_report(out, sub, json_array_get(want, i), NULL);
			n++;
		}
		return n;
	case JSON_OBJECT:
		json_object_foreach((json_t *)want, key, v)
		{
			snprintf(sub, sizeof(sub), "%s.%s", path, key);
			n += expect_json_diff(
			    v, json_object_get(got, key), sub, out);
		}
		json_object_foreach((json_t *)got, key, v)
		{
			if (json_object_get(want, key) != NULL)
				continue;
			snprintf(sub, sizeof(sub), "%s.%s", path, key);
			expect_report(out, sub, NULL, v);
			n++;
		}
		return n;
	default:
		/* true, false, null: the types are equal, so the values are. */
		return 0;
	}
}

int
expect_bounds(
    double elapsed_ms, double min_ms, double max_ms, struct expect_buf *out)
{
	if (min_ms >= 0 && elapsed_ms < min_ms) {
		expect_buf_printf(out,
		    "elapsed: %.0f ms, under the %.0f ms "
		    "minimum\n",
		    elapsed_ms, min_ms);
		return 1;
	}
	if (max_ms >= 0 && elapsed_ms > max_ms) {
		expect_buf_printf(out,
		    "elapsed: %.0f ms, over the %.0f ms "
		    "maximum\n",
		    elapsed_ms, max_ms);
		return 1;
	}
	return 0;
}

json_t *
expect_expand_tree(
    const json_t *v, const struct expect_vars *vars, char *err, size_t errlen)
{
	const char *key;
	json_t *out, *sub, *e;
	char *s;
	size_t i;

	switch (json_typeof(v)) {
	case JSON_STRING:
		/* A string holding a NUL has no reference to expand, and a C
		 * string would cut it there. */
		if (memchr(json_string_value(v), '\0', json_string_length(v)))
			return json_stringn(
			    json_string_value(v), json_string_length(v));
		if ((s = expect_expand_consts(
			 json_string_value(v), err, errlen)) == NULL)
			return NULL;
		out = json_string(s);
		free(s);
		return out;
	case JSON_ARRAY:
		if ((out = json_array()) == NULL)
			return NULL;
		json_array_foreach(v, i, sub)
		{
			if ((e = expect_expand_tree(sub, vars, err, errlen)) ==
				NULL ||
			    json_array_append_new(out, e) != 0) {
				json_decref(out);
				return NULL;
			}
		}
		return out;
	case JSON_OBJECT:
		if (json_object_size(v) == 1 &&
		    (sub = json_object_get(v, "$text")) != NULL) {
			if ((s = expect_text_pattern(sub, vars, err, errlen)) ==
			    NULL)
				return NULL;
			if (strchr(s, EXPECT_WILDCARD) != NULL) {
				snprintf(err, errlen,
				    "a \"$text\" value cannot "
				    "hold a \"*\" parameter");
				free(s);
				return NULL;
			}
			out = json_string(s);
			free(s);
			return out;
		}
		if ((out = json_object()) == NULL)
			return NULL;
		json_object_foreach((json_t *)v, key, sub)
		{
			if ((s = expect_expand_consts(key, err, errlen)) ==
				NULL ||
			    (e = expect_expand_tree(sub, vars, err, errlen)) ==
				NULL ||
			    json_object_set_new(out, s, e) != 0) {
				free(s);
				json_decref(out);
				return NULL;
			}
			free(s);
		}
		return out;
	default:
		return json_incref((json_t *)v);
	}
}

int
expect_is_grammar(const json_t *spec)
{
	return json_is_object(spec) && json_object_get(spec, "grammar") != NULL;
}

/* Counts the words of s[0..len). */
static size_t
expect_words(const char *s, size_t len)
{
	size_t i, n = 0;
	int in = 0;

	for (i = 0; i < len; i++) {
		int sp = s[i] == ' ' || s[i] == '\t' || s[i] == '\n';

		if (!sp && !in)
			n++;
		in = !sp;
	}
	return n;
}

/* The sentence check of expect_grammar; 0, or 1 with `why`. */
static int
expect_sentences(const char *got, char *why, size_t whylen)
{
	const char *p = got, *start = got;
	size_t n = 0;
	int quoted = 0;

	while (*start == ' ')
		start++;
	for (p = start; *p; p++) {
		char c = *p;

		if (c == '"')
			quoted = !quoted;
		if (quoted || (c != '.' && c != '!' && c != '?') ||
		    (p[1] != '\0' && p[1] != ' ' && p[1] != '\n'))
			continue;
		/* A sentence: start .. p inclusive. */
		n++;
		/* A name may open a sentence ("fetch is ..."), so the
		 * case of the letter is free; punctuation is not. */
		if (!((*start >= 'A' && *start <= 'Z') ||
			(*start >= 'a' && *start <= 'z') ||
			(*start >= '0' && *start <= '9') || *start == '"' ||
			(unsigned char)*start >= 0x80)) {
			snprintf(why, whylen,
			    "sentence %zu does not begin with a letter, a "
			    "digit or a quote",
			    n);
			return 1;
		}
		if (expect_words(start, (size_t)(p - start + 1)) < 3) {
			snprintf(why, whylen,
			    "sentence %zu has fewer than three words", n);
			return 1;
		}
		start = p + 1;
		while (*start == ' ' || *start == '\n')
			start++;
		p = start - 1;
	}
	if (*start != '\0') {
		snprintf(why, whylen,
		    "the text does not end with a sentence (no '.', '!' or "
		    "'?' outside quotes at its end)");
		return 1;
	}
	if (n < 2) {
		snprintf(why, whylen,
		    "%s: the failure grammar takes two sentences, what "
		    "failed and why, then what remains possible",
		    n == 0 ? "no sentence" : "one sentence");
		return 1;
	}
	return 0;
}

int
expect_grammar(const json_t *spec, const char *got, char *why, size_t whylen)
{
	const json_t *g = json_object_get(spec, "grammar"), *contains, *v;
	const char *key;
	json_t *sub;
	size_t i;

	if (!json_is_object(g)) {
		snprintf(why, whylen, "grammar takes an object");
		return -1;
	}
	json_object_foreach(
	    (json_t *)g, key, sub) if (strcmp(key, "contains") != 0)
	{
		snprintf(why, whylen, "grammar: unknown key \"%s\"", key);
		return -1;
	}
	if (json_object_size(spec) != 1) {
		snprintf(why, whylen, "a grammar text takes no other key");
		return -1;
	}
	contains = json_object_get(g, "contains");
	if (contains != NULL && !json_is_array(contains)) {
		snprintf(why, whylen, "grammar.contains takes a list");
		return -1;
	}
	json_array_foreach(contains, i, v)
	{
		char err[256], *want, num[32];
		const char *raw;

		if (json_is_integer(v)) {
			snprintf(num, sizeof(num), "%" JSON_INTEGER_FORMAT,
			    json_integer_value(v));
			raw = num;
		} else if (json_is_string(v) && json_string_length(v) > 0)
			raw = json_string_value(v);
		else {
			snprintf(why, whylen,
			    "grammar.contains[%zu] must be a non-empty "
			    "string or an integer",
			    i);
			return -1;
		}
		if ((want = expect_expand_consts(raw, err, sizeof(err))) ==
		    NULL) {
			snprintf(
			    why, whylen, "grammar.contains[%zu]: %s", i, err);
			return -1;
		}
		if (got != NULL && strstr(got, want) == NULL) {
			snprintf(why, whylen,
			    "the text does not contain \"%s\"", want);
			free(want);
			return 1;
		}
		free(want);
	}
	if (got == NULL)
		return 0;
	return expect_sentences(got, why, whylen);
}
