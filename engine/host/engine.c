/*
 * One Duktape heap: metered by its own allocator, bounded by a sticky
 * deadline. See engine.h.
 */
#include <errno.h>
#include <stdint.h>
#include <sys/random.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arena.h"
#include "boot.h"
#include "engine.h"
#include "natives.h"
#include "proto/utf8.h"

/* Address space for the heap's first chunk: untouched pages cost nothing. */
#define ENGINE_ARENA_RESERVE (16u << 20)

/* Lives in its own arena, so an arena reset puts it back too. */
struct engine {
	struct arena *arena;
	struct engine_options opt;
	duk_context *ctx;
	size_t limit; /* the byte limit in force (0: none) */
	size_t live; /* usable bytes currently allocated */
	size_t peak;
	int64_t deadline_ns; /* 0: none */
	int oom; /* an allocation was refused */
	int timed_out; /* the deadline passed */
	int stop; /* sticky: every check says stop from now on */
	int armed; /* the run clock was started */
	void *natives_slot; /* the natives' per-heap state (natives.h) */
	void (*tick)(void *); /* engine_set_tick: NULL in a frozen image */
	void *tick_arg;
};

static int64_t
engine_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

double
engine_now_ms(void)
{
	return (double)engine_mono_ns() / 1e6;
}

/* The first refusal ends the run: every later allocation is refused too. */
static void
engine_refuse(struct engine *e)
{
	if (e->oom)
		return;
	e->oom = 1;
	e->stop = 1;
	if (e->opt.on_oom != NULL)
		e->opt.on_oom(e->opt.oom_arg);
}

/* Charges `got` more bytes: 0, or -1 (a refusal) past the limit. */
static int
engine_charge(struct engine *e, size_t got)
{
	if (e->oom)
		return -1;
	if (e->limit && (got > e->limit || e->live > e->limit - got)) {
		engine_refuse(e);
		return -1;
	}
	return 0;
}

/* Duktape's allocator: the arena's blocks, charged at their real size. */
static void *
engine_alloc(void *udata, duk_size_t size)
{
	struct engine *e = udata;
	size_t got = arena_size_for(size);
	void *p;

	if (engine_charge(e, got) != 0)
		return NULL;
	if ((p = arena_alloc(e->arena, size)) == NULL) {
		engine_refuse(e);
		return NULL;
	}
	e->live += got;
	if (e->live > e->peak)
		e->peak = e->live;
	return p;
}

static void
engine_free(void *udata, void *ptr)
{
	struct engine *e = udata;

	if (ptr == NULL)
		return;
	e->live -= arena_usable(ptr);
	arena_free(e->arena, ptr);
}

/* The arena knows a block's new size before it moves: the count stays exact. */
static void *
engine_realloc(void *udata, void *ptr, duk_size_t size)
{
	struct engine *e = udata;
	size_t old, got;
	void *p;

	if (ptr == NULL)
		return engine_alloc(udata, size);
	if (size == 0) {
		engine_free(udata, ptr);
		return NULL;
	}
	old = arena_usable(ptr);
	got = arena_size_for(size);
	/* While both blocks exist a move holds old + got. */
	if (got > old && engine_charge(e, got) != 0)
		return NULL;
	if ((p = arena_realloc(e->arena, ptr, size)) == NULL) {
		engine_refuse(e);
		return NULL;
	}
	e->live = e->live - old + arena_usable(p);
	if (e->live > e->peak)
		e->peak = e->live;
	return p;
}

/*
 * DUK_USE_EXEC_TIMEOUT_CHECK (duk_config_overrides.h): called every 16K
 * instructions, every 4K regexp steps and before each emergency GC. Sticky:
 * once true it stays true, so no catch/finally gets to run.
 */
int
engine_timeout_check(void *udata)
{
	struct engine *e = udata;

	if (e == NULL)
		return 0;
	if (e->tick != NULL)
		e->tick(e->tick_arg);
	if (e->stop)
		return 1;
	if (e->deadline_ns != 0 && engine_mono_ns() >= e->deadline_ns) {
		e->timed_out = 1;
		e->stop = 1;
		return 1;
	}
	return 0;
}

/* Duktape's fatal handler must not return: an internal invariant broke. */
static void
engine_fatal(void *udata, const char *msg)
{
	(void)udata;
	fprintf(stderr, "codemode engine: fatal Duktape error: %s\n",
	    msg != NULL ? msg : "(none)");
	abort();
}

void
engine_set_tick(struct engine *e, void (*fn)(void *), void *arg)
{
	e->tick = fn;
	e->tick_arg = arg;
}

/* A fresh bound also lifts a passed deadline; running out of memory is final.
 */
void
engine_arm_deadline(struct engine *e, double ms)
{
	e->armed = 1;
	e->timed_out = 0;
	e->stop = e->oom;
	e->deadline_ns = ms > 0 ? engine_mono_ns() + (int64_t)(ms * 1e6) : 0;
}

void
engine_arm_once(struct engine *e)
{
	if (!e->armed)
		engine_arm_deadline(e, e->opt.timeout_ms);
}

/* Math.random's state: xoshiro256+, private to this process. */
static uint64_t engine_rng[4];

static uint64_t
engine_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static duk_ret_t
engine_math_random(duk_context *ctx)
{
	uint64_t *s = engine_rng, r = s[0] + s[3], t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = engine_rotl(s[3], 45);
	/* The top 53 bits: a double in [0, 1), as Math.random gives. */
	duk_push_number(ctx, (double)(r >> 11) * (1.0 / 9007199254740992.0));
	return 1;
}

static duk_ret_t
engine_reseed_body(duk_context *ctx, void *udata)
{
	(void)udata;
	duk_get_global_string(ctx, "Math");
	duk_push_c_function(ctx, engine_math_random, 0);
	duk_put_prop_string(ctx, -2, "random");
	duk_pop(ctx);
	return 0;
}

int
engine_configure(struct engine *e, size_t memory_limit, double timeout_ms,
    void (*on_oom)(void *), void *oom_arg)
{
	if (memory_limit && e->live > memory_limit)
		return -1;
	if (getrandom(engine_rng, sizeof(engine_rng), 0) !=
	    (ssize_t)sizeof(engine_rng))
		return -1;
	if (duk_safe_call(e->ctx, engine_reseed_body, NULL, 0, 1) !=
	    DUK_EXEC_SUCCESS) {
		duk_pop(e->ctx);
		return -1;
	}
	duk_pop(e->ctx);
	e->opt.memory_limit = memory_limit;
	e->limit = memory_limit;
	e->opt.timeout_ms = timeout_ms;
	e->opt.on_oom = on_oom;
	e->opt.oom_arg = oom_arg;
	return 0;
}

duk_context *
engine_context(struct engine *e)
{
	return e->ctx;
}

struct engine *
engine_from_context(duk_context *ctx)
{
	duk_memory_functions mf;

	duk_get_memory_functions(ctx, &mf);
	return mf.udata;
}

size_t
engine_mem_limit(const struct engine *e)
{
	return e->opt.memory_limit;
}

size_t
engine_mem_live(const struct engine *e)
{
	return e->live;
}

size_t
engine_mem_peak(const struct engine *e)
{
	return e->peak;
}

int
engine_oom(const struct engine *e)
{
	return e->oom;
}

int
engine_timed_out(const struct engine *e)
{
	return e->timed_out;
}

int
engine_stopped(const struct engine *e)
{
	return e->stop;
}

int
engine_script_mode(const struct engine *e)
{
	return e->opt.script_mode;
}

int
engine_typescript(const struct engine *e)
{
	return e->opt.typescript;
}

void
engine_write(struct engine *e, int stream, const char *s, size_t len)
{
	char *utf8;

	if (e->opt.write == NULL)
		return;
	/* Surrogates (0xED 0xA0-0xBF) mean CESU-8: the reader wants UTF-8. */
	if (memchr(s, 0xED, len) == NULL || (utf8 = malloc(len + 1)) == NULL) {
		e->opt.write(e->opt.write_arg, stream, s, len);
		return;
	}
	memcpy(utf8, s, len);
	e->opt.write(
	    e->opt.write_arg, stream, utf8, utf8_from_cesu8(utf8, len));
	free(utf8);
}

/* The natives' view of a heap: its udata is the engine. */
static int
engine_natives_stopped(void *udata)
{
	return engine_stopped(udata);
}

static void
engine_natives_write(void *udata, int stream, const char *s, size_t len)
{
	engine_write(udata, stream, s, len);
}

static void **
engine_natives_slot(void *udata)
{
	struct engine *e = udata;

	return &e->natives_slot;
}

static const struct natives_host engine_natives = { engine_now_ms,
	engine_natives_stopped, engine_natives_write, engine_natives_slot };

int
engine_preload(struct engine *e)
{
	return boot_preload(e->ctx);
}

struct engine *
engine_create(const struct engine_options *opt, char *err, size_t errlen)
{
	struct boot_options bo;
	struct arena *a;
	struct engine *e;

	if ((a = arena_create(ENGINE_ARENA_RESERVE)) == NULL ||
	    (e = arena_alloc(a, sizeof(*e))) == NULL) {
		arena_destroy(a);
		snprintf(err, errlen, "%s", ENGINE_MSG_OOM);
		return NULL;
	}
	memset(e, 0, sizeof(*e));
	e->arena = a;
	e->opt = *opt;
	/* No limit while Duktape builds its built-ins: an allocation failing
	 * there has no catcher and Duktape recurses until the C stack ends.
	 * The bare heap is a fixed ~100 KB; the limit is checked right after.
	 */
	e->ctx = duk_create_heap(
	    engine_alloc, engine_realloc, engine_free, e, engine_fatal);
	if (e->ctx == NULL) {
		snprintf(err, errlen, "cannot create the heap: %s",
		    e->oom ? ENGINE_MSG_OOM : "Duktape refused");
		arena_destroy(a);
		return NULL;
	}
	e->limit = e->opt.memory_limit;
	if (e->limit && e->peak > e->limit) {
		snprintf(err, errlen, "prelude: %s", ENGINE_MSG_OOM);
		engine_destroy(e);
		return NULL;
	}
	bo.natives = &engine_natives;
	bo.with_print = e->opt.write != NULL;
	bo.script_mode = e->opt.script_mode;
	if (boot_run(e->ctx, &bo) != 0) {
		snprintf(err, errlen, "prelude: %s",
		    e->oom ? ENGINE_MSG_OOM : duk_safe_to_string(e->ctx, -1));
		engine_destroy(e);
		return NULL;
	}
	duk_pop(e->ctx);
	return e;
}

void
engine_destroy(struct engine *e)
{
	if (e == NULL)
		return;
	/* Finalizers may run during destruction: they get no time. */
	e->stop = 1;
	if (e->ctx != NULL)
		duk_destroy_heap(e->ctx);
	arena_destroy(e->arena); /* e lives there */
}

int
engine_freeze(struct engine *e)
{
	return arena_freeze(e->arena);
}

size_t
engine_image_bytes(const struct engine *e)
{
	return arena_image_bytes(e->arena);
}

const void *
engine_image_start(const struct engine *e)
{
	/* The first chunk begins with the arena itself (arena_create). */
	return e->arena;
}

int
engine_reset(struct engine *e)
{
	return arena_reset(e->arena);
}

size_t
engine_mapped_bytes(const struct engine *e)
{
	return arena_mapped_bytes(e->arena);
}

size_t
engine_owned_pages(const struct engine *e)
{
	return arena_reset_owned(e->arena);
}

size_t
engine_image_pages(const struct engine *e)
{
	return arena_image_pages(e->arena);
}

int
engine_track_pages(struct engine *e, int pagemap_fd)
{
	return arena_track_pages(e->arena, pagemap_fd);
}

/* Sleeps ms, but never past the deadline. Returns -1 if the deadline passed. */
int
engine_sleep(struct engine *e, double ms)
{
	struct timespec ts;
	int64_t until = engine_mono_ns() + (int64_t)(ms * 1e6);

	if (e->deadline_ns != 0 && until > e->deadline_ns)
		until = e->deadline_ns;
	ts.tv_sec = until / 1000000000;
	ts.tv_nsec = until % 1000000000;
	while (
	    clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
	return engine_timeout_check(e) ? -1 : 0;
}
