/*
 * The daemon <-> child payload codec (ipcmsg.h): typed encoders and the
 * strict decoders that check every field of what a child sends.
 */
#include <sys/types.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cm_spec.h"
#include "ipcmsg.h"
#include "proto/jsonguard.h"
#include "proto/jsonparse.h"
#include "proto/jsontext.h"
#include "proto/utf8.h"

#define IPCMSG_ANSWER_MAX IPCMSG_TEXT_MAX(CM_PAYLOAD_LIMIT)
#define IPCMSG_LOG_TEXT_MAX IPCMSG_TEXT_MAX(CM_CONSOLE_CAPTURE_LIMIT)
/* base64 of PAYLOAD_LIMIT bytes, padded */
#define IPCMSG_BODY_MAX (((size_t)CM_PAYLOAD_LIMIT + 2u) / 3u * 4u)
/* A header pair costs at least one character (a name is a token). */
#define IPCMSG_HEADERS_MAX ((size_t)CM_PAYLOAD_LIMIT)
/*
 * How deep an EXECUTE's providers and modules may nest, themselves
 * included: jansson's parser refuses a text nesting 2048 levels, and the
 * EXECUTE object around them is one.
 */
#define IPCMSG_NEST_MAX 2047u

const char ipcmsg_nomem[] = "out of memory";

static const char *const ipcmsg_levels[] = { "log", "warn", "error" };

const char *
ipcmsg_level_name(enum ipcmsg_level l)
{
	return (unsigned)l < 3 ? ipcmsg_levels[l] : "log";
}

/* ---- JSON text ---- */

/*
 * A grammar walk with an explicit stack of open containers ('[' or '{'),
 * one byte each: deep nesting costs memory, never the C stack.
 */
struct ipcmsg_scan {
	const char *s;
	size_t len, i;
	char *stack;
	size_t depth, cap;
	int nomem; /* the stack could not grow: no verdict */
};

static void
ipcmsg_ws(struct ipcmsg_scan *p)
{
	while (p->i < p->len &&
	    (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\n' ||
		p->s[p->i] == '\r'))
		p->i++;
}

static int
ipcmsg_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	    (c >= 'A' && c <= 'F');
}

/* A string at p->i (its opening quote); 0 past its closing quote. */
static int
ipcmsg_scan_string(struct ipcmsg_scan *p)
{
	unsigned char c;
	int k;

	p->i++;
	while (p->i < p->len) {
		c = (unsigned char)p->s[p->i++];
		if (c == '"')
			return 0;
		if (c < 0x20)
			return -1;
		if (c != '\\')
			continue;
		if (p->i >= p->len)
			return -1;
		c = (unsigned char)p->s[p->i++];
		if (c == 'u') {
			for (k = 0; k < 4; k++)
				if (p->i >= p->len || !ipcmsg_hex(p->s[p->i++]))
					return -1;
		} else if (strchr("\"\\/bfnrt", c) == NULL || c == '\0')
			return -1;
	}
	return -1;
}

static int
ipcmsg_digits(struct ipcmsg_scan *p)
{
	size_t at = p->i;

	while (p->i < p->len && p->s[p->i] >= '0' && p->s[p->i] <= '9')
		p->i++;
	return p->i > at ? 0 : -1;
}

static int
ipcmsg_scan_number(struct ipcmsg_scan *p)
{
	if (p->s[p->i] == '-')
		p->i++;
	if (p->i < p->len && p->s[p->i] == '0')
		p->i++;
	else if (ipcmsg_digits(p) != 0)
		return -1;
	if (p->i < p->len && p->s[p->i] == '.') {
		p->i++;
		if (ipcmsg_digits(p) != 0)
			return -1;
	}
	if (p->i < p->len && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
		p->i++;
		if (p->i < p->len && (p->s[p->i] == '+' || p->s[p->i] == '-'))
			p->i++;
		if (ipcmsg_digits(p) != 0)
			return -1;
	}
	return 0;
}

static int
ipcmsg_push(struct ipcmsg_scan *p, char c)
{
	char *n;

	if (p->depth == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 64;
		if ((n = realloc(p->stack, p->cap)) == NULL) {
			p->nomem = 1;
			return -1;
		}
		p->stack = n;
	}
	p->stack[p->depth++] = c;
	return 0;
}

static int
ipcmsg_literal(struct ipcmsg_scan *p, const char *word)
{
	size_t n = strlen(word);

	if (p->len - p->i < n || memcmp(p->s + p->i, word, n) != 0)
		return -1;
	p->i += n;
	return 0;
}

/* One value at p->i, then what closes or continues its containers. */
static int
ipcmsg_scan(struct ipcmsg_scan *p)
{
	char c;

	for (;;) {
		/* A value. */
		ipcmsg_ws(p);
		if (p->i >= p->len)
			return -1;
		c = p->s[p->i];
		if (c == '[' || c == '{') {
			p->i++;
			if (ipcmsg_push(p, c) != 0)
				return -1;
			ipcmsg_ws(p);
			if (p->i < p->len &&
			    p->s[p->i] == (c == '[' ? ']' : '}')) {
				p->i++;
				p->depth--;
			} else if (c == '{') {
				/* The first member's key. */
				if (p->i >= p->len || p->s[p->i] != '"' ||
				    ipcmsg_scan_string(p) != 0)
					return -1;
				ipcmsg_ws(p);
				if (p->i >= p->len || p->s[p->i++] != ':')
					return -1;
				continue;
			} else
				continue;
		} else if (c == '"') {
			if (ipcmsg_scan_string(p) != 0)
				return -1;
		} else if (c == '-' || (c >= '0' && c <= '9')) {
			if (ipcmsg_scan_number(p) != 0)
				return -1;
		} else if (ipcmsg_literal(p,
			       c == 't'	      ? "true"
				   : c == 'f' ? "false"
					      : "null") != 0)
			return -1;
		/* After a value: close containers, or go on to the next. */
		for (;;) {
			ipcmsg_ws(p);
			if (p->depth == 0)
				return 0;
			if (p->i >= p->len)
				return -1;
			c = p->s[p->i++];
			if (c == (p->stack[p->depth - 1] == '[' ? ']' : '}')) {
				p->depth--;
				continue;
			}
			if (c != ',')
				return -1;
			if (p->stack[p->depth - 1] == '{') {
				ipcmsg_ws(p);
				if (p->i >= p->len || p->s[p->i] != '"' ||
				    ipcmsg_scan_string(p) != 0)
					return -1;
				ipcmsg_ws(p);
				if (p->i >= p->len || p->s[p->i++] != ':')
					return -1;
			}
			break;
		}
	}
}

int
ipcmsg_json_valid(const char *s, size_t len)
{
	struct ipcmsg_scan p;
	int ok;

	memset(&p, 0, sizeof(p));
	p.s = s;
	p.len = len;
	ok = ipcmsg_scan(&p) == 0;
	if (ok) {
		ipcmsg_ws(&p);
		ok = p.i == p.len;
	}
	free(p.stack);
	return p.nomem ? -1 : ok;
}

/* ---- decoding helpers ---- */

static json_t *
ipcmsg_load(const uint8_t *buf, size_t len, const char **why)
{
	json_error_t jerr;
	json_t *t = jsonguard_loadb((const char *)buf, len,
	    JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL, &jerr);

	if (t == NULL && jsonguard_is_nomem(&jerr))
		*why = IPCMSG_NOMEM;
	else if (t == NULL)
		*why =
		    "the payload is not one JSON object without duplicate keys";
	else if (!json_is_object(t)) {
		*why = "the payload is not a JSON object";
		json_decref(t);
		t = NULL;
	}
	return t;
}

/* 0 when every key of o is one of `keys` (NULL-terminated). */
static int
ipcmsg_keys(json_t *o, const char *const *keys, const char **why)
{
	const char *k;
	json_t *v;
	size_t i;

	json_object_foreach(o, k, v)
	{
		for (i = 0; keys[i] != NULL; i++)
			if (strcmp(keys[i], k) == 0)
				break;
		if (keys[i] == NULL) {
			*why = "the payload has a key its type does not have";
			return -1;
		}
	}
	return 0;
}

/* A string field of at most max bytes; absent is fine when optional. */
static int
ipcmsg_text(json_t *o, const char *key, int optional, size_t max,
    struct ipcmsg_str *out, const char **why, const char *what)
{
	json_t *v = json_object_get(o, key);

	out->s = NULL;
	out->len = 0;
	if (v == NULL && optional)
		return 0;
	if (!json_is_string(v)) {
		*why = what;
		return -1;
	}
	out->s = json_string_value(v);
	out->len = json_string_length(v);
	if (out->len > max) {
		*why = what;
		return -1;
	}
	return 0;
}

/* An array of [name, value] string pairs. */
static int
ipcmsg_headers(json_t *a, size_t max_bytes, struct ipcmsg_header **out,
    size_t *n, const char **why)
{
	size_t i, total = 0;
	json_t *pair, *k, *v;

	*out = NULL;
	*n = 0;
	if (!json_is_array(a) || json_array_size(a) > IPCMSG_HEADERS_MAX) {
		*why = "headers are not an array of [name, value] pairs";
		return -1;
	}
	if (json_array_size(a) == 0)
		return 0;
	if ((*out = calloc(json_array_size(a), sizeof(**out))) == NULL) {
		*why = IPCMSG_NOMEM;
		return -1;
	}
	json_array_foreach(a, i, pair)
	{
		k = json_array_get(pair, 0);
		v = json_array_get(pair, 1);
		if (!json_is_array(pair) || json_array_size(pair) != 2 ||
		    !json_is_string(k) || !json_is_string(v)) {
			*why =
			    "headers are not an array of [name, value] pairs";
			goto fail;
		}
		(*out)[i].name.s = json_string_value(k);
		(*out)[i].name.len = json_string_length(k);
		(*out)[i].value.s = json_string_value(v);
		(*out)[i].value.len = json_string_length(v);
		total += (*out)[i].name.len + (*out)[i].value.len;
		if (total > max_bytes) {
			*why = "headers are larger than their bound";
			goto fail;
		}
	}
	*n = json_array_size(a);
	return 0;
fail:
	free(*out);
	*out = NULL;
	return -1;
}

/* Standard base64 with padding, as the host's encoder writes it. */
static int
ipcmsg_base64(const struct ipcmsg_str *b)
{
	size_t i;
	int pad = 0;
	char c;

	if (b->len % 4 != 0 || b->len > IPCMSG_BODY_MAX)
		return -1;
	for (i = 0; i < b->len; i++) {
		c = b->s[i];
		if (c == '=') {
			/* Padding: in the last two places, nothing after it. */
			if (i + 2 < b->len)
				return -1;
			pad = 1;
			continue;
		}
		if (pad ||
		    !((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
			(c >= '0' && c <= '9') || c == '+' || c == '/'))
			return -1;
	}
	return 0;
}

/* ---- RESULT ---- */

void
ipcmsg_result_clear(struct ipcmsg_result *r)
{
	free(r->handles);
	free(r->logs);
	json_decref(r->tree);
	memset(r, 0, sizeof(*r));
}

static int
ipcmsg_logs(json_t *a, struct ipcmsg_result *r, const char **why)
{
	static const char *const keys[] = { "level", "text", NULL };
	size_t i, total = 0;
	json_t *line;
	const char *lv;
	int l;

	if (!json_is_array(a)) {
		*why = "logs are not an array";
		return -1;
	}
	if (json_array_size(a) > IPCMSG_LOGS_MAX(CM_CONSOLE_CAPTURE_LIMIT)) {
		*why = "logs hold more lines than the capture bound allows";
		return -1;
	}
	if (json_array_size(a) > 0 &&
	    (r->logs = calloc(json_array_size(a), sizeof(*r->logs))) == NULL) {
		*why = IPCMSG_NOMEM;
		return -1;
	}
	json_array_foreach(a, i, line)
	{
		if (!json_is_object(line) || json_object_size(line) != 2 ||
		    ipcmsg_keys(line, keys, why) != 0) {
			*why = "a log line is not {level, text}";
			return -1;
		}
		lv = json_string_value(json_object_get(line, "level"));
		for (l = 0; l < 3 && lv != NULL; l++)
			if (strcmp(lv, ipcmsg_levels[l]) == 0 &&
			    json_string_length(json_object_get(
				line, "level")) == strlen(ipcmsg_levels[l]))
				break;
		if (lv == NULL || l == 3) {
			*why = "a log line's level is not log, warn or error";
			return -1;
		}
		r->logs[i].level = (enum ipcmsg_level)l;
		if (ipcmsg_text(line, "text", 0, IPCMSG_LOG_TEXT_MAX,
			&r->logs[i].text, why,
			"a log line's text is not a string within its bound") !=
		    0)
			return -1;
		total += r->logs[i].text.len;
		if (total > IPCMSG_LOG_TEXT_MAX) {
			*why = "logs are larger than the capture bound";
			return -1;
		}
	}
	r->nlogs = json_array_size(a);
	return 0;
}

static int
ipcmsg_handles(json_t *a, struct ipcmsg_result *r, const char **why)
{
	size_t i, j, n;
	json_t *v;

	*why = "handles are not 1 to 16 distinct names of 1 to 64 bytes";
	if (!json_is_array(a) || (n = json_array_size(a)) == 0 ||
	    n > IPCMSG_HANDLES_MAX)
		return -1;
	if ((r->handles = calloc(n, sizeof(*r->handles))) == NULL) {
		*why = IPCMSG_NOMEM;
		return -1;
	}
	json_array_foreach(a, i, v)
	{
		if (!json_is_string(v) || json_string_length(v) == 0 ||
		    json_string_length(v) > IPCMSG_HANDLE_NAME_MAX)
			return -1;
		r->handles[i].s = json_string_value(v);
		r->handles[i].len = json_string_length(v);
		for (j = 0; j < i; j++)
			if (r->handles[j].len == r->handles[i].len &&
			    memcmp(r->handles[j].s, r->handles[i].s,
				r->handles[i].len) == 0)
				return -1;
	}
	r->nhandles = n;
	return 0;
}

int
ipcmsg_result_decode(const uint8_t *buf, size_t len, int retained,
    struct ipcmsg_result *r, const char **why)
{
	static const char *const keys[] = { "resultJson", "error", "handles",
		"logs", NULL };
	json_t *h;
	int valid;

	memset(r, 0, sizeof(*r));
	if ((r->tree = ipcmsg_load(buf, len, why)) == NULL ||
	    ipcmsg_keys(r->tree, keys, why) != 0)
		goto fail;
	if (ipcmsg_text(r->tree, "resultJson", 1, IPCMSG_ANSWER_MAX,
		&r->result_json, why,
		"resultJson is not a string within its bound") != 0 ||
	    ipcmsg_text(r->tree, "error", 1, IPCMSG_ANSWER_MAX, &r->error, why,
		"error is not a string within its bound") != 0)
		goto fail;
	if (r->result_json.s != NULL &&
	    (valid = ipcmsg_json_valid(r->result_json.s, r->result_json.len)) !=
		1) {
		*why = valid < 0 ? IPCMSG_NOMEM : "resultJson is not JSON text";
		goto fail;
	}
	if (r->result_json.s != NULL && r->error.s != NULL) {
		*why = "a result has both resultJson and error";
		goto fail;
	}
	h = json_object_get(r->tree, "handles");
	if (h != NULL) {
		if (!retained) {
			*why = "a result names handles but did not keep its "
			       "isolate";
			goto fail;
		}
		if (r->result_json.s != NULL || r->error.s != NULL) {
			*why = "a result with handles has a value or an error";
			goto fail;
		}
		if (ipcmsg_handles(h, r, why) != 0)
			goto fail;
	} else if (retained) {
		*why = "a result kept its isolate but names no handles";
		goto fail;
	}
	if (json_object_get(r->tree, "logs") == NULL) {
		*why = "a result has no logs";
		goto fail;
	}
	if (ipcmsg_logs(json_object_get(r->tree, "logs"), r, why) != 0)
		goto fail;
	return 0;
fail:
	ipcmsg_result_clear(r);
	return -1;
}

/* ---- TOOL_CALL ---- */

void
ipcmsg_tool_call_clear(struct ipcmsg_tool_call *t)
{
	json_decref(t->tree);
	free(t->store);
	memset(t, 0, sizeof(*t));
}

int
ipcmsg_tool_call_decode(const uint8_t *buf, size_t len,
    struct ipcmsg_tool_call *t, const char **why)
{
	static const char *const keys[] = { "provider", "tool", "args", NULL };
	const char *bad = "a tool call is not {provider, tool, args} strings "
			  "within their bound";
	struct jsonparse_str f[3];
	int nomem;

	memset(t, 0, sizeof(*t));
	/*
	 * Read without a tree when it is plainly right (a tree and its
	 * strings were 7K of the daemon's 26K instructions per call); any
	 * other text, and every fault, goes the tree's way, which names it.
	 */
	if (jsonparse_strings(
		(const char *)buf, len, keys, 3, f, &t->store, &nomem) == 0 &&
	    f[0].s != NULL && f[1].s != NULL && f[2].s != NULL &&
	    f[0].len + f[1].len + f[2].len <= IPCMSG_ANSWER_MAX) {
		t->provider.s = f[0].s;
		t->provider.len = f[0].len;
		t->tool.s = f[1].s;
		t->tool.len = f[1].len;
		t->args.s = f[2].s;
		t->args.len = f[2].len;
		return 0;
	}
	free(t->store);
	t->store = NULL;
	if (nomem) {
		*why = IPCMSG_NOMEM;
		return -1;
	}
	if ((t->tree = ipcmsg_load(buf, len, why)) == NULL ||
	    ipcmsg_keys(t->tree, keys, why) != 0 ||
	    ipcmsg_text(t->tree, "provider", 0, IPCMSG_ANSWER_MAX, &t->provider,
		why, bad) != 0 ||
	    ipcmsg_text(t->tree, "tool", 0, IPCMSG_ANSWER_MAX, &t->tool, why,
		bad) != 0 ||
	    ipcmsg_text(
		t->tree, "args", 0, IPCMSG_ANSWER_MAX, &t->args, why, bad) != 0)
		goto fail;
	if (t->provider.len + t->tool.len + t->args.len > IPCMSG_ANSWER_MAX) {
		*why = bad;
		goto fail;
	}
	return 0;
fail:
	ipcmsg_tool_call_clear(t);
	return -1;
}

/* ---- OUTBOUND_REQUEST ---- */

void
ipcmsg_outbound_clear(struct ipcmsg_outbound *o)
{
	free(o->headers);
	json_decref(o->tree);
	memset(o, 0, sizeof(*o));
}

int
ipcmsg_outbound_decode(
    const uint8_t *buf, size_t len, struct ipcmsg_outbound *o, const char **why)
{
	static const char *const keys[] = { "method", "url", "headers", "body",
		NULL };
	json_t *body;

	memset(o, 0, sizeof(*o));
	if ((o->tree = ipcmsg_load(buf, len, why)) == NULL ||
	    ipcmsg_keys(o->tree, keys, why) != 0 ||
	    ipcmsg_text(o->tree, "method", 0, IPCMSG_ANSWER_MAX, &o->method,
		why,
		"an outbound method is not a string within its bound") != 0 ||
	    ipcmsg_text(o->tree, "url", 0, IPCMSG_ANSWER_MAX, &o->url, why,
		"an outbound url is not a string within its bound") != 0 ||
	    ipcmsg_headers(json_object_get(o->tree, "headers"),
		IPCMSG_ANSWER_MAX, &o->headers, &o->nheaders, why) != 0)
		goto fail;
	body = json_object_get(o->tree, "body");
	if (!json_is_null(body)) {
		if (ipcmsg_text(o->tree, "body", 0, IPCMSG_BODY_MAX, &o->body,
			why, "an outbound body is not base64 or null") != 0 ||
		    ipcmsg_base64(&o->body) != 0) {
			*why = "an outbound body is not base64 or null";
			goto fail;
		}
	}
	return 0;
fail:
	ipcmsg_outbound_clear(o);
	return -1;
}

/* ---- HANDLE_RESULT ---- */

void
ipcmsg_handle_result_clear(struct ipcmsg_handle_result *h)
{
	free(h->headers);
	json_decref(h->tree);
	memset(h, 0, sizeof(*h));
}

int
ipcmsg_handle_result_decode(const uint8_t *buf, size_t len,
    struct ipcmsg_handle_result *h, const char **why)
{
	static const char *const keys[] = { "response", "error", NULL };
	static const char *const rkeys[] = { "status", "statusText", "headers",
		"body", NULL };
	json_t *res, *st;

	memset(h, 0, sizeof(*h));
	if ((h->tree = ipcmsg_load(buf, len, why)) == NULL ||
	    ipcmsg_keys(h->tree, keys, why) != 0)
		goto fail;
	if (json_object_size(h->tree) != 1) {
		*why =
		    "a handle answer is not exactly one of response and error";
		goto fail;
	}
	if (json_object_get(h->tree, "error") != NULL) {
		if (ipcmsg_text(h->tree, "error", 0, IPCMSG_ANSWER_MAX,
			&h->error, why,
			"a handle answer's error is not a string within its "
			"bound") != 0)
			goto fail;
		return 0;
	}
	res = json_object_get(h->tree, "response");
	if (!json_is_object(res) || json_object_size(res) != 4 ||
	    ipcmsg_keys(res, rkeys, why) != 0) {
		*why = "a handle response is not {status, statusText, headers, "
		       "body}";
		goto fail;
	}
	st = json_object_get(res, "status");
	if (!json_is_integer(st) || json_integer_value(st) < 0 ||
	    json_integer_value(st) > 999) {
		*why = "a handle response's status is not an integer 0 to 999";
		goto fail;
	}
	h->status = (int)json_integer_value(st);
	if (ipcmsg_text(res, "statusText", 0, IPCMSG_ANSWER_MAX,
		&h->status_text, why,
		"a handle response's statusText is not a string") != 0 ||
	    ipcmsg_headers(json_object_get(res, "headers"), IPCMSG_ANSWER_MAX,
		&h->headers, &h->nheaders, why) != 0 ||
	    ipcmsg_text(res, "body", 0, IPCMSG_BODY_MAX, &h->body, why,
		"a handle response's body is not base64") != 0)
		goto fail;
	if (ipcmsg_base64(&h->body) != 0) {
		*why = "a handle response's body is not base64";
		goto fail;
	}
	return 0;
fail:
	ipcmsg_handle_result_clear(h);
	return -1;
}

/* ---- EXECUTE ---- */

/* An integer field within [min, max]. */
static int
ipcmsg_int(json_t *o, const char *key, json_int_t min, json_int_t max,
    int64_t *out, const char **why, const char *what)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_integer(v) || json_integer_value(v) < min ||
	    json_integer_value(v) > max) {
		*why = what;
		return -1;
	}
	*out = (int64_t)json_integer_value(v);
	return 0;
}

/* A boolean field, required. */
static int
ipcmsg_bool(
    json_t *o, const char *key, int *out, const char **why, const char *what)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_boolean(v)) {
		*why = what;
		return -1;
	}
	*out = json_is_true(v);
	return 0;
}

static const char *const ipcmsg_modes[] = { CM_OUTBOUND_MODE_NATIVE,
	CM_OUTBOUND_MODE_STUB, CM_OUTBOUND_MODE_DISABLED, NULL };

/* The mode's static name, or NULL when s is none of them. */
static const char *
ipcmsg_mode(const char *s, size_t len)
{
	size_t i;

	for (i = 0; s != NULL && ipcmsg_modes[i] != NULL; i++)
		if (strlen(ipcmsg_modes[i]) == len &&
		    memcmp(ipcmsg_modes[i], s, len) == 0)
			return ipcmsg_modes[i];
	return NULL;
}

void
ipcmsg_execute_clear(struct ipcmsg_execute *x)
{
	json_decref(x->tree);
	memset(x, 0, sizeof(*x));
}

static const char *const ipcmsg_execute_keys[] = { "code", "providers",
	"modules", "timeout", "grace", "memoryLimit", "countHostWaits",
	"outboundMode", "retainHandles", "language", NULL };

/* The rules of an EXECUTE's fields, read from x->tree (an object). */
static int
ipcmsg_execute_fields(struct ipcmsg_execute *x, const char **why)
{
	struct ipcmsg_str mode, lang;

	if (ipcmsg_keys(x->tree, ipcmsg_execute_keys, why) != 0)
		return -1;
	if (ipcmsg_text(x->tree, "code", 0, IPCMSG_ANSWER_MAX, &x->code, why,
		"an execute's code is not a string within its bound") != 0)
		return -1;
	x->providers = json_object_get(x->tree, "providers");
	x->modules = json_object_get(x->tree, "modules");
	if (!json_is_array(x->providers)) {
		*why = "an execute's providers are not an array";
		return -1;
	}
	if (!json_is_array(x->modules)) {
		*why = "an execute's modules are not an array";
		return -1;
	}
	/* Each module's shape is the engine's to judge (entry_modules): it
	 * answers a bad one in the protocol's words, not as a broken frame. */
	if (ipcmsg_int(x->tree, "timeout", 1, CM_MAX_SUPPORTED_TIMEOUT,
		&x->timeout, why,
		"an execute's timeout is not an integer 1 to "
		"MAX_SUPPORTED_TIMEOUT") != 0 ||
	    ipcmsg_int(x->tree, "grace", 0, CM_MAX_SUPPORTED_TIMEOUT, &x->grace,
		why,
		"an execute's grace is not an integer 0 to "
		"MAX_SUPPORTED_TIMEOUT") != 0 ||
	    ipcmsg_int(x->tree, "memoryLimit", 1, IPCMSG_MEMORY_MAX_MB,
		&x->memory_limit, why,
		"an execute's memoryLimit is not an integer 1 to "
		"1048576") != 0 ||
	    ipcmsg_bool(x->tree, "countHostWaits", &x->count_host_waits, why,
		"an execute's countHostWaits is not a boolean") != 0 ||
	    ipcmsg_bool(x->tree, "retainHandles", &x->retain_handles, why,
		"an execute's retainHandles is not a boolean") != 0)
		return -1;
	if (ipcmsg_text(x->tree, "outboundMode", 0, 16, &mode, why,
		"an execute's outboundMode is not native, stub or "
		"disabled") != 0 ||
	    (x->outbound_mode = ipcmsg_mode(mode.s, mode.len)) == NULL) {
		*why =
		    "an execute's outboundMode is not native, stub or disabled";
		return -1;
	}
	/* Only the daemon's extension is ever written: javascript is the
	 * default, sent as no key at all. */
	if (ipcmsg_text(x->tree, "language", 1, 16, &lang, why,
		"an execute's language is not typescript") != 0 ||
	    (lang.s != NULL &&
		(lang.len != strlen(CM_LANGUAGE_TYPESCRIPT) ||
		    memcmp(lang.s, CM_LANGUAGE_TYPESCRIPT, lang.len) != 0))) {
		*why = "an execute's language is not typescript";
		return -1;
	}
	x->typescript = lang.s != NULL;
	return 0;
}

int
ipcmsg_execute_decode(
    const uint8_t *buf, size_t len, struct ipcmsg_execute *x, const char **why)
{
	memset(x, 0, sizeof(*x));
	if ((x->tree = ipcmsg_load(buf, len, why)) == NULL ||
	    ipcmsg_execute_fields(x, why) != 0) {
		ipcmsg_execute_clear(x);
		return -1;
	}
	return 0;
}

/* ---- INVOKE_HANDLE ---- */

void
ipcmsg_invoke_clear(struct ipcmsg_invoke *v)
{
	json_decref(v->tree);
	memset(v, 0, sizeof(*v));
}

int
ipcmsg_invoke_decode(
    const uint8_t *buf, size_t len, struct ipcmsg_invoke *v, const char **why)
{
	static const char *const keys[] = { "executionId", "handle", "request",
		NULL };

	memset(v, 0, sizeof(*v));
	if ((v->tree = ipcmsg_load(buf, len, why)) == NULL ||
	    ipcmsg_keys(v->tree, keys, why) != 0)
		goto fail;
	if (ipcmsg_text(v->tree, "executionId", 0, IPCMSG_EXECUTION_ID_MAX,
		&v->execution_id, why,
		"an invocation's executionId is not a string within its "
		"bound") != 0 ||
	    ipcmsg_text(v->tree, "handle", 0, IPCMSG_ANSWER_MAX, &v->handle,
		why,
		"an invocation's handle is not a string within its bound") != 0)
		goto fail;
	v->request = json_object_get(v->tree, "request");
	if (!json_is_object(v->request)) {
		*why = "an invocation's request is not an object";
		goto fail;
	}
	return 0;
fail:
	ipcmsg_invoke_clear(v);
	return -1;
}

/* ---- encoders ---- */

static json_t *
ipcmsg_jstr(const struct ipcmsg_str *s)
{
	return s->s != NULL ? json_stringn(s->s, s->len) : NULL;
}

/* Sets key to a new value; a NULL value (a bad string) fails. */
static int
ipcmsg_set(json_t *o, const char *key, json_t *v)
{
	return v != NULL ? json_object_set_new(o, key, v) : -1;
}

static json_t *
ipcmsg_jheaders(const struct ipcmsg_header *h, size_t n)
{
	json_t *a = json_array(), *k, *v;
	size_t i;

	for (i = 0; a != NULL && i < n; i++) {
		k = ipcmsg_jstr(&h[i].name);
		v = ipcmsg_jstr(&h[i].value);
		if (k == NULL || v == NULL ||
		    json_array_append_new(a, json_pack("[oo]", k, v)) != 0) {
			if (k == NULL || v == NULL) {
				json_decref(k);
				json_decref(v);
			}
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

/*
 * Dumps t (taken) and checks the text with `check`, the decoder the
 * other side runs: an encoder writes nothing its decoder refuses.
 */
static char *
ipcmsg_finish(
    json_t *t, size_t *len, int (*check)(const char *, size_t, int), int arg)
{
	char *s = t ? json_dumps(t, JSON_COMPACT) : NULL;

	json_decref(t);
	if (s == NULL)
		return NULL;
	*len = strlen(s);
	if (check(s, *len, arg) != 0) {
		free(s);
		return NULL;
	}
	return s;
}

static int
ipcmsg_check_result(const char *s, size_t n, int retained)
{
	struct ipcmsg_result r;
	const char *why;

	if (ipcmsg_result_decode((const uint8_t *)s, n, retained, &r, &why) !=
	    0)
		return -1;
	ipcmsg_result_clear(&r);
	return 0;
}

static int
ipcmsg_check_tool_call(const char *s, size_t n, int unused)
{
	struct ipcmsg_tool_call t;
	const char *why;

	(void)unused;
	if (ipcmsg_tool_call_decode((const uint8_t *)s, n, &t, &why) != 0)
		return -1;
	ipcmsg_tool_call_clear(&t);
	return 0;
}

static int
ipcmsg_check_outbound(const char *s, size_t n, int unused)
{
	struct ipcmsg_outbound o;
	const char *why;

	(void)unused;
	if (ipcmsg_outbound_decode((const uint8_t *)s, n, &o, &why) != 0)
		return -1;
	ipcmsg_outbound_clear(&o);
	return 0;
}

static int
ipcmsg_check_handle_result(const char *s, size_t n, int unused)
{
	struct ipcmsg_handle_result h;
	const char *why;

	(void)unused;
	if (ipcmsg_handle_result_decode((const uint8_t *)s, n, &h, &why) != 0)
		return -1;
	ipcmsg_handle_result_clear(&h);
	return 0;
}

char *
ipcmsg_result_encode(const struct ipcmsg_result *r, size_t *len)
{
	json_t *t = json_object(), *logs = json_array(), *line, *h;
	size_t i;

	if (t == NULL || logs == NULL)
		goto fail;
	if ((r->result_json.s != NULL &&
		ipcmsg_set(t, "resultJson", ipcmsg_jstr(&r->result_json)) !=
		    0) ||
	    (r->error.s != NULL &&
		ipcmsg_set(t, "error", ipcmsg_jstr(&r->error)) != 0))
		goto fail;
	if (r->nhandles > 0) {
		if ((h = json_array()) == NULL ||
		    json_object_set_new(t, "handles", h) != 0)
			goto fail;
		for (i = 0; i < r->nhandles; i++)
			if (json_array_append_new(
				h, ipcmsg_jstr(&r->handles[i])) != 0)
				goto fail;
	}
	for (i = 0; i < r->nlogs; i++) {
		if ((line = json_object()) == NULL ||
		    json_array_append_new(logs, line) != 0 ||
		    ipcmsg_set(line, "level",
			json_string(ipcmsg_level_name(r->logs[i].level))) !=
			0 ||
		    ipcmsg_set(line, "text", ipcmsg_jstr(&r->logs[i].text)) !=
			0)
			goto fail;
	}
	if (json_object_set_new(t, "logs", logs) != 0) {
		logs = NULL;
		goto fail;
	}
	return ipcmsg_finish(t, len, ipcmsg_check_result, r->nhandles > 0);
fail:
	json_decref(logs);
	json_decref(t);
	return NULL;
}

char *
ipcmsg_tool_call_encode(const struct ipcmsg_tool_call *c, size_t *len)
{
	json_t *t = json_object();

	if (t == NULL ||
	    ipcmsg_set(t, "provider", ipcmsg_jstr(&c->provider)) != 0 ||
	    ipcmsg_set(t, "tool", ipcmsg_jstr(&c->tool)) != 0 ||
	    ipcmsg_set(t, "args", ipcmsg_jstr(&c->args)) != 0) {
		json_decref(t);
		return NULL;
	}
	return ipcmsg_finish(t, len, ipcmsg_check_tool_call, 0);
}

char *
ipcmsg_outbound_encode(const struct ipcmsg_outbound *o, size_t *len)
{
	json_t *t = json_object();

	if (t == NULL ||
	    ipcmsg_set(t, "method", ipcmsg_jstr(&o->method)) != 0 ||
	    ipcmsg_set(t, "url", ipcmsg_jstr(&o->url)) != 0 ||
	    ipcmsg_set(
		t, "headers", ipcmsg_jheaders(o->headers, o->nheaders)) != 0 ||
	    ipcmsg_set(t, "body",
		o->body.s != NULL ? ipcmsg_jstr(&o->body) : json_null()) != 0) {
		json_decref(t);
		return NULL;
	}
	return ipcmsg_finish(t, len, ipcmsg_check_outbound, 0);
}

char *
ipcmsg_handle_result_encode(const struct ipcmsg_handle_result *h, size_t *len)
{
	json_t *t = json_object(), *res;

	if (t == NULL)
		return NULL;
	if (h->error.s != NULL) {
		if (ipcmsg_set(t, "error", ipcmsg_jstr(&h->error)) != 0)
			goto fail;
	} else if ((res = json_object()) == NULL ||
	    json_object_set_new(t, "response", res) != 0 ||
	    ipcmsg_set(res, "status", json_integer(h->status)) != 0 ||
	    ipcmsg_set(res, "statusText", ipcmsg_jstr(&h->status_text)) != 0 ||
	    ipcmsg_set(res, "headers",
		ipcmsg_jheaders(h->headers, h->nheaders)) != 0 ||
	    ipcmsg_set(res, "body", ipcmsg_jstr(&h->body)) != 0)
		goto fail;
	return ipcmsg_finish(t, len, ipcmsg_check_handle_result, 0);
fail:
	json_decref(t);
	return NULL;
}

static int
ipcmsg_check_invoke(const char *s, size_t n, int unused)
{
	struct ipcmsg_invoke v;
	const char *why;

	(void)unused;
	if (ipcmsg_invoke_decode((const uint8_t *)s, n, &v, &why) != 0)
		return -1;
	ipcmsg_invoke_clear(&v);
	return 0;
}

/*
 * Whether v nests arrays and objects no deeper than `room` levels (v's own
 * included): what the child's parser will take.
 */
static int
ipcmsg_shallow(json_t *v, unsigned room)
{
	const char *k;
	json_t *e;
	size_t i;

	if (!json_is_array(v) && !json_is_object(v))
		return 1;
	if (room == 0)
		return 0;
	if (json_is_array(v)) {
		json_array_foreach(v, i, e)
		{
			if (!ipcmsg_shallow(e, room - 1))
				return 0;
		}
		return 1;
	}
	json_object_foreach(v, k, e)
	{
		if (!ipcmsg_shallow(e, room - 1))
			return 0;
	}
	return 1;
}

/* A text being measured (p NULL) or written: n bytes so far. */
struct ipcmsg_out {
	char *p;
	size_t n;
};

static void
ipcmsg_out_put(struct ipcmsg_out *o, const char *s, size_t len)
{
	if (o->p != NULL)
		memcpy(o->p + o->n, s, len);
	o->n += len;
}

/* A string literal, without its NUL. */
#define IPCMSG_OUT_LIT(o, lit) ipcmsg_out_put((o), (lit), sizeof(lit) - 1)

/* s[0..len) as a JSON string. */
static void
ipcmsg_out_str(struct ipcmsg_out *o, const char *s, size_t len)
{
	if (o->p != NULL)
		jsontext_string_put(o->p + o->n, s, len);
	o->n += jsontext_string_len(s, len);
}

/*
 * A tree of arrays, objects, strings, integers, booleans and nulls, as
 * json_dumps(JSON_COMPACT) writes it. -1 at a real, whose text depends on
 * the locale's decimal point, which jansson undoes (ipcmsg_out_list).
 */
static int
ipcmsg_out_tree(struct ipcmsg_out *o, json_t *v)
{
	char num[32];
	const char *k;
	size_t i, kl, n = 0;
	json_t *e;

	switch (json_typeof(v)) {
	case JSON_ARRAY:
		IPCMSG_OUT_LIT(o, "[");
		json_array_foreach(v, i, e)
		{
			if (i > 0)
				IPCMSG_OUT_LIT(o, ",");
			if (ipcmsg_out_tree(o, e) != 0)
				return -1;
		}
		IPCMSG_OUT_LIT(o, "]");
		return 0;
	case JSON_OBJECT:
		IPCMSG_OUT_LIT(o, "{");
		json_object_keylen_foreach(v, k, kl, e)
		{
			if (n++ > 0)
				IPCMSG_OUT_LIT(o, ",");
			ipcmsg_out_str(o, k, kl);
			IPCMSG_OUT_LIT(o, ":");
			if (ipcmsg_out_tree(o, e) != 0)
				return -1;
		}
		IPCMSG_OUT_LIT(o, "}");
		return 0;
	case JSON_STRING:
		ipcmsg_out_str(o, json_string_value(v), json_string_length(v));
		return 0;
	case JSON_INTEGER:
		ipcmsg_out_put(o, num,
		    (size_t)snprintf(num, sizeof(num), "%" JSON_INTEGER_FORMAT,
			json_integer_value(v)));
		return 0;
	case JSON_TRUE:
		IPCMSG_OUT_LIT(o, "true");
		return 0;
	case JSON_FALSE:
		IPCMSG_OUT_LIT(o, "false");
		return 0;
	case JSON_NULL:
		IPCMSG_OUT_LIT(o, "null");
		return 0;
	default:
		return -1;
	}
}

/*
 * An EXECUTE's providers or modules ("[]" for none). A list holding a real
 * is written by json_dumps, once: *dumped keeps its text for the writing
 * pass. -1 out of memory.
 */
static int
ipcmsg_out_list(struct ipcmsg_out *o, json_t *v, char **dumped)
{
	size_t at = o->n;

	if (v == NULL) {
		IPCMSG_OUT_LIT(o, "[]");
		return 0;
	}
	if (*dumped == NULL && ipcmsg_out_tree(o, v) == 0)
		return 0;
	o->n = at;
	if (*dumped == NULL && (*dumped = json_dumps(v, JSON_COMPACT)) == NULL)
		return -1;
	ipcmsg_out_put(o, *dumped, strlen(*dumped));
	return 0;
}

/*
 * Written straight, not as a tree dumped by json_dumps: on a trivial run
 * that pair was half of the daemon's instructions (54K of 110K), most of
 * them jansson escaping the code byte by byte. The checks are the
 * decoder's rules (ipcmsg_execute_fields) on the values themselves; the
 * text is measured, then written.
 */
char *
ipcmsg_execute_encode(const struct ipcmsg_execute *x, size_t *len)
{
	const char *mode = x->outbound_mode == NULL
	    ? NULL
	    : ipcmsg_mode(x->outbound_mode, strlen(x->outbound_mode));
	char tail[256], *dumped[2] = { NULL, NULL }, *s = NULL;
	struct ipcmsg_out o = { NULL, 0 };
	int nt, pass;

	if (x->code.s == NULL || x->code.len > IPCMSG_ANSWER_MAX ||
	    !utf8_valid((const uint8_t *)x->code.s, x->code.len) ||
	    mode == NULL || x->timeout < 1 ||
	    x->timeout > CM_MAX_SUPPORTED_TIMEOUT || x->grace < 0 ||
	    x->grace > CM_MAX_SUPPORTED_TIMEOUT || x->memory_limit < 1 ||
	    x->memory_limit > IPCMSG_MEMORY_MAX_MB ||
	    (x->providers != NULL &&
		(!json_is_array(x->providers) ||
		    !ipcmsg_shallow(x->providers, IPCMSG_NEST_MAX))) ||
	    (x->modules != NULL &&
		(!json_is_array(x->modules) ||
		    !ipcmsg_shallow(x->modules, IPCMSG_NEST_MAX))))
		return NULL;
	nt = snprintf(tail, sizeof(tail),
	    ",\"timeout\":%" PRId64 ",\"grace\":%" PRId64
	    ",\"memoryLimit\":%" PRId64 ",\"countHostWaits\":%s"
	    ",\"outboundMode\":\"%s\",\"retainHandles\":%s%s}",
	    x->timeout, x->grace, x->memory_limit,
	    x->count_host_waits ? "true" : "false", mode,
	    x->retain_handles ? "true" : "false",
	    x->typescript ? ",\"language\":\"" CM_LANGUAGE_TYPESCRIPT "\""
			  : "");
	if (nt < 0 || (size_t)nt >= sizeof(tail))
		return NULL;
	for (pass = 0; pass < 2; pass++) {
		o.n = 0;
		IPCMSG_OUT_LIT(&o, "{\"code\":");
		ipcmsg_out_str(&o, x->code.s, x->code.len);
		IPCMSG_OUT_LIT(&o, ",\"providers\":");
		if (ipcmsg_out_list(&o, x->providers, &dumped[0]) != 0)
			break;
		IPCMSG_OUT_LIT(&o, ",\"modules\":");
		if (ipcmsg_out_list(&o, x->modules, &dumped[1]) != 0)
			break;
		ipcmsg_out_put(&o, tail, (size_t)nt + 1);
		if (pass == 0 && (s = o.p = malloc(o.n)) == NULL)
			break;
	}
	if (pass == 2)
		*len = o.n - 1;
	else {
		free(s);
		s = NULL;
	}
	free(dumped[0]);
	free(dumped[1]);
	return s;
}

char *
ipcmsg_invoke_encode(const struct ipcmsg_invoke *v, size_t *len)
{
	json_t *t = json_object();

	if (t == NULL ||
	    ipcmsg_set(t, "executionId", ipcmsg_jstr(&v->execution_id)) != 0 ||
	    ipcmsg_set(t, "handle", ipcmsg_jstr(&v->handle)) != 0 ||
	    ipcmsg_set(t, "request",
		v->request ? json_incref(v->request) : NULL) != 0) {
		json_decref(t);
		return NULL;
	}
	return ipcmsg_finish(t, len, ipcmsg_check_invoke, 0);
}

/* ---- TOOL_RESULT ---- */

/* 1 when s[0..n) is UTF-8 (RFC 3629: shortest forms, no surrogates). */
static int
ipcmsg_utf8(const uint8_t *s, size_t n)
{
	size_t i = 0, k, need;
	uint32_t c;

	while (i < n) {
		c = s[i];
		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			need = 1, c &= 0x1f;
		else if (c >= 0xe0 && c <= 0xef)
			need = 2, c &= 0x0f;
		else if (c >= 0xf0 && c <= 0xf4)
			need = 3, c &= 0x07;
		else
			return 0;
		if (n - i - 1 < need)
			return 0;
		for (k = 1; k <= need; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return 0;
			c = c << 6 | (s[i + k] & 0x3f);
		}
		if ((need == 2 &&
			(c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) ||
		    (need == 3 && (c < 0x10000 || c > 0x10ffff)))
			return 0;
		i += need + 1;
	}
	return 1;
}

int
ipcmsg_tool_result_decode(const uint8_t *buf, size_t len,
    struct ipcmsg_tool_result *t, const char **why)
{
	memset(t, 0, sizeof(*t));
	if (len > IPCMSG_ANSWER_MAX) {
		*why = "a tool answer is larger than its bound";
		return -1;
	}
	if (!ipcmsg_utf8(buf, len)) {
		*why = "a tool answer is not UTF-8";
		return -1;
	}
	t->text.s = len ? (const char *)buf : "";
	t->text.len = len;
	return 0;
}

char *
ipcmsg_tool_result_encode(const struct ipcmsg_tool_result *t, size_t *len)
{
	struct ipcmsg_tool_result chk;
	const char *why;
	const char *s = t->text.s ? t->text.s : "";
	char *out;

	if (ipcmsg_tool_result_decode(
		(const uint8_t *)s, t->text.len, &chk, &why) != 0)
		return NULL;
	if ((out = malloc(t->text.len + 1)) == NULL)
		return NULL;
	memcpy(out, s, t->text.len);
	out[t->text.len] = '\0';
	*len = t->text.len;
	return out;
}

/* ---- OUTBOUND_RESPONSE ---- */

void
ipcmsg_outbound_response_clear(struct ipcmsg_outbound_response *o)
{
	free(o->headers);
	json_decref(o->tree);
	memset(o, 0, sizeof(*o));
}

int
ipcmsg_outbound_response_decode(const uint8_t *buf, size_t len,
    struct ipcmsg_outbound_response *o, const char **why)
{
	static const char *const keys[] = { "status", "statusText", "headers",
		"body", "error", NULL };
	json_t *st;

	memset(o, 0, sizeof(*o));
	if ((o->tree = ipcmsg_load(buf, len, why)) == NULL ||
	    ipcmsg_keys(o->tree, keys, why) != 0)
		goto fail;
	if (json_object_get(o->tree, "error") != NULL) {
		if (json_object_size(o->tree) != 1) {
			*why = "an outbound answer is not exactly one of a "
			       "response and an error";
			goto fail;
		}
		if (ipcmsg_text(o->tree, "error", 0, IPCMSG_ANSWER_MAX,
			&o->error, why,
			"an outbound answer's error is not a string within "
			"its bound") != 0)
			goto fail;
		return 0;
	}
	if (json_object_size(o->tree) != 4) {
		*why = "an outbound response is not {status, statusText, "
		       "headers, body}";
		goto fail;
	}
	st = json_object_get(o->tree, "status");
	if (!json_is_integer(st) || json_integer_value(st) < 0 ||
	    json_integer_value(st) > 999) {
		*why = "an outbound response's status is not an integer 0 to "
		       "999";
		goto fail;
	}
	o->status = (int)json_integer_value(st);
	if (ipcmsg_text(o->tree, "statusText", 0, IPCMSG_ANSWER_MAX,
		&o->status_text, why,
		"an outbound response's statusText is not a string within "
		"its bound") != 0 ||
	    ipcmsg_headers(json_object_get(o->tree, "headers"),
		IPCMSG_ANSWER_MAX, &o->headers, &o->nheaders, why) != 0 ||
	    ipcmsg_text(o->tree, "body", 0, IPCMSG_BODY_MAX, &o->body, why,
		"an outbound response's body is not base64") != 0)
		goto fail;
	if (ipcmsg_base64(&o->body) != 0) {
		*why = "an outbound response's body is not base64";
		goto fail;
	}
	return 0;
fail:
	ipcmsg_outbound_response_clear(o);
	return -1;
}

static int
ipcmsg_check_outbound_response(const char *s, size_t n, int unused)
{
	struct ipcmsg_outbound_response o;
	const char *why;

	(void)unused;
	if (ipcmsg_outbound_response_decode((const uint8_t *)s, n, &o, &why) !=
	    0)
		return -1;
	ipcmsg_outbound_response_clear(&o);
	return 0;
}

char *
ipcmsg_outbound_response_encode(
    const struct ipcmsg_outbound_response *o, size_t *len)
{
	json_t *t = json_object();

	if (t == NULL)
		return NULL;
	if (o->error.s != NULL) {
		if (ipcmsg_set(t, "error", ipcmsg_jstr(&o->error)) != 0)
			goto fail;
	} else if (ipcmsg_set(t, "status", json_integer(o->status)) != 0 ||
	    ipcmsg_set(t, "statusText", ipcmsg_jstr(&o->status_text)) != 0 ||
	    ipcmsg_set(
		t, "headers", ipcmsg_jheaders(o->headers, o->nheaders)) != 0 ||
	    ipcmsg_set(t, "body", ipcmsg_jstr(&o->body)) != 0)
		goto fail;
	return ipcmsg_finish(t, len, ipcmsg_check_outbound_response, 0);
fail:
	json_decref(t);
	return NULL;
}

char *
ipcmsg_outbound_error_encode(const char *text, size_t *len)
{
	struct ipcmsg_outbound_response m;

	memset(&m, 0, sizeof(m));
	m.error.s = text;
	m.error.len = strlen(text);
	*len = 0;
	return ipcmsg_outbound_response_encode(&m, len);
}
