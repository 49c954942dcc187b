/*
 * Internals of the lowering front end (lower.c, lower_*.c, emit.c,
 * scope.c). Not for use outside engine/lower*.
 *
 * Two passes over the parser's tree: scope.c declares every binding and
 * resolves every reference (deciding renames, per-iteration environments
 * and arrow captures); then lower*.c walk the tree again and write ES5.1
 * text into one growing buffer (emit.c).
 *
 * Ownership: every string an lw_* function returns (names, captured text)
 * and every scope/binding lives in the tree's arena and dies with it; the
 * output buffer is malloc'd and handed to the caller of lower_source().
 */
#ifndef LOWER_INT_H
#define LOWER_INT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "ast.h"

/* ---- emit.c: an append-only text buffer ---- */

struct lw_buf {
	char *p;
	size_t len, cap;
	int oom; /* an allocation failed; the text is incomplete */
	uint32_t line; /* 1 + the newlines written so far */
};

void lw_buf_free(struct lw_buf *);
void lw_put(struct lw_buf *, const char *, size_t);
void lw_puts(struct lw_buf *, const char *);
void lw_putc(struct lw_buf *, char);
void lw_printf(struct lw_buf *, const char *, ...)
    __attribute__((format(printf, 2, 3)));
/* Inserts text at offset `at` (<= len), moving what follows. */
void lw_insert(struct lw_buf *, size_t at, const char *, size_t);
/* Writes a JavaScript double-quoted string literal of UTF-8/CESU-8 bytes. */
void lw_put_string(struct lw_buf *, const char *, size_t);
/* Writes a number the way ES5 source spells it (decimal). */
void lw_put_number(struct lw_buf *, double);

/* ---- scope.c: bindings and references ---- */

enum lw_bkind {
	LW_B_VAR,
	LW_B_LET,
	LW_B_CONST,
	LW_B_CLASS,
	LW_B_FUNC,
	LW_B_PARAM,
	LW_B_CATCH,
	LW_B_IMPORT,
	LW_B_FNAME,
	LW_B_CLASSNAME
};

enum lw_skind {
	LW_S_PROGRAM,
	LW_S_FUNCTION,
	LW_S_ARROW,
	LW_S_INIT,
	LW_S_CLASS,
	LW_S_BLOCK,
	LW_S_CATCH
};

struct lw_scope;

struct lw_binding {
	struct ast_str name;
	const char *emit; /* the ES5 name (NUL-terminated) */
	enum lw_bkind kind;
	struct lw_scope *scope;
	uint32_t decl_end; /* references before this offset are in TDZ */
	unsigned captured : 1; /* referenced from another function */
	unsigned env : 1; /* lives in the scope's per-iteration env object */
	unsigned written : 1;
	unsigned tdz_done : 1; /* scope.c: needs_tdz_flag was asked */
	const char *tdz; /* flag set once initialized, when a closure
			  * may touch it before (runtime TDZ), or NULL */
	const char *imp_obj; /* imports: the module object variable */
	struct ast_str
	    imp_name; /* imports: the exported name ("*" for namespace) */
	struct lw_binding *next; /* in its scope */
};

/* A list of env object names a function must capture by value. */
struct lw_envref {
	const char *env;
	struct lw_envref *next;
};

struct lw_scope {
	enum lw_skind kind;
	struct lw_scope *parent;
	struct lw_scope *fn; /* nearest function boundary (self for one) */
	struct ast_node *node;
	struct lw_binding *first;
	unsigned in_loop : 1; /* runs once per loop iteration */
	unsigned strict : 1;
	unsigned arrow_this : 1; /* an arrow inside uses `this` */
	unsigned arrow_args : 1; /* ... `arguments` */
	unsigned arrow_nt : 1; /* ... `new.target` */
	unsigned derived_ctor : 1;
	unsigned has_await : 1; /* awaits of its own (await, for await);
				 * in a program: top-level await */
	const char *env; /* per-iteration env object, or NULL */
	struct lw_envref *needs; /* boundary scopes: outer envs to capture */
};

struct lw_ctx;

/* Builds scopes for the whole program; 0 or -1 (error set in ctx). */
int lw_scope_analyze(struct lw_ctx *, struct ast_node *program);
/* The scope a node introduced, or NULL. */
struct lw_scope *lw_scope_of(struct lw_ctx *, struct ast_node *);
/* Resolves a name from a scope outwards; NULL for globals. */
struct lw_binding *lw_resolve(
    struct lw_ctx *, struct lw_scope *, const char *, size_t);
/* The nearest enclosing non-arrow function scope (or the program). */
struct lw_scope *lw_this_scope(struct lw_scope *);
/* scope_tdz.c: whether a binding a closure may touch early needs a
 * runtime TDZ flag (user code may run before its declaration is done). */
int lw_tdz_needed(struct lw_ctx *, struct lw_binding *);
/* A fresh unique name "prefix$N" in the arena. */
const char *lw_fresh(struct lw_ctx *, const char *prefix, size_t plen);

/* ---- the emitter's state ---- */

struct lw_fn {
	struct lw_fn *up;
	struct lw_scope *scope; /* the function's scope */
	struct lw_buf vars; /* ", name" list for the prologue `var` */
	size_t vars_at; /* insertion offset of the prologue */
	unsigned in_gen : 1; /* generator body: catch clauses rethrow returns */
	unsigned in_async : 1;
	unsigned is_arrow : 1;
	unsigned derived : 1; /* derived constructor: `this` is $self */
	unsigned
	    params_outer : 1; /* parameters live in the enclosing wrapper */
	unsigned async_ret : 1; /* async run as one function (lower_fn.c):
				 * `return v` settles its promise */
	const char *home; /* home object for `super.x`, or NULL */
	const char *super_ctor; /* the class's super constructor, for super() */
	const char
	    *fields_fn; /* instance field initializer to run after super() */
	const char *nt; /* name holding new.target in a constructor */
	const char *cls_name; /* constructor: the class name, for errors */
};

struct lw_ctx {
	struct ast_arena *arena;
	const char *src;
	size_t src_len;
	int module;
	const char
	    *module_params; /* after __m in a module's function, or NULL */
	size_t module_params_used; /* bytes of it the module needs (scope.c) */
	int strict; /* LOWER_F_STRICT: strict from the start */
	int eval_code; /* LOWER_F_EVAL (lower_eval.c) */
	int ntdz; /* runtime TDZ flags made (scope.c) */
	int bigint; /* the source may make a BigInt: operators guard for one */
	unsigned arrow_eval; /* LOWER_F_THIS | LOWER_F_ARGS */
	const char *const *outer; /* eval code: (name, text) pairs of the */
	size_t nouter; /* caller's renamed bindings */
	struct lw_buf out;
	struct lw_fn *fn; /* innermost function being emitted */
	struct lw_fn *top; /* the program's function context */
	struct lw_scope *scope; /* innermost scope being emitted */
	unsigned counter;
	void *priv; /* lower_class.c: private names in scope */
	const char *pending_home; /* home object for the next method emitted */
	struct lw_fn *pending_cls; /* class facts for the next constructor */
	int pending_method; /* the next function is a method: no `new` */
	/* scope.c hash table of node -> scope and (scope, name) -> binding */
	void **htab;
	size_t hcap, hlen;
	/* error */
	int failed;
	char err[256];
	uint32_t err_line, err_col;
};

/* Records the first error (SyntaxError text) at a node; returns -1. */
int lw_error(struct lw_ctx *, struct ast_node *, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Adds a variable to the current function's prologue `var`. */
void lw_declare(struct lw_ctx *, const char *name);
/* A fresh temporary, declared in the current function's prologue. */
const char *lw_temp(struct lw_ctx *);
/* A fresh temporary declared at program level (call-site caches). */
const char *lw_temp_top(struct lw_ctx *);

/* Output helpers bound to the context. */
#define OUT(c) (&(c)->out)
void lw_sync_line(struct lw_ctx *, struct ast_node *);

/* lower_fn.c: function contexts */
void lw_fn_push(struct lw_ctx *, struct lw_fn *, struct lw_scope *);
/* Pops the context, writing its `var` prologue at its insertion point. */
void lw_fn_pop(struct lw_ctx *, struct lw_fn *);
/* Emits a body's directive prologue; returns how many statements. */
size_t lw_directives(struct lw_ctx *, struct ast_list *body);

/* lower.c: statements and functions */
void lw_stmt(struct lw_ctx *, struct ast_node *);
void lw_stmt_list(struct lw_ctx *, struct ast_list *);
void lw_function(
    struct lw_ctx *, struct ast_node *fn, const char *name, int is_decl);
void lw_init_fn_begin(struct lw_ctx *, struct lw_fn *, struct lw_scope *);
void lw_init_fn_end(struct lw_ctx *, struct lw_fn *);
/* Redirects output into a scratch buffer; end returns its text (arena). */
void lw_capture_begin(struct lw_ctx *, struct lw_buf *saved);
const char *lw_capture_end(struct lw_ctx *, struct lw_buf *saved);
const char *lw_expr_str(struct lw_ctx *, struct ast_node *, int prec);
void lw_enter_scope(struct lw_ctx *, struct ast_node *);
void lw_env_init(struct lw_ctx *, struct lw_scope *);

/* lower_expr.c: expressions. prec is the minimum precedence required. */
enum lw_prec {
	P_SEQ = 0,
	P_ASSIGN = 1,
	P_COND = 2,
	P_NULLISH = 3,
	P_OR = 3,
	P_AND = 4,
	P_BOR = 5,
	P_BXOR = 6,
	P_BAND = 7,
	P_EQ = 8,
	P_REL = 9,
	P_SHIFT = 10,
	P_ADD = 11,
	P_MUL = 12,
	P_EXP = 13,
	P_UNARY = 14,
	P_POSTFIX = 15,
	P_CALL = 16,
	P_MEMBER = 17,
	P_PRIMARY = 18
};
void lw_expr(struct lw_ctx *, struct ast_node *, int prec);
void lw_ident_ref(struct lw_ctx *, struct ast_node *id);
/* Runtime TDZ checks (LOWERING.md "Bindings"): the flag to test at a
 * reference from a closure, or NULL; the flag of a binding; the
 * " : __cm.tdz("x"))" that ends a checked access. */
const char *lw_tdz_flag(struct lw_ctx *, struct ast_node *id);
const char *lw_tdz_flag_of(struct lw_ctx *, struct lw_binding *);
void lw_tdz_else(struct lw_ctx *, struct ast_node *id);
void lw_binding_name(struct lw_ctx *, struct lw_binding *);
void lw_this(struct lw_ctx *);
void lw_args(struct lw_ctx *, struct ast_list *);
int lw_is_simple(struct lw_ctx *, struct ast_node *);
void lw_prop_key(struct lw_ctx *, struct ast_node *key, int computed);
void lw_emit_key_value(struct lw_ctx *, struct ast_node *key, int computed);

/* lower_expr.c / lower_call.c / lower_ops.c internals */
int lw_prec_of(struct ast_node *);
int lw_binary_prec(enum ast_op);
/* Text reading n once: a simple expression, or a temp ("($t = n)" in *full). */
const char *lw_eval_once(
    struct lw_ctx *, struct ast_node *n, const char **full);
/* As lw_eval_once, always through a temp. */
const char *lw_eval_temp(
    struct lw_ctx *, struct ast_node *n, const char **full);
void lw_member_prop(struct lw_ctx *, struct ast_node *member);
void lw_derived_return(struct lw_ctx *, struct ast_node *arg);
void lw_derived_end(struct lw_ctx *);
void lw_super_update(struct lw_ctx *, struct ast_node *update, const char *v);
int lw_ascii_name(struct ast_str);
void lw_object_expr(struct lw_ctx *, struct ast_node *obj);
void lw_callee(struct lw_ctx *, struct ast_node *callee);
void lw_call(struct lw_ctx *, struct ast_node *);
void lw_new(struct lw_ctx *, struct ast_node *);
void lw_chain(struct lw_ctx *, struct ast_node *, int is_delete);
void lw_assignment(struct lw_ctx *, struct ast_node *);
void lw_update(struct lw_ctx *, struct ast_node *);
void lw_unary(struct lw_ctx *, struct ast_node *);
void lw_binary(struct lw_ctx *, struct ast_node *);
void lw_logical(struct lw_ctx *, struct ast_node *);

/* lower_v8name.c: how V8's error texts name the expression n (`obj.x`,
 * `f(...)`), or { NULL, 0 } when too long to be worth writing (the runtime
 * then describes the value, as V8 does where it has no source). iter:
 * LW_V8_ITER, the error is that n does not iterate (a call names its
 * callee: "f is not a function or its return value"), LW_V8_ASYNC that
 * it does not async-iterate ("f(...) is not a function or its return
 * value"), or 0. */
#define LW_V8_ITER 1
#define LW_V8_ASYNC 2
struct ast_str lw_v8_name(struct lw_ctx *, struct ast_node *n, int iter);

/* lower_pat.c: destructuring, spread, for-of */
/* Emits "target = value" assignments (comma-separated expression) for a
 * pattern; value is an ES5 expression text that may be evaluated once.
 * flags: LW_PAT_DECL, the pattern declares (let/const/var/parameter)
 * rather than assigns; LW_PAT_READ, V8 words its null/undefined as a
 * failed property read, not a destructuring (for-of assignment heads).
 * src: the expression whose value it is, which V8 names in the pattern's
 * errors (declarations, assignments), or NULL (parameters, catch...). */
#define LW_PAT_DECL 1
#define LW_PAT_READ 2
void lw_pattern_assign(struct lw_ctx *, struct ast_node *pat, const char *value,
    int flags, struct ast_node *src);
/* Emits an array expression with spread as one ES5 expression; call: the
 * elements are a call's arguments (V8 words their errors apart). */
void lw_array_spread(struct lw_ctx *, struct ast_list *elements, int call);
int lw_has_spread(struct ast_list *);
void lw_for_of(struct lw_ctx *, struct ast_node *, const char *labels);
void lw_for_in(struct lw_ctx *, struct ast_node *, const char *labels);
/* Emits the target of a for-in/of head or catch param from a value. */
void lw_head_assign(struct lw_ctx *, struct ast_node *left, const char *value);
/* The same as statements joined by "; " (no trailing one): array
 * patterns close their iterator when an element throws. */
void lw_pattern_stmt(struct lw_ctx *, struct ast_node *pat, const char *value,
    int flags, struct ast_node *src);
/* Whether lw_pattern_stmt differs from lw_pattern_assign for a pattern. */
int lw_pattern_needs_stmt(struct lw_ctx *, struct ast_node *pat, int decl);
/* An expression statement that destructures, as a block; 0 if not one. */
int lw_dstr_stmt(struct lw_ctx *, struct ast_node *expr);
/* lower_fn.c: a parameter bound by the generator wrapper around the
 * function being emitted (its body must not redeclare it). */
int lw_param_outer(struct lw_ctx *, struct lw_binding *);

/* lower_class.c */
void lw_class(struct lw_ctx *, struct ast_node *cls, const char *name_hint);
void lw_super_member(struct lw_ctx *, struct ast_node *member);
void lw_super_call(struct lw_ctx *, struct ast_node *call);
void lw_private_get(struct lw_ctx *, struct ast_node *member);
const char *lw_private_name(struct lw_ctx *, struct ast_node *pid);
const char *lw_private_desc(struct lw_ctx *, struct ast_node *pid);

/* lower_name.c: function name inference (SetFunctionName) */
int lw_is_anon_fn(struct ast_node *);
/* Emits v; an anonymous function/class definition is named `name`. */
void lw_named_expr(struct lw_ctx *, struct ast_node *v, const char *name,
    size_t len, int prec);
/* The same with the name of target when it is a plain identifier. */
void lw_named_value(
    struct lw_ctx *, struct ast_node *target, struct ast_node *v, int prec);
/* A non-computed property key as a function name, or NULL. */
const char *lw_key_name(
    struct lw_ctx *, struct ast_node *key, int computed, size_t *len);

/* lower_gen.c: async functions, generators and async generators as
 * function objects (intrinsic prototypes, `prototype`, not constructors).
 * lw_function calls begin before writing "function NAME" (it may emit a
 * prefix and pick the name), args after "this, arguments" of the wrapper
 * call, end after the function's text. */
struct lw_coro {
	int kind; /* 0 none, 1 async, 2 generator, 3 async gen */
	int decl; /* a declaration: marked in the prologue */
	const char *self; /* how the wrapper names the function */
	const char *rename; /* the real `name` when NAME was made up */
};
void lw_coro_begin(struct lw_ctx *, struct ast_node *fn, const char **name,
    int is_decl, struct lw_coro *);
void lw_coro_args(struct lw_ctx *, struct lw_coro *);
void lw_coro_end(struct lw_ctx *, struct lw_coro *);

/* lower_eval.c: eval code and direct eval calls */
/* A direct eval call `eval(x, ...)`: emitted with its source lowered at
 * run time; 0 when n is no such call (nothing emitted). */
int lw_direct_eval(struct lw_ctx *, struct ast_node *call);
/* The var/function names eval code declares at its top ("a\nb\n"),
 * malloc'd, or NULL. */
char *lw_eval_vars(struct lw_ctx *, struct ast_node *program);
/* Eval code: how a free name is spelled in the caller, or NULL. */
const char *lw_outer_name(struct lw_ctx *, const char *name, size_t len);

/* lower_mod.c */
void lw_module_prologue(struct lw_ctx *, struct ast_node *program);
void lw_module_stmt(struct lw_ctx *, struct ast_node *);

/* small helpers */
int lw_str_eq(struct ast_str, const char *);
const char *lw_cstr(struct lw_ctx *, const char *, size_t);

#endif
