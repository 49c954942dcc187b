/*
 * The engine host: heap creation with a metering allocator and a sticky
 * deadline, the natives, the prelude, script evaluation and the event-loop
 * driver. See engine.h.
 */
#include <errno.h>
#include <stdint.h>
#include <sys/random.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arena.h"
#include "engine.h"
#include "front/lower.h"
#include "natives.h"
#include "prelude.h"
#include "proto/utf8.h"

/* Messages of the bounds; the protocol's pinned texts are composed later, from
 * cm_spec.h. */
#define ENGINE_MSG_OOM "RangeError: out of memory"
#define ENGINE_MSG_TIMEOUT "RangeError: execution timeout"

/* Address space for the heap's first chunk: untouched pages cost nothing. */
#define ENGINE_ARENA_RESERVE (16u << 20)

enum entry_state { ENTRY_NONE, ENTRY_PENDING, ENTRY_FULFILLED, ENTRY_REJECTED };

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
	enum entry_state entry;
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

/*
 * Every host step that touches the heap runs inside duk_safe_call: an error
 * thrown outside any protected call (an allocation refused at the limit,
 * say) would reach Duktape's fatal path.
 */

/*
 * __cm_native.loadGroup(name, self): runs lazy group name's bytecode with
 * `this` = self (31_lazy.js passes {__cm: {P: P}}). Called from an accessor
 * or from prelude code, possibly inside a coroutine: loading never yields.
 */
static duk_ret_t
engine_load_group(duk_context *ctx)
{
	const char *name = duk_require_string(ctx, 0);
	const struct prelude_group *g;

	for (g = prelude_groups; g->name != NULL; g++)
		if (strcmp(g->name, name) == 0)
			break;
	if (g->name == NULL)
		return duk_error(
		    ctx, DUK_ERR_ERROR, "no prelude group %s", name);
	duk_push_external_buffer(ctx);
	duk_config_buffer(ctx, -1, (void *)(uintptr_t)g->code, g->len);
	duk_load_function(ctx);
	duk_dup(ctx, 1);
	duk_call_method(ctx, 0);
	return 0;
}

/* __cm_native.setPreload(fn): the prelude's function that loads every group. */
static duk_ret_t
engine_set_preload(duk_context *ctx)
{
	duk_push_global_stash(ctx);
	duk_dup(ctx, 0);
	duk_put_prop_string(ctx, -2, "preload");
	return 0;
}

/* duk_safe_call body: calls stash.preload() if the prelude set it. */
static duk_ret_t
engine_preload_body(duk_context *ctx, void *udata)
{
	(void)udata;
	duk_push_global_stash(ctx);
	duk_get_prop_string(ctx, -1, "preload");
	if (duk_is_callable(ctx, -1))
		duk_call(ctx, 0);
	/*
	 * No duk_gc here, though the groups' init functions are cyclic
	 * garbage: a collection in the zygote made every child dearer
	 * (pool throughput 106 -> 75 executions/s in make bench).
	 */
	return 0;
}

int
engine_preload(struct engine *e)
{
	int rc;

	rc = duk_safe_call(e->ctx, engine_preload_body, NULL, 0, 1);
	duk_pop(e->ctx);
	return rc == DUK_EXEC_SUCCESS ? 0 : -1;
}

/* duk_safe_call body: installs __cm_native, runs the prelude, keeps __cm. */
static duk_ret_t
engine_boot_body(duk_context *ctx, void *udata)
{
	static const char *const members[] = { "log", "info", "debug", "warn",
		"error", "trace" };
	struct engine *e = udata;
	size_t i;

	duk_push_global_stash(ctx);
	natives_push(ctx, e->opt.write != NULL);
	duk_push_c_function(ctx, engine_load_group, 2);
	duk_put_prop_string(ctx, -2, "loadGroup");
	duk_push_c_function(ctx, engine_set_preload, 1);
	duk_put_prop_string(ctx, -2, "setPreload");
	duk_dup(ctx, -1);
	duk_put_global_string(ctx, "__cm_native");
	duk_put_prop_string(ctx, -2, "cm_native");

	duk_push_external_buffer(ctx);
	duk_config_buffer(
	    ctx, -1, (void *)(uintptr_t)prelude_bytecode, prelude_bytecode_len);
	duk_load_function(ctx);
	duk_call(ctx, 0);
	duk_pop(ctx);
	/* Captured before user code runs, so the script cannot swap it. */
	duk_get_global_string(ctx, "__cm");
	duk_put_prop_string(ctx, -2, "cm");
	duk_pop(ctx);

	if (e->opt.script_mode) {
		natives_push_printer(ctx);
		duk_put_global_string(ctx, "print");
		/* The runtime's console formats; its lines all go to stdout. */
		duk_push_global_stash(ctx);
		duk_get_prop_string(ctx, -1, "cm");
		if (duk_is_object(ctx, -1)) {
			duk_get_prop_string(ctx, -1, "setConsoleSink");
			if (duk_is_callable(ctx, -1)) {
				duk_swap(ctx, -2, -1);
				natives_push_sink(ctx);
				duk_push_true(ctx);
				duk_call_method(ctx, 2);
				duk_pop_2(ctx);
				return 0;
			}
			duk_pop(ctx);
		}
		duk_pop_2(ctx);
		/* No runtime console: a plain one. */
		duk_push_object(ctx);
		for (i = 0; i < sizeof(members) / sizeof(members[0]); i++) {
			natives_push_printer(ctx);
			duk_put_prop_string(ctx, -2, members[i]);
		}
		duk_put_global_string(ctx, "console");
	}
	return 0;
}

struct engine *
engine_create(const struct engine_options *opt, char *err, size_t errlen)
{
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
	e->entry = ENTRY_NONE;
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
	if (duk_safe_call(e->ctx, engine_boot_body, e, 0, 1) !=
	    DUK_EXEC_SUCCESS) {
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

int
engine_reset(struct engine *e)
{
	return arena_reset(e->arena);
}

void
engine_outcome_free(struct engine_outcome *out)
{
	free(out->message);
	free(out->json);
	out->message = NULL;
	out->json = NULL;
}

/* Sets out's status and a copy of msg; returns the status. */
static enum engine_status
engine_fail(struct engine_outcome *out, enum engine_status st, const char *msg)
{
	out->status = st;
	free(out->message);
	out->message =
	    strdup(msg); /* NULL on failure: the status still says it */
	return st;
}

/*
 * duk_safe_call body: [ v ] -> [ text ]: "Name: message" for an error (or
 * an object with name and message), else ToString(v) prefixed with the
 * C string udata points to.
 */
static duk_ret_t
engine_describe(duk_context *ctx, void *udata)
{
	if (duk_is_error(ctx, -1) ||
	    (duk_is_object(ctx, -1) &&
		duk_has_prop_string(ctx, -1, "message") &&
		duk_has_prop_string(ctx, -1, "name"))) {
		duk_to_string(ctx, -1);
		return 1;
	}
	duk_push_string(ctx, (const char *)udata);
	duk_swap(ctx, -2, -1);
	duk_to_string(ctx, -1);
	duk_concat(ctx, 2);
	return 1;
}

/* Classifies the error on top of the stack (popped) into *out. */
static enum engine_status
engine_caught(
    struct engine *e, struct engine_outcome *out, enum engine_status st)
{
	duk_context *ctx = e->ctx;
	const char *msg;
	char *line, *p;

	if (e->oom) {
		duk_pop(ctx);
		return engine_fail(out, ENGINE_OOM, ENGINE_MSG_OOM);
	}
	if (e->timed_out) {
		duk_pop(ctx);
		return engine_fail(out, ENGINE_TIMEOUT, ENGINE_MSG_TIMEOUT);
	}
	if (duk_safe_call(ctx, engine_describe, (void *)"Uncaught ", 1, 1) !=
	    DUK_EXEC_SUCCESS) {
		if (e->oom || e->timed_out) {
			duk_pop(ctx);
			return engine_fail(out,
			    e->oom ? ENGINE_OOM : ENGINE_TIMEOUT,
			    e->oom ? ENGINE_MSG_OOM : ENGINE_MSG_TIMEOUT);
		}
	}
	msg = duk_safe_to_string(ctx, -1);
	engine_fail(out, st, msg);
	duk_pop(ctx);
	/* One line: a multi-line message is joined with spaces. */
	if ((line = out->message) != NULL)
		for (p = line; *p != '\0'; p++)
			if (*p == '\n' || *p == '\r')
				*p = ' ';
	return st;
}

struct engine_source {
	const char *code, *filename;
	size_t len;
	duk_uint_t flags;
};

/* duk_safe_call body: [ ] -> [ fn ], compiles the lowered source. */
static duk_ret_t
engine_compile(duk_context *ctx, void *udata)
{
	struct engine_source *src = udata;

	duk_push_lstring(ctx, src->code, src->len);
	duk_push_string(ctx, src->filename);
	duk_compile(ctx, src->flags);
	return 1;
}

enum engine_status
engine_eval(struct engine *e, const char *src, size_t len, const char *filename,
    int eval_code, struct engine_outcome *out)
{
	duk_context *ctx = e->ctx;
	struct lower_result lr;
	struct engine_source cs;
	int rc;

	out->status = ENGINE_OK;
	if (!e->armed)
		engine_arm_deadline(e, e->opt.timeout_ms);
	if (e->stop)
		return engine_fail(out, e->oom ? ENGINE_OOM : ENGINE_TIMEOUT,
		    e->oom ? ENGINE_MSG_OOM : ENGINE_MSG_TIMEOUT);
	if (lower_source_flags(src, len, LOWER_SCRIPT,
		e->opt.typescript ? LOWER_F_TS : 0, &lr) != 0)
		return engine_fail(out, ENGINE_SYNTAX,
		    lr.error[0] != '\0' ? lr.error
					: "SyntaxError: invalid source");
	cs.code = lr.code;
	cs.len = lr.code_len;
	cs.filename = filename != NULL ? filename : "input";
	cs.flags = eval_code ? DUK_COMPILE_EVAL : 0;
	rc = duk_safe_call(ctx, engine_compile, &cs, 0, 1);
	free(lr.code);
	if (rc != DUK_EXEC_SUCCESS)
		return engine_caught(e, out, ENGINE_SYNTAX);
	/* Global code's `this` is the global object, strict code's too. */
	duk_push_global_object(ctx);
	if (duk_pcall_method(ctx, 0) != DUK_EXEC_SUCCESS)
		return engine_caught(e, out, ENGINE_THREW);
	return ENGINE_OK;
}

struct engine_cm_call {
	const char *name;
	int found;
};

/* duk_safe_call body: [ ] -> [ result ] of __cm[name](), if it exists. */
static duk_ret_t
engine_call_cm_body(duk_context *ctx, void *udata)
{
	struct engine_cm_call *c = udata;

	c->found = 0;
	duk_push_global_stash(ctx);
	duk_get_prop_string(ctx, -1, "cm");
	if (!duk_is_object(ctx, -1))
		return 0;
	duk_get_prop_string(ctx, -1, c->name);
	if (!duk_is_callable(ctx, -1))
		return 0;
	c->found = 1;
	duk_swap(ctx, -2, -1);
	duk_call_method(ctx, 0);
	return 1;
}

/*
 * Calls __cm[name]() if the prelude defined it. Returns 1 and leaves the
 * result on the stack, 0 (nothing pushed) when there is no such helper, or
 * -1 with *out filled when it threw.
 */
static int
engine_call_cm(struct engine *e, const char *name, struct engine_outcome *out)
{
	struct engine_cm_call c = { name, 0 };

	if (duk_safe_call(e->ctx, engine_call_cm_body, &c, 0, 1) !=
	    DUK_EXEC_SUCCESS) {
		engine_caught(e, out, ENGINE_THREW);
		return -1;
	}
	if (!c.found) {
		duk_pop(e->ctx);
		return 0;
	}
	return 1;
}

/* duk_safe_call body: [ list ] -> [ ], prints each reason (script mode). */
static duk_ret_t
engine_rejections_body(duk_context *ctx, void *udata)
{
	struct engine *e = udata;
	duk_size_t i, n, len;
	const char *s;

	n = duk_is_array(ctx, -1) ? duk_get_length(ctx, -1) : 0;
	for (i = 0; i < n && !e->stop; i++) {
		duk_get_prop_index(ctx, -1, (duk_uarridx_t)i);
		duk_safe_call(ctx, engine_describe, (void *)"", 1, 1);
		duk_push_string(ctx, "Uncaught (in promise) ");
		duk_swap(ctx, -2, -1);
		duk_safe_to_string(ctx, -1);
		duk_push_string(ctx, "\n");
		duk_concat(ctx, 3);
		s = duk_get_lstring(ctx, -1, &len);
		engine_write(e, 1, s, len);
		duk_pop(ctx);
	}
	return 0;
}

/*
 * Takes the prelude's list of unhandled rejections. Script mode prints each
 * as "Uncaught (in promise) <reason>" on stream 1; they are not fatal.
 * Returns -1 (out filled) only when the helper itself threw.
 */
static int
engine_rejections(struct engine *e, struct engine_outcome *out)
{
	int r;

	if ((r = engine_call_cm(e, "takeUnhandledRejections", out)) <= 0)
		return r;
	if (!e->opt.script_mode) {
		duk_pop(e->ctx);
		return 0;
	}
	if (duk_safe_call(e->ctx, engine_rejections_body, e, 1, 1) !=
	    DUK_EXEC_SUCCESS) {
		engine_caught(e, out, ENGINE_THREW);
		return -1;
	}
	duk_pop(e->ctx);
	return 0;
}

/* Sleeps ms, but never past the deadline. Returns -1 if the deadline passed. */
static int
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

enum engine_status
engine_drive(struct engine *e, struct engine_outcome *out)
{
	duk_context *ctx = e->ctx;
	double d;
	int r;

	out->status = ENGINE_OK;
	if ((r = engine_call_cm(e, "drainMicrotasks", out)) < 0)
		return out->status;
	if (r > 0)
		duk_pop(ctx);
	for (;;) {
		if (engine_rejections(e, out) < 0)
			return out->status;
		if ((r = engine_call_cm(e, "nextTimerDelay", out)) < 0)
			return out->status;
		if (r == 0)
			break;
		d = duk_get_number_default(ctx, -1, -1);
		duk_pop(ctx);
		if (!(d >= 0))
			break;
		if (d > 0 && engine_sleep(e, d) != 0)
			return engine_fail(
			    out, ENGINE_TIMEOUT, ENGINE_MSG_TIMEOUT);
		if ((r = engine_call_cm(e, "runDueTimers", out)) < 0)
			return out->status;
		if (r == 0)
			break;
		duk_pop(ctx);
	}
	if (e->stop)
		return engine_fail(out, e->oom ? ENGINE_OOM : ENGINE_TIMEOUT,
		    e->oom ? ENGINE_MSG_OOM : ENGINE_MSG_TIMEOUT);
	return ENGINE_OK;
}

enum engine_status
engine_run_script(struct engine *e, const char *src, size_t len,
    const char *filename, struct engine_outcome *out)
{
	memset(out, 0, sizeof(*out));
	if (engine_eval(e, src, len, filename, 0, out) != ENGINE_OK)
		return out->status;
	duk_pop(e->ctx);
	return engine_drive(e, out);
}

/* The entry promise's reactions: [ value ] -> stash.entry_value. */
static duk_ret_t
engine_entry_settle(duk_context *ctx)
{
	struct engine *e = engine_from_context(ctx);
	int fulfilled = duk_get_current_magic(ctx);

	if (e->entry != ENTRY_PENDING)
		return 0;
	e->entry = fulfilled ? ENTRY_FULFILLED : ENTRY_REJECTED;
	duk_push_global_stash(ctx);
	duk_dup(ctx, 0);
	duk_put_prop_string(ctx, -2, "entry_value");
	return 0;
}

/* duk_safe_call body: [ fn ] -> [ ], calls fn and subscribes to its result. */
static duk_ret_t
engine_entry_start(duk_context *ctx, void *udata)
{
	struct engine *e = udata;

	if (!duk_is_callable(ctx, -1))
		return duk_error(
		    ctx, DUK_ERR_TYPE_ERROR, "the entry is not a function");
	duk_call(ctx, 0);
	e->entry = ENTRY_PENDING;
	if (duk_is_object(ctx, -1)) {
		duk_get_prop_string(ctx, -1, "then");
		if (duk_is_callable(ctx, -1)) {
			duk_swap(ctx, -2, -1);
			duk_push_c_function(ctx, engine_entry_settle, 1);
			duk_set_magic(ctx, -1, 1);
			duk_push_c_function(ctx, engine_entry_settle, 1);
			duk_set_magic(ctx, -1, 0);
			duk_call_method(ctx, 2);
			duk_pop(ctx);
			return 0;
		}
		duk_pop(ctx);
	}
	/* Not a thenable: the value is the result. */
	e->entry = ENTRY_FULFILLED;
	duk_push_global_stash(ctx);
	duk_swap(ctx, -2, -1);
	duk_put_prop_string(ctx, -2, "entry_value");
	duk_pop(ctx);
	return 0;
}

/* duk_safe_call body: [ ] -> [ stash.entry_value ]. */
static duk_ret_t
engine_entry_value(duk_context *ctx, void *udata)
{
	(void)udata;
	duk_push_global_stash(ctx);
	duk_get_prop_string(ctx, -1, "entry_value");
	return 1;
}

/* duk_safe_call body: [ ] -> [ json ] of stash.entry_value ("null" for
 * undefined). */
static duk_ret_t
engine_entry_json(duk_context *ctx, void *udata)
{
	(void)udata;
	duk_push_global_stash(ctx);
	duk_get_prop_string(ctx, -1, "entry_value");
	duk_json_encode(ctx, -1);
	if (!duk_is_string(ctx, -1)) {
		duk_pop(ctx);
		duk_push_string(ctx, "null");
	}
	return 1;
}

/* Builds out->json from a prefix and a JSON text. */
static void
engine_entry_wrap(struct engine_outcome *out, const char *key, const char *json)
{
	size_t n = strlen(key) + strlen(json) + 8;

	free(out->json);
	if ((out->json = malloc(n)) != NULL)
		snprintf(out->json, n, "{\"%s\": %s}", key, json);
}

/* out->json = {"error": <message as a JSON string>}, encoded without the heap.
 */
static void
engine_entry_error(struct engine_outcome *out)
{
	const char *m = out->message != NULL ? out->message : "Error";
	size_t n = strlen(m), i, j = 0;
	char *q;

	if ((q = malloc(n * 6 + 3)) == NULL)
		return;
	q[j++] = '"';
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)m[i];

		if (c == '"' || c == '\\') {
			q[j++] = '\\';
			q[j++] = (char)c;
		} else if (c < 0x20) {
			j += (size_t)sprintf(q + j, "\\u%04x", c);
		} else
			q[j++] = (char)c;
	}
	q[j++] = '"';
	q[j] = '\0';
	engine_entry_wrap(out, "error", q);
	free(q);
}

enum engine_status
engine_run_entry(struct engine *e, const char *src, size_t len,
    const char *filename, struct engine_outcome *out)
{
	duk_context *ctx = e->ctx;
	char *wrapped;

	memset(out, 0, sizeof(*out));
	/* The entry is an expression: "(" CODE "\n)" evaluated as eval code
	 * (the newline ends a trailing line comment; line numbers stay). */
	if ((wrapped = malloc(len + 4)) == NULL) {
		engine_fail(out, ENGINE_OOM, ENGINE_MSG_OOM);
		goto error;
	}
	wrapped[0] = '(';
	memcpy(wrapped + 1, src, len);
	memcpy(wrapped + 1 + len, "\n)", 3);
	if (engine_eval(e, wrapped, len + 3, filename, 1, out) != ENGINE_OK) {
		free(wrapped);
		goto error;
	}
	free(wrapped);
	if (duk_safe_call(ctx, engine_entry_start, e, 1, 1) !=
	    DUK_EXEC_SUCCESS) {
		engine_caught(e, out, ENGINE_THREW);
		goto error;
	}
	duk_pop(ctx);
	if (engine_drive(e, out) != ENGINE_OK)
		goto error;
	if (e->entry == ENTRY_PENDING) {
		engine_fail(out, ENGINE_UNSETTLED,
		    "Error: the entry's promise never settled");
		goto error;
	}
	if (e->entry == ENTRY_REJECTED) {
		/* Either the reason or the error fetching it ends up on top. */
		duk_safe_call(ctx, engine_entry_value, NULL, 0, 1);
		engine_caught(e, out, ENGINE_THREW);
		goto error;
	}
	if (duk_safe_call(ctx, engine_entry_json, NULL, 0, 1) !=
	    DUK_EXEC_SUCCESS) {
		engine_caught(e, out, ENGINE_THREW);
		goto error;
	}
	engine_entry_wrap(out, "result", duk_get_string(ctx, -1));
	duk_pop(ctx);
	if (out->json == NULL)
		return engine_fail(out, ENGINE_INTERNAL, ENGINE_MSG_OOM);
	return ENGINE_OK;
error:
	engine_entry_error(out);
	return out->status;
}
