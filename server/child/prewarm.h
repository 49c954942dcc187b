/*
 * Prewarming a spare child: a forked child shares the zygote's pages
 * copy-on-write, and its first touch of each page (a write copies it, and
 * on virtual machines with shadow paging even a read traps) costs several
 * microseconds. A run touches a few hundred pages, so a fresh child paid
 * milliseconds on the request's path. A spare instead touches its pages
 * while it waits for work, and stops the moment its request arrives.
 */
#ifndef PREWARM_H
#define PREWARM_H

#include <stddef.h>
#include <stdint.h>

#define PREWARM_MAX_RANGES 128

struct prewarm_range {
	uintptr_t start, end;
	int writable; /* private and writable: copy it ahead of need */
};

struct prewarm {
	struct prewarm_range range[PREWARM_MAX_RANGES];
	size_t n;
};

/*
 * Reads this process's mappings (/proc/self/maps) into *pw, in the order
 * worth warming: private writable data, then the program's code, the
 * libraries' code, and last the read-only file mappings (constants). Runs
 * before the sandbox, which forbids open(2).
 * Returns 0, or -1 with errno (pw then holds no ranges).
 */
int prewarm_scan(struct prewarm *pw);

/*
 * Leaves about `bytes` (at most 4 MB) free at the top of malloc's heap and
 * stops free() from handing it back. Called once by the process that forks
 * spares: a child's new allocations then land on heap pages prewarm_run has
 * already made private, instead of fresh pages that fault on the request's
 * path.
 */
void prewarm_reserve(size_t bytes);

/* Enough for a small run's lowering, compiling and garbage, with room. */
#define PREWARM_RESERVE_DEFAULT (512u << 10)

/*
 * Learns which pages a run writes and reads: forks a child that calls
 * rehearse(arg) (0 on success) and then lists the pages of the writable
 * ranges of *pw (this process's, from prewarm_scan) it made its own, and
 * the pages of the read-only ranges it has mapped (prewarm_read_pages).
 * Every later prewarm_run in this process or its children copies the
 * first ones first, and reads the others instead of whole ranges. Returns
 * how many pages were learned, or -1 (the list is then empty). Called by
 * the process that forks spares, before the sandbox (the child reads
 * /proc/self/pagemap).
 */
#define PREWARM_HOT_MAX 4096
int prewarm_learn(const struct prewarm *pw, int (*rehearse)(void *), void *arg);
/* The learned pages, ascending within each range (for tests). */
const uintptr_t *prewarm_hot_pages(size_t *n);
/* The pages of read-only file mappings it read, the same way. */
const uintptr_t *prewarm_read_pages(size_t *n);

/*
 * Copies the learned pages first (all of them, request or not: ahead of
 * the run each costs a quarter of its fault), then maps and touches the
 * learned read-only pages and the writable ranges of *pw (none when pw is
 * NULL; its read-only ranges too when nothing was learned of them) in
 * small steps, returning early as soon as `fd` turns readable (the request
 * came). Returns 1 when interrupted, 0 when
 * everything was warmed. Content is never changed.
 */
int prewarm_run(const struct prewarm *pw, int fd);

/*
 * Marks [start, start + len) (whole pages inside it) as memory a child
 * shares with the process that forks it until a run writes it: the frozen
 * heap, whose reset rewrites only the pages a run changed. prewarm_run then
 * maps those pages for reading instead of copying them, the learned ones
 * (what a rehearsed run wrote) still copied first. One span; a later call
 * replaces it, len 0 clears it.
 */
void prewarm_share(uintptr_t start, size_t len);

#endif
