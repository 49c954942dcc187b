/*
 * capnweb expression codec: wire JSON <-> application values (capnweb.h
 * documents the marker objects). Decoding follows the 0.12.0 Evaluator:
 * what it refuses aborts the session; valid forms this peer does not
 * implement (promises, pipelines, streams, map) are noted as unsupported.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base64.h"
#include "capnweb_int.h"

#define CW_ERRTEXT_MAX 1024 /* longest value quoted in an error text */
#define CW_SAFE_INT 9007199254740992.0 /* 2^53 */

/* --- Decoding ----------------------------------------------------------- */

json_t *
cw_dec_fail(struct cw_dec *d, const char *name, const char *fmt, ...)
{
	va_list ap;

	if (d->fatal)
		return NULL;
	d->fatal = 1;
	d->ename = name;
	va_start(ap, fmt);
	if (vasprintf(&d->emsg, fmt, ap) < 0)
		d->emsg = NULL;
	va_end(ap);
	return NULL;
}

const char *
cw_dec_msg(const struct cw_dec *d)
{
	if (d->fatal)
		return d->emsg != NULL ? d->emsg : "out of memory";
	return d->unsupported;
}

void
cw_dec_clear(struct cw_dec *d)
{
	free(d->emsg);
	free(d->unsupported);
	d->emsg = NULL;
	d->unsupported = NULL;
	d->fatal = 0;
}

/* Quotes a wire value for an error text, bounded. Caller frees. */
static char *
cw_quote(const json_t *w)
{
	struct cw_buf b = { 0 };
	char *s;

	cw_json_raw(&b, w, 0);
	if (!b.oom && b.len > CW_ERRTEXT_MAX) {
		b.len = CW_ERRTEXT_MAX;
		while (b.len > 0 && ((unsigned char)b.p[b.len] & 0xc0) == 0x80)
			b.len--;
		b.p[b.len] = '\0';
		cw_buf_str(&b, "...");
	}
	s = cw_buf_take(&b, NULL);
	return s;
}

static json_t *
cw_unknown_special(struct cw_dec *d, const json_t *w)
{
	char *q;

	q = cw_quote(w);
	cw_dec_fail(
	    d, "TypeError", "unknown special value: %s", q != NULL ? q : "?");
	free(q);
	return NULL;
}

/* Notes an unsupported form and stands in null for it. */
json_t *
cw_unsupported(struct cw_dec *d, const char *what)
{
	if (d->unsupported == NULL &&
	    asprintf(
		&d->unsupported, "%s is not supported by this peer", what) < 0)
		d->unsupported = NULL;
	return json_null();
}

/* A JSON number that is an integer within 2^53: 0 and *out, else -1. */
int
cw_json_id(const json_t *w, int64_t *out)
{
	double x;

	if (json_is_integer(w)) {
		*out = json_integer_value(w);
		return 0;
	}
	if (!json_is_real(w))
		return -1;
	x = json_real_value(w);
	if (x != floor(x) || fabs(x) > CW_SAFE_INT)
		return -1;
	*out = (int64_t)x;
	return 0;
}

static json_t *
cw_number(const json_t *w)
{
	int64_t i;

	if (cw_json_id(w, &i) == 0)
		return json_integer(i);
	return json_real(json_real_value(w));
}

/* What JS BigInt(string) accepts: trimmed, [+-]decimal or 0x/0o/0b digits. */
static int
cw_bigint_ok(const char *s, size_t n)
{
	size_t i, j, digits;
	int base;

	i = 0;
	while (i < n && strchr(" \t\n\r\v\f", s[i]) != NULL)
		i++;
	while (n > i && strchr(" \t\n\r\v\f", s[n - 1]) != NULL)
		n--;
	if (i == n)
		return 1; /* BigInt("") is 0n */
	base = 10;
	if (n - i > 2 && s[i] == '0' && strchr("xXoObB", s[i + 1]) != NULL) {
		base = strchr("xX", s[i + 1]) ? 16
		    : strchr("oO", s[i + 1])  ? 8
					      : 2;
		i += 2;
	} else if (s[i] == '+' || s[i] == '-')
		i++;
	if (i == n)
		return 0;
	digits = 0;
	for (j = i; j < n; j++, digits++) {
		if (base == 16 && strchr("0123456789abcdefABCDEF", s[j]) &&
		    s[j] != '\0')
			continue;
		if (base <= 10 && s[j] >= '0' && s[j] < '0' + base)
			continue;
		return 0;
	}
	return digits <= CAPNWEB_MAX_BIGINT ? 1 : -1;
}

int
cw_bytes_elem(const char *t)
{
	static const struct {
		const char *name;
		int size;
	} types[] = {
		{ "ArrayBuffer", 1 },
		{ "DataView", 1 },
		{ "Int8Array", 1 },
		{ "Uint8Array", 1 },
		{ "Uint8ClampedArray", 1 },
		{ "Int16Array", 2 },
		{ "Uint16Array", 2 },
		{ "Int32Array", 4 },
		{ "Uint32Array", 4 },
		{ "Float32Array", 4 },
		{ "Float64Array", 8 },
		{ "BigInt64Array", 8 },
		{ "BigUint64Array", 8 },
	};
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (strcmp(t, types[i].name) == 0)
			return types[i].size;
	return 0;
}

static json_t *
cw_decode_bytes(struct cw_dec *d, json_t *w)
{
	const char *b64, *type;
	size_t n, outlen;
	uint8_t *raw;
	long got;
	char *canon;
	json_t *m;
	int elem;

	b64 = json_string_value(json_array_get(w, 1));
	n = json_string_length(json_array_get(w, 1));
	type = NULL;
	elem = 1;
	if (json_array_size(w) > 2) {
		if ((type = json_string_value(json_array_get(w, 2))) == NULL)
			return cw_unknown_special(d, w);
		if ((elem = cw_bytes_elem(type)) == 0)
			return cw_dec_fail(d, "TypeError",
			    "Unknown bytes type marker: %s", type);
	}
	if ((raw = malloc(n / 4 * 3 + 4)) == NULL)
		return cw_dec_fail(d, "Error", "out of memory");
	if (strlen(b64) != n || (got = base64_decode(b64, n, raw)) < 0) {
		free(raw);
		return cw_dec_fail(
		    d, "SyntaxError", "Invalid base64 in bytes value");
	}
	if ((size_t)got % (size_t)elem != 0) {
		free(raw);
		return cw_dec_fail(d, "RangeError",
		    "byte length of %s should be a multiple of %d", type, elem);
	}
	outlen = base64_encoded_len((size_t)got, 0);
	if ((canon = malloc(outlen + 1)) == NULL) {
		free(raw);
		return cw_dec_fail(d, "Error", "out of memory");
	}
	base64_encode(raw, (size_t)got, 0, canon);
	free(raw);
	m = cw_marker("bytes");
	if (m == NULL ||
	    json_object_set_new(m, "base64", json_string(canon)) != 0 ||
	    (type != NULL && strcmp(type, "Uint8Array") != 0 &&
		json_object_set_new(m, "type", json_string(type)) != 0)) {
		free(canon);
		json_decref(m);
		return cw_dec_fail(d, "Error", "out of memory");
	}
	free(canon);
	return m;
}

/* Object members minus the names JS drops; values are still decoded. */
static json_t *
cw_decode_members(struct cw_dec *d, json_t *w, int depth, int is_props)
{
	const char *key;
	json_t *x, *v, *out;

	if ((out = json_object()) == NULL)
		return cw_dec_fail(d, "Error", "out of memory");
	json_object_foreach(w, key, x)
	{
		if ((v = cw_decode(d, x, depth + 1)) == NULL) {
			json_decref(out);
			return NULL;
		}
		if (cw_is_proto_key(key) || strcmp(key, CAPNWEB_MARKER) == 0 ||
		    (is_props &&
			(strcmp(key, "name") == 0 ||
			    strcmp(key, "message") == 0 ||
			    strcmp(key, "stack") == 0))) {
			json_decref(v);
			continue;
		}
		if (json_object_set_new(out, key, v) != 0) {
			json_decref(out);
			return cw_dec_fail(d, "Error", "out of memory");
		}
	}
	return out;
}

static json_t *
cw_decode_error(struct cw_dec *d, json_t *w, int depth)
{
	json_t *m, *props, *stack;
	const char *name, *msg;

	name = json_string_value(json_array_get(w, 1));
	msg = json_string_value(json_array_get(w, 2));
	if (json_array_size(w) < 3 || name == NULL || msg == NULL)
		return cw_unknown_special(d, w);
	if ((m = cw_marker("error")) == NULL ||
	    json_object_set_new(m, "name",
		json_stringn(name, json_string_length(json_array_get(w, 1)))) !=
		0 ||
	    json_object_set_new(m, "message",
		json_stringn(msg, json_string_length(json_array_get(w, 2)))) !=
		0) {
		json_decref(m);
		return cw_dec_fail(d, "Error", "out of memory");
	}
	stack = json_array_get(w, 3);
	if (json_is_string(stack) && json_object_set(m, "stack", stack) != 0) {
		json_decref(m);
		return cw_dec_fail(d, "Error", "out of memory");
	}
	if (json_is_object(json_array_get(w, 4))) {
		props = cw_decode_members(d, json_array_get(w, 4), depth, 1);
		if (props == NULL || json_object_set_new(m, "props", props)) {
			json_decref(m);
			return cw_dec_fail(d, "Error", "out of memory");
		}
	}
	return m;
}

/* A special form: w is an array whose element 0 is a string. */
static json_t *
cw_decode_special(struct cw_dec *d, json_t *w, int depth)
{
	const char *tag;
	size_t n, i;
	json_t *a1, *m, *x;
	int64_t id;
	double ms;
	int r;

	tag = json_string_value(json_array_get(w, 0));
	n = json_array_size(w);
	a1 = json_array_get(w, 1);
	if (strcmp(tag, "undefined") == 0 && n == 1)
		return cw_marker("undefined");
	if (strcmp(tag, "inf") == 0 || strcmp(tag, "-inf") == 0 ||
	    strcmp(tag, "nan") == 0)
		return cw_marker(tag);
	if (strcmp(tag, "bigint") == 0 && json_is_string(a1)) {
		r = cw_bigint_ok(json_string_value(a1), json_string_length(a1));
		if (r < 0)
			return cw_dec_fail(d, "RangeError",
			    "BigInt string exceeds %d digits",
			    CAPNWEB_MAX_BIGINT);
		if (r == 0)
			return cw_dec_fail(d, "SyntaxError",
			    "Cannot convert %s to a BigInt",
			    json_string_value(a1));
		if ((m = cw_marker("bigint")) == NULL ||
		    json_object_set(m, "value", a1) != 0) {
			json_decref(m);
			return cw_dec_fail(d, "Error", "out of memory");
		}
		return m;
	}
	if (strcmp(tag, "date") == 0 &&
	    (json_is_number(a1) || json_is_null(a1))) {
		ms = json_is_null(a1) ? NAN : json_number_value(a1);
		return capnweb_value_date(ms);
	}
	if (strcmp(tag, "bytes") == 0 && json_is_string(a1))
		return cw_decode_bytes(d, w);
	if (strcmp(tag, "error") == 0)
		return cw_decode_error(d, w, depth);
	if (strcmp(tag, "url") == 0 && json_is_string(a1)) {
		if ((m = cw_marker("url")) == NULL ||
		    json_object_set(m, "href", a1) != 0) {
			json_decref(m);
			return cw_dec_fail(d, "Error", "out of memory");
		}
		return m;
	}
	if ((strcmp(tag, "export") == 0 || strcmp(tag, "promise") == 0) &&
	    json_is_number(a1)) {
		if (cw_json_id(a1, &id) != 0 || id >= 0)
			return cw_dec_fail(d, "Error",
			    "bad export ID in value: %g",
			    json_number_value(a1));
		if (d->s == NULL)
			return cw_unsupported(d, "a stub outside a session");
		return cw_session_import(d, id, tag[0] == 'p');
	}
	if ((strcmp(tag, "import") == 0 || strcmp(tag, "pipeline") == 0 ||
		strcmp(tag, "remap") == 0) &&
	    json_is_number(a1) && n >= 2 && n <= 5) {
		if (d->s != NULL &&
		    (cw_json_id(a1, &id) != 0 ||
			!cw_session_has_export(d->s, id)))
			return cw_dec_fail(d, "Error",
			    "no such entry on exports table: %g",
			    json_number_value(a1));
		/* map() captures may introduce stubs: take them to release */
		if (tag[0] == 'r' && json_is_array(json_array_get(w, 3))) {
			json_array_foreach(json_array_get(w, 3), i, x)
			{
				if ((m = cw_decode(d, x, depth + 1)) == NULL)
					return NULL;
				json_decref(m);
			}
		}
		return cw_unsupported(d,
		    tag[0] == 'r' ? "map()"
				  : "a promise or stub reference passed back");
	}
	if (strcmp(tag, "headers") == 0 || strcmp(tag, "request") == 0 ||
	    strcmp(tag, "response") == 0 || strcmp(tag, "blob") == 0 ||
	    strcmp(tag, "writable") == 0 || strcmp(tag, "readable") == 0)
		return cw_unsupported(d, tag);
	return cw_unknown_special(d, w);
}

json_t *
cw_decode(struct cw_dec *d, json_t *w, int depth)
{
	json_t *out, *inner, *x, *v;
	size_t i;

	if (depth > d->max_depth)
		return cw_dec_fail(d, "RangeError",
		    "Value nesting exceeds the maximum depth of %d",
		    d->max_depth);
	switch (json_typeof(w)) {
	case JSON_OBJECT:
		return cw_decode_members(d, w, depth, 0);
	case JSON_ARRAY:
		inner = json_array_get(w, 0);
		if (json_array_size(w) == 1 && json_is_array(inner)) {
			if ((out = json_array()) == NULL)
				return cw_dec_fail(d, "Error", "out of memory");
			json_array_foreach(inner, i, x)
			{
				if ((v = cw_decode(d, x, depth + 1)) == NULL ||
				    json_array_append_new(out, v) != 0) {
					json_decref(out);
					return cw_dec_fail(
					    d, "Error", "out of memory");
				}
			}
			return out;
		}
		if (!json_is_string(inner))
			return cw_unknown_special(d, w);
		return cw_decode_special(d, w, depth);
	case JSON_INTEGER:
	case JSON_REAL:
		if ((out = cw_number(w)) == NULL)
			return cw_dec_fail(d, "Error", "out of memory");
		return out;
	default:
		return json_incref(w);
	}
}

/* --- Encoding ----------------------------------------------------------- */

static int cw_enc_fail(struct cw_enc *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
cw_enc_fail(struct cw_enc *e, const char *fmt, ...)
{
	va_list ap;

	if (e->err == NULL) {
		va_start(ap, fmt);
		if (vasprintf(&e->err, fmt, ap) < 0)
			e->err = NULL;
		va_end(ap);
		if (e->err == NULL)
			e->b->oom = 1;
	}
	return -1;
}

void
cw_enc_clear(struct cw_enc *e)
{
	free(e->err);
	free(e->exported);
	e->err = NULL;
	e->exported = NULL;
	e->nexported = e->capexported = 0;
}

static int
cw_encode_marker(struct cw_enc *e, json_t *v, const char *kind, int depth)
{
	struct cw_buf *b = e->b;
	json_t *x, *props;
	const char *s, *key;
	int64_t id;
	int first;

	if (strcmp(kind, "undefined") == 0 || strcmp(kind, "inf") == 0 ||
	    strcmp(kind, "-inf") == 0 || strcmp(kind, "nan") == 0) {
		cw_buf_fmt(b, "[\"%s\"]", kind);
		return 0;
	}
	if (strcmp(kind, "bigint") == 0 || strcmp(kind, "url") == 0) {
		x = json_object_get(v, kind[0] == 'b' ? "value" : "href");
		if (!json_is_string(x))
			return cw_enc_fail(e,
			    "Cannot serialize value: "
			    "malformed %s marker",
			    kind);
		cw_buf_fmt(b, "[\"%s\",", kind);
		cw_json_string(b, json_string_value(x), json_string_length(x));
		cw_buf_add(b, "]", 1);
		return 0;
	}
	if (strcmp(kind, "date") == 0) {
		x = json_object_get(v, "ms");
		cw_buf_add(b, "[\"date\",", 8);
		if (json_is_number(x) && isfinite(json_number_value(x)))
			cw_json_number(b, trunc(json_number_value(x)));
		else
			cw_buf_add(b, "null", 4);
		cw_buf_add(b, "]", 1);
		return 0;
	}
	if (strcmp(kind, "bytes") == 0) {
		x = json_object_get(v, "base64");
		s = json_string_value(json_object_get(v, "type"));
		if (!json_is_string(x) || (s != NULL && cw_bytes_elem(s) == 0))
			return cw_enc_fail(e,
			    "Cannot serialize value: "
			    "malformed bytes marker");
		cw_buf_add(b, "[\"bytes\",", 9);
		/* Padding is stripped on output, as JS does. */
		cw_json_string(b, json_string_value(x),
		    strcspn(json_string_value(x), "="));
		if (s != NULL && strcmp(s, "Uint8Array") != 0) {
			cw_buf_add(b, ",", 1);
			cw_json_string(b, s, strlen(s));
		}
		cw_buf_add(b, "]", 1);
		return 0;
	}
	if (strcmp(kind, "error") == 0) {
		if (capnweb_error_name(v) == NULL ||
		    capnweb_error_message(v) == NULL)
			return cw_enc_fail(e,
			    "Cannot serialize value: "
			    "malformed error marker");
		cw_buf_add(b, "[\"error\",", 9);
		x = json_object_get(v, "name");
		cw_json_string(b, json_string_value(x), json_string_length(x));
		cw_buf_add(b, ",", 1);
		x = json_object_get(v, "message");
		cw_json_string(b, json_string_value(x), json_string_length(x));
		x = json_object_get(v, "stack");
		props = json_object_get(v, "props");
		if (json_is_object(props) && json_object_size(props) == 0)
			props = NULL;
		if (json_is_string(x) || json_is_object(props)) {
			cw_buf_add(b, ",", 1);
			if (json_is_string(x))
				cw_json_string(b, json_string_value(x),
				    json_string_length(x));
			else
				cw_buf_add(b, "null", 4);
		}
		if (json_is_object(props)) {
			cw_buf_add(b, ",{", 2);
			first = 1;
			json_object_foreach(props, key, x)
			{
				if (!first)
					cw_buf_add(b, ",", 1);
				first = 0;
				cw_json_string(b, key, strlen(key));
				cw_buf_add(b, ":", 1);
				if (cw_encode(e, x, depth + 1) != 0)
					return -1;
			}
			cw_buf_add(b, "}", 1);
		}
		cw_buf_add(b, "]", 1);
		return 0;
	}
	if (strcmp(kind, "stub") == 0) {
		if (cw_json_id(json_object_get(v, "id"), &id) != 0 ||
		    e->s == NULL || cw_session_stub_live(e->s, id) != 0)
			return cw_enc_fail(e,
			    "Cannot serialize value: "
			    "stub was released");
		cw_buf_fmt(b, "[\"import\",%lld]", (long long)id);
		return 0;
	}
	if (strcmp(kind, "target") == 0) {
		if (cw_json_id(json_object_get(v, "n"), &id) != 0 ||
		    e->s == NULL || id < 1 || id > INT32_MAX ||
		    cw_session_export_target(e, (int)id, &id) != 0)
			return cw_enc_fail(e,
			    "Cannot serialize value: "
			    "no such local target");
		cw_buf_fmt(b, "[\"export\",%lld]", (long long)id);
		return 0;
	}
	return cw_enc_fail(
	    e, "Cannot serialize value: unknown marker %s", kind);
}

int
cw_encode(struct cw_enc *e, json_t *v, int depth)
{
	struct cw_buf *b = e->b;
	const char *key, *kind;
	json_t *x;
	size_t i;
	int first;

	if (depth > e->max_depth)
		return cw_enc_fail(e,
		    "Cannot serialize value: nesting exceeds "
		    "the maximum depth of %d",
		    e->max_depth);
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		if ((kind = capnweb_value_kind(v)) != NULL)
			return cw_encode_marker(e, v, kind, depth);
		cw_buf_add(b, "{", 1);
		first = 1;
		json_object_foreach(v, key, x)
		{
			if (!first)
				cw_buf_add(b, ",", 1);
			first = 0;
			cw_json_string(b, key, strlen(key));
			cw_buf_add(b, ":", 1);
			if (cw_encode(e, x, depth + 1) != 0)
				return -1;
		}
		cw_buf_add(b, "}", 1);
		break;
	case JSON_ARRAY:
		cw_buf_add(b, "[[", 2);
		json_array_foreach(v, i, x)
		{
			if (i > 0)
				cw_buf_add(b, ",", 1);
			if (cw_encode(e, x, depth + 1) != 0)
				return -1;
		}
		cw_buf_add(b, "]]", 2);
		break;
	default:
		cw_json_raw(b, v, 0);
	}
	return b->oom ? -1 : 0;
}

int
cw_encode_args(struct cw_enc *e, json_t *args)
{
	json_t *x;
	size_t i;

	if (!json_is_array(args))
		return cw_enc_fail(e, "argument list is not an array");
	cw_buf_add(e->b, "[", 1);
	json_array_foreach(args, i, x)
	{
		if (i > 0)
			cw_buf_add(e->b, ",", 1);
		if (cw_encode(e, x, 1) != 0)
			return -1;
	}
	cw_buf_add(e->b, "]", 1);
	return e->b->oom ? -1 : 0;
}

/* --- Standalone API ----------------------------------------------------- */

json_t *
capnweb_expr_decode(json_t *wire, int max_depth, char **err)
{
	struct cw_dec d = { 0 };
	json_t *v;

	d.max_depth = max_depth > 0 ? max_depth : CAPNWEB_MAX_DEPTH;
	v = cw_decode(&d, wire, 1);
	if (v == NULL || d.unsupported != NULL) {
		if (err != NULL)
			*err = strdup(cw_dec_msg(&d));
		json_decref(v);
		v = NULL;
	}
	cw_dec_clear(&d);
	return v;
}

char *
capnweb_expr_encode(json_t *value, int max_depth, char **err)
{
	struct cw_buf b = { 0 };
	struct cw_enc e = { 0 };
	char *s;

	e.b = &b;
	e.max_depth = max_depth > 0 ? max_depth : CAPNWEB_MAX_DEPTH;
	if (cw_encode(&e, value, 1) != 0) {
		if (err != NULL)
			*err = strdup(e.err != NULL ? e.err : "out of memory");
		cw_enc_clear(&e);
		cw_buf_free(&b);
		return NULL;
	}
	cw_enc_clear(&e);
	s = cw_buf_take(&b, NULL);
	if (s == NULL && err != NULL)
		*err = strdup("out of memory");
	return s;
}
