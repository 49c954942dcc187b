/*
 * Internals of the client: the state every file of libclient/client/
 * shares, and each file's functions in the order they may call each other.
 */
#ifndef CLIENT_INT_H
#define CLIENT_INT_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include <event2/event.h>
#include <event2/buffer.h>

#include <codemode/client.h>

#include "proto/capnweb.h"
#include "proto/ws.h"

struct client_url {
	int unix_socket; /* 1: path; 0: host/port */
	char *path; /* unix socket path */
	char *host;
	char *port;
	char *target; /* the HTTP path, "/" by default */
	char *host_header; /* Host: value */
	char *text; /* the URL as given, for fault texts */
};

enum client_op_kind {
	CLIENT_OP_EXECUTE,
	CLIENT_OP_INVOKE,
	CLIENT_OP_CLOSE,
	CLIENT_OP_INSTANCE /* instanceId(): which daemon this is (routing) */
};

struct client_routes; /* client_route.c's */

/* The per-execution state tool calls reach; lives until its session goes. */
struct client_slot {
	struct client_slot *next;
	struct cm_client *client;
	int active; /* cleared when the execution settled */
	int abandoned; /* its call ended locally: no more outbound calls */
	int dispatch_target; /* session target n, 0 when none */
	int outbound_target;
	struct cm_envelope_dispatch env;
	cm_dispatch_fn dispatch;
	cm_dispatch_async_fn dispatch_async;
	void *dispatch_ctx;
	cm_outbound_fn outbound_fn;
	cm_outbound_async_fn outbound_async;
	void *outbound_ctx;
};

struct client_session;
struct client_op;

/*
 * A backend that runs calls in this process instead of over a session
 * (libclient/executor/, cm_executor_new): the queue hands it every call,
 * which it settles with client_op_settle or client_op_fault, the same as a
 * session's answers. It owns the slots of the executions it takes
 * (op->slot_attached), so a retained run's outbound function outlives the
 * call.
 */
struct client_backend {
	/* Takes `op` (op->in_backend set); settles it later or at once. */
	void (*submit)(void *state, struct client_op *op);
	/* The client is being torn down: settle every call still taken
	 * (with `err`, borrowed), end the work, free the state. */
	void (*destroy)(void *state, struct cm_error *err);
	/* µs a blocking call's wait should poll the base instead of sleeping
	 * (the executor's pool_spin_left); NULL: never. */
	double (*spin_left)(void *state);
};

/*
 * A tool call and an outbound call handed to the host. Over a session
 * `call` is the capnweb call to answer; a backend's calls set `answer`
 * instead, which takes the envelope text or response (NULL: fail with
 * `message`) and must not free the struct.
 */
struct cm_tool_call {
	struct capnweb_call *call;
	char *provider;
	char *tool;
	char *args;
	size_t args_len;
	int (*answer)(void *local, const char *envelope_json);
	void *local;
};

struct cm_outbound_call {
	struct capnweb_call *call;
	struct cm_outbound_request req;
	int (*answer)(void *local, const struct cm_outbound_response *res,
	    const char *message);
	void *local;
};

/* One API call: queued until a session is ready, then on the wire. */
struct client_op {
	struct client_op *next; /* queue or session in-flight list */
	struct client_op *prev;
	struct cm_client *client;
	struct client_session *session; /* NULL while queued */
	enum client_op_kind kind;
	json_t *args; /* the wire arguments, host targets excepted */
	struct client_slot *slot; /* execute with callbacks, else NULL */
	int slot_attached; /* the session owns the slot now */
	int has_dispatch;
	int has_outbound_fn;
	cm_execute_cb exec_cb;
	cm_handle_cb handle_cb;
	void *arg;
	int64_t call_id;
	json_t *local; /* the value a local op settles with */
	uint64_t id; /* cm_client_last_call's number for it */
	long long deadline_ms; /* 0: none */
	struct event *deadline; /* NULL when no deadline */
	int abandoned; /* ended locally; freed when its answer comes */
	int in_backend; /* taken by c->backend, which settles it */
	struct client_op *all_next; /* the client's list of every live op */
	struct client_op *all_prev;
};

enum client_session_state {
	CLIENT_S_CONNECTING,
	CLIENT_S_HTTP,
	CLIENT_S_VERSION,
	CLIENT_S_READY,
	CLIENT_S_DEAD
};

struct client_session {
	struct client_session *next; /* the client's session list */
	struct cm_client *client;
	enum client_session_state state;
	int fd;
	struct event *rev;
	struct event *wev;
	/* Output goes out at the end of the loop's turn, one send for what
	 * the turn queued (client_flush_cb); wev is armed only when the
	 * kernel did not take it all. NULL: wev does every write. */
	struct event *fev;
	struct event *timer; /* connect / handshake deadline */
	char key[32];
	uint8_t *in;
	size_t in_len;
	size_t in_cap;
	struct evbuffer *out;
	int out_closing; /* close once out drains */
	struct ws_assembler wsa;
	struct capnweb_session *s;
	unsigned executions; /* executions started on it */
	unsigned inflight;
	int retiring; /* rotated: takes no new calls */
	struct client_op *ops; /* in flight on this session */
	struct client_slot *slots;
	int announced; /* client_session_ready ran */
	enum cm_error_code fail_code; /* recorded inside a capnweb callback */
	char *fail_text; /* PROTOCOL_MISMATCH text */
	char *fail_reason; /* CONNECTION_REJECTED reason */
};

struct client_watch_fd {
	int fd;
	int mask; /* EPOLLIN / EPOLLOUT */
};

struct cm_client {
	struct event_base *base; /* private, always ours */
	int blocking; /* from cm_connect: the blocking calls are allowed */
	/* the readiness interface (client_loop.c) */
	int epfd; /* -1 until cm_client_watch made it */
	struct client_watch_fd *watched;
	size_t nwatched, watchcap;
	struct event_base *host_base; /* cm_connect_base's, else NULL */
	struct event *host_ev; /* epfd readable on host_base */
	struct event *host_timer;
	int rearming;
	struct client_url url;
	struct cm_header *headers; /* copies */
	size_t nheaders;
	int rotate_after; /* 0: never */
	int retries; /* 0: no reconnect */
	int backoff_ms;
	int connect_timeout_ms;
	long long deadline_ms; /* calls' default deadline, 0: none */
	size_t max_message; /* the server's message limit */
	uint64_t last_call; /* the id of the newest op */
	struct client_op *all; /* every op not yet freed */
	long long timeout;
	enum cm_flag count_host_waits;
	json_t *modules;
	enum cm_outbound_setting outbound;
	cm_outbound_fn outbound_fn;
	cm_outbound_async_fn outbound_async;
	void *outbound_ctx;

	struct client_session *sessions; /* every session not yet freed */
	struct client_session *cur; /* the one new calls go to */
	struct client_op *queue; /* waiting for a ready session */
	struct client_op *queue_tail;
	struct client_op *local; /* settled without the wire (module map) */
	int opening; /* a session is being opened */
	int broken; /* the last ready session broke */
	struct event *kick; /* a pass over the queue */
	int attempt; /* failed opens in a row */
	struct event *retry_timer;
	struct event *reap; /* frees dead sessions outside callbacks */
	unsigned opened;
	int initial; /* the first connect is in progress */
	cm_connect_cb connect_cb;
	void *connect_arg;
	int ready_once;
	int depth; /* callbacks into the host in progress */
	int free_pending;
	int freeing;
	/* Routing handle calls among many daemons (client_route.c). */
	char *route_text; /* the URL list as given; NULL: one URL */
	char *instance; /* instanceId()'s answer, "" for none */
	int instance_known;
	struct client_routes *routes; /* NULL until the first routed call */
	void (*routes_free)(struct cm_client *); /* set with routes */
	/* cm_executor_*: the calls run in this process (NULL: sessions) */
	const struct client_backend *backend;
	void *backend_state;
};

/*
 * The functions, one section per file, bottom first: a file calls only the
 * sections above its own (client_sync.c, the top, calls client.c).
 */

/* client_url.c: addresses and their socket (calls no client file). */
int client_url_parse(const char *url, struct client_url *out, char **why);
void client_url_clear(struct client_url *u);
int client_url_connect(const struct client_url *u, int nonblock, char **why);

/* client_fault.c: struct cm_error fills, 0 or -1 (calls no client file). */
int client_fault(
    struct cm_error *err, int text_id, const char *a, const char *b);
int client_thrown(struct cm_error *err, const json_t *value);
int client_local(struct cm_error *err, enum cm_error_code code, const char *fmt,
    ...) __attribute__((format(printf, 3, 4)));
/* Hands a fault over to the caller's err (NULL: cleared instead). */
void client_error_give(struct cm_error *dst, struct cm_error *src);
void client_error_copy(struct cm_error *dst, const struct cm_error *src);

/* client_result.c: ExecuteResultMessage -> cm_result, 0 or -1 when out of
 * memory or malformed (calls no client file). */
int client_result_read(const json_t *msg, struct cm_result *res);

/* client_host.c: tool and outbound calls the daemon makes back (calls no
 * client file). */
int client_slot_attach(struct client_session *sess, struct client_slot *slot);
void client_slot_finish(struct client_slot *slot);
void client_slots_free(struct client_session *sess);
json_t *client_outbound_request_json(const struct cm_outbound_request *req);
json_t *client_outbound_response_json(const struct cm_outbound_response *res);
int client_outbound_request_read(
    const json_t *v, struct cm_outbound_request *req);
/* The calls a backend hands the host, freed by their answer functions. */
struct cm_tool_call *client_tool_call_new(
    const char *provider, const char *tool, const char *args, size_t args_len);
struct cm_outbound_call *client_outbound_call_new(void);
int client_outbound_response_read(
    const json_t *v, struct cm_outbound_response *res, char **why);

/* client_conn.c: sessions and the calls on them (calls the four above). */
int client_session_open(struct cm_client *c);
void client_session_kill(struct client_session *sess, const char *reason);
void client_session_send_op(struct client_session *sess, struct client_op *op);
void client_sessions_reap(struct cm_client *c);
void client_kick(struct cm_client *c);
int client_events_init(struct cm_client *c);
void client_session_op_done(struct client_session *sess);
void client_enter(struct cm_client *c);
void client_leave(struct cm_client *c);
void client_destroy(struct cm_client *c);
void client_op_settle(struct client_op *op, int status, json_t *value);
void client_op_fault(struct client_op *op, struct cm_error *err);
void client_op_free(struct client_op *op);
int client_op_arm(struct client_op *op);
void client_op_abandon(struct client_op *op, struct cm_error *err);
void client_free_config(struct cm_client *c);

/* client.c: the event-driven API (calls the five above). Sessions opened
 * so far (the first counts; rotations and reconnects add): what the tests
 * and the bench observe rotation by. */
unsigned client_sessions_opened(const struct cm_client *client);
int client_options_check(
    const struct cm_connect_options *opts, struct cm_error *err);
int client_outbound_request_check(
    const struct cm_outbound_request *req, struct cm_error *err);
/* invokeHandle / closeHandles in two steps, so a routed call can check
 * and build its wire arguments here, then submit them on another client:
 * client_handle_args fills *args (new reference), 0 or -1 and *err;
 * client_handle_submit_args takes `args` over whatever it returns. */
int client_handle_args(struct cm_client *c, enum client_op_kind kind,
    const char *execution_id, const char *handle_name,
    const struct cm_outbound_request *req, json_t **args, struct cm_error *err);
int client_handle_submit_args(struct cm_client *c, enum client_op_kind kind,
    json_t *args, cm_handle_cb cb, void *arg, struct cm_error *err);
/* instanceId() on `c`: `cb` runs with res NULL and err NULL once
 * c->instance is known, or with err. 0, or -1 and *err. */
int client_instance_submit(
    struct cm_client *c, cm_handle_cb cb, void *arg, struct cm_error *err);

/* client_loop.c: the readiness interface and the libevent binding (calls
 * client.c and below). */
void client_watch_forget(struct cm_client *c, int fd);
void client_rearm(struct cm_client *c);
void client_watch_free(struct cm_client *c);
/* cm_connect_base's binding of a made client to a host base: 0, or -1 and
 * *err (the client is then left unbound, not freed). */
int client_bind_base(
    struct cm_client *c, struct event_base *base, struct cm_error *err);
/* Around a turn of the private base of a backend's client: SIGPIPE is held
 * blocked on this thread so that a write to a child that died fails with
 * EPIPE, and one the turn raised is taken back, never delivered to the
 * host (which may not ignore it, and whose handler we never touch). */
struct client_sigpipe {
	int held;
	int was_pending;
	sigset_t old;
};
void client_sigpipe_hold(struct cm_client *c, struct client_sigpipe *s);
void client_sigpipe_release(struct client_sigpipe *s);

/* client_route.c: invokeHandle and closeHandles, routed to the daemon an
 * executionId names when the client was given many (calls client_loop.c
 * and below; defines cm_invoke_handle_async and cm_close_handles_async).
 * client_health.c (cm_health) and client_sync.c (the blocking style)
 * declare nothing of their own. */

#endif
