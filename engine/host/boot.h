/*
 * Booting a heap: what runs on a new Duktape heap before any user code
 * (engine/runtime/RUNTIME.md). engine_create() calls it; natives reach the
 * heap's owner only through the struct natives_host it hands over.
 */
#ifndef BOOT_H
#define BOOT_H

#include "duktape.h"

struct natives_host;

struct boot_options {
	const struct natives_host *natives; /* static storage */
	int with_print; /* __cm_native.print/printErr */
	int script_mode; /* the globals print and console (all to stream 1) */
};

/*
 * Installs __cm_native, runs the prelude's core and keeps __cm in the
 * stash. Leaves one value on the stack: undefined on success (0), the error
 * on failure (-1); the caller pops it.
 */
int boot_run(duk_context *ctx, const struct boot_options *opt);

/* Loads every lazy group now (engine_preload). 0, or -1 if loading failed. */
int boot_preload(duk_context *ctx);

#endif
