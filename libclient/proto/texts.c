/* The protocol's texts, composed from the generated templates. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <codemode/protocol.h>

#include "texts.h"

#define TEXTS_MAX_PARAMS 8

static const struct texts_info texts_table[] = {
#define TEXTS_ROW(name, cls, tmpl, params, n, carriers, seed, code)            \
	{ #name, cls, tmpl, params, n, carriers, seed, code },
	CM_SPEC_TEXTS(TEXTS_ROW)
#undef TEXTS_ROW
};

_Static_assert(sizeof(texts_table) / sizeof(texts_table[0]) == CM_TEXT_COUNT,
    "one row per text");

const struct texts_info *
texts_info(enum cm_spec_text id)
{
	if ((int)id < 0 || id >= CM_TEXT_COUNT)
		return NULL;
	return &texts_table[id];
}

int
texts_lookup(const char *name)
{
	size_t i;

	if (name == NULL)
		return -1;
	for (i = 0; i < CM_TEXT_COUNT; i++)
		if (strcmp(texts_table[i].name, name) == 0)
			return (int)i;
	return -1;
}

/*
 * Index of the parameter spelled by `len` bytes at `p` in the
 * comma-separated list, or -1.
 */
static int
texts_param_index(const char *params, const char *p, size_t len)
{
	const char *q = params;
	int i = 0;

	while (*q != '\0') {
		size_t n = strcspn(q, ",");

		if (n == len && strncmp(q, p, len) == 0)
			return i;
		q += n;
		if (*q == ',')
			q++;
		i++;
	}
	return -1;
}

char *
texts_composev(enum cm_spec_text id, const char *const *values, size_t n)
{
	const struct texts_info *t = texts_info(id);
	const char *p;
	size_t len = 0, vlen[TEXTS_MAX_PARAMS];
	char *out, *o;
	size_t i;

	if (t == NULL || n != t->nparams || n > TEXTS_MAX_PARAMS)
		return NULL;
	for (i = 0; i < n; i++) {
		if (values[i] == NULL)
			return NULL;
		vlen[i] = strlen(values[i]);
	}
	/* Two passes: measure, then fill. The generator vetted every
	 * placeholder. */
	for (p = t->template; *p != '\0'; p++) {
		const char *end;
		int k;

		if (*p == '<' && (end = strchr(p, '>')) != NULL &&
		    (k = texts_param_index(
			 t->params, p + 1, (size_t)(end - p - 1))) >= 0) {
			len += vlen[k];
			p = end;
		} else
			len++;
	}
	if ((out = malloc(len + 1)) == NULL)
		return NULL;
	o = out;
	for (p = t->template; *p != '\0'; p++) {
		const char *end;
		int k;

		if (*p == '<' && (end = strchr(p, '>')) != NULL &&
		    (k = texts_param_index(
			 t->params, p + 1, (size_t)(end - p - 1))) >= 0) {
			memcpy(o, values[k], vlen[k]);
			o += vlen[k];
			p = end;
		} else
			*o++ = *p;
	}
	*o = '\0';
	return out;
}

char *
texts_compose(enum cm_spec_text id, ...)
{
	const struct texts_info *t = texts_info(id);
	const char *values[TEXTS_MAX_PARAMS];
	va_list ap;
	size_t i;

	if (t == NULL || t->nparams > TEXTS_MAX_PARAMS)
		return NULL;
	va_start(ap, id);
	for (i = 0; i < t->nparams; i++)
		values[i] = va_arg(ap, const char *);
	va_end(ap);
	return texts_composev(id, values, t->nparams);
}

int
texts_matches_first_sentence(enum cm_spec_text id, const char *text)
{
	const struct texts_info *t = texts_info(id);
	const char *p, *s = text, *end;

	if (t == NULL || text == NULL)
		return 0;
	/* The first sentence ends at the first ". " or at the template's end.
	 */
	if ((end = strstr(t->template, ". ")) != NULL)
		end++;
	else
		end = t->template + strlen(t->template);
	for (p = t->template; p < end; p++) {
		const char *close;

		if (*p == '<' && (close = strchr(p, '>')) != NULL &&
		    close < end &&
		    texts_param_index(
			t->params, p + 1, (size_t)(close - p - 1)) >= 0) {
			char stop = close + 1 < end ? close[1] : '\0';
			const char *start = s;

			while (*s != '\0' && *s != stop)
				s++;
			if (s == start)
				return 0;
			p = close;
			continue;
		}
		if (*s != *p)
			return 0;
		s++;
	}
	return 1;
}

char *
cm_text_compose(
    const char *text_name, const char *const *values, size_t nvalues)
{
	int id = texts_lookup(text_name);

	if (id < 0)
		return NULL;
	return texts_composev((enum cm_spec_text)id, values, nvalues);
}

int
cm_timeout_text_matches(const char *text)
{
	return texts_matches_first_sentence(CM_TEXT_EXECUTION_TIMEOUT, text);
}

int
cm_spec_integer(const char *name, long long *value)
{
	static const struct {
		const char *name;
		long long value;
	} ints[] = {
#define TEXTS_INT(n, v) { #n, v },
		CM_SPEC_INT_CONSTANTS(TEXTS_INT)
#undef TEXTS_INT
	};
	size_t i;

	for (i = 0; name != NULL && value != NULL &&
	     i < sizeof(ints) / sizeof(ints[0]);
	     i++)
		if (strcmp(ints[i].name, name) == 0) {
			*value = ints[i].value;
			return 0;
		}
	return -1;
}

const char *
cm_spec_string(const char *name)
{
	static const struct {
		const char *name, *value;
	} strs[] = {
#define TEXTS_STR(n, v) { #n, v },
		CM_SPEC_STRING_CONSTANTS(TEXTS_STR)
#undef TEXTS_STR
	};
	size_t i;

	for (i = 0; name != NULL && i < sizeof(strs) / sizeof(strs[0]); i++)
		if (strcmp(strs[i].name, name) == 0)
			return strs[i].value;
	return NULL;
}
