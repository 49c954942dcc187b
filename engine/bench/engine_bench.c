/*
 * build/bench/engine_bench (make bench): lowering speed over a generated
 * corpus, heap+prelude creation cost and where it goes, the memory of a
 * fresh heap, the first use of each lazy prelude group, and an entry from
 * source to result in one fresh heap (execution_run with a null host, as
 * codemode-run's entry form runs it), CPU-bound entries (sorts, a JSON
 * round trip). Prints figures; asserts nothing about time.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "front/lower.h"
#include "host/engine.h"
#include "host/execution.h"
#include "host/prelude.h"
#include "run/script.h"

#define BENCH_ITERS 200

/* Thread CPU time: figures that survive a loaded machine. */
static double
bench_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int
bench_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double
bench_median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), bench_cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* A corpus of modern code, about `kb` KB (TypeScript with ts); the caller
 * frees it. */
static char *
bench_corpus(size_t kb, size_t *len, int ts)
{
	/* what models write against tools declared as TypeScript */
	static const char ts_unit[] =
	    "interface R%zu { value?: string; n: number }\n"
	    "const f%zu = async (items: Record<string, R%zu>, { limit = 10, "
	    "tag }: { limit?: number; tag?: string } = {}): Promise<string[]> "
	    "=> {\n"
	    "  let out: Array<string> = [];\n"
	    "  for (const [k, v] of Object.entries(items)) {\n"
	    "    if (out.length >= limit) break;\n"
	    "    const r = await Promise.resolve<string>(v?.value ?? k as "
	    "string);\n"
	    "    out.push(`${tag!}:${k}=${r}`);\n"
	    "  }\n"
	    "  return out.map((x: string): string => x.toUpperCase());\n"
	    "};\n";
	static const char unit[] =
	    "const f%zu = async (items, { limit = 10, tag } = {}) => {\n"
	    "  let out = [];\n"
	    "  for (const [k, v] of Object.entries(items)) {\n"
	    "    if (out.length >= limit) break;\n"
	    "    const r = await Promise.resolve(v?.value ?? k);\n"
	    "    out.push(`${tag}:${k}=${r}`);\n"
	    "  }\n"
	    "  class C%zu extends Array { #n = 1; get n() { return this.#n; } "
	    "}\n"
	    "  return [...out, ...new C%zu()].map((x) => x.toUpperCase());\n"
	    "};\n";
	size_t cap = kb * 1024 + sizeof(ts_unit) + sizeof(unit) + 64, n = 0,
	       i = 0;
	char *buf;

	if ((buf = malloc(cap)) == NULL)
		return NULL;
	while (n < kb * 1024) {
		n += (size_t)snprintf(
		    buf + n, cap - n, ts ? ts_unit : unit, i, i, i);
		i++;
	}
	*len = n;
	return buf;
}

static void
bench_lowering(size_t kb, int ts)
{
	struct lower_result lr;
	size_t len;
	char *src;
	double t0, best = 0;
	int r;

	if ((src = bench_corpus(kb, &len, ts)) == NULL)
		return;
	for (r = 0; r < 5; r++) {
		t0 = bench_us();
		if (lower_source_flags(src, len, LOWER_SCRIPT,
			ts ? LOWER_F_TS : 0, &lr) != 0) {
			printf("lowering: the corpus does not lower: %s\n",
			    lr.error);
			free(src);
			return;
		}
		t0 = bench_us() - t0;
		free(lr.code);
		if (r == 0 || t0 < best)
			best = t0;
	}
	printf("lowering%s: %.0f KB/s (%zu KB corpus, best of 5: %.1f ms "
	       "CPU)\n",
	    ts ? " (typescript)" : "", (double)len / 1024 / (best / 1e6),
	    len / 1024, best / 1e3);
	free(src);
}

static void
bench_heap(void)
{
	struct engine_options opt;
	struct engine *e;
	double t[BENCH_ITERS], td[BENCH_ITERS], t0;
	char err[256];
	size_t peak = 0, live = 0;
	int i;

	memset(&opt, 0, sizeof(opt));
	for (i = 0; i < BENCH_ITERS; i++) {
		t0 = bench_us();
		if ((e = engine_create(&opt, err, sizeof(err))) == NULL) {
			printf("heap: %s\n", err);
			return;
		}
		t[i] = bench_us() - t0;
		peak = engine_mem_peak(e);
		live = engine_mem_live(e);
		t0 = bench_us();
		engine_destroy(e);
		td[i] = bench_us() - t0;
	}
	printf(
	    "heap+prelude create: median %.0f us CPU, destroy: median %.0f us "
	    "(%d runs)\n",
	    bench_median(t, BENCH_ITERS), bench_median(td, BENCH_ITERS),
	    BENCH_ITERS);
	printf("fresh heap with the runtime: live %zu B, peak %zu B\n", live,
	    peak);
}

/* Where heap+prelude time goes: bare heap, bytecode load, prelude run, destroy.
 */
static void
bench_breakdown(void)
{
	double t[4][BENCH_ITERS], t0;
	duk_context *ctx;
	size_t i, lazy = 0;

	for (i = 0; i < BENCH_ITERS; i++) {
		t0 = bench_us();
		if ((ctx = duk_create_heap_default()) == NULL)
			return;
		t[0][i] = bench_us() - t0;
		t0 = bench_us();
		duk_push_external_buffer(ctx);
		duk_config_buffer(ctx, -1, (void *)(uintptr_t)prelude_bytecode,
		    prelude_bytecode_len);
		duk_load_function(ctx);
		t[1][i] = bench_us() - t0;
		duk_push_object(ctx);
		duk_put_global_string(ctx, "__cm_native");
		t0 = bench_us();
		if (duk_pcall(ctx, 0) != DUK_EXEC_SUCCESS)
			printf("prelude: %s\n", duk_safe_to_string(ctx, -1));
		t[2][i] = bench_us() - t0;
		t0 = bench_us();
		duk_destroy_heap(ctx);
		t[3][i] = bench_us() - t0;
	}
	for (i = 0; i < prelude_group_count; i++)
		lazy += prelude_groups[i].len;
	printf("  of which: bare heap %.0f us, load %zu B of core bytecode "
	       "%.0f us, "
	       "run the core %.0f us; destroy %.0f us\n",
	    bench_median(t[0], BENCH_ITERS), prelude_bytecode_len,
	    bench_median(t[1], BENCH_ITERS), bench_median(t[2], BENCH_ITERS),
	    bench_median(t[3], BENCH_ITERS));
	printf("  lazy groups: %zu, %zu B of bytecode, loaded on first use\n",
	    prelude_group_count, lazy);
}

/* CPU time of running src as a script in a fresh heap (median). */
static double
bench_first(const char *src)
{
	struct engine_options opt;
	struct script_outcome out;
	struct engine *e;
	double t[BENCH_ITERS / 4], t0;
	char err[256];
	size_t i, n = BENCH_ITERS / 4;

	memset(&opt, 0, sizeof(opt));
	for (i = 0; i < n; i++) {
		if ((e = engine_create(&opt, err, sizeof(err))) == NULL) {
			printf("first use: %s\n", err);
			return -1;
		}
		t0 = bench_us();
		script_run(e, src, strlen(src), "bench", &out);
		t[i] = bench_us() - t0;
		if (out.status != SCRIPT_OK)
			printf("first use `%s`: %s\n", src,
			    out.message != NULL ? out.message : "failed");
		script_outcome_free(&out);
		engine_destroy(e);
	}
	return bench_median(t, n);
}

/* What the first touch of each lazy group costs (with the groups it needs). */
static void
bench_lazy(void)
{
	static const char *const uses[][2] = {
		{ "console", "console.log({ a: [1, 'x'] })" },
		{ "locale", "(1234.5).toLocaleString()" },
		{ "clone", "structuredClone({ a: 1 })" },
		{ "encoding", "new TextEncoder().encode('x')" },
		{ "events", "new EventTarget()" },
		{ "url", "new URL('https://a.example/b?c=d')" },
		{ "fetch", "new Headers({ a: 'b' })" },
		{ "crypto", "crypto.randomUUID()" },
		{ "absent", "typeof caches.open" },
		/* cold groups: a warm heap does not carry them either */
		{ "proxy", "new Proxy({}, {})" },
		{ "buffer", "new Uint8Array(4)" },
	};
	struct engine_options opt;
	struct engine *e;
	double base = bench_first("0"), t, tp[BENCH_ITERS / 4], t0;
	char err[256];
	size_t i, live = 0, n = BENCH_ITERS / 4;

	memset(&opt, 0, sizeof(opt));
	for (i = 0; i < n; i++) {
		if ((e = engine_create(&opt, err, sizeof(err))) == NULL)
			return;
		t0 = bench_us();
		if (engine_preload(e) != 0)
			printf("preload failed\n");
		tp[i] = bench_us() - t0;
		live = engine_mem_live(e);
		engine_destroy(e);
	}
	printf("  engine_preload (every group: a zygote's warm heap): "
	       "%.0f us, live %zu B\n",
	    bench_median(tp, n), live);

	printf("  first use of a lazy group (script CPU over a bare `0`, %.0f "
	       "us):\n",
	    base);
	for (i = 0; i < sizeof(uses) / sizeof(uses[0]); i++) {
		t = bench_first(uses[i][1]);
		printf("    %-9s %5.0f us  `%s`\n", uses[i][0], t - base,
		    uses[i][1]);
	}
}

/* The null host: an entry that makes no call never meets it. */
static int
bench_null_send(void *arg, enum execution_call kind, const char *json,
    size_t len, uint32_t call_id)
{
	return -1;
}

static int
bench_null_wait(
    void *arg, double ms, uint32_t *call_id, char **payload, size_t *len)
{
	return -1;
}

static void
bench_null_edge(void *arg, int waiting)
{
}

static void
bench_entry(void)
{
	static const char *const srcs[] = { "async () => 6*7",
		"function () { return 6*7; }" };
	static const struct execution_host host = { bench_null_send,
		bench_null_wait, bench_null_edge, NULL };
	struct execution_request er;
	struct engine_options opt;
	struct engine *e;
	double t[BENCH_ITERS], tc[BENCH_ITERS], t0, t1;
	char err[256], *msg;
	size_t k;
	int i, retained;

	memset(&opt, 0, sizeof(opt));
	memset(&er, 0, sizeof(er));
	er.timeout_ms = 5000;
	er.outbound_mode = "disabled";
	er.memory_limit_mb = 64;
	for (k = 0; k < sizeof(srcs) / sizeof(srcs[0]); k++) {
		er.code = srcs[k];
		for (i = 0; i < BENCH_ITERS; i++) {
			t0 = bench_us();
			if ((e = engine_create(&opt, err, sizeof(err))) ==
			    NULL) {
				printf("entry: %s\n", err);
				return;
			}
			t1 = bench_us();
			msg = execution_run(e, &er, &host, &retained);
			t[i] = bench_us() - t1;
			engine_destroy(e);
			tc[i] = bench_us() - t0;
			if (msg == NULL ||
			    strcmp(msg,
				"{\"resultJson\":\"42\",\"logs\":[]}") != 0) {
				printf("entry `%s`: %s\n", srcs[k],
				    msg != NULL ? msg : "(none)");
				free(msg);
				break;
			}
			free(msg);
		}
		if (i < BENCH_ITERS)
			continue;
		printf("entry `%s` source to result: median %.0f us CPU (with "
		       "heap "
		       "create+destroy %.0f us)\n",
		    srcs[k], bench_median(t, BENCH_ITERS),
		    bench_median(tc, BENCH_ITERS));
	}
}

/*
 * CPU-bound entries as peers are compared on (issue 21, make bench-peers):
 * a sort of 100k numbers with a comparator, the default sort of the same,
 * and a JSON round trip of about 1.2 MB. Each runs in a fresh heap through
 * execution_run; its setup alone (the same code without the work) runs
 * in the same rounds, interleaved, and the figure is the difference of
 * the medians (CPU).
 */
#define BENCH_CPU_ROUNDS 5
#define BENCH_SORT_SETUP                                                       \
	"const a = []; let s = 12345;\n"                                       \
	"for (let i = 0; i < 100000; i++) { s = (s * 1103515245 + 12345) % "   \
	"2147483648; a.push(s / 2147483648); }\n"
#define BENCH_JSON_SETUP                                                       \
	"const items = [];\n"                                                  \
	"for (let i = 0; i < 11000; i++) items.push({ id: i, name: 'item-' + " \
	"i, tags: ['a', 'b', 'c'], price: i * 1.25, nested: { ok: i % 2 === "  \
	"0, note: 'some text here' } });\n"

/* make bench-peers' two CPU cases as bench/peers/cases.mjs has them: its
 * numbers are integers below 2^31 (no fractions), its JSON rows others. */
#define BENCH_PEERS_SORT_SETUP                                                 \
	"const a = new Array(100000); let x = 12345;\n"                        \
	"for (let i = 0; i < a.length; i++) { x = (x * 48271) % 2147483647; "  \
	"a[i] = x }\n"
#define BENCH_PEERS_JSON_SETUP                                                 \
	"const rows = [];\n"                                                   \
	"for (let i = 0; i < 10000; i++) rows.push({ id: i, name: 'user-' + "  \
	"i, email: 'user' + i + '@example.com', tags: ['alpha', 'beta', "      \
	"'gamma'], score: i * 0.5, active: i % 2 === 0 });\n"

#define BENCH_TA_SETUP                                                         \
	"const ta = new Float64Array(100000);\n"                               \
	"for (let i = 0; i < 100000; i++) ta[i] = i;\n"

static const struct bench_cpu {
	const char *name, *setup, *work;
} bench_cpus[] = {
	{ "sort of 100k numbers, (a, b) => a - b", BENCH_SORT_SETUP,
	    "a.sort((x, y) => x - y);" },
	{ "default sort of 100k numbers", BENCH_SORT_SETUP, "a.sort();" },
	{ "JSON round trip of 1.2 MB", BENCH_JSON_SETUP,
	    "const back = JSON.parse(JSON.stringify(items)); if "
	    "(back.length !== items.length) throw new Error('lost');" },
	/* engine/host/numconv.c: random doubles need 16 or 17 digits */
	{ "String + JSON of 100k doubles", BENCH_SORT_SETUP,
	    "let n = 0; for (let i = 0; i < a.length; i++) n += "
	    "String(a[i]).length; const back = JSON.parse(JSON.stringify(a)); "
	    "if (back[7] !== a[7] || n < 1000000) throw new Error('lost');" },
	/* `ta.length` is %TypedArray%.prototype's getter, answered in place
	 * by [[Get]] (cm_talen, engine/host/duk_buffer.inc) */
	{ "typed array loop, i < ta.length (1M reads)", BENCH_TA_SETUP,
	    "let s = 0; for (let r = 0; r < 10; r++) for (let i = 0; i < "
	    "ta.length; i++) s += ta[i]; if (s <= 0) throw new Error('sum');" },
	{ "peers: sort of 100k integers", BENCH_PEERS_SORT_SETUP,
	    "a.sort((p, q) => p - q); if (a[0] > a[99999]) throw new "
	    "Error('unsorted');" },
	{ "peers: JSON round trip of 1.2 MB", BENCH_PEERS_JSON_SETUP,
	    "const text = JSON.stringify(rows); const back = JSON.parse(text); "
	    "if (back.length !== rows.length) throw new Error('lost');" },
};

/* One entry `async () => { setup; work; return true; }` in a fresh heap:
 * its CPU in us, or -1. */
static double
bench_cpu_one(const char *setup, const char *work)
{
	static const struct execution_host host = { bench_null_send,
		bench_null_wait, bench_null_edge, NULL };
	struct execution_request er;
	struct engine_options opt;
	struct engine *e;
	char err[256], *msg, *code;
	double t;
	int retained, ok;

	code = malloc(strlen(setup) + strlen(work) + 64);
	if (code == NULL)
		return -1;
	sprintf(code, "async () => { %s%s\nreturn true; }", setup, work);
	memset(&opt, 0, sizeof(opt));
	memset(&er, 0, sizeof(er));
	er.code = code;
	er.timeout_ms = 60000;
	er.outbound_mode = "disabled";
	er.memory_limit_mb = 256;
	if ((e = engine_create(&opt, err, sizeof(err))) == NULL) {
		printf("cpu: %s\n", err);
		free(code);
		return -1;
	}
	t = bench_us();
	msg = execution_run(e, &er, &host, &retained);
	t = bench_us() - t;
	engine_destroy(e);
	ok = msg != NULL &&
	    strcmp(msg, "{\"resultJson\":\"true\",\"logs\":[]}") == 0;
	if (!ok)
		printf("cpu `%s`: %s\n", work, msg != NULL ? msg : "(none)");
	free(msg);
	free(code);
	return ok ? t : -1;
}

static void
bench_cpu(void)
{
	enum { N = sizeof(bench_cpus) / sizeof(bench_cpus[0]) };
	double work[N][BENCH_CPU_ROUNDS], base[N][BENCH_CPU_ROUNDS];
	size_t k;
	int r;

	printf("CPU-bound entries (fresh heap, median of %d, CPU; the setup's "
	       "own time taken off):\n",
	    BENCH_CPU_ROUNDS);
	for (r = 0; r < BENCH_CPU_ROUNDS; r++) {
		for (k = 0; k < N; k++) {
			base[k][r] = bench_cpu_one(bench_cpus[k].setup, "");
			work[k][r] = bench_cpu_one(
			    bench_cpus[k].setup, bench_cpus[k].work);
			if (base[k][r] < 0 || work[k][r] < 0)
				return;
		}
	}
	for (k = 0; k < N; k++) {
		double w = bench_median(work[k], BENCH_CPU_ROUNDS);
		double b = bench_median(base[k], BENCH_CPU_ROUNDS);

		printf("  %-40s %7.1f ms (whole entry %7.1f ms)\n",
		    bench_cpus[k].name, (w - b) / 1e3, w / 1e3);
	}
}

/*
 * RegExp as models use it, on our engine (RegExp on engine/regexp/ through
 * the prelude) against Duktape's own RegExp on a bare Duktape heap (what
 * the engine used before; named groups there are numbered ones, which only
 * favours Duktape). Each body runs BENCH_RX_ITERS times after the same
 * setup; the figure is (time with the iterations - time without) / iters.
 */
#define BENCH_RX_ITERS 20
#define BENCH_RX_SETUP                                                         \
	"var emails = [], csv = '', logs = [], text = '', i, it, re, c, j, "   \
	"m, rows, out;\n"                                                      \
	"for (i = 0; i < 200; i++) {\n"                                        \
	"  emails.push(i % 3 ? 'user.' + i + '@example' + (i % 7) + '.com' : " \
	"'not an email ' + i);\n"                                              \
	"  csv += 'id' + i + ', name ' + i + ' ,  ' + (i * 3.5) + "            \
	"',\"x\"\\n';\n"                                                       \
	"  logs.push('2024-01-02T03:04:' + (i % 60) + 'Z ' + (i % 5 ? 'INFO' " \
	": 'ERROR') + ' [svc' + (i % 4) + '] request ' + i + ' took ' + (i * " \
	"7 % 300) + 'ms');\n"                                                  \
	"}\n"                                                                  \
	"for (i = 0; i < 100; i++) text += 'the quick brown fox jumps over "   \
	"the lazy dog ';\n"                                                    \
	"var text2 = text; for (i = 0; i < 9; i++) text2 += text;\n"

static const struct bench_rx {
	const char *name, *ours, *duk;
} bench_rx_cases[] = {
	{ "e-mail check (test, 200 strings)",
	    "c = 0; re = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/; for (j = 0; j < "
	    "emails.length; j++) if (re.test(emails[j])) c++; if (c !== 133) "
	    "throw new Error('email ' + c);",
	    NULL },
	{ "CSV split (200 lines, split per line)",
	    "c = 0; rows = csv.split(/\\r?\\n/); for (j = 0; j < rows.length; "
	    "j++) c += rows[j].split(/\\s*,\\s*/).length; if (c !== 801) throw "
	    "new Error('csv ' + c);",
	    NULL },
	{ "log lines, named groups (exec, 200 lines)",
	    "c = 0; re = /^(?<ts>\\S+) (?<level>[A-Z]+) \\[(?<src>\\w+)\\] "
	    "(?<msg>.*)$/; for (j = 0; j < logs.length; j++) { m = "
	    "re.exec(logs[j]); if (m && m.groups.level === 'ERROR') c++; } if "
	    "(c !== 40) throw new Error('log ' + c);",
	    "c = 0; re = /^(\\S+) ([A-Z]+) \\[(\\w+)\\] (.*)$/; for (j = 0; j "
	    "< "
	    "logs.length; j++) { m = re.exec(logs[j]); if (m && m[2] === "
	    "'ERROR') c++; } if (c !== 40) throw new Error('log ' + c);" },
	{ "exec loop over 44 KB of text (/g, 1000 matches)",
	    "c = 0; re = /\\b(\\w+) dog/g; while ((m = re.exec(text2)) !== "
	    "null) c += m[1].length; if (c !== 4000) throw new Error('loop ' + "
	    "c);",
	    NULL },
	{ "global replace with a callback (900 matches)",
	    "out = text.replace(/\\b(\\w)(\\w*)/g, function (m, a, b) { return "
	    "a.toUpperCase() + b; }); if (out.length !== 4400 || out.slice(0, "
	    "9) !== 'The Quick') throw new Error('replace ' + out.length);",
	    NULL },
};

/* CPU us of one script on a fresh heap of ours, or -1. */
static double
bench_rx_ours(const char *src)
{
	struct engine_options opt;
	struct script_outcome out;
	struct engine *e;
	char err[256];
	double t0, t;

	memset(&opt, 0, sizeof(opt));
	if ((e = engine_create(&opt, err, sizeof(err))) == NULL) {
		printf("regexp: %s\n", err);
		return -1;
	}
	t0 = bench_us();
	if (script_run(e, src, strlen(src), "bench.js", &out) != SCRIPT_OK) {
		printf("regexp: %s\n", out.message);
		script_outcome_free(&out);
		engine_destroy(e);
		return -1;
	}
	t = bench_us() - t0;
	script_outcome_free(&out);
	engine_destroy(e);
	return t;
}

/* The same on a bare Duktape heap with Duktape's RegExp. */
static double
bench_rx_duk(const char *src)
{
	duk_context *ctx = duk_create_heap_default();
	double t0, t;

	if (ctx == NULL)
		return -1;
	t0 = bench_us();
	if (duk_peval_string(ctx, src) != 0) {
		printf("regexp (Duktape): %s\n", duk_safe_to_string(ctx, -1));
		duk_destroy_heap(ctx);
		return -1;
	}
	t = bench_us() - t0;
	duk_destroy_heap(ctx);
	return t;
}

static void
bench_regexp(void)
{
	double ours[5], duk[5], o0, o1, o, d;
	char *src;
	size_t k, len;
	int i, w;

	printf("regexp, per run of the body (median of 5, CPU):\n");
	for (k = 0; k < sizeof(bench_rx_cases) / sizeof(bench_rx_cases[0]);
	     k++) {
		const struct bench_rx *b = &bench_rx_cases[k];

		len = sizeof(BENCH_RX_SETUP) + 2 * strlen(b->ours) +
		    (b->duk ? 2 * strlen(b->duk) : 0) + 128;
		if ((src = malloc(len)) == NULL)
			return;
		for (i = 0; i < 5; i++) {
			for (w = 0; w < 2; w++) {
				const char *body =
				    w && b->duk ? b->duk : b->ours;

				snprintf(src, len,
				    "%sfor (it = 0; it < 1; it++) { %s }",
				    BENCH_RX_SETUP, body);
				o0 = w ? bench_rx_duk(src) : bench_rx_ours(src);
				snprintf(src, len,
				    "%sfor (it = 0; it < %d; it++) { %s }",
				    BENCH_RX_SETUP, BENCH_RX_ITERS + 1, body);
				o1 = w ? bench_rx_duk(src) : bench_rx_ours(src);
				if (o0 < 0 || o1 < 0) {
					free(src);
					return;
				}
				if (w)
					duk[i] = (o1 - o0) / BENCH_RX_ITERS;
				else
					ours[i] = (o1 - o0) / BENCH_RX_ITERS;
			}
		}
		free(src);
		o = bench_median(ours, 5);
		d = bench_median(duk, 5);
		printf("  %-44s ours %7.0f us, Duktape %7.0f us (%.2fx)\n",
		    b->name, o, d, d > 0 ? o / d : 0);
	}
}

/*
 * The warm heap a zygote freezes (every lazy group loaded) and the reset
 * back to it that a staying child does between executions, after a run
 * that used RegExp.
 */
static void
bench_image(void)
{
	static const char use[] =
	    "var m = /(?<a>\\d+)-(\\w+)/g.exec('x 12-ab');"
	    " 'a,b'.split(/,/); 'abc'.replace(/b/g, "
	    "function (x) { return x + x; });";
	struct engine_options opt;
	struct script_outcome out;
	struct engine *e;
	double t[BENCH_ITERS], t0;
	char err[256];
	int i;

	memset(&opt, 0, sizeof(opt));
	if ((e = engine_create(&opt, err, sizeof(err))) == NULL ||
	    engine_preload(e) != 0 || engine_freeze(e) != 0) {
		printf(
		    "image: %s\n", e == NULL ? err : "preload/freeze failed");
		engine_destroy(e);
		return;
	}
	for (i = 0; i < BENCH_ITERS; i++) {
		if (script_run(e, use, strlen(use), "use.js", &out) !=
		    SCRIPT_OK) {
			printf("image: %s\n", out.message);
			script_outcome_free(&out);
			break;
		}
		script_outcome_free(&out);
		t0 = bench_us();
		(void)engine_reset(e);
		t[i] = bench_us() - t0;
	}
	printf("warm heap image (every group loaded): %zu B; reset after a "
	       "RegExp run: median %.1f us CPU\n",
	    engine_image_bytes(e), bench_median(t, i));
	engine_destroy(e);
}

int
main(int argc, char **argv)
{
	/* --cpu: the CPU-bound entries alone (to compare two builds). */
	if (argc > 1 && strcmp(argv[1], "--cpu") == 0) {
		bench_cpu();
		return 0;
	}
	/* --entry: the trivial entries' latency alone. */
	if (argc > 1 && strcmp(argv[1], "--entry") == 0) {
		bench_entry();
		return 0;
	}
	/* --image: the warm image's size and its reset alone. */
	if (argc > 1 && strcmp(argv[1], "--image") == 0) {
		bench_image();
		return 0;
	}
	bench_lowering(16, 0);
	bench_lowering(64, 0);
	bench_lowering(64, 1);
	bench_heap();
	bench_breakdown();
	bench_lazy();
	bench_entry();
	bench_cpu();
	bench_image();
	bench_regexp();
	return 0;
}
