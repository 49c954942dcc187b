/*
 * V8's words for an expression in an error text. Node says `obj.x is not
 * iterable` and `Cannot destructure property 'a' of 'f(...)'`: V8 reparses
 * the failing function and prints the expression at the error's position
 * (its CallPrinter), and models learned JavaScript's errors from node.
 * Duktape keeps no source, so the lowering renders the name when it writes
 * the helper call that may fail and passes it as a string the helper reads
 * only on its error path (LOWERING.md "Error texts").
 *
 * The printer's rules, as node 20 shows them (tests/js/builtins/
 * error_texts_iter.js): names, `this`, literals (strings in double
 * quotes, unescaped; numbers as JavaScript prints them, `-1` folded),
 * `o.x` for `o['x']`, `o[k]`, `f(...)` for a call, every operator in
 * parentheses (`(i + 1)`, `(!(a == b))` for `!=`, a left chain of one
 * operator flat: `(a || b || c)`), an assignment as its target, and
 * "(intermediate value)" for what it does not print (functions, classes,
 * `await`, optional chains, each part of a conditional, each property of
 * an object literal). In an iteration error a call prints only its callee
 * and `new C()` prints `C` (not so for `for await`).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/numconv.h"
#include "lower_int.h"

/* Past this the runtime describes the value instead: the name is written
 * into the lowered code, which must stay small whatever the source. */
#define V8N_MAX_LEN 200
#define V8N_MAX_DEPTH 48

static const char v8n_iv[] = "(intermediate value)";

struct v8n {
	struct lw_buf b;
	int iter; /* an iteration error: calls print their callee only */
	int depth;
	int fail; /* too long or too deep */
};

static void v8n_find(struct v8n *, struct ast_node *);

/* A number as V8 prints the literal's value, Number::toString's text
 * (`0x10` is `16`, `1e21` is `1e+21`). */
static void
v8n_number(struct lw_buf *b, double d)
{
	char tmp[NUMCONV_FORMAT_MAX];

	lw_put(b, tmp, numconv_format(d, tmp));
}

static void
v8n_literal(struct v8n *v, struct ast_node *n)
{
	static const char order[] = "dgimsuvy"; /* V8 prints flags sorted */
	size_t i;

	switch (n->literal_kind) {
	case AST_LIT_NULL:
		lw_puts(&v->b, "null");
		break;
	case AST_LIT_BOOLEAN:
		lw_puts(&v->b, n->bool_value ? "true" : "false");
		break;
	case AST_LIT_NUMBER:
		v8n_number(&v->b, n->num);
		break;
	case AST_LIT_STRING:
		lw_putc(&v->b, '"');
		lw_put(&v->b, n->str.s, n->str.len);
		lw_putc(&v->b, '"');
		break;
	case AST_LIT_REGEX:
		lw_putc(&v->b, '/');
		lw_put(&v->b, n->regex_pattern.s, n->regex_pattern.len);
		lw_putc(&v->b, '/');
		for (i = 0; order[i] != '\0' && n->regex_flags.len > 0; i++)
			if (memchr(n->regex_flags.s, order[i],
				n->regex_flags.len) != NULL)
				lw_putc(&v->b, order[i]);
		break;
	case AST_LIT_BIGINT:
		break; /* V8 prints nothing for it */
	}
}

/* A template without substitutions is a string literal to V8. */
static int
v8n_plain_template(struct ast_node *n)
{
	return n->kind == AST_TEMPLATE_LITERAL && n->expressions.len == 0 &&
	    n->quasis.len == 1 && n->quasis.items[0]->cooked_valid;
}

static void
v8n_member(struct v8n *v, struct ast_node *n)
{
	struct ast_node *k = n->property;

	if (n->object->kind == AST_SUPER)
		lw_puts(&v->b, v8n_iv);
	else
		v8n_find(v, n->object);
	if (!n->is_computed && k->kind == AST_IDENTIFIER) {
		lw_putc(&v->b, '.');
		lw_put(&v->b, k->name.s, k->name.len);
	} else if (k->kind == AST_PRIVATE_IDENTIFIER) {
		lw_puts(&v->b, "[#");
		lw_put(&v->b, k->name.s, k->name.len);
		lw_putc(&v->b, ']');
	} else if (k->kind == AST_LITERAL &&
	    k->literal_kind == AST_LIT_STRING) {
		/* a string key reads as a name, whatever its characters */
		lw_putc(&v->b, '.');
		lw_put(&v->b, k->str.s, k->str.len);
	} else if (v8n_plain_template(k)) {
		lw_putc(&v->b, '.');
		lw_put(&v->b, k->quasis.items[0]->cooked.s,
		    k->quasis.items[0]->cooked.len);
	} else {
		lw_putc(&v->b, '[');
		v8n_find(v, k);
		lw_putc(&v->b, ']');
	}
}

/* A left chain of one operator is one flat list in V8's tree. */
static void
v8n_chain(struct v8n *v, struct ast_node *n, enum ast_kind kind, enum ast_op op)
{
	if (n->kind == kind && n->op == op) {
		v8n_chain(v, n->left, kind, op);
		lw_printf(&v->b, " %s ", ast_op_text(op));
		v8n_find(v, n->right);
	} else {
		v8n_find(v, n);
	}
}

static void
v8n_binary(struct v8n *v, struct ast_node *n)
{
	enum ast_op op = n->op;
	int prec = lw_binary_prec(op);

	if (op == AST_OP_NE || op == AST_OP_SNE) {
		/* V8 parses `a != b` as `!(a == b)` */
		lw_puts(&v->b, "(!(");
		v8n_find(v, n->left);
		lw_puts(&v->b, op == AST_OP_NE ? " == " : " === ");
		v8n_find(v, n->right);
		lw_puts(&v->b, "))");
	} else if (prec == P_EQ || prec == P_REL || op == AST_OP_EXP) {
		/* comparisons and `**` are never flattened */
		lw_putc(&v->b, '(');
		v8n_find(v, n->left);
		lw_printf(&v->b, " %s ", ast_op_text(op));
		v8n_find(v, n->right);
		lw_putc(&v->b, ')');
	} else {
		lw_putc(&v->b, '(');
		v8n_chain(v, n, n->kind, op);
		lw_putc(&v->b, ')');
	}
}

static void
v8n_unary(struct v8n *v, struct ast_node *n)
{
	struct ast_node *a = n->argument;

	if ((n->op == AST_OP_NEG || n->op == AST_OP_POS) &&
	    a->kind == AST_LITERAL && a->literal_kind == AST_LIT_NUMBER) {
		/* the parser folds a sign into the number */
		v8n_number(&v->b, n->op == AST_OP_NEG ? -a->num : a->num);
		return;
	}
	lw_printf(&v->b, "(%s", ast_op_text(n->op));
	if (n->op == AST_OP_TYPEOF || n->op == AST_OP_VOID ||
	    n->op == AST_OP_DELETE)
		lw_putc(&v->b, ' ');
	v8n_find(v, a);
	lw_putc(&v->b, ')');
}

static void
v8n_list(struct v8n *v, struct ast_list *l, const char *sep)
{
	size_t i;

	for (i = 0; i < l->len; i++) {
		struct ast_node *e = l->items[i];

		if (i > 0)
			lw_puts(&v->b, sep);
		if (e == NULL) {
			lw_puts(&v->b, v8n_iv); /* a hole */
		} else if (e->kind == AST_SPREAD_ELEMENT) {
			lw_puts(&v->b, "(...");
			v8n_find(v, e->argument);
			lw_putc(&v->b, ')');
		} else {
			v8n_find(v, e);
		}
	}
}

/* Prints what V8 prints for n, which may be nothing. */
static void
v8n_visit(struct v8n *v, struct ast_node *n)
{
	size_t i;

	switch (n->kind) {
	case AST_IDENTIFIER:
		lw_put(&v->b, n->name.s, n->name.len);
		break;
	case AST_PRIVATE_IDENTIFIER:
		lw_putc(&v->b, '#');
		lw_put(&v->b, n->name.s, n->name.len);
		break;
	case AST_THIS_EXPRESSION:
		lw_puts(&v->b, "this");
		break;
	case AST_LITERAL:
		v8n_literal(v, n);
		break;
	case AST_TEMPLATE_LITERAL:
		if (v8n_plain_template(n)) {
			lw_putc(&v->b, '"');
			lw_put(&v->b, n->quasis.items[0]->cooked.s,
			    n->quasis.items[0]->cooked.len);
			lw_putc(&v->b, '"');
		} else {
			/* V8 prints the substitutions, run together */
			for (i = 0; i < n->expressions.len; i++)
				v8n_find(v, n->expressions.items[i]);
		}
		break;
	case AST_ARRAY_EXPRESSION:
		lw_putc(&v->b, '[');
		v8n_list(v, &n->elements, ",");
		lw_putc(&v->b, ']');
		break;
	case AST_OBJECT_EXPRESSION:
		lw_putc(&v->b, '{');
		for (i = 0; i < n->properties.len; i++)
			lw_puts(&v->b, v8n_iv);
		lw_putc(&v->b, '}');
		break;
	case AST_MEMBER_EXPRESSION:
		v8n_member(v, n);
		break;
	case AST_CALL_EXPRESSION:
		if (n->callee->kind == AST_SUPER)
			lw_puts(&v->b, "super");
		else
			v8n_find(v, n->callee);
		if (!v->iter)
			lw_puts(&v->b, "(...)");
		break;
	case AST_TAGGED_TEMPLATE_EXPRESSION:
		v8n_find(v, n->tag);
		if (!v->iter)
			lw_puts(&v->b, "(...)");
		break;
	case AST_NEW_EXPRESSION:
		if (v->iter)
			v8n_find(v, n->callee);
		else
			lw_puts(&v->b, v8n_iv);
		break;
	case AST_UNARY_EXPRESSION:
		v8n_unary(v, n);
		break;
	case AST_UPDATE_EXPRESSION:
		lw_putc(&v->b, '(');
		if (n->is_prefix)
			lw_puts(&v->b, ast_op_text(n->op));
		v8n_find(v, n->argument);
		if (!n->is_prefix)
			lw_puts(&v->b, ast_op_text(n->op));
		lw_putc(&v->b, ')');
		break;
	case AST_BINARY_EXPRESSION:
	case AST_LOGICAL_EXPRESSION:
		v8n_binary(v, n);
		break;
	case AST_SEQUENCE_EXPRESSION:
		lw_putc(&v->b, '(');
		v8n_list(v, &n->expressions, " , ");
		lw_putc(&v->b, ')');
		break;
	case AST_ASSIGNMENT_EXPRESSION:
		v8n_find(v, n->left);
		break;
	case AST_CONDITIONAL_EXPRESSION:
		for (i = 0; i < 3; i++)
			lw_puts(&v->b, v8n_iv);
		break;
	case AST_META_PROPERTY:
		/* the hidden variable V8 keeps new.target in */
		if (lw_str_eq(n->meta->name, "new"))
			lw_puts(&v->b, ".new.target");
		break;
	default:
		/* functions, classes, await, yield, optional chains,
		 * patterns: nothing */
		break;
	}
}

/* Prints n, or "(intermediate value)" when V8 prints nothing for it. */
static void
v8n_find(struct v8n *v, struct ast_node *n)
{
	size_t before = v->b.len;

	if (v->fail || v->b.len > V8N_MAX_LEN || ++v->depth > V8N_MAX_DEPTH) {
		v->fail = 1;
		return;
	}
	v8n_visit(v, n);
	if (v->b.len == before)
		lw_puts(&v->b, v8n_iv);
	v->depth--;
}

struct ast_str
lw_v8_name(struct lw_ctx *c, struct ast_node *n, int iter)
{
	struct v8n v = { { 0 }, iter == LW_V8_ITER, 0, 0 };
	struct ast_str r = { NULL, 0 };

	v8n_find(&v, n);
	if (v.fail || v.b.len > V8N_MAX_LEN) {
		lw_buf_free(&v.b);
		return r;
	}
	/* V8's words for a call whose result does not iterate */
	if (iter != 0 &&
	    (n->kind == AST_CALL_EXPRESSION || n->kind == AST_NEW_EXPRESSION ||
		n->kind == AST_TAGGED_TEMPLATE_EXPRESSION))
		lw_puts(&v.b, " is not a function or its return value");
	if (!v.b.oom)
		r = ast_str_dup(c->arena, v.b.p, v.b.len);
	if (r.s == NULL)
		c->out.oom = 1;
	lw_buf_free(&v.b);
	return r;
}
