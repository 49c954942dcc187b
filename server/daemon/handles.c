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
handles_instance_valid(const char *s)
{
	size_t n;

	for (n = 0; s[n] != '\0'; n++)
		if (!((s[n] >= 'a' && s[n] <= 'z') ||
			(s[n] >= 'A' && s[n] <= 'Z') ||
			(s[n] >= '0' && s[n] <= '9') || s[n] == '-' ||
			s[n] == '_'))
			return 0;
	return n >= 1 && n <= HANDLES_INSTANCE_MAX;
}

int
handles_add(struct handles *h, struct handles_entry *e, const char *instance,
    void *owner)
{
	unsigned char raw[HANDLES_ID_LEN / 2];
	size_t i, at = 0;

	if (instance != NULL) {
		if (!handles_instance_valid(instance))
			return -1;
		/* The dot cannot occur in an instance id nor in hex: the
		 * last one splits the id without ambiguity. */
		at = (size_t)snprintf(e->id, sizeof(e->id), "%s.", instance);
	}
	if (RAND_bytes(raw, sizeof(raw)) != 1)
		return -1;
	for (i = 0; i < sizeof(raw); i++)
		snprintf(e->id + at + 2 * i, 3, "%02x", raw[i]);
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
