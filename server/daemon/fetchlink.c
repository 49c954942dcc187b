/*
 * The daemon's side of the fetcher (fetchlink.h): starts the process,
 * relays fetches to it as frames, checks what it answers, and fails the
 * fetches in flight when it ends.
 *
 * Its one piece of state beside the fetches is the process: none (fl->pid
 * 0, no link), or running with its link open. fetchlink_start moves it
 * from none to running; the link's end, or a frame that breaks the rules,
 * moves it back (fetchlink_stop), the one place fetches fail for it.
 */
#include <sys/queue.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>

#include "fetcher/fetchframe.h"
#include "fetchlink.h"
#include "ipc/ipcmsg.h"
#include "log.h"
#include "metrics.h"
#include "proto/texts.h"

/* The owners with fetches in flight, each with the id the fetcher knows. */
struct fetchlink_owner {
	LIST_ENTRY(fetchlink_owner) entry;
	const void *key;
	uint32_t id;
	unsigned refs;
};

struct fetchlink_req {
	TAILQ_ENTRY(fetchlink_req) entry;
	struct fetchlink *fl;
	struct fetchlink_owner *owner;
	uint32_t id;
	struct timespec due; /* its bound and FETCHLINK_GRACE_MS, monotonic */
	outbound_done_fn done;
	void *arg;
};

struct fetchlink {
	struct event_base *base;
	char **argv; /* the fetcher's, argv[0] = image */
	char *image;
	struct metrics *metrics;
	uint32_t max_done; /* a FETCH_DONE payload's bound */
	pid_t pid; /* 0: no fetcher */
	int pidfd; /* the fetcher's, -1 without pidfd_open (valgrind) */
	struct bufferevent *link;
	struct event *watch; /* every second while fetches are in flight */
	TAILQ_HEAD(, fetchlink_req) reqs;
	LIST_HEAD(, fetchlink_owner) owners;
	uint32_t next_id, next_owner;
};

static void fetchlink_answer(
    struct fetchlink_req *q, const char *json, size_t len);
static void fetchlink_req_free(struct fetchlink_req *q);
static void fetchlink_stop(struct fetchlink *fl, const char *why);

/*
 * How long past its own bound a fetch may go unanswered before the fetcher
 * counts as stuck (a libcurl that lost its transfer, a deadlock): it is
 * stopped then, so its fetches fail and the next ones get a new fetcher,
 * instead of every fetch waiting out its run's clock. Generous: a fetcher
 * that is only slow (a loaded machine) must not lose everyone's fetches.
 */
#define FETCHLINK_GRACE_MS 5000

/* Whether a is before b. */
static int
fetchlink_before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec ||
	    (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

/* A fetch past its bound and the grace: the fetcher is stuck. */
static void
fetchlink_on_watch(evutil_socket_t fd, short what, void *arg)
{
	struct fetchlink *fl = arg;
	struct fetchlink_req *q;
	struct timespec now;

	(void)fd;
	(void)what;
	clock_gettime(CLOCK_MONOTONIC, &now);
	TAILQ_FOREACH(q, &fl->reqs, entry)
	if (fetchlink_before(&q->due, &now)) {
		fetchlink_stop(
		    fl, "it did not answer within the fetch's bound");
		return;
	}
}

/* The watch runs while fetches are in flight, and only then. */
static void
fetchlink_watch(struct fetchlink *fl)
{
	static const struct timeval second = { 1, 0 };

	if (TAILQ_EMPTY(&fl->reqs))
		evtimer_del(fl->watch);
	else if (!evtimer_pending(fl->watch, NULL))
		evtimer_add(fl->watch, &second);
}

/* Answers with the text `id` composed with `why`, in the error form. */
static void
fetchlink_fail(
    outbound_done_fn done, void *arg, enum cm_spec_text id, const char *why)
{
	char *t = texts_compose(id, why), *s;
	size_t len = 0;

	s = ipcmsg_outbound_error_encode(t ? t : "The fetch failed.", &len);
	free(t);
	done(arg, s ? s : IPCMSG_OUTBOUND_NOMEM,
	    s ? len : sizeof(IPCMSG_OUTBOUND_NOMEM) - 1);
	free(s);
}

/*
 * Kills and reaps the fetcher, through its pidfd when there is one: the
 * daemon's SIGCHLD handler reaps any child (its pool is a subreaper), so
 * the pid alone may already name another process, and waitpid on it
 * could block on a zygote. Returns the wait status, or -1 unknown (reaped
 * elsewhere first).
 */
static int
fetchlink_kill(struct fetchlink *fl)
{
	siginfo_t si;
	int status = -1, i;
	pid_t got;

	if (fl->pidfd >= 0) {
		syscall(SYS_pidfd_send_signal, fl->pidfd, SIGKILL, NULL, 0);
		memset(&si, 0, sizeof(si));
		while (
		    (i = waitid(P_PIDFD, (id_t)fl->pidfd, &si, WEXITED)) < 0 &&
		    errno == EINTR)
			;
		if (i == 0 && si.si_pid == fl->pid)
			status = si.si_code == CLD_EXITED
			    ? (si.si_status & 0xff) << 8
			    : si.si_status & 0x7f;
		close(fl->pidfd);
		fl->pidfd = -1;
	} else {
		/* No pidfd (valgrind): a bounded look, never a blocking one. */
		kill(fl->pid, SIGKILL);
		for (i = 0; i < 200; i++) {
			if ((got = waitpid(fl->pid, &status, WNOHANG)) ==
			    fl->pid)
				break;
			status = -1;
			if (got < 0)
				break;
			usleep(1000);
		}
	}
	fl->pid = 0;
	return status;
}

long
fetchlink_pid(const struct fetchlink *fl)
{
	return fl->pid;
}

struct fetchlink *
fetchlink_new(struct event_base *base, const char *image,
    const struct fetcher_args *a, struct metrics *metrics)
{
	struct fetchlink *fl;

	if ((fl = calloc(1, sizeof(*fl))) == NULL)
		return NULL;
	fl->base = base;
	fl->metrics = metrics;
	fl->pidfd = -1;
	TAILQ_INIT(&fl->reqs);
	LIST_INIT(&fl->owners);
	if ((fl->watch = event_new(
		 base, -1, EV_PERSIST, fetchlink_on_watch, fl)) == NULL) {
		free(fl);
		return NULL;
	}
	/* The body as base64, plus room for the head and its escapes. */
	fl->max_done = a->max_body > (size_t)UINT32_MAX / 2
	    ? UINT32_MAX
	    : (uint32_t)((a->max_body + 2) / 3 * 4 + 8 * 1024 * 1024);
	if ((fl->image = strdup(image)) == NULL ||
	    (fl->argv = fetcher_args_encode(a, fl->image)) == NULL) {
		event_free(fl->watch);
		free(fl->image);
		free(fl);
		return NULL;
	}
	return fl;
}

/*
 * The fetcher is gone or broken: kill and reap it (the daemon's SIGCHLD
 * handler may have reaped it first), and fail every fetch in flight with
 * `why`.
 */
static void
fetchlink_stop(struct fetchlink *fl, const char *why)
{
	struct fetchlink_req *q;
	char text[160];
	int status, n = 0;
	long pid = fl->pid;

	if (fl->link != NULL) {
		bufferevent_free(fl->link);
		fl->link = NULL;
	}
	TAILQ_FOREACH(q, &fl->reqs, entry)
	n++;
	status = pid > 0 ? fetchlink_kill(fl) : -1;
	/* The guest hears what the daemon saw; the status is the log's. */
	snprintf(text, sizeof(text), "the fetcher process stopped (%s)", why);
	log_write(LOG_WARN,
	    "event=fetcher_exit pid=%ld reason=\"%s\" status=%d in_flight=%d",
	    pid, why, status, n);
	while ((q = TAILQ_FIRST(&fl->reqs)) != NULL) {
		outbound_done_fn done = q->done;
		void *arg = q->arg;

		fetchlink_req_free(q);
		fetchlink_fail(done, arg, CM_TEXT_FETCH_FAILED, text);
	}
}

static void
fetchlink_owner_put(struct fetchlink_owner *o)
{
	if (--o->refs == 0) {
		LIST_REMOVE(o, entry);
		free(o);
	}
}

static void
fetchlink_req_free(struct fetchlink_req *q)
{
	struct fetchlink *fl = q->fl;

	TAILQ_REMOVE(&fl->reqs, q, entry);
	fetchlink_owner_put(q->owner);
	free(q);
	fetchlink_watch(fl);
}

/* Runs q's callback once and frees q. */
static void
fetchlink_answer(struct fetchlink_req *q, const char *json, size_t len)
{
	outbound_done_fn done = q->done;
	void *arg = q->arg;

	fetchlink_req_free(q);
	done(arg, json, len);
}

static struct fetchlink_req *
fetchlink_find(struct fetchlink *fl, uint32_t id)
{
	struct fetchlink_req *q;

	TAILQ_FOREACH(q, &fl->reqs, entry)
	if (q->id == id)
		return q;
	return NULL;
}

static int
fetchlink_is_fetch_count(uint32_t ev)
{
	switch (ev) {
	case METRICS_FETCH_WAIT:
	case METRICS_FETCH_UNWAIT:
	case METRICS_FETCH_START:
	case METRICS_FETCH_END:
	case METRICS_FETCH_DENIED:
	case METRICS_FETCH_TOO_MANY:
	case METRICS_FETCH_HEADER_DROPPED:
		return 1;
	}
	return 0;
}

/* One frame from the fetcher: 0, or -1 when it broke the rules (why set). */
static int
fetchlink_on_frame(
    struct fetchlink *fl, const struct frame *f, const char **why)
{
	struct ipcmsg_outbound_response m;
	struct fetchlink_req *q;
	const char *bad = NULL;

	if (f->type == FRAME_FETCH_EVENT) {
		if (!fetchlink_is_fetch_count(f->call_id)) {
			*why = "a counter that is not a fetch's";
			return -1;
		}
		if (fl->metrics != NULL)
			metrics_count(
			    fl->metrics, (enum metrics_event)f->call_id);
		return 0;
	}
	/* A fetch cancelled while its answer was on its way: not ours. */
	if ((q = fetchlink_find(fl, f->call_id)) == NULL)
		return 0;
	/* What reaches the child is a payload its decoder accepts. */
	if (ipcmsg_outbound_response_decode(f->payload, f->len, &m, &bad) !=
	    0) {
		*why = "an answer that is not a fetch response";
		return -1;
	}
	ipcmsg_outbound_response_clear(&m);
	fetchlink_answer(q, (const char *)f->payload, f->len);
	return 0;
}

static void
fetchlink_on_read(struct bufferevent *bev, void *arg)
{
	struct fetchlink *fl = arg;
	struct evbuffer *in = bufferevent_get_input(bev);
	const char *why = NULL;
	struct frame f;
	long n;

	while (fl->link == bev &&
	    (n = fetchframe_next(in, FRAME_ROLE_FETCH_PARENT, fl->max_done,
		 &f)) != FRAME_NEED_MORE) {
		if (n < 0) {
			fetchlink_stop(fl, frame_strerror(n));
			return;
		}
		if (fetchlink_on_frame(fl, &f, &why) != 0) {
			fetchlink_stop(fl, why);
			return;
		}
		/* An answer's callback may have stopped the link. */
		if (fl->link != bev)
			return;
		evbuffer_drain(in, (size_t)n);
	}
}

static void
fetchlink_on_event(struct bufferevent *bev, short what, void *arg)
{
	(void)bev;
	fetchlink_stop(arg,
	    (what & BEV_EVENT_EOF) ? "its link closed" : "its link failed");
}

/* Starts the fetcher; 0, or -1 (logged) when it cannot. */
static int
fetchlink_spawn(struct fetchlink *fl)
{
	int sv[2];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
		goto fail;
	if ((pid = fork()) < 0) {
		close(sv[0]);
		close(sv[1]);
		goto fail;
	}
	if (pid == 0) {
		sigset_t all;

		/* dup2 clears close-on-exec on the link; nothing else of the
		 * daemon's (connections, children's sockets) goes along. */
		if (dup2(sv[1], FETCHER_FD) != FETCHER_FD)
			_exit(127);
		close_range(FETCHER_FD + 1, ~0U, 0);
		sigemptyset(&all);
		sigprocmask(SIG_SETMASK, &all, NULL);
		execv(fl->image, fl->argv);
		_exit(127);
	}
	close(sv[1]);
	if (evutil_make_socket_nonblocking(sv[0]) != 0 ||
	    (fl->link = bufferevent_socket_new(
		 fl->base, sv[0], BEV_OPT_CLOSE_ON_FREE)) == NULL) {
		close(sv[0]);
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		goto fail;
	}
	fl->pid = pid;
	fl->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	bufferevent_setcb(
	    fl->link, fetchlink_on_read, NULL, fetchlink_on_event, fl);
	if (bufferevent_enable(fl->link, EV_READ) != 0) {
		fetchlink_stop(fl, "its link could not be watched");
		return -1;
	}
	log_write(LOG_INFO, "event=fetcher_start pid=%ld", (long)pid);
	return 0;
fail:
	log_write(LOG_WARN, "event=fetcher_unavailable reason=\"%s\"",
	    strerror(errno));
	return -1;
}

static struct fetchlink_owner *
fetchlink_owner_get(struct fetchlink *fl, const void *key)
{
	struct fetchlink_owner *o;

	LIST_FOREACH(o, &fl->owners, entry)
	if (o->key == key) {
		o->refs++;
		return o;
	}
	if ((o = calloc(1, sizeof(*o))) == NULL)
		return NULL;
	o->key = key;
	/* Ids from 1; one still in use is not handed out again. */
	do {
		struct fetchlink_owner *x;

		if (++fl->next_owner == 0)
			fl->next_owner = 1;
		o->id = fl->next_owner;
		LIST_FOREACH(x, &fl->owners, entry)
		if (x->id == o->id)
			break;
		if (x == NULL)
			break;
	} while (1);
	o->refs = 1;
	LIST_INSERT_HEAD(&fl->owners, o, entry);
	return o;
}

struct fetchlink_req *
fetchlink_start(struct fetchlink *fl, const void *owner, const json_t *request,
    long timeout_ms, outbound_done_fn done, void *arg)
{
	struct fetchlink_req *q;
	json_t *msg;
	char *payload;
	size_t len;

	if (fl->link == NULL && fetchlink_spawn(fl) != 0) {
		fetchlink_fail(done, arg, CM_TEXT_FETCH_NOT_STARTED,
		    "the fetcher process could not start");
		return NULL;
	}
	if ((q = calloc(1, sizeof(*q))) == NULL ||
	    (q->owner = fetchlink_owner_get(fl, owner)) == NULL) {
		free(q);
		fetchlink_fail(done, arg, CM_TEXT_FETCH_NOT_STARTED,
		    "the executor ran out of memory");
		return NULL;
	}
	q->fl = fl;
	q->done = done;
	q->arg = arg;
	do {
		if (++fl->next_id == 0)
			fl->next_id = 1;
	} while (fetchlink_find(fl, fl->next_id) != NULL);
	q->id = fl->next_id;
	clock_gettime(CLOCK_MONOTONIC, &q->due);
	q->due.tv_sec += (timeout_ms + FETCHLINK_GRACE_MS) / 1000;
	q->due.tv_nsec += (timeout_ms + FETCHLINK_GRACE_MS) % 1000 * 1000000L;
	if (q->due.tv_nsec >= 1000000000L) {
		q->due.tv_sec++;
		q->due.tv_nsec -= 1000000000L;
	}
	TAILQ_INSERT_TAIL(&fl->reqs, q, entry);
	fetchlink_watch(fl);
	msg = json_pack("{s:I, s:O}", "timeoutMs",
	    (json_int_t)(timeout_ms > 0 ? timeout_ms : 1), "request", request);
	payload = msg ? json_dumps(msg, JSON_COMPACT) : NULL;
	json_decref(msg);
	len = payload ? strlen(payload) : 0;
	if (payload == NULL ||
	    fetchframe_add(bufferevent_get_output(fl->link), FRAME_FETCH_START,
		q->owner->id, q->id, payload, len) != 0) {
		free(payload);
		fetchlink_req_free(q);
		fetchlink_fail(done, arg, CM_TEXT_FETCH_NOT_STARTED,
		    "the executor ran out of memory");
		return NULL;
	}
	free(payload);
	return q;
}

void
fetchlink_cancel(struct fetchlink_req *q)
{
	struct fetchlink *fl = q->fl;

	/* Best effort: the fetcher's answer to a fetch it did not drop is
	 * ignored, as an id no longer in flight. */
	if (fl->link != NULL)
		fetchframe_add(bufferevent_get_output(fl->link),
		    FRAME_FETCH_CANCEL, q->owner->id, q->id, NULL, 0);
	fetchlink_req_free(q);
}

void
fetchlink_free(struct fetchlink *fl)
{
	struct fetchlink_req *q;

	if (fl == NULL)
		return;
	while ((q = TAILQ_FIRST(&fl->reqs)) != NULL)
		fetchlink_req_free(q);
	if (fl->link != NULL) {
		bufferevent_free(fl->link);
		fl->link = NULL;
	}
	if (fl->pid > 0)
		fetchlink_kill(fl);
	event_free(fl->watch);
	fetcher_args_free(fl->argv);
	free(fl->image);
	free(fl);
}
