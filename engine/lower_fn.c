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
#define NOCTOR	"\"use cm noctor\"; "

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

int
lw_param_outer(struct lw_ctx *c, struct lw_binding *b)
{
	return b->kind == LW_B_PARAM && c->fn != NULL &&
	    c->fn->params_outer && b->scope == c->fn->scope;
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

		if (p->kind == AST_ASSIGNMENT_PATTERN || p->kind ==
		    AST_REST_ELEMENT)
			break;
		if (p->kind == AST_IDENTIFIER && unmapped) {
			/* the name is copied from a formal of another name,
			 * so writes do not reach `arguments` */
			names[i] = lw_fresh(c, "$p", 2);
		} else if (p->kind == AST_IDENTIFIER) {
			struct lw_binding *b = lw_resolve(c, lw_scope_of(c, fn),
			    p->name.s, p->name.len);

			names[i] = b ? b->emit : lw_cstr(c, p->name.s,
			    p->name.len);
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
	struct lw_binding *b = lw_resolve(c, lw_scope_of(c, fn), p->name.s,
	    p->name.len);

	return b != NULL && strcmp(b->emit, formal) != 0;
}

/* Parameter defaults, patterns and rest, at the top of the body. */
static void
param_init(struct lw_ctx *c, struct ast_node *fn, const char **names,
    size_t nformal)
{
	size_t i;
	char val[64];

	for (i = 0; i < fn->params.len; i++) {
		struct ast_node *p = fn->params.items[i];

		if (i < nformal) {
			if (p->kind == AST_IDENTIFIER && !renamed(c, fn, p,
			    names[i]))
				continue;
			lw_pattern_stmt(c, p, names[i], 1);
			lw_puts(OUT(c), "; ");
			continue;
		}
		if (p->kind == AST_REST_ELEMENT) {
			snprintf(val, sizeof(val), "__cm.rest(arguments, %zu)",
			    i);
			lw_pattern_stmt(c, p->argument, val, 1);
		} else {
			snprintf(val, sizeof(val), "arguments[%zu]", i);
			lw_pattern_stmt(c, p, val, 1);
		}
		lw_puts(OUT(c), "; ");
	}
}

/*
 * Emits the body of a function (inside its braces): prologue insertion
 * point, class prefix, parameters, statements.
 */
static void
body(struct lw_ctx *c, struct ast_node *fn, const char **names,
    size_t nformal, int skip_directives, const char *prefix, int params)
{
	struct ast_node *b = fn->body;
	size_t first = 0;

	if (b != NULL && b->kind == AST_BLOCK_STATEMENT) {
		if (skip_directives) {
			while (first < b->list_body.len &&
			    ((struct ast_node *)b->list_body.items[first])->kind ==
			    AST_EXPRESSION_STATEMENT &&
			    ((struct ast_node *)b->list_body.items[first])->
			    directive.s != NULL)
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

		rest.items += first;
		rest.len -= first;
		lw_stmt_list(c, &rest);
	}
	if (c->fn->derived)
		lw_derived_end(c);
}

void
lw_function(struct lw_ctx *c, struct ast_node *fn, const char *name,
    int is_decl)
{
	struct lw_scope *s = lw_scope_of(c, fn), *saved_scope = c->scope;
	struct lw_fn f, *cls = c->pending_cls;
	const char *home = c->pending_home, **names;
	const char *wrapper = NULL;
	struct lw_envref *r;
	size_t nformal;
	int in_gen = fn->is_generator, is_method;
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
		/* nothing to suspend for: the body runs on the caller's thread */
		wrapper = "__cm.asyncNow";
	if (s->needs != NULL) {
		lw_puts(OUT(c), "(function (");
		for (r = s->needs; r != NULL; r = r->next)
			lw_printf(OUT(c), "%s%s", r->env, r->next ? ", " : "");
		lw_puts(OUT(c), ") { return ");
	}
	c->scope = s;
	names = formals(c, fn, &nformal);
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
	if (wrapper != NULL && fn->is_generator && !simple_params(fn)) {
		struct lw_fn inner;

		/* a generator binds its parameters when called, so their
		 * errors throw from the call: the wrapper does it, and the
		 * body reads them as closure variables */
		if (fn->body != NULL && fn->body->kind == AST_BLOCK_STATEMENT)
			lw_directives(c, &fn->body->list_body);
		f.vars_at = c->out.len;
		param_init(c, fn, names, nformal);
		lw_printf(OUT(c), " return %s(function () { " NOCTOR,
		    wrapper);
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
			int pl = snprintf(prefix, sizeof(prefix), "var %s = "
			    "__cm.ctorCheck(new.target, \"%s\")%s; ", cls->nt,
			    cls->cls_name ? cls->cls_name : "",
			    cls->derived ? ", $self, $rv; $dret: {" : "");

			if (!cls->derived && cls->fields_fn != NULL && pl > 0 &&
			    (size_t)pl < sizeof(prefix))
				snprintf(prefix + pl, sizeof(prefix) - (size_t)pl,
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
