/* The error taxonomy: code names, retryability, rehydration, handshake checks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "texts.h"

/* The public enum is written by hand (installed headers cannot see the
 * generated one); these assertions keep the two in step with the spec. */
#define ERRORS_SAME(code, retry, cls)                                          \
	_Static_assert((int)CM_ERROR_##code == (int)CM_SPEC_CODE_##code,       \
	    "cm_error_code out of step with spec/protocol.json: " #code);
CM_SPEC_ERROR_CODES(ERRORS_SAME)
#undef ERRORS_SAME
_Static_assert(CM_SPEC_ERROR_CODE_COUNT == CM_ERROR_INTERNAL,
    "cm_error_code has a code the spec lacks, or the reverse");

struct errors_row {
	const char *name;
	int retryable;
	const char *class_name;
};

static const struct errors_row errors_table[] = { { NULL, 0, "Error" },
#define ERRORS_ROW(code, retry, cls) { #code, retry, cls },
	CM_SPEC_ERROR_CODES(ERRORS_ROW)
#undef ERRORS_ROW
};

static int
errors_in_range(enum cm_error_code code)
{
	return (int)code > 0 && (int)code <= CM_SPEC_ERROR_CODE_COUNT;
}

/* The local codes: names for logs, never read from the wire. */
static const char *const errors_local_names[] = { "ARGUMENT", "USAGE",
	"TOO_LARGE", "TIMED_OUT", "CANCELLED" };

static int
errors_local(enum cm_error_code code)
{
	return (int)code >= CM_ERROR_LOCAL_FIRST &&
	    (int)code <= CM_ERROR_CANCELLED;
}

const char *
cm_error_code_name(enum cm_error_code code)
{
	if (errors_local(code))
		return errors_local_names[code - CM_ERROR_LOCAL_FIRST];
	return errors_in_range(code) ? errors_table[code].name : NULL;
}

enum cm_error_code
cm_error_code_from_name(const char *name)
{
	int i;

	if (name == NULL)
		return CM_ERROR_NONE;
	for (i = 1; i <= CM_SPEC_ERROR_CODE_COUNT; i++)
		if (strcmp(errors_table[i].name, name) == 0)
			return (enum cm_error_code)i;
	return CM_ERROR_NONE;
}

int
cm_error_code_retryable(enum cm_error_code code)
{
	return errors_in_range(code) ? errors_table[code].retryable : 0;
}

const char *
cm_error_code_class(enum cm_error_code code)
{
	if (errors_local(code))
		return "ClientError";
	return errors_in_range(code) ? errors_table[code].class_name : "Error";
}

void
cm_error_clear(struct cm_error *err)
{
	if (err == NULL)
		return;
	free(err->message);
	json_decref(err->thrown);
	memset(err, 0, sizeof(*err));
	err->class_name = "Error";
}

int
cm_error_rehydrate(const json_t *thrown, struct cm_error *out)
{
	const json_t *msg = NULL, *code = NULL;

	memset(out, 0, sizeof(*out));
	out->class_name = "Error";
	if (thrown == NULL)
		thrown = json_null();
	if (json_is_object(thrown)) {
		msg = json_object_get(thrown, "message");
		code = json_object_get(thrown, "code");
	}
	if (json_is_string(msg))
		out->message = strdup(json_string_value(msg));
	else if (json_is_string(thrown))
		out->message = strdup(json_string_value(thrown));
	else if (json_is_object(thrown) && msg == NULL)
		out->message = strdup("");
	else
		out->message =
		    cm_dispatch_stringify(msg != NULL ? msg : thrown);
	if (out->message == NULL) {
		cm_error_clear(out);
		return -1;
	}
	/* Only a string code from the taxonomy types the error; all else
	 * passes. */
	if (json_is_string(code))
		out->code = cm_error_code_from_name(json_string_value(code));
	out->retryable = cm_error_code_retryable(out->code);
	out->class_name = cm_error_code_class(out->code);
	out->thrown = json_incref((json_t *)thrown);
	return 0;
}

json_t *
cm_error_to_json(enum cm_error_code code, const char *message)
{
	json_t *o = json_object();

	if (o == NULL)
		return NULL;
	if (json_object_set_new(
		o, "message", json_string(message ? message : "")) != 0 ||
	    (errors_in_range(code) &&
		json_object_set_new(
		    o, "code", json_string(errors_table[code].name)) != 0)) {
		json_decref(o);
		return NULL;
	}
	return o;
}

json_t *
errors_fault_json(enum cm_spec_text id, const char *const *values, size_t n)
{
	const struct texts_info *t = texts_info(id);
	char *text;
	json_t *o;

	if (t == NULL || t->code == NULL)
		return NULL;
	if ((text = texts_composev(id, values, n)) == NULL)
		return NULL;
	o = cm_error_to_json(cm_error_code_from_name(t->code), text);
	free(text);
	return o;
}

int
cm_check_protocol_version(long long remote, long long local, char **text)
{
	char r[24], l[24];

	if (text == NULL)
		return -1;
	*text = NULL;
	if (remote == local)
		return 0;
	snprintf(l, sizeof(l), "%lld", local);
	snprintf(r, sizeof(r), "%lld", remote);
	if ((*text = texts_compose(CM_TEXT_PROTOCOL_VERSION_MISMATCH, l, r)) ==
	    NULL)
		return -1;
	return 1;
}

static const char *const errors_modes[] = {
	[CM_OUTBOUND_NATIVE] = CM_OUTBOUND_MODE_NATIVE,
	[CM_OUTBOUND_STUB] = CM_OUTBOUND_MODE_STUB,
	[CM_OUTBOUND_DISABLED] = CM_OUTBOUND_MODE_DISABLED,
};

const char *
cm_outbound_mode_name(enum cm_outbound_mode mode)
{
	if ((int)mode < 0 ||
	    (size_t)mode >= sizeof(errors_modes) / sizeof(errors_modes[0]))
		return NULL;
	return errors_modes[mode];
}

int
cm_parse_outbound_mode(const char *name, int has_function,
    enum cm_outbound_mode *mode, char **text)
{
	size_t i;

	if (text == NULL || mode == NULL) {
		if (text != NULL)
			*text = NULL;
		return -1;
	}
	*text = NULL;
	for (i = 0;
	     name != NULL && i < sizeof(errors_modes) / sizeof(errors_modes[0]);
	     i++) {
		if (strcmp(name, errors_modes[i]) != 0)
			continue;
		if (i == CM_OUTBOUND_STUB && !has_function) {
			if ((*text = texts_compose(
				 CM_TEXT_PROTOCOL_STUB_WITHOUT_FUNCTION)) ==
			    NULL)
				return -1;
			return 1;
		}
		*mode = (enum cm_outbound_mode)i;
		return 0;
	}
	if ((*text = texts_compose(CM_TEXT_PROTOCOL_UNKNOWN_OUTBOUND_MODE,
		 name != NULL ? name : "")) == NULL)
		return -1;
	return 1;
}
