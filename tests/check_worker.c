/*
 * The engine child's side of the frames (worker.c), spoken to directly
 * over a socketpair: a child that stays for another execution resets its
 * heap, and an answer meant for an earlier execution never reaches a
 * later one.
 */
#include <sys/socket.h>
#include <poll.h>
#include <sys/wait.h>

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cm_spec.h"
#include "ipc/frame.h"
#include "ipc/ipcmsg.h"
#include "support/test_frames.h"
#include "child/spin.h"
#include "child/warm.h"
#include "child/worker.h"

static int sock;
static pid_t child;
static uint8_t buf[65536];
/* The SOCK_SEQPACKET record being handed out (recv_record). */
static uint8_t rec[65536];
static size_t rec_len, rec_off;
static int rec_joined;

static int
read_all(int fd, uint8_t *p, size_t n)
{
	ssize_t r;

	while (n > 0) {
		if ((r = read(fd, p, n)) <= 0)
			return -1;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

/* One frame from the child, decoded as the pool decodes it; 0 or -1 (EOF). */
static int
recv_from_child(struct frame *f)
{
	uint32_t len;

	if (read_all(sock, buf, FRAME_HEADER_SIZE) != 0)
		return -1;
	len = (uint32_t)buf[12] << 24 | (uint32_t)buf[13] << 16 |
	    (uint32_t)buf[14] << 8 | buf[15];
	ck_assert_uint_lt(len, sizeof(buf) - FRAME_HEADER_SIZE);
	ck_assert_int_eq(read_all(sock, buf + FRAME_HEADER_SIZE, len), 0);
	ck_assert_int_eq(frame_decode(buf, FRAME_HEADER_SIZE + len,
			     FRAME_ROLE_PARENT, sizeof(buf), f),
	    (long)(FRAME_HEADER_SIZE + len));
	buf[FRAME_HEADER_SIZE + len] = '\0';
	return 0;
}

/* What the next child's waits on the host spin (worker_spin_setup). */
static uint32_t child_spin_us;

/* Forks a child warmed as the zygote warms one, running worker_child_main. */
static void
start_child_on(int type)
{
	int sv[2];
	struct frame f;

	ck_assert_int_eq(socketpair(AF_UNIX, type, 0, sv), 0);
	if ((child = fork()) == 0) {
		close(sv[0]);
		worker_spin_setup(child_spin_us);
		warm_zygote(NULL);
		_exit(worker_child_main(sv[1], NULL));
	}
	ck_assert_int_gt(child, 0);
	close(sv[1]);
	sock = sv[0];
	rec_len = rec_off = 0;
	if (type != SOCK_STREAM)
		return; /* the test reads its records itself */
	ck_assert_int_eq(recv_from_child(&f), 0);
	ck_assert_int_eq(f.type, FRAME_HELLO);
}

static void
start_child(void)
{
	start_child_on(SOCK_STREAM);
}

/*
 * The records of a SOCK_SEQPACKET socket, which keeps each write apart:
 * each must hold whole frames only, so the child wrote every frame in one
 * call (the daemon is woken once per frame, not once per piece). A call's
 * frame may share its write with what follows it (worker.c holds it for
 * its wait edge): recv_record hands out one frame at a time, in buf, and
 * sets rec_joined when it came in the same write as the frame before.
 */
static struct frame
recv_record(void)
{
	struct frame f;
	long n;

	rec_joined = rec_off < rec_len;
	if (!rec_joined) {
		ssize_t r = recv(sock, rec, sizeof(rec), 0);

		ck_assert_int_ge(r, FRAME_HEADER_SIZE);
		rec_len = (size_t)r;
		rec_off = 0;
	}
	n = frame_decode(rec + rec_off, rec_len - rec_off, FRAME_ROLE_PARENT,
	    sizeof(buf), &f);
	ck_assert_int_gt(n, 0);
	memcpy(buf, rec + rec_off, (size_t)n);
	buf[n] = '\0';
	rec_off += (size_t)n;
	ck_assert_int_eq(
	    frame_decode(buf, (size_t)n, FRAME_ROLE_PARENT, sizeof(buf), &f),
	    n);
	return f;
}

/* The next record frame of `type`, past the run clock's edges. */
static struct frame
expect_record(enum frame_type type)
{
	struct frame f;

	do
		f = recv_record();
	while (f.type == FRAME_HOST_WAIT && type != FRAME_HOST_WAIT);
	ck_assert_int_eq(f.type, type);
	return f;
}

/* Frames written into `out` back to back: what one write of the daemon's
 * may carry. Returns the bytes used. */
static size_t
frame_put(uint8_t *out, enum frame_type type, uint32_t exec_id,
    uint32_t call_id, const char *payload)
{
	size_t n = strlen(payload);

	frame_encode_header(out, type, 0, exec_id, call_id, (uint32_t)n);
	memcpy(out + FRAME_HEADER_SIZE, payload, n);
	return FRAME_HEADER_SIZE + n;
}

/* The child's exit status once its socket is closed. */
static int
stop_child(void)
{
	int status;

	close(sock);
	ck_assert_int_eq(waitpid(child, &status, 0), child);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* An EXECUTE as the daemon writes it (ipcmsg_execute_encode). */
static const char *outbound_mode = CM_OUTBOUND_MODE_DISABLED;
static uint8_t execute_flags; /* besides STAY: FRAME_SPIN */

static void
execute_as(uint32_t exec_id, int stay, const char *code, const char *providers,
    int retain)
{
	struct ipcmsg_execute x;
	json_t *p = json_loads(providers ? providers : "[]", 0, NULL);
	size_t len;
	char *req;

	ck_assert_ptr_nonnull(p);
	memset(&x, 0, sizeof(x));
	x.code.s = code;
	x.code.len = strlen(code);
	x.providers = p;
	x.timeout = CM_DEFAULT_TIMEOUT;
	x.grace = CM_DEFAULT_GRACE;
	x.memory_limit = CM_DEFAULT_MEMORY_LIMIT;
	x.outbound_mode = outbound_mode;
	x.retain_handles = retain;
	ck_assert_ptr_nonnull(req = ipcmsg_execute_encode(&x, &len));
	json_decref(p);
	ck_assert_int_eq(test_frame_send(sock, FRAME_EXECUTE,
			     (stay ? FRAME_EXECUTE_STAY : 0) | execute_flags,
			     exec_id, 0, req),
	    0);
	free(req);
}

static void
execute(uint32_t exec_id, int stay, const char *code, const char *providers)
{
	execute_as(exec_id, stay, code, providers, 0);
}

/* The next frame, which must be of `type`; its payload stays in buf. */
static struct frame
expect(enum frame_type type)
{
	struct frame f;

	/* The run clock's edges come and go around every wait. */
	do
		ck_assert_int_eq(recv_from_child(&f), 0);
	while (f.type == FRAME_HOST_WAIT && type != FRAME_HOST_WAIT);
	ck_assert_msg(f.type == type, "frame type %d, wanted %d: %.*s", f.type,
	    type, (int)f.len, (const char *)f.payload);
	return f;
}

static const char tools[] = "[{\"name\":\"t\",\"tools\":[\"f\"]}]";

START_TEST(test_staying_child_resets_its_heap)
{
	struct frame f;

	start_child();
	execute(1, 1,
	    "async () => { globalThis.x = 1; "
	    "Object.prototype.y = 2; return 1 }",
	    NULL);
	f = expect(FRAME_RESULT);
	ck_assert_uint_eq(f.exec_id, 1);
	expect(FRAME_HELLO);
	execute(2, 0, "async () => [typeof x, typeof ({}).y]", NULL);
	f = expect(FRAME_RESULT);
	ck_assert_uint_eq(f.exec_id, 2);
	ck_assert_ptr_nonnull(strstr(
	    (const char *)f.payload, "[\\\"undefined\\\",\\\"undefined\\\"]"));
	/* Not told to stay: it ends after its answer. */
	ck_assert_int_eq(recv_from_child(&f), -1);
	ck_assert_int_eq(stop_child(), 0);
}
END_TEST

/* Timers a run left behind die with its heap: none fires in the next run. */
START_TEST(test_leftover_timers_do_not_fire_later)
{
	struct frame f;

	start_child();
	execute(1, 1,
	    "async () => { setTimeout(() => { globalThis.late = 1 }, "
	    "0); setInterval(() => { globalThis.ticks = 1 }, 1); return 1 }",
	    NULL);
	expect(FRAME_RESULT);
	expect(FRAME_HELLO);
	execute(2, 1,
	    "async () => { await new Promise((r) => setTimeout(r, "
	    "30)); return [typeof late, typeof ticks] }",
	    NULL);
	f = expect(FRAME_RESULT);
	ck_assert_ptr_nonnull(strstr(
	    (const char *)f.payload, "[\\\"undefined\\\",\\\"undefined\\\"]"));
	expect(FRAME_HELLO);
	ck_assert_int_eq(stop_child(), 2);
}
END_TEST

START_TEST(test_late_answers_never_reach_the_next_execution)
{
	struct frame f;
	uint32_t stale_call, call;

	start_child();
	/* A call nobody awaits: the run answers before its tool does. */
	execute(1, 1, "async () => { t.f({}); return 1 }", tools);
	f = expect(FRAME_TOOL_CALL);
	stale_call = f.call_id;
	expect(FRAME_RESULT);
	expect(FRAME_HELLO);
	/* Its answer arrives between executions... */
	ck_assert_int_eq(test_frame_send(sock, FRAME_TOOL_RESULT, 0, 1,
			     stale_call, "{\"result\":\"\\\"stale\\\"\"}"),
	    0);
	execute(2, 1, "async () => await t.f({})", tools);
	f = expect(FRAME_TOOL_CALL);
	ck_assert_uint_eq(f.exec_id, 2);
	call = f.call_id;
	/* ...and again, under the new call's id, while the next one waits. */
	ck_assert_int_eq(test_frame_send(sock, FRAME_TOOL_RESULT, 0, 1, call,
			     "{\"result\":\"\\\"stale\\\"\"}"),
	    0);
	ck_assert_int_eq(test_frame_send(sock, FRAME_TOOL_RESULT, 0, 2, call,
			     "{\"result\":\"\\\"fresh\\\"\"}"),
	    0);
	f = expect(FRAME_RESULT);
	ck_assert_uint_eq(f.exec_id, 2);
	ck_assert_ptr_nonnull(strstr((const char *)f.payload, "fresh"));
	expect(FRAME_HELLO);
	ck_assert_int_eq(stop_child(), 2);
}
END_TEST

/*
 * An EXECUTE its decoder (ipcmsg_execute_decode) refuses never runs: the
 * child answers with the INTERNAL text naming the broken rule and ends
 * cleanly, even when asked to stay.
 */
START_TEST(test_malformed_execute_is_answered)
{
	static const char *const bad[] = {
		"{\"code\":\"async () => 1\",\"providers\":[]}",
		"{\"code\":\"async () => 1\",\"providers\":[],\"modules\":[],"
		"\"timeout\":0,\"grace\":0,\"memoryLimit\":128,"
		"\"countHostWaits\":false,\"outboundMode\":\"disabled\","
		"\"retainHandles\":false}",
		"{\"code\":\"async () => 1\",\"providers\":[],\"modules\":[],"
		"\"timeout\":1000,\"grace\":0,\"memoryLimit\":128,"
		"\"countHostWaits\":false,\"outboundMode\":\"open\","
		"\"retainHandles\":false}",
	};
	static const char *const rule[] = { "modules are not an array",
		"timeout is not an integer", "outboundMode is not" };
	struct frame f;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		start_child();
		ck_assert_int_eq(test_frame_send(sock, FRAME_EXECUTE,
				     FRAME_EXECUTE_STAY, 7, 0, bad[i]),
		    0);
		f = expect(FRAME_RESULT);
		ck_assert_uint_eq(f.exec_id, 7);
		ck_assert_msg(strstr((const char *)f.payload, rule[i]) != NULL,
		    "%s", (const char *)f.payload);
		ck_assert_ptr_nonnull(
		    strstr((const char *)f.payload, "An invariant"));
		ck_assert_int_eq(stop_child(), 0);
	}
}
END_TEST

/*
 * An INVOKE_HANDLE its decoder refuses fails that invocation with the
 * INTERNAL text naming the rule; the handles stay for the next one.
 */
START_TEST(test_malformed_invoke_is_answered)
{
	struct frame f;

	start_child();
	execute_as(3, 0,
	    "async () => ({ fetch: async (req) => new Response('ok') })", NULL,
	    1);
	f = expect(FRAME_RESULT);
	ck_assert_msg(f.flags & 1, "%.*s", (int)f.len, (const char *)f.payload);
	ck_assert_int_eq(test_frame_send(sock, FRAME_INVOKE_HANDLE, 0, 3, 9,
			     "{\"executionId\":\"e\",\"handle\":\"fetch\","
			     "\"request\":[]}"),
	    0);
	f = expect(FRAME_HANDLE_RESULT);
	ck_assert_uint_eq(f.call_id, 9);
	ck_assert_msg(
	    strstr((const char *)f.payload, "request is not an object") != NULL,
	    "%s", (const char *)f.payload);
	ck_assert_int_eq(test_frame_send(sock, FRAME_INVOKE_HANDLE, 0, 3, 10,
			     "{\"executionId\":\"e\",\"handle\":\"fetch\","
			     "\"request\":{\"method\":\"GET\",\"url\":"
			     "\"https://x.test/\",\"headers\":[],"
			     "\"body\":null}}"),
	    0);
	f = expect(FRAME_HANDLE_RESULT);
	ck_assert_uint_eq(f.call_id, 10);
	ck_assert_msg(strstr((const char *)f.payload, "\"response\"") != NULL,
	    "%s", (const char *)f.payload);
	ck_assert_int_eq(stop_child(), 0);
}
END_TEST

/*
 * A TOOL_RESULT or OUTBOUND_RESPONSE its decoder refuses never reaches
 * the engine: the run ends with the INTERNAL text naming the rule.
 */
START_TEST(test_malformed_answer_ends_the_run)
{
	static const char *const bad[] = { "\xc0\x80",
		"{\"status\":1000,\"statusText\":\"\",\"headers\":[],"
		"\"body\":\"\"}" };
	static const char *const rule[] = { "a tool answer is not UTF-8",
		"status is not an integer 0 to 999" };
	static const char *const code[] = { "async () => await t.f({})",
		"async () => (await fetch('https://x.test/')).status" };
	struct frame f;
	size_t i;

	for (i = 0; i < 2; i++) {
		start_child();
		if (i == 0)
			execute(4, 0, code[i], tools);
		else {
			outbound_mode = CM_OUTBOUND_MODE_NATIVE;
			execute_as(4, 0, code[i], NULL, 0);
			outbound_mode = CM_OUTBOUND_MODE_DISABLED;
		}
		f = expect(i == 0 ? FRAME_TOOL_CALL : FRAME_OUTBOUND_REQUEST);
		ck_assert_int_eq(
		    test_frame_send(sock,
			i == 0 ? FRAME_TOOL_RESULT : FRAME_OUTBOUND_RESPONSE, 0,
			4, f.call_id, bad[i]),
		    0);
		f = expect(FRAME_RESULT);
		ck_assert_msg(strstr((const char *)f.payload, rule[i]) != NULL,
		    "%s", (const char *)f.payload);
		ck_assert_ptr_nonnull(
		    strstr((const char *)f.payload, "An invariant"));
		stop_child();
	}
}
END_TEST

/*
 * Every frame of a run leaves the child in one write (header and payload
 * together), and the child reads what arrives together in one go: two
 * answers in one record (a late one of another execution, then its own)
 * are both served, the stale one dropped.
 */
START_TEST(test_frames_are_whole_writes_and_reads)
{
	uint8_t two[512];
	struct frame f;
	uint32_t call_id;
	int calls = 0;
	size_t n;

	start_child_on(SOCK_SEQPACKET);
	f = recv_record();
	ck_assert_int_eq(f.type, FRAME_HELLO);
	execute(7, 0,
	    "async () => { let s = 0; for (let i = 1; i <= 3; i++) "
	    "s += await t.f(i); return s }",
	    tools);
	for (;;) {
		f = recv_record();
		if (f.type != FRAME_TOOL_CALL)
			break;
		ck_assert_uint_eq(f.exec_id, 7);
		calls++;
		/* The awaited call's wait edge left in the same write. */
		call_id = f.call_id;
		f = recv_record();
		ck_assert_int_eq(f.type, FRAME_HOST_WAIT);
		ck_assert_msg(
		    rec_joined, "TOOL_CALL and HOST_WAIT in two writes");
		f.call_id = call_id;
		n = frame_put(
		    two, FRAME_TOOL_RESULT, 6, f.call_id, "{\"result\":1000}");
		n += frame_put(two + n, FRAME_TOOL_RESULT, 7, f.call_id,
		    "{\"result\":10}");
		ck_assert_int_eq(send(sock, two, n, 0), (ssize_t)n);
	}
	ck_assert_int_eq(calls, 3);
	ck_assert_int_eq(f.type, FRAME_RESULT);
	ck_assert_msg(strstr((const char *)f.payload, "\"30\"") != NULL, "%s",
	    (const char *)f.payload);
	ck_assert_int_eq(stop_child(), 0);
}
END_TEST

/*
 * The run clock's edges around a wait carry the answers read so far; a
 * wait an answer ends sends no edge back (the parent ended it as it sent
 * the answer, pool/pool_exec.c), a wait a timer ends does.
 */
START_TEST(test_wait_edges_around_answers_and_timers)
{
	char ans[64];
	struct frame f;
	uint8_t fr[256];
	size_t n;

	start_child_on(SOCK_SEQPACKET);
	f = recv_record();
	ck_assert_int_eq(f.type, FRAME_HELLO);
	/* Two calls awaited in turn, then one beside a 30 ms timer. */
	execute(9, 0,
	    "async () => { let s = await t.f(1); s += await t.f(2); "
	    "const p = t.f(3); await new Promise(r => setTimeout(r, 30)); "
	    "return s + await p }",
	    tools);
	for (int k = 0; k < 2; k++) {
		f = recv_record();
		ck_assert_int_eq(f.type, FRAME_TOOL_CALL);
		snprintf(ans, sizeof(ans), "{\"result\":%d}", k + 1);
		n = frame_put(fr, FRAME_TOOL_RESULT, 9, f.call_id, ans);
		f = recv_record();
		ck_assert_int_eq(f.type, FRAME_HOST_WAIT);
		ck_assert(rec_joined);
		ck_assert_uint_eq(f.flags,
		    FRAME_HOST_WAIT_WAITING | FRAME_HOST_WAIT_ANSWER_ONLY);
		ck_assert_uint_eq(f.call_id, (uint32_t)k); /* answers read */
		ck_assert_int_eq(send(sock, fr, n, 0), (ssize_t)n);
	}
	/* No HOST_WAIT(0) after either answer: the third call comes next. */
	f = recv_record();
	ck_assert_int_eq(f.type, FRAME_TOOL_CALL);
	n = frame_put(fr, FRAME_TOOL_RESULT, 9, f.call_id, "{\"result\":4}");
	/* It waits with a timer pending; the timer, not an answer, ends it. */
	f = recv_record();
	ck_assert_int_eq(f.type, FRAME_HOST_WAIT);
	ck_assert_uint_eq(f.flags, FRAME_HOST_WAIT_WAITING);
	ck_assert_uint_eq(f.call_id, 2);
	f = recv_record();
	ck_assert_int_eq(f.type, FRAME_HOST_WAIT);
	ck_assert_uint_eq(f.flags, 0);
	/* Then only the answer can wake it, and it says nothing after. */
	f = recv_record();
	ck_assert_int_eq(f.type, FRAME_HOST_WAIT);
	ck_assert_uint_eq(
	    f.flags, FRAME_HOST_WAIT_WAITING | FRAME_HOST_WAIT_ANSWER_ONLY);
	ck_assert_int_eq(send(sock, fr, n, 0), (ssize_t)n);
	f = recv_record();
	ck_assert_int_eq(f.type, FRAME_RESULT);
	ck_assert_msg(strstr((const char *)f.payload, "\"7\"") != NULL, "%s",
	    (const char *)f.payload);
	ck_assert_int_eq(stop_child(), 0);
}
END_TEST

/*
 * A call held for its wait edge (worker.c, worker_out) is not held while
 * guest code computes: the engine's deadline check sends it. The guest
 * calls, then spins for 3 s before it awaits; the call reaches the parent
 * long before the spin ends, alone in its write.
 */
START_TEST(test_held_call_leaves_while_code_computes)
{
	struct pollfd pfd;
	struct frame f;
	uint8_t fr[256];
	size_t n;

	start_child_on(SOCK_SEQPACKET);
	f = recv_record();
	ck_assert_int_eq(f.type, FRAME_HELLO);
	execute(5, 0,
	    "async () => { const p = t.f(1); const end = Date.now() + 3000; "
	    "let i = 0; while (Date.now() < end) i++; return await p }",
	    tools);
	pfd.fd = sock;
	pfd.events = POLLIN;
	ck_assert_msg(poll(&pfd, 1, 1500) == 1,
	    "the call was held while the guest computed");
	f = recv_record();
	ck_assert_int_eq(f.type, FRAME_TOOL_CALL);
	ck_assert_uint_eq(f.exec_id, 5);
	ck_assert(rec_off == rec_len); /* alone: the spin goes on */
	n = frame_put(fr, FRAME_TOOL_RESULT, 5, f.call_id, "{\"result\":42}");
	ck_assert_int_eq(send(sock, fr, n, 0), (ssize_t)n);
	f = expect_record(FRAME_RESULT);
	ck_assert_msg(strstr((const char *)f.payload, "\"42\"") != NULL, "%s",
	    (const char *)f.payload);
	ck_assert_int_eq(stop_child(), 0);
}
END_TEST

/*
 * Frames cut anywhere (a header in pieces, a payload across writes) are
 * put back together: the child's reader never takes a piece for a frame.
 */
START_TEST(test_split_frames_are_reassembled)
{
	uint8_t fr[1024];
	struct frame f;
	struct ipcmsg_execute x;
	json_t *p = json_loads(tools, 0, NULL);
	const char *code = "async () => 2 * (await t.f(1))";
	size_t len, n, i;
	char *req;

	start_child();
	memset(&x, 0, sizeof(x));
	x.code.s = code;
	x.code.len = strlen(code);
	x.providers = p;
	x.timeout = CM_DEFAULT_TIMEOUT;
	x.grace = CM_DEFAULT_GRACE;
	x.memory_limit = CM_DEFAULT_MEMORY_LIMIT;
	x.outbound_mode = outbound_mode;
	ck_assert_ptr_nonnull(req = ipcmsg_execute_encode(&x, &len));
	json_decref(p);
	ck_assert_uint_lt(len + FRAME_HEADER_SIZE, sizeof(fr));
	n = frame_put(fr, FRAME_EXECUTE, 3, 0, req);
	free(req);
	/* One byte at a time for the header, then the payload in halves. */
	for (i = 0; i < FRAME_HEADER_SIZE; i++) {
		ck_assert_int_eq(write(sock, fr + i, 1), 1);
		usleep(2000);
	}
	ck_assert_int_eq(
	    write(sock, fr + i, (n - i) / 2), (ssize_t)((n - i) / 2));
	usleep(2000);
	i += (n - i) / 2;
	ck_assert_int_eq(write(sock, fr + i, n - i), (ssize_t)(n - i));
	f = expect(FRAME_TOOL_CALL);
	n = frame_put(fr, FRAME_TOOL_RESULT, 3, f.call_id, "{\"result\":21}");
	ck_assert_int_eq(write(sock, fr, 5), 5);
	usleep(2000);
	ck_assert_int_eq(write(sock, fr + 5, n - 5), (ssize_t)(n - 5));
	f = expect(FRAME_RESULT);
	ck_assert_msg(strstr((const char *)f.payload, "\"42\"") != NULL, "%s",
	    (const char *)f.payload);
	ck_assert_int_eq(stop_child(), 0);
}
END_TEST

/* The child's scheduling state from /proc: 'R' running, 'S' asleep, ... */
static char
child_state(void)
{
	char path[64], line[256], *p;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)child);
	ck_assert_ptr_nonnull(f = fopen(path, "r"));
	ck_assert_ptr_nonnull(fgets(line, sizeof(line), f));
	fclose(f);
	/* pid (comm) state ...: comm may hold anything but ends at the
	 * last ')'. */
	ck_assert_ptr_nonnull(p = strrchr(line, ')'));
	return p[2];
}

/*
 * Runs `code`, which awaits t.f n times, answering the i-th call after
 * delays_us[i] with flags[i]; states[i] is the child's state just before
 * that answer went out. The EXECUTE carries `spin` (FRAME_SPIN or 0).
 * Returns the RESULT's payload (in buf).
 */
static const char *
answer_calls(const char *code, int n, uint8_t spin, const long *delays_us,
    const uint8_t *flags, char *states)
{
	struct frame f;
	int i;

	execute_flags = spin;
	execute(1, 0, code, tools);
	execute_flags = 0;
	f = expect(FRAME_TOOL_CALL);
	for (i = 0; i < n; i++) {
		usleep((useconds_t)delays_us[i]);
		states[i] = child_state();
		ck_assert_int_eq(test_frame_send(sock, FRAME_TOOL_RESULT,
				     flags[i], 1, f.call_id, "{\"result\":1}"),
		    0);
		do
			ck_assert_int_eq(recv_from_child(&f), 0);
		while (f.type == FRAME_HOST_WAIT);
		ck_assert_int_eq(
		    f.type, i + 1 < n ? FRAME_TOOL_CALL : FRAME_RESULT);
	}
	return (const char *)f.payload;
}

static const char four_calls[] = "async () => { let s = 0; for (let i = 0; "
				 "i < 4; i++) s += await t.f({}); return s }";

/*
 * Runs `code` (n awaited calls) in a fresh child with the given budget until
 * the states seen before the answers are `want` ('R' running, 'S' asleep),
 * at most five times: a busy machine can hold the test's own answer past
 * the budget, or the child short of its CPU, but a rule that does not hold
 * misses every time. Fails naming the states of the last try.
 */
static void
expect_states(const char *code, int n, uint32_t budget_us, uint8_t spin,
    const long *delays_us, const uint8_t *flags, const char *want)
{
	char states[8] = { 0 };
	int attempt;

	ck_assert_int_lt(n, (int)sizeof(states));
	child_spin_us = budget_us;
	for (attempt = 0; attempt < 5; attempt++) {
		start_child();
		answer_calls(code, n, spin, delays_us, flags, states);
		ck_assert_int_eq(stop_child(), 0);
		if (memcmp(states, want, (size_t)n) == 0)
			break;
	}
	child_spin_us = 0;
	ck_assert_msg(memcmp(states, want, (size_t)n) == 0,
	    "the child's states before each answer: %.*s, wanted %s", n, states,
	    want);
}

/*
 * A child waiting on the host polls instead of sleeping for its budget
 * (child/spin.h) when the parent's last frame allowed it (FRAME_SPIN): an
 * answer within it finds the child running. An answer later than the
 * budget turns spinning off, so a slow tool costs one budget, not one per
 * call, and an answer within the budget turns it back on.
 */
START_TEST(test_waits_spin_then_back_off)
{
	/* within; past the budget (spun, then slept); within, but spinning
	 * is off (slept at once); within, spinning again */
	static const long delays[4] = { 500, 30000, 3000, 500 };
	static const uint8_t flags[4] = { FRAME_SPIN, FRAME_SPIN, FRAME_SPIN,
		FRAME_SPIN };

	expect_states(four_calls, 4, SPIN_BUDGET_MAX_US, FRAME_SPIN, delays,
	    flags, "RSSR");
}
END_TEST

/*
 * Without FRAME_SPIN on the frame before a wait, the child sleeps at once,
 * whatever its budget: the daemon saw no CPU to spare.
 */
START_TEST(test_waits_sleep_unless_the_parent_allows)
{
	static const long delays[4] = { 3000, 3000, 3000, 3000 };
	/* EXECUTE without it, then answers without, with, without */
	static const uint8_t flags[4] = { 0, FRAME_SPIN, 0, 0 };

	expect_states(
	    four_calls, 4, SPIN_BUDGET_MAX_US, 0, delays, flags, "SSRS");
}
END_TEST

/* With no budget the child sleeps in every wait, allowed or not. */
START_TEST(test_waits_sleep_without_a_budget)
{
	static const long delays[2] = { 3000, 3000 };
	static const uint8_t flags[2] = { FRAME_SPIN, FRAME_SPIN };

	expect_states("async () => await t.f({}) + await t.f({})", 2, 0,
	    FRAME_SPIN, delays, flags, "SS");
}
END_TEST

/*
 * As the zygote makes them: a heap warmed and frozen in one process, a
 * child forked from it that reads its page map (warm_track), so a reset
 * compares only the pages the child made its own.
 */
static void
start_tracked_child(void)
{
	int sv[2], status;
	struct frame f;
	pid_t pid;

	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	if ((child = fork()) == 0) {
		close(sv[0]);
		warm_zygote(NULL);
		if ((pid = fork()) == 0) {
			warm_track(NULL);
			_exit(worker_child_main(sv[1], NULL));
		}
		close(sv[1]);
		_exit(pid > 0 && waitpid(pid, &status, 0) == pid &&
			    WIFEXITED(status)
			? WEXITSTATUS(status)
			: 99);
	}
	ck_assert_int_gt(child, 0);
	close(sv[1]);
	sock = sv[0];
	ck_assert_int_eq(recv_from_child(&f), 0);
	ck_assert_int_eq(f.type, FRAME_HELLO);
}

/* Runs code told to stay; whether the child stayed (HELLO) or ended. */
static int
run_stays(uint32_t id, const char *code)
{
	struct frame f;

	execute(id, 1, code, NULL);
	f = expect(FRAME_RESULT);
	ck_assert_uint_eq(f.exec_id, id);
	if (recv_from_child(&f) != 0)
		return 0;
	ck_assert_int_eq(f.type, FRAME_HELLO);
	return 1;
}

/* Some 20 MB of objects: a collection runs, marking all the image's. */
static const char heavy[] =
    "async () => { const a = []; for (let i = 0; i < 200000; i++) "
    "a.push({ i, s: 'x' + i }); return a.length }";

/*
 * A heavy run leaves most of the image the child's own, which each later
 * reset would compare again: light runs keep their child, heavy runs in a
 * row keep theirs (it has those pages already), and the first light run
 * after a heavy one ends it, so that a fresh child serves the next.
 */
START_TEST(test_child_spent_by_a_heavy_run_leaves)
{
	uint32_t id = 1;
	int i;

	start_tracked_child();
	for (i = 0; i < 3; i++)
		ck_assert(run_stays(id++, "async () => 6 * 7"));
	ck_assert(run_stays(id++, heavy));
	ck_assert(run_stays(id++, heavy));
	ck_assert(!run_stays(id++, "async () => 6 * 7"));
	ck_assert_int_eq(stop_child(), 0);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("worker");
	TCase *tc = tcase_create("worker");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_staying_child_resets_its_heap);
	tcase_add_test(tc, test_leftover_timers_do_not_fire_later);
	tcase_add_test(tc, test_late_answers_never_reach_the_next_execution);
	tcase_add_test(tc, test_malformed_execute_is_answered);
	tcase_add_test(tc, test_malformed_invoke_is_answered);
	tcase_add_test(tc, test_malformed_answer_ends_the_run);
	tcase_add_test(tc, test_frames_are_whole_writes_and_reads);
	tcase_add_test(tc, test_held_call_leaves_while_code_computes);
	tcase_add_test(tc, test_split_frames_are_reassembled);
	tcase_add_test(tc, test_wait_edges_around_answers_and_timers);
	tcase_add_test(tc, test_waits_spin_then_back_off);
	tcase_add_test(tc, test_waits_sleep_unless_the_parent_allows);
	tcase_add_test(tc, test_waits_sleep_without_a_budget);
	tcase_add_test(tc, test_child_spent_by_a_heavy_run_leaves);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
