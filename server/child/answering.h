/*
 * An execution host that answers each tool call at once with one fixed
 * answer, for runs with no caller: the zygote's rehearsal and the benchmarks.
 */
#ifndef ANSWERING_H
#define ANSWERING_H

#include <stdint.h>

struct execution_host;

struct answering {
	const char *answer; /* borrowed: it must outlive the run */
	uint32_t call_id;
	int pending;
};

/* Fills *host around *a, which answers every call with `answer`. */
void answering_host(
    struct answering *a, const char *answer, struct execution_host *host);

#endif
