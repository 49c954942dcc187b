/*
 * The registry of executions that kept their handles (handles.h). Ids come
 * from OpenSSL's generator: knowing one grants invoking the handles.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/rand.h>

#include "handles.h"

void
handles_init(struct handles *h)
{
	TAILQ_INIT(h);
}

int
handles_add(struct handles *h, struct handles_entry *e, void *owner)
{
	unsigned char raw[HANDLES_ID_LEN / 2];
	size_t i;

	if (RAND_bytes(raw, sizeof(raw)) != 1)
		return -1;
	for (i = 0; i < sizeof(raw); i++)
		snprintf(e->id + 2 * i, 3, "%02x", raw[i]);
	e->owner = owner;
	TAILQ_INSERT_TAIL(h, e, entry);
	return 0;
}

struct handles_entry *
handles_find(struct handles *h, const char *id)
{
	struct handles_entry *e;

	TAILQ_FOREACH(e, h, entry)
	if (strcmp(e->id, id) == 0)
		return e;
	return NULL;
}

void
handles_remove(struct handles *h, struct handles_entry *e)
{
	TAILQ_REMOVE(h, e, entry);
}
