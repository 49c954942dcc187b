/*
 * build/codemode-sandbox: the program image of the zygote and of every
 * sandbox child. The daemon (pool/zygote.c) forks and execs it, so what a
 * child's address space holds is this image (the engine, the child's
 * loop, the sandbox) and nothing of the daemon: no connection buffers, no
 * other tenant's request, not the daemon's layout in memory. It links no
 * daemon code, no libevent and no libcurl (tests/image.test.sh).
 *
 * It is only ever started by the daemon, with its control socket at
 * ZYGOTE_CTL_FD and the settings in its arguments (ipc/zygote_args.h),
 * and it refuses anything else. The sandbox is not optional here: each
 * child enters it (child/sandbox.h) before it serves.
 */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "cm_spec.h"
#include "cm_version.h"
#include "child/spin.h"
#include "child/warm.h"
#include "child/worker.h"
#include "child/zygote_proc.h"
#include "ipc/zygote_args.h"

_Static_assert(ZYGOTE_ARGS_SPIN_MAX == SPIN_BUDGET_MAX_US,
    "the vector carries any budget the child takes");

static void
sandbox_usage(FILE *f)
{
	fprintf(f,
	    "usage: codemode-sandbox --zygote --address-space=BYTES "
	    "--cpu-seconds=N --prewarm=0|1 --spin-us=N\n"
	    "       codemode-sandbox --version | --help\n\n"
	    "The sandbox image of codemode-executord, which starts it with "
	    "its control\nsocket at descriptor %d; it is not meant to be "
	    "run by hand.\n",
	    ZYGOTE_CTL_FD);
}

int
main(int argc, char **argv)
{
	struct zygote_program prog;
	struct zygote_args a;
	socklen_t len;
	char err[256];
	int type = 0;

	if (argc == 2 && strcmp(argv[1], "--version") == 0) {
		printf("codemode-sandbox %s (protocol %d)\n", CM_VERSION_STRING,
		    CM_PROTOCOL_VERSION);
		return 0;
	}
	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		sandbox_usage(stdout);
		return 0;
	}
	if (zygote_args_decode(argc, argv, &a, err, sizeof(err)) != 0) {
		fprintf(stderr, "codemode-sandbox: %s\n", err);
		sandbox_usage(stderr);
		return 2;
	}
	/* The daemon's end must be there, a datagram socket as it makes it. */
	len = sizeof(type);
	if (getsockopt(ZYGOTE_CTL_FD, SOL_SOCKET, SO_TYPE, &type, &len) != 0 ||
	    type != SOCK_SEQPACKET) {
		fprintf(stderr,
		    "codemode-sandbox: descriptor %d is not the daemon's "
		    "control socket\n",
		    ZYGOTE_CTL_FD);
		return 2;
	}
	memset(&prog, 0, sizeof(prog));
	prog.warm = warm_zygote;
	prog.prepare = a.prewarm ? warm_prepare : warm_track;
	prog.child_main = worker_child_main;
	prog.limits.address_space = (size_t)a.address_space;
	prog.limits.cpu_seconds = a.cpu_seconds;
	prog.sandbox = 1;
	worker_spin_setup(a.spin_us);
	zygote_proc_main(&prog, ZYGOTE_CTL_FD);
}
