/*
 * build/bench/rx_bench (make bench): rx against Duktape's own RegExp on the
 * patterns models write: an e-mail check, a CSV split, log lines parsed
 * with named groups, a global search of a text (what a global replace
 * does before its callback). Both engines get the same subjects and the
 * same pattern; Duktape's exec is called through the C API (one method call
 * per exec, as the runtime would), rx_exec directly on UTF-16. Each result
 * (matches and total captured length) is compared, so a figure never
 * comes from a broken run. Prints thread CPU time per round; asserts
 * nothing about time.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "duktape.h"
#include "regexp/rx.h"

#define BENCH_ROUNDS 30

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

struct workload {
	const char *name;
	const char *rx_pattern; /* for rx */
	const char *duk_pattern; /* the same for Duktape (no named groups) */
	unsigned flags;
	int global; /* all matches of each subject */
	char **subjects;
	size_t nsubjects;
};

/* A result both engines must agree on. */
struct tally {
	long matches;
	long captured; /* total length of every captured group */
};

static uint16_t *
bench_utf16(const char *s, size_t *n)
{
	size_t len = strlen(s), i;
	uint16_t *u = malloc((len + 1) * sizeof(*u));

	if (u == NULL)
		abort();
	/* the subjects are ASCII */
	for (i = 0; i < len; i++)
		u[i] = (unsigned char)s[i];
	*n = len;
	return u;
}

static double
bench_rx(const struct workload *w, struct tally *t)
{
	uint16_t *pat, **subj;
	size_t plen, *slen, k;
	struct rx_error err;
	rx_prog *p;
	int *caps, ng, g;
	double t0, t1;

	pat = bench_utf16(w->rx_pattern, &plen);
	if (rx_compile(pat, plen, w->flags, NULL, &p, &err) != 0) {
		fprintf(stderr, "rx_bench: %s: %s\n", w->name, err.msg);
		exit(1);
	}
	ng = rx_ngroups(p);
	caps = malloc(2 * sizeof(int) * (size_t)ng);
	subj = malloc(w->nsubjects * sizeof(*subj));
	slen = malloc(w->nsubjects * sizeof(*slen));
	if (caps == NULL || subj == NULL || slen == NULL)
		abort();
	for (k = 0; k < w->nsubjects; k++)
		subj[k] = bench_utf16(w->subjects[k], &slen[k]);
	memset(t, 0, sizeof(*t));
	t0 = bench_us();
	for (k = 0; k < w->nsubjects; k++) {
		size_t at = 0;
		while (at <= slen[k] &&
		    rx_exec(p, subj[k], slen[k], at, caps, NULL) == 1) {
			t->matches++;
			for (g = 0; g < ng; g++)
				if (caps[2 * g] >= 0)
					t->captured +=
					    caps[2 * g + 1] - caps[2 * g];
			if (!w->global)
				break;
			at = (size_t)caps[1] + (caps[1] == caps[0]);
		}
	}
	t1 = bench_us();
	for (k = 0; k < w->nsubjects; k++)
		free(subj[k]);
	free(subj);
	free(slen);
	free(caps);
	free(pat);
	rx_free(p);
	return t1 - t0;
}

static double
bench_duk(duk_context *ctx, const struct workload *w, struct tally *t)
{
	char src[512];
	size_t k;
	double t0, t1;

	snprintf(src, sizeof(src), "new RegExp(%s, '%s%s')", w->duk_pattern,
	    (w->flags & RX_I) ? "i" : "", w->global ? "g" : "");
	duk_eval_string(ctx, src); /* [re] */
	duk_require_stack(ctx, (duk_idx_t)w->nsubjects + 8);
	for (k = 0; k < w->nsubjects; k++)
		duk_push_string(ctx, w->subjects[k]);
	memset(t, 0, sizeof(*t));
	t0 = bench_us();
	for (k = 0; k < w->nsubjects; k++) {
		duk_push_int(ctx, 0);
		duk_put_prop_string(ctx, 0, "lastIndex");
		for (;;) {
			duk_idx_t n, g;
			duk_push_string(ctx, "exec");
			duk_dup(ctx, 1 + (duk_idx_t)k);
			if (duk_pcall_prop(ctx, 0, 1) != DUK_EXEC_SUCCESS) {
				fprintf(stderr, "rx_bench: %s: %s\n", w->name,
				    duk_safe_to_string(ctx, -1));
				exit(1);
			}
			if (duk_is_null(ctx, -1)) {
				duk_pop(ctx);
				break;
			}
			t->matches++;
			n = (duk_idx_t)duk_get_length(ctx, -1);
			for (g = 0; g < n; g++) {
				duk_get_prop_index(ctx, -1, (duk_uarridx_t)g);
				if (duk_is_string(ctx, -1))
					t->captured +=
					    (long)duk_get_length(ctx, -1);
				duk_pop(ctx);
			}
			duk_pop(ctx);
			if (!w->global)
				break;
		}
	}
	t1 = bench_us();
	duk_set_top(ctx, 0);
	return t1 - t0;
}

static void
bench_fatal(void *udata, const char *msg)
{
	(void)udata;
	fprintf(stderr, "rx_bench: duktape: %s\n", msg ? msg : "fatal");
	abort();
}

static char *
bench_fmt(const char *fmt, unsigned long a, unsigned long b)
{
	char buf[512];
	snprintf(buf, sizeof(buf), fmt, a, b, a % 97, b % 89, a % 23);
	return strdup(buf);
}

int
main(void)
{
	static char *emails[64], *csv[16], *logs[400], *texts[4];
	static const char *levels[] = { "INFO", "WARN", "ERROR", "DEBUG" };
	struct workload w[4];
	duk_context *ctx;
	size_t k, i;
	int rc = 0;

	for (k = 0; k < 64; k++)
		emails[k] =
		    bench_fmt(k % 3 ? "user%lu.name+tag%lu@example-%lu.co.uk"
				    : "not an email %lu at %lu dot com",
			k, k * 7);
	for (k = 0; k < 16; k++) {
		char line[2048];
		size_t o = 0;
		for (i = 0; i < 40; i++)
			o += (size_t)snprintf(line + o, sizeof(line) - o,
			    "%sfield %zu value %zu ", i ? " , " : "", i, k * i);
		csv[k] = strdup(line);
	}
	for (k = 0; k < 400; k++) {
		char line[256];
		snprintf(line, sizeof(line),
		    "2024-%02zu-%02zu 12:%02zu:%02zu [%s] request %zu served "
		    "in "
		    "%zu ms",
		    k % 12 + 1, k % 28 + 1, k % 60, (k * 7) % 60, levels[k % 4],
		    k, k * 3);
		logs[k] = strdup(line);
	}
	for (k = 0; k < 4; k++) {
		size_t o = 0, n = 12000;
		char *t = malloc(n);
		if (t == NULL)
			abort();
		for (i = 0; o + 64 < n; i++)
			o += (size_t)snprintf(t + o, n - o,
			    "the %s fox number %zu jumps over foo%zu and bar. ",
			    i % 5 ? "quick" : "lazy", i, i * k);
		texts[k] = t;
	}
	w[0] = (struct workload){ "email check",
		"^[\\w.+-]+@[\\w-]+\\.[\\w.-]+$",
		"'^[\\\\w.+-]+@[\\\\w-]+\\\\.[\\\\w.-]+$'", 0, 0, emails, 64 };
	w[1] = (struct workload){ "CSV split", "\\s*,\\s*", "'\\\\s*,\\\\s*'",
		0, 1, csv, 16 };
	w[2] = (struct workload){ "log line, named groups",
		"^(?<date>\\d{4}-\\d{2}-\\d{2}) (?<time>\\d{2}:\\d{2}:\\d{2}) "
		"\\[(?<level>[A-Z]+)\\] (?<msg>.*)$",
		"'^(\\\\d{4}-\\\\d{2}-\\\\d{2}) (\\\\d{2}:\\\\d{2}:\\\\d{2}) "
		"\\\\[([A-Z]+)\\\\] (.*)$'",
		0, 0, logs, 400 };
	w[3] = (struct workload){ "global search (replace)",
		"\\b(?:foo|bar)(\\d*)\\b", "'\\\\b(?:foo|bar)(\\\\d*)\\\\b'",
		RX_I, 1, texts, 4 };
	ctx = duk_create_heap(NULL, NULL, NULL, NULL, bench_fatal);
	if (ctx == NULL)
		return 1;
	printf("rx vs Duktape RegExp, median of %d rounds, thread CPU us per "
	       "round\n",
	    BENCH_ROUNDS);
	for (k = 0; k < 4; k++) {
		double a[BENCH_ROUNDS], b[BENCH_ROUNDS], ma, mb;
		struct tally ta, tb;
		int r;
		for (r = 0; r < BENCH_ROUNDS; r++) {
			a[r] = bench_rx(&w[k], &ta);
			b[r] = bench_duk(ctx, &w[k], &tb);
		}
		if (ta.matches != tb.matches || ta.captured != tb.captured) {
			fprintf(stderr,
			    "rx_bench: %s: rx found %ld matches (%ld "
			    "captured), "
			    "Duktape %ld (%ld)\n",
			    w[k].name, ta.matches, ta.captured, tb.matches,
			    tb.captured);
			rc = 1;
		}
		ma = bench_median(a, BENCH_ROUNDS);
		mb = bench_median(b, BENCH_ROUNDS);
		printf("  %-26s rx %9.1f us  duktape %9.1f us  (rx/duk %.2f, "
		       "%ld matches)\n",
		    w[k].name, ma, mb, mb > 0 ? ma / mb : 0.0, ta.matches);
	}
	duk_destroy_heap(ctx);
	for (k = 0; k < 64; k++)
		free(emails[k]);
	for (k = 0; k < 16; k++)
		free(csv[k]);
	for (k = 0; k < 400; k++)
		free(logs[k]);
	for (k = 0; k < 4; k++)
		free(texts[k]);
	return rc;
}
