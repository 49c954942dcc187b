/*
 * Functions (parameters, bodies, strictness checks) and classes (members,
 * private names, static blocks).
 */
#include <string.h>

#include "parser_int.h"

/* ---- Functions ---- */

static struct ast_node *
parser_params_dup(
    struct ast_node *n, struct ast_node **seen, size_t *nseen, size_t cap)
{
	struct ast_node *d;
	size_t i;

	if (n == NULL)
		return NULL;
	switch (n->kind) {
	case AST_IDENTIFIER:
		for (i = 0; i < *nseen; i++)
			if (seen[i]->name.len == n->name.len &&
			    memcmp(seen[i]->name.s, n->name.s, n->name.len) ==
				0)
				return n;
		if (*nseen < cap)
			seen[(*nseen)++] = n;
		return NULL;
	case AST_OBJECT_PATTERN:
		for (i = 0; i < n->properties.len; i++) {
			struct ast_node *q = n->properties.items[i];
			if ((d = parser_params_dup(
				 q->kind == AST_PROPERTY ? q->value : q, seen,
				 nseen, cap)) != NULL)
				return d;
		}
		return NULL;
	case AST_ARRAY_PATTERN:
		for (i = 0; i < n->elements.len; i++)
			if ((d = parser_params_dup(n->elements.items[i], seen,
				 nseen, cap)) != NULL)
				return d;
		return NULL;
	case AST_REST_ELEMENT:
		return parser_params_dup(n->argument, seen, nseen, cap);
	case AST_ASSIGNMENT_PATTERN:
		return parser_params_dup(n->left, seen, nseen, cap);
	default:
		return NULL;
	}
}

/* The first parameter name bound twice, or NULL. */
static struct ast_node *
parser_first_dup(struct parser *p, struct ast_node *fn)
{
	struct ast_node *seen[256], *d;
	size_t nseen = 0, i;

	(void)p;
	for (i = 0; i < fn->params.len; i++)
		if ((d = parser_params_dup(
			 fn->params.items[i], seen, &nseen, 256)) != NULL)
			return d;
	return NULL;
}

static int
parser_simple_params(const struct ast_node *fn)
{
	size_t i;

	for (i = 0; i < fn->params.len; i++)
		if (fn->params.items[i]->kind != AST_IDENTIFIER)
			return 0;
	return 1;
}

void
parser_declare_params(struct parser *p, struct ast_node *fn, int allow_dup)
{
	struct ast_node *d;
	size_t i;

	if (!allow_dup && (d = parser_first_dup(p, fn)) != NULL)
		parser_fail_node(p, d,
		    "Duplicate parameter name not allowed in this context");
	for (i = 0; i < fn->params.len; i++)
		parser_declare_pattern(p, fn->params.items[i], D_PARAM);
}

static int
parser_strict_reserved_name(struct ast_str s)
{
	static const char *const names[] = { "implements", "interface", "let",
		"package", "private", "protected", "public", "static", "yield",
		"eval", "arguments" };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (parser_streq(s, names[i]))
			return 1;
	return 0;
}

static void
parser_strict_names(struct parser *p, struct ast_node *n)
{
	size_t i;

	if (n == NULL)
		return;
	switch (n->kind) {
	case AST_IDENTIFIER:
		if (parser_strict_reserved_name(n->name))
			parser_fail_node(p, n,
			    parser_streq(n->name, "eval") ||
				    parser_streq(n->name, "arguments")
				? "Unexpected eval or arguments in strict mode"
				: "Unexpected strict mode reserved word");
		break;
	case AST_OBJECT_PATTERN:
		for (i = 0; i < n->properties.len; i++) {
			struct ast_node *q = n->properties.items[i];
			parser_strict_names(
			    p, q->kind == AST_PROPERTY ? q->value : q);
		}
		break;
	case AST_ARRAY_PATTERN:
		for (i = 0; i < n->elements.len; i++)
			parser_strict_names(p, n->elements.items[i]);
		break;
	case AST_REST_ELEMENT:
		parser_strict_names(p, n->argument);
		break;
	case AST_ASSIGNMENT_PATTERN:
		parser_strict_names(p, n->left);
		break;
	default:
		break;
	}
}

static int
parser_has_use_strict(const struct ast_node *body)
{
	size_t i;

	for (i = 0; i < body->list_body.len; i++) {
		const struct ast_node *s = body->list_body.items[i];

		if (s->kind != AST_EXPRESSION_STATEMENT ||
		    s->directive.s == NULL)
			break;
		if (parser_streq(s->directive, "use strict"))
			return 1;
	}
	return 0;
}

void
parser_function_body(struct parser *p, struct ast_node *fn)
{
	struct ast_node *b = parser_node(p, AST_BLOCK_STATEMENT), *d;
	int became = 0;
	size_t i;

	parser_expect(p, T_LBRACE);
	parser_body_statements(p, &b->list_body, 0, &became);
	parser_expect(p, T_RBRACE);
	fn->body = parser_finish(p, b);
	/* also when the code around was strict already */
	if (!parser_simple_params(fn) && parser_has_use_strict(b))
		parser_fail_node(p, fn,
		    "Illegal 'use strict' directive in function with "
		    "non-simple parameter list");
	if (!became)
		return;
	if (fn->id != NULL)
		parser_strict_names(p, fn->id);
	for (i = 0; i < fn->params.len; i++)
		parser_strict_names(p, fn->params.items[i]);
	if ((d = parser_first_dup(p, fn)) != NULL)
		parser_fail_node(p, d,
		    "Duplicate parameter name not allowed in this context");
}

void
parser_function_rest(struct parser *p, struct ast_node *fn, int is_method,
    int super_call, const struct token *name_tok)
{
	struct pfunc *f = ast_alloc(p->arena, sizeof(*f));
	uint32_t sa = p->await_pos, sy = p->yield_pos;
	struct ast_node *r;
	int bodiless_ok = p->ts_bodiless_ok, cond = p->ts_cond, skip;

	(void)name_tok;
	if (f == NULL)
		parser_oom(p);
	p->ts_bodiless_ok = p->ts_bodiless = p->ts_cond = 0;
	parser_enter(p);
	f->up = p->fn;
	f->is_async = fn->is_async;
	f->is_gen = fn->is_generator;
	f->strict = p->fn->strict;
	f->super_prop = is_method;
	f->super_call = super_call;
	f->new_target = 1;
	f->label_base = p->nlabels;
	p->fn = f;
	p->await_pos = p->yield_pos = 0;
	parser_scope_push(p, 1);
	if (p->ts && p->tok.type == T_LT)
		parser_ts_type_params(p);
	parser_expect(p, T_LPAREN);
	f->in_params = 1;
	while (p->tok.type != T_RPAREN) {
		if (p->ts) {
			r = parser_ts_param(p, &skip);
			if (!skip) {
				parser_push(p, &fn->params, r);
				if (r->kind == AST_REST_ELEMENT &&
				    p->tok.type != T_RPAREN)
					parser_fail_node(p, r,
					    "Rest parameter must be last "
					    "formal parameter");
			}
			if (p->tok.type != T_RPAREN)
				parser_expect(p, T_COMMA);
			continue;
		}
		if (p->tok.type == T_ELLIPSIS) {
			r = parser_node(p, AST_REST_ELEMENT);
			parser_next(p);
			r->argument = parser_binding_target(p);
			parser_push(p, &fn->params, parser_finish(p, r));
			if (p->tok.type != T_RPAREN)
				parser_fail_node(p, r,
				    "Rest parameter must be last formal "
				    "parameter");
			break;
		}
		parser_push(p, &fn->params, parser_binding_element(p));
		if (p->tok.type != T_RPAREN)
			parser_expect(p, T_COMMA);
	}
	parser_next(p);
	f->in_params = 0;
	if (p->ts && p->tok.type == T_COLON)
		parser_ts_return_type(p);
	parser_declare_params(
	    p, fn, !f->strict && !is_method && parser_simple_params(fn));
	if (bodiless_ok && p->tok.type != T_LBRACE) {
		/* an overload or abstract signature: dropped by the caller */
		parser_semicolon(p);
		p->ts_bodiless = 1;
	} else {
		parser_function_body(p, fn);
	}
	p->ts_cond = cond;
	parser_scope_pop(p);
	p->fn = f->up;
	p->nlabels = f->label_base;
	p->await_pos = sa;
	p->yield_pos = sy;
	parser_leave(p);
	parser_finish(p, fn);
}

/* The declaration kind of a function declared in the current scope. */
static unsigned
parser_func_decl_kind(struct parser *p, int plain)
{
	if (p->scope->is_func)
		return p->module && p->fn->top ? D_LEX : D_FUNC;
	return plain && !p->fn->strict ? D_BFUNC : D_LEX;
}

struct ast_node *
parser_function(struct parser *p, int is_decl, int is_async, int name_optional)
{
	struct ast_node *fn = parser_node(
	    p, is_decl ? AST_FUNCTION_DECLARATION : AST_FUNCTION_EXPRESSION);
	struct token t;

	if (is_async) {
		/* The node starts at `async`, the token before. */
		fn->start = p->async_tok.start;
		fn->line = p->async_tok.line;
		fn->col = p->async_tok.col;
	}
	parser_next(p);
	fn->is_async = is_async;
	if (parser_eat(p, T_STAR))
		fn->is_generator = 1;
	t = p->tok;
	if (t.type == T_NAME) {
		if (is_decl) {
			fn->id = parser_ident(p, 1);
		} else if (t.kw == KW_YIELD || t.kw == KW_AWAIT) {
			if ((t.kw == KW_YIELD &&
				(fn->is_generator || p->fn->strict)) ||
			    (t.kw == KW_AWAIT && (is_async || p->module)))
				parser_unexpected(p, &t);
			fn->id = parser_node(p, AST_IDENTIFIER);
			fn->id->name = t.val;
			parser_next(p);
			parser_finish(p, fn->id);
		} else {
			fn->id = parser_ident(p, 1);
		}
		if (is_decl && !p->ts)
			parser_declare(p, fn->id,
			    parser_func_decl_kind(
				p, !is_async && !fn->is_generator));
	} else if (!name_optional) {
		parser_unexpected(p, &t);
	}
	if (!p->ts || !is_decl) {
		parser_function_rest(p, fn, 0, 0, &t);
		return fn;
	}
	/* TypeScript: an overload signature declares nothing, so the name is
	 * declared once the body is seen */
	p->ts_bodiless_ok = 1;
	parser_function_rest(p, fn, 0, 0, &t);
	if (p->ts_bodiless) {
		p->ts_bodiless = 0;
		return parser_ts_erased(p, &t);
	}
	if (fn->id != NULL)
		parser_declare(p, fn->id,
		    parser_func_decl_kind(p, !is_async && !fn->is_generator));
	return fn;
}

/* ---- Classes ---- */

static void
parser_private_decl(struct parser *p, struct ast_node *key, unsigned kind)
{
	struct pclass *c = p->cls;
	size_t i;

	if (parser_streq(key->name, "constructor"))
		parser_fail_node(p, key,
		    "Classes may not have a private field named "
		    "'#constructor'");
	for (i = 0; i < c->ndecl; i++) {
		struct pprivref *d = &c->decl[i];
		unsigned k = d->line;

		if (!parser_streq(d->name, key->name.s) ||
		    d->name.len != key->name.len)
			continue;
		if (((k & 3) == 1 && (kind & 3) == 2) ||
		    ((k & 3) == 2 && (kind & 3) == 1)) {
			if ((k & 4) == (kind & 4)) {
				d->line |= kind & 3;
				d->line |= 8; /* pair complete */
				if (k & 8)
					break;
				return;
			}
		}
		parser_fail_node(p, key,
		    "Identifier '#%.*s' has already been declared",
		    (int)(key->name.len > 64 ? 64 : key->name.len),
		    key->name.s);
	}
	if (i < c->ndecl)
		parser_fail_node(p, key,
		    "Identifier '#%.*s' has already been declared",
		    (int)(key->name.len > 64 ? 64 : key->name.len),
		    key->name.s);
	if (c->ndecl == c->capdecl) {
		size_t cap = c->capdecl ? c->capdecl * 2 : 8;
		struct pprivref *d = ast_alloc(p->arena, cap * sizeof(*d));

		if (d == NULL)
			parser_oom(p);
		if (c->ndecl)
			memcpy(d, c->decl, c->ndecl * sizeof(*d));
		c->decl = d;
		c->capdecl = cap;
	}
	c->decl[c->ndecl].name = key->name;
	c->decl[c->ndecl].line = kind;
	c->ndecl++;
}

static int
parser_key_is(const struct ast_node *k, int computed, const char *name)
{
	if (computed)
		return 0;
	if (k->kind == AST_IDENTIFIER)
		return parser_streq(k->name, name);
	if (k->kind == AST_LITERAL && k->literal_kind == AST_LIT_STRING)
		return parser_streq(k->str, name);
	return 0;
}

static struct pfunc *
parser_push_init_func(struct parser *p, int static_block)
{
	struct pfunc *f = ast_alloc(p->arena, sizeof(*f));

	if (f == NULL)
		parser_oom(p);
	f->up = p->fn;
	f->strict = 1;
	f->super_prop = 1;
	f->new_target = 1;
	f->field_init = 1;
	f->static_block = static_block;
	f->label_base = p->nlabels;
	p->fn = f;
	return f;
}

static struct ast_node *
parser_class_member(struct parser *p, int derived, int *has_ctor, int *erase)
{
	struct token t = p->tok, first;
	struct ast_node *m = parser_node(p, AST_METHOD_DEFINITION), *fn;
	struct pfunc *f;
	int is_static = 0, is_async = 0, is_gen = 0, computed = 0;
	enum ast_prop_kind kind = AST_PROP_INIT;
	uint32_t sa, sy;
	unsigned pk;
	size_t ndecl;

	if (parser_is_kw(p, KW_STATIC)) {
		parser_next(p);
		switch (p->tok.type) {
		case T_LPAREN:
		case T_ASSIGN:
		case T_SEMI:
		case T_RBRACE:
			m->key = ast_node_new(
			    p->arena, AST_IDENTIFIER, t.line, t.col, t.start);
			if (m->key == NULL)
				parser_oom(p);
			m->key->name = t.val;
			m->key->end = t.end;
			break;
		case T_LBRACE:
			m->kind = AST_STATIC_BLOCK;
			f = parser_push_init_func(p, 1);
			sa = p->await_pos;
			sy = p->yield_pos;
			parser_scope_push(p, 1);
			parser_next(p);
			while (p->tok.type != T_RBRACE)
				parser_push(
				    p, &m->list_body, parser_statement(p, 1));
			parser_next(p);
			parser_scope_pop(p);
			p->fn = f->up;
			p->nlabels = f->label_base;
			p->await_pos = sa;
			p->yield_pos = sy;
			return parser_finish(p, m);
		default:
			is_static = 1;
			break;
		}
	}
	if (p->ts && m->key == NULL)
		parser_ts_member_modifiers(p, erase);
	first = p->tok;
	if (m->key == NULL && first.type == T_NAME && !first.escaped &&
	    (first.kw == KW_ASYNC || first.kw == KW_GET ||
		first.kw == KW_SET)) {
		parser_next(p);
		switch (p->tok.type) {
		case T_LPAREN:
		case T_ASSIGN:
		case T_SEMI:
		case T_RBRACE:
			m->key = ast_node_new(p->arena, AST_IDENTIFIER,
			    first.line, first.col, first.start);
			if (m->key == NULL)
				parser_oom(p);
			m->key->name = first.val;
			m->key->end = first.end;
			break;
		default:
			if (p->tok.nl_before &&
			    (first.kw == KW_ASYNC || p->tok.type == T_STAR)) {
				/* A field named async (get, set before a
				 * generator), then ASI. */
				m->key = ast_node_new(p->arena, AST_IDENTIFIER,
				    first.line, first.col, first.start);
				if (m->key == NULL)
					parser_oom(p);
				m->key->name = first.val;
				m->key->end = first.end;
				break;
			}
			if (first.kw == KW_ASYNC) {
				is_async = 1;
				if (parser_eat(p, T_STAR))
					is_gen = 1;
			} else {
				kind = first.kw == KW_GET ? AST_PROP_GET
							  : AST_PROP_SET;
			}
			break;
		}
	} else if (m->key == NULL && parser_eat(p, T_STAR)) {
		is_gen = 1;
	}
	if (m->key == NULL)
		m->key = parser_property_key(p, &computed, 1);
	if (p->ts && (p->tok.type == T_QUESTION || p->tok.type == T_BANG))
		parser_next(p); /* x?: T, x!: T, m?() */
	m->is_computed = computed;
	m->is_static = is_static;
	pk = (kind == AST_PROP_GET	    ? 1
		     : kind == AST_PROP_SET ? 2
					    : 0) |
	    (is_static ? 4 : 0);
	if (is_async || is_gen || kind != AST_PROP_INIT ||
	    p->tok.type == T_LPAREN || (p->ts && p->tok.type == T_LT)) {
		int ctor = !is_static &&
		    parser_key_is(m->key, computed, "constructor");

		m->method_kind = kind == AST_PROP_GET ? AST_METHOD_GET
		    : kind == AST_PROP_SET	      ? AST_METHOD_SET
						      : AST_METHOD_METHOD;
		if (ctor) {
			if (kind != AST_PROP_INIT)
				parser_fail_node(p, m->key,
				    "Class constructor may not be an accessor");
			if (is_gen)
				parser_fail_node(p, m->key,
				    "Class constructor may not be a generator");
			if (is_async)
				parser_fail_node(p, m->key,
				    "Class constructor may not be an async "
				    "method");
			if (*has_ctor)
				parser_fail_node(p, m->key,
				    "A class may only have one constructor");
			*has_ctor = 1;
			m->method_kind = AST_METHOD_CONSTRUCTOR;
		}
		if (is_static && parser_key_is(m->key, computed, "prototype"))
			parser_fail_node(p, m->key,
			    "Classes may not have a static property named "
			    "'prototype'");
		ndecl = p->cls->ndecl;
		if (m->key->kind == AST_PRIVATE_IDENTIFIER)
			parser_private_decl(p, m->key, pk ? pk : 16);
		fn = parser_node(p, AST_FUNCTION_EXPRESSION);
		fn->is_async = is_async;
		fn->is_generator = is_gen;
		p->ts_bodiless_ok = p->ts;
		parser_function_rest(p, fn, 1, ctor && derived, NULL);
		if (p->ts_bodiless) { /* overload or abstract: dropped */
			p->ts_bodiless = 0;
			if (ctor)
				*has_ctor = 0;
			/* nor does it declare its private name */
			if (p->cls->ndecl == ndecl + 1)
				p->cls->ndecl = ndecl;
			return NULL;
		}
		if (kind != AST_PROP_INIT)
			parser_accessor_params(p, fn, kind);
		m->value = fn;
		return parser_finish(p, m);
	}
	m->kind = AST_PROPERTY_DEFINITION;
	if (parser_key_is(m->key, computed, "constructor"))
		parser_fail_node(p, m->key,
		    "Classes may not have a field named 'constructor'");
	if (is_static && parser_key_is(m->key, computed, "prototype"))
		parser_fail_node(p, m->key,
		    "Classes may not have a static property named 'prototype'");
	if (m->key->kind == AST_PRIVATE_IDENTIFIER)
		parser_private_decl(p, m->key, 16 | (is_static ? 4 : 0));
	if (p->ts)
		parser_ts_annotation(p);
	if (parser_eat(p, T_ASSIGN)) {
		f = parser_push_init_func(p, 0);
		sa = p->await_pos;
		sy = p->yield_pos;
		m->value = parser_assign(p, 0);
		p->fn = f->up;
		p->await_pos = sa;
		p->yield_pos = sy;
	}
	parser_semicolon(p);
	return parser_finish(p, m);
}

struct ast_node *
parser_class(struct parser *p, int is_decl, int name_optional)
{
	struct ast_node *n = parser_node(p,
			    is_decl ? AST_CLASS_DECLARATION
				    : AST_CLASS_EXPRESSION),
			*body;
	unsigned saved_strict = p->fn->strict;
	struct pclass *c;
	int has_ctor = 0;
	size_t i, j;

	parser_enter(p);
	parser_next(p);
	p->fn->strict = 1;
	if (p->tok.type == T_NAME && !parser_is_kw(p, KW_EXTENDS)) {
		n->id = parser_ident(p, 1);
		if (is_decl)
			parser_declare(p, n->id, D_LEX);
	} else if (!name_optional) {
		parser_unexpected(p, &p->tok);
	}
	if (p->ts && p->tok.type == T_LT)
		parser_ts_type_params(p);
	if (parser_eat_kw(p, KW_EXTENDS)) {
		n->super_class = parser_lhs(p);
		if (n->super_class->kind == AST_ARROW_FUNCTION_EXPRESSION &&
		    !n->super_class->parenthesized)
			parser_fail_node(p, n->super_class,
			    "Malformed arrow function parameter list");
		if (p->ts && p->tok.type == T_LT)
			parser_ts_type_args(p);
	}
	if (p->ts && parser_eat_kw(p, KW_IMPLEMENTS))
		for (;;) {
			parser_ts_type(p);
			if (!parser_eat(p, T_COMMA))
				break;
		}
	body = parser_node(p, AST_CLASS_BODY);
	parser_expect(p, T_LBRACE);
	if ((c = ast_alloc(p->arena, sizeof(*c))) == NULL)
		parser_oom(p);
	c->up = p->cls;
	p->cls = c;
	while (p->tok.type != T_RBRACE) {
		struct ast_node *m;
		int erase = 0;

		if (parser_eat(p, T_SEMI))
			continue;
		if (p->ts) {
			if (parser_ts_index_signature(p))
				continue;
			parser_ts_member_modifiers(p, &erase);
		}
		m = parser_class_member(
		    p, n->super_class != NULL, &has_ctor, &erase);
		if (m != NULL && !erase)
			parser_push(p, &body->list_body, m);
	}
	parser_next(p);
	n->body = parser_finish(p, body);
	/* Private names must be declared here or in an enclosing class. */
	p->cls = c->up;
	for (i = 0; i < c->nrefs; i++) {
		struct pprivref *r = &c->refs[i];

		for (j = 0; j < c->ndecl; j++)
			if (c->decl[j].name.len == r->name.len &&
			    memcmp(c->decl[j].name.s, r->name.s, r->name.len) ==
				0)
				break;
		if (j < c->ndecl)
			continue;
		if (c->up == NULL)
			parser_fail(p, r->line, r->col,
			    "Private field '#%.*s' must be declared in an "
			    "enclosing class",
			    (int)(r->name.len > 64 ? 64 : r->name.len),
			    r->name.s);
		{
			struct token tt;

			memset(&tt, 0, sizeof(tt));
			tt.val = r->name;
			tt.line = r->line;
			tt.col = r->col;
			parser_private_ref(p, &tt);
		}
	}
	p->fn->strict = saved_strict;
	parser_leave(p);
	return parser_finish(p, n);
}
