/*
 * specgen: spec/protocol.json in, generated sources out.
 *
 *   specgen protocol.json --header cm_spec.h   C constants, text templates
 *                                              and X-macro tables
 *   specgen protocol.json --js cm_spec.js      `var __cm_spec = {...};` for
 *                                              the ES5 runtime prelude
 *   specgen protocol.json --esm spec.js        the same object as an ES module
 *                                              (`export const SPEC` plus one
 *                                              named export per constant), for
 *                                              the JavaScript client package
 *   specgen protocol.json --markdown out.md    the text table, for reading
 *
 * The whole file is validated before anything is written, and a malformed
 * file gets one message naming the path of the offending member.
 */
#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SPECGEN_MAX_ITEMS 512

static const char *specgen_input;
static char specgen_err[1024];

static const char *const specgen_carriers[] = { "envelope", "rejection",
	"fault", "log" };
#define SPECGEN_NCARRIERS                                                      \
	(sizeof(specgen_carriers) / sizeof(specgen_carriers[0]))

/* Records the first validation failure; returns -1 for the caller to pass up.
 */
static int
specgen_fail(const char *fmt, ...)
{
	va_list ap;

	if (specgen_err[0] != '\0')
		return -1;
	va_start(ap, fmt);
	vsnprintf(specgen_err, sizeof(specgen_err), fmt, ap);
	va_end(ap);
	return -1;
}

/* UPPER_SNAKE: the only shape a name may take, since it becomes a C macro. */
static int
specgen_is_upper_snake(const char *s)
{
	if (!isupper((unsigned char)*s))
		return 0;
	for (; *s != '\0'; s++)
		if (!isupper((unsigned char)*s) &&
		    !isdigit((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

/* An ECMAScript identifier of the ASCII kind the provider pattern allows. */
static int
specgen_is_identifier(const char *s)
{
	if (*s == '\0' || isdigit((unsigned char)*s))
		return 0;
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '$')
			return 0;
	return 1;
}

static int
specgen_is_kebab(const char *s)
{
	if (!islower((unsigned char)*s))
		return 0;
	for (; *s != '\0'; s++)
		if (!islower((unsigned char)*s) &&
		    !isdigit((unsigned char)*s) && *s != '-')
			return 0;
	return 1;
}

/* Fetches member `key` of `obj` as a string; NULL (and an error) if it is not
 * one. */
static const char *
specgen_string(json_t *obj, const char *where, const char *key, int optional)
{
	json_t *v = json_object_get(obj, key);

	if (v == NULL && optional)
		return NULL;
	if (!json_is_string(v)) {
		specgen_fail("%s.%s: expected a string", where, key);
		return NULL;
	}
	return json_string_value(v);
}

static json_t *
specgen_array(json_t *obj, const char *where, const char *key)
{
	json_t *v = json_object_get(obj, key);

	if (!json_is_array(v)) {
		specgen_fail("%s.%s: expected an array", where, key);
		return NULL;
	}
	if (json_array_size(v) > SPECGEN_MAX_ITEMS) {
		specgen_fail(
		    "%s.%s: more than %d items", where, key, SPECGEN_MAX_ITEMS);
		return NULL;
	}
	return v;
}

static int
specgen_origin(json_t *obj, const char *where)
{
	const char *o = specgen_string(obj, where, "origin", 0);

	if (o == NULL)
		return -1;
	if (strcmp(o, "seed") != 0 && strcmp(o, "ours") != 0)
		return specgen_fail(
		    "%s.origin: \"%s\" is neither \"seed\" nor \"ours\"", where,
		    o);
	return 0;
}

/* The constant named by `len` bytes of `name`, or NULL. */
static json_t *
specgen_constant(json_t *root, const char *name, size_t len)
{
	json_t *consts = json_object_get(root, "constants"), *c;
	size_t i;

	json_array_foreach(consts, i, c)
	{
		const char *n = json_string_value(json_object_get(c, "name"));

		if (n != NULL && strlen(n) == len && strncmp(n, name, len) == 0)
			return c;
	}
	return NULL;
}

/*
 * Expands {{NAME}} from the constants; returns a malloc'd string or NULL with
 * an error. Validation has to run this too, so a dangling name fails early.
 */
static char *
specgen_expand(json_t *root, const char *tmpl, const char *where)
{
	size_t cap = strlen(tmpl) + 1, len = 0;
	char *out = malloc(cap);
	const char *p = tmpl;

	if (out == NULL) {
		specgen_fail("out of memory");
		return NULL;
	}
	while (*p != '\0') {
		const char *end, *piece;
		char num[32];
		size_t plen;
		json_t *c, *v;

		if (p[0] != '{' || p[1] != '{') {
			piece = p;
			plen = 1;
			p++;
		} else {
			if ((end = strstr(p + 2, "}}")) == NULL) {
				specgen_fail(
				    "%s.template: \"{{\" without \"}}\"",
				    where);
				free(out);
				return NULL;
			}
			c = specgen_constant(
			    root, p + 2, (size_t)(end - p - 2));
			if (c == NULL) {
				specgen_fail(
				    "%s.template: {{%.*s}} names no constant",
				    where, (int)(end - p - 2), p + 2);
				free(out);
				return NULL;
			}
			v = json_object_get(c, "value");
			if (json_is_string(v)) {
				piece = json_string_value(v);
			} else if (json_is_integer(v)) {
				snprintf(num, sizeof(num),
				    "%" JSON_INTEGER_FORMAT,
				    json_integer_value(v));
				piece = num;
			} else {
				specgen_fail("%s.template: {{%.*s}} has no "
					     "value to insert",
				    where, (int)(end - p - 2), p + 2);
				free(out);
				return NULL;
			}
			plen = strlen(piece);
			p = end + 2;
		}
		if (len + plen + 1 > cap) {
			char *grown;

			cap = (len + plen + 1) * 2;
			if ((grown = realloc(out, cap)) == NULL) {
				free(out);
				specgen_fail("out of memory");
				return NULL;
			}
			out = grown;
		}
		memcpy(out + len, piece, plen);
		len += plen;
	}
	out[len] = '\0';
	return out;
}

/* Every <param> of the template is declared and every declared one is used. */
static int
specgen_check_placeholders(const char *tmpl, json_t *params, const char *where)
{
	const char *p = tmpl, *end;
	size_t i, n = json_array_size(params);
	int used[SPECGEN_MAX_ITEMS] = { 0 };
	json_t *v;

	while ((p = strchr(p, '<')) != NULL) {
		int found = -1;

		end = p + 1;
		while (isalnum((unsigned char)*end) || *end == '_')
			end++;
		if (*end != '>' || end == p + 1)
			return specgen_fail(
			    "%s.template: a '<' that opens no "
			    "<param> (write parameters as <name>)",
			    where);
		json_array_foreach(params, i, v)
		{
			const char *name = json_string_value(v);

			if (strlen(name) == (size_t)(end - p - 1) &&
			    strncmp(name, p + 1, (size_t)(end - p - 1)) == 0)
				found = (int)i;
		}
		if (found < 0)
			return specgen_fail(
			    "%s.template: <%.*s> is not in params", where,
			    (int)(end - p - 1), p + 1);
		used[found] = 1;
		p = end + 1;
	}
	for (i = 0; i < n; i++)
		if (!used[i])
			return specgen_fail(
			    "%s.params: \"%s\" never appears in the "
			    "template",
			    where,
			    json_string_value(json_array_get(params, i)));
	return 0;
}

static int
specgen_validate_constants(json_t *root)
{
	json_t *consts, *c, *v;
	size_t i, j;
	char where[128];

	if ((consts = specgen_array(root, "$", "constants")) == NULL)
		return -1;
	json_array_foreach(consts, i, c)
	{
		const char *name;

		snprintf(where, sizeof(where), "constants[%zu]", i);
		if (!json_is_object(c))
			return specgen_fail("%s: expected an object", where);
		if ((name = specgen_string(c, where, "name", 0)) == NULL)
			return -1;
		if (!specgen_is_upper_snake(name))
			return specgen_fail(
			    "%s.name: \"%s\" is not UPPER_SNAKE", where, name);
		for (j = 0; j < i; j++)
			if (strcmp(name,
				json_string_value(json_object_get(
				    json_array_get(consts, j), "name"))) == 0)
				return specgen_fail(
				    "%s.name: \"%s\" is declared twice", where,
				    name);
		v = json_object_get(c, "value");
		if (v == NULL)
			return specgen_fail("%s (%s): no value", where, name);
		if (json_is_null(v)) {
			if (specgen_string(c, where, "null_means", 0) == NULL)
				return -1;
		} else if (json_is_integer(v)) {
			if (json_integer_value(v) < 0)
				return specgen_fail(
				    "%s (%s): negative value", where, name);
		} else if (!json_is_string(v)) {
			return specgen_fail(
			    "%s (%s): value must be an integer, a "
			    "string or null",
			    where, name);
		}
		if (specgen_origin(c, where) < 0 ||
		    specgen_string(c, where, "doc", 0) == NULL)
			return -1;
	}
	return 0;
}

static int
specgen_validate_parts(json_t *root)
{
	json_t *parts, *p;
	size_t i;
	char where[128];

	if ((parts = specgen_array(root, "$", "payload_parts")) == NULL)
		return -1;
	json_array_foreach(parts, i, p)
	{
		const char *name;

		snprintf(where, sizeof(where), "payload_parts[%zu]", i);
		if ((name = specgen_string(p, where, "name", 0)) == NULL)
			return -1;
		if (!specgen_is_upper_snake(name))
			return specgen_fail(
			    "%s.name: \"%s\" is not UPPER_SNAKE", where, name);
		if (specgen_string(p, where, "label", 0) == NULL ||
		    specgen_string(p, where, "counts", 0) == NULL)
			return -1;
	}
	return 0;
}

static int
specgen_code_known(json_t *root, const char *code)
{
	json_t *codes = json_object_get(root, "error_codes"), *c;
	size_t i;

	json_array_foreach(codes, i,
	    c) if (strcmp(json_string_value(json_object_get(c, "code")),
		       code) == 0) return 1;
	return 0;
}

static int
specgen_validate_codes(json_t *root)
{
	json_t *codes, *c;
	size_t i, j;
	char where[128];

	if ((codes = specgen_array(root, "$", "error_codes")) == NULL)
		return -1;
	json_array_foreach(codes, i, c)
	{
		const char *code;

		snprintf(where, sizeof(where), "error_codes[%zu]", i);
		if ((code = specgen_string(c, where, "code", 0)) == NULL)
			return -1;
		if (!specgen_is_upper_snake(code))
			return specgen_fail(
			    "%s.code: \"%s\" is not UPPER_SNAKE", where, code);
		for (j = 0; j < i; j++)
			if (strcmp(code,
				json_string_value(json_object_get(
				    json_array_get(codes, j), "code"))) == 0)
				return specgen_fail(
				    "%s.code: \"%s\" is declared twice", where,
				    code);
		if (!json_is_boolean(json_object_get(c, "retryable")))
			return specgen_fail(
			    "%s.retryable: expected true or false", where);
		if (specgen_string(c, where, "class", 0) == NULL ||
		    specgen_string(c, where, "doc", 0) == NULL)
			return -1;
	}
	return 0;
}

static int
specgen_validate_text(json_t *root, json_t *t, size_t i)
{
	json_t *texts = json_object_get(root, "texts"), *params, *carrier, *v,
	       *cls;
	const char *name, *tmpl, *code, *constant;
	char where[160], *expanded;
	size_t j, k;

	snprintf(where, sizeof(where), "texts[%zu]", i);
	if (!json_is_object(t))
		return specgen_fail("%s: expected an object", where);
	if ((name = specgen_string(t, where, "name", 0)) == NULL)
		return -1;
	snprintf(where, sizeof(where), "texts[%zu] (%s)", i, name);
	if (!specgen_is_upper_snake(name))
		return specgen_fail("%s.name: not UPPER_SNAKE", where);
	for (j = 0; j < i; j++)
		if (strcmp(name,
			json_string_value(json_object_get(
			    json_array_get(texts, j), "name"))) == 0)
			return specgen_fail("%s.name: declared twice", where);
	cls = json_object_get(t, "class");
	if (cls == NULL || (!json_is_null(cls) && !json_is_string(cls)))
		return specgen_fail(
		    "%s.class: expected a class name or null", where);
	if (specgen_origin(t, where) < 0)
		return -1;
	if ((tmpl = specgen_string(t, where, "template", 0)) == NULL)
		return -1;
	if (*tmpl == '\0')
		return specgen_fail("%s.template: empty", where);
	if ((params = specgen_array(t, where, "params")) == NULL)
		return -1;
	json_array_foreach(params, j, v)
	{
		if (!json_is_string(v) ||
		    !specgen_is_identifier(json_string_value(v)))
			return specgen_fail(
			    "%s.params[%zu]: expected an identifier", where, j);
		for (k = 0; k < j; k++)
			if (json_equal(v, json_array_get(params, k)))
				return specgen_fail(
				    "%s.params[%zu]: \"%s\" is listed "
				    "twice",
				    where, j, json_string_value(v));
	}
	if ((expanded = specgen_expand(root, tmpl, where)) == NULL)
		return -1;
	if (specgen_check_placeholders(expanded, params, where) < 0) {
		free(expanded);
		return -1;
	}
	free(expanded);
	if ((carrier = specgen_array(t, where, "carrier")) == NULL)
		return -1;
	if (json_array_size(carrier) == 0)
		return specgen_fail("%s.carrier: names no carrier", where);
	json_array_foreach(carrier, j, v)
	{
		int ok = 0;

		for (k = 0; k < SPECGEN_NCARRIERS; k++)
			if (json_is_string(v) &&
			    strcmp(json_string_value(v), specgen_carriers[k]) ==
				0)
				ok = 1;
		if (!ok)
			return specgen_fail(
			    "%s.carrier[%zu]: expected envelope, "
			    "rejection, fault or log",
			    where, j);
	}
	if ((code = specgen_string(t, where, "code", 1)) == NULL &&
	    specgen_err[0] != '\0')
		return -1;
	if (code != NULL && !specgen_code_known(root, code))
		return specgen_fail(
		    "%s.code: \"%s\" is not in error_codes", where, code);
	if ((constant = specgen_string(t, where, "constant", 1)) == NULL &&
	    specgen_err[0] != '\0')
		return -1;
	if (constant != NULL) {
		if (!specgen_is_upper_snake(constant))
			return specgen_fail(
			    "%s.constant: not UPPER_SNAKE", where);
		if (json_array_size(params) != 0)
			return specgen_fail(
			    "%s.constant: a text with parameters "
			    "cannot be a constant",
			    where);
		if (specgen_constant(root, constant, strlen(constant)) != NULL)
			return specgen_fail(
			    "%s.constant: %s is already a constant", where,
			    constant);
	}
	return 0;
}

static int
specgen_validate_texts(json_t *root)
{
	json_t *texts, *t;
	size_t i;

	if ((texts = specgen_array(root, "$", "texts")) == NULL)
		return -1;
	json_array_foreach(
	    texts, i, t) if (specgen_validate_text(root, t, i) < 0) return -1;
	return 0;
}

/* Checks one group list: each group has a kebab name, a reason and unique
 * members. */
static int
specgen_validate_groups(
    json_t *root, const char *key, const char *members, int identifiers)
{
	json_t *groups, *g, *list, *v, *g2, *v2;
	size_t i, j, i2, j2;
	char where[160];

	if ((groups = specgen_array(root, "$", key)) == NULL)
		return -1;
	json_array_foreach(groups, i, g)
	{
		const char *gname;

		snprintf(where, sizeof(where), "%s[%zu]", key, i);
		if ((gname = specgen_string(g, where, "group", 0)) == NULL)
			return -1;
		if (!specgen_is_kebab(gname))
			return specgen_fail(
			    "%s.group: \"%s\" is not kebab-case", where, gname);
		if (specgen_string(g, where, "why", 0) == NULL)
			return -1;
		if ((list = specgen_array(g, where, members)) == NULL)
			return -1;
		json_array_foreach(list, j, v)
		{
			if (!json_is_string(v))
				return specgen_fail(
				    "%s.%s[%zu]: expected a string", where,
				    members, j);
			if (identifiers &&
			    !specgen_is_identifier(json_string_value(v)))
				return specgen_fail(
				    "%s.%s[%zu]: \"%s\" does not match "
				    "the provider name pattern",
				    where, members, j, json_string_value(v));
			/* Unique across every group, earlier ones included. */
			json_array_foreach(groups, i2, g2)
			{
				json_array_foreach(
				    json_object_get(g2, members), j2, v2)
				{
					if ((i2 < i || (i2 == i && j2 < j)) &&
					    json_equal(v, v2))
						return specgen_fail(
						    "%s.%s[%zu]: \"%s\" is "
						    "listed twice",
						    where, members, j,
						    json_string_value(v));
				}
			}
		}
	}
	return 0;
}

static int
specgen_in_groups(
    json_t *root, const char *key, const char *members, json_t *name)
{
	json_t *g, *v;
	size_t i, j;

	json_array_foreach(json_object_get(root, key), i, g)
	    json_array_foreach(json_object_get(g, members), j,
		v) if (json_equal(v, name)) return 1;
	return 0;
}

static int
specgen_validate(json_t *root)
{
	json_t *un, *list, *v;
	const char *pat;
	size_t i;

	if (!json_is_object(root))
		return specgen_fail("$: the document is not a JSON object");
	if (!json_is_integer(json_object_get(root, "format")) ||
	    json_integer_value(json_object_get(root, "format")) != 1)
		return specgen_fail("$.format: expected 1");
	if (specgen_validate_constants(root) < 0 ||
	    specgen_validate_parts(root) < 0 ||
	    specgen_validate_codes(root) < 0 ||
	    specgen_validate_texts(root) < 0)
		return -1;
	if ((pat = specgen_string(root, "$", "provider_name_pattern", 0)) ==
	    NULL)
		return -1;
	if (specgen_validate_groups(
		root, "reserved_provider_names", "names", 1) < 0 ||
	    specgen_validate_groups(root, "reserved_words", "words", 1) < 0)
		return -1;
	un = json_object_get(root, "unreserved_on_purpose");
	if (!json_is_object(un) ||
	    (list = specgen_array(un, "unreserved_on_purpose", "names")) ==
		NULL)
		return specgen_fail(
		    "$.unreserved_on_purpose: expected { names, why }");
	json_array_foreach(list, i, v) if (!json_is_string(v) ||
	    specgen_in_groups(root, "reserved_provider_names", "names",
		v)) return specgen_fail("unreserved_on_purpose.names[%zu]: not "
					"a "
					"string, or also reserved",
	    i);
	/* Every text that publishes a constant does so under a fresh name. */
	json_array_foreach(json_object_get(root, "texts"), i, v)
	{
		const char *c =
		    json_string_value(json_object_get(v, "constant"));
		json_t *t2;
		size_t k;

		json_array_foreach(json_object_get(root, "texts"), k, t2)
		{
			const char *c2 =
			    json_string_value(json_object_get(t2, "constant"));

			if (k < i && c != NULL && c2 != NULL &&
			    strcmp(c, c2) == 0)
				return specgen_fail(
				    "texts[%zu].constant: %s is "
				    "published twice",
				    i, c);
		}
	}
	return 0;
}

/* C string literal: printable ASCII raw, '?' escaped against trigraphs, the
 * rest octal. */
static void
specgen_c_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\' || c == '?')
			fprintf(f, "\\%c", c);
		else if (c >= 0x20 && c < 0x7f)
			fputc(c, f);
		else
			fprintf(f, "\\%03o", c);
	}
	fputc('"', f);
}

static void
specgen_upper_kebab(FILE *f, const char *s)
{
	for (; *s != '\0'; s++)
		fputc(*s == '-' ? '_' : toupper((unsigned char)*s), f);
}

static unsigned
specgen_carrier_mask(json_t *carrier)
{
	json_t *v;
	size_t i, k;
	unsigned mask = 0;

	json_array_foreach(carrier, i,
	    v) for (k = 0; k < SPECGEN_NCARRIERS;
		    k++) if (strcmp(json_string_value(v),
				 specgen_carriers[k]) == 0) mask |= 1u << k;
	return mask;
}

static void
specgen_write_carrier_expr(FILE *f, unsigned mask)
{
	size_t k;
	int first = 1;

	for (k = 0; k < SPECGEN_NCARRIERS; k++) {
		if (!(mask & (1u << k)))
			continue;
		fputs(first ? "" : " | ", f);
		fputs("CM_CARRIER_", f);
		specgen_upper_kebab(f, specgen_carriers[k]);
		first = 0;
	}
}

static int
specgen_write_header(json_t *root, FILE *f)
{
	json_t *c, *v, *t, *g, *n;
	size_t i, j;

	fprintf(f,
	    "/* Generated by spec/specgen.c from %s. Do not edit. */\n"
	    "#ifndef CM_SPEC_H\n#define CM_SPEC_H\n\n#include <stddef.h>\n\n",
	    specgen_input);
	fputs("/* Constants. A null value is -1; its comment says what null "
	      "means. */\n",
	    f);
	json_array_foreach(json_object_get(root, "constants"), i, c)
	{
		v = json_object_get(c, "value");
		fprintf(f, "#define CM_%s ",
		    json_string_value(json_object_get(c, "name")));
		if (json_is_null(v))
			fprintf(f, "(-1) /* null: %s */",
			    json_string_value(
				json_object_get(c, "null_means")));
		else if (json_is_integer(v))
			fprintf(f, "%" JSON_INTEGER_FORMAT "%s",
			    json_integer_value(v),
			    json_integer_value(v) > 2147483647 ? "LL" : "");
		else
			specgen_c_string(f, json_string_value(v));
		fputc('\n', f);
	}

	fputs("\n/* X(NAME, value): integer constants; a null one is -1. */\n"
	      "#define CM_SPEC_INT_CONSTANTS(X) \\\n",
	    f);
	json_array_foreach(json_object_get(root, "constants"), i, c)
	{
		v = json_object_get(c, "value");
		if (json_is_integer(v) || json_is_null(v))
			fprintf(f, "\tX(%s, CM_%s) \\\n",
			    json_string_value(json_object_get(c, "name")),
			    json_string_value(json_object_get(c, "name")));
	}
	fputs("\t/* end */\n/* X(NAME, value): string constants. */\n"
	      "#define CM_SPEC_STRING_CONSTANTS(X) \\\n",
	    f);
	json_array_foreach(json_object_get(root, "constants"), i,
	    c) if (json_is_string(json_object_get(c, "value")))
	    fprintf(f, "\tX(%s, CM_%s) \\\n",
		json_string_value(json_object_get(c, "name")),
		json_string_value(json_object_get(c, "name")));
	json_array_foreach(json_object_get(root, "texts"), i,
	    t) if (json_object_get(t, "constant") != NULL)
	    fprintf(f, "\tX(%s, CM_%s) \\\n",
		json_string_value(json_object_get(t, "constant")),
		json_string_value(json_object_get(t, "constant")));
	fputs("\t/* end */\n", f);

	fputs("\n/* Payload parts: X(NAME, label). */\nenum "
	      "cm_spec_payload_part {\n",
	    f);
	json_array_foreach(json_object_get(root, "payload_parts"), i, c)
	    fprintf(f, "\tCM_PART_%s,\n",
		json_string_value(json_object_get(c, "name")));
	fputs("\tCM_PART_COUNT\n};\n#define CM_SPEC_PAYLOAD_PARTS(X) \\\n", f);
	json_array_foreach(json_object_get(root, "payload_parts"), i, c)
	{
		fprintf(f, "\tX(%s, ",
		    json_string_value(json_object_get(c, "name")));
		specgen_c_string(
		    f, json_string_value(json_object_get(c, "label")));
		fputs(") \\\n", f);
	}
	fputs("\t/* end */\n", f);

	fputs("\n/* Error codes: X(CODE, retryable, class). Values start at 1. "
	      "*/\n"
	      "enum cm_spec_code {\n\tCM_SPEC_CODE_NONE = 0,\n",
	    f);
	json_array_foreach(json_object_get(root, "error_codes"), i, c)
	    fprintf(f, "\tCM_SPEC_CODE_%s,\n",
		json_string_value(json_object_get(c, "code")));
	fprintf(f,
	    "\tCM_SPEC_CODE_END\n};\n#define CM_SPEC_ERROR_CODE_COUNT %zu\n"
	    "#define CM_SPEC_ERROR_CODES(X) \\\n",
	    json_array_size(json_object_get(root, "error_codes")));
	json_array_foreach(json_object_get(root, "error_codes"), i, c)
	{
		fprintf(f, "\tX(%s, %d, ",
		    json_string_value(json_object_get(c, "code")),
		    json_is_true(json_object_get(c, "retryable")));
		specgen_c_string(
		    f, json_string_value(json_object_get(c, "class")));
		fputs(") \\\n", f);
	}
	fputs("\t/* end */\n", f);

	fputs("\n/* Who carries a text to its reader. */\nenum cm_spec_carrier "
	      "{\n",
	    f);
	for (i = 0; i < SPECGEN_NCARRIERS; i++) {
		fputs("\tCM_CARRIER_", f);
		specgen_upper_kebab(f, specgen_carriers[i]);
		fprintf(f, " = %u,\n", 1u << i);
	}
	fputs("};\n\n/* Texts. */\nenum cm_spec_text {\n", f);
	json_array_foreach(json_object_get(root, "texts"), i, t) fprintf(f,
	    "\tCM_TEXT_%s,\n", json_string_value(json_object_get(t, "name")));
	fputs("\tCM_TEXT_COUNT\n};\n\n", f);
	json_array_foreach(json_object_get(root, "texts"), i, t)
	{
		char *x = specgen_expand(root,
		    json_string_value(json_object_get(t, "template")), "texts");
		const char *constant =
		    json_string_value(json_object_get(t, "constant"));

		if (x == NULL)
			return -1;
		fprintf(f, "#define CM_TEXT_%s_TEMPLATE ",
		    json_string_value(json_object_get(t, "name")));
		specgen_c_string(f, x);
		fputc('\n', f);
		if (constant != NULL)
			fprintf(f, "#define CM_%s CM_TEXT_%s_TEMPLATE\n",
			    constant,
			    json_string_value(json_object_get(t, "name")));
		free(x);
	}
	fputs("\n/*\n * X(NAME, class or NULL, template, \"param,param\", "
	      "nparams,\n"
	      " *   carriers, from_seed, code name or NULL)\n */\n"
	      "#define CM_SPEC_TEXTS(X) \\\n",
	    f);
	json_array_foreach(json_object_get(root, "texts"), i, t)
	{
		json_t *params = json_object_get(t, "params");
		const char *cls =
		    json_string_value(json_object_get(t, "class"));
		const char *code =
		    json_string_value(json_object_get(t, "code"));
		const char *name =
		    json_string_value(json_object_get(t, "name"));

		fprintf(f, "\tX(%s, ", name);
		if (cls != NULL)
			specgen_c_string(f, cls);
		else
			fputs("NULL", f);
		fprintf(f, ", CM_TEXT_%s_TEMPLATE, \"", name);
		json_array_foreach(params, j, v)
		    fprintf(f, "%s%s", j ? "," : "", json_string_value(v));
		fprintf(f, "\", %zu, ", json_array_size(params));
		specgen_write_carrier_expr(
		    f, specgen_carrier_mask(json_object_get(t, "carrier")));
		fprintf(f, ", %d, ",
		    strcmp(json_string_value(json_object_get(t, "origin")),
			"seed") == 0);
		if (code != NULL)
			specgen_c_string(f, code);
		else
			fputs("NULL", f);
		fputs(") \\\n", f);
	}
	fputs("\t/* end */\n", f);

	fputs("\n/* Provider names. */\n#define CM_PROVIDER_NAME_PATTERN ", f);
	specgen_c_string(f,
	    json_string_value(json_object_get(root, "provider_name_pattern")));
	fputs("\nenum cm_spec_reserved_group {\n", f);
	json_array_foreach(
	    json_object_get(root, "reserved_provider_names"), i, g)
	{
		fputs("\tCM_RESERVED_", f);
		specgen_upper_kebab(
		    f, json_string_value(json_object_get(g, "group")));
		fputs(",\n", f);
	}
	fputs("\tCM_RESERVED_GROUP_COUNT\n};\n/* X(GROUP, \"group\") */\n"
	      "#define CM_SPEC_RESERVED_GROUPS(X) \\\n",
	    f);
	json_array_foreach(
	    json_object_get(root, "reserved_provider_names"), i, g)
	{
		fputs("\tX(", f);
		specgen_upper_kebab(
		    f, json_string_value(json_object_get(g, "group")));
		fputs(", ", f);
		specgen_c_string(
		    f, json_string_value(json_object_get(g, "group")));
		fputs(") \\\n", f);
	}
	fputs("\t/* end */\n/* X(\"name\", CM_RESERVED_group) */\n"
	      "#define CM_SPEC_RESERVED_PROVIDER_NAMES(X) \\\n",
	    f);
	json_array_foreach(
	    json_object_get(root, "reserved_provider_names"), i, g)
	{
		json_array_foreach(json_object_get(g, "names"), j, n)
		{
			fputs("\tX(", f);
			specgen_c_string(f, json_string_value(n));
			fputs(", CM_RESERVED_", f);
			specgen_upper_kebab(
			    f, json_string_value(json_object_get(g, "group")));
			fputs(") \\\n", f);
		}
	}
	fputs("\t/* end */\n/* X(\"name\"): names left unreserved on purpose. "
	      "*/\n"
	      "#define CM_SPEC_UNRESERVED_NAMES(X) \\\n",
	    f);
	json_array_foreach(
	    json_object_get(
		json_object_get(root, "unreserved_on_purpose"), "names"),
	    i, n)
	{
		fputs("\tX(", f);
		specgen_c_string(f, json_string_value(n));
		fputs(") \\\n", f);
	}
	fputs("\t/* end */\n/* X(\"word\", \"group\") */\n"
	      "#define CM_SPEC_RESERVED_WORDS(X) \\\n",
	    f);
	json_array_foreach(json_object_get(root, "reserved_words"), i, g)
	{
		json_array_foreach(json_object_get(g, "words"), j, n)
		{
			fputs("\tX(", f);
			specgen_c_string(f, json_string_value(n));
			fputs(", ", f);
			specgen_c_string(
			    f, json_string_value(json_object_get(g, "group")));
			fputs(") \\\n", f);
		}
	}
	fputs("\t/* end */\n\n#endif /* CM_SPEC_H */\n", f);
	return 0;
}

/* The same data as one JSON object, which is an ES5 expression once
 * ASCII-escaped. */
static json_t *
specgen_js_object(json_t *root)
{
	json_t *o = json_object(), *consts = json_object(),
	       *parts = json_object();
	json_t *texts = json_object(), *codes = json_object();
	json_t *names = json_object(), *words = json_object(), *c, *g, *n;
	size_t i, j;

	if (o == NULL || consts == NULL || parts == NULL || texts == NULL ||
	    codes == NULL || names == NULL || words == NULL)
		goto fail;
	json_array_foreach(json_object_get(root, "constants"), i, c)
	    json_object_set(consts,
		json_string_value(json_object_get(c, "name")),
		json_object_get(c, "value"));
	json_array_foreach(json_object_get(root, "payload_parts"), i, c)
	    json_object_set(parts,
		json_string_value(json_object_get(c, "name")),
		json_object_get(c, "label"));
	json_array_foreach(json_object_get(root, "texts"), i, c)
	{
		char *x = specgen_expand(root,
		    json_string_value(json_object_get(c, "template")), "texts");
		json_t *t;
		const char *constant =
		    json_string_value(json_object_get(c, "constant"));

		if (x == NULL)
			goto fail;
		t = json_pack("{s:O, s:s, s:O, s:O, s:O, s:O}", "class",
		    json_object_get(c, "class"), "template", x, "params",
		    json_object_get(c, "params"), "carrier",
		    json_object_get(c, "carrier"), "origin",
		    json_object_get(c, "origin"), "code",
		    json_object_get(c, "code") ? json_object_get(c, "code")
					       : json_null());
		if (constant != NULL)
			json_object_set_new(consts, constant, json_string(x));
		free(x);
		if (t == NULL)
			goto fail;
		json_object_set_new(
		    texts, json_string_value(json_object_get(c, "name")), t);
	}
	json_array_foreach(json_object_get(root, "error_codes"), i, c)
	    json_object_set_new(codes,
		json_string_value(json_object_get(c, "code")),
		json_pack("{s:O, s:O}", "retryable",
		    json_object_get(c, "retryable"), "class",
		    json_object_get(c, "class")));
	json_array_foreach(json_object_get(root, "reserved_provider_names"), i,
	    g) json_array_foreach(json_object_get(g, "names"), j, n)
	    json_object_set(
		names, json_string_value(n), json_object_get(g, "group"));
	json_array_foreach(json_object_get(root, "reserved_words"), i, g)
	    json_array_foreach(json_object_get(g, "words"), j, n)
		json_object_set(
		    words, json_string_value(n), json_object_get(g, "group"));
	json_object_set_new(o, "constants", consts);
	json_object_set_new(o, "payloadParts", parts);
	json_object_set_new(o, "texts", texts);
	json_object_set_new(o, "errorCodes", codes);
	json_object_set(o, "providerNamePattern",
	    json_object_get(root, "provider_name_pattern"));
	json_object_set_new(o, "reservedProviderNames", names);
	json_object_set_new(o, "reservedWords", words);
	return o;
fail:
	json_decref(o);
	json_decref(consts);
	json_decref(parts);
	json_decref(texts);
	json_decref(codes);
	json_decref(names);
	json_decref(words);
	return NULL;
}

static int
specgen_write_js(json_t *root, FILE *f)
{
	json_t *o = specgen_js_object(root);
	char *s;

	if (o == NULL)
		return specgen_fail(
		    "out of memory building the JavaScript object");
	s = json_dumps(
	    o, JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER | JSON_INDENT(1));
	json_decref(o);
	if (s == NULL)
		return specgen_fail(
		    "out of memory dumping the JavaScript object");
	fprintf(f,
	    "/* Generated by spec/specgen.c from %s. Do not edit. */\n"
	    "var __cm_spec = %s;\n",
	    specgen_input, s);
	free(s);
	return 0;
}

/*
 * The ES module of the JavaScript client: the object of --js as SPEC, and
 * every constant (the text constants such as CONSOLE_CAPTURE_MESSAGE too)
 * as a named export, so the package states no value of its own.
 */
static int
specgen_write_esm(json_t *root, FILE *f)
{
	json_t *o = specgen_js_object(root), *v;
	const char *k;
	char *s;

	if (o == NULL)
		return specgen_fail(
		    "out of memory building the JavaScript object");
	s = json_dumps(
	    o, JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER | JSON_INDENT(1));
	if (s == NULL) {
		json_decref(o);
		return specgen_fail(
		    "out of memory dumping the JavaScript object");
	}
	fprintf(f,
	    "/* Generated by spec/specgen.c from %s. Do not edit. */\n"
	    "export const SPEC = %s;\n\n",
	    specgen_input, s);
	free(s);
	json_object_foreach(json_object_get(o, "constants"), k, v)
	{
		if ((s = json_dumps(v, JSON_ENCODE_ANY | JSON_ENSURE_ASCII)) ==
		    NULL) {
			json_decref(o);
			return specgen_fail("out of memory dumping %s", k);
		}
		fprintf(f, "export const %s = %s;\n", k, s);
		free(s);
	}
	json_decref(o);
	return 0;
}

/* Markdown table cell: '|' escaped, so a template never splits a row. */
static void
specgen_md_cell(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '|')
			fputs("\\|", f);
		else
			fputc(*s, f);
	}
}

static int
specgen_write_markdown(json_t *root, FILE *f)
{
	json_t *t, *v;
	size_t i, j;

	fprintf(f,
	    "<!-- Generated by spec/specgen.c from %s. Do not edit. -->\n"
	    "# Texts\n\n| Name | Class | Origin | Carrier | Params | Text |\n"
	    "|---|---|---|---|---|---|\n",
	    specgen_input);
	json_array_foreach(json_object_get(root, "texts"), i, t)
	{
		char *x = specgen_expand(root,
		    json_string_value(json_object_get(t, "template")), "texts");
		const char *cls =
		    json_string_value(json_object_get(t, "class"));

		if (x == NULL)
			return -1;
		fprintf(f, "| %s | %s | %s | ",
		    json_string_value(json_object_get(t, "name")),
		    cls ? cls : "-",
		    json_string_value(json_object_get(t, "origin")));
		json_array_foreach(json_object_get(t, "carrier"), j, v)
		    fprintf(f, "%s%s", j ? ", " : "", json_string_value(v));
		fputs(" | ", f);
		json_array_foreach(json_object_get(t, "params"), j, v)
		    fprintf(f, "%s%s", j ? ", " : "", json_string_value(v));
		fputs(" | ", f);
		specgen_md_cell(f, x);
		fputs(" |\n", f);
		free(x);
	}
	return 0;
}

/* Writes through a temporary file and renames, so a failed run leaves no half
 * output. */
static int
specgen_emit(json_t *root, const char *path, int (*writer)(json_t *, FILE *))
{
	char tmp[4096];
	FILE *f;
	int rc;

	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= sizeof(tmp))
		return specgen_fail("%s: path too long", path);
	if ((f = fopen(tmp, "w")) == NULL)
		return specgen_fail("%s: %s", tmp, strerror(errno));
	rc = writer(root, f);
	if (fclose(f) != 0 && rc == 0)
		rc = specgen_fail("%s: %s", tmp, strerror(errno));
	if (rc == 0 && rename(tmp, path) != 0)
		rc = specgen_fail("%s: %s", path, strerror(errno));
	if (rc != 0)
		remove(tmp);
	return rc;
}

int
main(int argc, char **argv)
{
	json_error_t jerr;
	json_t *root;
	int i, rc = 0;

	if (argc < 2 || argc % 2 != 0) {
		fprintf(stderr,
		    "usage: specgen protocol.json [--header out.h] "
		    "[--js out.js] [--esm out.mjs] [--markdown out.md]\n");
		return 2;
	}
	specgen_input = argv[1];
	for (i = 2; i < argc; i += 2)
		if (strcmp(argv[i], "--header") != 0 &&
		    strcmp(argv[i], "--js") != 0 &&
		    strcmp(argv[i], "--esm") != 0 &&
		    strcmp(argv[i], "--markdown") != 0) {
			fprintf(
			    stderr, "specgen: unknown option %s\n", argv[i]);
			return 2;
		}
	root = json_load_file(specgen_input, JSON_REJECT_DUPLICATES, &jerr);
	if (root == NULL) {
		fprintf(stderr, "specgen: %s:%d:%d: %s\n", specgen_input,
		    jerr.line, jerr.column, jerr.text);
		return 1;
	}
	if (specgen_validate(root) < 0) {
		fprintf(
		    stderr, "specgen: %s: %s\n", specgen_input, specgen_err);
		json_decref(root);
		return 1;
	}
	for (i = 2; i < argc && rc == 0; i += 2) {
		if (strcmp(argv[i], "--header") == 0)
			rc = specgen_emit(
			    root, argv[i + 1], specgen_write_header);
		else if (strcmp(argv[i], "--js") == 0)
			rc = specgen_emit(root, argv[i + 1], specgen_write_js);
		else if (strcmp(argv[i], "--esm") == 0)
			rc = specgen_emit(root, argv[i + 1], specgen_write_esm);
		else
			rc = specgen_emit(
			    root, argv[i + 1], specgen_write_markdown);
	}
	if (rc != 0)
		fprintf(stderr, "specgen: %s\n", specgen_err);
	json_decref(root);
	return rc != 0;
}
