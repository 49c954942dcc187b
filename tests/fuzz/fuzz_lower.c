/*
 * Fuzz harness of the lowering (engine/front/lower*.c, emit.c): source in,
 * ES5.1 out, and what comes out must compile in Duktape (the engine's own
 * build of it, with its patches), as the engine would compile it. data[0]
 * picks the goal and flags: bit 0 a module (compiled, as execution.c
 * does, as strict code whose value is the module's function), bit 1
 * TypeScript, bit 2 eval code (lower_source_opts with LOWER_F_EVAL, plus
 * bit 3 LOWER_F_STRICT, bit 4 LOWER_F_THIS | LOWER_F_ARGS), bit 7 the token
 * mode of fuzz_js.h. A lowering that fails must say why with a position; a
 * lowered text Duktape refuses as a SyntaxError aborts with both texts. A
 * RangeError is Duktape's own bound (registers, constants, nesting), which
 * the engine reports to the guest like any compile error, so it passes.
 * Source that is not UTF-8 is not lowered: a program reaches the engine
 * as JSON text (UTF-8 by then), and Duktape would refuse the lowering's
 * copy of the bad bytes with "source decode failed".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/lower.h"
#include "fuzz/fuzz_js.h"
#include "host/engine.h"
#include "proto/utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One heap for every input: compiling leaves nothing behind (the function
 * is popped), and nothing runs. */
static struct engine *fuzz_engine;

static duk_context *
fuzz_ctx(void)
{
	struct engine_options eo;
	char err[256];

	if (fuzz_engine == NULL) {
		memset(&eo, 0, sizeof(eo));
		if ((fuzz_engine = engine_create(&eo, err, sizeof(err))) ==
		    NULL) {
			fprintf(stderr, "fuzz_lower: engine_create: %s\n", err);
			abort();
		}
	}
	return engine_context(fuzz_engine);
}

static void
fuzz_refused(
    const char *src, size_t len, const struct lower_result *lr, const char *why)
{
	fprintf(stderr,
	    "fuzz_lower: Duktape refuses the lowered text: %s\n"
	    "--- source (%zu bytes)\n%.*s\n--- lowered\n%s\n---\n",
	    why, len, (int)len, src, lr->code);
	abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lower_result lr;
	duk_context *ctx = fuzz_ctx();
	unsigned flags = 0, compile = 0;
	char *src;
	size_t len;
	int rc;

	if ((src = fuzz_js_source(data, size, &len)) == NULL)
		return 0;
	if (!utf8_valid((const uint8_t *)src, len)) {
		free(src);
		return 0;
	}
	memset(&lr, 0, sizeof(lr));
	if (data[0] & 0x2)
		flags |= LOWER_F_TS;
	if (data[0] & 0x4) {
		flags = LOWER_F_EVAL;
		if (data[0] & 0x8)
			flags |= LOWER_F_STRICT;
		if (data[0] & 0x10)
			flags |= LOWER_F_THIS | LOWER_F_ARGS;
		rc = lower_source_opts(src, len, flags, 1000, NULL, 0, &lr);
		compile = DUK_COMPILE_EVAL |
		    (flags & LOWER_F_STRICT ? DUK_COMPILE_STRICT : 0);
	} else if (data[0] & 0x1) {
		rc = lower_source_flags(src, len, LOWER_MODULE, flags, &lr);
		compile = DUK_COMPILE_EVAL | DUK_COMPILE_STRICT;
	} else
		rc = lower_source_flags(src, len, LOWER_SCRIPT, flags, &lr);
	if (rc != 0) {
		if (lr.code != NULL || lr.error[0] == '\0' ||
		    memchr(lr.error, '\0', sizeof(lr.error)) == NULL ||
		    strncmp(lr.error, "SyntaxError: ", 13) != 0)
			abort();
		free(src);
		return 0;
	}
	if (lr.code == NULL || lr.code[lr.code_len] != '\0')
		abort();
	if (duk_pcompile_lstring(ctx, compile, lr.code, lr.code_len) != 0) {
		const char *why = duk_safe_to_string(ctx, -1);

		if (strncmp(why, "RangeError", 10) != 0)
			fuzz_refused(src, len, &lr, why);
	}
	duk_pop(ctx);
	free(lr.code);
	free(lr.vars);
	free(src);
	return 0;
}
