/*
 * The same host, remote or in-process: only the constructor differs.
 * With a URL it connects to a daemon (cm_connect); without one it builds
 * an in-process executor (cm_executor_new), whose pool forks sandboxed
 * children beside this process on the first execution and ends them at
 * cm_client_free. Everything between is the same client API: requests,
 * results, the tool dispatch. Five executions, one tool ("clock.now").
 *
 *   cc in_process.c $(pkg-config --cflags --libs codemode)
 *   ./a.out                                  in-process
 *   ./a.out unix:///run/codemode/executor.sock   remote
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>

#include <codemode/codemode.h>

#define RUNS 5

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

int
main(int argc, char **argv)
{
	static const char *const tools[] = { "now" };
	struct cm_provider clock = { "clock", tools, 1, 0, NULL, NULL };
	struct cm_execute_request req = CM_EXECUTE_REQUEST_INIT;
	struct cm_client *c = NULL;
	struct cm_result res;
	struct cm_error err;
	int i, ok = 0, rc;

	if (argc > 1) {
		struct cm_connect_options o = CM_CONNECT_OPTIONS_INIT;

		o.timeout = 10000;
		rc = cm_connect(argv[1], &o, &c, &err);
	} else {
		/* IsolateExecutorOptions: construction-time defaults a
		 * request's own fields override; the pool's options. The
		 * sandbox image is the installed one, or
		 * $CODEMODE_SANDBOX_IMAGE. */
		struct cm_executor_options o = CM_EXECUTOR_OPTIONS_INIT;

		o.timeout = 10000;
		o.memory_limit_mb = 64;
		o.max_workers = 2;
		rc = cm_executor_new(&o, &c, &err);
	}
	if (rc != 0) {
		fprintf(stderr, "executor: %s\n", err.message);
		cm_error_clear(&err);
		return 1;
	}
	req.code = "async function () { var n = await clock.now({}); "
		   "return n * 7; }";
	req.providers = &clock;
	req.nproviders = 1;
	req.dispatch = dispatch;
	for (i = 0; i < RUNS; i++) {
		if (cm_execute(c, &req, &res, &err) != 0) {
			fprintf(stderr, "execute: %s\n", err.message);
			cm_error_clear(&err);
			continue;
		}
		if (res.error == NULL && res.result_json != NULL &&
		    strcmp(res.result_json, "49") == 0)
			ok++;
		else
			fprintf(stderr, "run: %s\n",
			    res.error ? res.error : "unexpected result");
		cm_result_clear(&res);
	}
	cm_client_free(c); /* dispose(): the children end here */
	printf("%d ok, %d failed\n", ok, RUNS - ok);
	return ok == RUNS ? 0 : 1;
}
