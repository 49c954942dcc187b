/*
 * The engine host: one Duktape heap per execution, metered by its own
 * allocator and bounded by a sticky deadline, with the runtime prelude
 * (the engine/runtime scripts, loaded as build-time bytecode) already run on
 * it. Source goes through lower_source() (lower.h) before Duktape sees it; the
 * host then drives the prelude's event loop (__cm.drainMicrotasks,
 * nextTimerDelay, runDueTimers) until no work is left.
 *
 * Intended life cycle: engine_create, one engine_run_* (or engine_eval +
 * engine_drive), engine_destroy. A later daemon runs each execution in a
 * forked child; engine_options.on_oom lets that child _exit at the first
 * refused allocation.
 */
#ifndef ENGINE_H
#define ENGINE_H

#include <stddef.h>

#include "duktape.h"

struct engine;

/* Where print/printErr output goes: stream 1 (stdout) or 2 (stderr). */
typedef void (*engine_write_fn)(
    void *arg, int stream, const char *s, size_t len);

struct engine_options {
	size_t memory_limit; /* bytes the heap may hold, prelude included; 0:
				none */
	double
	    timeout_ms; /* run bound, armed by the first run or eval; 0: none */
	int script_mode; /* globals print and console (all to stream 1) */
	engine_write_fn
	    write; /* __cm_native.print/printErr; NULL: not installed */
	void *write_arg;
	/* Called once, inside the allocator, at the first refused allocation;
	 * may _exit (a forked child) or return (the run then ends as
	 * ENGINE_OOM). */
	void (*on_oom)(void *arg);
	void *oom_arg;
	int typescript; /* run and eval text is TypeScript (lower.h LOWER_F_TS)
			 */
};

enum engine_status {
	ENGINE_OK = 0,
	ENGINE_THREW, /* an uncaught exception; message "Name: message" */
	ENGINE_SYNTAX, /* lowering or compilation failed; message "SyntaxError:
			  ..." */
	ENGINE_TIMEOUT, /* the deadline passed */
	ENGINE_OOM, /* an allocation was refused at the memory limit */
	ENGINE_UNSETTLED, /* entry mode: the loop ran dry with the promise
			     pending */
	ENGINE_INTERNAL /* the host itself failed (message says why) */
};

struct engine_outcome {
	enum engine_status status;
	char *message; /* malloc'd one-line text for every status but ENGINE_OK,
			  else NULL */
	char *json; /* entry mode only: malloc'd {"result": ...} or {"error":
		       "..."} */
};

/*
 * Creates a heap with the natives and the prelude. Returns the engine (the
 * caller owns it; engine_destroy) or NULL with a message in err. The options
 * are copied.
 */
struct engine *engine_create(
    const struct engine_options *opt, char *err, size_t errlen);

/* Frees the heap and everything it holds; NULL is allowed. */
void engine_destroy(struct engine *e);

/*
 * Keeps the heap's present state as its image (arena.h), to come back to
 * with engine_reset(): called once a heap is warm and idle. 0, or -1 with
 * errno (EBUSY: the heap has outgrown its first chunk).
 */
int engine_freeze(struct engine *e);

/*
 * Puts the heap back exactly as engine_freeze() found it: a fresh heap for
 * the next execution, in a copy instead of a fork. `e` stays valid; the
 * next run needs engine_configure() as a forked child's does. 0, or -1
 * (EINVAL) when the heap was never frozen.
 */
int engine_reset(struct engine *e);

/*
 * Runs a classic script (lowered with LOWER_SCRIPT), then drives the event
 * loop until no microtask or timer is left. Fills *out (the caller frees it
 * with engine_outcome_free) and returns its status. Unhandled rejections are
 * not fatal.
 */
enum engine_status engine_run_script(struct engine *e, const char *src,
    size_t len, const char *filename, struct engine_outcome *out);

/*
 * Entry mode: src is an expression evaluating to a function (typically
 * `async () => ...`); it is called, its result awaited through the event
 * loop, and out->json is {"result": <JSON>} or {"error": "<Name: message>"}.
 */
enum engine_status engine_run_entry(struct engine *e, const char *src,
    size_t len, const char *filename, struct engine_outcome *out);

/* Lower level: lower, compile and run src; the completion value is left on
 * the value stack on success (ENGINE_OK). eval_code selects eval semantics. */
enum engine_status engine_eval(struct engine *e, const char *src, size_t len,
    const char *filename, int eval_code, struct engine_outcome *out);

/* Drives the event loop until it is idle, the deadline passes or a callback
 * throws. */
enum engine_status engine_drive(struct engine *e, struct engine_outcome *out);

/* Frees what an outcome holds (not the struct itself). */
void engine_outcome_free(struct engine_outcome *out);

/*
 * Re-aims an engine created ahead of time (in a zygote) at one execution:
 * the memory limit in bytes (0: none; refused when the heap already holds
 * more), the run bound, and the first-refusal hook. It also reseeds
 * Math.random from the kernel, so children forked from one warm heap never
 * share a random sequence. 0, or -1 with nothing changed.
 */
int engine_configure(struct engine *e, size_t memory_limit, double timeout_ms,
    void (*on_oom)(void *), void *oom_arg);

/*
 * Loads every lazy group of the prelude now (engine/runtime/RUNTIME.md, "Lazy
 * groups"), as a heap made ahead of time in a zygote wants: its children
 * then never load one on a request's path. 0, or -1 if loading failed.
 */
int engine_preload(struct engine *e);

/* Starts the run clock: the deadline is now + ms (0: none). A passed
 * deadline is lifted (a new bound for a new invocation); OOM stays. */
void engine_arm_deadline(struct engine *e, double ms);

duk_context *engine_context(struct engine *e);
/* The engine owning ctx (from the heap's allocator udata). */
struct engine *engine_from_context(duk_context *ctx);

size_t engine_mem_limit(const struct engine *e); /* bytes; 0: none */
size_t engine_mem_live(const struct engine *e);
size_t engine_mem_peak(const struct engine *e);
int engine_oom(const struct engine *e);
int engine_timed_out(const struct engine *e);
/* True once the run is over (deadline, memory): natives must not act. */
int engine_stopped(const struct engine *e);

/* Writes through the configured sink; a no-op without one. */
void engine_write(struct engine *e, int stream, const char *s, size_t len);

/* Monotonic milliseconds, fractional. */
double engine_now_ms(void);

#endif
