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

#endif
