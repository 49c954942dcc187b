/*
 * Classic scripts on an engine: what codemode-run --script runs (test262
 * and tests/js read its output). The script is lowered with LOWER_SCRIPT
 * and run as global code; then the prelude's microtasks and timers run until
 * none is left. Script mode (engine_options.script_mode) prints each
 * unhandled rejection as "Uncaught (in promise) <reason>" on stream 1; it is
 * not fatal. An entry (`async () => ...`) runs through execution_run()
 * instead, the daemon's path.
 */
#ifndef SCRIPT_H
#define SCRIPT_H

#include <stddef.h>

#include "engine.h"

enum script_status {
	SCRIPT_OK = 0,
	SCRIPT_THREW, /* an uncaught exception; message "Name: message" */
	SCRIPT_SYNTAX, /* lowering or compilation failed; "SyntaxError: ..." */
	SCRIPT_TIMEOUT, /* the deadline passed */
	SCRIPT_OOM, /* an allocation was refused at the memory limit */
	SCRIPT_INTERNAL /* the host itself failed (message says why) */
};

struct script_outcome {
	enum script_status status;
	char *message; /* malloc'd one-line text for every status but
			  SCRIPT_OK, else NULL */
};

/*
 * Runs src on `e` (its run clock starts at the options' bound unless it
 * already runs), then its jobs and timers. Fills *out (the caller frees it
 * with script_outcome_free) and returns its status. A heap that timed out
 * or ran out of memory refuses every later script.
 */
enum script_status script_run(struct engine *e, const char *src, size_t len,
    const char *filename, struct script_outcome *out);

/* Frees what an outcome holds (not the struct itself). */
void script_outcome_free(struct script_outcome *out);

#endif
