/*
 * build/codemode-run: runs one file in a fresh engine.
 *
 *   codemode-run [--timeout MS] [--memory MB] [--typescript] --script FILE
 *	A classic script. print(...) and console.log/info/debug/warn/error
 *	all write one line to stdout (test262's harness reads stdout). An
 *	uncaught error prints "Name: message" on stdout and exits 1; a
 *	syntax error "SyntaxError: ..." and exit 1; timeout and memory
 *	limit print "RangeError: execution timeout" / "RangeError: out of
 *	memory" and exit 1. Unhandled rejections are not fatal.
 *	--timeout 0 / --memory 0 lift a bound; the defaults are the
 *	protocol's DEFAULT_TIMEOUT and DEFAULT_MEMORY_LIMIT.
 *   codemode-run [--timeout MS] [--memory MB] [--typescript] FILE
 *	An entry: FILE holds the code of an ExecuteRequest, such as
 *	`async () => 6 * 7`, run as a request file holding only "code" would
 *	be (execution_run with the null host: no tools, no outbound): the
 *	ExecuteResultMessage on one line, exit 0 (a result) or 1 (an error).
 *	--timeout 0 means the protocol's MAX_SUPPORTED_TIMEOUT, --memory 0 no
 *	limit; --memory takes whole MB here.
 *	--typescript (either form): FILE is TypeScript, its erasable type
 *	syntax stripped (engine/front/parser_ts.c); eval'd text stays
 *	JavaScript. A request file says so with "language" instead.
 *   codemode-run [--trace] --request FILE
 *	One ExecuteRequest from a JSON file (engine/run/request_file.h states
 *	the format), run as the daemon runs it, with the file's canned answers
 *	in place of the caller: the ExecuteResultMessage on one line, then
 *	one line per invocation of a retained handle. Exit 0 (a result), 1
 *	(an error in the envelope), 2 (not a request file), 3 (the engine
 *	failed). --trace writes each tool call and outbound request the
 *	sandbox sent, one JSON line each, on stderr.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cm_spec.h"
#include "cm_version.h"
#include "host/engine.h"
#include "script.h"
#include "request_file.h"
#include "run_request.h"
#include "tools/file.h"

static void
run_usage_to(FILE *f)
{
	fprintf(f,
	    "usage: codemode-run [--timeout MS] [--memory MB] "
	    "[--typescript] [--script] FILE\n"
	    "       codemode-run [--trace] --request FILE\n"
	    "       codemode-run --help | --version\n");
}

static void
run_usage(void)
{
	run_usage_to(stderr);
}

static void
run_write(void *arg, int stream, const char *s, size_t len)
{
	(void)arg;
	fwrite(s, 1, len, stream == 2 ? stderr : stdout);
}

/* The first refused allocation ends a script run at once. */
static void
run_oom(void *arg)
{
	(void)arg;
	fflush(stderr);
	fputs("RangeError: out of memory\n", stdout);
	fflush(stdout);
	_exit(1);
}

/* Parses a positive number option; returns -1 on junk. */
static int
run_number(const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	if (errno != 0 || end == s || *end != '\0' || !(*v >= 0))
		return -1;
	return 0;
}

/*
 * The entry form: a request of the file's code alone (the defaults of a
 * request file), then the options' bounds: timeout_ms < 0 and mb < 0 keep
 * the defaults. The exit status of run_request_run(), or 2.
 */
static int
run_entry(const char *file, const char *src, size_t len, double timeout_ms,
    double mb, int ts)
{
	struct request_file rq;
	json_t *o;
	char err[256], *text;
	int rc;

	o = json_pack("{s:s%}", "code", src, len);
	if (o != NULL && ts)
		json_object_set_new(
		    o, "language", json_string(CM_LANGUAGE_TYPESCRIPT));
	if (o != NULL && timeout_ms >= 0)
		json_object_set_new(o, "timeout",
		    timeout_ms == 0 ? json_null() : json_real(timeout_ms));
	text = o != NULL ? json_dumps(o, JSON_COMPACT) : NULL;
	json_decref(o);
	if (text == NULL) {
		fprintf(stderr, "codemode-run: %s: not UTF-8 text\n", file);
		return 2;
	}
	rc = request_file_parse(text, strlen(text), &rq, err, sizeof(err));
	free(text);
	if (rc != 0) {
		fprintf(stderr, "codemode-run: %s: %s\n", file, err);
		return 2;
	}
	if (mb >= 0)
		rq.memory_limit_mb = (unsigned)mb;
	rc = run_request_run(&rq, NULL);
	request_file_clear(&rq);
	return rc;
}

int
main(int argc, char **argv)
{
	struct engine_options opt;
	struct script_outcome out;
	struct engine *e;
	const char *file = NULL, *request = NULL;
	char err[256], *src;
	size_t len;
	double v, timeout_ms = -1, mb = -1;
	int i, script = 0, rc, trace = 0, bounds = 0;

	/* The protocol's defaults bound a run unless the options say otherwise.
	 */
	memset(&opt, 0, sizeof(opt));
	opt.timeout_ms = CM_DEFAULT_TIMEOUT;
	opt.memory_limit = (size_t)CM_DEFAULT_MEMORY_LIMIT << 20;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0) {
			run_usage_to(stdout);
			return 0;
		}
		if (strcmp(argv[i], "--version") == 0) {
			printf("codemode-run %s (protocol %d)\n",
			    CM_VERSION_STRING, CM_PROTOCOL_VERSION);
			return 0;
		}
		if (strcmp(argv[i], "--script") == 0)
			script = 1;
		else if (strcmp(argv[i], "--typescript") == 0)
			opt.typescript = 1, bounds = 1;
		else if (strcmp(argv[i], "--trace") == 0)
			trace = 1;
		else if (strcmp(argv[i], "--request") == 0 && i + 1 < argc &&
		    request == NULL)
			request = argv[++i];
		else if (strcmp(argv[i], "--timeout") == 0 && i + 1 < argc) {
			if (run_number(argv[++i], &v) != 0) {
				run_usage();
				return 2;
			}
			opt.timeout_ms = timeout_ms = v;
			bounds = 1;
		} else if (strcmp(argv[i], "--memory") == 0 && i + 1 < argc) {
			if (run_number(argv[++i], &v) != 0 || v > 1 << 20) {
				run_usage();
				return 2;
			}
			opt.memory_limit = (size_t)(v * 1048576.0);
			mb = v;
			bounds = 1;
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			run_usage();
			return 2;
		} else if (file == NULL)
			file = argv[i];
		else {
			run_usage();
			return 2;
		}
	}
	/* A request file states its own bounds. */
	if (request != NULL) {
		if (file != NULL || script || bounds) {
			run_usage();
			return 2;
		}
		return run_request_main(request, trace);
	}
	if (file == NULL || trace) {
		run_usage();
		return 2;
	}
	if ((src = file_read(file, &len)) == NULL) {
		fprintf(
		    stderr, "codemode-run: %s: %s\n", file, strerror(errno));
		return 2;
	}
	if (!script) {
		if (mb >= 0 && mb != floor(mb)) {
			run_usage();
			free(src);
			return 2;
		}
		rc = run_entry(file, src, len, timeout_ms, mb, opt.typescript);
		free(src);
		return rc;
	}
	opt.script_mode = 1;
	opt.write = run_write;
	opt.on_oom = run_oom;
	if ((e = engine_create(&opt, err, sizeof(err))) == NULL) {
		fprintf(stderr, "codemode-run: %s\n", err);
		free(src);
		return 2;
	}
	rc = script_run(e, src, len, file, &out) == SCRIPT_OK ? 0 : 1;
	if (rc != 0)
		printf("%s\n", out.message != NULL ? out.message : "Error");
	fflush(stdout);
	script_outcome_free(&out);
	engine_destroy(e);
	free(src);
	return rc;
}
