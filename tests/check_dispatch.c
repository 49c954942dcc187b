/*
 * Check suite for libclient/proto/dispatch.c: the seed's codec examples byte
 * for byte, JSON.stringify fidelity (numbers, escapes, key order), argument
 * lists, binary envelopes, the three dispatch envelopes and
 * createEnvelopeDispatch. Expected bytes for numbers and escapes were taken
 * from node's JSON.stringify.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <codemode/protocol.h>

#include "proto/dispatch.h"

/* Asserts `got` (malloc'd, freed here) equals `want`. */
#define CK_OWNED_STR(got, want)                                                \
	do {                                                                   \
		char *got_ = (got);                                            \
		ck_assert_ptr_nonnull(got_);                                   \
		ck_assert_str_eq(got_, (want));                                \
		free(got_);                                                    \
	} while (0)

static json_t *
parse(const char *s)
{
	char err[200];
	json_t *v = cm_dispatch_parse(s, strlen(s), err, sizeof(err));

	ck_assert_msg(v != NULL, "parse %s: %s", s, err);
	return v;
}

/* Parses then stringifies: the round trip JSON.stringify(JSON.parse(s)) does.
 */
static void
ck_round(const char *in, const char *want)
{
	json_t *v = parse(in);

	CK_OWNED_STR(cm_dispatch_stringify(v), want);
	json_decref(v);
}

START_TEST(seed_stringify_examples)
{
	json_t *v;
	static const uint8_t u8[] = { 1, 2, 3, 255 };
	static const uint8_t u16[] = { 1, 0, 2,
		0 }; /* Uint16Array [1, 2], LE */

	v = json_pack("[s,i]", "ada", 3);
	CK_OWNED_STR(cm_dispatch_stringify(v), "[\"ada\",3]");
	json_decref(v);
	v = json_pack("{s:s}", "customer", "ada");
	CK_OWNED_STR(cm_dispatch_stringify(v), "{\"customer\":\"ada\"}");
	json_decref(v);
	v = json_pack(
	    "{s:o}", "result", cm_binary_new(CM_BINARY_UINT8ARRAY, u8, 4));
	CK_OWNED_STR(cm_dispatch_stringify(v),
	    "{\"result\":{\"__executor_binary_v1__\":\"Uint8Array\",\"data\":"
	    "\"AQID/w==\"}}");
	json_decref(v);
	v = json_pack("{s:o}", "result", cm_binary_new(CM_BINARY_VIEW, u16, 4));
	CK_OWNED_STR(cm_dispatch_stringify(v),
	    "{\"result\":{\"__executor_binary_v1__\":\"ArrayBufferView\","
	    "\"data\":\"AQACAA==\"}}");
	json_decref(v);
}
END_TEST

START_TEST(binary_tags_and_bytes)
{
	static const uint8_t u8[] = { 1, 2, 3, 255 };
	json_t *v;
	uint8_t *bytes;
	size_t len;

	v = cm_binary_new(CM_BINARY_ARRAYBUFFER, u8, 4);
	CK_OWNED_STR(cm_dispatch_stringify(v),
	    "{\"__executor_binary_v1__\":\"ArrayBuffer\",\"data\":\"AQID/"
	    "w==\"}");
	ck_assert_int_eq(cm_binary_is(v), 1);
	ck_assert_int_eq(cm_binary_bytes(v, &bytes, &len), 0);
	ck_assert_uint_eq(len, 4);
	ck_assert_mem_eq(bytes, u8, 4);
	free(bytes);
	json_decref(v);

	/* Both seed tags decode to bytes; the view decays to plain bytes. */
	v = parse("{\"__executor_binary_v1__\":\"ArrayBufferView\",\"data\":"
		  "\"AQACAA==\"}");
	ck_assert_int_eq(cm_binary_bytes(v, &bytes, &len), 0);
	ck_assert_uint_eq(len, 4);
	ck_assert_mem_eq(bytes, "\x01\x00\x02\x00", 4);
	free(bytes);
	json_decref(v);
	v = parse("{\"__executor_binary_v1__\":\"Uint8Array\",\"data\":\"AQID/"
		  "w==\"}");
	ck_assert_int_eq(cm_binary_bytes(v, &bytes, &len), 0);
	ck_assert_mem_eq(bytes, u8, 4);
	free(bytes);
	json_decref(v);

	/* Empty bytes are a value too. */
	v = cm_binary_new(CM_BINARY_UINT8ARRAY, NULL, 0);
	CK_OWNED_STR(cm_dispatch_stringify(v),
	    "{\"__executor_binary_v1__\":\"Uint8Array\",\"data\":\"\"}");
	ck_assert_int_eq(cm_binary_bytes(v, &bytes, &len), 0);
	ck_assert_ptr_nonnull(bytes);
	ck_assert_uint_eq(len, 0);
	free(bytes);
	json_decref(v);

	/* Not binary: unknown tag, extra member, non-string data, bad base64.
	 */
	v = parse(
	    "{\"__executor_binary_v1__\":\"Float32Array\",\"data\":\"AA==\"}");
	ck_assert_int_eq(cm_binary_is(v), 0);
	ck_assert_int_eq(cm_binary_bytes(v, &bytes, &len), -1);
	ck_assert_ptr_null(bytes);
	json_decref(v);
	v = parse("{\"__executor_binary_v1__\":\"Uint8Array\",\"data\":\"AA=="
		  "\",\"x\":1}");
	ck_assert_int_eq(cm_binary_is(v), 0);
	json_decref(v);
	v = parse("{\"__executor_binary_v1__\":\"Uint8Array\",\"data\":7}");
	ck_assert_int_eq(cm_binary_is(v), 0);
	json_decref(v);
	v = parse(
	    "{\"__executor_binary_v1__\":\"Uint8Array\",\"data\":\"A===\"}");
	ck_assert_int_eq(cm_binary_is(v), 1);
	ck_assert_int_eq(cm_binary_bytes(v, &bytes, &len), -1);
	json_decref(v);
	ck_assert_ptr_null(cm_binary_new((enum cm_binary_kind)7, u8, 4));
}
END_TEST

START_TEST(arguments)
{
	char err[200];
	json_t *v;

	v = cm_parse_dispatch_arguments("", 0, err, sizeof(err));
	CK_OWNED_STR(cm_dispatch_stringify(v), "[]");
	json_decref(v);
	v = cm_parse_dispatch_arguments("[\"ada\",3]", 9, err, sizeof(err));
	CK_OWNED_STR(cm_dispatch_stringify(v), "[\"ada\",3]");
	json_decref(v);
	v = cm_parse_dispatch_arguments("{\"a\":1}", 7, err, sizeof(err));
	CK_OWNED_STR(cm_dispatch_stringify(v), "[{\"a\":1}]");
	json_decref(v);
	v = cm_parse_dispatch_arguments("\"x\"", 3, err, sizeof(err));
	CK_OWNED_STR(cm_dispatch_stringify(v), "[\"x\"]");
	json_decref(v);
	v = cm_parse_dispatch_arguments("null", 4, err, sizeof(err));
	CK_OWNED_STR(cm_dispatch_stringify(v), "[null]");
	json_decref(v);
	v = cm_parse_dispatch_arguments("[[1]]", 5, err, sizeof(err));
	CK_OWNED_STR(cm_dispatch_stringify(v), "[[1]]");
	json_decref(v);
	/* Not JSON: an error, never a guess. Whitespace alone is not "". */
	err[0] = '\0';
	ck_assert_ptr_null(
	    cm_parse_dispatch_arguments("nope", 4, err, sizeof(err)));
	ck_assert_msg(strncmp(err, "invalid JSON: ", 14) == 0, "err: %s", err);
	ck_assert_ptr_null(
	    cm_parse_dispatch_arguments(" ", 1, err, sizeof(err)));
	ck_assert_ptr_null(cm_parse_dispatch_arguments("[1,", 3, NULL, 0));
}
END_TEST

START_TEST(numbers_like_javascript)
{
	static const struct {
		double v;
		const char *js;
	} cases[] = {
		{ 0.1, "0.1" },
		{ 0.30000000000000004, "0.30000000000000004" },
		{ 1e21, "1e+21" },
		{ 1e20, "100000000000000000000" },
		{ 123456789012345680000.0, "123456789012345680000" },
		{ 1.5e-7, "1.5e-7" },
		{ 0.000001, "0.000001" },
		{ 0.0000012345, "0.0000012345" },
		{ 5e-324, "5e-324" },
		{ 1.7976931348623157e308, "1.7976931348623157e+308" },
		{ -0.0, "0" },
		{ -2.5, "-2.5" },
		{ 100.0, "100" },
		{ 1.0 / 3.0, "0.3333333333333333" },
		{ 9007199254740992.0, "9007199254740992" },
		{ 9007199254740994.0, "9007199254740994" },
		{ 123e-20, "1.23e-18" },
		{ 1e-7, "1e-7" },
		{ 4.35, "4.35" },
		{ 0.5, "0.5" },
		{ -1e-7, "-1e-7" },
		{ 1.2345678901234567e21, "1.2345678901234568e+21" },
		{ 18446744073709551616.0, "18446744073709552000" },
	};
	char buf[DISPATCH_NUMBER_MAX];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t n = dispatch_format_number(cases[i].v, buf);

		ck_assert_msg(strcmp(buf, cases[i].js) == 0,
		    "%.17g: got %s, want %s", cases[i].v, buf, cases[i].js);
		ck_assert_uint_eq(n, strlen(cases[i].js));
	}
	dispatch_format_number(__builtin_nan(""), buf);
	ck_assert_str_eq(buf, "null");
	dispatch_format_number(-__builtin_inf(), buf);
	ck_assert_str_eq(buf, "null");

	/* Through the tree: reals that are integral lose their ".0". */
	ck_round("[1.0, -0.0, 1E2, 2.50, 3]", "[1,0,100,2.5,3]");
	/* Past C's integer range still reads, as JavaScript rounds it. */
	ck_round("12345678901234567890", "12345678901234567000");
	/* A C integer past 2^53 is written as the double JavaScript would hold.
	 */
	ck_round("9007199254740993", "9007199254740992");
	ck_round("-9223372036854775807", "-9223372036854776000");
}
END_TEST

START_TEST(strings_like_javascript)
{
	json_t *v;

	/* Short escapes, lowercase \u00xx, '/' and DEL and U+2028/2029 raw. */
	v = json_stringn(
	    "\x00\x01\b\t\n\f\r\x1f\"\\/\x7f\xe2\x80\xa8\xe2\x80\xa9"
	    "\xc3\xa9\xf0\x9f\x98\x80",
	    24);
	ck_assert_ptr_nonnull(v);
	CK_OWNED_STR(cm_dispatch_stringify(v),
	    "\"\\u0000\\u0001\\b\\t\\n\\f\\r\\u001f\\\"\\\\/"
	    "\x7f\xe2\x80\xa8\xe2\x80\xa9"
	    "\xc3\xa9\xf0\x9f\x98\x80\"");
	json_decref(v);
	/* A lone surrogate (WTF-8) is escaped the way well-formed stringify
	 * does. */
	v = json_stringn_nocheck("a\xed\xa0\x80z", 5);
	CK_OWNED_STR(cm_dispatch_stringify(v), "\"a\\ud800z\"");
	json_decref(v);
	/* Bytes that are no UTF-8 at all become U+FFFD. */
	v = json_stringn_nocheck("a\xff\xc3z", 4);
	CK_OWNED_STR(
	    cm_dispatch_stringify(v), "\"a\xef\xbf\xbd\xef\xbf\xbdz\"");
	json_decref(v);
	/* Parsed escapes come back as JavaScript writes them. */
	ck_round(
	    "\"\\u00e9\\u2028\\/\\u001F\"", "\"\xc3\xa9\xe2\x80\xa8/\\u001f\"");
	CK_OWNED_STR(dispatch_quote("k\"", 2), "\"k\\\"\"");
}
END_TEST

START_TEST(object_key_order)
{
	/* Array-index keys first, ascending; then insertion order. */
	ck_round("{\"b\":1,\"2\":2,\"a\":3,\"1\":4,\"4294967295\":5,"
		 "\"4294967294\":6,\"01\":7}",
	    "{\"1\":4,\"2\":2,\"4294967294\":6,\"b\":1,\"a\":3,\"4294967295\":"
	    "5,\"01\":7}");
	ck_round(
	    "{\"z\":{},\"y\":[],\"x\":[{}]}", "{\"z\":{},\"y\":[],\"x\":[{}]}");
	ck_round("{\"a\":true,\"b\":false,\"c\":null}",
	    "{\"a\":true,\"b\":false,\"c\":null}");
	/* jansson keys cannot hold NUL: refused with a message, not truncated.
	 */
	{
		char err[200] = "";

		ck_assert_ptr_null(cm_dispatch_parse(
		    "{\"a\\u0000b\":1}", 13, err, sizeof(err)));
		ck_assert_msg(strstr(err, "NUL") != NULL, "err: %s", err);
	}
}
END_TEST

START_TEST(limits_and_nulls)
{
	json_t *root = json_array(), *cur = root;
	int i;

	ck_assert_ptr_null(cm_dispatch_stringify(NULL));
	for (i = 0; i < 5000; i++) {
		json_t *next = json_array();

		json_array_append_new(cur, next);
		cur = next;
	}
	ck_assert_ptr_null(cm_dispatch_stringify(root));
	json_decref(root);
	ck_assert_ptr_null(cm_dispatch_parse(NULL, 0, NULL, 0));
}
END_TEST

START_TEST(envelopes)
{
	json_t *v = json_pack("{s:s,s:i}", "id", "o1", "total", 42);

	CK_OWNED_STR(
	    cm_envelope_result(v), "{\"result\":{\"id\":\"o1\",\"total\":42}}");
	json_decref(v);
	CK_OWNED_STR(cm_envelope_result(json_null()), "{\"result\":null}");
	/* undefined: JSON.stringify({ result: undefined }) is "{}". */
	CK_OWNED_STR(cm_envelope_result(NULL), "{}");
	CK_OWNED_STR(cm_envelope_error("No such customer."),
	    "{\"error\":\"No such customer.\"}");
	CK_OWNED_STR(cm_envelope_completed(),
	    "{\"error\":\"Execution has already completed.\"}");
	CK_OWNED_STR(cm_envelope_tool_not_found("deleteOrders"),
	    "{\"error\":\"Tool \\\"deleteOrders\\\" not found\"}");
}
END_TEST

static void
ck_read(const char *json, int kind, const char *text, const char *value)
{
	struct cm_envelope env;

	ck_assert_int_eq(cm_envelope_read(json, strlen(json), &env), kind);
	ck_assert_int_eq(env.kind, kind);
	if (text != NULL) {
		ck_assert_ptr_nonnull(env.text);
		ck_assert_str_eq(env.text, text);
	} else
		ck_assert_ptr_null(env.text);
	if (value != NULL)
		CK_OWNED_STR(cm_dispatch_stringify(env.value), value);
	else
		ck_assert_ptr_null(env.value);
	cm_envelope_clear(&env);
}

START_TEST(envelope_reading)
{
	static const char fault[] =
	    "The dispatch answered outside the result envelope";

	ck_read("{\"result\":{\"id\":\"o1\"}}", CM_ENVELOPE_RESULT, NULL,
	    "{\"id\":\"o1\"}");
	ck_read("{\"result\":null}", CM_ENVELOPE_RESULT, NULL, "null");
	ck_read("{}", CM_ENVELOPE_RESULT, NULL, NULL);
	ck_read("{\"error\":\"No such customer.\"}", CM_ENVELOPE_ERROR,
	    "No such customer.", NULL);
	ck_read("{\"error\":{\"why\":1},\"result\":2}", CM_ENVELOPE_ERROR,
	    "{\"why\":1}", NULL);
	ck_read("[1]", CM_ENVELOPE_FAULT, fault, NULL);
	ck_read("null", CM_ENVELOPE_FAULT, fault, NULL);
	ck_read("42", CM_ENVELOPE_FAULT, fault, NULL);
	ck_read("\"{}\"", CM_ENVELOPE_FAULT, fault, NULL);
	ck_read("not json", CM_ENVELOPE_FAULT, fault, NULL);
	ck_read("", CM_ENVELOPE_FAULT, fault, NULL);
}
END_TEST

struct responder {
	int calls;
	char provider[32], tool[32], args[64];
	int mode; /* 0 answer, 1 throw, 2 undefined, 3 throw without text */
};

static int
respond(void *ctx, const char *provider, const char *tool, const char *args,
    size_t args_len, json_t **result, char **error)
{
	struct responder *r = ctx;

	r->calls++;
	snprintf(r->provider, sizeof(r->provider), "%s", provider);
	snprintf(r->tool, sizeof(r->tool), "%s", tool);
	snprintf(r->args, sizeof(r->args), "%.*s", (int)args_len, args);
	switch (r->mode) {
	case 0:
		*result = json_pack("{s:s,s:i}", "id", "o1", "total", 42);
		return 0;
	case 1:
		*error = strdup("No such customer.");
		return 1;
	case 2:
		return 0;
	default:
		return 1;
	}
}

START_TEST(envelope_dispatch)
{
	struct responder r = { 0 };
	struct cm_envelope_dispatch d;

	cm_envelope_dispatch_init(&d, respond, &r);
	ck_assert_int_eq(d.active, 1);
	CK_OWNED_STR(cm_envelope_dispatch_call(
			 &d, "store", "listOrders", "[\"ada\",3]", 9),
	    "{\"result\":{\"id\":\"o1\",\"total\":42}}");
	ck_assert_int_eq(r.calls, 1);
	ck_assert_str_eq(r.provider, "store");
	ck_assert_str_eq(r.tool, "listOrders");
	ck_assert_str_eq(r.args, "[\"ada\",3]");

	r.mode = 1;
	CK_OWNED_STR(
	    cm_envelope_dispatch_call(&d, "store", "listOrders", "", 0),
	    "{\"error\":\"No such customer.\"}");
	ck_assert_int_eq(r.calls, 2);
	ck_assert_str_eq(r.args, "");
	r.mode = 2;
	CK_OWNED_STR(
	    cm_envelope_dispatch_call(&d, "store", "listOrders", NULL, 0),
	    "{}");
	r.mode = 3;
	CK_OWNED_STR(
	    cm_envelope_dispatch_call(&d, "store", "listOrders", "", 0),
	    "{\"error\":\"\"}");
	ck_assert_int_eq(r.calls, 4);

	/* Settled: the completed envelope, and the responder is never called.
	 */
	cm_envelope_dispatch_finish(&d);
	r.mode = 0;
	CK_OWNED_STR(
	    cm_envelope_dispatch_call(&d, "store", "listOrders", "", 0),
	    "{\"error\":\"Execution has already completed.\"}");
	CK_OWNED_STR(cm_envelope_dispatch_call(&d, "crm", "x", "[1]", 3),
	    "{\"error\":\"Execution has already completed.\"}");
	ck_assert_int_eq(r.calls, 4);

	/* A state that starts inactive never calls either. */
	d.active = 0;
	d.respond = respond;
	CK_OWNED_STR(
	    cm_envelope_dispatch_call(&d, "store", "listOrders", "", 0),
	    "{\"error\":\"Execution has already completed.\"}");
	ck_assert_int_eq(r.calls, 4);
}
END_TEST

static Suite *
dispatch_suite(void)
{
	Suite *s = suite_create("dispatch");
	TCase *tc = tcase_create("codec");

	tcase_add_test(tc, seed_stringify_examples);
	tcase_add_test(tc, binary_tags_and_bytes);
	tcase_add_test(tc, arguments);
	tcase_add_test(tc, numbers_like_javascript);
	tcase_add_test(tc, strings_like_javascript);
	tcase_add_test(tc, object_key_order);
	tcase_add_test(tc, limits_and_nulls);
	tcase_add_test(tc, envelopes);
	tcase_add_test(tc, envelope_reading);
	tcase_add_test(tc, envelope_dispatch);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(dispatch_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
