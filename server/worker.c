/*
 * The engine child. It trusts nothing from the parent: every frame goes
 * through frame_decode() with the child's role and size bound, and a
 * request that does not parse is answered with an error, not run.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cm_spec.h"
#include "engine.h"
#include "frame.h"
#include "texts.h"
#include "worker.h"

/* The largest EXECUTE a child accepts: code and modules at the payload bound. */
#define WORKER_MAX_REQUEST (64u << 20)

struct worker {
	int fd;
	uint32_t exec_id;
	unsigned memory_limit_mb;
	int result_sent;
};

static struct worker worker_self;

static int
worker_write_all(int fd, const uint8_t *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

static int
worker_send(struct worker *w, enum frame_type type, const char *payload)
{
	uint8_t hdr[FRAME_HEADER_SIZE];
	size_t n = payload ? strlen(payload) : 0;

	frame_encode_header(hdr, type, 0, w->exec_id, 0, (uint32_t)n);
	if (worker_write_all(w->fd, hdr, sizeof(hdr)) != 0)
		return -1;
	return n ? worker_write_all(w->fd, (const uint8_t *)payload, n) : 0;
}

/* Reads one whole frame into a malloc'd buffer; NULL at EOF or on a bad frame. */
static uint8_t *
worker_recv(int fd, struct frame *f)
{
	uint8_t hdr[FRAME_HEADER_SIZE], *buf;
	size_t got = 0, len;
	long r;

	while (got < sizeof(hdr)) {
		ssize_t n = read(fd, hdr + got, sizeof(hdr) - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return NULL;
		got += (size_t)n;
	}
	r = frame_decode(hdr, sizeof(hdr), FRAME_ROLE_CHILD, WORKER_MAX_REQUEST,
	    f);
	if (r < 0)
		return NULL;
	len = (size_t)hdr[12] << 24 | (size_t)hdr[13] << 16 |
	    (size_t)hdr[14] << 8 | hdr[15];
	if ((buf = malloc(sizeof(hdr) + len + 1)) == NULL)
		return NULL;
	memcpy(buf, hdr, sizeof(hdr));
	got = 0;
	while (got < len) {
		ssize_t n = read(fd, buf + sizeof(hdr) + got, len - got);

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
	json_t *msg = json_pack("{s:s, s:[]}", "error", text, "logs");
	char *s = msg ? json_dumps(msg, JSON_COMPACT) : NULL;

	if (s && worker_send(w, FRAME_RESULT, s) == 0)
		w->result_sent = 1;
	free(s);
	json_decref(msg);
}

/* The first refused allocation ends the run with the memory text. */
static void
worker_on_oom(void *arg)
{
	struct worker *w = arg;
	char mb[16], *text;

	snprintf(mb, sizeof(mb), "%u", w->memory_limit_mb);
	text = texts_compose(CM_TEXT_MEMORY_LIMIT, mb);
	worker_send_error(w, text ? text : "Execution ran out of memory.");
	_exit(0);
}

/* Turns the engine's outcome into the ExecuteResultMessage. */
static void
worker_send_outcome(struct worker *w, const struct engine_outcome *out,
    unsigned timeout_ms)
{
	json_t *res, *msg = NULL, *v;
	char num[16], *text, *s;

	if (out->status == ENGINE_TIMEOUT) {
		snprintf(num, sizeof(num), "%u", timeout_ms);
		text = texts_compose(CM_TEXT_EXECUTION_TIMEOUT, num);
		worker_send_error(w, text ? text : CM_TIMEOUT_MESSAGE);
		free(text);
		return;
	}
	if (out->status == ENGINE_OOM) {
		worker_on_oom(w);
		return;
	}
	res = out->json ? json_loads(out->json, JSON_DECODE_ANY, NULL) : NULL;
	if (res && (v = json_object_get(res, "result")) != NULL) {
		s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
		msg = json_pack("{s:s?, s:[]}", "resultJson", s, "logs");
		free(s);
	} else if (res && json_is_string(json_object_get(res, "error"))) {
		msg = json_pack("{s:O, s:[]}", "error",
		    json_object_get(res, "error"), "logs");
	} else if (out->message) {
		msg = json_pack("{s:s, s:[]}", "error", out->message, "logs");
	} else if (res) {
		/* An undefined result: the envelope has no result at all. */
		msg = json_pack("{s:[]}", "logs");
	}
	json_decref(res);
	s = msg ? json_dumps(msg, JSON_COMPACT) : NULL;
	if (s && worker_send(w, FRAME_RESULT, s) == 0)
		w->result_sent = 1;
	free(s);
	json_decref(msg);
}

int
worker_warm(void *arg)
{
	(void)arg;
	/* jansson seeds its hash from /dev/urandom on first use: do it before the sandbox. */
	json_object_seed(0);
	return 0;
}

int
worker_child_main(int fd, void *arg)
{
	struct worker *w = &worker_self;
	struct engine_options eo;
	struct engine_outcome out;
	struct engine *e;
	struct frame f;
	json_t *req;
	const char *code;
	json_int_t timeout = CM_DEFAULT_TIMEOUT, mem = CM_DEFAULT_MEMORY_LIMIT;
	uint8_t *buf;
	char err[256];

	(void)arg;
	memset(w, 0, sizeof(*w));
	w->fd = fd;
	if (worker_send(w, FRAME_HELLO, "{}") != 0)
		return 1;
	if ((buf = worker_recv(fd, &f)) == NULL || f.type != FRAME_EXECUTE)
		return 2;
	w->exec_id = f.exec_id;
	req = json_loadb((const char *)f.payload, f.len, 0, NULL);
	free(buf);
	if (req == NULL || json_unpack(req, "{s:s, s?I, s?I}", "code", &code,
	    "timeout", &timeout, "memoryLimit", &mem) != 0 || timeout <= 0 ||
	    mem <= 0 || mem > 1 << 20) {
		worker_send_error(w, "the execute request was malformed");
		json_decref(req);
		return 0;
	}
	w->memory_limit_mb = (unsigned)mem;
	memset(&eo, 0, sizeof(eo));
	eo.memory_limit = (size_t)mem << 20;
	eo.timeout_ms = (double)timeout;
	eo.on_oom = worker_on_oom;
	eo.oom_arg = w;
	if ((e = engine_create(&eo, err, sizeof(err))) == NULL) {
		worker_send_error(w, err);
		json_decref(req);
		return 0;
	}
	engine_run_entry(e, code, strlen(code), "executor.js", &out);
	worker_send_outcome(w, &out, (unsigned)timeout);
	engine_outcome_free(&out);
	json_decref(req);
	/* The process ends here: no need to tear the heap down. */
	return w->result_sent ? 0 : 3;
}
