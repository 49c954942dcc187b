/*
 * A host with nothing but poll(2): the readiness interface drives the
 * client. cm_client_watch says which descriptor to wait on, for what and
 * for how long; cm_client_process does the work once it is ready. Ten
 * executions run at once; one tool ("clock.now") is answered at once.
 *
 *   cc poll_loop.c $(pkg-config --cflags --libs codemode)
 *   ./a.out unix:///run/codemode/executor.sock
 */
#define _POSIX_C_SOURCE 200809L

#include <poll.h>
#include <stdio.h>
#include <string.h>

#include <codemode/codemode.h>

#define RUNS 10

struct host {
	int done, ok;
};

static char *
dispatch(void *ctx, const char *provider, const char *tool,
    const char *args_json, size_t args_len)
{
	json_t *v = json_integer(7);
	char *env = cm_envelope_result(v);

	(void)ctx;
	(void)provider;
	(void)tool;
	(void)args_json;
	(void)args_len;
	json_decref(v);
	return env; /* the library frees it */
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
	struct cm_connect_options opts = CM_CONNECT_OPTIONS_INIT;
	struct host h = { 0, 0 };
	struct cm_client *c;
	struct cm_error err;
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: %s URL\n", argv[0]);
		return 2;
	}
	opts.deadline_ms = 30000; /* no call waits longer than this */
	if ((c = cm_connect_start(argv[1], &opts, NULL, NULL, &err)) == NULL) {
		fprintf(stderr, "connect: %s\n", err.message);
		cm_error_clear(&err);
		return 1;
	}
	req.code = "async function () { var n = await clock.now({}); "
		   "return n * 7; }";
	req.providers = &clock;
	req.nproviders = 1;
	req.dispatch = dispatch;
	for (i = 0; i < RUNS; i++)
		if (cm_execute_async(c, &req, executed, &h, &err) != 0) {
			fprintf(stderr, "submit: %s\n", err.message);
			cm_error_clear(&err);
			cm_client_free(c);
			return 1;
		}
	while (h.done < RUNS) {
		struct pollfd p;
		int events, timeout;

		/* Asked again each time round: the answer changes. */
		p.fd = cm_client_watch(c, &events, &timeout, &err);
		if (p.fd < 0) {
			fprintf(stderr, "watch: %s\n", err.message);
			cm_error_clear(&err);
			break;
		}
		p.events = (short)(((events & CM_WATCH_READ) ? POLLIN : 0) |
		    ((events & CM_WATCH_WRITE) ? POLLOUT : 0));
		if (poll(&p, 1, timeout) < 0)
			break;
		cm_client_process(c, NULL);
	}
	cm_client_free(c);
	printf("%d ok, %d failed\n", h.ok, RUNS - h.ok);
	return h.ok == RUNS ? 0 : 1;
}
