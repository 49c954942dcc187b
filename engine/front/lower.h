/*
 * The lowering front end: ECMAScript 2022 source in, ES5.1 source out, for
 * Duktape to compile. It parses (parser.h), rewrites the tree, and emits.
 * Lowered code calls the runtime helpers on the private global `__cm`
 * (the engine/runtime JavaScript files); engine/front/LOWERING.md lists the
 * contract.
 */
#ifndef LOWER_H
#define LOWER_H

#include <stddef.h>

enum lower_goal {
	LOWER_SCRIPT, /* a classic script: global code */
	LOWER_MODULE /* an ES module; see LOWERING.md for the emitted shape */
};

struct lower_result {
	char *code; /* ES5.1 text, NUL-terminated; malloc'd, the caller frees */
	size_t code_len;
	char error[320]; /* on failure: "SyntaxError: Unexpected token ')'
			    (3:14)" */
	unsigned line, col; /* on failure: where, in the caller's source */
	char *vars; /* LOWER_F_EVAL: the var/function names the code
		     * declares at its top, each ending in '\n';
		     * malloc'd (or NULL), the caller frees */
};

/*
 * Lowers `len` bytes of source. Returns 0 and fills res->code, or -1 and
 * fills res->error (res->code is then NULL). Never aborts on bad input.
 */
int lower_source(const char *src, size_t len, enum lower_goal goal,
    struct lower_result *res);

/*
 * As lower_source for a module whose function takes more parameters after
 * the module record: `(function (__m, <params>) { ... })`. The entry module
 * gets its scope's names this way, bound on the call, rather than from a
 * declaration lowered and compiled on every run. `params` is emitted as
 * given: a comma-separated list of identifiers.
 */
int lower_module_params(
    const char *src, size_t len, const char *params, struct lower_result *res);

/* lower_source_opts flags */
#define LOWER_F_STRICT                                                         \
	0x1 /* strict from the first token (eval in strict code) */
#define LOWER_F_EVAL                                                           \
	0x2 /* eval code: its top-level let/const/class get                    \
	     * names of their own (they must not become the                    \
	     * caller's vars); res->vars is filled */
#define LOWER_F_THIS 0x4 /* eval code in an arrow: `this` is $this */
#define LOWER_F_ARGS 0x8 /* ... and `arguments` is $args */
#define LOWER_F_TS                                                             \
	0x10 /* TypeScript source: the erasable type syntax is dropped         \
	      * (engine/front/parser_ts.c); the rest must be JavaScript */

/*
 * As lower_source for a script, with flags; names the lowering makes up
 * are numbered from `serial` on, so code lowered at run time (eval,
 * Function) does not reuse the names of the code that runs it. `outer`
 * holds nouter pairs (name, ES5 text): how the code must spell a free
 * name that the caller's lowering renamed (a direct eval's view).
 */
int lower_source_opts(const char *src, size_t len, unsigned flags,
    unsigned serial, const char *const *outer, size_t nouter,
    struct lower_result *res);

/* As lower_source / lower_module_params, with LOWER_F_TS (other flags are
 * ignored). */
int lower_source_flags(const char *src, size_t len, enum lower_goal goal,
    unsigned flags, struct lower_result *res);
int lower_module_params_flags(const char *src, size_t len, const char *params,
    unsigned flags, struct lower_result *res);

#endif
