/*
 * Prewarming a spare child's pages while it waits for work (prewarm.h).
 */
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include <malloc.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "prewarm.h"

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

#define PREWARM_PAGE 4096
/* Pages per step: the longest a waiting request can sit behind a step. */
#define PREWARM_STEP (16 * PREWARM_PAGE)
/* Stack below prewarm_run's frame made the child's own: a run's compile
 * and calls recurse well below the frame that waits for the request. */
#define PREWARM_STACK (256 * 1024)
#define PREWARM_MAPS_MAX (256 * 1024)
/*
 * A larger mapping is a reservation, not working set (a sanitizer's shadow,
 * an allocator's arena): populating it would commit memory nobody uses.
 */
#define PREWARM_RANGE_MAX (32u << 20)
/* And the whole list stays small: the point is the pages a run touches. */
#define PREWARM_TOTAL_MAX (64u << 20)

enum prewarm_rank {
	PREWARM_HEAP, /* [heap]: where the warm engine lives */
	PREWARM_DATA, /* other private writable mappings */
	PREWARM_PROGRAM, /* the program's own code */
	PREWARM_LIBRARY, /* libraries' code */
	PREWARM_READONLY, /* constants: format strings, tables, the prelude */
	/*
	 * Anonymous read-only memory: the frozen heap's image, which every
	 * reset reads whole. A child's first reset read it page by page, each
	 * first touch trapping on a virtual machine with shadow paging: 2.3 ms
	 * between a new connection's first run and its second, against 0.14
	 * ms with the image read ahead.
	 */
	PREWARM_ANON_READONLY,
	PREWARM_SKIP
};

/* Ranks one line of /proc/self/maps; `exe` is the first mapping's path. */
static enum prewarm_rank
prewarm_rank(const char *perms, const char *path, const char *exe)
{
	if (perms[0] != 'r' || perms[3] != 'p')
		return PREWARM_SKIP;
	if (strcmp(path, "[heap]") == 0)
		return PREWARM_HEAP;
	if (path[0] == '[') /* stack, vdso, vvar: the kernel's or unneeded */
		return PREWARM_SKIP;
	if (perms[1] == 'w')
		return PREWARM_DATA;
	if (perms[2] == 'x')
		return strcmp(path, exe) == 0 ? PREWARM_PROGRAM
					      : PREWARM_LIBRARY;
	if (path[0] == '\0')
		return PREWARM_ANON_READONLY;
	return path[0] == '/' ? PREWARM_READONLY : PREWARM_SKIP;
}

/* Reads the whole maps file; the caller frees it. NULL with errno. */
static char *
prewarm_read_maps(void)
{
	char *buf;
	size_t len = 0;
	ssize_t n;
	int fd, saved;

	if ((fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)) < 0)
		return NULL;
	if ((buf = malloc(PREWARM_MAPS_MAX)) == NULL) {
		close(fd);
		errno = ENOMEM;
		return NULL;
	}
	while (len < PREWARM_MAPS_MAX - 1 &&
	    (n = read(fd, buf + len, PREWARM_MAPS_MAX - 1 - len)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			saved = errno;
			free(buf);
			close(fd);
			errno = saved;
			return NULL;
		}
		len += (size_t)n;
	}
	buf[len] = '\0';
	close(fd);
	return buf;
}

int
prewarm_scan(struct prewarm *pw)
{
	struct prewarm_range all[PREWARM_MAX_RANGES];
	enum prewarm_rank ranks[PREWARM_MAX_RANGES], want;
	char *maps, *line, *next, exe[512] = "", perms[8], path[512];
	unsigned long start, end;
	size_t n = 0, i, total = 0;

	pw->n = 0;
	if ((maps = prewarm_read_maps()) == NULL)
		return -1;
	for (line = maps; *line != '\0' && n < PREWARM_MAX_RANGES;
	     line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		path[0] = '\0';
		if (sscanf(line, "%lx-%lx %7s %*s %*s %*s %511s", &start, &end,
			perms, path) < 3 ||
		    strlen(perms) != 4 || end <= start)
			continue;
		if (exe[0] == '\0' && path[0] == '/')
			snprintf(exe, sizeof(exe), "%s", path);
		if (end - start > PREWARM_RANGE_MAX ||
		    (ranks[n] = prewarm_rank(perms, path, exe)) == PREWARM_SKIP)
			continue;
		all[n].start = start;
		all[n].end = end;
		all[n].writable = perms[1] == 'w';
		n++;
	}
	free(maps);
	/* Most useful first; the file's order within a rank. */
	for (want = PREWARM_HEAP; want < PREWARM_SKIP; want++)
		for (i = 0; i < n; i++)
			if (ranks[i] == want &&
			    total + (all[i].end - all[i].start) <=
				PREWARM_TOTAL_MAX) {
				total += all[i].end - all[i].start;
				pw->range[pw->n++] = all[i];
			}
	return 0;
}

void
prewarm_reserve(size_t bytes)
{
	enum {
		BLOCK = 16 * 1024
	}; /* under the mmap threshold: from the heap */
	void *block[256];
	size_t n = 0;

	if (bytes / BLOCK > sizeof(block) / sizeof(*block))
		bytes = sizeof(block) / sizeof(*block) * BLOCK;
	/* free() would hand the space back to the kernel above this. */
	(void)mallopt(M_TRIM_THRESHOLD, (int)(4 * bytes + (1u << 20)));
	while (n * BLOCK < bytes && (block[n] = malloc(BLOCK)) != NULL)
		n++;
	/* Newest first, so each merges into the free top as it goes. */
	while (n > 0)
		free(block[--n]);
}

/*
 * The pages a rehearsal run made its own (prewarm_learn): every spare
 * copies these first, before anything else and even with its request
 * waiting, since copying a page ahead costs a quarter of the fault the
 * run would take on it (4.6 against 17 us here).
 */
static uintptr_t prewarm_hot[PREWARM_HOT_MAX];
static size_t prewarm_nhot;
/*
 * And the pages of the read-only file mappings (code, constants) it read:
 * a spare maps and touches these instead of every page of those ranges.
 * The sweep of the whole ranges (13 MB of libraries here, 3,300 pages
 * that each trap once on a virtual machine with shadow paging) cost a
 * spare tens of milliseconds of CPU, and the client's session rotation
 * (rotateAfterExecutions, 100) makes one spare per hundred runs.
 */
static uintptr_t prewarm_read[PREWARM_HOT_MAX];
static size_t prewarm_nread;

/*
 * The frozen heap's pages (prewarm_share): mapped, not copied. Copying them
 * made every idle staying child hold the whole 1.8 MB image of its own
 * (3.6 MiB private in all, 2.0 without) for pages no run writes, and each
 * child's copies of them crowded the caches the others' runs need.
 */
static uintptr_t prewarm_shared_start, prewarm_shared_end;

void
prewarm_share(uintptr_t start, size_t len)
{
	uintptr_t end = start + len;

	prewarm_shared_start =
	    (start + PREWARM_PAGE - 1) & ~(uintptr_t)(PREWARM_PAGE - 1);
	prewarm_shared_end = end & ~(uintptr_t)(PREWARM_PAGE - 1);
	if (len == 0 || prewarm_shared_end <= prewarm_shared_start)
		prewarm_shared_start = prewarm_shared_end = 0;
}

/* What the rehearsal child sends back: both counts, then both lists. */
struct prewarm_learned {
	uint64_t nhot, nread;
	uintptr_t hot[PREWARM_HOT_MAX];
	uintptr_t read[PREWARM_HOT_MAX];
};

/*
 * In the rehearsal child, after the run: the present, exclusively mapped
 * pages of the writable ranges of *pw (scanned before the fork, so what the
 * scan itself wrote does not count), and the present pages of its
 * read-only ranges (file mappings a fork does not copy: present means this
 * child read them, or the kernel mapped them around a page it read; an
 * anonymous one, the heap's image, has every page the zygote filled),
 * written to fd. 0, or -1.
 */
static int
prewarm_report(const struct prewarm *pw, int fd)
{
	enum { CHUNK = 512 };
	uint64_t ent[CHUNK];
	struct prewarm_learned *out;
	uintptr_t at;
	size_t i, j, want, len;
	ssize_t got;
	int pm, rc = 0, w;

	/* A mapping of its own, outside the ranges being read. */
	out = mmap(NULL, sizeof(*out), PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (out == MAP_FAILED)
		return -1;
	if ((pm = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	for (i = 0; i < pw->n && rc == 0; i++) {
		w = pw->range[i].writable;
		for (at = pw->range[i].start; at < pw->range[i].end;
		     at += want * PREWARM_PAGE) {
			want = (pw->range[i].end - at) / PREWARM_PAGE;
			if (want > CHUNK)
				want = CHUNK;
			got = pread(pm, ent, want * sizeof(*ent),
			    (off_t)(at / PREWARM_PAGE * sizeof(*ent)));
			if (got != (ssize_t)(want * sizeof(*ent))) {
				rc = -1;
				break;
			}
			/* bit 63: present; bit 56: mapped by this process only
			 */
			for (j = 0; j < want; j++) {
				if (!(ent[j] >> 63 & 1))
					continue;
				if (w && (ent[j] >> 56 & 1) &&
				    out->nhot < PREWARM_HOT_MAX)
					out->hot[out->nhot++] =
					    at + j * PREWARM_PAGE;
				else if (!w && out->nread < PREWARM_HOT_MAX)
					out->read[out->nread++] =
					    at + j * PREWARM_PAGE;
			}
		}
	}
	close(pm);
	len = sizeof(*out);
	for (i = 0; rc == 0 && i < len; i += (size_t)got)
		if ((got = write(fd, (char *)out + i, len - i)) <= 0)
			return -1;
	return rc;
}

int
prewarm_learn(const struct prewarm *pw, int (*rehearse)(void *), void *arg)
{
	static struct prewarm_learned in;
	size_t len = 0;
	ssize_t got;
	int p[2], status;
	pid_t pid, reaped;

	prewarm_nhot = 0;
	prewarm_nread = 0;
	if (pipe(p) != 0)
		return -1;
	if ((pid = fork()) < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		(void)prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
		close(p[0]);
		if (rehearse(arg) != 0)
			_exit(1);
		_exit(prewarm_report(pw, p[1]) == 0 ? 0 : 1);
	}
	close(p[1]);
	while (len < sizeof(in) &&
	    (got = read(p[0], (char *)&in + len, sizeof(in) - len)) != 0) {
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			break;
		len += (size_t)got;
	}
	close(p[0]);
	while ((reaped = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
		;
	/* A failed rehearsal teaches nothing: half a list could mislead. */
	if (reaped != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
	    len != sizeof(in) || in.nhot > PREWARM_HOT_MAX ||
	    in.nread > PREWARM_HOT_MAX)
		return -1;
	prewarm_nhot = (size_t)in.nhot;
	prewarm_nread = (size_t)in.nread;
	memcpy(prewarm_hot, in.hot, prewarm_nhot * sizeof(*prewarm_hot));
	memcpy(prewarm_read, in.read, prewarm_nread * sizeof(*prewarm_read));
	return (int)prewarm_nhot;
}

const uintptr_t *
prewarm_read_pages(size_t *n)
{
	*n = prewarm_nread;
	return prewarm_read;
}

const uintptr_t *
prewarm_hot_pages(size_t *n)
{
	*n = prewarm_nhot;
	return prewarm_hot;
}

/* Copies the learned pages, runs of neighbours in one call each. */
static void
prewarm_run_hot(void)
{
	size_t i, j;

	for (i = 0; i < prewarm_nhot; i = j) {
		for (j = i + 1; j < prewarm_nhot &&
		     prewarm_hot[j] == prewarm_hot[j - 1] + PREWARM_PAGE;
		     j++)
			;
		/* A page this child no longer has fails, and is skipped. */
		(void)madvise((void *)prewarm_hot[i], (j - i) * PREWARM_PAGE,
		    MADV_POPULATE_WRITE);
	}
}

/*
 * Whether the request has arrived. Between two steps the spare also lets
 * any other runnable process of this CPU go first: a spare is forked as a
 * connection takes the last one, beside the children serving runs, and
 * its warming (milliseconds of page traps) held a serving child off the
 * CPU for a scheduler slice per run (3 ms runs instead of 0.3 ms, the
 * first runs of every new connection).
 */
static int
prewarm_interrupted(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	(void)sched_yield();
	return poll(&p, 1, 0) != 0;
}

/*
 * The reads cross allocator redzones and freed blocks on purpose: under
 * AddressSanitizer they are not the program's accesses and must not count.
 */
#if defined(__SANITIZE_ADDRESS__)
#define PREWARM_UNCHECKED __attribute__((no_sanitize_address))
#else
#define PREWARM_UNCHECKED
#endif

/*
 * The stack a run will use: the zygote's stack pages are shared with the
 * child until written, and a compile recurses deep. Writes one byte per
 * page of a PREWARM_STACK frame below the caller's.
 */
static void __attribute__((noinline)) prewarm_stack(void)
{
	volatile unsigned char frame[PREWARM_STACK];
	size_t i;

	for (i = 0; i < sizeof(frame); i += PREWARM_PAGE)
		frame[i] = 0;
}

/*
 * Maps and touches [at, stop), one step of a spare's warming: the kernel
 * copies or maps the step first; its failure (an old kernel, or a range
 * unmapped since the scan) skips the reads, so a vanished page is never
 * dereferenced. A read from user space also fills the hypervisor's tables.
 */
PREWARM_UNCHECKED static unsigned
prewarm_step(uintptr_t at, uintptr_t stop, int writable)
{
	volatile const unsigned char *page;
	unsigned sum = 0;

	if (madvise((void *)at, stop - at,
		writable ? MADV_POPULATE_WRITE : MADV_POPULATE_READ) != 0)
		return 0;
	for (page = (const unsigned char *)at; (uintptr_t)page < stop;
	     page += PREWARM_PAGE)
		sum += *page;
	return sum;
}

/* One step of a writable range: the shared span's part only mapped. */
static unsigned
prewarm_step_writable(uintptr_t at, uintptr_t stop)
{
	uintptr_t s = prewarm_shared_start, e = prewarm_shared_end;
	unsigned sum = 0;

	if (e <= at || s >= stop)
		return prewarm_step(at, stop, 1);
	if (at < s)
		sum += prewarm_step(at, s, 1);
	sum += prewarm_step(at > s ? at : s, stop < e ? stop : e, 0);
	if (e < stop)
		sum += prewarm_step(e, stop, 1);
	return sum;
}

int
prewarm_run(const struct prewarm *pw, int fd)
{
	struct timespec ts;
	uintptr_t at, stop;
	unsigned sum = 0;
	size_t i, j;

	prewarm_run_hot();
	/* The code and constants the rehearsal read, neighbours together. */
	for (i = 0; i < prewarm_nread; i = j) {
		if (prewarm_interrupted(fd))
			return 1;
		for (j = i + 1;
		     j < prewarm_nread && j - i < PREWARM_STEP / PREWARM_PAGE &&
		     prewarm_read[j] == prewarm_read[j - 1] + PREWARM_PAGE;
		     j++)
			;
		sum += prewarm_step(
		    prewarm_read[i], prewarm_read[j - 1] + PREWARM_PAGE, 0);
	}
	for (i = 0; pw != NULL && i < pw->n; i++) {
		/*
		 * Writable ranges whole, but the frozen heap's pages no run
		 * wrote only mapped (prewarm_share). Read-only ones only when
		 * nothing was learned of them.
		 */
		if (!pw->range[i].writable && prewarm_nread > 0)
			continue;
		for (at = pw->range[i].start; at < pw->range[i].end;
		     at = stop) {
			if (prewarm_interrupted(fd))
				return 1;
			stop = at + PREWARM_STEP < pw->range[i].end
			    ? at + PREWARM_STEP
			    : pw->range[i].end;
			sum += pw->range[i].writable
			    ? prewarm_step_writable(at, stop)
			    : prewarm_step(at, stop, 0);
		}
	}
	(void)sum;
	prewarm_stack();
	/* The kernel maps the clock's data page into a child on first use. */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return 0;
}
