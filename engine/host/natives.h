/*
 * The __cm_native object: the C functions the prelude captures before it
 * seals the global object (see the runtime contract).
 */
#ifndef NATIVES_H
#define NATIVES_H

#include <stddef.h>

#include "duktape.h"

/*
 * What the natives ask of the heap's owner, given by it (engine.c), so they
 * never include its header. `udata` is the heap's allocator udata.
 */
struct natives_host {
	double (*now_ms)(void); /* monotonic milliseconds, fractional */
	int (*stopped)(void *udata); /* the run is over: do nothing */
	void (*write)(void *udata, int stream, const char *s, size_t len);
	/* A pointer the natives keep per heap (rxhost.c's state), stored with
	 * the heap's owner in the heap's own memory: NULL on a fresh heap. */
	void **(*slot)(void *udata);
};

/*
 * Pushes a new __cm_native object (now, hiddenKey, the RegExp natives of
 * rxhost.h, the crypto natives); with_print adds print/printErr. `host` is kept
 * (static storage: every heap of a process gets the same table).
 */
void natives_push(
    duk_context *ctx, const struct natives_host *host, int with_print);

/* Pushes the script-mode globals' printer: print(...args) joins ToString of
 * its arguments with spaces and writes a line to stream 1. */
void natives_push_printer(duk_context *ctx);

/* Pushes the script-mode console sink for __cm.setConsoleSink: (level,
 * text) writes text as one line to stream 1, whatever the level. */
void natives_push_sink(duk_context *ctx);

#endif
