/*
 * Lowering of expressions: identifiers (renames, environments, TDZ, const),
 * literals, templates, operators (??, logical assignment), optional chains,
 * calls and `new` with spread, object literals.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "lower_int.h"

void
lw_capture_begin(struct lw_ctx *c, struct lw_buf *saved)
{
	struct lw_buf tmp = { 0 };

	*saved = c->out;
	tmp.line = saved->line;
	c->out = tmp;
}

const char *
lw_capture_end(struct lw_ctx *c, struct lw_buf *saved)
{
	struct lw_buf tmp = c->out;
	const char *s;

	c->out = *saved;
	c->out.line = tmp.line;
	if (tmp.oom)
		c->out.oom = 1;
	s = lw_cstr(c, tmp.p ? tmp.p : "", tmp.len);
	lw_buf_free(&tmp);
	return s;
}

const char *
lw_expr_str(struct lw_ctx *c, struct ast_node *n, int prec)
{
	struct lw_buf saved;

	lw_capture_begin(c, &saved);
	lw_expr(c, n, prec);
	return lw_capture_end(c, &saved);
}

int
lw_binary_prec(enum ast_op op)
{
	switch (op) {
	case AST_OP_NULLISH:
	case AST_OP_OR:
		return P_OR;
	case AST_OP_AND:
		return P_AND;
	case AST_OP_BITOR:
		return P_BOR;
	case AST_OP_BITXOR:
		return P_BXOR;
	case AST_OP_BITAND:
		return P_BAND;
	case AST_OP_EQ:
	case AST_OP_NE:
	case AST_OP_SEQ:
	case AST_OP_SNE:
		return P_EQ;
	case AST_OP_LT:
	case AST_OP_LE:
	case AST_OP_GT:
	case AST_OP_GE:
	case AST_OP_IN:
	case AST_OP_INSTANCEOF:
		return P_REL;
	case AST_OP_SHL:
	case AST_OP_SHR:
	case AST_OP_USHR:
		return P_SHIFT;
	case AST_OP_ADD:
	case AST_OP_SUB:
		return P_ADD;
	case AST_OP_MUL:
	case AST_OP_DIV:
	case AST_OP_MOD:
		return P_MUL;
	case AST_OP_EXP:
		return P_EXP;
	default:
		return P_PRIMARY;
	}
}

int
lw_prec_of(struct ast_node *n)
{
	switch (n->kind) {
	case AST_SEQUENCE_EXPRESSION:
		return P_SEQ;
	case AST_ASSIGNMENT_EXPRESSION:
		if (n->op == AST_OP_AND_ASSIGN || n->op == AST_OP_OR_ASSIGN ||
		    n->op == AST_OP_NULLISH_ASSIGN)
			return P_PRIMARY;
		if (n->left->kind == AST_OBJECT_PATTERN ||
		    n->left->kind == AST_ARRAY_PATTERN)
			return P_PRIMARY;
		return P_ASSIGN;
	case AST_YIELD_EXPRESSION:
	case AST_ARROW_FUNCTION_EXPRESSION:
		return P_PRIMARY; /* lowered to a call or function */
	case AST_CONDITIONAL_EXPRESSION:
		return P_COND;
	case AST_LOGICAL_EXPRESSION:
		if (n->op == AST_OP_NULLISH)
			return P_PRIMARY;
		return lw_binary_prec(n->op);
	case AST_BINARY_EXPRESSION:
		if (n->left->kind == AST_PRIVATE_IDENTIFIER)
			return P_PRIMARY;
		return lw_binary_prec(n->op);
	case AST_UNARY_EXPRESSION:
		return P_UNARY;
	case AST_AWAIT_EXPRESSION:
		return P_PRIMARY;
	case AST_UPDATE_EXPRESSION:
		return n->is_prefix ? P_UNARY : P_POSTFIX;
	case AST_CALL_EXPRESSION:
	case AST_NEW_EXPRESSION:
	case AST_TAGGED_TEMPLATE_EXPRESSION:
		return P_CALL;
	case AST_MEMBER_EXPRESSION:
		return P_MEMBER;
	default:
		return P_PRIMARY;
	}
}

/* ---- identifiers ---- */

void
lw_binding_name(struct lw_ctx *c, struct lw_binding *b)
{
	if (b == NULL)
		return;
	if (b->env)
		lw_printf(OUT(c), "%s.%s", b->scope->env, b->emit);
	else
		lw_puts(OUT(c), b->emit);
}

static int
is_ident_name(struct ast_str s)
{
	size_t i;

	if (s.len == 0)
		return 0;
	for (i = 0; i < s.len; i++) {
		unsigned char ch = (unsigned char)s.s[i];

		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
			ch == '_' || ch == '$' ||
			(i > 0 && ch >= '0' && ch <= '9')))
			return 0;
	}
	return 1;
}

static void
import_ref(struct lw_ctx *c, struct lw_binding *b)
{
	if (b->imp_obj == NULL) {
		lw_puts(OUT(c), b->emit);
		return;
	}
	lw_puts(OUT(c), b->imp_obj);
	if (b->imp_name.len == 1 && b->imp_name.s[0] == '*')
		return;
	if (is_ident_name(b->imp_name)) {
		lw_putc(OUT(c), '.');
		lw_put(OUT(c), b->imp_name.s, b->imp_name.len);
	} else {
		lw_putc(OUT(c), '[');
		lw_put_string(OUT(c), b->imp_name.s, b->imp_name.len);
		lw_putc(OUT(c), ']');
	}
}

static int
is_lexical(struct lw_binding *b)
{
	return b->kind == LW_B_LET || b->kind == LW_B_CONST ||
	    b->kind == LW_B_CLASS || (b->kind == LW_B_PARAM && b->decl_end);
}

void
lw_ident_ref(struct lw_ctx *c, struct ast_node *id)
{
	struct lw_binding *b =
	    lw_resolve(c, c->scope, id->name.s, id->name.len);
	const char *outer;

	if (b == NULL) {
		if (lw_str_eq(id->name, "arguments") &&
		    (c->scope->fn->kind == LW_S_ARROW ||
			c->scope->fn->kind == LW_S_CLASS) &&
		    lw_this_scope(c->scope)->kind == LW_S_FUNCTION) {
			lw_puts(OUT(c), "$args");
			return;
		}
		if ((c->arrow_eval & LOWER_F_ARGS) &&
		    lw_str_eq(id->name, "arguments") &&
		    lw_this_scope(c->scope)->kind == LW_S_PROGRAM) {
			/* eval code in an arrow: the enclosing function's */
			lw_puts(OUT(c), "$args");
			return;
		}
		if (c->nouter > 0 &&
		    (outer = lw_outer_name(c, id->name.s, id->name.len)) !=
			NULL) {
			/* eval code: the caller renamed this binding */
			lw_puts(OUT(c), outer);
			return;
		}
		lw_put(OUT(c), id->name.s, id->name.len);
		return;
	}
	if (is_lexical(b) && b->scope->fn == c->scope->fn &&
	    id->start < b->decl_end) {
		lw_puts(OUT(c), "__cm.tdz(");
		lw_put_string(OUT(c), id->name.s, id->name.len);
		lw_putc(OUT(c), ')');
		return;
	}
	if (b->kind == LW_B_IMPORT) {
		import_ref(c, b);
		return;
	}
	lw_binding_name(c, b);
}

/* The flag text of a binding's runtime TDZ check (scope.c), or NULL. */
const char *
lw_tdz_flag_of(struct lw_ctx *c, struct lw_binding *b)
{
	struct lw_buf saved;

	if (b == NULL || b->tdz == NULL)
		return NULL;
	if (!b->env)
		return b->tdz;
	lw_capture_begin(c, &saved);
	lw_printf(OUT(c), "%s.%s", b->scope->env, b->tdz);
	return lw_capture_end(c, &saved);
}

/* The TDZ flag to test at this reference: one from a closure. */
const char *
lw_tdz_flag(struct lw_ctx *c, struct ast_node *id)
{
	struct lw_binding *b;

	if (c->ntdz == 0)
		return NULL;
	b = lw_resolve(c, c->scope, id->name.s, id->name.len);
	if (b == NULL || b->tdz == NULL || b->scope->fn == c->scope->fn)
		return NULL;
	return lw_tdz_flag_of(c, b);
}

/* " : __cm.tdz("x"))", closing a checked access. */
void
lw_tdz_else(struct lw_ctx *c, struct ast_node *id)
{
	lw_puts(OUT(c), " : __cm.tdz(");
	lw_put_string(OUT(c), id->name.s, id->name.len);
	lw_puts(OUT(c), "))");
}

/* Whether evaluating the node twice is harmless and cheap. */
int
lw_is_simple(struct lw_ctx *c, struct ast_node *n)
{
	struct lw_binding *b;

	switch (n->kind) {
	case AST_LITERAL:
		return n->literal_kind != AST_LIT_REGEX;
	case AST_THIS_EXPRESSION:
		return 1;
	case AST_IDENTIFIER:
		b = lw_resolve(c, c->scope, n->name.s, n->name.len);
		if (b == NULL)
			return 1; /* a global: reading it twice is harmless */
		return b->kind != LW_B_IMPORT && !b->env &&
		    !(is_lexical(b) && b->scope->fn == c->scope->fn &&
			n->start < b->decl_end);
	default:
		return 0;
	}
}

/* Emits "x" when simple, else "($t = x)" and sets *t to the temp. */
const char *
lw_eval_once(struct lw_ctx *c, struct ast_node *n, const char **full)
{
	const char *t;

	if (lw_is_simple(c, n)) {
		t = lw_expr_str(c, n, P_MEMBER);
		*full = t;
		return t;
	}
	return lw_eval_temp(c, n, full);
}

const char *
lw_eval_temp(struct lw_ctx *c, struct ast_node *n, const char **full)
{
	const char *t = lw_temp(c);
	struct lw_buf saved;

	lw_capture_begin(c, &saved);
	lw_printf(OUT(c), "(%s = ", t);
	lw_expr(c, n, P_ASSIGN);
	lw_putc(OUT(c), ')');
	*full = lw_capture_end(c, &saved);
	return t;
}

void
lw_this(struct lw_ctx *c)
{
	struct lw_scope *ts = lw_this_scope(c->scope);

	if (ts->derived_ctor)
		lw_puts(OUT(c), "($self || __cm.noThis())");
	else if (ts != c->scope->fn ||
	    (ts->kind == LW_S_PROGRAM && (c->arrow_eval & LOWER_F_THIS)))
		lw_puts(OUT(c), "$this");
	else if (ts->kind == LW_S_PROGRAM && c->module)
		/* In parentheses: `this.x` must not become `void 0.x`. */
		lw_puts(OUT(c), "(void 0)");
	else
		lw_puts(OUT(c), "this");
}

/* ---- literals ---- */

/*
 * The one BigInt of the literal's value (41_bigint.js), from its digits
 * without separators or `n`, made once per run of the program (a
 * program-level temporary): a loop's bound is not looked up at each test.
 */
static void
bigint_literal(struct lw_ctx *c, struct ast_node *n)
{
	const char *t = lw_temp_top(c);

	lw_printf(OUT(c), "(%s || (%s = __cm.big(", t, t);
	lw_put_string(OUT(c), n->str.s, n->str.len);
	lw_puts(OUT(c), ")))");
}

static void
literal(struct lw_ctx *c, struct ast_node *n)
{
	switch (n->literal_kind) {
	case AST_LIT_NULL:
		lw_puts(OUT(c), "null");
		break;
	case AST_LIT_BOOLEAN:
		lw_puts(OUT(c), n->bool_value ? "true" : "false");
		break;
	case AST_LIT_NUMBER:
		lw_put_number(OUT(c), n->num);
		break;
	case AST_LIT_STRING:
		lw_put_string(OUT(c), n->str.s, n->str.len);
		break;
	case AST_LIT_REGEX:
		/* A fresh RegExp of the prelude's per evaluation
		 * (40_regexp.js); the parser has checked the pattern. */
		lw_puts(OUT(c), "__cm.re(");
		lw_put_string(OUT(c), n->regex_pattern.s, n->regex_pattern.len);
		lw_puts(OUT(c), ", ");
		lw_put_string(OUT(c), n->regex_flags.s, n->regex_flags.len);
		lw_putc(OUT(c), ')');
		break;
	case AST_LIT_BIGINT:
		bigint_literal(c, n);
		break;
	}
}

static void template(struct lw_ctx *c, struct ast_node *n)
{
	size_t i;
	struct ast_node *q0 = n->quasis.len ? n->quasis.items[0] : NULL;

	if (n->expressions.len == 0) {
		if (q0 != NULL)
			lw_put_string(OUT(c), q0->cooked.s, q0->cooked.len);
		else
			lw_puts(OUT(c), "\"\"");
		return;
	}
	/* String.prototype.concat applies ToString, as templates do */
	lw_put_string(OUT(c), q0 ? q0->cooked.s : "", q0 ? q0->cooked.len : 0);
	lw_puts(OUT(c), ".concat(");
	for (i = 0; i < n->expressions.len; i++) {
		struct ast_node *q =
		    i + 1 < n->quasis.len ? n->quasis.items[i + 1] : NULL;

		if (i > 0)
			lw_puts(OUT(c), ", ");
		lw_expr(c, n->expressions.items[i], P_ASSIGN);
		if (q != NULL && q->cooked.len > 0) {
			lw_puts(OUT(c), ", ");
			lw_put_string(OUT(c), q->cooked.s, q->cooked.len);
		}
	}
	lw_putc(OUT(c), ')');
}

static void
tagged_template(struct lw_ctx *c, struct ast_node *n)
{
	struct ast_node *q = n->quasi;
	const char *cache = lw_temp_top(c);
	size_t i;

	lw_callee(c, n->tag);
	lw_printf(OUT(c), "(%s || (%s = __cm.tplObj([", cache, cache);
	for (i = 0; i < q->quasis.len; i++) {
		struct ast_node *e = q->quasis.items[i];

		if (i > 0)
			lw_puts(OUT(c), ", ");
		if (e->cooked_valid || e->cooked.s != NULL)
			lw_put_string(OUT(c), e->cooked.s, e->cooked.len);
		else
			lw_puts(OUT(c), "void 0");
	}
	lw_puts(OUT(c), "], [");
	for (i = 0; i < q->quasis.len; i++) {
		struct ast_node *e = q->quasis.items[i];

		if (i > 0)
			lw_puts(OUT(c), ", ");
		lw_put_string(OUT(c), e->raw.s, e->raw.len);
	}
	lw_puts(OUT(c), "]))");
	for (i = 0; i < q->expressions.len; i++) {
		lw_puts(OUT(c), ", ");
		lw_expr(c, q->expressions.items[i], P_ASSIGN);
	}
	lw_putc(OUT(c), ')');
}

/* ---- property keys ---- */

/* Whether a name is all ASCII, so Duktape surely reads it as written. */
int
lw_ascii_name(struct ast_str name)
{
	size_t i;

	for (i = 0; i < name.len; i++)
		if ((unsigned char)name.s[i] >= 0x80)
			return 0;
	return 1;
}

void
lw_prop_key(struct lw_ctx *c, struct ast_node *key, int computed)
{
	if (computed) {
		lw_expr(c, key, P_ASSIGN);
		return;
	}
	switch (key->kind) {
	case AST_IDENTIFIER:
		lw_put_string(OUT(c), key->name.s, key->name.len);
		break;
	case AST_LITERAL:
		if (key->literal_kind == AST_LIT_NUMBER) {
			lw_putc(OUT(c), '"');
			lw_put_number(OUT(c), key->num);
			lw_putc(OUT(c), '"');
		} else {
			literal(c, key);
		}
		break;
	default:
		lw_expr(c, key, P_ASSIGN);
		break;
	}
}

/* "key: " in an ES5 object literal (computed keys are native here). */
void
lw_emit_key_value(struct lw_ctx *c, struct ast_node *key, int computed)
{
	if (computed) {
		lw_putc(OUT(c), '[');
		lw_expr(c, key, P_ASSIGN);
		lw_putc(OUT(c), ']');
		return;
	}
	if (key->kind == AST_IDENTIFIER && lw_ascii_name(key->name))
		lw_put(OUT(c), key->name.s, key->name.len);
	else
		lw_prop_key(c, key, 0);
}

/* ---- member access ---- */

void
lw_member_prop(struct lw_ctx *c, struct ast_node *n)
{
	if (n->is_computed) {
		lw_putc(OUT(c), '[');
		lw_expr(c, n->property, P_SEQ);
		lw_putc(OUT(c), ']');
	} else if (!lw_ascii_name(n->property->name)) {
		/* Duktape rejects some names ES2022 allows (e.g. U+2118) */
		lw_putc(OUT(c), '[');
		lw_put_string(
		    OUT(c), n->property->name.s, n->property->name.len);
		lw_putc(OUT(c), ']');
	} else {
		lw_putc(OUT(c), '.');
		lw_put(OUT(c), n->property->name.s, n->property->name.len);
	}
}

void
lw_object_expr(struct lw_ctx *c, struct ast_node *o)
{
	int p = lw_prec_of(o);

	if (o->kind == AST_LITERAL && o->literal_kind == AST_LIT_NUMBER)
		p = P_PRIMARY - 1;
	if (p < P_CALL ||
	    (o->kind == AST_LITERAL && o->literal_kind == AST_LIT_NUMBER) ||
	    o->kind == AST_FUNCTION_EXPRESSION) {
		lw_putc(OUT(c), '(');
		lw_expr(c, o, P_SEQ);
		lw_putc(OUT(c), ')');
	} else {
		lw_expr(c, o, P_CALL);
	}
}

static void
member(struct lw_ctx *c, struct ast_node *n)
{
	if (n->object->kind == AST_SUPER) {
		lw_super_member(c, n);
		return;
	}
	if (n->property->kind == AST_PRIVATE_IDENTIFIER) {
		lw_private_get(c, n);
		return;
	}
	lw_object_expr(c, n->object);
	lw_member_prop(c, n);
}

/* ---- objects ---- */

static int
uses_super(struct ast_node *n)
{
	struct ast_node *kids[8];
	size_t i, k = 0;

	if (n == NULL)
		return 0;
	switch (n->kind) {
	case AST_SUPER:
		return 1;
	case AST_FUNCTION_EXPRESSION:
	case AST_FUNCTION_DECLARATION:
	case AST_CLASS_EXPRESSION:
	case AST_CLASS_DECLARATION:
		return 0;
	default:
		break;
	}
	kids[k++] = n->object;
	kids[k++] = n->callee;
	kids[k++] = n->body;
	kids[k++] = n->expression;
	kids[k++] = n->argument;
	kids[k++] = n->left;
	kids[k++] = n->right;
	kids[k++] = n->init;
	for (i = 0; i < k; i++)
		if (uses_super(kids[i]))
			return 1;
	if (uses_super(n->test) || uses_super(n->consequent) ||
	    uses_super(n->alternate) || uses_super(n->property) ||
	    uses_super(n->update) || uses_super(n->value) ||
	    uses_super(n->block) || uses_super(n->handler) ||
	    uses_super(n->finalizer) || uses_super(n->discriminant))
		return 1;
	{
		struct ast_list *ls[] = { &n->list_body, &n->arguments,
			&n->elements, &n->properties, &n->declarations,
			&n->cases, &n->cons_list, &n->expressions, &n->params };
		size_t j;

		for (j = 0; j < sizeof(ls) / sizeof(ls[0]); j++)
			for (i = 0; i < ls[j]->len; i++)
				if (uses_super(ls[j]->items[i]))
					return 1;
	}
	return 0;
}

/* super in a method's body or parameter list */
static int
fn_uses_super(struct ast_node *fn)
{
	size_t i;

	for (i = 0; i < fn->params.len; i++)
		if (uses_super(fn->params.items[i]))
			return 1;
	return uses_super(fn->body);
}

static void
property(struct lw_ctx *c, struct ast_node *p, const char *home)
{
	struct ast_node *v = p->value;
	const char *name;
	size_t nlen = 0;

	if (p->prop_kind == AST_PROP_GET || p->prop_kind == AST_PROP_SET) {
		lw_puts(OUT(c), p->prop_kind == AST_PROP_GET ? "get " : "set ");
		lw_emit_key_value(c, p->key, p->is_computed);
		c->pending_home = home;
		{
			/* "function (..) {..}" minus the keyword */
			struct lw_buf saved;
			const char *f;

			lw_capture_begin(c, &saved);
			lw_function(c, v, NULL, 0);
			f = lw_capture_end(c, &saved);
			if (strncmp(f, "function ", 9) == 0)
				f += 9;
			lw_puts(OUT(c), f);
		}
		return;
	}
	if (p->is_computed &&
	    (p->is_method ||
		(lw_is_anon_fn(v) && v->kind != AST_CLASS_EXPRESSION))) {
		/* the function is named by the key's value */
		const char *t = lw_temp(c);

		lw_printf(OUT(c), "[%s = __cm.toKey(", t);
		lw_expr(c, p->key, P_ASSIGN);
		lw_puts(OUT(c), ")]: __cm.fnameKey(");
		if (p->is_method) {
			c->pending_home = home;
			c->pending_method = 1;
			lw_function(c, v, NULL, 0);
		} else {
			lw_expr(c, v, P_ASSIGN);
		}
		lw_printf(OUT(c), ", %s)", t);
		return;
	}
	lw_emit_key_value(c, p->key, p->is_computed);
	lw_puts(OUT(c), ": ");
	name = lw_key_name(c, p->key, p->is_computed, &nlen);
	if (p->is_method) {
		if (name != NULL)
			lw_puts(OUT(c), "__cm.fname(");
		c->pending_home = home;
		c->pending_method = 1;
		lw_function(c, v, NULL, 0);
		if (name != NULL) {
			lw_puts(OUT(c), ", ");
			lw_put_string(OUT(c), name, nlen);
			lw_putc(OUT(c), ')');
		}
		return;
	}
	lw_named_expr(c, v, name, nlen, P_ASSIGN);
}

/* An accessor whose function captures loop environments cannot keep the
 * literal `get x() {}` form (it needs a wrapping IIFE), nor can one with a
 * computed key: defined after. */
static int
deferred_accessor(struct lw_ctx *c, struct ast_node *p)
{
	struct lw_scope *s;

	if (p->kind != AST_PROPERTY || p->prop_kind == AST_PROP_INIT)
		return 0;
	if (p->is_computed)
		return 1; /* Duktape has no `get [k]() {}` */
	s = lw_scope_of(c, p->value);
	return s != NULL && s->needs != NULL;
}

static void
object(struct lw_ctx *c, struct ast_node *n)
{
	const char *home = NULL;
	struct ast_node *proto = NULL;
	size_t i;
	int spread = 0, first = 1, open = 0;

	for (i = 0; i < n->properties.len; i++) {
		struct ast_node *p = n->properties.items[i];

		if (p->kind == AST_SPREAD_ELEMENT) {
			spread = 1;
			continue;
		}
		if (!p->is_computed && !p->is_shorthand && !p->is_method &&
		    p->prop_kind == AST_PROP_INIT &&
		    ((p->key->kind == AST_IDENTIFIER &&
			 lw_str_eq(p->key->name, "__proto__")) ||
			(p->key->kind == AST_LITERAL &&
			    p->key->literal_kind == AST_LIT_STRING &&
			    lw_str_eq(p->key->str, "__proto__"))))
			proto = p;
		if ((p->is_method || p->prop_kind != AST_PROP_INIT) &&
		    home == NULL && fn_uses_super(p->value))
			home = lw_temp(c);
	}
	if (home != NULL)
		lw_printf(OUT(c), "(%s = ", home);
	if (proto != NULL)
		lw_puts(OUT(c), "__cm.setProto(");
	for (i = 0; i < n->properties.len; i++)
		if (deferred_accessor(c, n->properties.items[i]))
			lw_puts(OUT(c), "__cm.objAccessor(");
	if (spread)
		lw_puts(OUT(c), "__cm.objSpread(");
	lw_putc(OUT(c), '{');
	open = 1;
	for (i = 0; i < n->properties.len; i++) {
		struct ast_node *p = n->properties.items[i];

		if (p == proto || deferred_accessor(c, p))
			continue;
		if (p->kind == AST_SPREAD_ELEMENT) {
			lw_puts(OUT(c), open ? "}, " : "{}, ");
			lw_expr(c, p->argument, P_ASSIGN);
			lw_puts(OUT(c), ", ");
			open = 0;
			first = 1;
			continue;
		}
		if (!open) {
			lw_putc(OUT(c), '{');
			open = 1;
		}
		if (!first)
			lw_puts(OUT(c), ", ");
		first = 0;
		property(c, p, home);
	}
	lw_puts(OUT(c), open ? "}" : "{}");
	if (spread)
		lw_putc(OUT(c), ')');
	for (i = 0; i < n->properties.len; i++) {
		struct ast_node *p = n->properties.items[i];

		if (!deferred_accessor(c, p))
			continue;
		lw_puts(OUT(c), ", ");
		lw_prop_key(c, p->key, p->is_computed);
		lw_puts(OUT(c), ", ");
		c->pending_home = home;
		c->pending_method = 1;
		lw_function(c, p->value, NULL, 0);
		lw_printf(
		    OUT(c), ", %d)", p->prop_kind == AST_PROP_GET ? 1 : 2);
	}
	if (proto != NULL) {
		lw_puts(OUT(c), ", ");
		lw_expr(c, proto->value, P_ASSIGN);
		lw_putc(OUT(c), ')');
	}
	if (home != NULL)
		lw_putc(OUT(c), ')');
}

static void
meta(struct lw_ctx *c, struct ast_node *n)
{
	if (lw_str_eq(n->meta->name, "import")) {
		lw_puts(OUT(c), "__m.meta");
		return;
	}
	if (c->fn->nt != NULL) {
		lw_puts(OUT(c), c->fn->nt);
		return;
	}
	if (c->scope->fn->kind == LW_S_ARROW) {
		lw_puts(OUT(c),
		    lw_this_scope(c->scope)->kind == LW_S_FUNCTION
			? "$nt"
			: "(void 0)");
		return;
	}
	if (c->scope->fn->kind != LW_S_FUNCTION || c->fn->in_gen ||
	    c->fn->in_async) {
		/* In parentheses, as for `this` above. */
		lw_puts(OUT(c), "(void 0)");
		return;
	}
	lw_puts(OUT(c), "new.target");
}

void
lw_expr(struct lw_ctx *c, struct ast_node *n, int prec)
{
	const char *flag;
	int paren;

	if (n == NULL || c->failed)
		return;
	paren = lw_prec_of(n) < prec;
	if (paren)
		lw_putc(OUT(c), '(');
	switch (n->kind) {
	case AST_IDENTIFIER:
		if (lw_str_eq(n->name, "eval") &&
		    lw_resolve(c, c->scope, "eval", 4) == NULL) {
			/* a call through this value is an indirect eval,
			 * which must lower its code too (lower_eval.c); as
			 * the callee of `new` (a MemberExpression) the call
			 * is parenthesized */
			lw_puts(OUT(c),
			    prec >= P_MEMBER ? "(__cm.evalRef(eval))"
					     : "__cm.evalRef(eval)");
			break;
		}
		if ((flag = lw_tdz_flag(c, n)) != NULL) {
			/* a closure may run before the binding's init */
			lw_printf(OUT(c), "(%s ? ", flag);
			lw_ident_ref(c, n);
			lw_tdz_else(c, n);
			break;
		}
		lw_ident_ref(c, n);
		break;
	case AST_LITERAL:
		literal(c, n);
		break;
	case AST_THIS_EXPRESSION:
		lw_this(c);
		break;
	case AST_ARRAY_EXPRESSION:
		if (lw_has_spread(&n->elements)) {
			lw_array_spread(c, &n->elements, 0);
		} else {
			size_t i;

			lw_putc(OUT(c), '[');
			for (i = 0; i < n->elements.len; i++) {
				if (i > 0)
					lw_puts(OUT(c), ", ");
				if (n->elements.items[i] != NULL)
					lw_expr(
					    c, n->elements.items[i], P_ASSIGN);
			}
			if (n->elements.len > 0 &&
			    n->elements.items[n->elements.len - 1] == NULL)
				lw_puts(OUT(c), ",");
			lw_putc(OUT(c), ']');
		}
		break;
	case AST_OBJECT_EXPRESSION:
		object(c, n);
		break;
	case AST_FUNCTION_EXPRESSION:
		lw_function(c, n,
		    n->id ? lw_cstr(c, n->id->name.s, n->id->name.len) : NULL,
		    0);
		break;
	case AST_ARROW_FUNCTION_EXPRESSION:
		lw_function(c, n, NULL, 0);
		break;
	case AST_CLASS_EXPRESSION:
		lw_class(c, n, NULL);
		break;
	case AST_TEMPLATE_LITERAL:
		template(c, n);
		break;
	case AST_TAGGED_TEMPLATE_EXPRESSION:
		tagged_template(c, n);
		break;
	case AST_UNARY_EXPRESSION:
		lw_unary(c, n);
		break;
	case AST_UPDATE_EXPRESSION:
		lw_update(c, n);
		break;
	case AST_BINARY_EXPRESSION:
		lw_binary(c, n);
		break;
	case AST_LOGICAL_EXPRESSION:
		lw_logical(c, n);
		break;
	case AST_ASSIGNMENT_EXPRESSION:
		lw_assignment(c, n);
		break;
	case AST_CONDITIONAL_EXPRESSION:
		lw_expr(c, n->test, P_COND + 1);
		lw_puts(OUT(c), " ? ");
		lw_expr(c, n->consequent, P_ASSIGN);
		lw_puts(OUT(c), " : ");
		lw_expr(c, n->alternate, P_ASSIGN);
		break;
	case AST_CALL_EXPRESSION:
		lw_call(c, n);
		break;
	case AST_NEW_EXPRESSION:
		lw_new(c, n);
		break;
	case AST_MEMBER_EXPRESSION:
		member(c, n);
		break;
	case AST_CHAIN_EXPRESSION:
		lw_chain(c, n->expression, 0);
		break;
	case AST_SEQUENCE_EXPRESSION: {
		size_t i;

		for (i = 0; i < n->expressions.len; i++) {
			if (i > 0)
				lw_puts(OUT(c), ", ");
			lw_expr(c, n->expressions.items[i], P_ASSIGN);
		}
		break;
	}
	case AST_YIELD_EXPRESSION:
		if (n->is_delegate)
			lw_puts(OUT(c),
			    c->fn->in_async ? "__cm.asyncYieldStar("
					    : "__cm.yieldStar(");
		else
			lw_puts(OUT(c), "__cm.yield(");
		if (n->argument != NULL)
			lw_expr(c, n->argument, P_ASSIGN);
		lw_putc(OUT(c), ')');
		break;
	case AST_AWAIT_EXPRESSION:
		lw_puts(OUT(c), "__cm.await(");
		lw_expr(c, n->argument, P_ASSIGN);
		lw_putc(OUT(c), ')');
		break;
	case AST_META_PROPERTY:
		meta(c, n);
		break;
	case AST_IMPORT_EXPRESSION:
		lw_puts(OUT(c),
		    c->module ? "__m.importDynamic(" : "__cm.importDynamic(");
		lw_expr(c, n->source, P_ASSIGN);
		if (n->argument != NULL) {
			lw_puts(OUT(c), ", ");
			lw_expr(c, n->argument, P_ASSIGN);
		} else if (n->name.len != 0) {
			lw_puts(OUT(c), ", void 0");
		}
		if (n->name.len != 0) {
			/* import.source / import.defer: the phase */
			lw_puts(OUT(c), ", \"");
			lw_put(OUT(c), n->name.s, n->name.len);
			lw_putc(OUT(c), '"');
		}
		lw_putc(OUT(c), ')');
		break;
	case AST_SUPER:
		lw_error(c, n, "'super' keyword unexpected here");
		break;
	case AST_SPREAD_ELEMENT:
		lw_error(c, n, "Unexpected spread");
		break;
	default:
		lw_error(
		    c, n, "Unsupported expression %s", ast_kind_name(n->kind));
		break;
	}
	if (paren)
		lw_putc(OUT(c), ')');
}
