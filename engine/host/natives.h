/*
 * The __cm_native object: the C functions the prelude captures before it
 * seals the global object (see the runtime contract).
 */
#ifndef NATIVES_H
#define NATIVES_H

#include "duktape.h"

/* Pushes a new __cm_native object (now, regexpTranslate, hiddenKey, the
 * crypto natives); with_print adds print/printErr. */
void natives_push(duk_context *ctx, int with_print);

/* Pushes the script-mode globals' printer: print(...args) joins ToString of
 * its arguments with spaces and writes a line to stream 1. */
void natives_push_printer(duk_context *ctx);

/* Pushes the script-mode console sink for __cm.setConsoleSink: (level,
 * text) writes text as one line to stream 1, whatever the level. */
void natives_push_sink(duk_context *ctx);

#endif
