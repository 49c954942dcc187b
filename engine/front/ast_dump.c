/*
 * ESTree JSON dump. Numbers are printed as JavaScript prints them for the
 * common cases (integers below 1e21 in full, others in shortest form);
 * lone surrogates held as CESU-8 come out as \uXXXX escapes.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast_dump.h"

struct dbuf {
	char *s;
	size_t len, cap;
	int oom;
	unsigned flags;
};

static void
dump_put(struct dbuf *b, const char *s, size_t n)
{
	if (b->oom)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 1024;
		char *ns;

		while (cap < b->len + n + 1)
			cap *= 2;
		if ((ns = realloc(b->s, cap)) == NULL) {
			b->oom = 1;
			return;
		}
		b->s = ns;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void
dump_puts(struct dbuf *b, const char *s)
{
	dump_put(b, s, strlen(s));
}

static void
dump_str(struct dbuf *b, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i, run = 0;
	char esc[8];

	dump_put(b, "\"", 1);
	for (i = 0; i < n; i++) {
		unsigned char c = u[i];
		const char *e = NULL;

		if (c == '"')
			e = "\\\"";
		else if (c == '\\')
			e = "\\\\";
		else if (c == '\n')
			e = "\\n";
		else if (c == '\r')
			e = "\\r";
		else if (c == '\t')
			e = "\\t";
		else if (c == '\b')
			e = "\\b";
		else if (c == '\f')
			e = "\\f";
		if (e == NULL && c < 0x20) {
			snprintf(esc, sizeof(esc), "\\u%04x", c);
			e = esc;
		}
		if (e == NULL && c == 0xED && i + 2 < n && u[i + 1] >= 0xA0) {
			unsigned cp = ((c & 0x0Fu) << 12) |
			    ((u[i + 1] & 0x3Fu) << 6) | (u[i + 2] & 0x3Fu);
			snprintf(esc, sizeof(esc), "\\u%04x", cp);
			dump_put(b, s + run, i - run);
			dump_puts(b, esc);
			i += 2;
			run = i + 1;
			continue;
		}
		if (e != NULL) {
			dump_put(b, s + run, i - run);
			dump_puts(b, e);
			run = i + 1;
		}
	}
	dump_put(b, s + run, n - run);
	dump_put(b, "\"", 1);
}

static void
dump_num(struct dbuf *b, double v)
{
	char tmp[64], *e;
	int prec;

	if (!isfinite(v)) {
		dump_puts(b, "null");
		return;
	}
	if (v == floor(v) && fabs(v) < 1e21) {
		snprintf(tmp, sizeof(tmp), "%.0f", v);
		if (strcmp(tmp, "-0") == 0)
			strcpy(tmp, "0");
		dump_puts(b, tmp);
		return;
	}
	for (prec = 1; prec <= 17; prec++) {
		snprintf(tmp, sizeof(tmp), "%.*g", prec, v);
		if (strtod(tmp, NULL) == v)
			break;
	}
	/* C writes 1e-07; JavaScript writes 1e-7. */
	if ((e = strchr(tmp, 'e')) != NULL) {
		char *d = e + 2;

		while (*d == '0' && d[1] != '\0')
			memmove(d, d + 1, strlen(d));
	}
	dump_puts(b, tmp);
}

static void dump_node(struct dbuf *, const struct ast_node *);

static void
dump_key(struct dbuf *b, const char *k)
{
	dump_put(b, ",\"", 2);
	dump_puts(b, k);
	dump_put(b, "\":", 2);
}

static void
dump_child(struct dbuf *b, const char *k, const struct ast_node *n)
{
	if (n == NULL && (b->flags & AST_DUMP_COMPACT))
		return;
	dump_key(b, k);
	dump_node(b, n);
}

static void
dump_list(struct dbuf *b, const char *k, const struct ast_list *l)
{
	size_t i;

	if (l->len == 0 && (b->flags & AST_DUMP_COMPACT))
		return;
	dump_key(b, k);
	dump_put(b, "[", 1);
	for (i = 0; i < l->len; i++) {
		if (i)
			dump_put(b, ",", 1);
		dump_node(b, l->items[i]);
	}
	dump_put(b, "]", 1);
}

static void
dump_bool(struct dbuf *b, const char *k, int v)
{
	if (!v && (b->flags & AST_DUMP_COMPACT))
		return;
	dump_key(b, k);
	dump_puts(b, v ? "true" : "false");
}

static void
dump_text(struct dbuf *b, const char *k, const char *s)
{
	dump_key(b, k);
	dump_str(b, s, strlen(s));
}

static void
dump_astr(struct dbuf *b, const char *k, struct ast_str s)
{
	dump_key(b, k);
	if (s.s == NULL && s.len == 0 && k[0] == 'c')
		dump_puts(b, "null");
	else
		dump_str(b, s.s ? s.s : "", s.len);
}

static void
dump_function(struct dbuf *b, const struct ast_node *n)
{
	dump_child(b, "id", n->id);
	dump_bool(b, "expression", n->is_expression);
	dump_bool(b, "generator", n->is_generator);
	dump_bool(b, "async", n->is_async);
	dump_list(b, "params", &n->params);
	dump_child(b, "body", n->body);
}

static void
dump_literal(struct dbuf *b, const struct ast_node *n)
{
	dump_key(b, "value");
	switch (n->literal_kind) {
	case AST_LIT_NULL:
		dump_puts(b, "null");
		break;
	case AST_LIT_BOOLEAN:
		dump_puts(b, n->bool_value ? "true" : "false");
		break;
	case AST_LIT_NUMBER:
		dump_num(b, n->num);
		break;
	case AST_LIT_STRING:
		dump_str(b, n->str.s ? n->str.s : "", n->str.len);
		break;
	case AST_LIT_REGEX:
	case AST_LIT_BIGINT:
		dump_puts(b, "null");
		break;
	}
	if (!(b->flags & AST_DUMP_COMPACT) ||
	    n->literal_kind == AST_LIT_REGEX ||
	    n->literal_kind == AST_LIT_BIGINT)
		dump_astr(b, "raw", n->raw);
	if (n->literal_kind == AST_LIT_REGEX) {
		dump_key(b, "regex");
		dump_puts(b, "{\"pattern\":");
		dump_str(b, n->regex_pattern.s, n->regex_pattern.len);
		dump_puts(b, ",\"flags\":");
		dump_str(b, n->regex_flags.s, n->regex_flags.len);
		dump_puts(b, "}");
	}
	if (n->literal_kind == AST_LIT_BIGINT)
		dump_astr(b, "bigint", n->str);
}

static const char *
dump_var_kind(enum ast_var_kind k)
{
	return k == AST_LET ? "let" : k == AST_CONST ? "const" : "var";
}

static const char *
dump_method_kind(enum ast_method_kind k)
{
	switch (k) {
	case AST_METHOD_CONSTRUCTOR:
		return "constructor";
	case AST_METHOD_GET:
		return "get";
	case AST_METHOD_SET:
		return "set";
	default:
		return "method";
	}
}

static void
dump_node(struct dbuf *b, const struct ast_node *n)
{
	char pos[64];

	if (n == NULL) {
		dump_puts(b, "null");
		return;
	}
	dump_puts(b, "{\"type\":\"");
	dump_puts(b, ast_kind_name(n->kind));
	dump_puts(b, "\"");
	if (b->flags & AST_DUMP_POSITIONS) {
		snprintf(pos, sizeof(pos), ",\"start\":%u,\"end\":%u",
		    (unsigned)n->start, (unsigned)n->end);
		dump_puts(b, pos);
	}
	switch (n->kind) {
	case AST_PROGRAM:
		dump_text(b, "sourceType",
		    n->source_type == AST_MODULE ? "module" : "script");
		dump_list(b, "body", &n->list_body);
		break;
	case AST_EXPRESSION_STATEMENT:
		dump_child(b, "expression", n->expression);
		if (n->directive.s != NULL)
			dump_astr(b, "directive", n->directive);
		break;
	case AST_BLOCK_STATEMENT:
	case AST_STATIC_BLOCK:
	case AST_CLASS_BODY:
		dump_list(b, "body", &n->list_body);
		break;
	case AST_WITH_STATEMENT:
		dump_child(b, "object", n->object);
		dump_child(b, "body", n->body);
		break;
	case AST_RETURN_STATEMENT:
	case AST_THROW_STATEMENT:
	case AST_SPREAD_ELEMENT:
	case AST_REST_ELEMENT:
		dump_child(b, "argument", n->argument);
		break;
	case AST_LABELED_STATEMENT:
		dump_child(b, "label", n->label);
		dump_child(b, "body", n->body);
		break;
	case AST_BREAK_STATEMENT:
	case AST_CONTINUE_STATEMENT:
		dump_child(b, "label", n->label);
		break;
	case AST_IF_STATEMENT:
	case AST_CONDITIONAL_EXPRESSION:
		dump_child(b, "test", n->test);
		dump_child(b, "consequent", n->consequent);
		dump_child(b, "alternate", n->alternate);
		break;
	case AST_SWITCH_STATEMENT:
		dump_child(b, "discriminant", n->discriminant);
		dump_list(b, "cases", &n->cases);
		break;
	case AST_SWITCH_CASE:
		dump_child(b, "test", n->test);
		dump_list(b, "consequent", &n->cons_list);
		break;
	case AST_TRY_STATEMENT:
		dump_child(b, "block", n->block);
		dump_child(b, "handler", n->handler);
		dump_child(b, "finalizer", n->finalizer);
		break;
	case AST_CATCH_CLAUSE:
		dump_child(b, "param", n->param);
		dump_child(b, "body", n->body);
		break;
	case AST_WHILE_STATEMENT:
		dump_child(b, "test", n->test);
		dump_child(b, "body", n->body);
		break;
	case AST_DO_WHILE_STATEMENT:
		dump_child(b, "body", n->body);
		dump_child(b, "test", n->test);
		break;
	case AST_FOR_STATEMENT:
		dump_child(b, "init", n->init);
		dump_child(b, "test", n->test);
		dump_child(b, "update", n->update);
		dump_child(b, "body", n->body);
		break;
	case AST_FOR_IN_STATEMENT:
	case AST_FOR_OF_STATEMENT:
		if (n->kind == AST_FOR_OF_STATEMENT)
			dump_bool(b, "await", n->is_await);
		dump_child(b, "left", n->left);
		dump_child(b, "right", n->right);
		dump_child(b, "body", n->body);
		break;
	case AST_FUNCTION_DECLARATION:
	case AST_FUNCTION_EXPRESSION:
	case AST_ARROW_FUNCTION_EXPRESSION:
		dump_function(b, n);
		break;
	case AST_VARIABLE_DECLARATION:
		dump_list(b, "declarations", &n->declarations);
		dump_text(b, "kind", dump_var_kind(n->var_kind));
		break;
	case AST_VARIABLE_DECLARATOR:
		dump_child(b, "id", n->id);
		dump_child(b, "init", n->init);
		break;
	case AST_CLASS_DECLARATION:
	case AST_CLASS_EXPRESSION:
		dump_child(b, "id", n->id);
		dump_child(b, "superClass", n->super_class);
		dump_child(b, "body", n->body);
		break;
	case AST_IDENTIFIER:
	case AST_PRIVATE_IDENTIFIER:
		dump_astr(b, "name", n->name);
		break;
	case AST_LITERAL:
		dump_literal(b, n);
		break;
	case AST_ARRAY_EXPRESSION:
	case AST_ARRAY_PATTERN:
		dump_list(b, "elements", &n->elements);
		break;
	case AST_OBJECT_EXPRESSION:
	case AST_OBJECT_PATTERN:
		dump_list(b, "properties", &n->properties);
		break;
	case AST_PROPERTY:
		dump_bool(b, "method", n->is_method);
		dump_bool(b, "shorthand", n->is_shorthand);
		dump_bool(b, "computed", n->is_computed);
		dump_child(b, "key", n->key);
		dump_child(b, "value", n->value);
		dump_text(b, "kind",
		    n->prop_kind == AST_PROP_GET       ? "get"
			: n->prop_kind == AST_PROP_SET ? "set"
						       : "init");
		break;
	case AST_METHOD_DEFINITION:
		dump_bool(b, "static", n->is_static);
		dump_bool(b, "computed", n->is_computed);
		dump_child(b, "key", n->key);
		dump_text(b, "kind", dump_method_kind(n->method_kind));
		dump_child(b, "value", n->value);
		break;
	case AST_PROPERTY_DEFINITION:
		dump_bool(b, "static", n->is_static);
		dump_bool(b, "computed", n->is_computed);
		dump_child(b, "key", n->key);
		dump_child(b, "value", n->value);
		break;
	case AST_UNARY_EXPRESSION:
	case AST_UPDATE_EXPRESSION:
		dump_text(b, "operator", ast_op_text(n->op));
		dump_bool(b, "prefix", n->is_prefix);
		dump_child(b, "argument", n->argument);
		break;
	case AST_BINARY_EXPRESSION:
	case AST_LOGICAL_EXPRESSION:
	case AST_ASSIGNMENT_EXPRESSION:
		dump_child(b, "left", n->left);
		dump_text(b, "operator", ast_op_text(n->op));
		dump_child(b, "right", n->right);
		break;
	case AST_CALL_EXPRESSION:
		dump_child(b, "callee", n->callee);
		dump_list(b, "arguments", &n->arguments);
		dump_bool(b, "optional", n->is_optional);
		break;
	case AST_NEW_EXPRESSION:
		dump_child(b, "callee", n->callee);
		dump_list(b, "arguments", &n->arguments);
		break;
	case AST_MEMBER_EXPRESSION:
		dump_child(b, "object", n->object);
		dump_child(b, "property", n->property);
		dump_bool(b, "computed", n->is_computed);
		dump_bool(b, "optional", n->is_optional);
		break;
	case AST_CHAIN_EXPRESSION:
		dump_child(b, "expression", n->expression);
		break;
	case AST_SEQUENCE_EXPRESSION:
		dump_list(b, "expressions", &n->expressions);
		break;
	case AST_YIELD_EXPRESSION:
		dump_bool(b, "delegate", n->is_delegate);
		dump_child(b, "argument", n->argument);
		break;
	case AST_AWAIT_EXPRESSION:
		dump_child(b, "argument", n->argument);
		break;
	case AST_TEMPLATE_LITERAL:
		dump_list(b, "expressions", &n->expressions);
		dump_list(b, "quasis", &n->quasis);
		break;
	case AST_TAGGED_TEMPLATE_EXPRESSION:
		dump_child(b, "tag", n->tag);
		dump_child(b, "quasi", n->quasi);
		break;
	case AST_TEMPLATE_ELEMENT:
		dump_key(b, "value");
		dump_puts(b, "{\"raw\":");
		dump_str(b, n->raw.s ? n->raw.s : "", n->raw.len);
		dump_puts(b, ",\"cooked\":");
		if (n->cooked_valid)
			dump_str(
			    b, n->cooked.s ? n->cooked.s : "", n->cooked.len);
		else
			dump_puts(b, "null");
		dump_puts(b, "}");
		dump_bool(b, "tail", n->is_tail);
		break;
	case AST_META_PROPERTY:
		dump_child(b, "meta", n->meta);
		dump_child(b, "property", n->property);
		break;
	case AST_IMPORT_EXPRESSION:
		dump_child(b, "source", n->source);
		if (n->argument != NULL)
			dump_child(b, "options", n->argument);
		if (n->name.len != 0)
			dump_astr(b, "phase", n->name);
		break;
	case AST_ASSIGNMENT_PATTERN:
		dump_child(b, "left", n->left);
		dump_child(b, "right", n->right);
		break;
	case AST_IMPORT_DECLARATION:
		dump_list(b, "specifiers", &n->specifiers);
		dump_child(b, "source", n->source);
		break;
	case AST_IMPORT_SPECIFIER:
		dump_child(b, "imported", n->imported);
		dump_child(b, "local", n->local);
		break;
	case AST_IMPORT_DEFAULT_SPECIFIER:
	case AST_IMPORT_NAMESPACE_SPECIFIER:
		dump_child(b, "local", n->local);
		break;
	case AST_EXPORT_NAMED_DECLARATION:
		dump_child(b, "declaration", n->declaration);
		dump_list(b, "specifiers", &n->specifiers);
		dump_child(b, "source", n->source);
		break;
	case AST_EXPORT_SPECIFIER:
		dump_child(b, "local", n->local);
		dump_child(b, "exported", n->exported);
		break;
	case AST_EXPORT_DEFAULT_DECLARATION:
		dump_child(b, "declaration", n->declaration);
		break;
	case AST_EXPORT_ALL_DECLARATION:
		dump_child(b, "exported", n->exported);
		dump_child(b, "source", n->source);
		break;
	default:
		break;
	}
	dump_puts(b, "}");
}

char *
ast_dump(const struct ast_node *n, unsigned flags, size_t *len)
{
	struct dbuf b = { 0 };

	b.flags = flags;
	dump_node(&b, n);
	if (b.oom) {
		free(b.s);
		return NULL;
	}
	if (len != NULL)
		*len = b.len;
	return b.s;
}
