/*
 * The parser's internals, shared by parser.c (driver, scopes, patterns),
 * parser_primary.c and parser_expr.c (expressions), parser_stmt.c
 * (statements), parser_func.c (functions, classes) and parser_module.c.
 * Errors unwind with longjmp to parser_parse; every allocation is in the
 * arena, so nothing leaks on the way out.
 */
#ifndef PARSER_INT_H
#define PARSER_INT_H

#include <setjmp.h>

#include "ast.h"
#include "lexer.h"
#include "parser.h"

/* Recursion bound: deeper input is a SyntaxError, not a stack overflow. */
#define PARSER_MAX_DEPTH 400
/* Tree height bound guaranteed to consumers (see parser.h). */
#define PARSER_MAX_HEIGHT 2000

/* Expression flags. */
#define F_NOIN 1 /* `in` is not an operator (for-statement heads) */
#define F_PROP 2 /* part of a possible pattern: leave cover errors pending */

/* Declaration kinds for the scope tables. */
#define D_VAR 0x01 /* var here or in a nested block */
#define D_LEX 0x02 /* let, const, class, block function, import */
#define D_FUNC 0x04 /* function at function/script top level */
#define D_PARAM 0x08
#define D_CATCH 0x10 /* simple catch parameter */
#define D_CATCHP 0x20 /* catch parameter bound by a pattern */
#define D_BFUNC 0x40 /* sloppy block function (annex B duplicates) */

struct pname {
	const char *s;
	size_t len;
	unsigned flags;
};

struct pscope {
	struct pscope *up;
	int is_func; /* a function (or script/module) top scope */
	struct pname *tab; /* open-addressed hash table */
	size_t cap, count;
};

struct plabel {
	struct ast_str name;
	int is_loop;
	int chained; /* the labelled statement of the label before */
};

/* A private name used before its class body is complete. */
struct pprivref {
	struct ast_str name;
	uint32_t line, col;
};

struct pclass {
	struct pclass *up;
	struct pprivref
	    *decl; /* declared names; flags in line: 1 get 2 set 4 static */
	size_t ndecl, capdecl;
	struct pprivref *refs;
	size_t nrefs, caprefs;
};

struct pfunc {
	struct pfunc *up;
	unsigned is_async : 1, is_gen : 1, is_arrow : 1, strict : 1;
	unsigned top : 1; /* script or module top level */
	unsigned super_prop : 1, super_call : 1, new_target : 1;
	unsigned in_params : 1;
	unsigned field_init : 1; /* class field initializer or static block */
	unsigned static_block : 1;
	size_t label_base; /* first label of this function */
	int breakable, loops; /* enclosing switch+loops, loops */
};

struct pcover {
	uint32_t pos; /* 0: none (pos is offset+1) */
	uint32_t line, col;
	const char *msg;
};

struct parser {
	struct ast_arena *arena;
	struct lexer lx;
	struct token tok; /* the current token */
	uint32_t prev_end; /* end of the last consumed token */
	jmp_buf jb;
	struct parser_error *err;
	int module;
	int depth;
	struct pfunc *fn;
	struct pscope *scope;
	struct pclass *cls;
	struct pcover cover;
	/* positions (offset+1) of await/yield seen while parsing a possible
	 * arrow parameter list */
	uint32_t await_pos, yield_pos;
	struct token await_tok, yield_tok;
	/* spread elements followed by a comma (invalid as rest elements) */
	struct ast_node **tc;
	size_t ntc, captc;
	struct plabel *labels;
	size_t nlabels, caplabels;
	int label_chain; /* the next label continues a chain */
	struct token async_tok; /* `async` before a function keyword */
	/* module exports, checked at the end */
	struct pprivref *exports, *export_locals;
	size_t nexports, capexports, nexport_locals, capexport_locals;
	/* TypeScript (parser_ts.c): erasable type syntax is read and dropped */
	int ts;
	int ts_cond; /* in a conditional's true branch (see parser_ts.c) */
	int ts_bodiless_ok; /* a signature without a body may end here */
	int ts_bodiless; /* ... and the last function had none */
};

/* parser.c */
_Noreturn void parser_fail(struct parser *, uint32_t line, uint32_t col,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
_Noreturn void parser_fail_tok(struct parser *, const struct token *,
    const char *fmt, ...) __attribute__((format(printf, 3, 4)));
_Noreturn void parser_fail_node(struct parser *, const struct ast_node *,
    const char *fmt, ...) __attribute__((format(printf, 3, 4)));
_Noreturn void parser_unexpected(struct parser *, const struct token *);
_Noreturn void parser_oom(struct parser *);
void parser_next(struct parser *);
void parser_peek(struct parser *, struct token *);
int parser_is(struct parser *, enum tok);
int parser_eat(struct parser *, enum tok);
void parser_expect(struct parser *, enum tok);
int parser_is_kw(struct parser *, enum kw);
int parser_eat_kw(struct parser *, enum kw);
void parser_semicolon(struct parser *);
struct ast_node *parser_node(struct parser *, enum ast_kind);
struct ast_node *parser_node_at(
    struct parser *, enum ast_kind, const struct ast_node *);
struct ast_node *parser_finish(struct parser *, struct ast_node *);
void parser_push(struct parser *, struct ast_list *, struct ast_node *);
struct ast_str parser_dup(struct parser *, const char *, size_t);
int parser_streq(struct ast_str, const char *);
void parser_enter(struct parser *);
void parser_leave(struct parser *);
void parser_scope_push(struct parser *, int is_func);
void parser_scope_pop(struct parser *);
void parser_declare(struct parser *, struct ast_node *id, unsigned kind);
void parser_declare_pattern(
    struct parser *, struct ast_node *pat, unsigned kind);
void parser_check_binding_ident(struct parser *, const struct token *);
void parser_check_ident_ref(struct parser *, const struct token *);
int parser_ident_kw_reserved(struct parser *, const struct token *);
struct ast_node *parser_to_target(
    struct parser *, struct ast_node *, int binding);
void parser_check_simple_target(
    struct parser *, struct ast_node *, const char *msg);
void parser_cover_set(struct parser *, const struct token *, const char *);
void parser_cover_check(struct parser *);
void parser_tc_add(struct parser *, struct ast_node *);
int parser_tc_has(struct parser *, struct ast_node *);
void parser_private_ref(struct parser *, const struct token *);

/* parser_primary.c */
struct ast_node *parser_primary(struct parser *);
void parser_arrow_params(
    struct parser *, struct ast_node *arrow, struct ast_list *items);
void parser_arrow_checks(struct parser *, int is_async);

/* parser_expr.c */
struct ast_node *parser_node_tok(
    struct parser *, enum ast_kind, const struct token *);
int parser_is_arrow(const struct ast_node *);
void parser_no_arrow(struct parser *, const struct ast_node *);
struct ast_node *parser_expression(struct parser *, int flags);
struct ast_node *parser_assign(struct parser *, int flags);
struct ast_node *parser_lhs(struct parser *);
struct ast_node *parser_unary(struct parser *);
struct ast_node *parser_binding_target(struct parser *);
struct ast_node *parser_binding_element(struct parser *);
struct ast_node *parser_ident(struct parser *, int binding);
struct ast_node *parser_template(struct parser *, int tagged);
struct ast_node *parser_property_key(
    struct parser *, int *computed, int allow_private);
struct ast_node *parser_string_literal(struct parser *);
void parser_accessor_params(
    struct parser *, struct ast_node *fn, enum ast_prop_kind);
struct ast_node *parser_arrow_rest(
    struct parser *, struct ast_node *arrow, int is_async, int flags);

/* parser_stmt.c, parser_func.c, parser_module.c */
struct ast_node *parser_var_decl(
    struct parser *, enum ast_var_kind, int in_for);
struct ast_node *parser_import(struct parser *);
struct ast_node *parser_export(struct parser *);
struct ast_node *parser_statement(struct parser *, int list_item);
void parser_function_rest(struct parser *, struct ast_node *fn, int is_method,
    int super_call, const struct token *name_tok);
struct ast_node *parser_function(
    struct parser *, int is_decl, int is_async, int name_optional);
struct ast_node *parser_class(struct parser *, int is_decl, int name_optional);
void parser_declare_params(struct parser *, struct ast_node *fn, int allow_dup);
void parser_function_body(struct parser *, struct ast_node *fn);
void parser_body_statements(
    struct parser *, struct ast_list *, int top, int *became_strict);

/* parser_ts.c: the erasable TypeScript subset, only when p->ts */
int parser_ts_try(
    struct parser *, void (*)(struct parser *, void *), void *, int keep);
void parser_ts_type(struct parser *);
void parser_ts_type_params(struct parser *);
void parser_ts_type_args(struct parser *);
int parser_ts_annotation(struct parser *);
void parser_ts_return_type(struct parser *);
int parser_ts_type_args_call(struct parser *);
int parser_ts_word(const struct token *, const char *);
struct ast_node *parser_ts_param(struct parser *, int *skip);
struct ast_node *parser_ts_statement(struct parser *, int list_item);
struct ast_node *parser_ts_arrow(
    struct parser *, const struct token *start, int is_async, int flags);
struct ast_node *parser_ts_angle(struct parser *, int flags);
void parser_ts_member_modifiers(struct parser *, int *erase);
int parser_ts_index_signature(struct parser *);
_Noreturn void parser_ts_refuse(struct parser *, const struct token *,
    const char *what, const char *instead);
struct ast_node *parser_ts_erased(struct parser *, const struct token *);
_Noreturn void parser_ts_refuse_at(
    struct parser *, uint32_t line, uint32_t col);

#endif
