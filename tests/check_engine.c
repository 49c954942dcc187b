/*
 * engine/host/engine.c (with boot.c and natives.c, driven by script.c): the
 * prelude loads, print works, the sticky deadline stops loops that
 * catch/finally cannot swallow, the metering allocator stops growth at its
 * limit.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "host/engine.h"
#include "run/script.h"
#include "support/test_engine.h"

static double
ms_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Runs src as a script on a fresh engine and checks what it printed. */
static void
expect_prints(const char *src, const char *want)
{
	struct capture c;
	struct engine *e = mk(&c, 10000, 0);
	char msg[256];

	ck_assert_int_eq(run(e, src, msg, sizeof(msg)), SCRIPT_OK);
	ck_assert_str_eq(c.buf, want);
	engine_destroy(e);
}

START_TEST(test_prelude_loads)
{
	struct capture c;
	struct engine *e = mk(&c, 0, 0);
	char msg[256];

	ck_assert_int_eq(
	    run(e,
		"print(typeof __cm, typeof __cm_native, typeof Duktape, "
		"typeof Promise, typeof setTimeout);",
		msg, sizeof(msg)),
	    SCRIPT_OK);
	ck_assert_str_eq(
	    c.buf, "object undefined undefined function function\n");
	/* A fresh heap with the runtime stays small. */
	ck_assert_uint_gt(engine_mem_live(e), 50000);
	ck_assert_uint_lt(engine_mem_peak(e), 4u << 20);
	engine_destroy(e);
}
END_TEST

START_TEST(test_print)
{
	struct capture c;
	struct engine *e = mk(&c, 0, 0);
	duk_context *ctx = engine_context(e);
	char msg[256];

	ck_assert_int_eq(run(e,
			     "print('a', 1, null, {}); console.log('b');"
			     "console.error('c'); print();",
			     msg, sizeof(msg)),
	    SCRIPT_OK);
	ck_assert_str_eq(c.buf, "a 1 null [object Object]\nb\nc\n\n");
	/* The natives the prelude captured: print to 1, printErr to 2. */
	c.len = 0;
	duk_push_global_stash(ctx);
	duk_get_prop_string(ctx, -1, "cm_native");
	duk_push_string(ctx, "print");
	duk_push_string(ctx, "x");
	ck_assert_int_eq(duk_pcall_prop(ctx, -3, 1), 0);
	duk_pop(ctx);
	duk_push_string(ctx, "printErr");
	duk_push_int(ctx, 7);
	ck_assert_int_eq(duk_pcall_prop(ctx, -3, 1), 0);
	duk_pop_3(ctx);
	ck_assert_str_eq(c.buf, "x\n[2]7\n");
	engine_destroy(e);
}
END_TEST

START_TEST(test_native_regexp_and_now)
{
	struct capture c;
	struct engine *e = mk(&c, 0, 0);
	duk_context *ctx = engine_context(e);

	/* rxCompile + rxExec (engine/host/rxhost.c): the whole result of
	 * RegExpBuiltinExec, with names and indices, from our own engine. */
	duk_push_global_stash(ctx);
	duk_get_prop_string(ctx, -1, "cm_native");
	duk_push_string(ctx, "rxCompile");
	duk_push_string(ctx, "(?<=\\$)(?<n>\\d+)");
	duk_push_string(ctx, "d");
	ck_assert_int_eq(duk_pcall_prop(ctx, -4, 2), 0);
	duk_push_string(ctx, "rxExec");
	duk_dup(ctx, -2);
	duk_push_string(ctx, "cost $42");
	duk_push_int(ctx, 0);
	duk_push_true(ctx);
	ck_assert_int_eq(duk_pcall_prop(ctx, -7, 4), 0);
	duk_json_encode(ctx, -1);
	ck_assert_str_eq(duk_get_string(ctx, -1), "[\"42\",\"42\"]");
	duk_pop(ctx);
	duk_push_string(ctx, "rxExec");
	duk_dup(ctx, -2);
	duk_push_string(ctx, "cost $42");
	duk_push_int(ctx, 0);
	duk_push_true(ctx);
	ck_assert_int_eq(duk_pcall_prop(ctx, -7, 4), 0);
	duk_get_prop_string(ctx, -1, "index");
	ck_assert_int_eq(duk_get_int(ctx, -1), 6);
	duk_pop(ctx);
	duk_get_prop_string(ctx, -1, "groups");
	duk_get_prop_string(ctx, -1, "n");
	ck_assert_str_eq(duk_get_string(ctx, -1), "42");
	duk_pop_2(ctx);
	duk_get_prop_string(ctx, -1, "indices");
	duk_json_encode(ctx, -1);
	ck_assert_str_eq(duk_get_string(ctx, -1), "[[6,8],[6,8]]");
	duk_pop_3(ctx); /* indices, result, holder */
	duk_push_string(ctx, "rxCompile");
	duk_push_string(ctx, "(?<=a");
	duk_push_string(ctx, "");
	ck_assert_int_ne(duk_pcall_prop(ctx, -4, 2), 0);
	ck_assert_str_eq(duk_safe_to_string(ctx, -1),
	    "SyntaxError: Invalid regular expression: /(?<=a/: Unterminated "
	    "group");
	duk_pop(ctx);
	duk_push_string(ctx, "now");
	ck_assert_int_eq(duk_pcall_prop(ctx, -2, 0), 0);
	ck_assert(duk_get_number(ctx, -1) > 0);
	duk_pop_3(ctx);
	engine_destroy(e);
}
END_TEST

START_TEST(test_timeout_loop)
{
	struct capture c;
	struct engine *e = mk(&c, 50, 0);
	char msg[256];
	double t0 = ms_now(), dt;

	ck_assert_int_eq(
	    run(e, "while (true) {}", msg, sizeof(msg)), SCRIPT_TIMEOUT);
	dt = ms_now() - t0;
	ck_assert_str_eq(msg, "RangeError: execution timeout");
	ck_assert(engine_timed_out(e));
	ck_assert_msg(dt >= 49 && dt < 1000, "took %.1f ms", dt);
	engine_destroy(e);
}
END_TEST

START_TEST(test_timeout_not_swallowed)
{
	struct capture c;
	struct engine *e = mk(&c, 50, 0);
	char msg[256];

	ck_assert_int_eq(
	    run(e,
		"var n = 0; try { while (true) { n++; } } "
		"catch (e) { print('caught', e); while (true) {} } "
		"finally { print('finally'); } print('after');",
		msg, sizeof(msg)),
	    SCRIPT_TIMEOUT);
	ck_assert_str_eq(c.buf, "");
	/* Sticky: the heap refuses to run anything more. */
	ck_assert_int_eq(
	    run(e, "print('again')", msg, sizeof(msg)), SCRIPT_TIMEOUT);
	ck_assert_str_eq(c.buf, "");
	engine_destroy(e);
}
END_TEST

START_TEST(test_timeout_regexp_and_timer)
{
	struct capture c;
	struct engine *e = mk(&c, 100, 0);
	char msg[256];
	double t0 = ms_now(), dt;

	/* Catastrophic backtracking inside one native call. */
	ck_assert_int_eq(
	    run(e,
		"try { "
		"/^(a+)+$/.test('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'); }"
		" catch (e) { print('caught'); }",
		msg, sizeof(msg)),
	    SCRIPT_TIMEOUT);
	dt = ms_now() - t0;
	ck_assert_msg(dt < 1000, "took %.1f ms", dt);
	ck_assert_str_eq(c.buf, "");
	engine_destroy(e);

	/* A timer past the deadline: the host stops sleeping at the deadline.
	 */
	e = mk(&c, 60, 0);
	t0 = ms_now();
	ck_assert_int_eq(
	    run(e, "setTimeout(function () { print('late'); }, 5000);", msg,
		sizeof(msg)),
	    SCRIPT_TIMEOUT);
	dt = ms_now() - t0;
	ck_assert_msg(dt >= 59 && dt < 1000, "took %.1f ms", dt);
	ck_assert_str_eq(c.buf, "");
	engine_destroy(e);
}
END_TEST

START_TEST(test_memory_limit)
{
	struct capture c;
	struct engine *e = mk(&c, 10000, 8u << 20);
	char msg[256];
	double t0 = ms_now(), dt;

	ck_assert_int_eq(
	    run(e,
		"var a = []; try { while (true) a.push({ v: [a.length] }); }"
		" catch (e) { print('caught', e); }",
		msg, sizeof(msg)),
	    SCRIPT_OOM);
	dt = ms_now() - t0;
	ck_assert_str_eq(msg, "RangeError: out of memory");
	ck_assert(engine_oom(e));
	ck_assert_int_eq(c.oom_calls, 1);
	ck_assert_str_eq(c.buf, "");
	ck_assert_uint_le(engine_mem_peak(e), 8u << 20);
	ck_assert_uint_gt(engine_mem_peak(e), 7u << 20);
	ck_assert_msg(dt < 5000, "took %.1f ms", dt);
	engine_destroy(e);

	/* One big allocation. */
	e = mk(&c, 10000, 8u << 20);
	ck_assert_int_eq(run(e, "var s = 'x'.repeat(1 << 24); print(s.length);",
			     msg, sizeof(msg)),
	    SCRIPT_OOM);
	ck_assert_str_eq(c.buf, "");
	ck_assert_uint_le(engine_mem_peak(e), 8u << 20);
	engine_destroy(e);
}
END_TEST

/* An array part growing in place (cm_grow, engine/host/duk_array.inc):
 * every value kept across steps past the arena's large-block size, the
 * added slots holes, an array with a named property (an entry part before
 * its elements) too, a shrink, and a growth refused at the memory limit
 * as cleanly as any other allocation. */
START_TEST(test_array_growth)
{
	struct capture c;
	struct engine *e = mk(&c, 10000, 64u << 20);
	char msg[256];

	ck_assert_int_eq(
	    run(e,
		"var a = new Array(200000), b = [], i, s = 0; b.tag = 'x';"
		"for (i = 0; i < 200000; i++) { a[i] = { v: i }; b[i] = i; }"
		"a[200001] = 1; b[200001] = 1;"
		"for (i = 0; i < 200000; i++) s += a[i].v - b[i];"
		"print(s, 199999 in a, 200000 in a, 200000 in b, a.length,"
		" b.length, b.tag);"
		"a.length = b.length = 260000; s = 0;"
		"for (i = 200002; i < 260000; i++) s += (i in a) + (i in b);"
		"print(s);"
		"a.length = 10; b.length = 3;"
		"print(a.length, a[9].v, 10 in a, b[2], 3 in b, b.tag);",
		msg, sizeof(msg)),
	    SCRIPT_OK);
	ck_assert_str_eq(c.buf,
	    "0 true false false 200002 200002 x\n0\n10 9 false 2 false x\n");
	engine_destroy(e);

	e = mk(&c, 10000, 8u << 20);
	ck_assert_int_eq(run(e,
			     "var a = [], i = 0; try { for (;;) a[i] = i++; }"
			     " catch (e) { print('caught', e); }",
			     msg, sizeof(msg)),
	    SCRIPT_OOM);
	ck_assert_str_eq(msg, "RangeError: out of memory");
	ck_assert_str_eq(c.buf, "");
	ck_assert_uint_le(engine_mem_peak(e), 8u << 20);
	engine_destroy(e);
}
END_TEST

/* JSON numbers read where they lie and integers written without a string
 * (cm_jsonnum, engine/host/duk_numconv.inc): what the general path gives,
 * at the edges of both (0 and -0, 2^53, fractions, exponents, more than 15
 * digits, texts outside the grammar), and through the ordinary encoder
 * (an indent) as through the fast one. */
START_TEST(test_json_numbers)
{
	struct capture c;
	struct engine *e = mk(&c, 10000, 0);
	char msg[256];

	ck_assert_int_eq(
	    run(e,
		"var o = [];"
		"['0', '-0', '1', '-1', '7', '10', '-123', '9007199254740991',"
		" '-9007199254740991', '9007199254740992', '1e21', '1.5',"
		" '-0.5', '2.5e-3', '1E+2', '1e-7', '123456789012345678', "
		"'0.1',"
		" '1e400', ' 42 ', '-0.0'].forEach(function (s) {"
		"  var v = JSON.parse(s);"
		"  o.push(s + '>' + (v === 0 && 1 / v < 0 ? '-0' : v)); });"
		"['01', '1.', '.5', '-', '1e', '+1', '--1', '1e1.5'].forEach("
		"  function (s) { try { JSON.parse(s); o.push(s + '!'); }"
		"  catch (e) { o.push(e.name); } });"
		"print(o.join(' '));"
		"print(JSON.stringify([1, -1, 10, -100, 4294967296,"
		" -9007199254740991, 9007199254740991, 9007199254740992, 1e21,"
		" -0, 0, 0.5, -1.5e300, NaN]));"
		"print(JSON.stringify({ a: 12, b: [-4, 0.25] }, null, 1)"
		" .replace(/\\n */g, ''));",
		msg, sizeof(msg)),
	    SCRIPT_OK);
	ck_assert_str_eq(c.buf,
	    "0>0 -0>-0 1>1 -1>-1 7>7 10>10 -123>-123 "
	    "9007199254740991>9007199254740991 "
	    "-9007199254740991>-9007199254740991 "
	    "9007199254740992>9007199254740992 1e21>1e+21 1.5>1.5 -0.5>-0.5 "
	    "2.5e-3>0.0025 1E+2>100 1e-7>1e-7 "
	    "123456789012345678>123456789012345680 0.1>0.1 1e400>Infinity "
	    " 42 >42 -0.0>-0 SyntaxError SyntaxError SyntaxError SyntaxError "
	    "SyntaxError SyntaxError SyntaxError SyntaxError\n"
	    "[1,-1,10,-100,4294967296,-9007199254740991,9007199254740991,"
	    "9007199254740992,1e+21,0,0,0.5,-1.5e+300,null]\n"
	    "{\"a\": 12,\"b\": [-4,0.25]}\n");
	engine_destroy(e);
}
END_TEST

/* JSON.parse's objects sized from the last one at their depth
 * (cm_jsonobj, engine/host/duk_builtins.inc): the same properties, order
 * and attributes whatever came before, and an object that got fewer
 * properties than it was sized for gives the room back, so shapes that
 * alternate take about the memory the same objects take grouped. */
static size_t
json_parse_live(int alternate)
{
	struct capture c;
	struct engine *e = mk(&c, 20000, 0);
	char msg[256], src[512];
	size_t live;

	snprintf(src, sizeof(src),
	    "var big = {}, a = [], i, j;"
	    "for (j = 0; j < 16; j++) big['k' + j] = j;"
	    "for (i = 0; i < 8000; i++) a.push(%s);"
	    "var o = JSON.parse(JSON.stringify(a)); a = null;",
	    alternate ? "i % 2 ? {} : big" : "i < 4000 ? big : {}");
	ck_assert_int_eq(run(e, src, msg, sizeof(msg)), SCRIPT_OK);
	live = engine_mem_live(e);
	engine_destroy(e);
	return live;
}

START_TEST(test_json_object_sizes)
{
	struct capture c;
	struct engine *e = mk(&c, 10000, 0);
	char msg[256];
	size_t grouped, alternating;

	ck_assert_int_eq(
	    run(e,
		"var t = "
		"'[{\"a\":1,\"b\":2,\"c\":{\"x\":1,\"y\":[{\"p\":1}]},\"d\":4},"
		"'"
		" + "
		"'{\"z\":1},{},{\"1\":\"one\",\"0\":\"zero\",\"b\":2,\"a\":1},'"
		" + "
		"'{\"a\":1,\"b\":2,\"c\":{},\"d\":4,\"e\":5,\"f\":6,\"g\":7,'"
		" + "
		"'\"h\":8,\"i\":9,\"j\":10,\"k\":11,\"l\":12,\"m\":13,\"n\":14,"
		"'"
		" + '\"o\":15,\"p\":16,\"q\":17,\"a\":18}]';"
		"var v = JSON.parse(t), out = [];"
		"v.forEach(function (o) { out.push(Object.keys(o).join('')); "
		"});"
		"var d = Object.getOwnPropertyDescriptor(v[4], 'q');"
		"out.push(JSON.stringify(v[0].c), v[4].a, d.writable && "
		"d.enumerable"
		" && d.configurable, JSON.stringify(v) === JSON.stringify("
		"JSON.parse(t, function (k, x) { return x; })));"
		"print(out.join(' '));",
		msg, sizeof(msg)),
	    SCRIPT_OK);
	ck_assert_str_eq(c.buf,
	    "abcd z  01ba abcdefghijklmnopq {\"x\":1,\"y\":[{\"p\":1}]} 18 "
	    "true true\n");
	engine_destroy(e);

	grouped = json_parse_live(0);
	alternating = json_parse_live(1);
	ck_assert_msg(alternating < grouped + grouped / 10,
	    "alternating %zu, grouped %zu", alternating, grouped);
}
END_TEST

/* A short + of two strings built on the C stack (cm_concat): the same
 * string at and around the 256-byte edge, with empty and non-ASCII parts,
 * and the same interned string (a property key finds it). */
START_TEST(test_concat_short)
{
	expect_prints(
	    "var out = [], n, x = 'x', o = { abc: 1 };"
	    "for (n = 250; n < 262; n++) {"
	    "  var a = 'é'.repeat(n >> 2), b = 'y'.repeat(n - (n >> 2) * "
	    "2);"
	    "  var s = a + b, t = [a, b].join('');"
	    "  out.push(s === t && s.length === t.length && s.slice(-1) ==="
	    "    (b ? 'y' : 'é')); }"
	    "out.push(('ab' + 'c') in o, '' + '' === '', x + 1 + 2,"
	    "  '\\ud83d' + '\\ude00' === '\\ud83d\\ude00', ('a' + "
	    "'b').length);"
	    "print(out.join(' '));",
	    "true true true true true true true true true true true true "
	    "true true x12 true 2\n");
}
END_TEST

/* Variables read and written through the scope a function was made in
 * (cm_getvar, engine/host/duk_getvar.inc) resolve as Duktape's walk does:
 * the function's own variable first (a read inside `with` is compiled as a
 * lookup), a binding gone after delete, no `this` for a call through a
 * variable, an immutable name, the global object's accessors, own and
 * inherited properties, and a function freed and another made where it
 * lay. */
START_TEST(test_closure_variables)
{
	expect_prints(
	    "var out = [];"
	    "function counter() { var n = 0;"
	    "  return { inc: function () { n = n + 1; return n; },"
	    "    get: function () { return n; } }; }"
	    "var k = counter(), i; for (i = 0; i < 1000; i++) k.inc();"
	    "out.push(k.get());"
	    "function f(o) { var x = 42;"
	    "  return function inner(o) { with (o) { return x; } }; }"
	    "var g = f({ x: 1 }); out.push(g({}), g({ x: 7 }), g({}));"
	    "function ev() { eval('var a = 1, b = 2');"
	    "  return { get: function () {"
	    "      return (typeof a === 'undefined' ? 'gone' : a) + ':' +"
	    "        b; },"
	    "    del: function () { return delete a; } }; }"
	    "var m = ev(); out.push(m.get(), m.del(), m.get(), m.get());"
	    "function th() { var o = { k: 'x' },"
	    "    t = function () { 'use strict'; return typeof this; };"
	    "  return function () { var z = [o.k, o.k, o.k];"
	    "    return t(); }; }"
	    "var tc = th(); out.push(tc(), tc());"
	    "var nf = function h() { h = 1; return typeof h; };"
	    "var sf = function h() { 'use strict';"
	    "  try { h = 1; } catch (e) { return e.name; }"
	    "  return 'no throw'; };"
	    "out.push(nf(), nf(), sf(), sf());"
	    "var calls = 0; Object.defineProperty(this, 'acc',"
	    "  { get: function () { return ++calls; },"
	    "    configurable: true });"
	    "function rd() { return acc; } rd(); out.push(rd(), rd());"
	    "this.gv = 1;"
	    "function gvr() {"
	    "  return typeof gv === 'undefined' ? 'none' : gv; }"
	    "out.push(gvr(), gvr()); delete this.gv;"
	    "out.push(gvr(), gvr());"
	    "this.gv = 5; out.push(gvr());"
	    "Object.prototype.inh = 'p'; function ir() { return inh; }"
	    "out.push(ir(), ir()); delete Object.prototype.inh;"
	    /* Arrows (no prototype cycle) are freed with their array:
	     * the second batch lies where the first did, and reads its
	     * own p (in `with`'s head) where the first read its maker's. */
	    "function mk(p, w) {"
	    "  return w ? (p) => { with (p) { return v; } } : () => p; }"
	    "var bad = 0, fs, j;"
	    "for (i = 0; i < 20; i++) { fs = [];"
	    "  for (j = 0; j < 50; j++) fs.push(mk(j, false));"
	    "  for (j = 0; j < 50; j++) if (fs[j]() !== j) bad++;"
	    "  fs = [];"
	    "  for (j = 0; j < 50; j++) fs.push(mk(j, true));"
	    "  for (j = 0; j < 50; j++)"
	    "    try { if (fs[j]({ v: -1 }) !== -1) bad++; }"
	    "    catch (e) { bad++; } }"
	    "out.push(bad);"
	    "print(out.join(' '));",
	    "1000 42 7 42 1:2 true gone:2 gone:2 undefined undefined function "
	    "function TypeError TypeError 2 3 1 1 none none 5 p p 0\n");
}
END_TEST

/* An own data property read, written or called through its object
 * (cm_getprop, engine/host/duk_getprop.inc) as Duktape's own way does:
 * accessors, the prototype chain, frozen and read-only properties (sloppy
 * and strict), arrays, typed arrays, String objects, a Proxy, a
 * non-callable property called, a symbol key, a deleted property, and
 * arguments. */
START_TEST(test_own_properties)
{
	expect_prints(
	    "var out = [];"
	    "var o = { a: 1, f: function () { return this.a; } };"
	    "o.a = 2; out.push(o.a, o.f());"
	    "var acc = 0, g = { get x() { return ++acc; },"
	    "  set x(v) { acc = v * 10; } };"
	    "out.push(g.x, g.x); g.x = 5; out.push(acc);"
	    "var proto = { inh: 'p' }, child = Object.create(proto);"
	    "out.push(child.inh); child.inh = 'own';"
	    "out.push(child.inh, proto.inh);"
	    "var fr = Object.freeze({ k: 1 }); fr.k = 2; out.push(fr.k);"
	    "out.push((function () { 'use strict';"
	    "  try { fr.k = 3; } catch (e) { return e.name; }"
	    "  return 'no throw'; })());"
	    "var ro = {}; Object.defineProperty(ro, 'r',"
	    "  { value: 7, writable: false, configurable: true });"
	    "ro.r = 8; out.push(ro.r);"
	    "var arr = [1, 2, 3]; arr.tag = 't';"
	    "out.push(arr.length, arr.tag);"
	    "arr.length = 1; out.push(arr.length, arr[1]);"
	    "var ta = new Uint8Array(4);"
	    "out.push(ta.length, ta['1.5'], ta.byteLength);"
	    "var so = new String('abc'); out.push(so.length);"
	    "var px = new Proxy({ q: 1 },"
	    "  { get: function (t, k) { return k + '!'; } });"
	    "out.push(px.q);"
	    "var nc = { m: 42 };"
	    "try { nc.m(); } catch (e) { out.push(e.name, e.message); }"
	    "var s = Symbol('s'), sy = {}; sy[s] = 'sym'; out.push(sy[s]);"
	    "var d = { z: 1 }; delete d.z; out.push(d.z, 'z' in d);"
	    "d.z = 9; out.push(d.z);"
	    "(function (a) { arguments.length = 5;"
	    "  out.push(arguments.length, a); })(4);"
	    "print(out.join(' '));",
	    "2 2 1 2 50 p own p 1 TypeError 7 3 t 1  4  4 3 q! TypeError "
	    "nc.m is not a function sym  false 9 5 4\n");
}
END_TEST

START_TEST(test_prelude_needs_memory)
{
	struct engine_options opt;
	char err[256];

	memset(&opt, 0, sizeof(opt));
	opt.memory_limit = 16384;
	ck_assert_ptr_null(engine_create(&opt, err, sizeof(err)));
	ck_assert_ptr_nonnull(strstr(err, "out of memory"));
}
END_TEST

/* Every limit either refuses cleanly or gives a working engine. */
START_TEST(test_create_at_any_limit)
{
	struct engine_options opt;
	struct script_outcome out;
	struct engine *e;
	char err[256];
	size_t lim;
	int made = 0, refused = 0;

	memset(&opt, 0, sizeof(opt));
	for (lim = 8192; lim < (3u << 20); lim += 99991) {
		opt.memory_limit = lim;
		if ((e = engine_create(&opt, err, sizeof(err))) == NULL) {
			ck_assert_str_eq(
			    err, "prelude: RangeError: out of memory");
			refused++;
			continue;
		}
		made++;
		script_run(e, "var a = []; for (;;) a.push([a.length]);", 40,
		    "grow.js", &out);
		ck_assert_int_eq(out.status, SCRIPT_OOM);
		ck_assert_uint_le(engine_mem_peak(e), lim);
		script_outcome_free(&out);
		engine_destroy(e);
	}
	ck_assert_int_gt(made, 8);
	ck_assert_int_gt(refused, 3);
}
END_TEST

static Suite *
engine_suite(void)
{
	Suite *s = suite_create("engine");
	TCase *tc = tcase_create("host");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_prelude_loads);
	tcase_add_test(tc, test_print);
	tcase_add_test(tc, test_array_growth);
	tcase_add_test(tc, test_json_numbers);
	tcase_add_test(tc, test_json_object_sizes);
	tcase_add_test(tc, test_concat_short);
	tcase_add_test(tc, test_closure_variables);
	tcase_add_test(tc, test_own_properties);
	tcase_add_test(tc, test_native_regexp_and_now);
	tcase_add_test(tc, test_timeout_loop);
	tcase_add_test(tc, test_timeout_not_swallowed);
	tcase_add_test(tc, test_timeout_regexp_and_timer);
	tcase_add_test(tc, test_memory_limit);
	tcase_add_test(tc, test_prelude_needs_memory);
	tcase_add_test(tc, test_create_at_any_limit);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(engine_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
