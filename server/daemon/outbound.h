/*
 * Native outbound requests: the fetches the daemon performs for sandboxes
 * in the `native` mode, with libcurl's multi interface on the daemon's
 * event loop (children have no network; the sandbox forbids sockets).
 *
 * Messages are the protocol's OutboundRequestMessage and
 * OutboundResponseMessage as JSON, with bodies as standard base64:
 *   request   {"method", "url", "headers": [[name, value], ...], "body":
 * b64|null} response  {"status", "statusText", "headers": [[name, value], ...],
 * "body": b64} failure   {"error": "<why, in a sentence>"} Only http and https,
 * on the first request and on redirects; at most OUTBOUND_MAX_REDIRECTS
 * redirects; the response body is bounded.
 */
#ifndef OUTBOUND_H
#define OUTBOUND_H

#include <stddef.h>

#include <jansson.h>

#define OUTBOUND_MAX_REDIRECTS 5

struct event_base;
struct outbound;
struct outbound_req;

/* Called exactly once per started request, unless it was cancelled. */
typedef void (*outbound_done_fn)(void *arg, const char *json, size_t len);

/*
 * Creates the fetcher on `base`. `max_body` bounds a response body in
 * bytes. Returns NULL when libcurl cannot start. The caller owns it.
 */
struct outbound *outbound_new(struct event_base *base, size_t max_body);

/* Cancels every request (no callbacks) and frees the fetcher. */
void outbound_free(struct outbound *);

/*
 * Starts `request` (borrowed) with a total time bound in ms. Returns a
 * handle valid until `done` runs or outbound_cancel() is called, or NULL
 * when the request cannot start: then `done` has already run with the
 * failure (so the caller answers the child either way).
 */
struct outbound_req *outbound_start(struct outbound *, const json_t *request,
    long timeout_ms, outbound_done_fn done, void *arg);

/* Abandons a request: its callback never runs. */
void outbound_cancel(struct outbound_req *);

#endif
