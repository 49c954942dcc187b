/*
 * engine/host/arena.c: size classes, alignment, realloc across classes, reuse,
 * chunks and large blocks, and freeze/reset putting a heap back exactly
 * (contents, free lists, mapped bytes, the addresses it hands out next),
 * also in a forked child and under a seeded random load.
 */
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/arena.h"

/*
 * ck_assert marks a point through a pipe on every call: too slow for loops
 * of a million checks. These only speak up on failure.
 */
#define HOT(c)                                                                 \
	do {                                                                   \
		if (!(c))                                                      \
			ck_abort_msg("line %d: %s", __LINE__, #c);             \
	} while (0)
#define HOT_MSG(c, ...)                                                        \
	do {                                                                   \
		if (!(c))                                                      \
			ck_abort_msg(__VA_ARGS__);                             \
	} while (0)

/* Fills a block with bytes derived from `seed`, the way check() expects. */
static void
fill(void *p, size_t n, unsigned seed)
{
	unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		b[i] = (unsigned char)(seed * 131 + i * 7 + (i >> 8));
}

/* Whether the first n bytes are what fill(p, n, seed) wrote. */
static int
intact(const void *p, size_t n, unsigned seed)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		if (b[i] != (unsigned char)(seed * 131 + i * 7 + (i >> 8)))
			return 0;
	return 1;
}

/* Whether the page holding p is mapped at all (mincore: ENOMEM if not). */
static int
mapped_page(const void *p)
{
	unsigned char vec;
	uintptr_t page = (uintptr_t)p & ~(uintptr_t)(sysconf(_SC_PAGESIZE) - 1);

	if (mincore((void *)page, 1, &vec) == 0)
		return 1;
	HOT(errno == ENOMEM);
	return 0;
}

/* Whether the page holding p is in memory (mincore's bit; 0 if unmapped). */
static int
resident_page(const void *p)
{
	unsigned char vec = 0;
	uintptr_t page = (uintptr_t)p & ~(uintptr_t)(sysconf(_SC_PAGESIZE) - 1);

	if (mincore((void *)page, 1, &vec) != 0)
		HOT(errno == ENOMEM);
	return vec & 1;
}

static const size_t sizes_of_note[] = { 0, 1, 2, 7, 8, 9, 15, 16, 17, 100, 1000,
	1016, 1017, 1023, 1024, 1025, 1279, 1280, 1281, 2047, 2048, 2049, 4095,
	4096, 4097, 65535, 65536, 65537, 100000, 200000, 262143, 262144, 262145,
	262200, 300000, 1u << 20, (1u << 20) + 1, 3u << 20 };
#define NSIZES (sizeof(sizes_of_note) / sizeof(sizes_of_note[0]))

START_TEST(test_class_sizes)
{
	size_t n, prev = 0, s;

	/* Every request up to past the large bound, one byte at a time. */
	for (n = 0; n <= ARENA_LARGE + 70000; n++) {
		s = arena_size_for(n);
		HOT((s) >= (n == 0 ? 1 : n));
		HOT((s) >= (prev));
		HOT((s % 8) == (0));
		prev = s;
	}
	/* Small classes are 8-byte steps; past 1 KB at most 25% waste. */
	HOT((arena_size_for(0)) == (8));
	HOT((arena_size_for(1)) == (8));
	HOT((arena_size_for(8)) == (8));
	HOT((arena_size_for(9)) == (16));
	HOT((arena_size_for(1024)) == (1024));
	HOT((arena_size_for(1025)) == (1280));
	HOT((arena_size_for(2048)) == (2048));
	HOT((arena_size_for(262144)) == (262144));
	for (n = 1025; n <= ARENA_LARGE; n += 97)
		HOT((arena_size_for(n)) <= (n + n / 4 + 8));
	/* Large: whole pages, less the bookkeeping in front. */
	HOT((arena_size_for(262145)) > (262144));
	HOT((arena_size_for(262145)) < (262145 + 4096));
	HOT((arena_size_for(1u << 20)) >= (1u << 20));
	HOT((arena_size_for(1u << 20)) < ((1u << 20) + 4096));
	/* Monotonic and never short, over the whole range (doubling steps). */
	prev = 0;
	for (n = 1; n != 0 && n < SIZE_MAX; n = n * 2 + 1) {
		s = arena_size_for(n);
		HOT((s) >= (n));
		HOT((s) >= (prev));
		prev = s;
	}
}
END_TEST

/* Requests no mapping can hold still never get a smaller figure. */
START_TEST(test_size_for_near_size_max)
{
	size_t n, s;

	for (n = SIZE_MAX - 5000; n != 0; n++) {
		s = arena_size_for(n);
		HOT_MSG(s >= n, "arena_size_for(SIZE_MAX - %zu) = %zu",
		    SIZE_MAX - n, s);
	}
}
END_TEST

START_TEST(test_usable_matches_size_for)
{
	struct arena *a = arena_create(1u << 20);
	void *p;
	size_t i, n;

	HOT((a) != NULL);
	for (i = 0; i < NSIZES; i++) {
		n = sizes_of_note[i];
		HOT((p = arena_alloc(a, n)) != NULL);
		HOT((arena_usable(p)) == (arena_size_for(n)));
		/* All of it is writable. */
		fill(p, arena_usable(p), (unsigned)i);
		HOT(intact(p, arena_usable(p), (unsigned)i));
		arena_free(a, p);
	}
	for (n = 0; n < 5000; n += 3) {
		HOT((p = arena_alloc(a, n)) != NULL);
		HOT((arena_usable(p)) == (arena_size_for(n)));
		arena_free(a, p);
	}
	arena_free(a, NULL);
	arena_destroy(a);
	arena_destroy(NULL);
}
END_TEST

START_TEST(test_alignment)
{
	struct arena *a = arena_create(1u << 20);
	void *p[600];
	size_t i;

	HOT((a) != NULL);
	/* Carving starts on a 16-byte line, its first block after a header
	 * (arena_create says why). */
	HOT((p[0] = arena_alloc(a, 40)) != NULL);
	HOT(((uintptr_t)p[0] % 16) == (8));
	arena_free(a, p[0]);
	for (i = 0; i < 600; i++) {
		/* Odd sizes in every class, a few large. */
		size_t n =
		    i % 50 == 49 ? ARENA_LARGE + i * 13 : i * 37 % 3000 + 1;

		HOT((p[i] = arena_alloc(a, n)) != NULL);
		HOT(((uintptr_t)p[i] % 8) == (0));
		fill(p[i], n, (unsigned)i);
	}
	for (i = 0; i < 600; i++) {
		size_t n =
		    i % 50 == 49 ? ARENA_LARGE + i * 13 : i * 37 % 3000 + 1;

		HOT(intact(p[i], n, (unsigned)i));
		HOT((p[i] = arena_realloc(a, p[i], n + 11)) != NULL);
		HOT(((uintptr_t)p[i] % 8) == (0));
		HOT(intact(p[i], n, (unsigned)i));
	}
	arena_destroy(a);
}
END_TEST

START_TEST(test_realloc_keeps_contents)
{
	static const size_t steps[] = { 5, 24, 700, 1030, 5000, 262144, 262145,
		700000, 3u << 20, 400000, 262145, 262144, 9000, 1025, 1024, 100,
		9, 1, 2u << 20, 16, 300000, 2000 };
	struct arena *a = arena_create(1u << 20);
	size_t i, have, mapped;
	void *p;

	ck_assert_ptr_nonnull(a);
	mapped = arena_mapped_bytes(a);
	ck_assert_ptr_nonnull(p = arena_realloc(a, NULL, 3));
	fill(p, 3, 9);
	have = 3;
	for (i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		size_t keep = have < steps[i] ? have : steps[i];

		ck_assert_ptr_nonnull(p = arena_realloc(a, p, steps[i]));
		ck_assert_uint_ge(arena_usable(p), steps[i]);
		ck_assert_msg(
		    intact(p, keep, 9), "step %zu (%zu bytes)", i, steps[i]);
		/* Refill all of it so the next step has the full pattern. */
		fill(p, steps[i], 9);
		have = steps[i];
	}
	/* Same class: the block stays. */
	ck_assert_ptr_nonnull(p = arena_realloc(a, p, 2001));
	ck_assert_ptr_eq(arena_realloc(a, p, 2040), p);
	arena_free(a, p);
	/* Nothing large is left mapped; chunks may remain. */
	ck_assert_uint_le(arena_mapped_bytes(a), mapped + (2u << 20));
	arena_destroy(a);
}
END_TEST

START_TEST(test_realloc_refused_keeps_block)
{
	struct arena *a = arena_create(1u << 20);
	void *p, *big;

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(p = arena_alloc(a, 100));
	fill(p, 100, 3);
	errno = 0;
	ck_assert_ptr_null(arena_realloc(a, p, SIZE_MAX - 64));
	ck_assert(intact(p, 100, 3));
	errno = 0;
	ck_assert_ptr_null(arena_alloc(a, SIZE_MAX - 64));
	ck_assert_int_eq(errno, ENOMEM);
	ck_assert_ptr_nonnull(big = arena_alloc(a, 1u << 20));
	fill(big, 1u << 20, 4);
	ck_assert_ptr_null(arena_realloc(a, big, SIZE_MAX / 2 + 1));
	ck_assert(intact(big, 1u << 20, 4));
	arena_free(a, big);
	arena_free(a, p);
	arena_destroy(a);
}
END_TEST

START_TEST(test_free_reuses_the_block)
{
	struct arena *a = arena_create(1u << 20);
	void *p, *q, *r, *s;
	size_t i;

	ck_assert_ptr_nonnull(a);
	for (i = 0; i < NSIZES; i++) {
		size_t n = sizes_of_note[i];

		if (n > ARENA_LARGE)
			continue;
		ck_assert_ptr_nonnull(p = arena_alloc(a, n));
		arena_free(a, p);
		/* Any request of the same class gets it back. */
		ck_assert_ptr_eq(q = arena_alloc(a, arena_size_for(n)), p);
		arena_free(a, q);
	}
	/* Last freed, first reused; other classes are not touched. */
	ck_assert_ptr_nonnull(p = arena_alloc(a, 40));
	ck_assert_ptr_nonnull(q = arena_alloc(a, 40));
	ck_assert_ptr_nonnull(s = arena_alloc(a, 48));
	arena_free(a, p);
	arena_free(a, q);
	/* Another class does not take them. */
	ck_assert_ptr_nonnull(r = arena_alloc(a, 48));
	ck_assert_ptr_ne(r, p);
	ck_assert_ptr_ne(r, q);
	ck_assert_ptr_eq(arena_alloc(a, 33), q);
	ck_assert_ptr_eq(arena_alloc(a, 39), p);
	ck_assert_ptr_ne(r = arena_alloc(a, 40), p);
	ck_assert_ptr_ne(r, q);
	arena_free(a, s);
	ck_assert_ptr_eq(arena_alloc(a, 41), s);
	arena_destroy(a);
}
END_TEST

START_TEST(test_spill_into_new_chunks)
{
	struct arena *a = arena_create(1u << 20);
	enum { N = 6000 };
	static void *p[N];
	size_t i, first;

	HOT((a) != NULL);
	first = arena_mapped_bytes(a);
	HOT((first) >= (1u << 20));
	/* ~6 MB of small and mid blocks: several chunks. */
	for (i = 0; i < N; i++) {
		size_t n = 200 + i % 1900;

		HOT((p[i] = arena_alloc(a, n)) != NULL);
		fill(p[i], n, (unsigned)i);
	}
	HOT((arena_mapped_bytes(a)) >= (first + (4u << 20)));
	for (i = 0; i < N; i++)
		HOT_MSG(
		    intact(p[i], 200 + i % 1900, (unsigned)i), "block %zu", i);
	/* A class bigger than what is left of a chunk starts a new one. */
	HOT((p[0] = arena_alloc(a, ARENA_LARGE)) != NULL);
	fill(p[0], ARENA_LARGE, 77);
	HOT(intact(p[0], ARENA_LARGE, 77));
	for (i = 1; i < N; i++)
		HOT(intact(p[i], 200 + i % 1900, (unsigned)i));
	/* Freezing is refused once past the first chunk. */
	errno = 0;
	HOT((arena_freeze(a)) == (-1));
	HOT((errno) == (EBUSY));
	HOT((arena_image_bytes(a)) == (0));
	arena_destroy(a);
}
END_TEST

/* The mapping a large block of n bytes takes (whole pages). */
static size_t
maplen(size_t n)
{
	return (arena_size_for(n) + 4095) & ~(size_t)4095;
}

START_TEST(test_large_blocks_unmapped_on_free)
{
	struct arena *a = arena_create(1u << 20);
	size_t base;
	void *p, *q, *r;

	ck_assert_ptr_nonnull(a);
	base = arena_mapped_bytes(a);
	ck_assert_ptr_nonnull(p = arena_alloc(a, 5u << 20));
	ck_assert_uint_ge(arena_mapped_bytes(a), base + (5u << 20));
	ck_assert_ptr_nonnull(q = arena_alloc(a, ARENA_LARGE + 1));
	fill(p, 5u << 20, 1);
	fill(q, ARENA_LARGE + 1, 2);
	/* The last large block freed stays mapped, as the spare... */
	arena_free(a, p);
	ck_assert(mapped_page(p));
	ck_assert(mapped_page((char *)p + (5u << 20) - 1));
	ck_assert(intact(q, ARENA_LARGE + 1, 2));
	/* ...until the next large block takes it, at its size. */
	ck_assert_ptr_nonnull(r = arena_alloc(a, 3u << 20));
	ck_assert_uint_eq(arena_usable(r), arena_size_for(3u << 20));
	ck_assert_uint_eq(arena_mapped_bytes(a),
	    base + maplen(ARENA_LARGE + 1) + maplen(3u << 20));
	fill(r, 3u << 20, 3);
	/* Growing a large block keeps its contents (mremap). */
	ck_assert_ptr_nonnull(q = arena_realloc(a, q, 4u << 20));
	ck_assert(intact(q, ARENA_LARGE + 1, 2));
	ck_assert_uint_eq(arena_usable(q), arena_size_for(4u << 20));
	ck_assert_uint_eq(
	    arena_mapped_bytes(a), base + maplen(3u << 20) + maplen(4u << 20));
	/* A second free unmaps the first spare. */
	arena_free(a, q);
	arena_free(a, r);
	ck_assert(!mapped_page(q));
	ck_assert(mapped_page(r));
	ck_assert_uint_eq(arena_mapped_bytes(a), base + maplen(3u << 20));
	/* A block past ARENA_SPARE_MAX (here made from the spare) is not
	 * kept when freed. */
	ck_assert_ptr_nonnull(p = arena_alloc(a, 40u << 20));
	arena_free(a, p);
	ck_assert(!mapped_page(p));
	ck_assert(!mapped_page(r));
	ck_assert_uint_eq(arena_mapped_bytes(a), base);
	arena_destroy(a);
}
END_TEST

/*
 * The spare is a cache: when the address space runs short (a child's
 * RLIMIT_AS), new chunks take its room instead of failing. Under ASan the
 * shadow's reservations make an address-space limit meaningless.
 */
START_TEST(test_spare_yields_to_a_short_address_space)
{
#if defined(__SANITIZE_ADDRESS__)
	return;
#else
	pid_t pid;
	int status;

	ck_assert_int_ge(pid = fork(), 0);
	if (pid == 0) {
		struct arena *a = arena_create(1u << 20);
		struct rlimit rl;
		unsigned long pages;
		FILE *f;
		void *p;
		int i;

		if (a == NULL || (p = arena_alloc(a, 24u << 20)) == NULL)
			_exit(2);
		fill(p, 24u << 20, 1);
		arena_free(a, p); /* the spare: 24 MiB still mapped */
		if ((f = fopen("/proc/self/statm", "r")) == NULL ||
		    fscanf(f, "%lu", &pages) != 1)
			_exit(3);
		fclose(f);
		rl.rlim_cur = rl.rlim_max =
		    pages * (unsigned long)sysconf(_SC_PAGESIZE) + (12u << 20);
		if (setrlimit(RLIMIT_AS, &rl) != 0)
			_exit(4);
		/* 20 MiB in small blocks: past the 12 MiB of room left. */
		for (i = 0; i < 320; i++)
			if (arena_alloc(a, 64u << 10) == NULL)
				_exit(1);
		_exit(0);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
#endif
}
END_TEST

START_TEST(test_freeze_busy)
{
	struct arena *a = arena_create(1u << 20);
	void *big;

	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(arena_image_bytes(a), 0);
	ck_assert_ptr_nonnull(big = arena_alloc(a, ARENA_LARGE + 1));
	errno = 0;
	ck_assert_int_eq(arena_freeze(a), -1);
	ck_assert_int_eq(errno, EBUSY);
	ck_assert_uint_eq(arena_image_bytes(a), 0);
	/* Gone again: freezing works. */
	arena_free(a, big);
	ck_assert_int_eq(arena_freeze(a), 0);
	ck_assert_uint_gt(arena_image_bytes(a), 0);
	ck_assert_uint_le(arena_image_bytes(a), 1u << 20);
	arena_destroy(a);
}
END_TEST

START_TEST(test_freeze_trims_the_reservation)
{
	/* The first chunk starts with the arena itself (arena_create). */
	struct arena *a = arena_create(8u << 20);
	size_t mapped;
	void *p, *q;

	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(arena_mapped_bytes(a), 8u << 20);
	ck_assert_ptr_nonnull(p = arena_alloc(a, 1000));
	fill(p, 1000, 1);
	ck_assert(mapped_page((char *)a + (8u << 20) - 1));
	ck_assert_int_eq(arena_freeze(a), 0);
	/* The untouched tail of the reservation is given back... */
	mapped = arena_mapped_bytes(a);
	ck_assert_uint_lt(mapped, 2u << 20);
	ck_assert_uint_ge(mapped, arena_image_bytes(a));
	ck_assert(!mapped_page((char *)a + (8u << 20) - 1));
	/* ...and what a run needs past what is left comes from new chunks. */
	ck_assert_ptr_nonnull(q = arena_alloc(a, 100));
	ck_assert(mapped_page(q));
	for (size_t i = 0; i < 4000; i++)
		HOT(arena_alloc(a, 2000) != NULL);
	ck_assert_uint_gt(arena_mapped_bytes(a), mapped + (4u << 20));
	ck_assert_int_eq(arena_reset(a), 0);
	ck_assert_uint_eq(arena_mapped_bytes(a), mapped);
	ck_assert(intact(p, 1000, 1));
	ck_assert_ptr_eq(arena_alloc(a, 100), q);
	arena_destroy(a);
}
END_TEST

/* Pages faulted in by one call, not one fault each (arena_populate,
 * arena_carve_populate): a large block's as it is handed out or grown;
 * carving's ahead of it past the first 512 KB of a fresh first chunk and
 * in every later chunk, never in a frozen first chunk. A block of 3000
 * bytes mostly ends on another page than its header (which the arena
 * writes): that page is in before anyone writes it. */
START_TEST(test_populated_ahead)
{
	struct arena *a = arena_create(4u << 20);
	char *p, *q;
	size_t i, off, checked = 0;

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(p = arena_alloc(a, 1000));
	ck_assert(!resident_page(p + (128u << 10)));
	for (i = 0; i < 300; i++) {
		HOT((q = arena_alloc(a, 3000)) != NULL);
		if ((size_t)(q - (char *)a) > (520u << 10)) {
			HOT(resident_page(q + 2999));
			checked++;
		}
	}
	ck_assert_uint_gt(checked, 50);
	ck_assert_ptr_nonnull(p = arena_alloc(a, 3u << 20));
	for (i = 0; i < (3u << 20); i += 4096)
		HOT(resident_page(p + i));
	ck_assert_ptr_nonnull(p = arena_realloc(a, p, 6u << 20));
	for (i = 0; i < (6u << 20); i += 4096)
		HOT(resident_page(p + i));
	arena_destroy(a);

	ck_assert_ptr_nonnull(a = arena_create(4u << 20));
	ck_assert_ptr_nonnull(arena_alloc(a, 1000));
	ck_assert_int_eq(arena_freeze(a), 0);
	ck_assert_ptr_nonnull(q = arena_alloc(a, 1000));
	ck_assert(!resident_page(q + (128u << 10)));
	/* past the frozen chunk's room, a new chunk */
	checked = 0;
	for (i = 0; i < 400; i++) {
		HOT((q = arena_alloc(a, 3000)) != NULL);
		off = (size_t)((uintptr_t)q - (uintptr_t)a);
		if (off >= (1u << 20)) {
			HOT(resident_page(q + 2999));
			checked++;
		}
	}
	ck_assert_uint_gt(checked, 50);
	arena_destroy(a);
}
END_TEST

START_TEST(test_reset_without_freeze)
{
	struct arena *a = arena_create(1u << 20);

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(arena_alloc(a, 10));
	errno = 0;
	ck_assert_int_eq(arena_reset(a), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_ptr_nonnull(arena_alloc(a, 10));
	arena_destroy(a);
}
END_TEST

/* A mixed allocation sequence (no frees): the addresses it got. */
static void
sequence(struct arena *a, void **out, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		size_t sz = i % 7 == 0 ? 24 : i * 53 % 2500 + 1;

		out[i] = arena_alloc(a, sz);
		HOT((out[i]) != NULL);
	}
}

enum { KEPT = 200, SEQ = 300 };

struct frozen {
	struct arena *a;
	void *kept[KEPT]; /* live at freeze, pattern i */
	void *freed[4]; /* freed before freeze: 24, 24, 1280, 64 */
	void *gone[4]; /* made by trample(): large, and in a chunk */
	size_t mapped, image;
};

static size_t
kept_size(size_t i)
{
	return i * 29 % 1500 + 1;
}

/* An arena with KEPT live blocks and a few freed ones, then frozen. */
static void
frozen_make(struct frozen *f)
{
	size_t i;

	HOT((f->a = arena_create(2u << 20)) != NULL);
	for (i = 0; i < KEPT; i++) {
		HOT((f->kept[i] = arena_alloc(f->a, kept_size(i))) != NULL);
		fill(f->kept[i], kept_size(i), (unsigned)i);
		if (i == 50) {
			/* Large blocks come and go before the freeze. */
			void *big = arena_alloc(f->a, 2u << 20);

			HOT((big) != NULL);
			arena_free(f->a, big);
		}
	}
	HOT((f->freed[0] = arena_alloc(f->a, 24)) != NULL);
	HOT((f->freed[1] = arena_alloc(f->a, 24)) != NULL);
	HOT((f->freed[2] = arena_alloc(f->a, 1100)) != NULL);
	HOT((f->freed[3] = arena_alloc(f->a, 64)) != NULL);
	arena_free(f->a, f->freed[0]);
	arena_free(f->a, f->freed[2]);
	arena_free(f->a, f->freed[1]);
	arena_free(f->a, f->freed[3]);
	HOT((arena_freeze(f->a)) == (0));
	f->mapped = arena_mapped_bytes(f->a);
	f->image = arena_image_bytes(f->a);
	HOT((f->image) > (0));
}

/* Everything a run may do to a heap: writes, frees, chunks, large blocks. */
static void
trample(struct frozen *f)
{
	static void *more[3000];
	size_t i;
	void *big[4];

	for (i = 0; i < KEPT; i++)
		memset(f->kept[i], 0xa5, kept_size(i));
	for (i = 0; i < KEPT; i += 3)
		arena_free(f->a, f->kept[i]);
	for (i = 1; i < KEPT; i += 3)
		HOT((f->kept[i] = arena_realloc(
			 f->a, f->kept[i], kept_size(i) * 3 + 5000)) != NULL);
	for (i = 0; i < 3000; i++) {
		HOT((more[i] = arena_alloc(f->a, i * 71 % 3000 + 1)) != NULL);
		memset(more[i], 0x5a, i * 71 % 3000 + 1);
	}
	for (i = 0; i < 3000; i += 2)
		arena_free(f->a, more[i]);
	for (i = 0; i < 4; i++) {
		HOT((big[i] = arena_alloc(f->a, (i + 1) << 20)) != NULL);
		memset(big[i], 0x33, (i + 1) << 20);
	}
	arena_free(f->a, big[1]);
	HOT(mapped_page(big[1])); /* the spare */
	HOT((big[2] = arena_realloc(f->a, big[2], 100)) != NULL);
	HOT(!mapped_page(big[1])); /* replaced by big[2]'s mapping */
	f->gone[0] = big[0];
	f->gone[1] = big[3];
	f->gone[2] = (char *)big[3] + (4u << 20) - 1;
	/* Past the first chunk: 3000 blocks of ~1.5 KB do not fit in 2 MB. */
	f->gone[3] = more[2999];
	for (i = 0; i < 4; i++)
		HOT(mapped_page(f->gone[i]));
	HOT((arena_mapped_bytes(f->a)) > (f->mapped + (4u << 20)));
	/* The stale pointers of a run are the run's business, not ours. */
}

/* The frozen state, checked after a reset. */
static void
frozen_check(struct frozen *f)
{
	size_t i;

	HOT((arena_mapped_bytes(f->a)) == (f->mapped));
	HOT((arena_image_bytes(f->a)) == (f->image));
	/* What trample() made past the first chunk is unmapped, not kept. */
	for (i = 0; i < 4; i++)
		HOT_MSG(f->gone[i] == NULL || !mapped_page(f->gone[i]),
		    "block %zu made after the freeze is still mapped", i);
	for (i = 0; i < KEPT; i++) {
		HOT_MSG(intact(f->kept[i], kept_size(i), (unsigned)i),
		    "kept block %zu changed", i);
		HOT(arena_usable(f->kept[i]) == arena_size_for(kept_size(i)));
	}
}

START_TEST(test_reset_restores_frozen_state)
{
	static struct frozen f;
	static void *after_freeze[SEQ], *after_reset[SEQ], *kept[KEPT];
	size_t i;

	frozen_make(&f);
	/* The pointers as frozen: trample moves some of ours. */
	memcpy(kept, f.kept, sizeof(kept));
	/* What the frozen heap hands out first: its free list, then new. */
	sequence(f.a, after_freeze, SEQ);
	HOT((after_freeze[0]) == (f.freed[1]));
	HOT((after_freeze[7]) == (f.freed[0]));
	trample(&f);
	HOT((arena_reset(f.a)) == (0));
	memcpy(f.kept, kept, sizeof(kept));
	frozen_check(&f);
	/* The same sequence gets the same addresses: it is the same heap. */
	sequence(f.a, after_reset, SEQ);
	for (i = 0; i < SEQ; i++)
		HOT_MSG(after_reset[i] == after_freeze[i],
		    "allocation %zu: "
		    "%p after reset, %p after freeze",
		    i, after_reset[i], after_freeze[i]);
	arena_destroy(f.a);
}
END_TEST

START_TEST(test_reset_brings_back_freed_blocks)
{
	static struct frozen f;
	void *p, *q;

	frozen_make(&f);
	/* LIFO as frozen: freed[1] was freed last of class 24. */
	ck_assert_ptr_eq(arena_alloc(f.a, 20), f.freed[1]);
	ck_assert_ptr_eq(arena_alloc(f.a, 17), f.freed[0]);
	ck_assert_ptr_eq(arena_alloc(f.a, 1100), f.freed[2]);
	ck_assert_ptr_eq(arena_alloc(f.a, 64), f.freed[3]);
	ck_assert_ptr_nonnull(p = arena_alloc(f.a, 24));
	ck_assert_int_eq(arena_reset(f.a), 0);
	/* The free lists are as frozen again, not as left. */
	ck_assert_ptr_eq(arena_alloc(f.a, 24), f.freed[1]);
	ck_assert_ptr_eq(arena_alloc(f.a, 24), f.freed[0]);
	ck_assert_ptr_eq(q = arena_alloc(f.a, 24), p);
	ck_assert_ptr_eq(arena_alloc(f.a, 1025), f.freed[2]);
	ck_assert_ptr_eq(arena_alloc(f.a, 57), f.freed[3]);
	/* A kept block freed after the freeze is kept again. */
	arena_free(f.a, f.kept[7]);
	ck_assert_int_eq(arena_reset(f.a), 0);
	ck_assert_ptr_ne(arena_alloc(f.a, kept_size(7)), f.kept[7]);
	ck_assert_int_eq(arena_reset(f.a), 0);
	frozen_check(&f);
	arena_destroy(f.a);
}
END_TEST

START_TEST(test_reset_twice_and_again)
{
	static struct frozen f;
	static void *first[SEQ], *later[SEQ];
	static void *kept[KEPT];
	int round;
	size_t i;

	frozen_make(&f);
	memcpy(kept, f.kept, sizeof(kept));
	sequence(f.a, first, SEQ);
	HOT((arena_reset(f.a)) == (0));
	HOT((arena_reset(f.a)) == (0));
	frozen_check(&f);
	for (round = 0; round < 5; round++) {
		sequence(f.a, later, SEQ);
		for (i = 0; i < SEQ; i++)
			HOT((later[i]) == (first[i]));
		trample(&f);
		HOT((arena_reset(f.a)) == (0));
		memcpy(f.kept, kept, sizeof(kept));
		frozen_check(&f);
	}
	/* A second freeze takes the state of now as the new image. */
	HOT((f.kept[0] = arena_realloc(f.a, f.kept[0], 3000)) != NULL);
	fill(f.kept[0], 3000, 999);
	HOT((arena_freeze(f.a)) == (0));
	HOT((arena_image_bytes(f.a)) >= (f.image));
	memset(f.kept[0], 0, 3000);
	HOT((arena_alloc(f.a, 5u << 20)) != NULL);
	HOT((arena_reset(f.a)) == (0));
	HOT(intact(f.kept[0], 3000, 999));
	HOT((arena_mapped_bytes(f.a)) == (f.mapped));
	arena_destroy(f.a);
}
END_TEST

/*
 * A reset writes only the pages that differ from the image: a page the run
 * left alone stays unwritten (shared with the zygote in a forked child),
 * here read-only, so a reset that wrote it would fault. A difference in a
 * page's last byte, or in the image's last byte, is still put back.
 */
START_TEST(test_reset_writes_only_changed_pages)
{
	static struct frozen f;
	const uintptr_t pg = 4096;
	uintptr_t base, ro, edge;
	unsigned char was_edge, was_last;
	char *last;
	size_t i, j = KEPT;

	frozen_make(&f);
	base = (uintptr_t)f.a;
	HOT(f.image > 6 * pg);
	/* A page well inside the image, after the arena's own bookkeeping. */
	ro = (base + f.image / 2) & ~(pg - 1);
	edge = ro + 2 * pg;
	HOT(edge + pg < base + f.image);
	/* A block the run writes, on neither of those pages. */
	for (i = 0; i < KEPT && j == KEPT; i++) {
		uintptr_t b = (uintptr_t)f.kept[i] & ~(pg - 1);
		uintptr_t e =
		    ((uintptr_t)f.kept[i] + kept_size(i) - 1) & ~(pg - 1);

		if (b > base && e < ro && kept_size(i) > 100)
			j = i;
	}
	HOT(j < KEPT);
	memset(f.kept[j], 0xa5, kept_size(j));
	HOT(arena_alloc(f.a, 100) != NULL);
	was_edge = *(unsigned char *)(edge + pg - 1);
	*(unsigned char *)(edge + pg - 1) ^= 0xff;
	last = (char *)base + f.image - 1;
	was_last = (unsigned char)*last;
	*last ^= 0x5a;
	HOT(mprotect((void *)ro, pg, PROT_READ) == 0);
	HOT((arena_reset(f.a)) == (0));
	HOT(mprotect((void *)ro, pg, PROT_READ | PROT_WRITE) == 0);
	HOT(*(unsigned char *)(edge + pg - 1) == was_edge);
	HOT((unsigned char)*last == was_last);
	frozen_check(&f);
	arena_destroy(f.a);
}
END_TEST

START_TEST(test_fork_child_resets_its_copy)
{
	static struct frozen f;
	size_t mapped, i;
	void *big;
	pid_t pid;
	int status;

	frozen_make(&f);
	/* The parent moves on from the frozen state before forking. */
	for (i = 0; i < KEPT; i++)
		fill(f.kept[i], kept_size(i), (unsigned)i + 1000);
	HOT((big = arena_alloc(f.a, 3u << 20)) != NULL);
	fill(big, 3u << 20, 5);
	mapped = arena_mapped_bytes(f.a);
	pid = fork();
	HOT((pid) >= (0));
	if (pid == 0) {
		int bad = 0;

		if (arena_reset(f.a) != 0)
			_exit(10);
		if (arena_mapped_bytes(f.a) != f.mapped || mapped_page(big))
			_exit(11);
		for (i = 0; i < KEPT; i++)
			if (!intact(f.kept[i], kept_size(i), (unsigned)i))
				bad = 1;
		if (bad)
			_exit(12);
		/* Scribble over the child's copy: not the parent's business. */
		for (i = 0; i < KEPT; i++)
			memset(f.kept[i], 0, kept_size(i));
		if (arena_alloc(f.a, 7u << 20) == NULL)
			_exit(13);
		arena_destroy(f.a);
		_exit(0);
	}
	HOT((waitpid(pid, &status, 0)) == (pid));
	HOT(WIFEXITED(status));
	HOT((WEXITSTATUS(status)) == (0));
	/* The parent's heap is as it left it, large block included. */
	HOT((arena_mapped_bytes(f.a)) == (mapped));
	HOT(intact(big, 3u << 20, 5));
	for (i = 0; i < KEPT; i++)
		HOT(intact(f.kept[i], kept_size(i), (unsigned)i + 1000));
	/* ...and can still reset itself. */
	HOT((arena_reset(f.a)) == (0));
	frozen_check(&f);
	arena_destroy(f.a);
}
END_TEST

/* Page faults this process has taken (as the arena counts them). */
static long
fault_count(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return -1;
	return ru.ru_minflt + ru.ru_majflt;
}

/* Takes one page fault, outside the arena. */
static void
fault_once(void)
{
	char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		_exit(30);
	p[0] = 1;
	munmap(p, 4096);
}

/*
 * In a tracked child whose page map can no longer be read: after a page
 * fault (outside the arena), the next reset looks at the map, cannot read
 * it, and compares every page.
 */
static int
unread_map_compares_all(struct arena *a, size_t pages)
{
	fault_once();
	return arena_reset(a) == 0 && arena_reset_compared(a) == pages &&
	    arena_reset_owned(a) == 0;
}

/* The tracked child `pid` exited 0; the parent's heap goes. */
static void
tracked_child_done(pid_t pid, struct frozen *f)
{
	int status;

	HOT((waitpid(pid, &status, 0)) == (pid));
	HOT(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	arena_destroy(f->a);
}

/*
 * A forked child given its page map compares only the pages it made its
 * own: after one full reset (which puts back what the parent changed
 * after its freeze, on pages the child still shares), a reset reads the
 * written pages and skips the shared ones.
 */
START_TEST(test_tracked_child_compares_only_its_pages)
{
	static struct frozen f;
	static void *kept[KEPT];
	size_t pages, k = KEPT / 2, j = 3;
	pid_t pid;

	frozen_make(&f);
	pages = (f.image + 4095) / 4096;
	/* The parent moves on: a page the child shares differs from the
	 * image. */
	fill(f.kept[k], kept_size(k), (unsigned)k + 1000);
	pid = fork();
	HOT((pid) >= (0));
	if (pid == 0) {
		int fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
		size_t i;

		if (fd < 0 || arena_track_pages(f.a, fd) != 0)
			_exit(10);
		/* The first reset compares it all and takes the parent's
		 * change back. */
		if (arena_reset(f.a) != 0 ||
		    arena_reset_compared(f.a) != pages ||
		    arena_reset_owned(f.a) != 0)
			_exit(11);
		if (!intact(f.kept[k], kept_size(k), (unsigned)k))
			_exit(12);
		for (i = 0; i < 3; i++) {
			memset(f.kept[j], 0xa5, kept_size(j));
			if (arena_alloc(f.a, 5000) == NULL)
				_exit(13);
			if (arena_reset(f.a) != 0)
				_exit(14);
			/* The written pages and the one put back before, not
			 * the shared rest. */
			if (arena_reset_compared(f.a) < 2 ||
			    arena_reset_compared(f.a) > pages / 4)
				_exit(15);
			/* Each of them by the map: the child's own. */
			if (arena_reset_owned(f.a) != arena_reset_compared(f.a))
				_exit(20);
			if (!intact(f.kept[j], kept_size(j), (unsigned)j) ||
			    !intact(f.kept[k], kept_size(k), (unsigned)k))
				_exit(16);
		}
		/* Everything a run may do, then exactly the frozen heap. */
		memcpy(kept, f.kept, sizeof(kept));
		trample(&f);
		memcpy(f.kept, kept, sizeof(kept));
		if (arena_reset(f.a) != 0 ||
		    arena_mapped_bytes(f.a) != f.mapped)
			_exit(17);
		for (i = 0; i < KEPT; i++)
			if (!intact(f.kept[i], kept_size(i), (unsigned)i))
				_exit(18);
		/* A map that cannot be read (looked at after a fault): every
		 * page compared again. */
		close(fd);
		_exit(unread_map_compares_all(f.a, pages) ? 0 : 19);
	}
	tracked_child_done(pid, &f);
}
END_TEST

/*
 * While the process takes no page fault, a reset keeps the last reading
 * of the map: a shared page becomes ours only by a write fault. A write
 * to a shared page (a fault) makes the next reset read the map again.
 */
START_TEST(test_tracked_child_reads_its_map_after_a_fault)
{
	static struct frozen f;
	size_t pages, j = 3, m = KEPT - 7, owned;
	long faults;
	int quiet;
	pid_t pid;

	frozen_make(&f);
	pages = (f.image + 4095) / 4096;
	pid = fork();
	HOT((pid) >= (0));
	if (pid == 0) {
		int fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
		int i;

		if (fd < 0 || arena_track_pages(f.a, fd) != 0 ||
		    arena_reset(f.a) != 0)
			_exit(10);
		/* Runs on pages already ours: the map read once more, then
		 * known. */
		for (i = 0; i < 4; i++) {
			memset(f.kept[j], 0xa5, kept_size(j));
			if (arena_reset(f.a) != 0)
				_exit(11);
		}
		owned = arena_reset_owned(f.a);
		if (owned < 1 || owned > pages / 4)
			_exit(12);
		/* A shared page written: the fault makes it ours, and the
		 * reset reads the map to find it and put it back. */
		memset(f.kept[m], 0x5a, kept_size(m));
		if (arena_reset(f.a) != 0)
			_exit(13);
		if (!intact(f.kept[m], kept_size(m), (unsigned)m))
			_exit(14);
		if (arena_reset_owned(f.a) <= owned)
			_exit(15);
		owned = arena_reset_owned(f.a);
		if (arena_reset(f.a) != 0)
			_exit(16);
		faults = fault_count();
		/* No fault since: the last reading stands, unread. A fault
		 * the kernel gave meanwhile (reclaim, compaction, a busy
		 * machine) makes the reset compare every page instead, as
		 * it must: only the pages' contents are asked then. */
		close(fd);
		memset(f.kept[j], 0xa5, kept_size(j));
		memset(f.kept[m], 0x5a, kept_size(m));
		quiet = fault_count() == faults;
		if (arena_reset(f.a) != 0 ||
		    (quiet && arena_reset_compared(f.a) != owned) ||
		    (quiet && arena_reset_owned(f.a) != owned) ||
		    !intact(f.kept[j], kept_size(j), (unsigned)j) ||
		    !intact(f.kept[m], kept_size(m), (unsigned)m))
			_exit(17);
		/* A fault anywhere, and the map cannot be read: every page
		 * compared. */
		_exit(unread_map_compares_all(f.a, pages) ? 0 : 18);
	}
	tracked_child_done(pid, &f);
}
END_TEST

/* Seeded stress: a shadow of every live block's size and pattern. */
struct live {
	void *p;
	size_t n;
	unsigned seed;
};

static uint64_t stress_rng;

static uint32_t
stress_next(void)
{
	stress_rng ^= stress_rng << 13;
	stress_rng ^= stress_rng >> 7;
	stress_rng ^= stress_rng << 17;
	return (uint32_t)(stress_rng >> 16);
}

static size_t
stress_size(int allow_large)
{
	uint32_t r = stress_next() % 100;

	if (r < 65)
		return stress_next() % 128;
	if (r < 95)
		return stress_next() % 1500;
	if (r < 99 || !allow_large)
		return stress_next() % 20000;
	return ARENA_LARGE - 2000 + stress_next() % 300000;
}

/* ops random operations on a table of nslot blocks. */
static void
stress_run(struct arena *a, struct live *t, size_t nslot, int ops,
    int allow_large, unsigned *seed)
{
	int k;

	for (k = 0; k < ops; k++) {
		struct live *l = &t[stress_next() % nslot];
		size_t n = stress_size(allow_large);
		uint32_t op = stress_next() % 3;

		if (l->p == NULL) {
			HOT((l->p = arena_alloc(a, n)) != NULL);
			HOT(((uintptr_t)l->p % 8) == (0));
			l->n = n;
			l->seed = ++*seed;
			fill(l->p, n, l->seed);
		} else if (op == 0) {
			HOT_MSG(intact(l->p, l->n, l->seed), "op %d", k);
			arena_free(a, l->p);
			l->p = NULL;
		} else {
			HOT_MSG(intact(l->p, l->n, l->seed), "op %d", k);
			HOT((l->p = arena_realloc(a, l->p, n)) != NULL);
			HOT(((uintptr_t)l->p % 8) == (0));
			HOT_MSG(intact(l->p, l->n < n ? l->n : n, l->seed),
			    "op %d: realloc %zu -> %zu", k, l->n, n);
			l->n = n;
			l->seed = ++*seed;
			fill(l->p, n, l->seed);
		}
	}
}

static void
stress_verify(const struct live *t, size_t nslot)
{
	size_t i, j;

	for (i = 0; i < nslot; i++) {
		if (t[i].p == NULL)
			continue;
		HOT_MSG(intact(t[i].p, t[i].n, t[i].seed), "slot %zu", i);
		HOT((arena_usable(t[i].p)) >= (t[i].n));
	}
	/* No two live blocks overlap. */
	for (i = 0; i < nslot; i++)
		for (j = i + 1; j < nslot && t[i].p != NULL; j++) {
			uintptr_t a0 = (uintptr_t)t[i].p;
			uintptr_t b0 = (uintptr_t)t[j].p;

			if (t[j].p == NULL)
				continue;
			HOT(a0 + arena_usable(t[i].p) <= b0 ||
			    b0 + arena_usable(t[j].p) <= a0);
		}
}

START_TEST(test_stress_with_reset)
{
	enum { NSLOT = 400 };
	static struct live t[NSLOT], frozen_t[NSLOT];
	struct arena *a = arena_create(4u << 20);
	unsigned seed = 0;
	size_t mapped;
	int round;

	ck_assert_ptr_nonnull(a);
	stress_rng = 0x9e3779b97f4a7c15ull;
	/* Before the freeze: small work only, so all of it is in chunk one. */
	stress_run(a, t, NSLOT, 3000, 0, &seed);
	stress_verify(t, NSLOT);
	ck_assert_int_eq(arena_freeze(a), 0);
	mapped = arena_mapped_bytes(a);
	memcpy(frozen_t, t, sizeof(t));
	for (round = 0; round < 3; round++) {
		stress_run(a, t, NSLOT, 6000, 1, &seed);
		stress_verify(t, NSLOT);
		ck_assert_int_eq(arena_reset(a), 0);
		ck_assert_uint_eq(arena_mapped_bytes(a), mapped);
		memcpy(t, frozen_t, sizeof(t));
		stress_verify(t, NSLOT);
	}
	arena_destroy(a);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("arena");
	TCase *tc = tcase_create("arena");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_class_sizes);
	tcase_add_test(tc, test_size_for_near_size_max);
	tcase_add_test(tc, test_usable_matches_size_for);
	tcase_add_test(tc, test_alignment);
	tcase_add_test(tc, test_realloc_keeps_contents);
	tcase_add_test(tc, test_realloc_refused_keeps_block);
	tcase_add_test(tc, test_free_reuses_the_block);
	tcase_add_test(tc, test_spill_into_new_chunks);
	tcase_add_test(tc, test_large_blocks_unmapped_on_free);
	tcase_add_test(tc, test_spare_yields_to_a_short_address_space);
	tcase_add_test(tc, test_freeze_busy);
	tcase_add_test(tc, test_reset_writes_only_changed_pages);
	tcase_add_test(tc, test_freeze_trims_the_reservation);
	tcase_add_test(tc, test_reset_without_freeze);
	tcase_add_test(tc, test_reset_restores_frozen_state);
	tcase_add_test(tc, test_reset_brings_back_freed_blocks);
	tcase_add_test(tc, test_reset_twice_and_again);
	tcase_add_test(tc, test_fork_child_resets_its_copy);
	tcase_add_test(tc, test_tracked_child_compares_only_its_pages);
	tcase_add_test(tc, test_tracked_child_reads_its_map_after_a_fault);
	tcase_add_test(tc, test_stress_with_reset);
	tcase_add_test(tc, test_populated_ahead);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
