/*
 * The natives of the prelude's RegExp (engine/runtime/40_regexp.js) on the
 * engine's own regular expression engine (engine/regexp/rx.h):
 *
 *   rxAlloc(proto)            an empty object of class RegExp with that
 *                             prototype and an own lastIndex of 0 (writable,
 *                             not enumerable, not configurable)
 *   rxCompile(source, flags)  a holder of the compiled program (its finalizer
 *                             frees it), or throws SyntaxError
 *   rxExec(holder, S, start, indices)
 *                             null, or RegExpBuiltinExec's result array
 *                             (captures, index, input, groups and, when
 *                             indices is true, indices); with indices 2
 *                             only the match's end (for test)
 *
 * Programs and the matcher's stack are allocated by the heap's own
 * allocator, so they count against the run's memory limit; the matcher
 * checks the heap's deadline as Duktape's executor does. The last subject's
 * UTF-16 form is kept, so a loop over one long string converts it once.
 */
#ifndef RXHOST_H
#define RXHOST_H

#include "duktape.h"

struct natives_host;

/* Puts the three natives on the object at idx; `host` is kept (static
 * storage). */
void rxhost_install(
    duk_context *ctx, duk_idx_t idx, const struct natives_host *host);

#endif
