/* Listening sockets: a unix socket path or a TCP host:port. */
#ifndef LISTENER_H
#define LISTENER_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Binds and listens on a unix socket at `path` with `mode` (0600 by
 * default in the daemon). A stale socket left by a dead daemon is replaced;
 * a live one, or a path that is not a socket, is an error. Returns the
 * listening fd (non-blocking, close-on-exec; the caller owns it) or -1
 * with `err` filled.
 */
int listener_unix(const char *path, mode_t mode, char *err, size_t errlen);

/*
 * Binds and listens on host:port (numeric or resolvable; port "0" picks a
 * free one). Returns the fd or -1 with `err` filled.
 */
int listener_tcp(const char *host, const char *port, char *err, size_t errlen);

/* The port a TCP listener got (for port 0), or -1. */
int listener_port(int fd);

/*
 * The reserve descriptor: an open /dev/null held so that, once accept()
 * fails for want of descriptors, one can be freed to take a pending
 * connection off the backlog. The fd, or -1.
 */
int listener_spare_open(void);

/*
 * Descriptors ran out: closes *spare, accepts one pending connection on
 * `lfd` and closes it at once (its client learns it was refused instead of
 * waiting in the backlog), then reopens *spare. 1 when a connection was
 * refused, 0 when none was pending or no spare was held.
 */
int listener_refuse_one(int lfd, int *spare);

/*
 * 1 when a connection waits on the listening socket `lfd`. accept() says
 * EMFILE before it looks at the backlog, so only this tells whether a
 * client is actually kept waiting.
 */
int listener_pending(int lfd);

/*
 * How many descriptors this process may open (RLIMIT_NOFILE's soft
 * limit), or 0 when unbounded or unknown.
 */
unsigned long listener_fd_limit(void);
/* Inherited listeners (socket activation): descriptors from 3 on. */
#define LISTENER_INHERITED_FIRST 3
#define LISTENER_INHERITED_MAX 16

/*
 * How many listeners the service manager passed this process (LISTEN_PID
 * is ours and LISTEN_FDS counts them), 0 when none, -1 with `err` for a
 * malformed count. Sets *first to the first descriptor, copies
 * LISTEN_FDNAMES into `names` ("" when absent) and unsets the three
 * variables.
 */
int listener_inherited(
    int *first, char *names, size_t nameslen, char *err, size_t errlen);

/* The address family of a socket (AF_UNIX, AF_INET, AF_INET6), or -1. */
int listener_inherited_family(int fd);

/*
 * Take an inherited unix (or TCP, IPv4 or IPv6) listener as ours: checks
 * that `fd` is a listening stream socket of that kind and makes it
 * non-blocking and close-on-exec. Returns `fd`, or -1 with `err` naming
 * `name` (its LISTEN_FDNAMES entry). The daemon never unlinks an
 * inherited unix socket: its owner (the manager) made it.
 */
int listener_inherited_unix(int fd, const char *name, char *err, size_t errlen);
int listener_inherited_tcp(int fd, const char *name, char *err, size_t errlen);

#endif
