/*
 * build/codemode-executord: the codemode executor daemon.
 *
 * Every setting is a flag and an environment variable (CODEMODE_ and the
 * flag's name in capitals, dashes as underscores); a flag wins over the
 * environment. `--help` lists them all.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cm_spec.h"
#include "cm_version.h"
#include "daemon.h"
#include "fetcher/fetcher_args.h"
#include "netpolicy.h"
#include "handles.h"
#include "listener.h"
#include "ipc/zygote_args.h"
#include "pool/zygote.h"
#include "proto/jsonguard.h"

enum opt_kind {
	OPT_STR,
	OPT_UINT,
	OPT_SIZE,
	OPT_LL,
	OPT_BOOL,
	OPT_MODE,
	OPT_LIST
};

/*
 * A repeatable flag's values. Its environment variable gives the list when
 * no flag does; the first flag replaces what the environment gave.
 */
struct opt_list {
	const char *v[64];
	size_t n;
	int from_env;
};

struct opt {
	const char *name;
	enum opt_kind kind;
	const char *help;
	void *target;
};

static struct daemon_config cfg;
static const char *token_file;
static const char *outbound_mode;
static const char *language;
static const char *log_level = "info";
static const char *opt_sandbox_image;
static uid_t allowed_uids[64];
static size_t n_allowed_uids;
static struct opt_list outbound_allow, outbound_deny;
static int setting_env; /* set_opt is reading the environment */

static const struct opt opts[] = {
	{ "socket", OPT_STR, "unix socket path to listen on",
	    &cfg.socket_path },
	{ "socket-mode", OPT_MODE,
	    "permissions of the socket (octal, default 0600)",
	    &cfg.socket_mode },
	{ "host", OPT_STR,
	    "TCP address to listen on (127.0.0.1 when only --port "
	    "is given; 0.0.0.0 only when stated)",
	    &cfg.host },
	{ "port", OPT_STR, "TCP port (default 8080 when TCP is asked for)",
	    &cfg.port },
	{ "max-workers", OPT_UINT,
	    "executions running guest code at once; a run waiting on a "
	    "tool gives its slot back (default: online CPUs)",
	    &cfg.pool.max_workers },
	{ "executions-per-worker", OPT_UINT,
	    "executions one worker slot runs at "
	    "once (default 1)",
	    &cfg.pool.executions_per_worker },
	{ "max-executions", OPT_UINT,
	    "executions that may exist at once, running or waiting on a "
	    "tool without a CPU slot; more queue (default: memory over "
	    "--worker-memory-limit, at most 1024, at least the capacity)",
	    &cfg.pool.max_executions },
	{ "max-queue", OPT_UINT,
	    "executions that may wait before QUEUE_OVERFLOW "
	    "(default 100)",
	    &cfg.pool.max_queue },
	{ "retire-after-executions", OPT_UINT,
	    "forks before the zygote is "
	    "replaced (default 50)",
	    &cfg.pool.retire_after_executions },
	{ "worker-memory-limit", OPT_SIZE,
	    "zygote RSS in bytes past which it is "
	    "replaced (default 536870912)",
	    &cfg.pool.worker_memory_limit },
	{ "termination-delay", OPT_UINT,
	    "ms a hung child may outlive timeout + "
	    "grace (default 5000)",
	    &cfg.pool.termination_delay_ms },
	{ "handles-idle-timeout", OPT_UINT,
	    "ms a retained execution lives "
	    "unused (default 300000)",
	    &cfg.pool.handles_idle_timeout_ms },
	{ "spares", OPT_UINT, "children forked ahead of demand (default 2)",
	    &cfg.pool.spares },
	{ "reuse-runs", OPT_UINT,
	    "executions one child serves for its connection, "
	    "its heap reset between them (default 1000; 1: a child each)",
	    &cfg.pool.reuse_runs },
	{ "kept-idle", OPT_UINT,
	    "ms a child staying for its connection waits "
	    "for work (default 10000)",
	    &cfg.pool.kept_idle_ms },
	{ "orphan-wait", OPT_UINT,
	    "ms a staying child waits, after its connection closed, for the "
	    "next connection of the same peer uid or token (default 2000; "
	    "0: it ends with its connection)",
	    &cfg.pool.orphan_ms },
	{ "kept-memory", OPT_SIZE,
	    "private bytes the children staying for their connections may "
	    "hold together; past it the least recently used leaves "
	    "(default: 1/16 of memory, 64 MiB to 1 GiB)",
	    &cfg.pool.kept_memory },
	{ "max-kept", OPT_UINT,
	    "children staying for their connections at most, besides "
	    "--kept-memory (default 0: no count bound)",
	    &cfg.pool.max_kept },
	{ "spin-us", OPT_UINT,
	    "microseconds a child polls for its host's answer before it "
	    "sleeps; the daemon polls as long for the host's answer to a "
	    "call, and a quarter of it for the child's next frame after "
	    "relaying one (default 400; 0: never; at most 10000; never with "
	    "one CPU or a busy machine)",
	    &cfg.pool.program.spin_us },
	{ "outbound-mode", OPT_STR,
	    "operator veto: 'null' gives native fetch no "
	    "network at all",
	    &outbound_mode },
	{ "outbound-allow", OPT_LIST,
	    "native fetch may reach what this rule names, closed ranges "
	    "included (repeatable; comma-separated lists; default: none)",
	    &outbound_allow },
	{ "outbound-deny", OPT_LIST,
	    "native fetch may not reach what this rule names; wins over "
	    "--outbound-allow (repeatable; comma-separated lists; default: "
	    "none beyond the closed ranges)",
	    &outbound_deny },
	{ "max-fetches", OPT_UINT,
	    "native fetches in flight in the whole daemon; more wait "
	    "(default 256)",
	    &cfg.max_fetches },
	{ "max-fetches-per-execution", OPT_UINT,
	    "native fetches one execution has in flight; more wait "
	    "(default 16)",
	    &cfg.max_fetches_per_execution },
	{ "max-fetches-waiting", OPT_UINT,
	    "native fetches one execution may have waiting beyond that; the "
	    "next is refused (default 64)",
	    &cfg.max_fetches_waiting },
	{ "language", OPT_STR,
	    "what request code is when options.language is absent: "
	    "javascript (default) or typescript",
	    &language },
	{ "timeout", OPT_UINT, "default run bound in ms (default 60000)",
	    &cfg.default_timeout },
	{ "grace", OPT_UINT,
	    "ms past the bound before the child is killed "
	    "(default 1000)",
	    &cfg.default_grace },
	{ "memory-limit", OPT_UINT,
	    "heap limit of one execution in MB "
	    "(default 128)",
	    &cfg.default_memory_limit },
	{ "max-timeout", OPT_UINT,
	    "cap on any requested timeout in ms "
	    "(default 2147483647)",
	    &cfg.max_timeout },
	{ "response-limit", OPT_LL,
	    "bytes of one result envelope (default: "
	    "none beyond the protocol's)",
	    &cfg.response_limit },
	{ "max-connection-age", OPT_UINT,
	    "ms a connection may stay open "
	    "(default: unbounded)",
	    &cfg.max_connection_age },
	{ "ping-interval", OPT_UINT,
	    "ms between pings that find dead peers "
	    "(default 30000; 0 disables)",
	    &cfg.ping_interval },
	{ "shutdown-delay", OPT_UINT,
	    "ms the daemon keeps serving after "
	    "readiness flips (default 0)",
	    &cfg.shutdown_delay },
	{ "shutdown-drain", OPT_UINT,
	    "ms running executions get to finish "
	    "(default 0)",
	    &cfg.shutdown_drain },
	{ "head-timeout", OPT_UINT,
	    "ms a client has to send its request head "
	    "before 408 (default 10000)",
	    &cfg.head_timeout },
	{ "max-connections", OPT_UINT,
	    "open connections at most (default 1024; lowered to fit "
	    "RLIMIT_NOFILE less --fd-reserve)",
	    &cfg.max_connections },
	{ "max-connections-per-peer", OPT_UINT,
	    "open connections one peer uid (unix) or the token's callers "
	    "(TCP) may hold (default 0: half the connection limit)",
	    &cfg.max_connections_per_peer },
	{ "output-pause", OPT_SIZE,
	    "bytes queued toward one connection past which it and its "
	    "children stop being read (default 16777216; 0: never)",
	    &cfg.output_pause },
	{ "output-limit", OPT_SIZE,
	    "bytes queued toward one connection past which it is closed "
	    "and its runs end (default 67108864; 0: none)",
	    &cfg.output_limit },
	{ "idle-timeout", OPT_UINT,
	    "ms an upgraded connection with nothing in flight may stay "
	    "silent (default 600000; 0: forever)",
	    &cfg.idle_timeout },
	{ "max-handles-per-connection", OPT_UINT,
	    "executions retaining handles one connection may hold "
	    "(default 64; 0: no bound)",
	    &cfg.max_handles_per_connection },
	{ "fd-reserve", OPT_UINT,
	    "descriptors kept back from connections for children and "
	    "fetches (default 128)",
	    &cfg.fd_reserve },
	{ "metrics", OPT_BOOL, "serve /metrics: 1 or 0 (default 1)",
	    &cfg.metrics },
	{ "log-level", OPT_STR, "error, warn, info or debug (default info)",
	    &log_level },
	{ "token-file", OPT_STR,
	    "file holding the bearer token TCP upgrades "
	    "must present",
	    &token_file },
	{ "sandbox-image", OPT_STR,
	    "the program children run (default: codemode-sandbox beside "
	    "this program, else ../lib/codemode/)",
	    &opt_sandbox_image },
	{ "instance-id", OPT_STR,
	    "names this daemon in every executionId it mints "
	    "(1-63 of A-Z a-z 0-9 - _; a pod's name), so clients given "
	    "many daemons route handle calls to it (default: none)",
	    &cfg.instance_id },
	{ "allow-uid", OPT_STR,
	    "a uid allowed on the unix socket (repeatable; "
	    "default: any)",
	    NULL },
};
#define NOPTS (sizeof(opts) / sizeof(opts[0]))

/* The environment variable of an option: CODEMODE_ + NAME, dashes as _. */
static void
opt_env_name(const struct opt *o, char *env, size_t len)
{
	size_t j;

	snprintf(env, len, "CODEMODE_%s", o->name);
	for (j = 0; env[j]; j++)
		env[j] =
		    env[j] == '-' ? '_' : (char)toupper((unsigned char)env[j]);
}

static void
usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: codemode-executord [options]\n\n");
	for (i = 0; i < NOPTS; i++) {
		char env[64];

		opt_env_name(&opts[i], env, sizeof(env));
		fprintf(f, "  --%-24s %s\n  %26s (env %s)\n", opts[i].name,
		    opts[i].help, "", env);
	}
	fprintf(f, "  --%-24s %s\n  --%-24s %s\n", "help", "this text",
	    "version", "the protocol version this build speaks");
}

static int
set_opt(const struct opt *o, const char *v)
{
	char *end;
	unsigned long long n;

	if (o->target == NULL) {
		/* --allow-uid */
		n = strtoull(v, &end, 10);
		if (*v == '\0' || *end != '\0' || n > UINT_MAX ||
		    n_allowed_uids ==
			sizeof(allowed_uids) / sizeof(*allowed_uids))
			return -1;
		allowed_uids[n_allowed_uids++] = (uid_t)n;
		return 0;
	}
	switch (o->kind) {
	case OPT_LIST: {
		struct opt_list *l = o->target;

		if (!setting_env && l->from_env) {
			l->n = 0;
			l->from_env = 0;
		}
		if (setting_env)
			l->from_env = 1;
		if (l->n == sizeof(l->v) / sizeof(l->v[0]))
			return -1;
		l->v[l->n++] = v;
		return 0;
	}
	case OPT_STR:
		*(const char **)o->target = v;
		return 0;
	case OPT_MODE:
		n = strtoull(v, &end, 8);
		if (*v == '\0' || *end != '\0' || n > 0777)
			return -1;
		*(mode_t *)o->target = (mode_t)n;
		return 0;
	case OPT_BOOL:
		if (strcmp(v, "1") && strcmp(v, "0") && strcmp(v, "true") &&
		    strcmp(v, "false"))
			return -1;
		*(int *)o->target = v[0] == '1' || v[0] == 't';
		return 0;
	case OPT_LL:
		errno = 0;
		n = strtoull(v, &end, 10);
		if (*v == '\0' || *end != '\0' || errno || n > LLONG_MAX)
			return -1;
		*(long long *)o->target = (long long)n;
		return 0;
	case OPT_UINT:
	case OPT_SIZE:
		errno = 0;
		n = strtoull(v, &end, 10);
		if (*v == '\0' || *end != '\0' || errno || *v == '-')
			return -1;
		if (o->kind == OPT_UINT) {
			if (n > UINT_MAX)
				return -1;
			*(unsigned *)o->target = (unsigned)n;
		} else
			*(size_t *)o->target = (size_t)n;
		return 0;
	}
	return -1;
}

static char *
read_token(const char *path)
{
	char buf[512];
	FILE *f = fopen(path, "r");
	size_t n;

	if (f == NULL)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	while (n > 0 &&
	    (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return n ? strdup(buf) : NULL;
}

/* The flag's hint, ending every message about the image. */
#define SANDBOX_IMAGE_HINT                                                     \
	"Give its path with --sandbox-image PATH or CODEMODE_SANDBOX_IMAGE."

/*
 * The sandbox image's absolute path into `out`: the one given, else the
 * program beside ours (a build tree: build/codemode-executord and
 * build/codemode-sandbox), else the installed one (bin/ and
 * lib/codemode/ under one prefix). Then zygote_image_check: a wrong path
 * stops the daemon here, before any socket opens, rather than leaving
 * every execution to fail. 0, or -1 with `err` filled.
 */
static int
find_sandbox_image(char *out, size_t len, char *err, size_t errlen)
{
	char self[PATH_MAX], beside[PATH_MAX + 32], installed[PATH_MAX + 64];
	char check[256];
	ssize_t n;
	char *slash;

	if (opt_sandbox_image != NULL) {
		if (opt_sandbox_image[0] == '\0') {
			snprintf(err, errlen,
			    "the sandbox image path is empty. %s",
			    SANDBOX_IMAGE_HINT);
			return -1;
		}
		if (realpath(opt_sandbox_image, out) == NULL) {
			snprintf(err, errlen, "the sandbox image %s: %s. %s",
			    opt_sandbox_image, strerror(errno),
			    SANDBOX_IMAGE_HINT);
			return -1;
		}
	} else {
		if ((n = readlink("/proc/self/exe", self, sizeof(self) - 1)) <=
			0 ||
		    (size_t)n >= sizeof(self) - 1) {
			snprintf(err, errlen,
			    "cannot tell where this program is "
			    "(/proc/self/exe) to find the sandbox image. %s",
			    SANDBOX_IMAGE_HINT);
			return -1;
		}
		self[n] = '\0';
		slash = strrchr(self, '/');
		*slash = '\0';
		snprintf(beside, sizeof(beside), "%s/codemode-sandbox", self);
		snprintf(installed, sizeof(installed),
		    "%s/../lib/codemode/codemode-sandbox", self);
		if (access(beside, F_OK) == 0) {
			if (strlen(beside) >= len) {
				snprintf(err, errlen,
				    "the path %.64s... is "
				    "too long. %s",
				    beside, SANDBOX_IMAGE_HINT);
				return -1;
			}
			memcpy(out, beside, strlen(beside) + 1);
		} else if (realpath(installed, out) == NULL) {
			snprintf(err, errlen,
			    "no sandbox image: neither %s nor %s exists. %s",
			    beside, installed, SANDBOX_IMAGE_HINT);
			return -1;
		}
	}
	if (zygote_image_check(out, check, sizeof(check)) != 0) {
		snprintf(err, errlen, "%s. %s", check, SANDBOX_IMAGE_HINT);
		return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct option lo[NOPTS + 3];
	static char image[PATH_MAX], fetcher_image[PATH_MAX + 32];
	struct daemon *d;
	char err[PATH_MAX * 3], *token = NULL;
	int i, ch, port_given = 0, rc, n_inherited, first_inherited;
	static int inherited[LISTENER_INHERITED_MAX];

	/* Before any JSON value exists: a parse that runs out of memory
	 * then fails as an error instead of aborting the daemon. */
	jsonguard_install();
	daemon_config_default(&cfg);
	/* The environment first, so flags override it. */
	setting_env = 1;
	for (i = 0; i < (int)NOPTS; i++) {
		char env[64];
		const char *v;

		opt_env_name(&opts[i], env, sizeof(env));
		if ((v = getenv(env)) != NULL && set_opt(&opts[i], v) != 0) {
			fprintf(stderr,
			    "codemode-executord: bad value for %s: "
			    "%s\n",
			    env, v);
			return 2;
		}
		if (v && strcmp(opts[i].name, "port") == 0)
			port_given = 1;
	}
	setting_env = 0;
	for (i = 0; i < (int)NOPTS; i++) {
		lo[i].name = opts[i].name;
		lo[i].has_arg = required_argument;
		lo[i].flag = NULL;
		lo[i].val = 1000 + i;
	}
	lo[NOPTS] = (struct option){ "help", no_argument, NULL, 'h' };
	lo[NOPTS + 1] = (struct option){ "version", no_argument, NULL, 'V' };
	lo[NOPTS + 2] = (struct option){ NULL, 0, NULL, 0 };
	while ((ch = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		if (ch == 'h') {
			usage(stdout);
			return 0;
		}
		if (ch == 'V') {
			printf("codemode-executord %s (protocol %d)\n",
			    CM_VERSION_STRING, CM_PROTOCOL_VERSION);
			return 0;
		}
		if (ch < 1000 || ch >= 1000 + (int)NOPTS) {
			usage(stderr);
			return 2;
		}
		if (set_opt(&opts[ch - 1000], optarg) != 0) {
			fprintf(stderr,
			    "codemode-executord: bad value for --%s: "
			    "%s\n",
			    opts[ch - 1000].name, optarg);
			return 2;
		}
		if (strcmp(opts[ch - 1000].name, "port") == 0)
			port_given = 1;
	}
	if (optind != argc) {
		usage(stderr);
		return 2;
	}
	if (strcmp(log_level, "error") == 0)
		cfg.log_level = LOG_ERROR;
	else if (strcmp(log_level, "warn") == 0)
		cfg.log_level = LOG_WARN;
	else if (strcmp(log_level, "debug") == 0)
		cfg.log_level = LOG_DEBUG;
	else if (strcmp(log_level, "info") == 0)
		cfg.log_level = LOG_INFO;
	else {
		fprintf(stderr, "codemode-executord: bad log level %s\n",
		    log_level);
		return 2;
	}
	if (outbound_mode) {
		if (strcmp(outbound_mode, "null") != 0) {
			fprintf(stderr,
			    "codemode-executord: --outbound-mode takes "
			    "only 'null' (the operator's veto)\n");
			return 2;
		}
		cfg.outbound_veto = 1;
	}
	cfg.outbound_allow = outbound_allow.v;
	cfg.n_outbound_allow = outbound_allow.n;
	cfg.outbound_deny = outbound_deny.v;
	cfg.n_outbound_deny = outbound_deny.n;
	{
		/* A rule that does not parse stops us here, as a bad flag. */
		struct netpolicy *np = netpolicy_new();

		if (np == NULL ||
		    daemon_netpolicy_rules(np, &cfg, err, sizeof(err)) != 0) {
			fprintf(stderr, "codemode-executord: %s\n",
			    np ? err : "out of memory");
			netpolicy_free(np);
			return 2;
		}
		netpolicy_free(np);
	}
	if (cfg.pool.program.spin_us > ZYGOTE_ARGS_SPIN_MAX) {
		fprintf(stderr,
		    "codemode-executord: --spin-us takes at most %u\n",
		    ZYGOTE_ARGS_SPIN_MAX);
		return 2;
	}
	if (cfg.max_fetches == 0 || cfg.max_fetches_per_execution == 0) {
		fprintf(stderr,
		    "codemode-executord: --max-fetches and "
		    "--max-fetches-per-execution take 1 or more\n");
		return 2;
	}
	if (language) {
		if (strcmp(language, CM_LANGUAGE_TYPESCRIPT) == 0)
			cfg.default_typescript = 1;
		else if (strcmp(language, CM_LANGUAGE_JAVASCRIPT) != 0) {
			fprintf(stderr,
			    "codemode-executord: --language takes "
			    "javascript or typescript\n");
			return 2;
		}
	}
	if (cfg.instance_id != NULL &&
	    !handles_instance_valid(cfg.instance_id)) {
		fprintf(stderr,
		    "codemode-executord: bad value for --instance-id: %s (1 to "
		    "%d of A-Z, a-z, 0-9, '-' and '_')\n",
		    cfg.instance_id, HANDLES_INSTANCE_MAX);
		return 2;
	}
	/* Listeners a service manager passed (socket activation). */
	if ((n_inherited = listener_inherited(
		 &first_inherited, NULL, 0, err, sizeof(err))) < 0) {
		fprintf(stderr, "codemode-executord: %s\n", err);
		return 2;
	}
	for (i = 0; i < n_inherited; i++)
		inherited[i] = first_inherited + i;
	cfg.listen_fds = inherited;
	cfg.n_listen_fds = (size_t)n_inherited;
	/* TCP only when asked for, and on loopback unless a host is stated. */
	if (port_given && cfg.host == NULL)
		cfg.host = CM_SERVER_HOST;
	if (cfg.socket_path == NULL && cfg.host == NULL && n_inherited == 0) {
		fprintf(stderr,
		    "codemode-executord: give --socket PATH and/or "
		    "--port PORT (or start it with inherited listeners: "
		    "LISTEN_FDS)\n");
		return 2;
	}
	if (token_file && (token = read_token(token_file)) == NULL) {
		fprintf(stderr,
		    "codemode-executord: cannot read a token from "
		    "%s\n",
		    token_file);
		return 2;
	}
	/* The children's program: an image of its own, never this one. */
	if (find_sandbox_image(image, sizeof(image), err, sizeof(err)) != 0) {
		fprintf(stderr, "codemode-executord: %s\n", err);
		free(token);
		return 1;
	}
	cfg.pool.program.image = image;
	/* The fetcher ships beside the sandbox image (build/, lib/codemode/).
	 */
	if (fetcher_args_image(image, fetcher_image, sizeof(fetcher_image)) ==
		0 &&
	    access(fetcher_image, X_OK) == 0)
		cfg.fetcher_image = fetcher_image;
	else
		fprintf(stderr,
		    "codemode-executord: no %s beside %s: native fetches are "
		    "off\n",
		    FETCHER_PROGRAM, image);
	cfg.token = token;
	if (n_allowed_uids) {
		cfg.allowed_uids = allowed_uids;
		cfg.n_allowed_uids = n_allowed_uids;
	}
	if ((d = daemon_new(&cfg, err, sizeof(err))) == NULL) {
		fprintf(stderr, "codemode-executord: %s\n", err);
		free(token);
		return 1;
	}
	rc = daemon_run(d);
	daemon_free(d);
	free(token);
	return rc == 0 ? 0 : 1;
}
