/*
 * The syntax tree the parser produces and the lowering consumes.
 *
 * It is ESTree (ES2022) in C: node kinds are ESTree's type names, and the
 * fields of struct ast_node carry ESTree's property names, so the ESTree
 * documentation is the reference for which fields a kind uses. The table
 * below restates it for every kind. Fields a kind does not use are zero.
 *
 * Memory: every node, list and string belongs to the struct ast_arena that
 * created it and is freed with it in one call (ast_arena_free); nothing in
 * a tree is freed on its own.
 *
 * Positions: line and col are 1-based and count in the caller's source
 * (col in UTF-16 units, as JavaScript engines report columns); start/end
 * are byte offsets into that source, end exclusive.
 */
#ifndef AST_H
#define AST_H

#include <stddef.h>
#include <stdint.h>

enum ast_kind {
	/* Program: body (list of statements / module items), source_type. */
	AST_PROGRAM,

	/* ---- Statements ---- */
	AST_EXPRESSION_STATEMENT, /* expression; directive (string or NULL) */
	AST_BLOCK_STATEMENT, /* body (list) */
	AST_STATIC_BLOCK, /* body (list): class `static { }` */
	AST_EMPTY_STATEMENT,
	AST_DEBUGGER_STATEMENT,
	AST_WITH_STATEMENT, /* object, body */
	AST_RETURN_STATEMENT, /* argument (nullable) */
	AST_LABELED_STATEMENT, /* label (Identifier), body */
	AST_BREAK_STATEMENT, /* label (nullable) */
	AST_CONTINUE_STATEMENT, /* label (nullable) */
	AST_IF_STATEMENT, /* test, consequent, alternate (nullable) */
	AST_SWITCH_STATEMENT, /* discriminant, cases (list of SwitchCase) */
	AST_SWITCH_CASE, /* test (NULL for default), consequent (list) */
	AST_THROW_STATEMENT, /* argument */
	AST_TRY_STATEMENT, /* block, handler (CatchClause|NULL), finalizer */
	AST_CATCH_CLAUSE, /* param (pattern, nullable), body */
	AST_WHILE_STATEMENT, /* test, body */
	AST_DO_WHILE_STATEMENT, /* body, test */
	AST_FOR_STATEMENT, /* init (VariableDeclaration|expr|NULL), test,
			      update, body */
	AST_FOR_IN_STATEMENT, /* left (VariableDeclaration|pattern), right, body
			       */
	AST_FOR_OF_STATEMENT, /* left, right, body, is_await */

	/* ---- Declarations ---- */
	AST_FUNCTION_DECLARATION, /* id, params (list of patterns), body,
				     is_generator, is_async */
	AST_VARIABLE_DECLARATION, /* declarations (list), var_kind */
	AST_VARIABLE_DECLARATOR, /* id (pattern), init (nullable) */
	AST_CLASS_DECLARATION, /* id, super_class, body (ClassBody) */

	/* ---- Expressions ---- */
	AST_IDENTIFIER, /* name */
	AST_PRIVATE_IDENTIFIER, /* name (without the '#') */
	AST_LITERAL, /* literal_kind, and: str (string), num (number),
			bool_value, regex_pattern/regex_flags; raw */
	AST_THIS_EXPRESSION,
	AST_SUPER, /* only as callee of CallExpression or object of
		      MemberExpression */
	AST_ARRAY_EXPRESSION, /* elements (list; NULL items are holes;
				 SpreadElement allowed) */
	AST_OBJECT_EXPRESSION, /* properties (list of Property|SpreadElement) */
	AST_PROPERTY, /* key, value, prop_kind (init/get/set), is_method,
			 is_shorthand, is_computed. In patterns value is a
			 pattern. */
	AST_FUNCTION_EXPRESSION, /* id (nullable), params, body, is_generator,
				    is_async */
	AST_ARROW_FUNCTION_EXPRESSION, /* params, body (BlockStatement or
					  expression), is_expression (body is an
					  expression), is_async */
	AST_CLASS_EXPRESSION, /* id (nullable), super_class, body (ClassBody) */
	AST_CLASS_BODY, /* body (list of
			   MethodDefinition|PropertyDefinition|StaticBlock) */
	AST_METHOD_DEFINITION, /* key (expr or PrivateIdentifier), value
				  (FunctionExpression), method_kind,
				  is_computed, is_static */
	AST_PROPERTY_DEFINITION, /* key, value (nullable), is_computed,
				    is_static */
	AST_UNARY_EXPRESSION, /* op (AST_OP_*), argument; prefix is always true
			       */
	AST_UPDATE_EXPRESSION, /* op (++/--), argument, is_prefix */
	AST_BINARY_EXPRESSION, /* op, left, right. `#x in obj`: left is
				  PrivateIdentifier */
	AST_LOGICAL_EXPRESSION, /* op (&&, ||, ??), left, right */
	AST_ASSIGNMENT_EXPRESSION, /* op (=, +=, ..., &&=, ||=, ??=), left
				      (pattern or expr), right */
	AST_CONDITIONAL_EXPRESSION, /* test, consequent, alternate */
	AST_CALL_EXPRESSION, /* callee, arguments (list; SpreadElement allowed),
				is_optional */
	AST_NEW_EXPRESSION, /* callee, arguments */
	AST_MEMBER_EXPRESSION, /* object, property (expr, Identifier or
				  PrivateIdentifier), is_computed, is_optional
				*/
	AST_CHAIN_EXPRESSION, /* expression: the whole optional chain a?.b.c()
			       */
	AST_SEQUENCE_EXPRESSION, /* expressions (list) */
	AST_YIELD_EXPRESSION, /* argument (nullable), is_delegate */
	AST_AWAIT_EXPRESSION, /* argument */
	AST_TEMPLATE_LITERAL, /* quasis (list of TemplateElement), expressions
				 (list) */
	AST_TAGGED_TEMPLATE_EXPRESSION, /* tag, quasi (TemplateLiteral) */
	AST_TEMPLATE_ELEMENT, /* cooked (NULL when invalid escape in a tagged
				 template), raw, is_tail */
	AST_SPREAD_ELEMENT, /* argument */
	AST_META_PROPERTY, /* meta (Identifier), property (Identifier):
			      new.target, import.meta */
	AST_IMPORT_EXPRESSION, /* source, argument (options, nullable):
				  dynamic import(x, options) */
	AST_PARENTHESIZED_EXPRESSION, /* never produced: parentheses leave no
					 node */

	/* ---- Patterns ---- */
	AST_OBJECT_PATTERN, /* properties (list of Property|RestElement) */
	AST_ARRAY_PATTERN, /* elements (list; NULL items are holes) */
	AST_REST_ELEMENT, /* argument */
	AST_ASSIGNMENT_PATTERN, /* left (pattern), right (default value) */

	/* ---- Modules ---- */
	AST_IMPORT_DECLARATION, /* specifiers (list), source (Literal) */
	AST_IMPORT_SPECIFIER, /* imported (Identifier|string Literal), local */
	AST_IMPORT_DEFAULT_SPECIFIER, /* local */
	AST_IMPORT_NAMESPACE_SPECIFIER, /* local */
	AST_EXPORT_NAMED_DECLARATION, /* declaration (nullable), specifiers,
					 source (nullable) */
	AST_EXPORT_SPECIFIER, /* local, exported (Identifier|string Literal) */
	AST_EXPORT_DEFAULT_DECLARATION, /* declaration (function/class
					   declaration or expression) */
	AST_EXPORT_ALL_DECLARATION, /* exported (nullable), source */

	AST_KIND_COUNT
};

enum ast_literal_kind {
	AST_LIT_NULL,
	AST_LIT_BOOLEAN,
	AST_LIT_NUMBER,
	AST_LIT_STRING,
	AST_LIT_REGEX,
	AST_LIT_BIGINT /* parsed so the lowering can reject it with a clear
			  error */
};

enum ast_var_kind { AST_VAR, AST_LET, AST_CONST };
enum ast_prop_kind { AST_PROP_INIT, AST_PROP_GET, AST_PROP_SET };
enum ast_method_kind {
	AST_METHOD_CONSTRUCTOR,
	AST_METHOD_METHOD,
	AST_METHOD_GET,
	AST_METHOD_SET
};
enum ast_source_type { AST_SCRIPT, AST_MODULE };

/* Operators of unary, update, binary, logical and assignment expressions. */
enum ast_op {
	AST_OP_NONE,
	/* unary */
	AST_OP_NEG,
	AST_OP_POS,
	AST_OP_NOT,
	AST_OP_BITNOT,
	AST_OP_TYPEOF,
	AST_OP_VOID,
	AST_OP_DELETE,
	/* update */
	AST_OP_INC,
	AST_OP_DEC,
	/* binary */
	AST_OP_EQ,
	AST_OP_NE,
	AST_OP_SEQ,
	AST_OP_SNE,
	AST_OP_LT,
	AST_OP_LE,
	AST_OP_GT,
	AST_OP_GE,
	AST_OP_SHL,
	AST_OP_SHR,
	AST_OP_USHR,
	AST_OP_ADD,
	AST_OP_SUB,
	AST_OP_MUL,
	AST_OP_DIV,
	AST_OP_MOD,
	AST_OP_EXP,
	AST_OP_BITOR,
	AST_OP_BITXOR,
	AST_OP_BITAND,
	AST_OP_IN,
	AST_OP_INSTANCEOF,
	/* logical */
	AST_OP_AND,
	AST_OP_OR,
	AST_OP_NULLISH,
	/* assignment: = and the compound forms, in the order of the binary ones
	 */
	AST_OP_ASSIGN,
	AST_OP_ADD_ASSIGN,
	AST_OP_SUB_ASSIGN,
	AST_OP_MUL_ASSIGN,
	AST_OP_DIV_ASSIGN,
	AST_OP_MOD_ASSIGN,
	AST_OP_EXP_ASSIGN,
	AST_OP_SHL_ASSIGN,
	AST_OP_SHR_ASSIGN,
	AST_OP_USHR_ASSIGN,
	AST_OP_BITOR_ASSIGN,
	AST_OP_BITXOR_ASSIGN,
	AST_OP_BITAND_ASSIGN,
	AST_OP_AND_ASSIGN,
	AST_OP_OR_ASSIGN,
	AST_OP_NULLISH_ASSIGN,
	AST_OP_COUNT
};

/* A string owned by the arena: UTF-8 bytes, not NUL-terminated in general. */
struct ast_str {
	const char *s;
	size_t len;
};

struct ast_node;

/* A growable list owned by the arena. */
struct ast_list {
	struct ast_node **items;
	size_t len;
	size_t cap;
};

struct ast_node {
	enum ast_kind kind;
	uint32_t line, col; /* where the node starts */
	uint32_t start, end; /* byte offsets in the source */

	/* Children, named as in ESTree. */
	struct ast_node *id, *init, *test, *update, *body, *left, *right;
	struct ast_node *argument, *callee, *object, *property, *key, *value;
	struct ast_node *expression, *consequent, *alternate;
	struct ast_node *block, *handler, *finalizer, *param, *label;
	struct ast_node *discriminant, *super_class, *tag, *quasi, *source;
	struct ast_node *declaration, *imported, *local, *exported, *meta;

	struct ast_list
	    list_body; /* Program, Block, StaticBlock, ClassBody: body */
	struct ast_list params; /* functions */
	struct ast_list arguments; /* call / new */
	struct ast_list elements; /* array expression / pattern */
	struct ast_list properties; /* object expression / pattern */
	struct ast_list declarations;
	struct ast_list cases; /* switch */
	struct ast_list cons_list; /* SwitchCase consequent */
	struct ast_list expressions; /* sequence, template literal */
	struct ast_list quasis; /* template literal */
	struct ast_list specifiers; /* import / export */

	enum ast_op op;
	enum ast_literal_kind literal_kind;
	enum ast_var_kind var_kind;
	enum ast_prop_kind prop_kind;
	enum ast_method_kind method_kind;
	enum ast_source_type source_type;

	struct ast_str name; /* Identifier, PrivateIdentifier */
	struct ast_str str; /* string Literal value (decoded, UTF-8; may hold
			       lone surrogates as CESU-8, as Duktape does) */
	double num; /* number Literal */
	struct ast_str raw; /* Literal and TemplateElement raw source text */
	struct ast_str cooked; /* TemplateElement cooked value; cooked_valid
				  says whether it exists */
	struct ast_str regex_pattern, regex_flags;
	struct ast_str
	    directive; /* ExpressionStatement directive ("use strict") */

	unsigned bool_value : 1;
	unsigned is_generator : 1, is_async : 1, is_expression : 1;
	unsigned is_method : 1, is_shorthand : 1, is_computed : 1;
	unsigned is_static : 1, is_prefix : 1, is_optional : 1;
	unsigned is_delegate : 1, is_tail : 1, is_await : 1;
	unsigned cooked_valid : 1;
	unsigned
	    parenthesized : 1; /* the expression was written in parentheses */
};

/* The arena every tree lives in. Opaque outside ast.c. */
struct ast_arena;

/* Creates an empty arena, or NULL when out of memory. The caller owns it. */
struct ast_arena *ast_arena_new(void);
/* Frees the arena and every node, list and string it holds. NULL is fine. */
void ast_arena_free(struct ast_arena *);
/* Allocates zeroed memory in the arena; NULL when out of memory. */
void *ast_alloc(struct ast_arena *, size_t);
/* Makes a zeroed node of the kind at a position; NULL when out of memory. */
struct ast_node *ast_node_new(struct ast_arena *, enum ast_kind, uint32_t line,
    uint32_t col, uint32_t start);
/* Appends to a list (item may be NULL: a hole); 0, or -1 when out of memory. */
int ast_list_push(struct ast_arena *, struct ast_list *, struct ast_node *);
/* Copies bytes into the arena; the copy is NUL-terminated for convenience. */
struct ast_str ast_str_dup(struct ast_arena *, const char *, size_t);

/* ESTree's name of a kind ("ArrowFunctionExpression"), for dumps and errors. */
const char *ast_kind_name(enum ast_kind);
/* The source spelling of an operator ("??=", "typeof", "**"). */
const char *ast_op_text(enum ast_op);

#endif
