/*
 * The client's faults as struct cm_error: a spec text with its code, a
 * misuse of the API, or what the server threw. Below every other file of
 * the client; it reaches only the protocol layer.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_int.h"
#include "cm_spec.h"
#include "proto/errors.h"
#include "proto/texts.h"

/*
 * Fills *err with the fault of text `text_id` (a spec text carrying a
 * code) composed with a and b (as many as the text takes). 0 or -1.
 */
int
client_fault(struct cm_error *err, int text_id, const char *a, const char *b)
{
	const struct texts_info *info = texts_info((enum cm_spec_text)text_id);
	const char *v[2] = { a ? a : "", b ? b : "" };
	json_t *j;
	int rc;

	/* Every public function takes a NULL err: the fault is then only
	 * returned, never described. */
	if (err == NULL)
		return 0;
	memset(err, 0, sizeof(*err));
	if (info == NULL)
		return -1;
	j = errors_fault_json((enum cm_spec_text)text_id, v, info->nparams);
	if (j == NULL)
		return -1;
	rc = cm_error_rehydrate(j, err);
	json_decref(j);
	return rc;
}

/*
 * A fault of this library's own (code >= CM_ERROR_LOCAL_FIRST): a printf
 * message, no thrown value. Returns -1 so that callers can `return
 * client_local(...)`; a message that cannot be allocated leaves the code.
 */
int
client_local(
    struct cm_error *err, enum cm_error_code code, const char *fmt, ...)
{
	va_list ap;
	char *m = NULL;

	if (err == NULL)
		return -1;
	memset(err, 0, sizeof(*err));
	va_start(ap, fmt);
	if (vasprintf(&m, fmt, ap) < 0)
		m = NULL;
	va_end(ap);
	err->code = code;
	err->retryable = 0;
	err->class_name = cm_error_code_class(code);
	err->message = m;
	err->thrown = NULL;
	return -1;
}

/*
 * What the server threw, as a cm_error: an Error crosses as its message,
 * name and own properties (code among them); anything else as itself.
 */
int
client_thrown(struct cm_error *err, const json_t *value)
{
	const char *kind = capnweb_value_kind(value);
	json_t *o, *props;
	const char *k;
	json_t *v;
	int rc;

	if (err == NULL)
		return 0;
	if (kind == NULL || strcmp(kind, "error") != 0)
		return cm_error_rehydrate(value, err);
	if ((o = json_object()) == NULL)
		return -1;
	props = json_object_get(value, "props");
	if (json_is_object(props))
		json_object_foreach(props, k, v) json_object_set(o, k, v);
	json_object_set(o, "name", json_object_get(value, "name"));
	json_object_set(o, "message", json_object_get(value, "message"));
	rc = cm_error_rehydrate(o, err);
	json_decref(o);
	return rc;
}

void
client_error_copy(struct cm_error *dst, const struct cm_error *src)
{
	if (dst == NULL)
		return;
	if (src == NULL) {
		memset(dst, 0, sizeof(*dst));
		return;
	}
	*dst = *src;
	dst->message = src->message ? strdup(src->message) : NULL;
	dst->thrown = src->thrown ? json_incref(src->thrown) : NULL;
}

void
client_error_give(struct cm_error *dst, struct cm_error *src)
{
	if (dst != NULL)
		*dst = *src;
	else
		cm_error_clear(src);
	memset(src, 0, sizeof(*src));
}
