/*
 * Runs one case against an executor: its steps in order on one connection
 * (reopened when a step asks for it or the connection broke), the scripted
 * dispatch and outbound functions answering the executor's calls, and
 * every expectation checked. Differences are written as lines into a diff.
 */
#ifndef RUN_H
#define RUN_H

#include <jansson.h>

#include "expect.h"

struct wire_conn;

/* Where and how to connect. Borrowed; shared by every worker thread. */
struct run_target {
	const char *url;
	const char *const *headers; /* extra handshake fields */
	size_t nheaders;
};

/*
 * Opens a connection and checks protocolVersion() against this build's
 * PROTOCOL_VERSION. Returns the connection, or NULL with `err` holding the
 * reason (the PROTOCOL_MISMATCH text for a version that differs); *mismatch
 * is set to 1 in that case.
 */
struct wire_conn *run_connect(
    const struct run_target *, int *mismatch, char *err, size_t errlen);

/*
 * Runs case `def` on *conn (which it may replace; NULL is allowed and
 * opens one). Returns 0 when every expectation held, 1 when one did not
 * (lines in `diff`), -1 when the case could not run (reason in `diff`).
 */
int run_case(const struct run_target *, struct wire_conn **conn,
    const json_t *def, struct expect_buf *diff);

#endif
