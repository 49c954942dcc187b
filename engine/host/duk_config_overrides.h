/*
 * engine/host/duk_config_overrides.h: our Duktape configuration.
 * engine/module.mk inserts these lines at the __OVERRIDE_DEFINES__ marker of
 * Debian's /usr/share/duktape/duk_config.h (after the defaults, before the
 * consistency checks) to make $(BUILD)/gen/duk_config.h. Every object that
 * includes duktape.h, Duktape itself included, sees this config; the system
 * libduktape.so and /usr/include/duk_config.h are never used.
 */

/* The sandbox deadline: every 16K bytecode instructions (the interval is
 * patched in duktape.c by engine/module.mk) the executor asks engine.c. The
 * check stays true until control is back in the host, so catch/finally
 * blocks cannot swallow the timeout (feasibility.md section 2). */
#define DUK_USE_INTERRUPT_COUNTER
#undef DUK_USE_EXEC_TIMEOUT_CHECK
#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) engine_timeout_check((udata))
int engine_timeout_check(void *udata);

/* Hash every byte of a string: the stock sparse hash lets a script make
 * string interning quadratic (feasibility.md section 3). */
#undef DUK_USE_STRHASH_DENSE
#define DUK_USE_STRHASH_DENSE

/* Kept on purpose: DUK_USE_BYTECODE_DUMP_SUPPORT (the prelude is loaded as
 * bytecode we compiled ourselves), DUK_USE_ES6_PROXY, DUK_USE_SYMBOL_BUILTIN,
 * DUK_USE_REGEXP_SUPPORT. */

/* JSON.stringify walks plain values in C without the generic property
 * machinery; anything it cannot do itself (a replacer, toJSON, accessors,
 * a Proxy, an indent) drops back to the ordinary path, so the text is the
 * same. The JSON round trip of 1.2 MB in engine_bench --cpu: 23% fewer
 * instructions. Measured and left out: DUK_USE_FASTINT (the sort 3% and
 * the JSON round trip 1% slower: their numbers are doubles, and every
 * arithmetic result is checked for an integer; on make bench-peers' sort,
 * whose numbers are integers below 2^31, 0.3% more instructions: the
 * time is in the comparator's call, not its subtraction). */
#define DUK_USE_JSON_STRINGIFY_FASTPATH

/* No tail calls: a runaway recursion in tail position (`function f() {
 * return f(); }`) would otherwise loop until the run's deadline instead of
 * failing at once with V8's "Maximum call stack size exceeded", and every
 * frame stays in a stack trace as V8 keeps it. */
#undef DUK_USE_TAILCALL

/* A run's local time is UTC, as its Intl zone is (32_intl.js), whatever
 * the machine's zone: Date's local getters, toString and local-time date
 * strings take offset 0 from here instead of the C library, whose mktime
 * reads /etc/localtime, a file the sandboxed child may not open (seccomp
 * killed it: every local-time Date use ended as WORKER_CRASHED under the
 * daemon). strftime and strptime, Duktape's toLocale* formatting and its
 * last-resort date parser, ask the C library's zone too: off (the prelude
 * formats and engine/host/date_parse.c parses). */
#define DUK_USE_DATE_GET_LOCAL_TZOFFSET(d) ((void)(d), 0)
#undef DUK_USE_DATE_FMT_STRFTIME
#undef DUK_USE_DATE_PRS_STRPTIME
