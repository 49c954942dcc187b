/*
 * Statements: declarations, control flow, labels, directives.
 */
#include <string.h>

#include "parser_int.h"

/* ---- Statements ---- */

static struct ast_node *
parser_block(struct parser *p, int new_scope)
{
	struct ast_node *b = parser_node(p, AST_BLOCK_STATEMENT);

	parser_expect(p, T_LBRACE);
	if (new_scope)
		parser_scope_push(p, 0);
	while (p->tok.type != T_RBRACE) {
		if (p->tok.type == T_EOF)
			parser_unexpected(p, &p->tok);
		parser_push(p, &b->list_body, parser_statement(p, 1));
	}
	parser_next(p);
	if (new_scope)
		parser_scope_pop(p);
	return parser_finish(p, b);
}

static int
parser_has_let_name(struct ast_node *n)
{
	size_t i;

	if (n == NULL)
		return 0;
	switch (n->kind) {
	case AST_IDENTIFIER:
		return parser_streq(n->name, "let");
	case AST_OBJECT_PATTERN:
		for (i = 0; i < n->properties.len; i++) {
			struct ast_node *q = n->properties.items[i];
			if (parser_has_let_name(
				q->kind == AST_PROPERTY ? q->value : q))
				return 1;
		}
		return 0;
	case AST_ARRAY_PATTERN:
		for (i = 0; i < n->elements.len; i++)
			if (parser_has_let_name(n->elements.items[i]))
				return 1;
		return 0;
	case AST_REST_ELEMENT:
		return parser_has_let_name(n->argument);
	case AST_ASSIGNMENT_PATTERN:
		return parser_has_let_name(n->left);
	default:
		return 0;
	}
}

/* var/let/const declarators; the caller consumes the semicolon. */
struct ast_node *
parser_var_decl(struct parser *p, enum ast_var_kind kind, int in_for)
{
	struct ast_node *n = parser_node(p, AST_VARIABLE_DECLARATION), *d;

	n->var_kind = kind;
	parser_next(p);
	for (;;) {
		d = parser_node(p, AST_VARIABLE_DECLARATOR);
		d->id = parser_binding_target(p);
		if (p->ts) { /* `let x!: T` */
			if (p->tok.type == T_BANG && !p->tok.nl_before)
				parser_next(p);
			parser_ts_annotation(p);
		}
		if (kind != AST_VAR && parser_has_let_name(d->id))
			parser_fail_node(p, d->id,
			    "let is disallowed as a lexically bound name");
		parser_declare_pattern(
		    p, d->id, kind == AST_VAR ? D_VAR : D_LEX);
		if (parser_eat(p, T_ASSIGN)) {
			d->init = parser_assign(p, in_for ? F_NOIN : 0);
		} else if (!(in_for &&
			       (parser_is_kw(p, KW_IN) ||
				   parser_is_kw(p, KW_OF)))) {
			if (kind == AST_CONST)
				parser_fail_node(p, d->id,
				    "Missing initializer in const declaration");
			if (d->id->kind != AST_IDENTIFIER)
				parser_fail_node(p, d->id,
				    "Missing initializer in destructuring "
				    "declaration");
		}
		parser_push(p, &n->declarations, parser_finish(p, d));
		if (!parser_eat(p, T_COMMA))
			break;
	}
	return parser_finish(p, n);
}

/* Whether `let` at the current token starts a declaration. */
static int
parser_let_is_decl(struct parser *p)
{
	struct token nt;

	if (!parser_is_kw(p, KW_LET))
		return 0;
	parser_peek(p, &nt);
	if (nt.type == T_LBRACK || nt.type == T_LBRACE)
		return 1;
	if (nt.type == T_NAME)
		return !(nt.kw == KW_IN || nt.kw == KW_INSTANCEOF) ||
		    nt.escaped;
	return p->fn->strict;
}

static void
parser_loop_body(struct parser *p, struct ast_node *n)
{
	p->fn->loops++;
	p->fn->breakable++;
	n->body = parser_statement(p, 0);
	p->fn->loops--;
	p->fn->breakable--;
}

static struct ast_node *
parser_for(struct parser *p)
{
	struct ast_node *n = parser_node(p, AST_FOR_STATEMENT), *init = NULL;
	struct token t;
	int is_await = 0, decl = 0;

	parser_next(p);
	if (parser_is_kw(p, KW_AWAIT)) {
		if (!p->fn->is_async || p->fn->static_block)
			parser_unexpected(p, &p->tok);
		is_await = 1;
		parser_next(p);
	}
	parser_expect(p, T_LPAREN);
	parser_scope_push(p, 0);
	t = p->tok;
	if (parser_is_kw(p, KW_VAR)) {
		init = parser_var_decl(p, AST_VAR, 1);
		decl = 1;
	} else if (parser_is_kw(p, KW_CONST) ||
	    (parser_is_kw(p, KW_LET) && parser_let_is_decl(p))) {
		init = parser_var_decl(
		    p, parser_is_kw(p, KW_CONST) ? AST_CONST : AST_LET, 1);
		decl = 1;
	} else if (p->tok.type != T_SEMI) {
		struct pcover saved = p->cover;

		p->cover.pos = 0;
		init = parser_expression(p, F_NOIN | F_PROP);
		if (parser_is_kw(p, KW_IN) || parser_is_kw(p, KW_OF)) {
			if (parser_is_kw(p, KW_OF) && t.type == T_NAME &&
			    t.kw == KW_ASYNC && !t.escaped &&
			    init->kind == AST_IDENTIFIER && !is_await)
				parser_fail_tok(p, &p->tok,
				    "The left-hand side of a for-of loop may "
				    "not be 'async'.");
			if (parser_is_kw(p, KW_OF) && t.type == T_NAME &&
			    t.kw == KW_LET && init->kind == AST_IDENTIFIER)
				parser_fail_tok(p, &t,
				    "The left-hand side of a for-of loop may "
				    "not be 'let'.");
			if (init->kind == AST_OBJECT_EXPRESSION ||
			    init->kind == AST_ARRAY_EXPRESSION)
				init = parser_to_target(p, init, 0);
			else
				parser_check_simple_target(p, init,
				    parser_is_kw(p, KW_OF)
					? "Invalid left-hand side in for-of "
					  "loop"
					: "Invalid left-hand side in for-in "
					  "loop");
			p->cover.pos = 0;
		}
		parser_cover_check(p);
		p->cover = saved;
	}
	if (init != NULL &&
	    (parser_is_kw(p, KW_IN) || parser_is_kw(p, KW_OF))) {
		int of = parser_is_kw(p, KW_OF);

		if (decl) {
			if (init->declarations.len != 1)
				parser_fail_node(p, init,
				    "Invalid left-hand side in %s loop: Must "
				    "have a single binding.",
				    of ? "for-of" : "for-in");
			if (init->declarations.items[0]->init != NULL &&
			    (of || p->fn->strict || init->var_kind != AST_VAR ||
				init->declarations.items[0]->id->kind !=
				    AST_IDENTIFIER))
				parser_fail_node(p, init,
				    "%s loop variable declaration may not have "
				    "an initializer.",
				    of ? "for-of" : "for-in");
		}
		if (is_await && !of)
			parser_unexpected(p, &p->tok);
		n->kind = of ? AST_FOR_OF_STATEMENT : AST_FOR_IN_STATEMENT;
		n->is_await = is_await;
		n->left = init;
		parser_next(p);
		n->right = of ? parser_assign(p, 0) : parser_expression(p, 0);
		parser_expect(p, T_RPAREN);
		parser_loop_body(p, n);
		parser_scope_pop(p);
		return parser_finish(p, n);
	}
	if (is_await)
		parser_unexpected(p, &p->tok);
	n->init = init;
	parser_expect(p, T_SEMI);
	if (p->tok.type != T_SEMI)
		n->test = parser_expression(p, 0);
	parser_expect(p, T_SEMI);
	if (p->tok.type != T_RPAREN)
		n->update = parser_expression(p, 0);
	parser_expect(p, T_RPAREN);
	parser_loop_body(p, n);
	parser_scope_pop(p);
	return parser_finish(p, n);
}

static struct ast_node *
parser_label_ref(struct parser *p, int is_continue)
{
	struct ast_node *id;
	size_t i;

	id = parser_node(p, AST_IDENTIFIER);
	id->name = p->tok.val;
	parser_next(p);
	parser_finish(p, id);
	for (i = p->nlabels; i > p->fn->label_base; i--) {
		struct plabel *l = &p->labels[i - 1];

		if (l->name.len == id->name.len &&
		    memcmp(l->name.s, id->name.s, id->name.len) == 0) {
			if (is_continue && !l->is_loop)
				parser_fail_node(p, id,
				    "Illegal continue statement: '%.*s' does "
				    "not denote an iteration statement",
				    (int)(id->name.len > 64 ? 64
							    : id->name.len),
				    id->name.s);
			return id;
		}
	}
	parser_fail_node(p, id, "Undefined label '%.*s'",
	    (int)(id->name.len > 64 ? 64 : id->name.len), id->name.s);
}

static struct ast_node *
parser_labeled(struct parser *p, struct ast_node *label, int chained)
{
	struct ast_node *n = parser_node_at(p, AST_LABELED_STATEMENT, label);
	struct plabel *l;
	size_t i;

	for (i = p->fn->label_base; i < p->nlabels; i++)
		if (p->labels[i].name.len == label->name.len &&
		    memcmp(p->labels[i].name.s, label->name.s,
			label->name.len) == 0)
			parser_fail_node(p, label,
			    "Label '%.*s' has already been declared",
			    (int)(label->name.len > 64 ? 64 : label->name.len),
			    label->name.s);
	if (p->nlabels == p->caplabels) {
		size_t cap = p->caplabels ? p->caplabels * 2 : 8;
		struct plabel *nl = ast_alloc(p->arena, cap * sizeof(*nl));

		if (nl == NULL)
			parser_oom(p);
		if (p->nlabels)
			memcpy(nl, p->labels, p->nlabels * sizeof(*nl));
		p->labels = nl;
		p->caplabels = cap;
	}
	l = &p->labels[p->nlabels++];
	l->name = label->name;
	l->is_loop = 0;
	l->chained = chained;
	parser_next(p); /* the colon */
	if (parser_is_kw(p, KW_FOR) || parser_is_kw(p, KW_WHILE) ||
	    parser_is_kw(p, KW_DO)) {
		for (i = p->nlabels; i > 0; i--) {
			p->labels[i - 1].is_loop = 1;
			if (!p->labels[i - 1].chained)
				break;
		}
	}
	n->label = label;
	p->label_chain = 1;
	n->body = parser_statement(p, 2);
	p->nlabels--;
	return parser_finish(p, n);
}

static int
parser_at_module_top(struct parser *p)
{
	return p->module && p->fn->top && p->scope->up == NULL;
}

static struct ast_node *
parser_expr_statement(struct parser *p, int list_item, int chained)
{
	struct token t = p->tok;
	struct ast_node *n = parser_node(p, AST_EXPRESSION_STATEMENT), *e;

	e = parser_expression(p, 0);
	if (e->kind == AST_IDENTIFIER && !e->parenthesized &&
	    t.type == T_NAME && e->start == t.start && e->end == t.end &&
	    p->tok.type == T_COLON)
		return parser_labeled(p, e, chained);
	(void)list_item;
	n->expression = e;
	parser_semicolon(p);
	return parser_finish(p, n);
}

static struct ast_node *
parser_statement_kw(struct parser *p, int list_item, int chained)
{
	struct ast_node *n;
	struct token nt;

	if (p->ts && (n = parser_ts_statement(p, list_item)) != NULL)
		return n;
	switch (p->tok.kw) {
	case KW_VAR:
		n = parser_var_decl(p, AST_VAR, 0);
		parser_semicolon(p);
		return parser_finish(p, n);
	case KW_LET:
		if (!parser_let_is_decl(p))
			break;
		/* A single statement cannot declare, so there `let`, then a
		 * line break, then anything but `[` is the identifier `let`
		 * and the statement ends at the break (ASI). */
		parser_peek(p, &nt);
		if (list_item != 1 && nt.nl_before && nt.type != T_LBRACK)
			break;
		/* FALLTHROUGH */
	case KW_CONST:
		if (list_item != 1)
			parser_fail_tok(p, &p->tok,
			    "Lexical declaration cannot appear in a "
			    "single-statement context");
		n = parser_var_decl(
		    p, p->tok.kw == KW_LET ? AST_LET : AST_CONST, 0);
		parser_semicolon(p);
		return parser_finish(p, n);
	case KW_FUNCTION:
		if (list_item == 0 || (list_item == 2 && p->fn->strict))
			parser_fail_tok(p, &p->tok,
			    p->fn->strict
				? "In strict mode code, functions can only be "
				  "declared at top level or inside a block."
				: "In non-strict mode code, functions can only "
				  "be declared at top level, inside a block, "
				  "or as the body of an if statement.");
		if (list_item == 2) {
			parser_scope_push(p, 0);
			n = parser_function(p, 1, 0, 0);
			if (n->is_generator)
				parser_fail_node(p, n,
				    "Generators can only be declared at the "
				    "top level or inside a block.");
			parser_scope_pop(p);
			return n;
		}
		return parser_function(p, 1, 0, 0);
	case KW_ASYNC:
		parser_peek(p, &nt);
		if (nt.type != T_NAME || nt.kw != KW_FUNCTION || nt.escaped ||
		    nt.nl_before)
			break;
		if (list_item != 1)
			parser_fail_tok(p, &p->tok,
			    "Async functions can only be declared at the top "
			    "level or inside a block.");
		p->async_tok = p->tok;
		parser_next(p);
		return parser_function(p, 1, 1, 0);
	case KW_CLASS:
		if (list_item != 1)
			parser_unexpected(p, &p->tok);
		return parser_class(p, 1, 0);
	case KW_IF:
		n = parser_node(p, AST_IF_STATEMENT);
		parser_next(p);
		parser_expect(p, T_LPAREN);
		n->test = parser_expression(p, 0);
		parser_expect(p, T_RPAREN);
		n->consequent = parser_statement(p, 2);
		if (parser_eat_kw(p, KW_ELSE))
			n->alternate = parser_statement(p, 2);
		return parser_finish(p, n);
	case KW_FOR:
		return parser_for(p);
	case KW_WHILE:
		n = parser_node(p, AST_WHILE_STATEMENT);
		parser_next(p);
		parser_expect(p, T_LPAREN);
		n->test = parser_expression(p, 0);
		parser_expect(p, T_RPAREN);
		parser_loop_body(p, n);
		return parser_finish(p, n);
	case KW_DO:
		n = parser_node(p, AST_DO_WHILE_STATEMENT);
		parser_next(p);
		parser_loop_body(p, n);
		if (!parser_eat_kw(p, KW_WHILE))
			parser_unexpected(p, &p->tok);
		parser_expect(p, T_LPAREN);
		n->test = parser_expression(p, 0);
		parser_expect(p, T_RPAREN);
		parser_eat(p, T_SEMI);
		return parser_finish(p, n);
	case KW_RETURN:
		if (p->fn->top || p->fn->field_init)
			parser_fail_tok(p, &p->tok, "Illegal return statement");
		n = parser_node(p, AST_RETURN_STATEMENT);
		parser_next(p);
		if (p->tok.type != T_SEMI && p->tok.type != T_RBRACE &&
		    p->tok.type != T_EOF && !p->tok.nl_before)
			n->argument = parser_expression(p, 0);
		parser_semicolon(p);
		return parser_finish(p, n);
	case KW_BREAK:
	case KW_CONTINUE:
		n = parser_node(p,
		    p->tok.kw == KW_BREAK ? AST_BREAK_STATEMENT
					  : AST_CONTINUE_STATEMENT);
		nt = p->tok;
		parser_next(p);
		if (p->tok.type == T_NAME && !p->tok.nl_before &&
		    !(p->tok.kw != KW_NONE && p->tok.kw < KW_FIRST_STRICT &&
			p->tok.kw != KW_AWAIT && p->tok.kw != KW_YIELD)) {
			n->label = parser_label_ref(
			    p, n->kind == AST_CONTINUE_STATEMENT);
		} else if (n->kind == AST_BREAK_STATEMENT &&
		    p->fn->breakable == 0) {
			parser_fail_tok(p, &nt, "Illegal break statement");
		} else if (n->kind == AST_CONTINUE_STATEMENT &&
		    p->fn->loops == 0) {
			parser_fail_tok(p, &nt,
			    "Illegal continue statement: no surrounding "
			    "iteration statement");
		}
		parser_semicolon(p);
		return parser_finish(p, n);
	case KW_THROW:
		n = parser_node(p, AST_THROW_STATEMENT);
		parser_next(p);
		if (p->tok.nl_before)
			parser_fail_tok(
			    p, &p->tok, "Illegal newline after throw");
		n->argument = parser_expression(p, 0);
		parser_semicolon(p);
		return parser_finish(p, n);
	case KW_TRY:
		n = parser_node(p, AST_TRY_STATEMENT);
		parser_next(p);
		n->block = parser_block(p, 1);
		if (parser_is_kw(p, KW_CATCH)) {
			struct ast_node *h = parser_node(p, AST_CATCH_CLAUSE);

			parser_next(p);
			parser_scope_push(p, 0);
			if (parser_eat(p, T_LPAREN)) {
				h->param = parser_binding_target(p);
				if (p->ts)
					parser_ts_annotation(p);
				if (h->param->kind == AST_IDENTIFIER)
					parser_declare(p, h->param, D_CATCH);
				else
					parser_declare_pattern(
					    p, h->param, D_CATCHP);
				parser_expect(p, T_RPAREN);
			}
			h->body = parser_block(p, 0);
			parser_scope_pop(p);
			n->handler = parser_finish(p, h);
		}
		if (parser_eat_kw(p, KW_FINALLY))
			n->finalizer = parser_block(p, 1);
		if (n->handler == NULL && n->finalizer == NULL)
			parser_fail_tok(
			    p, &p->tok, "Missing catch or finally after try");
		return parser_finish(p, n);
	case KW_SWITCH: {
		struct ast_node *c;
		int has_default = 0;

		n = parser_node(p, AST_SWITCH_STATEMENT);
		parser_next(p);
		parser_expect(p, T_LPAREN);
		n->discriminant = parser_expression(p, 0);
		parser_expect(p, T_RPAREN);
		parser_expect(p, T_LBRACE);
		parser_scope_push(p, 0);
		p->fn->breakable++;
		while (p->tok.type != T_RBRACE) {
			c = parser_node(p, AST_SWITCH_CASE);
			if (parser_eat_kw(p, KW_CASE)) {
				c->test = parser_expression(p, 0);
			} else if (parser_is_kw(p, KW_DEFAULT)) {
				if (has_default)
					parser_fail_tok(p, &p->tok,
					    "More than one default clause in "
					    "switch statement");
				has_default = 1;
				parser_next(p);
			} else {
				parser_unexpected(p, &p->tok);
			}
			parser_expect(p, T_COLON);
			while (p->tok.type != T_RBRACE &&
			    !parser_is_kw(p, KW_CASE) &&
			    !parser_is_kw(p, KW_DEFAULT)) {
				if (p->tok.type == T_EOF)
					parser_unexpected(p, &p->tok);
				parser_push(
				    p, &c->cons_list, parser_statement(p, 1));
			}
			parser_push(p, &n->cases, parser_finish(p, c));
		}
		parser_next(p);
		p->fn->breakable--;
		parser_scope_pop(p);
		return parser_finish(p, n);
	}
	case KW_WITH:
		if (p->fn->strict)
			parser_fail_tok(p, &p->tok,
			    "Strict mode code may not include a with "
			    "statement");
		n = parser_node(p, AST_WITH_STATEMENT);
		parser_next(p);
		parser_expect(p, T_LPAREN);
		n->object = parser_expression(p, 0);
		parser_expect(p, T_RPAREN);
		n->body = parser_statement(p, 0);
		return parser_finish(p, n);
	case KW_DEBUGGER:
		n = parser_node(p, AST_DEBUGGER_STATEMENT);
		parser_next(p);
		parser_semicolon(p);
		return parser_finish(p, n);
	case KW_IMPORT:
		parser_peek(p, &nt);
		if (nt.type == T_LPAREN || nt.type == T_DOT)
			break;
		if (!p->module)
			parser_fail_tok(p, &p->tok,
			    "Cannot use import statement outside a module");
		if (!parser_at_module_top(p))
			parser_unexpected(p, &p->tok);
		return parser_import(p);
	case KW_EXPORT:
		if (!p->module || !parser_at_module_top(p))
			parser_unexpected(p, &p->tok);
		return parser_export(p);
	default:
		break;
	}
	return parser_expr_statement(p, list_item, chained);
}

struct ast_node *
parser_statement(struct parser *p, int list_item)
{
	struct ast_node *n;
	int chained = p->label_chain;

	p->label_chain = 0;
	parser_enter(p);
	switch (p->tok.type) {
	case T_LBRACE:
		n = parser_block(p, 1);
		break;
	case T_SEMI:
		n = parser_node(p, AST_EMPTY_STATEMENT);
		parser_next(p);
		n = parser_finish(p, n);
		break;
	case T_NAME:
		if (!p->tok.escaped) {
			n = parser_statement_kw(p, list_item, chained);
			break;
		}
		/* FALLTHROUGH */
	default:
		n = parser_expr_statement(p, list_item, chained);
		break;
	}
	parser_leave(p);
	return n;
}

/* Whether a directive's raw text holds an octal escape (\1, \01, \8). */
static int
parser_raw_octal(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i + 1 < n; i++) {
		if (s[i] != '\\')
			continue;
		if (s[i + 1] >= '1' && s[i + 1] <= '9')
			return 1;
		if (s[i + 1] == '0' && i + 2 < n && s[i + 2] >= '0' &&
		    s[i + 2] <= '9')
			return 1;
		i++;
	}
	return 0;
}

void
parser_body_statements(
    struct parser *p, struct ast_list *list, int top, int *became_strict)
{
	int prologue = 1;
	struct ast_node *octal = NULL, *s, *e;
	enum tok end = top ? T_EOF : T_RBRACE;

	while (p->tok.type != end) {
		if (p->tok.type == T_EOF)
			parser_unexpected(p, &p->tok);
		if (!prologue || p->tok.type != T_STRING) {
			prologue = 0;
			parser_push(p, list, parser_statement(p, 1));
			continue;
		}
		s = parser_statement(p, 1);
		parser_push(p, list, s);
		e = s->expression;
		if (s->kind != AST_EXPRESSION_STATEMENT || e == NULL ||
		    e->kind != AST_LITERAL ||
		    e->literal_kind != AST_LIT_STRING || e->parenthesized ||
		    e->start != s->start) {
			prologue = 0;
			continue;
		}
		s->directive = parser_dup(p, e->raw.s + 1, e->raw.len - 2);
		if (parser_raw_octal(s->directive.s, s->directive.len) &&
		    octal == NULL)
			octal = e;
		if (parser_streq(s->directive, "use strict") &&
		    !p->fn->strict) {
			p->fn->strict = 1;
			if (became_strict != NULL)
				*became_strict = 1;
		}
		if (p->fn->strict && octal != NULL)
			parser_fail_node(p, octal,
			    "Octal escape sequences are not allowed in strict "
			    "mode.");
	}
}
