/*
 * The entry module's text and its inputs, as execution.c hands them to the
 * lowering and the prelude: the generated source around the caller's code,
 * the static import list, the scope's parameter names, the module map as
 * JSON, and the syntax-error text the envelope reports.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cm_spec.h"
#include "codemode/protocol.h"
#include "entry.h"
#include "proto/modules.h"
#include "proto/texts.h"

static int
entry_append(char **buf, size_t *len, size_t *cap, const char *s, size_t n)
{
	char *p;

	if (*len + n + 1 > *cap) {
		size_t c = (*cap ? *cap * 2 : 1024);

		while (c < *len + n + 1)
			c *= 2;
		if ((p = realloc(*buf, c)) == NULL)
			return -1;
		*buf = p;
		*cap = c;
	}
	memcpy(*buf + *len, s, n);
	*len += n;
	(*buf)[*len] = '\0';
	return 0;
}

#define ENTRY_PUTS(s) entry_append(&buf, &len, &cap, (s), strlen(s))

char *
entry_source(const struct cm_imports *imp, const json_t *providers)
{
	char *buf = NULL, *q;
	size_t len = 0, cap = 0, i;
	const json_t *d, *v;
	int fail = 0;

	/*
	 * The entry scope's names are the module function's parameters
	 * (entry_scope_params); this line keeps the place where they were
	 * once declared, so positions in the entry stay where they were.
	 */
	fail |= ENTRY_PUTS("\n");
	json_array_foreach(providers, i, d)
	{
		const char *name =
		    json_string_value(json_object_get(d, "name"));

		if (name == NULL)
			continue;
		v = json_object_get(d, "proxySource");
		if (json_is_string(v)) {
			fail |= ENTRY_PUTS(json_string_value(v));
			fail |= ENTRY_PUTS("\n");
			continue;
		}
		q = json_dumps(json_object_get(d, "name"), JSON_ENCODE_ANY);
		fail |= q == NULL;
		fail |= ENTRY_PUTS("const ");
		fail |= ENTRY_PUTS(name);
		fail |= ENTRY_PUTS(" = __cm.entryScope().proxy(");
		fail |= ENTRY_PUTS(q ? q : "\"\"");
		fail |= ENTRY_PUTS(
		    json_is_true(json_object_get(d, "positionalArgs"))
			? ", true);\n"
			: ", false);\n");
		free(q);
	}
	json_array_foreach(providers, i, d)
	{
		v = json_object_get(d, "prelude");
		if (json_is_string(v)) {
			fail |= ENTRY_PUTS(json_string_value(v));
			fail |= ENTRY_PUTS("\n");
		}
	}
	if (imp->imports_len > 0) {
		fail |= entry_append(
		    &buf, &len, &cap, imp->imports, imp->imports_len);
		fail |= ENTRY_PUTS("\n");
	}
	/* The module record takes the arrow: no export getter, no name to set.
	 */
	fail |= ENTRY_PUTS("__m.entry((\n");
	fail |= entry_append(&buf, &len, &cap, imp->body, imp->body_len);
	fail |= ENTRY_PUTS("\n));\n");
	if (fail) {
		free(buf);
		return NULL;
	}
	return buf;
}

/*
 * The specifiers of the lifted import block as a JSON array text
 * (malloc'd): each string literal that follows `from` or `import`, so a
 * missing module fails the run before any module of the map runs.
 */
char *
entry_import_specifiers(const struct cm_imports *imp)
{
	json_t *list;
	const char *p, *end, *q;
	char prev[8] = "";
	char *out;
	int type_only = 0; /* TypeScript's `import type`: loads nothing */

	/* Most entries import nothing: no JSON to build. */
	if (imp->imports_len == 0)
		return strdup("[]");
	if ((list = json_array()) == NULL)
		return NULL;
	p = imp->imports;
	end = p + imp->imports_len;
	while (p < end) {
		if (p[0] == '/' && p + 1 < end && p[1] == '/') {
			while (p < end && *p != '\n')
				p++;
		} else if (p[0] == '/' && p + 1 < end && p[1] == '*') {
			q = strstr(p + 2, "*/");
			p = q ? q + 2 : end;
		} else if (*p == '\'' || *p == '"' || *p == '`') {
			for (q = p + 1; q < end && *q != *p; q++)
				if (*q == '\\' && q + 1 < end)
					q++;
			if ((strcmp(prev, "from") == 0 ||
				strcmp(prev, "import") == 0) &&
			    !type_only)
				json_array_append_new(list,
				    json_stringn(p + 1, (size_t)(q - p - 1)));
			prev[0] = '\0';
			type_only = 0;
			p = q < end ? q + 1 : end;
		} else if ((*p >= 'a' && *p <= 'z') ||
		    (*p >= 'A' && *p <= 'Z') || *p == '_' || *p == '$') {
			for (q = p; q < end &&
			     ((*q >= 'a' && *q <= 'z') ||
				 (*q >= 'A' && *q <= 'Z') ||
				 (*q >= '0' && *q <= '9') || *q == '_' ||
				 *q == '$');
			     q++)
				;
			/* `import type X from`, not `import type from` */
			if (q - p == 4 && strncmp(p, "type", 4) == 0 &&
			    strcmp(prev, "import") == 0)
				type_only = 1;
			else if (q - p == 4 && strncmp(p, "from", 4) == 0 &&
			    strcmp(prev, "type") == 0)
				type_only = 0;
			snprintf(prev, sizeof(prev), "%.*s",
			    (int)(q - p) < 7 ? (int)(q - p) : 7, p);
			if (q - p > 7)
				prev[0] = '\0';
			p = q;
		} else {
			if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
				prev[0] = '\0';
			p++;
		}
	}
	out = json_dumps(list, JSON_COMPACT);
	json_decref(list);
	return out;
}

/*
 * The lowering's "SyntaxError: <msg> (<l>:<c>)" as the entry reports it:
 * "<msg> [executor.js:<l>:<c>]" (malloc'd, or NULL).
 */
char *
entry_syntax_text(const char *err, const char *filename)
{
	const char *m = err, *open;
	char *out;
	size_t n;
	unsigned l, c;

	if (strncmp(m, "SyntaxError: ", 13) == 0)
		m += 13;
	open = strrchr(m, '(');
	if (open == NULL || sscanf(open, "(%u:%u)", &l, &c) != 2)
		return strdup(m);
	n = (size_t)(open - m) + strlen(filename) + 32;
	if ((out = malloc(n)) == NULL)
		return NULL;
	snprintf(out, n, "%.*s[%s:%u:%u]", (int)(open - m), m, filename, l, c);
	return out;
}

/*
 * The entry module's parameters after the module record: the entry scope's
 * names in the spec's order, which is the order 90_entry.js passes them in.
 */
const char *
entry_scope_params(void)
{
	static const struct {
		const char *name;
		int group;
	} names[] = {
#define X(name, group) { name, group },
		CM_SPEC_RESERVED_PROVIDER_NAMES(X)
#undef X
	};
	static char params[512];
	size_t i, len = 0, n;

	if (params[0] != '\0')
		return params;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (names[i].group != CM_RESERVED_ENTRY_SCOPE)
			continue;
		n = strlen(names[i].name);
		if (len + n + 3 > sizeof(params))
			return NULL;
		if (len > 0) {
			memcpy(params + len, ", ", 2);
			len += 2;
		}
		memcpy(params + len, names[i].name, n + 1);
		len += n;
	}
	return params;
}

/*
 * The wire pairs as the prelude takes them, [[name, kind, value]...] JSON
 * text in *out, and the <declared> list in *declared. Returns 0; 1 with
 * *text for a declared failure; -1 when out of memory.
 */
int
entry_modules(const json_t *pairs, char **out, char **declared, char **text)
{
	json_t *map = NULL, *entries = NULL, *list = NULL, *pair, *src, *row;
	const char *name, *kind;
	size_t i;
	int rc = -1;

	*out = *declared = *text = NULL;
	/* Most runs have no map: nothing to build. */
	if (json_array_size(pairs) == 0) {
		*out = strdup("[]");
		*declared = strdup(CM_EMPTY_LIST);
		if (*out != NULL && *declared != NULL)
			return 0;
		free(*out);
		free(*declared);
		*out = *declared = NULL;
		return -1;
	}
	if ((map = json_object()) == NULL || (list = json_array()) == NULL)
		goto done;
	json_array_foreach(pairs, i, pair)
	{
		name = json_string_value(json_array_get(pair, 0));
		src = json_array_get(pair, 1);
		if (!json_is_array(pair) || json_array_size(pair) != 2 ||
		    name == NULL || src == NULL) {
			*text = texts_compose(
			    CM_TEXT_UNSUPPORTED_MODULE_KIND, name ? name : "");
			rc = *text ? 1 : -1;
			goto done;
		}
		if (json_object_get(map, name) != NULL) {
			char *norm = modules_normalize_name(name);

			*text = norm
			    ? texts_compose(CM_TEXT_MODULE_KEY_COLLISION, name,
				  name, norm)
			    : NULL;
			free(norm);
			rc = *text ? 1 : -1;
			goto done;
		}
		if (json_object_set(map, name, src) != 0)
			goto done;
	}
	if ((rc = cm_module_entries(map, &entries, text)) != 0)
		goto done;
	rc = -1;
	json_array_foreach(entries, i, pair)
	{
		src = json_array_get(pair, 1);
		if (json_is_string(src)) {
			kind = "js";
		} else {
			kind = json_object_iter_key(json_object_iter(src));
			src = json_object_get(src, kind);
		}
		row = json_pack("[O,s,O]", json_array_get(pair, 0), kind, src);
		if (row == NULL || json_array_append_new(list, row) != 0)
			goto done;
	}
	*out = json_dumps(list, JSON_COMPACT);
	*declared = modules_declared_names(entries);
	if (*out != NULL && *declared != NULL)
		rc = 0;
done:
	json_decref(map);
	json_decref(entries);
	json_decref(list);
	return rc;
}
