/*
 * The fetcher's file system confinement (Landlock): after its start it may
 * read what name resolution and TLS need (the resolver's files, the CA
 * store, the libraries name services load) and nothing else, and may
 * write, create, remove or execute nothing, so a flaw in libcurl or
 * OpenSSL exploited by a server cannot read the daemon's files (its token,
 * its configuration) or start a program.
 */
#ifndef CONFINE_H
#define CONFINE_H

#include <stddef.h>

/*
 * Confines the calling process (and the threads it starts after). Returns
 * the Landlock ABI version in force (> 0), or 0 when the kernel has no
 * Landlock (`why` says so; the fetcher runs unconfined then), or -1 when
 * it has one and confining failed (`why` says where).
 */
int confine_fetcher(char *why, size_t len);

#endif
