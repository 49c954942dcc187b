/*
 * Handle calls among many daemons (client_route.c): three daemons on
 * private sockets, each named by --instance-id, and clients given all
 * three URLs. A run retains on one daemon; invokeHandle and closeHandles
 * made through clients whose first URL is another daemon reach the one
 * the executionId names (its module state counts every invocation); a
 * name no daemon answers to, or a daemon that died, gives HANDLES_CLOSED.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include <codemode/client.h>

#include "support/test_daemon.h"

#define COUNTER                                                                \
	"async () => { let n = 0; return (req) => new Response(String(++n)) }"

static struct test_daemon d[3];
static char *lists[3]; /* list k starts with daemon k */

static void
start_three(void)
{
	int i;

	for (i = 0; i < 3; i++) {
		char name[16];
		const char *extra[] = { "--instance-id", name, "--spares", "0",
			NULL };

		snprintf(name, sizeof(name), "d%d", i);
		ck_assert_int_eq(test_daemon_init(&d[i], "cm-route"), 0);
		ck_assert_int_eq(test_daemon_spawn(&d[i], test_daemon_binary(),
				     "error", extra),
		    0);
	}
	for (i = 0; i < 3; i++)
		ck_assert_int_ge(
		    asprintf(&lists[i], "unix://%s,unix://%s,unix://%s",
			d[i].sock, d[(i + 1) % 3].sock, d[(i + 2) % 3].sock),
		    0);
}

static void
stop_three(void)
{
	int i;

	for (i = 0; i < 3; i++) {
		if (d[i].pid > 0)
			test_daemon_stop(&d[i]);
		free(lists[i]);
		lists[i] = NULL;
	}
}

static struct cm_client *
connect_list(int k)
{
	struct cm_client *c = NULL;
	struct cm_error err;

	ck_assert_msg(
	    cm_connect(lists[k], NULL, &c, &err) == 0, "%s", err.message);
	return c;
}

/* A retained counter on `c`'s first daemon: its executionId. */
static char *
retain(struct cm_client *c)
{
	struct cm_execute_request req;
	struct cm_result res;
	struct cm_error err;
	char *id;

	memset(&req, 0, sizeof(req));
	req.code = COUNTER;
	req.retain_handles = 1;
	ck_assert_msg(cm_execute(c, &req, &res, &err) == 0, "%s", err.message);
	ck_assert_ptr_nonnull(res.execution_id);
	id = strdup(res.execution_id);
	cm_result_clear(&res);
	return id;
}

/* invokeHandle through `c`: the body, or the fault's code as "!N". */
static char *
invoke(struct cm_client *c, const char *id, struct cm_error *errp)
{
	struct cm_outbound_request req;
	struct cm_outbound_response res;
	struct cm_error err;
	char *out;

	ck_assert_int_eq(cm_outbound_request_set(&req, "GET", "http://handle/",
			     NULL, 0, NULL, 0, 0),
	    0);
	if (cm_invoke_handle(c, id, "fetch", &req, &res, &err) != 0) {
		ck_assert_int_ge(asprintf(&out, "!%d", (int)err.code), 0);
		if (errp)
			*errp = err;
		else
			cm_error_clear(&err);
	} else {
		out = strndup((const char *)res.body, res.body_len);
		cm_outbound_response_clear(&res);
	}
	cm_outbound_request_clear(&req);
	return out;
}

static void
invoke_is(struct cm_client *c, const char *id, const char *want)
{
	char *got = invoke(c, id, NULL);

	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(test_retain_on_one_invoke_through_the_others)
{
	struct cm_client *c[3];
	struct cm_error err;
	char *id0, *id2, *got, want[256];
	int i;

	start_three();
	for (i = 0; i < 3; i++)
		c[i] = connect_list(i);
	/* Each daemon names itself in the ids it mints. */
	id0 = retain(c[0]);
	ck_assert(strncmp(id0, "d0.", 3) == 0);
	id2 = retain(c[2]);
	ck_assert(strncmp(id2, "d2.", 3) == 0);
	/* One counter, reached through all three clients: the state is d0's
	 * alone, whichever daemon each client speaks to first. */
	invoke_is(c[1], id0, "1");
	invoke_is(c[2], id0, "2");
	invoke_is(c[0], id0, "3");
	invoke_is(c[1], id0, "4");
	/* d2's, named last in c[0]'s list and second in c[1]'s. */
	invoke_is(c[0], id2, "1");
	invoke_is(c[1], id2, "2");
	/* closeHandles routed too: d0 closes, and says so to everyone. */
	ck_assert_msg(
	    cm_close_handles(c[2], id0, &err) == 0, "%s", err.message);
	got = invoke(c[1], id0, &err);
	ck_assert_str_eq(got, "!7"); /* CM_ERROR_HANDLES_CLOSED */
	snprintf(want, sizeof(want), "Execution \"%s\" holds no handles", id0);
	ck_assert_ptr_nonnull(strstr(err.message, want));
	cm_error_clear(&err);
	free(got);
	/* A name no daemon answers to: HANDLES_CLOSED, from the client. */
	got = invoke(c[0], "nobody.0123456789abcdef0123456789abcdef", &err);
	ck_assert_str_eq(got, "!7");
	ck_assert_ptr_nonnull(strstr(err.message, "\"nobody.0123"));
	cm_error_clear(&err);
	free(got);
	/* d2 dies: its handles died with it. The other daemons still
	 * serve, and d2's id ends in HANDLES_CLOSED through every client. */
	test_daemon_kill(&d[2], SIGKILL);
	got = invoke(c[0], id2, &err);
	ck_assert_str_eq(got, "!7");
	ck_assert_ptr_nonnull(strstr(err.message, id2));
	cm_error_clear(&err);
	free(got);
	invoke_is(c[1], id2, "!7");
	free(id0);
	id0 = retain(c[0]);
	invoke_is(c[1], id0, "1");
	/* An id without a name takes the ordinary path (the first daemon). */
	invoke_is(c[1], "0123456789abcdef0123456789abcdef", "!7");
	for (i = 0; i < 3; i++)
		cm_client_free(c[i]);
	free(id0);
	free(id2);
	stop_three();
}
END_TEST

/* The same on a caller's libevent base: the routed call's callback runs
 * from the loop, and the client may be freed inside it. */
struct ev_wait {
	int done;
	char body[32];
	struct cm_client *c;
};

static void
on_invoked(struct cm_client *c, struct cm_outbound_response *res,
    const struct cm_error *err, void *arg)
{
	struct ev_wait *w = arg;

	if (res != NULL) {
		snprintf(w->body, sizeof(w->body), "%.*s", (int)res->body_len,
		    (const char *)res->body);
		cm_outbound_response_clear(res);
	} else
		snprintf(
		    w->body, sizeof(w->body), "!%d", err ? (int)err->code : -1);
	w->done = 1;
	cm_client_free(c); /* from inside the callback */
	w->c = NULL;
}

START_TEST(test_routed_on_a_base)
{
	struct event_base *base = event_base_new();
	struct cm_outbound_request req;
	struct cm_client *c0, *c;
	struct ev_wait w;
	struct cm_error err;
	char *id;
	int i;

	start_three();
	c0 = connect_list(0);
	id = retain(c0);
	memset(&w, 0, sizeof(w));
	c = cm_connect_base(base, lists[1], NULL, NULL, NULL, &err);
	ck_assert_ptr_nonnull(c);
	w.c = c;
	ck_assert_int_eq(cm_outbound_request_set(&req, "GET", "http://handle/",
			     NULL, 0, NULL, 0, 0),
	    0);
	ck_assert_int_eq(
	    cm_invoke_handle_async(c, id, "fetch", &req, on_invoked, &w, &err),
	    0);
	for (i = 0; i < 1000 && !w.done; i++)
		event_base_loop(base, EVLOOP_ONCE);
	ck_assert(w.done);
	ck_assert_str_eq(w.body, "1");
	ck_assert_ptr_null(w.c);
	/* A client freed with a routed call in flight completes it. */
	memset(&w, 0, sizeof(w));
	c = cm_connect_base(base, lists[2], NULL, NULL, NULL, &err);
	ck_assert_int_eq(
	    cm_invoke_handle_async(c, id, "fetch", &req, on_invoked, &w, &err),
	    0);
	w.c = c;
	{
		struct ev_wait *wp = &w;

		/* Not inside a callback: free it now. */
		wp->c = NULL;
	}
	cm_client_free(c);
	ck_assert(w.done);
	ck_assert_str_eq(w.body, "!5"); /* CM_ERROR_CONNECTION_BROKEN */
	invoke_is(c0, id, "2");
	cm_outbound_request_clear(&req);
	cm_client_free(c0);
	free(id);
	event_base_free(base);
	stop_three();
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("client_route");
	TCase *tc = tcase_create("three daemons");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_retain_on_one_invoke_through_the_others);
	tcase_add_test(tc, test_routed_on_a_base);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
