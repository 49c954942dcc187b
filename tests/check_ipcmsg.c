/*
 * ipc/ipcmsg.c, the daemon <-> child payload codec: every field rule of
 * every decoder at its edge (the last value it takes and the first it
 * refuses), the encoders' round trip, and the JSON text check.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cm_spec.h"
#include "ipc/ipcmsg.h"

static const char *why;

static int
result(const char *s, int retained)
{
	struct ipcmsg_result r;
	int rc;

	why = NULL;
	rc = ipcmsg_result_decode(
	    (const uint8_t *)s, strlen(s), retained, &r, &why);
	if (rc == 0) {
		ck_assert(r.nhandles == 0 || r.handles != NULL);
		ipcmsg_result_clear(&r);
	} else
		ck_assert_ptr_nonnull(why);
	return rc;
}

static int
tool_call(const char *s)
{
	struct ipcmsg_tool_call t;
	int rc =
	    ipcmsg_tool_call_decode((const uint8_t *)s, strlen(s), &t, &why);

	if (rc == 0) {
		/* Each string ends in a NUL, as its readers take it. */
		ck_assert_int_eq(t.provider.s[t.provider.len], '\0');
		ck_assert_int_eq(t.tool.s[t.tool.len], '\0');
		ck_assert_int_eq(t.args.s[t.args.len], '\0');
		ipcmsg_tool_call_clear(&t);
	}
	return rc;
}

/*
 * The same, on a heap that just gave back a block of the size the decoder
 * takes, full of bytes that are no NUL: so a string without its own NUL
 * shows.
 */
static int
tool_call_dirty(const char *s)
{
	size_t n = strlen(s) + 4;
	char *junk = malloc(n);

	ck_assert_ptr_nonnull(junk);
	memset(junk, 'x', n);
	free(junk);
	return tool_call(s);
}

static int
outbound(const char *s)
{
	struct ipcmsg_outbound o;
	int rc =
	    ipcmsg_outbound_decode((const uint8_t *)s, strlen(s), &o, &why);

	if (rc == 0)
		ipcmsg_outbound_clear(&o);
	return rc;
}

static int
handle_result(const char *s)
{
	struct ipcmsg_handle_result h;
	int rc = ipcmsg_handle_result_decode(
	    (const uint8_t *)s, strlen(s), &h, &why);

	if (rc == 0)
		ipcmsg_handle_result_clear(&h);
	return rc;
}

static int
tool_result(const char *s, size_t n)
{
	struct ipcmsg_tool_result t;

	return ipcmsg_tool_result_decode((const uint8_t *)s, n, &t, &why);
}

static int
oresp(const char *s)
{
	struct ipcmsg_outbound_response o;
	int rc = ipcmsg_outbound_response_decode(
	    (const uint8_t *)s, strlen(s), &o, &why);

	if (rc == 0)
		ipcmsg_outbound_response_clear(&o);
	return rc;
}

/* head + n copies of `unit` (joined by `sep`) + tail, malloc'd. */
static char *
repeat(const char *head, const char *unit, const char *sep, size_t n,
    const char *tail)
{
	size_t hl = strlen(head), ul = strlen(unit), sl = strlen(sep),
	       tl = strlen(tail), i;
	char *s = malloc(hl + n * (ul + sl) + tl + 1), *p = s;

	ck_assert_ptr_nonnull(s);
	memcpy(p, head, hl);
	p += hl;
	for (i = 0; i < n; i++) {
		if (i > 0) {
			memcpy(p, sep, sl);
			p += sl;
		}
		memcpy(p, unit, ul);
		p += ul;
	}
	memcpy(p, tail, tl);
	p[tl] = '\0';
	return s;
}

/* ---- RESULT ---- */

START_TEST(result_shapes)
{
	ck_assert_int_eq(result("{\"logs\":[]}", 0), 0);
	ck_assert_int_eq(result("{\"resultJson\":\"5\",\"logs\":[]}", 0), 0);
	ck_assert_int_eq(result("{\"error\":\"e\",\"logs\":[]}", 0), 0);
	/* Not an object, not JSON, no logs. */
	ck_assert_int_eq(result("[]", 0), -1);
	ck_assert_int_eq(result("{", 0), -1);
	ck_assert_int_eq(result("{}", 0), -1);
	ck_assert_str_eq(why, "a result has no logs");
	ck_assert_int_eq(result("{\"logs\":{}}", 0), -1);
	/* No unknown key, none twice: a forged executionId is refused. */
	ck_assert_int_eq(result("{\"executionId\":\"x\",\"logs\":[]}", 0), -1);
	ck_assert_str_eq(why, "the payload has a key its type does not have");
	ck_assert_int_eq(
	    result("{\"error\":\"a\",\"error\":\"b\",\"logs\":[]}", 0), -1);
	/* error xor resultJson */
	ck_assert_int_eq(
	    result("{\"resultJson\":\"1\",\"error\":\"e\",\"logs\":[]}", 0),
	    -1);
	ck_assert_str_eq(why, "a result has both resultJson and error");
	/* Types. */
	ck_assert_int_eq(result("{\"resultJson\":1,\"logs\":[]}", 0), -1);
	ck_assert_int_eq(result("{\"error\":null,\"logs\":[]}", 0), -1);
}
END_TEST

START_TEST(result_json_is_json_text)
{
	char *deep;

	ck_assert_int_eq(result("{\"resultJson\":\"{\",\"logs\":[]}", 0), -1);
	ck_assert_str_eq(why, "resultJson is not JSON text");
	ck_assert_int_eq(result("{\"resultJson\":\"\",\"logs\":[]}", 0), -1);
	ck_assert_int_eq(result("{\"resultJson\":\"1 2\",\"logs\":[]}", 0), -1);
	ck_assert_int_eq(
	    result("{\"resultJson\":\" {\\\"a\\\":[1,\\\"\\\\u0000\\\"]} \","
		   "\"logs\":[]}",
		0),
	    0);
	/* Depth is no limit: 100000 nested arrays are JSON. */
	deep = repeat("{\"resultJson\":\"", "[", "", 100000, "");
	{
		char *full = repeat(deep, "]", "", 100000, "\",\"logs\":[]}");

		ck_assert_int_eq(result(full, 0), 0);
		free(full);
	}
	free(deep);
}
END_TEST

START_TEST(result_handles)
{
	char *s;

	ck_assert_int_eq(result("{\"handles\":[\"fetch\"],\"logs\":[]}", 1), 0);
	/* Named handles only with the retained flag, and the flag only with
	 * names. */
	ck_assert_int_eq(
	    result("{\"handles\":[\"fetch\"],\"logs\":[]}", 0), -1);
	ck_assert_str_eq(
	    why, "a result names handles but did not keep its isolate");
	ck_assert_int_eq(result("{\"logs\":[]}", 1), -1);
	ck_assert_str_eq(why, "a result kept its isolate but names no handles");
	/* A grant carries no value and no error. */
	ck_assert_int_eq(result("{\"handles\":[\"fetch\"],\"resultJson\":\"1\","
				"\"logs\":[]}",
			     1),
	    -1);
	ck_assert_int_eq(result("{\"handles\":[\"fetch\"],\"error\":\"e\","
				"\"logs\":[]}",
			     1),
	    -1);
	/* 1 to 16 distinct names of 1 to 64 bytes. */
	ck_assert_int_eq(result("{\"handles\":[],\"logs\":[]}", 1), -1);
	ck_assert_int_eq(result("{\"handles\":[\"\"],\"logs\":[]}", 1), -1);
	ck_assert_int_eq(result("{\"handles\":[1],\"logs\":[]}", 1), -1);
	ck_assert_int_eq(
	    result("{\"handles\":[\"a\",\"a\"],\"logs\":[]}", 1), -1);
	s = repeat("{\"handles\":[\"", "x", "", IPCMSG_HANDLE_NAME_MAX,
	    "\"],\"logs\":[]}");
	ck_assert_int_eq(result(s, 1), 0);
	free(s);
	s = repeat("{\"handles\":[\"", "x", "", IPCMSG_HANDLE_NAME_MAX + 1,
	    "\"],\"logs\":[]}");
	ck_assert_int_eq(result(s, 1), -1);
	free(s);
	{
		char names[16 * 8 + 1] = "", one[16];
		int i;

		for (i = 0; i < IPCMSG_HANDLES_MAX + 1; i++) {
			snprintf(
			    one, sizeof(one), "%s\"h%d\"", i ? "," : "", i);
			strcat(names, one);
			s = repeat(
			    "{\"handles\":[", names, "", 1, "],\"logs\":[]}");
			ck_assert_int_eq(
			    result(s, 1), i < IPCMSG_HANDLES_MAX ? 0 : -1);
			free(s);
		}
	}
}
END_TEST

START_TEST(result_logs)
{
	size_t max = IPCMSG_LOGS_MAX(CM_CONSOLE_CAPTURE_LIMIT);
	char *s;

	ck_assert_int_eq(result("{\"logs\":[{\"level\":\"log\",\"text\":\"a\"},"
				"{\"level\":\"warn\",\"text\":\"\"},"
				"{\"level\":\"error\",\"text\":\"\\u0000\"}]}",
			     0),
	    0);
	/* The level is exactly one of three. */
	ck_assert_int_eq(
	    result("{\"logs\":[{\"level\":\"admin\",\"text\":\"a\"}]}", 0), -1);
	ck_assert_str_eq(why, "a log line's level is not log, warn or error");
	ck_assert_int_eq(result("{\"logs\":[{\"level\":\"log\\u0000\","
				"\"text\":\"a\"}]}",
			     0),
	    -1);
	ck_assert_int_eq(
	    result("{\"logs\":[{\"level\":\"Log\",\"text\":\"a\"}]}", 0), -1);
	ck_assert_int_eq(
	    result("{\"logs\":[{\"level\":1,\"text\":\"a\"}]}", 0), -1);
	/* The text is a string; the line has no other key. */
	ck_assert_int_eq(
	    result("{\"logs\":[{\"level\":\"log\",\"text\":1}]}", 0), -1);
	ck_assert_int_eq(result("{\"logs\":[{\"level\":\"log\"}]}", 0), -1);
	ck_assert_int_eq(result("{\"logs\":[{\"level\":\"log\",\"text\":\"a\","
				"\"x\":1}]}",
			     0),
	    -1);
	ck_assert_int_eq(result("{\"logs\":[\"a\"]}", 0), -1);
	/* As many lines as the capture bound allows, and not one more. */
	s = repeat(
	    "{\"logs\":[", "{\"level\":\"log\",\"text\":\"\"}", ",", max, "]}");
	ck_assert_int_eq(result(s, 0), 0);
	free(s);
	s = repeat("{\"logs\":[", "{\"level\":\"log\",\"text\":\"\"}", ",",
	    max + 1, "]}");
	ck_assert_int_eq(result(s, 0), -1);
	ck_assert_str_eq(
	    why, "logs hold more lines than the capture bound allows");
	free(s);
}
END_TEST

START_TEST(result_text_bounds)
{
	size_t max = IPCMSG_TEXT_MAX(CM_PAYLOAD_LIMIT);
	size_t lmax = IPCMSG_TEXT_MAX(CM_CONSOLE_CAPTURE_LIMIT);
	char *s;

	/* error: max bytes, then one more. */
	s = repeat("{\"error\":\"", "e", "", max, "\",\"logs\":[]}");
	ck_assert_int_eq(result(s, 0), 0);
	free(s);
	s = repeat("{\"error\":\"", "e", "", max + 1, "\",\"logs\":[]}");
	ck_assert_int_eq(result(s, 0), -1);
	free(s);
	/* resultJson: a JSON string of max bytes, then one more. */
	s = repeat(
	    "{\"resultJson\":\"\\\"", "r", "", max - 2, "\\\"\",\"logs\":[]}");
	ck_assert_int_eq(result(s, 0), 0);
	free(s);
	s = repeat(
	    "{\"resultJson\":\"\\\"", "r", "", max - 1, "\\\"\",\"logs\":[]}");
	ck_assert_int_eq(result(s, 0), -1);
	free(s);
	/* All log texts together: lmax bytes, then one more. */
	s = repeat("{\"logs\":[{\"level\":\"log\",\"text\":\"", "l", "", lmax,
	    "\"}]}");
	ck_assert_int_eq(result(s, 0), 0);
	free(s);
	s = repeat("{\"logs\":[{\"level\":\"log\",\"text\":\"", "l", "",
	    lmax - 1, "\"},{\"level\":\"log\",\"text\":\"ll\"}]}");
	ck_assert_int_eq(result(s, 0), -1);
	free(s);
}
END_TEST

/* ---- TOOL_CALL, OUTBOUND_REQUEST, HANDLE_RESULT ---- */

START_TEST(tool_call_rules)
{
	ck_assert_int_eq(tool_call_dirty("{\"provider\":\"p\",\"tool\":\"t\","
					 "\"args\":\"{}\"}"),
	    0);
	char *s;
	size_t max = IPCMSG_TEXT_MAX(CM_PAYLOAD_LIMIT);

	ck_assert_int_eq(
	    tool_call("{\"provider\":\"p\",\"tool\":\"t\",\"args\":\"\"}"), 0);
	/* args is any string: the caller's dispatch reads it. */
	ck_assert_int_eq(tool_call("{\"provider\":\"p\",\"tool\":\"t\","
				   "\"args\":\"not json \\u0000\"}"),
	    0);
	ck_assert_int_eq(tool_call("{\"provider\":\"p\",\"tool\":\"t\"}"), -1);
	ck_assert_int_eq(
	    tool_call("{\"provider\":\"p\",\"tool\":\"t\",\"args\":[]}"), -1);
	ck_assert_int_eq(tool_call("{\"provider\":\"p\",\"tool\":\"t\","
				   "\"args\":\"\",\"executionId\":\"x\"}"),
	    -1);
	/* The three together within the bound. */
	s = repeat("{\"provider\":\"p\",\"tool\":\"t\",\"args\":\"", "a", "",
	    max - 2, "\"}");
	ck_assert_int_eq(tool_call(s), 0);
	free(s);
	s = repeat("{\"provider\":\"p\",\"tool\":\"t\",\"args\":\"", "a", "",
	    max - 1, "\"}");
	ck_assert_int_eq(tool_call(s), -1);
	free(s);
}
END_TEST

START_TEST(outbound_rules)
{
	ck_assert_int_eq(outbound("{\"method\":\"GET\",\"url\":\"https://x/\","
				  "\"headers\":[[\"a\",\"b\"]],\"body\":null}"),
	    0);
	ck_assert_int_eq(outbound("{\"method\":\"POST\",\"url\":\"u\","
				  "\"headers\":[],\"body\":\"aGk=\"}"),
	    0);
	ck_assert_int_eq(outbound("{\"method\":\"POST\",\"url\":\"u\","
				  "\"headers\":[],\"body\":\"\"}"),
	    0);
	/* base64: its alphabet, whole quads, padding only at the end. */
	ck_assert_int_eq(outbound("{\"method\":\"POST\",\"url\":\"u\","
				  "\"headers\":[],\"body\":\"aGk\"}"),
	    -1);
	ck_assert_int_eq(outbound("{\"method\":\"POST\",\"url\":\"u\","
				  "\"headers\":[],\"body\":\"a=Gk\"}"),
	    -1);
	ck_assert_int_eq(outbound("{\"method\":\"POST\",\"url\":\"u\","
				  "\"headers\":[],\"body\":\"a===\"}"),
	    -1);
	ck_assert_int_eq(outbound("{\"method\":\"POST\",\"url\":\"u\","
				  "\"headers\":[],\"body\":\"aG!=\"}"),
	    -1);
	ck_assert_int_eq(outbound("{\"method\":\"POST\",\"url\":\"u\","
				  "\"headers\":[],\"body\":1}"),
	    -1);
	/* Headers: [name, value] string pairs only. */
	ck_assert_int_eq(outbound("{\"method\":\"GET\",\"url\":\"u\","
				  "\"headers\":[[\"a\"]],\"body\":null}"),
	    -1);
	ck_assert_int_eq(outbound("{\"method\":\"GET\",\"url\":\"u\","
				  "\"headers\":[[\"a\",1]],\"body\":null}"),
	    -1);
	ck_assert_int_eq(outbound("{\"method\":\"GET\",\"url\":\"u\","
				  "\"headers\":{},\"body\":null}"),
	    -1);
	ck_assert_int_eq(outbound("{\"method\":\"GET\",\"url\":\"u\","
				  "\"headers\":[[\"a\",\"b\",\"c\"]],"
				  "\"body\":null}"),
	    -1);
	/* Every key, and no other. */
	ck_assert_int_eq(
	    outbound("{\"method\":\"GET\",\"url\":\"u\",\"body\":null}"), -1);
	ck_assert_int_eq(outbound("{\"method\":\"GET\",\"url\":\"u\","
				  "\"headers\":[],\"body\":null,\"x\":1}"),
	    -1);
	ck_assert_int_eq(outbound("{\"method\":1,\"url\":\"u\","
				  "\"headers\":[],\"body\":null}"),
	    -1);
}
END_TEST

START_TEST(handle_result_rules)
{
	ck_assert_int_eq(handle_result("{\"error\":\"e\"}"), 0);
	ck_assert_int_eq(
	    handle_result("{\"response\":{\"status\":200,\"statusText\":\"OK\","
			  "\"headers\":[],\"body\":\"\"}}"),
	    0);
	ck_assert_int_eq(
	    handle_result("{\"response\":{\"status\":0,\"statusText\":\"\","
			  "\"headers\":[],\"body\":\"\"}}"),
	    0);
	ck_assert_int_eq(
	    handle_result("{\"response\":{\"status\":999,\"statusText\":\"\","
			  "\"headers\":[],\"body\":\"\"}}"),
	    0);
	ck_assert_int_eq(
	    handle_result("{\"response\":{\"status\":1000,\"statusText\":\"\","
			  "\"headers\":[],\"body\":\"\"}}"),
	    -1);
	ck_assert_int_eq(
	    handle_result("{\"response\":{\"status\":-1,\"statusText\":\"\","
			  "\"headers\":[],\"body\":\"\"}}"),
	    -1);
	ck_assert_int_eq(
	    handle_result("{\"response\":{\"status\":200.5,\"statusText\":\"\","
			  "\"headers\":[],\"body\":\"\"}}"),
	    -1);
	ck_assert_int_eq(
	    handle_result("{\"response\":{\"status\":200,\"statusText\":\"\","
			  "\"headers\":[],\"body\":\"x\"}}"),
	    -1);
	ck_assert_int_eq(
	    handle_result("{\"response\":{\"status\":200,\"statusText\":\"\","
			  "\"headers\":[],\"body\":\"\",\"x\":1}}"),
	    -1);
	ck_assert_int_eq(handle_result("{\"response\":{\"status\":200,"
				       "\"headers\":[],\"body\":\"\"}}"),
	    -1);
	/* Exactly one of response and error. */
	ck_assert_int_eq(handle_result("{}"), -1);
	ck_assert_int_eq(
	    handle_result("{\"error\":\"e\",\"response\":{\"status\":200,"
			  "\"statusText\":\"\",\"headers\":[],\"body\":\"\"}}"),
	    -1);
	ck_assert_int_eq(handle_result("{\"error\":1}"), -1);
	ck_assert_int_eq(handle_result("1"), -1);
}
END_TEST

/* ---- encoders ---- */

START_TEST(encoders_round_trip)
{
	struct ipcmsg_log logs[2] = { { IPCMSG_WARN, { "a\0b", 3 } },
		{ IPCMSG_ERROR, { "", 0 } } };
	struct ipcmsg_str handles[1] = { { "fetch", 5 } };
	struct ipcmsg_header hd[1] = { { { "n", 1 }, { "v\0", 2 } } };
	struct ipcmsg_result r, back;
	struct ipcmsg_tool_call t, tb;
	struct ipcmsg_outbound o, ob;
	struct ipcmsg_handle_result h, hb;
	size_t len;
	char *s;

	memset(&r, 0, sizeof(r));
	r.result_json.s = "[1,\"\\u0000\"]";
	r.result_json.len = strlen(r.result_json.s);
	r.logs = logs;
	r.nlogs = 2;
	ck_assert_ptr_nonnull(s = ipcmsg_result_encode(&r, &len));
	ck_assert_int_eq(
	    ipcmsg_result_decode((const uint8_t *)s, len, 0, &back, &why), 0);
	ck_assert_uint_eq(back.nlogs, 2);
	ck_assert_int_eq(back.logs[0].level, IPCMSG_WARN);
	ck_assert_uint_eq(back.logs[0].text.len, 3);
	ck_assert_mem_eq(back.logs[0].text.s, "a\0b", 3);
	ck_assert_str_eq(back.result_json.s, r.result_json.s);
	ipcmsg_result_clear(&back);
	free(s);
	/* What its decoder refuses, the encoder does not write. */
	r.error.s = "e";
	r.error.len = 1;
	ck_assert_ptr_null(ipcmsg_result_encode(&r, &len));
	r.error.s = NULL;
	r.result_json.s = "{";
	r.result_json.len = 1;
	ck_assert_ptr_null(ipcmsg_result_encode(&r, &len));
	memset(&r, 0, sizeof(r));
	r.handles = handles;
	r.nhandles = 1;
	ck_assert_ptr_nonnull(s = ipcmsg_result_encode(&r, &len));
	ck_assert_int_eq(
	    ipcmsg_result_decode((const uint8_t *)s, len, 1, &back, &why), 0);
	ck_assert_uint_eq(back.nhandles, 1);
	ipcmsg_result_clear(&back);
	free(s);

	memset(&t, 0, sizeof(t));
	t.provider.s = "p";
	t.provider.len = 1;
	t.tool.s = "t\0u";
	t.tool.len = 3;
	t.args.s = "";
	ck_assert_ptr_nonnull(s = ipcmsg_tool_call_encode(&t, &len));
	ck_assert_int_eq(
	    ipcmsg_tool_call_decode((const uint8_t *)s, len, &tb, &why), 0);
	ck_assert_uint_eq(tb.tool.len, 3);
	ipcmsg_tool_call_clear(&tb);
	free(s);
	t.args.s = NULL;
	ck_assert_ptr_null(ipcmsg_tool_call_encode(&t, &len));

	memset(&o, 0, sizeof(o));
	o.method.s = "GET";
	o.method.len = 3;
	o.url.s = "u";
	o.url.len = 1;
	o.headers = hd;
	o.nheaders = 1;
	ck_assert_ptr_nonnull(s = ipcmsg_outbound_encode(&o, &len));
	ck_assert_int_eq(
	    ipcmsg_outbound_decode((const uint8_t *)s, len, &ob, &why), 0);
	ck_assert_ptr_null(ob.body.s);
	ck_assert_uint_eq(ob.headers[0].value.len, 2);
	ipcmsg_outbound_clear(&ob);
	free(s);
	o.body.s = "bad";
	o.body.len = 3;
	ck_assert_ptr_null(ipcmsg_outbound_encode(&o, &len));

	memset(&h, 0, sizeof(h));
	h.status = 201;
	h.status_text.s = "Created";
	h.status_text.len = 7;
	h.body.s = "aGk=";
	h.body.len = 4;
	ck_assert_ptr_nonnull(s = ipcmsg_handle_result_encode(&h, &len));
	ck_assert_int_eq(
	    ipcmsg_handle_result_decode((const uint8_t *)s, len, &hb, &why), 0);
	ck_assert_int_eq(hb.status, 201);
	ck_assert_ptr_null(hb.error.s);
	ipcmsg_handle_result_clear(&hb);
	free(s);
	h.status = 1000;
	ck_assert_ptr_null(ipcmsg_handle_result_encode(&h, &len));
}
END_TEST

/* ---- EXECUTE ---- */

static const char *const exec_keys[] = { "code", "providers", "modules",
	"timeout", "grace", "memoryLimit", "countHostWaits", "outboundMode",
	"retainHandles" };
static const char *const exec_vals[] = { "\"1\"", "[]", "[]", "60000", "1000",
	"128", "false", "\"disabled\"", "false" };

/*
 * The daemon's EXECUTE with `key` set to the JSON text `val` (NULL: the
 * key left out; a key not in the list is added), malloc'd.
 */
static char *
exec_with(const char *key, const char *val)
{
	size_t i, n = 0, cap = 256 + (val ? strlen(val) : 0);
	char *s = malloc(cap);
	int found = 0;

	ck_assert_ptr_nonnull(s);
	n += (size_t)snprintf(s + n, cap - n, "{");
	for (i = 0; i < sizeof(exec_keys) / sizeof(exec_keys[0]); i++) {
		const char *v = exec_vals[i];

		if (key != NULL && strcmp(key, exec_keys[i]) == 0) {
			found = 1;
			if ((v = val) == NULL)
				continue;
		}
		n += (size_t)snprintf(s + n, cap - n, "%s\"%s\":%s",
		    n > 1 ? "," : "", exec_keys[i], v);
	}
	if (key != NULL && !found && val != NULL)
		n += (size_t)snprintf(s + n, cap - n, ",\"%s\":%s", key, val);
	snprintf(s + n, cap - n, "}");
	return s;
}

static int
execute(const char *key, const char *val)
{
	struct ipcmsg_execute x;
	char *s = exec_with(key, val);
	int rc;

	why = NULL;
	rc = ipcmsg_execute_decode((const uint8_t *)s, strlen(s), &x, &why);
	free(s);
	if (rc == 0) {
		ck_assert(
		    json_is_array(x.providers) && json_is_array(x.modules));
		ck_assert_ptr_nonnull(x.outbound_mode);
		ipcmsg_execute_clear(&x);
	} else
		ck_assert_ptr_nonnull(why);
	return rc;
}

START_TEST(execute_rules)
{
	size_t i;

	ck_assert_int_eq(execute(NULL, NULL), 0);
	/* Every key but language is required. */
	for (i = 0; i < sizeof(exec_keys) / sizeof(exec_keys[0]); i++)
		ck_assert_msg(execute(exec_keys[i], NULL) == -1,
		    "%s left out, accepted", exec_keys[i]);
	/* No unknown key, none twice, an object. */
	ck_assert_int_eq(execute("stay", "true"), -1);
	ck_assert_str_eq(why, "the payload has a key its type does not have");
	ck_assert_int_eq(execute("code", "\"a\",\"code\":\"b\""), -1);
	{
		struct ipcmsg_execute x;

		ck_assert_int_eq(
		    ipcmsg_execute_decode((const uint8_t *)"[]", 2, &x, &why),
		    -1);
		ck_assert_str_eq(why, "the payload is not a JSON object");
	}
	/* timeout: 1 .. MAX_SUPPORTED_TIMEOUT, an integer */
	ck_assert_int_eq(execute("timeout", "1"), 0);
	ck_assert_int_eq(execute("timeout", "0"), -1);
	ck_assert_int_eq(execute("timeout", "2147483647"), 0);
	ck_assert_int_eq(execute("timeout", "2147483648"), -1);
	ck_assert_int_eq(execute("timeout", "1.5"), -1);
	ck_assert_int_eq(execute("timeout", "\"1\""), -1);
	/* grace: 0 .. MAX_SUPPORTED_TIMEOUT */
	ck_assert_int_eq(execute("grace", "0"), 0);
	ck_assert_int_eq(execute("grace", "-1"), -1);
	ck_assert_int_eq(execute("grace", "2147483647"), 0);
	ck_assert_int_eq(execute("grace", "2147483648"), -1);
	/* memoryLimit: 1 .. 1048576 MB */
	ck_assert_int_eq(execute("memoryLimit", "1"), 0);
	ck_assert_int_eq(execute("memoryLimit", "0"), -1);
	ck_assert_int_eq(execute("memoryLimit", "1048576"), 0);
	ck_assert_int_eq(execute("memoryLimit", "1048577"), -1);
	ck_assert_str_eq(
	    why, "an execute's memoryLimit is not an integer 1 to 1048576");
	/* Booleans are booleans. */
	ck_assert_int_eq(execute("countHostWaits", "true"), 0);
	ck_assert_int_eq(execute("countHostWaits", "1"), -1);
	ck_assert_int_eq(execute("retainHandles", "true"), 0);
	ck_assert_int_eq(execute("retainHandles", "null"), -1);
	/* outboundMode: exactly one of the three names */
	ck_assert_int_eq(execute("outboundMode", "\"native\""), 0);
	ck_assert_int_eq(execute("outboundMode", "\"stub\""), 0);
	ck_assert_int_eq(execute("outboundMode", "\"Native\""), -1);
	ck_assert_int_eq(execute("outboundMode", "\"nativ\""), -1);
	ck_assert_int_eq(execute("outboundMode", "\"native\\u0000\""), -1);
	ck_assert_int_eq(execute("outboundMode", "1"), -1);
	/* language: absent or typescript */
	ck_assert_int_eq(execute("language", "\"typescript\""), 0);
	ck_assert_int_eq(execute("language", "\"javascript\""), -1);
	ck_assert_int_eq(execute("language", "null"), -1);
	/* providers and modules: arrays (their items are the engine's) */
	ck_assert_int_eq(execute("providers", "[{\"name\":\"p\"}]"), 0);
	ck_assert_int_eq(execute("providers", "{}"), -1);
	ck_assert_int_eq(execute("modules", "[[\"m\",\"x\"]]"), 0);
	ck_assert_int_eq(execute("modules", "null"), -1);
	/* code: a string */
	ck_assert_int_eq(execute("code", "\"\""), 0);
	ck_assert_int_eq(execute("code", "1"), -1);
}
END_TEST

START_TEST(execute_code_bound)
{
	size_t max = IPCMSG_TEXT_MAX(CM_PAYLOAD_LIMIT);
	char *v = malloc(max + 4);

	ck_assert_ptr_nonnull(v);
	v[0] = '"';
	memset(v + 1, 'a', max);
	v[max + 1] = '"';
	v[max + 2] = '\0';
	ck_assert_int_eq(execute("code", v), 0);
	v[max + 1] = 'a';
	v[max + 2] = '"';
	v[max + 3] = '\0';
	ck_assert_int_eq(execute("code", v), -1);
	free(v);
}
END_TEST

/* ---- INVOKE_HANDLE ---- */

static int
invoke(const char *s)
{
	struct ipcmsg_invoke v;
	int rc;

	why = NULL;
	rc = ipcmsg_invoke_decode((const uint8_t *)s, strlen(s), &v, &why);
	if (rc == 0) {
		ck_assert(json_is_object(v.request));
		ipcmsg_invoke_clear(&v);
	} else
		ck_assert_ptr_nonnull(why);
	return rc;
}

START_TEST(invoke_rules)
{
	char *s;

	ck_assert_int_eq(
	    invoke("{\"executionId\":\"e\",\"handle\":\"h\",\"request\":{}}"),
	    0);
	/* Every key required; none unknown, none twice. */
	ck_assert_int_eq(invoke("{\"handle\":\"h\",\"request\":{}}"), -1);
	ck_assert_int_eq(invoke("{\"executionId\":\"e\",\"request\":{}}"), -1);
	ck_assert_int_eq(
	    invoke("{\"executionId\":\"e\",\"handle\":\"h\"}"), -1);
	ck_assert_int_eq(invoke("{\"executionId\":\"e\",\"handle\":\"h\","
				"\"request\":{},\"x\":1}"),
	    -1);
	ck_assert_str_eq(why, "the payload has a key its type does not have");
	ck_assert_int_eq(invoke("{\"executionId\":\"e\",\"handle\":\"h\","
				"\"handle\":\"i\",\"request\":{}}"),
	    -1);
	/* Types. */
	ck_assert_int_eq(
	    invoke("{\"executionId\":1,\"handle\":\"h\",\"request\":{}}"), -1);
	ck_assert_int_eq(
	    invoke("{\"executionId\":\"e\",\"handle\":null,\"request\":{}}"),
	    -1);
	ck_assert_int_eq(
	    invoke("{\"executionId\":\"e\",\"handle\":\"h\",\"request\":[]}"),
	    -1);
	ck_assert_str_eq(why, "an invocation's request is not an object");
	ck_assert_int_eq(invoke("[]"), -1);
	/* executionId: at most IPCMSG_EXECUTION_ID_MAX bytes */
	s = repeat("{\"executionId\":\"", "a", "", IPCMSG_EXECUTION_ID_MAX,
	    "\",\"handle\":\"h\",\"request\":{}}");
	ck_assert_int_eq(invoke(s), 0);
	free(s);
	s = repeat("{\"executionId\":\"", "a", "", IPCMSG_EXECUTION_ID_MAX + 1,
	    "\",\"handle\":\"h\",\"request\":{}}");
	ck_assert_int_eq(invoke(s), -1);
	free(s);
	/* handle: at most the text bound */
	s = repeat("{\"executionId\":\"e\",\"handle\":\"", "a", "",
	    IPCMSG_TEXT_MAX(CM_PAYLOAD_LIMIT), "\",\"request\":{}}");
	ck_assert_int_eq(invoke(s), 0);
	free(s);
	s = repeat("{\"executionId\":\"e\",\"handle\":\"", "a", "",
	    IPCMSG_TEXT_MAX(CM_PAYLOAD_LIMIT) + 1, "\",\"request\":{}}");
	ck_assert_int_eq(invoke(s), -1);
	free(s);
}
END_TEST

/*
 * The EXECUTE is written without a tree: every byte of a code comes back,
 * booleans as booleans, and what the decoder would refuse is not written.
 */
START_TEST(execute_written_as_decoded)
{
	static const char code[] =
	    "x = \"\\\"\n\t\x01\x1f\x7f\xc3\xa9\xe2\x80\xa8"
	    "\xf0\x9f\x98\x80/</script>";
	struct ipcmsg_execute x, xb;
	/* Written by ipcmsg's own writer; with a real, by json_dumps. */
	json_t *prov = json_pack("[{s:s,s:[s,s],s:[I,b,b,n,{},[]]},{}]", "name",
	    "p\"q\n\x01", "tools", "a", "\xe2\x80\xa8", "n",
	    (json_int_t)-9007199254740993LL, 1, 0);
	json_t *mods = json_pack(
	    "[{s:s,s:s,s:f}]", "name", "m", "code", "e\u00e9", "x", 1.5);
	json_t *obj = json_object();
	size_t len;
	char *s;

	memset(&x, 0, sizeof(x));
	x.code.s = code;
	x.code.len = sizeof(code) - 1;
	x.providers = prov;
	x.modules = mods;
	x.timeout = CM_MAX_SUPPORTED_TIMEOUT;
	x.grace = CM_MAX_SUPPORTED_TIMEOUT;
	x.memory_limit = IPCMSG_MEMORY_MAX_MB;
	x.count_host_waits = 7;
	x.retain_handles = 9;
	x.outbound_mode = CM_OUTBOUND_MODE_NATIVE;
	ck_assert_ptr_nonnull(s = ipcmsg_execute_encode(&x, &len));
	ck_assert_uint_eq(strlen(s), len);
	ck_assert_int_eq(
	    ipcmsg_execute_decode((const uint8_t *)s, len, &xb, &why), 0);
	ck_assert_uint_eq(xb.code.len, sizeof(code) - 1);
	ck_assert_mem_eq(xb.code.s, code, sizeof(code) - 1);
	ck_assert(json_equal(xb.providers, prov));
	ck_assert(json_equal(xb.modules, mods));
	ck_assert_int_eq(xb.timeout, CM_MAX_SUPPORTED_TIMEOUT);
	ck_assert_int_eq(xb.grace, CM_MAX_SUPPORTED_TIMEOUT);
	ck_assert_int_eq(xb.memory_limit, IPCMSG_MEMORY_MAX_MB);
	ck_assert_int_eq(xb.count_host_waits, 1);
	ck_assert_int_eq(xb.retain_handles, 1);
	ck_assert_str_eq(xb.outbound_mode, CM_OUTBOUND_MODE_NATIVE);
	ck_assert_int_eq(xb.typescript, 0);
	ck_assert_ptr_null(strstr(s, "language"));
	ipcmsg_execute_clear(&xb);
	free(s);
	/* Each bound one past: not written. */
	x.timeout = (int64_t)CM_MAX_SUPPORTED_TIMEOUT + 1;
	ck_assert_ptr_null(ipcmsg_execute_encode(&x, &len));
	x.timeout = 1;
	x.grace = -1;
	ck_assert_ptr_null(ipcmsg_execute_encode(&x, &len));
	x.grace = (int64_t)CM_MAX_SUPPORTED_TIMEOUT + 1;
	ck_assert_ptr_null(ipcmsg_execute_encode(&x, &len));
	x.grace = 0;
	x.memory_limit = 0;
	ck_assert_ptr_null(ipcmsg_execute_encode(&x, &len));
	x.memory_limit = IPCMSG_MEMORY_MAX_MB + 1;
	ck_assert_ptr_null(ipcmsg_execute_encode(&x, &len));
	x.memory_limit = 1;
	/* A code that is not UTF-8, or none; lists that are not arrays. */
	x.code.s = "\xc3(";
	x.code.len = 2;
	ck_assert_ptr_null(ipcmsg_execute_encode(&x, &len));
	x.code.s = NULL;
	x.code.len = 0;
	ck_assert_ptr_null(ipcmsg_execute_encode(&x, &len));
	x.code.s = "1";
	x.code.len = 1;
	x.modules = NULL;
	x.providers = obj;
	ck_assert_ptr_null(ipcmsg_execute_encode(&x, &len));
	x.providers = NULL;
	x.modules = obj;
	ck_assert_ptr_null(ipcmsg_execute_encode(&x, &len));
	x.modules = NULL;
	ck_assert_ptr_nonnull(s = ipcmsg_execute_encode(&x, &len));
	ck_assert_str_eq(s,
	    "{\"code\":\"1\",\"providers\":[],\"modules\":[],\"timeout\":1,"
	    "\"grace\":0,\"memoryLimit\":1,\"countHostWaits\":true,"
	    "\"outboundMode\":\"native\",\"retainHandles\":true}");
	free(s);
	json_decref(prov);
	json_decref(mods);
	json_decref(obj);
}
END_TEST

START_TEST(daemon_encoders_round_trip)
{
	struct ipcmsg_execute x, xb;
	struct ipcmsg_invoke v, vb;
	json_t *prov = json_pack("[{s:s}]", "name", "p");
	json_t *req = json_pack("{s:s}", "url", "https://x/"), *t;
	size_t len;
	int depth;
	char *s;

	memset(&x, 0, sizeof(x));
	x.code.s = "a\0b";
	x.code.len = 3;
	x.providers = prov;
	x.timeout = 5;
	x.grace = 0;
	x.memory_limit = 64;
	x.count_host_waits = 1;
	x.outbound_mode = CM_OUTBOUND_MODE_STUB;
	x.typescript = 1;
	ck_assert_ptr_nonnull(s = ipcmsg_execute_encode(&x, &len));
	ck_assert_int_eq(
	    ipcmsg_execute_decode((const uint8_t *)s, len, &xb, &why), 0);
	ck_assert_uint_eq(xb.code.len, 3);
	ck_assert_mem_eq(xb.code.s, "a\0b", 3);
	ck_assert(json_equal(xb.providers, prov));
	ck_assert_uint_eq(json_array_size(xb.modules), 0);
	ck_assert_int_eq(xb.timeout, 5);
	ck_assert_int_eq(xb.memory_limit, 64);
	ck_assert_int_eq(xb.count_host_waits, 1);
	ck_assert_int_eq(xb.retain_handles, 0);
	ck_assert_str_eq(xb.outbound_mode, CM_OUTBOUND_MODE_STUB);
	ck_assert_int_eq(xb.typescript, 1);
	ipcmsg_execute_clear(&xb);
	free(s);
	/* What its decoder refuses, the encoder does not write. */
	x.timeout = 0;
	ck_assert_ptr_null(ipcmsg_execute_encode(&x, &len));
	x.timeout = 5;
	x.outbound_mode = "open";
	ck_assert_ptr_null(ipcmsg_execute_encode(&x, &len));
	x.outbound_mode = NULL;
	ck_assert_ptr_null(ipcmsg_execute_encode(&x, &len));
	/*
	 * Checked on its tree, not parsed back: nesting the child's parser
	 * takes is written, one level more is not (the parser's bound).
	 */
	x.outbound_mode = CM_OUTBOUND_MODE_STUB;
	for (depth = 2046; depth <= 2048; depth++) {
		json_t *deep = json_array(), *in = deep;
		int i;

		for (i = 1; i < depth; i++) {
			json_t *a = json_array();

			json_array_append_new(in, a);
			in = a;
		}
		x.modules = deep;
		s = ipcmsg_execute_encode(&x, &len);
		if (depth < 2048) {
			ck_assert_ptr_nonnull(s);
			ck_assert_int_eq(
			    ipcmsg_execute_decode(
				(const uint8_t *)s, len, &xb, &why),
			    0);
			ipcmsg_execute_clear(&xb);
		} else {
			ck_assert_ptr_null(s);
			/* What the child would have answered. */
			x.modules = NULL;
			ck_assert_ptr_nonnull(s = json_dumps(deep, 0));
			t = json_pack("{s:s,s:[],s:o,s:i,s:i,s:i,s:b,s:s,s:b}",
			    "code", "1", "providers", "modules",
			    json_incref(deep), "timeout", 5, "grace", 0,
			    "memoryLimit", 64, "countHostWaits", 0,
			    "outboundMode", "stub", "retainHandles", 0);
			free(s);
			ck_assert_ptr_nonnull(s = json_dumps(t, JSON_COMPACT));
			json_decref(t);
			ck_assert_int_eq(
			    ipcmsg_execute_decode(
				(const uint8_t *)s, strlen(s), &xb, &why),
			    -1);
		}
		free(s);
		json_decref(deep);
	}
	x.modules = NULL;

	memset(&v, 0, sizeof(v));
	v.execution_id.s = "0123456789abcdef0123456789abcdef";
	v.execution_id.len = 32;
	v.handle.s = "fetch";
	v.handle.len = 5;
	v.request = req;
	ck_assert_ptr_nonnull(s = ipcmsg_invoke_encode(&v, &len));
	ck_assert_int_eq(
	    ipcmsg_invoke_decode((const uint8_t *)s, len, &vb, &why), 0);
	ck_assert_uint_eq(vb.execution_id.len, 32);
	ck_assert_str_eq(vb.handle.s, "fetch");
	ck_assert(json_equal(vb.request, req));
	ipcmsg_invoke_clear(&vb);
	free(s);
	v.request = NULL;
	ck_assert_ptr_null(ipcmsg_invoke_encode(&v, &len));
	json_decref(prov);
	json_decref(req);
}
END_TEST

/* ---- JSON text ---- */

START_TEST(json_text)
{
	static const char *const good[] = { "0", "-0", "1.5e+3", "-1E-2",
		"\"\"", "\"\\u00e9\\n\\/\"", "true", "false", "null", "[]",
		" [ 1 , [ ] , { } ] ", "{\"a\":{\"b\":[null]}}", "\"\xc3\xa9\"",
		"\"\\ud800\"" };
	static const char *const bad[] = { "", " ", "01", "1.", ".5", "-", "1e",
		"+1", "[1,]", "[,1]", "{\"a\"}", "{\"a\":}", "{a:1}",
		"{\"a\":1,}", "[1 2]", "\"\\x\"", "\"\\u12\"", "\"a", "tru",
		"nul", "[", "]", "1 2", "\"\t\"", "[1]]", "{\"a\":1]", "NaN",
		"Infinity", "'a'" };
	size_t i;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		ck_assert_msg(ipcmsg_json_valid(good[i], strlen(good[i])),
		    "%s refused", good[i]);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(!ipcmsg_json_valid(bad[i], strlen(bad[i])),
		    "%s accepted", bad[i]);
	/* A NUL byte is no JSON whitespace. */
	ck_assert(!ipcmsg_json_valid("1\0", 2));
	ck_assert(!ipcmsg_json_valid("\"\0\"", 3));
}
END_TEST

/* TOOL_RESULT: any UTF-8 text within the bound, as it came. */
START_TEST(tool_result_rules)
{
	size_t max = IPCMSG_TEXT_MAX(CM_PAYLOAD_LIMIT), len;
	struct ipcmsg_tool_result t, tb;
	char *big, *s;

	ck_assert_int_eq(tool_result("", 0), 0);
	/* Not parsed: a malformed envelope is the engine's to read. */
	ck_assert_int_eq(tool_result("{\"ok\":", 7), 0);
	ck_assert_int_eq(tool_result("a\0b", 3), 0);
	/* UTF-8 edges: U+07FF, U+FFFF, U+10FFFF taken; overlong, surrogate,
	 * past U+10FFFF, truncated and lone continuation refused. */
	ck_assert_int_eq(tool_result("\xdf\xbf", 2), 0);
	ck_assert_int_eq(tool_result("\xef\xbf\xbf", 3), 0);
	ck_assert_int_eq(tool_result("\xf4\x8f\xbf\xbf", 4), 0);
	ck_assert_int_eq(tool_result("\xed\x9f\xbf", 3), 0);
	ck_assert_int_eq(tool_result("\xc1\xbf", 2), -1);
	ck_assert_int_eq(tool_result("\xe0\x9f\xbf", 3), -1);
	ck_assert_int_eq(tool_result("\xed\xa0\x80", 3), -1);
	ck_assert_int_eq(tool_result("\xf4\x90\x80\x80", 4), -1);
	ck_assert_int_eq(tool_result("\xe2\x82", 2), -1);
	ck_assert_int_eq(tool_result("\x80", 1), -1);
	ck_assert_int_eq(tool_result("\xff", 1), -1);
	ck_assert_ptr_nonnull(why);
	/* The bound: max bytes taken, max + 1 refused. */
	ck_assert_ptr_nonnull(big = malloc(max + 1));
	memset(big, 'a', max + 1);
	ck_assert_int_eq(tool_result(big, max), 0);
	ck_assert_int_eq(tool_result(big, max + 1), -1);
	/* The encoder writes the text as it is and refuses what the decoder
	 * would. */
	t.text.s = "{\"result\":1}";
	t.text.len = 12;
	ck_assert_ptr_nonnull(s = ipcmsg_tool_result_encode(&t, &len));
	ck_assert_uint_eq(len, 12);
	ck_assert_int_eq(memcmp(s, t.text.s, 12), 0);
	ck_assert_int_eq(
	    ipcmsg_tool_result_decode((const uint8_t *)s, len, &tb, &why), 0);
	ck_assert_uint_eq(tb.text.len, 12);
	free(s);
	t.text.s = big;
	t.text.len = max + 1;
	ck_assert_ptr_null(ipcmsg_tool_result_encode(&t, &len));
	t.text.s = "\xc0\x80";
	t.text.len = 2;
	ck_assert_ptr_null(ipcmsg_tool_result_encode(&t, &len));
	free(big);
}
END_TEST

#define ORESP(st, hs, body)                                                    \
	"{\"status\":" st ",\"statusText\":\"OK\",\"headers\":" hs             \
	",\"body\":" body "}"

/* OUTBOUND_RESPONSE: the response form or the error form, nothing else. */
START_TEST(outbound_response_rules)
{
	struct ipcmsg_outbound_response o, ob;
	struct ipcmsg_header h[1];
	size_t len;
	char *s;

	ck_assert_int_eq(oresp("{\"error\":\"e\"}"), 0);
	ck_assert_int_eq(oresp("{\"error\":\"\"}"), 0);
	ck_assert_int_eq(oresp(ORESP("200", "[[\"a\",\"b\"]]", "\"YQ==\"")), 0);
	ck_assert_int_eq(oresp(ORESP("200", "[]", "\"\"")), 0);
	/* status: 0 and 999 taken, -1 and 1000 and non-integers refused. */
	ck_assert_int_eq(oresp(ORESP("0", "[]", "\"\"")), 0);
	ck_assert_int_eq(oresp(ORESP("999", "[]", "\"\"")), 0);
	ck_assert_int_eq(oresp(ORESP("1000", "[]", "\"\"")), -1);
	ck_assert_int_eq(oresp(ORESP("-1", "[]", "\"\"")), -1);
	ck_assert_int_eq(oresp(ORESP("200.0", "[]", "\"\"")), -1);
	ck_assert_int_eq(oresp(ORESP("\"200\"", "[]", "\"\"")), -1);
	/* headers: [name, value] string pairs only. */
	ck_assert_int_eq(oresp(ORESP("200", "[[\"a\",1]]", "\"\"")), -1);
	ck_assert_int_eq(oresp(ORESP("200", "[[\"a\"]]", "\"\"")), -1);
	ck_assert_int_eq(
	    oresp(ORESP("200", "[[\"a\",\"b\",\"c\"]]", "\"\"")), -1);
	ck_assert_int_eq(oresp(ORESP("200", "{}", "\"\"")), -1);
	/* body: padded base64 only, never null. */
	ck_assert_int_eq(oresp(ORESP("200", "[]", "\"YWI=\"")), 0);
	ck_assert_int_eq(oresp(ORESP("200", "[]", "\"YWI\"")), -1);
	ck_assert_int_eq(oresp(ORESP("200", "[]", "\"YW=I\"")), -1);
	ck_assert_int_eq(oresp(ORESP("200", "[]", "\"YW*=\"")), -1);
	ck_assert_int_eq(oresp(ORESP("200", "[]", "null")), -1);
	/* statusText a string. */
	ck_assert_int_eq(oresp("{\"status\":200,\"statusText\":1,"
			       "\"headers\":[],\"body\":\"\"}"),
	    -1);
	/* Exact keys: one missing, one unknown, both forms, one twice. */
	ck_assert_int_eq(
	    oresp("{\"status\":200,\"statusText\":\"\",\"headers\":[]}"), -1);
	ck_assert_int_eq(oresp("{\"status\":200,\"statusText\":\"\","
			       "\"headers\":[],\"body\":\"\",\"x\":1}"),
	    -1);
	ck_assert_int_eq(oresp("{\"error\":\"e\",\"status\":200}"), -1);
	ck_assert_int_eq(oresp("{\"error\":\"e\",\"error\":\"f\"}"), -1);
	ck_assert_int_eq(oresp("{\"error\":1}"), -1);
	ck_assert_int_eq(oresp("{}"), -1);
	ck_assert_int_eq(oresp("[]"), -1);
	/* The encoder's round trip, and its refusals. */
	memset(&o, 0, sizeof(o));
	h[0].name.s = "content-type";
	h[0].name.len = 12;
	h[0].value.s = "text/plain";
	h[0].value.len = 10;
	o.status = 201;
	o.status_text.s = "Created";
	o.status_text.len = 7;
	o.headers = h;
	o.nheaders = 1;
	o.body.s = "aGk=";
	o.body.len = 4;
	ck_assert_ptr_nonnull(s = ipcmsg_outbound_response_encode(&o, &len));
	ck_assert_int_eq(
	    ipcmsg_outbound_response_decode((const uint8_t *)s, len, &ob, &why),
	    0);
	ck_assert_int_eq(ob.status, 201);
	ck_assert_uint_eq(ob.nheaders, 1);
	ck_assert_uint_eq(ob.body.len, 4);
	ipcmsg_outbound_response_clear(&ob);
	free(s);
	o.status = 1000;
	ck_assert_ptr_null(ipcmsg_outbound_response_encode(&o, &len));
	o.status = 200;
	o.body.s = "aGk";
	o.body.len = 3;
	ck_assert_ptr_null(ipcmsg_outbound_response_encode(&o, &len));
	memset(&o, 0, sizeof(o));
	o.error.s = "fetch failed";
	o.error.len = 12;
	ck_assert_ptr_nonnull(s = ipcmsg_outbound_response_encode(&o, &len));
	ck_assert_str_eq(s, "{\"error\":\"fetch failed\"}");
	free(s);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("ipcmsg");
	TCase *tc = tcase_create("codec");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, result_shapes);
	tcase_add_test(tc, result_json_is_json_text);
	tcase_add_test(tc, result_handles);
	tcase_add_test(tc, result_logs);
	tcase_add_test(tc, result_text_bounds);
	tcase_add_test(tc, tool_call_rules);
	tcase_add_test(tc, outbound_rules);
	tcase_add_test(tc, handle_result_rules);
	tcase_add_test(tc, encoders_round_trip);
	tcase_add_test(tc, execute_rules);
	tcase_add_test(tc, execute_code_bound);
	tcase_add_test(tc, invoke_rules);
	tcase_add_test(tc, daemon_encoders_round_trip);
	tcase_add_test(tc, execute_written_as_decoded);
	tcase_add_test(tc, json_text);
	tcase_add_test(tc, tool_result_rules);
	tcase_add_test(tc, outbound_response_rules);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
