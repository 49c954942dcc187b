/*
 * Prewarming a spare child's pages while it waits for work (prewarm.h).
 */
#include <sys/mman.h>

#include <malloc.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
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
	PREWARM_HEAP,           /* [heap]: where the warm engine lives */
	PREWARM_DATA,           /* other private writable mappings */
	PREWARM_PROGRAM,        /* the program's own code */
	PREWARM_LIBRARY,        /* libraries' code */
	PREWARM_READONLY,       /* constants: format strings, tables, the prelude */
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
	if (path[0] == '[')     /* stack, vdso, vvar: the kernel's or unneeded */
		return PREWARM_SKIP;
	if (perms[1] == 'w')
		return PREWARM_DATA;
	if (perms[2] == 'x')
		return strcmp(path, exe) == 0 ? PREWARM_PROGRAM : PREWARM_LIBRARY;
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
	for (line = maps; *line != '\0' && n < PREWARM_MAX_RANGES; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		path[0] = '\0';
		if (sscanf(line, "%lx-%lx %7s %*s %*s %*s %511s", &start, &end,
		    perms, path) < 3 || strlen(perms) != 4 || end <= start)
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
			if (ranks[i] == want && total + (all[i].end -
			    all[i].start) <= PREWARM_TOTAL_MAX) {
				total += all[i].end - all[i].start;
				pw->range[pw->n++] = all[i];
			}
	return 0;
}

void
prewarm_reserve(size_t bytes)
{
	enum { BLOCK = 16 * 1024 };     /* under the mmap threshold: from the heap */
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

/* Whether the request has arrived. */
static int
prewarm_interrupted(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

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
static void __attribute__((noinline))
prewarm_stack(void)
{
	volatile unsigned char frame[PREWARM_STACK];
	size_t i;

	for (i = 0; i < sizeof(frame); i += PREWARM_PAGE)
		frame[i] = 0;
}

PREWARM_UNCHECKED int
prewarm_run(const struct prewarm *pw, int fd)
{
	volatile const unsigned char *page;
	struct timespec ts;
	uintptr_t at, stop;
	unsigned sum = 0;
	size_t i;

	for (i = 0; i < pw->n; i++) {
		for (at = pw->range[i].start; at < pw->range[i].end; at = stop) {
			if (prewarm_interrupted(fd))
				return 1;
			stop = at + PREWARM_STEP < pw->range[i].end ?
			    at + PREWARM_STEP : pw->range[i].end;
			/*
			 * The kernel copies or maps the step first; its failure
			 * (an old kernel, or a range unmapped since the scan) skips
			 * the reads, so a vanished page is never dereferenced.
			 */
			if (madvise((void *)at, stop - at, pw->range[i].writable ?
			    MADV_POPULATE_WRITE : MADV_POPULATE_READ) != 0)
				continue;
			/* A read from user space also fills the hypervisor's tables. */
			for (page = (const unsigned char *)at;
			    (uintptr_t)page < stop; page += PREWARM_PAGE)
				sum += *page;
		}
	}
	(void)sum;
	prewarm_stack();
	/* The kernel maps the clock's data page into a child on first use. */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return 0;
}
