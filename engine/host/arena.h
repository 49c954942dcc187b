/*
 * The memory under one Duktape heap, in mappings of its own, so that the
 * heap can be put back exactly as it was: arena_freeze() copies the first
 * chunk aside, arena_reset() unmaps everything allocated since and copies
 * back the pages that differ from that copy. A warm heap becomes a fresh
 * one at the same addresses without a fork, which is what lets a child run
 * one execution after another with a fresh heap each time.
 *
 * Blocks come in size classes (8-byte steps to 1 KB, then four per power
 * of two) carved from chunks; blocks past ARENA_LARGE get a mapping each.
 * Every block has an 8-byte header and 8-byte alignment, which is all a
 * Duktape heap needs. Single-threaded. Pages are faulted in by one call
 * (MADV_POPULATE_WRITE) rather than one fault each: a large block's as it
 * is handed out or grown, and carving's 256 KB ahead past the first 512 KB
 * of a first chunk not frozen, and in every later chunk.
 */
#ifndef ARENA_H
#define ARENA_H

#include <stddef.h>

/* Larger blocks are mappings of their own, unmapped when freed, but for
 * the last one freed: it stays mapped (the spare) until the next large
 * block takes its pages, another is freed, or a reset or destroy; only if
 * it is at most ARENA_SPARE_MAX bytes. */
#define ARENA_LARGE (256u << 10)
#define ARENA_SPARE_MAX (32u << 20)

struct arena;

/*
 * Maps the first chunk (`reserve` bytes of address space, committed as
 * used) with the arena's own bookkeeping at its start. NULL with errno.
 */
struct arena *arena_create(size_t reserve);

/* Unmaps every chunk, large block and the image. NULL is a no-op. */
void arena_destroy(struct arena *a);

/* A block of at least `size` bytes, or NULL (errno ENOMEM); size 0 is 1. */
void *arena_alloc(struct arena *a, size_t size);

/* Frees a block of this arena; NULL is a no-op. */
void arena_free(struct arena *a, void *p);

/*
 * Resizes in place when the class stays the same, else moves the contents
 * to a new block (a large block to a large size: its pages move, mremap).
 * NULL (p untouched) when no memory is left.
 */
void *arena_realloc(struct arena *a, void *p, size_t size);

/* What a block of this arena really holds (its class's size). */
size_t arena_usable(const void *p);

/* What a request of `size` bytes would really take: arena_usable-to-be. */
size_t arena_size_for(size_t size);

/*
 * Copies the arena's state aside as its image (read-only), and gives back
 * the first chunk's reservation past the image and some room. Possible
 * only while everything lives in the first chunk (no second chunk, no
 * large block): -1 with errno EBUSY otherwise, or ENOMEM.
 */
int arena_freeze(struct arena *a);

/*
 * Back to the image: every block allocated since is gone, every block
 * freed since is back, with the contents it had. Only pages that differ
 * from the image are written: a page no run changed is left alone (in a
 * forked child, still shared with its parent). Pointers into the first
 * chunk keep their meaning; `a` stays valid. -1 (EINVAL) when never frozen.
 */
int arena_reset(struct arena *a);

/*
 * Lets arena_reset skip the pages this process still shares with the one
 * it was forked from (copy-on-write: unwritten since the fork), reading
 * them from `pagemap_fd`, this process's /proc/self/pagemap (the caller
 * owns it; -1 stops). Only for a process that will not fork again. The
 * next reset still compares every page. -1 (EPERM) when the process has
 * memory merging on, which can share a written page again.
 */
int arena_track_pages(struct arena *a, int pagemap_fd);

/* Pages the last reset compared with the image (the rest were skipped). */
size_t arena_reset_compared(const struct arena *a);

/*
 * Pages of the image the last reset found to be this process's own by its
 * page map: every page any run since the fork wrote, which every reset
 * compares again. 0 when that reset did not read the map.
 */
size_t arena_reset_owned(const struct arena *a);

/* The image's pages, those a reset compares at most. */
size_t arena_image_pages(const struct arena *a);

/* Bytes of the image (0: not frozen) and of the mappings in use now. */
size_t arena_image_bytes(const struct arena *a);
size_t arena_mapped_bytes(const struct arena *a);

#endif
