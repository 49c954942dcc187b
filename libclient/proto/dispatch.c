/*
 * The dispatch codec. Output matches JSON.stringify of the same JavaScript
 * data byte for byte, so a host in C and the sandbox produce identical
 * envelopes; spec/protocol.md ("Dispatch grammar") states the rules.
 */
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <codemode/protocol.h>

#include "jsonguard.h"
#include "base64.h"
#include "cm_spec.h"
#include "dispatch.h"
#include "texts.h"

#define DISPATCH_MAX_DEPTH 4096
/* Integers past 2^53 do not exist in JavaScript; they are written as doubles.
 */
#define DISPATCH_SAFE_INTEGER 9007199254740992LL

struct dbuf {
	char *p;
	size_t len, cap;
	int failed;
};

static void
dbuf_put(struct dbuf *b, const char *s, size_t n)
{
	if (b->failed)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		char *p;

		while (cap < b->len + n + 1) {
			if (cap > ((size_t)-1) / 2) {
				b->failed = 1;
				return;
			}
			cap *= 2;
		}
		if ((p = realloc(b->p, cap)) == NULL) {
			b->failed = 1;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

static void
dbuf_putc(struct dbuf *b, char c)
{
	dbuf_put(b, &c, 1);
}

/* Hands the buffer over (malloc'd), or frees it and returns NULL on failure. */
static char *
dbuf_finish(struct dbuf *b)
{
	if (b->failed || b->p == NULL) {
		free(b->p);
		b->p = NULL;
		return b->failed ? NULL : strdup("");
	}
	return b->p;
}

/* A "C" numeric locale, so a host's setlocale() cannot change our digits. */
static locale_t dispatch_c_locale;
static pthread_once_t dispatch_locale_once = PTHREAD_ONCE_INIT;

static void
dispatch_locale_init(void)
{
	dispatch_c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
}

static double
dispatch_strtod(const char *s)
{
	pthread_once(&dispatch_locale_once, dispatch_locale_init);
	if (dispatch_c_locale != (locale_t)0)
		return strtod_l(s, NULL, dispatch_c_locale);
	return strtod(s, NULL);
}

size_t
dispatch_format_number(double v, char *out)
{
	char e[40], digits[24], *o = out;
	int prec, exp10, k, n, i;
	const char *p;

	if (isnan(v) || isinf(v)) {
		memcpy(out, "null", 5);
		return 4;
	}
	if (v == 0) { /* -0 included: JavaScript writes "0" */
		memcpy(out, "0", 2);
		return 1;
	}
	if (v < 0) {
		*o++ = '-';
		v = -v;
	}
	/* Shortest precision whose %e form reads back as the same double. */
	for (prec = 1; prec <= 17; prec++) {
		snprintf(e, sizeof(e), "%.*e", prec - 1, v);
		if (prec == 17)
			break;
		{
			/* Read back with a '.' whatever the locale wrote. */
			char c[40];
			size_t j, m = 0;

			for (j = 0; e[j] != '\0' && m + 1 < sizeof(c); j++) {
				if (e[j] >= '0' && e[j] <= '9')
					c[m++] = e[j];
				else if (e[j] == 'e')
					break;
				else if (m == 1)
					c[m++] = '.';
			}
			for (; e[j] != '\0' && m + 1 < sizeof(c); j++)
				c[m++] = e[j];
			c[m] = '\0';
			if (dispatch_strtod(c) == v)
				break;
		}
	}
	/* Split "d.ddde+XX" into digits and a decimal exponent. */
	k = 0;
	for (p = e; *p != '\0' && *p != 'e'; p++)
		if (*p >= '0' && *p <= '9' && k < (int)sizeof(digits) - 1)
			digits[k++] = *p;
	exp10 = *p == 'e' ? atoi(p + 1) : 0;
	while (k > 1 && digits[k - 1] == '0')
		k--;
	digits[k] = '\0';
	n = exp10 + 1; /* position of the decimal point */
	if (k <= n && n <= 21) {
		memcpy(o, digits, (size_t)k);
		o += k;
		for (i = k; i < n; i++)
			*o++ = '0';
	} else if (0 < n && n <= 21) {
		memcpy(o, digits, (size_t)n);
		o += n;
		*o++ = '.';
		memcpy(o, digits + n, (size_t)(k - n));
		o += k - n;
	} else if (-6 < n && n <= 0) {
		*o++ = '0';
		*o++ = '.';
		for (i = n; i < 0; i++)
			*o++ = '0';
		memcpy(o, digits, (size_t)k);
		o += k;
	} else {
		*o++ = digits[0];
		if (k > 1) {
			*o++ = '.';
			memcpy(o, digits + 1, (size_t)(k - 1));
			o += k - 1;
		}
		o += snprintf(o, 8, "e%c%d", n - 1 >= 0 ? '+' : '-',
		    n - 1 >= 0 ? n - 1 : 1 - n);
	}
	*o = '\0';
	return (size_t)(o - out);
}

/* Length of the valid UTF-8 sequence at `s` (code point in *cp), or 0. */
static size_t
dispatch_utf8(const unsigned char *s, size_t len, unsigned long *cp)
{
	size_t n, i;
	unsigned long c, min;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	} else if ((s[0] & 0xe0) == 0xc0) {
		n = 2;
		c = s[0] & 0x1f;
		min = 0x80;
	} else if ((s[0] & 0xf0) == 0xe0) {
		n = 3;
		c = s[0] & 0x0f;
		min = 0x800;
	} else if ((s[0] & 0xf8) == 0xf0) {
		n = 4;
		c = s[0] & 0x07;
		min = 0x10000;
	} else
		return 0;
	if (len < n)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff)
		return 0;
	*cp = c;
	return n;
}

static void
dispatch_put_string(struct dbuf *b, const char *str, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, run = 0;

	dbuf_putc(b, '"');
	while (i < len) {
		unsigned char c = s[i];
		unsigned long cp = 0;
		char esc[8];
		size_t n = 0;

		if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
			i++;
			run++;
			continue;
		}
		if (c >= 0x80 && (n = dispatch_utf8(s + i, len - i, &cp)) > 0 &&
		    (cp < 0xd800 || cp > 0xdfff)) {
			i += n;
			run += n;
			continue;
		}
		dbuf_put(b, str + i - run, run);
		run = 0;
		if (c >= 0x80) {
			if (n > 0) { /* an encoded lone surrogate: \udxxx */
				esc[0] = '\\';
				esc[1] = 'u';
				esc[2] = hex[cp >> 12 & 15];
				esc[3] = hex[cp >> 8 & 15];
				esc[4] = hex[cp >> 4 & 15];
				esc[5] = hex[cp & 15];
				dbuf_put(b, esc, 6);
				i += n;
			} else {
				dbuf_put(b, "\xef\xbf\xbd", 3);
				i++;
			}
			continue;
		}
		switch (c) {
		case '"':
			dbuf_put(b, "\\\"", 2);
			break;
		case '\\':
			dbuf_put(b, "\\\\", 2);
			break;
		case '\b':
			dbuf_put(b, "\\b", 2);
			break;
		case '\t':
			dbuf_put(b, "\\t", 2);
			break;
		case '\n':
			dbuf_put(b, "\\n", 2);
			break;
		case '\f':
			dbuf_put(b, "\\f", 2);
			break;
		case '\r':
			dbuf_put(b, "\\r", 2);
			break;
		default:
			esc[0] = '\\';
			esc[1] = 'u';
			esc[2] = '0';
			esc[3] = '0';
			esc[4] = hex[c >> 4];
			esc[5] = hex[c & 15];
			dbuf_put(b, esc, 6);
		}
		i++;
	}
	dbuf_put(b, str + i - run, run);
	dbuf_putc(b, '"');
}

char *
dispatch_quote(const char *s, size_t len)
{
	struct dbuf b = { NULL, 0, 0, 0 };

	dispatch_put_string(&b, s, len);
	return dbuf_finish(&b);
}

/* An array index per ECMAScript: canonical decimal below 2^32 - 1. */
static int
dispatch_index_key(const char *k, size_t len, unsigned long long *out)
{
	unsigned long long v = 0;
	size_t i;

	if (len == 0 || len > 10 || (len > 1 && k[0] == '0'))
		return 0;
	for (i = 0; i < len; i++) {
		if (k[i] < '0' || k[i] > '9')
			return 0;
		v = v * 10 + (unsigned long long)(k[i] - '0');
	}
	if (v >= 4294967295ULL)
		return 0;
	*out = v;
	return 1;
}

struct dispatch_key {
	const char *key;
	size_t len;
	unsigned long long index;
	size_t order;
	json_t *value;
};

static int
dispatch_key_cmp(const void *a, const void *b)
{
	const struct dispatch_key *x = a, *y = b;

	if (x->index != y->index)
		return x->index < y->index ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static void dispatch_put_value(struct dbuf *, const json_t *, int);

/*
 * Objects: JavaScript enumerates array-index keys first, ascending, then
 * the other keys in insertion order. jansson keeps insertion order.
 */
static void
dispatch_put_object(struct dbuf *b, const json_t *o, int depth)
{
	struct dispatch_key *keys;
	const char *key;
	size_t n = json_object_size(o), i = 0, klen;
	json_t *v;

	if (n == 0) {
		dbuf_put(b, "{}", 2);
		return;
	}
	if ((keys = calloc(n, sizeof(*keys))) == NULL) {
		b->failed = 1;
		return;
	}
	json_object_keylen_foreach((json_t *)o, key, klen, v)
	{
		if (i == n)
			break;
		keys[i].key = key;
		keys[i].len = klen;
		keys[i].value = v;
		keys[i].order = i;
		if (!dispatch_index_key(key, klen, &keys[i].index))
			keys[i].index = 4294967295ULL; /* after every index */
		i++;
	}
	n = i;
	qsort(keys, n, sizeof(*keys), dispatch_key_cmp);
	dbuf_putc(b, '{');
	for (i = 0; i < n; i++) {
		if (i > 0)
			dbuf_putc(b, ',');
		dispatch_put_string(b, keys[i].key, keys[i].len);
		dbuf_putc(b, ':');
		dispatch_put_value(b, keys[i].value, depth + 1);
	}
	dbuf_putc(b, '}');
	free(keys);
}

static void
dispatch_put_value(struct dbuf *b, const json_t *v, int depth)
{
	char num[DISPATCH_NUMBER_MAX];
	size_t i, n;

	if (b->failed)
		return;
	if (depth > DISPATCH_MAX_DEPTH) {
		b->failed = 1;
		return;
	}
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		dispatch_put_object(b, v, depth);
		break;
	case JSON_ARRAY:
		dbuf_putc(b, '[');
		n = json_array_size(v);
		for (i = 0; i < n; i++) {
			if (i > 0)
				dbuf_putc(b, ',');
			dispatch_put_value(b, json_array_get(v, i), depth + 1);
		}
		dbuf_putc(b, ']');
		break;
	case JSON_STRING:
		dispatch_put_string(
		    b, json_string_value(v), json_string_length(v));
		break;
	case JSON_INTEGER: {
		json_int_t x = json_integer_value(v);

		if (x >= -DISPATCH_SAFE_INTEGER && x <= DISPATCH_SAFE_INTEGER)
			n = (size_t)snprintf(
			    num, sizeof(num), "%" JSON_INTEGER_FORMAT, x);
		else
			n = dispatch_format_number((double)x, num);
		dbuf_put(b, num, n);
		break;
	}
	case JSON_REAL:
		n = dispatch_format_number(json_real_value(v), num);
		dbuf_put(b, num, n);
		break;
	case JSON_TRUE:
		dbuf_put(b, "true", 4);
		break;
	case JSON_FALSE:
		dbuf_put(b, "false", 5);
		break;
	case JSON_NULL:
	default:
		dbuf_put(b, "null", 4);
		break;
	}
}

char *
cm_dispatch_stringify(const json_t *value)
{
	struct dbuf b = { NULL, 0, 0, 0 };

	if (value == NULL)
		return NULL;
	dispatch_put_value(&b, value, 0);
	if (b.failed) {
		free(b.p);
		return NULL;
	}
	return b.p;
}

static void
dispatch_set_err(
    char *err, size_t errlen, const char *fmt, const char *a, int line, int col)
{
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, fmt, a, line, col);
}

json_t *
cm_dispatch_parse(const char *json, size_t len, char *err, size_t errlen)
{
	json_error_t jerr;
	json_t *v;
	const size_t flags = JSON_DECODE_ANY | JSON_ALLOW_NUL;

	if (json == NULL) {
		dispatch_set_err(err, errlen, "%s", "no JSON text", 0, 0);
		return NULL;
	}
	v = jsonguard_loadb(json, len, flags, &jerr);
	/* An integer past C's range still is a number to JavaScript. */
	if (v == NULL && json_error_code(&jerr) == json_error_numeric_overflow)
		v = jsonguard_loadb(
		    json, len, flags | JSON_DECODE_INT_AS_REAL, &jerr);
	if (v == NULL)
		dispatch_set_err(err, errlen,
		    "invalid JSON: %s (line %d, column %d)", jerr.text,
		    jerr.line, jerr.column);
	return v;
}

json_t *
cm_parse_dispatch_arguments(
    const char *args, size_t len, char *err, size_t errlen)
{
	json_t *v, *list;

	if (args == NULL || len == 0)
		return json_array();
	if ((v = cm_dispatch_parse(args, len, err, errlen)) == NULL)
		return NULL;
	if (json_is_array(v))
		return v;
	if ((list = json_array()) == NULL ||
	    json_array_append_new(list, v) != 0) {
		dispatch_set_err(err, errlen, "%s", "out of memory", 0, 0);
		json_decref(list);
		return NULL;
	}
	return list;
}

static const char *const dispatch_tags[] = {
	[CM_BINARY_UINT8ARRAY] = CM_BINARY_KIND_UINT8ARRAY,
	[CM_BINARY_ARRAYBUFFER] = CM_BINARY_KIND_ARRAYBUFFER,
	[CM_BINARY_VIEW] = CM_BINARY_KIND_VIEW,
};

const char *
dispatch_binary_tag(int kind)
{
	if (kind < 0 ||
	    (size_t)kind >= sizeof(dispatch_tags) / sizeof(dispatch_tags[0]))
		return NULL;
	return dispatch_tags[kind];
}

json_t *
cm_binary_new(enum cm_binary_kind kind, const uint8_t *bytes, size_t len)
{
	const char *tag = dispatch_binary_tag((int)kind);
	json_t *o, *data;
	char *b64;

	if (tag == NULL || (bytes == NULL && len > 0))
		return NULL;
	if (len > ((size_t)-1) / 2)
		return NULL;
	if ((b64 = malloc(base64_encoded_len(len, 1) + 1)) == NULL)
		return NULL;
	base64_encode(bytes, len, 1, b64);
	data = json_string(b64);
	free(b64);
	/* The tag first, then data: the order the seed's examples print. */
	if (data == NULL || (o = json_object()) == NULL) {
		json_decref(data);
		return NULL;
	}
	if (json_object_set_new(o, CM_BINARY_TAG, json_string(tag)) != 0 ||
	    json_object_set_new(o, CM_BINARY_DATA_KEY, data) != 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int
cm_binary_is(const json_t *value)
{
	const json_t *tag, *data;
	size_t i;

	if (!json_is_object(value) || json_object_size(value) != 2)
		return 0;
	tag = json_object_get(value, CM_BINARY_TAG);
	data = json_object_get(value, CM_BINARY_DATA_KEY);
	if (!json_is_string(tag) || !json_is_string(data))
		return 0;
	for (i = 0; i < sizeof(dispatch_tags) / sizeof(dispatch_tags[0]); i++)
		if (strcmp(json_string_value(tag), dispatch_tags[i]) == 0)
			return 1;
	return 0;
}

int
cm_binary_bytes(const json_t *value, uint8_t **bytes, size_t *len)
{
	const json_t *data;
	uint8_t *out;
	size_t n;
	long got;

	if (bytes == NULL || len == NULL)
		return -1;
	*bytes = NULL;
	*len = 0;
	if (!cm_binary_is(value))
		return -1;
	data = json_object_get(value, CM_BINARY_DATA_KEY);
	n = json_string_length(data);
	if ((out = malloc(n / 4 * 3 + 4)) == NULL)
		return -1;
	if ((got = base64_decode(json_string_value(data), n, out)) < 0) {
		free(out);
		return -1;
	}
	*bytes = out;
	*len = (size_t)got;
	return 0;
}

/* {"<key>":<value JSON>} without building a tree around a caller's value. */
static char *
dispatch_envelope(const char *key, const json_t *value)
{
	struct dbuf b = { NULL, 0, 0, 0 };

	dbuf_putc(&b, '{');
	dispatch_put_string(&b, key, strlen(key));
	dbuf_putc(&b, ':');
	dispatch_put_value(&b, value, 1);
	dbuf_putc(&b, '}');
	if (b.failed) {
		free(b.p);
		return NULL;
	}
	return b.p;
}

char *
cm_envelope_result(const json_t *value)
{
	if (value == NULL)
		return strdup("{}");
	return dispatch_envelope("result", value);
}

char *
cm_envelope_error(const char *text)
{
	struct dbuf b = { NULL, 0, 0, 0 };

	if (text == NULL)
		text = "";
	dbuf_put(&b, "{\"error\":", 9);
	dispatch_put_string(&b, text, strlen(text));
	dbuf_putc(&b, '}');
	if (b.failed) {
		free(b.p);
		return NULL;
	}
	return b.p;
}

char *
cm_envelope_completed(void)
{
	return cm_envelope_error(CM_EXECUTION_COMPLETED_MESSAGE);
}

char *
cm_envelope_tool_not_found(const char *tool)
{
	char *text, *env;

	if ((text = texts_compose(CM_TEXT_TOOL_NOT_FOUND, tool ? tool : "")) ==
	    NULL)
		return NULL;
	env = cm_envelope_error(text);
	free(text);
	return env;
}

void
cm_envelope_clear(struct cm_envelope *env)
{
	if (env == NULL)
		return;
	json_decref(env->value);
	free(env->text);
	env->value = NULL;
	env->text = NULL;
}

char *
dispatch_error_envelope(enum cm_spec_text id, const char *param)
{
	char *t = param ? texts_compose(id, param) : texts_compose(id);
	char *s = t ? cm_envelope_error(t) : NULL;

	free(t);
	return s;
}

int
cm_envelope_read(const char *json, size_t len, struct cm_envelope *out)
{
	json_t *v, *e;

	if (out == NULL)
		return -1;
	memset(out, 0, sizeof(*out));
	v = json != NULL ? cm_dispatch_parse(json, len, NULL, 0) : NULL;
	if (!json_is_object(v)) {
		json_decref(v);
		out->kind = CM_ENVELOPE_FAULT;
		if ((out->text = texts_compose(CM_TEXT_ENVELOPE_FAULT)) == NULL)
			return -1;
		return CM_ENVELOPE_FAULT;
	}
	if ((e = json_object_get(v, "error")) != NULL) {
		out->kind = CM_ENVELOPE_ERROR;
		out->text = json_is_string(e) ? strdup(json_string_value(e))
					      : cm_dispatch_stringify(e);
		json_decref(v);
		if (out->text == NULL)
			return -1;
		return CM_ENVELOPE_ERROR;
	}
	out->kind = CM_ENVELOPE_RESULT;
	out->value = json_incref(json_object_get(v, "result"));
	json_decref(v);
	return CM_ENVELOPE_RESULT;
}

void
cm_envelope_dispatch_init(
    struct cm_envelope_dispatch *d, cm_respond_fn respond, void *ctx)
{
	if (d == NULL)
		return;
	d->active = 1;
	d->respond = respond;
	d->ctx = ctx;
}

void
cm_envelope_dispatch_finish(struct cm_envelope_dispatch *d)
{
	if (d != NULL)
		d->active = 0;
}

char *
cm_envelope_dispatch_call(struct cm_envelope_dispatch *d, const char *provider,
    const char *tool, const char *args_json, size_t args_len)
{
	json_t *result = NULL;
	char *error = NULL, *env;
	int rc;

	/* A settled run never reaches the responder again. */
	if (d == NULL || !d->active || d->respond == NULL)
		return cm_envelope_completed();
	rc = d->respond(d->ctx, provider, tool, args_json ? args_json : "",
	    args_json ? args_len : 0, &result, &error);
	if (rc != 0) {
		json_decref(result);
		env = cm_envelope_error(error != NULL ? error : "");
		free(error);
		return env;
	}
	free(error);
	env = cm_envelope_result(result);
	json_decref(result);
	return env;
}
