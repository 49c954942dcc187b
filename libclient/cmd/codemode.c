/*
 * codemode: the command-line client.
 *
 *   codemode run [options] [CODE | -f FILE | -]   run one program
 *   codemode health [--url URL]                   GET /healthz
 *   codemode version
 *
 * Everything goes through the public API (codemode/codemode.h).
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <codemode/codemode.h>

#define CLI_EXIT_RUN_ERROR 1
#define CLI_EXIT_USAGE 2
#define CLI_EXIT_FAULT 3

static void
cli_usage(FILE *f)
{
	fprintf(f,
	    "usage: codemode run [--url URL] [--providers FILE] [--modules "
	    "DIR]\n"
	    "                    [--timeout MS|null] [--count-host-waits]\n"
	    "                    [--typescript | --language javascript|"
	    "typescript]\n"
	    "                    [--outbound native|disabled] [--header 'N: "
	    "V']\n"
	    "                    [--raw] [CODE | -f FILE | -]\n"
	    "       codemode health [--url URL] [--header 'N: V']\n"
	    "       codemode version\n"
	    "URL defaults to $CODEMODE_URL, else "
	    "unix://$PWD/codemode-executor.sock\n");
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
	char in_path[] = "/tmp/codemode-args-XXXXXX";
	char err_path[] = "/tmp/codemode-err-XXXXXX";
	FILE *out, *ef;
	char *text, *etext;
	size_t len = 0;
	int in_fd, err_fd, status;
	pid_t pid;
	int pfd[2];

	if ((in_fd = mkstemp(in_path)) < 0)
		return (*error = strdup("cannot create a temporary file")), -1;
	unlink(in_path);
	if ((size_t)write(in_fd, args, args_len) != args_len ||
	    lseek(in_fd, 0, SEEK_SET) != 0 ||
	    (err_fd = mkstemp(err_path)) < 0) {
		close(in_fd);
		return (*error = strdup("cannot pass the arguments")), -1;
	}
	unlink(err_path);
	if (pipe(pfd) != 0) {
		close(in_fd);
		close(err_fd);
		return (*error = strdup(strerror(errno))), -1;
	}
	if ((pid = fork()) == 0) {
		dup2(in_fd, 0);
		dup2(pfd[1], 1);
		dup2(err_fd, 2);
		close(pfd[0]);
		setenv("CODEMODE_PROVIDER", provider, 1);
		setenv("CODEMODE_TOOL", tool, 1);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(pfd[1]);
	close(in_fd);
	out = fdopen(pfd[0], "r");
	text = out ? cli_slurp(out, &len) : NULL;
	if (out)
		fclose(out);
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
			if (asprintf(&etext,
				"the tool command failed (status %d)",
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
		return (*error = strdup("cannot read the tool's output")), -1;
	{
		size_t i = 0;
		char perr[160];

		while (i < len && strchr(" \t\r\n", text[i]))
			i++;
		if (i == len) {
			free(text);
			*result = NULL;
			return 0;
		}
		*result = cm_dispatch_parse(text, len, perr, sizeof(perr));
		free(text);
		if (*result == NULL) {
			if (asprintf(error, "the tool printed no JSON (%s)",
				perr) < 0)
				*error = NULL;
			return -1;
		}
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

/* ---- modules from --modules ---- */

static int
cli_ends(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a > b && strcmp(s + a - b, suffix) == 0;
}

/*
 * Each regular file of DIR: .js and .mjs are source (name without extension),
 * .cjs is {cjs}, .json {json}, .txt {text}, anything else {data}.
 */
static json_t *
cli_load_modules(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	json_t *map;

	if (d == NULL) {
		fprintf(stderr, "codemode: %s: %s\n", dir, strerror(errno));
		return NULL;
	}
	map = json_object();
	while ((de = readdir(d)) != NULL) {
		char path[4096], *src, *name;
		struct stat st;
		size_t len;
		json_t *entry;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		if ((src = cli_read_file(path, &len)) == NULL) {
			fprintf(stderr, "codemode: %s: %s\n", path,
			    strerror(errno));
			continue;
		}
		name = strdup(de->d_name);
		if (cli_ends(name, ".mjs"))
			name[strlen(name) - 4] = '\0';
		else if (cli_ends(name, ".js"))
			name[strlen(name) - 3] = '\0';
		if (cli_ends(de->d_name, ".js") || cli_ends(de->d_name, ".mjs"))
			entry = json_stringn(src, len);
		else if (cli_ends(de->d_name, ".cjs"))
			entry = json_pack("{s:s%}", "cjs", src, len);
		else if (cli_ends(de->d_name, ".json")) {
			json_t *v = json_loadb(src, len, JSON_DECODE_ANY, NULL);

			entry = v ? json_pack("{s:o}", "json", v) : NULL;
			if (v == NULL)
				fprintf(
				    stderr, "codemode: %s: not JSON\n", path);
		} else if (cli_ends(de->d_name, ".txt"))
			entry = json_pack("{s:s%}", "text", src, len);
		else
			entry = json_pack("{s:s%}", "data", src, len);
		if (entry)
			json_object_set_new(map, name, entry);
		free(name);
		free(src);
	}
	closedir(d);
	return map;
}

/* ---- commands ---- */

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

static int
cli_run(int argc, char **argv)
{
	static const struct option lo[] = { { "url", required_argument, NULL,
						'u' },
		{ "providers", required_argument, NULL, 'p' },
		{ "modules", required_argument, NULL, 'm' },
		{ "timeout", required_argument, NULL, 't' },
		{ "outbound", required_argument, NULL, 'o' },
		{ "count-host-waits", no_argument, NULL, 'w' },
		{ "typescript", no_argument, NULL, 'T' },
		{ "language", required_argument, NULL, 'L' },
		{ "header", required_argument, NULL, 'H' },
		{ "file", required_argument, NULL, 'f' },
		{ "raw", no_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 } };
	struct cm_connect_options o;
	struct cm_execute_request req;
	struct cm_result res;
	struct cm_client *c = NULL;
	struct cm_error err;
	struct cm_header *hs = NULL;
	size_t nhs = 0;
	char *url = NULL, *code = NULL, *end;
	const char *file = NULL;
	json_t *providers = NULL, *modules = NULL;
	int ch, raw = 0, rc = CLI_EXIT_USAGE;

	memset(&req, 0, sizeof(req));
	memset(&o, 0, sizeof(o));
	while ((ch = getopt_long(
		    argc, argv, "u:p:m:t:o:wTL:H:f:rh", lo, NULL)) != -1) {
		switch (ch) {
		case 'u':
			free(url);
			url = strdup(optarg);
			break;
		case 'p':
			json_decref(providers);
			if ((providers = cli_load_providers(optarg)) == NULL)
				goto out;
			break;
		case 'm':
			json_decref(modules);
			if ((modules = cli_load_modules(optarg)) == NULL)
				goto out;
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
			if (cli_add_header(&hs, &nhs, optarg) != 0) {
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
		case 'h':
			cli_usage(stdout);
			rc = 0;
			goto out;
		default:
			cli_usage(stderr);
			goto out;
		}
	}
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
	if (url == NULL && (url = cli_default_url()) == NULL)
		goto out;
	o.headers = hs;
	o.nheaders = nhs;
	if (cm_connect(url, &o, &c, &err) != 0) {
		rc = cli_fault("connect", &err);
		goto out;
	}
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
	free(code);
	free(url);
	free(hs);
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
