/*
 * Check suite for the capnweb expression codec (libclient/proto/capnweb_expr.c,
 * capnweb_value.c): JS-exact JSON text, array escaping, special forms, the
 * decoder's refusals (texts as capnweb 0.12.0 gives them where it does),
 * and the probes of transcripts.txt Part E.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "proto/capnweb.h"
#include "proto/capnweb_int.h"

/* Parses wire text as the session does. */
static json_t *
wire(const char *text)
{
	json_error_t e;
	json_t *w;

	w = json_loads(text,
	    JSON_DECODE_INT_AS_REAL | JSON_ALLOW_NUL | JSON_DECODE_ANY, &e);
	ck_assert_msg(w != NULL, "bad test JSON %s: %s", text, e.text);
	return w;
}

/* Decodes wire text, re-encodes the value; compares with `want`. */
static void
roundtrip(const char *text, const char *want)
{
	json_t *w, *v;
	char *err = NULL, *out;

	w = wire(text);
	v = capnweb_expr_decode(w, 0, &err);
	ck_assert_msg(v != NULL, "%s: %s", text, err);
	out = capnweb_expr_encode(v, 0, &err);
	ck_assert_msg(out != NULL, "%s: %s", text, err);
	ck_assert_str_eq(out, want);
	free(out);
	json_decref(v);
	json_decref(w);
}

/* Decoding must fail with exactly `msg`. */
static void
refused(const char *text, const char *msg)
{
	json_t *w, *v;
	char *err = NULL;

	w = wire(text);
	v = capnweb_expr_decode(w, 0, &err);
	ck_assert_msg(v == NULL, "%s decoded", text);
	ck_assert_ptr_nonnull(err);
	ck_assert_str_eq(err, msg);
	free(err);
	json_decref(w);
}

static char *
num(double d)
{
	struct cw_buf b = { 0 };

	cw_json_number(&b, d);
	return cw_buf_take(&b, NULL);
}

#define NUM_EQ(d, s)                                                           \
	do {                                                                   \
		char *_n = num(d);                                             \
		ck_assert_str_eq(_n, s);                                       \
		free(_n);                                                      \
	} while (0)

START_TEST(numbers_as_js)
{
	NUM_EQ(1.5, "1.5");
	NUM_EQ(0.1, "0.1");
	NUM_EQ(-0.5, "-0.5");
	NUM_EQ(100, "100");
	NUM_EQ(1e20, "100000000000000000000");
	NUM_EQ(1e21, "1e+21"); /* X1: serialize(1e21) */
	NUM_EQ(1.5e300, "1.5e+300");
	NUM_EQ(0.000001, "0.000001");
	NUM_EQ(1e-7, "1e-7");
	NUM_EQ(1.25e-7, "1.25e-7");
	NUM_EQ(5e-324, "5e-324");
	NUM_EQ(1.7976931348623157e308, "1.7976931348623157e+308");
	NUM_EQ(0.30000000000000004, "0.30000000000000004");
	NUM_EQ(123456789012345680000.0, "123456789012345680000");
	NUM_EQ(-0.0, "0"); /* -0 is sent as 0 */
}
END_TEST

START_TEST(strings_as_js)
{
	struct cw_buf b = { 0 };
	char *s;
	static const char in[] =
	    "a\"b\\c\b\f\n\r\t\x01\x1f\x7f/\xc3\xa9\xe2\x80\xa8";

	cw_json_string(&b, in, sizeof(in) - 1);
	cw_json_string(&b, "nul\0in", 6);
	s = cw_buf_take(&b, NULL);
	ck_assert_str_eq(s,
	    "\"a\\\"b\\\\c\\b\\f\\n\\r\\t\\u0001\\u001f\x7f/"
	    "\xc3\xa9\xe2\x80\xa8\"\"nul\\u0000in\"");
	free(s);
}
END_TEST

START_TEST(escaping_arrays)
{
	/* T:153/T:155: a pairs value, escaped at every depth. */
	roundtrip(
	    "[[[[\"a\",{\"js\":\"x\"}]]]]", "[[[[\"a\",{\"js\":\"x\"}]]]]");
	roundtrip("[[1,[[2]]]]", "[[1,[[2]]]]");
	roundtrip("[[]]", "[[]]");
	/* E: [["date",5]] is the literal array, [[["date",5]]] holds a Date */
	roundtrip("[[\"date\",5]]", "[[\"date\",5]]");
	roundtrip("[[[\"date\",5]]]", "[[[\"date\",5]]]");
	roundtrip("{\"nested\":[[[[1,[[2]]]],[[]]]]}",
	    "{\"nested\":[[[[1,[[2]]]],[[]]]]}");
}
END_TEST

START_TEST(escaped_array_is_literal)
{
	json_t *w, *v;
	char *err = NULL;

	w = wire("[[\"date\",5]]");
	v = capnweb_expr_decode(w, 0, &err);
	ck_assert(json_is_array(v) && json_array_size(v) == 2);
	ck_assert_str_eq(json_string_value(json_array_get(v, 0)), "date");
	ck_assert_int_eq(json_integer_value(json_array_get(v, 1)), 5);
	json_decref(v);
	json_decref(w);
	w = wire("[[[\"date\",5]]]");
	v = capnweb_expr_decode(w, 0, &err);
	ck_assert_str_eq(capnweb_value_kind(json_array_get(v, 0)), "date");
	json_decref(v);
	json_decref(w);
}
END_TEST

START_TEST(special_values_s7)
{
	/* T:159/T:161: every scalar special form echoes unchanged. */
	static const char s7[] =
	    "{\"u\":[\"undefined\"],\"n\":null,"
	    "\"nan\":[\"nan\"],\"inf\":[\"inf\"],\"ninf\":[\"-inf\"],"
	    "\"big\":[\"bigint\",\"12345678901234567890\"],"
	    "\"d\":[\"date\",1700000000000],\"bad\":[\"date\",null],"
	    "\"nested\":[[[[1,[[2]]]],[[]]]],\"s\":\"str\",\"f\":1.5,"
	    "\"neg0\":0,\"url\":[\"url\",\"https://example.com/a?b=1\"]}";

	roundtrip(s7, s7);
	roundtrip("[\"date\",1.5]", "[\"date\",1]"); /* E: truncated */
	roundtrip("[\"date\",-1.5]", "[\"date\",-1]");
	roundtrip("[\"date\",9e15]", "[\"date\",null]");
	roundtrip("[\"nan\",1]", "[\"nan\"]"); /* E: extra ignored */
	roundtrip("[\"bigint\",\"0x10\"]", "[\"bigint\",\"0x10\"]");
	roundtrip("[\"bigint\",\" 12 \"]", "[\"bigint\",\" 12 \"]");
	roundtrip("-0", "0");
	roundtrip("12345678901234567890", "12345678901234567000");
	roundtrip("1e21", "1e+21");
}
END_TEST

START_TEST(numbers_decode_to_integers)
{
	json_t *w, *v;
	char *err = NULL;

	w = wire("[[1,2.0,1.5,9007199254740994]]");
	v = capnweb_expr_decode(w, 0, &err);
	ck_assert(json_is_integer(json_array_get(v, 0)));
	ck_assert(json_is_integer(json_array_get(v, 1)));
	ck_assert(json_is_real(json_array_get(v, 2)));
	ck_assert(json_is_real(json_array_get(v, 3)));
	json_decref(v);
	json_decref(w);
}
END_TEST

START_TEST(bytes_forms)
{
	uint8_t *p;
	size_t n;
	json_t *w, *v;
	char *err = NULL;

	/* R9: padded and unpadded in, unpadded out, markers kept. */
	roundtrip("[\"bytes\",\"AQID\"]", "[\"bytes\",\"AQID\"]");
	roundtrip("[\"bytes\",\"AQI=\"]", "[\"bytes\",\"AQI\"]");
	roundtrip("[\"bytes\",\"AQIDBA\",\"Int16Array\"]",
	    "[\"bytes\",\"AQIDBA\",\"Int16Array\"]");
	roundtrip("[\"bytes\",\"\"]", "[\"bytes\",\"\"]");
	roundtrip("[\"bytes\",\"AQ\",\"Uint8Array\"]", "[\"bytes\",\"AQ\"]");
	refused("[\"bytes\",\"AQID\",\"Float16Array\"]",
	    "Unknown bytes type marker: Float16Array");
	refused("[\"bytes\",\"AQID\",\"Int16Array\"]",
	    "byte length of Int16Array should be a multiple of 2");
	refused("[\"bytes\",\"A!==\"]", "Invalid base64 in bytes value");

	w = wire("[\"bytes\",\"AQID/w\"]");
	v = capnweb_expr_decode(w, 0, &err);
	ck_assert_int_eq(capnweb_value_get_bytes(v, &p, &n), 0);
	ck_assert_uint_eq(n, 4);
	ck_assert(memcmp(p, "\x01\x02\x03\xff", 4) == 0);
	free(p);
	json_decref(v);
	json_decref(w);
}
END_TEST

START_TEST(bytes_s5_encode)
{
	static const uint8_t f64[] = { 0, 0, 0, 0, 0, 0, 0xf8, 0x3f };
	json_t *o;
	char *s, *err = NULL;

	o = json_object();
	json_object_set_new(
	    o, "u8", capnweb_value_bytes("\x01\x02\x03\xff", 4, NULL));
	json_object_set_new(o, "ab",
	    capnweb_value_bytes("\x09\x08\x07\x06\x05", 5, "ArrayBuffer"));
	json_object_set_new(
	    o, "i16", capnweb_value_bytes("\x01\x00\xfe\xff", 4, "Int16Array"));
	json_object_set_new(
	    o, "f64", capnweb_value_bytes(f64, 8, "Float64Array"));
	json_object_set_new(
	    o, "dv", capnweb_value_bytes("\xde\xad", 2, "DataView"));
	json_object_set_new(
	    o, "nodeBuffer", capnweb_value_bytes("hi", 2, NULL));
	json_object_set_new(o, "empty", capnweb_value_bytes("", 0, NULL));
	json_object_set_new(o, "sub", capnweb_value_bytes("\x02\x03", 2, NULL));
	s = capnweb_expr_encode(o, 0, &err);
	/* T:111 */
	ck_assert_str_eq(s,
	    "{\"u8\":[\"bytes\",\"AQID/w\"],"
	    "\"ab\":[\"bytes\",\"CQgHBgU\",\"ArrayBuffer\"],"
	    "\"i16\":[\"bytes\",\"AQD+/w\",\"Int16Array\"],"
	    "\"f64\":[\"bytes\",\"AAAAAAAA+D8\",\"Float64Array\"],"
	    "\"dv\":[\"bytes\",\"3q0\",\"DataView\"],"
	    "\"nodeBuffer\":[\"bytes\",\"aGk\"],\"empty\":[\"bytes\",\"\"],"
	    "\"sub\":[\"bytes\",\"AgM\"]}");
	free(s);
	json_decref(o);
	ck_assert_ptr_null(capnweb_value_bytes("x", 1, "Float16Array"));
}
END_TEST

START_TEST(errors_encode)
{
	json_t *e, *details, *list;
	char *s, *err = NULL;

	/* T:74 */
	e = capnweb_error_new("Error", "queue is full");
	capnweb_error_set_prop(e, "code", json_string("QUEUE_OVERFLOW"));
	s = capnweb_expr_encode(e, 0, &err);
	ck_assert_str_eq(s,
	    "[\"error\",\"Error\",\"queue is full\",null,"
	    "{\"code\":\"QUEUE_OVERFLOW\"}]");
	free(s);
	json_decref(e);

	/* T:90: props escaped, cause an error itself */
	e = capnweb_error_new("RangeError", "out of range");
	capnweb_error_set_prop(e, "retryAfterMs", json_integer(250));
	details = json_object();
	list = json_pack("[ii]", 1, 2);
	json_object_set_new(details, "limit", json_integer(10));
	json_object_set_new(details, "list", list);
	capnweb_error_set_prop(e, "details", details);
	capnweb_error_set_prop(
	    e, "cause", capnweb_error_new("Error", "inner cause"));
	s = capnweb_expr_encode(e, 0, &err);
	ck_assert_str_eq(s,
	    "[\"error\",\"RangeError\",\"out of range\",null,"
	    "{\"retryAfterMs\":250,\"details\":{\"limit\":10,\"list\":[[1,2]]},"
	    "\"cause\":[\"error\",\"Error\",\"inner cause\"]}]");
	free(s);
	json_decref(e);

	e = capnweb_error_new("TypeError", "t");
	json_object_set_new(e, "stack", json_string("custom stack"));
	s = capnweb_expr_encode(e, 0, &err);
	ck_assert_str_eq(s, "[\"error\",\"TypeError\",\"t\",\"custom stack\"]");
	free(s);
	json_decref(e);
}
END_TEST

START_TEST(errors_decode)
{
	json_t *w, *v;
	char *err = NULL;

	/* E (T:873): props minus name/message/stack/proto names */
	w = wire(
	    "[\"error\",\"Error\",\"x\",null,{\"code\":\"Q\",\"name\":"
	    "\"Nope\",\"message\":\"Nope\",\"toString\":\"bad\",\"__proto__\":"
	    "{\"a\":1},\"nested\":[[1,[\"undefined\"]]]}]");
	v = capnweb_expr_decode(w, 0, &err);
	ck_assert_ptr_nonnull(v);
	ck_assert_str_eq(capnweb_error_name(v), "Error");
	ck_assert_str_eq(capnweb_error_message(v), "x");
	ck_assert_str_eq(json_string_value(capnweb_error_prop(v, "code")), "Q");
	ck_assert_ptr_nonnull(capnweb_error_prop(v, "nested"));
	ck_assert_uint_eq(json_object_size(json_object_get(v, "props")), 2);
	ck_assert_ptr_null(json_object_get(v, "stack"));
	json_decref(v);
	json_decref(w);
	roundtrip("[\"error\",\"TypeError\",\"x\",\"custom stack\"]",
	    "[\"error\",\"TypeError\",\"x\",\"custom stack\"]");
	/* E: fewer than 3 elements */
	refused("[\"error\",\"Error\"]",
	    "unknown special value: [\"error\",\"Error\"]");
	refused("[\"error\",1,\"m\"]",
	    "unknown special value: [\"error\",1,\"m\"]");
}
END_TEST

START_TEST(refusals)
{
	/* E and F11 (T:784) */
	refused("[]", "unknown special value: []");
	refused("[1,2]", "unknown special value: [1,2]");
	refused(
	    "[\"undefined\",1]", "unknown special value: [\"undefined\",1]");
	refused("[\"nope\"]", "unknown special value: [\"nope\"]");
	refused("[\"date\",\"x\"]", "unknown special value: [\"date\",\"x\"]");
	refused("[\"bigint\",\"12a\"]", "Cannot convert 12a to a BigInt");
	refused("{\"a\":[[1,[2]]]}", "unknown special value: [2]");
	/* stubs need a session */
	refused("[\"export\",-1]",
	    "a stub outside a session is not supported by this peer");
	refused("[\"export\",1]", "bad export ID in value: 1");
	refused("[\"headers\",[]]", "headers is not supported by this peer");
}
END_TEST

START_TEST(bigint_limit)
{
	char *text;
	size_t i;

	text = malloc(CAPNWEB_MAX_BIGINT + 32);
	strcpy(text, "[\"bigint\",\"");
	for (i = 0; i < CAPNWEB_MAX_BIGINT + 1; i++)
		text[11 + i] = '7';
	strcpy(text + 11 + i, "\"]");
	refused(text, "BigInt string exceeds 16384 digits");
	text[11 + CAPNWEB_MAX_BIGINT] = '"';
	text[12 + CAPNWEB_MAX_BIGINT] = ']';
	text[13 + CAPNWEB_MAX_BIGINT] = '\0';
	roundtrip(text, text);
	free(text);
}
END_TEST

START_TEST(depth_limit)
{
	char *text;
	size_t i, n;
	json_t *w, *v;
	char *err = NULL;

	/* 300 nested escaped arrays: [[ [[ ... ]] ]] */
	n = 300;
	text = malloc(4 * n + 8);
	for (i = 0; i < n; i++)
		memcpy(text + 2 * i, "[[", 2);
	for (i = 0; i < n; i++)
		memcpy(text + 2 * n + 2 * i, "]]", 2);
	text[4 * n] = '\0';
	refused(text, "Value nesting exceeds the maximum depth of 256");
	w = wire(text);
	v = capnweb_expr_decode(w, 400, &err);
	ck_assert_ptr_nonnull(v);
	ck_assert_ptr_null(capnweb_expr_encode(v, 0, &err));
	ck_assert_str_eq(err,
	    "Cannot serialize value: nesting exceeds the "
	    "maximum depth of 256");
	free(err);
	json_decref(v);
	json_decref(w);
	free(text);
}
END_TEST

START_TEST(proto_keys_dropped)
{
	/* S6 (T:134-135) and E: dropped at any depth; $capnweb too */
	roundtrip(
	    "{\"constructor\":\"c\",\"toString\":\"t\",\"valueOf\":\"v\","
	    "\"hasOwnProperty\":\"h\",\"toJSON\":\"j\",\"normal\":1,\"nested\":"
	    "{\"constructor\":{\"deep\":true},\"ok\":2}}",
	    "{\"normal\":1,\"nested\":{\"ok\":2}}");
	roundtrip("{\"__proto__\":1,\"a\":[[1]]}", "{\"a\":[[1]]}");
	roundtrip(
	    "{\"$capnweb\":\"stub\",\"id\":-1,\"k\":1}", "{\"id\":-1,\"k\":1}");
	/* but a dropped value is still checked */
	refused("{\"constructor\":[1]}", "unknown special value: [1]");
}
END_TEST

START_TEST(value_constructors)
{
	json_t *v;
	char *s, *err = NULL;

	v = json_pack("[oooooo]", capnweb_value_undefined(),
	    capnweb_value_double(INFINITY), capnweb_value_double(-INFINITY),
	    capnweb_value_double(NAN), capnweb_value_bigint("-99"),
	    capnweb_value_date(0));
	s = capnweb_expr_encode(v, 0, &err);
	ck_assert_str_eq(s,
	    "[[[\"undefined\"],[\"inf\"],[\"-inf\"],[\"nan\"],"
	    "[\"bigint\",\"-99\"],[\"date\",0]]]");
	free(s);
	json_decref(v);
	v = capnweb_value_double(3.0);
	ck_assert(json_is_integer(v));
	json_decref(v);
	v = capnweb_value_target(1);
	ck_assert_ptr_null(capnweb_expr_encode(v, 0, &err));
	ck_assert_str_eq(err, "Cannot serialize value: no such local target");
	free(err);
	json_decref(v);
}
END_TEST

START_TEST(map_against_reference)
{
	static char present[4096];
	struct cw_map m = { 0 };
	uint32_t x = 12345;
	int64_t k;
	int i;

	memset(present, 0, sizeof(present));
	for (i = 0; i < 200000; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		k = (int64_t)(x % 4096) - 2048;
		if (k == 0)
			continue;
		if (x & 0x100000) {
			if (cw_map_put(&m, k, &present[k + 2048]) != 0)
				ck_abort_msg("cw_map_put failed");
			present[k + 2048] = 1;
		} else {
			cw_map_del(&m, k);
			present[k + 2048] = 0;
		}
		if (i % 997 == 0) {
			size_t n = 0, bad = 0;
			int j;

			/* one assertion per sweep: each one costs a syscall */
			for (j = 0; j < 4096; j++) {
				if (j == 2048)
					continue;
				bad += (cw_map_get(&m, j - 2048) != NULL) !=
				    present[j];
				n += present[j];
			}
			ck_assert_uint_eq(bad, 0);
			ck_assert_uint_eq(m.n, n);
		}
	}
	free(m.keys);
	free(m.vals);
}
END_TEST

static Suite *
capnweb_suite(void)
{
	Suite *s = suite_create("capnweb");
	TCase *tc = tcase_create("codec");

	tcase_add_test(tc, numbers_as_js);
	tcase_add_test(tc, strings_as_js);
	tcase_add_test(tc, escaping_arrays);
	tcase_add_test(tc, escaped_array_is_literal);
	tcase_add_test(tc, special_values_s7);
	tcase_add_test(tc, numbers_decode_to_integers);
	tcase_add_test(tc, bytes_forms);
	tcase_add_test(tc, bytes_s5_encode);
	tcase_add_test(tc, errors_encode);
	tcase_add_test(tc, errors_decode);
	tcase_add_test(tc, refusals);
	tcase_add_test(tc, bigint_limit);
	tcase_add_test(tc, depth_limit);
	tcase_add_test(tc, proto_keys_dropped);
	tcase_add_test(tc, value_constructors);
	tcase_add_test(tc, map_against_reference);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(capnweb_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
