/*
 * A daemon forked from the test's own process, so its pool can run a
 * scripted child in place of the engine (check_api, check_api_bounds).
 */
#ifndef TEST_FORKED_H
#define TEST_FORKED_H

#include <sys/types.h>

struct daemon_config;

/*
 * Forks a daemon serving `cfg` (its socket_path set by the caller, removed
 * first) and waits until the socket accepts; the test fails if it never
 * does. Returns the daemon's pid.
 */
pid_t test_forked_start(const struct daemon_config *cfg);

/* SIGTERM, reap, and assert a clean exit; removes `sock`. */
void test_forked_stop(pid_t pid, const char *sock);

#endif
