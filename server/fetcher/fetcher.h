/*
 * The fetcher process (build/codemode-fetcher): where native fetches run
 * (libcurl, and OpenSSL under it, parsing what any server sends), apart
 * from the daemon or the host of an in-process executor, so a crash there
 * ends only the fetches in flight and their memory is out of its reach.
 * The starter's side of the link is daemon/fetchlink.c; the settings
 * arrive as fetcher_args.h says; once started, it reads only what name
 * resolution and TLS need (confine.h).
 *
 * Over its link the fetcher reads FETCH_START and FETCH_CANCEL frames and
 * writes one FETCH_DONE per fetch it started and was not told to cancel,
 * and a FETCH_EVENT per counter move. It exits when the link closes.
 */
#ifndef FETCHER_H
#define FETCHER_H

/*
 * The fetcher's loop on FETCHER_FD, for codemode-fetcher's main (argv as
 * fetcher_args_encode writes it). Returns the process's exit status.
 */
int fetcher_main(int argc, char **argv);

#endif
