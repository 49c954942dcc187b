/*
 * The client's callback plumbing against an in-process FAKE executor: a
 * thread serving a private unix socket with the shared ws.h/http.h/capnweb
 * code in the server role. It calls the client's exported dispatch stub
 * as the real daemon will (["push",["pipeline",-k,[],[provider,tool,args]]])
 * and the outbound stub with a serialized request, and records the wire
 * arguments of every execute so the request mapping is checked exactly.
 *
 * The code string tells the fake what to do (JSON):
 *   {"calls":[[provider,tool,args],...], "late":1}  tool calls, all at once;
 *       the result is the array of envelopes; "late" makes one more call
 *       after execute resolved (answered with the completed envelope)
 *   {"outbound":1}      one outbound request; the result is the response
 *   {"undefined":1}     a result without resultJson
 *   {"reject":{...}}    rejects execute with an Error carrying these props
 *   anything else       resultJson "1"
 */
#include <check.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>

#include <codemode/codemode.h>

#include "proto/capnweb.h"
#include "proto/http.h"
#include "proto/ws.h"

/* ---- the fake server ---- */

static pthread_mutex_t fk_mu = PTHREAD_MUTEX_INITIALIZER;
static char fk_dir[64], fk_path[108], fk_url[128];
static int fk_listen = -1, fk_stop_pipe[2] = { -1, -1 };
static pthread_t fk_thread;
static int fk_version = 1;
static int fk_accepted;
static json_t *fk_last_args; /* the wire args of the last execute */
static char *fk_late; /* the answer to the late tool call */

struct fk_conn {
	int fd;
	int upgraded;
	uint8_t *in;
	size_t in_len, in_cap;
	struct ws_assembler wsa;
	struct capnweb_session *s;
};

struct fk_exec {
	struct capnweb_call *call;
	struct capnweb_stub *dispatch;
	struct capnweb_stub *outbound;
	json_t *answers;
	int pending;
	int late;
};

struct fk_tool {
	struct fk_exec *fe;
	size_t index;
};

static void
fk_send(void *udata, const char *msg, size_t len)
{
	struct fk_conn *fc = udata;
	uint8_t *frame = malloc(len + WS_MAX_HEADER);
	long n = ws_frame_encode(WS_ROLE_SERVER, WS_OP_TEXT,
	    (const uint8_t *)msg, len, frame, len + WS_MAX_HEADER);

	if (n > 0)
		(void)!send(fc->fd, frame, (size_t)n, MSG_NOSIGNAL);
	free(frame);
}

static void
fk_exec_free(struct fk_exec *fe)
{
	if (fe->dispatch)
		capnweb_stub_release(fe->dispatch);
	if (fe->outbound)
		capnweb_stub_release(fe->outbound);
	json_decref(fe->answers);
	free(fe);
}

static void
fk_late_settled(void *udata, int status, json_t *value)
{
	struct fk_exec *fe = udata;

	pthread_mutex_lock(&fk_mu);
	free(fk_late);
	fk_late = status == CAPNWEB_RESOLVED && json_is_string(value)
	    ? strdup(json_string_value(value))
	    : strdup("(no answer)");
	pthread_mutex_unlock(&fk_mu);
	fk_exec_free(fe);
}

static void
fk_finish(struct fk_exec *fe, json_t *resolve)
{
	capnweb_call_resolve(fe->call, resolve);
	fe->call = NULL;
	if (fe->late && fe->dispatch) {
		json_t *a = json_pack("[s, s, s]", "store", "late", "");
		int64_t id = capnweb_stub_call(
		    fe->dispatch, NULL, a, fk_late_settled, fe);

		json_decref(a);
		if (id > 0)
			return;
	}
	fk_exec_free(fe);
}

static void
fk_tool_settled(void *udata, int status, json_t *value)
{
	struct fk_tool *ft = udata;
	struct fk_exec *fe = ft->fe;
	char *text;

	json_array_set_new(fe->answers, ft->index,
	    status == CAPNWEB_RESOLVED && json_is_string(value)
		? json_incref(value)
		: json_string("(rejected)"));
	free(ft);
	if (--fe->pending > 0)
		return;
	text = json_dumps(fe->answers, JSON_COMPACT | JSON_ENCODE_ANY);
	fk_finish(fe, json_pack("{s:s, s:[]}", "resultJson", text, "logs"));
	free(text);
}

static void
fk_outbound_settled(void *udata, int status, json_t *value)
{
	struct fk_exec *fe = udata;
	json_t *r = json_object();
	uint8_t *b = NULL;
	size_t bl = 0;
	char *text;

	if (status == CAPNWEB_RESOLVED) {
		json_object_set(r, "status", json_object_get(value, "status"));
		json_object_set(
		    r, "statusText", json_object_get(value, "statusText"));
		json_object_set(
		    r, "headers", json_object_get(value, "headers"));
		json_object_set_new(r, "bodyKind",
		    json_string(
			capnweb_value_kind(json_object_get(value, "body"))
			    ? capnweb_value_kind(json_object_get(value, "body"))
			    : "none"));
		if (capnweb_value_get_bytes(
			json_object_get(value, "body"), &b, &bl) == 0)
			json_object_set_new(
			    r, "body", json_stringn((char *)b, bl));
		free(b);
	} else
		json_object_set_new(r, "rejected",
		    json_string(capnweb_error_message(value)
			    ? capnweb_error_message(value)
			    : "?"));
	text = json_dumps(r, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(r);
	fk_finish(fe, json_pack("{s:s, s:[]}", "resultJson", text, "logs"));
	free(text);
}

static void
fk_execute(struct fk_conn *fc, struct capnweb_call *call, json_t *args)
{
	json_t *script =
	    json_loads(json_string_value(json_array_get(args, 0)), 0, NULL);
	json_t *calls = json_object_get(script, "calls");
	json_t *rej = json_object_get(script, "reject");
	struct fk_exec *fe = calloc(1, sizeof(*fe));
	json_t *c;
	size_t i;

	pthread_mutex_lock(&fk_mu);
	json_decref(fk_last_args);
	fk_last_args = json_deep_copy(args);
	pthread_mutex_unlock(&fk_mu);
	fe->call = call;
	fe->answers = json_array();
	fe->dispatch = capnweb_session_stub(fc->s, json_array_get(args, 3));
	fe->outbound = capnweb_session_stub(fc->s, json_array_get(args, 5));
	fe->late = json_is_true(json_object_get(script, "late")) ||
	    json_integer_value(json_object_get(script, "late")) == 1;
	if (json_is_array(calls) && fe->dispatch) {
		fe->pending = (int)json_array_size(calls);
		json_array_foreach(calls, i, c)
		{
			struct fk_tool *ft = calloc(1, sizeof(*ft));

			ft->fe = fe;
			ft->index = i;
			json_array_append_new(fe->answers, json_null());
			capnweb_stub_call(
			    fe->dispatch, NULL, c, fk_tool_settled, ft);
		}
	} else if (json_object_get(script, "outbound") && fe->outbound) {
		uint8_t body[] = "ping";

		json_t *a = json_pack("[{s:s, s:s, s:[[s, s]], s:o}]", "method",
		    "POST", "url", "https://api.example/x", "headers",
		    "content-type", "text/plain", "body",
		    capnweb_value_bytes(body, 4, "ArrayBuffer"));

		capnweb_stub_call(
		    fe->outbound, NULL, a, fk_outbound_settled, fe);
		json_decref(a);
	} else if (json_is_object(rej)) {
		json_t *e = capnweb_error_new("Error", "the fake refused");
		const char *k;
		json_t *v;

		json_object_foreach(rej, k, v)
		    capnweb_error_set_prop(e, k, json_incref(v));
		capnweb_call_reject(call, e);
		fe->call = NULL;
		fk_exec_free(fe);
	} else if (json_object_get(script, "undefined")) {
		fk_finish(fe, json_pack("{s:[]}", "logs"));
	} else
		fk_finish(
		    fe, json_pack("{s:s, s:[]}", "resultJson", "1", "logs"));
	json_decref(script);
}

static void
fk_main(void *udata, struct capnweb_call *call)
{
	struct fk_conn *fc = udata;
	const char *m = capnweb_call_method(call);

	if (strcmp(m, "protocolVersion") == 0)
		capnweb_call_resolve(call, json_integer(fk_version));
	else if (strcmp(m, "execute") == 0)
		fk_execute(fc, call, capnweb_call_args(call));
	else if (strcmp(m, "invokeHandle") == 0) {
		/* Echoes the request back as the response, to check both
		 * shapes. */
		json_t *a = capnweb_call_args(call), *rq = json_array_get(a, 2);
		uint8_t *b = NULL;
		size_t bl = 0;
		char st[512];

		capnweb_value_get_bytes(json_object_get(rq, "body"), &b, &bl);
		snprintf(st, sizeof(st), "%s %s %s %s %.*s",
		    json_string_value(json_array_get(a, 0)),
		    json_string_value(json_array_get(a, 1)),
		    json_string_value(json_object_get(rq, "method")),
		    json_string_value(json_object_get(rq, "url")), (int)bl,
		    b ? (char *)b : "");
		free(b);
		capnweb_call_resolve(call,
		    json_pack("{s:i, s:s, s:O, s:o}", "status", 200,
			"statusText", st, "headers",
			json_object_get(rq, "headers"), "body",
			capnweb_value_bytes("\x00\xff", 2, "ArrayBuffer")));
	} else if (strcmp(m, "closeHandles") == 0)
		capnweb_call_resolve(call, capnweb_value_undefined());
	else
		capnweb_call_reject_unknown(call);
}

/* Returns 0 to keep the connection, -1 to drop it. */
static int
fk_input(struct fk_conn *fc)
{
	if (!fc->upgraded) {
		struct http_header hs[32];
		struct http_request req;
		struct http_ws_upgrade up;
		struct capnweb_config cfg;
		char out[1024];
		long head, n;

		memset(&req, 0, sizeof(req));
		req.headers = hs;
		req.headers_cap = 32;
		head = http_parse_request((char *)fc->in, fc->in_len, &req);
		if (head == 0)
			return 0;
		if (head < 0 || http_ws_check_request(&req, &up) != 0)
			return -1;
		n = http_build_ws_response(out, sizeof(out), &up);
		(void)!send(fc->fd, out, (size_t)n, MSG_NOSIGNAL);
		memmove(fc->in, fc->in + head, fc->in_len - (size_t)head);
		fc->in_len -= (size_t)head;
		fc->upgraded = 1;
		ws_assembler_init(&fc->wsa, WS_ROLE_SERVER, 1 << 24);
		memset(&cfg, 0, sizeof(cfg));
		cfg.main = fk_main;
		cfg.main_udata = fc;
		cfg.send = fk_send;
		cfg.send_udata = fc;
		fc->s = capnweb_session_new(&cfg);
	}
	for (;;) {
		struct ws_event ev;
		long n = ws_assembler_feed(&fc->wsa, fc->in, fc->in_len, &ev);

		if (n == 0)
			return 0;
		if (n < 0)
			return -1;
		if (ev.type == WS_EV_TEXT &&
		    capnweb_session_receive(
			fc->s, (const char *)ev.data, ev.len) != 0)
			return -1;
		if (ev.type == WS_EV_CLOSE)
			return -1;
		memmove(fc->in, fc->in + n, fc->in_len - (size_t)n);
		fc->in_len -= (size_t)n;
	}
}

static void
fk_conn_free(struct fk_conn *fc)
{
	if (fc->s) {
		capnweb_session_close(fc->s, "gone");
		capnweb_session_free(fc->s);
	}
	ws_assembler_free(&fc->wsa);
	close(fc->fd);
	free(fc->in);
	free(fc);
}

static void *
fk_run(void *arg)
{
	struct fk_conn *conns[16];
	int nconns = 0, polled, i;

	(void)arg;
	for (;;) {
		struct pollfd pfd[18];

		pfd[0].fd = fk_stop_pipe[0];
		pfd[0].events = POLLIN;
		pfd[1].fd = fk_listen;
		pfd[1].events = POLLIN;
		for (i = 0; i < nconns; i++) {
			pfd[2 + i].fd = conns[i]->fd;
			pfd[2 + i].events = POLLIN;
		}
		if (poll(pfd, (nfds_t)(2 + nconns), -1) < 0)
			continue;
		if (pfd[0].revents)
			break;
		polled = nconns; /* only these have revents */
		if ((pfd[1].revents & POLLIN) && nconns < 16) {
			int fd = accept(fk_listen, NULL, NULL);

			if (fd >= 0) {
				struct fk_conn *fc = calloc(1, sizeof(*fc));

				fc->fd = fd;
				fc->in_cap = 1 << 20;
				fc->in = malloc(fc->in_cap);
				conns[nconns++] = fc;
				pthread_mutex_lock(&fk_mu);
				fk_accepted++;
				pthread_mutex_unlock(&fk_mu);
			}
		}
		for (i = 0; i < polled; i++) {
			struct fk_conn *fc = conns[i];
			ssize_t r;

			if (!(pfd[2 + i].revents &
				(POLLIN | POLLHUP | POLLERR)))
				continue;
			r = read(fc->fd, fc->in + fc->in_len,
			    fc->in_cap - fc->in_len);
			if (r > 0) {
				fc->in_len += (size_t)r;
				if (fk_input(fc) == 0)
					continue;
			}
			fk_conn_free(fc);
			conns[i] = conns[--nconns];
			/* pfd no longer lines up: poll again. */
			break;
		}
	}
	for (i = 0; i < nconns; i++)
		fk_conn_free(conns[i]);
	return NULL;
}

static void
fk_start(void)
{
	struct sockaddr_un sun;

	snprintf(fk_dir, sizeof(fk_dir), "/tmp/cm-fake-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(fk_dir));
	snprintf(fk_path, sizeof(fk_path), "%s/f.sock", fk_dir);
	snprintf(fk_url, sizeof(fk_url), "unix://%s", fk_path);
	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	memcpy(sun.sun_path, fk_path, strlen(fk_path) + 1);
	fk_listen = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	ck_assert_int_eq(
	    bind(fk_listen, (struct sockaddr *)&sun, sizeof(sun)), 0);
	ck_assert_int_eq(listen(fk_listen, 16), 0);
	ck_assert_int_eq(pipe(fk_stop_pipe), 0);
	fk_version = 1;
	fk_accepted = 0;
	ck_assert_int_eq(pthread_create(&fk_thread, NULL, fk_run, NULL), 0);
}

static void
fk_stop(void)
{
	(void)!write(fk_stop_pipe[1], "x", 1);
	pthread_join(fk_thread, NULL);
	close(fk_stop_pipe[0]);
	close(fk_stop_pipe[1]);
	close(fk_listen);
	unlink(fk_path);
	rmdir(fk_dir);
	json_decref(fk_last_args);
	fk_last_args = NULL;
	free(fk_late);
	fk_late = NULL;
}

/* The last execute's wire arguments as compact sorted JSON (caller frees). */
static char *
fk_args_text(void)
{
	char *s;

	pthread_mutex_lock(&fk_mu);
	s = json_dumps(fk_last_args, JSON_COMPACT | JSON_SORT_KEYS);
	pthread_mutex_unlock(&fk_mu);
	return s;
}

/* ---- host side ---- */

static int
respond_tools(void *ctx, const char *provider, const char *tool,
    const char *args, size_t len, json_t **result, char **error)
{
	char e[128];
	json_t *list;

	(void)ctx;
	list = cm_parse_dispatch_arguments(args, len, e, sizeof(e));
	if (strcmp(tool, "listOrders") == 0) {
		*result = json_pack("{s:s, s:O, s:s}", "id", "o1", "args", list,
		    "provider", provider);
		json_decref(list);
		return 0;
	}
	json_decref(list);
	*error = strdup("No such customer.");
	return -1;
}

static struct cm_client *
fk_connect(const struct cm_connect_options *o)
{
	struct cm_client *c = NULL;
	struct cm_error err;

	if (cm_connect(fk_url, o, &c, &err) != 0)
		ck_abort_msg("connect: %s", err.message);
	return c;
}

START_TEST(test_respond_and_wire_args)
{
	struct cm_execute_request req;
	struct cm_provider prov;
	struct cm_result res;
	struct cm_client *c;
	struct cm_error err;
	const char *tools[] = { "listOrders", "deleteOrders" };
	json_t *mods;
	char *s, *completed;

	fk_start();
	c = fk_connect(NULL);
	memset(&req, 0, sizeof(req));
	req.code = "{\"calls\":[[\"store\",\"listOrders\",\"[\\\"ada\\\",3]\"],"
		   "[\"store\",\"deleteOrders\",\"\"]],\"late\":1}";
	memset(&prov, 0, sizeof(prov));
	prov.name = "store";
	prov.tools = tools;
	prov.ntools = 2;
	prov.positional_args = 1;
	prov.prelude = "var p = 1;";
	req.providers = &prov;
	req.nproviders = 1;
	mods = json_pack("{s:s, s:{s:{s:i}}}", "greeter",
	    "export const greet = 1", "cfg", "json", "a", 1);
	req.modules = mods;
	req.timeout = CM_TIMEOUT_LIFTED;
	req.count_host_waits = CM_FLAG_TRUE;
	req.retain_handles = 1;
	req.respond = respond_tools;
	if (cm_execute(c, &req, &res, &err) != 0)
		ck_abort_msg("%s", err.message);
	ck_assert_str_eq(res.result_json,
	    "[\"{\\\"result\\\":{\\\"id\\\":\\\"o1\\\",\\\"args\\\":"
	    "[\\\"ada\\\",3],\\\"provider\\\":\\\"store\\\"}}\","
	    "\"{\\\"error\\\":\\\"No such customer.\\\"}\"]");
	cm_result_clear(&res);
	s = fk_args_text();
	ck_assert_str_eq(s,
	    "[\"{\\\"calls\\\":[[\\\"store\\\",\\\"listOrders\\\","
	    "\\\"[\\\\\\\"ada\\\\\\\",3]\\\"],[\\\"store\\\","
	    "\\\"deleteOrders\\\","
	    "\\\"\\\"]],\\\"late\\\":1}\",[{\"name\":\"store\","
	    "\"positionalArgs\":"
	    "true,\"prelude\":\"var p = 1;\",\"tools\":[\"listOrders\","
	    "\"deleteOrders\"]}],{\"countHostWaits\":true,\"modules\":"
	    "[[\"greeter\",\"export const greet = 1\"],[\"cfg\","
	    "\"export default "
	    "{\\\"a\\\":1};\"]],\"retainHandles\":true,\"timeout\":"
	    "null},{\"$capnweb\":\"stub\",\"id\":-1},\"native\"]");
	free(s);
	/* The late call, made after execute resolved, got the completed text.
	 */
	{
		int i;

		for (i = 0; i < 200; i++) {
			struct cm_execute_request r2;

			/* A cheap call keeps the client's loop serving. */
			memset(&r2, 0, sizeof(r2));
			r2.code = "{}";
			ck_assert_int_eq(cm_execute(c, &r2, &res, &err), 0);
			cm_result_clear(&res);
			pthread_mutex_lock(&fk_mu);
			s = fk_late ? strdup(fk_late) : NULL;
			pthread_mutex_unlock(&fk_mu);
			if (s)
				break;
			usleep(1000);
		}
		ck_assert_ptr_nonnull(s);
		completed = cm_envelope_completed();
		ck_assert_str_eq(s, completed);
		free(completed);
		free(s);
	}
	/* No callbacks, no outbound: null dispatch and native mode. */
	memset(&req, 0, sizeof(req));
	req.code = "{}";
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), 0);
	ck_assert_str_eq(res.result_json, "1");
	cm_result_clear(&res);
	s = fk_args_text();
	ck_assert_str_eq(s, "[\"{}\",[],{},null,\"native\"]");
	free(s);
	req.outbound = CM_OUTBOUND_NULL;
	req.timeout = 1500;
	req.count_host_waits = CM_FLAG_FALSE;
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), 0);
	cm_result_clear(&res);
	s = fk_args_text();
	ck_assert_str_eq(s,
	    "[\"{}\",[],{\"countHostWaits\":false,\"timeout\":"
	    "1500},null,\"disabled\"]");
	free(s);
	json_decref(mods);
	cm_client_free(c);
	fk_stop();
}
END_TEST

static int outbound_seen;

static int
outbound_sync(void *ctx, const struct cm_outbound_request *req,
    struct cm_outbound_response *res, char **error)
{
	struct cm_header h = { "x-seen", "yes" };
	char body[256];

	(void)ctx;
	(void)error;
	outbound_seen++;
	ck_assert_str_eq(req->method, "POST");
	ck_assert_str_eq(req->url, "https://api.example/x");
	ck_assert_uint_eq(req->nheaders, 1);
	ck_assert_str_eq(req->headers[0].name, "content-type");
	ck_assert_int_eq(req->has_body, 1);
	ck_assert_uint_eq(req->body_len, 4);
	snprintf(body, sizeof(body), "pong:%.*s", (int)req->body_len,
	    (const char *)req->body);
	return cm_outbound_response_set(
	    res, 201, "Created", &h, 1, body, strlen(body));
}

static int
outbound_refuse(void *ctx, const struct cm_outbound_request *req,
    struct cm_outbound_response *res, char **error)
{
	(void)ctx;
	(void)req;
	(void)res;
	*error = strdup("not today");
	return -1;
}

START_TEST(test_outbound_and_connection_defaults)
{
	struct cm_connect_options o;
	struct cm_execute_request req;
	struct cm_result res;
	struct cm_client *c;
	struct cm_error err;
	json_t *mods;
	char *s;

	fk_start();
	memset(&o, 0, sizeof(o));
	o.timeout = 2500;
	o.count_host_waits = CM_FLAG_TRUE;
	mods = json_pack("{s:s}", "m", "export default 1");
	o.modules = mods;
	o.outbound = CM_OUTBOUND_FUNCTION;
	o.outbound_fn = outbound_sync;
	c = fk_connect(&o);
	json_decref(mods); /* the client copied it */
	memset(&req, 0, sizeof(req));
	req.code = "{\"outbound\":1}";
	if (cm_execute(c, &req, &res, &err) != 0)
		ck_abort_msg("%s", err.message);
	ck_assert_int_eq(outbound_seen, 1);
	ck_assert_str_eq(res.result_json,
	    "{\"body\":\"pong:ping\",\"bodyKind\":"
	    "\"bytes\",\"headers\":[[\"x-seen\",\"yes\"]],\"status\":201,"
	    "\"statusText\":\"Created\"}");
	cm_result_clear(&res);
	s = fk_args_text();
	ck_assert_str_eq(s,
	    "[\"{\\\"outbound\\\":1}\",[],{\"countHostWaits\":"
	    "true,\"modules\":[[\"m\",\"export default 1\"]],\"timeout\":2500},"
	    "null,\"stub\",{\"$capnweb\":\"stub\",\"id\":-1}]");
	free(s);
	/* Request fields win over the connection's defaults. */
	req.outbound = CM_OUTBOUND_FUNCTION;
	req.outbound_fn = outbound_refuse;
	req.timeout = 10;
	req.count_host_waits = CM_FLAG_FALSE;
	if (cm_execute(c, &req, &res, &err) != 0)
		ck_abort_msg("%s", err.message);
	ck_assert_str_eq(res.result_json, "{\"rejected\":\"not today\"}");
	cm_result_clear(&res);
	s = fk_args_text();
	ck_assert_str_eq(s,
	    "[\"{\\\"outbound\\\":1}\",[],{\"countHostWaits\":"
	    "false,\"modules\":[[\"m\",\"export default 1\"]],\"timeout\":10},"
	    "null,\"stub\",{\"$capnweb\":\"stub\",\"id\":-2}]");
	free(s);
	req.outbound = CM_OUTBOUND_NULL;
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), 0);
	cm_result_clear(&res);
	s = fk_args_text();
	ck_assert_ptr_nonnull(strstr(s, "null,\"disabled\"]"));
	free(s);
	cm_client_free(c);
	fk_stop();
}
END_TEST

START_TEST(test_faults_and_shapes)
{
	struct cm_execute_request req;
	struct cm_result res;
	struct cm_client *c;
	struct cm_error err;

	fk_start();
	c = fk_connect(NULL);
	memset(&req, 0, sizeof(req));
	/* A taxonomy code types the fault. */
	req.code = "{\"reject\":{\"code\":\"QUEUE_OVERFLOW\"}}";
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_QUEUE_OVERFLOW);
	ck_assert_int_eq(err.retryable, 1);
	ck_assert_str_eq(err.class_name, "QueueOverflowError");
	ck_assert_str_eq(err.message, "the fake refused");
	cm_error_clear(&err);
	/* Anything else passes through untouched. */
	req.code = "{\"reject\":{\"code\":\"E_USER\",\"detail\":[1,2]}}";
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_NONE);
	ck_assert_str_eq(err.class_name, "Error");
	ck_assert_str_eq(err.message, "the fake refused");
	ck_assert_str_eq(
	    json_string_value(json_object_get(err.thrown, "code")), "E_USER");
	ck_assert_int_eq(json_integer_value(json_array_get(
			     json_object_get(err.thrown, "detail"), 1)),
	    2);
	cm_error_clear(&err);
	/* undefined: no resultJson. */
	req.code = "{\"undefined\":1}";
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), 0);
	ck_assert_ptr_null(res.result_json);
	ck_assert_ptr_null(res.result);
	ck_assert_ptr_null(res.error);
	cm_result_clear(&res);
	/* Misuse is refused before anything is sent. */
	req.code = NULL;
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_ARGUMENT);
	ck_assert_ptr_null(err.thrown);
	cm_error_clear(&err);
	req.code = "{}";
	req.outbound = CM_OUTBOUND_FUNCTION;
	ck_assert_int_eq(cm_execute(c, &req, &res, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_ARGUMENT);
	cm_error_clear(&err);
	req.outbound = CM_OUTBOUND_ABSENT;
	cm_client_free(c);
	/* A version mismatch fails the connect and is never retried. */
	fk_version = 2;
	c = NULL;
	ck_assert_int_eq(cm_connect(fk_url, NULL, &c, &err), -1);
	ck_assert_int_eq(err.code, CM_ERROR_PROTOCOL_MISMATCH);
	{
		const char *v[] = { "1", "2" };
		char *want = cm_text_compose("PROTOCOL_VERSION_MISMATCH", v, 2);

		ck_assert_str_eq(err.message, want);
		free(want);
	}
	cm_error_clear(&err);
	pthread_mutex_lock(&fk_mu);
	ck_assert_int_eq(fk_accepted, 2);
	pthread_mutex_unlock(&fk_mu);
	fk_stop();
}
END_TEST

/* ---- slow tools, event-driven ---- */

struct slow {
	struct event_base *base;
	int done;
	int ok;
	int tool_calls;
};

struct pending_answer {
	struct cm_tool_call *call;
	struct slow *sl;
};

static void
answer_later(evutil_socket_t fd, short what, void *arg)
{
	struct pending_answer *pa = arg;
	char *env;
	json_t *v;

	(void)fd;
	(void)what;
	v = json_string(cm_tool_call_tool(pa->call));
	env = cm_envelope_result(v);
	json_decref(v);
	ck_assert_int_eq(cm_tool_call_answer(pa->call, env), 0);
	free(env);
	free(pa);
}

static void
slow_dispatch(void *ctx, struct cm_tool_call *call)
{
	struct slow *sl = ctx;
	struct pending_answer *pa = malloc(sizeof(*pa));
	struct timeval tv = { 0, 200000 };

	sl->tool_calls++;
	pa->call = call;
	pa->sl = sl;
	event_base_once(sl->base, -1, EV_TIMEOUT, answer_later, pa, &tv);
}

static void
slow_done(struct cm_client *c, struct cm_result *res,
    const struct cm_error *err, void *arg)
{
	struct slow *sl = arg;

	(void)c;
	sl->done++;
	if (res && res->result_json &&
	    strcmp(res->result_json,
		"[\"{\\\"result\\\":\\\"a\\\"}\",\"{\\\"result\\\":\\\"b\\\"}"
		"\"]") == 0)
		sl->ok++;
	if (res)
		cm_result_clear(res);
	(void)err;
}

START_TEST(test_slow_tools_concurrent)
{
	struct event_base *base = event_base_new();
	struct cm_execute_request req;
	struct cm_client *c;
	struct cm_error err;
	struct slow sl;
	struct timespec a, b;
	double ms;
	int i;

	fk_start();
	memset(&sl, 0, sizeof(sl));
	sl.base = base;
	c = cm_connect_base(base, fk_url, NULL, NULL, NULL, &err);
	ck_assert_ptr_nonnull(c);
	memset(&req, 0, sizeof(req));
	req.code = "{\"calls\":[[\"p\",\"a\",\"\"],[\"p\",\"b\",\"[1]\"]]}";
	req.dispatch_async = slow_dispatch;
	req.dispatch_ctx = &sl;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < 20; i++)
		ck_assert_int_eq(
		    cm_execute_async(c, &req, slow_done, &sl, &err), 0);
	while (sl.done < 20)
		ck_assert_int_eq(event_base_loop(base, EVLOOP_ONCE), 0);
	clock_gettime(CLOCK_MONOTONIC, &b);
	ms = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
	ck_assert_int_eq(sl.ok, 20);
	ck_assert_int_eq(sl.tool_calls, 40);
	/* Forty 200 ms tools overlapped: the loop kept serving meanwhile. */
	ck_assert_msg(ms < 1500, "took %.0f ms", ms);
	cm_client_free(c);
	event_base_free(base);
	fk_stop();
}
END_TEST

/* A tool call still unanswered when the client goes: answering is harmless. */
static struct cm_tool_call *held;

static void
hold_dispatch(void *ctx, struct cm_tool_call *call)
{
	(void)ctx;
	held = call;
}

static void
count_done(struct cm_client *c, struct cm_result *res,
    const struct cm_error *err, void *arg)
{
	int *n = arg;

	(void)c;
	(void)res;
	*n += err && err->code == CM_ERROR_CONNECTION_BROKEN ? 1 : 100;
}

START_TEST(test_free_with_held_tool_call)
{
	struct event_base *base = event_base_new();
	struct cm_execute_request req;
	struct cm_client *c;
	struct cm_error err;
	int n = 0;

	fk_start();
	c = cm_connect_base(base, fk_url, NULL, NULL, NULL, &err);
	memset(&req, 0, sizeof(req));
	req.code = "{\"calls\":[[\"p\",\"a\",\"\"]]}";
	req.dispatch_async = hold_dispatch;
	ck_assert_int_eq(cm_execute_async(c, &req, count_done, &n, &err), 0);
	while (held == NULL)
		ck_assert_int_eq(event_base_loop(base, EVLOOP_ONCE), 0);
	cm_client_free(c);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(cm_tool_call_answer(held, "{\"result\":1}"), -1);
	held = NULL;
	event_base_free(base);
	fk_stop();
}
END_TEST

START_TEST(test_handles_shapes)
{
	struct cm_outbound_request req;
	struct cm_outbound_response res;
	struct cm_header h = { "accept", "text/plain" };
	struct cm_client *c;
	struct cm_error err;

	fk_start();
	c = fk_connect(NULL);
	ck_assert_int_eq(cm_outbound_request_set(&req, "PUT",
			     "https://h.example/x", &h, 1, "hi", 2, 1),
	    0);
	if (cm_invoke_handle(c, "e7", "fetch", &req, &res, &err) != 0)
		ck_abort_msg("%s", err.message);
	ck_assert_int_eq(res.status, 200);
	ck_assert_str_eq(
	    res.status_text, "e7 fetch PUT https://h.example/x hi");
	ck_assert_uint_eq(res.nheaders, 1);
	ck_assert_str_eq(res.headers[0].name, "accept");
	ck_assert_str_eq(res.headers[0].value, "text/plain");
	ck_assert_uint_eq(res.body_len, 2);
	ck_assert_int_eq(res.body[0], 0);
	ck_assert_int_eq(res.body[1], 0xff);
	cm_outbound_response_clear(&res);
	cm_outbound_request_clear(&req);
	ck_assert_int_eq(cm_close_handles(c, "e7", &err), 0);
	cm_client_free(c);
	fk_stop();
}
END_TEST

/* build/codemode --providers: canned answers, a command per call, not found. */
static char *
run_cli(const char *const *argv, int *status)
{
	static char out[8192];
	size_t got = 0;
	int pfd[2];
	pid_t pid;

	ck_assert_int_eq(pipe(pfd), 0);
	if ((pid = fork()) == 0) {
		dup2(pfd[1], 1);
		close(pfd[0]);
		execv(argv[0], (char **)argv);
		_exit(127);
	}
	close(pfd[1]);
	for (;;) {
		ssize_t r = read(pfd[0], out + got, sizeof(out) - 1 - got);

		if (r <= 0)
			break;
		got += (size_t)r;
	}
	close(pfd[0]);
	out[got] = '\0';
	waitpid(pid, status, 0);
	return out;
}

START_TEST(test_cli_providers)
{
	const char *b = getenv("BUILD");
	char cli[256], prov[128], *out, *want, *nf;
	const char *argv[10];
	const char *v[1] = { "nope" };
	int status;
	FILE *f;

	fk_start();
	snprintf(cli, sizeof(cli), "%s/codemode", b ? b : "build");
	snprintf(prov, sizeof(prov), "%s/providers.json", fk_dir);
	ck_assert_ptr_nonnull(f = fopen(prov, "w"));
	fputs("[{\"name\": \"store\", \"tools\": {"
	      "\"listOrders\": {\"result\": [1, {\"id\": \"o1\"}]},"
	      "\"fail\": {\"error\": \"No such customer.\"},"
	      "\"cmd\": {\"command\": \"printf "
	      "'{\\\"t\\\":\\\"%s\\\",\\\"a\\\":' "
	      "$CODEMODE_TOOL; cat; printf '}'\"},"
	      "\"bad\": {\"command\": \"echo broken >&2; exit 3\"}}}]",
	    f);
	fclose(f);
	argv[0] = cli;
	argv[1] = "run";
	argv[2] = "--url";
	argv[3] = fk_url;
	argv[4] = "--providers";
	argv[5] = prov;
	argv[6] = "--raw";
	argv[7] =
	    "{\"calls\":[[\"store\",\"listOrders\",\"\"],"
	    "[\"store\",\"cmd\",\"[\\\"x\\\",2]\"],[\"store\",\"fail\",\"\"],"
	    "[\"store\",\"bad\",\"\"],[\"store\",\"nope\",\"\"]]}";
	argv[8] = NULL;
	out = run_cli(argv, &status);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	nf = cm_text_compose("TOOL_NOT_FOUND", v, 1);
	ck_assert_ptr_nonnull(nf);
	{
		json_t *arr = json_pack("[s, s, s, s, s]",
		    "{\"result\":[1,{\"id\":\"o1\"}]}",
		    "{\"result\":{\"t\":\"cmd\",\"a\":[\"x\",2]}}",
		    "{\"error\":\"No such customer.\"}",
		    "{\"error\":\"broken\"}", "");
		char *env = cm_envelope_error(nf);

		json_array_set_new(arr, 4, json_string(env));
		want = json_dumps(arr, JSON_COMPACT);
		free(env);
		json_decref(arr);
	}
	ck_assert_int_eq(strlen(out) > 0, 1);
	out[strcspn(out, "\n")] = '\0';
	ck_assert_str_eq(out, want);
	free(want);
	free(nf);
	unlink(prov);
	fk_stop();
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("client_fake");
	TCase *tc = tcase_create("fake");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_respond_and_wire_args);
	tcase_add_test(tc, test_outbound_and_connection_defaults);
	tcase_add_test(tc, test_faults_and_shapes);
	tcase_add_test(tc, test_slow_tools_concurrent);
	tcase_add_test(tc, test_free_with_held_tool_call);
	tcase_add_test(tc, test_cli_providers);
	tcase_add_test(tc, test_handles_shapes);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
