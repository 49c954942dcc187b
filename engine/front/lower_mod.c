/*
 * Lowering of the module goal. A module becomes one ES5 function
 * expression `(function (__m) { ... })` taking the module record:
 * imports read through `__m.import(specifier)` namespace objects (so
 * bindings stay live), exports are registered up front as getters with
 * `__m.export(name, getter)`. LOWERING.md has the full contract.
 */
#include <stdio.h>
#include <string.h>

#include "lower_int.h"

static void
put_name_or_string(struct lw_ctx *c, struct ast_node *n)
{
	if (n->kind == AST_IDENTIFIER)
		lw_put_string(OUT(c), n->name.s, n->name.len);
	else
		lw_put_string(OUT(c), n->str.s, n->str.len);
}

/* The getter body for a local name: its binding, live. */
static void
export_local(struct lw_ctx *c, const char *name, size_t len)
{
	struct lw_binding *b = lw_resolve(c, c->scope, name, len);

	if (b == NULL) {
		lw_put(OUT(c), name, len);
		return;
	}
	if (b->kind == LW_B_IMPORT) {
		struct ast_node id;

		memset(&id, 0, sizeof(id));
		id.kind = AST_IDENTIFIER;
		id.name.s = name;
		id.name.len = len;
		lw_ident_ref(c, &id);
		return;
	}
	lw_binding_name(c, b);
}

static void
export_getter(
    struct lw_ctx *c, struct ast_str exported, const char *name, size_t len)
{
	lw_puts(OUT(c), "__m.export(");
	lw_put_string(OUT(c), exported.s, exported.len);
	lw_puts(OUT(c), ", function () { return ");
	export_local(c, name, len);
	lw_puts(OUT(c), "; }); ");
}

static void
export_pattern(struct lw_ctx *c, struct ast_node *p)
{
	size_t i;

	if (p == NULL)
		return;
	switch (p->kind) {
	case AST_IDENTIFIER:
		export_getter(c, p->name, p->name.s, p->name.len);
		break;
	case AST_OBJECT_PATTERN:
		for (i = 0; i < p->properties.len; i++) {
			struct ast_node *pr = p->properties.items[i];

			export_pattern(c,
			    pr->kind == AST_REST_ELEMENT ? pr->argument
							 : pr->value);
		}
		break;
	case AST_ARRAY_PATTERN:
		for (i = 0; i < p->elements.len; i++)
			export_pattern(c, p->elements.items[i]);
		break;
	case AST_REST_ELEMENT:
		export_pattern(c, p->argument);
		break;
	case AST_ASSIGNMENT_PATTERN:
		export_pattern(c, p->left);
		break;
	default:
		break;
	}
}

static struct ast_str
spec_name(struct ast_node *n)
{
	return n->kind == AST_IDENTIFIER ? n->name : n->str;
}

/*
 * Export getters go first, so a cyclic dependency that runs while this
 * module's imports load already sees every export (as hoisting would);
 * then the imports load, in source order.
 */
void
lw_module_prologue(struct lw_ctx *c, struct ast_node *prog)
{
	const char **mv;
	size_t i, j, n = prog->list_body.len;

	mv = ast_alloc(c->arena, (n + 1) * sizeof(*mv));
	if (mv == NULL) {
		lw_error(c, prog, "out of memory");
		return;
	}
	for (i = 0; i < n; i++) {
		struct ast_node *s = prog->list_body.items[i];

		if (s->kind == AST_IMPORT_DECLARATION &&
		    s->specifiers.len > 0) {
			mv[i] = lw_fresh(c, "$m", 2);
			for (j = 0; j < s->specifiers.len; j++) {
				struct ast_node *sp = s->specifiers.items[j];
				struct lw_binding *b = lw_resolve(c, c->scope,
				    sp->local->name.s, sp->local->name.len);

				if (b != NULL && b->kind == LW_B_IMPORT)
					b->imp_obj = mv[i];
			}
		} else if (s->source != NULL &&
		    (s->kind == AST_EXPORT_NAMED_DECLARATION ||
			s->kind == AST_EXPORT_ALL_DECLARATION)) {
			mv[i] = lw_fresh(c, "$m", 2);
		}
		if (mv[i] != NULL)
			lw_printf(OUT(c), "var %s; ", mv[i]);
	}
	for (i = 0; i < n; i++) {
		struct ast_node *s = prog->list_body.items[i];
		struct ast_node *d = s->declaration;

		switch (s->kind) {
		case AST_EXPORT_NAMED_DECLARATION:
			if (d != NULL) {
				if (d->kind == AST_VARIABLE_DECLARATION) {
					for (j = 0; j < d->declarations.len;
					     j++)
						export_pattern(c,
						    ((struct ast_node *)
							    d->declarations
								.items[j])
							->id);
				} else if (d->id != NULL) {
					export_pattern(c, d->id);
				}
				break;
			}
			for (j = 0; j < s->specifiers.len; j++) {
				struct ast_node *sp = s->specifiers.items[j];
				struct ast_str ln = spec_name(sp->local);

				if (s->source == NULL) {
					export_getter(c,
					    spec_name(sp->exported), ln.s,
					    ln.len);
					continue;
				}
				lw_puts(OUT(c), "__m.export(");
				put_name_or_string(c, sp->exported);
				lw_printf(OUT(c), ", function () { return %s[",
				    mv[i]);
				put_name_or_string(c, sp->local);
				lw_puts(OUT(c), "]; }); ");
			}
			break;
		case AST_EXPORT_ALL_DECLARATION:
			if (s->exported != NULL) {
				lw_puts(OUT(c), "__m.export(");
				put_name_or_string(c, s->exported);
				lw_printf(OUT(c),
				    ", function () { return %s; "
				    "}); ",
				    mv[i]);
			}
			break;
		case AST_EXPORT_DEFAULT_DECLARATION:
			if ((d->kind == AST_FUNCTION_DECLARATION ||
				d->kind == AST_CLASS_DECLARATION) &&
			    d->id != NULL)
				export_getter(c,
				    ast_str_dup(c->arena, "default", 7),
				    d->id->name.s, d->id->name.len);
			else
				lw_puts(OUT(c),
				    "__m.export(\"default\", "
				    "function () { return $default; }); ");
			break;
		default:
			break;
		}
	}
	for (i = 0; i < n; i++) {
		struct ast_node *s = prog->list_body.items[i];

		if (s->kind != AST_IMPORT_DECLARATION &&
		    !(s->source != NULL &&
			(s->kind == AST_EXPORT_NAMED_DECLARATION ||
			    s->kind == AST_EXPORT_ALL_DECLARATION)))
			continue;
		lw_sync_line(c, s);
		if (mv[i] != NULL)
			lw_printf(OUT(c), "%s = ", mv[i]);
		lw_puts(OUT(c), "__m.import(");
		lw_put_string(OUT(c), s->source->str.s, s->source->str.len);
		lw_puts(OUT(c), "); ");
		if (s->kind == AST_EXPORT_ALL_DECLARATION &&
		    s->exported == NULL)
			lw_printf(OUT(c), "__m.exportAll(%s); ", mv[i]);
	}
}

void
lw_module_stmt(struct lw_ctx *c, struct ast_node *n)
{
	struct ast_node *d = n->declaration;

	if (!c->module) {
		lw_error(c, n, "Cannot use import statement outside a module");
		return;
	}
	switch (n->kind) {
	case AST_EXPORT_NAMED_DECLARATION:
		if (d != NULL)
			lw_stmt(c, d);
		break;
	case AST_EXPORT_DEFAULT_DECLARATION:
		if ((d->kind == AST_FUNCTION_DECLARATION ||
			d->kind == AST_CLASS_DECLARATION) &&
		    d->id != NULL) {
			lw_stmt(c, d);
		} else if (d->kind == AST_FUNCTION_DECLARATION) {
			lw_function(c, d, "$default", 1);
			lw_puts(OUT(c), " __cm.fname($default, \"default\");");
		} else if (d->kind == AST_CLASS_DECLARATION) {
			lw_puts(OUT(c), "var $default = ");
			lw_class(c, d, "default");
			lw_puts(OUT(c), ";");
		} else {
			lw_puts(OUT(c), "var $default = ");
			lw_named_expr(c, d, "default", 7, P_ASSIGN);
			lw_puts(OUT(c), ";");
		}
		break;
	default:
		break;
	}
}
