/*
 * codemode: the command-line client.
 *
 *   codemode run [options] [CODE | -f FILE | -]   run one program
 *   codemode invoke [options] ID HANDLE URL       invoke a retained handle
 *   codemode close [options] ID                   close retained handles
 *   codemode health [--url URL]                   GET /healthz
 *   codemode version
 *
 * Everything goes through the public API (codemode/codemode.h); codemode(1)
 * states the rules (module kinds, the stub commands' input and output).
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <codemode/codemode.h>

#include "cm_spec.h"

#define CLI_EXIT_RUN_ERROR 1
#define CLI_EXIT_USAGE 2
#define CLI_EXIT_FAULT 3

/* --modules walks at most this deep and takes at most this many files: a
 * directory given by mistake (/, $HOME) fails fast instead of sending it. */
#define CLI_MODULES_DEPTH 8
#define CLI_MODULES_MAX 4096

static void
cli_usage(FILE *f)
{
	fprintf(f,
	    "usage: codemode run [--url URL] [--providers FILE] [--modules "
	    "DIR]\n"
	    "                    [--timeout MS|null] [--count-host-waits]\n"
	    "                    [--typescript | --language javascript|"
	    "typescript]\n"
	    "                    [--outbound native|disabled | "
	    "--outbound-stub CMD]\n"
	    "                    [--retain] [--header 'N: V'] [--raw]\n"
	    "                    [CODE | -f FILE | -]\n"
	    "       codemode invoke [--url URL] [--header 'N: V'] "
	    "[--method M]\n"
	    "                    [--request-header 'N: V'] [--body TEXT | "
	    "--body-file F]\n"
	    "                    [--raw] EXECUTION_ID HANDLE REQUEST_URL\n"
	    "       codemode close [--url URL] [--header 'N: V'] "
	    "EXECUTION_ID\n"
	    "       codemode health [--url URL] [--header 'N: V']\n"
	    "       codemode version | --version | --help\n"
	    "URL defaults to $CODEMODE_URL, else "
	    "unix://$PWD/codemode-executor.sock\n"
	    "codemode(1) states the module kinds and the stub commands' "
	    "input and output.\n");
}

/* Reads a whole stream; NULL on error. The caller frees. */
static char *
cli_slurp(FILE *f, size_t *lenp)
{
	char *buf = NULL, *nb;
	size_t len = 0, cap = 0, n;

	for (;;) {
		if (cap - len < 4096) {
			if ((nb = realloc(buf, cap + 65536)) == NULL) {
				free(buf);
				return NULL;
			}
			buf = nb;
			cap += 65536;
		}
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		free(buf);
		return NULL;
	}
	buf[len] = '\0';
	if (lenp)
		*lenp = len;
	return buf;
}

static char *
cli_read_file(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	char *s;

	if (f == NULL)
		return NULL;
	s = cli_slurp(f, len);
	if (f != stdin)
		fclose(f);
	return s;
}

static char *
cli_default_url(void)
{
	const char *env = getenv("CODEMODE_URL");
	char cwd[4096], *u;

	if (env && *env)
		return strdup(env);
	if (getcwd(cwd, sizeof(cwd)) == NULL)
		return NULL;
	if (asprintf(&u, "unix://%s/codemode-executor.sock", cwd) < 0)
		return NULL;
	return u;
}

static int
cli_fault(const char *what, struct cm_error *err)
{
	const char *code = cm_error_code_name(err->code);

	fprintf(stderr, "codemode: %s: %s%s%s\n", what, code ? code : "",
	    code ? ": " : "", err->message ? err->message : "(no message)");
	cm_error_clear(err);
	return CLI_EXIT_FAULT;
}

static int
cli_add_header(struct cm_header **hs, size_t *n, char *arg)
{
	char *colon = strchr(arg, ':');
	struct cm_header *nh;

	if (colon == NULL)
		return -1;
	*colon = '\0';
	colon++;
	while (*colon == ' ')
		colon++;
	if ((nh = realloc(*hs, (*n + 1) * sizeof(*nh))) == NULL)
		return -1;
	nh[*n].name = arg;
	nh[*n].value = colon;
	*hs = nh;
	(*n)++;
	return 0;
}

/* ---- bytes: UTF-8 and base64 through the protocol's binary values ---- */

/*
 * 1 when the bytes are UTF-8 a JavaScript string can hold as it is: no
 * overlong forms, no surrogates, nothing past U+10FFFF, and no NUL (a
 * file holding one is binary, whatever its name says).
 */
static int
cli_utf8_text(const unsigned char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		unsigned c = s[i], need, cp, min;

		if (c == 0)
			return 0;
		if (c < 0x80) {
			i++;
			continue;
		}
		if ((c & 0xe0) == 0xc0)
			need = 1, cp = c & 0x1f, min = 0x80;
		else if ((c & 0xf0) == 0xe0)
			need = 2, cp = c & 0x0f, min = 0x800;
		else if ((c & 0xf8) == 0xf0)
			need = 3, cp = c & 0x07, min = 0x10000;
		else
			return 0;
		if (len - i <= need)
			return 0;
		for (unsigned k = 1; k <= need; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return 0;
			cp = (cp << 6) | (s[i + k] & 0x3f);
		}
		if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return 0;
		i += need + 1;
	}
	return 1;
}

/* The base64 text of `len` bytes (malloc'd), or NULL without memory. */
static char *
cli_base64(const void *bytes, size_t len)
{
	json_t *b = cm_binary_new(CM_BINARY_UINT8ARRAY, bytes, len);
	char *s;

	if (b == NULL)
		return NULL;
	s = json_is_string(json_object_get(b, "data"))
	    ? strdup(json_string_value(json_object_get(b, "data")))
	    : NULL;
	json_decref(b);
	return s;
}

/* Decodes base64 text into *bytes (malloc'd); 0, or -1 when malformed. */
static int
cli_unbase64(const char *text, uint8_t **bytes, size_t *len)
{
	json_t *b =
	    json_pack("{s:s, s:s}", CM_BINARY_TAG, "Uint8Array", "data", text);
	int rc = b ? cm_binary_bytes(b, bytes, len) : -1;

	json_decref(b);
	return rc;
}

/* ---- running a stub command ---- */

/*
 * Runs `cmd` with /bin/sh, `in` on its standard input and `env` (name,
 * value, ..., NULL) added to its environment. Returns 0 with *out (its
 * standard output, NUL-terminated, *outlen bytes) when it exited 0;
 * otherwise -1 with *error: its standard error without the trailing
 * newlines, or a sentence naming its exit status when it printed none.
 */
static int
cli_exec(const char *cmd, const char *in, size_t inlen, const char *const *env,
    char **out, size_t *outlen, char **error)
{
	char in_path[] = "/tmp/codemode-in-XXXXXX";
	char err_path[] = "/tmp/codemode-err-XXXXXX";
	FILE *of, *ef;
	char *text, *etext;
	size_t len = 0;
	int in_fd, err_fd, status;
	pid_t pid;
	int pfd[2];

	*out = NULL;
	*error = NULL;
	/* The input goes through a file, not a pipe: a command that never
	 * reads it cannot block us, whatever its size. */
	if ((in_fd = mkstemp(in_path)) < 0)
		return (*error = strdup("cannot create a temporary file")), -1;
	unlink(in_path);
	if ((size_t)write(in_fd, in, inlen) != inlen ||
	    lseek(in_fd, 0, SEEK_SET) != 0 ||
	    (err_fd = mkstemp(err_path)) < 0) {
		close(in_fd);
		return (*error = strdup("cannot pass the input")), -1;
	}
	unlink(err_path);
	if (pipe(pfd) != 0) {
		close(in_fd);
		close(err_fd);
		return (*error = strdup(strerror(errno))), -1;
	}
	fflush(stdout);
	if ((pid = fork()) == 0) {
		dup2(in_fd, 0);
		dup2(pfd[1], 1);
		dup2(err_fd, 2);
		close(pfd[0]);
		for (; env && env[0]; env += 2)
			setenv(env[0], env[1] ? env[1] : "", 1);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(pfd[1]);
	close(in_fd);
	of = fdopen(pfd[0], "r");
	text = of ? cli_slurp(of, &len) : NULL;
	if (of)
		fclose(of);
	else
		close(pfd[0]);
	status = -1;
	if (pid > 0)
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	lseek(err_fd, 0, SEEK_SET);
	ef = fdopen(err_fd, "r");
	etext = ef ? cli_slurp(ef, NULL) : NULL;
	if (ef)
		fclose(ef);
	else
		close(err_fd);
	if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		size_t el = etext ? strlen(etext) : 0;

		while (
		    el > 0 && (etext[el - 1] == '\n' || etext[el - 1] == '\r'))
			etext[--el] = '\0';
		if (el == 0) {
			free(etext);
			etext = NULL;
			if (asprintf(&etext, "the command failed (status %d)",
				WIFEXITED(status) ? WEXITSTATUS(status) : -1) <
			    0)
				etext = NULL;
		}
		free(text);
		*error = etext;
		return -1;
	}
	free(etext);
	if (text == NULL)
		return (*error = strdup("cannot read the command's output")),
		       -1;
	*out = text;
	*outlen = len;
	return 0;
}

/* 1 when the text is only white space. */
static int
cli_blank(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len && strchr(" \t\r\n", s[i]))
		i++;
	return i == len;
}

/* ---- tools from --providers ---- */

/*
 * The providers file: a JSON array of descriptors whose "tools" is either
 * a list of names (no implementation: not found) or an object of tool name
 * -> {"result": value} | {"error": text} | {"command": shell command}. A
 * command runs once per call with the arguments JSON on stdin and
 * CODEMODE_PROVIDER / CODEMODE_TOOL set; its stdout (JSON; empty is
 * undefined) is the tool's value, a non-zero exit throws its stderr.
 */
static json_t *cli_tools; /* "provider" -> {tool -> spec} */

static int
cli_run_command(const char *cmd, const char *provider, const char *tool,
    const char *args, size_t args_len, json_t **result, char **error)
{
	const char *env[] = { "CODEMODE_PROVIDER", provider, "CODEMODE_TOOL",
		tool, NULL };
	char *text, perr[160];
	size_t len;

	if (cli_exec(cmd, args, args_len, env, &text, &len, error) != 0)
		return -1;
	if (cli_blank(text, len)) {
		free(text);
		*result = NULL;
		return 0;
	}
	*result = cm_dispatch_parse(text, len, perr, sizeof(perr));
	free(text);
	if (*result == NULL) {
		if (asprintf(error, "the tool printed no JSON (%s)", perr) < 0)
			*error = NULL;
		return -1;
	}
	return 0;
}

static int
cli_respond(void *ctx, const char *provider, const char *tool, const char *args,
    size_t len, json_t **result, char **error)
{
	json_t *spec =
	    json_object_get(json_object_get(cli_tools, provider), tool);
	json_t *v;

	(void)ctx;
	if (!json_is_object(spec)) {
		const char *vals[] = { tool };

		*error = cm_text_compose("TOOL_NOT_FOUND", vals, 1);
		return -1;
	}
	if ((v = json_object_get(spec, "command")) != NULL && json_is_string(v))
		return cli_run_command(json_string_value(v), provider, tool,
		    args, len, result, error);
	if ((v = json_object_get(spec, "error")) != NULL) {
		*error = json_is_string(v) ? strdup(json_string_value(v))
					   : cm_dispatch_stringify(v);
		return -1;
	}
	*result = json_incref(json_object_get(spec, "result"));
	return 0;
}

/* Reads the providers file into the wire descriptors and cli_tools. */
static json_t *
cli_load_providers(const char *path)
{
	json_t *doc, *out, *p, *tools, *d, *names;
	json_error_t je;
	const char *k;
	json_t *v;
	size_t i;

	if ((doc = json_load_file(path, 0, &je)) == NULL) {
		fprintf(
		    stderr, "codemode: %s:%d: %s\n", path, je.line, je.text);
		return NULL;
	}
	if (!json_is_array(doc)) {
		fprintf(stderr,
		    "codemode: %s: expected an array of providers\n", path);
		json_decref(doc);
		return NULL;
	}
	out = json_array();
	json_decref(cli_tools);
	cli_tools = json_object();
	json_array_foreach(doc, i, p)
	{
		if (!json_is_string(json_object_get(p, "name"))) {
			fprintf(stderr,
			    "codemode: %s: provider %zu has no name\n", path,
			    i);
			json_decref(doc);
			json_decref(out);
			return NULL;
		}
		d = json_deep_copy(p);
		tools = json_object_get(p, "tools");
		if (json_is_object(tools)) {
			names = json_array();
			json_object_foreach(tools, k, v)
			    json_array_append_new(names, json_string(k));
			json_object_set_new(d, "tools", names);
			json_object_set(cli_tools,
			    json_string_value(json_object_get(p, "name")),
			    tools);
		} else if (!json_is_array(tools))
			json_object_set_new(d, "tools", json_array());
		json_array_append_new(out, d);
	}
	json_decref(doc);
	return out;
}

/* ---- the outbound stub (--outbound-stub CMD) ---- */

/*
 * {"method", "url", "headers": [[name, value], ...], "body"} with the body
 * null (none), a string (UTF-8 bytes) or, for other bytes, absent beside
 * "bodyBase64". The stub's response uses the same two body forms.
 */
static json_t *
cli_request_json(const struct cm_outbound_request *req)
{
	json_t *o, *hs;
	size_t i;

	o = json_pack("{s:s, s:s}", "method", req->method ? req->method : "",
	    "url", req->url ? req->url : "");
	hs = json_array();
	if (o == NULL || hs == NULL) {
		json_decref(o);
		json_decref(hs);
		return NULL;
	}
	for (i = 0; i < req->nheaders; i++)
		json_array_append_new(hs,
		    json_pack(
			"[s, s]", req->headers[i].name, req->headers[i].value));
	json_object_set_new(o, "headers", hs);
	if (!req->has_body)
		json_object_set_new(o, "body", json_null());
	else if (cli_utf8_text(req->body, req->body_len))
		json_object_set_new(o, "body",
		    json_stringn((const char *)req->body, req->body_len));
	else {
		char *b64 = cli_base64(req->body, req->body_len);

		if (b64 == NULL) {
			json_decref(o);
			return NULL;
		}
		json_object_set_new(o, "bodyBase64", json_string(b64));
		free(b64);
	}
	return o;
}

/* Reads the stub's answer into *res; 0, or -1 with *error (malloc'd). */
static int
cli_response_from_json(
    const json_t *o, struct cm_outbound_response *res, char **error)
{
	const json_t *st = json_object_get(o, "status");
	const json_t *text = json_object_get(o, "statusText");
	const json_t *hs = json_object_get(o, "headers");
	const json_t *body = json_object_get(o, "body");
	const json_t *b64 = json_object_get(o, "bodyBase64");
	struct cm_header *h = NULL;
	uint8_t *bytes = NULL;
	size_t nh = 0, blen = 0, i;
	const char *k;
	json_t *v;
	int rc = -1;

	if (!json_is_object(o))
		return (*error = strdup("the outbound stub's answer is not a "
					"JSON object")),
		       -1;
	if ((st != NULL && !json_is_integer(st)) ||
	    (text != NULL && !json_is_string(text)) ||
	    (body != NULL && !json_is_string(body) && !json_is_null(body)) ||
	    (b64 != NULL && !json_is_string(b64)) ||
	    (hs != NULL && !json_is_array(hs) && !json_is_object(hs)))
		return (*error = strdup("the outbound stub's answer has a "
					"member of the wrong type (status: "
					"integer; statusText, body, "
					"bodyBase64: strings; headers: pairs "
					"or an object)")),
		       -1;
	nh = json_is_array(hs)	 ? json_array_size(hs)
	    : json_is_object(hs) ? json_object_size(hs)
				 : 0;
	if ((h = calloc(nh + 1, sizeof(*h))) == NULL)
		return (*error = strdup("out of memory")), -1;
	nh = 0;
	if (json_is_array(hs)) {
		json_array_foreach(hs, i, v)
		{
			if (!json_is_string(json_array_get(v, 0)) ||
			    !json_is_string(json_array_get(v, 1)) ||
			    json_array_size(v) != 2) {
				*error = strdup("each header of the outbound "
						"stub's answer is a [name, "
						"value] pair of strings");
				goto out;
			}
			h[nh].name = json_string_value(json_array_get(v, 0));
			h[nh++].value = json_string_value(json_array_get(v, 1));
		}
	} else if (json_is_object(hs)) {
		json_object_foreach((json_t *)hs, k, v)
		{
			if (!json_is_string(v)) {
				*error = strdup("each header of the outbound "
						"stub's answer is a string");
				goto out;
			}
			h[nh].name = k;
			h[nh++].value = json_string_value(v);
		}
	}
	if (b64 != NULL) {
		if (cli_unbase64(json_string_value(b64), &bytes, &blen) != 0) {
			*error = strdup("the outbound stub's bodyBase64 is not "
					"base64");
			goto out;
		}
	} else if (json_is_string(body)) {
		blen = json_string_length(body);
		if ((bytes = malloc(blen + 1)) == NULL) {
			*error = strdup("out of memory");
			goto out;
		}
		memcpy(bytes, json_string_value(body), blen);
	}
	if (cm_outbound_response_set(res,
		st ? (int)json_integer_value(st) : 200,
		text ? json_string_value(text) : "", h, nh, bytes, blen) != 0) {
		*error = strdup("out of memory");
		goto out;
	}
	rc = 0;
out:
	free(bytes);
	free(h);
	return rc;
}

/* The outbound function: every sandbox fetch runs the stub command once. */
static int
cli_outbound(void *ctx, const struct cm_outbound_request *req,
    struct cm_outbound_response *res, char **error)
{
	const char *cmd = ctx;
	const char *env[] = { "CODEMODE_OUTBOUND_METHOD", req->method,
		"CODEMODE_OUTBOUND_URL", req->url, NULL };
	json_t *in = cli_request_json(req), *o;
	char *text, *out;
	size_t len;
	int rc;

	if (in == NULL ||
	    (text = json_dumps(in, JSON_COMPACT | JSON_ENCODE_ANY)) == NULL) {
		json_decref(in);
		return (*error = strdup("out of memory")), -1;
	}
	json_decref(in);
	rc = cli_exec(cmd, text, strlen(text), env, &out, &len, error);
	free(text);
	if (rc != 0)
		return -1;
	if (cli_blank(out, len)) {
		/* Nothing printed: an empty 200, the shortest stub. */
		free(out);
		return cm_outbound_response_set(res, 200, "", NULL, 0, NULL, 0);
	}
	o = json_loadb(out, len, 0, NULL);
	free(out);
	if (o == NULL)
		return (*error = strdup(
			    "the outbound stub printed no JSON object")),
		       -1;
	rc = cli_response_from_json(o, res, error);
	json_decref(o);
	return rc;
}

/* ---- modules from --modules ---- */

static int
cli_ends(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a > b && strcmp(s + a - b, suffix) == 0;
}

/* Extensions read as text modules; anything not listed is data. */
static const char *const cli_text_exts[] = { ".txt", ".md", ".csv", ".tsv",
	".html", ".htm", ".css", ".xml", ".svg", ".yaml", ".yml", ".sql",
	NULL };

/*
 * The module name a file's relative path gives, as the map normalizes keys
 * (protocol.md §13): leading "./" dropped, then every .js/.mjs/.cjs.
 */
static char *
cli_module_name(const char *rel)
{
	char *n = strdup(rel);

	if (n == NULL)
		return NULL;
	for (;;) {
		if (cli_ends(n, ".mjs") || cli_ends(n, ".cjs"))
			n[strlen(n) - 4] = '\0';
		else if (cli_ends(n, ".js"))
			n[strlen(n) - 3] = '\0';
		else
			return n;
	}
}

/*
 * The map entry of one file. The kind comes from the name; bytes that are
 * not text (cli_utf8_text) become data whatever the name, because a JSON
 * string cannot carry them and the program still gets every byte.
 * *note is set to a sentence when the kind differs from the name's.
 */
static json_t *
cli_module_entry(const char *name, const char *src, size_t len,
    const char **kind, const char **note)
{
	int text = cli_utf8_text((const unsigned char *)src, len);
	size_t i;

	*note = NULL;
	if (cli_ends(name, ".js") || cli_ends(name, ".mjs"))
		*kind = "js";
	else if (cli_ends(name, ".cjs"))
		*kind = "cjs";
	else if (cli_ends(name, ".json"))
		*kind = "json";
	else {
		*kind = "data";
		for (i = 0; cli_text_exts[i]; i++)
			if (cli_ends(name, cli_text_exts[i]))
				*kind = "text";
	}
	if (strcmp(*kind, "data") != 0 && !text) {
		*note = "not UTF-8 text, sent as data";
		*kind = "data";
	}
	if (strcmp(*kind, "json") == 0) {
		json_t *v = cm_dispatch_parse(src, len, NULL, 0);

		if (v != NULL)
			return json_pack("{s:o}", "json", v);
		/* A file nobody imports must not fail the run: it goes as
		 * text, and an import of it reads that text. */
		*note = "not JSON, sent as text";
		*kind = "text";
	}
	if (strcmp(*kind, "data") == 0) {
		json_t *b = cm_binary_new(
		    CM_BINARY_UINT8ARRAY, (const uint8_t *)src, len);

		return b ? json_pack("{s:o}", "data", b) : NULL;
	}
	if (strcmp(*kind, "js") == 0)
		return json_stringn(src, len);
	return json_pack("{s:s%}", *kind, src, len);
}

struct cli_modules {
	const char *root;
	json_t *map; /* module name -> entry */
	json_t *from; /* module name -> the file it came from */
	size_t nfiles;
	int verbose;
};

/* Adds every file under root/rel; 0, or -1 after printing why. */
static int
cli_modules_walk(struct cli_modules *m, const char *rel, int depth)
{
	char dir[4096];
	struct dirent **ents = NULL;
	int n, i, rc = 0;

	snprintf(dir, sizeof(dir), "%s%s%s", m->root, *rel ? "/" : "", rel);
	/* Sorted, so the map (and a collision's "first") never depends on
	 * the directory's order. */
	if ((n = scandir(dir, &ents, NULL, alphasort)) < 0) {
		fprintf(stderr, "codemode: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	for (i = 0; i < n; i++) {
		const char *base = ents[i]->d_name;
		char path[8192], sub[4096], *src = NULL, *name = NULL;
		const char *kind, *note;
		struct stat st;
		json_t *entry, *prev;
		size_t len;

		if (rc != 0 || base[0] == '.')
			continue;
		snprintf(
		    sub, sizeof(sub), "%s%s%s", rel, *rel ? "/" : "", base);
		snprintf(path, sizeof(path), "%s/%s", m->root, sub);
		if (stat(path, &st) != 0) {
			fprintf(stderr, "codemode: %s: %s\n", path,
			    strerror(errno));
			rc = -1;
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			if (depth + 1 >= CLI_MODULES_DEPTH) {
				fprintf(stderr,
				    "codemode: %s: deeper than %d "
				    "levels; --modules takes a directory of "
				    "modules\n",
				    path, CLI_MODULES_DEPTH);
				rc = -1;
			} else
				rc = cli_modules_walk(m, sub, depth + 1);
			continue;
		}
		if (!S_ISREG(st.st_mode))
			continue;
		if (++m->nfiles > CLI_MODULES_MAX) {
			fprintf(stderr,
			    "codemode: %s: more than %d files; --modules "
			    "takes a directory of modules\n",
			    m->root, CLI_MODULES_MAX);
			rc = -1;
			continue;
		}
		if ((src = cli_read_file(path, &len)) == NULL) {
			fprintf(stderr, "codemode: %s: %s\n", path,
			    strerror(errno));
			rc = -1;
			continue;
		}
		if ((name = cli_module_name(sub)) == NULL ||
		    (entry = cli_module_entry(base, src, len, &kind, &note)) ==
			NULL) {
			fprintf(stderr, "codemode: out of memory\n");
			rc = -1;
		} else if ((prev = json_object_get(m->from, name)) != NULL) {
			fprintf(stderr,
			    "codemode: %s/%s and %s both give the module "
			    "\"%s\"; rename or remove one of them\n",
			    m->root, json_string_value(prev), path, name);
			json_decref(entry);
			rc = -1;
		} else {
			if (note != NULL)
				fprintf(
				    stderr, "codemode: %s: %s\n", path, note);
			if (m->verbose)
				fprintf(stderr,
				    "codemode: module \"%s\" (%s) from %s\n",
				    name, kind, path);
			json_object_set_new(m->map, name, entry);
			json_object_set_new(m->from, name, json_string(sub));
		}
		free(name);
		free(src);
	}
	for (i = 0; i < n; i++)
		free(ents[i]);
	free(ents);
	return rc;
}

/*
 * Every regular file under DIR (dot files skipped) becomes the module named
 * by its path relative to DIR with .js/.mjs/.cjs dropped; its kind comes
 * from its extension (cli_module_entry). Two files giving one name are an
 * error naming both. Returns the map, or NULL after printing why.
 */
static json_t *
cli_load_modules(const char *dir, int verbose)
{
	struct cli_modules m;

	memset(&m, 0, sizeof(m));
	m.root = dir;
	m.verbose = verbose;
	m.map = json_object();
	m.from = json_object();
	if (m.map == NULL || m.from == NULL ||
	    cli_modules_walk(&m, "", 0) != 0) {
		json_decref(m.map);
		json_decref(m.from);
		return NULL;
	}
	json_decref(m.from);
	return m.map;
}

/* ---- commands ---- */

/* The options every subcommand that connects takes. */
struct cli_conn {
	char *url;
	struct cm_header *hs;
	size_t nhs;
};

static void
cli_conn_clear(struct cli_conn *cc)
{
	free(cc->url);
	free(cc->hs);
	memset(cc, 0, sizeof(*cc));
}

/* Connects with the --url / --header given. 0, or the exit status. */
static int
cli_connect(struct cli_conn *cc, struct cm_client **c)
{
	struct cm_connect_options o;
	struct cm_error err;

	if (cc->url == NULL && (cc->url = cli_default_url()) == NULL)
		return CLI_EXIT_USAGE;
	memset(&o, 0, sizeof(o));
	o.headers = cc->hs;
	o.nheaders = cc->nhs;
	if (cm_connect(cc->url, &o, c, &err) != 0)
		return cli_fault("connect", &err);
	return 0;
}

static int
cli_run(int argc, char **argv)
{
	static const struct option lo[] = { { "url", required_argument, NULL,
						'u' },
		{ "providers", required_argument, NULL, 'p' },
		{ "modules", required_argument, NULL, 'm' },
		{ "timeout", required_argument, NULL, 't' },
		{ "outbound", required_argument, NULL, 'o' },
		{ "outbound-stub", required_argument, NULL, 'S' },
		{ "retain", no_argument, NULL, 'R' },
		{ "count-host-waits", no_argument, NULL, 'w' },
		{ "typescript", no_argument, NULL, 'T' },
		{ "language", required_argument, NULL, 'L' },
		{ "header", required_argument, NULL, 'H' },
		{ "file", required_argument, NULL, 'f' },
		{ "raw", no_argument, NULL, 'r' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 } };
	struct cm_execute_request req;
	struct cm_result res;
	struct cm_client *c = NULL;
	struct cm_error err;
	struct cli_conn cc;
	char *code = NULL, *end;
	const char *file = NULL, *modules_dir = NULL, *stub = NULL;
	json_t *providers = NULL, *modules = NULL;
	int ch, raw = 0, verbose = 0, outbound_set = 0, rc = CLI_EXIT_USAGE;

	memset(&req, 0, sizeof(req));
	memset(&cc, 0, sizeof(cc));
	while ((ch = getopt_long(
		    argc, argv, "u:p:m:t:o:S:RwTL:H:f:rvh", lo, NULL)) != -1) {
		switch (ch) {
		case 'u':
			free(cc.url);
			cc.url = strdup(optarg);
			break;
		case 'p':
			json_decref(providers);
			if ((providers = cli_load_providers(optarg)) == NULL)
				goto out;
			break;
		case 'm':
			modules_dir = optarg;
			break;
		case 't':
			if (strcmp(optarg, "null") == 0) {
				req.timeout = CM_TIMEOUT_LIFTED;
				break;
			}
			req.timeout = strtoll(optarg, &end, 10);
			if (*optarg == '\0' || *end != '\0' ||
			    req.timeout <= 0) {
				fprintf(stderr,
				    "codemode: --timeout takes "
				    "milliseconds or null\n");
				goto out;
			}
			break;
		case 'o':
			outbound_set = 1;
			if (strcmp(optarg, "disabled") == 0 ||
			    strcmp(optarg, "null") == 0)
				req.outbound = CM_OUTBOUND_NULL;
			else if (strcmp(optarg, "native") == 0)
				req.outbound = CM_OUTBOUND_ABSENT;
			else {
				fprintf(stderr,
				    "codemode: --outbound takes "
				    "native or disabled\n");
				goto out;
			}
			break;
		case 'S':
			stub = optarg;
			break;
		case 'R':
			req.retain_handles = 1;
			break;
		case 'w':
			req.count_host_waits = CM_FLAG_TRUE;
			break;
		case 'T': /* options.language (spec/protocol.md) */
			req.language = "typescript";
			break;
		case 'L':
			req.language = optarg;
			break;
		case 'H':
			if (cli_add_header(&cc.hs, &cc.nhs, optarg) != 0) {
				fprintf(stderr,
				    "codemode: --header takes "
				    "'Name: value'\n");
				goto out;
			}
			break;
		case 'f':
			file = optarg;
			break;
		case 'r':
			raw = 1;
			break;
		case 'v':
			verbose = 1;
			break;
		case 'h':
			cli_usage(stdout);
			rc = 0;
			goto out;
		default:
			cli_usage(stderr);
			goto out;
		}
	}
	if (stub != NULL && outbound_set) {
		fprintf(stderr,
		    "codemode: --outbound and --outbound-stub "
		    "exclude each other\n");
		goto out;
	}
	if (stub != NULL) {
		req.outbound = CM_OUTBOUND_FUNCTION;
		req.outbound_fn = cli_outbound;
		req.outbound_ctx = (void *)stub;
	}
	/* After the options, so --verbose applies wherever it stands. */
	if (modules_dir != NULL &&
	    (modules = cli_load_modules(modules_dir, verbose)) == NULL)
		goto out;
	if (file != NULL && optind < argc) {
		cli_usage(stderr);
		goto out;
	}
	if (file != NULL || optind >= argc || strcmp(argv[optind], "-") == 0) {
		const char *src = file ? file : "-";

		if ((code = cli_read_file(src, NULL)) == NULL) {
			fprintf(stderr, "codemode: %s: %s\n",
			    strcmp(src, "-") ? src : "stdin", strerror(errno));
			goto out;
		}
	} else if (optind + 1 == argc)
		code = strdup(argv[optind]);
	else {
		cli_usage(stderr);
		goto out;
	}
	if ((rc = cli_connect(&cc, &c)) != 0)
		goto out;
	req.code = code;
	req.providers_json = providers;
	req.modules = modules;
	if (providers != NULL)
		req.respond = cli_respond;
	if (cm_execute(c, &req, &res, &err) != 0) {
		rc = cli_fault("execute", &err);
		goto out;
	}
	if (raw) {
		if (res.error)
			fprintf(stderr, "%s\n", res.error);
		else
			printf("%s\n",
			    res.result_json ? res.result_json : "undefined");
		if (res.execution_id)
			fprintf(stderr, "codemode: execution %s retained\n",
			    res.execution_id);
	} else {
		json_t *j = cm_result_to_json(&res);
		char *s =
		    j ? json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;

		if (s == NULL) {
			fprintf(stderr, "codemode: out of memory\n");
			rc = CLI_EXIT_FAULT;
			json_decref(j);
			cm_result_clear(&res);
			goto out;
		}
		printf("%s\n", s);
		free(s);
		json_decref(j);
	}
	rc = res.error ? CLI_EXIT_RUN_ERROR : 0;
	cm_result_clear(&res);
out:
	cm_client_free(c);
	json_decref(providers);
	json_decref(modules);
	json_decref(cli_tools);
	cli_tools = NULL;
	free(code);
	cli_conn_clear(&cc);
	return rc;
}

/* Prints a handle's Response: JSON (the body as in the stub's answer), or
 * with --raw the body's bytes alone. */
static void
cli_print_response(const struct cm_outbound_response *res, int raw)
{
	json_t *o, *hs;
	char *s;
	size_t i;

	if (raw) {
		if (res->body_len > 0)
			fwrite(res->body, 1, res->body_len, stdout);
		return;
	}
	o = json_pack("{s:i, s:s}", "status", res->status, "statusText",
	    res->status_text ? res->status_text : "");
	hs = json_array();
	for (i = 0; o && hs && i < res->nheaders; i++)
		json_array_append_new(hs,
		    json_pack(
			"[s, s]", res->headers[i].name, res->headers[i].value));
	if (o && hs)
		json_object_set_new(o, "headers", hs);
	if (o && cli_utf8_text(res->body, res->body_len))
		json_object_set_new(o, "body",
		    json_stringn((const char *)res->body, res->body_len));
	else if (o) {
		char *b64 = cli_base64(res->body, res->body_len);

		json_object_set_new(o, "bodyBase64", json_string(b64));
		free(b64);
	}
	s = o ? json_dumps(o, JSON_COMPACT) : NULL;
	printf("%s\n", s ? s : "null");
	free(s);
	json_decref(o);
}

static int
cli_invoke(int argc, char **argv)
{
	static const struct option lo[] = { { "url", required_argument, NULL,
						'u' },
		{ "header", required_argument, NULL, 'H' },
		{ "method", required_argument, NULL, 'X' },
		{ "request-header", required_argument, NULL, 'q' },
		{ "body", required_argument, NULL, 'd' },
		{ "body-file", required_argument, NULL, 'D' },
		{ "raw", no_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 } };
	struct cm_outbound_request req;
	struct cm_outbound_response res;
	struct cm_header *rh = NULL;
	struct cm_client *c = NULL;
	struct cm_error err;
	struct cli_conn cc;
	const char *method = "GET", *body_arg = NULL, *body_file = NULL;
	char *body = NULL;
	size_t nrh = 0, body_len = 0;
	int ch, raw = 0, rc = CLI_EXIT_USAGE;

	memset(&cc, 0, sizeof(cc));
	memset(&req, 0, sizeof(req));
	while (
	    (ch = getopt_long(argc, argv, "u:H:X:q:d:D:rh", lo, NULL)) != -1) {
		switch (ch) {
		case 'u':
			free(cc.url);
			cc.url = strdup(optarg);
			break;
		case 'H':
		case 'q':
			if (cli_add_header(ch == 'H' ? &cc.hs : &rh,
				ch == 'H' ? &cc.nhs : &nrh, optarg) != 0) {
				fprintf(stderr,
				    "codemode: --%s takes 'Name: value'\n",
				    ch == 'H' ? "header" : "request-header");
				goto out;
			}
			break;
		case 'X':
			method = optarg;
			break;
		case 'd':
			body_arg = optarg;
			break;
		case 'D':
			body_file = optarg;
			break;
		case 'r':
			raw = 1;
			break;
		case 'h':
			cli_usage(stdout);
			rc = 0;
			goto out;
		default:
			cli_usage(stderr);
			goto out;
		}
	}
	if (argc - optind != 3 || (body_arg && body_file)) {
		cli_usage(stderr);
		goto out;
	}
	if (body_file != NULL &&
	    (body = cli_read_file(body_file, &body_len)) == NULL) {
		fprintf(
		    stderr, "codemode: %s: %s\n", body_file, strerror(errno));
		goto out;
	}
	if (body_arg != NULL) {
		body = strdup(body_arg);
		body_len = strlen(body_arg);
	}
	if (cm_outbound_request_set(&req, method, argv[optind + 2], rh, nrh,
		body, body_len, body != NULL) != 0) {
		fprintf(stderr, "codemode: out of memory\n");
		rc = CLI_EXIT_FAULT;
		goto out;
	}
	if ((rc = cli_connect(&cc, &c)) != 0)
		goto out;
	if (cm_invoke_handle(
		c, argv[optind], argv[optind + 1], &req, &res, &err) != 0) {
		rc = cli_fault("invoke", &err);
		goto out;
	}
	cli_print_response(&res, raw);
	cm_outbound_response_clear(&res);
	rc = 0;
out:
	cm_client_free(c);
	cm_outbound_request_clear(&req);
	free(body);
	free(rh);
	cli_conn_clear(&cc);
	return rc;
}

static int
cli_close(int argc, char **argv)
{
	static const struct option lo[] = { { "url", required_argument, NULL,
						'u' },
		{ "header", required_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 } };
	struct cm_client *c = NULL;
	struct cm_error err;
	struct cli_conn cc;
	int ch, rc = CLI_EXIT_USAGE;

	memset(&cc, 0, sizeof(cc));
	while ((ch = getopt_long(argc, argv, "u:H:h", lo, NULL)) != -1) {
		if (ch == 'u') {
			free(cc.url);
			cc.url = strdup(optarg);
		} else if (ch == 'h') {
			cli_usage(stdout);
			rc = 0;
			goto out;
		} else if (ch != 'H' ||
		    cli_add_header(&cc.hs, &cc.nhs, optarg) != 0) {
			cli_usage(stderr);
			goto out;
		}
	}
	if (argc - optind != 1) {
		cli_usage(stderr);
		goto out;
	}
	if ((rc = cli_connect(&cc, &c)) != 0)
		goto out;
	if (cm_close_handles(c, argv[optind], &err) != 0) {
		rc = cli_fault("close", &err);
		goto out;
	}
	rc = 0;
out:
	cm_client_free(c);
	cli_conn_clear(&cc);
	return rc;
}

static int
cli_health(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "url", required_argument, NULL, 'u' },
		{ "header", required_argument, NULL, 'H' }, { NULL, 0, NULL, 0 }
	};
	struct cm_connect_options o;
	struct cm_header *hs = NULL;
	struct cm_error err;
	size_t nhs = 0;
	char *url = NULL, *body = NULL;
	int ch, status, rc = CLI_EXIT_USAGE;

	while ((ch = getopt_long(argc, argv, "u:H:", lo, NULL)) != -1) {
		if (ch == 'u') {
			free(url);
			url = strdup(optarg);
		} else if (ch != 'H' ||
		    cli_add_header(&hs, &nhs, optarg) != 0) {
			cli_usage(stderr);
			goto out;
		}
	}
	if (optind != argc) {
		cli_usage(stderr);
		goto out;
	}
	if (url == NULL && (url = cli_default_url()) == NULL)
		goto out;
	memset(&o, 0, sizeof(o));
	o.headers = hs;
	o.nheaders = nhs;
	if (cm_health(url, &o, &status, &body, &err) != 0) {
		rc = cli_fault("health", &err);
		goto out;
	}
	printf("%d %s", status, body);
	if (*body == '\0' || body[strlen(body) - 1] != '\n')
		printf("\n");
	rc = status == 200 ? 0 : CLI_EXIT_RUN_ERROR;
out:
	free(body);
	free(url);
	free(hs);
	return rc;
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		cli_usage(stderr);
		return CLI_EXIT_USAGE;
	}
	if (strcmp(argv[1], "run") == 0)
		return cli_run(argc - 1, argv + 1);
	if (strcmp(argv[1], "invoke") == 0)
		return cli_invoke(argc - 1, argv + 1);
	if (strcmp(argv[1], "close") == 0)
		return cli_close(argc - 1, argv + 1);
	if (strcmp(argv[1], "health") == 0)
		return cli_health(argc - 1, argv + 1);
	if (strcmp(argv[1], "version") == 0 ||
	    strcmp(argv[1], "--version") == 0) {
		printf("codemode %s (protocol %d)\n", cm_version(),
		    cm_protocol_version());
		return 0;
	}
	if (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "-h") == 0) {
		cli_usage(stdout);
		return 0;
	}
	cli_usage(stderr);
	return CLI_EXIT_USAGE;
}
