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
		if (l->items[i] != NULL &&
		    ((struct ast_node *)l->items[i])->kind ==
			AST_SPREAD_ELEMENT)
			return 1;
	return 0;
}

/* `, "name"` after a helper's value, when there is a name (lw_v8_name):
 * the helper reads it only on its error path. */
static void
name_arg(struct lw_ctx *c, struct ast_str name)
{
	if (name.s != NULL) {
		lw_puts(OUT(c), ", ");
		lw_put_string(OUT(c), name.s, name.len);
	}
}

/*
 * __cm.spread(x[, "name"[, 1]]). V8 names the operand of every spread of
 * an array literal (`[...o]`: `o is not iterable`); of a call's arguments
 * only a single last spread (`f(a, ...o)`), printed as outside an
 * iteration (`f(...)`) and worded apart (the 1); it describes the value
 * of any other.
 */
static void
spread_call(struct lw_ctx *c, struct ast_list *el, size_t i, int call)
{
	struct ast_node *e = el->items[i];
	struct ast_str name = { NULL, 0 };
	size_t j;

	if (call) {
		for (j = 0; j < el->len; j++)
			if (j != i && el->items[j] != NULL &&
			    el->items[j]->kind == AST_SPREAD_ELEMENT)
				break;
		if (j == el->len && i + 1 == el->len)
			name = lw_v8_name(c, e->argument, 0);
	} else {
		name = lw_v8_name(c, e->argument, LW_V8_ITER);
	}
	lw_puts(OUT(c), "__cm.spread(");
	lw_expr(c, e->argument, P_ASSIGN);
	name_arg(c, name);
	if (name.s != NULL && call)
		lw_puts(OUT(c), ", 1");
	lw_putc(OUT(c), ')');
}

/* [a, b].concat(__cm.spread(x), [c]): one ES5 expression, left to right.
 * call: the elements are a call's arguments. */
void
lw_array_spread(struct lw_ctx *c, struct ast_list *el, int call)
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
			spread_call(c, el, i, call);
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
		    (el->items[i + 1] != NULL &&
			((struct ast_node *)el->items[i + 1])->kind ==
			    AST_SPREAD_ELEMENT))
			lw_putc(OUT(c), ','); /* keep a trailing hole */
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

/*
 * A pattern writer. Destructuring is a list of pieces (assignments and
 * helper calls) joined by ", " (one expression) or, in statement mode,
 * by "; ": then array patterns whose elements may throw run inside a
 * try that closes the iterator on an abrupt exit (IteratorClose).
 */
struct pw {
	struct lw_ctx *c;
	int decl; /* declares (let/const/var/param) */
	int stmt; /* statements rather than one expression */
	int n; /* pieces written */
	int declared; /* the names are declared already */
	/* The outermost pattern, which V8 reports as a destructuring (of
	 * src, the expression it names, or of the value when NULL); nested
	 * ones fail as property reads. Taken by the first pattern written. */
	int top;
	struct ast_node *src;
};

static void
piece(struct pw *w)
{
	if (w->n++ > 0)
		lw_puts(OUT(w->c), w->stmt ? "; " : ", ");
}

static void pat(struct pw *, struct ast_node *, const char *);

/* Evaluates value once into a name; writes "t = value" when needed. */
static const char *
once(struct pw *w, const char *value)
{
	const char *t;

	if (plain_name(value))
		return value;
	t = lw_temp(w->c);
	piece(w);
	lw_printf(OUT(w->c), "%s = %s", t, value);
	return t;
}

/* Whether a reference to a let/const/class (or parameter) is in its TDZ. */
static int
in_tdz(struct lw_ctx *c, struct lw_binding *b, struct ast_node *id)
{
	return (b->kind == LW_B_LET || b->kind == LW_B_CONST ||
		   b->kind == LW_B_CLASS || b->kind == LW_B_PARAM) &&
	    b->scope->fn == c->scope->fn && id->start < b->decl_end;
}

static void
ident_target(struct pw *w, struct ast_node *id, const char *value)
{
	struct lw_ctx *c = w->c;
	struct lw_binding *b =
	    lw_resolve(c, c->scope, id->name.s, id->name.len);
	const char *flag;

	if (w->decl) {
		if (b == NULL) {
			lw_put(OUT(c), id->name.s, id->name.len);
		} else {
			if (!b->env && b->kind != LW_B_IMPORT &&
			    !lw_param_outer(c, b) && !w->declared)
				lw_declare(c, b->emit);
			lw_binding_name(c, b);
		}
		lw_printf(OUT(c), " = %s", value);
		return;
	}
	if (b != NULL && in_tdz(c, b, id)) {
		/* PutValue fails after the value is computed */
		lw_puts(OUT(c), "__cm.tdz(");
		lw_put_string(OUT(c), id->name.s, id->name.len);
		lw_printf(OUT(c), ", %s)", value);
		return;
	}
	if ((flag = lw_tdz_flag(c, id)) != NULL) {
		/* a closure writing before the binding's init */
		lw_printf(OUT(c), "(%s ? ", flag);
		if (b->kind == LW_B_CONST || b->kind == LW_B_CLASSNAME) {
			lw_printf(OUT(c), "__cm.constAssign(%s)", value);
		} else {
			lw_ident_ref(c, id);
			lw_printf(OUT(c), " = %s", value);
		}
		lw_puts(OUT(c), " : __cm.tdz(");
		lw_put_string(OUT(c), id->name.s, id->name.len);
		lw_printf(OUT(c), ", %s))", value);
		return;
	}
	if (b != NULL &&
	    (b->kind == LW_B_CONST || b->kind == LW_B_IMPORT ||
		b->kind == LW_B_CLASSNAME)) {
		lw_printf(OUT(c), "__cm.constAssign(%s)", value);
		return;
	}
	lw_ident_ref(c, id);
	lw_printf(OUT(c), " = %s", value);
}

/* o.p = value: the object and key are evaluated before the value. */
static void
member_target(struct pw *w, struct ast_node *m, const char *value)
{
	struct lw_ctx *c = w->c;
	struct lw_buf saved;
	const char *obj;

	if (m->object->kind == AST_SUPER) {
		const char *thisv;

		lw_capture_begin(c, &saved);
		lw_this(c);
		thisv = lw_capture_end(c, &saved);
		lw_printf(OUT(c), "__cm.superSet(%s, ",
		    c->fn->home ? c->fn->home : "null");
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
	/* parenthesised as a statement: the object may be `{...}` */
	if (w->stmt)
		lw_putc(OUT(c), '(');
	lw_expr(c, m, P_MEMBER);
	lw_printf(OUT(c), " = %s%s", value, w->stmt ? ")" : "");
}

static const char *
default_value(struct lw_ctx *c, const char *t, struct ast_node *target,
    struct ast_node *dflt)
{
	struct lw_buf saved;

	lw_capture_begin(c, &saved);
	lw_printf(OUT(c), "%s === void 0 ? ", t);
	lw_named_value(c, target, dflt, P_ASSIGN);
	lw_printf(OUT(c), " : %s", t);
	return lw_capture_end(c, &saved);
}

/* target = default: the default is evaluated only for undefined. */
static void
with_default(struct pw *w, struct ast_node *p, const char *value)
{
	struct lw_ctx *c = w->c;
	struct ast_node *l = p->left;
	struct lw_buf saved;
	const char *t;

	if ((l->kind == AST_IDENTIFIER || l->kind == AST_MEMBER_EXPRESSION) &&
	    !plain_name(value)) {
		/* one piece, so a member target's reference comes first */
		t = lw_temp(c);
		lw_capture_begin(c, &saved);
		lw_printf(OUT(c), "(%s = %s) === void 0 ? ", t, value);
		lw_named_value(c, l, p->right, P_ASSIGN);
		lw_printf(OUT(c), " : %s", t);
		pat(w, l, lw_capture_end(c, &saved));
		return;
	}
	t = once(w, value);
	pat(w, l, default_value(c, t, l, p->right));
}

/* Whether o.name can be written for a property name. */
static int
dot_name(struct ast_node *key)
{
	size_t i;

	if (key->kind != AST_IDENTIFIER)
		return 0;
	for (i = 0; i < key->name.len; i++)
		if ((unsigned char)key->name.s[i] >= 0x80)
			return 0;
	return 1;
}

/* The first key of an object pattern when V8's error names it: a
 * non-computed name, string or number. */
static struct ast_node *
first_key(struct ast_node *p)
{
	struct ast_node *pr;

	if (p->properties.len == 0)
		return NULL;
	pr = p->properties.items[0];
	if (pr->kind != AST_PROPERTY || pr->is_computed)
		return NULL;
	if (pr->key->kind == AST_IDENTIFIER ||
	    (pr->key->kind == AST_LITERAL &&
		(pr->key->literal_kind == AST_LIT_STRING ||
		    pr->key->literal_kind == AST_LIT_NUMBER)))
		return pr->key;
	return NULL;
}

/*
 * __cm.objCheck(value[, name[, key]]) (50_lower.js): the TypeError for
 * null or undefined in V8's words. V8 reads the first named property
 * without a check and words the failure of that read: as a destructuring
 * of the value it names (name; "" for none: the runtime describes the
 * value) for the outermost pattern, as a plain property read (name 0, or
 * none) for a nested pattern and for a first property that has a
 * default or a member target.
 */
static void
object_check(struct pw *w, struct ast_node *p, const char *value)
{
	struct lw_ctx *c = w->c;
	struct ast_node *key = first_key(p), *first;
	int destr = w->top;

	w->top = 0;
	lw_printf(OUT(c), "__cm.objCheck(%s", value);
	if (key != NULL && destr) {
		first = ((struct ast_node *)p->properties.items[0])->value;
		destr = first->kind != AST_ASSIGNMENT_PATTERN &&
		    first->kind != AST_ASSIGNMENT_EXPRESSION &&
		    first->kind != AST_MEMBER_EXPRESSION;
	}
	if (destr) {
		struct ast_str name = { NULL, 0 };

		if (w->src != NULL)
			name = lw_v8_name(c, w->src, 0);
		lw_puts(OUT(c), ", ");
		lw_put_string(OUT(c), name.s ? name.s : "", name.len);
	} else if (key != NULL) {
		lw_puts(OUT(c), ", 0");
	}
	if (key != NULL) {
		lw_puts(OUT(c), ", ");
		if (key->kind == AST_IDENTIFIER)
			lw_put_string(OUT(c), key->name.s, key->name.len);
		else if (key->literal_kind == AST_LIT_STRING)
			lw_put_string(OUT(c), key->str.s, key->str.len);
		else /* the runtime spells it as JavaScript does */
			lw_put_number(OUT(c), key->num);
	}
	lw_putc(OUT(c), ')');
}

static void
object_pattern(struct pw *w, struct ast_node *p, const char *value)
{
	struct lw_ctx *c = w->c;
	struct lw_buf keys = { 0 }, saved;
	const char *o;
	size_t i;

	piece(w);
	if (p->properties.len == 0) {
		object_check(w, p, value);
		return;
	}
	if (plain_name(value) && value[0] == '$' && value[1] != '\0' &&
	    strchr("0123456789pe", value[1]) != NULL) {
		/* a lowering temporary: no target can reassign it */
		o = value;
	} else {
		o = lw_temp(c);
		lw_printf(OUT(c), "%s = ", o);
	}
	object_check(w, p, value);
	for (i = 0; i < p->properties.len; i++) {
		struct ast_node *pr = p->properties.items[i];
		const char *access;

		if (pr->kind == AST_REST_ELEMENT) {
			lw_capture_begin(c, &saved);
			lw_printf(OUT(c), "__cm.objRest(%s, [%s])", o,
			    keys.p ? keys.p : "");
			access = lw_capture_end(c, &saved);
			pat(w, pr->argument, access);
			continue;
		}
		if (pr->is_computed) {
			const char *k = lw_temp(c);

			piece(w);
			lw_printf(OUT(c), "%s = __cm.toKey(", k);
			lw_expr(c, pr->key, P_ASSIGN);
			lw_puts(OUT(c), ")");
			lw_capture_begin(c, &saved);
			lw_printf(OUT(c), "%s[%s]", o, k);
			lw_printf(&keys, "%s%s", keys.len ? ", " : "", k);
		} else if (dot_name(pr->key)) {
			lw_capture_begin(c, &saved);
			lw_printf(OUT(c), "%s.", o);
			lw_put(OUT(c), pr->key->name.s, pr->key->name.len);
			if (keys.len)
				lw_puts(&keys, ", ");
			lw_put_string(
			    &keys, pr->key->name.s, pr->key->name.len);
		} else {
			const char *kt;

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
		pat(w, pr->value, access);
	}
	if (keys.oom)
		c->out.oom = 1;
	lw_buf_free(&keys);
}

/* Whether writing an element can fail (or suspend), so that an abrupt
 * exit must close the iterator. */
static int
elem_may_throw(struct pw *w, struct ast_node *e)
{
	struct lw_binding *b;

	if (e == NULL)
		return 0;
	if (e->kind == AST_REST_ELEMENT)
		e = e->argument;
	else if ((e->kind == AST_ASSIGNMENT_PATTERN ||
		     e->kind == AST_ASSIGNMENT_EXPRESSION) &&
	    e->right->kind == AST_LITERAL)
		e = e->left; /* a literal default cannot throw */
	if (e->kind != AST_IDENTIFIER)
		return 1;
	if (w->decl)
		return 0;
	b = lw_resolve(w->c, w->c->scope, e->name.s, e->name.len);
	return b == NULL || b->kind == LW_B_CONST || b->kind == LW_B_IMPORT ||
	    b->kind == LW_B_CLASSNAME || in_tdz(w->c, b, e) ||
	    lw_tdz_flag(w->c, e) != NULL;
}

/*
 * Whether V8 names the initializer of an array pattern declaration in its
 * error: when the error's position is the expression's start, not for an
 * operator written after its first operand (members, method calls, binary
 * operators, assignments, updates...) nor inside parentheses. V8
 * describes the value itself for the others and for assignments,
 * parameters and nested patterns.
 */
static int
array_named(struct ast_node *e)
{
	if (e->parenthesized)
		return 0;
	switch (e->kind) {
	case AST_CALL_EXPRESSION:
		return e->callee->kind != AST_MEMBER_EXPRESSION;
	case AST_MEMBER_EXPRESSION:
	case AST_UPDATE_EXPRESSION:
	case AST_BINARY_EXPRESSION:
	case AST_LOGICAL_EXPRESSION:
	case AST_ASSIGNMENT_EXPRESSION:
	case AST_CHAIN_EXPRESSION:
	case AST_TAGGED_TEMPLATE_EXPRESSION:
	case AST_SEQUENCE_EXPRESSION:
		return 0;
	default:
		return 1;
	}
}

/* The name an array pattern's iteration error gives its value, if any. */
static struct ast_str
iter_name(struct pw *w)
{
	struct ast_str none = { NULL, 0 };
	int top = w->top;

	w->top = 0;
	if (!top || !w->decl || w->src == NULL || !array_named(w->src))
		return none;
	return lw_v8_name(w->c, w->src, LW_V8_ITER);
}

/*
 * [a, b, ...c] of plain names: no code runs between the steps, so a plain
 * array (untouched iteration) is read by index, in one piece:
 * (r = __cm.dFast(v)) !== null ? (a = r[0], ...) : (r = __cm.dIter(v), ...)
 */
static int
fast_array(
    struct pw *w, struct ast_node *p, const char *value, struct ast_str name)
{
	struct lw_ctx *c = w->c;
	struct pw sub = { c, w->decl, 0, 0, w->declared, 0, NULL };
	const char *r, *v;
	size_t i, n = p->elements.len;
	char acc[96];

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++) {
		struct ast_node *el = p->elements.items[i];

		if (el == NULL)
			continue;
		if ((el->kind != AST_IDENTIFIER &&
			!(el->kind == AST_REST_ELEMENT &&
			    el->argument->kind == AST_IDENTIFIER)) ||
		    elem_may_throw(w, el))
			return 0;
	}
	v = once(w, value);
	r = lw_temp(c);
	piece(w);
	lw_printf(OUT(c), "(%s = __cm.dFast(%s)) !== null ? (", r, v);
	for (i = 0; i < n; i++) {
		struct ast_node *el = p->elements.items[i];

		if (el == NULL)
			continue;
		if (el->kind == AST_REST_ELEMENT) {
			snprintf(
			    acc, sizeof(acc), "__cm.dSlice(%s, %zu)", r, i);
			pat(&sub, el->argument, acc);
		} else {
			snprintf(acc, sizeof(acc), "%s[%zu]", r, i);
			pat(&sub, el, acc);
		}
	}
	if (sub.n == 0)
		lw_puts(OUT(c), "void 0");
	lw_printf(OUT(c), ") : (%s = __cm.dIter(%s", r, v);
	name_arg(c, name);
	lw_putc(OUT(c), ')');
	sub.n = 1;
	sub.declared = 1;
	for (i = 0; i < n; i++) {
		struct ast_node *el = p->elements.items[i];

		snprintf(acc, sizeof(acc), "__cm.dStep(%s)", r);
		if (el == NULL) {
			piece(&sub);
			lw_puts(OUT(c), acc);
		} else if (el->kind == AST_REST_ELEMENT) {
			snprintf(acc, sizeof(acc), "__cm.dRest(%s)", r);
			pat(&sub, el->argument, acc);
		} else {
			pat(&sub, el, acc);
		}
	}
	i = n - 1;
	if (p->elements.items[i] == NULL ||
	    p->elements.items[i]->kind != AST_REST_ELEMENT)
		lw_printf(OUT(c), ", __cm.dEnd(%s)", r);
	lw_putc(OUT(c), ')');
	return 1;
}

/*
 * [a, , b = 1, ...r] = v: the iterator is stepped per element, after the
 * element's target reference and before its default, as the spec does;
 * an iterator left undone is closed at the end.
 */
static void
array_pattern(struct pw *w, struct ast_node *p, const char *value)
{
	struct lw_ctx *c = w->c;
	const char *r, *e = NULL;
	size_t i, n = p->elements.len;
	int guard = 0, rest = 0, saved_n;
	char step[64];
	struct ast_str name = iter_name(w);

	if (fast_array(w, p, value, name))
		return;
	r = lw_temp(c);
	for (i = 0; i < n && w->stmt; i++)
		if (elem_may_throw(w, p->elements.items[i]))
			guard = 1;
	piece(w);
	lw_printf(OUT(c), "%s = __cm.dIter(%s", r, value);
	name_arg(c, name);
	lw_putc(OUT(c), ')');
	saved_n = w->n;
	if (guard) {
		lw_puts(OUT(c), "; try { ");
		w->n = 0;
	}
	snprintf(step, sizeof(step), "__cm.dStep(%s)", r);
	for (i = 0; i < n; i++) {
		struct ast_node *el = p->elements.items[i];

		if (el == NULL) {
			piece(w);
			lw_puts(OUT(c), step);
		} else if (el->kind == AST_REST_ELEMENT) {
			char rv[64];

			snprintf(rv, sizeof(rv), "__cm.dRest(%s)", r);
			pat(w, el->argument, rv);
			rest = 1;
		} else {
			pat(w, el, step);
		}
	}
	if (!rest) {
		piece(w);
		lw_printf(OUT(c), "__cm.dEnd(%s)", r);
	}
	if (guard) {
		e = lw_fresh(c, "$e", 2);
		lw_printf(
		    OUT(c), "; } catch (%s) { __cm.dAbort(%s, %s); }", e, r, e);
		w->n = saved_n;
	}
}

static void
pat(struct pw *w, struct ast_node *p, const char *value)
{
	struct lw_ctx *c = w->c;

	if (p == NULL || c->failed)
		return;
	switch (p->kind) {
	case AST_IDENTIFIER:
		piece(w);
		ident_target(w, p, value);
		break;
	case AST_MEMBER_EXPRESSION:
		piece(w);
		member_target(w, p, value);
		break;
	case AST_ASSIGNMENT_PATTERN:
	case AST_ASSIGNMENT_EXPRESSION:
		with_default(w, p, value);
		break;
	case AST_OBJECT_PATTERN:
	case AST_OBJECT_EXPRESSION:
		object_pattern(w, p, value);
		break;
	case AST_ARRAY_PATTERN:
	case AST_ARRAY_EXPRESSION:
		array_pattern(w, p, value);
		break;
	default:
		lw_error(c, p, "Invalid destructuring assignment target");
		break;
	}
}

void
lw_pattern_assign(struct lw_ctx *c, struct ast_node *p, const char *value,
    int flags, struct ast_node *src)
{
	struct pw w = { c, flags & LW_PAT_DECL, 0, 0, 0, !(flags & LW_PAT_READ),
		src };

	pat(&w, p, value);
}

void
lw_pattern_stmt(struct lw_ctx *c, struct ast_node *p, const char *value,
    int flags, struct ast_node *src)
{
	struct pw w = { c, flags & LW_PAT_DECL, 1, 0, 0, !(flags & LW_PAT_READ),
		src };

	pat(&w, p, value);
}

/* Whether statement mode adds anything: an array pattern (at any depth)
 * with an element that may throw. */
static int
needs_stmt(struct pw *w, struct ast_node *p)
{
	size_t i;

	if (p == NULL)
		return 0;
	switch (p->kind) {
	case AST_ASSIGNMENT_PATTERN:
	case AST_ASSIGNMENT_EXPRESSION:
		return needs_stmt(w, p->left);
	case AST_REST_ELEMENT:
		return needs_stmt(w, p->argument);
	case AST_OBJECT_PATTERN:
	case AST_OBJECT_EXPRESSION:
		for (i = 0; i < p->properties.len; i++) {
			struct ast_node *pr = p->properties.items[i];

			if (needs_stmt(w,
				pr->kind == AST_REST_ELEMENT ? pr->argument
							     : pr->value))
				return 1;
		}
		return 0;
	case AST_ARRAY_PATTERN:
	case AST_ARRAY_EXPRESSION:
		for (i = 0; i < p->elements.len; i++)
			if (elem_may_throw(w, p->elements.items[i]))
				return 1;
		return 0;
	default:
		return 0;
	}
}

int
lw_pattern_needs_stmt(struct lw_ctx *c, struct ast_node *p, int decl)
{
	struct pw w = { c, decl, 1, 0, 0, 0, NULL };

	return needs_stmt(&w, p);
}

static int
is_pattern_assign(struct ast_node *e)
{
	return e != NULL && e->kind == AST_ASSIGNMENT_EXPRESSION &&
	    e->op == AST_OP_ASSIGN &&
	    (e->left->kind == AST_OBJECT_PATTERN ||
		e->left->kind == AST_ARRAY_PATTERN);
}

/* x = y = [a, b] = v: plain names assigned the pattern's value. */
static struct ast_node *
chain_pattern(struct ast_node *e)
{
	while (e != NULL && e->kind == AST_ASSIGNMENT_EXPRESSION &&
	    e->op == AST_OP_ASSIGN && e->left->kind == AST_IDENTIFIER)
		e = e->right;
	return is_pattern_assign(e) ? e : NULL;
}

static void
chain_stmt(struct lw_ctx *c, struct ast_node *e)
{
	struct ast_node *pa = chain_pattern(e), *x;
	const char *t = lw_temp(c);

	lw_printf(OUT(c), "%s = ", t);
	lw_expr(c, pa->right, P_ASSIGN);
	lw_puts(OUT(c), "; ");
	lw_pattern_stmt(c, pa->left, t, 0, pa->right);
	lw_puts(OUT(c), "; ");
	/* the names, innermost first, as the nested assignments do */
	while (e != pa) {
		for (x = e; x->right != pa; x = x->right)
			;
		lw_pattern_assign(c, x->left, t, 0, NULL);
		lw_puts(OUT(c), "; ");
		pa = x;
	}
}

/*
 * An expression statement that is a destructuring assignment (possibly in
 * a comma list or after `x = `) whose iterator must be closed on abrupt
 * completion: written as statements in a block. 0 when not handled.
 */
int
lw_dstr_stmt(struct lw_ctx *c, struct ast_node *e)
{
	struct ast_list one, *l;
	struct ast_node *pa;
	size_t i;
	int need = 0;

	if (e->kind == AST_SEQUENCE_EXPRESSION) {
		l = &e->expressions;
	} else {
		one.items = &e;
		one.len = 1;
		l = &one;
	}
	for (i = 0; i < l->len; i++)
		if ((pa = chain_pattern(l->items[i])) != NULL &&
		    lw_pattern_needs_stmt(c, pa->left, 0))
			need = 1;
	if (!need)
		return 0;
	lw_puts(OUT(c), "{ ");
	for (i = 0; i < l->len; i++) {
		struct ast_node *x = l->items[i];

		if (chain_pattern(x) != NULL) {
			chain_stmt(c, x);
			continue;
		}
		lw_putc(OUT(c), '(');
		lw_expr(c, x, P_ASSIGN);
		lw_puts(OUT(c), "); ");
	}
	lw_putc(OUT(c), '}');
	return 1;
}

void
lw_head_assign(struct lw_ctx *c, struct ast_node *left, const char *value)
{
	/* V8 names no value here; an assignment head's pattern fails as a
	 * property read */
	if (left->kind == AST_VARIABLE_DECLARATION) {
		struct ast_node *d = left->declarations.items[0];

		lw_pattern_stmt(c, d->id, value, LW_PAT_DECL, NULL);
	} else {
		lw_pattern_stmt(c, left, value, LW_PAT_READ, NULL);
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

/*
 * The object of a for-in/of whose head declares let/const names: those
 * names are in their TDZ there (`for (let x of x)` throws), so it is
 * written in the head's scope with the names' TDZ reaching past it.
 */
static void
head_rhs(struct lw_ctx *c, struct ast_node *n, struct lw_scope *hs, int prec)
{
	struct lw_scope *saved = c->scope;
	struct lw_binding *b;
	uint32_t ends[16];
	size_t i = 0;

	if (hs == NULL || n->left->kind != AST_VARIABLE_DECLARATION ||
	    n->left->var_kind == AST_VAR) {
		lw_expr(c, n->right, prec);
		return;
	}
	for (b = hs->first; b != NULL; b = b->next)
		if (++i > sizeof(ends) / sizeof(ends[0])) {
			lw_expr(c, n->right, prec);
			return;
		}
	for (i = 0, b = hs->first; b != NULL; b = b->next, i++) {
		ends[i] = b->decl_end;
		if (b->decl_end < n->right->end)
			b->decl_end = n->right->end;
	}
	c->scope = hs;
	lw_expr(c, n->right, prec);
	c->scope = saved;
	for (i = 0, b = hs->first; b != NULL; b = b->next, i++)
		b->decl_end = ends[i];
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
	if (id != NULL &&
	    (b == NULL ||
		(!b->env && b->kind != LW_B_IMPORT &&
		    (l->kind == AST_VARIABLE_DECLARATION ||
			b->kind != LW_B_CONST)))) {
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
		head_rhs(c, n, hs, P_SEQ);
		lw_puts(OUT(c), ") ");
		if (hs != NULL)
			c->scope = hs;
		lw_stmt(c, n->body);
		c->scope = saved;
		return;
	}
	if (l->kind == AST_MEMBER_EXPRESSION &&
	    l->property->kind != AST_PRIVATE_IDENTIFIER &&
	    l->object->kind != AST_SUPER) {
		lw_printf(OUT(c), "%sfor (", labels ? labels : "");
		lw_expr(c, l, P_MEMBER);
		lw_puts(OUT(c), " in ");
		head_rhs(c, n, hs, P_SEQ);
		lw_puts(OUT(c), ") ");
		lw_stmt(c, n->body);
		return;
	}
	k = lw_temp(c);
	lw_printf(OUT(c), "%sfor (%s in ", labels ? labels : "", k);
	head_rhs(c, n, hs, P_SEQ);
	lw_puts(OUT(c), ") ");
	if (hs != NULL)
		c->scope = hs;
	loop_body(c, n, hs, k);
	c->scope = saved;
}

/*
 * Whether V8 names a for-of's iterable in its error (`o is not iterable`):
 * not a conditional, `&&`, `||` or optional chain, whose value it
 * describes instead.
 */
static int
of_named(struct ast_node *e)
{
	return e->kind != AST_CONDITIONAL_EXPRESSION &&
	    e->kind != AST_CHAIN_EXPRESSION &&
	    !(e->kind == AST_LOGICAL_EXPRESSION && e->op != AST_OP_NULLISH);
}

/*
 * IteratorStep's check of next()'s answer `v`: a primitive is
 * __cm.iterResult's TypeError, an object is read for done (without the
 * check an answer like 5 reads as not done, forever). Inline, but where
 * the source may make a BigInt (an object here) every answer goes to
 * __cm.iterResult.
 */
static void
iter_result(struct lw_ctx *c, const char *v)
{
	if (c->bigint)
		lw_printf(OUT(c), "__cm.iterResult(%s)", v);
	else
		lw_printf(OUT(c),
		    "(typeof %s === \"object\" && %s !== null ? %s : "
		    "__cm.iterResult(%s))",
		    v, v, v, v);
}

void
lw_for_of(struct lw_ctx *c, struct ast_node *n, const char *labels)
{
	struct lw_scope *saved = c->scope, *hs = lw_scope_of(c, n);
	const char *it = lw_temp(c), *st = lw_temp(c), *err = lw_temp(c);
	const char *nx = lw_temp(c), *val = lw_temp(c), *step = lw_temp(c);
	const char *e = lw_fresh(c, "$e", 2), *arr = NULL, *idx = NULL;
	int aw = n->is_await;
	char value[160];
	struct ast_str name = { NULL, 0 };

	if (of_named(n->right))
		name = lw_v8_name(c, n->right, aw ? LW_V8_ASYNC : LW_V8_ITER);
	/* st holds a result only while its value is in use: an abrupt
	 * next(), done or value leaves the iterator unclosed. step is the
	 * iterator's next method as the loop opened, bound to it
	 * (__cm.nextOf): GetIterator reads next once. */
	if (aw) {
		lw_printf(OUT(c), "{ %s = __cm.asyncIter(", it);
		head_rhs(c, n, hs, P_ASSIGN);
		name_arg(c, name);
		lw_printf(OUT(c),
		    "); %s = __cm.nextOf(%s); %s = void 0; %s = void 0; "
		    "try { %sfor (",
		    step, it, st, err, labels ? labels : "");
		lw_printf(OUT(c), "%s = void 0, %s = __cm.await(%s()); !", st,
		    nx, step);
		iter_result(c, nx);
		lw_printf(OUT(c),
		    ".done && (%s = %s.value, %s = %s, true); "
		    "%s = void 0, %s = __cm.await(%s())) ",
		    val, nx, st, nx, st, nx, step);
		snprintf(value, sizeof(value), "%s", val);
	} else {
		/* plain arrays with the default iterator loop by index */
		arr = lw_temp(c);
		idx = lw_temp(c);
		lw_printf(OUT(c), "{ %s = ", it);
		head_rhs(c, n, hs, P_ASSIGN);
		lw_printf(OUT(c),
		    "; %s = __cm.ofArray(%s); %s = %s ? void 0 : "
		    "__cm.iter(%s",
		    arr, it, it, arr, it);
		name_arg(c, name);
		lw_printf(OUT(c),
		    "); %s = %s ? void 0 : __cm.nextOf(%s); %s = 0; "
		    "%s = void 0; %s = void 0; try { %sfor "
		    "(; %s ? %s < %s.length : !(%s = void 0, %s = %s(), ",
		    step, arr, it, idx, st, err, labels ? labels : "", arr, idx,
		    arr, st, nx, step);
		iter_result(c, nx);
		lw_printf(OUT(c),
		    ").done && (%s = %s.value, %s = %s, true); ) ", val, nx, st,
		    nx);
		snprintf(value, sizeof(value), "%s ? %s[%s++] : %s", arr, arr,
		    idx, val);
	}
	if (hs != NULL)
		c->scope = hs;
	loop_body(c, n, hs, value);
	c->scope = saved;
	lw_printf(OUT(c),
	    " } catch (%s) { %s = { e: %s }; } finally { try { "
	    "if (%s) ",
	    e, err, e, st);
	if (aw)
		/* it awaits return()'s result itself (one tick) */
		lw_printf(OUT(c), "__cm.asyncIterClose(%s);", it);
	else
		lw_printf(OUT(c), "__cm.iterClose(%s);", it);
	lw_printf(OUT(c), " } finally { if (%s) throw %s.e; } } }", err, err);
}
