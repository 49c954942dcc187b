/*
 * Lowering of destructuring, spread and the for-in/for-of loops. Array
 * patterns, spread and for-of use the iterator protocol through plain
 * loops or plain ES helpers that receive already-evaluated values, never
 * callbacks of built-ins (the coroutine rule in runtime-contract.md).
 */
#include <stdio.h>
#include <string.h>

#include "lower_int.h"

int
lw_has_spread(struct ast_list *l)
{
	size_t i;

	for (i = 0; i < l->len; i++)
		if (l->items[i] != NULL && ((struct ast_node *)l->items[i])->
		    kind == AST_SPREAD_ELEMENT)
			return 1;
	return 0;
}

/* [a, b].concat(__cm.spread(x), [c]): one ES5 expression, left to right. */
void
lw_array_spread(struct lw_ctx *c, struct ast_list *el)
{
	size_t i;
	int open = 0, first = 1, started = 0;

	for (i = 0; i < el->len; i++) {
		struct ast_node *e = el->items[i];

		if (e != NULL && e->kind == AST_SPREAD_ELEMENT) {
			if (open) {
				lw_putc(OUT(c), ']');
				open = 0;
			}
			if (started)
				lw_puts(OUT(c), first ? ".concat(" : ", ");
			if (started)
				first = 0;
			lw_puts(OUT(c), "__cm.spread(");
			lw_expr(c, e->argument, P_ASSIGN);
			lw_putc(OUT(c), ')');
			started = 1;
			continue;
		}
		if (!open) {
			if (started)
				lw_puts(OUT(c), first ? ".concat(" : ", ");
			if (started)
				first = 0;
			lw_putc(OUT(c), '[');
			open = 1;
			started = 1;
		} else {
			lw_puts(OUT(c), ", ");
		}
		if (e != NULL)
			lw_expr(c, e, P_ASSIGN);
		else if (i + 1 == el->len ||
		    (el->items[i + 1] != NULL && ((struct ast_node *)
		    el->items[i + 1])->kind == AST_SPREAD_ELEMENT))
			lw_putc(OUT(c), ',');	/* keep a trailing hole */
	}
	if (open)
		lw_putc(OUT(c), ']');
	if (!started)
		lw_puts(OUT(c), "[]");
	if (!first)
		lw_putc(OUT(c), ')');
}

/* Whether a value text is a plain name (safe to read repeatedly). */
static int
plain_name(const char *v)
{
	if (*v == '\0' || (*v >= '0' && *v <= '9'))
		return 0;
	for (; *v; v++)
		if (!((*v >= 'a' && *v <= 'z') || (*v >= 'A' && *v <= 'Z') ||
		    (*v >= '0' && *v <= '9') || *v == '_' || *v == '$'))
			return 0;
	return 1;
}

/* Evaluates value once into a name; writes "t = value, " when needed. */
static const char *
once(struct lw_ctx *c, const char *value)
{
	const char *t;

	if (plain_name(value))
		return value;
	t = lw_temp(c);
	lw_printf(OUT(c), "%s = %s, ", t, value);
	return t;
}

static void
ident_target(struct lw_ctx *c, struct ast_node *id, const char *value,
    int decl)
{
	struct lw_binding *b = lw_resolve(c, c->scope, id->name.s,
	    id->name.len);

	if (decl) {
		if (b == NULL) {
			lw_put(OUT(c), id->name.s, id->name.len);
		} else {
			if (!b->env && b->kind != LW_B_IMPORT)
				lw_declare(c, b->emit);
			lw_binding_name(c, b);
		}
		lw_printf(OUT(c), " = %s", value);
		return;
	}
	if (b != NULL && (b->kind == LW_B_CONST || b->kind == LW_B_IMPORT ||
	    b->kind == LW_B_CLASSNAME)) {
		lw_printf(OUT(c), "__cm.constAssign(%s)", value);
		return;
	}
	lw_ident_ref(c, id);
	lw_printf(OUT(c), " = %s", value);
}

static void
member_target(struct lw_ctx *c, struct ast_node *m, const char *value)
{
	struct lw_buf saved;
	const char *obj;

	if (m->object->kind == AST_SUPER) {
		const char *thisv;

		lw_capture_begin(c, &saved);
		lw_this(c);
		thisv = lw_capture_end(c, &saved);
		lw_printf(OUT(c), "__cm.superSet(%s, ", c->fn->home ?
		    c->fn->home : "null");
		lw_prop_key(c, m->property, m->is_computed);
		lw_printf(OUT(c), ", %s, %s)", value, thisv);
		return;
	}
	if (m->property->kind == AST_PRIVATE_IDENTIFIER) {
		obj = lw_expr_str(c, m->object, P_ASSIGN);
		lw_printf(OUT(c), "__cm.privSet(%s, %s, %s)", obj,
		    lw_private_name(c, m->property), value);
		return;
	}
	lw_expr(c, m, P_MEMBER);
	lw_printf(OUT(c), " = %s", value);
}

static const char *
default_value(struct lw_ctx *c, const char *t, struct ast_node *dflt)
{
	struct lw_buf saved;

	lw_capture_begin(c, &saved);
	lw_printf(OUT(c), "%s === void 0 ? ", t);
	lw_expr(c, dflt, P_ASSIGN);
	lw_printf(OUT(c), " : %s", t);
	return lw_capture_end(c, &saved);
}

static void
object_pattern(struct lw_ctx *c, struct ast_node *p, const char *value,
    int decl)
{
	struct lw_buf keys = { 0 }, saved;
	const char *o;
	size_t i;
	int n = 0;

	if (p->properties.len == 0) {
		lw_printf(OUT(c), "__cm.objCheck(%s)", value);
		return;
	}
	if (plain_name(value)) {
		o = value;
		lw_printf(OUT(c), "__cm.objCheck(%s), ", o);
	} else {
		o = lw_temp(c);
		lw_printf(OUT(c), "%s = __cm.objCheck(%s), ", o, value);
	}
	for (i = 0; i < p->properties.len; i++) {
		struct ast_node *pr = p->properties.items[i];
		const char *access;

		if (n++ > 0)
			lw_puts(OUT(c), ", ");
		if (pr->kind == AST_REST_ELEMENT) {
			lw_capture_begin(c, &saved);
			lw_printf(OUT(c), "__cm.objRest(%s, [%s])", o,
			    keys.p ? keys.p : "");
			access = lw_capture_end(c, &saved);
			lw_pattern_assign(c, pr->argument, access, decl);
			continue;
		}
		lw_capture_begin(c, &saved);
		if (pr->is_computed) {
			const char *k = lw_temp(c);

			lw_capture_end(c, &saved);
			lw_printf(OUT(c), "%s = __cm.toKey(", k);
			lw_expr(c, pr->key, P_ASSIGN);
			lw_puts(OUT(c), "), ");
			lw_capture_begin(c, &saved);
			lw_printf(OUT(c), "%s[%s]", o, k);
			lw_printf(&keys, "%s%s", keys.len ? ", " : "", k);
		} else if (pr->key->kind == AST_IDENTIFIER) {
			lw_printf(OUT(c), "%s.", o);
			lw_put(OUT(c), pr->key->name.s, pr->key->name.len);
			if (keys.len)
				lw_puts(&keys, ", ");
			lw_put_string(&keys, pr->key->name.s, pr->key->name.len);
		} else {
			const char *kt;

			lw_capture_end(c, &saved);
			lw_capture_begin(c, &saved);
			lw_prop_key(c, pr->key, 0);
			kt = lw_capture_end(c, &saved);
			if (keys.len)
				lw_puts(&keys, ", ");
			lw_puts(&keys, kt);
			lw_capture_begin(c, &saved);
			lw_printf(OUT(c), "%s[%s]", o, kt);
		}
		access = lw_capture_end(c, &saved);
		lw_pattern_assign(c, pr->value, access, decl);
	}
	if (keys.oom)
		c->out.oom = 1;
	lw_buf_free(&keys);
}

static void
array_pattern(struct lw_ctx *c, struct ast_node *p, const char *value,
    int decl)
{
	const char *a = lw_temp(c);
	size_t i, n = p->elements.len;
	int rest = 0;
	char acc[96];

	if (n > 0 && p->elements.items[n - 1] != NULL &&
	    ((struct ast_node *)p->elements.items[n - 1])->kind ==
	    AST_REST_ELEMENT) {
		rest = 1;
		n--;
	}
	lw_printf(OUT(c), "%s = __cm.%s(%s, %zu)", a, rest ? "arrPatRest" :
	    "arrPat", value, n);
	for (i = 0; i < p->elements.len; i++) {
		struct ast_node *e = p->elements.items[i];

		if (e == NULL)
			continue;
		snprintf(acc, sizeof(acc), "%s[%zu]", a, i);
		lw_puts(OUT(c), ", ");
		if (e->kind == AST_REST_ELEMENT)
			lw_pattern_assign(c, e->argument, acc, decl);
		else
			lw_pattern_assign(c, e, acc, decl);
	}
}

void
lw_pattern_assign(struct lw_ctx *c, struct ast_node *p, const char *value,
    int decl)
{
	if (p == NULL || c->failed)
		return;
	switch (p->kind) {
	case AST_IDENTIFIER:
		ident_target(c, p, value, decl);
		break;
	case AST_MEMBER_EXPRESSION:
		member_target(c, p, value);
		break;
	case AST_ASSIGNMENT_PATTERN:
	case AST_ASSIGNMENT_EXPRESSION: {
		const char *t = once(c, value);

		lw_pattern_assign(c, p->left, default_value(c, t, p->right),
		    decl);
		break;
	}
	case AST_OBJECT_PATTERN:
	case AST_OBJECT_EXPRESSION:
		object_pattern(c, p, value, decl);
		break;
	case AST_ARRAY_PATTERN:
	case AST_ARRAY_EXPRESSION:
		array_pattern(c, p, value, decl);
		break;
	default:
		lw_error(c, p, "Invalid destructuring assignment target");
		break;
	}
}

void
lw_head_assign(struct lw_ctx *c, struct ast_node *left, const char *value)
{
	if (left->kind == AST_VARIABLE_DECLARATION) {
		struct ast_node *d = left->declarations.items[0];

		lw_pattern_assign(c, d->id, value, 1);
	} else {
		lw_pattern_assign(c, left, value, 0);
	}
	lw_puts(OUT(c), "; ");
}

/* The loop body with statements injected at its top. */
static void
loop_body(struct lw_ctx *c, struct ast_node *n, struct lw_scope *hs,
    const char *value)
{
	lw_puts(OUT(c), "{ ");
	lw_env_init(c, hs);
	lw_head_assign(c, n->left, value);
	lw_stmt(c, n->body);
	lw_puts(OUT(c), " }");
}

void
lw_for_in(struct lw_ctx *c, struct ast_node *n, const char *labels)
{
	struct lw_scope *saved = c->scope, *hs = lw_scope_of(c, n);
	struct ast_node *l = n->left, *id = NULL;
	struct lw_binding *b = NULL;
	const char *k;

	if (l->kind == AST_VARIABLE_DECLARATION) {
		struct ast_node *d = l->declarations.items[0];

		if (d->id->kind == AST_IDENTIFIER && d->init == NULL)
			id = d->id;
	} else if (l->kind == AST_IDENTIFIER) {
		id = l;
	}
	if (hs != NULL)
		c->scope = hs;
	if (id != NULL)
		b = lw_resolve(c, c->scope, id->name.s, id->name.len);
	c->scope = saved;
	if (id != NULL && (b == NULL || (!b->env && b->kind != LW_B_IMPORT &&
	    (l->kind == AST_VARIABLE_DECLARATION || b->kind != LW_B_CONST)))) {
		/* native: for (var x in o) / for (x in o) */
		lw_printf(OUT(c), "%sfor (%s", labels ? labels : "",
		    l->kind == AST_VARIABLE_DECLARATION ? "var " : "");
		if (hs != NULL)
			c->scope = hs;
		if (b != NULL && l->kind == AST_VARIABLE_DECLARATION)
			lw_binding_name(c, b);
		else
			lw_ident_ref(c, id);
		c->scope = saved;
		lw_puts(OUT(c), " in ");
		lw_expr(c, n->right, P_SEQ);
		lw_puts(OUT(c), ") ");
		if (hs != NULL)
			c->scope = hs;
		lw_stmt(c, n->body);
		c->scope = saved;
		return;
	}
	if (l->kind == AST_MEMBER_EXPRESSION && l->property->kind !=
	    AST_PRIVATE_IDENTIFIER && l->object->kind != AST_SUPER) {
		lw_printf(OUT(c), "%sfor (", labels ? labels : "");
		lw_expr(c, l, P_MEMBER);
		lw_puts(OUT(c), " in ");
		lw_expr(c, n->right, P_SEQ);
		lw_puts(OUT(c), ") ");
		lw_stmt(c, n->body);
		return;
	}
	k = lw_temp(c);
	lw_printf(OUT(c), "%sfor (%s in ", labels ? labels : "", k);
	lw_expr(c, n->right, P_SEQ);
	lw_puts(OUT(c), ") ");
	if (hs != NULL)
		c->scope = hs;
	loop_body(c, n, hs, k);
	c->scope = saved;
}

void
lw_for_of(struct lw_ctx *c, struct ast_node *n, const char *labels)
{
	struct lw_scope *saved = c->scope, *hs = lw_scope_of(c, n);
	const char *it = lw_temp(c), *st = lw_temp(c), *err = lw_temp(c);
	const char *e = lw_fresh(c, "$e", 2), *arr = NULL, *idx = NULL;
	int aw = n->is_await;
	char value[160];

	if (aw) {
		lw_printf(OUT(c), "{ %s = __cm.asyncIter(", it);
		lw_expr(c, n->right, P_ASSIGN);
		lw_printf(OUT(c), "); %s = void 0; %s = void 0; try { %sfor (",
		    st, err, labels ? labels : "");
		lw_printf(OUT(c), "%s = __cm.await(%s.next()); !%s.done; "
		    "%s = void 0, %s = __cm.await(%s.next())) ", st, it, st,
		    st, st, it);
		snprintf(value, sizeof(value), "%s.value", st);
	} else {
		/* plain arrays with the default iterator loop by index */
		arr = lw_temp(c);
		idx = lw_temp(c);
		lw_printf(OUT(c), "{ %s = ", it);
		lw_expr(c, n->right, P_ASSIGN);
		lw_printf(OUT(c), "; %s = __cm.ofArray(%s); %s = %s ? void 0 : "
		    "__cm.iter(%s); %s = 0; %s = void 0; %s = void 0; try { %sfor "
		    "(; %s ? %s < %s.length : !(%s = void 0, %s = %s.next()).done; "
		    ") ", arr, it, it, arr, it, idx, st, err,
		    labels ? labels : "", arr, idx, arr, st, st, it);
		snprintf(value, sizeof(value), "%s ? %s[%s++] : %s.value", arr,
		    arr, idx, st);
	}
	if (hs != NULL)
		c->scope = hs;
	loop_body(c, n, hs, value);
	c->scope = saved;
	lw_printf(OUT(c), " } catch (%s) { %s = { e: %s }; } finally { try { "
	    "if (%s && !%s.done) ", e, err, e, st, st);
	if (aw)
		lw_printf(OUT(c), "__cm.await(__cm.asyncIterClose(%s));", it);
	else
		lw_printf(OUT(c), "__cm.iterClose(%s);", it);
	lw_printf(OUT(c), " } finally { if (%s) throw %s.e; } } }", err, err);
}
