/*
 * Lowering of calls, `new` and optional chains: spread arguments through
 * apply, receivers kept for member calls, short-circuiting chains.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower_int.h"

/* ---- calls ---- */

void
lw_args(struct lw_ctx *c, struct ast_list *args)
{
	size_t i;

	lw_putc(OUT(c), '(');
	for (i = 0; i < args->len; i++) {
		if (i > 0)
			lw_puts(OUT(c), ", ");
		lw_expr(c, args->items[i], P_ASSIGN);
	}
	lw_putc(OUT(c), ')');
}

/* A callee that must not pass a receiver it does not have. */
void
lw_callee(struct lw_ctx *c, struct ast_node *callee)
{
	if (callee->kind == AST_IDENTIFIER) {
		struct lw_binding *b =
		    lw_resolve(c, c->scope, callee->name.s, callee->name.len);
		/* eval code calling a caller's binding in an env object */
		const char *o = b == NULL && c->nouter > 0
		    ? lw_outer_name(c, callee->name.s, callee->name.len)
		    : NULL;

		if ((b != NULL &&
			(b->env ||
			    (b->kind == LW_B_IMPORT && b->imp_obj != NULL))) ||
		    (o != NULL && strchr(o, '.'))) {
			lw_puts(OUT(c), "(0, ");
			lw_ident_ref(c, callee);
			lw_putc(OUT(c), ')');
			return;
		}
	}
	if (lw_prec_of(callee) < P_CALL ||
	    callee->kind == AST_FUNCTION_EXPRESSION) {
		lw_putc(OUT(c), '(');
		lw_expr(c, callee, P_SEQ);
		lw_putc(OUT(c), ')');
		return;
	}
	lw_expr(c, callee, P_CALL);
}

/* .call(recv, args) or .apply(recv, spread args) of call `n`. */
static void
call_on(struct lw_ctx *c, const char *recv, struct ast_node *n, int spread)
{
	size_t i;

	if (spread) {
		lw_printf(OUT(c), ".apply(%s, ", recv);
		lw_array_spread(c, &n->arguments, 1);
		lw_putc(OUT(c), ')');
		return;
	}
	lw_printf(OUT(c), ".call(%s", recv);
	for (i = 0; i < n->arguments.len; i++) {
		lw_puts(OUT(c), ", ");
		lw_expr(c, n->arguments.items[i], P_ASSIGN);
	}
	lw_putc(OUT(c), ')');
}

/*
 * (a?.b)(...): a parenthesised chain is still a reference, so the call gets
 * a as `this`. When the chain short-circuits, reading the property of the
 * nullish object throws the TypeError calling undefined would have.
 */
static void
lw_call_paren_chain(
    struct lw_ctx *c, struct ast_node *n, struct ast_node *m, int spread)
{
	const char *o = lw_temp(c);

	lw_printf(OUT(c), "(%s = ", o);
	if (m->object->kind == AST_MEMBER_EXPRESSION ||
	    m->object->kind == AST_CALL_EXPRESSION)
		lw_chain(c, m->object, 0);
	else
		lw_expr(c, m->object, P_ASSIGN);
	lw_printf(OUT(c), ", %s", o);
	lw_member_prop(c, m);
	lw_putc(OUT(c), ')');
	call_on(c, o, n, spread);
}

void
lw_call(struct lw_ctx *c, struct ast_node *n)
{
	struct ast_node *callee = n->callee;
	int spread = lw_has_spread(&n->arguments);

	if (callee->kind == AST_SUPER) {
		lw_super_call(c, n);
		return;
	}
	if (lw_direct_eval(c, n))
		return;
	if (callee->kind == AST_MEMBER_EXPRESSION &&
	    (callee->object->kind == AST_SUPER ||
		callee->property->kind == AST_PRIVATE_IDENTIFIER || spread)) {
		/* fn.call(receiver, ...) keeps `this` */
		const char *recv, *full;

		if (callee->object->kind == AST_SUPER) {
			struct lw_buf saved;

			lw_capture_begin(c, &saved);
			lw_this(c);
			recv = lw_capture_end(c, &saved);
			lw_super_member(c, callee);
		} else {
			recv = lw_eval_once(c, callee->object, &full);
			if (callee->property->kind == AST_PRIVATE_IDENTIFIER) {
				lw_printf(OUT(c), "__cm.privGet(%s, %s)", full,
				    lw_private_name(c, callee->property));
			} else {
				lw_puts(OUT(c), full);
				lw_member_prop(c, callee);
			}
		}
		call_on(c, recv, n, spread);
		return;
	}
	if (callee->kind == AST_CHAIN_EXPRESSION &&
	    callee->expression->kind == AST_MEMBER_EXPRESSION &&
	    callee->expression->object->kind != AST_SUPER &&
	    callee->expression->property->kind != AST_PRIVATE_IDENTIFIER) {
		lw_call_paren_chain(c, n, callee->expression, spread);
		return;
	}
	lw_callee(c, callee);
	if (spread) {
		lw_puts(OUT(c), ".apply(void 0, ");
		lw_array_spread(c, &n->arguments, 1);
		lw_putc(OUT(c), ')');
		return;
	}
	lw_args(c, &n->arguments);
}

/*
 * A `new` callee that can be written bare: a name, or a member chain whose
 * every link is plain and whose base is no call in the output. A call
 * (`new (f().a.m)()`) or a class expression, which lowers to one, at the
 * base would otherwise become `new f().a.m()`, and `new` would take the
 * first call for its own.
 */
static int
new_callee_bare(struct ast_node *e)
{
	if (e->kind == AST_IDENTIFIER)
		return 1;
	if (e->kind != AST_MEMBER_EXPRESSION)
		return 0;
	while (e->kind == AST_MEMBER_EXPRESSION) {
		if (e->object->kind == AST_SUPER ||
		    e->property->kind == AST_PRIVATE_IDENTIFIER)
			return 0;
		e = e->object;
	}
	return lw_prec_of(e) >= P_MEMBER && e->kind != AST_CALL_EXPRESSION &&
	    e->kind != AST_CLASS_EXPRESSION;
}

void
lw_new(struct lw_ctx *c, struct ast_node *n)
{
	if (lw_has_spread(&n->arguments)) {
		lw_puts(OUT(c), "__cm.construct(");
		lw_expr(c, n->callee, P_ASSIGN);
		lw_puts(OUT(c), ", ");
		lw_array_spread(c, &n->arguments, 1);
		lw_putc(OUT(c), ')');
		return;
	}
	lw_puts(OUT(c), "new ");
	if (new_callee_bare(n->callee)) {
		lw_expr(c, n->callee, P_MEMBER);
	} else {
		lw_putc(OUT(c), '(');
		lw_expr(c, n->callee, P_SEQ);
		lw_putc(OUT(c), ')');
	}
	lw_args(c, &n->arguments);
}

/* ---- optional chains ---- */

#define CHAIN_MAX 64

void
lw_chain(struct lw_ctx *c, struct ast_node *n, int is_delete)
{
	struct ast_node *links[CHAIN_MAX], *base, *e = n;
	struct lw_buf saved;
	const char *cur, *recv = NULL;
	int nl = 0, i, close = 0;
	struct lw_buf pre = { 0 };

	/*
	 * super.x and super(...) stay whole: the base lowers them. A
	 * parenthesised chain right before an optional link joins this one:
	 * (a?.b)?.() short-circuits as a?.b?.() does, and keeps a as `this`.
	 */
	while (nl < CHAIN_MAX) {
		if (e->kind == AST_CHAIN_EXPRESSION && nl > 0 &&
		    links[nl - 1]->is_optional) {
			e = e->expression;
			continue;
		}
		if (!((e->kind == AST_MEMBER_EXPRESSION &&
			  e->object->kind != AST_SUPER) ||
			(e->kind == AST_CALL_EXPRESSION &&
			    e->callee->kind != AST_SUPER)))
			break;
		links[nl++] = e;
		e = e->kind == AST_MEMBER_EXPRESSION ? e->object : e->callee;
	}
	base = e;
	if (nl == CHAIN_MAX) {
		lw_error(c, n, "optional chain too long");
		return;
	}
	cur = lw_expr_str(c, base, P_CALL);
	if (lw_prec_of(base) < P_CALL)
		cur = lw_expr_str(c, base, P_PRIMARY);
	/* super.m?.(): the method is called on this function's `this`. */
	if (base->kind == AST_MEMBER_EXPRESSION && nl > 0 &&
	    links[nl - 1]->kind == AST_CALL_EXPRESSION) {
		lw_capture_begin(c, &saved);
		lw_this(c);
		recv = lw_capture_end(c, &saved);
	}
	for (i = nl - 1; i >= 0; i--) {
		struct ast_node *l = links[i];
		struct ast_node *next = i > 0 ? links[i - 1] : NULL;
		int next_call =
		    next != NULL && next->kind == AST_CALL_EXPRESSION;

		if (l->is_optional) {
			const char *t = lw_temp(c);

			lw_printf(&pre, "((%s = %s) == null ? %s : ", t, cur,
			    is_delete ? "true" : "void 0");
			close++;
			cur = t;
		}
		lw_capture_begin(c, &saved);
		if (l->kind == AST_MEMBER_EXPRESSION) {
			const char *obj = cur;

			if (next_call &&
			    (next->is_optional ||
				l->property->kind == AST_PRIVATE_IDENTIFIER ||
				lw_has_spread(&next->arguments))) {
				const char *r = lw_temp(c);

				lw_printf(OUT(c), "(%s = %s)", r, cur);
				obj = lw_capture_end(c, &saved);
				lw_capture_begin(c, &saved);
				recv = r;
			} else {
				recv = NULL;
			}
			if (l->property->kind == AST_PRIVATE_IDENTIFIER) {
				lw_printf(OUT(c), "__cm.privGet(%s, %s)", obj,
				    lw_private_name(c, l->property));
			} else {
				lw_puts(OUT(c), obj);
				lw_member_prop(c, l);
			}
		} else {
			int spread = lw_has_spread(&l->arguments);

			if (recv != NULL) {
				lw_printf(OUT(c), "%s.%s(%s", cur,
				    spread ? "apply" : "call", recv);
				if (spread) {
					lw_puts(OUT(c), ", ");
					lw_array_spread(c, &l->arguments, 1);
				} else {
					size_t k;

					for (k = 0; k < l->arguments.len; k++) {
						lw_puts(OUT(c), ", ");
						lw_expr(c,
						    l->arguments.items[k],
						    P_ASSIGN);
					}
				}
				lw_putc(OUT(c), ')');
			} else if (spread) {
				lw_printf(OUT(c), "%s.apply(void 0, ", cur);
				lw_array_spread(c, &l->arguments, 1);
				lw_putc(OUT(c), ')');
			} else {
				lw_puts(OUT(c), cur);
				lw_args(c, &l->arguments);
			}
			recv = NULL;
		}
		cur = lw_capture_end(c, &saved);
	}
	if (pre.oom)
		c->out.oom = 1;
	if (pre.p != NULL)
		lw_puts(OUT(c), pre.p);
	if (is_delete)
		lw_puts(OUT(c), "delete ");
	lw_puts(OUT(c), cur);
	for (i = 0; i < close; i++)
		lw_putc(OUT(c), ')');
	lw_buf_free(&pre);
}
