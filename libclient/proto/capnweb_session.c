/*
 * capnweb session: the export and import tables of one connection, its
 * outgoing queue, stubs, calls made and calls answered (capnweb_recv.c
 * handles what arrives). Ids follow the 0.12.0 rules: the
 * importer numbers pushes 1, 2, ...; the exporter numbers every object it
 * hands over -1, -2, ... afresh; nothing is ever reused.
 *
 * Results of calls the peer made are sent when the peer pulls them (as a JS
 * callee does), or at completion if the pull came first.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capnweb_int.h"

#define CW_MAX_ENTRIES (1u << 20)

/* --- Map --------------------------------------------------------------- */

static size_t
cw_hash(int64_t k, size_t cap)
{
	uint64_t x = (uint64_t)k;

	/* splitmix64 finalizer: ids are sequential, low bits must mix */
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return (size_t)x & (cap - 1);
}

void *
cw_map_get(const struct cw_map *m, int64_t k)
{
	size_t i;

	if (m->cap == 0 || k == 0)
		return NULL;
	for (i = cw_hash(k, m->cap); m->keys[i] != 0;
	     i = (i + 1) & (m->cap - 1))
		if (m->keys[i] == k)
			return m->vals[i];
	return NULL;
}

int
cw_map_put(struct cw_map *m, int64_t k, void *v)
{
	struct cw_map nm;
	size_t i;

	if ((m->n + 1) * 2 > m->cap) {
		nm.cap = m->cap ? m->cap * 2 : 16;
		nm.n = 0;
		nm.keys = calloc(nm.cap, sizeof(*nm.keys));
		nm.vals = calloc(nm.cap, sizeof(*nm.vals));
		if (nm.keys == NULL || nm.vals == NULL) {
			free(nm.keys);
			free(nm.vals);
			return -1;
		}
		for (i = 0; i < m->cap; i++)
			if (m->keys[i] != 0)
				cw_map_put(&nm, m->keys[i], m->vals[i]);
		free(m->keys);
		free(m->vals);
		*m = nm;
	}
	for (i = cw_hash(k, m->cap); m->keys[i] != 0 && m->keys[i] != k;
	     i = (i + 1) & (m->cap - 1))
		;
	if (m->keys[i] == 0)
		m->n++;
	m->keys[i] = k;
	m->vals[i] = v;
	return 0;
}

/* Removes k, shifting the probe chain back so lookups stay correct. */
void
cw_map_del(struct cw_map *m, int64_t k)
{
	size_t i, j, h;

	if (m->cap == 0)
		return;
	for (i = cw_hash(k, m->cap); m->keys[i] != k;
	     i = (i + 1) & (m->cap - 1))
		if (m->keys[i] == 0)
			return;
	m->keys[i] = 0;
	m->vals[i] = NULL;
	m->n--;
	for (j = (i + 1) & (m->cap - 1); m->keys[j] != 0;
	     j = (j + 1) & (m->cap - 1)) {
		h = cw_hash(m->keys[j], m->cap);
		/* Move j into the hole i unless h lies cyclically in (i, j]. */
		if ((j > i && (h <= i || h > j)) ||
		    (j < i && h <= i && h > j)) {
			m->keys[i] = m->keys[j];
			m->vals[i] = m->vals[j];
			m->keys[j] = 0;
			m->vals[j] = NULL;
			i = j;
		}
	}
}

static void
cw_map_free(struct cw_map *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}

/* --- Outgoing ---------------------------------------------------------- */

/* Queues (or hands to cfg.send) a message; takes `text`. 0 or -1. */
static int
cw_send_text(struct capnweb_session *s, char *text, size_t len)
{
	struct cw_msg *m;

	if (text == NULL)
		return -1;
	if (s->cfg.send != NULL) {
		s->cfg.send(s->cfg.send_udata, text, len);
		free(text);
		return 0;
	}
	if ((m = calloc(1, sizeof(*m))) == NULL) {
		free(text);
		return -1;
	}
	m->text = text;
	m->len = len;
	if (s->out_tail != NULL)
		s->out_tail->next = m;
	else
		s->out_head = m;
	s->out_tail = m;
	return 0;
}

/* A message could not be sent: the session ends and the owner hears. */
static void
cw_end_broken(struct capnweb_session *s)
{
	int was = s->ended;

	cw_end(s, "out of memory");
	if (!was && s->cfg.on_broken != NULL)
		s->cfg.on_broken(s->cfg.broken_udata);
}

/* Sends a buffer's text; on allocation failure the session ends. */
static void
cw_send_buf(struct capnweb_session *s, struct cw_buf *b)
{
	size_t len;
	char *t;

	t = cw_buf_take(b, &len);
	if (cw_send_text(s, t, len) != 0)
		cw_end_broken(s);
}

/* v's digits at p; the end of them. */
static char *
cw_copy_int(char *p, int64_t v)
{
	char num[24], *d = cw_put_int(num + sizeof(num), v);
	size_t n = (size_t)(num + sizeof(num) - d);

	memcpy(p, d, n);
	return p + n;
}

/*
 * ["tag",a] or ["tag",a,b]: the pull and release messages of every call,
 * written without printf. A session with a send function gets the text on
 * the stack, since the function copies what it keeps.
 */
void
cw_send_ids(struct capnweb_session *s, const char *tag, int64_t a, int64_t b,
    int with_b)
{
	char buf[96], *p = buf;
	size_t n = strlen(tag);
	char *t;

	*p++ = '[';
	*p++ = '"';
	memcpy(p, tag, n); /* the callers' own short tags */
	p += n;
	*p++ = '"';
	*p++ = ',';
	p = cw_copy_int(p, a);
	if (with_b) {
		*p++ = ',';
		p = cw_copy_int(p, b);
	}
	*p++ = ']';
	*p = '\0';
	n = (size_t)(p - buf);
	if (s->cfg.send != NULL) {
		s->cfg.send(s->cfg.send_udata, buf, n);
		return;
	}
	if ((t = malloc(n + 1)) == NULL) {
		cw_end_broken(s);
		return;
	}
	memcpy(t, buf, n + 1);
	if (cw_send_text(s, t, n) != 0)
		cw_end_broken(s);
}

char *
capnweb_session_take_outgoing(struct capnweb_session *s, size_t *len)
{
	struct cw_msg *m;
	char *t;

	if ((m = s->out_head) == NULL)
		return NULL;
	if ((s->out_head = m->next) == NULL)
		s->out_tail = NULL;
	t = m->text;
	if (len != NULL)
		*len = m->len;
	free(m);
	return t;
}

/* --- Session life ------------------------------------------------------- */

struct capnweb_session *
capnweb_session_new(const struct capnweb_config *cfg)
{
	struct capnweb_session *s;

	if ((s = calloc(1, sizeof(*s))) == NULL)
		return NULL;
	if (cfg != NULL)
		s->cfg = *cfg;
	if (s->cfg.max_message == 0)
		s->cfg.max_message = CAPNWEB_MAX_MESSAGE;
	if (s->cfg.max_depth <= 0)
		s->cfg.max_depth = CAPNWEB_MAX_DEPTH;
	if (s->cfg.max_entries == 0)
		s->cfg.max_entries = CW_MAX_ENTRIES;
	if ((s->targets = calloc(1, sizeof(*s->targets))) == NULL) {
		free(s);
		return NULL;
	}
	s->targets[0].fn = s->cfg.main;
	s->targets[0].udata = s->cfg.main_udata;
	s->targets[0].live = s->cfg.main != NULL;
	s->ntargets = 1;
	s->next_export_pos = 1;
	s->next_export_neg = -1;
	s->next_import = 1;
	return s;
}

void
cw_export_free(struct cw_export *e)
{
	if (e->call != NULL)
		e->call->entry = NULL;
	json_decref(e->value);
	free(e);
}

/* Cuts a reason to the close-frame limit on a UTF-8 boundary. */
static char *
cw_reason(const char *r)
{
	size_t n;
	char *p;

	n = strlen(r);
	if (n > CAPNWEB_REASON_MAX) {
		n = CAPNWEB_REASON_MAX;
		while (n > 0 && ((unsigned char)r[n] & 0xc0) == 0x80)
			n--;
	}
	if ((p = malloc(n + 1)) == NULL)
		return NULL;
	memcpy(p, r, n);
	p[n] = '\0';
	return p;
}

/*
 * Ends the session: tables are emptied, held calls and stubs detached, and
 * then every pending call settles CAPNWEB_BROKEN (callbacks may re-enter;
 * everything they try fails with CAPNWEB_ENDED).
 */
void
cw_end(struct capnweb_session *s, const char *why)
{
	struct cw_map imports;
	struct cw_pending *p;
	struct capnweb_call *c;
	struct capnweb_stub *st;
	size_t i;
	json_t *err;

	if (s->ended)
		return;
	s->ended = 1;
	s->reason = cw_reason(why);
	for (i = 0; i < s->exports.cap; i++)
		if (s->exports.keys[i] != 0)
			cw_export_free(s->exports.vals[i]);
	cw_map_free(&s->exports);
	for (c = s->calls; c != NULL; c = c->next)
		c->s = NULL;
	s->calls = NULL;
	/* Detach the table first: callbacks below may re-enter the session. */
	imports = s->imports;
	memset(&s->imports, 0, sizeof(s->imports));
	for (i = 0; i < imports.cap; i++) {
		if (imports.keys[i] >= 0)
			continue;
		st = imports.vals[i];
		st->s = NULL;
		if (st->refs == 0)
			free(st);
	}
	for (i = 0; i < imports.cap; i++) {
		if (imports.keys[i] <= 0)
			continue;
		p = imports.vals[i];
		err = capnweb_error_new("Error", why);
		p->fn(p->udata, CAPNWEB_BROKEN, err);
		json_decref(err);
		free(p);
	}
	cw_map_free(&imports);
}

/* Queues ["abort",[error]] and ends the session. */
static void
cw_abort_with(struct capnweb_session *s, const char *name, const char *msg)
{
	struct cw_buf b = { 0 };

	if (s->ended)
		return;
	cw_buf_str(&b, "[\"abort\",[\"error\",");
	cw_json_string(&b, name, strlen(name));
	cw_buf_add(&b, ",", 1);
	cw_json_string(&b, msg, strlen(msg));
	cw_buf_str(&b, "]]");
	cw_send_buf(s, &b);
	cw_end(s, msg);
}

void
cw_violation(struct capnweb_session *s, const char *name, const char *fmt, ...)
{
	va_list ap;
	char *m;

	va_start(ap, fmt);
	if (vasprintf(&m, fmt, ap) < 0)
		m = NULL;
	va_end(ap);
	cw_abort_with(s, name, m != NULL ? m : "out of memory");
	free(m);
}

int
capnweb_session_abort(struct capnweb_session *s, const char *reason)
{
	if (s->ended)
		return CAPNWEB_ENDED;
	cw_abort_with(s, "Error", reason);
	return 0;
}

void
capnweb_session_close(struct capnweb_session *s, const char *reason)
{
	cw_end(s, reason);
}

int
capnweb_session_ended(const struct capnweb_session *s)
{
	return s->ended;
}

const char *
capnweb_session_end_reason(const struct capnweb_session *s)
{
	if (!s->ended)
		return NULL;
	return s->reason != NULL ? s->reason : "out of memory";
}

void
capnweb_session_free(struct capnweb_session *s)
{
	char *t;

	if (s == NULL)
		return;
	cw_end(s, "RPC session was freed");
	while ((t = capnweb_session_take_outgoing(s, NULL)) != NULL)
		free(t);
	free(s->targets);
	free(s->reason);
	free(s);
}

void
capnweb_session_counts(
    const struct capnweb_session *s, size_t *exports, size_t *imports)
{
	if (exports != NULL)
		*exports = s->exports.n;
	if (imports != NULL)
		*imports = s->imports.n;
}

int
capnweb_session_add_target(
    struct capnweb_session *s, capnweb_call_fn fn, void *udata)
{
	struct cw_target *nt;

	if (fn == NULL)
		return CAPNWEB_EINVAL;
	if (s->ended)
		return CAPNWEB_ENDED;
	if (s->ntargets >= INT32_MAX ||
	    (nt = realloc(s->targets, (s->ntargets + 1) * sizeof(*nt))) == NULL)
		return CAPNWEB_ENOMEM;
	s->targets = nt;
	nt[s->ntargets].fn = fn;
	nt[s->ntargets].udata = udata;
	nt[s->ntargets].live = 1;
	return (int)s->ntargets++;
}

void
capnweb_session_remove_target(struct capnweb_session *s, int n)
{
	if (n > 0 && (size_t)n < s->ntargets)
		s->targets[n].live = 0;
}

/* --- Codec hooks ------------------------------------------------------- */

json_t *
cw_session_import(struct cw_dec *d, int64_t id, int promise)
{
	struct capnweb_session *s = d->s;
	struct capnweb_stub *st;
	json_t *m;

	if ((st = cw_map_get(&s->imports, id)) == NULL) {
		if (s->imports.n >= s->cfg.max_entries)
			return cw_dec_fail(d, "Error", "too many imports");
		if ((st = calloc(1, sizeof(*st))) == NULL)
			return cw_dec_fail(d, "Error", "out of memory");
		st->s = s;
		st->id = id;
		st->promise = promise;
		if (cw_map_put(&s->imports, id, st) != 0) {
			free(st);
			return cw_dec_fail(d, "Error", "out of memory");
		}
	} else if (st->promise != promise)
		return cw_dec_fail(d, "Error",
		    "ID %lld introduced as both "
		    "a stub and a promise",
		    (long long)id);
	st->intro++;
	if (promise)
		return cw_unsupported(d, "a promise in a value");
	if ((m = cw_marker("stub")) == NULL ||
	    json_object_set_new(m, "id", json_integer(id)) != 0 ||
	    cw_holder_add(d->hold, st) != 0) {
		json_decref(m);
		return cw_dec_fail(d, "Error", "out of memory");
	}
	st->refs++;
	return m;
}

int
cw_session_has_export(struct capnweb_session *s, int64_t id)
{
	return id == 0 || cw_map_get(&s->exports, id) != NULL;
}

int
cw_session_stub_live(struct capnweb_session *s, int64_t id)
{
	struct capnweb_stub *st;

	st = id < 0 ? cw_map_get(&s->imports, id) : NULL;
	return st != NULL && !st->promise ? 0 : -1;
}

int
cw_session_export_target(struct cw_enc *e, int n, int64_t *id)
{
	struct capnweb_session *s = e->s;
	struct cw_export *x;
	int64_t *nv;
	size_t ncap;

	if (s->ended || n <= 0 || (size_t)n >= s->ntargets ||
	    !s->targets[n].live)
		return -1;
	if (e->nexported == e->capexported) {
		ncap = e->capexported ? e->capexported * 2 : 4;
		if ((nv = realloc(e->exported, ncap * sizeof(*nv))) == NULL)
			return -1;
		e->exported = nv;
		e->capexported = ncap;
	}
	if ((x = calloc(1, sizeof(*x))) == NULL)
		return -1;
	x->id = s->next_export_neg--;
	x->refcount = 1;
	x->target = n;
	if (cw_map_put(&s->exports, x->id, x) != 0) {
		free(x);
		return -1;
	}
	e->exported[e->nexported++] = x->id;
	*id = x->id;
	return 0;
}

/* An encode failed: its exports never reached the peer (ids stay used). */
static void
cw_enc_rollback(struct capnweb_session *s, struct cw_enc *e)
{
	struct cw_export *x;
	size_t i;

	for (i = 0; i < e->nexported; i++) {
		if ((x = cw_map_get(&s->exports, e->exported[i])) != NULL) {
			cw_map_del(&s->exports, x->id);
			cw_export_free(x);
		}
	}
	e->nexported = 0;
}

/* --- Stubs -------------------------------------------------------------- */

struct capnweb_stub *
capnweb_session_stub(struct capnweb_session *s, const json_t *marker)
{
	struct capnweb_stub *st;
	const char *k;
	json_t *idv;

	k = capnweb_value_kind(marker);
	if (s->ended || k == NULL || strcmp(k, "stub") != 0)
		return NULL;
	idv = json_object_get(marker, "id");
	if (!json_is_integer(idv))
		return NULL;
	st = cw_map_get(&s->imports, json_integer_value(idv));
	if (st == NULL || st->promise || json_integer_value(idv) >= 0)
		return NULL;
	st->refs++;
	return st;
}

struct capnweb_stub *
capnweb_stub_dup(struct capnweb_stub *st)
{
	st->refs++;
	return st;
}

void
capnweb_stub_release(struct capnweb_stub *st)
{
	struct capnweb_session *s;

	if (st == NULL || --st->refs > 0)
		return;
	if ((s = st->s) != NULL) {
		cw_map_del(&s->imports, st->id);
		cw_send_ids(s, "release", st->id, st->intro, 1);
	}
	free(st);
}

int64_t
capnweb_stub_id(const struct capnweb_stub *st)
{
	return st->id;
}

/* --- Outgoing calls ---------------------------------------------------- */

/* Pushes a call (args borrowed); see capnweb_session_call. */
static int64_t
cw_call_out(struct capnweb_session *s, int64_t target, const char *method,
    json_t *args, capnweb_settle_fn fn, void *udata)
{
	struct cw_buf b = { 0 };
	struct cw_enc e = { 0 };
	struct cw_pending *p;
	int64_t id;
	int r;

	if (s->ended)
		return CAPNWEB_ENDED;
	if (args != NULL && !json_is_array(args))
		return CAPNWEB_EINVAL;
	e.s = s;
	e.b = &b;
	e.max_depth = s->cfg.max_depth;
	cw_buf_str(&b, "[\"push\",[\"pipeline\",");
	cw_json_int(&b, target);
	cw_buf_add(&b, ",[", 2);
	if (method != NULL)
		cw_json_string(&b, method, strlen(method));
	cw_buf_add(&b, "],", 2);
	p = NULL;
	if (args != NULL)
		r = cw_encode_args(&e, args);
	else {
		cw_buf_add(&b, "[]", 2);
		r = 0;
	}
	if (r != 0 || (cw_buf_str(&b, "]]"), b.oom) ||
	    (fn != NULL && (p = calloc(1, sizeof(*p))) == NULL)) {
		r = e.err != NULL ? CAPNWEB_EINVAL : CAPNWEB_ENOMEM;
		cw_enc_rollback(s, &e);
		cw_enc_clear(&e);
		cw_buf_free(&b);
		return r;
	}
	if (s->cfg.max_send > 0 && b.len > s->cfg.max_send) {
		/* Exports the encoding numbered are taken back, like on any
		 * other refusal: the peer never hears of them. */
		s->refused_len = b.len;
		cw_enc_rollback(s, &e);
		cw_enc_clear(&e);
		cw_buf_free(&b);
		free(p);
		return CAPNWEB_E2BIG;
	}
	cw_enc_clear(&e);
	id = s->next_import++;
	if (p != NULL) {
		p->id = id;
		p->fn = fn;
		p->udata = udata;
		if (cw_map_put(&s->imports, id, p) != 0) {
			free(p);
			cw_buf_free(&b);
			cw_end(s, "out of memory");
			return CAPNWEB_ENOMEM;
		}
	}
	cw_send_buf(s, &b);
	if (p != NULL)
		cw_send_ids(s, "pull", id, 0, 0);
	else
		cw_send_ids(s, "release", id, 1, 1);
	/*
	 * An allocation failure above ended the session, which settled p
	 * (BROKEN): the call was made and on_settle has run its one time, so
	 * the id is returned; a negative code would tell the caller that
	 * on_settle never runs, and it would free what on_settle freed.
	 */
	if (p != NULL)
		return id;
	return s->ended ? CAPNWEB_ENOMEM : id;
}

size_t
capnweb_session_refused_len(const struct capnweb_session *s)
{
	return s->refused_len;
}

int64_t
capnweb_session_call(struct capnweb_session *s, const char *method,
    json_t *args, capnweb_settle_fn fn, void *udata)
{
	if (method == NULL)
		return CAPNWEB_EINVAL;
	return cw_call_out(s, 0, method, args, fn, udata);
}

int64_t
capnweb_stub_call(struct capnweb_stub *st, const char *method, json_t *args,
    capnweb_settle_fn fn, void *udata)
{
	if (st->s == NULL)
		return CAPNWEB_ENDED;
	return cw_call_out(st->s, st->id, method, args, fn, udata);
}

/* --- Incoming calls: completion ----------------------------------------- */

/* Sends resolve/reject for a settled, pulled push entry. */
void
cw_send_settled(struct capnweb_session *s, struct cw_export *x)
{
	struct cw_buf b = { 0 };
	struct cw_enc e = { 0 };
	char why[160];
	json_t *v;
	int ok;

	e.s = s;
	e.b = &b;
	e.max_depth = s->cfg.max_depth;
	v = x->value;
	x->value = NULL;
	x->state = CW_SENT;
	cw_buf_str(&b, x->rejected ? "[\"reject\"," : "[\"resolve\",");
	cw_json_int(&b, x->id);
	cw_buf_add(&b, ",", 1);
	ok = cw_encode(&e, v, 1) == 0;
	if (ok)
		cw_buf_add(&b, "]", 1);
	if (ok && s->cfg.max_send > 0 && b.len > s->cfg.max_send) {
		/*
		 * An answer past the message limit would be refused by the
		 * peer, which ends the whole session: this one call fails
		 * instead, in words, and the session goes on. Exports the
		 * encoding numbered are taken back; the peer never hears of
		 * them.
		 */
		snprintf(why, sizeof(why),
		    "The answer is %zu bytes once encoded, past the %zu byte "
		    "message limit of this session.",
		    b.len, s->cfg.max_send);
		cw_enc_rollback(s, &e);
		cw_buf_free(&b);
		cw_buf_fmt(&b, "[\"reject\",%lld,[\"error\",\"RangeError\",",
		    (long long)x->id);
		cw_json_string(&b, why, strlen(why));
		cw_buf_add(&b, "]]", 2);
	} else if (!ok) {
		/* As JS: an unserializable result becomes a TypeError. */
		cw_enc_rollback(s, &e);
		cw_buf_free(&b);
		cw_buf_fmt(&b, "[\"reject\",%lld,[\"error\",\"TypeError\",",
		    (long long)x->id);
		cw_json_string(&b, e.err != NULL ? e.err : "out of memory",
		    strlen(e.err != NULL ? e.err : "out of memory"));
		cw_buf_add(&b, "]]", 2);
	}
	cw_enc_clear(&e);
	json_decref(v);
	cw_send_buf(s, &b);
}

/* Records a push entry's outcome (value stolen); sends it if pulled. */
void
cw_settle(
    struct capnweb_session *s, struct cw_export *x, int rejected, json_t *v)
{
	if (v == NULL)
		v = capnweb_value_undefined();
	x->rejected = rejected;
	x->value = v;
	x->state = CW_SETTLED;
	x->call = NULL;
	if (x->pulled || s->cfg.eager_resolve)
		cw_send_settled(s, x);
}

static int
cw_call_complete(struct capnweb_call *c, int rejected, json_t *v,
    capnweb_ack_fn ack, void *ack_udata)
{
	struct capnweb_session *s = c->s;
	int r;

	r = CAPNWEB_ENDED;
	if (s != NULL) {
		if (c->prev != NULL)
			c->prev->next = c->next;
		else
			s->calls = c->next;
		if (c->next != NULL)
			c->next->prev = c->prev;
	}
	/* Argument stubs go before the answer, as a JS callee does. */
	cw_holder_drop(&c->hold);
	if (s != NULL && !s->ended && c->entry != NULL) {
		c->entry->ack = ack;
		c->entry->ack_udata = ack_udata;
		cw_settle(s, c->entry, rejected, v);
		v = NULL;
		r = 0;
	}
	json_decref(v);
	json_decref(c->args);
	free(c->method);
	free(c);
	return r;
}

int
capnweb_call_resolve(struct capnweb_call *c, json_t *value)
{
	return cw_call_complete(c, 0, value, NULL, NULL);
}

int
capnweb_call_resolve_acked(
    struct capnweb_call *c, json_t *value, capnweb_ack_fn fn, void *udata)
{
	return cw_call_complete(c, 0, value, fn, udata);
}

int
capnweb_call_reject(struct capnweb_call *c, json_t *error)
{
	return cw_call_complete(c, 1, error, NULL, NULL);
}

/* Returns a new TypeError "'<name>' is not a function." marker. */
json_t *
cw_not_function(const char *name)
{
	json_t *e;
	char *m;

	if (asprintf(&m, "'%s' is not a function.", name) < 0)
		return NULL;
	e = capnweb_error_new("TypeError", m);
	free(m);
	return e;
}

int
capnweb_call_reject_unknown(struct capnweb_call *c)
{
	return cw_call_complete(c, 1, cw_not_function(c->method), NULL, NULL);
}

const char *
capnweb_call_method(const struct capnweb_call *c)
{
	return c->method;
}

json_t *
capnweb_call_args(const struct capnweb_call *c)
{
	return c->args;
}

int
capnweb_call_target(const struct capnweb_call *c)
{
	return c->target;
}

struct capnweb_session *
capnweb_call_session(const struct capnweb_call *c)
{
	return c->s;
}
