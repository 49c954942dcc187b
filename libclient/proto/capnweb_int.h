/* Internal interface between the capnweb codec and session modules. */
#ifndef CAPNWEB_INT_H
#define CAPNWEB_INT_H

#include <stddef.h>
#include <stdint.h>

#include "capnweb.h"

/* Growable text buffer; on allocation failure `oom` sticks and writes stop. */
struct cw_buf {
	char *p;
	size_t len;
	size_t cap;
	int oom;
};

void cw_buf_add(struct cw_buf *, const char *, size_t);
void cw_buf_str(struct cw_buf *, const char *);
void cw_buf_fmt(struct cw_buf *, const char *, ...)
    __attribute__((format(printf, 2, 3)));
/* Detaches the NUL-terminated text (caller frees), NULL after oom. */
char *cw_buf_take(struct cw_buf *, size_t *len);
void cw_buf_free(struct cw_buf *);

/* JSON text exactly as JS JSON.stringify writes it. */
void cw_json_string(struct cw_buf *, const char *, size_t);
void cw_json_number(struct cw_buf *, double);
/* The decimal digits of v written back from end; their start. At most
 * 20 bytes. */
char *cw_put_int(char *end, int64_t v);
void cw_json_int(struct cw_buf *, int64_t);
/* A JSON number that is an integer within 2^53: 0 and *out, else -1. */
int cw_json_id(const json_t *, int64_t *out);
/* Writes raw JSON (no capnweb escaping), depth-bounded. */
void cw_json_raw(struct cw_buf *, const json_t *, int depth);

/* References to stubs held by one decoded value (a call, a settlement). */
struct cw_holder {
	struct capnweb_stub **v;
	size_t n;
	size_t cap;
};

int cw_holder_add(struct cw_holder *, struct capnweb_stub *);
/* Drops every reference (may send releases) and empties the holder. */
void cw_holder_drop(struct cw_holder *);

/* Decoding context. */
struct cw_dec {
	struct capnweb_session *s; /* NULL: stub forms are unsupported */
	struct cw_holder *hold; /* where stub references go */
	int max_depth;
	/* fatal (abort) error: name and malloc'd message (NULL: no memory) */
	int fatal;
	const char *ename;
	char *emsg;
	/* first valid-but-unsupported form met (the value is still decoded) */
	char *unsupported;
};

/* Returns a new application value, or NULL (fatal: d->emsg set). */
json_t *cw_decode(struct cw_dec *, json_t *wire, int depth);
/* Records a fatal error (first one wins); returns NULL for tail calls. */
json_t *cw_dec_fail(struct cw_dec *, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Notes a valid form this peer does not support; returns json null. */
json_t *cw_unsupported(struct cw_dec *, const char *what);
/* The fatal message, else the unsupported one, else NULL. */
const char *cw_dec_msg(const struct cw_dec *);
void cw_dec_clear(struct cw_dec *);

/* Encoding context. */
struct cw_enc {
	struct capnweb_session *s; /* NULL: stub/target markers refused */
	struct cw_buf *b;
	int max_depth;
	char *err; /* malloc'd TypeError message */
	int64_t *exported; /* export ids made by this encode */
	size_t nexported;
	size_t capexported;
};

/* Writes one expression; returns 0 or -1 (e->err set, or b->oom). */
int cw_encode(struct cw_enc *, json_t *value, int depth);
/* Writes an argument list: a bare array of expressions. */
int cw_encode_args(struct cw_enc *, json_t *args);
void cw_enc_clear(struct cw_enc *);

/* Session hooks the codec calls (capnweb_session.c). */
/* ["export",id] / ["promise",id]: returns the marker value or NULL (fatal). */
json_t *cw_session_import(struct cw_dec *, int64_t id, int promise);
/* 1 if export `id` exists. */
int cw_session_has_export(struct capnweb_session *, int64_t id);
/* Marker {"$capnweb":"target","n"}: allocates a fresh negative export. */
int cw_session_export_target(struct cw_enc *, int n, int64_t *id);
/* Marker {"$capnweb":"stub","id"}: 0 if the stub is still held. */
int cw_session_stub_live(struct capnweb_session *, int64_t id);

/* Marker helpers. */
json_t *cw_marker(const char *kind);
int cw_is_proto_key(const char *);
/* Element size of a bytes type marker, 0 if unknown. */
int cw_bytes_elem(const char *type);

/* --- Session internals (capnweb_session.c, capnweb_recv.c) ------------ */

enum { CW_PENDING, CW_SETTLED, CW_SENT };

/* An int64 -> pointer map, open addressing; key 0 is never stored. */
struct cw_map {
	int64_t *keys;
	void **vals;
	size_t cap;
	size_t n;
};

/* An entry of the export table: a push result or an exported target. */
struct cw_export {
	int64_t id;
	int64_t refcount;
	int is_push;
	int target; /* exported target n */
	int pulled; /* push: the peer pulled */
	int state; /* push: CW_PENDING, CW_SETTLED, CW_SENT */
	int rejected;
	json_t *value; /* settled value until sent */
	struct capnweb_call *call; /* while the owner holds it */
	capnweb_ack_fn
	    ack; /* push: told when the peer releases it after
		    reading the resolve (capnweb_call_resolve_acked) */
	void *ack_udata;
};

/* A negative import: a stub or promise the peer exported. */
struct capnweb_stub {
	struct capnweb_session *s; /* NULL once the session ended */
	int64_t id;
	int64_t intro; /* times the peer introduced the id */
	int64_t refs; /* local references */
	int promise;
};

/* A positive import: a call we pushed and await. */
struct cw_pending {
	int64_t id;
	capnweb_settle_fn fn;
	void *udata;
};

struct capnweb_call {
	struct capnweb_session *s; /* NULL once the session ended */
	struct cw_export *entry; /* NULL once the peer released it */
	int target;
	char *method;
	json_t *args;
	struct cw_holder hold;
	struct capnweb_call *prev, *next;
};

struct cw_target {
	capnweb_call_fn fn;
	void *udata;
	int live;
};

struct cw_msg {
	struct cw_msg *next;
	size_t len;
	char *text;
};

struct capnweb_session {
	struct capnweb_config cfg;
	struct cw_map exports;
	struct cw_map imports;
	int64_t next_export_pos; /* peer's next push */
	int64_t next_export_neg;
	int64_t next_import; /* our next push */
	struct cw_target *targets; /* [0] is main */
	size_t ntargets;
	struct capnweb_call *calls;
	struct cw_msg *out_head, *out_tail;
	size_t refused_len; /* the last push refused with CAPNWEB_E2BIG */
	int ended;
	char *reason;
};

void *cw_map_get(const struct cw_map *, int64_t);
int cw_map_put(struct cw_map *, int64_t, void *);
void cw_map_del(struct cw_map *, int64_t);
/* Ends the session: tables emptied, pending calls settle CAPNWEB_BROKEN. */
void cw_end(struct capnweb_session *, const char *why);
/* Queues ["abort",[name, message]] and ends the session. */
void cw_violation(struct capnweb_session *, const char *name, const char *fmt,
    ...) __attribute__((format(printf, 3, 4)));
/* Sends ["tag",a] or, with_b, ["tag",a,b] (pull, release), written
 * without printf; on allocation failure the session ends. */
void cw_send_ids(struct capnweb_session *, const char *tag, int64_t a,
    int64_t b, int with_b);
/* Sends resolve/reject for a settled, pulled push entry. */
void cw_send_settled(struct capnweb_session *, struct cw_export *);
/* Records a push entry's outcome (value stolen); sends it if pulled. */
void cw_settle(
    struct capnweb_session *, struct cw_export *, int rejected, json_t *);
/* Frees an export entry, detaching the call that answers it. */
void cw_export_free(struct cw_export *);
/* Returns a new TypeError "'<name>' is not a function." marker. */
json_t *cw_not_function(const char *name);

#endif
