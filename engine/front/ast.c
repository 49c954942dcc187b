/*
 * The syntax tree's arena (a bump allocator over malloc'd chunks) and the
 * names of kinds and operators.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"

/* Chunks start small (most scripts are small) and double up to
 * AST_CHUNK_MAX. Each allocation is zeroed as it is handed out, so a run
 * touches only the bytes it uses (zeroing whole chunks cost a small
 * script more than its parse). */
#define AST_CHUNK (64 * 1024)
#define AST_CHUNK_MAX (4 * 1024 * 1024)

struct ast_chunk {
	struct ast_chunk *next;
	size_t used, cap, mapped;
	max_align_t data[];
};

struct ast_arena {
	struct ast_chunk *head;
	size_t next_cap;
};

struct ast_arena *
ast_arena_new(void)
{
	return calloc(1, sizeof(struct ast_arena));
}

/*
 * Freed chunks are kept for the next arena, up to AST_CACHE_MAX
 * bytes per process: a parse writes a lot of fresh memory, and faulting it
 * in again for every script costs more than the parse itself. Not under
 * ASan, so that use after free stays visible.
 */
#if defined(__SANITIZE_ADDRESS__)
#define AST_CACHE_MAX 0
#else
#define AST_CACHE_MAX (64 * 1024 * 1024)
#endif

static pthread_mutex_t ast_cache_mu = PTHREAD_MUTEX_INITIALIZER;
static struct ast_chunk *ast_cache;
static size_t ast_cache_bytes;

/* Takes a cached chunk of at least cap bytes, or NULL. */
static struct ast_chunk *
ast_cache_take(size_t cap)
{
	struct ast_chunk **pp, *c = NULL;

	if (AST_CACHE_MAX == 0)
		return NULL;
	pthread_mutex_lock(&ast_cache_mu);
	for (pp = &ast_cache; *pp != NULL; pp = &(*pp)->next) {
		if ((*pp)->cap >= cap && (*pp)->cap <= cap * 4) {
			c = *pp;
			*pp = c->next;
			ast_cache_bytes -= c->cap;
			break;
		}
	}
	pthread_mutex_unlock(&ast_cache_mu);
	return c;
}

void
ast_arena_free(struct ast_arena *a)
{
	struct ast_chunk *c, *next;

	if (a == NULL)
		return;
	for (c = a->head; c != NULL; c = next) {
		next = c->next;
		if (AST_CACHE_MAX > 0 && c->cap <= AST_CHUNK_MAX) {
			pthread_mutex_lock(&ast_cache_mu);
			if (ast_cache_bytes + c->cap <= AST_CACHE_MAX) {
				c->used = 0;
				c->next = ast_cache;
				ast_cache = c;
				ast_cache_bytes += c->cap;
				c = NULL;
			}
			pthread_mutex_unlock(&ast_cache_mu);
		}
		free(c);
	}
	free(a);
}

void *
ast_alloc(struct ast_arena *a, size_t n)
{
	struct ast_chunk *c = a->head;
	size_t al = sizeof(max_align_t);
	void *p;

	n = (n + al - 1) / al * al;
	if (n == 0)
		n = al;
	if (c == NULL || c->cap - c->used < n) {
		size_t cap = a->next_cap ? a->next_cap : AST_CHUNK;
		size_t total;
		void *m;

		if (n > SIZE_MAX / 4)
			return NULL;
		if (n > cap / 2)
			cap = n;
		else if (cap < AST_CHUNK_MAX)
			a->next_cap = cap * 2;
		total = sizeof(*c) + cap;
		if ((c = ast_cache_take(cap)) != NULL) {
			m = c;
			total = sizeof(*c) + c->cap;
			cap = c->cap;
		} else if ((m = malloc(total)) == NULL) {
			return NULL;
		}
		c = m;
		c->mapped = total;
		c->cap = cap;
		c->used = 0;
		if (cap == n && a->head != NULL) {
			/* A big block goes behind the current chunk so the
			 * chunk's free tail stays usable. */
			c->next = a->head->next;
			a->head->next = c;
		} else {
			c->next = a->head;
			a->head = c;
		}
	}
	p = (char *)c->data + c->used;
	c->used += n;
	return memset(p, 0, n);
}

struct ast_node *
ast_node_new(struct ast_arena *a, enum ast_kind kind, uint32_t line,
    uint32_t col, uint32_t start)
{
	struct ast_node *n = ast_alloc(a, sizeof(*n));

	if (n == NULL)
		return NULL;
	n->kind = kind;
	n->line = line;
	n->col = col;
	n->start = start;
	n->end = start;
	return n;
}

int
ast_list_push(struct ast_arena *a, struct ast_list *l, struct ast_node *item)
{
	if (l->len == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 4;
		struct ast_node **items;

		if (cap > SIZE_MAX / sizeof(*items) ||
		    (items = ast_alloc(a, cap * sizeof(*items))) == NULL)
			return -1;
		if (l->len)
			memcpy(items, l->items, l->len * sizeof(*items));
		l->items = items;
		l->cap = cap;
	}
	l->items[l->len++] = item;
	return 0;
}

struct ast_str
ast_str_dup(struct ast_arena *a, const char *s, size_t n)
{
	struct ast_str r = { NULL, 0 };
	char *p;

	if (n == SIZE_MAX || (p = ast_alloc(a, n + 1)) == NULL)
		return r;
	if (n)
		memcpy(p, s, n);
	p[n] = '\0';
	r.s = p;
	r.len = n;
	return r;
}

static const char *const ast_kind_names[AST_KIND_COUNT] = {
	[AST_PROGRAM] = "Program",
	[AST_EXPRESSION_STATEMENT] = "ExpressionStatement",
	[AST_BLOCK_STATEMENT] = "BlockStatement",
	[AST_STATIC_BLOCK] = "StaticBlock",
	[AST_EMPTY_STATEMENT] = "EmptyStatement",
	[AST_DEBUGGER_STATEMENT] = "DebuggerStatement",
	[AST_WITH_STATEMENT] = "WithStatement",
	[AST_RETURN_STATEMENT] = "ReturnStatement",
	[AST_LABELED_STATEMENT] = "LabeledStatement",
	[AST_BREAK_STATEMENT] = "BreakStatement",
	[AST_CONTINUE_STATEMENT] = "ContinueStatement",
	[AST_IF_STATEMENT] = "IfStatement",
	[AST_SWITCH_STATEMENT] = "SwitchStatement",
	[AST_SWITCH_CASE] = "SwitchCase",
	[AST_THROW_STATEMENT] = "ThrowStatement",
	[AST_TRY_STATEMENT] = "TryStatement",
	[AST_CATCH_CLAUSE] = "CatchClause",
	[AST_WHILE_STATEMENT] = "WhileStatement",
	[AST_DO_WHILE_STATEMENT] = "DoWhileStatement",
	[AST_FOR_STATEMENT] = "ForStatement",
	[AST_FOR_IN_STATEMENT] = "ForInStatement",
	[AST_FOR_OF_STATEMENT] = "ForOfStatement",
	[AST_FUNCTION_DECLARATION] = "FunctionDeclaration",
	[AST_VARIABLE_DECLARATION] = "VariableDeclaration",
	[AST_VARIABLE_DECLARATOR] = "VariableDeclarator",
	[AST_CLASS_DECLARATION] = "ClassDeclaration",
	[AST_IDENTIFIER] = "Identifier",
	[AST_PRIVATE_IDENTIFIER] = "PrivateIdentifier",
	[AST_LITERAL] = "Literal",
	[AST_THIS_EXPRESSION] = "ThisExpression",
	[AST_SUPER] = "Super",
	[AST_ARRAY_EXPRESSION] = "ArrayExpression",
	[AST_OBJECT_EXPRESSION] = "ObjectExpression",
	[AST_PROPERTY] = "Property",
	[AST_FUNCTION_EXPRESSION] = "FunctionExpression",
	[AST_ARROW_FUNCTION_EXPRESSION] = "ArrowFunctionExpression",
	[AST_CLASS_EXPRESSION] = "ClassExpression",
	[AST_CLASS_BODY] = "ClassBody",
	[AST_METHOD_DEFINITION] = "MethodDefinition",
	[AST_PROPERTY_DEFINITION] = "PropertyDefinition",
	[AST_UNARY_EXPRESSION] = "UnaryExpression",
	[AST_UPDATE_EXPRESSION] = "UpdateExpression",
	[AST_BINARY_EXPRESSION] = "BinaryExpression",
	[AST_LOGICAL_EXPRESSION] = "LogicalExpression",
	[AST_ASSIGNMENT_EXPRESSION] = "AssignmentExpression",
	[AST_CONDITIONAL_EXPRESSION] = "ConditionalExpression",
	[AST_CALL_EXPRESSION] = "CallExpression",
	[AST_NEW_EXPRESSION] = "NewExpression",
	[AST_MEMBER_EXPRESSION] = "MemberExpression",
	[AST_CHAIN_EXPRESSION] = "ChainExpression",
	[AST_SEQUENCE_EXPRESSION] = "SequenceExpression",
	[AST_YIELD_EXPRESSION] = "YieldExpression",
	[AST_AWAIT_EXPRESSION] = "AwaitExpression",
	[AST_TEMPLATE_LITERAL] = "TemplateLiteral",
	[AST_TAGGED_TEMPLATE_EXPRESSION] = "TaggedTemplateExpression",
	[AST_TEMPLATE_ELEMENT] = "TemplateElement",
	[AST_SPREAD_ELEMENT] = "SpreadElement",
	[AST_META_PROPERTY] = "MetaProperty",
	[AST_IMPORT_EXPRESSION] = "ImportExpression",
	[AST_PARENTHESIZED_EXPRESSION] = "ParenthesizedExpression",
	[AST_OBJECT_PATTERN] = "ObjectPattern",
	[AST_ARRAY_PATTERN] = "ArrayPattern",
	[AST_REST_ELEMENT] = "RestElement",
	[AST_ASSIGNMENT_PATTERN] = "AssignmentPattern",
	[AST_IMPORT_DECLARATION] = "ImportDeclaration",
	[AST_IMPORT_SPECIFIER] = "ImportSpecifier",
	[AST_IMPORT_DEFAULT_SPECIFIER] = "ImportDefaultSpecifier",
	[AST_IMPORT_NAMESPACE_SPECIFIER] = "ImportNamespaceSpecifier",
	[AST_EXPORT_NAMED_DECLARATION] = "ExportNamedDeclaration",
	[AST_EXPORT_SPECIFIER] = "ExportSpecifier",
	[AST_EXPORT_DEFAULT_DECLARATION] = "ExportDefaultDeclaration",
	[AST_EXPORT_ALL_DECLARATION] = "ExportAllDeclaration",
};

const char *
ast_kind_name(enum ast_kind k)
{
	if ((unsigned)k >= AST_KIND_COUNT || ast_kind_names[k] == NULL)
		return "Unknown";
	return ast_kind_names[k];
}

static const char *const ast_op_texts[AST_OP_COUNT] = {
	[AST_OP_NONE] = "",
	[AST_OP_NEG] = "-",
	[AST_OP_POS] = "+",
	[AST_OP_NOT] = "!",
	[AST_OP_BITNOT] = "~",
	[AST_OP_TYPEOF] = "typeof",
	[AST_OP_VOID] = "void",
	[AST_OP_DELETE] = "delete",
	[AST_OP_INC] = "++",
	[AST_OP_DEC] = "--",
	[AST_OP_EQ] = "==",
	[AST_OP_NE] = "!=",
	[AST_OP_SEQ] = "===",
	[AST_OP_SNE] = "!==",
	[AST_OP_LT] = "<",
	[AST_OP_LE] = "<=",
	[AST_OP_GT] = ">",
	[AST_OP_GE] = ">=",
	[AST_OP_SHL] = "<<",
	[AST_OP_SHR] = ">>",
	[AST_OP_USHR] = ">>>",
	[AST_OP_ADD] = "+",
	[AST_OP_SUB] = "-",
	[AST_OP_MUL] = "*",
	[AST_OP_DIV] = "/",
	[AST_OP_MOD] = "%",
	[AST_OP_EXP] = "**",
	[AST_OP_BITOR] = "|",
	[AST_OP_BITXOR] = "^",
	[AST_OP_BITAND] = "&",
	[AST_OP_IN] = "in",
	[AST_OP_INSTANCEOF] = "instanceof",
	[AST_OP_AND] = "&&",
	[AST_OP_OR] = "||",
	[AST_OP_NULLISH] = "?\?",
	[AST_OP_ASSIGN] = "=",
	[AST_OP_ADD_ASSIGN] = "+=",
	[AST_OP_SUB_ASSIGN] = "-=",
	[AST_OP_MUL_ASSIGN] = "*=",
	[AST_OP_DIV_ASSIGN] = "/=",
	[AST_OP_MOD_ASSIGN] = "%=",
	[AST_OP_EXP_ASSIGN] = "**=",
	[AST_OP_SHL_ASSIGN] = "<<=",
	[AST_OP_SHR_ASSIGN] = ">>=",
	[AST_OP_USHR_ASSIGN] = ">>>=",
	[AST_OP_BITOR_ASSIGN] = "|=",
	[AST_OP_BITXOR_ASSIGN] = "^=",
	[AST_OP_BITAND_ASSIGN] = "&=",
	[AST_OP_AND_ASSIGN] = "&&=",
	[AST_OP_OR_ASSIGN] = "||=",
	[AST_OP_NULLISH_ASSIGN] = "?\?=",
};

const char *
ast_op_text(enum ast_op op)
{
	if ((unsigned)op >= AST_OP_COUNT || ast_op_texts[op] == NULL)
		return "?";
	return ast_op_texts[op];
}
