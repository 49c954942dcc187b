/*
 * Check suite for libclient/proto/texts.c and the generated spec: every text of
 * spec/protocol.json composed with parameters and compared byte for byte
 * (the seed's pinned texts typed out here on purpose, so a drift in the
 * spec fails), the metadata of each text, the timeout matcher, the
 * generated JavaScript object, and the generator's refusal of bad files.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <codemode/protocol.h>

#include "cm_spec.h"
#include "proto/texts.h"

#define TEXTS_TEST_MAX 8 /* parameters of one text, as texts.c allows */

#define CK_OWNED_STR(got, want)                                                \
	do {                                                                   \
		char *got_ = (got);                                            \
		ck_assert_ptr_nonnull(got_);                                   \
		ck_assert_str_eq(got_, (want));                                \
		free(got_);                                                    \
	} while (0)

struct text_case {
	const char *name;
	const char *values[3];
	const char *want;
	int from_seed;
};

static const struct text_case cases[] = {
	/* From the seed, byte for byte. */
	{ "EXECUTION_TIMEOUT", { "60000" },
	    "Execution timed out at its 60000 ms bound. Do less work per run "
	    "and "
	    "return the part that is already finished.",
	    1 },
	{ "MEMORY_LIMIT", { "128" },
	    "Execution ran out of memory at its 128 MB limit. Work through the "
	    "data "
	    "in smaller pieces and keep only what you return.",
	    1 },
	{ "OUTBOUND_DISABLED", { NULL },
	    "Outbound fetch is disabled for this execution. Anything this run "
	    "needs "
	    "from outside has to arrive through a tool call.",
	    1 },
	{ "MODULE_NOT_FOUND", { "lodash", "\"greeter\", \"util\"" },
	    "Module \"lodash\" is not in the module map. Import one of the "
	    "names it "
	    "declares: \"greeter\", \"util\".",
	    1 },
	{ "HANDLES_CLOSED", { "ex-1" },
	    "Execution \"ex-1\" holds no handles: they were closed, expired at "
	    "the "
	    "idle bound, or never granted. Execute again with retainHandles to "
	    "get "
	    "a fresh executionId.",
	    1 },
	{ "HANDLE_NOT_FOUND", { "ex-1", "scheduled", "\"fetch\"" },
	    "Execution \"ex-1\" has no handle named \"scheduled\". The granted "
	    "handles are: \"fetch\".",
	    1 },
	{ "COMPRESSION_ABSENT", { "CompressionStream" },
	    "CompressionStream is absent from this runtime by design. The host "
	    "applies content coding on the wire, so work with uncompressed "
	    "bytes.",
	    1 },
	{ "BUFFER_GROWTH_ABSENT", { "ArrayBuffer.prototype.resize" },
	    "ArrayBuffer.prototype.resize is absent from this runtime because "
	    "a "
	    "buffer that grows after it is created is allocated outside the "
	    "memory "
	    "limit this execution is metered against. Ask for the length you "
	    "need "
	    "when you create the buffer.",
	    1 },
	{ "CACHE_STORAGE_ABSENT", { NULL },
	    "Cache storage is absent from this runtime because nothing "
	    "survives an "
	    "execution. Return what should persist in the result and take it "
	    "back "
	    "as an input on the next call.",
	    1 },
	{ "TOOL_NOT_FOUND", { "deleteOrders" },
	    "Tool \"deleteOrders\" not found", 1 },
	{ "ENVELOPE_FAULT", { NULL },
	    "The dispatch answered outside the result envelope", 1 },
	{ "EXECUTION_COMPLETED", { NULL }, "Execution has already completed.",
	    1 },
	/* Ours, composed by the grammar. */
	{ "VALUE_TOO_DEEP", { "run's answer", "1000" },
	    "The run's answer nests deeper than 1000 levels of arrays and "
	    "objects, more than can be written as JSON here. Return a flatter "
	    "value, for example the nested levels as a list of rows.",
	    0 },
	{ "PAYLOAD_TOO_LARGE", { "tool call", "8388609", "8388608" },
	    "The tool call is 8388609 characters, past the 8388608 character "
	    "bound "
	    "on one payload. Send the same data in smaller pieces that each "
	    "stay "
	    "under the bound.",
	    0 },
	{ "REQUEST_TOO_LARGE", { "execute", "67108900", "62980096" },
	    "The execute request is 67108900 bytes once encoded, past the "
	    "62980096 byte message limit of the server, so it was not sent. "
	    "Send less in one call (keep the bulk behind a tool or in modules "
	    "the server already has); the connection and the calls on it go "
	    "on.",
	    0 },
	{ "QUEUE_OVERFLOW", { "100" },
	    "The executor turned this execution away because 100 executions "
	    "are "
	    "already waiting in its queue. Nothing of it ran, so submitting it "
	    "again after a short wait is safe.",
	    0 },
	{ "RESPONSE_TOO_LARGE", { "result envelope", "9000000", "8388608" },
	    "The result envelope is 9000000 bytes, past this server's 8388608 "
	    "byte "
	    "response limit. Return less from the run, or keep the bulk behind "
	    "a "
	    "tool and return a reference to it.",
	    0 },
	{ "MODULE_KEY_COLLISION", { "./greeter.js", "greeter", "greeter" },
	    "Module names \"./greeter.js\" and \"greeter\" both normalize to "
	    "\"greeter\", so the map cannot tell them apart. Keep one of the "
	    "two "
	    "entries or rename the other.",
	    0 },
	{ "UNSUPPORTED_MODULE_KIND", { "wasm" },
	    "Module \"wasm\" has no supported kind, so the executor cannot "
	    "load it. "
	    "Give it a source string, or an object with exactly one of the "
	    "keys js, "
	    "cjs, json, text or data holding a value of that kind.",
	    0 },
	{ "PROVIDER_NAME_PATTERN", { "my-store" },
	    "Provider name \"my-store\" cannot be declared because it is not "
	    "an "
	    "identifier of ASCII letters, digits, _ and $ that starts with a "
	    "non-digit. Rename the provider to such an identifier.",
	    0 },
	{ "PROVIDER_NAME_RESERVED", { "console" },
	    "Provider name \"console\" cannot be declared because the entry "
	    "scope "
	    "reserves it. Rename the provider to a name the entry scope leaves "
	    "free.",
	    0 },
	{ "PROVIDER_NAME_RESERVED_WORD", { "class" },
	    "Provider name \"class\" cannot be declared because it is an "
	    "ECMAScript "
	    "reserved word. Rename the provider to a name that is not one.",
	    0 },
	{ "PROVIDER_NAME_DUPLICATE", { "store" },
	    "Provider name \"store\" is declared more than once, and the entry "
	    "scope "
	    "can bind it only once. Merge the tools into one provider or "
	    "rename the "
	    "other one.",
	    0 },
	{ "CONSOLE_CAPTURE", { NULL },
	    "Console capture stopped at the 2097152 character limit of this "
	    "execution, so later lines were dropped. The run goes on "
	    "unaffected, so "
	    "return anything that still has to be read.",
	    0 },
	{ "RUN_NEVER_SETTLES", { NULL },
	    "The arrow's promise never settled, and nothing it could be "
	    "waiting on "
	    "is still pending. Resolve or reject every promise the arrow "
	    "awaits.",
	    0 },
	{ "WORKER_CRASHED", { "killed by signal 9" },
	    "The worker under this execution stopped before it answered: "
	    "killed by "
	    "signal 9. Its result is lost, and submitting it again starts it "
	    "on a "
	    "fresh worker.",
	    0 },
	{ "PROTOCOL_VERSION_MISMATCH", { "1", "2" },
	    "This side speaks protocol version 1 and the other side speaks 2, "
	    "and "
	    "the handshake requires them equal. Connect to an executor of the "
	    "same "
	    "release.",
	    0 },
	{ "PROTOCOL_UNKNOWN_OUTBOUND_MODE", { "proxy" },
	    "Outbound mode \"proxy\" is not one this protocol defines. Send "
	    "native, "
	    "stub or disabled.",
	    0 },
	{ "PROTOCOL_UNKNOWN_LANGUAGE", { "python" },
	    "Language \"python\" is not one this executor runs. Send "
	    "javascript or typescript, or leave the option out.",
	    0 },
	{ "PROTOCOL_STUB_WITHOUT_FUNCTION", { NULL },
	    "Outbound mode \"stub\" arrived without the outbound function it "
	    "names. "
	    "Send the function with that mode, or choose native or disabled.",
	    0 },
	{ "PROTOCOL_INVALID_UTF8", { "code" },
	    "The code is not valid UTF-8, the one text encoding this protocol "
	    "carries. Send the text encoded as UTF-8.",
	    0 },
	{ "CONNECTION_REJECTED",
	    { "ws://127.0.0.1:8080", "connection refused" },
	    "The connection to ws://127.0.0.1:8080 was rejected: connection "
	    "refused. Check the address and the handshake, then connect again.",
	    0 },
	{ "CONNECTION_BROKEN", { "WebSocket", "closed with code 1006" },
	    "The WebSocket under this call broke before it answered: closed "
	    "with "
	    "code 1006. The call's outcome is unknown; open a new connection "
	    "to "
	    "continue.",
	    0 },
	{ "INTERNAL", { "worker table out of step" },
	    "An invariant of the executor broke: worker table out of step. "
	    "Report "
	    "it with the request that caused it; the executor itself keeps "
	    "serving.",
	    0 },
	{ "FETCH_FAILED", { "Could not resolve host: up.test" },
	    "The fetch failed: Could not resolve host: up.test. Check the URL, "
	    "or "
	    "try again later.",
	    0 },
	{ "FETCH_RESPONSE_TOO_LARGE", { "8388608" },
	    "The response body passed the 8388608 byte bound of one fetch. Ask "
	    "for "
	    "less, for example a page or a range of it.",
	    0 },
	{ "FETCH_SCHEME", { NULL },
	    "Only http and https URLs can be fetched. Use an http or https "
	    "URL.",
	    0 },
	{ "FETCH_REQUEST_MALFORMED", { "the body is not base64" },
	    "The request was malformed: the body is not base64. Send method, "
	    "url, "
	    "headers as name and value pairs without line breaks, and the body "
	    "as "
	    "bytes.",
	    0 },
	{ "FETCH_NOT_STARTED", { "the executor ran out of memory" },
	    "The fetch could not start: the executor ran out of memory. Try "
	    "again "
	    "later.",
	    0 },
	{ "FETCH_DENIED",
	    { "127.0.0.1:8080",
		"loopback addresses (127.0.0.0/8) are closed by default" },
	    "The fetch to 127.0.0.1:8080 was refused by the executor's "
	    "outbound policy: loopback addresses (127.0.0.0/8) are closed by "
	    "default. Fetch an address the policy allows, or ask the "
	    "executor's operator to open this one.",
	    0 },
	{ "FETCH_TOO_MANY", { "80" },
	    "The fetch was refused: this run already has 80 fetches in flight "
	    "or waiting for a connection. Await some of them before starting "
	    "more.",
	    0 },
	{ "OUTBOUND_FUNCTION_BAD_ANSWER", { NULL },
	    "The outbound function answered with something that is not a "
	    "response. Return status, statusText, headers and body.",
	    0 },
	{ "OUTBOUND_FUNCTION_UNREACHABLE",
	    { "the caller's connection is gone" },
	    "The request could not reach the caller's outbound function: the "
	    "caller's connection is gone. Try again, or use another outbound "
	    "mode.",
	    0 },
	{ "CONNECTION_LIMIT", { "peer uid 1000", "512" },
	    "The peer uid 1000 already holds 512 open connections, the share "
	    "one peer may keep on this executor. Close a connection it no "
	    "longer uses, or wait for one to end, then connect again.",
	    0 },
	{ "CONNECTION_CAPACITY", { "1024" },
	    "The executor holds 1024 connections, as many as it admits, and "
	    "none of them is idle enough to close. Wait for a connection to "
	    "end, then connect again.",
	    0 },
	{ "HEAD_TIMEOUT", { "10000" },
	    "The request head did not arrive within 10000 ms, so the "
	    "connection is closed. Send the whole request head at once, then "
	    "read the answer.",
	    0 },
	{ "IDLE_TIMEOUT", { "600000" },
	    "The connection was idle for 600000 ms with nothing in flight. "
	    "Open a new connection to continue.",
	    0 },
	{ "HANDLES_LIMIT", { "64" },
	    "This connection already holds 64 executions that retain handles, "
	    "as many as one connection may hold. Close the handles it no "
	    "longer needs with closeHandles, or execute without "
	    "retainHandles.",
	    0 },
	{ "TOOL_CALL_UNREACHABLE", { "the caller's connection is gone" },
	    "The tool call could not reach the caller's dispatch: the caller's "
	    "connection is gone. The run may retry the call or return what it "
	    "already has.",
	    0 },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

START_TEST(every_text_composes)
{
	const struct text_case *c = &cases[_i];
	int id = texts_lookup(c->name);
	const struct texts_info *t;
	size_t n;

	ck_assert_msg(id >= 0, "no text %s", c->name);
	t = texts_info((enum cm_spec_text)id);
	ck_assert_str_eq(t->name, c->name);
	ck_assert_int_eq(t->from_seed, c->from_seed);
	for (n = 0; n < 3 && c->values[n] != NULL; n++)
		;
	ck_assert_uint_eq(t->nparams, n);
	CK_OWNED_STR(
	    texts_composev((enum cm_spec_text)id, c->values, n), c->want);
	CK_OWNED_STR(cm_text_compose(c->name, c->values, n), c->want);
	/* A wrong value count is refused, never half-filled. */
	ck_assert_ptr_null(
	    texts_composev((enum cm_spec_text)id, c->values, n + 1));
}
END_TEST

START_TEST(every_text_is_tested)
{
	size_t i, j;

	ck_assert_uint_eq(NCASES, CM_TEXT_COUNT);
	for (i = 0; i < CM_TEXT_COUNT; i++) {
		int seen = 0;

		for (j = 0; j < NCASES; j++)
			if (strcmp(cases[j].name,
				texts_info((enum cm_spec_text)i)->name) == 0)
				seen++;
		ck_assert_msg(seen == 1, "%s tested %d times",
		    texts_info((enum cm_spec_text)i)->name, seen);
	}
}
END_TEST

START_TEST(constants_and_metadata)
{
	const struct texts_info *t;

	ck_assert_str_eq(CM_TIMEOUT_MESSAGE, "Execution timed out");
	ck_assert_str_eq(
	    CM_EXECUTION_COMPLETED_MESSAGE, "Execution has already completed.");
	ck_assert_str_eq(CM_BINARY_TAG, "__executor_binary_v1__");
	ck_assert_str_eq(
	    CM_CONSOLE_CAPTURE_MESSAGE, CM_TEXT_CONSOLE_CAPTURE_TEMPLATE);
	ck_assert_int_eq(CM_PROTOCOL_VERSION, 1);
	ck_assert_int_eq(CM_DEFAULT_TIMEOUT, 60000);
	ck_assert_int_eq(CM_MAX_SUPPORTED_TIMEOUT, 2147483647);
	ck_assert_int_eq(CM_PAYLOAD_LIMIT, 8388608);
	ck_assert_int_eq(CM_CONSOLE_CAPTURE_LIMIT, 2097152);
	ck_assert_int_eq(CM_DEFAULT_GRACE, 1000);
	ck_assert_int_eq(CM_DEFAULT_MEMORY_LIMIT, 128);
	ck_assert_int_eq(CM_DEFAULT_SHUTDOWN_GRACE, 1000);
	ck_assert_int_eq(CM_POOL_MAX_WORKERS, -1);
	ck_assert_int_eq(CM_POOL_EXECUTIONS_PER_WORKER, 1);
	ck_assert_int_eq(CM_POOL_MAX_QUEUE, 100);
	ck_assert_int_eq(CM_POOL_RETIRE_AFTER_EXECUTIONS, 50);
	ck_assert_int_eq(CM_POOL_WORKER_MEMORY_LIMIT, 536870912);
	ck_assert_int_eq(CM_POOL_TERMINATION_DELAY, 5000);
	ck_assert_int_eq(CM_POOL_HANDLES_IDLE_TIMEOUT, 300000);
	ck_assert_str_eq(CM_SERVER_HOST, "127.0.0.1");
	ck_assert_int_eq(CM_SERVER_PORT, 8080);
	ck_assert_int_eq(CM_SERVER_PING_INTERVAL, 30000);
	ck_assert_int_eq(CM_SERVER_SHUTDOWN_DELAY, 0);
	ck_assert_int_eq(CM_SERVER_SHUTDOWN_DRAIN, 0);
	ck_assert_int_eq(CM_SERVER_RESPONSE_LIMIT, -1);
	ck_assert_int_eq(CM_CLIENT_ROTATE_AFTER_EXECUTIONS, 100);
	ck_assert_int_eq(CM_CLIENT_RECONNECT_RETRIES, 3);
	ck_assert_int_eq(CM_CLIENT_RECONNECT_BACKOFF, 250);

	t = texts_info(CM_TEXT_HANDLES_CLOSED);
	ck_assert_str_eq(t->class_name, "HandlesClosedError");
	ck_assert_str_eq(t->code, "HANDLES_CLOSED");
	ck_assert_uint_eq(t->carriers, CM_CARRIER_FAULT);
	t = texts_info(CM_TEXT_MODULE_NOT_FOUND);
	ck_assert_uint_eq(
	    t->carriers, CM_CARRIER_ENVELOPE | CM_CARRIER_REJECTION);
	ck_assert_ptr_null(t->code);
	ck_assert_ptr_null(texts_info(CM_TEXT_EXECUTION_COMPLETED)->class_name);
	ck_assert_uint_eq(
	    texts_info(CM_TEXT_CONSOLE_CAPTURE)->carriers, CM_CARRIER_LOG);
	ck_assert_ptr_null(texts_info(CM_TEXT_COUNT));
	ck_assert_int_eq(texts_lookup("NO_SUCH_TEXT"), -1);
	ck_assert_int_eq(texts_lookup(NULL), -1);
	ck_assert_ptr_null(cm_text_compose("NO_SUCH_TEXT", NULL, 0));
}
END_TEST

START_TEST(constant_lookup)
{
	long long v = 0;

	ck_assert_int_eq(cm_spec_integer("PAYLOAD_LIMIT", &v), 0);
	ck_assert_int_eq(v, 8388608);
	ck_assert_int_eq(cm_spec_integer("MAX_SUPPORTED_TIMEOUT", &v), 0);
	ck_assert_int_eq(v, 2147483647);
	ck_assert_int_eq(cm_spec_integer("SERVER_RESPONSE_LIMIT", &v), 0);
	ck_assert_int_eq(v, -1);
	ck_assert_int_eq(cm_spec_integer("BINARY_TAG", &v), -1);
	ck_assert_int_eq(cm_spec_integer(NULL, &v), -1);
	ck_assert_str_eq(
	    cm_spec_string("BINARY_TAG"), "__executor_binary_v1__");
	ck_assert_str_eq(
	    cm_spec_string("TIMEOUT_MESSAGE"), "Execution timed out");
	ck_assert_str_eq(cm_spec_string("CONSOLE_CAPTURE_MESSAGE"),
	    CM_CONSOLE_CAPTURE_MESSAGE);
	ck_assert_str_eq(cm_spec_string("SERVER_HOST"), "127.0.0.1");
	ck_assert_ptr_null(cm_spec_string("PAYLOAD_LIMIT"));
}
END_TEST

START_TEST(varargs_and_odd_values)
{
	/* Values holding placeholders or quotes are copied, never re-expanded.
	 */
	CK_OWNED_STR(texts_compose(CM_TEXT_TOOL_NOT_FOUND, "<tool>\""),
	    "Tool \"<tool>\"\" not found");
	CK_OWNED_STR(
	    texts_compose(CM_TEXT_TOOL_NOT_FOUND, ""), "Tool \"\" not found");
	CK_OWNED_STR(texts_compose(CM_TEXT_CONNECTION_REJECTED, "a", "b"),
	    "The connection to a was rejected: b. Check the address and the "
	    "handshake, then connect again.");
	{
		const char *vals[1] = { NULL };

		ck_assert_ptr_null(
		    texts_composev(CM_TEXT_TOOL_NOT_FOUND, vals, 1));
	}
}
END_TEST

START_TEST(timeout_matches)
{
	char *t = texts_compose(CM_TEXT_EXECUTION_TIMEOUT, "1500");

	ck_assert_int_eq(cm_timeout_text_matches(t), 1);
	free(t);
	ck_assert_int_eq(
	    cm_timeout_text_matches("Execution timed out at its 5 ms bound."),
	    1);
	ck_assert_int_eq(
	    cm_timeout_text_matches("Execution timed out at its 2147483647 ms "
				    "bound. Anything after."),
	    1);
	ck_assert_int_eq(cm_timeout_text_matches("Execution timed out"), 0);
	ck_assert_int_eq(
	    cm_timeout_text_matches("Execution timed out at its  ms bound."),
	    0);
	ck_assert_int_eq(
	    cm_timeout_text_matches("Execution timed out at its 5 s bound."),
	    0);
	ck_assert_int_eq(
	    cm_timeout_text_matches("execution timed out at its 5 ms bound."),
	    0);
	ck_assert_int_eq(cm_timeout_text_matches(NULL), 0);
	/* The same matcher serves any text: the first sentence only. */
	ck_assert_int_eq(texts_matches_first_sentence(
			     CM_TEXT_TOOL_NOT_FOUND, "Tool \"x\" not found"),
	    1);
	ck_assert_int_eq(texts_matches_first_sentence(CM_TEXT_OUTBOUND_DISABLED,
			     "Outbound fetch is disabled for this execution."),
	    1);
}
END_TEST

/* Reads build/gen/cm_spec.js: a comment line, "var __cm_spec = " JSON ";". */
START_TEST(generated_javascript)
{
	FILE *f = fopen("build/gen/cm_spec.js", "r");
	char *buf, *start, *end;
	long len;
	json_t *o, *t;
	json_error_t jerr;

	if (f == NULL)
		f = fopen("build/asan/gen/cm_spec.js", "r");
	ck_assert_msg(f != NULL, "run from the repository root after make");
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = calloc(1, (size_t)len + 1);
	ck_assert_uint_eq(fread(buf, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	start = strstr(buf, "\nvar __cm_spec = ");
	ck_assert_ptr_nonnull(start);
	start += strlen("\nvar __cm_spec = ");
	end = strrchr(buf, ';');
	ck_assert_ptr_nonnull(end);
	ck_assert_str_eq(end, ";\n");
	for (start = buf; *start != '\0';
	     start++) /* ES5 needs pure ASCII here */
		ck_assert_int_lt((unsigned char)*start, 0x80);
	start =
	    strstr(buf, "\nvar __cm_spec = ") + strlen("\nvar __cm_spec = ");
	o = json_loadb(start, (size_t)(end - start), 0, &jerr);
	ck_assert_msg(o != NULL, "cm_spec.js: %s", jerr.text);
	ck_assert_str_eq(
	    json_string_value(json_object_get(
		json_object_get(o, "constants"), "TIMEOUT_MESSAGE")),
	    CM_TIMEOUT_MESSAGE);
	ck_assert_str_eq(
	    json_string_value(json_object_get(
		json_object_get(o, "constants"), "CONSOLE_CAPTURE_MESSAGE")),
	    CM_CONSOLE_CAPTURE_MESSAGE);
	ck_assert_int_eq(json_integer_value(json_object_get(
			     json_object_get(o, "constants"), "PAYLOAD_LIMIT")),
	    CM_PAYLOAD_LIMIT);
	t = json_object_get(json_object_get(o, "texts"), "EXECUTION_TIMEOUT");
	ck_assert_str_eq(json_string_value(json_object_get(t, "template")),
	    CM_TEXT_EXECUTION_TIMEOUT_TEMPLATE);
	ck_assert_str_eq(
	    json_string_value(json_array_get(json_object_get(t, "params"), 0)),
	    "timeout");
	ck_assert_uint_eq(
	    json_object_size(json_object_get(o, "texts")), CM_TEXT_COUNT);
	ck_assert_str_eq(
	    json_string_value(json_object_get(
		json_object_get(o, "reservedProviderNames"), "__dispatch")),
	    "entry-scope");
	ck_assert_ptr_null(json_object_get(
	    json_object_get(o, "reservedProviderNames"), "fetch"));
	ck_assert_int_eq(json_is_true(json_object_get(
			     json_object_get(json_object_get(o, "errorCodes"),
				 "QUEUE_OVERFLOW"),
			     "retryable")),
	    1);
	json_decref(o);
	free(buf);
}
END_TEST

/* Runs the generator on `json` text; returns its exit status, stderr in `err`.
 */
static int
run_specgen(const char *json, char *err, size_t errlen)
{
	char cmd[512];
	FILE *f;
	int st;
	size_t n;
	const char *gen = access("build/tools/specgen", X_OK) == 0
	    ? "build/tools/specgen"
	    : "build/asan/tools/specgen";

	f = fopen("/tmp/check_texts_spec.json", "w");
	ck_assert_ptr_nonnull(f);
	fputs(json, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd),
	    "%s /tmp/check_texts_spec.json --header "
	    "/tmp/check_texts_spec.h 2>/tmp/check_texts_spec.err",
	    gen);
	remove("/tmp/check_texts_spec.h");
	st = system(cmd);
	f = fopen("/tmp/check_texts_spec.err", "r");
	ck_assert_ptr_nonnull(f);
	n = fread(err, 1, errlen - 1, f);
	err[n] = '\0';
	fclose(f);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

START_TEST(generator_refuses_bad_files)
{
	static const struct {
		const char *json, *msg;
	} bad[] = {
		{ "[]", "the document is not a JSON object" },
		{ "{\"format\":1,\"constants\":[{\"name\":\"x\"}]}",
		    "is not UPPER_SNAKE" },
		{ "{\"format\":2}", "$.format: expected 1" },
		{ "{\"format\":1,\"constants\":[{\"name\":\"A\",\"value\":1,"
		  "\"origin\":\"elsewhere\",\"doc\":\"\"}]}",
		    "neither \"seed\" nor \"ours\"" },
		{ "{\"format\":1,\"constants\":[],\"payload_parts\":[],\"error_"
		  "codes\":[],"
		  "\"texts\":[{\"name\":\"T\",\"class\":null,\"origin\":"
		  "\"ours\","
		  "\"template\":\"a <b> "
		  "c\",\"params\":[],\"carrier\":[\"log\"]}]}",
		    "<b> is not in params" },
		{ "{\"format\":1,\"constants\":[],\"payload_parts\":[],\"error_"
		  "codes\":[],"
		  "\"texts\":[{\"name\":\"T\",\"class\":null,\"origin\":"
		  "\"ours\","
		  "\"template\":\"{{NOPE}}\",\"params\":[],\"carrier\":["
		  "\"log\"]}]}",
		    "{{NOPE}} names no constant" },
		{ "{\"format\":1,\"constants\":[],\"payload_parts\":[],\"error_"
		  "codes\":[],"
		  "\"texts\":[{\"name\":\"T\",\"class\":null,\"origin\":"
		  "\"ours\","
		  "\"template\":\"x\",\"params\":[\"p\"],\"carrier\":[\"log\"]}"
		  "]}",
		    "\"p\" never appears in the template" },
		{ "{\"format\":1,\"constants\":[],\"payload_parts\":[],\"error_"
		  "codes\":[],"
		  "\"texts\":[{\"name\":\"T\",\"class\":null,\"origin\":"
		  "\"ours\","
		  "\"template\":\"x\",\"params\":[],\"carrier\":[\"pigeon\"]}]"
		  "}",
		    "expected envelope, rejection, fault or log" },
		{ "{\"format\":1,", "specgen: /tmp/check_texts_spec.json:" },
	};
	char err[1024];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(run_specgen(bad[i].json, err, sizeof(err)), 1);
		ck_assert_msg(
		    strstr(err, bad[i].msg) != NULL, "case %zu: %s", i, err);
		ck_assert_int_eq(access("/tmp/check_texts_spec.h", F_OK), -1);
	}
}
END_TEST

/*
 * Placeholders match their parameter name exactly, and that only matters
 * when one name of a text begins another (`<a>` against params "ab,a"):
 * no text has such a pair and every `<...>` in a template names one of its
 * parameters whole, so the prefix case cannot arise from the table. This
 * keeps that true as texts are added (the mutation list marks the exact
 * match equivalent on the strength of it).
 */
START_TEST(no_parameter_name_begins_another)
{
	size_t i, j, k;

	for (i = 0; i < CM_TEXT_COUNT; i++) {
		const struct texts_info *t = texts_info((enum cm_spec_text)i);
		char names[TEXTS_TEST_MAX][64];
		const char *q = t->params, *p;
		size_t n = 0;

		while (*q != '\0') {
			size_t len = strcspn(q, ",");

			ck_assert_uint_lt(n, TEXTS_TEST_MAX);
			ck_assert_uint_lt(len, sizeof(names[0]));
			memcpy(names[n], q, len);
			names[n++][len] = '\0';
			q += len;
			if (*q == ',')
				q++;
		}
		ck_assert_uint_eq(n, t->nparams);
		for (j = 0; j < n; j++)
			for (k = 0; k < n; k++)
				ck_assert_msg(j == k ||
					strncmp(names[j], names[k],
					    strlen(names[k])) != 0,
				    "%s: <%s> begins <%s>", t->name, names[k],
				    names[j]);
		for (p = t->template; (p = strchr(p, '<')) != NULL; p++) {
			const char *end = strchr(p, '>');
			int found = 0;

			ck_assert_msg(
			    end != NULL, "%s: an unclosed <", t->name);
			for (j = 0; j < n; j++)
				found |=
				    strlen(names[j]) == (size_t)(end - p - 1) &&
				    strncmp(names[j], p + 1,
					(size_t)(end - p - 1)) == 0;
			ck_assert_msg(found, "%s: %.*s names no parameter",
			    t->name, (int)(end - p + 1), p);
		}
	}
}
END_TEST

static Suite *
texts_suite(void)
{
	Suite *s = suite_create("texts");
	TCase *tc = tcase_create("texts");

	tcase_add_loop_test(tc, every_text_composes, 0, (int)NCASES);
	tcase_add_test(tc, every_text_is_tested);
	tcase_add_test(tc, constants_and_metadata);
	tcase_add_test(tc, constant_lookup);
	tcase_add_test(tc, varargs_and_odd_values);
	tcase_add_test(tc, timeout_matches);
	tcase_add_test(tc, generated_javascript);
	tcase_add_test(tc, generator_refuses_bad_files);
	tcase_add_test(tc, no_parameter_name_begins_another);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(texts_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
