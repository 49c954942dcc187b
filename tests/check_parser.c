/*
 * The ECMAScript 2022 parser (engine/parser*.c): trees compared as compact
 * ESTree JSON (ast_dump), errors by exact message and line:col, and the
 * limits (nesting depth, tree height, reading past len). The expected
 * trees were cross-checked against acorn 8 during development.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "front/ast_dump.h"
#include "front/parser.h"

enum { K_EXPR, K_STMT, K_MODULE };

struct tree_case {
	int kind;
	const char *src;
	const char *json;
};

struct err_case {
	int module;
	const char *src;
	const char *msg;
	unsigned line, col;
};

static const struct tree_case tree_cases[] = {
	{ K_EXPR, "a + b * c",
	    "{\"type\":\"BinaryExpression\",\"left\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"},\"operator\":\"+\",\"right\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"b\"},\"operator\":\"*\",\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"c\"}}}" },
	{ K_EXPR, "a * b + c",
	    "{\"type\":\"BinaryExpression\",\"left\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"},\"operator\":\"*\",\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"b\"}},\"operator\":\"+\",\"right\":{\"type\":"
	    "\"Identifier\",\"name\":\"c\"}}" },
	{ K_EXPR, "a - b - c",
	    "{\"type\":\"BinaryExpression\",\"left\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"},\"operator\":\"-\",\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"b\"}},\"operator\":\"-\",\"right\":{\"type\":"
	    "\"Identifier\",\"name\":\"c\"}}" },
	{ K_EXPR, "a ** b ** c",
	    "{\"type\":\"BinaryExpression\",\"left\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"},\"operator\":\"**\",\"right\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"b\"},\"operator\":\"**\",\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"c\"}}}" },
	{ K_EXPR, "(-a) ** b",
	    "{\"type\":\"BinaryExpression\",\"left\":{\"type\":"
	    "\"UnaryExpression\",\"operator\":\"-\",\"prefix\":true,"
	    "\"argument\":{\"type\":\"Identifier\",\"name\":\"a\"}},"
	    "\"operator\":\"**\",\"right\":{\"type\":\"Identifier\",\"name\":"
	    "\"b\"}}" },
	{ K_EXPR, "a ** -b",
	    "{\"type\":\"BinaryExpression\",\"left\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"},\"operator\":\"**\",\"right\":{\"type\":"
	    "\"UnaryExpression\",\"operator\":\"-\",\"prefix\":true,"
	    "\"argument\":{\"type\":\"Identifier\",\"name\":\"b\"}}}" },
	{ K_EXPR, "a = b = c",
	    "{\"type\":\"AssignmentExpression\",\"left\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},\"operator\":\"=\",\"right\":{"
	    "\"type\":\"AssignmentExpression\",\"left\":{\"type\":"
	    "\"Identifier\",\"name\":\"b\"},\"operator\":\"=\",\"right\":{"
	    "\"type\":\"Identifier\",\"name\":\"c\"}}}" },
	{ K_EXPR, "a += b -= c",
	    "{\"type\":\"AssignmentExpression\",\"left\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},\"operator\":\"+=\",\"right\":{"
	    "\"type\":\"AssignmentExpression\",\"left\":{\"type\":"
	    "\"Identifier\",\"name\":\"b\"},\"operator\":\"-=\",\"right\":{"
	    "\"type\":\"Identifier\",\"name\":\"c\"}}}" },
	{ K_EXPR, "a ||= b",
	    "{\"type\":\"AssignmentExpression\",\"left\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},\"operator\":\"||=\",\"right\":{"
	    "\"type\":\"Identifier\",\"name\":\"b\"}}" },
	{ K_EXPR, "a &&= b",
	    "{\"type\":\"AssignmentExpression\",\"left\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},\"operator\":\"&&=\",\"right\":{"
	    "\"type\":\"Identifier\",\"name\":\"b\"}}" },
	{ K_EXPR, "a ?\?= b",
	    "{\"type\":\"AssignmentExpression\",\"left\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},\"operator\":\"?\?=\",\"right\":{"
	    "\"type\":\"Identifier\",\"name\":\"b\"}}" },
	{ K_EXPR, "a ?\? b ?\? c",
	    "{\"type\":\"LogicalExpression\",\"left\":{\"type\":"
	    "\"LogicalExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"},\"operator\":\"?\?\",\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"b\"}},\"operator\":\"?\?\",\"right\":{\"type\":"
	    "\"Identifier\",\"name\":\"c\"}}" },
	{ K_EXPR, "(a || b) ?\? c",
	    "{\"type\":\"LogicalExpression\",\"left\":{\"type\":"
	    "\"LogicalExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"},\"operator\":\"||\",\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"b\"}},\"operator\":\"?\?\",\"right\":{\"type\":"
	    "\"Identifier\",\"name\":\"c\"}}" },
	{ K_EXPR, "a ?\? (b && c)",
	    "{\"type\":\"LogicalExpression\",\"left\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"},\"operator\":\"?\?\",\"right\":{\"type\":"
	    "\"LogicalExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"b\"},\"operator\":\"&&\",\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"c\"}}}" },
	{ K_EXPR, "a || b && c",
	    "{\"type\":\"LogicalExpression\",\"left\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"},\"operator\":\"||\",\"right\":{\"type\":"
	    "\"LogicalExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"b\"},\"operator\":\"&&\",\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"c\"}}}" },
	{ K_EXPR, "a | b ^ c & d",
	    "{\"type\":\"BinaryExpression\",\"left\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"},\"operator\":\"|\",\"right\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"b\"},\"operator\":\"^\",\"right\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"c\"},\"operator\":\"&\",\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"d\"}}}}" },
	{ K_EXPR, "a == b != c === d !== e",
	    "{\"type\":\"BinaryExpression\",\"left\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"BinaryExpression\","
	    "\"left\":{\"type\":\"BinaryExpression\",\"left\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},\"operator\":\"==\",\"right\":{"
	    "\"type\":\"Identifier\",\"name\":\"b\"}},\"operator\":\"!=\","
	    "\"right\":{\"type\":\"Identifier\",\"name\":\"c\"}},\"operator\":"
	    "\"===\",\"right\":{\"type\":\"Identifier\",\"name\":\"d\"}},"
	    "\"operator\":\"!==\",\"right\":{\"type\":\"Identifier\",\"name\":"
	    "\"e\"}}" },
	{ K_EXPR, "a < b <= c > d >= e",
	    "{\"type\":\"BinaryExpression\",\"left\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"BinaryExpression\","
	    "\"left\":{\"type\":\"BinaryExpression\",\"left\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},\"operator\":\"<\",\"right\":{"
	    "\"type\":\"Identifier\",\"name\":\"b\"}},\"operator\":\"<=\","
	    "\"right\":{\"type\":\"Identifier\",\"name\":\"c\"}},\"operator\":"
	    "\">\",\"right\":{\"type\":\"Identifier\",\"name\":\"d\"}},"
	    "\"operator\":\">=\",\"right\":{\"type\":\"Identifier\",\"name\":"
	    "\"e\"}}" },
	{ K_EXPR, "a instanceof B in c",
	    "{\"type\":\"BinaryExpression\",\"left\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"},\"operator\":\"instanceof\",\"right\":{\"type\":"
	    "\"Identifier\",\"name\":\"B\"}},\"operator\":\"in\",\"right\":{"
	    "\"type\":\"Identifier\",\"name\":\"c\"}}" },
	{ K_EXPR, "a << b >> c >>> d",
	    "{\"type\":\"BinaryExpression\",\"left\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"BinaryExpression\","
	    "\"left\":{\"type\":\"Identifier\",\"name\":\"a\"},\"operator\":\"<"
	    "<\",\"right\":{\"type\":\"Identifier\",\"name\":\"b\"}},"
	    "\"operator\":\">>\",\"right\":{\"type\":\"Identifier\",\"name\":"
	    "\"c\"}},\"operator\":\">>>\",\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"d\"}}" },
	{ K_EXPR, "a % b / c * d",
	    "{\"type\":\"BinaryExpression\",\"left\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"BinaryExpression\","
	    "\"left\":{\"type\":\"Identifier\",\"name\":\"a\"},\"operator\":\"%"
	    "\",\"right\":{\"type\":\"Identifier\",\"name\":\"b\"}},"
	    "\"operator\":\"/"
	    "\",\"right\":{\"type\":\"Identifier\",\"name\":\"c\"}},"
	    "\"operator\":\"*\",\"right\":{\"type\":\"Identifier\",\"name\":"
	    "\"d\"}}" },
	{ K_EXPR, "a ? b : c ? d : e",
	    "{\"type\":\"ConditionalExpression\",\"test\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},\"consequent\":{\"type\":"
	    "\"Identifier\",\"name\":\"b\"},\"alternate\":{\"type\":"
	    "\"ConditionalExpression\",\"test\":{\"type\":\"Identifier\","
	    "\"name\":\"c\"},\"consequent\":{\"type\":\"Identifier\",\"name\":"
	    "\"d\"},\"alternate\":{\"type\":\"Identifier\",\"name\":\"e\"}}}" },
	{ K_EXPR, "a ? b = 1 : c",
	    "{\"type\":\"ConditionalExpression\",\"test\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},\"consequent\":{\"type\":"
	    "\"AssignmentExpression\",\"left\":{\"type\":\"Identifier\","
	    "\"name\":\"b\"},\"operator\":\"=\",\"right\":{\"type\":"
	    "\"Literal\",\"value\":1}},\"alternate\":{\"type\":\"Identifier\","
	    "\"name\":\"c\"}}" },
	{ K_EXPR, "a, b, c",
	    "{\"type\":\"SequenceExpression\",\"expressions\":[{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},{\"type\":\"Identifier\",\"name\":"
	    "\"b\"},{\"type\":\"Identifier\",\"name\":\"c\"}]}" },
	{ K_EXPR, "!~+-a",
	    "{\"type\":\"UnaryExpression\",\"operator\":\"!\",\"prefix\":true,"
	    "\"argument\":{\"type\":\"UnaryExpression\",\"operator\":\"~\","
	    "\"prefix\":true,\"argument\":{\"type\":\"UnaryExpression\","
	    "\"operator\":\"+\",\"prefix\":true,\"argument\":{\"type\":"
	    "\"UnaryExpression\",\"operator\":\"-\",\"prefix\":true,"
	    "\"argument\":{\"type\":\"Identifier\",\"name\":\"a\"}}}}}" },
	{ K_EXPR, "typeof void delete a.b",
	    "{\"type\":\"UnaryExpression\",\"operator\":\"typeof\",\"prefix\":"
	    "true,\"argument\":{\"type\":\"UnaryExpression\",\"operator\":"
	    "\"void\",\"prefix\":true,\"argument\":{\"type\":"
	    "\"UnaryExpression\",\"operator\":\"delete\",\"prefix\":true,"
	    "\"argument\":{\"type\":\"MemberExpression\",\"object\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},\"property\":{\"type\":"
	    "\"Identifier\",\"name\":\"b\"}}}}}" },
	{ K_EXPR, "++a",
	    "{\"type\":\"UpdateExpression\",\"operator\":\"++\",\"prefix\":"
	    "true,\"argument\":{\"type\":\"Identifier\",\"name\":\"a\"}}" },
	{ K_EXPR, "a--",
	    "{\"type\":\"UpdateExpression\",\"operator\":\"--\",\"argument\":{"
	    "\"type\":\"Identifier\",\"name\":\"a\"}}" },
	{ K_EXPR, "- -a",
	    "{\"type\":\"UnaryExpression\",\"operator\":\"-\",\"prefix\":true,"
	    "\"argument\":{\"type\":\"UnaryExpression\",\"operator\":\"-\","
	    "\"prefix\":true,\"argument\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"}}}" },
	{ K_EXPR, "a?.b",
	    "{\"type\":\"ChainExpression\",\"expression\":{\"type\":"
	    "\"MemberExpression\",\"object\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"},\"property\":{\"type\":\"Identifier\",\"name\":\"b\"},"
	    "\"optional\":true}}" },
	{ K_EXPR, "a?.[0]?.(1)",
	    "{\"type\":\"ChainExpression\",\"expression\":{\"type\":"
	    "\"CallExpression\",\"callee\":{\"type\":\"MemberExpression\","
	    "\"object\":{\"type\":\"Identifier\",\"name\":\"a\"},\"property\":{"
	    "\"type\":\"Literal\",\"value\":0},\"computed\":true,\"optional\":"
	    "true},\"arguments\":[{\"type\":\"Literal\",\"value\":1}],"
	    "\"optional\":true}}" },
	{ K_EXPR, "a?.b.c()",
	    "{\"type\":\"ChainExpression\",\"expression\":{\"type\":"
	    "\"CallExpression\",\"callee\":{\"type\":\"MemberExpression\","
	    "\"object\":{\"type\":\"MemberExpression\",\"object\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},\"property\":{\"type\":"
	    "\"Identifier\",\"name\":\"b\"},\"optional\":true},\"property\":{"
	    "\"type\":\"Identifier\",\"name\":\"c\"}}}}" },
	{ K_EXPR, "(a?.b).c",
	    "{\"type\":\"MemberExpression\",\"object\":{\"type\":"
	    "\"ChainExpression\",\"expression\":{\"type\":\"MemberExpression\","
	    "\"object\":{\"type\":\"Identifier\",\"name\":\"a\"},\"property\":{"
	    "\"type\":\"Identifier\",\"name\":\"b\"},\"optional\":true}},"
	    "\"property\":{\"type\":\"Identifier\",\"name\":\"c\"}}" },
	{ K_EXPR, "a?.5:1",
	    "{\"type\":\"ConditionalExpression\",\"test\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},\"consequent\":{\"type\":"
	    "\"Literal\",\"value\":0.5},\"alternate\":{\"type\":\"Literal\","
	    "\"value\":1}}" },
	{ K_EXPR, "new A",
	    "{\"type\":\"NewExpression\",\"callee\":{\"type\":\"Identifier\","
	    "\"name\":\"A\"}}" },
	{ K_EXPR, "new A.b(c)",
	    "{\"type\":\"NewExpression\",\"callee\":{\"type\":"
	    "\"MemberExpression\",\"object\":{\"type\":\"Identifier\",\"name\":"
	    "\"A\"},\"property\":{\"type\":\"Identifier\",\"name\":\"b\"}},"
	    "\"arguments\":[{\"type\":\"Identifier\",\"name\":\"c\"}]}" },
	{ K_EXPR, "new new A()()",
	    "{\"type\":\"NewExpression\",\"callee\":{\"type\":"
	    "\"NewExpression\",\"callee\":{\"type\":\"Identifier\",\"name\":"
	    "\"A\"}}}" },
	{ K_EXPR, "new (f())()",
	    "{\"type\":\"NewExpression\",\"callee\":{\"type\":"
	    "\"CallExpression\",\"callee\":{\"type\":\"Identifier\",\"name\":"
	    "\"f\"}}}" },
	{ K_EXPR, "f(...a, b)",
	    "{\"type\":\"CallExpression\",\"callee\":{\"type\":\"Identifier\","
	    "\"name\":\"f\"},\"arguments\":[{\"type\":\"SpreadElement\","
	    "\"argument\":{\"type\":\"Identifier\",\"name\":\"a\"}},{\"type\":"
	    "\"Identifier\",\"name\":\"b\"}]}" },
	{ K_EXPR, "a.b[c]()",
	    "{\"type\":\"CallExpression\",\"callee\":{\"type\":"
	    "\"MemberExpression\",\"object\":{\"type\":\"MemberExpression\","
	    "\"object\":{\"type\":\"Identifier\",\"name\":\"a\"},\"property\":{"
	    "\"type\":\"Identifier\",\"name\":\"b\"}},\"property\":{\"type\":"
	    "\"Identifier\",\"name\":\"c\"},\"computed\":true}}" },
	{ K_EXPR, "tag`x${y}z`",
	    "{\"type\":\"TaggedTemplateExpression\",\"tag\":{\"type\":"
	    "\"Identifier\",\"name\":\"tag\"},\"quasi\":{\"type\":"
	    "\"TemplateLiteral\",\"expressions\":[{\"type\":\"Identifier\","
	    "\"name\":\"y\"}],\"quasis\":[{\"type\":\"TemplateElement\","
	    "\"value\":{\"raw\":\"x\",\"cooked\":\"x\"}},{\"type\":"
	    "\"TemplateElement\",\"value\":{\"raw\":\"z\",\"cooked\":\"z\"},"
	    "\"tail\":true}]}}" },
	{ K_EXPR, "`a${`b${c}`}d`",
	    "{\"type\":\"TemplateLiteral\",\"expressions\":[{\"type\":"
	    "\"TemplateLiteral\",\"expressions\":[{\"type\":\"Identifier\","
	    "\"name\":\"c\"}],\"quasis\":[{\"type\":\"TemplateElement\","
	    "\"value\":{\"raw\":\"b\",\"cooked\":\"b\"}},{\"type\":"
	    "\"TemplateElement\",\"value\":{\"raw\":\"\",\"cooked\":\"\"},"
	    "\"tail\":true}]}],\"quasis\":[{\"type\":\"TemplateElement\","
	    "\"value\":{\"raw\":\"a\",\"cooked\":\"a\"}},{\"type\":"
	    "\"TemplateElement\",\"value\":{\"raw\":\"d\",\"cooked\":\"d\"},"
	    "\"tail\":true}]}" },
	{ K_EXPR, "`\\u{41}\\n`",
	    "{\"type\":\"TemplateLiteral\",\"quasis\":[{\"type\":"
	    "\"TemplateElement\",\"value\":{\"raw\":\"\\\\u{41}\\\\n\","
	    "\"cooked\":\"A\\n\"},\"tail\":true}]}" },
	{ K_EXPR, "String.raw`\\unicode`",
	    "{\"type\":\"TaggedTemplateExpression\",\"tag\":{\"type\":"
	    "\"MemberExpression\",\"object\":{\"type\":\"Identifier\",\"name\":"
	    "\"String\"},\"property\":{\"type\":\"Identifier\",\"name\":"
	    "\"raw\"}},\"quasi\":{\"type\":\"TemplateLiteral\",\"quasis\":[{"
	    "\"type\":\"TemplateElement\",\"value\":{\"raw\":\"\\\\unicode\","
	    "\"cooked\":null},\"tail\":true}]}}" },
	{ K_EXPR, "/a[/]b/gi.test(s)",
	    "{\"type\":\"CallExpression\",\"callee\":{\"type\":"
	    "\"MemberExpression\",\"object\":{\"type\":\"Literal\",\"value\":"
	    "null,\"raw\":\"/a[/]b/gi\",\"regex\":{\"pattern\":\"a[/"
	    "]b\",\"flags\":\"gi\"}},\"property\":{\"type\":\"Identifier\","
	    "\"name\":\"test\"}},\"arguments\":[{\"type\":\"Identifier\","
	    "\"name\":\"s\"}]}" },
	{ K_EXPR, "x / y / z",
	    "{\"type\":\"BinaryExpression\",\"left\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"x\"},\"operator\":\"/"
	    "\",\"right\":{\"type\":\"Identifier\",\"name\":\"y\"}},"
	    "\"operator\":\"/"
	    "\",\"right\":{\"type\":\"Identifier\",\"name\":\"z\"}}" },
	{ K_EXPR, "[a, , b, ...c]",
	    "{\"type\":\"ArrayExpression\",\"elements\":[{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},null,{\"type\":\"Identifier\","
	    "\"name\":\"b\"},{\"type\":\"SpreadElement\",\"argument\":{"
	    "\"type\":\"Identifier\",\"name\":\"c\"}}]}" },
	{ K_EXPR, "[,]", "{\"type\":\"ArrayExpression\",\"elements\":[null]}" },
	{ K_EXPR, "({a, b: c, [d]: e, 'f': 1, 2: 3})",
	    "{\"type\":\"ObjectExpression\",\"properties\":[{\"type\":"
	    "\"Property\",\"shorthand\":true,\"key\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"},\"value\":{\"type\":\"Identifier\",\"name\":\"a\"}"
	    ",\"kind\":\"init\"},{\"type\":\"Property\",\"key\":{\"type\":"
	    "\"Identifier\",\"name\":\"b\"},\"value\":{\"type\":\"Identifier\","
	    "\"name\":\"c\"},\"kind\":\"init\"},{\"type\":\"Property\","
	    "\"computed\":true,\"key\":{\"type\":\"Identifier\",\"name\":\"d\"}"
	    ",\"value\":{\"type\":\"Identifier\",\"name\":\"e\"},\"kind\":"
	    "\"init\"},{\"type\":\"Property\",\"key\":{\"type\":\"Literal\","
	    "\"value\":\"f\"},\"value\":{\"type\":\"Literal\",\"value\":1},"
	    "\"kind\":\"init\"},{\"type\":\"Property\",\"key\":{\"type\":"
	    "\"Literal\",\"value\":2},\"value\":{\"type\":\"Literal\","
	    "\"value\":3},\"kind\":\"init\"}]}" },
	{ K_EXPR,
	    "({get a() {}, set a(v) {}, async b() {}, *c() {}, async *d() {}})",
	    "{\"type\":\"ObjectExpression\",\"properties\":[{\"type\":"
	    "\"Property\",\"key\":{\"type\":\"Identifier\",\"name\":\"a\"},"
	    "\"value\":{\"type\":\"FunctionExpression\",\"body\":{\"type\":"
	    "\"BlockStatement\"}},\"kind\":\"get\"},{\"type\":\"Property\","
	    "\"key\":{\"type\":\"Identifier\",\"name\":\"a\"},\"value\":{"
	    "\"type\":\"FunctionExpression\",\"params\":[{\"type\":"
	    "\"Identifier\",\"name\":\"v\"}],\"body\":{\"type\":"
	    "\"BlockStatement\"}},\"kind\":\"set\"},{\"type\":\"Property\","
	    "\"method\":true,\"key\":{\"type\":\"Identifier\",\"name\":\"b\"},"
	    "\"value\":{\"type\":\"FunctionExpression\",\"async\":true,"
	    "\"body\":{\"type\":\"BlockStatement\"}},\"kind\":\"init\"},{"
	    "\"type\":\"Property\",\"method\":true,\"key\":{\"type\":"
	    "\"Identifier\",\"name\":\"c\"},\"value\":{\"type\":"
	    "\"FunctionExpression\",\"generator\":true,\"body\":{\"type\":"
	    "\"BlockStatement\"}},\"kind\":\"init\"},{\"type\":\"Property\","
	    "\"method\":true,\"key\":{\"type\":\"Identifier\",\"name\":\"d\"},"
	    "\"value\":{\"type\":\"FunctionExpression\",\"generator\":true,"
	    "\"async\":true,\"body\":{\"type\":\"BlockStatement\"}},\"kind\":"
	    "\"init\"}]}" },
	{ K_EXPR, "({get, set, async})",
	    "{\"type\":\"ObjectExpression\",\"properties\":[{\"type\":"
	    "\"Property\",\"shorthand\":true,\"key\":{\"type\":\"Identifier\","
	    "\"name\":\"get\"},\"value\":{\"type\":\"Identifier\",\"name\":"
	    "\"get\"},\"kind\":\"init\"},{\"type\":\"Property\",\"shorthand\":"
	    "true,\"key\":{\"type\":\"Identifier\",\"name\":\"set\"},\"value\":"
	    "{\"type\":\"Identifier\",\"name\":\"set\"},\"kind\":\"init\"},{"
	    "\"type\":\"Property\",\"shorthand\":true,\"key\":{\"type\":"
	    "\"Identifier\",\"name\":\"async\"},\"value\":{\"type\":"
	    "\"Identifier\",\"name\":\"async\"},\"kind\":\"init\"}]}" },
	{ K_EXPR, "({__proto__: a, \"__proto__\"() {}})",
	    "{\"type\":\"ObjectExpression\",\"properties\":[{\"type\":"
	    "\"Property\",\"key\":{\"type\":\"Identifier\",\"name\":\"__proto__"
	    "\"},\"value\":{\"type\":\"Identifier\",\"name\":\"a\"},\"kind\":"
	    "\"init\"},{\"type\":\"Property\",\"method\":true,\"key\":{"
	    "\"type\":\"Literal\",\"value\":\"__proto__\"},\"value\":{\"type\":"
	    "\"FunctionExpression\",\"body\":{\"type\":\"BlockStatement\"}},"
	    "\"kind\":\"init\"}]}" },
	{ K_EXPR, "x => x",
	    "{\"type\":\"ArrowFunctionExpression\",\"expression\":true,"
	    "\"params\":[{\"type\":\"Identifier\",\"name\":\"x\"}],\"body\":{"
	    "\"type\":\"Identifier\",\"name\":\"x\"}}" },
	{ K_EXPR, "(a, b) => a",
	    "{\"type\":\"ArrowFunctionExpression\",\"expression\":true,"
	    "\"params\":[{\"type\":\"Identifier\",\"name\":\"a\"},{\"type\":"
	    "\"Identifier\",\"name\":\"b\"}],\"body\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"}}" },
	{ K_EXPR, "() => ({})",
	    "{\"type\":\"ArrowFunctionExpression\",\"expression\":true,"
	    "\"body\":{\"type\":\"ObjectExpression\"}}" },
	{ K_EXPR, "(a = 1, {b}, [c], ...d) => 0",
	    "{\"type\":\"ArrowFunctionExpression\",\"expression\":true,"
	    "\"params\":[{\"type\":\"AssignmentPattern\",\"left\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},\"right\":{\"type\":\"Literal\","
	    "\"value\":1}},{\"type\":\"ObjectPattern\",\"properties\":[{"
	    "\"type\":\"Property\",\"shorthand\":true,\"key\":{\"type\":"
	    "\"Identifier\",\"name\":\"b\"},\"value\":{\"type\":\"Identifier\","
	    "\"name\":\"b\"},\"kind\":\"init\"}]},{\"type\":\"ArrayPattern\","
	    "\"elements\":[{\"type\":\"Identifier\",\"name\":\"c\"}]},{"
	    "\"type\":\"RestElement\",\"argument\":{\"type\":\"Identifier\","
	    "\"name\":\"d\"}}],\"body\":{\"type\":\"Literal\",\"value\":0}}" },
	{ K_EXPR, "async x => x",
	    "{\"type\":\"ArrowFunctionExpression\",\"expression\":true,"
	    "\"async\":true,\"params\":[{\"type\":\"Identifier\",\"name\":"
	    "\"x\"}],\"body\":{\"type\":\"Identifier\",\"name\":\"x\"}}" },
	{ K_EXPR, "async (x) => await x",
	    "{\"type\":\"ArrowFunctionExpression\",\"expression\":true,"
	    "\"async\":true,\"params\":[{\"type\":\"Identifier\",\"name\":"
	    "\"x\"}],\"body\":{\"type\":\"AwaitExpression\",\"argument\":{"
	    "\"type\":\"Identifier\",\"name\":\"x\"}}}" },
	{ K_EXPR, "async (x)",
	    "{\"type\":\"CallExpression\",\"callee\":{\"type\":\"Identifier\","
	    "\"name\":\"async\"},\"arguments\":[{\"type\":\"Identifier\","
	    "\"name\":\"x\"}]}" },
	{ K_EXPR, "async", "{\"type\":\"Identifier\",\"name\":\"async\"}" },
	{ K_EXPR, "(function* () { yield; yield* a; })",
	    "{\"type\":\"FunctionExpression\",\"generator\":true,\"body\":{"
	    "\"type\":\"BlockStatement\",\"body\":[{\"type\":"
	    "\"ExpressionStatement\",\"expression\":{\"type\":"
	    "\"YieldExpression\"}},{\"type\":\"ExpressionStatement\","
	    "\"expression\":{\"type\":\"YieldExpression\",\"delegate\":true,"
	    "\"argument\":{\"type\":\"Identifier\",\"name\":\"a\"}}}]}}" },
	{ K_EXPR, "(async function () { for await (x of y); })",
	    "{\"type\":\"FunctionExpression\",\"async\":true,\"body\":{"
	    "\"type\":\"BlockStatement\",\"body\":[{\"type\":"
	    "\"ForOfStatement\",\"await\":true,\"left\":{\"type\":"
	    "\"Identifier\",\"name\":\"x\"},\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"y\"},\"body\":{\"type\":\"EmptyStatement\"}}]}}" },
	{ K_EXPR, "(class extends B { constructor() { super(); } })",
	    "{\"type\":\"ClassExpression\",\"superClass\":{\"type\":"
	    "\"Identifier\",\"name\":\"B\"},\"body\":{\"type\":\"ClassBody\","
	    "\"body\":[{\"type\":\"MethodDefinition\",\"key\":{\"type\":"
	    "\"Identifier\",\"name\":\"constructor\"},\"kind\":\"constructor\","
	    "\"value\":{\"type\":\"FunctionExpression\",\"body\":{\"type\":"
	    "\"BlockStatement\",\"body\":[{\"type\":\"ExpressionStatement\","
	    "\"expression\":{\"type\":\"CallExpression\",\"callee\":{\"type\":"
	    "\"Super\"}}}]}}}]}}" },
	{ K_EXPR,
	    "(class { static x = 1; #y; static { this.z = 2; } get #w() {} "
	    "static async *m() {} })",
	    "{\"type\":\"ClassExpression\",\"body\":{\"type\":\"ClassBody\","
	    "\"body\":[{\"type\":\"PropertyDefinition\",\"static\":true,"
	    "\"key\":{\"type\":\"Identifier\",\"name\":\"x\"},\"value\":{"
	    "\"type\":\"Literal\",\"value\":1}},{\"type\":"
	    "\"PropertyDefinition\",\"key\":{\"type\":\"PrivateIdentifier\","
	    "\"name\":\"y\"}},{\"type\":\"StaticBlock\",\"body\":[{\"type\":"
	    "\"ExpressionStatement\",\"expression\":{\"type\":"
	    "\"AssignmentExpression\",\"left\":{\"type\":\"MemberExpression\","
	    "\"object\":{\"type\":\"ThisExpression\"},\"property\":{\"type\":"
	    "\"Identifier\",\"name\":\"z\"}},\"operator\":\"=\",\"right\":{"
	    "\"type\":\"Literal\",\"value\":2}}}]},{\"type\":"
	    "\"MethodDefinition\",\"key\":{\"type\":\"PrivateIdentifier\","
	    "\"name\":\"w\"},\"kind\":\"get\",\"value\":{\"type\":"
	    "\"FunctionExpression\",\"body\":{\"type\":\"BlockStatement\"}}},{"
	    "\"type\":\"MethodDefinition\",\"static\":true,\"key\":{\"type\":"
	    "\"Identifier\",\"name\":\"m\"},\"kind\":\"method\",\"value\":{"
	    "\"type\":\"FunctionExpression\",\"generator\":true,\"async\":true,"
	    "\"body\":{\"type\":\"BlockStatement\"}}}]}}" },
	{ K_EXPR, "(class { #x; has(o) { return #x in o; } })",
	    "{\"type\":\"ClassExpression\",\"body\":{\"type\":\"ClassBody\","
	    "\"body\":[{\"type\":\"PropertyDefinition\",\"key\":{\"type\":"
	    "\"PrivateIdentifier\",\"name\":\"x\"}},{\"type\":"
	    "\"MethodDefinition\",\"key\":{\"type\":\"Identifier\",\"name\":"
	    "\"has\"},\"kind\":\"method\",\"value\":{\"type\":"
	    "\"FunctionExpression\",\"params\":[{\"type\":\"Identifier\","
	    "\"name\":\"o\"}],\"body\":{\"type\":\"BlockStatement\",\"body\":[{"
	    "\"type\":\"ReturnStatement\",\"argument\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"PrivateIdentifier\","
	    "\"name\":\"x\"},\"operator\":\"in\",\"right\":{\"type\":"
	    "\"Identifier\",\"name\":\"o\"}}}]}}}]}}" },
	{ K_EXPR, "[a, b] = [b, a]",
	    "{\"type\":\"AssignmentExpression\",\"left\":{\"type\":"
	    "\"ArrayPattern\",\"elements\":[{\"type\":\"Identifier\",\"name\":"
	    "\"a\"},{\"type\":\"Identifier\",\"name\":\"b\"}]},\"operator\":\"="
	    "\",\"right\":{\"type\":\"ArrayExpression\",\"elements\":[{"
	    "\"type\":\"Identifier\",\"name\":\"b\"},{\"type\":\"Identifier\","
	    "\"name\":\"a\"}]}}" },
	{ K_EXPR, "({a, b: [c = 1], ...d} = e)",
	    "{\"type\":\"AssignmentExpression\",\"left\":{\"type\":"
	    "\"ObjectPattern\",\"properties\":[{\"type\":\"Property\","
	    "\"shorthand\":true,\"key\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"},\"value\":{\"type\":\"Identifier\",\"name\":\"a\"},"
	    "\"kind\":\"init\"},{\"type\":\"Property\",\"key\":{\"type\":"
	    "\"Identifier\",\"name\":\"b\"},\"value\":{\"type\":"
	    "\"ArrayPattern\",\"elements\":[{\"type\":\"AssignmentPattern\","
	    "\"left\":{\"type\":\"Identifier\",\"name\":\"c\"},\"right\":{"
	    "\"type\":\"Literal\",\"value\":1}}]},\"kind\":\"init\"},{\"type\":"
	    "\"RestElement\",\"argument\":{\"type\":\"Identifier\",\"name\":"
	    "\"d\"}}]},\"operator\":\"=\",\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"e\"}}" },
	{ K_EXPR, "[a.b, c[0], ...d.e] = f",
	    "{\"type\":\"AssignmentExpression\",\"left\":{\"type\":"
	    "\"ArrayPattern\",\"elements\":[{\"type\":\"MemberExpression\","
	    "\"object\":{\"type\":\"Identifier\",\"name\":\"a\"},\"property\":{"
	    "\"type\":\"Identifier\",\"name\":\"b\"}},{\"type\":"
	    "\"MemberExpression\",\"object\":{\"type\":\"Identifier\",\"name\":"
	    "\"c\"},\"property\":{\"type\":\"Literal\",\"value\":0},"
	    "\"computed\":true},{\"type\":\"RestElement\",\"argument\":{"
	    "\"type\":\"MemberExpression\",\"object\":{\"type\":\"Identifier\","
	    "\"name\":\"d\"},\"property\":{\"type\":\"Identifier\",\"name\":"
	    "\"e\"}}}]},\"operator\":\"=\",\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"f\"}}" },
	{ K_EXPR, "0x10 + 0o10 + 0b10 + 010 + 1_000 + .5 + 1e3",
	    "{\"type\":\"BinaryExpression\",\"left\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"BinaryExpression\","
	    "\"left\":{\"type\":\"BinaryExpression\",\"left\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"BinaryExpression\","
	    "\"left\":{\"type\":\"Literal\",\"value\":16},\"operator\":\"+\","
	    "\"right\":{\"type\":\"Literal\",\"value\":8}},\"operator\":\"+\","
	    "\"right\":{\"type\":\"Literal\",\"value\":2}},\"operator\":\"+\","
	    "\"right\":{\"type\":\"Literal\",\"value\":8}},\"operator\":\"+\","
	    "\"right\":{\"type\":\"Literal\",\"value\":1000}},\"operator\":\"+"
	    "\",\"right\":{\"type\":\"Literal\",\"value\":0.5}},\"operator\":"
	    "\"+\",\"right\":{\"type\":\"Literal\",\"value\":1000}}" },
	{ K_EXPR, "123n",
	    "{\"type\":\"Literal\",\"value\":null,\"raw\":\"123n\",\"bigint\":"
	    "\"123\"}" },
	{ K_EXPR, "\"\\x41\\u0042\\u{1F600}\\0\"",
	    "{\"type\":\"Literal\",\"value\":\"AB😀\\u0000\"}" },
	{ K_EXPR, "'\\ud800'", "{\"type\":\"Literal\",\"value\":\"\\ud800\"}" },
	{ K_EXPR, "\"a\\\nb\"", "{\"type\":\"Literal\",\"value\":\"ab\"}" },
	{ K_EXPR, "import(\"m\")",
	    "{\"type\":\"ImportExpression\",\"source\":{\"type\":\"Literal\","
	    "\"value\":\"m\"}}" },
	{ K_EXPR, "import(\"m\",)",
	    "{\"type\":\"ImportExpression\",\"source\":{\"type\":\"Literal\","
	    "\"value\":\"m\"}}" },
	{ K_EXPR, "import(\"m\", o)",
	    "{\"type\":\"ImportExpression\",\"source\":{\"type\":\"Literal\","
	    "\"value\":\"m\"},\"options\":{\"type\":\"Identifier\","
	    "\"name\":\"o\"}}" },
	{ K_EXPR, "import.source(\"m\")",
	    "{\"type\":\"ImportExpression\",\"source\":{\"type\":\"Literal\","
	    "\"value\":\"m\"},\"phase\":\"source\"}" },
	{ K_EXPR, "import.defer(\"m\", o,)",
	    "{\"type\":\"ImportExpression\",\"source\":{\"type\":\"Literal\","
	    "\"value\":\"m\"},\"options\":{\"type\":\"Identifier\","
	    "\"name\":\"o\"},\"phase\":\"defer\"}" },
	{ K_EXPR, "import(\"m\", o,)",
	    "{\"type\":\"ImportExpression\",\"source\":{\"type\":\"Literal\","
	    "\"value\":\"m\"},\"options\":{\"type\":\"Identifier\","
	    "\"name\":\"o\"}}" },
	{ K_EXPR, "a\n/b/g",
	    "{\"type\":\"BinaryExpression\",\"left\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"},\"operator\":\"/"
	    "\",\"right\":{\"type\":\"Identifier\",\"name\":\"b\"}},"
	    "\"operator\":\"/"
	    "\",\"right\":{\"type\":\"Identifier\",\"name\":\"g\"}}" },
	{ K_STMT, "a\n++b",
	    "[{\"type\":\"ExpressionStatement\",\"expression\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"}},{\"type\":\"ExpressionStatement\","
	    "\"expression\":{\"type\":\"UpdateExpression\",\"operator\":\"++\","
	    "\"prefix\":true,\"argument\":{\"type\":\"Identifier\",\"name\":"
	    "\"b\"}}}]" },
	{ K_STMT, "a = b\n(c)",
	    "{\"type\":\"ExpressionStatement\",\"expression\":{\"type\":"
	    "\"AssignmentExpression\",\"left\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"},\"operator\":\"=\",\"right\":{\"type\":"
	    "\"CallExpression\",\"callee\":{\"type\":\"Identifier\",\"name\":"
	    "\"b\"},\"arguments\":[{\"type\":\"Identifier\",\"name\":\"c\"}]}}"
	    "}" },
	{ K_STMT, "var a = 1, b",
	    "{\"type\":\"VariableDeclaration\",\"declarations\":[{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"},\"init\":{\"type\":\"Literal\",\"value\":1}},{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"b\"}}],\"kind\":\"var\"}" },
	{ K_STMT, "let [a, , b = 2, ...c] = d",
	    "{\"type\":\"VariableDeclaration\",\"declarations\":[{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"ArrayPattern\","
	    "\"elements\":[{\"type\":\"Identifier\",\"name\":\"a\"},null,{"
	    "\"type\":\"AssignmentPattern\",\"left\":{\"type\":\"Identifier\","
	    "\"name\":\"b\"},\"right\":{\"type\":\"Literal\",\"value\":2}},{"
	    "\"type\":\"RestElement\",\"argument\":{\"type\":\"Identifier\","
	    "\"name\":\"c\"}}]},\"init\":{\"type\":\"Identifier\",\"name\":"
	    "\"d\"}}],\"kind\":\"let\"}" },
	{ K_STMT, "const {a, b: {c}, ...d} = e",
	    "{\"type\":\"VariableDeclaration\",\"declarations\":[{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"ObjectPattern\","
	    "\"properties\":[{\"type\":\"Property\",\"shorthand\":true,\"key\":"
	    "{\"type\":\"Identifier\",\"name\":\"a\"},\"value\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},\"kind\":\"init\"},{\"type\":"
	    "\"Property\",\"key\":{\"type\":\"Identifier\",\"name\":\"b\"},"
	    "\"value\":{\"type\":\"ObjectPattern\",\"properties\":[{\"type\":"
	    "\"Property\",\"shorthand\":true,\"key\":{\"type\":\"Identifier\","
	    "\"name\":\"c\"},\"value\":{\"type\":\"Identifier\",\"name\":\"c\"}"
	    ",\"kind\":\"init\"}]},\"kind\":\"init\"},{\"type\":"
	    "\"RestElement\",\"argument\":{\"type\":\"Identifier\",\"name\":"
	    "\"d\"}}]},\"init\":{\"type\":\"Identifier\",\"name\":\"e\"}}],"
	    "\"kind\":\"const\"}" },
	{ K_STMT, "if (a) b; else c",
	    "{\"type\":\"IfStatement\",\"test\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"},\"consequent\":{\"type\":\"ExpressionStatement\","
	    "\"expression\":{\"type\":\"Identifier\",\"name\":\"b\"}},"
	    "\"alternate\":{\"type\":\"ExpressionStatement\",\"expression\":{"
	    "\"type\":\"Identifier\",\"name\":\"c\"}}}" },
	{ K_STMT, "for (;;) {}",
	    "{\"type\":\"ForStatement\",\"body\":{\"type\":\"BlockStatement\"}"
	    "}" },
	{ K_STMT, "for (let i = 0, j; i < 1; i++) {}",
	    "{\"type\":\"ForStatement\",\"init\":{\"type\":"
	    "\"VariableDeclaration\",\"declarations\":[{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"i\"},\"init\":{\"type\":\"Literal\",\"value\":0}},{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"j\"}}],\"kind\":\"let\"},\"test\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"i\"},\"operator\":\"<\",\"right\":{\"type\":\"Literal\","
	    "\"value\":1}},\"update\":{\"type\":\"UpdateExpression\","
	    "\"operator\":\"++\",\"argument\":{\"type\":\"Identifier\","
	    "\"name\":\"i\"}},\"body\":{\"type\":\"BlockStatement\"}}" },
	{ K_STMT, "for (const k in o) ;",
	    "{\"type\":\"ForInStatement\",\"left\":{\"type\":"
	    "\"VariableDeclaration\",\"declarations\":[{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"k\"}}],\"kind\":\"const\"},\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"o\"},\"body\":{\"type\":\"EmptyStatement\"}}" },
	{ K_STMT, "for (x of y) ;",
	    "{\"type\":\"ForOfStatement\",\"left\":{\"type\":\"Identifier\","
	    "\"name\":\"x\"},\"right\":{\"type\":\"Identifier\",\"name\":\"y\"}"
	    ",\"body\":{\"type\":\"EmptyStatement\"}}" },
	{ K_STMT, "for ([a, b] of c) ;",
	    "{\"type\":\"ForOfStatement\",\"left\":{\"type\":\"ArrayPattern\","
	    "\"elements\":[{\"type\":\"Identifier\",\"name\":\"a\"},{\"type\":"
	    "\"Identifier\",\"name\":\"b\"}]},\"right\":{\"type\":"
	    "\"Identifier\",\"name\":\"c\"},\"body\":{\"type\":"
	    "\"EmptyStatement\"}}" },
	{ K_STMT, "for (var i = 0 in o) ;",
	    "{\"type\":\"ForInStatement\",\"left\":{\"type\":"
	    "\"VariableDeclaration\",\"declarations\":[{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"i\"},\"init\":{\"type\":\"Literal\",\"value\":0}}],\"kind\":"
	    "\"var\"},\"right\":{\"type\":\"Identifier\",\"name\":\"o\"},"
	    "\"body\":{\"type\":\"EmptyStatement\"}}" },
	{ K_STMT, "while (a) break",
	    "{\"type\":\"WhileStatement\",\"test\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"},\"body\":{\"type\":\"BreakStatement\"}}" },
	{ K_STMT, "do a(); while (b) c()",
	    "[{\"type\":\"DoWhileStatement\",\"body\":{\"type\":"
	    "\"ExpressionStatement\",\"expression\":{\"type\":"
	    "\"CallExpression\",\"callee\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"}}},\"test\":{\"type\":\"Identifier\",\"name\":\"b\"}},{"
	    "\"type\":\"ExpressionStatement\",\"expression\":{\"type\":"
	    "\"CallExpression\",\"callee\":{\"type\":\"Identifier\",\"name\":"
	    "\"c\"}}}]" },
	{ K_STMT, "l: for (;;) { continue l; }",
	    "{\"type\":\"LabeledStatement\",\"label\":{\"type\":\"Identifier\","
	    "\"name\":\"l\"},\"body\":{\"type\":\"ForStatement\",\"body\":{"
	    "\"type\":\"BlockStatement\",\"body\":[{\"type\":"
	    "\"ContinueStatement\",\"label\":{\"type\":\"Identifier\",\"name\":"
	    "\"l\"}}]}}}" },
	{ K_STMT, "a: b: while (1) continue a",
	    "{\"type\":\"LabeledStatement\",\"label\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"},\"body\":{\"type\":\"LabeledStatement\",\"label\":"
	    "{\"type\":\"Identifier\",\"name\":\"b\"},\"body\":{\"type\":"
	    "\"WhileStatement\",\"test\":{\"type\":\"Literal\",\"value\":1},"
	    "\"body\":{\"type\":\"ContinueStatement\",\"label\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"}}}}}" },
	{ K_STMT, "switch (a) { case 1: b(); break; default: c() }",
	    "{\"type\":\"SwitchStatement\",\"discriminant\":{\"type\":"
	    "\"Identifier\",\"name\":\"a\"},\"cases\":[{\"type\":"
	    "\"SwitchCase\",\"test\":{\"type\":\"Literal\",\"value\":1},"
	    "\"consequent\":[{\"type\":\"ExpressionStatement\",\"expression\":{"
	    "\"type\":\"CallExpression\",\"callee\":{\"type\":\"Identifier\","
	    "\"name\":\"b\"}}},{\"type\":\"BreakStatement\"}]},{\"type\":"
	    "\"SwitchCase\",\"consequent\":[{\"type\":\"ExpressionStatement\","
	    "\"expression\":{\"type\":\"CallExpression\",\"callee\":{\"type\":"
	    "\"Identifier\",\"name\":\"c\"}}}]}]}" },
	{ K_STMT, "try { a } catch (e) { b } finally { c }",
	    "{\"type\":\"TryStatement\",\"block\":{\"type\":\"BlockStatement\","
	    "\"body\":[{\"type\":\"ExpressionStatement\",\"expression\":{"
	    "\"type\":\"Identifier\",\"name\":\"a\"}}]},\"handler\":{\"type\":"
	    "\"CatchClause\",\"param\":{\"type\":\"Identifier\",\"name\":\"e\"}"
	    ",\"body\":{\"type\":\"BlockStatement\",\"body\":[{\"type\":"
	    "\"ExpressionStatement\",\"expression\":{\"type\":\"Identifier\","
	    "\"name\":\"b\"}}]}},\"finalizer\":{\"type\":\"BlockStatement\","
	    "\"body\":[{\"type\":\"ExpressionStatement\",\"expression\":{"
	    "\"type\":\"Identifier\",\"name\":\"c\"}}]}}" },
	{ K_STMT, "try { a } catch { b }",
	    "{\"type\":\"TryStatement\",\"block\":{\"type\":\"BlockStatement\","
	    "\"body\":[{\"type\":\"ExpressionStatement\",\"expression\":{"
	    "\"type\":\"Identifier\",\"name\":\"a\"}}]},\"handler\":{\"type\":"
	    "\"CatchClause\",\"body\":{\"type\":\"BlockStatement\",\"body\":[{"
	    "\"type\":\"ExpressionStatement\",\"expression\":{\"type\":"
	    "\"Identifier\",\"name\":\"b\"}}]}}}" },
	{ K_STMT, "try {} catch ({message}) {}",
	    "{\"type\":\"TryStatement\",\"block\":{\"type\":\"BlockStatement\"}"
	    ",\"handler\":{\"type\":\"CatchClause\",\"param\":{\"type\":"
	    "\"ObjectPattern\",\"properties\":[{\"type\":\"Property\","
	    "\"shorthand\":true,\"key\":{\"type\":\"Identifier\",\"name\":"
	    "\"message\"},\"value\":{\"type\":\"Identifier\",\"name\":"
	    "\"message\"},\"kind\":\"init\"}]},\"body\":{\"type\":"
	    "\"BlockStatement\"}}}" },
	{ K_STMT, "throw new Error(\"x\")",
	    "{\"type\":\"ThrowStatement\",\"argument\":{\"type\":"
	    "\"NewExpression\",\"callee\":{\"type\":\"Identifier\",\"name\":"
	    "\"Error\"},\"arguments\":[{\"type\":\"Literal\",\"value\":\"x\"}]}"
	    "}" },
	{ K_STMT, "function f(a, b = 1, ...c) { return a }",
	    "{\"type\":\"FunctionDeclaration\",\"id\":{\"type\":\"Identifier\","
	    "\"name\":\"f\"},\"params\":[{\"type\":\"Identifier\",\"name\":"
	    "\"a\"},{\"type\":\"AssignmentPattern\",\"left\":{\"type\":"
	    "\"Identifier\",\"name\":\"b\"},\"right\":{\"type\":\"Literal\","
	    "\"value\":1}},{\"type\":\"RestElement\",\"argument\":{\"type\":"
	    "\"Identifier\",\"name\":\"c\"}}],\"body\":{\"type\":"
	    "\"BlockStatement\",\"body\":[{\"type\":\"ReturnStatement\","
	    "\"argument\":{\"type\":\"Identifier\",\"name\":\"a\"}}]}}" },
	{ K_STMT, "function f() { return\na }",
	    "{\"type\":\"FunctionDeclaration\",\"id\":{\"type\":\"Identifier\","
	    "\"name\":\"f\"},\"body\":{\"type\":\"BlockStatement\",\"body\":[{"
	    "\"type\":\"ReturnStatement\"},{\"type\":\"ExpressionStatement\","
	    "\"expression\":{\"type\":\"Identifier\",\"name\":\"a\"}}]}}" },
	{ K_STMT, "async function f() { await a }",
	    "{\"type\":\"FunctionDeclaration\",\"id\":{\"type\":\"Identifier\","
	    "\"name\":\"f\"},\"async\":true,\"body\":{\"type\":"
	    "\"BlockStatement\",\"body\":[{\"type\":\"ExpressionStatement\","
	    "\"expression\":{\"type\":\"AwaitExpression\",\"argument\":{"
	    "\"type\":\"Identifier\",\"name\":\"a\"}}}]}}" },
	{ K_STMT, "function* g() { yield a }",
	    "{\"type\":\"FunctionDeclaration\",\"id\":{\"type\":\"Identifier\","
	    "\"name\":\"g\"},\"generator\":true,\"body\":{\"type\":"
	    "\"BlockStatement\",\"body\":[{\"type\":\"ExpressionStatement\","
	    "\"expression\":{\"type\":\"YieldExpression\",\"argument\":{"
	    "\"type\":\"Identifier\",\"name\":\"a\"}}}]}}" },
	{ K_STMT, "class A extends B {}",
	    "{\"type\":\"ClassDeclaration\",\"id\":{\"type\":\"Identifier\","
	    "\"name\":\"A\"},\"superClass\":{\"type\":\"Identifier\",\"name\":"
	    "\"B\"},\"body\":{\"type\":\"ClassBody\"}}" },
	{ K_STMT, "label: function f() {}",
	    "{\"type\":\"LabeledStatement\",\"label\":{\"type\":\"Identifier\","
	    "\"name\":\"label\"},\"body\":{\"type\":\"FunctionDeclaration\","
	    "\"id\":{\"type\":\"Identifier\",\"name\":\"f\"},\"body\":{"
	    "\"type\":\"BlockStatement\"}}}" },
	{ K_STMT, "if (a) function f() {}",
	    "{\"type\":\"IfStatement\",\"test\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"},\"consequent\":{\"type\":\"FunctionDeclaration\","
	    "\"id\":{\"type\":\"Identifier\",\"name\":\"f\"},\"body\":{"
	    "\"type\":\"BlockStatement\"}}}" },
	{ K_STMT, "\"use strict\"; a",
	    "[{\"type\":\"ExpressionStatement\",\"expression\":{\"type\":"
	    "\"Literal\",\"value\":\"use strict\"},\"directive\":\"use "
	    "strict\"},{\"type\":\"ExpressionStatement\",\"expression\":{"
	    "\"type\":\"Identifier\",\"name\":\"a\"}}]" },
	{ K_STMT, "'use\\x20strict'",
	    "{\"type\":\"ExpressionStatement\",\"expression\":{\"type\":"
	    "\"Literal\",\"value\":\"use "
	    "strict\"},\"directive\":\"use\\\\x20strict\"}" },
	{ K_STMT, "debugger", "{\"type\":\"DebuggerStatement\"}" },
	{ K_STMT, "with (a) b",
	    "{\"type\":\"WithStatement\",\"object\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"},\"body\":{\"type\":\"ExpressionStatement\","
	    "\"expression\":{\"type\":\"Identifier\",\"name\":\"b\"}}}" },
	{ K_STMT, "{ let a; { let a; } }",
	    "{\"type\":\"BlockStatement\",\"body\":[{\"type\":"
	    "\"VariableDeclaration\",\"declarations\":[{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"}}],\"kind\":\"let\"},{\"type\":\"BlockStatement\",\"body\":["
	    "{\"type\":\"VariableDeclaration\",\"declarations\":[{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"}}],\"kind\":\"let\"}]}]}" },
	{ K_STMT, "var yield, async, await, let, of, get, set, static",
	    "{\"type\":\"VariableDeclaration\",\"declarations\":[{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"yield\"}},{\"type\":\"VariableDeclarator\",\"id\":{\"type\":"
	    "\"Identifier\",\"name\":\"async\"}},{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"await\"}},{\"type\":\"VariableDeclarator\",\"id\":{\"type\":"
	    "\"Identifier\",\"name\":\"let\"}},{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"of\"}},{\"type\":\"VariableDeclarator\",\"id\":{\"type\":"
	    "\"Identifier\",\"name\":\"get\"}},{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"set\"}},{\"type\":\"VariableDeclarator\",\"id\":{\"type\":"
	    "\"Identifier\",\"name\":\"static\"}}],\"kind\":\"var\"}" },
	{ K_STMT, "let\na = 1",
	    "{\"type\":\"VariableDeclaration\",\"declarations\":[{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"},\"init\":{\"type\":\"Literal\",\"value\":1}}],\"kind\":"
	    "\"let\"}" },
	{ K_STMT, "let in a",
	    "{\"type\":\"ExpressionStatement\",\"expression\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"let\"},\"operator\":\"in\",\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"}}}" },
	{ K_MODULE,
	    "import a, {b, c as d, \"e\" as f} from \"m\"; import * as ns from "
	    "\"n\"; import \"o\";",
	    "[{\"type\":\"ImportDeclaration\",\"specifiers\":[{\"type\":"
	    "\"ImportDefaultSpecifier\",\"local\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"}},{\"type\":\"ImportSpecifier\",\"imported\":{"
	    "\"type\":\"Identifier\",\"name\":\"b\"},\"local\":{\"type\":"
	    "\"Identifier\",\"name\":\"b\"}},{\"type\":\"ImportSpecifier\","
	    "\"imported\":{\"type\":\"Identifier\",\"name\":\"c\"},\"local\":{"
	    "\"type\":\"Identifier\",\"name\":\"d\"}},{\"type\":"
	    "\"ImportSpecifier\",\"imported\":{\"type\":\"Literal\",\"value\":"
	    "\"e\"},\"local\":{\"type\":\"Identifier\",\"name\":\"f\"}}],"
	    "\"source\":{\"type\":\"Literal\",\"value\":\"m\"}},{\"type\":"
	    "\"ImportDeclaration\",\"specifiers\":[{\"type\":"
	    "\"ImportNamespaceSpecifier\",\"local\":{\"type\":\"Identifier\","
	    "\"name\":\"ns\"}}],\"source\":{\"type\":\"Literal\",\"value\":"
	    "\"n\"}},{\"type\":\"ImportDeclaration\",\"source\":{\"type\":"
	    "\"Literal\",\"value\":\"o\"}}]" },
	{ K_MODULE,
	    "export {a, b as c, d as \"e\"}; export * from \"m\"; export * as "
	    "ns from \"n\"; export {x} from \"y\"; var a, b, d;",
	    "[{\"type\":\"ExportNamedDeclaration\",\"specifiers\":[{\"type\":"
	    "\"ExportSpecifier\",\"local\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"},\"exported\":{\"type\":\"Identifier\",\"name\":\"a\"}},{"
	    "\"type\":\"ExportSpecifier\",\"local\":{\"type\":\"Identifier\","
	    "\"name\":\"b\"},\"exported\":{\"type\":\"Identifier\",\"name\":"
	    "\"c\"}},{\"type\":\"ExportSpecifier\",\"local\":{\"type\":"
	    "\"Identifier\",\"name\":\"d\"},\"exported\":{\"type\":\"Literal\","
	    "\"value\":\"e\"}}]},{\"type\":\"ExportAllDeclaration\",\"source\":"
	    "{\"type\":\"Literal\",\"value\":\"m\"}},{\"type\":"
	    "\"ExportAllDeclaration\",\"exported\":{\"type\":\"Identifier\","
	    "\"name\":\"ns\"},\"source\":{\"type\":\"Literal\",\"value\":\"n\"}"
	    "},{\"type\":\"ExportNamedDeclaration\",\"specifiers\":[{\"type\":"
	    "\"ExportSpecifier\",\"local\":{\"type\":\"Identifier\",\"name\":"
	    "\"x\"},\"exported\":{\"type\":\"Identifier\",\"name\":\"x\"}}],"
	    "\"source\":{\"type\":\"Literal\",\"value\":\"y\"}},{\"type\":"
	    "\"VariableDeclaration\",\"declarations\":[{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"}},{\"type\":\"VariableDeclarator\",\"id\":{\"type\":"
	    "\"Identifier\",\"name\":\"b\"}},{\"type\":\"VariableDeclarator\","
	    "\"id\":{\"type\":\"Identifier\",\"name\":\"d\"}}],\"kind\":"
	    "\"var\"}]" },
	{ K_MODULE, "export default function () {}",
	    "[{\"type\":\"ExportDefaultDeclaration\",\"declaration\":{\"type\":"
	    "\"FunctionDeclaration\",\"body\":{\"type\":\"BlockStatement\"}}}"
	    "]" },
	{ K_MODULE, "export default class A {}",
	    "[{\"type\":\"ExportDefaultDeclaration\",\"declaration\":{\"type\":"
	    "\"ClassDeclaration\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"A\"},\"body\":{\"type\":\"ClassBody\"}}}]" },
	{ K_MODULE, "export default async function f() {}",
	    "[{\"type\":\"ExportDefaultDeclaration\",\"declaration\":{\"type\":"
	    "\"FunctionDeclaration\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"f\"},\"async\":true,\"body\":{\"type\":\"BlockStatement\"}}}]" },
	{ K_MODULE, "export default a + b;",
	    "[{\"type\":\"ExportDefaultDeclaration\",\"declaration\":{\"type\":"
	    "\"BinaryExpression\",\"left\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"},\"operator\":\"+\",\"right\":{\"type\":\"Identifier\","
	    "\"name\":\"b\"}}}]" },
	{ K_MODULE,
	    "export const a = 1; export function f() {} export class C {} "
	    "export let [b, c] = d;",
	    "[{\"type\":\"ExportNamedDeclaration\",\"declaration\":{\"type\":"
	    "\"VariableDeclaration\",\"declarations\":[{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"a\"},\"init\":{\"type\":\"Literal\",\"value\":1}}],\"kind\":"
	    "\"const\"}},{\"type\":\"ExportNamedDeclaration\",\"declaration\":{"
	    "\"type\":\"FunctionDeclaration\",\"id\":{\"type\":\"Identifier\","
	    "\"name\":\"f\"},\"body\":{\"type\":\"BlockStatement\"}}},{"
	    "\"type\":\"ExportNamedDeclaration\",\"declaration\":{\"type\":"
	    "\"ClassDeclaration\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"C\"},\"body\":{\"type\":\"ClassBody\"}}},{\"type\":"
	    "\"ExportNamedDeclaration\",\"declaration\":{\"type\":"
	    "\"VariableDeclaration\",\"declarations\":[{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"ArrayPattern\","
	    "\"elements\":[{\"type\":\"Identifier\",\"name\":\"b\"},{\"type\":"
	    "\"Identifier\",\"name\":\"c\"}]},\"init\":{\"type\":"
	    "\"Identifier\",\"name\":\"d\"}}],\"kind\":\"let\"}}]" },
	{ K_MODULE, "await a; import.meta.url;",
	    "[{\"type\":\"ExpressionStatement\",\"expression\":{\"type\":"
	    "\"AwaitExpression\",\"argument\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"}}},{\"type\":\"ExpressionStatement\","
	    "\"expression\":{\"type\":\"MemberExpression\",\"object\":{"
	    "\"type\":\"MetaProperty\",\"meta\":{\"type\":\"Identifier\","
	    "\"name\":\"import\"},\"property\":{\"type\":\"Identifier\","
	    "\"name\":\"meta\"}},\"property\":{\"type\":\"Identifier\","
	    "\"name\":\"url\"}}}]" },
	{ K_MODULE, "export async function f() {}",
	    "[{\"type\":\"ExportNamedDeclaration\",\"declaration\":{\"type\":"
	    "\"FunctionDeclaration\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"f\"},\"async\":true,\"body\":{\"type\":\"BlockStatement\"}}}]" },
	{ K_STMT, "for (;;) { break\nl }",
	    "{\"type\":\"ForStatement\",\"body\":{\"type\":\"BlockStatement\","
	    "\"body\":[{\"type\":\"BreakStatement\"},{\"type\":"
	    "\"ExpressionStatement\",\"expression\":{\"type\":\"Identifier\","
	    "\"name\":\"l\"}}]}}" },
	{ K_STMT, "a = b\n[c] = d",
	    "{\"type\":\"ExpressionStatement\",\"expression\":{\"type\":"
	    "\"AssignmentExpression\",\"left\":{\"type\":\"Identifier\","
	    "\"name\":\"a\"},\"operator\":\"=\",\"right\":{\"type\":"
	    "\"AssignmentExpression\",\"left\":{\"type\":\"MemberExpression\","
	    "\"object\":{\"type\":\"Identifier\",\"name\":\"b\"},\"property\":{"
	    "\"type\":\"Identifier\",\"name\":\"c\"},\"computed\":true},"
	    "\"operator\":\"=\",\"right\":{\"type\":\"Identifier\",\"name\":"
	    "\"d\"}}}}" },
	{ K_STMT, "i\n++\nj",
	    "[{\"type\":\"ExpressionStatement\",\"expression\":{\"type\":"
	    "\"Identifier\",\"name\":\"i\"}},{\"type\":\"ExpressionStatement\","
	    "\"expression\":{\"type\":\"UpdateExpression\",\"operator\":\"++\","
	    "\"prefix\":true,\"argument\":{\"type\":\"Identifier\",\"name\":"
	    "\"j\"}}}]" },
	{ K_STMT, "x\n`t`",
	    "{\"type\":\"ExpressionStatement\",\"expression\":{\"type\":"
	    "\"TaggedTemplateExpression\",\"tag\":{\"type\":\"Identifier\","
	    "\"name\":\"x\"},\"quasi\":{\"type\":\"TemplateLiteral\","
	    "\"quasis\":[{\"type\":\"TemplateElement\",\"value\":{\"raw\":"
	    "\"t\",\"cooked\":\"t\"},\"tail\":true}]}}}" },
	{ K_STMT, "var f = function () {}\n(1)",
	    "{\"type\":\"VariableDeclaration\",\"declarations\":[{\"type\":"
	    "\"VariableDeclarator\",\"id\":{\"type\":\"Identifier\",\"name\":"
	    "\"f\"},\"init\":{\"type\":\"CallExpression\",\"callee\":{\"type\":"
	    "\"FunctionExpression\",\"body\":{\"type\":\"BlockStatement\"}},"
	    "\"arguments\":[{\"type\":\"Literal\",\"value\":1}]}}],\"kind\":"
	    "\"var\"}" },
};

static const struct err_case err_cases[] = {
	{ 0, "import()", "Unexpected token ')'", 1, 8 },
	{ 0, "import.source", "Unexpected end of input", 1, 14 },
	{ 0, "import.sources(a)", "Unexpected identifier 'sources'", 1, 8 },
	{ 0, "new import.defer(a)", "Cannot use new with import", 1, 5 },
	{ 0, "import(a,,)", "Unexpected token ','", 1, 10 },
	{ 0, "import(a, b, c)", "Unexpected identifier 'c'", 1, 14 },
	{ 0, "import(a, b,,)", "Unexpected token ','", 1, 13 },
	{ 0, "({a:1} = x)", "Invalid destructuring assignment target", 1, 5 },
	{ 0, "[a, ...b,] = x", "Rest element must be last element", 1, 5 },
	{ 0, "({...a,} = x)", "Rest element must be last element", 1, 3 },
	{ 0, "a ?\? b || c",
	    "Cannot mix '?\?' with '||' or '&&' without parentheses", 1, 8 },
	{ 0, "a || b ?\? c",
	    "Cannot mix '?\?' with '||' or '&&' without parentheses", 1, 8 },
	{ 0, "a && b ?\? c",
	    "Cannot mix '?\?' with '||' or '&&' without parentheses", 1, 8 },
	{ 0, "-a ** b",
	    "Unary operator used immediately before exponentiation expression. "
	    "Parenthesis must be used to disambiguate operator precedence",
	    1, 4 },
	{ 0, "typeof a ** b",
	    "Unary operator used immediately before exponentiation expression. "
	    "Parenthesis must be used to disambiguate operator precedence",
	    1, 10 },
	{ 0, "let x; let x;", "Identifier 'x' has already been declared", 1,
	    12 },
	{ 0, "var x; let x;", "Identifier 'x' has already been declared", 1,
	    12 },
	{ 0, "let x; { var x; }", "Identifier 'x' has already been declared", 1,
	    14 },
	{ 0, "{ var x; } let x;", "Identifier 'x' has already been declared", 1,
	    16 },
	{ 0, "function f(a) { let a; }",
	    "Identifier 'a' has already been declared", 1, 21 },
	{ 0, "try {} catch (e) { let e; }",
	    "Identifier 'e' has already been declared", 1, 24 },
	{ 0, "const x;", "Missing initializer in const declaration", 1, 7 },
	{ 0, "const [a] = [1], b;", "Missing initializer in const declaration",
	    1, 18 },
	{ 0, "let [a];", "Missing initializer in destructuring declaration", 1,
	    5 },
	{ 0, "function f() { await x; }",
	    "await is only valid in async functions and the top level bodies "
	    "of modules",
	    1, 16 },
	{ 0, "\"use strict\"; var yield;",
	    "Unexpected strict mode reserved word", 1, 19 },
	{ 0, "function* g() { var yield; }", "Unexpected token 'yield'", 1,
	    21 },
	{ 0, "1 = 2", "Invalid left-hand side in assignment", 1, 1 },
	{ 0, "a + 1 = 2", "Invalid left-hand side in assignment", 1, 1 },
	{ 0, "a++ = 1", "Invalid left-hand side in assignment", 1, 1 },
	{ 0, "++a++", "Invalid left-hand side expression in prefix operation",
	    1, 3 },
	{ 0, "f() = 1", "Invalid left-hand side in assignment", 1, 1 },
	{ 0, "a?.b = 1", "Invalid left-hand side in assignment", 1, 1 },
	{ 0, "for (a() of b) ;", "Invalid left-hand side in for-of loop", 1,
	    6 },
	{ 0, "break foo;", "Undefined label 'foo'", 1, 7 },
	{ 0, "while (1) { continue foo; }", "Undefined label 'foo'", 1, 22 },
	{ 0, "foo: { continue foo; }",
	    "Illegal continue statement: 'foo' does not denote an iteration "
	    "statement",
	    1, 17 },
	{ 0, "break;", "Illegal break statement", 1, 1 },
	{ 0, "continue;",
	    "Illegal continue statement: no surrounding iteration statement", 1,
	    1 },
	{ 0, "return 1;", "Illegal return statement", 1, 1 },
	{ 0, "new.target", "new.target expression is not allowed here", 1, 1 },
	{ 0, "super.x", "'super' keyword unexpected here", 1, 1 },
	{ 0, "({ m() { super(); } })", "'super' keyword unexpected here", 1,
	    10 },
	{ 0, "class A { m() { super(); } }", "'super' keyword unexpected here",
	    1, 17 },
	{ 0, "function f() { super.x; }", "'super' keyword unexpected here", 1,
	    16 },
	{ 0, "({__proto__: 1, __proto__: 2})",
	    "Duplicate __proto__ fields are not allowed in object literals", 1,
	    17 },
	{ 0, "\"use strict\"; 010",
	    "Octal literals are not allowed in strict mode.", 1, 15 },
	{ 0, "\"use strict\"; 08",
	    "Decimals with leading zeros are not allowed in strict mode.", 1,
	    15 },
	{ 0, "\"use strict\"; \"\\07\"",
	    "Octal escape sequences are not allowed in strict mode.", 1, 15 },
	{ 0, "function f() { \"\\07\"; \"use strict\"; }",
	    "Octal escape sequences are not allowed in strict mode.", 1, 16 },
	{ 0, "\"use strict\"; delete x;",
	    "Delete of an unqualified identifier in strict mode.", 1, 15 },
	{ 0, "\"use strict\"; with (a) {}",
	    "Strict mode code may not include a with statement", 1, 15 },
	{ 0, "\"use strict\"; eval = 1;",
	    "Unexpected eval or arguments in strict mode", 1, 15 },
	{ 0, "\"use strict\"; function arguments() {}",
	    "Unexpected eval or arguments in strict mode", 1, 24 },
	{ 0, "'abc", "Unterminated string constant", 1, 1 },
	{ 0, "\"abc\ndef\"", "Unterminated string constant", 1, 1 },
	{ 0, "`abc", "Unterminated template", 1, 1 },
	{ 0, "`a${b`", "Unterminated template", 1, 6 },
	{ 0, "/abc/gg", "Invalid regular expression flags", 1, 1 },
	{ 0, "/abc/x", "Invalid regular expression flags", 1, 1 },
	{ 0, "/abc", "Invalid regular expression: missing /", 1, 1 },
	{ 0, "a = (1", "Unexpected end of input", 1, 7 },
	{ 0, "a = [1, 2", "Unexpected end of input", 1, 10 },
	{ 0, "x => {} ? 1 : 2", "Unexpected token '?'", 1, 9 },
	{ 0, "(a, b)\n=> 1", "Unexpected token '=>'", 2, 1 },
	{ 0, "for (let x of y, z) ;", "Unexpected token ','", 1, 16 },
	{ 0, "async function f() { let await; }", "Unexpected reserved word", 1,
	    26 },
	{ 0, "class A { #x; #x; }", "Identifier '#x' has already been declared",
	    1, 15 },
	{ 0, "class A { get #x() {} get #x() {} }",
	    "Identifier '#x' has already been declared", 1, 27 },
	{ 0, "this.#y",
	    "Private field '#y' must be declared in an enclosing class", 1, 6 },
	{ 0, "class A { m() { this.#z; } }",
	    "Private field '#z' must be declared in an enclosing class", 1,
	    22 },
	{ 0, "class A { constructor() {} constructor() {} }",
	    "A class may only have one constructor", 1, 28 },
	{ 0, "class A { get constructor() {} }",
	    "Class constructor may not be an accessor", 1, 15 },
	{ 0, "class A { static prototype() {} }",
	    "Classes may not have a static property named 'prototype'", 1, 18 },
	{ 0, "class A { constructor = 1 }",
	    "Classes may not have a field named 'constructor'", 1, 11 },
	{ 0, "let let = 1;", "let is disallowed as a lexically bound name", 1,
	    5 },
	{ 0, "({a = 1});", "Invalid shorthand property initializer", 1, 5 },
	{ 0, "f({a = 1});", "Invalid shorthand property initializer", 1, 6 },
	{ 0, "({a = 1}).b = 2;", "Invalid shorthand property initializer", 1,
	    5 },
	{ 0, "[({a})] = 1;", "Invalid destructuring assignment target", 1, 3 },
	{ 0, "({a}) = 1;", "Invalid left-hand side in assignment", 1, 2 },
	{ 0, "(a, a) => 1;",
	    "Duplicate parameter name not allowed in this context", 1, 5 },
	{ 0, "\"use strict\"; function f(a, a) {}",
	    "Duplicate parameter name not allowed in this context", 1, 29 },
	{ 0, "function f(a, [a]) {}",
	    "Duplicate parameter name not allowed in this context", 1, 16 },
	{ 0, "function f(a = 1) { \"use strict\"; }",
	    "Illegal 'use strict' directive in function with non-simple "
	    "parameter list",
	    1, 1 },
	{ 0, "\"use strict\"; var f = ([a]) => { \"use strict\"; };",
	    "Illegal 'use strict' directive in function with non-simple "
	    "parameter list",
	    1, 23 },
	{ 1, "async function f(...a) { \"use strict\"; }",
	    "Illegal 'use strict' directive in function with non-simple "
	    "parameter list",
	    1, 1 },
	{ 0, "async(a = (await) => {}) => {};",
	    "'await' is not a valid identifier here", 1, 12 },
	{ 0, "async(a = (...await) => {}) => {};",
	    "'await' is not a valid identifier here", 1, 15 },
	{ 0, "throw\nnew Error();", "Illegal newline after throw", 2, 1 },
	{ 0, "if (x) let y = 1;",
	    "Lexical declaration cannot appear in a single-statement context",
	    1, 8 },
	{ 0, "while (1) const y = 1;",
	    "Lexical declaration cannot appear in a single-statement context",
	    1, 11 },
	{ 0, "label: label: ;", "Label 'label' has already been declared", 1,
	    8 },
	{ 0, "try {}", "Missing catch or finally after try", 1, 7 },
	{ 0, "switch (x) { default: default: }",
	    "More than one default clause in switch statement", 1, 23 },
	{ 0, "x = { get a(b) {} };",
	    "Getter must not have any formal parameters.", 1, 12 },
	{ 0, "x = { set a() {} };",
	    "Setter must have exactly one formal parameter.", 1, 12 },
	{ 0, "x = { set a(...b) {} };",
	    "Setter function argument must not be a rest parameter", 1, 12 },
	{ 0, "import x from \"y\";",
	    "Cannot use import statement outside a module", 1, 1 },
	{ 0, "export default 1;", "Unexpected token 'export'", 1, 1 },
	{ 0, "import.meta", "Cannot use 'import.meta' outside a module", 1, 1 },
	{ 0, "0b12", "Invalid or unexpected token", 1, 4 },
	{ 0, "0x", "Invalid or unexpected token", 1, 1 },
	{ 0, "1__0", "Invalid numeric separator", 1, 2 },
	{ 0, "1_", "Invalid numeric separator", 1, 2 },
	{ 0, "0_1", "Numeric separator can not be used after leading 0.", 1,
	    2 },
	{ 0, "1.e", "Invalid or unexpected token", 1, 1 },
	{ 0, "3in x", "Invalid or unexpected token", 1, 2 },
	{ 0, "\"\\x4\"", "Invalid hexadecimal escape sequence", 1, 2 },
	{ 0, "`\\x4`", "Invalid escape sequence in template", 1, 1 },
	{ 0, "\"\\u{110000}\"", "Invalid Unicode escape sequence", 1, 2 },
	{ 0, "var \\u0069f = 1;", "Keyword must not contain escaped characters",
	    1, 5 },
	{ 0, "obj = {async *[x]}", "Unexpected token '}'", 1, 18 },
	{ 0, "for (const x = 1 of y) ;",
	    "for-of loop variable declaration may not have an initializer.", 1,
	    6 },
	{ 0, "for (let [a] = 1 in b) ;",
	    "for-in loop variable declaration may not have an initializer.", 1,
	    6 },
	{ 0, "class A extends B { x = super(); }",
	    "'super' keyword unexpected here", 1, 25 },
	{ 0, "function f() { class A { x = arguments; } }",
	    "'arguments' is not allowed in class field initializer or static "
	    "initialization block",
	    1, 30 },
	{ 0, "async (a = await 1) => a",
	    "await is only valid in async functions and the top level bodies "
	    "of modules",
	    1, 12 },
	{ 0, "function* g() { (a = yield) => 1 }",
	    "Yield expression not allowed in formal parameter", 1, 22 },
	{ 0, "async function* g() { (a = await 1) => 1 }",
	    "Illegal await-expression in formal parameters of async function",
	    1, 28 },
	{ 0, "({a() {}} = x)", "Invalid destructuring assignment target", 1,
	    3 },
	{ 0, "[...a = 1] = b", "Invalid destructuring assignment target", 1,
	    5 },
	{ 0, "({...{a}} = x)",
	    "`...` must be followed by an assignable reference in assignment "
	    "contexts",
	    1, 6 },
	{ 0, "let [a, a] = b;", "Identifier 'a' has already been declared", 1,
	    9 },
	{ 0, "a => { \"use strict\"; var a; } ; (b = 1) => { \"use strict\"; }",
	    "Illegal 'use strict' directive in function with non-simple "
	    "parameter list",
	    1, 33 },
	{ 0, "(...a, b) => 1", "Rest parameter must be last formal parameter",
	    1, 2 },
	{ 0, "(a, ...b,) => 1", "Rest parameter must be last formal parameter",
	    1, 5 },
	{ 0, "(...a)", "Unexpected token '...'", 1, 2 },
	{ 0, "()", "Unexpected token ')'", 1, 2 },
	{ 0, "async (...a, b) => 1",
	    "Rest parameter must be last formal parameter", 1, 8 },
	{ 0, "a\n=> 1", "Unexpected token '=>'", 2, 1 },
	{ 0, "async x\n=> 1", "Unexpected token '=>'", 2, 1 },
	{ 0, "new a?.b()", "Invalid optional chain from new expression", 1, 6 },
	{ 0, "a?.`x`", "Invalid tagged template on optional chain", 1, 4 },
	{ 0, "a?.b`x`", "Invalid tagged template on optional chain", 1, 5 },
	{ 0, "delete this.#x",
	    "Private field '#x' must be declared in an enclosing class", 1,
	    13 },
	{ 0, "class A { #x; m() { delete this.#x; } }",
	    "Private fields can not be deleted", 1, 33 },
	{ 0, "function* g() { yield\n* 1 }", "Unexpected token '*'", 2, 1 },
	{ 0, "x = {a b}", "Unexpected identifier 'b'", 1, 8 },
	{ 0, "@", "Invalid or unexpected token", 1, 1 },
	{ 0, "a #", "Invalid or unexpected token", 1, 3 },
	{ 0, "'\\u{1F600'", "Invalid Unicode escape sequence", 1, 2 },
	{ 0, "function f() { \"use strict\"; yield => 1 }",
	    "Unexpected strict mode reserved word", 1, 30 },
	{ 0, "if (1) class A {}", "Unexpected token 'class'", 1, 8 },
	{ 0, "for await (x of y) ;", "Unexpected reserved word", 1, 5 },
	{ 0, "async function f() { for await (x in y) ; }",
	    "Unexpected token 'in'", 1, 35 },
	{ 0, "async function f() { for await (;;) ; }", "Unexpected token ';'",
	    1, 33 },
	{ 0, "a = b ? c", "Unexpected end of input", 1, 10 },
	{ 0, "a.1", "Unexpected number", 1, 2 },
	{ 0, "new.foo", "Unexpected identifier 'foo'", 1, 5 },
	{ 0, "function f() { new.foo }", "Unexpected identifier 'foo'", 1, 20 },
	{ 0,
	    "(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("
	    "(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("
	    "(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("
	    "(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("
	    "(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("
	    "(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("
	    "((((((((((((((((((((((((((((((",
	    "Maximum nesting depth exceeded (400)", 1, 400 },
	{ 1, "export {a};", "Export 'a' is not defined in module", 1, 9 },
	{ 1, "export {x as y}; export {z as y}; var x, z;",
	    "Duplicate export of 'y'", 1, 31 },
	{ 1, "var await;", "Unexpected reserved word", 1, 5 },
	{ 1, "export default 1; export default 2;",
	    "Duplicate export of 'default'", 1, 26 },
	{ 1, "let a; import a from \"m\";",
	    "Identifier 'a' has already been declared", 1, 15 },
	{ 1, "export {default};", "Unexpected reserved word", 1, 9 },
	{ 1, "function f(){} function f(){}",
	    "Identifier 'f' has already been declared", 1, 25 },
	{ 1, "new.target", "new.target expression is not allowed here", 1, 1 },
	{ 1, "\"\\01\"",
	    "Octal escape sequences are not allowed in strict mode.", 1, 1 },
	{ 1, "with (a) {}", "Strict mode code may not include a with statement",
	    1, 1 },
	{ 1, "export { \"a\" };",
	    "A string literal cannot be used as an exported binding without "
	    "`from`",
	    1, 10 },
	{ 1, "import {a as \"b\"} from \"c\";", "Unexpected string", 1, 14 },
	{ 1, "if (1) { export var a; }", "Unexpected token 'export'", 1, 10 },
	{ 1, "if (1) { import \"a\"; }", "Unexpected token 'import'", 1, 10 },
};

#define NTREE (sizeof(tree_cases) / sizeof(tree_cases[0]))
#define NERR (sizeof(err_cases) / sizeof(err_cases[0]))

/* Parses src (a malloc'd copy of exactly its bytes, so reading past the
 * end shows under ASan). Returns the program or NULL. */
static struct ast_node *
parse(struct ast_arena *a, const char *src, size_t len, int module,
    struct parser_error *err)
{
	char *copy = malloc(len ? len : 1);
	struct ast_node *prog;

	ck_assert_ptr_nonnull(copy);
	memcpy(copy, src, len);
	prog =
	    parser_parse(a, copy, len, module ? AST_MODULE : AST_SCRIPT, err);
	free(copy);
	return prog;
}

START_TEST(test_trees)
{
	const struct tree_case *c = &tree_cases[_i];
	struct ast_arena *a = ast_arena_new();
	struct parser_error err;
	struct ast_node *prog, *n;
	char *json;

	ck_assert_ptr_nonnull(a);
	prog = parse(a, c->src, strlen(c->src), c->kind == K_MODULE, &err);
	ck_assert_msg(prog != NULL, "%s: %s (%u:%u)", c->src, err.message,
	    err.line, err.col);
	if (c->kind == K_EXPR) {
		n = prog->list_body.items[0];
		ck_assert_int_eq(n->kind, AST_EXPRESSION_STATEMENT);
		json = ast_dump(n->expression, AST_DUMP_COMPACT, NULL);
	} else if (c->kind == K_STMT && prog->list_body.len == 1) {
		json =
		    ast_dump(prog->list_body.items[0], AST_DUMP_COMPACT, NULL);
	} else {
		/* The body list alone: dump the program and cut it out. */
		char *all = ast_dump(prog, AST_DUMP_COMPACT, NULL);
		char *b;

		ck_assert_ptr_nonnull(all);
		b = strstr(all, "\"body\":");
		ck_assert_ptr_nonnull(b);
		json = strdup(b + 7);
		json[strlen(json) - 1] = '\0';
		free(all);
	}
	ck_assert_ptr_nonnull(json);
	ck_assert_msg(strcmp(json, c->json) == 0, "%s:\n got %s\nwant %s",
	    c->src, json, c->json);
	free(json);
	ast_arena_free(a);
}
END_TEST

START_TEST(test_errors)
{
	const struct err_case *c = &err_cases[_i];
	struct ast_arena *a = ast_arena_new();
	struct parser_error err;
	struct ast_node *prog;

	prog = parse(a, c->src, strlen(c->src), c->module, &err);
	ck_assert_msg(prog == NULL, "%s: parsed", c->src);
	ck_assert_msg(strcmp(err.message, c->msg) == 0 && err.line == c->line &&
		err.col == c->col,
	    "%s:\n got %s (%u:%u)\nwant %s (%u:%u)", c->src, err.message,
	    err.line, err.col, c->msg, c->line, c->col);
	ast_arena_free(a);
}
END_TEST

/* Parses one script and returns the first statement. */
static struct ast_node *
first_stmt(struct ast_arena *a, const char *src)
{
	struct parser_error err;
	struct ast_node *prog = parse(a, src, strlen(src), 0, &err);

	ck_assert_msg(prog != NULL, "%s: %s", src, err.message);
	ck_assert_uint_ge(prog->list_body.len, 1);
	return prog->list_body.items[0];
}

START_TEST(test_positions)
{
	struct ast_arena *a = ast_arena_new();
	struct parser_error err;
	struct ast_node *prog, *s, *e;
	/* "é" is 2 bytes, 1 UTF-16 unit; "😀" is 4 bytes, 2 units. */
	const char *src = "x;\n  'é😀' + yy;\r\nzz\u2028w";

	prog = parse(a, src, strlen(src), 0, &err);
	ck_assert_ptr_nonnull(prog);
	ck_assert_uint_eq(prog->list_body.len, 4);
	s = prog->list_body.items[1];
	ck_assert_uint_eq(s->line, 2);
	ck_assert_uint_eq(s->col, 3);
	e = s->expression->right;
	ck_assert_str_eq(e->name.s, "yy");
	ck_assert_uint_eq(e->line, 2);
	ck_assert_uint_eq(e->col, 11);
	ck_assert_uint_eq(e->start, 16);
	ck_assert_uint_eq(e->end, 18);
	s = prog->list_body.items[2];
	ck_assert_uint_eq(s->line, 3);
	ck_assert_uint_eq(s->col, 1);
	s = prog->list_body.items[3];
	ck_assert_uint_eq(s->line, 4);
	ck_assert_uint_eq(s->col, 1);
	ast_arena_free(a);

	/* An error after a non-ASCII string counts UTF-16 units. */
	a = ast_arena_new();
	src = "'😀😀' )";
	ck_assert_ptr_null(parse(a, src, strlen(src), 0, &err));
	ck_assert_str_eq(err.message, "Unexpected token ')'");
	ck_assert_uint_eq(err.line, 1);
	ck_assert_uint_eq(err.col, 8);
	ast_arena_free(a);
}
END_TEST

START_TEST(test_strings)
{
	struct ast_arena *a = ast_arena_new();
	struct ast_node *e;

	/* A lone surrogate is kept as 3-byte CESU-8; a pair joins. */
	e = first_stmt(a, "'\\ud800\\ud83d\\ude00\\u{10FFFF}'")->expression;
	ck_assert_int_eq(e->literal_kind, AST_LIT_STRING);
	ck_assert_uint_eq(e->str.len, 11);
	ck_assert_mem_eq(
	    e->str.s, "\xED\xA0\x80\xF0\x9F\x98\x80\xF4\x8F\xBF\xBF", 11);
	/* Legacy octal escapes in sloppy code; line continuations vanish. */
	e = first_stmt(a, "'\\101\\0\\8\\\r\nz'")->expression;
	ck_assert_uint_eq(e->str.len, 4);
	ck_assert_mem_eq(e->str.s, "A\0008z", 4);
	ck_assert_str_eq(e->raw.s, "'\\101\\0\\8\\\r\nz'");
	/* Identifiers with escapes and non-ASCII letters. */
	e = first_stmt(a, "\\u{63}af\\u00e9 + ĳ_ü")->expression;
	ck_assert_str_eq(e->left->name.s, "caf\xC3\xA9");
	ck_assert_str_eq(e->right->name.s, "\xC4\xB3_\xC3\xBC");
	/* BigInt literals keep their digits. */
	e = first_stmt(a, "0x1_fn")->expression;
	ck_assert_int_eq(e->literal_kind, AST_LIT_BIGINT);
	ck_assert_str_eq(e->str.s, "0x1f");
	ck_assert_str_eq(e->raw.s, "0x1_fn");
	e = first_stmt(a, "1_000n")->expression;
	ck_assert_str_eq(e->str.s, "1000");
	/* Numbers. */
	e = first_stmt(a, "0.1e-2")->expression;
	ck_assert(e->num == 0.001);
	e = first_stmt(a, "0xFFFFFFFFFFFFF")->expression;
	ck_assert(e->num == 4503599627370495.0);
	ast_arena_free(a);
}
END_TEST

START_TEST(test_templates)
{
	struct ast_arena *a = ast_arena_new();
	struct ast_node *e, *q;

	/* Raw text normalises CRLF and CR to LF; cooked decodes escapes. */
	e = first_stmt(a, "`a\r\nb\rc\\n${x}\\u0041`")->expression;
	ck_assert_int_eq(e->kind, AST_TEMPLATE_LITERAL);
	ck_assert_uint_eq(e->quasis.len, 2);
	q = e->quasis.items[0];
	ck_assert_str_eq(q->raw.s, "a\nb\nc\\n");
	ck_assert_str_eq(q->cooked.s, "a\nb\nc\n");
	ck_assert(q->cooked_valid);
	ck_assert(!q->is_tail);
	q = e->quasis.items[1];
	ck_assert_str_eq(q->raw.s, "\\u0041");
	ck_assert_str_eq(q->cooked.s, "A");
	ck_assert(q->is_tail);
	ck_assert_uint_eq(q->start, 13);
	ck_assert_uint_eq(q->end, 19);
	/* A tagged template may hold an invalid escape: cooked is absent. */
	e = first_stmt(a, "tag`\\unicode and \\u{` + 1")->expression;
	q = e->left->quasi->quasis.items[0];
	ck_assert(!q->cooked_valid);
	ck_assert_ptr_null(q->cooked.s);
	ck_assert_str_eq(q->raw.s, "\\unicode and \\u{");
	ast_arena_free(a);
}
END_TEST

START_TEST(test_directives)
{
	struct ast_arena *a = ast_arena_new();
	struct parser_error err;
	struct ast_node *prog, *f;
	const char *src = "'use strict'; \"x\"; 'y' + 1; 'z';";

	prog = parse(a, src, strlen(src), 0, &err);
	ck_assert_ptr_nonnull(prog);
	ck_assert_str_eq(prog->list_body.items[0]->directive.s, "use strict");
	ck_assert_str_eq(prog->list_body.items[1]->directive.s, "x");
	ck_assert_ptr_null(prog->list_body.items[2]->directive.s);
	ck_assert_ptr_null(prog->list_body.items[3]->directive.s);
	/* The directive makes the function strict, not the script. */
	src = "function f() { 'use strict'; } with (a) {}";
	prog = parse(a, src, strlen(src), 0, &err);
	ck_assert_ptr_nonnull(prog);
	f = prog->list_body.items[0];
	ck_assert_str_eq(
	    f->body->list_body.items[0]->directive.s, "use strict");
	ast_arena_free(a);
}
END_TEST

START_TEST(test_limits)
{
	struct ast_arena *a = ast_arena_new();
	struct parser_error err;
	size_t n = 1000, i, len;
	char *src = malloc(8 * 20000 + 16);

	ck_assert_ptr_nonnull(src);
	/* 1000 nested parentheses: a SyntaxError, not a stack overflow. */
	for (i = 0; i < n; i++)
		src[i] = '(';
	src[n] = 'x';
	for (i = 0; i < n; i++)
		src[n + 1 + i] = ')';
	ck_assert_ptr_null(parse(a, src, 2 * n + 1, 0, &err));
	ck_assert_str_eq(err.message, "Maximum nesting depth exceeded (400)");
	ck_assert_uint_eq(err.line, 1);
	/* 300 nested parentheses, arrays and functions are fine. */
	for (i = 0; i < 300; i++)
		src[i] = '[';
	for (i = 0; i < 300; i++)
		src[300 + i] = ']';
	ck_assert_ptr_nonnull(parse(a, src, 600, 0, &err));
	len = 0;
	for (i = 0; i < 100; i++)
		len += (size_t)sprintf(src + len, "function f(){");
	for (i = 0; i < 100; i++)
		src[len++] = '}';
	ck_assert_ptr_nonnull(parse(a, src, len, 0, &err));
	/* A long chain is parsed iteratively, but the tree it makes is
	 * too high for the recursive passes after the parser. */
	len = 0;
	for (i = 0; i < 20000; i++)
		len += (size_t)sprintf(src + len, "a+");
	src[len++] = 'a';
	ck_assert_ptr_null(parse(a, src, len, 0, &err));
	ck_assert_str_eq(
	    err.message, "Expression nested too deeply (limit 2000)");
	/* Input that stops anywhere inside a token never reads past len
	 * (the copy in parse() is exactly len bytes, checked by ASan). */
	{
		const char *t = "x = `a${'b\\u{41}' + /re[/]/g}` + 0x1_0n /* c";
		size_t tl = strlen(t), k;

		for (k = 0; k <= tl; k++)
			(void)parse(a, t, k, 0, &err);
	}
	free(src);
	ast_arena_free(a);
}
END_TEST

START_TEST(test_names)
{
	ck_assert_str_eq(ast_kind_name(AST_ARROW_FUNCTION_EXPRESSION),
	    "ArrowFunctionExpression");
	ck_assert_str_eq(
	    ast_kind_name(AST_EXPORT_ALL_DECLARATION), "ExportAllDeclaration");
	ck_assert_str_eq(ast_kind_name(AST_KIND_COUNT), "Unknown");
	ck_assert_str_eq(ast_op_text(AST_OP_NULLISH_ASSIGN), "?\?=");
	ck_assert_str_eq(ast_op_text(AST_OP_TYPEOF), "typeof");
	ck_assert_str_eq(ast_op_text(AST_OP_EXP), "**");
	ck_assert_str_eq(ast_op_text(AST_OP_USHR_ASSIGN), ">>>=");
}
END_TEST

/* Reports the speed on ordinary code (printed, not asserted): the first
 * parse of 256 KB, which faults its tree's memory in, and the best of the
 * next four, which reuse the arena chunks the first one freed. */
START_TEST(test_speed)
{
	static const char chunk[] =
	    "{ function add(a, b = 1, ...rest) {\n"
	    "  const {x, y: [z] = []} = a ?? {};\n"
	    "  for (let i = 0; i < rest.length; i++) { b += rest[i] * 2; }\n"
	    "  return `sum=${a + b}` + String(x?.y ?? z);\n"
	    "}\n"
	    "class Point extends Base { #x = 0; static count = 0;\n"
	    "  constructor(x) { super(); this.#x = x; }\n"
	    "  get x() { return this.#x; } async *walk() { yield* [1, 2]; }\n"
	    "}\n"
	    "const items = [1, 2, 3].map((v) => v * 2).filter(v => v > 2);\n"
	    "if (items.length > 1 && /ab+c/i.test('abbc')) { "
	    "console.log(items); } }\n";
	size_t reps = 256 * 1024 / (sizeof(chunk) - 1), i;
	size_t len = reps * (sizeof(chunk) - 1);
	char *src = malloc(len);
	struct parser_error err;
	struct timespec t0, t1;
	double secs, first = 0, best = 0;
	int round;

	ck_assert_ptr_nonnull(src);
	for (i = 0; i < reps; i++)
		memcpy(src + i * (sizeof(chunk) - 1), chunk, sizeof(chunk) - 1);
	for (round = 0; round < 5; round++) {
		struct ast_arena *a = ast_arena_new();

		clock_gettime(CLOCK_MONOTONIC, &t0);
		ck_assert_msg(
		    parser_parse(a, src, len, AST_SCRIPT, &err) != NULL,
		    "%s (%u:%u)", err.message, err.line, err.col);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		ast_arena_free(a);
		secs = (double)(t1.tv_sec - t0.tv_sec) +
		    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
		if (round == 0)
			first = secs;
		else if (best == 0 || secs < best)
			best = secs;
	}
	fprintf(stderr,
	    "parser speed: %.2f MB: first %.1f MB/s, then %.1f MB/s\n",
	    (double)len / 1e6, (double)len / 1e6 / first,
	    (double)len / 1e6 / best);
	free(src);
}
END_TEST

static Suite *
parser_suite(void)
{
	Suite *s = suite_create("parser");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_trees, 0, (int)NTREE);
	tcase_add_loop_test(tc, test_errors, 0, (int)NERR);
	tcase_add_test(tc, test_positions);
	tcase_add_test(tc, test_strings);
	tcase_add_test(tc, test_templates);
	tcase_add_test(tc, test_directives);
	tcase_add_test(tc, test_limits);
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_speed);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(parser_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
