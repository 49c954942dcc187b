/*
 * The ExecutorApi served on each connection's capnweb session (main object):
 * protocolVersion, execute, invokeHandle, closeHandles. It owns what the
 * seed calls the bridge: the provider-name check, the defaults and caps,
 * the outbound mode, the response limit and the lifetimes of the caller's
 * stubs, and it moves messages between the call and the pool.
 */
#ifndef API_H
#define API_H

#include <sys/queue.h>

#include <stdint.h>

struct api_exec;
struct capnweb_call;
struct capnweb_session;
struct daemon;

/* The connection as the API sees it (the connection owns it). */
struct api_peer {
	struct daemon *d;
	struct capnweb_session *session; /* its stubs are the caller's */
	uint64_t tenant; /* whose executions may share a child */
	/*
	 * Who is behind the connection, for a child to outlive it
	 * (pool_release_tenant, pool_adopt): conn_principal_uid/_token; 0:
	 * nobody a later connection could prove to be.
	 */
	uint64_t principal;
	TAILQ_HEAD(, api_exec) execs; /* its executions not yet settled */
	TAILQ_HEAD(, api_exec) held; /* granted here, handles still open */
	unsigned nheld;
	/* Why the connection went, for its runs' CONNECTION_BROKEN (static). */
	const char *closed_reason;
};

/* 1 while an execution of the peer is unsettled or its grant unread. */
int api_peer_busy(const struct api_peer *);

/* Readies a peer's fields the API owns (before any call). */
void api_peer_init(struct api_peer *);

/*
 * The peer's connection is gone: nobody is left to hear its executions.
 * Those still queued are dropped without starting, those running end at
 * once (their child killed, their slot free); a run that already handed
 * its retention grant to the caller keeps its handles.
 */
void api_peer_closed(struct api_peer *);

/* capnweb_call_fn for export 0; `udata` is the connection's api_peer. */
void api_on_call(void *udata, struct capnweb_call *call);

#endif
