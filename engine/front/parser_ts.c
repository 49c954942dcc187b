/*
 * TypeScript's erasable subset, as Node's type stripping defines it
 * (--experimental-strip-types, amaro's strip-only mode): annotations,
 * interfaces, type aliases, declare forms, generic parameters and
 * arguments, as/satisfies/!, optional parameters, type-only imports and
 * exports, member modifiers. Types are read here and dropped: nothing of
 * them reaches the tree, so every position the parser or the lowering
 * reports is one of the text as written, and the lowering never sees
 * TypeScript. What would need code to be generated (enum, namespaces with
 * values, parameter properties, decorators, import = require) is refused
 * with a SyntaxError that names it and says what to write instead.
 *
 * Only reached when p->ts is set (parser_parse_flags with PARSER_F_TS):
 * JavaScript parses exactly as before.
 *
 * Ambiguities are resolved the way TypeScript resolves them, by trying
 * one reading and falling back (parser_ts_try): `f<T>(x)` is a call with a
 * type argument when the `>` is followed by `(`, a template, a line break,
 * a binary operator or a token that cannot start an expression (TypeScript's
 * canFollowTypeArgumentsInExpression), else `<` and `>` are comparisons;
 * `(a: T): R => b` and `<T>(x: T) => x` are arrows when their head parses
 * as one up to `=>`; in the true branch of a conditional an arrow with a
 * return type must be followed by `:`, so `a ? (b) : c => d` stays a
 * conditional whose alternate is `c => d`.
 */
#include <string.h>

#include "parser_int.h"

static void ts_type_in(struct parser *, int no_cond);

int
parser_ts_word(const struct token *t, const char *w)
{
	size_t n = strlen(w);

	return t->type == T_NAME && !t->escaped && t->val.len == n &&
	    memcmp(t->val.s, w, n) == 0;
}

_Noreturn void
parser_ts_refuse(struct parser *p, const struct token *t, const char *what,
    const char *instead)
{
	parser_fail_tok(p, t,
	    "TypeScript %s is not supported: it needs code generation, and "
	    "only erasable types are stripped; %s",
	    what, instead);
}

/* A decorator's `@`, which the lexer does not know. */
_Noreturn void
parser_ts_refuse_at(struct parser *p, uint32_t line, uint32_t col)
{
	struct token t;

	memset(&t, 0, sizeof(t));
	t.line = line;
	t.col = col;
	parser_ts_refuse(p, &t, "decorator",
	    "call the decorating function on the class or method instead "
	    "(C = logged(C))");
}

/* An empty statement standing where a type-only declaration was. */
struct ast_node *
parser_ts_erased(struct parser *p, const struct token *t)
{
	struct ast_node *n = ast_node_new(
	    p->arena, AST_EMPTY_STATEMENT, t->line, t->col, t->start);

	if (n == NULL)
		parser_oom(p);
	n->end = p->prev_end;
	return n;
}

/*
 * Runs fn as a trial: when it fails (any SyntaxError), the parser is put
 * back where it was and 0 is returned. keep 0 always puts it back (a pure
 * lookahead). Everything a trial allocates is in the arena; the scope
 * tables it may touch are those it pushed itself, which it pops again.
 */
int
parser_ts_try(
    struct parser *p, void (*fn)(struct parser *, void *), void *arg, int keep)
{
	struct parser saved = *p;
	struct parser_error err = *p->err;
	volatile int ok = 0;
	char *buf;
	size_t cap;

	if (setjmp(p->jb) == 0) {
		fn(p, arg);
		ok = 1;
	}
	if (ok && keep) {
		memcpy(p->jb, saved.jb, sizeof(saved.jb));
		return 1;
	}
	/* the lexer's scratch buffer may have moved; it holds nothing */
	buf = p->lx.buf;
	cap = p->lx.buf_cap;
	*p = saved;
	p->lx.buf = buf;
	p->lx.buf_cap = cap;
	p->lx.buf_len = 0;
	*p->err = err;
	return ok;
}

/* Consumes one `>`, splitting `>>`, `>=`, ... as TypeScript's rescan does. */
static void
ts_gt(struct parser *p)
{
	enum tok rest;

	switch (p->tok.type) {
	case T_GT:
		parser_next(p);
		return;
	case T_SHR:
		rest = T_GT;
		break;
	case T_USHR:
		rest = T_SHR;
		break;
	case T_GE:
		rest = T_ASSIGN;
		break;
	case T_SHR_EQ:
		rest = T_GE;
		break;
	case T_USHR_EQ:
		rest = T_SHR_EQ;
		break;
	default:
		parser_unexpected(p, &p->tok);
	}
	p->tok.type = rest;
	p->tok.start++;
	p->tok.col++;
	p->tok.nl_before = 0;
	p->prev_end = p->tok.start;
}

/* A template literal type, `a-${string}`, through its tail. */
static void
ts_template(struct parser *p)
{
	for (;;) {
		struct token t = p->tok;

		parser_next(p);
		if (t.tail)
			break;
		ts_type_in(p, 0);
		if (p->tok.type != T_RBRACE)
			parser_unexpected(p, &p->tok);
		if (lexer_template_continue(&p->lx, &p->tok) < 0)
			parser_fail(
			    p, p->lx.err_line, p->lx.err_col, "%s", p->lx.err);
	}
}

/*
 * Skips a bracketed group, ( [ or {, to its closing bracket. A template
 * inside is read as one, or the `}` of its `${` would close the group.
 */
static void
ts_balanced(struct parser *p)
{
	int depth = 0;

	do {
		if (p->tok.type == T_TEMPLATE) {
			ts_template(p);
			continue;
		}
		switch (p->tok.type) {
		case T_LPAREN:
		case T_LBRACK:
		case T_LBRACE:
			depth++;
			break;
		case T_RPAREN:
		case T_RBRACK:
		case T_RBRACE:
			depth--;
			break;
		case T_EOF:
			parser_unexpected(p, &p->tok);
		default:
			break;
		}
		parser_next(p);
	} while (depth > 0);
}

/* After `=>` or a return type's `:`: a type, or a predicate `x is T`. */
static void
ts_return_body(struct parser *p)
{
	struct token nt;

	if (parser_ts_word(&p->tok, "asserts")) {
		parser_peek(p, &nt);
		if (nt.type == T_NAME && !nt.nl_before) {
			parser_next(p);
			parser_next(p);
			if (parser_ts_word(&p->tok, "is") &&
			    !p->tok.nl_before) {
				parser_next(p);
				ts_type_in(p, 0);
			}
			return;
		}
	}
	if (p->tok.type == T_NAME) {
		parser_peek(p, &nt);
		if (parser_ts_word(&nt, "is") && !nt.nl_before) {
			parser_next(p);
			parser_next(p);
			ts_type_in(p, 0);
			return;
		}
	}
	ts_type_in(p, 0);
}

static void
ts_postfix(struct parser *p)
{
	while (p->tok.type == T_LBRACK && !p->tok.nl_before)
		ts_balanced(p);
}

static void
ts_primary(struct parser *p)
{
	switch (p->tok.type) {
	case T_NAME:
		if (parser_is_kw(p, KW_IMPORT)) {
			parser_next(p);
			ts_balanced(p); /* import("x") */
		} else {
			parser_next(p);
		}
		while (p->tok.type == T_DOT) {
			parser_next(p);
			if (p->tok.type != T_NAME)
				parser_unexpected(p, &p->tok);
			parser_next(p);
		}
		if (p->tok.type == T_LT && !p->tok.nl_before)
			parser_ts_type_args(p);
		break;
	case T_STRING:
	case T_NUM:
	case T_BIGINT:
		parser_next(p);
		break;
	case T_MINUS:
		parser_next(p);
		if (p->tok.type != T_NUM && p->tok.type != T_BIGINT)
			parser_unexpected(p, &p->tok);
		parser_next(p);
		break;
	case T_TEMPLATE:
		ts_template(p);
		break;
	case T_LBRACE:
	case T_LBRACK:
	case T_LPAREN:
		ts_balanced(p);
		break;
	default:
		parser_unexpected(p, &p->tok);
	}
}

static void
ts_operand(struct parser *p)
{
	struct token nt;

	if (parser_ts_word(&p->tok, "keyof") ||
	    parser_ts_word(&p->tok, "unique") ||
	    parser_ts_word(&p->tok, "readonly")) {
		parser_peek(p, &nt);
		if (nt.type == T_NAME || nt.type == T_LPAREN ||
		    nt.type == T_LBRACK || nt.type == T_LBRACE) {
			parser_next(p);
			ts_operand(p);
			return;
		}
	}
	if (parser_ts_word(&p->tok, "infer")) {
		parser_next(p);
		if (p->tok.type != T_NAME)
			parser_unexpected(p, &p->tok);
		parser_next(p);
		return;
	}
	if (parser_is_kw(p, KW_TYPEOF)) {
		parser_next(p);
		ts_primary(p);
		ts_postfix(p);
		return;
	}
	ts_primary(p);
	ts_postfix(p);
}

/* A union or intersection; `first` when its first operand was read. */
static void
ts_union(struct parser *p, int first)
{
	if (!first) {
		if (p->tok.type == T_PIPE || p->tok.type == T_AMP)
			parser_next(p);
		ts_operand(p);
	} else {
		ts_postfix(p);
	}
	while (p->tok.type == T_PIPE || p->tok.type == T_AMP) {
		parser_next(p);
		ts_operand(p);
	}
}

static void
ts_type_in(struct parser *p, int no_cond)
{
	struct token nt;
	int first = 0;

	parser_enter(p);
	if (parser_ts_word(&p->tok, "abstract")) {
		parser_peek(p, &nt);
		if (nt.type == T_NAME && nt.kw == KW_NEW)
			parser_next(p);
	}
	if (parser_is_kw(p, KW_NEW) || p->tok.type == T_LT) {
		/* a constructor or generic function type */
		if (parser_is_kw(p, KW_NEW))
			parser_next(p);
		if (p->tok.type == T_LT)
			parser_ts_type_params(p);
		if (p->tok.type != T_LPAREN)
			parser_unexpected(p, &p->tok);
		ts_balanced(p);
		parser_expect(p, T_ARROW);
		ts_return_body(p);
		parser_leave(p);
		return;
	}
	if (p->tok.type == T_LPAREN) {
		/* a function type, or a parenthesized type */
		ts_balanced(p);
		if (p->tok.type == T_ARROW) {
			parser_next(p);
			ts_return_body(p);
			parser_leave(p);
			return;
		}
		first = 1;
	}
	ts_union(p, first);
	if (!no_cond && parser_is_kw(p, KW_EXTENDS) && !p->tok.nl_before) {
		parser_next(p);
		ts_type_in(p, 1);
		parser_expect(p, T_QUESTION);
		ts_type_in(p, 0);
		parser_expect(p, T_COLON);
		ts_type_in(p, 0);
	}
	parser_leave(p);
}

void
parser_ts_type(struct parser *p)
{
	ts_type_in(p, 0);
}

/* Type arguments `<A, B>`, at the `<`. */
void
parser_ts_type_args(struct parser *p)
{
	parser_expect(p, T_LT);
	if (p->tok.type == T_GT)
		parser_unexpected(p, &p->tok);
	for (;;) {
		ts_type_in(p, 0);
		if (!parser_eat(p, T_COMMA))
			break;
	}
	ts_gt(p);
}

/* Type parameters `<const T extends U = V, ...>`, at the `<`. */
void
parser_ts_type_params(struct parser *p)
{
	struct token nt;

	parser_expect(p, T_LT);
	while (p->tok.type != T_GT) {
		while (parser_is_kw(p, KW_CONST) || parser_is_kw(p, KW_IN) ||
		    parser_ts_word(&p->tok, "out")) {
			parser_peek(p, &nt);
			if (nt.type != T_NAME)
				break;
			parser_next(p);
		}
		if (p->tok.type != T_NAME)
			parser_unexpected(p, &p->tok);
		parser_next(p);
		if (parser_eat_kw(p, KW_EXTENDS))
			ts_type_in(p, 0);
		if (parser_eat(p, T_ASSIGN))
			ts_type_in(p, 0);
		if (!parser_eat(p, T_COMMA))
			break;
	}
	ts_gt(p);
}

int
parser_ts_annotation(struct parser *p)
{
	if (p->tok.type != T_COLON)
		return 0;
	parser_next(p);
	ts_type_in(p, 0);
	return 1;
}

void
parser_ts_return_type(struct parser *p)
{
	parser_expect(p, T_COLON);
	ts_return_body(p);
}

/* Whether the token can start an expression (TypeScript's isStartOfExpression,
 * for the tokens that matter after a type argument list). */
static int
ts_starts_expr(const struct token *t)
{
	switch (t->type) {
	case T_NAME:
		return t->escaped ||
		    !(t->kw == KW_IN || t->kw == KW_INSTANCEOF ||
			parser_ts_word(t, "as") ||
			parser_ts_word(t, "satisfies"));
	case T_NUM:
	case T_BIGINT:
	case T_STRING:
	case T_TEMPLATE:
	case T_PRIVATE:
	case T_LPAREN:
	case T_LBRACK:
	case T_LBRACE:
	case T_BANG:
	case T_TILDE:
	case T_PLUS:
	case T_MINUS:
	case T_INC:
	case T_DEC:
	case T_LT:
	case T_ELLIPSIS:
		return 1;
	default:
		return 0;
	}
}

static void
ts_type_args_call(struct parser *p, void *arg)
{
	(void)arg;
	parser_ts_type_args(p);
	switch (p->tok.type) {
	case T_LPAREN:
	case T_TEMPLATE:
		return;
	case T_LT:
	case T_GT:
	case T_PLUS:
	case T_MINUS:
		parser_unexpected(p, &p->tok);
	default:
		if (p->tok.nl_before || !ts_starts_expr(&p->tok))
			return;
		parser_unexpected(p, &p->tok);
	}
}

/* At `<` after an expression: 1 when type arguments were read and dropped. */
int
parser_ts_type_args_call(struct parser *p)
{
	return parser_ts_try(p, ts_type_args_call, NULL, 1);
}

/* The next token, when the current one is a modifier before a name. */
static int
ts_modifier_before_name(struct parser *p)
{
	struct token nt;

	parser_peek(p, &nt);
	if (nt.nl_before)
		return 0;
	switch (nt.type) {
	case T_NAME:
	case T_STRING:
	case T_NUM:
	case T_LBRACK:
	case T_LBRACE:
	case T_PRIVATE:
	case T_STAR:
		return 1;
	default:
		return 0;
	}
}

/*
 * One formal parameter: `x?: T = d`, `...r: T[]`, `{a}: P`. A `this: T`
 * parameter is dropped (*skip set, NULL returned).
 */
struct ast_node *
parser_ts_param(struct parser *p, int *skip)
{
	struct token t = p->tok, nt;
	struct ast_node *n, *a;

	*skip = 0;
	if (parser_is_kw(p, KW_THIS)) {
		parser_peek(p, &nt);
		if (nt.type == T_COLON) {
			parser_next(p);
			parser_ts_annotation(p);
			*skip = 1;
			return NULL;
		}
	}
	if ((parser_ts_word(&t, "public") || parser_ts_word(&t, "private") ||
		parser_ts_word(&t, "protected") ||
		parser_ts_word(&t, "readonly") ||
		parser_ts_word(&t, "override")) &&
	    ts_modifier_before_name(p))
		parser_ts_refuse(p, &t, "parameter property",
		    "declare the field in the class body and assign it in the "
		    "constructor (x; constructor(x) { this.x = x; })");
	if (p->tok.type == T_ELLIPSIS) {
		n = parser_node(p, AST_REST_ELEMENT);
		parser_next(p);
		n->argument = parser_binding_target(p);
		parser_eat(p, T_QUESTION);
		parser_ts_annotation(p);
		return parser_finish(p, n);
	}
	n = parser_binding_target(p);
	parser_eat(p, T_QUESTION);
	parser_ts_annotation(p);
	if (p->tok.type != T_ASSIGN)
		return n;
	a = parser_node_at(p, AST_ASSIGNMENT_PATTERN, n);
	parser_next(p);
	a->left = n;
	a->right = parser_assign(p, 0);
	return parser_finish(p, a);
}

/* ---- Arrow functions with types ---- */

struct ts_arrow {
	struct token start;
	int is_async, cond, flags;
	struct ast_node *arrow, *done;
};

static void
ts_arrow_head(struct parser *p, void *arg)
{
	struct ts_arrow *a = arg;
	uint32_t sa = p->await_pos, sy = p->yield_pos;
	struct ast_node *r;
	int skip, rtype = 0;

	a->arrow = ast_node_new(p->arena, AST_ARROW_FUNCTION_EXPRESSION,
	    a->start.line, a->start.col, a->start.start);
	if (a->arrow == NULL)
		parser_oom(p);
	if (a->is_async)
		parser_next(p);
	if (p->tok.type == T_LT)
		parser_ts_type_params(p);
	p->await_pos = p->yield_pos = 0;
	parser_expect(p, T_LPAREN);
	while (p->tok.type != T_RPAREN) {
		r = parser_ts_param(p, &skip);
		if (!skip) {
			parser_push(p, &a->arrow->params, r);
			if (r->kind == AST_REST_ELEMENT &&
			    p->tok.type != T_RPAREN)
				parser_fail_node(p, r,
				    "Rest parameter must be last formal "
				    "parameter");
		}
		if (p->tok.type != T_RPAREN)
			parser_expect(p, T_COMMA);
	}
	parser_next(p);
	if (p->tok.type == T_COLON) {
		parser_ts_return_type(p);
		rtype = 1;
	}
	if (p->tok.type != T_ARROW || p->tok.nl_before)
		parser_unexpected(p, &p->tok);
	parser_arrow_checks(p, a->is_async);
	if (sa || !p->await_pos)
		p->await_pos = sa;
	p->yield_pos = sy;
	if (a->cond && rtype) {
		/* `c ? (x): T => y : z`: only when a `:` follows the arrow */
		a->done = parser_arrow_rest(p, a->arrow, a->is_async, a->flags);
		if (p->tok.type != T_COLON)
			parser_unexpected(p, &p->tok);
	}
}

/*
 * At `(`, `<` or `async`: an arrow function whose head may carry types,
 * or NULL (nothing consumed) when the text is not one.
 */
struct ast_node *
parser_ts_arrow(
    struct parser *p, const struct token *start, int is_async, int flags)
{
	struct ts_arrow a;
	int cond = p->ts_cond;

	memset(&a, 0, sizeof(a));
	a.start = *start;
	a.is_async = is_async;
	a.cond = cond;
	a.flags = flags;
	p->ts_cond = 0;
	if (!parser_ts_try(p, ts_arrow_head, &a, 1)) {
		p->ts_cond = cond;
		return NULL;
	}
	if (a.done == NULL)
		a.done = parser_arrow_rest(p, a.arrow, is_async, flags);
	p->ts_cond = cond;
	return a.done;
}

static void
ts_assertion_head(struct parser *p, void *arg)
{
	(void)arg;
	parser_expect(p, T_LT);
	ts_type_in(p, 0);
	ts_gt(p);
}

/* At `<` where an expression starts: a generic arrow or `<T>expr`. */
struct ast_node *
parser_ts_angle(struct parser *p, int flags)
{
	struct token t = p->tok;
	struct ast_node *e;

	if ((e = parser_ts_arrow(p, &t, 0, flags)) != NULL)
		return e;
	ts_assertion_head(p, NULL);
	return parser_unary(p);
}

/* ---- Classes ---- */

/* Drops TypeScript modifiers before a member; abstract/declare erase it. */
void
parser_ts_member_modifiers(struct parser *p, int *erase)
{
	for (;;) {
		struct token t = p->tok;
		int ab = parser_ts_word(&t, "abstract") ||
		    parser_ts_word(&t, "declare");

		if (!ab && !parser_ts_word(&t, "public") &&
		    !parser_ts_word(&t, "private") &&
		    !parser_ts_word(&t, "protected") &&
		    !parser_ts_word(&t, "readonly") &&
		    !parser_ts_word(&t, "override"))
			return;
		if (!ts_modifier_before_name(p))
			return;
		if (ab)
			*erase = 1;
		parser_next(p);
	}
}

static void
ts_index_signature(struct parser *p, void *arg)
{
	(void)arg;
	parser_expect(p, T_LBRACK);
	if (p->tok.type != T_NAME)
		parser_unexpected(p, &p->tok);
	parser_next(p);
	if (p->tok.type != T_COLON)
		parser_unexpected(p, &p->tok);
}

/* `[key: string]: T;` in a class body: 1 when read and dropped. */
int
parser_ts_index_signature(struct parser *p)
{
	if (p->tok.type != T_LBRACK ||
	    !parser_ts_try(p, ts_index_signature, NULL, 0))
		return 0;
	ts_balanced(p);
	parser_ts_annotation(p);
	parser_semicolon(p);
	return 1;
}

/* ---- Statements ---- */

/* `declare ...`: whatever follows is dropped, up to where it ends. */
static struct ast_node *
ts_declare(struct parser *p, const struct token *t)
{
	struct token k, nt;
	int depth = 0, braces;
	struct ast_node *n;

	parser_next(p);
	k = p->tok;
	parser_peek(p, &nt);
	if ((k.kw == KW_INTERFACE || parser_ts_word(&k, "type")) &&
	    (n = parser_ts_statement(p, 1)) != NULL &&
	    n->kind == AST_EMPTY_STATEMENT)
		return parser_ts_erased(p, t);
	braces = parser_ts_word(&k, "global") ||
	    parser_ts_word(&k, "namespace") || parser_ts_word(&k, "module") ||
	    parser_ts_word(&k, "abstract") || k.kw == KW_CLASS ||
	    k.kw == KW_ENUM || (k.kw == KW_CONST && nt.kw == KW_ENUM);
	parser_next(p);
	for (;;) {
		switch (p->tok.type) {
		case T_EOF:
			return parser_ts_erased(p, t);
		case T_LPAREN:
		case T_LBRACK:
			depth++;
			break;
		case T_RPAREN:
		case T_RBRACK:
			depth--;
			break;
		case T_LBRACE:
			if (depth == 0 && braces) {
				ts_balanced(p);
				return parser_ts_erased(p, t);
			}
			depth++;
			break;
		case T_RBRACE:
			if (depth == 0)
				return parser_ts_erased(p, t);
			depth--;
			break;
		case T_SEMI:
			if (depth == 0) {
				parser_next(p);
				return parser_ts_erased(p, t);
			}
			break;
		default:
			if (depth == 0 && p->tok.nl_before && !braces)
				return parser_ts_erased(p, t);
			break;
		}
		parser_next(p);
	}
}

/* `namespace N { ... }`: accepted only when nothing in it makes a value. */
static struct ast_node *
ts_namespace(struct parser *p, const struct token *t)
{
	struct token nt;

	parser_next(p);
	if (p->tok.type == T_STRING)
		parser_next(p);
	else
		for (;;) {
			if (p->tok.type != T_NAME)
				parser_unexpected(p, &p->tok);
			parser_next(p);
			if (!parser_eat(p, T_DOT))
				break;
		}
	parser_expect(p, T_LBRACE);
	while (p->tok.type != T_RBRACE) {
		struct ast_node *s;

		if (parser_eat(p, T_SEMI))
			continue;
		if (parser_is_kw(p, KW_EXPORT)) {
			parser_peek(p, &nt);
			if (nt.type == T_NAME)
				parser_next(p);
		}
		if (p->tok.type != T_NAME || p->tok.escaped ||
		    (s = parser_ts_statement(p, 1)) == NULL ||
		    s->kind != AST_EMPTY_STATEMENT)
			parser_ts_refuse(p, t, "namespace with values",
			    "use a plain object (const NS = { f() {} }) or "
			    "top-level declarations instead");
	}
	parser_next(p);
	return parser_ts_erased(p, t);
}

/*
 * A statement only TypeScript has, at its first word: an erased
 * declaration (an empty statement), a refusal, or NULL when the word
 * starts JavaScript after all.
 */
struct ast_node *
parser_ts_statement(struct parser *p, int list_item)
{
	struct token t = p->tok, nt;

	(void)list_item;
	if (t.type != T_NAME || t.escaped)
		return NULL;
	parser_peek(p, &nt);
	if (t.kw == KW_ENUM ||
	    (t.kw == KW_CONST && nt.kw == KW_ENUM && !nt.escaped))
		parser_ts_refuse(p, &t, "enum",
		    "use a frozen object instead (const Color = "
		    "Object.freeze({ Red: 0, Green: 1 }))");
	if (nt.nl_before)
		return NULL;
	if (t.kw == KW_INTERFACE && nt.type == T_NAME) {
		parser_next(p);
		parser_next(p);
		if (p->tok.type == T_LT)
			parser_ts_type_params(p);
		if (parser_eat_kw(p, KW_EXTENDS))
			for (;;) {
				ts_type_in(p, 1);
				if (!parser_eat(p, T_COMMA))
					break;
			}
		if (p->tok.type != T_LBRACE)
			parser_unexpected(p, &p->tok);
		ts_balanced(p);
		return parser_ts_erased(p, &t);
	}
	if (parser_ts_word(&t, "type") && nt.type == T_NAME) {
		parser_next(p);
		parser_next(p);
		if (p->tok.type == T_LT)
			parser_ts_type_params(p);
		parser_expect(p, T_ASSIGN);
		ts_type_in(p, 0);
		parser_semicolon(p);
		return parser_ts_erased(p, &t);
	}
	if (parser_ts_word(&t, "declare") && nt.type == T_NAME)
		return ts_declare(p, &t);
	if (parser_ts_word(&t, "abstract") && nt.kw == KW_CLASS &&
	    !nt.escaped) {
		parser_next(p);
		return parser_class(p, 1, 0);
	}
	if ((parser_ts_word(&t, "namespace") || parser_ts_word(&t, "module")) &&
	    (nt.type == T_NAME || nt.type == T_STRING))
		return ts_namespace(p, &t);
	return NULL;
}
