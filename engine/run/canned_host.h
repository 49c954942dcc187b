/*
 * The canned host of codemode-run: a struct execution_host that answers
 * from a request file (request_file.h states the rules), in call order and
 * time. With no answers at all it is the null host: every tool call gets the
 * not-found envelope and every outbound request the disabled text, what
 * the daemon answers a run that provides nothing.
 */
#ifndef CANNED_HOST_H
#define CANNED_HOST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "host/execution.h"
#include "request_file.h"

/* One answer the canned host has scheduled. */
struct canned_host_queued {
	uint32_t call_id;
	char *payload;
	double due; /* engine_now_ms() at which it arrives */
};

struct canned_host {
	const struct request_file *rq;
	unsigned char *tool_used; /* one flag per toolAnswers entry */
	unsigned char *outbound_used;
	struct canned_host_queued *queue;
	size_t nqueue, capqueue;
	FILE *trace; /* each call as one JSON line, or NULL */
};

int canned_host_init(
    struct canned_host *h, const struct request_file *rq, FILE *trace);
void canned_host_clear(struct canned_host *h);

/* Drops the answers still on their way (a finished phase's). */
void canned_host_flush(struct canned_host *h);

/* Fills `eh` with the hooks that serve `h`. */
void canned_host_bind(struct canned_host *h, struct execution_host *eh);

/*
 * The answer to one tool call ({"provider","tool","args"} text), malloc'd,
 * with the entry's delay in *delay_ms; NULL when out of memory.
 */
char *canned_host_tool_answer(
    struct canned_host *h, const char *call, size_t len, double *delay_ms);

/* The same for one outbound request in stub mode. */
char *canned_host_outbound_answer(
    struct canned_host *h, const char *request, size_t len, double *delay_ms);

#endif
