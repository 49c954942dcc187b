/*
 * build/codemode-conformance: replays the case catalogue against any
 * executor that speaks the wire protocol and reports each case (TAP lines,
 * a final "N passed, N failed" line, optionally a JSON report).
 * spec/conformance.md documents the options and the case format.
 */
#include <dirent.h>
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cm_spec.h"
#include "cm_version.h"
#include "cases.h"
#include "expect.h"
#include "run.h"
#include "wire.h"

#ifndef CONFORMANCE_CASES_DIR
#define CONFORMANCE_CASES_DIR "conformance/cases"
#endif

enum outcome { OUT_PASS, OUT_FAIL, OUT_XFAIL, OUT_XPASS, OUT_SKIP };

struct result {
	enum outcome outcome;
	char *diff; /* owned */
	double ms;
	int ran;
};

struct runner {
	struct run_target target;
	struct cases_set set;
	struct result *results;
	size_t next; /* next case to take, under lock */
	size_t done;
	int pass_serial; /* which cases this phase takes */
	int fatal; /* the executor could not be reached */
	char fatal_reason[600];
	pthread_mutex_t lock;
};

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: codemode-conformance --url URL [options]\n"
	    "  --url URL          unix:///path/to.sock or ws://host:port/path\n"
	    "  --cases DIR        the case files (default %s)\n"
	    "  --filter GLOB      only cases whose name matches GLOB "
	    "(repeatable: any)\n"
	    "  --skip-tag TAG     skip cases tagged TAG (repeatable); "
	    "skipped cases are listed\n"
	    "  --known-failures F report the cases F names as xfail\n"
	    "  --jobs N           N cases at once, over N connections "
	    "(default 1)\n"
	    "  --json FILE        write a machine-readable report\n"
	    "  --header 'N: v'    an extra handshake field (repeatable)\n"
	    "  --list             list the selected cases and their tags\n",
	    CONFORMANCE_CASES_DIR);
}

/* Prints one case's TAP lines; `r->diff` lines become comments. */
static void
print_result(const struct cases_case *c, size_t num, const struct result *r)
{
	const char *p, *nl;

	switch (r->outcome) {
	case OUT_PASS:
		printf("ok %zu - %s\n", num, c->name);
		break;
	case OUT_SKIP:
		printf(
		    "ok %zu - %s # SKIP tag %s\n", num, c->name, c->skip_tag);
		break;
	case OUT_XFAIL:
		printf("not ok %zu - %s # TODO xfail: %s\n", num, c->name,
		    c->xfail);
		break;
	case OUT_XPASS:
		printf("not ok %zu - %s # xpass: listed as a known failure "
		       "(%s) but passes; remove it from the list\n",
		    num, c->name, c->xfail);
		break;
	case OUT_FAIL:
		printf("not ok %zu - %s\n", num, c->name);
		break;
	}
	for (p = r->diff; p && *p; p = nl + 1) {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		printf("#   %.*s\n", (int)(nl - p), p);
		if (*nl == '\0')
			break;
	}
	fflush(stdout);
}

static void *
worker(void *arg)
{
	struct runner *rn = arg;
	struct wire_conn *conn = NULL;

	for (;;) {
		struct expect_buf diff = { 0 };
		struct cases_case *c;
		struct result *r;
		size_t i;
		double t0;
		int rc;

		pthread_mutex_lock(&rn->lock);
		while (rn->next < rn->set.n &&
		    (rn->set.v[rn->next].skip_tag ||
			rn->set.v[rn->next].serial != rn->pass_serial))
			rn->next++;
		if (rn->next >= rn->set.n || rn->fatal) {
			pthread_mutex_unlock(&rn->lock);
			break;
		}
		i = rn->next++;
		pthread_mutex_unlock(&rn->lock);
		c = &rn->set.v[i];
		r = &rn->results[i];
		t0 = wire_now_ms();
		rc = run_case(&rn->target, &conn, c->def, &diff);
		r->ms = wire_now_ms() - t0;
		if (rc < 0 && conn == NULL &&
		    strncmp(diff.p ? diff.p : "", "connect: ", 9) == 0) {
			/* No executor to talk to: every case would say so. */
			pthread_mutex_lock(&rn->lock);
			if (!rn->fatal) {
				rn->fatal = 1;
				snprintf(rn->fatal_reason,
				    sizeof(rn->fatal_reason), "%s", diff.p);
			}
			pthread_mutex_unlock(&rn->lock);
		}
		if (rc == 0)
			r->outcome = c->xfail ? OUT_XPASS : OUT_PASS;
		else
			r->outcome = c->xfail ? OUT_XFAIL : OUT_FAIL;
		r->diff = diff.p;
		r->ran = 1;
		pthread_mutex_lock(&rn->lock);
		print_result(c, i + 1, r);
		rn->done++;
		pthread_mutex_unlock(&rn->lock);
	}
	if (conn)
		wire_close(conn);
	return NULL;
}

/* Runs the selected cases of one phase on `jobs` threads. */
static void
run_phase(struct runner *rn, int serial, int jobs)
{
	pthread_t th[64];
	int i, started = 0;

	rn->next = 0;
	rn->pass_serial = serial;
	if (serial)
		jobs = 1;
	for (i = 0; i < jobs; i++)
		if (pthread_create(&th[i], NULL, worker, rn) == 0)
			started++;
	if (started == 0)
		worker(rn);
	for (i = 0; i < started; i++)
		pthread_join(th[i], NULL);
}

static int
write_report(const char *path, struct runner *rn, const size_t count[5])
{
	static const char *names[] = { "pass", "fail", "xfail", "xpass",
		"skip" };
	json_t *root, *list;
	size_t i;
	int rc;

	list = json_array();
	for (i = 0; i < rn->set.n; i++) {
		const struct cases_case *c = &rn->set.v[i];
		const struct result *r = &rn->results[i];
		json_t *tags = json_object_get(c->def, "tags");
		json_t *e = json_pack("{s:s, s:s, s:o, s:s, s:f}", "name",
		    c->name, "file", c->file, "tags",
		    tags ? json_incref(tags) : json_array(), "status",
		    names[r->outcome], "ms", r->ms);

		if (e && r->diff)
			json_object_set_new(e, "diff", json_string(r->diff));
		if (e && c->skip_tag)
			json_object_set_new(
			    e, "skippedByTag", json_string(c->skip_tag));
		if (e && c->xfail)
			json_object_set_new(
			    e, "knownFailure", json_string(c->xfail));
		json_array_append_new(list, e);
	}
	root = json_pack("{s:s, s:{s:I, s:I, s:I, s:I, s:I}, s:o}", "url",
	    rn->target.url, "summary", "passed", (json_int_t)count[OUT_PASS],
	    "failed", (json_int_t)(count[OUT_FAIL] + count[OUT_XPASS]), "xfail",
	    (json_int_t)count[OUT_XFAIL], "xpass", (json_int_t)count[OUT_XPASS],
	    "skipped", (json_int_t)count[OUT_SKIP], "cases", list);
	if (root && rn->fatal)
		json_object_set_new(
		    root, "fatal", json_string(rn->fatal_reason));
	rc = root ? json_dump_file(root, path, JSON_INDENT(2)) : -1;
	json_decref(root);
	return rc;
}

/*
 * The default catalogue: ./conformance/cases in a source tree, else the
 * one beside the binary (build/../conformance/cases) or installed under
 * share/. Returns a static path.
 */
static const char *
default_cases_dir(const char *fallback)
{
	static char path[4096];
	char exe[4000];
	ssize_t n;
	char *slash;
	DIR *d;

	if ((d = opendir(fallback)) != NULL) {
		closedir(d);
		return fallback;
	}
	if ((n = readlink("/proc/self/exe", exe, sizeof(exe) - 1)) <= 0)
		return fallback;
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) != NULL)
		*slash = '\0';
	snprintf(path, sizeof(path), "%s/../conformance/cases", exe);
	if ((d = opendir(path)) != NULL) {
		closedir(d);
		return path;
	}
	snprintf(
	    path, sizeof(path), "%s/../share/codemode/conformance/cases", exe);
	return path;
}

int
main(int argc, char **argv)
{
	static const struct option lo[] = { { "url", required_argument, NULL,
						'u' },
		{ "cases", required_argument, NULL, 'c' },
		{ "filter", required_argument, NULL, 'f' },
		{ "skip-tag", required_argument, NULL, 's' },
		{ "known-failures", required_argument, NULL, 'k' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "json", required_argument, NULL, 'J' },
		{ "header", required_argument, NULL, 'H' },
		{ "list", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' }, { NULL, 0, NULL, 0 } };
	struct runner rn;
	const char *dir = CONFORMANCE_CASES_DIR, *filter[16], *xfail = NULL;
	const char *report = NULL, *skip[64], *headers[16];
	size_t nskip = 0, nheaders = 0, nfilter = 0, i, j, count[5] = { 0 };
	int ch, jobs = 1, list = 0, rc;
	char err[1024];

	memset(&rn, 0, sizeof(rn));
	while ((ch = getopt_long(argc, argv, "hj:", lo, NULL)) != -1) {
		switch (ch) {
		case 'V':
			printf("codemode-conformance %s (protocol %d)\n",
			    CM_VERSION_STRING, CM_PROTOCOL_VERSION);
			return 0;
		case 'u':
			rn.target.url = optarg;
			break;
		case 'c':
			dir = optarg;
			break;
		case 'f':
			if (nfilter == 16) {
				fprintf(stderr, "too many --filter\n");
				return 2;
			}
			filter[nfilter++] = optarg;
			break;
		case 'k':
			xfail = optarg;
			break;
		case 'J':
			report = optarg;
			break;
		case 'l':
			list = 1;
			break;
		case 's':
			if (nskip == 64) {
				fprintf(stderr, "too many --skip-tag\n");
				return 2;
			}
			skip[nskip++] = optarg;
			break;
		case 'H':
			if (nheaders == 16) {
				fprintf(stderr, "too many --header\n");
				return 2;
			}
			headers[nheaders++] = optarg;
			break;
		case 'j':
			jobs = atoi(optarg);
			if (jobs < 1 || jobs > 64) {
				fprintf(stderr, "--jobs takes 1..64\n");
				return 2;
			}
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc || (rn.target.url == NULL && !list)) {
		usage(stderr);
		return 2;
	}
	rn.target.headers = headers;
	rn.target.nheaders = nheaders;
	if (strcmp(dir, CONFORMANCE_CASES_DIR) == 0)
		dir = default_cases_dir(dir);
	if (cases_load_dir(dir, &rn.set, err, sizeof(err)) != 0 ||
	    (xfail &&
		cases_load_xfail(xfail, &rn.set, err, sizeof(err)) != 0)) {
		fprintf(stderr, "codemode-conformance: %s\n", err);
		cases_free(&rn.set);
		return 2;
	}
	cases_filter(&rn.set, filter, nfilter);
	/* A filter that selects nothing is a typo, not a passing run. */
	if (nfilter > 0 && rn.set.n == 0) {
		fprintf(stderr,
		    "codemode-conformance: no case matches the --filter "
		    "given\n");
		cases_free(&rn.set);
		return 2;
	}
	for (i = 0; i < rn.set.n; i++)
		for (j = 0; j < nskip && rn.set.v[i].skip_tag == NULL; j++)
			if (cases_has_tag(&rn.set.v[i], skip[j]))
				rn.set.v[i].skip_tag = skip[j];
	if (list) {
		for (i = 0; i < rn.set.n; i++) {
			char *tags =
			    json_dumps(json_object_get(rn.set.v[i].def, "tags"),
				JSON_COMPACT | JSON_ENCODE_ANY);

			printf("%s %s%s%s\n", rn.set.v[i].name,
			    tags ? tags : "[]",
			    rn.set.v[i].skip_tag ? " (skipped)" : "",
			    rn.set.v[i].xfail ? " (known failure)" : "");
			free(tags);
		}
		printf("%zu cases\n", rn.set.n);
		cases_free(&rn.set);
		return 0;
	}
	if ((rn.results = calloc(
		 rn.set.n ? rn.set.n : 1, sizeof(*rn.results))) == NULL) {
		cases_free(&rn.set);
		return 2;
	}
	pthread_mutex_init(&rn.lock, NULL);
	printf("1..%zu\n", rn.set.n);
	/* Skipped cases are listed first, never silently dropped. */
	for (i = 0; i < rn.set.n; i++) {
		if (rn.set.v[i].skip_tag) {
			rn.results[i].outcome = OUT_SKIP;
			print_result(&rn.set.v[i], i + 1, &rn.results[i]);
		}
	}
	run_phase(&rn, 0, jobs);
	/* Cases tagged serial run alone, after the rest. */
	if (!rn.fatal)
		run_phase(&rn, 1, 1);
	for (i = 0; i < rn.set.n; i++) {
		const struct cases_case *c = &rn.set.v[i];

		if (!c->skip_tag && !rn.results[i].ran) {
			/* Never run: the executor was unreachable. */
			rn.results[i].outcome = c->xfail ? OUT_XFAIL : OUT_FAIL;
		}
		count[rn.results[i].outcome]++;
	}
	if (rn.fatal)
		printf("# the executor could not be used: %s", rn.fatal_reason);
	if (report && write_report(report, &rn, count) != 0)
		fprintf(
		    stderr, "codemode-conformance: cannot write %s\n", report);
	if (xfail)
		printf("%zu passed, %zu failed, %zu xfail, %zu skipped\n",
		    count[OUT_PASS], count[OUT_FAIL] + count[OUT_XPASS],
		    count[OUT_XFAIL], count[OUT_SKIP]);
	else
		printf("%zu passed, %zu failed, %zu skipped\n", count[OUT_PASS],
		    count[OUT_FAIL] + count[OUT_XPASS], count[OUT_SKIP]);
	rc = count[OUT_FAIL] + count[OUT_XPASS] == 0 && !rn.fatal ? 0 : 1;
	for (i = 0; i < rn.set.n; i++)
		free(rn.results[i].diff);
	free(rn.results);
	pthread_mutex_destroy(&rn.lock);
	cases_free(&rn.set);
	return rc;
}
