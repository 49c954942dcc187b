/*
 * The parser's driver and shared machinery: tokens, errors, scopes for
 * redeclaration checks, identifier rules, the cover grammar's conversion of
 * expressions to patterns, and the tree-height check.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser_int.h"

void
parser_fail(struct parser *p, uint32_t line, uint32_t col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->err->message, sizeof(p->err->message), fmt, ap);
	va_end(ap);
	p->err->line = line;
	p->err->col = col;
	longjmp(p->jb, 1);
}

void
parser_fail_tok(struct parser *p, const struct token *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->err->message, sizeof(p->err->message), fmt, ap);
	va_end(ap);
	p->err->line = t->line;
	p->err->col = t->col;
	longjmp(p->jb, 1);
}

void
parser_fail_node(
    struct parser *p, const struct ast_node *n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->err->message, sizeof(p->err->message), fmt, ap);
	va_end(ap);
	p->err->line = n->line;
	p->err->col = n->col;
	longjmp(p->jb, 1);
}

void
parser_oom(struct parser *p)
{
	parser_fail_tok(p, &p->tok, "Out of memory");
}

/* Whether a name token is a word that may never be an identifier here. */
int
parser_ident_kw_reserved(struct parser *p, const struct token *t)
{
	if (t->kw == KW_NONE || t->kw >= KW_FIRST_CONTEXTUAL)
		return 0;
	if (t->kw == KW_AWAIT)
		return p->module || p->fn->is_async || p->fn->static_block;
	if (t->kw == KW_YIELD)
		return p->fn->is_gen || p->fn->strict;
	if (t->kw >= KW_FIRST_STRICT)
		return p->fn->strict;
	return 1;
}

void
parser_unexpected(struct parser *p, const struct token *t)
{
	int n;

	switch (t->type) {
	case T_EOF:
		parser_fail_tok(p, t, "Unexpected end of input");
	case T_NAME:
		if (t->kw != KW_NONE && t->kw < KW_FIRST_CONTEXTUAL) {
			if (t->escaped)
				parser_fail_tok(p, t,
				    "Keyword must not contain escaped "
				    "characters");
			if (t->kw >= KW_FIRST_STRICT ||
			    (t->kw == KW_YIELD && !p->fn->is_gen))
				parser_fail_tok(p, t,
				    p->fn->strict
					? "Unexpected strict mode reserved word"
					: "Unexpected identifier '%.*s'",
				    (int)t->val.len, t->val.s);
			if (t->kw == KW_AWAIT)
				parser_fail_tok(
				    p, t, "Unexpected reserved word");
			parser_fail_tok(p, t, "Unexpected token '%.*s'",
			    (int)t->val.len, t->val.s);
		}
		n = t->val.len > 64 ? 64 : (int)t->val.len;
		parser_fail_tok(
		    p, t, "Unexpected identifier '%.*s'", n, t->val.s);
	case T_PRIVATE:
		n = t->val.len > 64 ? 64 : (int)t->val.len;
		parser_fail_tok(
		    p, t, "Unexpected identifier '#%.*s'", n, t->val.s);
	case T_NUM:
	case T_BIGINT:
		parser_fail_tok(p, t, "Unexpected number");
	case T_STRING:
		parser_fail_tok(p, t, "Unexpected string");
	case T_TEMPLATE:
		parser_fail_tok(p, t, "Unexpected template string");
	case T_REGEX:
		parser_fail_tok(p, t, "Unexpected regular expression");
	default:
		parser_fail_tok(
		    p, t, "Unexpected token '%s'", lexer_tok_text(t->type));
	}
}

void
parser_next(struct parser *p)
{
	p->prev_end = p->tok.end;
	if (lexer_next(&p->lx, &p->tok) < 0) {
		if (p->ts && p->lx.pos < p->lx.len &&
		    p->lx.src[p->lx.pos] == '@')
			parser_ts_refuse_at(p, p->lx.err_line, p->lx.err_col);
		parser_fail(p, p->lx.err_line, p->lx.err_col, "%s", p->lx.err);
	}
}

/* Lexes the token after the current one without consuming anything. */
void
parser_peek(struct parser *p, struct token *out)
{
	struct lexer save = p->lx;

	if (lexer_next(&p->lx, out) < 0) {
		memset(out, 0, sizeof(*out));
		out->type = T_EOF;
	}
	/* The scratch buffer may have moved; keep the live one. */
	save.buf = p->lx.buf;
	save.buf_cap = p->lx.buf_cap;
	save.buf_len = 0;
	p->lx = save;
}

int
parser_is(struct parser *p, enum tok t)
{
	return p->tok.type == t;
}

int
parser_eat(struct parser *p, enum tok t)
{
	if (p->tok.type != t)
		return 0;
	parser_next(p);
	return 1;
}

void
parser_expect(struct parser *p, enum tok t)
{
	if (p->tok.type != t)
		parser_unexpected(p, &p->tok);
	parser_next(p);
}

/* The current token is the (unescaped) word kw. */
int
parser_is_kw(struct parser *p, enum kw kw)
{
	return p->tok.type == T_NAME && p->tok.kw == kw && !p->tok.escaped;
}

int
parser_eat_kw(struct parser *p, enum kw kw)
{
	if (!parser_is_kw(p, kw))
		return 0;
	parser_next(p);
	return 1;
}

/* Automatic semicolon insertion. */
void
parser_semicolon(struct parser *p)
{
	if (p->tok.type == T_SEMI) {
		parser_next(p);
		return;
	}
	if (p->tok.type == T_RBRACE || p->tok.type == T_EOF || p->tok.nl_before)
		return;
	parser_unexpected(p, &p->tok);
}

struct ast_node *
parser_node(struct parser *p, enum ast_kind k)
{
	struct ast_node *n =
	    ast_node_new(p->arena, k, p->tok.line, p->tok.col, p->tok.start);

	if (n == NULL)
		parser_oom(p);
	return n;
}

/* A node starting where `at` starts. */
struct ast_node *
parser_node_at(struct parser *p, enum ast_kind k, const struct ast_node *at)
{
	struct ast_node *n =
	    ast_node_new(p->arena, k, at->line, at->col, at->start);

	if (n == NULL)
		parser_oom(p);
	return n;
}

struct ast_node *
parser_finish(struct parser *p, struct ast_node *n)
{
	n->end = p->prev_end;
	return n;
}

void
parser_push(struct parser *p, struct ast_list *l, struct ast_node *n)
{
	if (ast_list_push(p->arena, l, n) < 0)
		parser_oom(p);
}

struct ast_str
parser_dup(struct parser *p, const char *s, size_t n)
{
	struct ast_str r = ast_str_dup(p->arena, s, n);

	if (r.s == NULL)
		parser_oom(p);
	return r;
}

int
parser_streq(struct ast_str a, const char *s)
{
	size_t n = strlen(s);

	return a.len == n && memcmp(a.s, s, n) == 0;
}

void
parser_enter(struct parser *p)
{
	if (++p->depth > PARSER_MAX_DEPTH)
		parser_fail_tok(p, &p->tok,
		    "Maximum nesting depth exceeded (%d)", PARSER_MAX_DEPTH);
}

void
parser_leave(struct parser *p)
{
	p->depth--;
}

/* ---- Scopes ---- */

static uint32_t
parser_hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;

	while (n--)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

void
parser_scope_push(struct parser *p, int is_func)
{
	struct pscope *s = ast_alloc(p->arena, sizeof(*s));

	if (s == NULL)
		parser_oom(p);
	s->up = p->scope;
	s->is_func = is_func;
	p->scope = s;
}

void
parser_scope_pop(struct parser *p)
{
	p->scope = p->scope->up;
}

static struct pname *
parser_scope_slot(struct pscope *s, const char *name, size_t len)
{
	size_t i;

	if (s->cap == 0)
		return NULL;
	i = parser_hash(name, len) & (s->cap - 1);
	for (;;) {
		struct pname *e = &s->tab[i];
		if (e->s == NULL ||
		    (e->len == len && memcmp(e->s, name, len) == 0))
			return e;
		i = (i + 1) & (s->cap - 1);
	}
}

static struct pname *
parser_scope_add(
    struct parser *p, struct pscope *s, const char *name, size_t len)
{
	struct pname *e;

	if ((s->count + 1) * 4 > s->cap * 3) {
		size_t cap = s->cap ? s->cap * 2 : 8, i;
		struct pname *old = s->tab;
		size_t oldcap = s->cap;

		if ((s->tab = ast_alloc(p->arena, cap * sizeof(*s->tab))) ==
		    NULL)
			parser_oom(p);
		s->cap = cap;
		for (i = 0; i < oldcap; i++) {
			if (old[i].s == NULL)
				continue;
			e = parser_scope_slot(s, old[i].s, old[i].len);
			*e = old[i];
		}
	}
	e = parser_scope_slot(s, name, len);
	if (e->s == NULL) {
		e->s = name;
		e->len = len;
		e->flags = 0;
		s->count++;
	}
	return e;
}

static _Noreturn void
parser_redeclared(struct parser *p, struct ast_node *id)
{
	parser_fail_node(p, id, "Identifier '%.*s' has already been declared",
	    (int)(id->name.len > 64 ? 64 : id->name.len), id->name.s);
}

void
parser_declare(struct parser *p, struct ast_node *id, unsigned kind)
{
	const char *name = id->name.s;
	size_t len = id->name.len;
	struct pscope *s;
	struct pname *e;

	switch (kind) {
	case D_VAR:
		for (s = p->scope; s != NULL; s = s->up) {
			e = parser_scope_slot(s, name, len);
			if (e != NULL && e->s != NULL &&
			    (e->flags & (D_LEX | D_BFUNC | D_CATCHP)))
				parser_redeclared(p, id);
			parser_scope_add(p, s, name, len)->flags |= D_VAR;
			if (s->is_func)
				break;
		}
		return;
	case D_FUNC:
		e = parser_scope_add(p, p->scope, name, len);
		if (e->flags & (D_LEX | D_BFUNC))
			parser_redeclared(p, id);
		e->flags |= D_FUNC;
		return;
	case D_BFUNC:
		e = parser_scope_add(p, p->scope, name, len);
		if (e->flags != 0 && !(e->flags == D_BFUNC && !p->fn->strict))
			parser_redeclared(p, id);
		e->flags |= D_BFUNC;
		return;
	case D_LEX:
		e = parser_scope_add(p, p->scope, name, len);
		if (e->flags != 0)
			parser_redeclared(p, id);
		e->flags |= D_LEX;
		return;
	case D_CATCH:
	case D_CATCHP:
		e = parser_scope_add(p, p->scope, name, len);
		if (e->flags != 0)
			parser_redeclared(p, id);
		e->flags |= kind;
		return;
	default:
		/* Parameters: duplicates are checked by their parsers. */
		parser_scope_add(p, p->scope, name, len)->flags |= kind;
		return;
	}
}

void
parser_declare_pattern(struct parser *p, struct ast_node *n, unsigned kind)
{
	size_t i;

	if (n == NULL)
		return;
	switch (n->kind) {
	case AST_IDENTIFIER:
		parser_declare(p, n, kind);
		break;
	case AST_OBJECT_PATTERN:
		for (i = 0; i < n->properties.len; i++) {
			struct ast_node *q = n->properties.items[i];
			parser_declare_pattern(
			    p, q->kind == AST_PROPERTY ? q->value : q, kind);
		}
		break;
	case AST_ARRAY_PATTERN:
		for (i = 0; i < n->elements.len; i++)
			parser_declare_pattern(p, n->elements.items[i], kind);
		break;
	case AST_REST_ELEMENT:
		parser_declare_pattern(p, n->argument, kind);
		break;
	case AST_ASSIGNMENT_PATTERN:
		parser_declare_pattern(p, n->left, kind);
		break;
	default:
		break;
	}
}

/* ---- Identifiers ---- */

static int
parser_await_reserved(struct parser *p)
{
	return p->module || p->fn->is_async || p->fn->static_block;
}

void
parser_check_ident_ref(struct parser *p, const struct token *t)
{
	if (t->kw == KW_NONE)
		return;
	if (t->kw == KW_AWAIT) {
		if (parser_await_reserved(p))
			parser_fail_tok(p, t,
			    p->fn->static_block && !p->module
				? "'await' is not a valid identifier here"
				: "Unexpected reserved word");
		if (!p->await_pos) {
			p->await_pos = t->start + 1;
			p->await_tok = *t;
		}
		return;
	}
	if (t->kw == KW_ARGUMENTS) {
		struct pfunc *f = p->fn;

		while (f->is_arrow && f->up != NULL)
			f = f->up;
		if (f->field_init)
			parser_fail_tok(p, t,
			    "'arguments' is not allowed in class field "
			    "initializer or static initialization block");
		return;
	}
	if (parser_ident_kw_reserved(p, t))
		parser_unexpected(p, t);
}

void
parser_check_binding_ident(struct parser *p, const struct token *t)
{
	parser_check_ident_ref(p, t);
	if (p->fn->strict && (t->kw == KW_EVAL || t->kw == KW_ARGUMENTS))
		parser_fail_tok(
		    p, t, "Unexpected eval or arguments in strict mode");
}

/* ---- Cover grammar ---- */

void
parser_cover_set(struct parser *p, const struct token *t, const char *msg)
{
	if (p->cover.pos)
		return;
	p->cover.pos = t->start + 1;
	p->cover.line = t->line;
	p->cover.col = t->col;
	p->cover.msg = msg;
}

void
parser_cover_check(struct parser *p)
{
	if (p->cover.pos)
		parser_fail(p, p->cover.line, p->cover.col, "%s", p->cover.msg);
}

void
parser_tc_add(struct parser *p, struct ast_node *n)
{
	if (p->ntc == p->captc) {
		size_t cap = p->captc ? p->captc * 2 : 8;
		struct ast_node **t = ast_alloc(p->arena, cap * sizeof(*t));

		if (t == NULL)
			parser_oom(p);
		if (p->ntc)
			memcpy(t, p->tc, p->ntc * sizeof(*t));
		p->tc = t;
		p->captc = cap;
	}
	p->tc[p->ntc++] = n;
}

int
parser_tc_has(struct parser *p, struct ast_node *n)
{
	size_t i;

	for (i = 0; i < p->ntc; i++)
		if (p->tc[i] == n)
			return 1;
	return 0;
}

static void
parser_check_strict_name(struct parser *p, struct ast_node *e)
{
	if (p->fn->strict &&
	    (parser_streq(e->name, "eval") ||
		parser_streq(e->name, "arguments")))
		parser_fail_node(
		    p, e, "Unexpected eval or arguments in strict mode");
}

void
parser_check_simple_target(
    struct parser *p, struct ast_node *e, const char *msg)
{
	if (e->kind == AST_IDENTIFIER) {
		parser_check_strict_name(p, e);
		return;
	}
	if (e->kind == AST_MEMBER_EXPRESSION)
		return;
	parser_fail_node(p, e, "%s", msg);
}

static struct ast_node *parser_target(
    struct parser *, struct ast_node *, int binding, int nested);

/* A pattern element that may carry a default value. */
static struct ast_node *
parser_target_default(struct parser *p, struct ast_node *e, int binding)
{
	if (e->kind == AST_ASSIGNMENT_EXPRESSION && e->op == AST_OP_ASSIGN &&
	    !e->parenthesized) {
		e->kind = AST_ASSIGNMENT_PATTERN;
		e->op = AST_OP_NONE;
	}
	if (e->kind == AST_ASSIGNMENT_PATTERN) {
		e->left = parser_target(p, e->left, binding, 1);
		return e;
	}
	return parser_target(p, e, binding, 1);
}

static struct ast_node *
parser_target(struct parser *p, struct ast_node *e, int binding, int nested)
{
	const char *bad = nested ? "Invalid destructuring assignment target"
				 : "Invalid left-hand side in assignment";
	size_t i, n;

	switch (e->kind) {
	case AST_IDENTIFIER:
		if (binding && e->parenthesized)
			parser_fail_node(p, e, "%s", bad);
		parser_check_strict_name(p, e);
		return e;
	case AST_MEMBER_EXPRESSION:
		if (binding)
			parser_fail_node(p, e, "%s", bad);
		return e;
	case AST_OBJECT_EXPRESSION:
	case AST_OBJECT_PATTERN:
		if (e->parenthesized)
			parser_fail_node(p, e, "%s", bad);
		e->kind = AST_OBJECT_PATTERN;
		n = e->properties.len;
		for (i = 0; i < n; i++) {
			struct ast_node *q = e->properties.items[i];

			if (q->kind == AST_SPREAD_ELEMENT ||
			    q->kind == AST_REST_ELEMENT) {
				if (i + 1 != n || parser_tc_has(p, q))
					parser_fail_node(p, q,
					    "Rest element must be last "
					    "element");
				if (q->argument->kind != AST_IDENTIFIER &&
				    (binding ||
					q->argument->kind !=
					    AST_MEMBER_EXPRESSION))
					parser_fail_node(p, q->argument,
					    "`...` must be followed by an "
					    "assignable reference in "
					    "assignment contexts");
				q->kind = AST_REST_ELEMENT;
				q->argument =
				    parser_target(p, q->argument, binding, 1);
				continue;
			}
			if (q->is_method || q->prop_kind != AST_PROP_INIT)
				parser_fail_node(p, q->key, "%s",
				    "Invalid destructuring assignment target");
			q->value = parser_target_default(p, q->value, binding);
		}
		return e;
	case AST_ARRAY_EXPRESSION:
	case AST_ARRAY_PATTERN:
		if (e->parenthesized)
			parser_fail_node(p, e, "%s", bad);
		e->kind = AST_ARRAY_PATTERN;
		n = e->elements.len;
		for (i = 0; i < n; i++) {
			struct ast_node *q = e->elements.items[i];

			if (q == NULL)
				continue;
			if (q->kind == AST_SPREAD_ELEMENT ||
			    q->kind == AST_REST_ELEMENT) {
				if (i + 1 != n || parser_tc_has(p, q))
					parser_fail_node(p, q,
					    "Rest element must be last "
					    "element");
				q->kind = AST_REST_ELEMENT;
				q->argument =
				    parser_target(p, q->argument, binding, 1);
				continue;
			}
			e->elements.items[i] =
			    parser_target_default(p, q, binding);
		}
		return e;
	default:
		parser_fail_node(p, e, "%s", bad);
	}
}

struct ast_node *
parser_to_target(struct parser *p, struct ast_node *e, int binding)
{
	return parser_target(p, e, binding, 0);
}

/* ---- Private names ---- */

void
parser_private_ref(struct parser *p, const struct token *t)
{
	struct pclass *c = p->cls;

	if (c == NULL)
		parser_fail_tok(p, t,
		    "Private field '#%.*s' must be declared in an enclosing "
		    "class",
		    (int)(t->val.len > 64 ? 64 : t->val.len), t->val.s);
	if (c->nrefs == c->caprefs) {
		size_t cap = c->caprefs ? c->caprefs * 2 : 8;
		struct pprivref *r = ast_alloc(p->arena, cap * sizeof(*r));

		if (r == NULL)
			parser_oom(p);
		if (c->nrefs)
			memcpy(r, c->refs, c->nrefs * sizeof(*r));
		c->refs = r;
		c->caprefs = cap;
	}
	c->refs[c->nrefs].name = t->val;
	c->refs[c->nrefs].line = t->line;
	c->refs[c->nrefs].col = t->col;
	c->nrefs++;
}

/* ---- Tree height ---- */

static const size_t parser_child_offs[] = {
	offsetof(struct ast_node, id),
	offsetof(struct ast_node, init),
	offsetof(struct ast_node, test),
	offsetof(struct ast_node, update),
	offsetof(struct ast_node, body),
	offsetof(struct ast_node, left),
	offsetof(struct ast_node, right),
	offsetof(struct ast_node, argument),
	offsetof(struct ast_node, callee),
	offsetof(struct ast_node, object),
	offsetof(struct ast_node, property),
	offsetof(struct ast_node, key),
	offsetof(struct ast_node, value),
	offsetof(struct ast_node, expression),
	offsetof(struct ast_node, consequent),
	offsetof(struct ast_node, alternate),
	offsetof(struct ast_node, block),
	offsetof(struct ast_node, handler),
	offsetof(struct ast_node, finalizer),
	offsetof(struct ast_node, param),
	offsetof(struct ast_node, label),
	offsetof(struct ast_node, discriminant),
	offsetof(struct ast_node, super_class),
	offsetof(struct ast_node, tag),
	offsetof(struct ast_node, quasi),
	offsetof(struct ast_node, source),
	offsetof(struct ast_node, declaration),
	offsetof(struct ast_node, imported),
	offsetof(struct ast_node, local),
	offsetof(struct ast_node, exported),
	offsetof(struct ast_node, meta),
};

static const size_t parser_list_offs[] = {
	offsetof(struct ast_node, list_body),
	offsetof(struct ast_node, params),
	offsetof(struct ast_node, arguments),
	offsetof(struct ast_node, elements),
	offsetof(struct ast_node, properties),
	offsetof(struct ast_node, declarations),
	offsetof(struct ast_node, cases),
	offsetof(struct ast_node, cons_list),
	offsetof(struct ast_node, expressions),
	offsetof(struct ast_node, quasis),
	offsetof(struct ast_node, specifiers),
};

struct hitem {
	struct ast_node *n;
	uint32_t h;
};

/* Fails when the tree is higher than PARSER_MAX_HEIGHT (iteratively). */
static void
parser_check_height(struct parser *p, struct ast_node *root)
{
	struct hitem *st = NULL, *ns;
	size_t sp = 0, cap = 0, i, j;

	cap = 256;
	if ((st = malloc(cap * sizeof(*st))) == NULL)
		parser_oom(p);
	st[sp++] = (struct hitem){ root, 1 };
	while (sp > 0) {
		struct hitem it = st[--sp];
		struct ast_node *n = it.n;

		if (it.h > PARSER_MAX_HEIGHT) {
			free(st);
			parser_fail_node(p, n,
			    "Expression nested too deeply (limit %d)",
			    PARSER_MAX_HEIGHT);
		}
		for (i = 0; i <
		     sizeof(parser_child_offs) / sizeof(parser_child_offs[0]) +
			 sizeof(parser_list_offs) / sizeof(parser_list_offs[0]);
		     i++) {
			size_t np = sizeof(parser_child_offs) /
			    sizeof(parser_child_offs[0]);
			struct ast_node *const *kids;
			size_t nk;
			struct ast_node *one;

			if (i < np) {
				one = *(
				    struct ast_node *const *)((const char *)n +
				    parser_child_offs[i]);
				kids = &one;
				nk = one != NULL;
			} else {
				const struct ast_list *l =
				    (const struct ast_list *)((const char *)n +
					parser_list_offs[i - np]);
				kids = l->items;
				nk = l->len;
			}
			for (j = 0; j < nk; j++) {
				if (kids[j] == NULL)
					continue;
				if (sp == cap) {
					cap *= 2;
					ns = realloc(st, cap * sizeof(*st));
					if (ns == NULL) {
						free(st);
						parser_oom(p);
					}
					st = ns;
				}
				st[sp++] = (struct hitem){ kids[j], it.h + 1 };
			}
		}
	}
	free(st);
}

/* ---- Entry ---- */

static void
parser_check_exports(struct parser *p)
{
	size_t i;

	for (i = 0; i < p->nexport_locals; i++) {
		struct pprivref *r = &p->export_locals[i];
		struct pname *e =
		    parser_scope_slot(p->scope, r->name.s, r->name.len);

		if (e == NULL || e->s == NULL)
			parser_fail(p, r->line, r->col,
			    "Export '%.*s' is not defined in module",
			    (int)(r->name.len > 64 ? 64 : r->name.len),
			    r->name.s);
	}
}

struct ast_node *
parser_parse(struct ast_arena *arena, const char *src, size_t len,
    enum ast_source_type goal, struct parser_error *err)
{
	return parser_parse_opts(arena, src, len, goal, 0, err);
}

struct ast_node *
parser_parse_opts(struct ast_arena *arena, const char *src, size_t len,
    enum ast_source_type goal, int strict, struct parser_error *err)
{
	return parser_parse_flags(
	    arena, src, len, goal, strict ? PARSER_F_STRICT : 0, err);
}

struct ast_node *
parser_parse_flags(struct ast_arena *arena, const char *src, size_t len,
    enum ast_source_type goal, unsigned flags, struct parser_error *err)
{
	int strict = (flags & PARSER_F_STRICT) != 0;

	struct parser *p;
	struct pfunc *top;
	struct ast_node *prog;
	struct parser_error dummy;

	if (err == NULL)
		err = &dummy;
	memset(err, 0, sizeof(*err));
	if (len > UINT32_MAX - 2) {
		snprintf(
		    err->message, sizeof(err->message), "Source too large");
		err->line = err->col = 1;
		return NULL;
	}
	/* Everything the parser keeps lives in the arena. */
	if ((p = ast_alloc(arena, sizeof(*p))) == NULL ||
	    (top = ast_alloc(arena, sizeof(*top))) == NULL) {
		snprintf(err->message, sizeof(err->message), "Out of memory");
		err->line = err->col = 1;
		return NULL;
	}
	p->arena = arena;
	p->err = err;
	p->module = goal == AST_MODULE;
	p->ts = (flags & PARSER_F_TS) != 0;
	lexer_init(&p->lx, arena, src, len);
	top->top = 1;
	top->strict = p->module || strict;
	top->is_async = p->module; /* top-level await */
	p->fn = top;
	if (setjmp(p->jb) != 0) {
		lexer_free(&p->lx);
		return NULL;
	}
	parser_scope_push(p, 1);
	parser_next(p);
	prog = parser_node(p, AST_PROGRAM);
	prog->line = prog->col = 1;
	prog->start = 0;
	prog->source_type = goal;
	parser_body_statements(p, &prog->list_body, 1, NULL);
	prog->end = (uint32_t)len;
	parser_check_exports(p);
	parser_check_height(p, prog);
	lexer_free(&p->lx);
	return prog;
}
