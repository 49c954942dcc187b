/*
 * The engine child's sandbox: descriptors, environment, rlimits,
 * no_new_privs, and a seccomp allow-list whose default is to kill the
 * process. The list holds what Duktape, malloc and the frame loop need and
 * nothing that names a path or makes a socket: open, socket, connect,
 * execve, fork and clone all kill.
 */
#include <sys/mman.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include <errno.h>
#include <limits.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include "sandbox.h"

/* System calls an execution may make; anything else ends the process. */
static const int sandbox_allowed[] = {
	SCMP_SYS(read),
	SCMP_SYS(write),
	SCMP_SYS(readv),
	SCMP_SYS(writev),
	SCMP_SYS(recvfrom),
	SCMP_SYS(sendto),
	SCMP_SYS(poll),
	SCMP_SYS(ppoll),
	SCMP_SYS(close),
	SCMP_SYS(fstat),
	SCMP_SYS(newfstatat),
	SCMP_SYS(brk),
	SCMP_SYS(mmap),
	SCMP_SYS(munmap),
	SCMP_SYS(mremap),
	SCMP_SYS(madvise),
	SCMP_SYS(sched_yield),
	SCMP_SYS(clock_gettime),
	SCMP_SYS(gettimeofday),
	SCMP_SYS(clock_nanosleep),
	SCMP_SYS(nanosleep),
	SCMP_SYS(getrandom),
	SCMP_SYS(futex),
	SCMP_SYS(getpid),
	SCMP_SYS(getrusage), /* the heap reset's count of its page faults */
	SCMP_SYS(gettid),
	SCMP_SYS(rt_sigreturn),
	SCMP_SYS(rt_sigprocmask),
	SCMP_SYS(sigaltstack),
	SCMP_SYS(exit),
	SCMP_SYS(exit_group),
};

static int
sandbox_fail(char *err, size_t errlen, const char *what, int e)
{
	snprintf(err, errlen, "sandbox: %s: %s", what, strerror(e));
	return -1;
}

/* Closes [lo, hi] but `keep` (when inside it). */
static int
sandbox_close_but(unsigned lo, unsigned hi, int keep)
{
	if (keep < 0 || (unsigned)keep < lo || (unsigned)keep > hi)
		return close_range(lo, hi, 0);
	if ((unsigned)keep > lo && close_range(lo, (unsigned)keep - 1, 0) != 0)
		return -1;
	return (unsigned)keep < hi ? close_range((unsigned)keep + 1, hi, 0) : 0;
}

static int
sandbox_close_others(int keep_fd)
{
	int pm = keep_fd != SANDBOX_PAGEMAP_FD ? SANDBOX_PAGEMAP_FD : -1;

	if (keep_fd > 0 && sandbox_close_but(0, (unsigned)keep_fd - 1, pm) != 0)
		return -1;
	return sandbox_close_but((unsigned)keep_fd + 1, ~0U, pm);
}

static int
sandbox_rlimit(int resource, rlim_t value)
{
	struct rlimit rl = { value, value };

	return setrlimit(resource, &rl);
}

/* The allow-list as libseccomp builds it; NULL with err filled. */
static scmp_filter_ctx
sandbox_filter(char *err, size_t errlen)
{
	scmp_filter_ctx ctx;
	size_t i;
	int rc;

	if ((ctx = seccomp_init(SCMP_ACT_KILL_PROCESS)) == NULL) {
		sandbox_fail(err, errlen, "seccomp_init", ENOMEM);
		return NULL;
	}
	for (i = 0; i < sizeof(sandbox_allowed) / sizeof(*sandbox_allowed);
	     i++) {
		rc = seccomp_rule_add(
		    ctx, SCMP_ACT_ALLOW, sandbox_allowed[i], 0);
		/* A call this architecture lacks resolves negative: skip it. */
		if (rc != 0 && sandbox_allowed[i] >= 0) {
			seccomp_release(ctx);
			sandbox_fail(err, errlen, "seccomp_rule_add", -rc);
			return NULL;
		}
	}
	/* glibc's qsort asks for the machine's memory (sysconf's
	 * _SC_PHYS_PAGES, sysinfo) before it sorts a large array, and sorts
	 * anyway when that fails: refused, not the end of the child. */
	rc =
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(sysinfo), 0);
	if (rc != 0) {
		seccomp_release(ctx);
		sandbox_fail(err, errlen, "seccomp_rule_add", -rc);
		return NULL;
	}
	/* The heap reset's look at its own page map, on that one number. */
	rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(pread64), 1,
	    SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)SANDBOX_PAGEMAP_FD));
	if (rc != 0) {
		seccomp_release(ctx);
		sandbox_fail(err, errlen, "seccomp_rule_add", -rc);
		return NULL;
	}
	return ctx;
}

/*
 * The filter compiled once by sandbox_prepare (libseccomp takes 1-4 ms to
 * build it, more than the rest of a small execution), installed by each
 * child with one prctl.
 */
static struct sock_filter *sandbox_prog;
static unsigned short sandbox_prog_len;

int
sandbox_prepare(char *err, size_t errlen)
{
	scmp_filter_ctx ctx;
	struct sock_filter *prog = NULL;
	size_t len = 0;
	ssize_t n;
	int fd, rc;

	if ((ctx = sandbox_filter(err, errlen)) == NULL)
		return -1;
	/* libseccomp 2.5 exports only to a descriptor: an anonymous file. */
	if ((fd = memfd_create("cm-seccomp", MFD_CLOEXEC)) < 0) {
		seccomp_release(ctx);
		return sandbox_fail(err, errlen, "memfd_create", errno);
	}
	rc = seccomp_export_bpf(ctx, fd);
	seccomp_release(ctx);
	if (rc != 0) {
		close(fd);
		return sandbox_fail(err, errlen, "seccomp_export_bpf", -rc);
	}
	if ((n = lseek(fd, 0, SEEK_END)) <= 0 || n % sizeof(*prog) != 0 ||
	    n / sizeof(*prog) > USHRT_MAX ||
	    (prog = malloc((size_t)n)) == NULL ||
	    pread(fd, prog, (size_t)n, 0) != n) {
		free(prog);
		close(fd);
		return sandbox_fail(err, errlen, "the exported filter", EIO);
	}
	close(fd);
	len = (size_t)n / sizeof(*prog);
	free(sandbox_prog);
	sandbox_prog = prog;
	sandbox_prog_len = (unsigned short)len;
	return 0;
}

static int
sandbox_seccomp(char *err, size_t errlen)
{
	struct sock_fprog fprog;

	fprog.len = sandbox_prog_len;
	fprog.filter = sandbox_prog;
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog) != 0)
		return sandbox_fail(err, errlen, "seccomp filter", errno);
	return 0;
}

int
sandbox_enter(
    int keep_fd, const struct sandbox_limits *limits, char *err, size_t errlen)
{
	/* Not compiled ahead (no sandbox_prepare before the fork): now,
	 * while the file-size limit still lets it be exported. */
	if (sandbox_prog == NULL && sandbox_prepare(err, errlen) != 0)
		return -1;
	if (sandbox_close_others(keep_fd) != 0)
		return sandbox_fail(err, errlen, "close_range", errno);
	if (clearenv() != 0)
		return sandbox_fail(err, errlen, "clearenv", errno);
	if (sandbox_rlimit(RLIMIT_CORE, 0) != 0 ||
	    sandbox_rlimit(RLIMIT_NPROC, 0) != 0 ||
	    sandbox_rlimit(RLIMIT_FSIZE, 0) != 0)
		return sandbox_fail(err, errlen, "setrlimit", errno);
	/* No new descriptors: the socket is the highest one left. */
	if (sandbox_rlimit(RLIMIT_NOFILE, (rlim_t)keep_fd + 1) != 0)
		return sandbox_fail(err, errlen, "setrlimit NOFILE", errno);
		/* ASan reserves terabytes of shadow memory: no address-space
		 * cap there. */
#if !defined(__SANITIZE_ADDRESS__)
	if (limits->address_space &&
	    sandbox_rlimit(RLIMIT_AS, (rlim_t)limits->address_space) != 0)
		return sandbox_fail(err, errlen, "setrlimit AS", errno);
#endif
	if (limits->cpu_seconds &&
	    sandbox_rlimit(RLIMIT_CPU, limits->cpu_seconds) != 0)
		return sandbox_fail(err, errlen, "setrlimit CPU", errno);
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		return sandbox_fail(err, errlen, "no_new_privs", errno);
	if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0)
		return sandbox_fail(err, errlen, "dumpable", errno);
	return sandbox_seccomp(err, errlen);
}
