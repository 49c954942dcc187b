/* See test_engine.h. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "host/engine.h"
#include "test_engine.h"

static void
cap_write(void *arg, int stream, const char *s, size_t len)
{
	struct capture *c = arg;

	if (stream == 2 && c->len + 4 < sizeof(c->buf)) {
		memcpy(c->buf + c->len, "[2]", 3);
		c->len += 3;
	}
	if (c->len + len >= sizeof(c->buf))
		len = sizeof(c->buf) - 1 - c->len;
	memcpy(c->buf + c->len, s, len);
	c->len += len;
	c->buf[c->len] = '\0';
}

static void
cap_oom(void *arg)
{
	((struct capture *)arg)->oom_calls++;
}

struct engine *
mk(struct capture *c, double timeout_ms, size_t mem)
{
	struct engine_options opt;
	struct engine *e;
	char err[256];

	memset(c, 0, sizeof(*c));
	memset(&opt, 0, sizeof(opt));
	opt.script_mode = 1;
	opt.write = cap_write;
	opt.write_arg = c;
	opt.on_oom = cap_oom;
	opt.oom_arg = c;
	opt.timeout_ms = timeout_ms;
	opt.memory_limit = mem;
	e = engine_create(&opt, err, sizeof(err));
	ck_assert_msg(e != NULL, "engine_create: %s", err);
	return e;
}

enum script_status
run(struct engine *e, const char *src, char *msg, size_t msglen)
{
	struct script_outcome out;
	enum script_status st;

	st = script_run(e, src, strlen(src), "test.js", &out);
	ck_assert_int_eq(st, out.status);
	snprintf(msg, msglen, "%s", out.message != NULL ? out.message : "");
	script_outcome_free(&out);
	return st;
}
