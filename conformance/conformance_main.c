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
	int by_profile; /* skipped by --profile, not by --skip-tag */
	size_t num; /* its TAP number: the order it was printed in */
};

struct runner {
	struct run_target target;
	struct cases_set set;
	struct result *results;
	size_t next; /* next case to take, under lock */
	size_t done;
	size_t printed; /* TAP lines so far, under lock */
	int pass_serial; /* which cases this phase takes */
	int fatal; /* the executor could not be reached */
	char fatal_reason[600];
	pthread_mutex_t lock;
};

static void
usage(FILE *f)
{
	const struct cases_setting *st;

	fprintf(f,
	    "usage: codemode-conformance --url URL [options]\n"
	    "  --url URL          unix:///path/to.sock or ws://host:port/path\n"
	    "  --cases DIR        the case files (default %s)\n"
	    "  --filter GLOB      only cases whose name matches GLOB "
	    "(repeatable: any)\n"
	    "  --skip-tag TAG     skip cases tagged TAG (repeatable); "
	    "skipped cases are listed\n"
	    "  --profile default  skip the cases whose server settings a "
	    "daemon started\n"
	    "                     without options lacks (below); 'full' "
	    "skips none\n"
	    "  --known-failures F report the cases F names as xfail\n"
	    "  --jobs N           N cases at once, over N connections "
	    "(default 1)\n"
	    "  --json FILE        write a machine-readable report\n"
	    "  --junit FILE       write a JUnit XML report\n"
	    "  --header 'N: v'    an extra handshake field (repeatable)\n"
	    "  --list             list the selected cases, their tags and "
	    "the settings\n"
	    "                     they need\n"
	    "  --version, --help\n"
	    "Server settings a case may need (its tag; a failure names "
	    "them):\n",
	    CONFORMANCE_CASES_DIR);
	for (st = cases_settings; st->tag; st++)
		fprintf(f, "  %-16s %s%s\n", st->tag, st->needs,
		    st->in_default ? "; a default daemon has it"
				   : "; skipped by --profile default");
	fprintf(f,
	    "Output is TAP version 13; spec/conformance.md and "
	    "codemode-conformance(1) say more.\n");
}

/*
 * Prints one case's TAP lines; `r->diff` lines become comments. Numbers
 * follow the printing order (under the runner's lock), so the plan and
 * the numbers stay in sequence whatever order the cases finish in.
 */
static void
print_result(struct runner *rn, const struct cases_case *c, struct result *r)
{
	const char *p, *nl;
	size_t num = r->num = ++rn->printed;

	switch (r->outcome) {
	case OUT_PASS:
		printf("ok %zu - %s\n", num, c->name);
		break;
	case OUT_SKIP:
		if (r->by_profile)
			printf("ok %zu - %s # SKIP needs %s, which the "
			       "profile's server lacks\n",
			    num, c->name, c->skip_tag);
		else
			printf("ok %zu - %s # SKIP tag %s\n", num, c->name,
			    c->skip_tag);
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
	/* A failing case that needs a setting says so first: the setting
	 * missing is the likeliest reason. */
	if (r->outcome == OUT_FAIL || r->outcome == OUT_XFAIL) {
		char *needs = cases_needs(c);

		if (needs != NULL)
			printf("#   %s\n", needs);
		free(needs);
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

/* What was skipped and why, one comment line per reason. */
static void
print_skip_summary(struct runner *rn)
{
	size_t i, j, n;

	for (i = 0; i < rn->set.n; i++) {
		const char *tag = rn->set.v[i].skip_tag;
		int prof = rn->results[i].by_profile, seen = 0;
		const struct cases_setting *st;

		if (tag == NULL)
			continue;
		for (j = 0; j < i && !seen; j++)
			seen = rn->set.v[j].skip_tag != NULL &&
			    strcmp(rn->set.v[j].skip_tag, tag) == 0 &&
			    rn->results[j].by_profile == prof;
		if (seen)
			continue;
		for (n = 0, j = i; j < rn->set.n; j++)
			n += rn->set.v[j].skip_tag != NULL &&
			    strcmp(rn->set.v[j].skip_tag, tag) == 0 &&
			    rn->results[j].by_profile == prof;
		for (st = cases_settings; st->tag; st++)
			if (strcmp(st->tag, tag) == 0)
				break;
		printf("# skipped %zu case%s tagged %s (%s)%s%s\n", n,
		    n == 1 ? "" : "s", tag,
		    prof ? "the default profile lacks it" : "--skip-tag",
		    st->tag ? ": needs " : "", st->tag ? st->needs : "");
	}
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
		print_result(rn, c, r);
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

		char *needs = cases_needs(c);

		if (e && r->diff)
			json_object_set_new(e, "diff", json_string(r->diff));
		if (e && needs)
			json_object_set_new(e, "needs", json_string(needs));
		free(needs);
		if (e && c->skip_tag)
			json_object_set_new(e,
			    r->by_profile ? "skippedByProfile" : "skippedByTag",
			    json_string(c->skip_tag));
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

/* Writes `s` with XML's five special characters escaped, and every control
 * character but tab and newline (which XML 1.0 cannot carry) as '?'. */
static void
xml_text(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '&')
			fputs("&amp;", f);
		else if (ch == '<')
			fputs("&lt;", f);
		else if (ch == '>')
			fputs("&gt;", f);
		else if (ch == '"')
			fputs("&quot;", f);
		else if (ch == '\'')
			fputs("&apos;", f);
		else if (ch < 0x20 && ch != '\n' && ch != '\t')
			fputc('?', f);
		else
			fputc(ch, f);
	}
}

/*
 * The JUnit XML report CI systems read: one testsuite per case file, one
 * testcase per case (classname the file's stem). A failure or xpass is
 * <failure> with the diff; a skip, <skipped> with why; an xfail counts as
 * <skipped> too, its message naming the known failure, because JUnit has
 * no expected-failure outcome and it must not fail the job.
 */
static int
write_junit(const char *path, struct runner *rn, double total_ms)
{
	FILE *f = fopen(path, "w");
	size_t i, j;

	if (f == NULL)
		return -1;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(f, "<testsuites name=\"codemode-conformance\" time=\"%.3f\">\n",
	    total_ms / 1000.0);
	for (i = 0; i < rn->set.n; i = j) {
		const char *file = rn->set.v[i].file;
		size_t tests = 0, failures = 0, skipped = 0, stem;
		double ms = 0;

		for (j = i;
		     j < rn->set.n && strcmp(rn->set.v[j].file, file) == 0;
		     j++) {
			enum outcome o = rn->results[j].outcome;

			tests++;
			ms += rn->results[j].ms;
			failures += o == OUT_FAIL || o == OUT_XPASS;
			skipped += o == OUT_SKIP || o == OUT_XFAIL;
		}
		stem = strlen(file);
		if (stem > 5 && strcmp(file + stem - 5, ".json") == 0)
			stem -= 5;
		fprintf(f,
		    "  <testsuite name=\"%.*s\" tests=\"%zu\" "
		    "failures=\"%zu\" errors=\"0\" skipped=\"%zu\" "
		    "time=\"%.3f\">\n",
		    (int)stem, file, tests, failures, skipped, ms / 1000.0);
		for (size_t k = i; k < j; k++) {
			const struct cases_case *c = &rn->set.v[k];
			const struct result *r = &rn->results[k];
			char *needs = cases_needs(c);

			fprintf(f, "    <testcase classname=\"%.*s\" name=\"",
			    (int)stem, file);
			xml_text(f, c->name);
			fprintf(f, "\" time=\"%.3f\"", r->ms / 1000.0);
			switch (r->outcome) {
			case OUT_PASS:
				fprintf(f, "/>\n");
				break;
			case OUT_SKIP:
				fprintf(f,
				    ">\n      <skipped message=\"%s %s\"/>\n"
				    "    </testcase>\n",
				    r->by_profile ? "profile lacks"
						  : "skipped by tag",
				    c->skip_tag);
				break;
			case OUT_XFAIL:
				fprintf(f,
				    ">\n      <skipped message=\"known "
				    "failure: ");
				xml_text(f, c->xfail);
				fprintf(f, "\"/>\n    </testcase>\n");
				break;
			case OUT_FAIL:
			case OUT_XPASS:
				fprintf(f, ">\n      <failure message=\"%s\">",
				    r->outcome == OUT_XPASS
					? "listed as a known failure but passes"
					: "an expectation did not hold");
				if (needs != NULL) {
					xml_text(f, needs);
					fputc('\n', f);
				}
				xml_text(f, r->diff ? r->diff : "");
				fprintf(f, "</failure>\n    </testcase>\n");
				break;
			}
			free(needs);
		}
		fprintf(f, "  </testsuite>\n");
	}
	fprintf(f, "</testsuites>\n");
	return fclose(f) == 0 ? 0 : -1;
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
		{ "junit", required_argument, NULL, 'X' },
		{ "profile", required_argument, NULL, 'P' },
		{ "header", required_argument, NULL, 'H' },
		{ "list", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' }, { NULL, 0, NULL, 0 } };
	struct runner rn;
	const char *dir = CONFORMANCE_CASES_DIR, *filter[16], *xfail = NULL;
	const char *report = NULL, *junit = NULL, *skip[64], *headers[16];
	const char *profile = NULL;
	double t_start;
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
		case 'X':
			junit = optarg;
			break;
		case 'P':
			if (strcmp(optarg, "default") != 0 &&
			    strcmp(optarg, "full") != 0) {
				fprintf(stderr,
				    "codemode-conformance: --profile takes "
				    "default or full\n");
				return 2;
			}
			profile = optarg;
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
	if ((rn.results = calloc(
		 rn.set.n ? rn.set.n : 1, sizeof(*rn.results))) == NULL) {
		cases_free(&rn.set);
		return 2;
	}
	for (i = 0; i < rn.set.n; i++) {
		const struct cases_setting *st;

		for (j = 0; j < nskip && rn.set.v[i].skip_tag == NULL; j++)
			if (cases_has_tag(&rn.set.v[i], skip[j]))
				rn.set.v[i].skip_tag = skip[j];
		if (rn.set.v[i].skip_tag == NULL && profile != NULL &&
		    strcmp(profile, "default") == 0 &&
		    (st = cases_outside_default(&rn.set.v[i])) != NULL) {
			rn.set.v[i].skip_tag = st->tag;
			rn.results[i].by_profile = 1;
		}
	}
	if (list) {
		for (i = 0; i < rn.set.n; i++) {
			char *tags =
			    json_dumps(json_object_get(rn.set.v[i].def, "tags"),
				JSON_COMPACT | JSON_ENCODE_ANY);
			char *needs = cases_needs(&rn.set.v[i]);

			printf("%s %s%s%s%s%s\n", rn.set.v[i].name,
			    tags ? tags : "[]", needs ? " (" : "",
			    needs ? needs : "", needs ? ")" : "",
			    rn.set.v[i].skip_tag    ? " (skipped)"
				: rn.set.v[i].xfail ? " (known failure)"
						    : "");
			free(tags);
			free(needs);
		}
		printf("%zu cases\n", rn.set.n);
		free(rn.results);
		cases_free(&rn.set);
		return 0;
	}
	pthread_mutex_init(&rn.lock, NULL);
	t_start = wire_now_ms();
	printf("TAP version 13\n1..%zu\n", rn.set.n);
	/* Skipped cases are listed first, never silently dropped. */
	for (i = 0; i < rn.set.n; i++) {
		if (rn.set.v[i].skip_tag) {
			rn.results[i].outcome = OUT_SKIP;
			print_result(&rn, &rn.set.v[i], &rn.results[i]);
		}
	}
	run_phase(&rn, 0, jobs);
	/* Cases tagged serial run alone, after the rest. */
	if (!rn.fatal)
		run_phase(&rn, 1, 1);
	for (i = 0; i < rn.set.n; i++) {
		const struct cases_case *c = &rn.set.v[i];

		if (!c->skip_tag && !rn.results[i].ran) {
			/* Never run: the executor was unreachable. It still
			 * gets its line, so the plan holds. */
			rn.results[i].outcome = c->xfail ? OUT_XFAIL : OUT_FAIL;
			rn.results[i].diff =
			    strdup("not run: the executor could not be used");
			print_result(&rn, c, &rn.results[i]);
		}
		count[rn.results[i].outcome]++;
	}
	if (rn.fatal)
		printf("# the executor could not be used: %s", rn.fatal_reason);
	print_skip_summary(&rn);
	if (junit && write_junit(junit, &rn, wire_now_ms() - t_start) != 0)
		fprintf(
		    stderr, "codemode-conformance: cannot write %s\n", junit);
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
