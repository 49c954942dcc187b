/*
 * Fuzz harness for the capnweb session: the input is split at newlines into
 * messages fed to one session. The first byte picks the role: even, a server
 * whose main object answers, holds, rejects and calls back stubs; odd, a
 * client that first calls the peer with a local callback in the arguments.
 * Everything the owner holds is completed or released after the session is
 * freed, so leaks and use-after-free show under ASan.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "proto/capnweb.h"

#define FZ_HELD 8

/* The session borrows call arguments; these wrappers take them. */
static int64_t
t_call(struct capnweb_session *s, const char *m, json_t *args,
    capnweb_settle_fn fn, void *udata)
{
	int64_t r;

	r = capnweb_session_call(s, m, args, fn, udata);
	json_decref(args);
	return r;
}

static int64_t
t_stub_call(struct capnweb_stub *st, const char *m, json_t *args,
    capnweb_settle_fn fn, void *udata)
{
	int64_t r;

	r = capnweb_stub_call(st, m, args, fn, udata);
	json_decref(args);
	return r;
}

struct fz {
	struct capnweb_session *s;
	struct capnweb_call *held[FZ_HELD];
	struct capnweb_stub *stubs[FZ_HELD];
	int nheld;
	int nstubs;
	int target;
	int settled;
};

static void
fz_settle(void *udata, int status, json_t *v)
{
	struct fz *f = udata;
	struct capnweb_stub *st;

	f->settled++;
	/* keep a stub from a result now and then */
	if (f->s != NULL && f->nstubs < FZ_HELD &&
	    (st = capnweb_session_stub(f->s, v)) != NULL)
		f->stubs[f->nstubs++] = st;
	(void)status;
}

static void
fz_call(void *udata, struct capnweb_call *c)
{
	struct fz *f = udata;
	json_t *args = capnweb_call_args(c), *a0;
	struct capnweb_stub *st;
	const char *m = capnweb_call_method(c);
	size_t h = strlen(m);

	a0 = json_array_get(args, 0);
	if ((st = capnweb_session_stub(f->s, a0)) != NULL) {
		t_stub_call(
		    st, NULL, json_pack("[i]", 1), h % 2 ? fz_settle : NULL, f);
		if (f->nstubs < FZ_HELD)
			f->stubs[f->nstubs++] = st;
		else
			capnweb_stub_release(st);
	}
	switch (h % 5) {
	case 0:
		capnweb_call_resolve(c,
		    args != NULL ? json_incref(args)
				 : capnweb_value_undefined());
		break;
	case 1:
		capnweb_call_reject(c, capnweb_error_new("Error", m));
		break;
	case 2:
		if (f->nheld < FZ_HELD) {
			f->held[f->nheld++] = c;
			break;
		}
		capnweb_call_reject_unknown(c);
		break;
	case 3:
		capnweb_call_resolve(c,
		    f->target > 0 ? capnweb_value_target(f->target)
				  : json_null());
		break;
	default:
		/* complete an older held call first, then this one */
		if (f->nheld > 0)
			capnweb_call_resolve(f->held[--f->nheld],
			    json_incref(a0 != NULL ? a0 : json_null()));
		capnweb_call_reject_unknown(c);
	}
}

static void
fz_drain(struct capnweb_session *s)
{
	char *m;

	while ((m = capnweb_session_take_outgoing(s, NULL)) != NULL)
		free(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct capnweb_config cfg = { 0 };
	struct fz f;
	const uint8_t *p, *end, *nl;
	int i, client;

	memset(&f, 0, sizeof(f));
	client = size > 0 && (data[0] & 1);
	cfg.max_message = 1 << 16;
	cfg.max_depth = 64;
	cfg.max_entries = 256;
	if (!client) {
		cfg.main = fz_call;
		cfg.main_udata = &f;
	}
	if ((f.s = capnweb_session_new(&cfg)) == NULL)
		return 0;
	f.target = capnweb_session_add_target(f.s, fz_call, &f);
	if (client)
		t_call(f.s, "execute",
		    json_pack("[so]", "code", capnweb_value_target(f.target)),
		    fz_settle, &f);
	p = size > 0 ? data + 1 : data;
	end = data + size;
	while (p < end) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		capnweb_session_receive(f.s, (const char *)p, (size_t)(nl - p));
		fz_drain(f.s);
		p = nl + 1;
	}
	capnweb_session_free(f.s);
	f.s = NULL;
	for (i = 0; i < f.nheld; i++)
		capnweb_call_resolve(f.held[i], json_null());
	for (i = 0; i < f.nstubs; i++)
		capnweb_stub_release(f.stubs[i]);
	return 0;
}
