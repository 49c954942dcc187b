/*
 * What makes a lowered function an async function, generator or async
 * generator beyond its coroutine body (lower_fn.c):
 *
 *  - its intrinsic [[Prototype]] (%AsyncFunction.prototype%, ...) and, for
 *    generators, its own `prototype` object, set by __cm.genFn(f, kind)
 *    when the function is created (around an expression; for a
 *    declaration, in the enclosing function's `var` prologue, where the
 *    hoisted function already exists);
 *  - a reference to itself for __cm.gen/__cm.asyncGen, which give the
 *    objects it makes its current `prototype` (OrdinaryCreateFromConstructor):
 *    the name of a function expression (one is made up for an anonymous
 *    one, and __cm.genFn restores the `name`), or for a declaration a
 *    variable set in that prologue (the declared name can be reassigned);
 *  - `new.target`, so that `new` on one throws (they are no constructors).
 */
#include <stdio.h>
#include <string.h>

#include "lower_int.h"

/* Whether `name` inside the wrapper would not mean the function itself. */
static int
self_shadowed(struct lw_ctx *c, struct lw_scope *s, const char *name)
{
	struct lw_binding *b;

	if (strcmp(name, "arguments") == 0)
		return 1;
	b = lw_resolve(c, s, name, strlen(name));
	return b != NULL && b->scope == s && b->kind == LW_B_PARAM;
}

void
lw_coro_begin(struct lw_ctx *c, struct ast_node *fn, const char **name,
    int is_decl, struct lw_coro *co)
{
	struct lw_scope *s = lw_scope_of(c, fn);
	char init[300];

	memset(co, 0, sizeof(*co));
	if (fn->is_generator)
		co->kind = fn->is_async ? 3 : 2;
	else if (fn->is_async)
		co->kind = 1;
	else
		return;
	if (is_decl && *name != NULL && **name != '\0' && s != NULL &&
	    s->needs == NULL && strlen(*name) < 200) {
		/* a declaration: marked in the enclosing prologue */
		co->decl = 1;
		co->self = lw_fresh(c, co->kind == 1 ? "$af" : "$gf", 3);
		snprintf(init, sizeof(init), "%s = __cm.genFn(%s, %d)",
		    co->self, *name, co->kind);
		lw_declare(c, lw_cstr(c, init, strlen(init)));
		return;
	}
	lw_puts(OUT(c), "__cm.genFn(");
	if (co->kind == 1) {
		/* an anonymous function's own `name` is "" */
		if (*name == NULL || **name == '\0')
			co->rename = "";
		return;
	}
	if (*name == NULL || **name == '\0' || s == NULL ||
	    self_shadowed(c, s, *name)) {
		co->rename = *name != NULL ? *name : "";
		*name = lw_fresh(c, "$gf", 3);
	}
	co->self = *name;
}

void
lw_coro_args(struct lw_ctx *c, struct lw_coro *co)
{
	if (co->kind == 1)
		lw_puts(OUT(c), ", new.target");
	else if (co->kind != 0)
		lw_printf(OUT(c), ", %s, new.target", co->self);
}

void
lw_coro_end(struct lw_ctx *c, struct lw_coro *co)
{
	if (co->kind == 0 || co->decl)
		return;
	lw_printf(OUT(c), ", %d", co->kind);
	if (co->rename != NULL) {
		lw_puts(OUT(c), ", ");
		lw_put_string(OUT(c), co->rename, strlen(co->rename));
	}
	lw_putc(OUT(c), ')');
}
