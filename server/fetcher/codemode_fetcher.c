/*
 * build/codemode-fetcher: the program the daemon and the in-process
 * executor exec to run their native fetches (fetcher.h), so libcurl and
 * OpenSSL parse what servers send in a process of their own, with none of
 * the starter's memory. It carries no engine and no pool; it is the only
 * program of the project that links libcurl (tests/image.test.sh).
 *
 * Only ever started with its link at FETCHER_FD and its settings as
 * fetcher_args.h writes them; it refuses anything else.
 */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "cm_spec.h"
#include "cm_version.h"
#include "fetcher.h"
#include "fetcher_args.h"

static void
fetcher_usage(FILE *f)
{
	fprintf(f,
	    "usage: codemode-fetcher --fetcher --max-body=N --max-total=N "
	    "--max-per-owner=N\n"
	    "           --max-waiting=N --verbosity=0..4 [--allow=RULES]... "
	    "[--deny=RULES]...\n"
	    "           [--self=[ADDR]:PORT]...\n"
	    "       codemode-fetcher --version | --help\n\n"
	    "The native fetcher of codemode-executord and of libcodemode's "
	    "in-process\nexecutor, which start it with its link at "
	    "descriptor %d; it is not meant to be\nrun by hand.\n",
	    FETCHER_FD);
}

int
main(int argc, char **argv)
{
	socklen_t len;
	int type = 0;

	if (argc == 2 && strcmp(argv[1], "--version") == 0) {
		printf("codemode-fetcher %s (protocol %d)\n", CM_VERSION_STRING,
		    CM_PROTOCOL_VERSION);
		return 0;
	}
	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		fetcher_usage(stdout);
		return 0;
	}
	if (argc < 2 || strcmp(argv[1], FETCHER_FLAG) != 0) {
		fetcher_usage(stderr);
		return 2;
	}
	/* The starter's end must be there, a stream socket as it makes it. */
	len = sizeof(type);
	if (getsockopt(FETCHER_FD, SOL_SOCKET, SO_TYPE, &type, &len) != 0 ||
	    type != SOCK_STREAM) {
		fprintf(stderr,
		    "codemode-fetcher: descriptor %d is not its starter's "
		    "link\n",
		    FETCHER_FD);
		return 2;
	}
	return fetcher_main(argc, argv);
}
