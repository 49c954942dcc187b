/*
 * The registry of executions that kept their handles, by executionId: an
 * unguessable name, keyed on the executor rather than the connection, so
 * any connection may invoke them.
 */
#ifndef HANDLES_H
#define HANDLES_H

#include <sys/queue.h>

#define HANDLES_ID_LEN 32 /* hex digits */

/* Embedded in what holds the handles; the registry only links it. */
struct handles_entry {
	TAILQ_ENTRY(handles_entry) entry;
	char id[HANDLES_ID_LEN + 1]; /* "" until registered */
	void *owner;
};
TAILQ_HEAD(handles, handles_entry);

void handles_init(struct handles *h);

/* Names `e` with a fresh random id and lists it; 0, or -1 (no entropy). */
int handles_add(struct handles *h, struct handles_entry *e, void *owner);

/* The entry named `id`, or NULL. */
struct handles_entry *handles_find(struct handles *h, const char *id);

/* Unlists a registered `e`; its id stays readable. */
void handles_remove(struct handles *h, struct handles_entry *e);

#endif
