/*
 * Check suite for the capnweb session (libclient/proto/capnweb_session.c): the
 * exchanges of transcripts.txt replayed byte for byte. Server role: the JS
 * client's frames are fed in and our frames must equal the server's (F*,
 * S3-S7, R3-R9). Client role: the JS server's frames are fed in (S1, R2,
 * F8-F11). Then two sessions back to back, and the session-end rules.
 */
#include <check.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "proto/capnweb.h"

/* The session borrows call arguments; these wrappers take them. */
static int64_t
t_call(struct capnweb_session *s, const char *m, json_t *args,
    capnweb_settle_fn fn, void *udata)
{
	int64_t r;

	r = capnweb_session_call(s, m, args, fn, udata);
	json_decref(args);
	return r;
}

static int64_t
t_stub_call(struct capnweb_stub *st, const char *m, json_t *args,
    capnweb_settle_fn fn, void *udata)
{
	int64_t r;

	r = capnweb_stub_call(st, m, args, fn, udata);
	json_decref(args);
	return r;
}

/* --- Harness ----------------------------------------------------------- */

static void
feed(struct capnweb_session *s, const char *msg, int want)
{
	int r;

	r = capnweb_session_receive(s, msg, strlen(msg));
	ck_assert_msg(r == want, "receive(%s) = %d, want %d", msg, r, want);
}

/* Every queued message, in order, must equal the NULL-terminated list. */
static void
expect(struct capnweb_session *s, ...)
{
	va_list ap;
	const char *want;
	char *got;

	va_start(ap, s);
	while ((want = va_arg(ap, const char *)) != NULL) {
		got = capnweb_session_take_outgoing(s, NULL);
		ck_assert_msg(got != NULL, "missing %s", want);
		ck_assert_str_eq(got, want);
		free(got);
	}
	va_end(ap);
	got = capnweb_session_take_outgoing(s, NULL);
	ck_assert_msg(got == NULL, "unexpected %s", got ? got : "");
}

static void
counts(struct capnweb_session *s, size_t ex, size_t im)
{
	size_t e, i;

	capnweb_session_counts(s, &e, &i);
	ck_assert_uint_eq(e, ex);
	ck_assert_uint_eq(i, im);
}

/* What settle callbacks saw. */
struct seen {
	struct capnweb_session *s; /* for callbacks that call again */
	int calls;
	int status;
	char *text; /* the value, encoded */
};

static void
seen_settle(void *udata, int status, json_t *v)
{
	struct seen *w = udata;
	char *err = NULL;

	w->calls++;
	w->status = status;
	free(w->text);
	w->text = capnweb_expr_encode(v, 0, &err);
	free(err);
}

/* --- A server in the style of fakeserver.mjs ------------------------- */

struct srv {
	struct capnweb_session *s;
	struct capnweb_call *execute; /* waiting for the second dispatch */
	struct capnweb_stub *dispatch;
	struct capnweb_call *held; /* a call completed later by the test */
	int counter_target;
	int counter;
};

static void counter_call(void *, struct capnweb_call *);

static void
srv_second(void *udata, int status, json_t *v)
{
	struct srv *sv = udata;
	json_t *r;

	ck_assert_int_eq(status, CAPNWEB_RESOLVED);
	capnweb_stub_release(sv->dispatch);
	sv->dispatch = NULL;
	r = json_pack("{s:s,s:O,s:O}", "status", "done", "second", v,
	    "echoProviders", json_array_get(capnweb_call_args(sv->execute), 1));
	capnweb_call_resolve(sv->execute, r);
	sv->execute = NULL;
}

static void
srv_main(void *udata, struct capnweb_call *c)
{
	struct srv *sv = udata;
	const char *m = capnweb_call_method(c);
	json_t *args = capnweb_call_args(c), *e, *d;

	if (strcmp(m, "protocolVersion") == 0)
		capnweb_call_resolve(c, json_integer(1));
	else if (strcmp(m, "execute") == 0) {
		/* F2: dispatch fire-and-forget once, then awaited once */
		sv->dispatch =
		    capnweb_session_stub(sv->s, json_array_get(args, 3));
		ck_assert_ptr_nonnull(sv->dispatch);
		sv->execute = c;
		ck_assert_int_gt(
		    t_stub_call(sv->dispatch, NULL,
			json_pack("[{s:i,s:s}]", "seq", 1, "event", "start"),
			NULL, NULL),
		    0);
		ck_assert_int_gt(
		    t_stub_call(sv->dispatch, NULL,
			json_pack("[{s:i,s:s}]", "seq", 2, "event", "data"),
			srv_second, sv),
		    0);
	} else if (strcmp(m, "fail") == 0) {
		e = capnweb_error_new("Error", "queue is full");
		capnweb_error_set_prop(
		    e, "code", json_string("QUEUE_OVERFLOW"));
		capnweb_call_reject(c, e);
	} else if (strcmp(m, "failTyped") == 0) {
		e = capnweb_error_new("RangeError", "out of range");
		capnweb_error_set_prop(e, "retryAfterMs", json_integer(250));
		capnweb_error_set_prop(e, "details",
		    json_pack("{s:i,s:[ii]}", "limit", 10, "list", 1, 2));
		capnweb_error_set_prop(
		    e, "cause", capnweb_error_new("Error", "inner cause"));
		capnweb_call_reject(c, e);
	} else if (strcmp(m, "throwString") == 0)
		capnweb_call_reject(c, json_string("just a string"));
	else if (strcmp(m, "echo") == 0)
		capnweb_call_resolve(c, json_incref(json_array_get(args, 0)));
	else if (strcmp(m, "protoKeys") == 0) {
		d = json_pack("{s:s,s:s,s:s,s:s,s:s,s:i,s:{s:{s:b},s:i}}",
		    "constructor", "c", "toString", "t", "valueOf", "v",
		    "hasOwnProperty", "h", "toJSON", "j", "normal", 1, "nested",
		    "constructor", "deep", 1, "ok", 2);
		capnweb_call_resolve(c, d);
	} else if (strcmp(m, "makeCounter") == 0) {
		sv->counter = (int)json_integer_value(json_array_get(args, 0));
		if (sv->counter_target == 0)
			sv->counter_target =
			    capnweb_session_add_target(sv->s, counter_call, sv);
		capnweb_call_resolve(
		    c, capnweb_value_target(sv->counter_target));
	} else if (strcmp(m, "sameTwice") == 0) {
		if (sv->counter_target == 0)
			sv->counter_target =
			    capnweb_session_add_target(sv->s, counter_call, sv);
		capnweb_call_resolve(c,
		    json_pack("{s:o,s:o}", "a",
			capnweb_value_target(sv->counter_target), "b",
			capnweb_value_target(sv->counter_target)));
	} else if (strcmp(m, "bytes") == 0) {
		d = json_object();
		json_object_set_new(
		    d, "u8", capnweb_value_bytes("\x01\x02\x03\xff", 4, NULL));
		json_object_set_new(d, "ab",
		    capnweb_value_bytes(
			"\x09\x08\x07\x06\x05", 5, "ArrayBuffer"));
		json_object_set_new(d, "i16",
		    capnweb_value_bytes("\x01\x00\xfe\xff", 4, "Int16Array"));
		json_object_set_new(d, "f64",
		    capnweb_value_bytes(
			"\0\0\0\0\0\0\xf8\x3f", 8, "Float64Array"));
		json_object_set_new(
		    d, "dv", capnweb_value_bytes("\xde\xad", 2, "DataView"));
		json_object_set_new(
		    d, "nodeBuffer", capnweb_value_bytes("hi", 2, NULL));
		json_object_set_new(
		    d, "empty", capnweb_value_bytes("", 0, NULL));
		json_object_set_new(
		    d, "sub", capnweb_value_bytes("\x02\x03", 2, NULL));
		capnweb_call_resolve(c, d);
	} else if (strcmp(m, "abortMe") == 0) {
		ck_assert_int_eq(capnweb_session_abort(sv->s, "asked to"), 0);
		ck_assert_int_eq(
		    capnweb_call_resolve(c, json_null()), CAPNWEB_ENDED);
	} else if (strcmp(m, "later") == 0)
		sv->held = c;
	else
		capnweb_call_reject_unknown(c);
}

static void
counter_call(void *udata, struct capnweb_call *c)
{
	struct srv *sv = udata;

	if (strcmp(capnweb_call_method(c), "increment") != 0) {
		capnweb_call_reject_unknown(c);
		return;
	}
	sv->counter +=
	    (int)json_integer_value(json_array_get(capnweb_call_args(c), 0));
	capnweb_call_resolve(c, json_integer(sv->counter));
}

static struct srv sv;

static struct capnweb_session *
server(void)
{
	struct capnweb_config cfg = { 0 };

	memset(&sv, 0, sizeof(sv));
	cfg.main = srv_main;
	cfg.main_udata = &sv;
	sv.s = capnweb_session_new(&cfg);
	ck_assert_ptr_nonnull(sv.s);
	return sv.s;
}

/* --- Server role: Part D (F1-F7) ----------------------------------------- */

START_TEST(f1_protocol_version)
{
	struct capnweb_session *s = server();

	feed(s, "[\"push\",[\"pipeline\",0,[\"protocolVersion\"],[]]]", 0);
	expect(s, NULL);
	feed(s, "[\"pull\",1]", 0);
	expect(s, "[\"resolve\",1,1]", NULL);
	feed(s, "[\"release\",1,1]", 0);
	expect(s, NULL);
	counts(s, 0, 0);
	/* R1: the "import" head is accepted too */
	feed(s, "[\"push\",[\"import\",0,[\"protocolVersion\"],[]]]", 0);
	feed(s, "[\"pull\",2]", 0);
	expect(s, "[\"resolve\",2,1]", NULL);
	feed(s, "[\"release\",2,1]", 0);
	counts(s, 0, 0);
	capnweb_session_free(s);
}
END_TEST

START_TEST(f1_eager_resolve)
{
	struct capnweb_config cfg = { 0 };
	struct capnweb_session *s;

	memset(&sv, 0, sizeof(sv));
	cfg.main = srv_main;
	cfg.main_udata = &sv;
	cfg.eager_resolve = 1;
	s = sv.s = capnweb_session_new(&cfg);
	feed(s, "[\"push\",[\"pipeline\",0,[\"protocolVersion\"],[]]]", 0);
	expect(s, "[\"resolve\",1,1]", NULL);
	feed(s, "[\"pull\",1]", 0);
	expect(s, NULL);
	feed(s, "[\"release\",1,1]", 0);
	/* F8: never pulled, resolved anyway, released by the peer */
	feed(s, "[\"push\",[\"pipeline\",0,[\"makeCounter\"],[1]]]", 0);
	expect(s, "[\"resolve\",2,[\"export\",-1]]", NULL);
	feed(s, "[\"release\",2,1]", 0);
	feed(s, "[\"release\",-1,1]", 0);
	counts(s, 0, 0);
	capnweb_session_free(s);
}
END_TEST

START_TEST(f2_execute_with_dispatch)
{
	struct capnweb_session *s = server();

	feed(s,
	    "[\"push\",[\"pipeline\",0,[\"execute\"],[\"code\",[[[[\"a\","
	    "{\"js\":\"x\"}]]]],{\"t\":1},[\"export\",-1],\"mode\"]]]",
	    0);
	feed(s, "[\"pull\",1]", 0);
	/* T:634-637 */
	expect(s,
	    "[\"push\",[\"pipeline\",-1,[],[{\"seq\":1,\"event\":\"start\"}]]]",
	    "[\"release\",1,1]",
	    "[\"push\",[\"pipeline\",-1,[],[{\"seq\":2,\"event\":\"data\"}]]]",
	    "[\"pull\",2]", NULL);
	counts(s, 1, 2);
	feed(s, "[\"resolve\",2,{\"ack\":2}]", 0);
	/* T:639-645 */
	expect(s, "[\"release\",2,1]", "[\"release\",-1,1]",
	    "[\"resolve\",1,{\"status\":\"done\",\"second\":{\"ack\":2},"
	    "\"echoProviders\":[[[[\"a\",{\"js\":\"x\"}]]]]}]",
	    NULL);
	feed(s, "[\"release\",1,1]", 0);
	expect(s, NULL);
	counts(s, 0, 0);
	capnweb_session_free(s);
}
END_TEST

START_TEST(f3_errors)
{
	struct capnweb_session *s = server();

	feed(s, "[\"push\",[\"pipeline\",0,[\"fail\"],[]]]", 0);
	feed(s, "[\"pull\",1]", 0);
	expect(s,
	    "[\"reject\",1,[\"error\",\"Error\",\"queue is full\",null,"
	    "{\"code\":\"QUEUE_OVERFLOW\"}]]",
	    NULL);
	feed(s, "[\"release\",1,1]", 0);
	feed(s, "[\"push\",[\"pipeline\",0,[\"nope\"],[1]]]", 0);
	feed(s, "[\"pull\",2]", 0);
	expect(s,
	    "[\"reject\",2,[\"error\",\"TypeError\",\"'nope' is not a "
	    "function.\"]]",
	    NULL);
	feed(s, "[\"release\",2,1]", 0);
	/* S4 (T:90, T:95) */
	feed(s, "[\"push\",[\"pipeline\",0,[\"failTyped\"],[]]]", 0);
	feed(s, "[\"pull\",3]", 0);
	expect(s,
	    "[\"reject\",3,[\"error\",\"RangeError\",\"out of range\","
	    "null,{\"retryAfterMs\":250,\"details\":{\"limit\":10,\"list\":"
	    "[[1,2]]},\"cause\":[\"error\",\"Error\",\"inner cause\"]}]]",
	    NULL);
	feed(s, "[\"release\",3,1]", 0);
	feed(s, "[\"push\",[\"pipeline\",0,[\"throwString\"],[]]]", 0);
	feed(s, "[\"pull\",4]", 0);
	expect(s, "[\"reject\",4,\"just a string\"]", NULL);
	feed(s, "[\"release\",4,1]", 0);
	counts(s, 0, 0);
	capnweb_session_free(s);
}
END_TEST

START_TEST(f4_exported_object)
{
	struct capnweb_session *s = server();

	feed(s, "[\"push\",[\"pipeline\",0,[\"makeCounter\"],[5]]]", 0);
	feed(s, "[\"pull\",1]", 0);
	expect(s, "[\"resolve\",1,[\"export\",-1]]", NULL);
	feed(s, "[\"release\",1,1]", 0);
	feed(s, "[\"push\",[\"pipeline\",-1,[\"increment\"],[2]]]", 0);
	feed(s, "[\"pull\",2]", 0);
	expect(s, "[\"resolve\",2,7]", NULL);
	feed(s, "[\"release\",2,1]", 0);
	counts(s, 1, 0);
	feed(s, "[\"release\",-1,1]", 0);
	counts(s, 0, 0);
	/* a second hand-over gets a fresh id; T:403: -1,-2 in one result */
	feed(s, "[\"push\",[\"pipeline\",0,[\"makeCounter\"],[0]]]", 0);
	feed(s, "[\"pull\",3]", 0);
	expect(s, "[\"resolve\",3,[\"export\",-2]]", NULL);
	feed(s, "[\"push\",[\"pipeline\",0,[\"sameTwice\"],[]]]", 0);
	feed(s, "[\"pull\",4]", 0);
	expect(s,
	    "[\"resolve\",4,{\"a\":[\"export\",-3],\"b\":[\"export\",-4]}]",
	    NULL);
	feed(s, "[\"release\",-3,1]", 0);
	/* a released export is gone for good */
	feed(s, "[\"push\",[\"pipeline\",-3,[\"increment\"],[1]]]",
	    CAPNWEB_ENDED);
	expect(s,
	    "[\"abort\",[\"error\",\"Error\",\"no such entry on exports "
	    "table: -3\"]]",
	    NULL);
	capnweb_session_free(s);
}
END_TEST

START_TEST(f7_pipelining_refused)
{
	struct capnweb_session *s = server();

	feed(s, "[\"push\",[\"pipeline\",0,[\"makeCounter\"],[1]]]", 0);
	feed(s, "[\"push\",[\"pipeline\",1,[\"increment\"],[1]]]", 0);
	feed(s, "[\"pull\",2]", 0);
	expect(s,
	    "[\"reject\",2,[\"error\",\"Error\",\"Promise pipelining on "
	    "a call result is not supported by this peer\"]]",
	    NULL);
	feed(s, "[\"release\",2,1]", 0);
	/* map() (S13) takes an id too, and its capture stub is released */
	feed(s,
	    "[\"push\",[\"remap\",1,[],[[\"export\",-1]],[[\"pipeline\","
	    "-1,[\"square\"],[[\"pipeline\",0]]],[\"pipeline\",1]]]]",
	    0);
	expect(s, "[\"release\",-1,1]", NULL);
	feed(s, "[\"pull\",3]", 0);
	expect(s,
	    "[\"reject\",3,[\"error\",\"Error\",\"map() is not supported "
	    "by this peer\"]]",
	    NULL);
	/* a promise argument (S12): call rejected, promise released on
	   its unsolicited resolve */
	feed(s, "[\"push\",[\"pipeline\",0,[\"echo\"],[[\"promise\",-2]]]]", 0);
	feed(s, "[\"pull\",4]", 0);
	expect(s,
	    "[\"reject\",4,[\"error\",\"Error\",\"a promise in a value is "
	    "not supported by this peer\"]]",
	    NULL);
	feed(s, "[\"resolve\",-2,42]", 0);
	expect(s, "[\"release\",-2,1]", NULL);
	feed(s, "[\"pull\",1]", 0);
	expect(s, "[\"resolve\",1,[\"export\",-1]]", NULL);
	capnweb_session_free(s);
}
END_TEST

/* --- Server role: Part A values (S5-S7) -------------------------------- */

START_TEST(s6_proto_keys)
{
	struct capnweb_session *s = server();

	feed(s, "[\"push\",[\"pipeline\",0,[\"protoKeys\"],[]]]", 0);
	feed(s, "[\"pull\",1]", 0);
	/* T:134: the sender keeps them (the JS receiver drops them) */
	expect(s,
	    "[\"resolve\",1,{\"constructor\":\"c\",\"toString\":\"t\","
	    "\"valueOf\":\"v\",\"hasOwnProperty\":\"h\",\"toJSON\":\"j\","
	    "\"normal\":1,\"nested\":{\"constructor\":{\"deep\":true},"
	    "\"ok\":2}}]",
	    NULL);
	feed(s, "[\"release\",1,1]", 0);
	/* T:137-139 */
	feed(s,
	    "[\"push\",[\"pipeline\",0,[\"echo\"],[{\"constructor\":1,"
	    "\"toString\":2,\"toJSON\":4,\"keep\":5}]]]",
	    0);
	feed(s, "[\"pull\",2]", 0);
	expect(s, "[\"resolve\",2,{\"keep\":5}]", NULL);
	capnweb_session_free(s);
}
END_TEST

START_TEST(s7_escaping_and_specials)
{
	struct capnweb_session *s = server();

	/* T:153-155 */
	feed(s,
	    "[\"push\",[\"pipeline\",0,[\"echo\"],[[[[[\"a\",{\"js\":\"x\"}]]]]"
	    "]]]",
	    0);
	feed(s, "[\"pull\",1]", 0);
	expect(s, "[\"resolve\",1,[[[[\"a\",{\"js\":\"x\"}]]]]]", NULL);
	feed(s, "[\"release\",1,1]", 0);
	/* T:159-161 */
	feed(s,
	    "[\"push\",[\"pipeline\",0,[\"echo\"],[{\"u\":[\"undefined\"],"
	    "\"n\":null,\"nan\":[\"nan\"],\"inf\":[\"inf\"],\"ninf\":[\"-inf\"]"
	    ","
	    "\"big\":[\"bigint\",\"12345678901234567890\"],\"d\":[\"date\","
	    "1700000000000],\"bad\":[\"date\",null],\"nested\":[[[[1,[[2]]]],"
	    "[[]]]],\"s\":\"str\",\"f\":1.5,\"neg0\":0,\"url\":[\"url\","
	    "\"https://example.com/a?b=1\"]}]]]",
	    0);
	feed(s, "[\"pull\",2]", 0);
	expect(s,
	    "[\"resolve\",2,{\"u\":[\"undefined\"],\"n\":null,\"nan\":"
	    "[\"nan\"],\"inf\":[\"inf\"],\"ninf\":[\"-inf\"],\"big\":["
	    "\"bigint\","
	    "\"12345678901234567890\"],\"d\":[\"date\",1700000000000],\"bad\":"
	    "[\"date\",null],\"nested\":[[[[1,[[2]]]],[[]]]],\"s\":\"str\","
	    "\"f\":1.5,\"neg0\":0,\"url\":[\"url\",\"https://example.com/"
	    "a?b=1\"]}]",
	    NULL);
	feed(s, "[\"release\",2,1]", 0);
	counts(s, 0, 0);
	capnweb_session_free(s);
}
END_TEST

START_TEST(s5_bytes)
{
	struct capnweb_session *s = server();

	feed(s, "[\"push\",[\"pipeline\",0,[\"bytes\"],[]]]", 0);
	feed(s, "[\"pull\",1]", 0);
	/* T:111 */
	expect(s,
	    "[\"resolve\",1,{\"u8\":[\"bytes\",\"AQID/w\"],\"ab\":"
	    "[\"bytes\",\"CQgHBgU\",\"ArrayBuffer\"],\"i16\":[\"bytes\","
	    "\"AQD+/w\",\"Int16Array\"],\"f64\":[\"bytes\",\"AAAAAAAA+D8\","
	    "\"Float64Array\"],\"dv\":[\"bytes\",\"3q0\",\"DataView\"],"
	    "\"nodeBuffer\":[\"bytes\",\"aGk\"],\"empty\":[\"bytes\",\"\"],"
	    "\"sub\":[\"bytes\",\"AgM\"]}]",
	    NULL);
	feed(s, "[\"release\",1,1]", 0);
	counts(s, 0, 0);
	capnweb_session_free(s);
}
END_TEST

/* --- Server role: error paths (R3-R9) ---------------------------------- */

START_TEST(r3_unknown_method_and_pull)
{
	struct capnweb_session *s = server();

	feed(s, "[\"push\",[\"pipeline\",0,[\"noSuchMethod\"],[1]]]", 0);
	feed(s, "[\"pull\",1]", 0);
	feed(s, "[\"push\",[\"pipeline\",0,[\"constructor\"],[]]]", 0);
	feed(s, "[\"pull\",2]", 0);
	expect(s,
	    "[\"reject\",1,[\"error\",\"TypeError\",\"'noSuchMethod' is "
	    "not a function.\"]]",
	    "[\"reject\",2,[\"error\",\"TypeError\","
	    "\"'constructor' is not a function.\"]]",
	    NULL);
	feed(s, "[\"pull\",99]", CAPNWEB_ENDED);
	expect(s, "[\"abort\",[\"error\",\"Error\",\"no such export ID: 99\"]]",
	    NULL);
	ck_assert_str_eq(
	    capnweb_session_end_reason(s), "no such export ID: 99");
	feed(s, "[\"pull\",1]", CAPNWEB_ENDED);
	expect(s, NULL);
	capnweb_session_free(s);
}
END_TEST

START_TEST(local_names_never_reach_the_handler)
{
	static const char *const names[] = { "then", "toString", "__proto__",
		"valueOf", "dup", "map", "onRpcBroken" };
	struct capnweb_session *s = server();
	char msg[128], want[128];
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(msg, sizeof(msg),
		    "[\"push\",[\"pipeline\",0,[\"%s\"],[]]]", names[i]);
		feed(s, msg, 0);
		snprintf(msg, sizeof(msg), "[\"pull\",%zu]", i + 1);
		feed(s, msg, 0);
		snprintf(want, sizeof(want),
		    "[\"reject\",%zu,[\"error\","
		    "\"TypeError\",\"'%s' is not a function.\"]]",
		    i + 1, names[i]);
		expect(s, want, NULL);
	}
	capnweb_session_free(s);
}
END_TEST

START_TEST(r4_r5_not_json)
{
	struct capnweb_session *s = server();
	char *a;

	feed(s, "[object ArrayBuffer]", CAPNWEB_ENDED);
	a = capnweb_session_take_outgoing(s, NULL);
	ck_assert_ptr_nonnull(a);
	ck_assert(
	    strncmp(a, "[\"abort\",[\"error\",\"SyntaxError\",", 32) == 0);
	free(a);
	capnweb_session_free(s);

	s = server();
	feed(s,
	    "[\"push\",[\"pipeline\",0,[\"protocolVersion\"],[]]]\n"
	    "[\"pull\",1]",
	    CAPNWEB_ENDED);
	a = capnweb_session_take_outgoing(s, NULL);
	ck_assert_msg(
	    strncmp(a, "[\"abort\",[\"error\",\"SyntaxError\",", 32) == 0, "%s",
	    a);
	free(a);
	capnweb_session_free(s);
}
END_TEST

START_TEST(r6_unknown_message)
{
	struct capnweb_session *s = server();

	feed(s, "[\"hello\"]", CAPNWEB_ENDED);
	expect(s,
	    "[\"abort\",[\"error\",\"Error\",\"bad RPC message: "
	    "[\\\"hello\\\"]\"]]",
	    NULL);
	ck_assert_str_eq(
	    capnweb_session_end_reason(s), "bad RPC message: [\"hello\"]");
	capnweb_session_free(s);
	s = server();
	feed(s, "{\"push\":1}", CAPNWEB_ENDED);
	expect(s,
	    "[\"abort\",[\"error\",\"Error\",\"bad RPC message: "
	    "{\\\"push\\\":1}\"]]",
	    NULL);
	capnweb_session_free(s);
	s = server();
	feed(s, "[\"pull\",\"1\"]", CAPNWEB_ENDED);
	expect(s,
	    "[\"abort\",[\"error\",\"Error\",\"bad RPC message: "
	    "[\\\"pull\\\",\\\"1\\\"]\"]]",
	    NULL);
	capnweb_session_free(s);
}
END_TEST

START_TEST(r7_over_release)
{
	struct capnweb_session *s = server();

	feed(s, "[\"push\",[\"pipeline\",0,[\"protocolVersion\"],[]]]", 0);
	feed(s, "[\"release\",1,2]", CAPNWEB_ENDED);
	expect(s,
	    "[\"abort\",[\"error\",\"Error\",\"refcount would go "
	    "negative: 1 < 2\"]]",
	    NULL);
	capnweb_session_free(s);
	s = server();
	feed(s, "[\"release\",5,1]", CAPNWEB_ENDED);
	expect(s, "[\"abort\",[\"error\",\"Error\",\"no such export ID: 5\"]]",
	    NULL);
	capnweb_session_free(s);
	s = server();
	feed(s, "[\"push\",[\"pipeline\",0,[\"protocolVersion\"],[]]]", 0);
	feed(s, "[\"release\",1,0]", CAPNWEB_ENDED);
	expect(s,
	    "[\"abort\",[\"error\",\"Error\",\"bad RPC message: "
	    "[\\\"release\\\",1,0]\"]]",
	    NULL);
	capnweb_session_free(s);
}
END_TEST

/*
 * pull and release, read without a tree when written plainly (the form
 * every call brings), behave as in any other spelling, errors included.
 */
START_TEST(small_messages_in_any_spelling)
{
	static const char *const pulls[] = { "[\"pull\",%d]",
		"[ \"pull\", %d ]", "[\"pull\",%d.0]", "[\"pull\",%de0]" };
	static const char *const releases[] = { "[\"release\",%d,1]",
		"[\"release\", %d, 1]", "[\"release\",%d,1.0]",
		"[\"release\",%d.0,1]" };
	struct capnweb_session *s;
	char m[64];
	size_t i;

	for (i = 0; i < 4; i++) {
		s = server();
		feed(s, "[\"push\",[\"pipeline\",0,[\"protocolVersion\"],[]]]",
		    0);
		snprintf(m, sizeof(m), pulls[i], 1);
		feed(s, m, 0);
		expect(s, "[\"resolve\",1,1]", NULL);
		snprintf(m, sizeof(m), releases[i], 1);
		feed(s, m, 0);
		counts(s, 0, 0);
		/* Gone now: the same abort whatever the spelling. */
		snprintf(m, sizeof(m), releases[i], 1);
		feed(s, m, CAPNWEB_ENDED);
		expect(s,
		    "[\"abort\",[\"error\",\"Error\",\"no such export ID: "
		    "1\"]]",
		    NULL);
		capnweb_session_free(s);
		s = server();
		snprintf(m, sizeof(m), pulls[i], 7);
		feed(s, m, CAPNWEB_ENDED);
		expect(s,
		    "[\"abort\",[\"error\",\"Error\",\"no such export ID: "
		    "7\"]]",
		    NULL);
		capnweb_session_free(s);
	}
	/* A leading zero is no JSON: the general path says so, even where
	 * the export exists. */
	s = server();
	feed(s, "[\"push\",[\"pipeline\",0,[\"protocolVersion\"],[]]]", 0);
	feed(s, "[\"pull\",01]", CAPNWEB_ENDED);
	capnweb_session_free(s);
}
END_TEST

START_TEST(r8_peer_abort)
{
	struct capnweb_session *s = server();

	feed(s, "[\"abort\",[\"error\",\"Error\",\"peer is going away\"]]",
	    CAPNWEB_ENDED);
	expect(s, NULL); /* no abort is sent back (T:554-556) */
	ck_assert_str_eq(capnweb_session_end_reason(s), "peer is going away");
	capnweb_session_free(s);
}
END_TEST

START_TEST(r9_bytes)
{
	struct capnweb_session *s = server();

	feed(s, "[\"push\",[\"pipeline\",0,[\"echo\"],[[\"bytes\",\"AQID\"]]]]",
	    0);
	feed(s, "[\"pull\",1]", 0);
	feed(s, "[\"push\",[\"pipeline\",0,[\"echo\"],[[\"bytes\",\"AQI=\"]]]]",
	    0);
	feed(s, "[\"pull\",2]", 0);
	feed(s,
	    "[\"push\",[\"pipeline\",0,[\"echo\"],[[\"bytes\",\"AQIDBA\","
	    "\"Int16Array\"]]]]",
	    0);
	feed(s, "[\"pull\",3]", 0);
	feed(s,
	    "[\"push\",[\"pipeline\",0,[\"echo\"],[[\"bytes\",\"AQID\","
	    "\"Float16Array\"]]]]",
	    CAPNWEB_ENDED);
	/* T:578-582 */
	expect(s, "[\"resolve\",1,[\"bytes\",\"AQID\"]]",
	    "[\"resolve\",2,[\"bytes\",\"AQI\"]]",
	    "[\"resolve\",3,[\"bytes\",\"AQIDBA\",\"Int16Array\"]]",
	    "[\"abort\",[\"error\",\"TypeError\",\"Unknown bytes type marker: "
	    "Float16Array\"]]",
	    NULL);
	ck_assert_str_eq(capnweb_session_end_reason(s),
	    "Unknown bytes type marker: Float16Array");
	capnweb_session_free(s);
}
END_TEST

START_TEST(stream_and_pipe_abort)
{
	struct capnweb_session *s = server();

	feed(s, "[\"stream\",[\"pipeline\",0,[\"echo\"],[1]]]", CAPNWEB_ENDED);
	expect(s,
	    "[\"abort\",[\"error\",\"Error\",\"stream is not supported "
	    "by this peer\"]]",
	    NULL);
	capnweb_session_free(s);
	s = server();
	feed(s, "[\"pipe\"]", CAPNWEB_ENDED);
	expect(s,
	    "[\"abort\",[\"error\",\"Error\",\"pipe is not supported by "
	    "this peer\"]]",
	    NULL);
	capnweb_session_free(s);
}
END_TEST

START_TEST(limits)
{
	struct capnweb_config cfg = { 0 };
	struct capnweb_session *s;
	char *big;

	cfg.main = srv_main;
	cfg.main_udata = &sv;
	cfg.max_message = 16;
	s = capnweb_session_new(&cfg);
	feed(s, "[\"pull\",1234567890123]", CAPNWEB_ENDED);
	expect(s,
	    "[\"abort\",[\"error\",\"TypeError\",\"Incoming message "
	    "exceeds maximum size of 16 bytes.\"]]",
	    NULL);
	capnweb_session_free(s);
	/* the close reason is cut to 123 bytes */
	s = server();
	big = malloc(400);
	memset(big, 0, 400);
	strcpy(big, "[\"abort\",\"");
	memset(big + 10, 'x', 300);
	strcpy(big + 310, "\"]");
	feed(s, big, CAPNWEB_ENDED);
	ck_assert_uint_eq(strlen(capnweb_session_end_reason(s)), 123);
	free(big);
	capnweb_session_free(s);
}
END_TEST

/* An answer past max_send fails that call in words; the session goes on. */
START_TEST(answer_past_max_send)
{
	struct capnweb_config cfg = { 0 };
	struct capnweb_session *s;
	char msg[200], *got;

	memset(&sv, 0, sizeof(sv));
	cfg.main = srv_main;
	cfg.main_udata = &sv;
	cfg.max_send = 40;
	s = sv.s = capnweb_session_new(&cfg);
	/* ["resolve",1,"xxxxxxxxxxxxxxxxxxxxxxxx"]: 40 bytes, passes */
	feed(s,
	    "[\"push\",[\"pipeline\",0,[\"echo\"],"
	    "[\"xxxxxxxxxxxxxxxxxxxxxxxx\"]]]",
	    0);
	feed(s, "[\"pull\",1]", 0);
	expect(s, "[\"resolve\",1,\"xxxxxxxxxxxxxxxxxxxxxxxx\"]", NULL);
	feed(s, "[\"release\",1,1]", 0);
	/* one byte more */
	feed(s,
	    "[\"push\",[\"pipeline\",0,[\"echo\"],"
	    "[\"xxxxxxxxxxxxxxxxxxxxxxxxx\"]]]",
	    0);
	feed(s, "[\"pull\",2]", 0);
	got = capnweb_session_take_outgoing(s, NULL);
	snprintf(msg, sizeof(msg),
	    "[\"reject\",2,[\"error\",\"RangeError\",\"The answer is 41 "
	    "bytes once encoded, past the 40 byte message limit of this "
	    "session.\"]]");
	ck_assert_str_eq(got, msg);
	free(got);
	feed(s, "[\"release\",2,1]", 0);
	feed(s, "[\"push\",[\"pipeline\",0,[\"protocolVersion\"],[]]]", 0);
	feed(s, "[\"pull\",3]", 0);
	expect(s, "[\"resolve\",3,1]", NULL);
	counts(s, 1, 0);
	capnweb_session_free(s);
}
END_TEST

START_TEST(held_call_after_release_and_end)
{
	struct capnweb_session *s = server();
	struct capnweb_call *c;

	/* completed after the peer released it: dropped silently */
	feed(s, "[\"push\",[\"pipeline\",0,[\"later\"],[]]]", 0);
	feed(s, "[\"release\",1,1]", 0);
	counts(s, 0, 0);
	ck_assert_int_eq(
	    capnweb_call_resolve(sv.held, json_integer(1)), CAPNWEB_ENDED);
	expect(s, NULL);
	/* completed after the pull: sent then */
	feed(s, "[\"push\",[\"pipeline\",0,[\"later\"],[[\"export\",-1]]]]", 0);
	feed(s, "[\"pull\",2]", 0);
	expect(s, NULL);
	ck_assert_int_eq(capnweb_call_resolve(sv.held, json_integer(2)), 0);
	expect(s, "[\"release\",-1,1]", "[\"resolve\",2,2]", NULL);
	/* held across the session end: completing only frees it */
	feed(s, "[\"push\",[\"pipeline\",0,[\"later\"],[[\"export\",-2]]]]", 0);
	c = sv.held;
	capnweb_session_close(s, "Peer closed WebSocket: 1000 bye");
	ck_assert_ptr_null(capnweb_call_session(c));
	capnweb_session_free(s);
	ck_assert_int_eq(
	    capnweb_call_reject(c, json_string("late")), CAPNWEB_ENDED);
}
END_TEST

static void
ack_count(void *udata)
{
	(*(int *)udata)++;
}

/*
 * capnweb_call_resolve_acked: the callback runs once, when the peer
 * releases a result whose resolve went out (it read it); never for a
 * release before the resolve was sent, nor once the session ended.
 */
START_TEST(resolve_acked_on_release_after_resolve)
{
	struct capnweb_session *s = server();
	struct capnweb_call *c;
	int acks = 0;

	/* Settled but never pulled, so never sent: its release is no ack. */
	feed(s, "[\"push\",[\"pipeline\",0,[\"later\"],[]]]", 0);
	ck_assert_int_eq(capnweb_call_resolve_acked(
			     sv.held, json_integer(1), ack_count, &acks),
	    0);
	expect(s, NULL);
	feed(s, "[\"release\",1,1]", 0);
	ck_assert_int_eq(acks, 0);
	/* Pulled, resolved, sent: not acknowledged until released. */
	feed(s, "[\"push\",[\"pipeline\",0,[\"later\"],[]]]", 0);
	feed(s, "[\"pull\",2]", 0);
	ck_assert_int_eq(capnweb_call_resolve_acked(
			     sv.held, json_integer(2), ack_count, &acks),
	    0);
	expect(s, "[\"resolve\",2,2]", NULL);
	ck_assert_int_eq(acks, 0);
	feed(s, "[\"release\",2,1]", 0);
	ck_assert_int_eq(acks, 1);
	counts(s, 0, 0);
	/* Released before it was completed: ENDED, never acknowledged. */
	feed(s, "[\"push\",[\"pipeline\",0,[\"later\"],[]]]", 0);
	feed(s, "[\"release\",3,1]", 0);
	ck_assert_int_eq(capnweb_call_resolve_acked(
			     sv.held, json_integer(3), ack_count, &acks),
	    CAPNWEB_ENDED);
	ck_assert_int_eq(acks, 1);
	/* Sent, then the session ended before any release: no callback. */
	feed(s, "[\"push\",[\"pipeline\",0,[\"later\"],[]]]", 0);
	feed(s, "[\"pull\",4]", 0);
	ck_assert_int_eq(capnweb_call_resolve_acked(
			     sv.held, json_integer(4), ack_count, &acks),
	    0);
	expect(s, "[\"resolve\",4,4]", NULL);
	/* Held across the end: completing it after reports ENDED. */
	feed(s, "[\"push\",[\"pipeline\",0,[\"later\"],[]]]", 0);
	c = sv.held;
	capnweb_session_close(s, "Peer closed WebSocket: 1006");
	ck_assert_int_eq(
	    capnweb_call_resolve_acked(c, json_integer(5), ack_count, &acks),
	    CAPNWEB_ENDED);
	capnweb_session_free(s);
	ck_assert_int_eq(acks, 1);
}
END_TEST

START_TEST(handler_aborts)
{
	struct capnweb_session *s = server();

	feed(s, "[\"push\",[\"pipeline\",0,[\"abortMe\"],[[\"export\",-1]]]]",
	    CAPNWEB_ENDED);
	expect(s, "[\"abort\",[\"error\",\"Error\",\"asked to\"]]", NULL);
	capnweb_session_free(s);
}
END_TEST

/* --- Client role -------------------------------------------------------- */

struct cli {
	int dispatched;
	char *last;
};

static void
cli_dispatch(void *udata, struct capnweb_call *c)
{
	struct cli *cl = udata;
	char *err = NULL;
	json_t *seq;

	cl->dispatched++;
	free(cl->last);
	cl->last = capnweb_expr_encode(capnweb_call_args(c), 0, &err);
	free(err);
	ck_assert_str_eq(capnweb_call_method(c), "");
	seq = json_object_get(json_array_get(capnweb_call_args(c), 0), "seq");
	capnweb_call_resolve(c, json_pack("{s:O}", "ack", seq));
}

START_TEST(s1_client_role)
{
	struct capnweb_session *s;
	struct seen w1 = { 0 }, w2 = { 0 };
	struct cli cl = { 0 };
	json_t *args;
	int t;

	s = capnweb_session_new(NULL);
	ck_assert_int_eq(
	    t_call(s, "protocolVersion", json_array(), seen_settle, &w1), 1);
	expect(s, "[\"push\",[\"pipeline\",0,[\"protocolVersion\"],[]]]",
	    "[\"pull\",1]", NULL);
	feed(s, "[\"resolve\",1,1]", 0);
	expect(s, "[\"release\",1,1]", NULL);
	ck_assert_int_eq(w1.calls, 1);
	ck_assert_int_eq(w1.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(w1.text, "1");

	t = capnweb_session_add_target(s, cli_dispatch, &cl);
	ck_assert_int_eq(t, 1);
	args = json_pack("[s[[s{ss}][s{ss}]]{sis[]}os]", "return 1+1", "a",
	    "js", "x", "b", "js", "y", "timeoutMs", 5000, "flags",
	    capnweb_value_target(t), "sandbox");
	ck_assert_int_eq(t_call(s, "execute", args, seen_settle, &w2), 2);
	/* T:30-31 */
	expect(s,
	    "[\"push\",[\"pipeline\",0,[\"execute\"],[\"return 1+1\","
	    "[[[[\"a\",{\"js\":\"x\"}]],[[\"b\",{\"js\":\"y\"}]]]],{"
	    "\"timeoutMs\":"
	    "5000,\"flags\":[[]]},[\"export\",-1],\"sandbox\"]]]",
	    "[\"pull\",2]", NULL);
	/* T:33-35: push #1 is never pulled nor released by a JS server */
	feed(s,
	    "[\"push\",[\"pipeline\",-1,[],[{\"seq\":1,\"event\":\"start\"}]]]",
	    0);
	feed(s,
	    "[\"push\",[\"pipeline\",-1,[],[{\"seq\":2,\"event\":\"data\","
	    "\"payload\":[[1,2]]}]]]",
	    0);
	feed(s, "[\"pull\",2]", 0);
	ck_assert_int_eq(cl.dispatched, 2);
	ck_assert_str_eq(cl.last,
	    "[[{\"seq\":2,\"event\":\"data\",\"payload\":"
	    "[[1,2]]}]]");
	expect(s, "[\"resolve\",2,{\"ack\":2}]", NULL);
	feed(s, "[\"release\",2,1]", 0);
	feed(s, "[\"release\",-1,1]", 0);
	feed(s,
	    "[\"resolve\",2,{\"status\":\"done\",\"code\":\"return 1+1\","
	    "\"mode\":\"sandbox\",\"second\":{\"ack\":2}}]",
	    0);
	expect(s, "[\"release\",2,1]", NULL);
	ck_assert_int_eq(w2.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(w2.text,
	    "{\"status\":\"done\",\"code\":\"return 1+1\","
	    "\"mode\":\"sandbox\",\"second\":{\"ack\":2}}");
	counts(s, 1, 0); /* export 1 stays: never released (T:33) */
	capnweb_session_free(s);
	ck_assert_int_eq(w2.calls, 1);
	free(w1.text);
	free(w2.text);
	free(cl.last);
}
END_TEST

START_TEST(f8_unsolicited_resolve)
{
	struct capnweb_session *s = capnweb_session_new(NULL);

	/* fire-and-forget, then the server resolves eagerly with a stub */
	ck_assert_int_eq(
	    t_call(s, "makeCounter", json_pack("[i]", 1), NULL, NULL), 1);
	expect(s, "[\"push\",[\"pipeline\",0,[\"makeCounter\"],[1]]]",
	    "[\"release\",1,1]", NULL);
	feed(s, "[\"resolve\",1,[\"export\",-1]]", 0);
	expect(s, "[\"release\",-1,1]", NULL);
	counts(s, 0, 0);
	capnweb_session_free(s);
}
END_TEST

/* Keeps a stub from a result and calls it (S9 from the client side). */
struct keep {
	struct capnweb_session *s;
	struct capnweb_stub *stub;
	int settled;
};

static void
keep_settle(void *udata, int status, json_t *v)
{
	struct keep *k = udata;

	k->settled++;
	ck_assert_int_eq(status, CAPNWEB_RESOLVED);
	k->stub = capnweb_session_stub(k->s, v);
	ck_assert_ptr_nonnull(k->stub);
}

START_TEST(s9_stub_from_result)
{
	struct capnweb_session *s = capnweb_session_new(NULL);
	struct keep k = { s, NULL, 0 };
	struct seen w = { 0 };

	t_call(s, "makeCounter", json_pack("[i]", 0), keep_settle, &k);
	expect(s, "[\"push\",[\"pipeline\",0,[\"makeCounter\"],[0]]]",
	    "[\"pull\",1]", NULL);
	feed(s, "[\"resolve\",1,[\"export\",-1]]", 0);
	expect(s, "[\"release\",1,1]", NULL);
	ck_assert_int_eq(t_stub_call(k.stub, "increment", json_pack("[i]", 1),
			     seen_settle, &w),
	    2);
	expect(s, "[\"push\",[\"pipeline\",-1,[\"increment\"],[1]]]",
	    "[\"pull\",2]", NULL);
	feed(s, "[\"resolve\",2,1]", 0);
	expect(s, "[\"release\",2,1]", NULL);
	/* the peer introduces -1 again: released with the count (§1.8) */
	t_call(s, "again", json_array(), keep_settle, &k);
	expect(s, "[\"push\",[\"pipeline\",0,[\"again\"],[]]]", "[\"pull\",3]",
	    NULL);
	feed(s, "[\"resolve\",3,[\"export\",-1]]", 0);
	expect(s, "[\"release\",3,1]", NULL);
	capnweb_stub_release(k.stub);
	expect(s, NULL);
	capnweb_stub_release(capnweb_stub_dup(k.stub));
	expect(s, NULL);
	capnweb_stub_release(k.stub);
	expect(s, "[\"release\",-1,2]", NULL);
	counts(s, 0, 0);
	capnweb_session_free(s);
	free(w.text);
}
END_TEST

START_TEST(f6_values_from_server)
{
	struct capnweb_session *s = capnweb_session_new(NULL);
	struct seen w = { 0 };

	t_call(s, "data", NULL, seen_settle, &w);
	expect(s, "[\"push\",[\"pipeline\",0,[\"data\"],[]]]", "[\"pull\",1]",
	    NULL);
	/* T:730: proto keys vanish, padding goes, arrays unescape */
	feed(s,
	    "[\"resolve\",1,{\"u8\":[\"bytes\",\"AQID/w\"],\"ab\":[\"bytes\","
	    "\"CQgH\",\"ArrayBuffer\"],\"padded\":[\"bytes\",\"AQI=\"],"
	    "\"constructor\":\"dropped\",\"toString\":\"dropped\",\"keep\":"
	    "[[1,[[2]]]],\"when\":[\"date\",0],\"big\":[\"bigint\",\"-99\"],"
	    "\"nan\":[\"nan\"]}]",
	    0);
	expect(s, "[\"release\",1,1]", NULL);
	ck_assert_int_eq(w.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(w.text,
	    "{\"u8\":[\"bytes\",\"AQID/w\"],\"ab\":"
	    "[\"bytes\",\"CQgH\",\"ArrayBuffer\"],\"padded\":[\"bytes\","
	    "\"AQI\"],"
	    "\"keep\":[[1,[[2]]]],\"when\":[\"date\",0],\"big\":[\"bigint\","
	    "\"-99\"],\"nan\":[\"nan\"]}");
	capnweb_session_free(s);
	free(w.text);
}
END_TEST

/* A settle callback that calls again (re-entry while receiving). */
static void
chain_settle(void *udata, int status, json_t *v)
{
	struct seen *w = udata;

	seen_settle(udata, status, v);
	if (w->calls == 1)
		ck_assert_int_eq(
		    t_call(w->s, "second", NULL, chain_settle, w), 2);
}

START_TEST(settle_calls_again)
{
	struct capnweb_session *s = capnweb_session_new(NULL);
	struct seen w = { 0 };

	w.s = s;
	t_call(s, "first", NULL, chain_settle, &w);
	expect(s, "[\"push\",[\"pipeline\",0,[\"first\"],[]]]", "[\"pull\",1]",
	    NULL);
	feed(s, "[\"resolve\",1,\"a\"]", 0);
	expect(s, "[\"release\",1,1]",
	    "[\"push\",[\"pipeline\",0,[\"second\"],"
	    "[]]]",
	    "[\"pull\",2]", NULL);
	feed(s, "[\"reject\",2,\"b\"]", 0);
	expect(s, "[\"release\",2,1]", NULL);
	ck_assert_int_eq(w.calls, 2);
	ck_assert_int_eq(w.status, CAPNWEB_REJECTED);
	ck_assert_str_eq(w.text, "\"b\"");
	counts(s, 0, 0);
	capnweb_session_free(s);
	free(w.text);
}
END_TEST

START_TEST(f9_no_main_object)
{
	struct capnweb_session *s = capnweb_session_new(NULL);

	feed(s, "[\"push\",[\"pipeline\",0,[\"hello\"],[]]]", 0);
	feed(s, "[\"pull\",1]", 0);
	/* T:741 */
	expect(s,
	    "[\"reject\",1,[\"error\",\"Error\",\"This connection has no "
	    "main object.\"]]",
	    NULL);
	capnweb_session_free(s);
}
END_TEST

START_TEST(f10_peer_abort_breaks_calls)
{
	struct capnweb_session *s = capnweb_session_new(NULL);
	struct seen w = { 0 };

	t_call(s, "shutdown", json_array(), seen_settle, &w);
	expect(s, "[\"push\",[\"pipeline\",0,[\"shutdown\"],[]]]",
	    "[\"pull\",1]", NULL);
	feed(s, "[\"abort\",[\"error\",\"Error\",\"server shutting down\"]]",
	    CAPNWEB_ENDED);
	ck_assert_int_eq(w.calls, 1);
	ck_assert_int_eq(w.status, CAPNWEB_BROKEN);
	ck_assert_str_eq(
	    w.text, "[\"error\",\"Error\",\"server shutting down\"]");
	expect(s, NULL);
	/* later calls fail at once, without a callback */
	ck_assert_int_eq(
	    t_call(s, "x", json_array(), seen_settle, &w), CAPNWEB_ENDED);
	capnweb_session_free(s);
	ck_assert_int_eq(w.calls, 1);
	free(w.text);
}
END_TEST

START_TEST(f11_unescaped_array)
{
	struct capnweb_session *s = capnweb_session_new(NULL);
	struct seen w = { 0 };

	t_call(s, "unescapedArray", json_array(), seen_settle, &w);
	expect(s, "[\"push\",[\"pipeline\",0,[\"unescapedArray\"],[]]]",
	    "[\"pull\",1]", NULL);
	feed(s, "[\"resolve\",1,[1,2]]", CAPNWEB_ENDED);
	/* T:786 */
	expect(s,
	    "[\"abort\",[\"error\",\"TypeError\",\"unknown special value: "
	    "[1,2]\"]]",
	    NULL);
	ck_assert_int_eq(w.status, CAPNWEB_BROKEN);
	ck_assert_str_eq(w.text,
	    "[\"error\",\"Error\",\"unknown special value: "
	    "[1,2]\"]");
	capnweb_session_free(s);
	free(w.text);
}
END_TEST

START_TEST(owner_abort_and_free)
{
	struct capnweb_session *s = capnweb_session_new(NULL);
	struct seen w = { 0 }, w2 = { 0 };

	t_call(s, "a", json_array(), seen_settle, &w);
	expect(
	    s, "[\"push\",[\"pipeline\",0,[\"a\"],[]]]", "[\"pull\",1]", NULL);
	ck_assert_int_eq(capnweb_session_abort(s, "going away"), 0);
	expect(s, "[\"abort\",[\"error\",\"Error\",\"going away\"]]", NULL);
	ck_assert_int_eq(w.status, CAPNWEB_BROKEN);
	ck_assert_int_eq(capnweb_session_abort(s, "again"), CAPNWEB_ENDED);
	capnweb_session_free(s);

	s = capnweb_session_new(NULL);
	t_call(s, "b", json_array(), seen_settle, &w2);
	capnweb_session_free(s);
	ck_assert_int_eq(w2.calls, 1);
	ck_assert_int_eq(w2.status, CAPNWEB_BROKEN);
	ck_assert_str_eq(w2.text,
	    "[\"error\",\"Error\",\"RPC session was "
	    "freed\"]");
	free(w.text);
	free(w2.text);
}
END_TEST

START_TEST(encode_failure_sends_nothing)
{
	struct capnweb_session *s = capnweb_session_new(NULL);
	json_t *args;

	args = json_pack("[oo]",
	    capnweb_value_target(
		capnweb_session_add_target(s, cli_dispatch, NULL)),
	    capnweb_value_target(99));
	ck_assert_int_eq(t_call(s, "x", args, NULL, NULL), CAPNWEB_EINVAL);
	expect(s, NULL);
	counts(s, 0, 0);
	/* ids stay used: the next export is -2, the next push is 1 */
	args = json_pack("[o]", capnweb_value_target(1));
	ck_assert_int_eq(t_call(s, "x", args, NULL, NULL), 1);
	expect(s, "[\"push\",[\"pipeline\",0,[\"x\"],[[\"export\",-2]]]]",
	    "[\"release\",1,1]", NULL);
	capnweb_session_free(s);
}
END_TEST

/* --- Back to back ------------------------------------------------------ */

/* Moves every queued message across until both sides are quiet. */
static int
pump(struct capnweb_session *a, struct capnweb_session *b)
{
	char *m;
	size_t len;
	int moved, total = 0;

	do {
		moved = 0;
		while ((m = capnweb_session_take_outgoing(a, &len)) != NULL) {
			capnweb_session_receive(b, m, len);
			free(m);
			moved++;
		}
		while ((m = capnweb_session_take_outgoing(b, &len)) != NULL) {
			capnweb_session_receive(a, m, len);
			free(m);
			moved++;
		}
		total += moved;
	} while (moved > 0);
	return total;
}

START_TEST(back_to_back_execute)
{
	struct capnweb_session *srvs, *clis;
	struct seen w = { 0 };
	struct cli cl = { 0 };
	json_t *args;
	int t;

	srvs = server();
	clis = capnweb_session_new(NULL);
	t = capnweb_session_add_target(clis, cli_dispatch, &cl);
	args = json_pack("[s[[s{ss}]]{}os]", "code", "a", "js", "x",
	    capnweb_value_target(t), "mode");
	ck_assert_int_eq(t_call(clis, "execute", args, seen_settle, &w), 1);
	ck_assert_int_gt(pump(clis, srvs), 0);
	ck_assert_int_eq(cl.dispatched, 2);
	ck_assert_int_eq(w.calls, 1);
	ck_assert_int_eq(w.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(w.text,
	    "{\"status\":\"done\",\"second\":{\"ack\":2},"
	    "\"echoProviders\":[[[[\"a\",{\"js\":\"x\"}]]]]}");
	counts(srvs, 0, 0);
	counts(clis, 0, 0);
	/* and once more on the same sessions: fresh ids, same result */
	args = json_pack("[s[]{}os]", "code", capnweb_value_target(t), "mode");
	ck_assert_int_eq(t_call(clis, "execute", args, seen_settle, &w), 2);
	pump(clis, srvs);
	ck_assert_int_eq(cl.dispatched, 4);
	ck_assert_int_eq(w.calls, 2);
	counts(srvs, 0, 0);
	counts(clis, 0, 0);
	capnweb_session_free(srvs);
	capnweb_session_free(clis);
	free(w.text);
	free(cl.last);
}
END_TEST

static Suite *
session_suite(void)
{
	Suite *s = suite_create("capnweb_session");
	TCase *tc;

	tc = tcase_create("server");
	tcase_add_test(tc, f1_protocol_version);
	tcase_add_test(tc, f1_eager_resolve);
	tcase_add_test(tc, f2_execute_with_dispatch);
	tcase_add_test(tc, f3_errors);
	tcase_add_test(tc, f4_exported_object);
	tcase_add_test(tc, f7_pipelining_refused);
	tcase_add_test(tc, s6_proto_keys);
	tcase_add_test(tc, s7_escaping_and_specials);
	tcase_add_test(tc, s5_bytes);
	tcase_add_test(tc, r3_unknown_method_and_pull);
	tcase_add_test(tc, resolve_acked_on_release_after_resolve);
	tcase_add_test(tc, local_names_never_reach_the_handler);
	tcase_add_test(tc, r4_r5_not_json);
	tcase_add_test(tc, r6_unknown_message);
	tcase_add_test(tc, r7_over_release);
	tcase_add_test(tc, small_messages_in_any_spelling);
	tcase_add_test(tc, r8_peer_abort);
	tcase_add_test(tc, r9_bytes);
	tcase_add_test(tc, stream_and_pipe_abort);
	tcase_add_test(tc, limits);
	tcase_add_test(tc, answer_past_max_send);
	tcase_add_test(tc, held_call_after_release_and_end);
	tcase_add_test(tc, handler_aborts);
	suite_add_tcase(s, tc);
	tc = tcase_create("client");
	tcase_add_test(tc, s1_client_role);
	tcase_add_test(tc, f8_unsolicited_resolve);
	tcase_add_test(tc, s9_stub_from_result);
	tcase_add_test(tc, f6_values_from_server);
	tcase_add_test(tc, settle_calls_again);
	tcase_add_test(tc, f9_no_main_object);
	tcase_add_test(tc, f10_peer_abort_breaks_calls);
	tcase_add_test(tc, f11_unescaped_array);
	tcase_add_test(tc, owner_abort_and_free);
	tcase_add_test(tc, encode_failure_sends_nothing);
	suite_add_tcase(s, tc);
	tc = tcase_create("pair");
	tcase_add_test(tc, back_to_back_execute);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(session_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
