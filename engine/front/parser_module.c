/*
 * Module items: import and export declarations, and the checks of
 * exported names.
 */
#include <string.h>

#include "parser_int.h"

/* ---- Modules ---- */

static void
parser_add_name(struct parser *p, struct pprivref **arr, size_t *n, size_t *cap,
    struct ast_str name, uint32_t line, uint32_t col)
{
	if (*n == *cap) {
		size_t nc = *cap ? *cap * 2 : 8;
		struct pprivref *a = ast_alloc(p->arena, nc * sizeof(*a));

		if (a == NULL)
			parser_oom(p);
		if (*n)
			memcpy(a, *arr, *n * sizeof(*a));
		*arr = a;
		*cap = nc;
	}
	(*arr)[*n].name = name;
	(*arr)[*n].line = line;
	(*arr)[*n].col = col;
	(*n)++;
}

static void
parser_export_name(struct parser *p, struct ast_node *id)
{
	struct ast_str name = id->kind == AST_LITERAL ? id->str : id->name;
	size_t i;

	for (i = 0; i < p->nexports; i++)
		if (p->exports[i].name.len == name.len &&
		    memcmp(p->exports[i].name.s, name.s, name.len) == 0)
			parser_fail_node(p, id, "Duplicate export of '%.*s'",
			    (int)(name.len > 64 ? 64 : name.len), name.s);
	parser_add_name(p, &p->exports, &p->nexports, &p->capexports, name,
	    id->line, id->col);
}

static void
parser_export_pattern(struct parser *p, struct ast_node *n)
{
	size_t i;

	if (n == NULL)
		return;
	switch (n->kind) {
	case AST_IDENTIFIER:
		parser_export_name(p, n);
		break;
	case AST_OBJECT_PATTERN:
		for (i = 0; i < n->properties.len; i++) {
			struct ast_node *q = n->properties.items[i];
			parser_export_pattern(
			    p, q->kind == AST_PROPERTY ? q->value : q);
		}
		break;
	case AST_ARRAY_PATTERN:
		for (i = 0; i < n->elements.len; i++)
			parser_export_pattern(p, n->elements.items[i]);
		break;
	case AST_REST_ELEMENT:
		parser_export_pattern(p, n->argument);
		break;
	case AST_ASSIGNMENT_PATTERN:
		parser_export_pattern(p, n->left);
		break;
	default:
		break;
	}
}

static struct ast_node *
parser_module_name(struct parser *p)
{
	struct ast_node *n;

	if (p->tok.type == T_STRING)
		return parser_string_literal(p);
	if (p->tok.type != T_NAME)
		parser_unexpected(p, &p->tok);
	n = parser_node(p, AST_IDENTIFIER);
	n->name = p->tok.val;
	parser_next(p);
	return parser_finish(p, n);
}

static struct ast_node *
parser_from(struct parser *p)
{
	if (!parser_eat_kw(p, KW_FROM))
		parser_unexpected(p, &p->tok);
	if (p->tok.type != T_STRING)
		parser_unexpected(p, &p->tok);
	return parser_string_literal(p);
}

struct ast_node *
parser_import(struct parser *p)
{
	struct ast_node *n = parser_node(p, AST_IMPORT_DECLARATION), *s;
	struct token kt, it = p->tok, nt;

	parser_next(p);
	if (p->ts && p->tok.type == T_NAME) {
		parser_peek(p, &nt);
		if (parser_ts_word(&p->tok, "type") &&
		    (nt.type == T_LBRACE || nt.type == T_STAR ||
			(nt.type == T_NAME && !parser_ts_word(&nt, "from")))) {
			/* import type ...: nothing of it is a value */
			while (p->tok.type != T_STRING) {
				if (p->tok.type == T_EOF)
					parser_unexpected(p, &p->tok);
				parser_next(p);
			}
			parser_next(p);
			parser_semicolon(p);
			return parser_ts_erased(p, &it);
		}
		if (nt.type == T_ASSIGN)
			parser_ts_refuse(p, &it, "'import x = require()'",
			    "write an import declaration instead (import x "
			    "from \"m\")");
	}
	if (p->tok.type == T_STRING) {
		n->source = parser_string_literal(p);
		parser_semicolon(p);
		return parser_finish(p, n);
	}
	if (p->tok.type == T_NAME) {
		s = parser_node(p, AST_IMPORT_DEFAULT_SPECIFIER);
		s->local = parser_ident(p, 1);
		parser_declare(p, s->local, D_LEX);
		parser_push(p, &n->specifiers, parser_finish(p, s));
		if (!parser_eat(p, T_COMMA))
			goto from;
	}
	if (p->tok.type == T_STAR) {
		s = parser_node(p, AST_IMPORT_NAMESPACE_SPECIFIER);
		parser_next(p);
		if (!parser_eat_kw(p, KW_AS))
			parser_unexpected(p, &p->tok);
		s->local = parser_ident(p, 1);
		parser_declare(p, s->local, D_LEX);
		parser_push(p, &n->specifiers, parser_finish(p, s));
	} else if (parser_eat(p, T_LBRACE)) {
		while (p->tok.type != T_RBRACE) {
			if (p->ts && parser_ts_word(&p->tok, "type") &&
			    (parser_peek(p, &nt),
				nt.type == T_NAME || nt.type == T_STRING) &&
			    !parser_ts_word(&nt, "as")) {
				/* { type A as B }: a type-only specifier */
				parser_next(p);
				parser_next(p);
				if (parser_eat_kw(p, KW_AS))
					parser_next(p);
				if (p->tok.type != T_RBRACE)
					parser_expect(p, T_COMMA);
				continue;
			}
			s = parser_node(p, AST_IMPORT_SPECIFIER);
			kt = p->tok;
			s->imported = parser_module_name(p);
			if (parser_eat_kw(p, KW_AS)) {
				s->local = parser_ident(p, 1);
			} else {
				if (kt.type != T_NAME)
					parser_unexpected(p, &p->tok);
				parser_check_binding_ident(p, &kt);
				s->local = parser_node_at(
				    p, AST_IDENTIFIER, s->imported);
				s->local->name = s->imported->name;
				s->local->end = s->imported->end;
			}
			parser_declare(p, s->local, D_LEX);
			parser_push(p, &n->specifiers, parser_finish(p, s));
			if (p->tok.type != T_RBRACE)
				parser_expect(p, T_COMMA);
		}
		parser_next(p);
	} else {
		parser_unexpected(p, &p->tok);
	}
from:
	n->source = parser_from(p);
	parser_semicolon(p);
	return parser_finish(p, n);
}

struct ast_node *
parser_export(struct parser *p)
{
	struct ast_node *n = parser_node(p, AST_EXPORT_NAMED_DECLARATION), *s,
			*d;
	struct token kt, nt, et = p->tok;
	enum kw kw;
	size_t i;

	parser_next(p);
	if (p->ts) {
		parser_peek(p, &nt);
		if (p->tok.type == T_ASSIGN)
			parser_ts_refuse(p, &et, "'export ='",
			    "write an export declaration instead (export "
			    "default x)");
		if (parser_ts_word(&p->tok, "type") && nt.type == T_LBRACE) {
			/* export type { A } [from "m"] */
			while (p->tok.type != T_RBRACE) {
				if (p->tok.type == T_EOF)
					parser_unexpected(p, &p->tok);
				parser_next(p);
			}
			parser_next(p);
			if (parser_eat_kw(p, KW_FROM))
				parser_next(p);
			parser_semicolon(p);
			return parser_ts_erased(p, &et);
		}
		if (parser_ts_word(&p->tok, "abstract") && nt.kw == KW_CLASS)
			parser_next(p);
		else if ((d = parser_ts_statement(p, 1)) != NULL)
			return d;
	}
	if (p->tok.type == T_STAR) {
		n->kind = AST_EXPORT_ALL_DECLARATION;
		parser_next(p);
		if (parser_eat_kw(p, KW_AS)) {
			n->exported = parser_module_name(p);
			parser_export_name(p, n->exported);
		}
		n->source = parser_from(p);
		parser_semicolon(p);
		return parser_finish(p, n);
	}
	if (parser_is_kw(p, KW_DEFAULT)) {
		struct ast_node dflt = { 0 };

		n->kind = AST_EXPORT_DEFAULT_DECLARATION;
		dflt.kind = AST_IDENTIFIER;
		dflt.name = p->tok.val;
		dflt.line = p->tok.line;
		dflt.col = p->tok.col;
		parser_export_name(p, &dflt);
		parser_next(p);
		if (parser_is_kw(p, KW_FUNCTION)) {
			n->declaration = parser_function(p, 1, 0, 1);
		} else if (parser_is_kw(p, KW_CLASS)) {
			n->declaration = parser_class(p, 1, 1);
		} else if (parser_is_kw(p, KW_ASYNC) &&
		    (parser_peek(p, &nt),
			nt.type == T_NAME && nt.kw == KW_FUNCTION &&
			    !nt.escaped && !nt.nl_before)) {
			p->async_tok = p->tok;
			parser_next(p);
			n->declaration = parser_function(p, 1, 1, 1);
		} else {
			n->declaration = parser_assign(p, 0);
			parser_semicolon(p);
		}
		return parser_finish(p, n);
	}
	if (parser_eat(p, T_LBRACE)) {
		struct ast_list locals = { 0 };
		struct token *ktoks = NULL;
		size_t nk = 0;

		while (p->tok.type != T_RBRACE) {
			if (p->ts && parser_ts_word(&p->tok, "type") &&
			    (parser_peek(p, &nt),
				nt.type == T_NAME || nt.type == T_STRING) &&
			    !parser_ts_word(&nt, "as")) {
				parser_next(p);
				parser_next(p);
				if (parser_eat_kw(p, KW_AS))
					parser_next(p);
				if (p->tok.type != T_RBRACE)
					parser_expect(p, T_COMMA);
				continue;
			}
			s = parser_node(p, AST_EXPORT_SPECIFIER);
			kt = p->tok;
			s->local = parser_module_name(p);
			if (parser_eat_kw(p, KW_AS)) {
				s->exported = parser_module_name(p);
			} else {
				s->exported = s->local;
			}
			parser_export_name(p, s->exported);
			parser_push(p, &n->specifiers, parser_finish(p, s));
			parser_push(p, &locals, s->local);
			(void)kt;
			if (p->tok.type != T_RBRACE)
				parser_expect(p, T_COMMA);
		}
		parser_next(p);
		(void)ktoks;
		(void)nk;
		if (parser_is_kw(p, KW_FROM)) {
			n->source = parser_from(p);
		} else {
			for (i = 0; i < locals.len; i++) {
				d = locals.items[i];
				if (d->kind != AST_IDENTIFIER)
					parser_fail_node(p, d,
					    "A string literal cannot be used "
					    "as an exported binding without "
					    "`from`");
				kw = lexer_kw(d->name.s, d->name.len);
				if (kw != KW_NONE && kw < KW_FIRST_CONTEXTUAL &&
				    kw != KW_AWAIT && kw != KW_YIELD &&
				    kw < KW_FIRST_STRICT)
					parser_fail_node(
					    p, d, "Unexpected reserved word");
				parser_add_name(p, &p->export_locals,
				    &p->nexport_locals, &p->capexport_locals,
				    d->name, d->line, d->col);
			}
		}
		parser_semicolon(p);
		return parser_finish(p, n);
	}
	/* export var/let/const/function/class */
	if (parser_is_kw(p, KW_VAR) || parser_is_kw(p, KW_LET) ||
	    parser_is_kw(p, KW_CONST)) {
		enum ast_var_kind k = parser_is_kw(p, KW_VAR) ? AST_VAR
		    : parser_is_kw(p, KW_LET)		      ? AST_LET
							      : AST_CONST;

		d = parser_var_decl(p, k, 0);
		parser_semicolon(p);
		parser_finish(p, d);
		for (i = 0; i < d->declarations.len; i++)
			parser_export_pattern(p, d->declarations.items[i]->id);
	} else if (parser_is_kw(p, KW_FUNCTION)) {
		d = parser_function(p, 1, 0, 0);
		if (d->kind == AST_EMPTY_STATEMENT) /* a TypeScript overload */
			return d;
		parser_export_name(p, d->id);
	} else if (parser_is_kw(p, KW_ASYNC)) {
		p->async_tok = p->tok;
		parser_next(p);
		if (!parser_is_kw(p, KW_FUNCTION) || p->tok.nl_before)
			parser_unexpected(p, &p->tok);
		d = parser_function(p, 1, 1, 0);
		parser_export_name(p, d->id);
	} else if (parser_is_kw(p, KW_CLASS)) {
		d = parser_class(p, 1, 0);
		parser_export_name(p, d->id);
	} else {
		parser_unexpected(p, &p->tok);
	}
	n->declaration = d;
	return parser_finish(p, n);
}
