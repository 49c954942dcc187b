/*
 * The registry of executions that kept their handles, by executionId: an
 * unguessable name, keyed on the executor rather than the connection, so
 * any connection may invoke them.
 */
#ifndef HANDLES_H
#define HANDLES_H

#include <sys/queue.h>

#define HANDLES_ID_LEN 32 /* hex digits of the random part */
/*
 * An instance id (--instance-id) names the daemon inside every id it mints,
 * "<instance>.<32 hex>", so a client given many daemons routes a handle call
 * to the one holding it: 1..63 of [A-Za-z0-9_-] (a DNS label or a pod's
 * name fits).
 */
#define HANDLES_INSTANCE_MAX 63
#define HANDLES_ID_MAX (HANDLES_INSTANCE_MAX + 1 + HANDLES_ID_LEN)

/* Embedded in what holds the handles; the registry only links it. */
struct handles_entry {
	TAILQ_ENTRY(handles_entry) entry;
	char id[HANDLES_ID_MAX + 1]; /* "" until registered */
	void *owner;
};
TAILQ_HEAD(handles, handles_entry);

void handles_init(struct handles *h);

/* Whether `s` is a valid instance id (above). */
int handles_instance_valid(const char *s);

/*
 * Names `e` with a fresh random id, "<instance>." in front when `instance`
 * is not NULL (a valid one), and lists it; 0, or -1 (no entropy, or an
 * invalid instance).
 */
int handles_add(struct handles *h, struct handles_entry *e,
    const char *instance, void *owner);

/* The entry named `id`, or NULL. */
struct handles_entry *handles_find(struct handles *h, const char *id);

/* Unlists a registered `e`; its id stays readable. */
void handles_remove(struct handles *h, struct handles_entry *e);

#endif
