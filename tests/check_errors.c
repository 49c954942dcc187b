/*
 * Check suite for libclient/proto/errors.c: the eight codes and their flags,
 * rehydration (unknown codes pass through untouched), fault JSON, the
 * handshake version rule and the outbound modes.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <codemode/protocol.h>

#include "proto/errors.h"

START_TEST(codes)
{
	static const struct {
		enum cm_error_code c;
		const char *name, *cls;
		int retry;
	} t[] = {
		{ CM_ERROR_QUEUE_OVERFLOW, "QUEUE_OVERFLOW",
		    "QueueOverflowError", 1 },
		{ CM_ERROR_WORKER_CRASHED, "WORKER_CRASHED", "ExecutorError",
		    1 },
		{ CM_ERROR_PROTOCOL_MISMATCH, "PROTOCOL_MISMATCH",
		    "ExecutorError", 0 },
		{ CM_ERROR_CONNECTION_REJECTED, "CONNECTION_REJECTED",
		    "ExecutorError", 0 },
		{ CM_ERROR_CONNECTION_BROKEN, "CONNECTION_BROKEN",
		    "ExecutorError", 0 },
		{ CM_ERROR_RESPONSE_TOO_LARGE, "RESPONSE_TOO_LARGE",
		    "ResponseTooLargeError", 0 },
		{ CM_ERROR_HANDLES_CLOSED, "HANDLES_CLOSED",
		    "HandlesClosedError", 0 },
		{ CM_ERROR_INTERNAL, "INTERNAL", "ExecutorError", 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		ck_assert_str_eq(cm_error_code_name(t[i].c), t[i].name);
		ck_assert_int_eq(cm_error_code_from_name(t[i].name), t[i].c);
		ck_assert_int_eq(cm_error_code_retryable(t[i].c), t[i].retry);
		ck_assert_str_eq(cm_error_code_class(t[i].c), t[i].cls);
	}
	ck_assert_ptr_null(cm_error_code_name(CM_ERROR_NONE));
	ck_assert_ptr_null(cm_error_code_name((enum cm_error_code)99));
	ck_assert_int_eq(
	    cm_error_code_from_name("queue_overflow"), CM_ERROR_NONE);
	ck_assert_int_eq(cm_error_code_from_name("ENOENT"), CM_ERROR_NONE);
	ck_assert_int_eq(cm_error_code_from_name(NULL), CM_ERROR_NONE);
	ck_assert_int_eq(cm_error_code_retryable(CM_ERROR_NONE), 0);
	ck_assert_str_eq(cm_error_code_class(CM_ERROR_NONE), "Error");
}
END_TEST

static json_t *
load(const char *s)
{
	json_t *v = json_loads(s, JSON_DECODE_ANY, NULL);

	ck_assert_ptr_nonnull(v);
	return v;
}

START_TEST(rehydrate)
{
	struct cm_error e;
	json_t *v;
	char *s;

	v = load("{\"message\":\"queue "
		 "full\",\"code\":\"QUEUE_OVERFLOW\",\"depth\":100}");
	ck_assert_int_eq(cm_error_rehydrate(v, &e), 0);
	ck_assert_int_eq(e.code, CM_ERROR_QUEUE_OVERFLOW);
	ck_assert_int_eq(e.retryable, 1);
	ck_assert_str_eq(e.class_name, "QueueOverflowError");
	ck_assert_str_eq(e.message, "queue full");
	/* Own properties stay as they crossed. */
	ck_assert_int_eq(
	    json_integer_value(json_object_get(e.thrown, "depth")), 100);
	cm_error_clear(&e);
	json_decref(v);

	/* A code outside the taxonomy passes through untouched. */
	v = load("{\"message\":\"nope\",\"code\":\"ENOENT\"}");
	ck_assert_int_eq(cm_error_rehydrate(v, &e), 0);
	ck_assert_int_eq(e.code, CM_ERROR_NONE);
	ck_assert_str_eq(e.class_name, "Error");
	s = cm_dispatch_stringify(e.thrown);
	ck_assert_str_eq(s, "{\"message\":\"nope\",\"code\":\"ENOENT\"}");
	free(s);
	cm_error_clear(&e);
	json_decref(v);

	v = load("{\"message\":\"x\",\"code\":7}");
	ck_assert_int_eq(cm_error_rehydrate(v, &e), 0);
	ck_assert_int_eq(e.code, CM_ERROR_NONE);
	cm_error_clear(&e);
	json_decref(v);

	v = load("\"plain text\"");
	ck_assert_int_eq(cm_error_rehydrate(v, &e), 0);
	ck_assert_str_eq(e.message, "plain text");
	cm_error_clear(&e);
	json_decref(v);

	v = load("{\"code\":\"HANDLES_CLOSED\"}");
	ck_assert_int_eq(cm_error_rehydrate(v, &e), 0);
	ck_assert_int_eq(e.code, CM_ERROR_HANDLES_CLOSED);
	ck_assert_str_eq(e.message, "");
	cm_error_clear(&e);
	json_decref(v);

	v = load("[1,2]");
	ck_assert_int_eq(cm_error_rehydrate(v, &e), 0);
	ck_assert_str_eq(e.message, "[1,2]");
	cm_error_clear(&e);
	json_decref(v);

	ck_assert_int_eq(cm_error_rehydrate(NULL, &e), 0);
	ck_assert_str_eq(e.message, "null");
	cm_error_clear(&e);
	cm_error_clear(NULL);
}
END_TEST

START_TEST(fault_json)
{
	json_t *v;
	char *s;
	const char *vals[] = { "ex-9" };

	v = cm_error_to_json(CM_ERROR_INTERNAL, "broke");
	s = cm_dispatch_stringify(v);
	ck_assert_str_eq(s, "{\"message\":\"broke\",\"code\":\"INTERNAL\"}");
	free(s);
	json_decref(v);
	v = cm_error_to_json(CM_ERROR_NONE, NULL);
	s = cm_dispatch_stringify(v);
	ck_assert_str_eq(s, "{\"message\":\"\"}");
	free(s);
	json_decref(v);
	v = errors_fault_json(CM_TEXT_HANDLES_CLOSED, vals, 1);
	s = cm_dispatch_stringify(v);
	ck_assert_str_eq(s,
	    "{\"message\":\"Execution \\\"ex-9\\\" holds no handles: they "
	    "were closed, expired at the idle bound, or never granted. Execute "
	    "again "
	    "with retainHandles to get a fresh "
	    "executionId.\",\"code\":\"HANDLES_CLOSED\"}");
	free(s);
	json_decref(v);
	/* A text without a code is no fault. */
	ck_assert_ptr_null(errors_fault_json(CM_TEXT_TOOL_NOT_FOUND, vals, 1));
}
END_TEST

START_TEST(handshake_and_modes)
{
	char *text = (char *)1;
	enum cm_outbound_mode m = CM_OUTBOUND_DISABLED;

	ck_assert_int_eq(cm_check_protocol_version(1, 1, &text), 0);
	ck_assert_ptr_null(text);
	ck_assert_int_eq(cm_check_protocol_version(2, 1, &text), 1);
	ck_assert_str_eq(text,
	    "This side speaks protocol version 1 and the other side "
	    "speaks 2, and the handshake requires them equal. Connect to an "
	    "executor "
	    "of the same release.");
	free(text);

	ck_assert_int_eq(cm_parse_outbound_mode("native", 0, &m, &text), 0);
	ck_assert_int_eq(m, CM_OUTBOUND_NATIVE);
	ck_assert_int_eq(cm_parse_outbound_mode("disabled", 1, &m, &text), 0);
	ck_assert_int_eq(m, CM_OUTBOUND_DISABLED);
	ck_assert_int_eq(cm_parse_outbound_mode("stub", 1, &m, &text), 0);
	ck_assert_int_eq(m, CM_OUTBOUND_STUB);
	ck_assert_int_eq(cm_parse_outbound_mode("stub", 0, &m, &text), 1);
	ck_assert_str_eq(text,
	    "Outbound mode \"stub\" arrived without the outbound "
	    "function it names. Send the function with that mode, or choose "
	    "native "
	    "or disabled.");
	free(text);
	ck_assert_int_eq(cm_parse_outbound_mode("null", 0, &m, &text), 1);
	ck_assert_str_eq(text,
	    "Outbound mode \"null\" is not one this protocol defines. "
	    "Send native, stub or disabled.");
	free(text);
	ck_assert_int_eq(cm_parse_outbound_mode(NULL, 0, &m, &text), 1);
	free(text);
	ck_assert_str_eq(cm_outbound_mode_name(CM_OUTBOUND_STUB), "stub");
	ck_assert_ptr_null(cm_outbound_mode_name((enum cm_outbound_mode)3));
}
END_TEST

static Suite *
errors_suite(void)
{
	Suite *s = suite_create("errors");
	TCase *tc = tcase_create("taxonomy");

	tcase_add_test(tc, codes);
	tcase_add_test(tc, rehydrate);
	tcase_add_test(tc, fault_json);
	tcase_add_test(tc, handshake_and_modes);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(errors_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
