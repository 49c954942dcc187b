/*
 * The ExecutorApi served on each connection's capnweb session (main object):
 * protocolVersion, execute, invokeHandle, closeHandles. It owns what the
 * seed calls the bridge: the provider-name check, the defaults and caps,
 * the outbound mode, the response limit and the lifetimes of the caller's
 * stubs, and it moves messages between the call and the pool.
 */
#ifndef API_H
#define API_H

struct capnweb_call;

/* capnweb_call_fn for export 0; `udata` is the struct conn. */
void api_on_call(void *udata, struct capnweb_call *call);

#endif
