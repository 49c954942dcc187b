/*
 * Expressions: precedence climbing over the binary operators, unary and
 * update operators, calls, member access and optional chains, `new`,
 * async arrows and assignment (with the cover grammar's conversion).
 */
#include <string.h>

#include "parser_int.h"

static struct ast_node *parser_subscripts(
    struct parser *, struct ast_node *, int allow_call, const struct token *st);

/* A node starting at token t (which may be an opening parenthesis). */
struct ast_node *
parser_node_tok(struct parser *p, enum ast_kind k, const struct token *t)
{
	struct ast_node *n =
	    ast_node_new(p->arena, k, t->line, t->col, t->start);

	if (n == NULL)
		parser_oom(p);
	return n;
}

int
parser_is_arrow(const struct ast_node *e)
{
	return e->kind == AST_ARROW_FUNCTION_EXPRESSION && !e->parenthesized;
}

/* Fails when an arrow function is used as an operand. */
void
parser_no_arrow(struct parser *p, const struct ast_node *e)
{
	if (parser_is_arrow(e))
		parser_fail_node(
		    p, e, "Malformed arrow function parameter list");
}

static void
parser_arguments(struct parser *p, struct ast_list *args, int flags)
{
	struct ast_node *s;
	int cond = p->ts_cond;

	p->ts_cond = 0;
	parser_expect(p, T_LPAREN);
	while (p->tok.type != T_RPAREN) {
		if (p->tok.type == T_ELLIPSIS) {
			s = parser_node(p, AST_SPREAD_ELEMENT);
			parser_next(p);
			s->argument = parser_assign(p, flags);
			parser_push(p, args, parser_finish(p, s));
			if (p->tok.type == T_COMMA && (flags & F_PROP))
				parser_tc_add(p, s);
		} else {
			parser_push(p, args, parser_assign(p, flags));
		}
		if (p->tok.type != T_RPAREN)
			parser_expect(p, T_COMMA);
	}
	parser_next(p);
	p->ts_cond = cond;
}

static struct pfunc *
parser_this_func(struct parser *p)
{
	struct pfunc *f = p->fn;

	while (f->is_arrow && f->up != NULL)
		f = f->up;
	return f;
}

static struct ast_node *
parser_member_name(struct parser *p, struct ast_node *m)
{
	struct ast_node *n;

	if (p->tok.type == T_PRIVATE) {
		parser_private_ref(p, &p->tok);
		n = parser_node(p, AST_PRIVATE_IDENTIFIER);
	} else if (p->tok.type == T_NAME) {
		n = parser_node(p, AST_IDENTIFIER);
	} else {
		parser_unexpected(p, &p->tok);
	}
	n->name = p->tok.val;
	parser_next(p);
	m->property = parser_finish(p, n);
	return m;
}

static struct ast_node *
parser_subscripts(struct parser *p, struct ast_node *e, int allow_call,
    const struct token *st)
{
	struct ast_node *n;
	int chain = 0;

	for (;;) {
		switch (p->tok.type) {
		case T_OPTCHAIN:
			if (!allow_call)
				parser_fail_tok(p, &p->tok,
				    "Invalid optional chain from new "
				    "expression");
			parser_next(p);
			chain = 1;
			if (p->ts && p->tok.type == T_LT)
				parser_ts_type_args_call(p);
			if (p->tok.type == T_LPAREN) {
				n = parser_node_tok(p, AST_CALL_EXPRESSION, st);
				n->callee = e;
				n->is_optional = 1;
				parser_arguments(p, &n->arguments, 0);
			} else if (p->tok.type == T_LBRACK) {
				n = parser_node_tok(
				    p, AST_MEMBER_EXPRESSION, st);
				n->object = e;
				n->is_optional = 1;
				n->is_computed = 1;
				parser_next(p);
				n->property = parser_expression(p, 0);
				parser_expect(p, T_RBRACK);
			} else if (p->tok.type == T_TEMPLATE) {
				parser_fail_tok(p, &p->tok,
				    "Invalid tagged template on optional "
				    "chain");
			} else {
				n = parser_node_tok(
				    p, AST_MEMBER_EXPRESSION, st);
				n->object = e;
				n->is_optional = 1;
				parser_member_name(p, n);
			}
			break;
		case T_DOT:
			parser_next(p);
			n = parser_node_tok(p, AST_MEMBER_EXPRESSION, st);
			n->object = e;
			parser_member_name(p, n);
			break;
		case T_LBRACK:
			parser_next(p);
			n = parser_node_tok(p, AST_MEMBER_EXPRESSION, st);
			n->object = e;
			n->is_computed = 1;
			n->property = parser_expression(p, 0);
			parser_expect(p, T_RBRACK);
			break;
		case T_LPAREN:
			if (!allow_call)
				goto done;
			n = parser_node_tok(p, AST_CALL_EXPRESSION, st);
			n->callee = e;
			parser_arguments(p, &n->arguments, 0);
			break;
		case T_BANG: /* TypeScript's non-null assertion */
			if (!p->ts || p->tok.nl_before)
				goto done;
			parser_next(p);
			continue;
		case T_LT: /* TypeScript's f<T>(x) */
			if (!p->ts || !parser_ts_type_args_call(p))
				goto done;
			continue;
		case T_TEMPLATE:
			if (chain)
				parser_fail_tok(p, &p->tok,
				    "Invalid tagged template on optional "
				    "chain");
			n = parser_node_tok(
			    p, AST_TAGGED_TEMPLATE_EXPRESSION, st);
			n->tag = e;
			n->quasi = parser_template(p, 1);
			break;
		default:
			goto done;
		}
		e = parser_finish(p, n);
	}
done:
	if (chain) {
		n = parser_node_tok(p, AST_CHAIN_EXPRESSION, st);
		n->expression = e;
		e = parser_finish(p, n);
	}
	return e;
}

static struct ast_node *
parser_new(struct parser *p)
{
	struct ast_node *n = parser_node(p, AST_NEW_EXPRESSION), *m, *c;
	struct pfunc *f;
	struct token st;

	parser_enter(p);
	parser_next(p);
	if (p->tok.type == T_DOT) {
		parser_next(p);
		if (!parser_is_kw(p, KW_TARGET))
			parser_unexpected(p, &p->tok);
		f = parser_this_func(p);
		if (f->top && !f->field_init)
			parser_fail_node(
			    p, n, "new.target expression is not allowed here");
		n->kind = AST_META_PROPERTY;
		m = parser_node_at(p, AST_IDENTIFIER, n);
		m->name = parser_dup(p, "new", 3);
		m->end = m->start + 3;
		n->meta = m;
		m = parser_node(p, AST_IDENTIFIER);
		m->name = p->tok.val;
		parser_next(p);
		n->property = parser_finish(p, m);
		parser_leave(p);
		return parser_finish(p, n);
	}
	st = p->tok;
	if (parser_is_kw(p, KW_NEW))
		c = parser_new(p);
	else if (parser_is_kw(p, KW_IMPORT))
		parser_fail_tok(p, &p->tok, "Cannot use new with import");
	else if (parser_is_kw(p, KW_SUPER))
		c = parser_lhs(p);
	else
		c = parser_primary(p);
	parser_no_arrow(p, c);
	n->callee = parser_subscripts(p, c, 0, &st);
	if (p->tok.type == T_LPAREN)
		parser_arguments(p, &n->arguments, 0);
	parser_leave(p);
	return parser_finish(p, n);
}

static struct ast_node *
parser_async_call(struct parser *p, struct ast_node *callee)
{
	struct pcover saved = p->cover;
	uint32_t sa = p->await_pos, sy = p->yield_pos;
	struct ast_node *n = parser_node_at(p, AST_CALL_EXPRESSION, callee),
			*arrow;
	struct token st = p->tok;

	st.start = callee->start;
	st.line = callee->line;
	st.col = callee->col;

	p->cover.pos = 0;
	p->await_pos = p->yield_pos = 0;
	n->callee = callee;
	parser_arguments(p, &n->arguments, F_PROP);
	if (p->tok.type == T_ARROW && !p->tok.nl_before) {
		arrow =
		    parser_node_at(p, AST_ARROW_FUNCTION_EXPRESSION, callee);
		if (n->arguments.len > 0 &&
		    parser_tc_has(p, n->arguments.items[n->arguments.len - 1]))
			parser_fail_node(p,
			    n->arguments.items[n->arguments.len - 1],
			    "Rest parameter must be last formal parameter");
		parser_arrow_params(p, arrow, &n->arguments);
		parser_arrow_checks(p, 1);
		p->cover = saved;
		p->await_pos = sa;
		p->yield_pos = sy;
		return parser_arrow_rest(p, arrow, 1, 0);
	}
	parser_cover_check(p);
	p->cover = saved;
	if (sa)
		p->await_pos = sa;
	if (sy)
		p->yield_pos = sy;
	return parser_subscripts(p, parser_finish(p, n), 1, &st);
}

/* Whether the token after `import.` is the phase `source` or `defer`. */
static int
parser_import_phase(struct parser *p)
{
	const struct token *t = &p->tok;

	return t->type == T_NAME && !t->escaped &&
	    ((t->val.len == 6 && memcmp(t->val.s, "source", 6) == 0) ||
		(t->val.len == 5 && memcmp(t->val.s, "defer", 5) == 0));
}

/*
 * ( AssignmentExpression ,opt ) or ( AssignmentExpression ,
 * AssignmentExpression ,opt ) after `import`: the second is the options
 * (import attributes), kept in argument.
 */
static void
parser_import_args(struct parser *p, struct ast_node *e)
{
	parser_expect(p, T_LPAREN);
	e->source = parser_assign(p, 0);
	if (p->tok.type == T_COMMA) {
		parser_next(p);
		if (p->tok.type != T_RPAREN) {
			e->argument = parser_assign(p, 0);
			if (p->tok.type == T_COMMA)
				parser_next(p);
		}
	}
	parser_expect(p, T_RPAREN);
}

struct ast_node *
parser_lhs(struct parser *p)
{
	struct token t = p->tok;
	struct ast_node *e;
	struct pfunc *f;

	if (parser_is_kw(p, KW_NEW)) {
		e = parser_new(p);
	} else if (parser_is_kw(p, KW_SUPER)) {
		e = parser_node(p, AST_SUPER);
		parser_next(p);
		f = parser_this_func(p);
		if (p->tok.type == T_LPAREN) {
			if (!f->super_call)
				parser_fail_tok(
				    p, &t, "'super' keyword unexpected here");
		} else if (p->tok.type == T_DOT || p->tok.type == T_LBRACK) {
			if (!f->super_prop)
				parser_fail_tok(
				    p, &t, "'super' keyword unexpected here");
		} else {
			parser_fail_tok(
			    p, &t, "'super' keyword unexpected here");
		}
		e = parser_finish(p, e);
	} else if (parser_is_kw(p, KW_IMPORT)) {
		e = parser_node(p, AST_IMPORT_EXPRESSION);
		parser_next(p);
		if (p->tok.type == T_DOT) {
			struct ast_node *m;

			parser_next(p);
			if (parser_import_phase(p)) {
				/* import.source( / import.defer( (the
				 * source phase and deferred import
				 * proposals): the phase in name */
				e->name = p->tok.val;
				parser_next(p);
				parser_import_args(p, e);
			} else {
				if (!parser_is_kw(p, KW_META))
					parser_unexpected(p, &p->tok);
				if (!p->module)
					parser_fail_tok(p, &t,
					    "Cannot use 'import.meta' outside "
					    "a module");
				e->kind = AST_META_PROPERTY;
				m = parser_node_at(p, AST_IDENTIFIER, e);
				m->name = parser_dup(p, "import", 6);
				m->end = m->start + 6;
				e->meta = m;
				m = parser_node(p, AST_IDENTIFIER);
				m->name = p->tok.val;
				parser_next(p);
				e->property = parser_finish(p, m);
			}
		} else {
			parser_import_args(p, e);
		}
		e = parser_finish(p, e);
	} else {
		e = parser_primary(p);
		if (parser_is_arrow(e))
			return e;
		if (t.type == T_NAME && t.kw == KW_ASYNC && !t.escaped &&
		    e->kind == AST_IDENTIFIER && !e->parenthesized &&
		    p->tok.type == T_LPAREN && !p->tok.nl_before &&
		    p->prev_end == t.end)
			return parser_async_call(p, e);
	}
	return parser_subscripts(p, e, 1, &t);
}

static int
parser_update_target(struct parser *p, struct ast_node *e, int prefix)
{
	parser_check_simple_target(p, e,
	    prefix ? "Invalid left-hand side expression in prefix operation"
		   : "Invalid left-hand side expression in postfix operation");
	return 0;
}

static struct ast_node *
parser_postfix(struct parser *p)
{
	struct token st = p->tok;
	struct ast_node *e = parser_lhs(p), *n;

	if (parser_is_arrow(e))
		return e;
	if ((p->tok.type == T_INC || p->tok.type == T_DEC) &&
	    !p->tok.nl_before) {
		parser_update_target(p, e, 0);
		n = parser_node_tok(p, AST_UPDATE_EXPRESSION, &st);
		n->op = p->tok.type == T_INC ? AST_OP_INC : AST_OP_DEC;
		n->argument = e;
		parser_next(p);
		return parser_finish(p, n);
	}
	return e;
}

/* Whether the token can start an expression (for `await` diagnostics and
 * yield's optional operand). */
static int
parser_starts_expr(const struct token *t)
{
	switch (t->type) {
	case T_RPAREN:
	case T_RBRACK:
	case T_RBRACE:
	case T_COMMA:
	case T_SEMI:
	case T_COLON:
	case T_EOF:
	case T_QUESTION:
	case T_ARROW:
		return 0;
	case T_NAME:
		return !(
		    t->kw == KW_IN || t->kw == KW_INSTANCEOF || t->kw == KW_OF);
	default:
		return 1;
	}
}

struct ast_node *
parser_unary(struct parser *p)
{
	struct token t = p->tok, nt;
	struct ast_node *n, *arg;
	enum ast_op op = AST_OP_NONE;

	switch (t.type) {
	case T_BANG:
		op = AST_OP_NOT;
		break;
	case T_TILDE:
		op = AST_OP_BITNOT;
		break;
	case T_PLUS:
		op = AST_OP_POS;
		break;
	case T_MINUS:
		op = AST_OP_NEG;
		break;
	case T_INC:
		op = AST_OP_INC;
		break;
	case T_DEC:
		op = AST_OP_DEC;
		break;
	case T_NAME:
		if (t.escaped)
			break;
		if (t.kw == KW_TYPEOF)
			op = AST_OP_TYPEOF;
		else if (t.kw == KW_VOID)
			op = AST_OP_VOID;
		else if (t.kw == KW_DELETE)
			op = AST_OP_DELETE;
		else if (t.kw == KW_AWAIT && p->fn->is_async &&
		    !p->fn->static_block) {
			if (p->fn->in_params)
				parser_fail_tok(p, &t,
				    "Illegal await-expression in formal "
				    "parameters of async function");
			if (!p->await_pos) {
				p->await_pos = t.start + 1;
				p->await_tok = t;
			}
			parser_enter(p);
			n = parser_node(p, AST_AWAIT_EXPRESSION);
			parser_next(p);
			n->argument = parser_unary(p);
			parser_no_arrow(p, n->argument);
			parser_leave(p);
			return parser_finish(p, n);
		} else if (t.kw == KW_AWAIT && !p->module &&
		    !p->fn->static_block) {
			parser_peek(p, &nt);
			if (!nt.nl_before &&
			    (nt.type == T_NAME || nt.type == T_NUM ||
				nt.type == T_STRING) &&
			    parser_starts_expr(&nt))
				parser_fail_tok(p, &t,
				    "await is only valid in async functions "
				    "and the top level bodies of modules");
		}
		break;
	default:
		break;
	}
	if (op == AST_OP_NONE)
		return parser_postfix(p);
	parser_enter(p);
	n = parser_node(p,
	    op == AST_OP_INC || op == AST_OP_DEC ? AST_UPDATE_EXPRESSION
						 : AST_UNARY_EXPRESSION);
	parser_next(p);
	arg = parser_unary(p);
	parser_no_arrow(p, arg);
	n->op = op;
	n->argument = arg;
	if (n->kind == AST_UPDATE_EXPRESSION) {
		n->is_prefix = 1;
		parser_update_target(p, arg, 1);
	} else {
		n->is_prefix = 1;
		if (op == AST_OP_DELETE && p->fn->strict &&
		    arg->kind == AST_IDENTIFIER)
			parser_fail_node(p, n,
			    "Delete of an unqualified identifier in strict "
			    "mode.");
		if (op == AST_OP_DELETE && arg->kind == AST_MEMBER_EXPRESSION &&
		    arg->property->kind == AST_PRIVATE_IDENTIFIER)
			parser_fail_node(p, arg->property,
			    "Private fields can not be deleted");
	}
	parser_leave(p);
	return parser_finish(p, n);
}

static int
parser_binprec(const struct token *t, int flags, enum ast_op *op)
{
	switch (t->type) {
	case T_NULLISH:
		*op = AST_OP_NULLISH;
		return 1;
	case T_OROR:
		*op = AST_OP_OR;
		return 1;
	case T_ANDAND:
		*op = AST_OP_AND;
		return 2;
	case T_PIPE:
		*op = AST_OP_BITOR;
		return 3;
	case T_CARET:
		*op = AST_OP_BITXOR;
		return 4;
	case T_AMP:
		*op = AST_OP_BITAND;
		return 5;
	case T_EQ:
		*op = AST_OP_EQ;
		return 6;
	case T_NE:
		*op = AST_OP_NE;
		return 6;
	case T_SEQ:
		*op = AST_OP_SEQ;
		return 6;
	case T_SNE:
		*op = AST_OP_SNE;
		return 6;
	case T_LT:
		*op = AST_OP_LT;
		return 7;
	case T_GT:
		*op = AST_OP_GT;
		return 7;
	case T_LE:
		*op = AST_OP_LE;
		return 7;
	case T_GE:
		*op = AST_OP_GE;
		return 7;
	case T_SHL:
		*op = AST_OP_SHL;
		return 8;
	case T_SHR:
		*op = AST_OP_SHR;
		return 8;
	case T_USHR:
		*op = AST_OP_USHR;
		return 8;
	case T_PLUS:
		*op = AST_OP_ADD;
		return 9;
	case T_MINUS:
		*op = AST_OP_SUB;
		return 9;
	case T_STAR:
		*op = AST_OP_MUL;
		return 10;
	case T_SLASH:
		*op = AST_OP_DIV;
		return 10;
	case T_PERCENT:
		*op = AST_OP_MOD;
		return 10;
	case T_STARSTAR:
		*op = AST_OP_EXP;
		return 11;
	case T_NAME:
		if (t->escaped)
			return 0;
		if (t->kw == KW_INSTANCEOF) {
			*op = AST_OP_INSTANCEOF;
			return 7;
		}
		if (t->kw == KW_IN && !(flags & F_NOIN)) {
			*op = AST_OP_IN;
			return 7;
		}
		return 0;
	default:
		return 0;
	}
}

static int
parser_is_logical(const struct ast_node *e, enum ast_op a, enum ast_op b)
{
	return e->kind == AST_LOGICAL_EXPRESSION && !e->parenthesized &&
	    (e->op == a || e->op == b);
}

static struct ast_node *
parser_binary(struct parser *p, int minprec, int flags)
{
	struct ast_node *left, *right, *n;
	enum ast_op op;
	int prec;
	struct token st = p->tok;

	if (p->tok.type == T_PRIVATE) {
		struct token t = p->tok;

		parser_private_ref(p, &t);
		left = parser_node(p, AST_PRIVATE_IDENTIFIER);
		left->name = t.val;
		parser_next(p);
		parser_finish(p, left);
		if (!parser_is_kw(p, KW_IN) || (flags & F_NOIN) || minprec >= 7)
			parser_unexpected(p, &t);
	} else {
		left = parser_unary(p);
	}
	for (;;) {
		struct token optok = p->tok;

		if (parser_is_arrow(left))
			return left;
		/* TypeScript's `x as T`, `x satisfies T`: relational level */
		if (p->ts && minprec < 7 && !p->tok.nl_before &&
		    (parser_ts_word(&p->tok, "as") ||
			parser_ts_word(&p->tok, "satisfies"))) {
			parser_next(p);
			parser_ts_type(p);
			continue;
		}
		prec = parser_binprec(&p->tok, flags, &op);
		if (prec == 0 || prec <= minprec)
			break;
		if (left->kind == AST_PRIVATE_IDENTIFIER && op != AST_OP_IN)
			parser_unexpected(p, &optok);
		parser_next(p);
		if (op == AST_OP_EXP) {
			if ((left->kind == AST_UNARY_EXPRESSION ||
				left->kind == AST_AWAIT_EXPRESSION) &&
			    !left->parenthesized)
				parser_fail_tok(p, &optok,
				    "Unary operator used immediately before "
				    "exponentiation expression. Parenthesis "
				    "must be used to disambiguate operator "
				    "precedence");
			parser_enter(p);
			right = parser_binary(p, prec - 1, flags);
			parser_leave(p);
		} else {
			right = parser_binary(p, prec, flags);
		}
		parser_no_arrow(p, right);
		if (op == AST_OP_NULLISH) {
			if (parser_is_logical(left, AST_OP_AND, AST_OP_OR) ||
			    parser_is_logical(right, AST_OP_AND, AST_OP_OR))
				parser_fail_tok(p, &optok,
				    "Cannot mix '?\?' with '||' or '&&' "
				    "without parentheses");
		} else if (op == AST_OP_AND || op == AST_OP_OR) {
			if (parser_is_logical(
				left, AST_OP_NULLISH, AST_OP_NULLISH) ||
			    parser_is_logical(
				right, AST_OP_NULLISH, AST_OP_NULLISH))
				parser_fail_tok(p, &optok,
				    "Cannot mix '?\?' with '||' or '&&' "
				    "without parentheses");
		}
		n = parser_node_tok(p,
		    op == AST_OP_AND || op == AST_OP_OR || op == AST_OP_NULLISH
			? AST_LOGICAL_EXPRESSION
			: AST_BINARY_EXPRESSION,
		    &st);
		n->op = op;
		n->left = left;
		n->right = right;
		left = parser_finish(p, n);
	}
	if (left->kind == AST_PRIVATE_IDENTIFIER)
		parser_unexpected(p, &p->tok);
	return left;
}

static struct ast_node *
parser_conditional(struct parser *p, int flags)
{
	struct token st = p->tok;
	struct ast_node *test = parser_binary(p, 0, flags), *n;
	int cond;

	if (parser_is_arrow(test) || p->tok.type != T_QUESTION)
		return test;
	n = parser_node_tok(p, AST_CONDITIONAL_EXPRESSION, &st);
	parser_next(p);
	n->test = test;
	cond = p->ts_cond;
	p->ts_cond = 1; /* see parser_ts.c */
	n->consequent = parser_assign(p, 0);
	p->ts_cond = cond;
	parser_expect(p, T_COLON);
	n->alternate = parser_assign(p, flags & F_NOIN);
	return parser_finish(p, n);
}

static struct ast_node *
parser_yield(struct parser *p, int flags)
{
	struct ast_node *n = parser_node(p, AST_YIELD_EXPRESSION);

	if (p->fn->in_params)
		parser_fail_tok(p, &p->tok,
		    "Yield expression not allowed in formal parameter");
	if (!p->yield_pos) {
		p->yield_pos = p->tok.start + 1;
		p->yield_tok = p->tok;
	}
	parser_next(p);
	if (!p->tok.nl_before) {
		if (p->tok.type == T_STAR) {
			n->is_delegate = 1;
			parser_next(p);
			n->argument = parser_assign(p, flags & F_NOIN);
		} else if (parser_starts_expr(&p->tok) &&
		    !parser_is_kw(p, KW_IN)) {
			n->argument = parser_assign(p, flags & F_NOIN);
		}
	}
	return parser_finish(p, n);
}

static enum ast_op
parser_assign_op(enum tok t)
{
	switch (t) {
	case T_ASSIGN:
		return AST_OP_ASSIGN;
	case T_PLUS_EQ:
		return AST_OP_ADD_ASSIGN;
	case T_MINUS_EQ:
		return AST_OP_SUB_ASSIGN;
	case T_STAR_EQ:
		return AST_OP_MUL_ASSIGN;
	case T_SLASH_EQ:
		return AST_OP_DIV_ASSIGN;
	case T_PERCENT_EQ:
		return AST_OP_MOD_ASSIGN;
	case T_STARSTAR_EQ:
		return AST_OP_EXP_ASSIGN;
	case T_SHL_EQ:
		return AST_OP_SHL_ASSIGN;
	case T_SHR_EQ:
		return AST_OP_SHR_ASSIGN;
	case T_USHR_EQ:
		return AST_OP_USHR_ASSIGN;
	case T_PIPE_EQ:
		return AST_OP_BITOR_ASSIGN;
	case T_CARET_EQ:
		return AST_OP_BITXOR_ASSIGN;
	case T_AMP_EQ:
		return AST_OP_BITAND_ASSIGN;
	case T_ANDAND_EQ:
		return AST_OP_AND_ASSIGN;
	case T_OROR_EQ:
		return AST_OP_OR_ASSIGN;
	case T_NULLISH_EQ:
		return AST_OP_NULLISH_ASSIGN;
	default:
		return AST_OP_NONE;
	}
}

struct ast_node *
parser_assign(struct parser *p, int flags)
{
	struct pcover saved = p->cover;
	struct ast_node *left, *n;
	enum ast_op op;
	struct token st = p->tok;

	if (parser_is_kw(p, KW_YIELD) && p->fn->is_gen)
		return parser_yield(p, flags);
	parser_enter(p);
	p->cover.pos = 0;
	left = parser_conditional(p, flags & F_NOIN);
	if ((op = parser_assign_op(p->tok.type)) != AST_OP_NONE) {
		if (op == AST_OP_ASSIGN &&
		    (left->kind == AST_OBJECT_EXPRESSION ||
			left->kind == AST_ARRAY_EXPRESSION) &&
		    !left->parenthesized) {
			left = parser_to_target(p, left, 0);
			p->cover.pos = 0;
		} else {
			parser_check_simple_target(
			    p, left, "Invalid left-hand side in assignment");
		}
		n = parser_node_tok(p, AST_ASSIGNMENT_EXPRESSION, &st);
		parser_next(p);
		n->op = op;
		n->left = left;
		n->right = parser_assign(p, flags & F_NOIN);
		left = parser_finish(p, n);
	}
	if (!(flags & F_PROP)) {
		parser_cover_check(p);
		p->cover = saved;
	} else if (saved.pos) {
		p->cover = saved;
	}
	parser_leave(p);
	return left;
}

struct ast_node *
parser_expression(struct parser *p, int flags)
{
	struct token st = p->tok;
	struct ast_node *e = parser_assign(p, flags), *n;

	if (p->tok.type != T_COMMA)
		return e;
	n = parser_node_tok(p, AST_SEQUENCE_EXPRESSION, &st);
	parser_push(p, &n->expressions, e);
	while (parser_eat(p, T_COMMA))
		parser_push(p, &n->expressions, parser_assign(p, flags));
	return parser_finish(p, n);
}
