/*
 * Function name inference (ES2015 NamedEvaluation / SetFunctionName): an
 * anonymous function or class written where a name is known (`let f = () =>
 * {}`, `x = function () {}`, `{ k: () => {} }`, `[a = class {}] = []`) gets
 * that name as an own `name` property.
 *
 * Functions are wrapped as `__cm.fname(function () {...}, "f")`: a native
 * call that defines the property, cheaper in Duktape than a named function
 * expression (which allocates a scope object per closure and binds the name
 * inside the body). A class takes the name as lw_class's hint and sets it
 * at run time before its static members are defined (a static `name` wins).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower_int.h"

int
lw_is_anon_fn(struct ast_node *n)
{
	if (n == NULL)
		return 0;
	switch (n->kind) {
	case AST_ARROW_FUNCTION_EXPRESSION:
		return 1;
	case AST_FUNCTION_EXPRESSION:
	case AST_CLASS_EXPRESSION:
		return n->id == NULL;
	default:
		return 0;
	}
}

void
lw_named_expr(struct lw_ctx *c, struct ast_node *v, const char *name,
    size_t len, int prec)
{
	if (!lw_is_anon_fn(v) || name == NULL) {
		lw_expr(c, v, prec);
		return;
	}
	if (v->kind == AST_CLASS_EXPRESSION) {
		/* the class sets its own name before its static members */
		lw_class(c, v, lw_cstr(c, name, len));
		return;
	}
	lw_puts(OUT(c), "__cm.fname(");
	lw_expr(c, v, P_ASSIGN);
	lw_puts(OUT(c), ", ");
	lw_put_string(OUT(c), name, len);
	lw_putc(OUT(c), ')');
}

void
lw_named_value(
    struct lw_ctx *c, struct ast_node *target, struct ast_node *v, int prec)
{
	if (target != NULL && target->kind == AST_IDENTIFIER &&
	    !target->parenthesized)
		lw_named_expr(c, v, target->name.s, target->name.len, prec);
	else
		lw_expr(c, v, prec);
}

const char *
lw_key_name(struct lw_ctx *c, struct ast_node *key, int computed, size_t *len)
{
	struct lw_buf saved;
	const char *s;

	if (computed || key == NULL)
		return NULL;
	if (key->kind == AST_IDENTIFIER) {
		*len = key->name.len;
		return key->name.s;
	}
	if (key->kind == AST_LITERAL && key->literal_kind == AST_LIT_STRING) {
		*len = key->str.len;
		return key->str.s;
	}
	if (key->kind == AST_LITERAL && key->literal_kind == AST_LIT_NUMBER) {
		lw_capture_begin(c, &saved);
		lw_put_number(OUT(c), key->num);
		s = lw_capture_end(c, &saved);
		*len = strlen(s);
		return s;
	}
	return NULL;
}
