/*
 * A libuv host: the client's descriptor is a uv_poll_t, its timeout a
 * uv_timer_t, both re-armed from cm_client_watch after every call into the
 * library. Ten executions run at once, each tool call answered later from
 * a libuv timer (a slow backend), while the loop serves the rest.
 *
 *   cc uv_loop.c $(pkg-config --cflags --libs codemode libuv)
 *   ./a.out unix:///run/codemode/executor.sock
 */
#define _GNU_SOURCE /* libuv's headers need pthread_rwlock_t under -std=c11 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uv.h>

#include <codemode/codemode.h>

#define RUNS 10

struct host {
	uv_loop_t *loop;
	struct cm_client *client;
	uv_poll_t poll;
	uv_timer_t timer;
	int fd;
	int done, ok;
};

static void host_process(struct host *h);
static void on_poll(uv_poll_t *p, int status, int events);
static void on_timer(uv_timer_t *t);

/* Arms the loop with what the client waits for now. */
static void
host_arm(struct host *h)
{
	int events, timeout, fd;

	if ((fd = cm_client_watch(h->client, &events, &timeout, NULL)) < 0)
		return;
	if (h->fd < 0) {
		/* The descriptor never changes: registered once. */
		uv_poll_init(h->loop, &h->poll, fd);
		h->poll.data = h;
		h->fd = fd;
	}
	uv_poll_start(&h->poll,
	    ((events & CM_WATCH_READ) ? UV_READABLE : 0) |
		((events & CM_WATCH_WRITE) ? UV_WRITABLE : 0),
	    on_poll);
	uv_timer_stop(&h->timer);
	if (timeout >= 0)
		uv_timer_start(&h->timer, on_timer, (uint64_t)timeout, 0);
}

static void
on_poll(uv_poll_t *p, int status, int events)
{
	(void)status;
	(void)events;
	host_process(p->data);
}

static void
on_timer(uv_timer_t *t)
{
	host_process(t->data);
}

static void
host_process(struct host *h)
{
	cm_client_process(h->client, NULL);
	if (h->done == RUNS) {
		uv_poll_stop(&h->poll);
		uv_timer_stop(&h->timer);
		return;
	}
	host_arm(h);
}

struct later {
	uv_timer_t t;
	struct cm_tool_call *call;
	struct host *h;
};

static void
later_closed(uv_handle_t *t)
{
	free(t->data);
}

static void
answer(uv_timer_t *t)
{
	struct later *l = t->data;
	json_t *v = json_integer(7);
	char *env = cm_envelope_result(v);

	cm_tool_call_answer(l->call, env); /* frees the call */
	free(env);
	json_decref(v);
	host_arm(l->h); /* the answer is output the loop must now write */
	uv_close((uv_handle_t *)&l->t, later_closed);
}

static void
dispatch(void *ctx, struct cm_tool_call *call)
{
	struct host *h = ctx;
	struct later *l = malloc(sizeof(*l));

	if (l == NULL) {
		cm_tool_call_answer(call, NULL);
		return;
	}
	l->call = call;
	l->h = h;
	uv_timer_init(h->loop, &l->t);
	l->t.data = l;
	uv_timer_start(&l->t, answer, 20, 0);
}

static void
executed(struct cm_client *c, struct cm_result *res, const struct cm_error *err,
    void *arg)
{
	struct host *h = arg;

	(void)c;
	h->done++;
	if (err != NULL) {
		fprintf(stderr, "fault: %s\n", err->message);
		return;
	}
	if (res->result_json != NULL && strcmp(res->result_json, "49") == 0)
		h->ok++;
	cm_result_clear(res);
}

int
main(int argc, char **argv)
{
	static const char *const tools[] = { "now" };
	struct cm_provider clock = { "clock", tools, 1, 0, NULL, NULL };
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct host h;
	struct cm_error err;
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: %s URL\n", argv[0]);
		return 2;
	}
	memset(&h, 0, sizeof(h));
	h.fd = -1;
	h.loop = uv_default_loop();
	uv_timer_init(h.loop, &h.timer);
	h.timer.data = &h;
	h.client = cm_connect_start(argv[1], NULL, NULL, NULL, &err);
	if (h.client == NULL) {
		fprintf(stderr, "connect: %s\n", err.message);
		cm_error_clear(&err);
		return 1;
	}
	req.code = "async function () { var n = await clock.now({}); "
		   "return n * 7; }";
	req.providers = &clock;
	req.nproviders = 1;
	req.dispatch_async = dispatch;
	req.dispatch_ctx = &h;
	for (i = 0; i < RUNS; i++)
		if (cm_execute_async(h.client, &req, executed, &h, &err) != 0) {
			fprintf(stderr, "submit: %s\n", err.message);
			cm_error_clear(&err);
			return 1;
		}
	host_arm(&h);
	uv_run(h.loop, UV_RUN_DEFAULT);
	cm_client_free(h.client);
	uv_close((uv_handle_t *)&h.timer, NULL);
	if (h.fd >= 0)
		uv_close((uv_handle_t *)&h.poll, NULL);
	uv_run(h.loop, UV_RUN_DEFAULT);
	uv_loop_close(h.loop);
	printf("%d ok, %d failed\n", h.ok, RUNS - h.ok);
	return h.ok == RUNS ? 0 : 1;
}
