/*
 * A daemon under test on a private unix socket in a fresh directory, the
 * way tmux's -L keeps test servers apart: start it, wait until it accepts,
 * stop it and reap it.
 */
#ifndef TEST_DAEMON_H
#define TEST_DAEMON_H

#include <sys/types.h>

struct test_daemon {
	char dir[64]; /* /tmp/<prefix>-XXXXXX, made by test_daemon_init */
	char sock[108]; /* <dir>/d.sock */
	pid_t pid; /* -1 when not running */
};

/* $CODEMODE_EXECUTORD when set, else $BUILD/codemode-executord ("build"). */
const char *test_daemon_binary(void);

/* $BUILD/codemode-fetcher ("build"): the fetcher native fetches run in. */
const char *test_fetcher_binary(void);

/* The child of `parent` (its main thread's) running codemode-fetcher;
 * 0 while none. */
long test_fetcher_of(pid_t parent);

/* Makes the private directory and names the socket in it; 0 or -1. */
int test_daemon_init(struct test_daemon *d, const char *prefix);

/*
 * Starts `binary` with --socket, --max-workers 2 and --log-level `level`,
 * then `extra` (NULL-terminated, may be NULL), and waits up to 10 s until
 * the socket accepts. Returns 0, or -1 (the child is then killed).
 */
int test_daemon_spawn(struct test_daemon *d, const char *binary,
    const char *level, const char *const *extra);

/*
 * test_daemon_spawn with the daemon's RLIMIT_NOFILE (soft and hard) set
 * to `nofile` first (0: inherited), for suites that starve it of
 * descriptors.
 */
int test_daemon_spawn_nofile(struct test_daemon *d, const char *binary,
    const char *level, const char *const *extra, unsigned long nofile);

/* A TCP port on loopback that was free a moment ago, or -1. */
int test_free_port(void);

/* Waits (up to 10 s) for the daemon to exit; its wait status, or -1. */
int test_daemon_reap(struct test_daemon *d);

/* Sends `sig` and reaps the daemon (up to 10 s); its wait status, or -1. */
int test_daemon_kill(struct test_daemon *d, int sig);

/* SIGTERM, reap, remove the directory; the wait status, or -1. */
int test_daemon_stop(struct test_daemon *d);

#endif
