/*
 * The engine: one Duktape heap, metered by its own allocator and bounded by
 * a sticky deadline, with the runtime prelude (the engine/runtime scripts,
 * loaded as build-time bytecode by boot.c) already run on it. Source goes
 * through lower_source() (lower.h) before Duktape sees it; execution.c runs
 * an entry on a heap, script.c a classic script.
 *
 * Life cycle: a zygote makes one heap (engine_create, engine_preload,
 * engine_freeze); each child it forks keeps that heap for its connection,
 * aims it at each execution with engine_configure() and puts it back with
 * engine_reset() between executions. engine_options.on_oom lets the child
 * _exit at the first refused allocation. codemode-run and the tests make a
 * heap per run and engine_destroy() it.
 */
#ifndef ENGINE_H
#define ENGINE_H

#include <stddef.h>

#include "duktape.h"

/* Messages of the bounds; the protocol's pinned texts are composed later, from
 * cm_spec.h. */
#define ENGINE_MSG_OOM "RangeError: out of memory"
#define ENGINE_MSG_TIMEOUT "RangeError: execution timeout"

struct engine;

/* Where print/printErr output goes: stream 1 (stdout) or 2 (stderr). */
typedef void (*engine_write_fn)(
    void *arg, int stream, const char *s, size_t len);

struct engine_options {
	size_t memory_limit; /* bytes the heap may hold, prelude included; 0:
				none */
	double timeout_ms; /* run bound, armed by engine_arm_once; 0: none */
	int script_mode; /* globals print and console (all to stream 1) */
	engine_write_fn
	    write; /* __cm_native.print/printErr; NULL: not installed */
	void *write_arg;
	/* Called once, inside the allocator, at the first refused allocation;
	 * may _exit (a forked child) or return (the run then ends out of
	 * memory: engine_oom). */
	void (*on_oom)(void *arg);
	void *oom_arg;
	int typescript; /* run and eval text is TypeScript (lower.h LOWER_F_TS)
			 */
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
 * In a forked child that will not fork again: engine_reset() reads which
 * pages the child still shares with its parent from `pagemap_fd` (its own
 * /proc/self/pagemap, which the caller owns) and compares only the others
 * with the image (arena_track_pages). 0, or -1 with errno when it cannot.
 */
int engine_track_pages(struct engine *e, int pagemap_fd);

/*
 * Pages of the image that the last engine_reset() found this process holds
 * as its own (engine_track_pages), which each later reset compares again;
 * 0 when it could not tell. Against engine_image_pages(): how much of the
 * image the child no longer shares with its zygote.
 */
size_t engine_owned_pages(const struct engine *e);
size_t engine_image_pages(const struct engine *e);

/* Bytes the heap has mapped now, the image's included: past
 * engine_image_bytes() before a reset, what the run needed beyond it. */
size_t engine_mapped_bytes(const struct engine *e);

/* Bytes of the image engine_freeze() kept (0: never frozen). */
size_t engine_image_bytes(const struct engine *e);

/*
 * Where the heap that engine_reset() puts back starts: its first
 * engine_image_bytes() bytes are the image's. A reset writes only the pages
 * a run changed there (arena.c), so a forked child shares the rest with its
 * zygote for as long as no run writes them; its prewarming must not copy
 * them (prewarm_share).
 */
const void *engine_image_start(const struct engine *e);

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

/*
 * Calls fn(arg) from every check of the deadline (every 16K instructions,
 * 4K regexp steps, each emergency GC) while code runs: a host that holds
 * output back for company sends it from there, so guest code that computes
 * does not hold it long. fn must not touch the heap. NULL: none. A reset
 * clears it (the frozen image has none).
 */
void engine_set_tick(struct engine *e, void (*fn)(void *), void *arg);

/* Starts the run clock: the deadline is now + ms (0: none). A passed
 * deadline is lifted (a new bound for a new invocation); OOM stays. */
void engine_arm_deadline(struct engine *e, double ms);

/* Starts the run clock at the options' bound unless it was started before
 * (a script's first run). */
void engine_arm_once(struct engine *e);

/* Sleeps ms, never past the deadline; -1 once the deadline has passed. */
int engine_sleep(struct engine *e, double ms);

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
/* The options' script_mode: the globals print and console are installed. */
int engine_script_mode(const struct engine *e);
/* The options' typescript: a script's text is TypeScript. */
int engine_typescript(const struct engine *e);

/* Writes through the configured sink; a no-op without one. */
void engine_write(struct engine *e, int stream, const char *s, size_t len);

/* Monotonic milliseconds, fractional. */
double engine_now_ms(void);

#endif
