/*
 * pool/zygote.c and its argument codec (ipc/zygote_args.c): a zygote is the
 * sandbox image, fork + exec, so neither it nor its children hold anything
 * of the process that started it. Shown three ways, each against a
 * control that would show the opposite:
 *  - the pool's level: this process keeps a marker in its heap and starts
 *    a zygote from the image; the marker is nowhere in the zygote's
 *    memory, its executable is the image, its libc sits elsewhere. The
 *    same checks on a zygote started the old way (fork only, `run`) find
 *    the marker and the same libc: the method sees a leak when there is one;
 *  - the daemon's level: a request of one connection is in flight (so its
 *    code is in the daemon's heap, checked), and a zygote the daemon starts
 *    after it holds none of it;
 *  - two daemons: each one's zygote has a layout of its own.
 * Reading a sandboxed child's memory needs root (it is not dumpable): those
 * checks run when they can and say so when they cannot.
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <event2/event.h>
#include <jansson.h>

#include "child/sandbox.h"
#include "ipc/zygote_args.h"
#include "pool/pool.h"
#include "pool/zygote.h"
#include "proto/capnweb.h"
#include "support/test_client.h"
#include "support/test_daemon.h"
#include "support/test_procmem.h"

/* ---- the argument codec ---- */

START_TEST(test_args_roundtrip)
{
	struct zygote_args a = { 805306368, 30, 1, 400 }, b;
	struct zygote_argv v;
	char err[128];

	ck_assert_int_eq(zygote_args_encode(&a, "/x/codemode-sandbox", &v), 0);
	ck_assert_str_eq(v.argv[0], "/x/codemode-sandbox");
	ck_assert_str_eq(v.argv[1], "--zygote");
	ck_assert_str_eq(v.argv[2], "--address-space=805306368");
	ck_assert_str_eq(v.argv[3], "--cpu-seconds=30");
	ck_assert_str_eq(v.argv[4], "--prewarm=1");
	ck_assert_str_eq(v.argv[5], "--spin-us=400");
	ck_assert_ptr_null(v.argv[6]);
	ck_assert_int_eq(
	    zygote_args_decode(6, v.argv, &b, err, sizeof(err)), 0);
	ck_assert(b.address_space == a.address_space);
	ck_assert_uint_eq(b.cpu_seconds, 30);
	ck_assert_int_eq(b.prewarm, 1);
	ck_assert_uint_eq(b.spin_us, 400);
	/* The extremes of every field cross too. */
	a.address_space = UINT64_MAX;
	a.cpu_seconds = UINT32_MAX;
	a.prewarm = 0;
	a.spin_us = ZYGOTE_ARGS_SPIN_MAX;
	ck_assert_int_eq(zygote_args_encode(&a, "i", &v), 0);
	ck_assert_int_eq(
	    zygote_args_decode(6, v.argv, &b, err, sizeof(err)), 0);
	ck_assert(b.address_space == UINT64_MAX);
	ck_assert_uint_eq(b.cpu_seconds, UINT32_MAX);
	ck_assert_int_eq(b.prewarm, 0);
	ck_assert_uint_eq(b.spin_us, ZYGOTE_ARGS_SPIN_MAX);
	a.spin_us = 0;
	ck_assert_int_eq(zygote_args_encode(&a, "i", &v), 0);
	ck_assert_str_eq(v.argv[5], "--spin-us=0");
	ck_assert_int_eq(
	    zygote_args_decode(6, v.argv, &b, err, sizeof(err)), 0);
	ck_assert_uint_eq(b.spin_us, 0);
	a.spin_us = ZYGOTE_ARGS_SPIN_MAX + 1;
	ck_assert_int_eq(zygote_args_encode(&a, "i", &v), -1);
	a.spin_us = 0;
	a.prewarm = 2;
	ck_assert_int_eq(zygote_args_encode(&a, "i", &v), -1);
}
END_TEST

/* Vectors the encoder never writes: each is refused, naming the argument. */
static const struct {
	const char *args[8];
	const char *why;
} refused[] = {
	{ { "i", NULL }, "expected 5 arguments, got 0" },
	{ { "i", "--zygote", "--address-space=1", "--cpu-seconds=0", NULL },
	    "expected 5 arguments, got 3" },
	{ { "i", "--zygote", "--address-space=1", "--cpu-seconds=0",
	      "--prewarm=1", NULL },
	    "expected 5 arguments, got 4" },
	{ { "i", "--zygote", "--address-space=1", "--cpu-seconds=0",
	      "--prewarm=1", "--spin-us=0", "--x", NULL },
	    "expected 5 arguments, got 6" },
	{ { "i", "--zygot", "--address-space=1", "--cpu-seconds=0",
	      "--prewarm=1", "--spin-us=0", NULL },
	    "argument 1 is not --zygote" },
	{ { "i", "--zygote", "--address-space=01", "--cpu-seconds=0",
	      "--prewarm=1", "--spin-us=0", NULL },
	    "argument 2" },
	{ { "i", "--zygote", "--address-space=+1", "--cpu-seconds=0",
	      "--prewarm=1", "--spin-us=0", NULL },
	    "argument 2" },
	{ { "i", "--zygote", "--address-space=", "--cpu-seconds=0",
	      "--prewarm=1", "--spin-us=0", NULL },
	    "argument 2" },
	{ { "i", "--zygote", "--address-space=18446744073709551616",
	      "--cpu-seconds=0", "--prewarm=1", "--spin-us=0", NULL },
	    "argument 2" },
	{ { "i", "--zygote", "--address-space=1 ", "--cpu-seconds=0",
	      "--prewarm=1", "--spin-us=0", NULL },
	    "argument 2" },
	{ { "i", "--zygote", "--cpu-seconds=0", "--address-space=1",
	      "--prewarm=1", "--spin-us=0", NULL },
	    "argument 2" },
	{ { "i", "--zygote", "--address-space=1", "--cpu-seconds=4294967296",
	      "--prewarm=1", "--spin-us=0", NULL },
	    "argument 3" },
	{ { "i", "--zygote", "--address-space=1", "--cpu-seconds=-1",
	      "--prewarm=1", "--spin-us=0", NULL },
	    "argument 3" },
	{ { "i", "--zygote", "--address-space=1", "--cpu-seconds=0",
	      "--prewarm=2", "--spin-us=0", NULL },
	    "argument 4" },
	{ { "i", "--zygote", "--address-space=1", "--cpu-seconds=0",
	      "--prewarm=", "--spin-us=0", NULL },
	    "argument 4" },
	{ { "i", "--zygote", "--address-space=1", "--cpu-seconds=0",
	      "--prewarm=1", "--spin-us=10001", NULL },
	    "argument 5 is not --spin-us=N (at most 10000)" },
	{ { "i", "--zygote", "--address-space=1", "--cpu-seconds=0",
	      "--prewarm=1", "--spin-us=0400", NULL },
	    "argument 5" },
	{ { "i", "--zygote", "--address-space=1", "--cpu-seconds=0",
	      "--prewarm=1", "--spin=400", NULL },
	    "argument 5" },
	{ { "i", "--zygote", "--address-space=1", "--cpu-seconds=0",
	      "--spin-us=0", "--prewarm=1", NULL },
	    "argument 4" },
};

START_TEST(test_args_refused)
{
	struct zygote_args a;
	char err[128];
	int argc = 0;

	while (refused[_i].args[argc] != NULL)
		argc++;
	ck_assert_int_eq(
	    zygote_args_decode(
		argc, (char *const *)refused[_i].args, &a, err, sizeof(err)),
	    -1);
	ck_assert_msg(
	    strstr(err, refused[_i].why) != NULL, "case %d: %s", _i, err);
}
END_TEST

/* ---- the image ---- */

/* $BUILD/codemode-sandbox as an absolute path. */
static const char *
image_path(void)
{
	static char path[PATH_MAX];
	const char *b = getenv("BUILD");
	char rel[512];

	snprintf(rel, sizeof(rel), "%s/codemode-sandbox", b ? b : "build");
	ck_assert_msg(realpath(rel, path) != NULL, "no image at %s", rel);
	return path;
}

START_TEST(test_image_check)
{
	char err[512], dir[] = "/tmp/cm-zygote-XXXXXX", p[128];
	int fd;

	ck_assert_int_eq(zygote_image_check(image_path(), err, sizeof(err)), 0);
	ck_assert_int_eq(zygote_image_check(
			     "/nonexistent/codemode-sandbox", err, sizeof(err)),
	    -1);
	ck_assert_str_eq(err,
	    "the sandbox image /nonexistent/codemode-sandbox: No such file or "
	    "directory");
	ck_assert_int_eq(
	    zygote_image_check("build/codemode-sandbox", err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "is not absolute"));
	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_eq(zygote_image_check(dir, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "is not an executable file"));
	/* A file that is not executable. */
	snprintf(p, sizeof(p), "%s/plain", dir);
	ck_assert_int_ge(fd = open(p, O_CREAT | O_WRONLY, 0644), 0);
	close(fd);
	ck_assert_int_eq(zygote_image_check(p, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "is not an executable file"));
	unlink(p);
	/* An executable that is some other program. */
	snprintf(p, sizeof(p), "%s/other", dir);
	ck_assert_int_ge(fd = open(p, O_CREAT | O_WRONLY, 0755), 0);
	ck_assert(
	    write(fd, "#!/bin/sh\necho codemode-sandbox 0.0.0\n", 39) == 39);
	close(fd);
	ck_assert_int_eq(zygote_image_check(p, err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, "is not codemode-sandbox") != NULL &&
		strstr(err, "answered \"codemode-sandbox 0.0.0\"") != NULL,
	    "%s", err);
	unlink(p);
	rmdir(dir);
}
END_TEST

/* A marker in this process's heap, random per run. */
static char *
heap_marker(char *out, size_t len)
{
	unsigned long long r = 0;
	char *heap;
	int i;

	ck_assert(getrandom(&r, sizeof(r), 0) == sizeof(r));
	snprintf(out, len, "cm-zygote-marker-%016llx", r);
	heap = malloc(4096);
	ck_assert_ptr_nonnull(heap);
	for (i = 0; i < 8; i++)
		memcpy(heap + i * 64, out, strlen(out));
	return heap;
}

/* Asks the zygote for a child and waits for it: the zygote is warmed. */
static pid_t
spawn_one(int ctl)
{
	struct pollfd pfd = { .fd = ctl, .events = POLLIN };
	struct zygote_msg m;
	int fd, i, r;

	ck_assert_int_eq(zygote_send(ctl, ZYGOTE_SPAWN), 0);
	for (i = 0; i < 200; i++) {
		poll(&pfd, 1, 100);
		r = zygote_recv(ctl, &m, &fd);
		if (r == 1 && m.type == ZYGOTE_SPAWNED) {
			/* Kept open: the child waits on it for work. */
			return m.pid;
		}
		ck_assert_msg(r == -1 && errno == EAGAIN,
		    "zygote answered %d (type %u)", r, m.type);
	}
	ck_abort_msg("the zygote forked no child within 20 s");
	return -1;
}

static void
end_zygote(pid_t zygote, pid_t child, int ctl)
{
	kill(child, SIGKILL);
	kill(zygote, SIGKILL);
	waitpid(zygote, NULL, 0);
	close(ctl);
}

static int
child_body(int fd, void *arg)
{
	char c;

	(void)arg;
	return read(fd, &c, 1) < 0;
}

/* 1 when /proc/<pid>/environ holds `name`=..., 0 when not, -1 unread. */
static int
environ_has(pid_t pid, const char *name)
{
	char p[64], buf[65536];
	size_t len = 0, k = strlen(name), i;
	ssize_t n;
	int fd;

	snprintf(p, sizeof(p), "/proc/%d/environ", (int)pid);
	if ((fd = open(p, O_RDONLY)) < 0)
		return -1;
	while (len < sizeof(buf) &&
	    (n = read(fd, buf + len, sizeof(buf) - len)) > 0)
		len += (size_t)n;
	close(fd);
	for (i = 0; i < len; i += strnlen(buf + i, len - i) + 1)
		if (len - i > k && memcmp(buf + i, name, k) == 0 &&
		    buf[i + k] == '=')
			return 1;
	return 0;
}

/*
 * The zygote and its child, started from the image after this process put
 * a marker in its heap: none of it is there, the executable is the image,
 * and libc is mapped elsewhere.
 */
START_TEST(test_image_zygote_holds_nothing_of_ours)
{
	struct zygote_program prog;
	char marker[64], exe[PATH_MAX], self[PATH_MAX], *heap;
	pid_t z, c;
	int ctl, r;

	heap = heap_marker(marker, sizeof(marker));
	/* In our environment too: the image gets an empty one. */
	ck_assert_int_eq(setenv("CM_ZYGOTE_TEST_SECRET", marker, 1), 0);
	/* The scanner finds it where it is. */
	ck_assert_int_eq(
	    test_procmem_find(getpid(), marker, strlen(marker)), 1);
	memset(&prog, 0, sizeof(prog));
	prog.image = image_path();
	prog.prewarm = 1;
	ck_assert_int_gt(z = zygote_start(&prog, &ctl), 0);
	c = spawn_one(ctl);
	ck_assert_int_eq(test_procmem_exe(z, exe, sizeof(exe)), 0);
	ck_assert_str_eq(exe, prog.image);
	ck_assert_int_eq(test_procmem_exe(getpid(), self, sizeof(self)), 0);
	ck_assert_int_eq(test_procmem_maps_file(z, self), 0);
	ck_assert_int_eq(test_procmem_maps_file(z, prog.image), 1);
	ck_assert_int_eq(test_procmem_find(z, marker, strlen(marker)), 0);
	ck_assert_int_eq(environ_has(z, "CM_ZYGOTE_TEST_SECRET"), 0);
	if (test_procmem_aslr()) {
		ck_assert(test_procmem_base(z, "/libc.so.6") != 0);
		ck_assert(test_procmem_base(z, "/libc.so.6") !=
		    test_procmem_base(getpid(), "/libc.so.6"));
		ck_assert(test_procmem_base(z, "[stack]") !=
		    test_procmem_base(getpid(), "[stack]"));
	} else
		fprintf(stderr,
		    "check_zygote: ASLR is off, layouts not "
		    "compared\n");
	/* The sandboxed child is not dumpable: root alone reads it. */
	if (test_procmem_exe(c, exe, sizeof(exe)) == 0) {
		ck_assert_str_eq(exe, prog.image);
		r = test_procmem_find(c, marker, strlen(marker));
		ck_assert_int_eq(r, 0);
	} else
		fprintf(stderr,
		    "check_zygote: the child is unreadable here (%s), "
		    "its zygote was checked\n",
		    strerror(errno));
	end_zygote(z, c, ctl);
	free(heap);
}
END_TEST

/*
 * A child of the image keeps one descriptor besides its socket through the
 * sandbox: its own page map, at SANDBOX_PAGEMAP_FD, which its heap reset
 * reads to skip the pages it still shares with the zygote (arena.c). With
 * and without prewarming (two different prepare hooks).
 */
START_TEST(test_image_child_keeps_only_its_page_map)
{
	struct zygote_program prog;
	char dir[64], path[PATH_MAX], link[PATH_MAX], want[64];
	struct dirent *d;
	int ctl, round, i, n, low, has;
	ssize_t len;
	pid_t z, c;
	DIR *fds;

	for (round = 0; round < 2; round++) {
		memset(&prog, 0, sizeof(prog));
		prog.image = image_path();
		prog.prewarm = round;
		ck_assert_int_gt(z = zygote_start(&prog, &ctl), 0);
		c = spawn_one(ctl);
		snprintf(dir, sizeof(dir), "/proc/%d/fd", (int)c);
		/* Until the sandbox closed stdin, stdout and stderr. */
		for (i = 0, n = low = 0; i < 500; i++) {
			if ((fds = opendir(dir)) == NULL)
				break;
			n = low = has = 0;
			while ((d = readdir(fds)) != NULL) {
				if (d->d_name[0] == '.')
					continue;
				n++;
				low += atoi(d->d_name) < 3;
				has += atoi(d->d_name) == SANDBOX_PAGEMAP_FD;
			}
			closedir(fds);
			if (low == 0)
				break;
			usleep(10000);
		}
		if (fds == NULL && i == 0) {
			fprintf(stderr,
			    "check_zygote: the child's descriptors are "
			    "unreadable here (%s)\n",
			    strerror(errno));
			end_zygote(z, c, ctl);
			return;
		}
		ck_assert_int_eq(low, 0);
		ck_assert_int_eq(n, 2);
		snprintf(path, sizeof(path), "%s/%d", dir, SANDBOX_PAGEMAP_FD);
		ck_assert_int_gt(
		    len = readlink(path, link, sizeof(link) - 1), 0);
		link[len] = '\0';
		snprintf(want, sizeof(want), "/proc/%d/pagemap", (int)c);
		ck_assert_str_eq(link, want);
		end_zygote(z, c, ctl);
	}
}
END_TEST

/*
 * The control: a zygote forked the old way (no exec) holds the marker and
 * this process's layout, so the checks above can fail.
 */
START_TEST(test_forked_zygote_holds_ours)
{
	struct zygote_program prog;
	char marker[64], exe[PATH_MAX], self[PATH_MAX], *heap;
	pid_t z, c;
	int ctl;

	heap = heap_marker(marker, sizeof(marker));
	ck_assert_int_eq(setenv("CM_ZYGOTE_TEST_SECRET", marker, 1), 0);
	memset(&prog, 0, sizeof(prog));
	prog.run = zygote_proc_main;
	prog.child_main = child_body;
	ck_assert_int_gt(z = zygote_start(&prog, &ctl), 0);
	c = spawn_one(ctl);
	ck_assert_int_eq(test_procmem_exe(z, exe, sizeof(exe)), 0);
	ck_assert_int_eq(test_procmem_exe(getpid(), self, sizeof(self)), 0);
	ck_assert_str_eq(exe, self);
	ck_assert_int_eq(test_procmem_find(z, marker, strlen(marker)), 1);
	ck_assert(test_procmem_base(z, "/libc.so.6") ==
	    test_procmem_base(getpid(), "/libc.so.6"));
	end_zygote(z, c, ctl);
	free(heap);
}
END_TEST

/* An image that cannot run: pool_new says so; a bare start exits 127. */
START_TEST(test_image_missing)
{
	struct event_base *base = pool_base_new();
	struct zygote_program prog;
	struct pool_options o;
	char err[256];
	int ctl, status;
	pid_t z;

	pool_options_default(&o);
	o.program.image = "/nonexistent/codemode-sandbox";
	ck_assert_ptr_null(pool_new(base, &o, err, sizeof(err)));
	ck_assert_str_eq(err,
	    "pool: the sandbox image /nonexistent/codemode-sandbox: No such "
	    "file or directory");
	o.program.image = NULL;
	ck_assert_ptr_null(pool_new(base, &o, err, sizeof(err)));
	ck_assert_str_eq(
	    err, "pool: no sandbox image and no zygote body to fork");
	event_base_free(base);
	memset(&prog, 0, sizeof(prog));
	prog.image = "/nonexistent/codemode-sandbox";
	ck_assert_int_gt(z = zygote_start(&prog, &ctl), 0);
	ck_assert_int_eq(waitpid(z, &status, 0), z);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 127);
	close(ctl);
}
END_TEST

/*
 * Started by hand, without the daemon's socket at its descriptor: refused,
 * with nothing there or with a socket of another kind there.
 */
START_TEST(test_image_without_socket)
{
	int status, kind, sv[2], i;
	pid_t pid;

	for (kind = 0; kind < 2; kind++) {
		if (kind == 1)
			ck_assert_int_eq(
			    socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
		if ((pid = fork()) == 0) {
			int null = open("/dev/null", O_WRONLY);

			dup2(null, STDERR_FILENO);
			if (kind == 1 && dup2(sv[1], 3) != 3)
				_exit(126);
			close_range(kind == 1 ? 4 : 3, ~0U, 0);
			execl(image_path(), image_path(), "--zygote",
			    "--address-space=0", "--cpu-seconds=0",
			    "--prewarm=0", (char *)NULL);
			_exit(127);
		}
		/* One that took it for its socket would wait there: bounded. */
		for (i = 0; i < 1000 && waitpid(pid, &status, WNOHANG) == 0;
		     i++)
			usleep(10000);
		if (i == 1000) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
		}
		ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 2,
		    "kind %d: status %d", kind, status);
		if (kind == 1) {
			close(sv[0]);
			close(sv[1]);
		}
	}
}
END_TEST

/* ---- the daemon ---- */

/* The image the daemon under test uses: the one beside it. */
static void
daemon_image(char *out, size_t len)
{
	char bin[PATH_MAX], *slash;

	ck_assert_ptr_nonnull(realpath(test_daemon_binary(), bin));
	slash = strrchr(bin, '/');
	ck_assert_uint_lt(
	    (size_t)(slash - bin) + sizeof("/codemode-sandbox"), len);
	memcpy(out, bin, (size_t)(slash - bin));
	memcpy(out + (slash - bin), "/codemode-sandbox",
	    sizeof("/codemode-sandbox"));
}

static int
in_set(pid_t p, const pid_t *set, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (set[i] == p)
			return 1;
	return 0;
}

/*
 * A request of one connection is in flight, so its code is in the
 * daemon's heap (checked). Every zygote and child is retired after one
 * fork, so taking the spare makes the daemon start a zygote after the
 * request arrived: that zygote and its child hold none of it.
 */
START_TEST(test_daemon_zygote_holds_no_request)
{
	const char *extra[] = { "--retire-after-executions", "1", "--spares",
		"1", NULL };
	struct test_daemon td;
	struct test_client a;
	struct test_answer ans;
	pid_t before[64], now[64], z = 0, kids[16];
	char marker[64], code[256], image[PATH_MAX], exe[PATH_MAX];
	unsigned long long r = 0;
	json_t *args;
	int nb, nn, nk, i, tries;

	daemon_image(image, sizeof(image));
	ck_assert_int_eq(test_daemon_init(&td, "cm-zygote"), 0);
	ck_assert_int_eq(
	    test_daemon_spawn(&td, test_daemon_binary(), "error", extra), 0);
	/* Let the first spare come up, then note who is there. */
	for (tries = 0; tries < 200; tries++) {
		nb = test_procmem_children(td.pid, before, 64);
		if (nb > 0 && test_procmem_children(before[0], kids, 16) > 0)
			break;
		usleep(20000);
	}
	ck_assert(getrandom(&r, sizeof(r), 0) == sizeof(r));
	snprintf(marker, sizeof(marker), "cm-request-marker-%016llx", r);
	snprintf(code, sizeof(code),
	    "async () => { const m = '%s'; await new Promise((r) => "
	    "setTimeout(r, 5000)); return m.length }",
	    marker);
	ck_assert_int_eq(test_client_open(&a, td.sock), 0);
	args = json_pack("[s, [], {}, n, s]", code, "disabled");
	memset(&ans, 0, sizeof(ans));
	ck_assert_int_gt(capnweb_session_call(
			     a.s, "execute", args, test_answer_settle, &ans),
	    0);
	json_decref(args);
	/* A zygote the daemon started after the request, with its child. */
	for (tries = 0; tries < 250 && z == 0; tries++) {
		test_client_pump(&a, &ans.done, 20);
		nn = test_procmem_children(td.pid, now, 64);
		for (i = 0; i < nn && z == 0; i++)
			if (!in_set(now[i], before, nb) &&
			    test_procmem_children(now[i], kids, 16) > 0)
				z = now[i];
	}
	ck_assert_msg(z != 0, "no zygote started after the request");
	ck_assert_int_eq(ans.done, 0);
	/* The request is in the daemon's heap... */
	ck_assert_int_eq(test_procmem_find(td.pid, marker, strlen(marker)), 1);
	/* ...and in none of the zygote's, whose program is the image. */
	ck_assert_int_eq(test_procmem_find(z, marker, strlen(marker)), 0);
	ck_assert_int_eq(test_procmem_exe(z, exe, sizeof(exe)), 0);
	ck_assert_str_eq(exe, image);
	ck_assert_int_eq(test_procmem_exe(td.pid, exe, sizeof(exe)), 0);
	ck_assert_int_eq(test_procmem_maps_file(z, exe), 0);
	if (test_procmem_aslr())
		ck_assert(test_procmem_base(z, "/libc.so.6") !=
		    test_procmem_base(td.pid, "/libc.so.6"));
	nk = test_procmem_children(z, kids, 16);
	for (i = 0; i < nk; i++) {
		if (test_procmem_exe(kids[i], exe, sizeof(exe)) != 0) {
			fprintf(stderr,
			    "check_zygote: child %d unreadable here (%s)\n",
			    (int)kids[i], strerror(errno));
			continue;
		}
		ck_assert_str_eq(exe, image);
		ck_assert_int_eq(
		    test_procmem_find(kids[i], marker, strlen(marker)), 0);
	}
	/* The run itself is unharmed. */
	test_client_pump(&a, &ans.done, 15000);
	ck_assert_int_eq(ans.done, 1);
	ck_assert_int_eq(ans.status, CAPNWEB_RESOLVED);
	ck_assert_str_eq(
	    json_string_value(json_object_get(ans.value, "resultJson")), "34");
	test_answer_clear(&ans);
	test_client_close(&a);
	ck_assert_int_eq(test_daemon_stop(&td), 0);
}
END_TEST

/* Two daemons: each one's zygote has its own layout, not its daemon's. */
START_TEST(test_two_daemons_layouts)
{
	struct test_daemon td[2];
	pid_t z[2], kids[4];
	int i, tries, n;

	if (!test_procmem_aslr()) {
		fprintf(
		    stderr, "check_zygote: ASLR is off, nothing to compare\n");
		return;
	}
	for (i = 0; i < 2; i++) {
		ck_assert_int_eq(test_daemon_init(&td[i], "cm-zygote"), 0);
		ck_assert_int_eq(test_daemon_spawn(&td[i], test_daemon_binary(),
				     "error", NULL),
		    0);
	}
	for (i = 0; i < 2; i++) {
		pid_t grand[4];

		/*
		 * A zygote that has forked a spare: between the daemon's fork
		 * and its exec, a child still has the daemon's layout.
		 */
		for (tries = 0, n = 0; tries < 500 && n == 0; tries++) {
			n = test_procmem_children(td[i].pid, kids, 4);
			if (n > 0 &&
			    test_procmem_children(kids[0], grand, 4) < 1)
				n = 0;
			if (n == 0)
				usleep(20000);
		}
		ck_assert_int_gt(n, 0);
		z[i] = kids[0];
		ck_assert(test_procmem_base(z[i], "/libc.so.6") != 0);
		ck_assert(test_procmem_base(z[i], "/libc.so.6") !=
		    test_procmem_base(td[i].pid, "/libc.so.6"));
		ck_assert(test_procmem_base(z[i], "[stack]") !=
		    test_procmem_base(td[i].pid, "[stack]"));
	}
	ck_assert(test_procmem_base(z[0], "/libc.so.6") !=
	    test_procmem_base(z[1], "/libc.so.6"));
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(test_daemon_stop(&td[i]), 0);
}
END_TEST

static Suite *
zygote_suite(void)
{
	Suite *s = suite_create("zygote");
	TCase *tc = tcase_create("args");

	tcase_add_test(tc, test_args_roundtrip);
	tcase_add_loop_test(
	    tc, test_args_refused, 0, sizeof(refused) / sizeof(*refused));
	suite_add_tcase(s, tc);
	tc = tcase_create("image");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_image_check);
	tcase_add_test(tc, test_image_zygote_holds_nothing_of_ours);
	tcase_add_test(tc, test_image_child_keeps_only_its_page_map);
	tcase_add_test(tc, test_forked_zygote_holds_ours);
	tcase_add_test(tc, test_image_missing);
	tcase_add_test(tc, test_image_without_socket);
	suite_add_tcase(s, tc);
	tc = tcase_create("daemon");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_daemon_zygote_holds_no_request);
	tcase_add_test(tc, test_two_daemons_layouts);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(zygote_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
