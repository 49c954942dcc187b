/*
 * The daemon's side of its fetcher (fetcher/fetcher.h): native fetches
 * with outbound.h's contract, run in a separate process the daemon starts
 * from its own program, so libcurl never runs in the daemon.
 *
 * The process starts with the first fetch, and again with the first fetch
 * after it ended. When it ends (a crash, a kill), every fetch in flight
 * fails with the FETCH_FAILED text saying so; the daemon goes on. What
 * comes back over the link is checked as strictly as a child's frames: a
 * frame outside the rules, an answer that is not an OUTBOUND_RESPONSE
 * payload or a counter that is not a fetch's ends the process the same
 * way.
 */
#ifndef FETCHLINK_H
#define FETCHLINK_H

#include <jansson.h>

#include "fetcher/fetcher_args.h"
#include "outbound.h"

struct event_base;
struct metrics;
struct fetchlink;
struct fetchlink_req;

/*
 * A link that runs `image` (an absolute path, copied) with the settings in
 * `a` (copied) when it needs a fetcher; `metrics` (may be NULL) gets the
 * fetcher's counts. NULL when out of memory.
 */
struct fetchlink *fetchlink_new(struct event_base *base, const char *image,
    const struct fetcher_args *a, struct metrics *metrics);

/* Cancels every fetch (no callbacks), closes the link, reaps the process. */
void fetchlink_free(struct fetchlink *);

/*
 * outbound_start through the fetcher: the same answers, bounds and
 * callback rule (`done` exactly once unless cancelled; NULL returned when
 * `done` already ran with the failure).
 */
struct fetchlink_req *fetchlink_start(struct fetchlink *, const void *owner,
    const json_t *request, long timeout_ms, outbound_done_fn done, void *arg);

/* Abandons a fetch: its callback never runs. */
void fetchlink_cancel(struct fetchlink_req *);

/* The fetcher's pid, 0 when none runs (for tests and the log). */
long fetchlink_pid(const struct fetchlink *);

#endif
