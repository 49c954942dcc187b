/*
 * capnweb session, incoming side: parsing and checking each top-level
 * message the peer sends (push, pull, resolve, reject, release, abort;
 * stream and pipe are refused) and delivering calls to local targets.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capnweb_int.h"
#include "jsonguard.h"

/* Method names a JS caller's proxy never sends (it answers them locally). */
static const char *const cw_local_names[] = {
	"then",
	"catch",
	"finally",
	"dup",
	"map",
	"onRpcBroken",
	"toString",
	"constructor",
	"valueOf",
	"hasOwnProperty",
	"isPrototypeOf",
	"propertyIsEnumerable",
	"toLocaleString",
	"__proto__",
	"__defineGetter__",
	"__defineSetter__",
	"__lookupGetter__",
	"__lookupSetter__",
};

/* --- Incoming messages ----------------------------------------------- */

/* JS's text for a number (error messages quote ids as JS would). */
static const char *
cw_num(const json_t *v, char *buf, size_t size)
{
	struct cw_buf b = { 0 };

	cw_json_raw(&b, v, 0);
	snprintf(buf, size, "%s", b.p != NULL && !b.oom ? b.p : "?");
	cw_buf_free(&b);
	return buf;
}

/* Aborts quoting the offending JSON, as JS does. */
static void
cw_bad_message(struct capnweb_session *s, const char *name, const char *what,
    const json_t *w)
{
	struct cw_buf b = { 0 };

	cw_json_raw(&b, w, 0);
	cw_violation(
	    s, name, "%s: %s", what, b.p != NULL && !b.oom ? b.p : "?");
	cw_buf_free(&b);
}

/* A property path: an array of strings and numbers. */
static int
cw_path_ok(const json_t *p)
{
	json_t *x;
	size_t i;

	if (!json_is_array(p))
		return 0;
	json_array_foreach(
	    p, i, x) if (!json_is_string(x) && !json_is_number(x)) return 0;
	return 1;
}

/* Rejects a push entry with an Error (or TypeError) of `msg`. */
static void
cw_reject_text(struct capnweb_session *s, struct cw_export *x, const char *name,
    const char *msg)
{
	cw_settle(s, x, 1, capnweb_error_new(name, msg));
}

/* Delivers ["pipeline"|"import", target, path?, args?] pushed as entry x. */
static void
cw_recv_call(struct capnweb_session *s, struct cw_export *x, json_t *expr)
{
	struct cw_dec d = { 0 };
	struct cw_holder hold = { 0 };
	struct capnweb_call *c;
	struct cw_export *tx;
	json_t *path, *args, *vals, *v, *a, *mpart;
	const char *method;
	char nbuf[48];
	size_t n, i, mlen;
	int64_t target;
	int tn;

	n = json_array_size(expr);
	path = json_array_get(expr, 2);
	args = json_array_get(expr, 3);
	if ((n >= 3 && !cw_path_ok(path)) || (n == 4 && !json_is_array(args))) {
		cw_bad_message(s, "TypeError", "unknown special value", expr);
		return;
	}
	tx = NULL;
	if (cw_json_id(json_array_get(expr, 1), &target) != 0 ||
	    (target != 0 && (tx = cw_map_get(&s->exports, target)) == NULL)) {
		cw_violation(s, "Error", "no such entry on exports table: %s",
		    cw_num(json_array_get(expr, 1), nbuf, sizeof(nbuf)));
		return;
	}
	d.s = s;
	d.hold = &hold;
	d.max_depth = s->cfg.max_depth;
	vals = NULL;
	if (n == 4) {
		if ((vals = json_array()) == NULL)
			cw_dec_fail(&d, "Error", "out of memory");
		json_array_foreach(args, i, a)
		{
			if (vals == NULL || (v = cw_decode(&d, a, 2)) == NULL)
				break;
			if (json_array_append_new(vals, v) != 0) {
				cw_dec_fail(&d, "Error", "out of memory");
				break;
			}
		}
	}
	if (d.fatal) {
		cw_violation(s, d.ename, "%s", cw_dec_msg(&d));
		goto drop;
	}
	method = "";
	mpart = NULL;
	if (n >= 3 && json_array_size(path) > 0) {
		mpart = json_array_get(path, json_array_size(path) - 1);
		method = json_is_string(mpart)
		    ? json_string_value(mpart)
		    : cw_num(mpart, nbuf, sizeof(nbuf));
	}
	mlen =
	    json_is_string(mpart) ? json_string_length(mpart) : strlen(method);
	tn = tx != NULL ? tx->target : 0;
	if (d.unsupported != NULL)
		cw_reject_text(s, x, "Error", d.unsupported);
	else if (tx != NULL && tx->is_push)
		cw_reject_text(s, x, "Error",
		    "Promise pipelining on a call "
		    "result is not supported by this peer");
	else if (n >= 3 &&
	    (json_array_size(path) > 1 ||
		(mpart != NULL && !json_is_string(mpart))))
		cw_settle(s, x, 1, cw_not_function(method));
	else if (!s->targets[tn].live)
		cw_reject_text(s, x, "Error",
		    tn == 0 ? "This connection has no main object."
			    : "RPC stub used after being disposed.");
	else {
		for (i = 0;
		     i < sizeof(cw_local_names) / sizeof(cw_local_names[0]);
		     i++)
			if (strcmp(method, cw_local_names[i]) == 0)
				break;
		if (i < sizeof(cw_local_names) / sizeof(cw_local_names[0]) ||
		    strlen(method) != mlen) {
			cw_settle(s, x, 1, cw_not_function(method));
			goto drop;
		}
		if ((c = calloc(1, sizeof(*c))) == NULL ||
		    (c->method = strdup(method)) == NULL) {
			free(c);
			cw_violation(s, "Error", "out of memory");
			goto drop;
		}
		c->s = s;
		c->entry = x;
		c->target = tn;
		c->args = vals;
		c->hold = hold;
		if ((c->next = s->calls) != NULL)
			c->next->prev = c;
		s->calls = c;
		x->call = c;
		cw_dec_clear(&d);
		s->targets[tn].fn(s->targets[tn].udata, c);
		return;
	}
drop:
	cw_dec_clear(&d);
	json_decref(vals);
	cw_holder_drop(&hold);
}

static void
cw_recv_push(struct capnweb_session *s, json_t *msg, int stream)
{
	struct cw_dec d = { 0 };
	struct cw_holder hold = { 0 };
	struct cw_export *x;
	const char *tag;
	json_t *expr, *v;

	if (s->exports.n >= s->cfg.max_entries) {
		cw_violation(s, "Error", "too many exports");
		return;
	}
	if ((x = calloc(1, sizeof(*x))) == NULL) {
		cw_violation(s, "Error", "out of memory");
		return;
	}
	x->id = s->next_export_pos++;
	x->refcount = 1;
	x->is_push = 1;
	if (cw_map_put(&s->exports, x->id, x) != 0) {
		free(x);
		cw_violation(s, "Error", "out of memory");
		return;
	}
	if (stream) {
		/* The id is spent either way, so numbering cannot drift. */
		cw_violation(s, "Error", "%s is not supported by this peer",
		    stream == 1 ? "stream" : "pipe");
		return;
	}
	expr = json_array_get(msg, 1);
	tag = json_string_value(json_array_get(expr, 0));
	if (tag != NULL &&
	    (strcmp(tag, "pipeline") == 0 || strcmp(tag, "import") == 0) &&
	    json_array_size(expr) >= 2 && json_array_size(expr) <= 4 &&
	    json_is_number(json_array_get(expr, 1))) {
		cw_recv_call(s, x, expr);
		return;
	}
	/* Anything else (map(), a plain value) is decoded, then refused. */
	d.s = s;
	d.hold = &hold;
	d.max_depth = s->cfg.max_depth;
	v = cw_decode(&d, expr, 1);
	if (d.fatal)
		cw_violation(s, d.ename, "%s", cw_dec_msg(&d));
	else
		cw_reject_text(s, x, "Error",
		    tag != NULL && strcmp(tag, "remap") == 0
			? "map() is not supported by this peer"
			: "a push that is not a call is not supported by this "
			  "peer");
	cw_dec_clear(&d);
	json_decref(v);
	cw_holder_drop(&hold);
}

/* A pull of export x, found already: its result goes out once settled. */
static void
cw_pull_export(struct capnweb_session *s, struct cw_export *x)
{
	if (!x->is_push || x->pulled)
		return;
	x->pulled = 1;
	if (x->state == CW_SETTLED)
		cw_send_settled(s, x);
}

static void
cw_recv_pull(struct capnweb_session *s, json_t *msg)
{
	struct cw_export *x;
	int64_t id;
	char nbuf[48];

	if (cw_json_id(json_array_get(msg, 1), &id) != 0 ||
	    (id != 0 && (x = cw_map_get(&s->exports, id)) == NULL)) {
		cw_violation(s, "Error", "no such export ID: %s",
		    cw_num(json_array_get(msg, 1), nbuf, sizeof(nbuf)));
		return;
	}
	if (id != 0)
		cw_pull_export(s, x);
}

static void
cw_recv_settle(struct capnweb_session *s, json_t *msg, int rejected)
{
	struct cw_dec d = { 0 };
	struct cw_holder hold = { 0 };
	struct cw_pending *p;
	struct capnweb_stub *st;
	json_t *v, *err;
	int64_t id;
	int status;

	d.s = s;
	d.hold = &hold;
	d.max_depth = s->cfg.max_depth;
	v = cw_decode(&d, json_array_get(msg, 2), 1);
	if (d.fatal) {
		cw_violation(s, d.ename, "%s", cw_dec_msg(&d));
		goto out;
	}
	if (cw_json_id(json_array_get(msg, 1), &id) != 0)
		goto out; /* unknown: evaluated and dropped, as JS */
	if (id > 0 && (p = cw_map_get(&s->imports, id)) != NULL) {
		cw_map_del(&s->imports, id);
		cw_send_ids(s, "release", id, 1, 1);
		status = rejected ? CAPNWEB_REJECTED : CAPNWEB_RESOLVED;
		err = NULL;
		if (d.unsupported != NULL) {
			status = CAPNWEB_REJECTED;
			err = capnweb_error_new("Error", d.unsupported);
		}
		p->fn(p->udata, status, err != NULL ? err : v);
		json_decref(err);
		free(p);
	} else if (id < 0 && (st = cw_map_get(&s->imports, id)) != NULL &&
	    st->promise) {
		cw_map_del(&s->imports, id);
		cw_send_ids(s, "release", id, st->intro, 1);
		free(st);
	}
out:
	cw_dec_clear(&d);
	json_decref(v);
	cw_holder_drop(&hold);
}

static void cw_release_export(
    struct capnweb_session *s, struct cw_export *x, int64_t id, int64_t n);

static void
cw_recv_release(struct capnweb_session *s, json_t *msg)
{
	struct cw_export *x;
	int64_t id, n;
	char nbuf[48];

	if (cw_json_id(json_array_get(msg, 2), &n) != 0 || n < 1) {
		cw_bad_message(s, "Error", "bad RPC message", msg);
		return;
	}
	if (cw_json_id(json_array_get(msg, 1), &id) != 0 ||
	    (x = cw_map_get(&s->exports, id)) == NULL) {
		if (id == 0)
			cw_violation(s, "Error",
			    "cannot release the main "
			    "object (export 0)");
		else
			cw_violation(s, "Error", "no such export ID: %s",
			    cw_num(json_array_get(msg, 1), nbuf, sizeof(nbuf)));
		return;
	}
	if (n > x->refcount) {
		cw_violation(s, "Error",
		    "refcount would go negative: %lld < "
		    "%lld",
		    (long long)x->refcount, (long long)n);
		return;
	}
	cw_release_export(s, x, id, n);
}

/* Drops n references of export x (id), checked already. */
static void
cw_release_export(
    struct capnweb_session *s, struct cw_export *x, int64_t id, int64_t n)
{
	if ((x->refcount -= n) == 0) {
		/* Only a release after the resolve went out proves it was read.
		 */
		capnweb_ack_fn ack = x->state == CW_SENT ? x->ack : NULL;
		void *udata = x->ack_udata;

		cw_map_del(&s->exports, id);
		cw_export_free(x);
		if (ack != NULL)
			ack(udata);
	}
}

/* A plain integer at *p (at most 15 digits, a safe one), moved past. */
static int
cw_small_int(const char **p, const char *end, int64_t *out)
{
	const char *q = *p;
	int neg = q < end && *q == '-', digits = 0;
	int64_t v = 0;

	q += neg;
	while (q < end && *q >= '0' && *q <= '9' && digits < 16) {
		v = v * 10 + (*q++ - '0');
		digits++;
	}
	if (digits == 0 || digits > 15 || (digits > 1 && q[-digits] == '0'))
		return -1;
	*out = neg ? -v : v;
	*p = q;
	return 0;
}

/*
 * ["pull",N] and ["release",N,M] written plainly, as every call brings
 * them, read without a jansson tree: 1 when done here; 0 for the general
 * path, which takes any other text and every case that ends in an error
 * (whose text quotes the message).
 */
static int
cw_recv_small(struct capnweb_session *s, const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	struct cw_export *x;
	int64_t id, n;

	if (len > 9 && memcmp(p, "[\"pull\",", 8) == 0) {
		p += 8;
		if (cw_small_int(&p, end, &id) != 0 || end - p != 1 ||
		    *p != ']')
			return 0;
		if (id == 0)
			return 1;
		if ((x = cw_map_get(&s->exports, id)) == NULL)
			return 0;
		cw_pull_export(s, x);
		return 1;
	}
	if (len > 12 && memcmp(p, "[\"release\",", 11) == 0) {
		p += 11;
		if (cw_small_int(&p, end, &id) != 0 || p == end ||
		    *p++ != ',' || cw_small_int(&p, end, &n) != 0 ||
		    end - p != 1 || *p != ']')
			return 0;
		if (n < 1 || (x = cw_map_get(&s->exports, id)) == NULL ||
		    n > x->refcount)
			return 0;
		cw_release_export(s, x, id, n);
		return 1;
	}
	return 0;
}

static void
cw_recv_abort(struct capnweb_session *s, json_t *msg)
{
	struct cw_dec d = { 0 };
	struct cw_holder hold = { 0 };
	struct cw_buf b = { 0 };
	json_t *v;
	const char *why;

	d.s = s;
	d.hold = &hold;
	d.max_depth = s->cfg.max_depth;
	v = json_array_size(msg) > 1 ? cw_decode(&d, json_array_get(msg, 1), 1)
				     : NULL;
	if ((why = capnweb_error_message(v)) == NULL &&
	    (why = json_string_value(v)) == NULL) {
		if (json_array_size(msg) > 1)
			cw_json_raw(&b, json_array_get(msg, 1), 0);
		why = b.p != NULL && !b.oom ? b.p : "undefined";
	}
	cw_end(s, why);
	cw_dec_clear(&d);
	cw_buf_free(&b);
	json_decref(v);
	cw_holder_drop(&hold);
}

int
capnweb_session_receive(struct capnweb_session *s, const char *text, size_t len)
{
	json_error_t jerr;
	json_t *msg, *a1;
	const char *tag;
	size_t n;

	if (s->ended)
		return CAPNWEB_ENDED;
	if (len > s->cfg.max_message) {
		cw_violation(s, "TypeError",
		    "Incoming message exceeds maximum "
		    "size of %zu bytes.",
		    s->cfg.max_message);
		return CAPNWEB_ENDED;
	}
	if (cw_recv_small(s, text, len))
		return s->ended ? CAPNWEB_ENDED : 0;
	msg = jsonguard_loadb(text, len,
	    JSON_DECODE_INT_AS_REAL | JSON_ALLOW_NUL | JSON_DECODE_ANY, &jerr);
	if (msg == NULL && jsonguard_is_nomem(&jerr)) {
		/* Nothing of the message is known, not even its call: the
		 * session cannot go on without it. */
		cw_violation(s, "Error",
		    "The executor ran out of memory reading a message.");
		return CAPNWEB_ENDED;
	}
	if (msg == NULL) {
		cw_violation(s, "SyntaxError", "%s at position %d", jerr.text,
		    jerr.position);
		return CAPNWEB_ENDED;
	}
	tag = json_string_value(json_array_get(msg, 0));
	n = json_array_size(msg);
	a1 = json_array_get(msg, 1);
	if (tag == NULL)
		tag = "";
	if (strcmp(tag, "push") == 0 && n >= 2)
		cw_recv_push(s, msg, 0);
	else if (strcmp(tag, "stream") == 0 && n >= 2)
		cw_recv_push(s, msg, 1);
	else if (strcmp(tag, "pipe") == 0)
		cw_recv_push(s, msg, 2);
	else if (strcmp(tag, "pull") == 0 && json_is_number(a1))
		cw_recv_pull(s, msg);
	else if ((strcmp(tag, "resolve") == 0 || strcmp(tag, "reject") == 0) &&
	    n >= 3 && json_is_number(a1))
		cw_recv_settle(s, msg, tag[2] == 'j');
	else if (strcmp(tag, "release") == 0 && json_is_number(a1) &&
	    json_is_number(json_array_get(msg, 2)))
		cw_recv_release(s, msg);
	else if (strcmp(tag, "abort") == 0)
		cw_recv_abort(s, msg);
	else
		cw_bad_message(s, "Error", "bad RPC message", msg);
	json_decref(msg);
	return s->ended ? CAPNWEB_ENDED : 0;
}
