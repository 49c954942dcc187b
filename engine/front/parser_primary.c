/*
 * Primary expressions: literals, templates, array and object literals,
 * parenthesized expressions and arrow functions (the cover grammar: parse
 * as expression, convert to parameters), and binding patterns.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parser_int.h"
#include "regexp/rx.h"

static struct ast_node *parser_literal(struct parser *);

/* The pattern checker's memory: plain malloc (the front end has no heap). */
static void *
parser_rx_realloc(void *opaque, void *ptr, size_t n)
{
	(void)opaque;
	if (n == 0) {
		free(ptr);
		return NULL;
	}
	return realloc(ptr, n);
}

/*
 * A regex literal's early errors: its flags and its pattern as the engine's
 * own compiler (engine/regexp/) reads them, reported at the offending
 * character (columns count UTF-16 units, as the lexer's do). The program is
 * thrown away: the runtime compiles its own (engine/runtime/40_regexp.js).
 */
static void
parser_regex_check(struct parser *p, const struct token *t)
{
	static const struct rx_alloc alloc = { parser_rx_realloc, NULL };
	static const char letters[] = "gimsuvyd";
	const unsigned char *s = (const unsigned char *)t->val.s;
	size_t len = t->val.len, i, n = 0;
	unsigned bits = 0, bit;
	struct rx_error err;
	rx_prog *prog = NULL;
	uint16_t *u;
	uint32_t c;
	int rc;

	for (i = 0; i < t->raw.len; i++) {
		const char *q = strchr(letters, t->raw.s[i]);

		bit =
		    q != NULL && t->raw.s[i] != '\0' ? 1u << (q - letters) : 0;
		if (bit == 0 || (bits & bit) != 0 ||
		    ((bits | bit) & (RX_U | RX_V)) == (RX_U | RX_V))
			parser_fail(p, t->line,
			    t->col + (uint32_t)len + 2 + (uint32_t)i,
			    "Invalid regular expression flags");
		bits |= bit;
	}
	if ((u = malloc((len + 1) * sizeof(*u))) == NULL)
		parser_fail_tok(p, t, "Out of memory");
	for (i = 0; i < len;) {
		c = s[i];
		if (c < 0x80) {
			i++;
		} else if ((c & 0xe0) == 0xc0 && i + 1 < len) {
			c = ((c & 0x1f) << 6) | (s[i + 1] & 0x3f);
			i += 2;
		} else if ((c & 0xf0) == 0xe0 && i + 2 < len) {
			c = ((c & 0x0f) << 12) |
			    ((uint32_t)(s[i + 1] & 0x3f) << 6) |
			    (s[i + 2] & 0x3f);
			i += 3;
		} else if ((c & 0xf8) == 0xf0 && i + 3 < len) {
			c = (((c & 0x07) << 18) |
				((uint32_t)(s[i + 1] & 0x3f) << 12) |
				((uint32_t)(s[i + 2] & 0x3f) << 6) |
				(s[i + 3] & 0x3f)) -
			    0x10000;
			i += 4;
			u[n++] = (uint16_t)(0xd800 + (c >> 10));
			c = 0xdc00 + (c & 0x3ff);
		} else {
			c = 0xfffd;
			i++;
		}
		u[n++] = (uint16_t)c;
	}
	memset(&err, 0, sizeof(err));
	rc = rx_compile(u, n, bits, &alloc, &prog, &err);
	free(u);
	if (rc == 0) {
		rx_free(prog);
		return;
	}
	if (rc == RX_ENOMEM)
		parser_fail_tok(p, t, "Out of memory");
	parser_fail(p, t->line,
	    t->col + 1 +
		(uint32_t)(err.pos < 0	      ? 0
			: (size_t)err.pos > n ? n
					      : (size_t)err.pos),
	    "Invalid regular expression: /%.*s/%.*s: %s",
	    (int)(len > 200 ? 200 : len), t->val.s, (int)t->raw.len, t->raw.s,
	    err.msg[0] != '\0' ? err.msg : "invalid pattern");
}

struct ast_node *
parser_ident(struct parser *p, int binding)
{
	struct ast_node *n;

	if (p->tok.type != T_NAME)
		parser_unexpected(p, &p->tok);
	if (binding)
		parser_check_binding_ident(p, &p->tok);
	else
		parser_check_ident_ref(p, &p->tok);
	n = parser_node(p, AST_IDENTIFIER);
	n->name = p->tok.val;
	parser_next(p);
	return parser_finish(p, n);
}

/* A copy of an identifier node (shorthand properties use the key twice). */
static struct ast_node *
parser_ident_copy(struct parser *p, const struct ast_node *id)
{
	struct ast_node *n = parser_node_at(p, AST_IDENTIFIER, id);

	n->name = id->name;
	n->end = id->end;
	return n;
}

struct ast_node *
parser_binding_element(struct parser *p)
{
	struct ast_node *t = parser_binding_target(p), *a;

	if (p->tok.type != T_ASSIGN)
		return t;
	a = parser_node_at(p, AST_ASSIGNMENT_PATTERN, t);
	parser_next(p);
	a->left = t;
	a->right = parser_assign(p, 0);
	return parser_finish(p, a);
}

struct ast_node *
parser_binding_target(struct parser *p)
{
	struct ast_node *n, *q, *r;
	struct token kt;
	int computed;

	parser_enter(p);
	if (p->tok.type == T_LBRACK) {
		n = parser_node(p, AST_ARRAY_PATTERN);
		parser_next(p);
		while (p->tok.type != T_RBRACK) {
			if (p->tok.type == T_COMMA) {
				parser_next(p);
				parser_push(p, &n->elements, NULL);
				continue;
			}
			if (p->tok.type == T_ELLIPSIS) {
				r = parser_node(p, AST_REST_ELEMENT);
				parser_next(p);
				r->argument = parser_binding_target(p);
				parser_push(
				    p, &n->elements, parser_finish(p, r));
				if (p->tok.type != T_RBRACK)
					parser_fail_node(p, r,
					    "Rest element must be last "
					    "element");
				break;
			}
			parser_push(p, &n->elements, parser_binding_element(p));
			if (p->tok.type != T_RBRACK)
				parser_expect(p, T_COMMA);
		}
		parser_next(p);
	} else if (p->tok.type == T_LBRACE) {
		n = parser_node(p, AST_OBJECT_PATTERN);
		parser_next(p);
		while (p->tok.type != T_RBRACE) {
			if (p->tok.type == T_ELLIPSIS) {
				r = parser_node(p, AST_REST_ELEMENT);
				parser_next(p);
				r->argument = parser_ident(p, 1);
				parser_push(
				    p, &n->properties, parser_finish(p, r));
				if (p->tok.type != T_RBRACE)
					parser_fail_node(p, r,
					    "Rest element must be last "
					    "element");
				break;
			}
			q = parser_node(p, AST_PROPERTY);
			kt = p->tok;
			computed = 0;
			q->key = parser_property_key(p, &computed, 0);
			q->is_computed = computed;
			if (p->tok.type == T_COLON) {
				parser_next(p);
				q->value = parser_binding_element(p);
			} else {
				if (kt.type != T_NAME || computed)
					parser_unexpected(p, &p->tok);
				parser_check_binding_ident(p, &kt);
				q->is_shorthand = 1;
				q->value = parser_ident_copy(p, q->key);
				if (p->tok.type == T_ASSIGN) {
					r = parser_node_at(p,
					    AST_ASSIGNMENT_PATTERN, q->value);
					parser_next(p);
					r->left = q->value;
					r->right = parser_assign(p, 0);
					q->value = parser_finish(p, r);
				}
			}
			parser_push(p, &n->properties, parser_finish(p, q));
			if (p->tok.type != T_RBRACE)
				parser_expect(p, T_COMMA);
		}
		parser_next(p);
	} else {
		n = parser_ident(p, 1);
		parser_leave(p);
		return n;
	}
	parser_leave(p);
	return parser_finish(p, n);
}

struct ast_node *
parser_property_key(struct parser *p, int *computed, int allow_private)
{
	struct ast_node *n;

	switch (p->tok.type) {
	case T_NAME:
		n = parser_node(p, AST_IDENTIFIER);
		n->name = p->tok.val;
		parser_next(p);
		return parser_finish(p, n);
	case T_PRIVATE:
		if (!allow_private)
			parser_unexpected(p, &p->tok);
		n = parser_node(p, AST_PRIVATE_IDENTIFIER);
		n->name = p->tok.val;
		parser_next(p);
		return parser_finish(p, n);
	case T_STRING:
	case T_NUM:
	case T_BIGINT:
		return parser_primary(p);
	case T_LBRACK:
		parser_next(p);
		*computed = 1;
		n = parser_assign(p, 0);
		parser_expect(p, T_RBRACK);
		return n;
	default:
		parser_unexpected(p, &p->tok);
	}
}

struct ast_node *
parser_template(struct parser *p, int tagged)
{
	struct ast_node *n = parser_node(p, AST_TEMPLATE_LITERAL), *el;

	for (;;) {
		struct token t = p->tok;

		if (t.type != T_TEMPLATE)
			parser_unexpected(p, &t);
		if (t.bad_escape && !tagged)
			parser_fail_tok(
			    p, &t, "Invalid escape sequence in template");
		el = ast_node_new(p->arena, AST_TEMPLATE_ELEMENT, t.line,
		    t.col + 1, t.start + 1);
		if (el == NULL)
			parser_oom(p);
		el->end = t.end - (t.tail ? 1 : 2);
		el->cooked = t.val;
		el->cooked_valid = !t.bad_escape;
		el->raw = t.raw;
		el->is_tail = t.tail;
		parser_push(p, &n->quasis, el);
		parser_next(p);
		if (t.tail)
			break;
		parser_push(p, &n->expressions, parser_expression(p, 0));
		if (p->tok.type != T_RBRACE)
			parser_unexpected(p, &p->tok);
		if (lexer_template_continue(&p->lx, &p->tok) < 0)
			parser_fail(
			    p, p->lx.err_line, p->lx.err_col, "%s", p->lx.err);
	}
	return parser_finish(p, n);
}

/* Converts a parenthesized list (or call arguments) to arrow parameters. */
void
parser_arrow_params(
    struct parser *p, struct ast_node *arrow, struct ast_list *items)
{
	size_t i;

	for (i = 0; i < items->len; i++) {
		struct ast_node *e = items->items[i];

		if (e->kind == AST_SPREAD_ELEMENT ||
		    e->kind == AST_REST_ELEMENT) {
			if (i + 1 != items->len)
				parser_fail_node(p, e,
				    "Rest parameter must be last formal "
				    "parameter");
			e->kind = AST_REST_ELEMENT;
			e->argument = parser_to_target(p, e->argument, 1);
		} else if (e->kind == AST_ASSIGNMENT_EXPRESSION &&
		    e->op == AST_OP_ASSIGN && !e->parenthesized) {
			e->kind = AST_ASSIGNMENT_PATTERN;
			e->op = AST_OP_NONE;
			e->left = parser_to_target(p, e->left, 1);
		} else if (e->kind == AST_ASSIGNMENT_PATTERN) {
			e->left = parser_to_target(p, e->left, 1);
		} else {
			e = parser_to_target(p, e, 1);
		}
		parser_push(p, &arrow->params, e);
	}
}

void
parser_arrow_checks(struct parser *p, int is_async)
{
	if (p->yield_pos)
		parser_fail_tok(p, &p->yield_tok,
		    "Yield expression not allowed in formal parameter");
	if (p->await_pos && (is_async || p->fn->is_async))
		parser_fail_tok(p, &p->await_tok,
		    is_async ? "'await' is not a valid identifier here"
			     : "Illegal await-expression in formal parameters "
			       "of async function");
}

struct ast_node *
parser_arrow_rest(
    struct parser *p, struct ast_node *arrow, int is_async, int flags)
{
	struct pfunc *f = ast_alloc(p->arena, sizeof(*f));
	uint32_t sa = p->await_pos, sy = p->yield_pos;

	if (f == NULL)
		parser_oom(p);
	if (p->tok.type != T_ARROW || p->tok.nl_before)
		parser_unexpected(p, &p->tok);
	parser_next(p);
	parser_enter(p);
	f->up = p->fn;
	f->is_arrow = 1;
	f->is_async = is_async;
	f->strict = p->fn->strict;
	f->label_base = p->nlabels;
	p->fn = f;
	arrow->is_async = is_async;
	p->await_pos = p->yield_pos = 0;
	parser_scope_push(p, 1);
	parser_declare_params(p, arrow, 0);
	if (p->tok.type == T_LBRACE) {
		parser_function_body(p, arrow);
	} else {
		arrow->is_expression = 1;
		arrow->body = parser_assign(p, flags & F_NOIN);
	}
	parser_scope_pop(p);
	p->fn = f->up;
	p->nlabels = f->label_base;
	p->await_pos = sa;
	p->yield_pos = sy;
	parser_leave(p);
	return parser_finish(p, arrow);
}

static struct ast_node *
parser_paren(struct parser *p)
{
	struct token open = p->tok, close;
	struct pcover saved = p->cover;
	uint32_t sa = p->await_pos, sy = p->yield_pos;
	struct ast_list items = { 0 };
	struct ast_node *rest = NULL, *e, *arrow;
	int trailing = 0;
	uint32_t inner_end;

	if (p->ts && (e = parser_ts_arrow(p, &open, 0, 0)) != NULL)
		return e;
	parser_next(p);
	p->cover.pos = 0;
	p->await_pos = p->yield_pos = 0;
	while (p->tok.type != T_RPAREN) {
		if (p->tok.type == T_ELLIPSIS) {
			rest = parser_node(p, AST_REST_ELEMENT);
			parser_next(p);
			rest->argument = parser_binding_target(p);
			parser_finish(p, rest);
			if (p->tok.type == T_COMMA)
				parser_fail_node(p, rest,
				    "Rest parameter must be last formal "
				    "parameter");
			parser_push(p, &items, rest);
			break;
		}
		parser_push(p, &items, parser_assign(p, F_PROP));
		if (p->tok.type != T_COMMA)
			break;
		parser_next(p);
		if (p->tok.type == T_RPAREN)
			trailing = 1;
	}
	close = p->tok;
	inner_end = p->prev_end;
	parser_expect(p, T_RPAREN);
	if (p->tok.type == T_ARROW && !p->tok.nl_before) {
		arrow = ast_node_new(p->arena, AST_ARROW_FUNCTION_EXPRESSION,
		    open.line, open.col, open.start);
		if (arrow == NULL)
			parser_oom(p);
		parser_arrow_params(p, arrow, &items);
		parser_arrow_checks(p, 0);
		p->cover = saved;
		/* `await` in these parameters stays visible to an enclosing
		 * async arrow head: async (a = (await) => {}) => {} */
		if (sa || !p->await_pos)
			p->await_pos = sa;
		p->yield_pos = sy;
		return parser_arrow_rest(p, arrow, 0, 0);
	}
	if (items.len == 0 || trailing)
		parser_unexpected(p, &close);
	if (rest != NULL)
		parser_fail_node(p, rest, "Unexpected token '...'");
	if (items.len == 1) {
		e = items.items[0];
	} else {
		e = parser_node_at(p, AST_SEQUENCE_EXPRESSION, items.items[0]);
		e->expressions = items;
		e->end = inner_end;
	}
	e->parenthesized = 1;
	if (saved.pos)
		p->cover = saved;
	if (sa)
		p->await_pos = sa;
	if (sy)
		p->yield_pos = sy;
	return e;
}

static struct ast_node *
parser_array(struct parser *p)
{
	struct ast_node *n = parser_node(p, AST_ARRAY_EXPRESSION), *s;

	parser_next(p);
	while (p->tok.type != T_RBRACK) {
		if (p->tok.type == T_COMMA) {
			parser_next(p);
			parser_push(p, &n->elements, NULL);
			continue;
		}
		if (p->tok.type == T_ELLIPSIS) {
			s = parser_node(p, AST_SPREAD_ELEMENT);
			parser_next(p);
			s->argument = parser_assign(p, F_PROP);
			parser_push(p, &n->elements, parser_finish(p, s));
			if (p->tok.type == T_COMMA)
				parser_tc_add(p, s);
		} else {
			parser_push(p, &n->elements, parser_assign(p, F_PROP));
		}
		if (p->tok.type != T_RBRACK)
			parser_expect(p, T_COMMA);
	}
	parser_next(p);
	return parser_finish(p, n);
}

static int
parser_is_proto_key(const struct ast_node *k)
{
	if (k->kind == AST_IDENTIFIER)
		return parser_streq(k->name, "__proto__");
	if (k->kind == AST_LITERAL && k->literal_kind == AST_LIT_STRING)
		return parser_streq(k->str, "__proto__");
	return 0;
}

/* Checks the parameter count of a getter or setter. */
void
parser_accessor_params(
    struct parser *p, struct ast_node *fn, enum ast_prop_kind kind)
{
	if (kind == AST_PROP_GET && fn->params.len != 0)
		parser_fail_node(
		    p, fn, "Getter must not have any formal parameters.");
	if (kind == AST_PROP_SET) {
		if (fn->params.len != 1)
			parser_fail_node(p, fn,
			    "Setter must have exactly one formal parameter.");
		if (fn->params.items[0]->kind == AST_REST_ELEMENT)
			parser_fail_node(p, fn,
			    "Setter function argument must not be a rest "
			    "parameter");
	}
}

static struct ast_node *
parser_object_property(struct parser *p, int *seen_proto)
{
	struct ast_node *q = parser_node(p, AST_PROPERTY), *fn, *r;
	struct token first = p->tok, kt;
	int is_async = 0, is_gen = 0, computed = 0;
	enum ast_prop_kind kind = AST_PROP_INIT;

	if (first.type == T_NAME && !first.escaped &&
	    (first.kw == KW_ASYNC || first.kw == KW_GET ||
		first.kw == KW_SET)) {
		parser_next(p);
		switch (p->tok.type) {
		case T_COMMA:
		case T_COLON:
		case T_LPAREN:
		case T_RBRACE:
		case T_ASSIGN:
			/* The word is the key itself. */
			q->key = ast_node_new(p->arena, AST_IDENTIFIER,
			    first.line, first.col, first.start);
			if (q->key == NULL)
				parser_oom(p);
			q->key->name = first.val;
			q->key->end = first.end;
			kt = first;
			break;
		default:
			if (first.kw == KW_ASYNC) {
				if (p->tok.nl_before)
					parser_unexpected(p, &p->tok);
				is_async = 1;
				if (parser_eat(p, T_STAR))
					is_gen = 1;
			} else {
				kind = first.kw == KW_GET ? AST_PROP_GET
							  : AST_PROP_SET;
			}
			break;
		}
	} else if (parser_eat(p, T_STAR)) {
		is_gen = 1;
	}
	if (q->key == NULL) {
		kt = p->tok;
		q->key = parser_property_key(p, &computed, 0);
	}
	q->is_computed = computed;
	q->prop_kind = kind;
	if (is_async || is_gen || kind != AST_PROP_INIT ||
	    p->tok.type == T_LPAREN || (p->ts && p->tok.type == T_LT)) {
		fn = parser_node(p, AST_FUNCTION_EXPRESSION);
		fn->is_async = is_async;
		fn->is_generator = is_gen;
		parser_function_rest(p, fn, 1, 0, NULL);
		if (kind != AST_PROP_INIT)
			parser_accessor_params(p, fn, kind);
		q->value = fn;
		q->is_method = kind == AST_PROP_INIT;
	} else if (p->tok.type == T_COLON) {
		parser_next(p);
		q->value = parser_assign(p, F_PROP);
		if (!computed && parser_is_proto_key(q->key)) {
			if (*seen_proto)
				parser_cover_set(p, &kt,
				    "Duplicate __proto__ fields are not "
				    "allowed in object literals");
			*seen_proto = 1;
		}
	} else {
		if (kt.type != T_NAME || computed)
			parser_unexpected(p, &p->tok);
		if (kt.escaped && kt.kw != KW_NONE && kt.kw < KW_FIRST_STRICT &&
		    kt.kw != KW_AWAIT && kt.kw != KW_YIELD)
			parser_fail_tok(p, &kt,
			    "Keyword must not contain escaped characters");
		parser_check_ident_ref(p, &kt);
		q->is_shorthand = 1;
		q->value = parser_ident_copy(p, q->key);
		if (p->tok.type == T_ASSIGN) {
			parser_cover_set(p, &p->tok,
			    "Invalid shorthand property initializer");
			r = parser_node_at(p, AST_ASSIGNMENT_PATTERN, q->value);
			parser_next(p);
			r->left = q->value;
			r->right = parser_assign(p, 0);
			q->value = parser_finish(p, r);
		}
	}
	return parser_finish(p, q);
}

static struct ast_node *
parser_object(struct parser *p)
{
	struct ast_node *n = parser_node(p, AST_OBJECT_EXPRESSION), *s;
	int seen_proto = 0;

	parser_next(p);
	while (p->tok.type != T_RBRACE) {
		if (p->tok.type == T_ELLIPSIS) {
			s = parser_node(p, AST_SPREAD_ELEMENT);
			parser_next(p);
			s->argument = parser_assign(p, F_PROP);
			parser_push(p, &n->properties, parser_finish(p, s));
			if (p->tok.type == T_COMMA)
				parser_tc_add(p, s);
		} else {
			parser_push(p, &n->properties,
			    parser_object_property(p, &seen_proto));
		}
		if (p->tok.type != T_RBRACE)
			parser_expect(p, T_COMMA);
	}
	parser_next(p);
	return parser_finish(p, n);
}

struct ast_node *
parser_string_literal(struct parser *p)
{
	return parser_literal(p);
}

static struct ast_node *
parser_literal(struct parser *p)
{
	struct ast_node *n = parser_node(p, AST_LITERAL);
	struct token *t = &p->tok;

	switch (t->type) {
	case T_NUM:
		if (t->octal && p->fn->strict)
			parser_fail_tok(p, t,
			    t->legacy_num ? "Decimals with leading zeros are "
					    "not allowed in strict mode."
					  : "Octal literals are not allowed in "
					    "strict mode.");
		n->literal_kind = AST_LIT_NUMBER;
		n->num = t->num;
		break;
	case T_BIGINT:
		n->literal_kind = AST_LIT_BIGINT;
		n->num = t->num;
		n->str = t->val;
		break;
	case T_STRING:
		if (t->octal && p->fn->strict)
			parser_fail_tok(p, t,
			    "Octal escape sequences are not allowed in strict "
			    "mode.");
		n->literal_kind = AST_LIT_STRING;
		n->str = t->val;
		break;
	case T_REGEX:
		parser_regex_check(p, t);
		n->literal_kind = AST_LIT_REGEX;
		n->regex_pattern = t->val;
		n->regex_flags = t->raw;
		break;
	default:
		parser_unexpected(p, t);
	}
	n->raw = parser_dup(
	    p, (const char *)p->lx.src + t->start, t->end - t->start);
	parser_next(p);
	return parser_finish(p, n);
}

struct ast_node *
parser_primary(struct parser *p)
{
	struct token t = p->tok, nt;
	struct ast_node *n, *arrow;

	switch (t.type) {
	case T_NAME:
		if (!t.escaped) {
			switch (t.kw) {
			case KW_THIS:
				n = parser_node(p, AST_THIS_EXPRESSION);
				parser_next(p);
				return parser_finish(p, n);
			case KW_NULL:
			case KW_TRUE:
			case KW_FALSE:
				n = parser_node(p, AST_LITERAL);
				n->literal_kind = t.kw == KW_NULL
				    ? AST_LIT_NULL
				    : AST_LIT_BOOLEAN;
				n->bool_value = t.kw == KW_TRUE;
				n->raw = t.val;
				parser_next(p);
				return parser_finish(p, n);
			case KW_FUNCTION:
				return parser_function(p, 0, 0, 1);
			case KW_CLASS:
				return parser_class(p, 0, 1);
			case KW_ASYNC:
				parser_peek(p, &nt);
				if (nt.nl_before)
					break;
				if (p->ts &&
				    (nt.type == T_LPAREN || nt.type == T_LT) &&
				    (n = parser_ts_arrow(p, &t, 1, 0)) != NULL)
					return n;
				if (nt.type == T_NAME && nt.kw == KW_FUNCTION &&
				    !nt.escaped) {
					p->async_tok = t;
					parser_next(p);
					return parser_function(p, 0, 1, 1);
				}
				if (nt.type != T_NAME ||
				    (!nt.escaped &&
					(nt.kw == KW_IN ||
					    nt.kw == KW_INSTANCEOF)))
					break;
				/* async x => ... */
				arrow = parser_node(
				    p, AST_ARROW_FUNCTION_EXPRESSION);
				parser_next(p);
				if (p->tok.kw == KW_AWAIT)
					parser_fail_tok(p, &p->tok,
					    "'await' is not a valid identifier "
					    "here");
				parser_push(
				    p, &arrow->params, parser_ident(p, 1));
				return parser_arrow_rest(p, arrow, 1, 0);
			default:
				break;
			}
		}
		if (t.escaped && t.kw != KW_NONE && t.kw < KW_FIRST_STRICT &&
		    t.kw != KW_AWAIT && t.kw != KW_YIELD)
			parser_fail_tok(p, &t,
			    "Keyword must not contain escaped characters");
		n = parser_ident(p, 0);
		if (p->tok.type == T_ARROW && !p->tok.nl_before) {
			parser_check_binding_ident(p, &t);
			arrow =
			    parser_node_at(p, AST_ARROW_FUNCTION_EXPRESSION, n);
			parser_push(p, &arrow->params, n);
			if (t.kw == KW_AWAIT && p->fn->is_async)
				parser_fail_tok(
				    p, &t, "Unexpected reserved word");
			return parser_arrow_rest(p, arrow, 0, 0);
		}
		return n;
	case T_NUM:
	case T_BIGINT:
	case T_STRING:
		return parser_literal(p);
	case T_SLASH:
	case T_SLASH_EQ:
		if (lexer_regex(&p->lx, &p->tok) < 0)
			parser_fail(
			    p, p->lx.err_line, p->lx.err_col, "%s", p->lx.err);
		return parser_literal(p);
	case T_TEMPLATE:
		return parser_template(p, 0);
	case T_LPAREN:
		return parser_paren(p);
	case T_LT:
		if (!p->ts)
			parser_unexpected(p, &t);
		return parser_ts_angle(p, 0);
	case T_LBRACK:
		return parser_array(p);
	case T_LBRACE:
		return parser_object(p);
	default:
		parser_unexpected(p, &t);
	}
}
