/*
 * codemode-run --request FILE (and the entry form, a request of code
 * alone): one request run on a fresh engine through execution_run(), with
 * the canned host in place of the daemon. Prints the ExecuteResultMessage,
 * then one line per invocation of a retained handle (request_file.h).
 */
#ifndef RUN_REQUEST_H
#define RUN_REQUEST_H

#include <stdio.h>

#include "request_file.h"

/*
 * Runs `rq` (`trace`: each call as a JSON line there, or NULL) and prints
 * its lines on stdout. Returns the exit status: 0 when the run has a
 * result, 1 when it ended in an error, 3 when the engine itself failed.
 */
int run_request_run(const struct request_file *rq, FILE *trace);

/*
 * Runs the request file at `path` (`trace`: report calls on stderr).
 * Returns run_request_run()'s status, or 2 for a file that is not a request.
 */
int run_request_main(const char *path, int trace);

#endif
