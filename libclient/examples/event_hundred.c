/*
 * An event-driven host: one connection on the host's own libevent loop,
 * 100 executions in flight at once, tool calls answered asynchronously
 * (each after a 50 ms timer, as a slow backend would), completions counted.
 *
 *   cc event_hundred.c $(pkg-config --cflags --libs codemode)
 *   ./a.out unix:///run/codemode/executor.sock ['CODE']
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <event2/event.h>

#include <codemode/codemode.h>

#define RUNS 100

struct host {
	struct event_base *base;
	int done, ok, failed;
	char expect[256];
};

struct later {
	struct cm_tool_call *call;
};

static void
answer(evutil_socket_t fd, short what, void *arg)
{
	struct later *l = arg;
	json_t *v = json_string(cm_tool_call_tool(l->call));
	char *env = cm_envelope_result(v);

	(void)fd;
	(void)what;
	cm_tool_call_answer(l->call, env); /* frees the call */
	free(env);
	json_decref(v);
	free(l);
}

/* A slow tool: answered from the loop later; the loop keeps serving. */
static void
dispatch(void *ctx, struct cm_tool_call *call)
{
	struct host *h = ctx;
	struct later *l = malloc(sizeof(*l));
	struct timeval tv = { 0, 50000 };

	if (l == NULL) {
		cm_tool_call_answer(call, "{\"error\":\"out of memory\"}");
		return;
	}
	l->call = call;
	event_base_once(h->base, -1, EV_TIMEOUT, answer, l, &tv);
}

static void
done(struct cm_client *c, struct cm_result *res, const struct cm_error *err,
    void *arg)
{
	struct host *h = arg;

	(void)c;
	h->done++;
	if (err != NULL) {
		h->failed++;
		if (h->failed == 1)
			fprintf(stderr, "first fault: %s\n", err->message);
	} else if (res->result_json && strcmp(res->result_json, h->expect) == 0)
		h->ok++;
	else {
		h->failed++;
		if (h->failed == 1)
			fprintf(stderr, "first unexpected result: %s\n",
			    res->error		   ? res->error
				: res->result_json ? res->result_json
						   : "undefined");
	}
	if (res)
		cm_result_clear(res);
	if (h->done == RUNS)
		event_base_loopbreak(h->base);
}

int
main(int argc, char **argv)
{
	const char *tools[] = { "ping" };
	struct cm_provider svc = { "svc", tools, 1, 0, NULL, NULL };
	struct cm_execute_request req;
	struct cm_client *c;
	struct cm_error err;
	struct host h;
	struct timespec a, b;
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: %s URL [CODE [EXPECTED]]\n", argv[0]);
		return 2;
	}
	memset(&h, 0, sizeof(h));
	snprintf(
	    h.expect, sizeof(h.expect), "%s", argc > 3 ? argv[3] : "\"ping\"");
	h.base = event_base_new();
	if ((c = cm_connect_base(h.base, argv[1], NULL, NULL, NULL, &err)) ==
	    NULL) {
		fprintf(stderr, "connect: %s\n", err.message);
		cm_error_clear(&err);
		return 1;
	}
	memset(&req, 0, sizeof(req));
	req.code = argc > 2 ? argv[2] : "async () => await svc.ping()";
	req.providers = &svc;
	req.nproviders = 1;
	req.dispatch_async = dispatch;
	req.dispatch_ctx = &h;
	clock_gettime(CLOCK_MONOTONIC, &a);
	/* All submitted at once; they wait for the handshake, then overlap. */
	for (i = 0; i < RUNS; i++)
		if (cm_execute_async(c, &req, done, &h, &err) != 0) {
			fprintf(stderr, "submit: %s\n", err.message);
			cm_error_clear(&err);
			return 1;
		}
	event_base_dispatch(h.base);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%d ok, %d failed in %.0f ms\n", h.ok, h.failed,
	    (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6);
	cm_client_free(c);
	event_base_free(h.base);
	return h.ok == RUNS ? 0 : 1;
}
