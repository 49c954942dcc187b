/*
 * engine/host/execution.c with engine/runtime/90_entry.js, in process, against
 * a scripted host: the entry contract (the seed's three import-lift
 * examples), the envelope, provider proxies and __dispatch over the host,
 * host-wait edges and the paused run clock, the never-settles text,
 * modules, payload bounds and stub outbound.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cm_spec.h"
#include "host/engine.h"
#include "host/execution.h"
#include "proto/texts.h"

struct fake_call {
	uint32_t id;
	enum execution_call kind;
	char *json;
	double ready_at;
};

struct fake {
	struct fake_call calls[32];
	size_t ncalls, next; /* next: the first call not answered */
	char sent[8192]; /* every call's JSON, one per line */
	char edges[64]; /* host-wait edges: "10" per wait */
	double delay_ms; /* each answer arrives this late */
	const char *answer; /* tool answer; NULL: echo the call */
};

static double
now_ms(void)
{
	return engine_now_ms();
}

static void
sleep_ms(double ms)
{
	struct timespec ts;

	if (ms <= 0)
		return;
	ts.tv_sec = (time_t)(ms / 1000);
	ts.tv_nsec = (long)((ms - (double)ts.tv_sec * 1000) * 1e6);
	nanosleep(&ts, NULL);
}

static int
fake_send(void *arg, enum execution_call kind, const char *json, size_t len,
    uint32_t call_id)
{
	struct fake *f = arg;
	struct fake_call *c;

	ck_assert_uint_lt(f->ncalls, 32);
	c = &f->calls[f->ncalls++];
	c->id = call_id;
	c->kind = kind;
	c->json = strndup(json, len);
	c->ready_at = now_ms() + f->delay_ms;
	strncat(f->sent, c->json, sizeof(f->sent) - strlen(f->sent) - 2);
	strcat(f->sent, "\n");
	return 0;
}

static int
fake_wait(void *arg, double ms, uint32_t *call_id, char **payload, size_t *len)
{
	struct fake *f = arg;
	struct fake_call *c;
	double left;

	if (f->next == f->ncalls) {
		if (ms < 0)
			return -1;
		sleep_ms(ms);
		return 0;
	}
	c = &f->calls[f->next];
	left = c->ready_at - now_ms();
	if (ms >= 0 && left > ms) {
		sleep_ms(ms);
		return 0;
	}
	sleep_ms(left);
	f->next++;
	*call_id = c->id;
	if (c->kind == EXECUTION_OUTBOUND)
		*payload = strdup(
		    "{\"status\":201,\"statusText\":\"Created\","
		    "\"headers\":[[\"x-r\",\"1\"]],\"body\":\"bWFkZQ==\"}");
	else if (f->answer != NULL)
		*payload = strdup(f->answer);
	else {
		size_t n = strlen(c->json) + 32;

		*payload = malloc(n);
		snprintf(*payload, n, "{\"result\":%s}", c->json);
	}
	*len = strlen(*payload);
	return 1;
}

static void
fake_edge(void *arg, int waiting)
{
	struct fake *f = arg;
	size_t n = strlen(f->edges);

	if (n + 2 < sizeof(f->edges)) {
		f->edges[n] = (char)('0' + waiting);
		f->edges[n + 1] = '\0';
	}
}

static void
fake_free(struct fake *f)
{
	size_t i;

	for (i = 0; i < f->ncalls; i++)
		free(f->calls[i].json);
}

struct opts {
	const char *providers; /* JSON or NULL */
	const char *modules; /* JSON or NULL */
	double timeout_ms;
	int count_host_waits;
	const char *outbound;
	unsigned mem_mb; /* 0: 64 */
};

/* run() runs its code as TypeScript (options.language). */
static int run_typescript;

/* run() calls execution_prepare first, as a zygote does. */
static int run_prepared;

/* Runs code; returns the ExecuteResultMessage (malloc'd). */
static char *
run(struct fake *f, const char *code, const struct opts *o)
{
	struct engine_options eo;
	struct execution_request r;
	struct execution_host h;
	struct engine *e;
	json_t *p = NULL, *m = NULL;
	char err[256], *msg;
	int retained;

	memset(&eo, 0, sizeof(eo));
	eo.memory_limit = (size_t)(o && o->mem_mb ? o->mem_mb : 64) << 20;
	ck_assert_ptr_nonnull(e = engine_create(&eo, err, sizeof(err)));
	memset(&r, 0, sizeof(r));
	r.code = code;
	if (o && o->providers)
		ck_assert_ptr_nonnull(p = json_loads(o->providers, 0, NULL));
	if (o && o->modules)
		ck_assert_ptr_nonnull(m = json_loads(o->modules, 0, NULL));
	r.providers = p;
	r.modules = m;
	r.timeout_ms = o && o->timeout_ms > 0 ? o->timeout_ms : 5000;
	r.count_host_waits = o ? o->count_host_waits : 0;
	r.outbound_mode = o && o->outbound ? o->outbound : "disabled";
	r.memory_limit_mb = o && o->mem_mb ? o->mem_mb : 64;
	r.typescript = run_typescript;
	h.send = fake_send;
	h.wait = fake_wait;
	h.host_wait = fake_edge;
	h.arg = f;
	if (run_prepared)
		ck_assert_int_eq(execution_prepare(e), 0);
	msg = execution_run(e, &r, &h, &retained);
	ck_assert_int_eq(retained, 0);
	ck_assert_ptr_nonnull(msg);
	json_decref(p);
	json_decref(m);
	engine_destroy(e);
	return msg;
}

static void
expect(const char *code, const struct opts *o, const char *want)
{
	struct fake f;
	char *msg;

	memset(&f, 0, sizeof(f));
	msg = run(&f, code, o);
	ck_assert_str_eq(msg, want);
	free(msg);
	fake_free(&f);
}

/*
 * A source lowered once is lowered from the kept text the next time, in
 * any engine of the process, and only for the same text, goal, module
 * parameters and flags: TypeScript's lowering of a text is not
 * JavaScript's, a module's is not the entry's, nor another source's.
 */
START_TEST(test_lowering_kept_for_the_same_source)
{
	const char *ts = "async () => { const x: number = 41; return x + 1 }";
	const char *ok = "{\"resultJson\":\"42\",\"logs\":[]}";
	struct opts o;
	char *msg;
	struct fake f;
	size_t hits;

	memset(&o, 0, sizeof(o));
	run_typescript = 1;
	expect(ts, &o, ok);
	hits = execution_lower_cache_hits();
	expect(ts, &o, ok);
	ck_assert_uint_eq(execution_lower_cache_hits(), hits + 1);
	/* The same text as JavaScript: its own lowering, which fails. */
	run_typescript = 0;
	memset(&f, 0, sizeof(f));
	msg = run(&f, ts, &o);
	ck_assert_msg(strncmp(msg, "{\"error\":", 9) == 0, "%s", msg);
	free(msg);
	fake_free(&f);
	run_typescript = 1;
	expect(ts, &o, ok);
	run_typescript = 0;
	/* Another source is lowered for itself, then kept. */
	expect("async () => 6 * 7 + 0", NULL, ok);
	hits = execution_lower_cache_hits();
	expect("async () => 6 * 7 + 0", NULL, ok);
	ck_assert_uint_eq(execution_lower_cache_hits(), hits + 1);
	/* An imported module (no entry parameters) is not the entry. */
	o.modules = "[[\"m\", \"export default 42\"]]";
	expect("import v from 'm'\nasync () => v", &o, ok);
	expect("import v from 'm'\nasync () => v", &o, ok);
	o.modules = "[[\"m\", \"export default 43\"]]";
	expect("import v from 'm'\nasync () => v - 1", &o, ok);
	/* Many sources: the oldest leave, and each still runs right. */
	{
		char code[64], want[64];
		int i;

		for (i = 0; i < 12; i++) {
			snprintf(code, sizeof(code), "async () => %d", i);
			snprintf(want, sizeof(want),
			    "{\"resultJson\":\"%d\",\"logs\":[]}", i);
			expect(code, NULL, want);
			expect(code, NULL, want);
		}
	}
}
END_TEST

static const char *const greeter =
    "[[\"greeter\", \"export const greet = (name) => 'hello ' + name\"]]";

/*
 * The console capture is the host's (execution.c): the line whose charge
 * meets CONSOLE_CAPTURE_LIMIT is dropped whole, and nothing of the guest's
 * (a toJSON, a poisoned prototype, a replaced console method) changes a
 * line's charge or level, or the envelope around the lines.
 */
START_TEST(test_capture_is_the_hosts)
{
	static const char warn[] =
	    "{\"resultJson\":\"1\",\"logs\":[{\"level\":"
	    "\"warn\",\"text\":\"" CM_CONSOLE_CAPTURE_MESSAGE "\"}]}";
	struct fake f;
	char *msg;

	/* 25 + 2097127 = CONSOLE_CAPTURE_LIMIT: it meets the bound. */
	expect("async () => { console.log('x'.repeat(2097127)); return 1 }",
	    NULL, warn);
	expect("async () => { Object.prototype.toJSON = function () { return 1 "
	       "}; String.prototype.toJSON = function () { return '' }; "
	       "console.log('x'.repeat(2097127)); return 1 }",
	    NULL, warn);
	/* One under it is kept. */
	memset(&f, 0, sizeof(f));
	msg = run(&f,
	    "async () => { Object.prototype.toJSON = function () { "
	    "return 1 }; console.log('x'.repeat(2097126)); return 1 }",
	    NULL);
	ck_assert_uint_eq(strlen(msg), 2097126 + 53);
	ck_assert(strstr(msg, "{\"level\":\"log\",\"text\":\"xxx") != NULL);
	free(msg);
	fake_free(&f);
	/* The envelope is not the guest's to shape. */
	expect("async () => { Object.prototype.toJSON = function () { return 1 "
	       "}; Object.prototype.level = 'admin'; console.log('a'); "
	       "return 5 }",
	    NULL,
	    "{\"resultJson\":\"5\",\"logs\":[{\"level\":\"log\",\"text\":\"a\"}"
	    "]}");
	/* Escapes are charged as they cross: 25 + 2 * 1048564 meets it. */
	expect("async () => { console.log('\"'.repeat(1048563) + 'x'); "
	       "return 1 }",
	    NULL,
	    "{\"resultJson\":\"1\",\"logs\":[{\"level\":\"warn\",\"text\":"
	    "\"" CM_CONSOLE_CAPTURE_MESSAGE "\"}]}");
	/* NUL and lone surrogates cross the same way in every field. */
	expect("async () => { console.log('\\u0000\\ud800'); throw new "
	       "Error('a\\u0000b\\udc00') }",
	    NULL,
	    "{\"error\":\"a\\u0000b\xEF\xBF\xBD\",\"logs\":[{\"level\":\"log\","
	    "\"text\":\"\\u0000\xEF\xBF\xBD\"}]}");
}
END_TEST

START_TEST(test_seed_entry_examples)
{
	struct opts o = { NULL, greeter, 0, 0, NULL, 0 };

	expect("import { greet } from 'greeter'\nasync () => greet('ada')", &o,
	    "{\"resultJson\":\"\\\"hello ada\\\"\",\"logs\":[]}");
	expect("import { greet } from 'greeter'; const size = 3\n"
	       "async () => greet('ada').repeat(size).length",
	    &o, "{\"resultJson\":\"27\",\"logs\":[]}");
	expect("import { greet } from 'greeter'; async () => greet('ada')", &o,
	    "{\"error\":\"Unexpected token ')' "
	    "[executor.js:5:1]\",\"logs\":[]}");
}
END_TEST

START_TEST(test_envelope)
{
	expect("async () => { }", NULL, "{\"logs\":[]}");
	expect("() => 'plain'", NULL,
	    "{\"resultJson\":\"\\\"plain\\\"\",\"logs\":[]}");
	expect("async () => { console.log('a', 1); throw new Error('No such "
	       "order.') }",
	    NULL,
	    "{\"error\":\"No such order.\",\"logs\":"
	    "[{\"level\":\"log\",\"text\":\"a 1\"}]}");
	expect("async () => Promise.reject(7)", NULL,
	    "{\"error\":\"7\",\"logs\":[]}");
	expect("return 42;", NULL,
	    "{\"error\":\"Unexpected token 'return' "
	    "[executor.js:3:1]\",\"logs\":[]}");
	expect("async () => new Uint8Array([1, 2, 3, 255])", NULL,
	    "{\"resultJson\":\"{\\\"__executor_binary_v1__\\\":\\\"Uint8Array"
	    "\\\",\\\"data\\\":\\\"AQID/w==\\\"}\",\"logs\":[]}");
	expect("async () => '\xF0\x9F\x98\x80'", NULL,
	    "{\"resultJson\":\"\\\"\xF0\x9F\x98\x80\\\"\",\"logs\":[]}");
}
END_TEST

START_TEST(test_never_settles)
{
	char *want, *t = texts_compose(CM_TEXT_RUN_NEVER_SETTLES);
	size_t n = strlen(t) + 32;

	want = malloc(n);
	snprintf(want, n, "{\"error\":\"%s\",\"logs\":[]}", t);
	expect("async () => new Promise(() => { })", NULL, want);
	free(want);
	free(t);
}
END_TEST

START_TEST(test_dispatch_and_proxies)
{
	struct opts o = {
		"[{\"name\":\"store\",\"tools\":[\"a\"]},"
		"{\"name\":\"pos\",\"tools\":[],\"positionalArgs\":true}]",
		NULL, 0, 0, NULL, 0
	};
	struct fake f;
	char *msg;

	memset(&f, 0, sizeof(f));
	msg = run(&f,
	    "async () => [await store.listOrders(), await "
	    "store.find({ c: 'ada' }), await pos.find('ada', 3), await "
	    "__dispatch('crm', 'x', '[1]')]",
	    &o);
	ck_assert_str_eq(f.sent,
	    "{\"provider\":\"store\",\"tool\":\"listOrders\",\"args\":\"\"}\n"
	    "{\"provider\":\"store\",\"tool\":\"find\",\"args\":\"{\\\"c\\\":"
	    "\\\"ada\\\"}\"}\n"
	    "{\"provider\":\"pos\",\"tool\":\"find\",\"args\":\"[\\\"ada\\\",3]"
	    "\"}\n"
	    "{\"provider\":\"crm\",\"tool\":\"x\",\"args\":\"[1]\"}\n");
	/* The fake answers each call with itself as the result. */
	ck_assert_str_eq(msg,
	    "{\"resultJson\":\"[{\\\"provider\\\":\\\"store\\\",\\\"tool\\"
	    "\":\\\"listOrders\\\",\\\"args\\\":\\\"\\\"},{\\\"provider\\"
	    "\":\\\"store\\\",\\\"tool\\\":\\\"find\\\",\\\"args\\\":\\\""
	    "{\\\\\\\"c\\\\\\\":\\\\\\\"ada\\\\\\\"}\\\"},{\\\"provider\\"
	    "\":\\\"pos\\\",\\\"tool\\\":\\\"find\\\",\\\"args\\\":\\\"[\\"
	    "\\\\\"ada\\\\\\\",3]\\\"},\\\"{\\\\\\\"result\\\\\\\":{\\\\\\"
	    "\"provider\\\\\\\":\\\\\\\"crm\\\\\\\",\\\\\\\"tool\\\\\\\":"
	    "\\\\\\\"x\\\\\\\",\\\\\\\"args\\\\\\\":\\\\\\\"[1]\\\\\\\"}}"
	    "\\\"]\",\"logs\":[]}");
	/* 2: only the answer can wake the run (no timer pending). */
	ck_assert_str_eq(f.edges, "20202020");
	free(msg);
	fake_free(&f);

	memset(&f, 0, sizeof(f));
	f.answer = "{\"error\":\"No such customer.\"}";
	msg = run(&f, "async () => store.listOrders()", &o);
	ck_assert_str_eq(msg, "{\"error\":\"No such customer.\",\"logs\":[]}");
	free(msg);
	fake_free(&f);

	/* A timer pending beside the call may wake the run first (1); once
	 * it fired, only the answer can (2). */
	memset(&f, 0, sizeof(f));
	f.answer = "{\"result\":5}";
	f.delay_ms = 60;
	msg = run(&f,
	    "async () => { const p = store.x(); "
	    "await new Promise((r) => setTimeout(r, 20)); return await p }",
	    &o);
	ck_assert_str_eq(msg, "{\"resultJson\":\"5\",\"logs\":[]}");
	ck_assert_str_eq(f.edges, "1020");
	free(msg);
	fake_free(&f);

	memset(&f, 0, sizeof(f));
	f.answer = "[1,2]";
	msg = run(&f,
	    "async () => { try { await store.x() } catch (e) "
	    "{ return e.message } }",
	    &o);
	ck_assert_str_eq(msg,
	    "{\"resultJson\":\"\\\"" CM_TEXT_ENVELOPE_FAULT_TEMPLATE
	    "\\\"\",\"logs\":[]}");
	free(msg);
	fake_free(&f);
}
END_TEST

/*
 * An answer runs the reactions waiting on it at once when no job is
 * queued (settleAwaited), and Promise.all and its kin wait through
 * reactions of their own (K_ELEM): the order is still the job queue's.
 * Other reactions on the same promise, a queued job, a thenable result
 * (its `then` read once), a throwing `then`, two awaiting functions and
 * the combinators (over a subclass's promise too) each keep Node's order; the
 * wanted string is what Node 20 prints for the same body over promises settled
 * in setImmediate.
 */
START_TEST(test_answer_resumes_awaiter)
{
	struct opts o = { "[{\"name\":\"store\",\"tools\":[]}]", NULL, 0, 0,
		NULL, 0 };

	expect("async () => {\n"
	       "  const log = [];\n"
	       "  const a = store.x({ n: 1 });\n"
	       "  a.then((v) => log.push('then1 ' + v.tool));\n"
	       "  log.push('await ' + (await a).tool);\n"
	       "  a.then(() => log.push('then2'));\n"
	       "  queueMicrotask(() => log.push('micro'));\n"
	       "  await null;\n"
	       "  log.push('after null');\n"
	       "  const b = store.b(), c = store.c();\n"
	       "  c.then(() => log.push('c then'));\n"
	       "  log.push((await b).tool + ' ' + (await c).tool);\n"
	       "  let n = 0;\n"
	       "  Object.defineProperty(Object.prototype, 'then', { "
	       "configurable: true,\n"
	       "    get() { n++; return undefined; } });\n"
	       "  const r = await store.get();\n"
	       "  delete Object.prototype.then;\n"
	       "  log.push('get ' + r.tool + ' ' + n);\n"
	       "  Object.prototype.then = function (res) { res('thenable ' + "
	       "this.tool); };\n"
	       "  const r2 = await store.t();\n"
	       "  delete Object.prototype.then;\n"
	       "  log.push(r2);\n"
	       "  Object.defineProperty(Object.prototype, 'then', { "
	       "configurable: true,\n"
	       "    get() { throw new Error('getter'); } });\n"
	       "  try { await store.g(); } catch (e) { log.push('threw ' + "
	       "e.message); }\n"
	       "  delete Object.prototype.then;\n"
	       "  async function inner(k) { const x = await store[k](); "
	       "log.push('inner ' + x.tool); return k; }\n"
	       "  const p1 = inner('i1'), p2 = inner('i2');\n"
	       "  log.push(await p1 + await p2);\n"
	       "  const all = await Promise.all([store.p1(), 5, store.p2()]);\n"
	       "  log.push('all ' + all.map((v) => typeof v === 'object' ? "
	       "v.tool : v).join('+'));\n"
	       "  const st = await Promise.allSettled([store.s1(), "
	       "Promise.reject(new Error('r'))]);\n"
	       "  log.push('settled ' + st.map((s) => s.status).join('+'));\n"
	       "  log.push('any ' + (await Promise.any([Promise.reject(1), "
	       "store.a1()])).tool);\n"
	       "  try { await Promise.all([store.q1(), Promise.reject(new "
	       "Error('first'))]); } catch (e) { log.push('all rejected ' + "
	       "e.message); }\n"
	       "  const c1 = store.c1(), c2 = store.c2();\n"
	       "  Promise.all([c1, c2]).then(() => log.push('all then'));\n"
	       "  c2.then(() => log.push('c2 then'));\n"
	       "  await c2;\n"
	       "  log.push('after c2');\n"
	       "  await null;\n"
	       "  await null;\n"
	       "  let made = 0;\n"
	       "  class MyP extends Promise { constructor(e) { super(e); "
	       "made++; } }\n"
	       "  const sub = await MyP.all([store.m1(), store.m2()]);\n"
	       "  log.push('sub ' + sub.map((v) => v.tool).join('+') + ' ' + "
	       "made);\n"
	       "  return log.join();\n"
	       "}\n",
	    &o,
	    "{\"resultJson\":\"\\\""
	    "then1 x,await x,then2,micro,after null,c then,b c,get get 1,"
	    "thenable t,threw getter,inner i1,inner i2,i1i2,all p1+5+p2,s"
	    "ettled fulfilled+rejected,any a1,all rejected first,c2 then,"
	    "after c2,all then,sub m1+m2 6"
	    "\\\"\",\"logs\":[]}");
	/* Resumed at once, it still runs as a job: a drain it asks for
	 * itself (the global __cm's) waits until it yields. */
	expect("async () => { const log = []; await store.x(); "
	       "queueMicrotask(() => log.push('job')); "
	       "__cm.drainMicrotasks(); log.push('sync'); await null; "
	       "return log.join() }",
	    &o, "{\"resultJson\":\"\\\"sync,job\\\"\",\"logs\":[]}");
	/* A list of reactions is no coroutine's record, whatever a
	 * program puts on Array.prototype. */
	expect("async () => { Object.defineProperty(Array.prototype, 'k', "
	       "{ value: 2 }); const p = store.x(); let t = 0; "
	       "p.then(() => t++); const v = await p; return v.tool + t }",
	    &o, "{\"resultJson\":\"\\\"x1\\\"\",\"logs\":[]}");
}
END_TEST

START_TEST(test_clock_pauses_for_tools)
{
	struct opts o = { "[{\"name\":\"store\",\"tools\":[]}]", NULL, 300, 0,
		NULL, 0 };
	struct fake f;
	char *msg;

	/* A 600 ms tool wait under a 300 ms bound: the clock stood still. */
	memset(&f, 0, sizeof(f));
	f.delay_ms = 600;
	f.answer = "{\"result\":\"waited\"}";
	msg = run(&f, "async () => store.slow()", &o);
	ck_assert_str_eq(
	    msg, "{\"resultJson\":\"\\\"waited\\\"\",\"logs\":[]}");
	free(msg);
	fake_free(&f);

	/* countHostWaits: the same wait spends the bound. */
	o.count_host_waits = 1;
	memset(&f, 0, sizeof(f));
	f.delay_ms = 600;
	f.answer = "{\"result\":\"waited\"}";
	msg = run(
	    &f, "async () => { console.log('x'); return store.slow() }", &o);
	ck_assert_str_eq(msg,
	    "{\"error\":\"Execution timed out at its 300 ms "
	    "bound. Do less work per run and return the part that is already "
	    "finished.\",\"logs\":[{\"level\":\"log\",\"text\":\"x\"}]}");
	free(msg);
	fake_free(&f);

	/* A guest timer with no host call open spends it. */
	o.count_host_waits = 0;
	memset(&f, 0, sizeof(f));
	msg =
	    run(&f, "async () => new Promise((r) => setTimeout(r, 2000))", &o);
	ck_assert_str_eq(msg,
	    "{\"error\":\"Execution timed out at its 300 ms "
	    "bound. Do less work per run and return the part that is already "
	    "finished.\",\"logs\":[]}");
	free(msg);
	fake_free(&f);

	/* Guest compute spends it, and the logs written before still arrive. */
	memset(&f, 0, sizeof(f));
	msg =
	    run(&f, "async () => { console.log('started'); for (;;) { } }", &o);
	ck_assert_str_eq(msg,
	    "{\"error\":\"Execution timed out at its 300 ms "
	    "bound. Do less work per run and return the part that is already "
	    "finished.\",\"logs\":[{\"level\":\"log\",\"text\":\"started\"}]}");
	free(msg);
	fake_free(&f);
}
END_TEST

START_TEST(test_modules)
{
	struct opts o = { NULL,
		"[[\"greeter\", \"export const greet = (n) => "
		"'hi ' + n\"], [\"calc\", {\"cjs\": \"module.exports = { add: "
		"(a, b)"
		" => a + b }\"}], [\"t.txt\", {\"text\": \"T\"}], [\"c.json\", "
		"{\"json\": {\"n\": [1]}}], [\"b\", {\"data\": {"
		"\"__executor_binary_v1__\": \"Uint8Array\", \"data\": "
		"\"AQI=\"}}]]",
		0, 0, NULL, 0 };

	expect(
	    "import { greet } from './greeter.js'\nimport calc from 'calc'\n"
	    "import t from 't.txt'\nimport c from 'c.json'\nimport b from 'b'\n"
	    "async () => [greet('x'), calc.add(1, 2), t, c.n, "
	    "b instanceof ArrayBuffer, Array.from(new Uint8Array(b)), "
	    "(await import('greeter')).greet('y')]",
	    &o,
	    "{\"resultJson\":\"[\\\"hi x\\\",3,\\\"T\\\",[1],true,[1,2],"
	    "\\\"hi y\\\"]\","
	    "\"logs\":[]}");
	/* import()'s options and phases: ToString and the options first,
	 * no source phase for any module, no deferred evaluation */
	expect("async () => { const r = []; for (const p of ["
	       "import.source('greeter'), import.defer('greeter'), "
	       "import.source('nope'), "
	       "import({ toString() { throw new RangeError('s'); } }), "
	       "import('greeter', { with: { type: 1 } }), "
	       "import('greeter', {},)]) { try { r.push(typeof (await p)"
	       ".greet); } catch (e) { r.push(e.name); } } return r; }",
	    &o,
	    "{\"resultJson\":\"[\\\"SyntaxError\\\",\\\"TypeError\\\","
	    "\\\"Error\\\",\\\"RangeError\\\",\\\"TypeError\\\","
	    "\\\"function\\\"]\",\"logs\":[]}");
	expect("import { x } from 'missing'\nasync () => x", &o,
	    "{\"error\":\"Module \\\"missing\\\" is not in the module map. "
	    "Import"
	    " one of the names it declares: \\\"greeter\\\", \\\"calc\\\", "
	    "\\\"t.txt\\\", \\\"c.json\\\", \\\"b\\\".\",\"logs\":[]}");
	/* The run never starts: the module before the missing one stays unrun.
	 */
	o.modules = "[[\"noisy\", \"console.log('ran')\"]]";
	expect("import 'noisy'\nimport { x } from \"missing\" // 'not me'\n"
	       "async () => x",
	    &o,
	    "{\"error\":\"Module \\\"missing\\\" is not in "
	    "the module map. Import one of the names it declares: \\\"noisy\\\""
	    ".\",\"logs\":[]}");
	expect("import 'noisy'\nasync () => 1", &o,
	    "{\"resultJson\":\"1\",\"logs\":[{\"level\":\"log\",\"text\":"
	    "\"ran\"}]}");
	o.modules = "[[\"./a.js\", \"\"], [\"a\", \"\"]]";
	expect("async () => 1", &o,
	    "{\"error\":\"Module names \\\"./a.js\\\" "
	    "and \\\"a\\\" both normalize to \\\"a\\\", so the map cannot tell "
	    "them apart. Keep one of the two entries or rename the other.\","
	    "\"logs\":[]}");
}
END_TEST

/* A heap prepared ahead (a zygote's) runs exactly as a fresh one does. */
START_TEST(test_prepared_heap)
{
	struct opts o = { "[{\"name\":\"store\",\"tools\":[\"a\"]}]", "[]", 0,
		0, NULL, 0 };
	struct fake f;
	char *msg;

	run_prepared = 1;
	memset(&f, 0, sizeof(f));
	msg = run(&f, "async () => (await store.a(1)).tool", &o);
	ck_assert_str_eq(msg, "{\"resultJson\":\"\\\"a\\\"\",\"logs\":[]}");
	free(msg);
	fake_free(&f);
	/* An empty map and no map name the same nothing. */
	expect("import { x } from 'missing'\nasync () => x", &o,
	    "{\"error\":\"Module \\\"missing\\\" is not in the module map. "
	    "Import one of the names it declares: (none).\",\"logs\":[]}");
	o.modules = NULL;
	run_prepared = 0;
	expect("import { x } from 'missing'\nasync () => x", &o,
	    "{\"error\":\"Module \\\"missing\\\" is not in the module map. "
	    "Import one of the names it declares: (none).\",\"logs\":[]}");
}
END_TEST

START_TEST(test_memory_limit)
{
	struct opts o = { NULL, NULL, 0, 0, NULL, 16 };

	expect(
	    "async () => { const keep = []; for (;;) keep.push(new Array(1000)"
	    ".fill('x' + keep.length)) }",
	    &o,
	    "{\"error\":\"Execution ran out "
	    "of memory at its 16 MB limit. Work through the data in smaller "
	    "pieces and keep only what you return.\",\"logs\":[]}");
}
END_TEST

START_TEST(test_payload_bound)
{
	char code[128], *want, *t, size[32], limit[32];
	size_t n;

	snprintf(code, sizeof(code),
	    "async () => __dispatch('store', 'put', "
	    "'a'.repeat(%d - 7))",
	    CM_PAYLOAD_LIMIT);
	snprintf(size, sizeof(size), "%d", CM_PAYLOAD_LIMIT + 1);
	snprintf(limit, sizeof(limit), "%d", CM_PAYLOAD_LIMIT);
	t = texts_compose(CM_TEXT_PAYLOAD_TOO_LARGE, "tool call", size, limit);
	n = strlen(t) + 32;
	want = malloc(n);
	snprintf(want, n, "{\"error\":\"%s\",\"logs\":[]}", t);
	expect(code, NULL, want);
	free(want);
	free(t);
}
END_TEST

START_TEST(test_outbound_stub)
{
	struct opts o = { NULL, NULL, 0, 0, "stub", 0 };
	struct fake f;
	char *msg;

	memset(&f, 0, sizeof(f));
	msg = run(&f,
	    "async () => { const r = await fetch('https://api.test/x',"
	    " { method: 'POST', body: 'hello' }); return [r.status, "
	    "r.statusText, r.headers.get('x-r'), await r.text()] }",
	    &o);
	ck_assert_str_eq(f.sent,
	    "{\"method\":\"POST\",\"url\":"
	    "\"https://api.test/x\",\"headers\":[[\"content-type\","
	    "\"text/plain;charset=UTF-8\"]],\"body\":\"aGVsbG8=\"}\n");
	ck_assert_str_eq(msg,
	    "{\"resultJson\":\"[201,\\\"Created\\\",\\\"1\\\","
	    "\\\"made\\\"]\",\"logs\":[]}");
	ck_assert_str_eq(f.edges, "20");
	free(msg);
	fake_free(&f);
}
END_TEST

/* Grants a handler, then invokes it with `request`; returns the answer. */
static char *
grant_and_invoke(const char *code, const char *handle, const char *request,
    enum execution_invoke_end *end)
{
	struct engine_options eo;
	struct execution_request r;
	struct execution_host h;
	struct engine *e;
	struct fake f;
	char err[256], *msg, *answer = NULL;
	int retained = 0;

	memset(&f, 0, sizeof(f));
	memset(&eo, 0, sizeof(eo));
	eo.memory_limit = 128u << 20;
	ck_assert_ptr_nonnull(e = engine_create(&eo, err, sizeof(err)));
	memset(&r, 0, sizeof(r));
	r.code = code;
	r.timeout_ms = 2000;
	r.outbound_mode = "disabled";
	r.memory_limit_mb = 128;
	r.retain_handles = 1;
	h.send = fake_send;
	h.wait = fake_wait;
	h.host_wait = fake_edge;
	h.arg = &f;
	msg = execution_run(e, &r, &h, &retained);
	ck_assert_str_eq(msg, "{\"handles\":[\"fetch\"],\"logs\":[]}");
	ck_assert_int_eq(retained, 1);
	free(msg);
	*end = execution_invoke(e, &r, &h, handle, request, &answer);
	engine_destroy(e);
	fake_free(&f);
	return answer;
}

START_TEST(test_handles)
{
	enum execution_invoke_end end;
	char *a;

	a = grant_and_invoke(
	    "async () => { let n = 0; return async (req) => "
	    "{ console.log('dropped'); return new Response([++n, req.method, "
	    "req.url, await req.text()].join(' '), { status: 201 }) } }",
	    "fetch",
	    "{\"method\":\"POST\",\"url\":\"https://h.test/?q=1\","
	    "\"headers\":[],\"body\":\"aGk=\"}",
	    &end);
	ck_assert_int_eq(end, EXECUTION_INVOKE_ANSWERED);
	ck_assert_str_eq(a,
	    "{\"response\":{\"status\":201,\"statusText\":"
	    "\"\",\"headers\":[[\"content-type\",\"text/plain;charset=UTF-8\"]"
	    "],\"body\":\"MSBQT1NUIGh0dHBzOi8vaC50ZXN0Lz9xPTEgaGk=\"}}");
	free(a);

	a = grant_and_invoke("async () => ({ fetch: () => new Response("
			     "new Uint8Array(3)) })",
	    "fetch",
	    "{\"url\":\"https://h.test/\","
	    "\"body\":null}",
	    &end);
	ck_assert_str_eq(a,
	    "{\"response\":{\"status\":200,\"statusText\":"
	    "\"\",\"headers\":[],\"body\":\"AAAA\"}}");
	free(a);

	a = grant_and_invoke("async () => () => { throw new Error('broke') }",
	    "fetch", "{\"url\":\"https://h.test/\"}", &end);
	ck_assert_str_eq(a, "{\"error\":\"broke\"}");
	free(a);

	a = grant_and_invoke("async () => () => 1", "other",
	    "{\"url\":\"https://h.test/\",\"executionId\":\"e1\"}", &end);
	ck_assert_str_eq(a,
	    "{\"error\":\"Execution \\\"e1\\\" has no handle "
	    "named \\\"other\\\". The granted handles are: \\\"fetch\\\".\"}");
	free(a);

	a = grant_and_invoke("async () => () => { for (;;) { } }", "fetch",
	    "{\"url\":\"https://h.test/\"}", &end);
	ck_assert_int_eq(end, EXECUTION_INVOKE_TIMEOUT);
	ck_assert_ptr_null(a);
}
END_TEST

static Suite *
execution_suite(void)
{
	Suite *s = suite_create("execution");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_capture_is_the_hosts);
	tcase_add_test(tc, test_seed_entry_examples);
	tcase_add_test(tc, test_envelope);
	tcase_add_test(tc, test_lowering_kept_for_the_same_source);
	tcase_add_test(tc, test_never_settles);
	tcase_add_test(tc, test_dispatch_and_proxies);
	tcase_add_test(tc, test_answer_resumes_awaiter);
	tcase_add_test(tc, test_clock_pauses_for_tools);
	tcase_add_test(tc, test_modules);
	tcase_add_test(tc, test_prepared_heap);
	tcase_add_test(tc, test_memory_limit);
	tcase_add_test(tc, test_payload_bound);
	tcase_add_test(tc, test_outbound_stub);
	tcase_add_test(tc, test_handles);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(execution_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
