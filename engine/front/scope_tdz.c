/*
 * Runtime TDZ (LOWERING.md "Bindings"): whether a let/const/class binding
 * that a closure may touch before its declaration ran needs a flag, i.e.
 * whether anything up to its declaration could run user code (and so call
 * that closure). scope.c decides which closures may run early.
 */
#include <string.h>

#include "lower_int.h"

struct inert {
	struct lw_ctx *c;
	struct lw_scope *s; /* the scope of the statements */
};

/* A class whose evaluation runs no user code (no heritage, computed keys,
 * static fields or blocks). */
static int
inert_class(struct ast_node *cls)
{
	struct ast_node *body = cls->body;
	size_t i;

	if (cls->super_class != NULL)
		return 0;
	for (i = 0; body != NULL && i < body->list_body.len; i++) {
		struct ast_node *m = body->list_body.items[i];

		if (m->kind == AST_STATIC_BLOCK || m->is_computed ||
		    (m->kind == AST_PROPERTY_DEFINITION && m->is_static))
			return 0;
	}
	return 1;
}

/* A value that converts and iterates without user code: literals, and
 * arrays/objects of them (plain data properties; functions as values). */
static int
data_expr(struct ast_node *e)
{
	size_t i;

	switch (e->kind) {
	case AST_LITERAL:
	case AST_FUNCTION_EXPRESSION:
	case AST_ARROW_FUNCTION_EXPRESSION:
		return 1;
	case AST_TEMPLATE_LITERAL:
		return e->expressions.len == 0;
	case AST_UNARY_EXPRESSION:
		return e->argument->kind == AST_LITERAL;
	case AST_ARRAY_EXPRESSION:
		for (i = 0; i < e->elements.len; i++) {
			struct ast_node *el = e->elements.items[i];

			if (el != NULL &&
			    (el->kind == AST_SPREAD_ELEMENT || !data_expr(el)))
				return 0;
		}
		return 1;
	case AST_OBJECT_EXPRESSION:
		for (i = 0; i < e->properties.len; i++) {
			struct ast_node *pr = e->properties.items[i];

			if (pr->kind != AST_PROPERTY || pr->is_computed ||
			    pr->prop_kind != AST_PROP_INIT ||
			    !data_expr(pr->value))
				return 0;
		}
		return 1;
	default:
		return 0;
	}
}

static int
name_in(struct ast_str n, const char *const *set)
{
	for (; *set != NULL; set++)
		if (lw_str_eq(n, *set))
			return 1;
	return 0;
}

/*
 * `new Map()`, `Object.freeze({...})`, `Math.max(1, 2)`...: a built-in
 * (the global name, not shadowed) called on data only runs no user code
 * (unless the program replaced the built-in, which we do not consider).
 */
static int
builtin_call(struct inert *in, struct ast_node *e)
{
	static const char *const ctors[] = { "Map", "Set", "WeakMap", "WeakSet",
		"Date", "Error", "TypeError", "RangeError", "SyntaxError",
		"ReferenceError", "Object", "Array", NULL };
	static const char *const fns[] = { "Symbol", "Number", "String",
		"Boolean", "Error", "TypeError", "RangeError", NULL };
	static const char *const objs[] = { "Object", "JSON", "Math", "Date",
		"Symbol", NULL };
	static const char *const members[] = { "freeze", "create", "parse",
		"now", "for", "max", "min", "floor", "ceil", "round", "abs",
		"pow", "sqrt", "trunc", "sign", NULL };
	struct ast_node *f = e->callee, *id;
	size_t i;

	if (f->kind == AST_IDENTIFIER) {
		id = f;
		if (!name_in(
			f->name, e->kind == AST_NEW_EXPRESSION ? ctors : fns))
			return 0;
	} else if (f->kind == AST_MEMBER_EXPRESSION && !f->is_computed &&
	    e->kind == AST_CALL_EXPRESSION &&
	    f->object->kind == AST_IDENTIFIER &&
	    f->property->kind == AST_IDENTIFIER &&
	    name_in(f->object->name, objs) &&
	    name_in(f->property->name, members)) {
		id = f->object;
	} else {
		return 0;
	}
	if (e->is_optional ||
	    lw_resolve(in->c, in->s, id->name.s, id->name.len) != NULL)
		return 0;
	for (i = 0; i < e->arguments.len; i++)
		if (!data_expr(e->arguments.items[i]))
			return 0;
	return 1;
}

/* An expression whose evaluation can call no user code. */
static int
inert_expr(struct inert *in, struct ast_node *e)
{
	size_t i;

	if (e == NULL)
		return 1;
	switch (e->kind) {
	case AST_LITERAL:
	case AST_IDENTIFIER:
	case AST_FUNCTION_EXPRESSION:
	case AST_ARROW_FUNCTION_EXPRESSION:
	case AST_THIS_EXPRESSION:
		return 1;
	case AST_TEMPLATE_LITERAL:
		return e->expressions.len == 0;
	case AST_CLASS_EXPRESSION:
		return inert_class(e);
	case AST_UNARY_EXPRESSION:
		return e->argument->kind == AST_LITERAL;
	case AST_NEW_EXPRESSION:
	case AST_CALL_EXPRESSION:
		return builtin_call(in, e);
	case AST_ARRAY_EXPRESSION:
		for (i = 0; i < e->elements.len; i++) {
			struct ast_node *el = e->elements.items[i];

			if (el != NULL &&
			    (el->kind == AST_SPREAD_ELEMENT ||
				!inert_expr(in, el)))
				return 0;
		}
		return 1;
	case AST_OBJECT_EXPRESSION:
		for (i = 0; i < e->properties.len; i++) {
			struct ast_node *pr = e->properties.items[i];

			if (pr->kind != AST_PROPERTY || pr->is_computed ||
			    !inert_expr(in, pr->value))
				return 0;
		}
		return 1;
	default:
		return 0;
	}
}

static int
inert_stmt(struct inert *in, struct ast_node *s)
{
	size_t i;

	switch (s->kind) {
	case AST_FUNCTION_DECLARATION:
	case AST_EMPTY_STATEMENT:
	case AST_IMPORT_DECLARATION:
		return 1;
	case AST_EXPRESSION_STATEMENT:
		return s->directive.s != NULL;
	case AST_CLASS_DECLARATION:
		return inert_class(s);
	case AST_VARIABLE_DECLARATION:
		for (i = 0; i < s->declarations.len; i++) {
			struct ast_node *dc = s->declarations.items[i];

			if (dc->id->kind != AST_IDENTIFIER ||
			    !inert_expr(in, dc->init))
				return 0;
		}
		return 1;
	case AST_EXPORT_NAMED_DECLARATION:
		return s->declaration == NULL || inert_stmt(in, s->declaration);
	default:
		return 0;
	}
}

/* The statement list a declaration scope runs, or NULL. */
static struct ast_list *
scope_list(struct lw_scope *s)
{
	struct ast_node *n = s->node;

	switch (s->kind) {
	case LW_S_PROGRAM:
		return &n->list_body;
	case LW_S_FUNCTION:
	case LW_S_ARROW:
		return n->body != NULL && n->body->kind == AST_BLOCK_STATEMENT
		    ? &n->body->list_body
		    : NULL;
	case LW_S_BLOCK:
	case LW_S_INIT:
		return n->kind == AST_BLOCK_STATEMENT ||
			n->kind == AST_STATIC_BLOCK
		    ? &n->list_body
		    : NULL;
	default:
		return NULL;
	}
}

/*
 * Whether a let/const/class binding needs a runtime TDZ flag: it must be
 * declared by a statement of its scope's list (so lower.c can set the flag
 * right after its initialization), and some statement up to that one must
 * be able to run user code (which could call the closure early).
 */
int
lw_tdz_needed(struct lw_ctx *c, struct lw_binding *b)
{
	struct inert in = { c, b->scope };
	struct ast_list *l;
	size_t i;
	int found = 0, quiet = 1;

	if (b->kind != LW_B_LET && b->kind != LW_B_CONST &&
	    b->kind != LW_B_CLASS)
		return 0;
	if ((l = scope_list(b->scope)) == NULL)
		return 0;
	for (i = 0; i < l->len && !found; i++) {
		struct ast_node *st = l->items[i], *d = st;

		if (st->start >= b->decl_end)
			break;
		if (d->kind == AST_EXPORT_NAMED_DECLARATION &&
		    d->declaration != NULL)
			d = d->declaration;
		if (!inert_stmt(&in, st))
			quiet = 0;
		if (b->decl_end <= st->end)
			found = (d->kind == AST_VARIABLE_DECLARATION &&
				    d->var_kind != AST_VAR) ||
			    d->kind == AST_CLASS_DECLARATION;
	}
	return found && !quiet;
}
