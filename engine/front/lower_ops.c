/*
 * Lowering of operators: assignments (const checks, private and super
 * targets, logical assignment), updates, unary, binary (`**`, `#x in o`)
 * and `??`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower_int.h"

/* ---- operators ---- */

/* Throws if the identifier is a constant; returns 1 when it did. */
static int
const_target(struct lw_ctx *c, struct ast_node *id)
{
	struct lw_binding *b;

	if (id->kind != AST_IDENTIFIER)
		return 0;
	b = lw_resolve(c, c->scope, id->name.s, id->name.len);
	return b != NULL &&
	    (b->kind == LW_B_CONST || b->kind == LW_B_IMPORT ||
		b->kind == LW_B_CLASSNAME);
}

static const char *
compound_text(enum ast_op op)
{
	static const char *ops[] = { "+", "-", "*", "/", "%", "**", "<<", ">>",
		">>>", "|", "^", "&" };
	int i = (int)op - (int)AST_OP_ADD_ASSIGN;

	if (i < 0 || i >= 12)
		return "+";
	return ops[i];
}

/*
 * BigInt (LOWERING.md): in a source that may make one, an operator whose
 * operand may be an object goes to __cm.bop(code, a, b) when one is; the
 * codes are 41_bigint.js's. -1: the operator is left alone.
 */
static int
big_code(enum ast_op op)
{
	static const int compound[12] = { 0, 1, 2, 3, 4, 5, 9, 10, 12, 7, 8,
		6 };
	int i = (int)op - (int)AST_OP_ADD_ASSIGN;

	if (i >= 0 && i < 12)
		return compound[i];
	switch (op) {
	case AST_OP_ADD:
		return 0;
	case AST_OP_SUB:
		return 1;
	case AST_OP_MUL:
		return 2;
	case AST_OP_DIV:
		return 3;
	case AST_OP_MOD:
		return 4;
	case AST_OP_EXP:
		return 5;
	case AST_OP_BITAND:
		return 6;
	case AST_OP_BITOR:
		return 7;
	case AST_OP_BITXOR:
		return 8;
	case AST_OP_SHL:
		return 9;
	case AST_OP_SHR:
		return 10;
	case AST_OP_USHR:
		return 12;
	case AST_OP_LT:
		return 13;
	case AST_OP_GT:
		return 14;
	case AST_OP_LE:
		return 15;
	case AST_OP_GE:
		return 16;
	case AST_OP_EQ:
		return 17;
	case AST_OP_NE:
		return 18;
	default:
		return -1;
	}
}

/* A literal no operator needs to test: a primitive's. */
static int
big_primitive(const struct ast_node *n)
{
	return n != NULL && n->kind == AST_LITERAL &&
	    n->literal_kind != AST_LIT_REGEX &&
	    n->literal_kind != AST_LIT_BIGINT;
}

static int
big_literal(const struct ast_node *n)
{
	return n != NULL && n->kind == AST_LITERAL &&
	    n->literal_kind == AST_LIT_BIGINT;
}

/*
 * l op r as (typeof l !== "object" && typeof r !== "object" ? l op r :
 * __cm.bop(code, l, r)), each operand evaluated once and in order. ltext,
 * when given, is the left operand already evaluated (a temporary).
 */
static void
big_binary(struct lw_ctx *c, enum ast_op op, const char *optext,
    const char *ltext, struct ast_node *l, struct ast_node *r)
{
	const char *lt, *lf, *rt, *rf;
	int k = big_code(op), lchk, rchk;

	if (ltext != NULL) {
		lt = lf = ltext;
		lchk = 1;
	} else {
		/* A name read after a right operand that may assign it
		 * would read the new value: read it first. */
		lt = l->kind == AST_IDENTIFIER && !lw_is_simple(c, r)
		    ? lw_eval_temp(c, l, &lf)
		    : lw_eval_once(c, l, &lf);
		lchk = !big_primitive(l);
	}
	rt = lw_eval_once(c, r, &rf);
	rchk = !big_primitive(r);
	lw_putc(OUT(c), '(');
	if (lf != lt)
		lw_printf(OUT(c), "%s, ", lf);
	if (rf != rt)
		lw_printf(OUT(c), "%s, ", rf);
	if (big_literal(l) || big_literal(r)) {
		lw_printf(OUT(c), "__cm.bop(%d, %s, %s))", k, lt, rt);
		return;
	}
	if (lchk)
		lw_printf(OUT(c), "typeof %s !== \"object\"", lt);
	if (lchk && rchk)
		lw_puts(OUT(c), " && ");
	if (rchk)
		lw_printf(OUT(c), "typeof %s !== \"object\"", rt);
	if (lchk || rchk)
		lw_puts(OUT(c), " ? ");
	if (k == 5)
		lw_printf(OUT(c), "Math.pow(%s, %s)", lt, rt);
	else
		lw_printf(OUT(c), "%s %s %s", lt, optext, rt);
	if (lchk || rchk)
		lw_printf(OUT(c), " : __cm.bop(%d, %s, %s)", k, lt, rt);
	lw_putc(OUT(c), ')');
}

/* A member target split into "obj" and "[key]"/".key" texts once. */
struct lw_target {
	const char *obj; /* temp or simple text */
	const char *key; /* ".name" or "[temp]" */
	const char *first; /* text for the first access: with assignments */
	int priv; /* private: key is the private name variable */
	int super_;
};

static void
split_target(struct lw_ctx *c, struct ast_node *m, struct lw_target *t)
{
	const char *full;

	memset(t, 0, sizeof(*t));
	if (m->object->kind == AST_SUPER) {
		t->super_ = 1;
		t->obj = "";
	} else {
		t->obj = lw_eval_once(c, m->object, &full);
	}
	if (m->property->kind == AST_PRIVATE_IDENTIFIER) {
		t->priv = 1;
		t->key = lw_private_name(c, m->property);
		t->first = full;
		return;
	}
	if (m->is_computed) {
		struct lw_buf saved;

		if (lw_is_simple(c, m->property) &&
		    m->property->kind != AST_IDENTIFIER) {
			t->key = lw_expr_str(c, m->property, P_SEQ);
			lw_capture_begin(c, &saved);
			lw_printf(
			    OUT(c), "%s[%s]", t->super_ ? "" : full, t->key);
			t->first = lw_capture_end(c, &saved);
			return;
		}
		{
			const char *k = lw_temp(c);

			lw_capture_begin(c, &saved);
			lw_printf(OUT(c), "%s[%s = ", t->super_ ? "" : full, k);
			lw_expr(c, m->property, P_ASSIGN);
			lw_putc(OUT(c), ']');
			t->first = lw_capture_end(c, &saved);
			t->key = k;
		}
		return;
	}
	{
		struct lw_buf saved;

		lw_capture_begin(c, &saved);
		lw_put_string(
		    OUT(c), m->property->name.s, m->property->name.len);
		t->key = lw_capture_end(c, &saved);
		lw_capture_begin(c, &saved);
		lw_printf(OUT(c), "%s.", t->super_ ? "" : full);
		lw_put(OUT(c), m->property->name.s, m->property->name.len);
		t->first = lw_capture_end(c, &saved);
	}
}

/* The text reading the target the second time. */
static void
target_read(
    struct lw_ctx *c, struct ast_node *m, struct lw_target *t, int first)
{
	if (t->priv) {
		lw_printf(OUT(c), "__cm.privGet(%s, %s)",
		    first ? t->first : t->obj, t->key);
		return;
	}
	if (first) {
		lw_puts(OUT(c), t->first);
		return;
	}
	if (m->is_computed)
		lw_printf(OUT(c), "%s[%s]", t->obj, t->key);
	else {
		lw_printf(OUT(c), "%s.", t->obj);
		lw_put(OUT(c), m->property->name.s, m->property->name.len);
	}
}

/* Writes `value` (emitted by cb) into a member target. */
static void
target_write_begin(
    struct lw_ctx *c, struct ast_node *m, struct lw_target *t, int first)
{
	if (t->priv) {
		lw_printf(OUT(c), "__cm.privSet(%s, %s, ",
		    first ? t->first : t->obj, t->key);
		return;
	}
	target_read(c, m, t, first);
	lw_puts(OUT(c), " = ");
}

static void
target_write_end(struct lw_ctx *c, struct lw_target *t)
{
	if (t->priv)
		lw_putc(OUT(c), ')');
}

static void
super_write(struct lw_ctx *c, struct ast_node *m, struct ast_node *value,
    enum ast_op op)
{
	struct lw_buf saved;
	const char *thisv, *key;

	lw_capture_begin(c, &saved);
	lw_this(c);
	thisv = lw_capture_end(c, &saved);
	if (m->is_computed) {
		key = lw_temp(c);
		lw_printf(OUT(c), "(%s = ", key);
		lw_expr(c, m->property, P_ASSIGN);
		lw_puts(OUT(c), ", ");
	} else {
		lw_capture_begin(c, &saved);
		lw_put_string(
		    OUT(c), m->property->name.s, m->property->name.len);
		key = lw_capture_end(c, &saved);
		lw_putc(OUT(c), '(');
	}
	lw_printf(OUT(c), "__cm.superSet(%s, %s, ",
	    c->fn->home ? c->fn->home : "null", key);
	if (op != AST_OP_ASSIGN)
		lw_printf(OUT(c), "__cm.superGet(%s, %s, %s) %s ",
		    c->fn->home ? c->fn->home : "null", key, thisv,
		    compound_text(op));
	lw_expr(c, value, op == AST_OP_ASSIGN ? P_ASSIGN : P_MUL);
	lw_printf(OUT(c), ", %s))", thisv);
}

/* x = v (naming an anonymous function v "x") or x op= v, plainly. */
static void
ident_assign(struct lw_ctx *c, struct ast_node *l, enum ast_op op,
    struct ast_node *right)
{
	lw_ident_ref(c, l);
	lw_printf(OUT(c), " %s ", ast_op_text(op));
	if (op == AST_OP_ASSIGN)
		lw_named_value(c, l, right, P_ASSIGN);
	else
		lw_expr(c, right, P_ASSIGN);
}

void
lw_assignment(struct lw_ctx *c, struct ast_node *n)
{
	const char *flag;
	struct ast_node *l = n->left;
	enum ast_op op = n->op;
	struct lw_target t;

	if (l->kind == AST_OBJECT_PATTERN || l->kind == AST_ARRAY_PATTERN) {
		const char *tmp = lw_temp(c);

		lw_printf(OUT(c), "(%s = ", tmp);
		lw_expr(c, n->right, P_ASSIGN);
		lw_puts(OUT(c), ", ");
		lw_pattern_assign(c, l, tmp, 0, n->right);
		lw_printf(OUT(c), ", %s)", tmp);
		return;
	}
	if (op == AST_OP_AND_ASSIGN || op == AST_OP_OR_ASSIGN ||
	    op == AST_OP_NULLISH_ASSIGN) {
		/* short-circuit: the write happens only when needed */
		const char *v = NULL;

		lw_putc(OUT(c), '(');
		if (l->kind == AST_IDENTIFIER) {
			if (op == AST_OP_NULLISH_ASSIGN) {
				lw_putc(OUT(c), '(');
				lw_ident_ref(c, l);
				lw_puts(OUT(c), ") != null ? ");
				lw_ident_ref(c, l);
				lw_puts(OUT(c), " : ");
			} else {
				lw_ident_ref(c, l);
				lw_puts(OUT(c),
				    op == AST_OP_AND_ASSIGN ? " && " : " || ");
			}
			lw_putc(OUT(c), '(');
			if (const_target(c, l)) {
				lw_puts(OUT(c), "__cm.constAssign(");
				lw_named_value(c, l, n->right, P_ASSIGN);
				lw_puts(OUT(c), ")");
			} else {
				lw_ident_ref(c, l);
				lw_puts(OUT(c), " = ");
				lw_named_value(c, l, n->right, P_ASSIGN);
			}
			lw_puts(OUT(c), "))");
			return;
		}
		split_target(c, l, &t);
		if (t.super_) {
			lw_error(c, n,
			    "logical assignment to super property "
			    "is not supported");
			return;
		}
		if (op == AST_OP_NULLISH_ASSIGN) {
			v = lw_temp(c);
			lw_printf(OUT(c), "(%s = ", v);
			target_read(c, l, &t, 1);
			lw_printf(OUT(c), ") != null ? %s : ", v);
		} else {
			target_read(c, l, &t, 1);
			lw_puts(
			    OUT(c), op == AST_OP_AND_ASSIGN ? " && " : " || ");
		}
		lw_putc(OUT(c), '(');
		target_write_begin(c, l, &t, 0);
		lw_expr(c, n->right, P_ASSIGN);
		target_write_end(c, &t);
		lw_puts(OUT(c), "))");
		return;
	}
	if (l->kind == AST_IDENTIFIER && (flag = lw_tdz_flag(c, l)) != NULL) {
		/* a closure writing before the binding's init */
		lw_printf(OUT(c), "(%s ? ", flag);
		if (const_target(c, l)) {
			lw_puts(OUT(c), "__cm.constAssign(");
			lw_expr(c, n->right, P_ASSIGN);
			lw_putc(OUT(c), ')');
		} else {
			ident_assign(c, l, op, n->right);
		}
		lw_tdz_else(c, l);
		return;
	}
	if (l->kind == AST_IDENTIFIER) {
		if (const_target(c, l)) {
			lw_puts(OUT(c), "__cm.constAssign(");
			if (op != AST_OP_ASSIGN) {
				lw_ident_ref(c, l);
				lw_printf(OUT(c), " %s ", compound_text(op));
				lw_expr(c, n->right, P_MUL + 1);
			} else {
				lw_named_value(c, l, n->right, P_ASSIGN);
			}
			lw_putc(OUT(c), ')');
			return;
		}
		if (c->bigint && op != AST_OP_ASSIGN) {
			lw_ident_ref(c, l);
			lw_puts(OUT(c), " = ");
			big_binary(c, op, compound_text(op), NULL, l, n->right);
			return;
		}
		ident_assign(c, l, op, n->right);
		return;
	}
	if (l->kind == AST_MEMBER_EXPRESSION && l->object->kind == AST_SUPER) {
		super_write(c, l, n->right, op);
		return;
	}
	if (c->bigint && op != AST_OP_ASSIGN &&
	    l->kind == AST_MEMBER_EXPRESSION) {
		const char *v = lw_temp(c);

		split_target(c, l, &t);
		lw_printf(OUT(c), "(%s = ", v);
		target_read(c, l, &t, 1);
		lw_puts(OUT(c), ", ");
		target_write_begin(c, l, &t, 0);
		big_binary(c, op, compound_text(op), v, NULL, n->right);
		target_write_end(c, &t);
		lw_putc(OUT(c), ')');
		return;
	}
	if (l->kind == AST_MEMBER_EXPRESSION &&
	    l->property->kind == AST_PRIVATE_IDENTIFIER) {
		split_target(c, l, &t);
		if (op == AST_OP_ASSIGN) {
			target_write_begin(c, l, &t, 1);
		} else {
			target_write_begin(c, l, &t, 1);
			target_read(c, l, &t, 0);
			lw_printf(OUT(c), " %s ", compound_text(op));
		}
		lw_expr(
		    c, n->right, op == AST_OP_ASSIGN ? P_ASSIGN : P_MUL + 1);
		target_write_end(c, &t);
		return;
	}
	if (l->kind == AST_MEMBER_EXPRESSION) {
		lw_object_expr(c, l->object);
		lw_member_prop(c, l);
		lw_printf(OUT(c), " %s ", ast_op_text(op));
		lw_expr(c, n->right, P_ASSIGN);
		return;
	}
	lw_error(c, l, "Invalid assignment target");
}

/* x++ and --x for a BigInt-aware source: a BigInt steps through
 * __cm.binc, anything else as before. */
static void
big_update(struct lw_ctx *c, struct ast_node *n)
{
	struct ast_node *a = n->argument;
	int d = n->op == AST_OP_INC ? 1 : -1;
	const char *v = lw_temp(c), *x, *op = d > 0 ? "++" : "--";
	struct lw_target t;
	struct lw_buf saved;

	if (a->kind == AST_IDENTIFIER) {
		lw_capture_begin(c, &saved);
		lw_ident_ref(c, a);
		x = lw_capture_end(c, &saved);
		if (n->is_prefix)
			lw_printf(OUT(c),
			    "(typeof %s !== \"object\" ? %s%s : "
			    "%s = __cm.binc(__cm.bnum(%s), %d))",
			    x, op, x, x, x, d);
		else
			lw_printf(OUT(c),
			    "(typeof %s !== \"object\" ? %s%s : (%s = "
			    "__cm.bnum(%s), %s = __cm.binc(%s, %d), %s))",
			    x, x, op, v, x, x, v, d, v);
		return;
	}
	split_target(c, a, &t);
	lw_printf(OUT(c), "(%s = ", v);
	target_read(c, a, &t, 1);
	lw_puts(OUT(c), ", ");
	if (!n->is_prefix)
		lw_printf(OUT(c),
		    "%s = typeof %s !== \"object\" ? +%s : __cm.bnum(%s), ", v,
		    v, v, v);
	target_write_begin(c, a, &t, 0);
	if (n->is_prefix)
		lw_printf(OUT(c),
		    "typeof %s !== \"object\" ? +%s %c 1 : "
		    "__cm.binc(__cm.bnum(%s), %d)",
		    v, v, d > 0 ? '+' : '-', v, d);
	else
		lw_printf(OUT(c),
		    "typeof %s !== \"object\" ? %s %c 1 : __cm.binc(%s, %d)", v,
		    v, d > 0 ? '+' : '-', v, d);
	target_write_end(c, &t);
	lw_printf(OUT(c), n->is_prefix ? ")" : ", %s)", v);
}

/* -x, ~x, +x and typeof x for a BigInt-aware source. */
static void
big_unary(struct lw_ctx *c, struct ast_node *n)
{
	struct ast_node *a = n->argument;
	const char *t, *full,
	    *fn = n->op == AST_OP_NEG ? "bneg"
	    : n->op == AST_OP_BITNOT  ? "bnot"
				      : "bpos";

	if (n->op == AST_OP_TYPEOF && a->kind == AST_IDENTIFIER) {
		/* An undeclared name is read only by typeof. */
		t = lw_expr_str(c, a, P_UNARY);
		lw_printf(OUT(c),
		    "(typeof %s === \"object\" ? __cm.btype(%s) : typeof %s)",
		    t, t, t);
		return;
	}
	if (n->op == AST_OP_TYPEOF && big_literal(a)) {
		lw_puts(OUT(c), "\"bigint\"");
		return;
	}
	t = lw_eval_once(c, a, &full);
	if (big_literal(a)) {
		lw_printf(OUT(c), "__cm.%s(%s)", fn, t);
		return;
	}
	lw_putc(OUT(c), '(');
	if (full != t)
		lw_printf(OUT(c), "%s, ", full);
	if (n->op == AST_OP_TYPEOF)
		lw_printf(OUT(c),
		    "typeof %s === \"object\" ? __cm.btype(%s) : typeof %s)", t,
		    t, t);
	else
		lw_printf(OUT(c),
		    "typeof %s !== \"object\" ? %s%s : __cm.%s(%s))", t,
		    ast_op_text(n->op), t, fn, t);
}

void
lw_update(struct lw_ctx *c, struct ast_node *n)
{
	struct ast_node *a = n->argument;
	const char *op = n->op == AST_OP_INC ? "++" : "--", *flag;

	if (a->kind == AST_IDENTIFIER && (flag = lw_tdz_flag(c, a)) != NULL) {
		lw_printf(OUT(c), "(%s ? ", flag);
		if (const_target(c, a)) {
			lw_puts(OUT(c), "__cm.constAssign(void 0)");
		} else {
			lw_puts(OUT(c), n->is_prefix ? op : "");
			lw_ident_ref(c, a);
			lw_puts(OUT(c), n->is_prefix ? "" : op);
		}
		lw_tdz_else(c, a);
		return;
	}
	if (a->kind == AST_IDENTIFIER && const_target(c, a)) {
		lw_puts(OUT(c), "__cm.constAssign(+");
		lw_ident_ref(c, a);
		lw_putc(OUT(c), ')');
		return;
	}
	if (c->bigint &&
	    (a->kind == AST_IDENTIFIER ||
		(a->kind == AST_MEMBER_EXPRESSION &&
		    a->object->kind != AST_SUPER))) {
		big_update(c, n);
		return;
	}
	if (a->kind == AST_MEMBER_EXPRESSION &&
	    (a->property->kind == AST_PRIVATE_IDENTIFIER ||
		a->object->kind == AST_SUPER)) {
		struct lw_target t;
		const char *v = lw_temp(c);

		if (a->object->kind == AST_SUPER) {
			lw_super_update(c, n, v);
			return;
		}
		split_target(c, a, &t);
		lw_printf(OUT(c), "(%s = +", v);
		target_read(c, a, &t, 1);
		lw_puts(OUT(c), ", ");
		target_write_begin(c, a, &t, 0);
		lw_printf(
		    OUT(c), "%s %s 1", v, n->op == AST_OP_INC ? "+" : "-");
		target_write_end(c, &t);
		/* privSet returns the value it stored */
		if (n->is_prefix)
			lw_putc(OUT(c), ')');
		else
			lw_printf(OUT(c), ", %s)", v);
		return;
	}
	if (n->is_prefix) {
		lw_puts(OUT(c), op);
		lw_expr(c, a, P_UNARY);
	} else {
		lw_expr(c, a, P_POSTFIX);
		lw_puts(OUT(c), op);
	}
}

void
lw_unary(struct lw_ctx *c, struct ast_node *n)
{
	const char *op = ast_op_text(n->op);
	struct ast_node *a = n->argument;

	if (n->op == AST_OP_DELETE && a->kind == AST_CHAIN_EXPRESSION) {
		lw_chain(c, a->expression, 1);
		return;
	}
	if (c->bigint && !big_primitive(a) &&
	    (n->op == AST_OP_NEG || n->op == AST_OP_BITNOT ||
		n->op == AST_OP_POS || n->op == AST_OP_TYPEOF)) {
		big_unary(c, n);
		return;
	}
	lw_puts(OUT(c), op);
	if (n->op == AST_OP_TYPEOF || n->op == AST_OP_VOID ||
	    n->op == AST_OP_DELETE)
		lw_putc(OUT(c), ' ');
	else if ((a->kind == AST_UNARY_EXPRESSION ||
		     (a->kind == AST_UPDATE_EXPRESSION && a->is_prefix)) &&
	    (n->op == AST_OP_NEG || n->op == AST_OP_POS))
		lw_putc(OUT(c), ' ');
	lw_expr(c, a, P_UNARY);
}

void
lw_binary(struct lw_ctx *c, struct ast_node *n)
{
	int p = lw_binary_prec(n->op);

	if (n->left->kind == AST_PRIVATE_IDENTIFIER) {
		lw_puts(OUT(c), "__cm.privIn(");
		lw_expr(c, n->right, P_ASSIGN);
		lw_printf(OUT(c), ", %s)", lw_private_name(c, n->left));
		return;
	}
	if (c->bigint && big_code(n->op) >= 0) {
		big_binary(
		    c, n->op, ast_op_text(n->op), NULL, n->left, n->right);
		return;
	}
	if (n->op == AST_OP_EXP) {
		lw_puts(OUT(c), "Math.pow(");
		lw_expr(c, n->left, P_ASSIGN);
		lw_puts(OUT(c), ", ");
		lw_expr(c, n->right, P_ASSIGN);
		lw_putc(OUT(c), ')');
		return;
	}
	lw_expr(c, n->left, p);
	lw_printf(OUT(c), " %s ", ast_op_text(n->op));
	lw_expr(c, n->right, p + 1);
}

void
lw_logical(struct lw_ctx *c, struct ast_node *n)
{
	if (n->op == AST_OP_NULLISH) {
		const char *full, *t;

		t = lw_eval_once(c, n->left, &full);
		lw_printf(OUT(c), "(%s != null ? %s : ", full, t);
		lw_expr(c, n->right, P_ASSIGN);
		lw_putc(OUT(c), ')');
		return;
	}
	{
		int p = lw_binary_prec(n->op);

		lw_expr(c, n->left, p);
		lw_printf(OUT(c), " %s ", ast_op_text(n->op));
		lw_expr(c, n->right, p + 1);
	}
}
