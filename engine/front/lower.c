/*
 * The lowering front end: parse (parser.c), analyse scopes (scope.c), then
 * write ES5.1 text for Duktape. This file has the entry point and the
 * statements; functions, expressions, calls, operators, patterns, classes
 * and modules live in lower_fn.c, lower_expr.c, lower_call.c, lower_ops.c,
 * lower_pat.c, lower_class.c and lower_mod.c. LOWERING.md describes what
 * each construct becomes.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "lower_int.h"
#include "parser.h"

int
lw_error(struct lw_ctx *c, struct ast_node *n, const char *fmt, ...)
{
	va_list ap;

	if (c->failed)
		return -1;
	c->failed = 1;
	va_start(ap, fmt);
	vsnprintf(c->err, sizeof(c->err), fmt, ap);
	va_end(ap);
	c->err_line = n ? n->line : 1;
	c->err_col = n ? n->col : 1;
	return -1;
}

void
lw_declare(struct lw_ctx *c, const char *name)
{
	lw_puts(&c->fn->vars, ", ");
	lw_puts(&c->fn->vars, name);
}

const char *
lw_temp(struct lw_ctx *c)
{
	const char *t = lw_fresh(c, "", 0);

	lw_declare(c, t);
	return t;
}

const char *
lw_temp_top(struct lw_ctx *c)
{
	const char *t = lw_fresh(c, "$tpl", 4);

	lw_puts(&c->top->vars, ", ");
	lw_puts(&c->top->vars, t);
	return t;
}

void
lw_sync_line(struct lw_ctx *c, struct ast_node *n)
{
	/* keep statements on their source line where the output allows */
	while (n != NULL && c->out.line < n->line && !c->out.oom)
		lw_putc(OUT(c), '\n');
}

void
lw_env_init(struct lw_ctx *c, struct lw_scope *s)
{
	if (s == NULL || s->env == NULL)
		return;
	lw_declare(c, s->env);
	lw_printf(OUT(c), "%s = {}; ", s->env);
}

/*
 * A directive as written, except the lowering's own "use cm noctor"
 * (engine/module.mk): a script's is written with an escape, which keeps
 * its value but makes Duktape ignore it, so only the lowering makes
 * functions no constructors.
 */
static void
put_directive(struct lw_ctx *c, struct ast_node *e)
{
	const char *t = c->src + e->start;
	size_t len = e->end - e->start;
	size_t i, run;

	if (len == 15 && memcmp(t + 1, "use cm noctor", 13) == 0) {
		lw_puts(OUT(c), "\"use cm noct\\x6fr\"");
		return;
	}
	/*
	 * U+2028 and U+2029 may stand raw in an ES2019 string but end the
	 * line in Duktape's ES5 one: they are written as escapes, which a
	 * directive that means something ("use strict") never contains.
	 */
	for (i = run = 0; i + 2 < len; i++) {
		if ((unsigned char)t[i] == 0xe2 &&
		    (unsigned char)t[i + 1] == 0x80 &&
		    ((unsigned char)t[i + 2] == 0xa8 ||
			(unsigned char)t[i + 2] == 0xa9)) {
			lw_put(OUT(c), t + run, i - run);
			lw_puts(OUT(c),
			    (unsigned char)t[i + 2] == 0xa8 ? "\\u2028"
							    : "\\u2029");
			run = i + 3;
			i += 2;
		}
	}
	lw_put(OUT(c), t + run, len - run);
}

/* Emits the directive prologue of a body; returns how many statements. */
size_t
lw_directives(struct lw_ctx *c, struct ast_list *body)
{
	size_t i;

	for (i = 0; i < body->len; i++) {
		struct ast_node *s = body->items[i];

		if (s->kind != AST_EXPRESSION_STATEMENT ||
		    s->directive.s == NULL)
			break;
		lw_sync_line(c, s);
		put_directive(c, s->expression);
		lw_puts(OUT(c), "; ");
	}
	return i;
}

/* Hoists block-level function declarations to the top of their block. */
static void
hoist_block_functions(struct lw_ctx *c, struct ast_list *body)
{
	size_t i;

	for (i = 0; i < body->len; i++) {
		struct ast_node *s = body->items[i];
		struct lw_binding *b;

		if (s->kind != AST_FUNCTION_DECLARATION || s->id == NULL)
			continue;
		b = lw_resolve(c, c->scope, s->id->name.s, s->id->name.len);
		if (b != NULL && b->env) {
			lw_printf(OUT(c), "%s.%s = ", b->scope->env, b->emit);
		} else {
			lw_declare(c,
			    b ? b->emit
			      : lw_cstr(c, s->id->name.s, s->id->name.len));
			lw_printf(OUT(c), "%s = ", b ? b->emit : "");
		}
		lw_function(
		    c, s, lw_cstr(c, s->id->name.s, s->id->name.len), 0);
		lw_puts(OUT(c), "; ");
	}
}

void
lw_stmt_list(struct lw_ctx *c, struct ast_list *l)
{
	size_t i;

	if (c->scope != c->scope->fn)
		hoist_block_functions(c, l);
	for (i = 0; i < l->len; i++)
		lw_stmt(c, l->items[i]);
}

/* ---- statements ---- */

void
lw_enter_scope(struct lw_ctx *c, struct ast_node *n)
{
	struct lw_scope *s = lw_scope_of(c, n);

	if (s != NULL)
		c->scope = s;
}

static int
decl_is_simple(struct lw_ctx *c, struct ast_node *d)
{
	size_t i;

	for (i = 0; i < d->declarations.len; i++) {
		struct ast_node *dc = d->declarations.items[i];
		struct lw_binding *b;

		if (dc->id->kind != AST_IDENTIFIER)
			return 0;
		b = lw_resolve(c, c->scope, dc->id->name.s, dc->id->name.len);
		if (b != NULL && (b->env || lw_param_outer(c, b)))
			return 0;
	}
	return 1;
}

static int may_have_in(struct lw_ctx *, struct ast_node *);

/* Sets the runtime TDZ flags (scope.c) of the names a pattern declared:
 * "<sep>flag = true" each. */
static void
tdz_set(struct lw_ctx *c, struct ast_node *p, const char *sep)
{
	struct lw_binding *b;
	size_t i;

	if (p == NULL)
		return;
	switch (p->kind) {
	case AST_IDENTIFIER:
		b = lw_resolve(c, c->scope, p->name.s, p->name.len);
		if (b == NULL || b->tdz == NULL)
			return;
		if (!b->env)
			lw_declare(c, b->tdz);
		lw_printf(OUT(c), "%s%s = true", sep, lw_tdz_flag_of(c, b));
		break;
	case AST_OBJECT_PATTERN:
		for (i = 0; i < p->properties.len; i++) {
			struct ast_node *pr = p->properties.items[i];

			tdz_set(
			    c, pr->kind == AST_PROPERTY ? pr->value : pr, sep);
		}
		break;
	case AST_ARRAY_PATTERN:
		for (i = 0; i < p->elements.len; i++)
			tdz_set(c, p->elements.items[i], sep);
		break;
	case AST_REST_ELEMENT:
		tdz_set(c, p->argument, sep);
		break;
	case AST_ASSIGNMENT_PATTERN:
		tdz_set(c, p->left, sep);
		break;
	default:
		break;
	}
}

/* A variable declaration; for_init: inside a for head (no `;`). */
static void
vardecl(struct lw_ctx *c, struct ast_node *d, int for_init)
{
	size_t i;
	int n = 0, blk = 0;

	if (decl_is_simple(c, d)) {
		lw_puts(OUT(c), "var ");
		for (i = 0; i < d->declarations.len; i++) {
			struct ast_node *dc = d->declarations.items[i];

			if (i > 0)
				lw_puts(OUT(c), ", ");
			lw_binding_name(c,
			    lw_resolve(
				c, c->scope, dc->id->name.s, dc->id->name.len));
			if (dc->init != NULL) {
				int paren =
				    for_init && may_have_in(c, dc->init);

				lw_puts(OUT(c), paren ? " = (" : " = ");
				/* `let f = () => {}` names the function */
				lw_named_value(c, dc->id, dc->init, P_ASSIGN);
				if (paren)
					lw_putc(OUT(c), ')');
			} else if (d->var_kind != AST_VAR) {
				lw_puts(OUT(c), " = void 0");
			}
			tdz_set(c, dc->id, ", ");
		}
		if (!for_init)
			lw_puts(OUT(c), ";");
		return;
	}
	/* patterns whose iterators need closing are statements (lower_pat.c) */
	for (i = 0; i < d->declarations.len && !for_init && !blk; i++)
		blk = lw_pattern_needs_stmt(
		    c, ((struct ast_node *)d->declarations.items[i])->id, 1);
	if (blk)
		lw_puts(OUT(c), "{ ");
	for (i = 0; i < d->declarations.len; i++) {
		struct ast_node *dc = d->declarations.items[i];

		if (dc->init == NULL &&
		    (d->var_kind == AST_VAR ||
			dc->id->kind != AST_IDENTIFIER)) {
			if (dc->id->kind == AST_IDENTIFIER) {
				struct lw_binding *b = lw_resolve(c, c->scope,
				    dc->id->name.s, dc->id->name.len);

				if (b != NULL && !b->env &&
				    !lw_param_outer(c, b))
					lw_declare(c, b->emit);
			}
			continue;
		}
		if (n++ > 0)
			lw_puts(OUT(c), blk ? "; " : ", ");
		if (dc->init == NULL) {
			lw_pattern_assign(
			    c, dc->id, "void 0", LW_PAT_DECL, NULL);
		} else {
			struct lw_buf saved = c->out, tmp = { 0 };

			tmp.line = saved.line;
			c->out = tmp;
			lw_named_value(c, dc->id, dc->init, P_ASSIGN);
			tmp = c->out;
			c->out = saved;
			c->out.line = tmp.line;
			if (tmp.oom)
				c->out.oom = 1;
			if (blk)
				lw_pattern_stmt(c, dc->id, tmp.p ? tmp.p : "",
				    LW_PAT_DECL, dc->init);
			else
				lw_pattern_assign(c, dc->id, tmp.p ? tmp.p : "",
				    LW_PAT_DECL, dc->init);
			lw_buf_free(&tmp);
		}
		tdz_set(c, dc->id, blk ? "; " : ", ");
	}
	if (blk)
		lw_puts(OUT(c), "; }");
	else if (!for_init)
		lw_puts(OUT(c), n ? ";" : ";");
}

static void
block(struct lw_ctx *c, struct ast_node *n)
{
	struct lw_scope *saved = c->scope;

	lw_enter_scope(c, n);
	lw_puts(OUT(c), "{ ");
	lw_env_init(c, lw_scope_of(c, n));
	lw_stmt_list(c, &n->list_body);
	lw_puts(OUT(c), " }");
	c->scope = saved;
}

/* A statement in a position that takes exactly one statement. A function
 * declaration there (Annex B's `if (x) function f() {} else ...`) inside a
 * block is hoisted to the block's top and writes nothing in place: the
 * position gets an empty statement, or the next one would take it. */
static void
sub_stmt(struct lw_ctx *c, struct ast_node *n)
{
	if (n->kind == AST_FUNCTION_DECLARATION && c->scope != c->scope->fn) {
		lw_puts(OUT(c), ";");
		return;
	}
	lw_stmt(c, n);
}

/* Whether a node's source text may hold an `in` operator. */
static int
may_have_in(struct lw_ctx *c, struct ast_node *n)
{
	size_t i;

	for (i = n->start; i + 1 < n->end && i + 1 < c->src_len; i++)
		if (c->src[i] == 'i' && c->src[i + 1] == 'n')
			return 1;
	return 0;
}

/* A for-init expression; `in` inside it needs parentheses in ES5. */
static void
init_expr(struct lw_ctx *c, struct ast_node *e)
{
	int paren = may_have_in(c, e);

	if (paren)
		lw_putc(OUT(c), '(');
	lw_expr(c, e, P_SEQ);
	if (paren)
		lw_putc(OUT(c), ')');
}

static void
for_stmt(struct lw_ctx *c, struct ast_node *n, const char *labels)
{
	struct lw_scope *saved = c->scope, *hs = lw_scope_of(c, n);
	struct lw_binding *b;
	int first;

	if (hs != NULL)
		c->scope = hs;
	if (hs != NULL && hs->env != NULL)
		lw_declare(c, hs->env);
	lw_printf(OUT(c), "%sfor (", labels ? labels : "");
	if (hs != NULL && hs->env != NULL) {
		lw_printf(OUT(c), "%s = {}", hs->env);
		if (n->init != NULL) {
			lw_puts(OUT(c), ", ");
			if (n->init->kind == AST_VARIABLE_DECLARATION)
				vardecl(c, n->init, 1);
			else
				init_expr(c, n->init);
		}
	} else if (n->init != NULL) {
		if (n->init->kind == AST_VARIABLE_DECLARATION)
			vardecl(c, n->init, 1);
		else
			init_expr(c, n->init);
	}
	lw_puts(OUT(c), "; ");
	if (n->test != NULL)
		lw_expr(c, n->test, P_SEQ);
	lw_puts(OUT(c), "; ");
	if (hs != NULL && hs->env != NULL) {
		/* a fresh environment per iteration, copied before the update
		 */
		lw_printf(OUT(c), "%s = {", hs->env);
		first = 1;
		for (b = hs->first; b != NULL; b = b->next) {
			if (!b->env)
				continue;
			lw_printf(OUT(c), "%s%s: %s.%s", first ? "" : ", ",
			    b->emit, hs->env, b->emit);
			first = 0;
		}
		lw_puts(OUT(c), "}");
		if (n->update != NULL)
			lw_puts(OUT(c), ", ");
	}
	if (n->update != NULL)
		lw_expr(c, n->update, P_SEQ);
	lw_puts(OUT(c), ") ");
	sub_stmt(c, n->body);
	c->scope = saved;
}

static void
try_stmt(struct lw_ctx *c, struct ast_node *n)
{
	struct ast_node *h = n->handler;

	lw_puts(OUT(c), "try ");
	block(c, n->block);
	if (h != NULL) {
		struct lw_scope *saved = c->scope;
		const char *pname;

		lw_enter_scope(c, h);
		if (h->param != NULL && h->param->kind == AST_IDENTIFIER) {
			struct lw_binding *b = lw_resolve(
			    c, c->scope, h->param->name.s, h->param->name.len);

			pname = b
			    ? b->emit
			    : lw_cstr(c, h->param->name.s, h->param->name.len);
		} else {
			pname = lw_fresh(c, "$e", 2);
		}
		lw_printf(OUT(c), " catch (%s) { ", pname);
		if (c->fn->in_gen)
			lw_printf(OUT(c),
			    "if (__cm.isGenReturn(%s)) throw %s; ", pname,
			    pname);
		lw_env_init(c, c->scope);
		if (h->param != NULL && h->param->kind != AST_IDENTIFIER) {
			lw_pattern_stmt(c, h->param, pname, LW_PAT_DECL, NULL);
			lw_puts(OUT(c), "; ");
		}
		lw_stmt_list(c, &h->body->list_body);
		lw_puts(OUT(c), " }");
		c->scope = saved;
	}
	if (n->finalizer != NULL) {
		lw_puts(OUT(c), " finally ");
		block(c, n->finalizer);
	}
}

static void
switch_stmt(struct lw_ctx *c, struct ast_node *n, const char *labels)
{
	struct lw_scope *saved = c->scope;
	size_t i, j;

	lw_puts(OUT(c), labels ? labels : "");
	lw_puts(OUT(c), "switch (");
	lw_expr(c, n->discriminant, P_SEQ);
	lw_puts(OUT(c), ") { ");
	lw_enter_scope(c, n);
	for (i = 0; i < n->cases.len; i++) {
		struct ast_node *k = n->cases.items[i];

		lw_sync_line(c, k);
		if (k->test != NULL) {
			lw_puts(OUT(c), "case ");
			lw_expr(c, k->test, P_SEQ);
			lw_puts(OUT(c), ": ");
		} else {
			lw_puts(OUT(c), "default: ");
		}
		for (j = 0; j < k->cons_list.len; j++)
			lw_stmt(c, k->cons_list.items[j]);
	}
	lw_puts(OUT(c), " }");
	c->scope = saved;
}

/* Emits env init and block functions of a switch before the switch. */
static void
switch_prelude(struct lw_ctx *c, struct ast_node *n)
{
	struct lw_scope *saved = c->scope;
	size_t i;

	lw_enter_scope(c, n);
	lw_env_init(c, c->scope);
	for (i = 0; i < n->cases.len; i++) {
		struct ast_node *k = n->cases.items[i];

		hoist_block_functions(c, &k->cons_list);
	}
	c->scope = saved;
}

static void
labeled(struct lw_ctx *c, struct ast_node *n)
{
	struct lw_buf labels = { 0 };
	struct ast_node *body = n;

	while (body->kind == AST_LABELED_STATEMENT) {
		lw_put(&labels, body->label->name.s, body->label->name.len);
		lw_puts(&labels, ": ");
		body = body->body;
	}
	if (labels.oom)
		c->out.oom = 1;
	switch (body->kind) {
	case AST_FOR_STATEMENT:
		for_stmt(c, body, labels.p);
		break;
	case AST_FOR_OF_STATEMENT:
		lw_for_of(c, body, labels.p);
		break;
	case AST_FOR_IN_STATEMENT:
		lw_for_in(c, body, labels.p);
		break;
	case AST_SWITCH_STATEMENT:
		lw_puts(OUT(c), "{ ");
		switch_prelude(c, body);
		switch_stmt(c, body, labels.p);
		lw_puts(OUT(c), " }");
		break;
	default:
		if (body->kind == AST_FUNCTION_DECLARATION ||
		    body->kind == AST_CLASS_DECLARATION ||
		    body->kind == AST_VARIABLE_DECLARATION) {
			lw_stmt(c, body);
			break;
		}
		lw_puts(OUT(c), labels.p ? labels.p : "");
		lw_stmt(c, body);
		break;
	}
	lw_buf_free(&labels);
}

static void
expr_stmt(struct lw_ctx *c, struct ast_node *e)
{
	size_t at = c->out.len;
	const char *p;

	if (lw_dstr_stmt(c, e))
		return;
	lw_expr(c, e, P_SEQ);
	if (c->out.p == NULL)
		return;
	p = c->out.p + at;
	/* a string first is no directive: ("use strict"); stays one statement
	 */
	if (*p == '{' || *p == '"' || *p == '\'' ||
	    strncmp(p, "function", 8) == 0 || strncmp(p, "let [", 5) == 0) {
		lw_insert(OUT(c), at, "(", 1);
		lw_putc(OUT(c), ')');
	}
	lw_puts(OUT(c), ";");
}

void
lw_stmt(struct lw_ctx *c, struct ast_node *n)
{
	struct lw_binding *b;

	if (n == NULL || c->failed)
		return;
	lw_sync_line(c, n);
	switch (n->kind) {
	case AST_EXPRESSION_STATEMENT:
		if (n->directive.s != NULL) {
			put_directive(c, n->expression);
			lw_puts(OUT(c), ";");
			break;
		}
		expr_stmt(c, n->expression);
		break;
	case AST_BLOCK_STATEMENT:
		block(c, n);
		break;
	case AST_EMPTY_STATEMENT:
		lw_puts(OUT(c), ";");
		break;
	case AST_DEBUGGER_STATEMENT:
		lw_puts(OUT(c), "debugger;");
		break;
	case AST_WITH_STATEMENT:
		lw_puts(OUT(c), "with (");
		lw_expr(c, n->object, P_SEQ);
		lw_puts(OUT(c), ") ");
		sub_stmt(c, n->body);
		break;
	case AST_RETURN_STATEMENT:
		if (c->fn->derived && !c->fn->is_arrow) {
			lw_derived_return(c, n->argument);
			break;
		}
		if (c->fn->async_ret) {
			lw_puts(OUT(c), "return __cm.asyncValue(");
			if (n->argument != NULL)
				lw_expr(c, n->argument, P_ASSIGN);
			lw_puts(OUT(c), ");");
			break;
		}
		if (n->argument == NULL) {
			lw_puts(OUT(c), "return;");
			break;
		}
		if (c->fn->in_gen && c->fn->in_async) {
			/* an async generator awaits its return value here */
			lw_puts(OUT(c), "return __cm.await(");
			lw_expr(c, n->argument, P_ASSIGN);
			lw_puts(OUT(c), ");");
			break;
		}
		lw_puts(OUT(c), "return ");
		lw_expr(c, n->argument, P_SEQ);
		lw_puts(OUT(c), ";");
		break;
	case AST_LABELED_STATEMENT:
		labeled(c, n);
		break;
	case AST_BREAK_STATEMENT:
	case AST_CONTINUE_STATEMENT:
		lw_puts(OUT(c),
		    n->kind == AST_BREAK_STATEMENT ? "break" : "continue");
		if (n->label != NULL) {
			lw_putc(OUT(c), ' ');
			lw_put(OUT(c), n->label->name.s, n->label->name.len);
		}
		lw_puts(OUT(c), ";");
		break;
	case AST_IF_STATEMENT:
		lw_puts(OUT(c), "if (");
		lw_expr(c, n->test, P_SEQ);
		lw_puts(OUT(c), ") ");
		if (n->alternate != NULL &&
		    n->consequent->kind != AST_BLOCK_STATEMENT) {
			lw_puts(OUT(c), "{ ");
			sub_stmt(c, n->consequent);
			lw_puts(OUT(c), " }");
		} else {
			sub_stmt(c, n->consequent);
		}
		if (n->alternate != NULL) {
			lw_puts(OUT(c), " else ");
			sub_stmt(c, n->alternate);
		}
		break;
	case AST_SWITCH_STATEMENT:
		lw_puts(OUT(c), "{ ");
		switch_prelude(c, n);
		switch_stmt(c, n, NULL);
		lw_puts(OUT(c), " }");
		break;
	case AST_THROW_STATEMENT:
		lw_puts(OUT(c), "throw ");
		lw_expr(c, n->argument, P_SEQ);
		lw_puts(OUT(c), ";");
		break;
	case AST_TRY_STATEMENT:
		try_stmt(c, n);
		break;
	case AST_WHILE_STATEMENT:
		lw_puts(OUT(c), "while (");
		lw_expr(c, n->test, P_SEQ);
		lw_puts(OUT(c), ") ");
		sub_stmt(c, n->body);
		break;
	case AST_DO_WHILE_STATEMENT:
		lw_puts(OUT(c), "do ");
		sub_stmt(c, n->body);
		lw_puts(OUT(c), " while (");
		lw_expr(c, n->test, P_SEQ);
		lw_puts(OUT(c), ");");
		break;
	case AST_FOR_STATEMENT:
		for_stmt(c, n, NULL);
		break;
	case AST_FOR_IN_STATEMENT:
		lw_for_in(c, n, NULL);
		break;
	case AST_FOR_OF_STATEMENT:
		lw_for_of(c, n, NULL);
		break;
	case AST_FUNCTION_DECLARATION:
		if (c->scope != c->scope->fn)
			break; /* hoisted to the top of its block */
		b = lw_resolve(c, c->scope, n->id->name.s, n->id->name.len);
		lw_function(c, n,
		    b ? b->emit : lw_cstr(c, n->id->name.s, n->id->name.len),
		    1);
		break;
	case AST_VARIABLE_DECLARATION:
		vardecl(c, n, 0);
		break;
	case AST_CLASS_DECLARATION:
		b = lw_resolve(c, c->scope, n->id->name.s, n->id->name.len);
		if (b != NULL && b->env)
			lw_printf(OUT(c), "%s.%s = ", b->scope->env, b->emit);
		else
			lw_printf(OUT(c), "var %s = ", b ? b->emit : "$class");
		lw_class(c, n, lw_cstr(c, n->id->name.s, n->id->name.len));
		tdz_set(c, n->id, ", ");
		lw_puts(OUT(c), ";");
		break;
	case AST_IMPORT_DECLARATION:
	case AST_EXPORT_NAMED_DECLARATION:
	case AST_EXPORT_DEFAULT_DECLARATION:
	case AST_EXPORT_ALL_DECLARATION:
		lw_module_stmt(c, n);
		break;
	default:
		lw_error(
		    c, n, "Unsupported statement %s", ast_kind_name(n->kind));
		break;
	}
	lw_putc(OUT(c), ' ');
}

/* ---- the entry point ---- */

/*
 * Whether the source may make a BigInt: it names BigInt (BigInt64Array,
 * asUintN's BigInt...) or has a literal like 12n or 0xffn. A false yes (a
 * string "10n") costs only speed: the operators then guard for a BigInt
 * operand (LOWERING.md, "BigInt").
 */
static int
lw_mentions_bigint(const char *src, size_t len)
{
	size_t i, j;

	for (i = 0; i < len; i++) {
		if (src[i] == 'B' && len - i >= 6 &&
		    (memcmp(src + i, "BigInt", 6) == 0 ||
			(len - i >= 7 && memcmp(src + i, "BigUint", 7) == 0)))
			return 1;
		if (src[i] != 'n' || i == 0)
			continue;
		/* Back over the digits (and a radix prefix's letter). */
		for (j = i; j > 0 &&
		     (isxdigit((unsigned char)src[j - 1]) ||
			 strchr("xXoO_", src[j - 1]) != NULL);
		     j--)
			;
		if (j < i && src[j] >= '0' && src[j] <= '9' &&
		    (j == 0 ||
			!(isalnum((unsigned char)src[j - 1]) ||
			    src[j - 1] == '_' || src[j - 1] == '$')))
			return 1;
	}
	return 0;
}

static int lower_any(const char *, size_t, enum lower_goal, const char *,
    unsigned, unsigned, const char *const *, size_t, struct lower_result *);

static void
program(struct lw_ctx *c, struct ast_node *prog)
{
	struct lw_scope *s = lw_scope_of(c, prog);
	struct lw_fn top;
	size_t first;
	struct ast_list rest;

	c->scope = s;
	lw_fn_push(c, &top, s);
	c->top = &top;
	if (c->module) {
		lw_puts(OUT(c), "(function (__m");
		/* only the parameters the module names: each costs its compile
		 */
		if (c->module_params_used > 0) {
			lw_puts(OUT(c), ", ");
			lw_put(OUT(c), c->module_params, c->module_params_used);
		}
		lw_puts(OUT(c), ") { \"use strict\"; ");
		if (s->has_await) {
			/* top-level await: the whole body is one async function
			 */
			lw_puts(OUT(c), "return __cm.async(function () { ");
			first = lw_directives(c, &prog->list_body);
			top.vars_at = c->out.len;
			top.in_async = 1;
			lw_module_prologue(c, prog);
			rest = prog->list_body;
			if (first > 0) { /* NULL + 0 is undefined */
				rest.items += first;
				rest.len -= first;
			}
			lw_stmt_list(c, &rest);
			lw_fn_pop(c, &top);
			lw_puts(OUT(c), " }, this, []); })\n");
			return;
		}
		first = lw_directives(c, &prog->list_body);
		top.vars_at = c->out.len;
		lw_module_prologue(c, prog);
	} else {
		first = lw_directives(c, &prog->list_body);
		top.vars_at = c->out.len;
		if (s->has_await) {
			lw_puts(OUT(c), "__cm.async(function () { ");
			top.vars_at = c->out.len;
			top.in_async = 1;
			rest = prog->list_body;
			if (first > 0) { /* NULL + 0 is undefined */
				rest.items += first;
				rest.len -= first;
			}
			lw_stmt_list(c, &rest);
			lw_fn_pop(c, &top);
			lw_puts(OUT(c), " }, this, []);\n");
			return;
		}
	}
	rest = prog->list_body;
	if (first > 0) { /* NULL + 0 is undefined */
		rest.items += first;
		rest.len -= first;
	}
	lw_stmt_list(c, &rest);
	if (c->module)
		lw_puts(OUT(c), " })");
	lw_putc(OUT(c), '\n');
	lw_fn_pop(c, &top);
}

int
lower_source(
    const char *src, size_t len, enum lower_goal goal, struct lower_result *res)
{
	return lower_any(src, len, goal, NULL, 0, 0, NULL, 0, res);
}

int
lower_module_params(
    const char *src, size_t len, const char *params, struct lower_result *res)
{
	return lower_any(src, len, LOWER_MODULE, params, 0, 0, NULL, 0, res);
}

int
lower_source_flags(const char *src, size_t len, enum lower_goal goal,
    unsigned flags, struct lower_result *res)
{
	return lower_any(
	    src, len, goal, NULL, flags & LOWER_F_TS, 0, NULL, 0, res);
}

int
lower_module_params_flags(const char *src, size_t len, const char *params,
    unsigned flags, struct lower_result *res)
{
	return lower_any(src, len, LOWER_MODULE, params, flags & LOWER_F_TS, 0,
	    NULL, 0, res);
}

int
lower_source_opts(const char *src, size_t len, unsigned flags, unsigned serial,
    const char *const *outer, size_t nouter, struct lower_result *res)
{
	return lower_any(
	    src, len, LOWER_SCRIPT, NULL, flags, serial, outer, nouter, res);
}

static int
lower_any(const char *src, size_t len, enum lower_goal goal,
    const char *module_params, unsigned flags, unsigned serial,
    const char *const *outer, size_t nouter, struct lower_result *res)
{
	struct ast_arena *arena;
	struct ast_node *prog;
	struct parser_error perr;
	struct lw_ctx c;

	memset(res, 0, sizeof(*res));
	if ((arena = ast_arena_new()) == NULL) {
		snprintf(res->error, sizeof(res->error),
		    "RangeError: out of memory");
		return -1;
	}
	memset(&perr, 0, sizeof(perr));
	prog = parser_parse_flags(arena, src, len,
	    goal == LOWER_MODULE ? AST_MODULE : AST_SCRIPT,
	    ((flags & LOWER_F_STRICT) ? PARSER_F_STRICT : 0) |
		((flags & LOWER_F_TS) ? PARSER_F_TS : 0),
	    &perr);
	if (prog == NULL) {
		snprintf(res->error, sizeof(res->error),
		    "SyntaxError: %s (%u:%u)", perr.message,
		    (unsigned)perr.line, (unsigned)perr.col);
		res->line = perr.line;
		res->col = perr.col;
		ast_arena_free(arena);
		return -1;
	}
	memset(&c, 0, sizeof(c));
	c.arena = arena;
	c.src = src;
	c.src_len = len;
	c.module = goal == LOWER_MODULE;
	c.module_params = module_params;
	c.strict = (flags & LOWER_F_STRICT) != 0;
	c.eval_code = (flags & LOWER_F_EVAL) != 0;
	c.arrow_eval = flags & (LOWER_F_THIS | LOWER_F_ARGS);
	c.bigint = lw_mentions_bigint(src, len);
	c.counter = serial;
	c.outer = outer;
	c.nouter = nouter;
	c.out.line = 1;
	if (lw_scope_analyze(&c, prog) == 0) {
		struct lw_scope *ps = lw_scope_of(&c, prog);

		/* eval code in an arrow uses the caller's $this/$args: it must
		 * not declare its own (a sloppy eval's var is the caller's) */
		if (ps != NULL && (flags & LOWER_F_THIS))
			ps->arrow_this = 0;
		if (ps != NULL && (flags & LOWER_F_ARGS))
			ps->arrow_args = 0;
		program(&c, prog);
		if (c.eval_code && !c.failed)
			res->vars = lw_eval_vars(&c, prog);
	}
	free(c.htab);
	if (!c.failed && c.out.oom)
		lw_error(&c, NULL, "out of memory");
	if (c.failed) {
		snprintf(res->error, sizeof(res->error),
		    "SyntaxError: %s (%u:%u)", c.err, (unsigned)c.err_line,
		    (unsigned)c.err_col);
		res->line = c.err_line;
		res->col = c.err_col;
		free(res->vars);
		res->vars = NULL;
		lw_buf_free(&c.out);
		ast_arena_free(arena);
		return -1;
	}
	res->code = c.out.p;
	res->code_len = c.out.len;
	if (res->code == NULL) {
		res->code = calloc(1, 1);
		if (res->code == NULL) {
			snprintf(res->error, sizeof(res->error),
			    "RangeError: out of memory");
			free(res->vars);
			res->vars = NULL;
			ast_arena_free(arena);
			return -1;
		}
	}
	ast_arena_free(arena);
	return 0;
}
