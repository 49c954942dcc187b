/*
 * Lowering of functions: parameters (defaults, patterns, rest, `length`),
 * arrows, generator and async wrappers around coroutine bodies, the
 * per-function `var` prologue, and class constructor prefixes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower_int.h"

/* The directive that makes Duktape compile a function as no constructor. */
#define NOCTOR "\"use cm noctor\"; "

void
lw_fn_push(struct lw_ctx *c, struct lw_fn *f, struct lw_scope *s)
{
	struct lw_fn *up = c->fn;

	memset(f, 0, sizeof(*f));
	f->up = up;
	f->scope = s;
	f->vars.line = 1;
	if (up != NULL && s != NULL && s->kind == LW_S_ARROW) {
		f->home = up->home;
		f->super_ctor = up->super_ctor;
		f->fields_fn = up->fields_fn;
		f->nt = up->nt;
		f->derived = up->derived;
		f->is_arrow = 1;
	}
	c->fn = f;
}

/* Writes the function's `var` prologue at its insertion point. */
void
lw_fn_pop(struct lw_ctx *c, struct lw_fn *f)
{
	struct lw_buf pro = { 0 };
	struct lw_scope *s = f->scope;
	const char *sep = "var ";

	if (s != NULL && s->arrow_this && !s->derived_ctor) {
		lw_printf(&pro, "%s$this = this", sep);
		sep = ", ";
	}
	if (s != NULL && s->arrow_args) {
		lw_printf(&pro, "%s$args = arguments", sep);
		sep = ", ";
	}
	if (s != NULL && s->arrow_nt && !f->nt) {
		lw_printf(&pro, "%s$nt = new.target", sep);
		sep = ", ";
	}
	if (f->vars.len > 0) {
		lw_puts(&pro, sep);
		lw_put(&pro, f->vars.p + 2, f->vars.len - 2);
		sep = ", ";
	}
	if (pro.len > 0)
		lw_puts(&pro, "; ");
	if (pro.oom)
		c->out.oom = 1;
	if (pro.len > 0)
		lw_insert(OUT(c), f->vars_at, pro.p, pro.len);
	lw_buf_free(&pro);
	lw_buf_free(&f->vars);
	c->fn = f->up;
}

/* Whether every parameter is a plain name (no default, pattern, rest). */
static int
simple_params(struct ast_node *fn)
{
	size_t i;

	for (i = 0; i < fn->params.len; i++)
		if (((struct ast_node *)fn->params.items[i])->kind !=
		    AST_IDENTIFIER)
			return 0;
	return 1;
}

/*
 * Whether a statement holds a `return` of its own function that code runs
 * after: a finally block, or the iterator closing of a for-of. Run as one
 * function (lw_function), the return settles the promise at once, so the
 * `then` lookup and the job a thenable queues would come before that code.
 * (A return inside `with` counts too: the settling names `__cm`.)
 */
static int
late_return(struct ast_node *n, int late)
{
	size_t i, j;

	if (n == NULL)
		return 0;
	switch (n->kind) {
	case AST_RETURN_STATEMENT:
		return late;
	case AST_BLOCK_STATEMENT:
		for (i = 0; i < n->list_body.len; i++)
			if (late_return(n->list_body.items[i], late))
				return 1;
		return 0;
	case AST_IF_STATEMENT:
		return late_return(n->consequent, late) ||
		    late_return(n->alternate, late);
	case AST_FOR_OF_STATEMENT:
		return late_return(n->body, 1);
	case AST_FOR_STATEMENT:
	case AST_FOR_IN_STATEMENT:
	case AST_WHILE_STATEMENT:
	case AST_DO_WHILE_STATEMENT:
	case AST_LABELED_STATEMENT:
		return late_return(n->body, late);
	case AST_WITH_STATEMENT:
		/* its object could hold a `__cm` */
		return late_return(n->body, 1);
	case AST_TRY_STATEMENT:
		if (late_return(n->block, late || n->finalizer != NULL))
			return 1;
		if (n->handler != NULL &&
		    late_return(n->handler->body, late || n->finalizer != NULL))
			return 1;
		return late_return(n->finalizer, late);
	case AST_SWITCH_STATEMENT:
		for (i = 0; i < n->cases.len; i++) {
			struct ast_node *k = n->cases.items[i];

			for (j = 0; j < k->cons_list.len; j++)
				if (late_return(k->cons_list.items[j], late))
					return 1;
		}
		return 0;
	default:
		/* expressions and nested functions or classes: not its own */
		return 0;
	}
}

/* Whether a block's last statement is a return (nothing falls off). */
static int
ends_in_return(struct ast_node *b)
{
	size_t n = b->list_body.len;

	return n > 0 &&
	    ((struct ast_node *)b->list_body.items[n - 1])->kind ==
	    AST_RETURN_STATEMENT;
}

/* Whether an expression of primitive literals cannot throw. */
static int
no_throw(struct ast_node *n)
{
	switch (n->kind) {
	case AST_LITERAL:
		return n->literal_kind == AST_LIT_NULL ||
		    n->literal_kind == AST_LIT_BOOLEAN ||
		    n->literal_kind == AST_LIT_NUMBER ||
		    n->literal_kind == AST_LIT_STRING;
	case AST_UNARY_EXPRESSION:
		return n->op != AST_OP_DELETE && no_throw(n->argument);
	case AST_BINARY_EXPRESSION:
		/* on primitives no conversion calls user code; `in` and
		 * `instanceof` throw on them, `**` is a call */
		return n->op != AST_OP_IN && n->op != AST_OP_INSTANCEOF &&
		    n->op != AST_OP_EXP && no_throw(n->left) &&
		    no_throw(n->right);
	case AST_LOGICAL_EXPRESSION:
		return no_throw(n->left) && no_throw(n->right);
	case AST_CONDITIONAL_EXPRESSION:
		return no_throw(n->test) && no_throw(n->consequent) &&
		    no_throw(n->alternate);
	default:
		return 0;
	}
}

/*
 * Whether a body cannot throw (`{ return 6*7; }`, `{}`): then
 * the one-function form needs no try/catch, which costs Duktape about as
 * much to compile as the rest of such a function.
 */
static int
body_no_throw(struct ast_node *b)
{
	size_t i;

	if (b == NULL || b->kind != AST_BLOCK_STATEMENT)
		return 0;
	for (i = 0; i < b->list_body.len; i++) {
		struct ast_node *st = b->list_body.items[i];

		if (st->kind == AST_EXPRESSION_STATEMENT &&
		    st->directive.s != NULL)
			continue;
		if (st->kind == AST_EMPTY_STATEMENT)
			continue;
		if (st->kind != AST_RETURN_STATEMENT ||
		    (st->argument != NULL && !no_throw(st->argument)))
			return 0;
	}
	return 1;
}

int
lw_param_outer(struct lw_ctx *c, struct lw_binding *b)
{
	return b->kind == LW_B_PARAM && c->fn != NULL && c->fn->params_outer &&
	    b->scope == c->fn->scope;
}

/*
 * Whether a function's text mentions `arguments`: with non-simple
 * parameters its arguments object must be unmapped (ES5 maps formals).
 */
static int
mentions_arguments(struct lw_ctx *c, struct ast_node *fn)
{
	size_t i;

	for (i = fn->start; i + 9 <= fn->end && i + 9 <= c->src_len; i++)
		if (memcmp(c->src + i, "arguments", 9) == 0)
			return 1;
	return 0;
}

static const char **
formals(struct lw_ctx *c, struct ast_node *fn, size_t *nformal)
{
	const char **names;
	size_t i, n = fn->params.len;
	int unmapped = fn->kind != AST_ARROW_FUNCTION_EXPRESSION &&
	    !simple_params(fn) && mentions_arguments(c, fn);

	names = ast_alloc(c->arena, (n + 1) * sizeof(*names));
	if (names == NULL) {
		lw_error(c, fn, "out of memory");
		*nformal = 0;
		return NULL;
	}
	for (i = 0; i < n; i++) {
		struct ast_node *p = fn->params.items[i];

		if (p->kind == AST_ASSIGNMENT_PATTERN ||
		    p->kind == AST_REST_ELEMENT)
			break;
		if (p->kind == AST_IDENTIFIER && unmapped) {
			/* the name is copied from a formal of another name,
			 * so writes do not reach `arguments` */
			names[i] = lw_fresh(c, "$p", 2);
		} else if (p->kind == AST_IDENTIFIER) {
			struct lw_binding *b = lw_resolve(
			    c, lw_scope_of(c, fn), p->name.s, p->name.len);

			names[i] =
			    b ? b->emit : lw_cstr(c, p->name.s, p->name.len);
		} else {
			names[i] = lw_fresh(c, "$p", 2);
		}
	}
	*nformal = i;
	return names;
}

static void
put_formals(struct lw_ctx *c, const char **names, size_t n)
{
	size_t i;

	lw_putc(OUT(c), '(');
	for (i = 0; i < n; i++) {
		if (i > 0)
			lw_puts(OUT(c), ", ");
		lw_puts(OUT(c), names[i]);
	}
	lw_putc(OUT(c), ')');
}

/* Whether a plain parameter's formal has another name (unmapped). */
static int
renamed(struct lw_ctx *c, struct ast_node *fn, struct ast_node *p,
    const char *formal)
{
	struct lw_binding *b =
	    lw_resolve(c, lw_scope_of(c, fn), p->name.s, p->name.len);

	return b != NULL && strcmp(b->emit, formal) != 0;
}

/* Parameter defaults, patterns and rest, at the top of the body. */
static void
param_init(
    struct lw_ctx *c, struct ast_node *fn, const char **names, size_t nformal)
{
	size_t i;
	char val[64];
	struct lw_scope *s = lw_scope_of(c, fn);

	/* sloppy code whose arguments object must be unmapped: its callee
	 * is %ThrowTypeError%, as in a strict function's */
	if (fn->kind != AST_ARROW_FUNCTION_EXPRESSION && !simple_params(fn) &&
	    s != NULL && !s->strict && mentions_arguments(c, fn))
		lw_puts(OUT(c), "__cm.noCallee(arguments); ");
	for (i = 0; i < fn->params.len; i++) {
		struct ast_node *p = fn->params.items[i];

		if (i < nformal) {
			if (p->kind == AST_IDENTIFIER &&
			    !renamed(c, fn, p, names[i]))
				continue;
			lw_pattern_stmt(c, p, names[i], LW_PAT_DECL, NULL);
			lw_puts(OUT(c), "; ");
			continue;
		}
		if (p->kind == AST_REST_ELEMENT) {
			snprintf(
			    val, sizeof(val), "__cm.rest(arguments, %zu)", i);
			lw_pattern_stmt(c, p->argument, val, LW_PAT_DECL, NULL);
		} else {
			snprintf(val, sizeof(val), "arguments[%zu]", i);
			lw_pattern_stmt(c, p, val, LW_PAT_DECL, NULL);
		}
		lw_puts(OUT(c), "; ");
	}
}

/*
 * Emits the body of a function (inside its braces): prologue insertion
 * point, class prefix, parameters, statements.
 */
static void
body(struct lw_ctx *c, struct ast_node *fn, const char **names, size_t nformal,
    int skip_directives, const char *prefix, int params)
{
	struct ast_node *b = fn->body;
	size_t first = 0;

	if (b != NULL && b->kind == AST_BLOCK_STATEMENT) {
		if (skip_directives) {
			while (first < b->list_body.len &&
			    ((struct ast_node *)b->list_body.items[first])
				    ->kind == AST_EXPRESSION_STATEMENT &&
			    ((struct ast_node *)b->list_body.items[first])
				    ->directive.s != NULL)
				first++;
		} else {
			first = lw_directives(c, &b->list_body);
		}
	}
	c->fn->vars_at = c->out.len;
	if (prefix != NULL)
		lw_puts(OUT(c), prefix);
	if (params)
		param_init(c, fn, names, nformal);
	if (b == NULL)
		return;
	if (b->kind != AST_BLOCK_STATEMENT) {
		lw_puts(OUT(c), "return ");
		lw_expr(c, b, P_ASSIGN);
		lw_puts(OUT(c), "; ");
		return;
	}
	{
		struct ast_list rest = b->list_body;

		/* An empty body has no items array: NULL + 0 is undefined. */
		if (first > 0) {
			rest.items += first;
			rest.len -= first;
		}
		lw_stmt_list(c, &rest);
	}
	if (c->fn->derived)
		lw_derived_end(c);
}

void
lw_function(
    struct lw_ctx *c, struct ast_node *fn, const char *name, int is_decl)
{
	struct lw_scope *s = lw_scope_of(c, fn), *saved_scope = c->scope;
	struct lw_fn f, *cls = c->pending_cls;
	const char *home = c->pending_home, **names;
	const char *wrapper = NULL;
	struct lw_envref *r;
	size_t nformal;
	int in_gen = fn->is_generator, is_method, arrow;
	struct lw_coro co;

	c->pending_home = NULL;
	c->pending_cls = NULL;
	is_method = c->pending_method;
	c->pending_method = 0;
	if (s == NULL) {
		lw_error(c, fn, "internal error: function without scope");
		return;
	}
	if (fn->is_generator && fn->is_async)
		wrapper = "__cm.asyncGen";
	else if (fn->is_generator)
		wrapper = "__cm.gen";
	else if (fn->is_async && s->has_await)
		wrapper = "__cm.async";
	else if (fn->is_async)
		/* nothing to suspend for: the body runs on the caller's thread
		 */
		wrapper = "__cm.asyncNow";
	if (s->needs != NULL) {
		lw_puts(OUT(c), "(function (");
		for (r = s->needs; r != NULL; r = r->next)
			lw_printf(OUT(c), "%s%s", r->env, r->next ? ", " : "");
		lw_puts(OUT(c), ") { return ");
	}
	c->scope = s;
	names = formals(c, fn, &nformal);
	/* an async arrow with plain parameters: the runtime makes the async
	 * function around it, so Duktape compiles one function, not two
	 * (its `this`, `arguments`, `new.target` are the enclosing ones) */
	arrow = wrapper != NULL && !fn->is_generator &&
	    fn->kind == AST_ARROW_FUNCTION_EXPRESSION && simple_params(fn);
	if (arrow) {
		memset(&co, 0, sizeof(co));
		name = NULL;
		lw_puts(OUT(c), "__cm.asyncArrow(");
	} else
		lw_coro_begin(c, fn, &name, is_decl, &co);
	lw_puts(OUT(c), "function");
	if (name != NULL && *name != '\0')
		lw_printf(OUT(c), " %s", name);
	else
		lw_putc(OUT(c), ' ');
	put_formals(c, names, nformal);
	lw_puts(OUT(c), " {");
	/* ES2015 makes only these constructors: the directive (engine/
	 * module.mk) has Duktape compile the rest as none, so their closures
	 * get no `prototype` object and `new` on them throws */
	if (wrapper != NULL)
		lw_puts(OUT(c), "\"use cm noctor\";");
	else if (is_method || fn->kind == AST_ARROW_FUNCTION_EXPRESSION)
		lw_puts(OUT(c), NOCTOR);
	lw_fn_push(c, &f, s);
	if (home != NULL)
		f.home = home;
	if (cls != NULL) {
		f.super_ctor = cls->super_ctor;
		f.fields_fn = cls->fields_fn;
		f.nt = cls->nt;
		f.derived = cls->derived;
	}
	if (arrow) {
		f.in_async = 1;
		body(c, fn, names, nformal, 0, NULL, 1);
		lw_fn_pop(c, &f);
		lw_printf(OUT(c), " }, %d)", s->has_await ? 0 : 1);
	} else if (wrapper != NULL && fn->is_generator && !simple_params(fn)) {
		struct lw_fn inner;

		/* a generator binds its parameters when called, so their
		 * errors throw from the call: the wrapper does it, and the
		 * body reads them as closure variables */
		if (fn->body != NULL && fn->body->kind == AST_BLOCK_STATEMENT)
			lw_directives(c, &fn->body->list_body);
		f.vars_at = c->out.len;
		param_init(c, fn, names, nformal);
		lw_printf(OUT(c), " return %s(function () { " NOCTOR, wrapper);
		lw_fn_push(c, &inner, s);
		inner.home = f.home;
		inner.in_gen = in_gen;
		inner.in_async = fn->is_async;
		inner.params_outer = 1;
		body(c, fn, names, nformal, 1, NULL, 0);
		lw_fn_pop(c, &inner);
		lw_puts(OUT(c), " }, this, arguments");
		lw_coro_args(c, &co);
		lw_puts(OUT(c), "); }");
		lw_fn_pop(c, &f);
	} else if (wrapper != NULL && !fn->is_generator && !s->has_await &&
	    simple_params(fn) && !late_return(fn->body, 0)) {
		int guard = !body_no_throw(fn->body);

		/* one function instead of asyncNow's two (compile cost): a
		 * return settles the promise, a throw rejects it; parameters
		 * bind without errors, so the call itself cannot throw */
		if (fn->body != NULL && fn->body->kind == AST_BLOCK_STATEMENT)
			lw_directives(c, &fn->body->list_body);
		lw_puts(OUT(c), guard ? " try { " : " ");
		f.in_async = 1;
		f.async_ret = 1;
		body(c, fn, names, nformal, 1, NULL, 1);
		if (guard) {
			const char *e = lw_fresh(c, "$e", 2);

			lw_printf(OUT(c),
			    " } catch (%s) { return "
			    "__cm.asyncThrow(%s); }",
			    e, e);
		}
		if (fn->body != NULL && fn->body->kind == AST_BLOCK_STATEMENT &&
		    !ends_in_return(fn->body))
			lw_puts(OUT(c), " return __cm.asyncValue();");
		lw_fn_pop(c, &f);
		lw_puts(OUT(c), " }");
	} else if (wrapper != NULL) {
		struct lw_fn inner;

		if (fn->body != NULL && fn->body->kind == AST_BLOCK_STATEMENT)
			lw_directives(c, &fn->body->list_body);
		lw_printf(OUT(c), " return %s(function ", wrapper);
		put_formals(c, names, nformal);
		lw_puts(OUT(c), " { " NOCTOR);
		/* the outer wrapper has no prologue of its own */
		c->fn = f.up;
		lw_fn_push(c, &inner, s);
		inner.home = f.home;
		inner.in_gen = in_gen;
		inner.in_async = fn->is_async;
		body(c, fn, names, nformal, 1, NULL, 1);
		lw_fn_pop(c, &inner);
		lw_puts(OUT(c), " }, this, arguments");
		lw_coro_args(c, &co);
		lw_puts(OUT(c), "); }");
		lw_buf_free(&f.vars);
	} else {
		char prefix[200];

		prefix[0] = '\0';
		if (cls != NULL && cls->nt != NULL) {
			int pl = snprintf(prefix, sizeof(prefix),
			    "var %s = "
			    "__cm.ctorCheck(new.target, \"%s\")%s; ",
			    cls->nt, cls->cls_name ? cls->cls_name : "",
			    cls->derived ? ", $self, $rv; $dret: {" : "");

			if (!cls->derived && cls->fields_fn != NULL && pl > 0 &&
			    (size_t)pl < sizeof(prefix))
				snprintf(prefix + pl,
				    sizeof(prefix) - (size_t)pl,
				    "%s.call(this); ", cls->fields_fn);
		}
		body(c, fn, names, nformal, 0, prefix[0] ? prefix : NULL, 1);
		lw_fn_pop(c, &f);
		lw_puts(OUT(c), " }");
	}
	lw_coro_end(c, &co);
	if (s->needs != NULL) {
		lw_puts(OUT(c), "; })(");
		for (r = s->needs; r != NULL; r = r->next)
			lw_printf(OUT(c), "%s%s", r->env, r->next ? ", " : "");
		lw_putc(OUT(c), ')');
	}
	c->scope = saved_scope;
}

/* Pseudo-functions for class field initializers and static blocks. */
void
lw_init_fn_begin(struct lw_ctx *c, struct lw_fn *f, struct lw_scope *s)
{
	lw_fn_push(c, f, s);
	f->vars_at = c->out.len;
}

void
lw_init_fn_end(struct lw_ctx *c, struct lw_fn *f)
{
	lw_fn_pop(c, f);
}
