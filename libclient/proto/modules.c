/*
 * Module maps. A key normalizes by dropping leading "./" segments and then
 * every trailing ".js", ".mjs" or ".cjs", so `./greeter.js` and `greeter` name
 * the same module; two keys that normalize alike are a collision, never a
 * silent override. An entry is a source string (js) or an object with
 * exactly one of js, cjs, json, text, data.
 */
#include <stdlib.h>
#include <string.h>

#include <codemode/protocol.h>

#include "cm_spec.h"
#include "modules.h"
#include "texts.h"

char *
modules_normalize_name(const char *name)
{
	static const char *const exts[] = { ".js", ".mjs", ".cjs" };
	size_t len, i;
	char *out;

	if (name == NULL)
		return NULL;
	while (name[0] == '.' && name[1] == '/')
		name += 2;
	len = strlen(name);
	/*
	 * Every trailing extension, not one: normalizing is then idempotent, so
	 * a name the client normalized reads the same when the engine
	 * normalizes it again ("a.js.js" is "a" on both sides).
	 */
	for (i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		size_t n = strlen(exts[i]);

		if (len > n && strncmp(name + len - n, exts[i], n) == 0) {
			len -= n;
			i = (size_t)-1;
		}
	}
	if ((out = malloc(len + 1)) == NULL)
		return NULL;
	memcpy(out, name, len);
	out[len] = '\0';
	return out;
}

char *
cm_render_json_module(const json_t *value)
{
	static const char head[] = "export default ";
	char *json, *out;
	size_t n;

	if ((json = cm_dispatch_stringify(value)) == NULL)
		return NULL;
	n = strlen(json);
	if ((out = malloc(sizeof(head) - 1 + n + 2)) != NULL) {
		memcpy(out, head, sizeof(head) - 1);
		memcpy(out + sizeof(head) - 1, json, n);
		memcpy(out + sizeof(head) - 1 + n, ";", 2);
	}
	free(json);
	return out;
}

/*
 * The wire source of one entry (new reference), or NULL with *unsupported
 * set when the entry has no supported kind (NULL alone: no memory).
 */
static json_t *
modules_wire_source(const json_t *src, int *unsupported)
{
	const char *kind;
	json_t *v;
	char *js;

	*unsupported = 0;
	if (json_is_string(src))
		return json_incref((json_t *)src);
	if (!json_is_object(src) || json_object_size(src) != 1) {
		*unsupported = 1;
		return NULL;
	}
	kind = json_object_iter_key(json_object_iter((json_t *)src));
	v = json_object_get(src, kind);
	if (strcmp(kind, "js") == 0 && json_is_string(v))
		return json_incref(v);
	if (strcmp(kind, "json") == 0) {
		json_t *s;

		if ((js = cm_render_json_module(v)) == NULL)
			return NULL;
		s = json_string(js);
		free(js);
		return s;
	}
	if (((strcmp(kind, "cjs") == 0 || strcmp(kind, "text") == 0) &&
		json_is_string(v)) ||
	    (strcmp(kind, "data") == 0 && cm_binary_is(v)))
		return json_deep_copy(src);
	*unsupported = 1;
	return NULL;
}

/* Composes a failure text into *text; returns 1, or -1 without memory. */
static int
modules_fail(char **text, enum cm_spec_text id, const char *a, const char *b,
    const char *c)
{
	const char *values[3] = { a, b, c };
	const struct texts_info *t = texts_info(id);

	if ((*text = texts_composev(id, values, t->nparams)) == NULL)
		return -1;
	return 1;
}

int
cm_module_entries(const json_t *map, json_t **entries, char **text)
{
	json_t *out, *originals, *src;
	const char *key;
	int rc = -1;

	if (entries == NULL || text == NULL) {
		if (entries != NULL)
			*entries = NULL;
		if (text != NULL)
			*text = NULL;
		return -1;
	}
	*entries = NULL;
	*text = NULL;
	if (!json_is_object(map))
		return -1;
	/* originals: normalized name -> the key it came from, for collision
	 * text. */
	if ((out = json_array()) == NULL ||
	    (originals = json_object()) == NULL) {
		json_decref(out);
		return -1;
	}
	json_object_foreach((json_t *)map, key, src)
	{
		char *norm = modules_normalize_name(key);
		json_t *first, *wire, *pair;
		int unsupported;

		if (norm == NULL)
			goto done;
		if ((first = json_object_get(originals, norm)) != NULL) {
			rc = modules_fail(text, CM_TEXT_MODULE_KEY_COLLISION,
			    json_string_value(first), key, norm);
			free(norm);
			goto done;
		}
		if ((wire = modules_wire_source(src, &unsupported)) == NULL) {
			free(norm);
			if (unsupported)
				rc = modules_fail(text,
				    CM_TEXT_UNSUPPORTED_MODULE_KIND, key, NULL,
				    NULL);
			goto done;
		}
		pair = json_pack("[s,o]", norm, wire);
		if (pair == NULL || json_array_append_new(out, pair) != 0 ||
		    json_object_set_new(originals, norm, json_string(key)) !=
			0) {
			free(norm);
			goto done;
		}
		free(norm);
	}
	*entries = out;
	out = NULL;
	rc = 0;
done:
	json_decref(out);
	json_decref(originals);
	return rc;
}

char *
modules_join_names(const json_t *names)
{
	size_t i, n = json_array_size(names), len = 0, seplen;
	const char *sep = CM_LIST_SEPARATOR;
	char *out, *o;

	if (n == 0)
		return strdup(CM_EMPTY_LIST);
	seplen = strlen(sep);
	for (i = 0; i < n; i++) {
		const char *s = json_string_value(json_array_get(names, i));

		len += (s ? strlen(s) : 0) + 2 + (i ? seplen : 0);
	}
	if ((out = malloc(len + 1)) == NULL)
		return NULL;
	o = out;
	for (i = 0; i < n; i++) {
		const char *s = json_string_value(json_array_get(names, i));
		size_t sl = s ? strlen(s) : 0;

		if (i) {
			memcpy(o, sep, seplen);
			o += seplen;
		}
		*o++ = '"';
		memcpy(o, s ? s : "", sl);
		o += sl;
		*o++ = '"';
	}
	*o = '\0';
	return out;
}

char *
modules_declared_names(const json_t *entries)
{
	json_t *names = json_array();
	size_t i;
	char *out;

	if (names == NULL)
		return NULL;
	for (i = 0; i < json_array_size(entries); i++)
		if (json_array_append(names,
			json_array_get(json_array_get(entries, i), 0)) != 0) {
			json_decref(names);
			return NULL;
		}
	out = modules_join_names(names);
	json_decref(names);
	return out;
}
