/*
 * An execution host that answers each tool call at once with one fixed
 * answer (answering.h).
 */
#include <stdlib.h>
#include <string.h>

#include "host/execution.h"
#include "answering.h"

static int
answering_send(void *arg, enum execution_call kind, const char *json,
    size_t len, uint32_t call_id)
{
	struct answering *a = arg;

	(void)kind;
	(void)json;
	(void)len;
	a->call_id = call_id;
	a->pending = 1;
	return 0;
}

static int
answering_wait(
    void *arg, double ms, uint32_t *call_id, char **payload, size_t *len)
{
	struct answering *a = arg;

	(void)ms;
	if (!a->pending || (*payload = strdup(a->answer)) == NULL)
		return -1;
	a->pending = 0;
	*call_id = a->call_id;
	*len = strlen(*payload);
	return 1;
}

static void
answering_edge(void *arg, int waiting)
{
	(void)arg;
	(void)waiting;
}

void
answering_host(
    struct answering *a, const char *answer, struct execution_host *host)
{
	a->answer = answer;
	a->call_id = 0;
	a->pending = 0;
	host->send = answering_send;
	host->wait = answering_wait;
	host->host_wait = answering_edge;
	host->arg = a;
}
