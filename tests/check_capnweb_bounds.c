/*
 * The capnweb session's bounds and identifier rules at their exact edges
 * (libclient/proto/capnweb_session.c, capnweb_recv.c): a message exactly at
 * max_message and one byte past it, the import and export table caps at a
 * small max_entries, an id introduced as both a stub and a promise, the
 * names a JavaScript caller answers locally, and the close reason cut on a
 * UTF-8 boundary. Each test is the boundary a mutation run moved unseen.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "proto/capnweb.h"

/* The main object: counts the calls that reach it and resolves each. */
static int handler_calls;
static char handler_last[64];

static void
count_main(void *udata, struct capnweb_call *c)
{
	(void)udata;
	handler_calls++;
	snprintf(
	    handler_last, sizeof(handler_last), "%s", capnweb_call_method(c));
	capnweb_call_resolve(c, json_integer(1));
}

static struct capnweb_session *
session(size_t max_message, size_t max_entries)
{
	struct capnweb_config cfg = { 0 };
	struct capnweb_session *s;

	cfg.main = count_main;
	cfg.max_message = max_message;
	cfg.max_entries = max_entries;
	s = capnweb_session_new(&cfg);
	ck_assert_ptr_nonnull(s);
	handler_calls = 0;
	handler_last[0] = '\0';
	return s;
}

static int
feed(struct capnweb_session *s, const char *msg)
{
	return capnweb_session_receive(s, msg, strlen(msg));
}

static void
drain(struct capnweb_session *s)
{
	char *m;

	while ((m = capnweb_session_take_outgoing(s, NULL)) != NULL)
		free(m);
}

static void
assert_reason_has(struct capnweb_session *s, const char *want)
{
	const char *r = capnweb_session_end_reason(s);

	ck_assert_msg(r != NULL && strstr(r, want) != NULL,
	    "end reason \"%s\" lacks \"%s\"", r ? r : "(none)", want);
}

static const char push_call[] =
    "[\"push\",[\"pipeline\",0,[\"increment\"],[1]]]";

START_TEST(message_exactly_at_the_limit_is_taken)
{
	struct capnweb_session *s = session(strlen(push_call), 0);

	ck_assert_int_eq(feed(s, push_call), 0);
	ck_assert_int_eq(handler_calls, 1);
	capnweb_session_free(s);
}
END_TEST

START_TEST(message_one_byte_past_the_limit_aborts)
{
	struct capnweb_session *s = session(strlen(push_call) - 1, 0);

	ck_assert_int_eq(feed(s, push_call), CAPNWEB_ENDED);
	ck_assert_int_eq(handler_calls, 0);
	assert_reason_has(s, "exceeds maximum size");
	capnweb_session_free(s);
}
END_TEST

START_TEST(export_table_cap_is_exact)
{
	/* Each push holds an export entry until the peer releases it. */
	struct capnweb_session *s = session(0, 2);

	ck_assert_int_eq(feed(s, push_call), 0);
	ck_assert_int_eq(feed(s, push_call), 0);
	ck_assert_int_eq(handler_calls, 2);
	ck_assert_int_eq(feed(s, push_call), CAPNWEB_ENDED);
	ck_assert_int_eq(handler_calls, 2);
	assert_reason_has(s, "too many exports");
	capnweb_session_free(s);
}
END_TEST

/* A call that never settles keeps its argument stubs imported. */
static struct capnweb_call *held;

static void
hold_main(void *udata, struct capnweb_call *c)
{
	(void)udata;
	handler_calls++;
	held = c;
}

/* The owner completes every call it took: after the session, that frees it. */
static void
release_held(void)
{
	if (held != NULL)
		capnweb_call_resolve(held, json_integer(0));
	held = NULL;
}

static struct capnweb_session *
holding_session(size_t max_entries)
{
	struct capnweb_config cfg = { 0 };
	struct capnweb_session *s;

	cfg.main = hold_main;
	cfg.max_entries = max_entries;
	s = capnweb_session_new(&cfg);
	ck_assert_ptr_nonnull(s);
	handler_calls = 0;
	held = NULL;
	return s;
}

START_TEST(import_table_cap_is_exact)
{
	struct capnweb_session *s;
	size_t e, i;

	/* max_entries 3: one export (the push), exactly three imports. */
	s = holding_session(3);
	ck_assert_int_eq(feed(s,
			     "[\"push\",[\"pipeline\",0,[\"keep\"],"
			     "[[\"export\",-1],[\"export\",-2],"
			     "[\"export\",-3]]]]"),
	    0);
	ck_assert_int_eq(handler_calls, 1);
	capnweb_session_counts(s, &e, &i);
	ck_assert_uint_eq(i, 3);
	capnweb_session_free(s);
	release_held();
	/* A fourth is one past the cap. */
	s = holding_session(3);
	ck_assert_int_eq(feed(s,
			     "[\"push\",[\"pipeline\",0,[\"keep\"],"
			     "[[\"export\",-1],[\"export\",-2],"
			     "[\"export\",-3],[\"export\",-4]]]]"),
	    CAPNWEB_ENDED);
	ck_assert_int_eq(handler_calls, 0);
	assert_reason_has(s, "too many imports");
	capnweb_session_free(s);
}
END_TEST

START_TEST(stub_and_promise_under_one_id_abort)
{
	struct capnweb_session *s = holding_session(0);

	ck_assert_int_eq(feed(s,
			     "[\"push\",[\"pipeline\",0,[\"keep\"],"
			     "[[\"export\",-1],[\"promise\",-1]]]]"),
	    CAPNWEB_ENDED);
	ck_assert_int_eq(handler_calls, 0);
	assert_reason_has(s, "ID -1 introduced as both a stub and a promise");
	capnweb_session_free(s);
	/* The other order too. */
	s = holding_session(0);
	ck_assert_int_eq(feed(s,
			     "[\"push\",[\"pipeline\",0,[\"keep\"],"
			     "[[\"promise\",-1],[\"export\",-1]]]]"),
	    CAPNWEB_ENDED);
	assert_reason_has(s, "introduced as both");
	capnweb_session_free(s);
}
END_TEST

START_TEST(local_names_never_reach_the_handler)
{
	static const char *const local[] = { "then", "catch", "finally", "dup",
		"map", "onRpcBroken", "toString", "constructor", "valueOf",
		"hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable",
		"toLocaleString", "__proto__", "__defineGetter__",
		"__defineSetter__", "__lookupGetter__", "__lookupSetter__" };
	/* Near misses are ordinary methods and do reach it. */
	static const char *const ordinary[] = { "the", "thenx", "Then",
		"toStrin", "constructors", "__proto", "proto" };
	struct capnweb_session *s = session(0, 0);
	char msg[160];
	size_t i;

	for (i = 0; i < sizeof(local) / sizeof(local[0]); i++) {
		snprintf(msg, sizeof(msg),
		    "[\"push\",[\"pipeline\",0,[\"%s\"],[]]]", local[i]);
		ck_assert_int_eq(feed(s, msg), 0);
		ck_assert_msg(
		    handler_calls == 0, "%s reached the handler", local[i]);
	}
	for (i = 0; i < sizeof(ordinary) / sizeof(ordinary[0]); i++) {
		snprintf(msg, sizeof(msg),
		    "[\"push\",[\"pipeline\",0,[\"%s\"],[]]]", ordinary[i]);
		ck_assert_int_eq(feed(s, msg), 0);
		ck_assert_int_eq(handler_calls, (int)i + 1);
		ck_assert_str_eq(handler_last, ordinary[i]);
	}
	drain(s);
	capnweb_session_free(s);
}
END_TEST

/* Peer aborts with `reason`; the end reason must be `want_len` bytes. */
static void
abort_reason(const char *reason, size_t want_len)
{
	struct capnweb_session *s = session(0, 0);
	char msg[1024];
	const char *r;

	snprintf(msg, sizeof(msg), "[\"abort\",\"%s\"]", reason);
	ck_assert_int_eq(feed(s, msg), CAPNWEB_ENDED);
	r = capnweb_session_end_reason(s);
	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(strlen(r), want_len);
	ck_assert_int_eq(memcmp(r, reason, want_len), 0);
	capnweb_session_free(s);
}

START_TEST(end_reason_cut_on_a_character_boundary)
{
	char r[400];

	/* 122 ASCII, then a 2-byte é across the 123-byte limit. */
	memset(r, 'x', 122);
	strcpy(r + 122, "\xc3\xa9yyyyyyyyyy");
	abort_reason(r, 122);
	/* 121 ASCII, é ends exactly at the limit: kept whole. */
	memset(r, 'x', 121);
	strcpy(r + 121, "\xc3\xa9yyyyyyyyyy");
	abort_reason(r, 123);
	/* A 4-byte character starting at 120 would be cut after 3 bytes. */
	memset(r, 'x', 120);
	strcpy(r + 120, "\xf0\x9f\x98\x80yyyy");
	abort_reason(r, 120);
	/* A 3-byte character starting at 122. */
	memset(r, 'x', 122);
	strcpy(r + 122, "\xe2\x82\xacyyyy");
	abort_reason(r, 122);
	/* 124 ASCII: one past the limit, cut to it. */
	memset(r, 'x', 124);
	r[124] = '\0';
	abort_reason(r, 123);
	/* Exactly 123 bytes: nothing cut. */
	memset(r, 'x', 123);
	r[123] = '\0';
	abort_reason(r, 123);
}
END_TEST

START_TEST(only_a_one_element_path_names_a_method)
{
	struct capnweb_session *s = session(0, 0);

	ck_assert_int_eq(
	    feed(s, "[\"push\",[\"pipeline\",0,[\"a\",\"b\"],[]]]"), 0);
	ck_assert_int_eq(
	    feed(s, "[\"push\",[\"pipeline\",0,[\"a\",\"b\",\"c\"],[]]]"), 0);
	ck_assert_int_eq(handler_calls, 0);
	ck_assert_int_eq(feed(s, "[\"push\",[\"pipeline\",0,[\"b\"],[]]]"), 0);
	ck_assert_int_eq(handler_calls, 1);
	drain(s);
	capnweb_session_free(s);
}
END_TEST

/* The main object (target 0) is the peer's bootstrap, never an export. */
START_TEST(main_object_is_never_exported)
{
	struct capnweb_session *s = session(0, 0);
	json_t *args = json_pack("[o]", capnweb_value_target(0));
	size_t e, i;

	ck_assert_int_eq(
	    capnweb_session_call(s, "x", args, NULL, NULL), CAPNWEB_EINVAL);
	json_decref(args);
	capnweb_session_counts(s, &e, &i);
	ck_assert_uint_eq(e, 0);
	ck_assert_ptr_null(capnweb_session_take_outgoing(s, NULL));
	capnweb_session_free(s);
}
END_TEST

/* A method name with a NUL inside is no C string's method: never called. */
START_TEST(method_names_with_a_nul_never_reach_the_handler)
{
	struct capnweb_session *s = session(0, 0);

	ck_assert_int_eq(feed(s,
			     "[\"push\",[\"pipeline\",0,"
			     "[\"increment\\u0000x\"],[]]]"),
	    0);
	ck_assert_int_eq(handler_calls, 0);
	drain(s);
	capnweb_session_free(s);
}
END_TEST

START_TEST(bytes_with_a_nul_inside_their_base64_abort)
{
	struct capnweb_session *s = holding_session(0);

	ck_assert_int_eq(feed(s,
			     "[\"push\",[\"pipeline\",0,[\"keep\"],"
			     "[[\"bytes\",\"AAAA\\u0000AAA\"]]]]"),
	    CAPNWEB_ENDED);
	ck_assert_int_eq(handler_calls, 0);
	capnweb_session_free(s);
}
END_TEST

/* [[[...[1]...]]] nested `depth` arrays deep (each escaped as [[..]]). */
static char *
nested(int depth)
{
	size_t n = (size_t)depth * 4 + 64, i, o = 0;
	char *m = malloc(n);
	static const char head[] = "[\"push\",[\"pipeline\",0,[\"keep\"],[";

	ck_assert_ptr_nonnull(m);
	memcpy(m, head, sizeof(head) - 1);
	o = sizeof(head) - 1;
	for (i = 0; i < (size_t)depth; i++) {
		m[o++] = '[';
		m[o++] = '[';
	}
	m[o++] = '1';
	for (i = 0; i < (size_t)depth; i++) {
		m[o++] = ']';
		m[o++] = ']';
	}
	memcpy(m + o, "]]]", 4);
	return m;
}

START_TEST(default_depth_bound_holds)
{
	struct capnweb_session *s;
	char *m;

	/* Well inside the default bound: taken. */
	s = holding_session(0);
	m = nested(CAPNWEB_MAX_DEPTH / 2);
	ck_assert_int_eq(feed(s, m), 0);
	ck_assert_int_eq(handler_calls, 1);
	free(m);
	capnweb_session_free(s);
	release_held();
	/* Twice the default bound: never decoded into a call. */
	s = holding_session(0);
	m = nested(CAPNWEB_MAX_DEPTH * 2);
	feed(s, m);
	ck_assert_int_eq(handler_calls, 0);
	free(m);
	capnweb_session_free(s);
}
END_TEST

/*
 * The decoder's refusal for an unknown special value, decoded from
 * `["nope","<s>"]`: the error text quotes the value.
 */
static char *
unknown_special_text(const char *s)
{
	json_error_t je;
	json_t *w, *v;
	char *err = NULL;

	w = json_pack_ex(&je, 0, "[ss]", "nope", s);
	ck_assert_ptr_nonnull(w);
	v = capnweb_expr_decode(w, 0, &err);
	ck_assert_ptr_null(v);
	ck_assert_ptr_nonnull(err);
	json_decref(w);
	return err;
}

/*
 * The quoted value is cut at 1024 bytes, backed off to a character
 * boundary: a cut through a 2-, 3- or 4-byte character would put invalid
 * UTF-8 into an error text that crosses the wire as a JSON string. The
 * quote `["nope","` is 9 bytes, so a character starting at quote offset
 * `at` starts at byte at - 9 of the string.
 */
/*
 * Quotes `["nope","<a...><c><b...>"]` (`na` a's, the character `c`, `nb`
 * b's) and expects the error text to carry exactly its first `keep` bytes
 * and "...", or all of it when keep is 0.
 */
static void
fill_and_expect_cut(const char *c, size_t cl, size_t na, size_t nb, size_t keep)
{
	char s[1100], q[1200], want[1300];
	char *err;

	memset(s, 'a', na);
	if (cl > 0)
		memcpy(s + na, c, cl);
	memset(s + na + cl, 'b', nb);
	s[na + cl + nb] = '\0';
	snprintf(q, sizeof(q), "[\"nope\",\"%s\"]", s);
	if (keep == 0)
		snprintf(want, sizeof(want), "unknown special value: %s", q);
	else
		snprintf(want, sizeof(want), "unknown special value: %.*s...",
		    (int)keep, q);
	err = unknown_special_text(s);
	ck_assert_msg(strcmp(err, want) == 0,
	    "%zu-byte character after %zu bytes: %zu bytes quoted, want %zu",
	    cl, na + 9, strlen(err) - strlen("unknown special value: "),
	    strlen(want) - strlen("unknown special value: "));
	free(err);
}

START_TEST(error_text_cut_on_a_character_boundary)
{
	static const char *const chars[] = { "\xc3\xa9", "\xe2\x82\xac",
		"\xf0\x9f\x98\x80" };
	const size_t max = 1024, pre = 9; /* strlen("[\"nope\",\"") */
	size_t k, at, cl;

	/* Exactly 1024 bytes quoted: no cut; one byte past: cut, ellipsis. */
	fill_and_expect_cut(NULL, 0, max - pre - 2, 0, 0);
	fill_and_expect_cut(NULL, 0, max - pre - 1, 0, max);
	for (k = 0; k < 3; k++) {
		cl = strlen(chars[k]);
		/* The character ending exactly at the cut is kept whole; one
		 * straddling it (starting 1..cl-1 bytes before) is dropped. */
		for (at = max - cl; at < max; at++)
			fill_and_expect_cut(chars[k], cl, at - pre, 8,
			    at == max - cl ? max : at);
	}
}
END_TEST

/*
 * A whole double within 2^53 becomes a JSON integer; past it the double
 * stays a real (an integer there would claim a precision the double never
 * had, and a double past INT64_MAX cast to an integer is undefined).
 */
START_TEST(safe_integer_bound_is_exact)
{
	static const double in[] = { 9007199254740991.0, 9007199254740992.0,
		-9007199254740991.0, -9007199254740992.0 };
	static const double out[] = { 9007199254740994.0, -9007199254740994.0,
		18014398509481984.0, -18014398509481984.0, 1e300, -1e300 };
	json_t *v;
	size_t i;

	for (i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
		v = capnweb_value_double(in[i]);
		ck_assert_msg(
		    json_is_integer(v), "%.17g not an integer", in[i]);
		ck_assert(json_integer_value(v) == (json_int_t)in[i]);
		json_decref(v);
	}
	for (i = 0; i < sizeof(out) / sizeof(out[0]); i++) {
		v = capnweb_value_double(out[i]);
		ck_assert_msg(json_is_real(v), "%.17g not a real", out[i]);
		ck_assert(json_real_value(v) == out[i]);
		json_decref(v);
	}
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("capnweb_bounds");
	TCase *tc = tcase_create("edges");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, message_exactly_at_the_limit_is_taken);
	tcase_add_test(tc, message_one_byte_past_the_limit_aborts);
	tcase_add_test(tc, export_table_cap_is_exact);
	tcase_add_test(tc, import_table_cap_is_exact);
	tcase_add_test(tc, stub_and_promise_under_one_id_abort);
	tcase_add_test(tc, local_names_never_reach_the_handler);
	tcase_add_test(tc, end_reason_cut_on_a_character_boundary);
	tcase_add_test(tc, only_a_one_element_path_names_a_method);
	tcase_add_test(tc, bytes_with_a_nul_inside_their_base64_abort);
	tcase_add_test(tc, method_names_with_a_nul_never_reach_the_handler);
	tcase_add_test(tc, main_object_is_never_exported);
	tcase_add_test(tc, default_depth_bound_holds);
	tcase_add_test(tc, error_text_cut_on_a_character_boundary);
	tcase_add_test(tc, safe_integer_bound_is_exact);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
