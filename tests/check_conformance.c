/*
 * The conformance suite's own logic: text references composed from
 * protocol.json, wildcard and prefix matching, structural diffs, timing
 * bounds, the case format checks, and the catalogue itself (it loads, every
 * text reference composes, no pinned text is typed out literally, and the
 * known-failures list names real cases).
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "proto/capnweb.h"
#include "proto/http.h"
#include "proto/ws.h"

#include "conformance/cases.h"
#include "cm_spec.h"
#include "codemode/protocol.h"
#include "conformance/expect.h"
#include "conformance/run.h"
#include "conformance/wire.h"
#include "proto/texts.h"

#define CASES_DIR "conformance/cases"
#define XFAIL_FILE "conformance/known-failures.txt"
#define SPEC_JSON "spec/protocol.json"

static char *
pattern_of(const char *spec_json, const char *execution_id)
{
	struct expect_vars vars = { execution_id };
	json_t *spec = json_loads(spec_json, JSON_DECODE_ANY, NULL);
	char err[256], *p;

	ck_assert_ptr_nonnull(spec);
	p = expect_text_pattern(spec, &vars, err, sizeof(err));
	json_decref(spec);
	return p;
}

START_TEST(test_consts_expand)
{
	char err[128], *s;

	s = expect_expand_consts("n={{PAYLOAD_LIMIT}}, m={{PAYLOAD_LIMIT+1}}, "
				 "k={{CONSOLE_CAPTURE_LIMIT-25}}",
	    err, sizeof(err));
	ck_assert_str_eq(s, "n=8388608, m=8388609, k=2097127");
	free(s);
	s = expect_expand_consts(
	    "{{BINARY_TAG}}:{{PAYLOAD_PART_TOOL_CALL}}", err, sizeof(err));
	ck_assert_str_eq(s, "__executor_binary_v1__:tool call");
	free(s);
	s = expect_expand_consts("no references {{ here", err, sizeof(err));
	ck_assert_str_eq(s, "no references {{ here");
	free(s);
	ck_assert_ptr_null(
	    expect_expand_consts("{{NO_SUCH}}", err, sizeof(err)));
	ck_assert_str_eq(err, "unknown constant reference {{NO_SUCH}}");
	ck_assert_ptr_null(
	    expect_expand_consts("{{BINARY_TAG+1}}", err, sizeof(err)));
}
END_TEST

START_TEST(test_text_pattern_composes_from_protocol_json)
{
	const char *v[1] = { "1000" };
	char *want = cm_text_compose("EXECUTION_TIMEOUT", v, 1);
	char *p = pattern_of("{\"text\": \"EXECUTION_TIMEOUT\", \"params\": "
			     "{\"timeout\": \"1000\"}}",
	    NULL);

	ck_assert_str_eq(p, want);
	ck_assert_int_eq(strncmp(p, CM_TIMEOUT_MESSAGE " at its 1000 ms bound.",
			     strlen(CM_TIMEOUT_MESSAGE) + 22),
	    0);
	free(p);
	free(want);
	/* Integers and constant references as parameter values. */
	p = pattern_of("{\"text\": \"EXECUTION_TIMEOUT\", \"params\": "
		       "{\"timeout\": 1000}}",
	    NULL);
	ck_assert_int_eq(strncmp(p, CM_TIMEOUT_MESSAGE " at its 1000 ms",
			     strlen(CM_TIMEOUT_MESSAGE) + 15),
	    0);
	free(p);
	p = pattern_of(
	    "{\"text\": \"PAYLOAD_TOO_LARGE\", \"params\": {\"part\": "
	    "\"{{PAYLOAD_PART_RUN_ANSWER}}\", \"size\": "
	    "\"{{PAYLOAD_LIMIT+1}}\", "
	    "\"limit\": \"{{PAYLOAD_LIMIT}}\"}}",
	    NULL);
	ck_assert_int_eq(strncmp(p,
			     "The run's answer is 8388609 characters, "
			     "past the 8388608 character bound",
			     72),
	    0);
	free(p);
	/* A string constant, a variable, a literal. */
	p = pattern_of("{\"const\": \"CONSOLE_CAPTURE_MESSAGE\"}", NULL);
	ck_assert_str_eq(p, cm_spec_string("CONSOLE_CAPTURE_MESSAGE"));
	free(p);
	p = pattern_of("{\"text\": \"HANDLES_CLOSED\", \"params\": "
		       "{\"executionId\": \"$executionId\"}}",
	    "abc123");
	ck_assert_int_eq(
	    strncmp(p, "Execution \"abc123\" holds no handles", 35), 0);
	free(p);
	p = pattern_of("\"literal {{PROTOCOL_VERSION}}\"", NULL);
	ck_assert_str_eq(p, "literal 1");
	free(p);
}
END_TEST

START_TEST(test_text_pattern_refuses_bad_specs)
{
	struct expect_vars none = { NULL };
	const char *bad[] = {
		"{\"text\": \"NO_SUCH_TEXT\"}",
		"{\"text\": \"EXECUTION_TIMEOUT\"}",
		"{\"text\": \"EXECUTION_TIMEOUT\", \"params\": {\"bound\": "
		"\"1\"}}",
		"{\"text\": \"EXECUTION_TIMEOUT\", \"params\": {\"timeout\": "
		"\"1\","
		" \"extra\": \"2\"}}",
		"{\"text\": \"TOOL_NOT_FOUND\", \"params\": {\"tool\": true}}",
		"{\"text\": \"HANDLES_CLOSED\", \"params\": {\"executionId\": "
		"\"$executionId\"}}",
		"{\"const\": \"NO_SUCH\"}",
		"42",
	};
	char err[256];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		json_t *spec = json_loads(bad[i], JSON_DECODE_ANY, NULL);

		err[0] = '\0';
		ck_assert_msg(
		    expect_text_pattern(spec, &none, err, sizeof(err)) == NULL,
		    "accepted %s", bad[i]);
		ck_assert_msg(err[0] != '\0', "no message for %s", bad[i]);
		json_decref(spec);
	}
	{
		json_t *spec = json_loads(bad[2], 0, NULL);

		expect_text_pattern(spec, &none, err, sizeof(err));
		ck_assert_str_eq(err,
		    "EXECUTION_TIMEOUT needs the parameter "
		    "timeout");
		json_decref(spec);
	}
}
END_TEST

START_TEST(test_wildcard_and_prefix_matching)
{
	char *p = pattern_of("{\"text\": \"QUEUE_OVERFLOW\", \"params\": "
			     "{\"maxQueue\": \"*\"}}",
	    NULL);
	const char *v[1] = { "100" };
	char *real = cm_text_compose("QUEUE_OVERFLOW", v, 1);

	ck_assert_ptr_nonnull(strchr(p, EXPECT_WILDCARD));
	ck_assert_int_eq(expect_text_match(p, real, 0), 1);
	/* The wildcard is one or more characters, never none. */
	v[0] = "";
	free(real);
	real = cm_text_compose("QUEUE_OVERFLOW", v, 1);
	ck_assert_int_eq(expect_text_match(p, real, 0), 0);
	free(real);
	free(p);
	ck_assert_int_eq(expect_text_match("abc", "abc", 0), 1);
	ck_assert_int_eq(expect_text_match("abc", "abcd", 0), 0);
	ck_assert_int_eq(expect_text_match("abc", "abcd", 1), 1);
	ck_assert_int_eq(expect_text_match("abc", "ab", 1), 0);
	ck_assert_int_eq(expect_text_match("", "anything", 1), 1);
	ck_assert_int_eq(expect_text_match("a\x01"
					   "c",
			     "abbc", 0),
	    1);
	ck_assert_int_eq(expect_text_match("a\x01"
					   "c",
			     "ac", 0),
	    0);
	ck_assert_int_eq(expect_text_match("a\x01"
					   "c",
			     "abcx", 0),
	    0);
	ck_assert_int_eq(expect_text_match("a\x01"
					   "c",
			     "abcx", 1),
	    1);
	ck_assert_int_eq(expect_text_match("a\x01", "a", 1), 0);
}
END_TEST

static char *
diff_of(const char *want, const char *got, int *n)
{
	struct expect_buf b = { 0 };
	json_t *w = want ? json_loads(want, JSON_DECODE_ANY, NULL) : NULL;
	json_t *g = got ? json_loads(got, JSON_DECODE_ANY, NULL) : NULL;
	char *r;

	*n = expect_json_diff(w, g, "result", &b);
	r = strdup(b.p ? b.p : "");
	expect_buf_free(&b);
	json_decref(w);
	json_decref(g);
	return r;
}

START_TEST(test_structural_diff)
{
	char *d;
	int n;

	d = diff_of("{\"a\": 1, \"b\": [1, 2.0, \"x\"]}",
	    "{\"b\": [1.0, 2, \"x\"], \"a\": 1.0}", &n);
	ck_assert_int_eq(n, 0);
	ck_assert_str_eq(d, "");
	free(d);
	d = diff_of("{\"a\": 1, \"b\": true}", "{\"a\": 2, \"c\": null}", &n);
	ck_assert_int_eq(n, 3);
	ck_assert_str_eq(d,
	    "result.a: want 1, got 2\n"
	    "result.b: want true, got undefined\n"
	    "result.c: want undefined, got null\n");
	free(d);
	d = diff_of("[1, 2, 3]", "[1, 5]", &n);
	ck_assert_int_eq(n, 3);
	ck_assert_str_eq(d,
	    "result: want 3 elements, got 2\n"
	    "result[1]: want 2, got 5\n"
	    "result[2]: want 3, got undefined\n");
	free(d);
	d = diff_of("\"42\"", "42", &n);
	ck_assert_int_eq(n, 1);
	ck_assert_str_eq(d, "result: want \"42\", got 42\n");
	free(d);
	d = diff_of(NULL, "null", &n);
	ck_assert_int_eq(n, 1);
	ck_assert_str_eq(d, "result: want undefined, got null\n");
	free(d);
	d = diff_of(NULL, NULL, &n);
	ck_assert_int_eq(n, 0);
	free(d);
}
END_TEST

START_TEST(test_render_cuts_long_values)
{
	char *big = malloc(10003), *r;
	json_t *v;

	memset(big, 'x', 10002);
	big[10002] = '\0';
	v = json_string(big);
	r = expect_render(v);
	ck_assert_int_lt(strlen(r), 250);
	ck_assert_ptr_nonnull(strstr(r, " ... "));
	ck_assert_ptr_nonnull(strstr(r, "(10004 bytes of JSON)"));
	free(r);
	json_decref(v);
	free(big);
	r = expect_render(NULL);
	ck_assert_str_eq(r, "undefined");
	free(r);
}
END_TEST

START_TEST(test_timing_bounds)
{
	struct expect_buf b = { 0 };

	ck_assert_int_eq(expect_bounds(1500, 1000, 2000, &b), 0);
	ck_assert_int_eq(expect_bounds(1500, -1, -1, &b), 0);
	ck_assert_ptr_null(b.p);
	ck_assert_int_eq(expect_bounds(999, 1000, -1, &b), 1);
	ck_assert_int_eq(expect_bounds(2001, -1, 2000, &b), 1);
	ck_assert_str_eq(b.p,
	    "elapsed: 999 ms, under the 1000 ms minimum\n"
	    "elapsed: 2001 ms, over the 2000 ms maximum\n");
	expect_buf_free(&b);
}
END_TEST

START_TEST(test_glob)
{
	ck_assert_int_eq(expect_glob("*", "anything"), 1);
	ck_assert_int_eq(expect_glob("faults.*", "faults.queue"), 1);
	ck_assert_int_eq(expect_glob("faults.*", "wire.faults.x"), 0);
	ck_assert_int_eq(
	    expect_glob("*.import-lift.*", "entry.import-lift.a"), 1);
	ck_assert_int_eq(expect_glob("a?c", "abc"), 1);
	ck_assert_int_eq(expect_glob("a?c", "ac"), 0);
}
END_TEST

START_TEST(test_expand_tree)
{
	struct expect_vars vars = { "id9" };
	json_t *in = json_loads("{\"{{BINARY_TAG}}\": \"Uint8Array\", \"m\": "
				"[{\"$text\": {\"text\": \"TOOL_NOT_FOUND\", "
				"\"params\": {\"tool\": "
				"\"x\"}}}, \"{{PAYLOAD_LIMIT}}\", 3]}",
	    0, NULL);
	char err[256], *s;
	json_t *out = expect_expand_tree(in, &vars, err, sizeof(err));

	ck_assert_ptr_nonnull(out);
	s = cm_dispatch_stringify(out);
	ck_assert_str_eq(s,
	    "{\"__executor_binary_v1__\":\"Uint8Array\","
	    "\"m\":[\"Tool \\\"x\\\" not found\",\"8388608\",3]}");
	free(s);
	json_decref(out);
	json_decref(in);
	/* A wildcard cannot stand inside a value compared structurally. */
	in = json_loads("{\"$text\": {\"text\": \"TOOL_NOT_FOUND\", \"params\":"
			" {\"tool\": \"*\"}}}",
	    0, NULL);
	ck_assert_ptr_null(expect_expand_tree(in, &vars, err, sizeof(err)));
	json_decref(in);
}
END_TEST

static int
validate(const char *def_json, char *err, size_t errlen)
{
	json_t *def = json_loads(def_json, 0, NULL);
	int rc;

	ck_assert_ptr_nonnull(def);
	rc = cases_validate(def, err, errlen);
	json_decref(def);
	return rc;
}

START_TEST(test_case_format_checks)
{
	char err[512];

	ck_assert_int_eq(
	    validate("{\"name\": \"ok\", \"request\": {\"code\": "
		     "\"async () => 1\"}, \"expect\": {\"result\": 1}}",
		err, sizeof(err)),
	    0);
	ck_assert_int_eq(validate("{\"name\": \"t\", \"request\": {\"code\": "
				  "\"x\"}, \"expect\": {\"reslut\": 1}}",
			     err, sizeof(err)),
	    -1);
	ck_assert_str_eq(err, "t: expect: unknown key \"reslut\"");
	ck_assert_int_eq(
	    validate("{\"request\": {\"code\": \"x\"}}", err, sizeof(err)), -1);
	ck_assert_str_eq(err, "a case needs a name");
	ck_assert_int_eq(
	    validate("{\"name\": \"t\", \"request\": {\"code\": "
		     "\"x\"}, \"expect\": {\"error\": {\"text\": \"NOPE\"}}}",
		err, sizeof(err)),
	    -1);
	ck_assert_str_eq(err, "t: error: no text named NOPE");
	ck_assert_int_eq(validate("{\"name\": \"t\", \"steps\": [{\"step\": "
				  "\"teleport\"}]}",
			     err, sizeof(err)),
	    -1);
	ck_assert_str_eq(err, "t: steps[0]: unknown step");
	ck_assert_int_eq(validate("{\"name\": \"t\"}", err, sizeof(err)), -1);
	ck_assert_str_eq(err, "t: neither a request nor steps");
	ck_assert_int_eq(
	    validate("{\"name\": \"t\", \"request\": {\"code\": "
		     "\"x\", \"dispatch\": {\"a.b\": {\"reslt\": 1}}}}",
		err, sizeof(err)),
	    -1);
	ck_assert_str_eq(err, "t: dispatch entry: unknown key \"reslt\"");
	ck_assert_int_eq(
	    validate("{\"name\": \"t\", \"request\": {\"code\": "
		     "\"x\"}, \"expect\": {\"result\": \"{{NOPE}}\"}}",
		err, sizeof(err)),
	    -1);
	ck_assert_str_eq(err, "t: result: unknown constant reference {{NOPE}}");
}
END_TEST

/* Every literal stretch of every template, 20 characters or longer. */
static size_t
template_segments(char segs[][256], size_t max)
{
	static const char *const templates[] = {
#define T(name, cls, tmpl, params, n, carriers, seed, code) tmpl,
		CM_SPEC_TEXTS(T)
#undef T
	};
	size_t i, n = 0;

	for (i = 0; i < sizeof(templates) / sizeof(templates[0]); i++) {
		const char *p = templates[i];

		while (*p && n < max) {
			size_t len = strcspn(p, "<");

			if (len >= 20) {
				snprintf(segs[n], 256, "%.*s",
				    (int)(len > 255 ? 255 : len), p);
				n++;
			}
			p += len;
			if (*p == '<')
				p += strcspn(p, ">") +
				    (p[strcspn(p, ">")] ? 1 : 0);
		}
	}
	return n;
}

/* Fails when a string inside `v` (rule and doc excepted) holds a segment. */
static void
scan_literals(const char *name, const json_t *v, char segs[][256], size_t n)
{
	const char *key;
	json_t *sub;
	size_t i;

	switch (json_typeof(v)) {
	case JSON_STRING:
		for (i = 0; i < n; i++)
			ck_assert_msg(
			    strstr(json_string_value(v), segs[i]) == NULL,
			    "%s types a pinned text literally (\"%s\"); "
			    "use a {\"text\": ...} reference",
			    name, segs[i]);
		break;
	case JSON_ARRAY:
		json_array_foreach(v, i, sub) scan_literals(name, sub, segs, n);
		break;
	case JSON_OBJECT:
		json_object_foreach(
		    (json_t *)v, key, sub) if (strcmp(key, "rule") != 0 &&
		    strcmp(key, "doc") != 0) scan_literals(name, sub, segs, n);
		break;
	default:
		break;
	}
}

START_TEST(test_catalogue_loads_and_pins_no_literal_texts)
{
	static char segs[256][256];
	struct cases_set set;
	char err[1024];
	size_t i, n, tagged = 0;

	ck_assert_msg(
	    cases_load_dir(CASES_DIR, &set, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_ge(set.n, 150);
	n = template_segments(segs, 256);
	ck_assert_uint_gt(n, 20);
	for (i = 0; i < set.n; i++) {
		const json_t *rule = json_object_get(set.v[i].def, "rule");

		ck_assert_msg(
		    json_is_string(rule) && json_string_length(rule) > 0,
		    "%s names no rule", set.v[i].name);
		scan_literals(set.v[i].name, set.v[i].def, segs, n);
		tagged += cases_has_tag(&set.v[i], "handles");
	}
	ck_assert_uint_gt(tagged, 10);
	/* The known failures name real cases. */
	ck_assert_msg(cases_load_xfail(XFAIL_FILE, &set, err, sizeof(err)) == 0,
	    "%s", err);
	{
		const char *g[2] = { "providers.name.reserved.*",
			"wire.handshake.*" };

		cases_filter(&set, g, 2);
		ck_assert_uint_ge(set.n, 10);
		ck_assert_int_eq(
		    expect_glob("wire.handshake.*", set.v[set.n - 1].name) ||
			expect_glob("wire.handshake.*", set.v[0].name),
		    1);
	}
	cases_free(&set);
}
END_TEST

START_TEST(test_xfail_file_refuses_unknown_names)
{
	struct cases_set set;
	char err[1024], path[] = "/tmp/cm-xfail-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");

	ck_assert_ptr_nonnull(f);
	fprintf(f,
	    "# comment\n\nwire.handshake.protocol-version-is-1 because\n"
	    "no.such.case reason\n");
	fclose(f);
	ck_assert_int_eq(cases_load_dir(CASES_DIR, &set, err, sizeof(err)), 0);
	ck_assert_int_eq(cases_load_xfail(path, &set, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, ":4: no case named no.such.case"));
	cases_free(&set);
	unlink(path);
}
END_TEST

/* ---- a fake executor: the upgrade, then protocolVersion() answers N ---- */

static int fake_version;
static char fake_path[108];
static pid_t fake_pid;

static void
fake_send(void *udata, const char *msg, size_t len)
{
	int fd = *(int *)udata;
	uint8_t *f = malloc(len + WS_MAX_HEADER);
	long n = f ? ws_frame_encode(WS_ROLE_SERVER, WS_OP_TEXT,
			 (const uint8_t *)msg, len, f, len + WS_MAX_HEADER)
		   : -1;

	if (n > 0 && write(fd, f, (size_t)n) != n)
		_exit(3);
	free(f);
}

static void
fake_main(void *udata, struct capnweb_call *call)
{
	static int invocations;
	const char *m = capnweb_call_method(call);
	char body[16];

	(void)udata;
	if (strcmp(m, "protocolVersion") == 0) {
		capnweb_call_resolve(call, json_integer(fake_version));
	} else if (strcmp(m, "execute") == 0) {
		/* The code is the result message to answer with. */
		capnweb_call_resolve(call,
		    json_loads(json_string_value(
				   json_array_get(capnweb_call_args(call), 0)),
			JSON_ALLOW_NUL, NULL));
	} else if (strcmp(m, "invokeHandle") == 0) {
		snprintf(body, sizeof(body), "%d", ++invocations);
		capnweb_call_resolve(call,
		    json_pack("{s:i, s:s, s:[], s:o}", "status", 200,
			"statusText", "OK", "headers", "body",
			capnweb_value_bytes(
			    body, strlen(body), "ArrayBuffer")));
	} else
		capnweb_call_reject_unknown(call);
}

static void
fake_conn(int fd)
{
	static uint8_t in[1 << 16];
	struct http_header hs[32];
	struct http_request req;
	struct http_ws_upgrade up;
	struct ws_assembler a;
	struct capnweb_config cfg;
	struct capnweb_session *s;
	char out[1024];
	size_t len = 0;
	long head = 0, n;

	while (head == 0) {
		ssize_t r = read(fd, in + len, sizeof(in) - len);

		if (r <= 0)
			return;
		len += (size_t)r;
		memset(&req, 0, sizeof(req));
		req.headers = hs;
		req.headers_cap = 32;
		head = http_parse_request((const char *)in, len, &req);
	}
	if (head < 0 || http_ws_check_request(&req, &up) != 0 ||
	    (n = http_build_ws_response(out, sizeof(out), &up)) <= 0 ||
	    write(fd, out, (size_t)n) != n)
		return;
	memmove(in, in + head, len - (size_t)head);
	len -= (size_t)head;
	ws_assembler_init(&a, WS_ROLE_SERVER, 1 << 16);
	memset(&cfg, 0, sizeof(cfg));
	cfg.main = fake_main;
	cfg.send = fake_send;
	cfg.send_udata = &fd;
	cfg.eager_resolve = 1;
	s = capnweb_session_new(&cfg);
	for (;;) {
		struct ws_event ev;
		ssize_t r;

		while (
		    len > 0 && (n = ws_assembler_feed(&a, in, len, &ev)) > 0) {
			if (ev.type == WS_EV_TEXT)
				capnweb_session_receive(
				    s, (const char *)ev.data, ev.len);
			memmove(in, in + n, len - (size_t)n);
			len -= (size_t)n;
			if (ev.type == WS_EV_CLOSE)
				goto done;
		}
		if ((r = read(fd, in + len, sizeof(in) - len)) <= 0)
			break;
		len += (size_t)r;
	}
done:
	capnweb_session_free(s);
	ws_assembler_free(&a);
}

static void
fake_start(int version)
{
	struct sockaddr_un sun;
	int lfd;

	fake_version = version;
	snprintf(fake_path, sizeof(fake_path), "/tmp/cm-conf-fake-%d.sock",
	    (int)getpid());
	unlink(fake_path);
	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	snprintf(sun.sun_path, sizeof(sun.sun_path), "%s", fake_path);
	lfd = socket(AF_UNIX, SOCK_STREAM, 0);
	ck_assert_int_ge(lfd, 0);
	ck_assert_int_eq(bind(lfd, (struct sockaddr *)&sun, sizeof(sun)), 0);
	ck_assert_int_eq(listen(lfd, 8), 0);
	if ((fake_pid = fork()) == 0) {
		for (;;) {
			int fd = accept(lfd, NULL, NULL);

			if (fd < 0)
				_exit(0);
			fake_conn(fd);
			close(fd);
		}
	}
	close(lfd);
}

static void
fake_stop(void)
{
	kill(fake_pid, SIGKILL);
	waitpid(fake_pid, NULL, 0);
	unlink(fake_path);
}

START_TEST(test_handshake_refuses_another_version)
{
	struct run_target t = { NULL, NULL, 0 };
	char url[160], err[1024], *text = NULL;
	int mismatch = 0;

	fake_start(2);
	snprintf(url, sizeof(url), "unix://%s", fake_path);
	t.url = url;
	ck_assert_ptr_null(run_connect(&t, &mismatch, err, sizeof(err)));
	ck_assert_int_eq(mismatch, 1);
	ck_assert_int_eq(
	    cm_check_protocol_version(2, CM_PROTOCOL_VERSION, &text), 1);
	ck_assert_int_eq(strncmp(err, "PROTOCOL_MISMATCH: ", 19), 0);
	ck_assert_int_eq(strncmp(err + 19, text, strlen(text)), 0);
	ck_assert_str_eq(
	    err + 19 + strlen(text), " (protocolVersion() answered 2)");
	free(text);
	fake_stop();
}
END_TEST

START_TEST(test_run_case_against_a_fake_executor)
{
	struct run_target t = { NULL, NULL, 0 };
	struct expect_buf diff = { 0 };
	struct wire_conn *conn = NULL;
	char url[160];
	json_t *ok =
	    json_loads("{\"name\": \"v\", \"steps\": [{\"step\": "
		       "\"protocolVersion\", \"expect\": {\"result\": 1}}]}",
		0, NULL);
	json_t *bad = json_loads(
	    "{\"name\": \"v\", \"steps\": [{\"step\": "
	    "\"protocolVersion\", \"expect\": {\"result\": 3}}, {\"step\": "
	    "\"closeHandles\", \"executionId\": \"x\", \"expect\": {}}]}",
	    0, NULL);

	fake_start(CM_PROTOCOL_VERSION);
	snprintf(url, sizeof(url), "unix://%s", fake_path);
	t.url = url;
	ck_assert_int_eq(run_case(&t, &conn, ok, &diff), 0);
	ck_assert_ptr_nonnull(conn);
	ck_assert(diff.p == NULL || diff.p[0] == '\0');
	/* The same connection serves the next case; both failures are told. */
	ck_assert_int_eq(run_case(&t, &conn, bad, &diff), 1);
	ck_assert_str_eq(diff.p,
	    "step 0 (protocolVersion):\n"
	    "result: want 3, got 1\n"
	    "step 1 (closeHandles):\n"
	    "the call was rejected: 'closeHandles' is not a function.\n");
	wire_close(conn);
	expect_buf_free(&diff);
	json_decref(ok);
	json_decref(bad);
	fake_stop();
}
END_TEST

/* Runs one case (JSON text) on the fake; returns run_case's code. */
static int
fake_case(const char *def_json, char **diff_out)
{
	struct run_target t = { NULL, NULL, 0 };
	struct expect_buf diff = { 0 };
	struct wire_conn *conn = NULL;
	json_t *def = json_loads(def_json, JSON_ALLOW_NUL, NULL);
	char url[160];
	int rc;

	ck_assert_ptr_nonnull(def);
	snprintf(url, sizeof(url), "unix://%s", fake_path);
	t.url = url;
	rc = run_case(&t, &conn, def, &diff);
	*diff_out = strdup(diff.p ? diff.p : "");
	expect_buf_free(&diff);
	if (conn)
		wire_close(conn);
	json_decref(def);
	return rc;
}

START_TEST(test_execute_and_invocation_checks)
{
	char *d;

	fake_start(CM_PROTOCOL_VERSION);
	/* Result, logs and the absent error all hold. */
	ck_assert_int_eq(
	    fake_case(
		"{\"name\": \"a\", \"request\": {\"code\": "
		"\"{\\\"resultJson\\\":\\\"[1,{\\\\\\\"a\\\\\\\":2}]\\\","
		"\\\"logs\\\":[{\\\"level\\\":\\\"warn\\\",\\\"text\\\":"
		"\\\"w\\\"}]}\"}, \"expect\": {\"result\": [1, {\"a\": 2.0}], "
		"\"logs\": [{\"level\": \"warn\", \"text\": \"w\"}]}}",
		&d),
	    0);
	ck_assert_str_eq(d, "");
	free(d);
	/* An error where a result was wanted: both differences are told. */
	ck_assert_int_eq(
	    fake_case("{\"name\": \"b\", \"request\": {\"code\": "
		      "\"{\\\"error\\\":\\\"boom\\\",\\\"logs\\\":[]}\"}, "
		      "\"expect\": {\"result\": 1, \"logsCount\": 1}}",
		&d),
	    1);
	ck_assert_str_eq(d,
	    "result: want 1, got undefined\n"
	    "error: want none, got \"boom\"\n"
	    "logs: want 1 lines, got 0\n");
	free(d);
	/* Three invocations at once, answered in order. */
	ck_assert_int_eq(
	    fake_case("{\"name\": \"c\", \"steps\": [{\"step\": "
		      "\"invokeHandle\", \"executionId\": \"e\", \"count\": 3, "
		      "\"expect\":"
		      " {\"responses\": [{\"bodyText\": \"1\"}, {\"bodyText\": "
		      "\"2\"}, "
		      "{\"status\": 200, \"bodyText\": \"9\"}]}}]}",
		&d),
	    1);
	ck_assert_str_eq(d,
	    "step 0 (invokeHandle):\ninvocation 2:\n"
	    "response.bodyText: want \"9\", got \"3\"\n");
	free(d);
	fake_stop();
}
END_TEST

/* Turns every "%%41%%" of an outgoing message into "A". */
static uint8_t *
letter_filter(void *udata, const char *msg, size_t len, size_t *out_len)
{
	uint8_t *out = malloc(len + 1);
	size_t i, n = 0;

	(void)udata;
	for (i = 0; i < len; i++) {
		if (i + 6 <= len && memcmp(msg + i, "%%41%%", 6) == 0) {
			out[n++] = 'A';
			i += 5;
		} else
			out[n++] = (uint8_t)msg[i];
	}
	*out_len = n;
	return out;
}

START_TEST(test_envelope_keys_nul_and_send_filter)
{
	struct run_target t = { NULL, NULL, 0 };
	struct expect_buf diff = { 0 };
	struct wire_conn *conn;
	char *d, url[160], err[256];
	json_t *def, *in, *out;
	int mismatch;

	fake_start(CM_PROTOCOL_VERSION);
	/* Exactly the listed members: a forged grant is an extra member. */
	ck_assert_int_eq(
	    fake_case("{\"name\": \"k\", \"request\": {\"code\": "
		      "\"{\\\"resultJson\\\":\\\"1\\\",\\\"logs\\\":[],"
		      "\\\"executionId\\\":\\\"x\\\"}\"}, \"expect\": "
		      "{\"result\": 1, \"envelopeKeys\": [\"resultJson\", "
		      "\"logs\", \"handles\"]}}",
		&d),
	    1);
	ck_assert_str_eq(d,
	    "envelope: member handles is missing\n"
	    "envelope: unexpected member executionId: \"x\"\n");
	free(d);
	ck_assert_int_eq(
	    fake_case("{\"name\": \"k\", \"request\": {\"code\": "
		      "\"{\\\"logs\\\":[]}\"}, \"expect\": "
		      "{\"noResult\": true, \"envelopeKeys\": [\"logs\"]}}",
		&d),
	    0);
	free(d);
	ck_assert_int_eq(validate("{\"name\": \"k\", \"request\": "
				  "{\"code\": \"x\"}, \"expect\": "
				  "{\"envelopeKeys\": \"logs\"}}",
			     err, sizeof(err)),
	    -1);
	ck_assert_str_eq(err, "k: envelopeKeys: want a list of member names");
	/* A text holding a NUL is compared whole, past the NUL. */
	ck_assert_int_eq(
	    fake_case("{\"name\": \"n\", \"request\": {\"code\": "
		      "\"{\\\"error\\\":\\\"a\\\\u0000c\\\",\\\"logs\\\":"
		      "[{\\\"level\\\":\\\"log\\\",\\\"text\\\":"
		      "\\\"x\\\\u0000z\\\"}]}\"}, \"expect\": {\"error\": "
		      "\"a\\u0000b\", \"logs\": [{\"level\": \"log\", "
		      "\"text\": \"x\\u0000y\"}]}}",
		&d),
	    1);
	ck_assert_ptr_nonnull(strstr(d, "error: want \"a\\u0000b\""));
	ck_assert_ptr_nonnull(strstr(d, "logs[0].text: want \"x\\u0000y\""));
	free(d);
	ck_assert_int_eq(
	    fake_case("{\"name\": \"n\", \"request\": {\"code\": "
		      "\"{\\\"error\\\":\\\"a\\\\u0000b\\\",\\\"logs\\\":"
		      "[{\\\"level\\\":\\\"log\\\",\\\"text\\\":"
		      "\\\"x\\\\u0000y\\\"}]}\"}, \"expect\": {\"error\": "
		      "\"a\\u0000b\", \"logs\": [{\"level\": \"log\", "
		      "\"text\": \"x\\u0000y\"}]}}",
		&d),
	    0);
	free(d);
	/* The filter rewrites what goes out: the fake answers with the code. */
	snprintf(url, sizeof(url), "unix://%s", fake_path);
	t.url = url;
	conn = run_connect(&t, &mismatch, err, sizeof(err));
	ck_assert_ptr_nonnull(conn);
	wire_set_send_filter(conn, letter_filter, NULL);
	def =
	    json_loads("{\"name\": \"f\", \"request\": {\"code\": "
		       "\"{\\\"resultJson\\\":\\\"\\\\\\\"%%41%%\\\\\\\"\\\","
		       "\\\"logs\\\":[]}\"}, \"expect\": {\"result\": \"A\"}}",
		0, NULL);
	ck_assert_ptr_nonnull(def);
	ck_assert_int_eq(run_case(&t, &conn, def, &diff), 0);
	json_decref(def);
	wire_close(conn);
	expect_buf_free(&diff);
	fake_stop();
	/* A string holding a NUL expands to itself, NUL included. */
	in = json_stringn("a\0{{PAYLOAD_LIMIT}}", 18);
	out = expect_expand_tree(in, NULL, err, sizeof(err));
	ck_assert_ptr_nonnull(out);
	ck_assert_int_eq(json_string_length(out), 18);
	ck_assert(json_equal(in, out));
	json_decref(in);
	json_decref(out);
}
END_TEST

START_TEST(test_url_parse)
{
	struct wire_url u;
	char err[256];

	ck_assert_int_eq(
	    wire_url_parse("unix:///run/x.sock", &u, err, sizeof(err)), 0);
	ck_assert_int_eq(u.is_unix, 1);
	ck_assert_str_eq(u.path, "/run/x.sock");
	ck_assert_int_eq(
	    wire_url_parse("ws://127.0.0.1:8080/api/v1", &u, err, sizeof(err)),
	    0);
	ck_assert_int_eq(u.is_unix, 0);
	ck_assert_str_eq(u.host, "127.0.0.1");
	ck_assert_str_eq(u.port, "8080");
	ck_assert_str_eq(u.path, "/api/v1");
	ck_assert_int_eq(
	    wire_url_parse("ws://example.test:1", &u, err, sizeof(err)), 0);
	ck_assert_str_eq(u.path, "/");
	ck_assert_int_eq(
	    wire_url_parse("ws://nohost/", &u, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "ws://nohost/: a ws URL needs host:port");
	ck_assert_int_eq(
	    wire_url_parse("unix://relative.sock", &u, err, sizeof(err)), -1);
	ck_assert_int_eq(
	    wire_url_parse("http://x:1/", &u, err, sizeof(err)), -1);
	ck_assert_str_eq(err,
	    "http://x:1/: the URL must start with unix:// "
	    "or ws://");
}
END_TEST

/*
 * The names whose words are ours, by spec/protocol.json's `origin`: every
 * text (and the constant a text is published as, CONSOLE_CAPTURE_MESSAGE)
 * and every constant recorded "ours". name -> true.
 */
static json_t *
ours_names(void)
{
	json_error_t je;
	json_t *spec = json_load_file(SPEC_JSON, 0, &je), *out, *e;
	const char *const lists[] = { "texts", "constants" };
	size_t i, k;

	ck_assert_msg(spec != NULL, "%s: %s", SPEC_JSON, je.text);
	out = json_object();
	for (k = 0; k < 2; k++)
		json_array_foreach(json_object_get(spec, lists[k]), i, e)
		{
			const char *o =
			    json_string_value(json_object_get(e, "origin"));
			const json_t *c = json_object_get(e, "constant");

			if (o == NULL || strcmp(o, "ours") != 0)
				continue;
			json_object_set_new(out,
			    json_string_value(json_object_get(e, "name")),
			    json_true());
			if (json_is_string(c))
				json_object_set_new(
				    out, json_string_value(c), json_true());
		}
	json_decref(spec);
	ck_assert_uint_gt(json_object_size(out), 20);
	return out;
}

/* Adds to `hits` every name of `ours` that the expectation `v` pins: a
 * TEXT ({"text"}, {"const"}, {"$text"}) or a {{NAME}} reference. */
static void
ours_scan(const json_t *v, const json_t *ours, json_t *hits)
{
	const char *key, *p, *q;
	json_t *sub;
	size_t i;

	if (v == NULL)
		return;
	switch (json_typeof(v)) {
	case JSON_STRING:
		for (p = json_string_value(v); (p = strstr(p, "{{")) != NULL;
		     p = q) {
			char name[128];
			size_t n;

			p += 2;
			for (q = p; *q && strchr("}+-", *q) == NULL; q++)
				;
			n = (size_t)(q - p);
			if (n == 0 || n >= sizeof(name))
				continue;
			memcpy(name, p, n);
			name[n] = '\0';
			if (json_object_get(ours, name))
				json_object_set_new(hits, name, json_true());
		}
		break;
	case JSON_ARRAY:
		json_array_foreach(v, i, sub) ours_scan(sub, ours, hits);
		break;
	case JSON_OBJECT:
		json_object_foreach((json_t *)v, key, sub)
		{
			if ((strcmp(key, "text") == 0 ||
				strcmp(key, "const") == 0) &&
			    json_is_string(sub) &&
			    json_object_get(ours, json_string_value(sub)))
				json_object_set_new(
				    hits, json_string_value(sub), json_true());
			ours_scan(sub, ours, hits);
		}
		break;
	default:
		break;
	}
}

/*
 * What a case's expectations pin of ours (its expect and every step's),
 * as "NAME, NAME" (malloc'd), or NULL when nothing. Inputs (code,
 * scripted answers) are not expectations and pin nothing.
 */
static char *
ours_pinned(const json_t *def, const json_t *ours)
{
	json_t *hits = json_object(), *st;
	const char *k;
	json_t *v;
	char *out = NULL, *next;
	size_t i;

	ours_scan(json_object_get(def, "expect"), ours, hits);
	json_array_foreach(json_object_get(def, "steps"), i, st)
	    ours_scan(json_object_get(st, "expect"), ours, hits);
	json_object_foreach(hits, k, v)
	{
		ck_assert_int_ge(asprintf(&next, "%s%s%s", out ? out : "",
				     out ? ", " : "", k),
		    0);
		free(out);
		out = next;
	}
	json_decref(hits);
	return out;
}

/*
 * A third party skips `ours` and `ours-text`: a case whose expectations
 * compare against a text or constant protocol.json records as ours must
 * carry one of them, or another implementation fails it for our words.
 */
START_TEST(test_cases_pinning_our_words_say_so)
{
	json_t *ours = ours_names();
	struct cases_set set;
	struct cases_case fake;
	char err[1024], *bad = NULL, *next, *pinned;
	size_t i;

	ck_assert_msg(
	    cases_load_dir(CASES_DIR, &set, err, sizeof(err)) == 0, "%s", err);
	for (i = 0; i < set.n; i++) {
		if (cases_has_tag(&set.v[i], "ours") ||
		    cases_has_tag(&set.v[i], "ours-text"))
			continue;
		if ((pinned = ours_pinned(set.v[i].def, ours)) == NULL)
			continue;
		ck_assert_int_ge(asprintf(&next, "%s\n  %s pins %s",
				     bad ? bad : "", set.v[i].name, pinned),
		    0);
		free(bad);
		free(pinned);
		bad = next;
	}
	ck_assert_msg(bad == NULL,
	    "cases pin texts protocol.json records as ours without an ours "
	    "or ours-text tag:%s",
	    bad ? bad : "");
	cases_free(&set);
	/* The scan sees each form: a text, a const, a {{NAME}} in a step. */
	memset(&fake, 0, sizeof(fake));
	fake.def = json_loads(
	    "{\"expect\": {\"logs\": [{\"level\": \"warn\", \"text\": "
	    "{\"const\": \"CONSOLE_CAPTURE_MESSAGE\"}}], \"error\": {\"text\": "
	    "\"FETCH_FAILED\", \"params\": {}}}, \"steps\": [{\"expect\": "
	    "{\"result\": \"a{{LIST_SEPARATOR}}b "
	    "{{CONSOLE_CAPTURE_LIMIT}}\"}}]}",
	    0, NULL);
	ck_assert_ptr_nonnull(fake.def);
	pinned = ours_pinned(fake.def, ours);
	ck_assert_ptr_nonnull(pinned);
	ck_assert_str_eq(
	    pinned, "CONSOLE_CAPTURE_MESSAGE, FETCH_FAILED, LIST_SEPARATOR");
	free(pinned);
	json_decref(fake.def);
	json_decref(ours);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("conformance");
	TCase *tc = tcase_create("matcher");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_consts_expand);
	tcase_add_test(tc, test_text_pattern_composes_from_protocol_json);
	tcase_add_test(tc, test_text_pattern_refuses_bad_specs);
	tcase_add_test(tc, test_wildcard_and_prefix_matching);
	tcase_add_test(tc, test_structural_diff);
	tcase_add_test(tc, test_render_cuts_long_values);
	tcase_add_test(tc, test_timing_bounds);
	tcase_add_test(tc, test_glob);
	tcase_add_test(tc, test_expand_tree);
	tcase_add_test(tc, test_case_format_checks);
	tcase_add_test(tc, test_catalogue_loads_and_pins_no_literal_texts);
	tcase_add_test(tc, test_xfail_file_refuses_unknown_names);
	tcase_add_test(tc, test_handshake_refuses_another_version);
	tcase_add_test(tc, test_run_case_against_a_fake_executor);
	tcase_add_test(tc, test_execute_and_invocation_checks);
	tcase_add_test(tc, test_envelope_keys_nul_and_send_filter);
	tcase_add_test(tc, test_url_parse);
	tcase_add_test(tc, test_cases_pinning_our_words_say_so);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
