/*
 * engine/run/run_request.c: a request runs through execution_run() with the
 * canned host; a request of code alone (codemode-run's entry form, what
 * engine_run_entry's cases became) gets the ExecuteResultMessage and the exit
 * status of its result or error, the null host answering nothing.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cm_spec.h"
#include "proto/texts.h"
#include "run/request_file.h"
#include "run/run_request.h"

/* Runs the request text; returns its exit status and stdout in out. */
static int
run_text(const char *text, char *out, size_t outlen)
{
	struct request_file rq;
	char err[256] = "";
	FILE *f;
	size_t n;
	int saved, rc;

	ck_assert_msg(
	    request_file_parse(text, strlen(text), &rq, err, sizeof(err)) == 0,
	    "%s: %s", text, err);
	ck_assert_ptr_nonnull(f = tmpfile());
	fflush(stdout);
	saved = dup(1);
	ck_assert_int_ge(saved, 0);
	ck_assert_int_eq(dup2(fileno(f), 1), 1);
	rc = run_request_run(&rq, NULL);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	request_file_clear(&rq);
	rewind(f);
	n = fread(out, 1, outlen - 1, f);
	out[n] = '\0';
	fclose(f);
	return rc;
}

/* A request of `code` alone, as the entry form makes it. */
static int
run_code(const char *code, char *out, size_t outlen)
{
	json_t *o = json_pack("{s:s}", "code", code);
	char *text = json_dumps(o, JSON_COMPACT);
	int rc;

	ck_assert_ptr_nonnull(text);
	rc = run_text(text, out, outlen);
	free(text);
	json_decref(o);
	return rc;
}

START_TEST(test_entry)
{
	static const struct {
		const char *src, *out;
		int rc;
	} cases[] = {
		{ "function () { return 6 * 7; }",
		    "{\"resultJson\":\"42\",\"logs\":[]}\n", 0 },
		{ "function () { return { a: [1, 'x'] }; }",
		    "{\"resultJson\":\"{\\\"a\\\":[1,\\\"x\\\"]}\",\"logs\":[]}"
		    "\n",
		    0 },
		{ "function () {}", "{\"logs\":[]}\n", 0 },
		{ "function () { return new Promise(function (r) { "
		  "setTimeout(function () { r('late'); }, 5); }); }",
		    "{\"resultJson\":\"\\\"late\\\"\",\"logs\":[]}\n", 0 },
		{ "function () { return Promise.reject(new TypeError('no "
		  "\"way\"')); }",
		    "{\"error\":\"no \\\"way\\\"\",\"logs\":[]}\n", 1 },
		{ "function () { throw new Error('sync'); }",
		    "{\"error\":\"sync\",\"logs\":[]}\n", 1 },
		{ "42",
		    "{\"error\":\"the entry is not a function\",\"logs\":[]}\n",
		    1 },
		{ "async () => { console.log('hi', { a: 1 }); return 1; }",
		    "{\"resultJson\":\"1\",\"logs\":[{\"level\":\"log\","
		    "\"text\":\"hi { a: 1 }\"}]}\n",
		    0 },
	};
	char out[4096];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ck_assert_int_eq(
		    run_code(cases[i].src, out, sizeof(out)), cases[i].rc);
		ck_assert_str_eq(out, cases[i].out);
	}
}
END_TEST

START_TEST(test_entry_never_settles)
{
	char out[4096], want[1024],
	    *t = texts_compose(CM_TEXT_RUN_NEVER_SETTLES);

	ck_assert_ptr_nonnull(t);
	snprintf(want, sizeof(want), "{\"error\":\"%s\",\"logs\":[]}\n", t);
	free(t);
	ck_assert_int_eq(run_code("function () { return new Promise("
				  "function () {}); }",
			     out, sizeof(out)),
	    1);
	ck_assert_str_eq(out, want);
}
END_TEST

START_TEST(test_timeout)
{
	char out[4096], want[1024], *t;

	ck_assert_ptr_nonnull(
	    t = texts_compose(CM_TEXT_EXECUTION_TIMEOUT, "50"));
	snprintf(want, sizeof(want), "{\"error\":\"%s\",\"logs\":[]}\n", t);
	free(t);
	ck_assert_int_eq(run_text("{\"code\": \"async () => { while (true) {} "
				  "}\", \"timeout\": 50}",
			     out, sizeof(out)),
	    1);
	ck_assert_str_eq(out, want);
}
END_TEST

/* The canned host answers; with nothing to answer from, the not-found one. */
START_TEST(test_canned_answers)
{
	char out[4096];

	ck_assert_int_eq(
	    run_text("{\"code\": \"async () => (await s.a({})).v\", "
		     "\"providers\": [{\"name\": \"s\", \"tools\": [\"a\"]}], "
		     "\"toolAnswers\": [{\"tool\": \"a\", \"answer\": "
		     "{\"result\": {\"v\": 7}}}]}",
		out, sizeof(out)),
	    0);
	ck_assert_str_eq(out, "{\"resultJson\":\"7\",\"logs\":[]}\n");
	ck_assert_int_eq(
	    run_text("{\"code\": \"async () => { try { await s.b({}) } catch "
		     "(e) { return 'refused' } }\", "
		     "\"providers\": [{\"name\": \"s\", \"tools\": [\"b\"]}]}",
		out, sizeof(out)),
	    0);
	ck_assert_str_eq(
	    out, "{\"resultJson\":\"\\\"refused\\\"\",\"logs\":[]}\n");
}
END_TEST

static Suite *
run_request_suite(void)
{
	Suite *s = suite_create("run_request");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_entry);
	tcase_add_test(tc, test_entry_never_settles);
	tcase_add_test(tc, test_timeout);
	tcase_add_test(tc, test_canned_answers);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(run_request_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
