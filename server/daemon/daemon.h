/*
 * The daemon's lifecycle, from its configuration to a drained stop. One
 * event base; every callback runs on it.
 */
#ifndef DAEMON_H
#define DAEMON_H

#include <stddef.h>

#include "log.h"
#include "state.h"

struct netpolicy;

/*
 * Fills `c` with the defaults of spec/protocol.json. The pool's program
 * (what its zygote and children run) is left for the caller to set.
 */
void daemon_config_default(struct daemon_config *c);

/*
 * Opens the listeners and starts the pool. Returns the daemon (caller owns;
 * daemon_free) or NULL with `err` filled.
 */
struct daemon *daemon_new(
    const struct daemon_config *c, char *err, size_t errlen);

/*
 * Adds the configuration's --outbound-allow and --outbound-deny rules to
 * `p`: 0, or -1 with `err` naming the flag and the rule (so a wrong rule
 * stops the daemon before it listens).
 */
int daemon_netpolicy_rules(struct netpolicy *p, const struct daemon_config *c,
    char *err, size_t errlen);

/* Runs until a shutdown completes; 0 on a clean stop. */
int daemon_run(struct daemon *d);

/* Starts the graceful shutdown (what SIGTERM does). */
void daemon_shutdown(struct daemon *d);

/* Frees everything; removes the unix socket it created. */
void daemon_free(struct daemon *d);

#endif
