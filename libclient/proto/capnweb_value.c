/* capnweb application values: constructors and accessors of the markers. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base64.h"
#include "capnweb_int.h"

#define CW_DATE_MAX 8.64e15 /* ECMAScript TimeClip bound */

/* Returns a new {"$capnweb":kind} object or NULL. */
json_t *
cw_marker(const char *kind)
{
	json_t *m;

	if ((m = json_object()) == NULL)
		return NULL;
	if (json_object_set_new(m, CAPNWEB_MARKER, json_string(kind)) != 0) {
		json_decref(m);
		return NULL;
	}
	return m;
}

/* The keys a JS receiver drops: `k in Object.prototype`, and toJSON. */
int
cw_is_proto_key(const char *k)
{
	static const char *const keys[] = {
		"constructor",
		"toString",
		"toLocaleString",
		"valueOf",
		"hasOwnProperty",
		"isPrototypeOf",
		"propertyIsEnumerable",
		"__proto__",
		"__defineGetter__",
		"__defineSetter__",
		"__lookupGetter__",
		"__lookupSetter__",
		"toJSON",
	};
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (strcmp(k, keys[i]) == 0)
			return 1;
	return 0;
}

const char *
capnweb_value_kind(const json_t *v)
{
	if (!json_is_object(v))
		return NULL;
	return json_string_value(json_object_get(v, CAPNWEB_MARKER));
}

/* Kind check helper: 1 if v is a marker of `kind`. */
static int
cw_is(const json_t *v, const char *kind)
{
	const char *k;

	return (k = capnweb_value_kind(v)) != NULL && strcmp(k, kind) == 0;
}

/* Returns marker+member or NULL; the member value is stolen. */
static json_t *
cw_marker1(const char *kind, const char *key, json_t *val)
{
	json_t *m;

	if (val == NULL || (m = cw_marker(kind)) == NULL) {
		json_decref(val);
		return NULL;
	}
	if (json_object_set_new(m, key, val) != 0) {
		json_decref(m);
		return NULL;
	}
	return m;
}

json_t *
capnweb_value_undefined(void)
{
	return cw_marker("undefined");
}

json_t *
capnweb_value_double(double d)
{
	if (isnan(d))
		return cw_marker("nan");
	if (isinf(d))
		return cw_marker(d > 0 ? "inf" : "-inf");
	if (d == floor(d) && fabs(d) <= 9007199254740992.0)
		return json_integer((json_int_t)d);
	return json_real(d);
}

json_t *
capnweb_value_bigint(const char *decimal)
{
	return cw_marker1("bigint", "value", json_string(decimal));
}

json_t *
capnweb_value_date(double ms)
{
	if (!isfinite(ms) || fabs(ms) > CW_DATE_MAX)
		return cw_marker1("date", "ms", json_null());
	return cw_marker1("date", "ms", json_integer((json_int_t)trunc(ms)));
}

json_t *
capnweb_value_bytes(const void *p, size_t len, const char *type)
{
	json_t *m;
	char *b64;

	if (type != NULL && cw_bytes_elem(type) == 0)
		return NULL;
	if ((b64 = malloc(base64_encoded_len(len, 0) + 1)) == NULL)
		return NULL;
	base64_encode(p, len, 0, b64);
	m = cw_marker1("bytes", "base64", json_string(b64));
	free(b64);
	if (m != NULL && type != NULL && strcmp(type, "Uint8Array") != 0 &&
	    json_object_set_new(m, "type", json_string(type)) != 0) {
		json_decref(m);
		return NULL;
	}
	return m;
}

json_t *
capnweb_value_target(int n)
{
	return cw_marker1("target", "n", json_integer(n));
}

json_t *
capnweb_error_new(const char *name, const char *message)
{
	json_t *m;

	if ((m = cw_marker1("error", "name", json_string(name))) == NULL)
		return NULL;
	if (json_object_set_new(m, "message", json_string(message)) != 0) {
		json_decref(m);
		return NULL;
	}
	return m;
}

int
capnweb_error_set_prop(json_t *err, const char *key, json_t *value)
{
	json_t *props;

	if (!cw_is(err, "error") || value == NULL) {
		json_decref(value);
		return -1;
	}
	if ((props = json_object_get(err, "props")) == NULL) {
		if ((props = json_object()) == NULL ||
		    json_object_set_new(err, "props", props) != 0) {
			json_decref(value);
			return -1;
		}
	}
	return json_object_set_new(props, key, value) == 0 ? 0 : -1;
}

const char *
capnweb_error_name(const json_t *v)
{
	return cw_is(v, "error") ? json_string_value(json_object_get(v, "name"))
				 : NULL;
}

const char *
capnweb_error_message(const json_t *v)
{
	return cw_is(v, "error")
	    ? json_string_value(json_object_get(v, "message"))
	    : NULL;
}

json_t *
capnweb_error_prop(const json_t *v, const char *key)
{
	return cw_is(v, "error")
	    ? json_object_get(json_object_get(v, "props"), key)
	    : NULL;
}

int
capnweb_value_get_bytes(const json_t *v, uint8_t **out, size_t *len)
{
	const char *b64;
	size_t n;
	long got;
	uint8_t *buf;

	if (!cw_is(v, "bytes") ||
	    (b64 = json_string_value(json_object_get(v, "base64"))) == NULL)
		return -1;
	n = strlen(b64);
	if ((buf = malloc(n / 4 * 3 + 4)) == NULL)
		return -1;
	if ((got = base64_decode(b64, n, buf)) < 0) {
		free(buf);
		return -1;
	}
	*out = buf;
	*len = (size_t)got;
	return 0;
}
