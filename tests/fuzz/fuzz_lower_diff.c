/*
 * Differential fuzz harness of the lowering: an ES5 program, run as it is
 * and as lower_source() writes it, must behave the same. The input bytes
 * drive a small ES5 grammar (so every input is a program, and a bounded
 * one: loops count to at most 3, function bodies hold no loops and call
 * only functions declared before them, so nothing recurses), which pushes
 * the values it computes onto `out`. Each form runs in a fresh heap (the
 * engine's heap put back to its frozen image: the prelude, the lowering's
 * helpers) under a 250 ms deadline and a 32 MB bound; then `out` and what
 * the program threw are written down as text. Different texts abort with
 * the program, its lowering and both outcomes. A form that timed out or
 * ran out of memory, or a program either side refuses to compile (our
 * parser and Duktape's may differ on a corner of ES5, and strict code
 * refuses what sloppy code takes), is not compared; but a lowering of a
 * program Duktape compiles must compile too (bar a RangeError, Duktape's
 * own bounds).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/lower.h"
#include "host/engine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* In `make check` (driver.c): 200 generated programs after the corpus,
 * not 20000: each runs two fresh heaps (about 15 ms, several times that
 * under ASan). */
extern const int fuzz_driver_random_runs;
const int fuzz_driver_random_runs = 200;

#define GEN_CAP 32768
#define GEN_MAX_STMTS 48
#define GEN_MAX_EXPR_DEPTH 5
#define GEN_MAX_BLOCK_DEPTH 4
#define GEN_MAX_FUNCS 4

struct gen {
	const uint8_t *p, *end;
	char buf[GEN_CAP];
	size_t len;
	int overflow;
	int strict;
	int depth; /* expression nesting */
	int blocks; /* statement nesting */
	int stmts; /* statements written */
	int loops; /* enclosing loops: break and continue are allowed */
	int labels; /* enclosing labelled loops */
	int in_fn; /* inside a function: return, its parameters */
	int callable; /* functions f0..f(callable-1) may be called here */
	int serial; /* loop and label names */
};

static unsigned
gen_byte(struct gen *g)
{
	return g->p < g->end ? *g->p++ : 0;
}

static void
gen_put(struct gen *g, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (g->overflow)
		return;
	va_start(ap, fmt);
	n = vsnprintf(g->buf + g->len, GEN_CAP - g->len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= GEN_CAP - g->len)
		g->overflow = 1;
	else
		g->len += (size_t)n;
}

#define GEN_PICK(g, table)                                                     \
	((table)[gen_byte(g) % (sizeof(table) / sizeof((table)[0]))])

/* Literals where the lowering respells: numbers in decimal, strings
 * re-quoted with ". No literal halfway between two doubles: Duktape's own
 * reading of one is off by an ulp (9007199254740993 gives ...994, where
 * the lowering's respelling gives the correctly rounded ...992). */
static const char *const gen_numbers[] = { "0", "1", "2", "3", "10", "0.1",
	"1.5", "1e21", "1e-7", "0x1F", "0XfF", ".5", "5.",
	"1.7976931348623157e308", "5e-324", "9007199254740992",
	"123456789012345680000", "0.000001", "1E3", "4294967295", "2147483648",
	"1e400", "0.30000000000000004", "1.0000000000000002", "0.1e1" };
static const char *const gen_strings[] = { "\"\"", "\"a\"", "'it\\'s'",
	"\"\\u00e9\"", "\"\\x41\"", "\"\\0\"", "\"a\\\nb\"", "\"\\u2028\"",
	"\"\\t\"", "'\"'", "\"\\\\\"", "\"\\b\\f\\v\"", "\"\\ud83d\\ude00\"",
	"\"\xc3\xa9\"", "\"\xf0\x9d\x92\xb3\"", "'\\''", "\"p\"", "\"q\"",
	"\"\\ud800\"", "\"\\r\\n\"", "\"\\/\"", "\"\\a\"", "\"</script>\"",
	"\"\\x7f\\x80\\xff\"", "\"10\"", "\"-0\"", "\"\\\r\n\"" };
/* As `new RegExp(pattern, flags)`, never as literals: the lowering sends a
 * literal to the runtime's RegExp (engine/regexp), where the program as
 * written would run Duktape's own, which the engine never exposes. */
static const char *const gen_regexps[] = { "\"a+b\", \"\"",
	"\"[a-z]+\", \"gi\"", "\"\\\\d{2,}\", \"\"", "'(a)|b', ''",
	"\"\\/\", \"g\"", "\"[/]\", \"\"", "\"\\u0041\", \"\"", "\"^$\", \"m\"",
	"\"a.b\", \"\"", "\"(?:x)*?\", \"\"", "\"[^\\\\]]\", \"\"",
	"\"\\bq\", \"\"", "\"(?=a)a\", \"g\"", "\"[\\u00e9-\\u00ff]\", \"i\"",
	"\"\\\\cJ\", \"\"", "\"]\", \"\"", "\"\\x41\\n\", \"\"" };
/* No `__proto__:` key: ES2015 made it set the prototype, which the
 * lowering does (__cm.setProto) and Duktape, reading ES5, does not. */
static const char *const gen_keys[] = { "p", "\"q\"", "1", "0x10", "1.5",
	"\"a b\"", "if", "get", "set", "1e3", ".5", "\"\"", "class", "'p'", "0",
	"new" };
static const char *const gen_props[] = { "p", "q", "v", "if", "length", "class",
	"w", "get", "new" };
static const char *const gen_binops[] = { "+", "-", "*", "/", "%", "<<", ">>",
	">>>", "<", ">", "<=", ">=", "==", "!=", "===", "!==", "&", "^", "|",
	"&&", "||", "in", "instanceof", "," };
static const char *const gen_unops[] = { "-", "+", "!", "~", "typeof ", "void ",
	"- -", "+ +", "-+", "!!" };
static const char *const gen_assignops[] = { "=",
	"+=", "-=", "*=", "/=", "%=", "<<=", ">>=", ">>>=", "&=", "^=", "|=" };
static const char *const gen_vars[] = { "a", "b", "c", "d", "o", "e" };
static const char *const gen_seps[] = { ";\n", ";", "\n", "; ", ";\n\n" };

/* The legacy octal forms, only in sloppy code (strict code refuses them). */
static const char *const gen_sloppy_numbers[] = { "017", "08", "09.5", "00",
	"010" };
static const char *const gen_sloppy_strings[] = { "\"\\101\"", "\"\\8\"",
	"'\\0101'", "\"\\377\"" };

static const char *
gen_number(struct gen *g)
{
	unsigned c = gen_byte(g);

	if (!g->strict && c % 8 == 0)
		return gen_sloppy_numbers[(c / 8) % 5];
	return gen_numbers[c % (sizeof(gen_numbers) / sizeof(gen_numbers[0]))];
}

static const char *
gen_string(struct gen *g)
{
	unsigned c = gen_byte(g);

	if (!g->strict && c % 8 == 0)
		return gen_sloppy_strings[(c / 8) % 4];
	return gen_strings[c % (sizeof(gen_strings) / sizeof(gen_strings[0]))];
}

static void gen_expr(struct gen *g);
static void gen_stmt(struct gen *g);

static void
gen_var(struct gen *g)
{
	unsigned c = gen_byte(g);

	if (g->in_fn && c % 4 == 0)
		gen_put(g, "%s", c & 4 ? "x" : "y");
	else
		gen_put(g, "%s", gen_vars[c % 6]);
}

static void
gen_lvalue(struct gen *g)
{
	switch (gen_byte(g) % 4) {
	case 0:
		gen_put(g, "o.%s", GEN_PICK(g, gen_props));
		break;
	case 1:
		gen_put(g, "o[");
		gen_expr(g);
		gen_put(g, "]");
		break;
	default:
		gen_var(g);
	}
}

static void
gen_object(struct gen *g)
{
	int i, n = (int)(gen_byte(g) % 4);

	gen_put(g, "{");
	for (i = 0; i < n; i++) {
		unsigned c = gen_byte(g);

		if (i > 0)
			gen_put(g, ", ");
		if (c % 8 == 0) {
			gen_put(g, "get %s() { return ", GEN_PICK(g, gen_keys));
			gen_expr(g);
			gen_put(g, "; }");
		} else if (c % 8 == 1)
			gen_put(g, "set %s(v) { this.w = v; }",
			    GEN_PICK(g, gen_keys));
		else {
			gen_put(g, "%s: ", GEN_PICK(g, gen_keys));
			gen_expr(g);
		}
	}
	gen_put(g, "%s}", gen_byte(g) % 5 == 0 && n > 0 ? "," : "");
}

static void
gen_expr(struct gen *g)
{
	unsigned c = gen_byte(g), k;

	if (g->depth >= GEN_MAX_EXPR_DEPTH || g->overflow)
		c %= 3;
	g->depth++;
	switch (c % 26) {
	case 0:
		gen_put(g, "%s", gen_number(g));
		break;
	case 1:
		gen_put(g, "%s", gen_string(g));
		break;
	case 2:
		gen_var(g);
		break;
	case 3:
		gen_put(g, "(%s ", GEN_PICK(g, gen_unops));
		gen_expr(g);
		gen_put(g, ")");
		break;
	case 4:
	case 5:
		gen_put(g, "(");
		gen_expr(g);
		gen_put(g, " %s ", GEN_PICK(g, gen_binops));
		gen_expr(g);
		gen_put(g, ")");
		break;
	case 6: /* no parentheses: the parse decides the precedence */
		gen_expr(g);
		gen_put(g, " %s ", GEN_PICK(g, gen_binops));
		gen_expr(g);
		break;
	case 7:
		gen_expr(g);
		gen_put(g, " ? ");
		gen_expr(g);
		gen_put(g, " : ");
		gen_expr(g);
		break;
	case 8:
		gen_put(g, "(");
		gen_lvalue(g);
		gen_put(g, " %s ", GEN_PICK(g, gen_assignops));
		gen_expr(g);
		gen_put(g, ")");
		break;
	case 9:
		k = gen_byte(g);
		gen_put(g, "(%s", k & 1 ? (k & 2 ? "++" : "--") : "");
		gen_lvalue(g);
		gen_put(g, "%s)", k & 1 ? "" : (k & 2 ? "++" : "--"));
		break;
	case 10:
		k = gen_byte(g) % 3;
		gen_put(g, "o");
		if (k == 0)
			gen_put(g, ".%s", GEN_PICK(g, gen_props));
		else if (k == 1)
			gen_put(g, "[%s]", gen_string(g));
		else {
			gen_put(g, "[");
			gen_expr(g);
			gen_put(g, "]");
		}
		break;
	case 11:
		if (g->callable == 0) {
			gen_put(g, "F.length");
			break;
		}
		gen_put(g, "f%u(", gen_byte(g) % (unsigned)g->callable);
		gen_expr(g);
		if (gen_byte(g) & 1) {
			gen_put(g, ", ");
			gen_expr(g);
		}
		gen_put(g, ")");
		break;
	case 12:
		gen_put(g, "(");
		gen_object(g);
		gen_put(g, ")");
		break;
	case 13:
		gen_put(g, "[");
		for (k = gen_byte(g) % 4; k > 0; k--) {
			if (gen_byte(g) % 4 != 0)
				gen_expr(g);
			gen_put(g, k > 1 ? ", " : "");
		}
		gen_put(g, "%s]", gen_byte(g) % 4 == 0 ? "," : "");
		break;
	case 14: /* a closure called on the spot: no loops, no recursion */
		k = (unsigned)g->in_fn;
		g->in_fn = 1;
		gen_put(g, "(function (x, y) { return ");
		gen_expr(g);
		gen_put(g, "; })(");
		g->in_fn = (int)k;
		gen_expr(g);
		gen_put(g, ")");
		break;
	case 15:
		k = gen_byte(g) % 4;
		if (k == 0)
			gen_put(g, "new RegExp(%s).test(",
			    GEN_PICK(g, gen_regexps));
		else if (k == 1)
			gen_put(g, "String(new RegExp(%s)",
			    GEN_PICK(g, gen_regexps));
		else if (k == 2)
			gen_put(g, "String(new RegExp(%s).exec(",
			    GEN_PICK(g, gen_regexps));
		else
			gen_put(g,
			    "String(\"aAb/]\\n\").replace(new RegExp(%s), ",
			    GEN_PICK(g, gen_regexps));
		if (k != 1)
			gen_expr(g);
		gen_put(g, k == 2 ? "))" : ")");
		break;
	case 16:
		gen_put(g, "new F(");
		gen_expr(g);
		gen_put(g, ")");
		break;
	case 17:
		gen_put(g, "(");
		gen_expr(g);
		gen_put(g, ", ");
		gen_expr(g);
		gen_put(g, ")");
		break;
	case 18:
		gen_put(g, "(delete o.%s)", GEN_PICK(g, gen_props));
		break;
	case 19:
		gen_put(g, "(");
		gen_expr(g);
		gen_put(g, gen_byte(g) & 1 ? " in o)" : " instanceof F)");
		break;
	case 20:
		gen_put(g, "%s", g->in_fn ? "arguments.length" : "typeof this");
		break;
	case 21:
		gen_put(g, "JSON.stringify(");
		gen_expr(g);
		gen_put(g, ")");
		break;
	case 22:
		gen_put(g, "typeof %s", gen_byte(g) & 1 ? "zz" : "F");
		break;
	case 23:
		gen_put(g, "(");
		gen_expr(g);
		gen_put(g, ").toString(%u)", 2 + gen_byte(g) % 35);
		break;
	case 24:
		gen_put(g, "new Array(%u).join(", gen_byte(g) % 5);
		gen_expr(g);
		gen_put(g, ")");
		break;
	default:
		gen_put(g, "- ");
		gen_expr(g);
	}
	g->depth--;
}

/* `{ S... }` */
static void
gen_block(struct gen *g)
{
	unsigned n = gen_byte(g) % 4;

	gen_put(g, "{\n");
	g->blocks++;
	while (n-- > 0)
		gen_stmt(g);
	g->blocks--;
	gen_put(g, "}\n");
}

static void
gen_stmt(struct gen *g)
{
	unsigned c = gen_byte(g), k;
	int n, dflt = 0;

	if (++g->stmts > GEN_MAX_STMTS || g->blocks >= GEN_MAX_BLOCK_DEPTH ||
	    g->overflow)
		c = 0;
	switch (c % 18) {
	case 0:
		gen_put(g, "out.push(");
		gen_expr(g);
		gen_put(g, ")%s", GEN_PICK(g, gen_seps));
		break;
	case 1:
		gen_put(g, "var %s = ", gen_vars[gen_byte(g) % 4]);
		gen_expr(g);
		gen_put(g, "%s", GEN_PICK(g, gen_seps));
		break;
	case 2:
		gen_lvalue(g);
		gen_put(g, " %s ", GEN_PICK(g, gen_assignops));
		gen_expr(g);
		gen_put(g, "%s", GEN_PICK(g, gen_seps));
		break;
	case 3:
		gen_put(g, "if (");
		gen_expr(g);
		gen_put(g, ") ");
		gen_block(g);
		if (gen_byte(g) & 1) {
			gen_put(g, "else ");
			if (gen_byte(g) & 1)
				gen_stmt(g);
			else
				gen_block(g);
		}
		break;
	case 4: /* counted loops: the counter is no name an expression uses */
	case 5:
		if (g->in_fn)
			goto push;
		n = g->serial++;
		k = gen_byte(g) % 4;
		if (c % 18 == 4)
			gen_put(g, "for (var i%d = 0; i%d < %u; i%d++) ", n, n,
			    k, n);
		else
			gen_put(
			    g, "var w%d = 0;\nwhile (w%d++ < %u) ", n, n, k);
		g->loops++;
		gen_block(g);
		g->loops--;
		break;
	case 6:
		g->loops++;
		gen_put(g, "do ");
		gen_block(g);
		g->loops--;
		gen_put(g, "while (false)%s", GEN_PICK(g, gen_seps));
		break;
	case 7:
		if (g->in_fn)
			goto push;
		n = g->serial++;
		gen_put(g, "for (var k%d in o) {\nout.push(k%d);\n", n, n);
		g->loops++;
		gen_stmt(g);
		g->loops--;
		gen_put(g, "}\n");
		break;
	case 8:
		gen_put(g, "switch (");
		gen_expr(g);
		gen_put(g, ") {\n");
		for (k = gen_byte(g) % 4; k > 0; k--) {
			if (gen_byte(g) % 4 == 0 && !dflt++)
				gen_put(g, "default:\n");
			else
				gen_put(g, "case %s:\n", gen_number(g));
			g->blocks++;
			gen_stmt(g);
			g->blocks--;
			if (gen_byte(g) & 1)
				gen_put(g, "break;\n");
		}
		gen_put(g, "}\n");
		break;
	case 9:
		gen_put(g, "try ");
		gen_block(g);
		k = gen_byte(g) % 3;
		if (k != 1) {
			gen_put(g, "catch (err) {\nout.push(String(err));\n");
			g->blocks++;
			gen_stmt(g);
			g->blocks--;
			gen_put(g, "}\n");
		}
		if (k != 0) {
			gen_put(g, "finally ");
			gen_block(g);
		}
		break;
	case 10:
		gen_put(g, "throw ");
		gen_expr(g);
		gen_put(g, "%s", GEN_PICK(g, gen_seps));
		break;
	case 11:
		if (g->in_fn)
			goto push;
		n = g->serial++;
		k = gen_byte(g) % 4;
		gen_put(g, "L%d: for (var j%d = 0; j%d < %u; j%d++) {\n", n, n,
		    n, k, n);
		g->loops++;
		g->labels++;
		gen_stmt(g);
		gen_put(g, "if (");
		gen_expr(g);
		gen_put(g, ") %s L%d;\n",
		    gen_byte(g) & 1 ? "break" : "continue", n);
		gen_stmt(g);
		g->labels--;
		g->loops--;
		gen_put(g, "}\n");
		break;
	case 12:
		if (g->loops == 0)
			goto push;
		gen_put(g, "%s%s", gen_byte(g) & 1 ? "break" : "continue",
		    GEN_PICK(g, gen_seps));
		break;
	case 13:
		if (g->strict)
			goto push;
		gen_put(g, "with (o) ");
		gen_block(g);
		break;
	case 14:
		if (!g->in_fn)
			goto push;
		gen_put(g, "return ");
		gen_expr(g);
		gen_put(g, "%s", GEN_PICK(g, gen_seps));
		break;
	case 15:
		gen_block(g);
		break;
	case 16:
		gen_put(g, ";\n");
		break;
	default:
	push:
		gen_put(g, "out.push(");
		gen_expr(g);
		gen_put(g, ");\n");
	}
}

/* The whole program; its length, or 0 when it did not fit. */
static size_t
gen_program(struct gen *g, const uint8_t *data, size_t size)
{
	unsigned i, nf;

	memset(g, 0, sizeof(*g));
	g->p = data;
	g->end = data + size;
	g->strict = gen_byte(g) & 1;
	gen_put(g, "%svar out = [];\n", g->strict ? "\"use strict\";\n" : "");
	gen_put(g,
	    "var a = 1, b = \"s\", c = null, d, "
	    "o = { p: 1, q: \"x\", r: [1, 2] }, e = [3, \"4\"];\n");
	gen_put(g, "function F(v) { this.v = v; }\n");
	nf = gen_byte(g) % (GEN_MAX_FUNCS + 1);
	for (i = 0; i < nf; i++) {
		gen_put(g, "function f%u(x, y) {\n", i);
		g->in_fn = 1;
		g->callable = (int)i;
		gen_stmt(g);
		gen_stmt(g);
		gen_put(g, "return ");
		gen_expr(g);
		gen_put(g, ";\n}\n");
	}
	g->in_fn = 0;
	g->callable = (int)nf;
	while (g->p < g->end && !g->overflow)
		gen_stmt(g);
	return g->overflow ? 0 : g->len;
}

/* Writes `out` and the exception down, as text neither form can fake. */
static const char fuzz_report[] =
    "(function () { var s = [], i, v, t;"
    " for (i = 0; i < out.length; i++) { v = out[i];"
    " try { t = typeof v === \"number\" && v === 0 && 1 / v < 0 ? \"-0\""
    " : typeof v + \":\" + String(v); } catch (x) { t = \"!\" + x.name; }"
    " s.push(t); } return s.join(\"|\"); })()";

enum fuzz_outcome { FUZZ_RAN, FUZZ_NOCOMPILE, FUZZ_BOUND };

static struct engine *fuzz_engine;

/* FUZZ_STATS=1 in the environment: how many inputs were compared. */
static unsigned long fuzz_programs, fuzz_lowered, fuzz_compared;

static void
fuzz_stats(void)
{
	fprintf(stderr,
	    "fuzz_lower_diff: %lu programs, %lu lowered, %lu compared\n",
	    fuzz_programs, fuzz_lowered, fuzz_compared);
}

struct fuzz_form {
	const char *code;
	size_t len;
};

/* [ ] -> [ "threw?|exception|out" ] */
static duk_ret_t
fuzz_run(duk_context *ctx, void *udata)
{
	struct fuzz_form *f = udata;

	duk_push_lstring(ctx, f->code, f->len);
	duk_push_string(ctx, "input");
	duk_compile(ctx, 0);
	duk_push_global_object(ctx);
	if (duk_pcall_method(ctx, 0) != DUK_EXEC_SUCCESS) {
		duk_push_string(ctx, "threw ");
		duk_dup(ctx, -2);
		duk_safe_to_string(ctx, -1);
	} else
		duk_push_string(ctx, "ok");
	if (duk_peval_string(ctx, fuzz_report) != DUK_EXEC_SUCCESS)
		duk_push_string(ctx, "(no report)");
	duk_safe_to_string(ctx, -1);
	duk_concat(ctx, duk_get_top(ctx) - 1);
	return 1;
}

static enum fuzz_outcome
fuzz_form(const char *code, size_t len, char **text)
{
	struct fuzz_form f = { code, len };
	duk_context *ctx = engine_context(fuzz_engine);
	int rc;

	*text = NULL;
	if (engine_reset(fuzz_engine) != 0 ||
	    engine_configure(fuzz_engine, 32u << 20, 0, NULL, NULL) != 0)
		abort();
	engine_arm_deadline(fuzz_engine, 250);
	/* compile first, alone: a program Duktape refuses is not compared */
	if (duk_pcompile_lstring(ctx, 0, code, len) != 0) {
		*text = strdup(duk_safe_to_string(ctx, -1));
		duk_pop(ctx);
		return FUZZ_NOCOMPILE;
	}
	duk_pop(ctx);
	rc = duk_safe_call(ctx, fuzz_run, &f, 0, 1);
	if (engine_stopped(fuzz_engine)) {
		duk_pop(ctx);
		return FUZZ_BOUND;
	}
	if (rc != DUK_EXEC_SUCCESS) {
		/* an error outside the program (the report's own) */
		duk_pop(ctx);
		return FUZZ_BOUND;
	}
	*text = strdup(duk_get_string(ctx, -1));
	duk_pop(ctx);
	return *text != NULL ? FUZZ_RAN : FUZZ_BOUND;
}

static void
fuzz_init(void)
{
	struct engine_options eo;
	char err[256];

	memset(&eo, 0, sizeof(eo));
	if ((fuzz_engine = engine_create(&eo, err, sizeof(err))) == NULL ||
	    engine_freeze(fuzz_engine) != 0) {
		fprintf(stderr, "fuzz_lower_diff: no engine: %s\n", err);
		abort();
	}
	if (getenv("FUZZ_STATS") != NULL)
		atexit(fuzz_stats);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct gen g;
	struct lower_result lr;
	char *as_is = NULL, *lowered = NULL;
	size_t len;
	int rc;

	if (fuzz_engine == NULL)
		fuzz_init();
	if ((len = gen_program(&g, data, size)) == 0)
		return 0;
	fuzz_programs++;
	memset(&lr, 0, sizeof(lr));
	if (lower_source(g.buf, len, LOWER_SCRIPT, &lr) != 0) {
		if (getenv("FUZZ_STATS") != NULL && fuzz_programs % 97 == 0)
			fprintf(stderr, "not lowered: %s\n", lr.error);
		return 0;
	}
	fuzz_lowered++;
	if ((rc = fuzz_form(g.buf, len, &as_is)) != FUZZ_RAN) {
		if (getenv("FUZZ_STATS") != NULL && fuzz_programs % 7 == 0)
			fprintf(
			    stderr, "not run: %d %s\n", rc, as_is ? as_is : "");
		goto done;
	}
	switch (fuzz_form(lr.code, lr.code_len, &lowered)) {
	case FUZZ_RAN:
		fuzz_compared++;
		if (strcmp(as_is, lowered) == 0)
			break;
		fprintf(stderr,
		    "fuzz_lower_diff: the lowered program behaves otherwise\n"
		    "--- program\n%.*s\n--- lowered\n%s\n"
		    "--- as written\n%s\n--- lowered\n%s\n",
		    (int)len, g.buf, lr.code, as_is, lowered);
		abort();
	case FUZZ_NOCOMPILE:
		/* Duktape took the program but not its lowering: only its
		 * own bounds (a RangeError) may say so. */
		if (lowered != NULL && strncmp(lowered, "RangeError", 10) == 0)
			break;
		fprintf(stderr,
		    "fuzz_lower_diff: Duktape refuses the lowered program: %s\n"
		    "--- program\n%.*s\n--- lowered\n%s\n",
		    lowered ? lowered : "?", (int)len, g.buf, lr.code);
		abort();
	default:
		break;
	}
done:
	free(as_is);
	free(lowered);
	free(lr.code);
	return 0;
}
