/*
 * A failing allocator for fault-injection tests (failalloc.h): loaded with
 * LD_PRELOAD into the daemon, it maps the control block named by
 * $CM_FAILALLOC and, while the test has armed it, makes the chosen
 * malloc/calloc/realloc return NULL with errno ENOMEM. Only the process
 * that loaded it counts: a forked child (before its exec) never fails, so
 * what is tested is the daemon's own handling.
 */
#include <dlfcn.h>
#include <execinfo.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "failalloc.h"

static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static void (*real_free)(void *);

static struct failalloc_ctl *ctl;
static int forked;
static int show_stack; /* $CM_FAILALLOC_STACK: each failure's stack on stderr */
/*
 * $CM_FAILALLOC_ONLY: a comma-separated list of exported functions; when
 * set, only allocations made under one of them are counted and failed, so
 * a test can aim at one step (libevent's evbuffer_add_cb, say) whatever
 * else the process allocates around it.
 */
static const char *only;

/* dlsym may allocate before the real functions are known: a bump arena. */
static unsigned char boot[16384] __attribute__((aligned(16)));
static size_t boot_used;
static int resolving;

static int
failalloc_is_boot(const void *p)
{
	return (const unsigned char *)p >= boot &&
	    (const unsigned char *)p < boot + sizeof(boot);
}

static void *
failalloc_boot_alloc(size_t n)
{
	void *p;

	n = (n + 15) & ~(size_t)15;
	if (n > sizeof(boot) - boot_used)
		return NULL;
	p = boot + boot_used;
	boot_used += n;
	return p;
}

static void
failalloc_on_fork(void)
{
	forked = 1;
}

static void
failalloc_resolve(void)
{
	if (real_malloc != NULL || resolving)
		return;
	resolving = 1;
	real_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
	real_calloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "calloc");
	real_realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
	real_free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
	resolving = 0;
}

__attribute__((constructor)) static void
failalloc_init(void)
{
	const char *path, *prog;
	void *m;
	int fd;

	failalloc_resolve();
	pthread_atfork(NULL, NULL, failalloc_on_fork);
	show_stack = getenv("CM_FAILALLOC_STACK") != NULL;
	only = getenv("CM_FAILALLOC_ONLY");
	if (show_stack || only != NULL) {
		void *frames[4];

		backtrace(frames, 4); /* loads what it needs, not later */
	}
	/* getenv does not allocate. */
	if ((path = getenv("CM_FAILALLOC")) == NULL)
		return;
	/*
	 * $CM_FAILALLOC_PROGRAM: only a process running that program (the
	 * base name of its executable) counts, so a test can aim at the
	 * daemon or at the fetcher it execs, which inherits the preload.
	 */
	if ((prog = getenv("CM_FAILALLOC_PROGRAM")) != NULL) {
		char exe[4096];
		ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
		const char *base;

		if (n <= 0)
			return;
		exe[n] = '\0';
		base = strrchr(exe, '/') ? strrchr(exe, '/') + 1 : exe;
		if (strcmp(base, prog) != 0)
			return;
	}
	if ((fd = open(path, O_RDWR | O_CLOEXEC)) < 0)
		return;
	m = mmap(NULL, sizeof(*ctl), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (m != MAP_FAILED)
		ctl = m;
}

/* Whether the allocation is made under a function of $CM_FAILALLOC_ONLY. */
static int
failalloc_under_only(void)
{
	void *frames[32];
	int k, i;

	k = backtrace(frames, 32);
	for (i = 2; i < k; i++) {
		Dl_info info;
		size_t len;
		const char *p;

		if (dladdr(frames[i], &info) == 0 || info.dli_sname == NULL)
			continue;
		len = strlen(info.dli_sname);
		for (p = only; *p != '\0'; p += strcspn(p, ","), p += *p == ',')
			if (strncmp(p, info.dli_sname, len) == 0 &&
			    (p[len] == ',' || p[len] == '\0'))
				return 1;
	}
	return 0;
}

/* Whether this allocation is one the test asked to fail. */
static int
failalloc_fails(void)
{
	long t, n;

	if (ctl == NULL || forked)
		return 0;
	if ((t = ctl->target) <= 0 && ctl->ppm <= 0)
		return 0;
	if (only != NULL && !failalloc_under_only())
		return 0;
	if (t <= 0) {
		/* splitmix64 over the count: cheap, no state but the count */
		uint64_t z = (uint64_t)__atomic_add_fetch(
				 &ctl->calls, 1, __ATOMIC_SEQ_CST) *
		    0x9E3779B97F4A7C15ull;

		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
		z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
		z ^= z >> 31;
		if ((long)(z % 1000000) >= ctl->ppm)
			return 0;
		__atomic_add_fetch(&ctl->failed, 1, __ATOMIC_SEQ_CST);
		errno = ENOMEM;
		return 1;
	}
	n = __atomic_add_fetch(&ctl->calls, 1, __ATOMIC_SEQ_CST);
	if (n == t || (ctl->every && n > t)) {
		__atomic_add_fetch(&ctl->failed, 1, __ATOMIC_SEQ_CST);
		if (show_stack) {
			void *frames[16];
			int k = backtrace(frames, 16);

			backtrace_symbols_fd(frames, k, 2);
			write(2, "--\n", 3);
		}
		errno = ENOMEM;
		return 1;
	}
	return 0;
}

void *
malloc(size_t n)
{
	failalloc_resolve();
	if (real_malloc == NULL)
		return failalloc_boot_alloc(n);
	if (failalloc_fails())
		return NULL;
	return real_malloc(n);
}

void *
calloc(size_t n, size_t size)
{
	void *p;

	failalloc_resolve();
	if (real_calloc == NULL) {
		if (size != 0 && n > SIZE_MAX / size)
			return NULL;
		/* The arena is zeroed static storage, never reused. */
		p = failalloc_boot_alloc(n * size);
		return p;
	}
	if (failalloc_fails())
		return NULL;
	return real_calloc(n, size);
}

void *
realloc(void *old, size_t n)
{
	void *p;

	failalloc_resolve();
	if (old != NULL && failalloc_is_boot(old)) {
		/* Rare: a start-up block grows; move it to the real heap. */
		if ((p = malloc(n)) != NULL)
			memcpy(p, old,
			    n < (size_t)(boot + sizeof(boot) -
				    (unsigned char *)old)
				? n
				: (size_t)(boot + sizeof(boot) -
				      (unsigned char *)old));
		return p;
	}
	if (real_realloc == NULL)
		return failalloc_boot_alloc(n);
	if (n != 0 && failalloc_fails())
		return NULL;
	return real_realloc(old, n);
}

void
free(void *p)
{
	if (p == NULL || failalloc_is_boot(p))
		return;
	failalloc_resolve();
	if (real_free != NULL)
		real_free(p);
}
