/*
 * The engine child's serve loop (worker.h). It trusts nothing from the parent:
 * every frame goes through frame_decode() with the child's role and size bound,
 * and a request that does not parse is answered with an error, not run.
 *
 * What it sends was composed in C (engine/host/execution.c) and passes the
 * decoder the daemon runs (ipc/ipcmsg.h) before it leaves: a message the
 * guest's data pushed past a rule fails inside the run (a tool call or
 * fetch rejects, a result reads as the INTERNAL text) rather than making
 * the daemon kill this child, so a guest cannot turn its own run into
 * WORKER_CRASHED.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/uio.h>
#include <unistd.h>

#include <jansson.h>

#include "proto/base64.h"
#include "proto/capnweb.h"
#include "cm_spec.h"
#include "codemode/protocol.h"
#include "host/engine.h"
#include "host/execution.h"
#include "ipc/frame.h"
#include "ipc/ipcmsg.h"
#include "proto/texts.h"
#include "prewarm.h"
#include "spin.h"
#include "warm.h"
#include "worker.h"

/* The largest EXECUTE a child accepts: code and modules at the payload bound.
 */
#define WORKER_MAX_REQUEST (64u << 20)

struct worker {
	int fd;
	uint32_t exec_id;
	unsigned memory_limit_mb;
	int result_sent;
	int retained; /* the isolate serves handle invocations */
	uint32_t invoke_call_id; /* the invocation in flight (retained) */
	uint32_t answers; /* answers read in this execution (HOST_WAIT) */
	uint32_t answers_at_wait; /* `answers` when it last said it waits */
	const char *answer_why; /* the parent's answer its decoder refused */
	int spin; /* the last EXECUTE or answer said FRAME_SPIN */
};

static struct worker worker_self;

/*
 * Writes the iovecs whole: one writev for a frame, its header and payload
 * together, so the daemon is woken once per frame rather than once per
 * piece (a tool call's round trip pays every wake-up twice).
 */
static int
worker_writev_all(int fd, struct iovec *iov, int n)
{
	while (n > 0) {
		ssize_t w = writev(fd, iov, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		while (n > 0 && (size_t)w >= iov->iov_len) {
			w -= (ssize_t)iov->iov_len;
			iov++;
			n--;
		}
		if (n > 0) {
			iov->iov_base = (uint8_t *)iov->iov_base + w;
			iov->iov_len -= (size_t)w;
		}
	}
	return 0;
}

/*
 * A call's frame (TOOL_CALL, OUTBOUND_REQUEST) held back for company: the
 * run's wait edge (HOST_WAIT) follows it within microseconds when the guest
 * awaits it, and both leave in one write, so the daemon wakes once for
 * them and the child makes one system call, not two. Whatever is written
 * next goes out with it; a wait for an answer, and the engine's deadline
 * check while guest code computes (worker_tick), send it alone. Held only
 * by one execution's code, never across a read.
 */
#define WORKER_OUT_MAX 65536

static struct {
	uint8_t *buf;
	size_t len, cap;
} worker_out;

/* Writes the held frames (if any) and then the given frame, in one call. */
static int
worker_send_frame(struct worker *w, enum frame_type type, uint8_t flags,
    uint32_t call_id, const char *payload, size_t n)
{
	uint8_t hdr[FRAME_HEADER_SIZE];
	struct iovec iov[3];
	int k = 0, rc;

	if (worker_out.len > 0) {
		iov[k].iov_base = worker_out.buf;
		iov[k++].iov_len = worker_out.len;
	}
	frame_encode_header(hdr, type, flags, w->exec_id, call_id, (uint32_t)n);
	iov[k].iov_base = hdr;
	iov[k++].iov_len = sizeof(hdr);
	if (n) {
		iov[k].iov_base = (void *)payload;
		iov[k++].iov_len = n;
	}
	rc = worker_writev_all(w->fd, iov, k);
	worker_out.len = 0;
	return rc;
}

/* Sends the held frames alone. */
static int
worker_out_flush(struct worker *w)
{
	struct iovec iov;
	int rc;

	if (worker_out.len == 0)
		return 0;
	iov.iov_base = worker_out.buf;
	iov.iov_len = worker_out.len;
	rc = worker_writev_all(w->fd, &iov, 1);
	worker_out.len = 0;
	return rc;
}

/* engine_set_tick: guest code computes; what was held goes out now. */
static void
worker_tick(void *arg)
{
	(void)worker_out_flush(arg);
}

/*
 * Holds a call's frame for company (worker_out); one that does not fit
 * the room, or finds no memory, goes out at once with what was held.
 */
static int
worker_hold_frame(struct worker *w, enum frame_type type, uint32_t call_id,
    const char *payload, size_t n)
{
	size_t need = worker_out.len + FRAME_HEADER_SIZE + n;
	uint8_t *b;

	if (need > WORKER_OUT_MAX)
		return worker_send_frame(w, type, 0, call_id, payload, n);
	if (need > worker_out.cap) {
		size_t cap = worker_out.cap ? worker_out.cap : 1024;

		while (cap < need)
			cap *= 2;
		if ((b = realloc(worker_out.buf, cap)) == NULL)
			return worker_send_frame(
			    w, type, 0, call_id, payload, n);
		worker_out.buf = b;
		worker_out.cap = cap;
	}
	frame_encode_header(worker_out.buf + worker_out.len, type, 0,
	    w->exec_id, call_id, (uint32_t)n);
	memcpy(worker_out.buf + worker_out.len + FRAME_HEADER_SIZE, payload, n);
	worker_out.len = need;
	return 0;
}

static int
worker_send(struct worker *w, enum frame_type type, const char *payload)
{
	return worker_send_frame(
	    w, type, 0, 0, payload, payload ? strlen(payload) : 0);
}

/*
 * What was read from the parent and not yet handed out: one read takes
 * whatever is there (up to the buffer), so a frame costs one read, not one
 * for its header and one for its payload, and frames that arrived together
 * are served without another call. It outlives each execution's struct
 * worker: bytes read ahead belong to the frames that follow.
 */
#define WORKER_IN_CAP 65536

/* How long a wait for the host's answer spins first (worker_spin_setup). */
static struct spin worker_spin;

void
worker_spin_setup(uint32_t budget_us)
{
	spin_init(&worker_spin, budget_us);
}

static struct {
	uint8_t buf[WORKER_IN_CAP];
	size_t off, len; /* the unread bytes are buf[off, off + len) */
} worker_in;

/* Reads once (blocking) into worker_in; -1 at EOF or on an error. */
static int
worker_fill(int fd)
{
	ssize_t n;

	if (worker_in.off > 0) {
		memmove(worker_in.buf, worker_in.buf + worker_in.off,
		    worker_in.len);
		worker_in.off = 0;
	}
	/*
	 * poll first, read after: a task asleep in read is woken by any event
	 * on its socket, and the parent reading our last frame frees write
	 * space, which is one. Such a wake-up cost the parent an interrupt to
	 * this CPU in the middle of its read, every tool call and every
	 * result; poll sleeps until there is input.
	 */
	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };

		if (poll(&pfd, 1, -1) < 0 && errno != EINTR)
			return -1;
		n = read(fd, worker_in.buf + worker_in.len,
		    sizeof(worker_in.buf) - worker_in.len);
		if (n >= 0 || errno != EINTR)
			break;
	}
	if (n <= 0)
		return -1;
	worker_in.len += (size_t)n;
	return 0;
}

/* A whole frame waits in worker_in: the next worker_recv makes no call. */
static int
worker_frame_ready(void)
{
	const uint8_t *h = worker_in.buf + worker_in.off;
	size_t len;

	if (worker_in.len < FRAME_HEADER_SIZE)
		return 0;
	len = (size_t)h[12] << 24 | (size_t)h[13] << 16 | (size_t)h[14] << 8 |
	    h[15];
	return worker_in.len - FRAME_HEADER_SIZE >= len;
}

/* Reads one whole frame into a malloc'd buffer; NULL at EOF or on a bad frame.
 */
static uint8_t *
worker_recv(int fd, struct frame *f)
{
	uint8_t hdr[FRAME_HEADER_SIZE], *buf;
	size_t got, len;
	long r;

	while (worker_in.len < sizeof(hdr))
		if (worker_fill(fd) != 0)
			return NULL;
	memcpy(hdr, worker_in.buf + worker_in.off, sizeof(hdr));
	r = frame_decode(
	    hdr, sizeof(hdr), FRAME_ROLE_CHILD, WORKER_MAX_REQUEST, f);
	if (r < 0)
		return NULL;
	len = (size_t)hdr[12] << 24 | (size_t)hdr[13] << 16 |
	    (size_t)hdr[14] << 8 | hdr[15];
	if ((buf = malloc(sizeof(hdr) + len + 1)) == NULL)
		return NULL;
	/* What is buffered, then the rest straight into the frame's own
	 * buffer (a large EXECUTE is not copied twice). */
	got = worker_in.len < sizeof(hdr) + len ? worker_in.len
						: sizeof(hdr) + len;
	memcpy(buf, worker_in.buf + worker_in.off, got);
	worker_in.off += got;
	worker_in.len -= got;
	if (worker_in.len == 0)
		worker_in.off = 0;
	while (got < sizeof(hdr) + len) {
		ssize_t n = read(fd, buf + got, sizeof(hdr) + len - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			free(buf);
			return NULL;
		}
		got += (size_t)n;
	}
	if (frame_decode(buf, sizeof(hdr) + len, FRAME_ROLE_CHILD,
		WORKER_MAX_REQUEST, f) <= 0) {
		free(buf);
		return NULL;
	}
	buf[sizeof(hdr) + len] = '\0';
	return buf;
}

/* Sends {"error": text, "logs": []} as the run's result. */
static void
worker_send_error(struct worker *w, const char *text)
{
	struct ipcmsg_result r;
	size_t len;
	char *s;

	memset(&r, 0, sizeof(r));
	r.error.s = text;
	r.error.len = strlen(text);
	s = ipcmsg_result_encode(&r, &len);
	if (s && worker_send_frame(w, FRAME_RESULT, 0, 0, s, len) == 0)
		w->result_sent = 1;
	free(s);
}

/*
 * 0 when `payload` of a frame of `type` passes the daemon's decoder; else
 * -1 with *why set. The same check the daemon makes (pool_child.c).
 */
static int
worker_check(enum frame_type type, uint8_t flags, const char *payload,
    size_t len, const char **why)
{
	const uint8_t *p = (const uint8_t *)payload;
	struct ipcmsg_result r;
	struct ipcmsg_tool_call t;
	struct ipcmsg_outbound o;
	struct ipcmsg_handle_result h;

	switch (type) {
	case FRAME_RESULT:
		if (ipcmsg_result_decode(p, len, flags & 1, &r, why) != 0)
			return -1;
		ipcmsg_result_clear(&r);
		return 0;
	case FRAME_TOOL_CALL:
		if (ipcmsg_tool_call_decode(p, len, &t, why) != 0)
			return -1;
		ipcmsg_tool_call_clear(&t);
		return 0;
	case FRAME_OUTBOUND_REQUEST:
		if (ipcmsg_outbound_decode(p, len, &o, why) != 0)
			return -1;
		ipcmsg_outbound_clear(&o);
		return 0;
	case FRAME_HANDLE_RESULT:
		if (ipcmsg_handle_result_decode(p, len, &h, why) != 0)
			return -1;
		ipcmsg_handle_result_clear(&h);
		return 0;
	default:
		return 0;
	}
}

/* The run cannot start for a reason of ours: the INTERNAL text in the envelope.
 */
static void
worker_send_internal(struct worker *w, const char *detail)
{
	char *t = texts_compose(CM_TEXT_INTERNAL, detail);

	worker_send_error(w, t ? t : detail);
	free(t);
}

/* The first refused allocation ends the run with the memory text. */
static void
worker_on_oom(void *arg)
{
	struct worker *w = arg;
	char mb[16], *text;

	snprintf(mb, sizeof(mb), "%u", w->memory_limit_mb);
	text = texts_compose(CM_TEXT_MEMORY_LIMIT, mb);
	if (w->retained) {
		/* The invocation in flight hears it; the handles die with us,
		 * and the flag tells the parent so before it sees us exit.
		 */
		json_t *m = json_pack("{s:s}", "error",
		    text ? text : CM_TEXT_MEMORY_LIMIT_TEMPLATE);
		char *s = m ? json_dumps(m, JSON_COMPACT) : NULL;

		if (s != NULL && w->invoke_call_id != 0)
			worker_send_frame(w, FRAME_HANDLE_RESULT,
			    FRAME_HANDLE_RESULT_LAST, w->invoke_call_id, s,
			    strlen(s));
		_exit(0);
	}
	worker_send_error(w, text ? text : "Execution ran out of memory.");
	_exit(0);
}

/*
 * A data module's bytes cross the capnweb wire as a bytes marker: give the
 * execution the tagged binary value the module map declares instead.
 */
static void
worker_modules_bytes(json_t *modules)
{
	json_t *pair, *src, *v, *tagged;
	uint8_t *bytes;
	size_t i, len;

	json_array_foreach(modules, i, pair)
	{
		src = json_array_get(pair, 1);
		if (!json_is_object(src) ||
		    (v = json_object_get(src, "data")) == NULL ||
		    capnweb_value_kind(v) == NULL ||
		    strcmp(capnweb_value_kind(v), "bytes") != 0 ||
		    capnweb_value_get_bytes(v, &bytes, &len) != 0)
			continue;
		tagged = cm_binary_new(CM_BINARY_UINT8ARRAY, bytes, len);
		free(bytes);
		if (tagged != NULL)
			json_object_set_new(src, "data", tagged);
	}
}

/* ---- execution_host: the run's calls as frames on the socket ---- */

static int
worker_host_send(void *arg, enum execution_call kind, const char *json,
    size_t len, uint32_t call_id)
{
	struct worker *w = arg;
	enum frame_type type = kind == EXECUTION_OUTBOUND
	    ? FRAME_OUTBOUND_REQUEST
	    : FRAME_TOOL_CALL;
	const char *why;

	if (worker_check(type, 0, json, len, &why) != 0)
		return -2; /* the call fails in the run, the child stays */
	return worker_hold_frame(w, type, call_id, json, len);
}

/*
 * The run clock's edge, with the count of answers it has read: an answer
 * the parent sent past that count wakes the run at once, so the parent does
 * not stop the clock for it. When only an answer can wake the run, it says
 * so: the parent may then give the run's CPU slot to another and hold the
 * next answer back until a slot is free again (frame.h,
 * FRAME_HOST_WAIT_ANSWER_ONLY). A wait that an answer ended says nothing:
 * the parent ended it when it sent the answer (pool/pool_exec.c), which
 * spares the daemon a wake-up per tool call. A wait that a timer, the
 * deadline or an error ended says so.
 */
static void
worker_host_wait_edge(void *arg, int waiting)
{
	struct worker *w = arg;
	uint8_t flags = waiting ? FRAME_HOST_WAIT_WAITING : 0;

	if (waiting == 2)
		flags |= FRAME_HOST_WAIT_ANSWER_ONLY;
	if (waiting)
		w->answers_at_wait = w->answers;
	else if (w->answers != w->answers_at_wait)
		return;
	worker_send_frame(w, FRAME_HOST_WAIT, flags, w->answers, NULL, 0);
}

/*
 * Decodes a TOOL_RESULT or OUTBOUND_RESPONSE (ipc/ipcmsg.h); 0 when it
 * keeps the codec's rules. The engine then gets the checked text as it
 * came, which it parses as it always has: the codec only narrows what
 * may reach it.
 */
static int
worker_answer_check(struct worker *w, const struct frame *f)
{
	struct ipcmsg_tool_result t;
	struct ipcmsg_outbound_response o;
	const char *why;

	if (f->type == FRAME_TOOL_RESULT) {
		if (ipcmsg_tool_result_decode(f->payload, f->len, &t, &why) ==
		    0)
			return 0;
	} else if (ipcmsg_outbound_response_decode(
		       f->payload, f->len, &o, &why) == 0) {
		ipcmsg_outbound_response_clear(&o);
		return 0;
	}
	w->answer_why = why;
	return -1;
}

/*
 * Takes the next TOOL_RESULT or OUTBOUND_RESPONSE of this execution, waiting
 * up to ms (< 0: no bound): 1 with the answer, 0 when the time is up, -1 when
 * the channel broke. A frame already read ahead is served at once.
 */
static int
worker_host_take(
    struct worker *w, double ms, uint32_t *call_id, char **payload, size_t *len)
{
	struct pollfd pfd;
	struct frame f;
	double until = ms >= 0 ? engine_now_ms() + ms : 0, left;
	uint8_t *buf;
	int r, timeout;

	for (;;) {
		if (ms >= 0 && !worker_frame_ready()) {
			left = until - engine_now_ms();
			if (left <= 0)
				return 0;
			timeout = left > 2e9 ? 2000000000 : (int)left + 1;
			pfd.fd = w->fd;
			pfd.events = POLLIN;
			pfd.revents = 0;
			r = poll(&pfd, 1, timeout);
			if (r < 0 && errno == EINTR)
				continue;
			if (r < 0)
				return -1;
			if (r == 0)
				continue; /* recomputed: returns 0 once the
					     time is up */
		}
		if ((buf = worker_recv(w->fd, &f)) == NULL)
			return -1;
		if (f.type == FRAME_SHUTDOWN || f.type == FRAME_CLOSE_HANDLES)
			_exit(0);
		/* An answer to an earlier execution of a staying child: late.
		 */
		if ((f.type != FRAME_TOOL_RESULT &&
			f.type != FRAME_OUTBOUND_RESPONSE) ||
		    f.exec_id != w->exec_id) {
			free(buf);
			continue;
		}
		/* Read only through the codec; one that fails is the parent
		 * breaking the frame protocol: the run ends as broken. */
		if (worker_answer_check(w, &f) != 0 ||
		    (*payload = malloc(f.len + 1)) == NULL) {
			free(buf);
			return -1;
		}
		memcpy(*payload, f.payload, f.len);
		(*payload)[f.len] = '\0';
		*len = f.len;
		*call_id = f.call_id;
		w->answers++;
		w->spin = (f.flags & FRAME_SPIN) != 0;
		free(buf);
		return 1;
	}
}

/*
 * engine's host_wait: sends what is held, then, when the parent's last
 * frame allowed it (FRAME_SPIN), spins for the answer a moment (spin.h)
 * before it waits for it in poll or read.
 */
static int
worker_host_wait(
    void *arg, double ms, uint32_t *call_id, char **payload, size_t *len)
{
	struct worker *w = arg;
	double t0;
	int r;

	/* A held call goes out before its answer is waited for. */
	if (worker_out_flush(w) != 0)
		return -1;
	t0 = spin_now_us();
	if (w->spin && !worker_frame_ready())
		(void)spin_wait(&worker_spin, w->fd, ms >= 0 ? ms * 1000 : -1);
	r = worker_host_take(w, ms, call_id, payload, len);
	spin_answered(&worker_spin, spin_now_us() - t0, r == 1);
	return r;
}

/* The invocation's request as the execution reads it: the body as base64. */
static char *
worker_invoke_request(const json_t *request)
{
	json_t *out = json_deep_copy(request), *body;
	uint8_t *bytes = NULL;
	size_t n = 0;
	char *b64, *s;

	if (!json_is_object(out)) {
		json_decref(out);
		return NULL;
	}
	body = json_object_get(out, "body");
	if (body != NULL && capnweb_value_get_bytes(body, &bytes, &n) == 0) {
		if ((b64 = malloc(base64_encoded_len(n, 1) + 1)) == NULL) {
			free(bytes);
			json_decref(out);
			return NULL;
		}
		base64_encode(bytes, n, 1, b64);
		json_object_set_new(out, "body", json_string(b64));
		free(b64);
		free(bytes);
	} else if (body != NULL && !json_is_string(body))
		json_object_set_new(out, "body", json_null());
	s = json_dumps(out, JSON_COMPACT);
	json_decref(out);
	return s;
}

/* {"error": the INTERNAL text naming why} as a handle answer. */
static char *
worker_handle_error(const char *why)
{
	struct ipcmsg_handle_result h;
	char *t = texts_compose(CM_TEXT_INTERNAL, why), *s;
	size_t len;

	memset(&h, 0, sizeof(h));
	h.error.s = t ? t : why;
	h.error.len = strlen(h.error.s);
	s = ipcmsg_handle_result_encode(&h, &len);
	free(t);
	return s;
}

/* Waits for the parent to end us (after a bound ended an invocation). */
static void
worker_linger(struct worker *w)
{
	char buf[4096];
	ssize_t r;

	for (;;) {
		r = read(w->fd, buf, sizeof(buf));
		if (r == 0 || (r < 0 && errno != EINTR))
			break;
	}
	_exit(0);
}

/* Serves INVOKE_HANDLE frames one at a time until the handles close. */
static void
worker_serve_handles(struct worker *w, struct engine *e,
    const struct execution_request *er, const struct execution_host *host)
{
	enum execution_invoke_end end;
	struct frame f;
	struct ipcmsg_invoke inv;
	uint8_t *buf;
	char *req, *answer, *wire;
	const char *why;
	int rc;

	w->retained = 1;
	for (;;) {
		if ((buf = worker_recv(w->fd, &f)) == NULL)
			return;
		if (f.type != FRAME_INVOKE_HANDLE) {
			free(buf);
			if (f.type == FRAME_CLOSE_HANDLES ||
			    f.type == FRAME_SHUTDOWN)
				return;
			continue;
		}
		w->invoke_call_id = f.call_id;
		rc = ipcmsg_invoke_decode(f.payload, f.len, &inv, &why);
		free(buf);
		if (rc != 0) {
			/* This invocation fails in the protocol's words; the
			 * handles stay for the next one. */
			if ((wire = worker_handle_error(why)) == NULL ||
			    worker_send_frame(w, FRAME_HANDLE_RESULT, 0,
				f.call_id, wire, strlen(wire)) != 0) {
				free(wire);
				return;
			}
			free(wire);
			w->invoke_call_id = 0;
			continue;
		}
		/* api.c may name the execution for HandleNotFound's text. */
		json_object_set_new(inv.request, "executionId",
		    json_stringn(inv.execution_id.s, inv.execution_id.len));
		req = worker_invoke_request(inv.request);
		answer = NULL;
		if (req == NULL)
			end = EXECUTION_INVOKE_FAILED;
		else
			end = execution_invoke(
			    e, er, host, inv.handle.s, req, &answer);
		free(req);
		ipcmsg_invoke_clear(&inv);
		if (end == EXECUTION_INVOKE_TIMEOUT)
			worker_linger(w); /* the parent reports the bound */
		/* The body stays base64: the parent makes it bytes. */
		wire = answer;
		if (wire != NULL &&
		    worker_check(FRAME_HANDLE_RESULT, 0, wire, strlen(wire),
			&why) != 0) {
			free(wire);
			wire = worker_handle_error(why);
		}
		if (wire == NULL ||
		    worker_send_frame(w, FRAME_HANDLE_RESULT, 0, f.call_id,
			wire, strlen(wire)) != 0) {
			free(wire);
			return;
		}
		free(wire);
		w->invoke_call_id = 0;
	}
}

/*
 * Receives one EXECUTE and answers it. *stay says the parent asked for
 * another and this run leaves nothing behind that a reset cannot undo;
 * *yield that the parent asked to run before the reset
 * (FRAME_EXECUTE_YIELD). Returns the child's exit status should it end now.
 */
static int
worker_serve_one(struct worker *w, int fd, int *stay, int *yield)
{
	struct execution_request er;
	struct execution_host host;
	struct engine_options eo;
	struct engine *e;
	struct frame f;
	struct ipcmsg_execute x;
	json_t *providers, *modules;
	int64_t timeout, mem;
	int retained = 0;
	uint8_t *buf;
	char err[512], *msg;
	const char *why;

	*stay = 0;
	*yield = 0;
	/* A staying child may still get late answers of its last execution. */
	while ((buf = worker_recv(fd, &f)) != NULL &&
	    (f.type == FRAME_TOOL_RESULT || f.type == FRAME_OUTBOUND_RESPONSE))
		free(buf);
	if (buf == NULL || f.type != FRAME_EXECUTE) {
		free(buf);
		return 2;
	}
	w->exec_id = f.exec_id;
	w->spin = (f.flags & FRAME_SPIN) != 0;
	w->answers = 0;
	w->answers_at_wait = 0;
	if (ipcmsg_execute_decode(f.payload, f.len, &x, &why) != 0) {
		free(buf);
		/* The run never starts; the parent hears why in its result. */
		snprintf(err, sizeof(err),
		    "the execute request was malformed (%s)", why);
		worker_send_internal(w, err);
		return 0;
	}
	free(buf);
	mem = x.memory_limit;
	timeout = x.timeout;
	providers = x.providers;
	modules = x.modules;
	w->memory_limit_mb = (unsigned)mem;
	if (modules != NULL)
		worker_modules_bytes(modules);
	memset(&eo, 0, sizeof(eo));
	eo.memory_limit = (size_t)mem << 20;
	eo.timeout_ms = (double)timeout;
	eo.on_oom = worker_on_oom;
	eo.oom_arg = w;
	/* The zygote's warm heap when there is one (a failed warm-up falls
	 * back). */
	if ((e = warm_engine()) != NULL) {
		if (engine_configure(e, eo.memory_limit, eo.timeout_ms,
			worker_on_oom, w) != 0) {
			snprintf(err, sizeof(err),
			    "the engine could not take "
			    "the %u MB limit",
			    (unsigned)mem);
			worker_send_internal(w, err);
			ipcmsg_execute_clear(&x);
			return 0;
		}
	} else if ((e = engine_create(&eo, err, sizeof(err))) == NULL) {
		worker_send_internal(w, err);
		ipcmsg_execute_clear(&x);
		return 0;
	}
	memset(&er, 0, sizeof(er));
	er.code = x.code.s;
	er.providers = providers;
	er.modules = modules;
	er.timeout_ms = (double)timeout;
	er.count_host_waits = x.count_host_waits;
	er.outbound_mode = x.outbound_mode;
	er.memory_limit_mb = (unsigned)mem;
	er.retain_handles = x.retain_handles;
	er.typescript = x.typescript;
	host.send = worker_host_send;
	host.wait = worker_host_wait;
	host.host_wait = worker_host_wait_edge;
	host.arg = w;
	w->answer_why = NULL;
	engine_set_tick(e, worker_tick, w);
	msg = execution_run(e, &er, &host, &retained);
	engine_set_tick(e, NULL, NULL);
	/* A run that ends sends its RESULT, and what was held goes with it. */
	if (msg == NULL && w->answer_why != NULL && !w->result_sent) {
		/* The run ended on an answer its decoder refused: say so. */
		snprintf(err, sizeof(err),
		    "the executor's answer to a call broke a rule of the frame "
		    "protocol (%s)",
		    w->answer_why);
		worker_send_internal(w, err);
	}
	if (msg != NULL &&
	    worker_check(
		FRAME_RESULT, retained ? 1 : 0, msg, strlen(msg), &why) != 0) {
		/* Never expected: the engine composed what the codec refuses.
		 */
		snprintf(err, sizeof(err),
		    "the run's result broke a rule of "
		    "the frame protocol (%s)",
		    why);
		free(msg);
		msg = NULL;
		retained = 0;
		worker_send_internal(w, err);
	}
	if (msg != NULL &&
	    worker_send_frame(
		w, FRAME_RESULT, retained ? 1 : 0, 0, msg, strlen(msg)) == 0)
		w->result_sent = 1;
	else if (msg == NULL && !w->result_sent && engine_oom(e))
		worker_on_oom(w);
	free(msg);
	if (w->result_sent && retained)
		worker_serve_handles(w, e, &er, &host);
	ipcmsg_execute_clear(&x);
	*stay = (f.flags & FRAME_EXECUTE_STAY) && w->result_sent &&
	    e == warm_engine();
	*yield = (f.flags & FRAME_EXECUTE_YIELD) != 0;
	return w->result_sent ? 0 : 3;
}

/* More than half the image is the child's own (engine_owned_pages). */
static int
worker_heap_spent(const struct engine *e)
{
	return engine_owned_pages(e) * 2 > engine_image_pages(e);
}

/* Before its reset: the run needed more than the image's size again. */
static int
worker_run_heavy(const struct engine *e)
{
	return engine_mapped_bytes(e) > 2 * engine_image_bytes(e);
}

int
worker_child_main(int fd, void *arg)
{
	struct worker *w = &worker_self;
	int rc, stay, yield, first, light;

	(void)arg;
	for (first = 1;; first = 0) {
		memset(w, 0, sizeof(*w));
		w->fd = fd;
		if (worker_send(w, FRAME_HELLO, "{}") != 0)
			return 1;
		/* A spare waits here: making the run's pages private. */
		if (first)
			(void)prewarm_run(warm_pages(), fd);
		rc = worker_serve_one(w, fd, &stay, &yield);
		/*
		 * Asked to stay: the heap goes back to the zygote's image, so
		 * the next execution starts as fresh as in a new child. Else
		 * the process ends here, with no need to tear the heap down.
		 */
		if (!stay)
			return rc;
		if (yield)
			(void)sched_yield();
		light = !worker_run_heavy(warm_engine());
		if (engine_reset(warm_engine()) != 0)
			return rc;
		/*
		 * A page of the image a run wrote stays this child's own, and
		 * every reset compares it again, although it holds the image's
		 * bytes once more. After a heavy run (a collection marks every
		 * object) that is most of the image: a few megabytes compared
		 * per reset, for every run after. A heavy run that follows
		 * writes those pages again, and on them this child takes no
		 * copy-on-write fault where a fresh one would take hundreds;
		 * a light run gains nothing from them. So the first light run
		 * on such a heap ends its child, and a fresh one that shares
		 * the image again serves the next execution.
		 */
		if (light && worker_heap_spent(warm_engine()))
			return rc;
	}
}
