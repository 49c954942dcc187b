/* A script-mode engine whose output and OOM calls a suite can read back. */
#ifndef TEST_ENGINE_H
#define TEST_ENGINE_H

#include <stddef.h>

#include "run/script.h"

struct engine;

/* What the engine wrote (stream 2 marked "[2]"), NUL-terminated. */
struct capture {
	char buf[8192];
	size_t len;
	int oom_calls;
};

/* A script-mode engine writing into *c (zeroed here); fails the test if none.
 */
struct engine *mk(struct capture *c, double timeout_ms, size_t mem);

/* Runs src as a classic script; its message (or "") goes to msg. */
enum script_status run(
    struct engine *e, const char *src, char *msg, size_t msglen);

#endif
