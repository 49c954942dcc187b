/*
 * A resettable heap: size classes in chunks, large blocks mapped alone,
 * and an image of the first chunk to go back to (arena.h).
 */
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/types.h>

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena.h"

/* Duktape needs no more than a double's alignment; fewer lines per object. */
#define ARENA_ALIGN 8
#define ARENA_HEADER 8
/* Classes: 8-byte steps to 1 KB, then four steps per power of two. */
#define ARENA_SMALL_MAX 1024
#define ARENA_NSMALL (ARENA_SMALL_MAX / ARENA_ALIGN) /* 128 */
#define ARENA_NCLASS (ARENA_NSMALL + 4 * 8) /* 1 KB < size <= 256 KB */
#define ARENA_CHUNK_MIN (1u << 20)
/* Room a frozen first chunk keeps past its image, for a run's blocks. */
#define ARENA_FREEZE_SLACK (512u << 10)
/* Carving faults in this much of a chunk ahead at a time. */
#define ARENA_POPULATE_STEP (256u << 10)
/* Marks a block in a mapping of its own (the header's class). */
#define ARENA_CLASS_LARGE 0xffffffffu
/* What a reset compares at a time: a page, the unit of copy-on-write. */
#define ARENA_PAGE 4096u

/* Precedes every block. */
struct arena_header {
	uint32_t class;
	uint32_t size; /* what the block holds (large: see its map) */
};

/* The start of every chunk but the first, and of every large block. */
struct arena_map {
	struct arena_map *next, *prev;
	size_t len; /* of the whole mapping */
	size_t pad;
};

struct arena {
	char *cur, *end; /* the free tail of the chunk being carved */
	size_t first_len; /* the first chunk, which starts with us */
	struct arena_map *chunks; /* chunks after the first */
	struct arena_map *large; /* large blocks */
	struct arena_map *spare; /* the last large block freed, kept mapped */
	size_t mapped;
	void *free_list[ARENA_NCLASS];
	char *image; /* a copy of [first chunk, image_len) */
	size_t image_len;
	/*
	 * This process's /proc/self/pagemap (-1: none) and whether a reset
	 * has compared every page since it was given (arena_track_pages).
	 * Kept across a reset, which copies the image's values over them.
	 */
	int pagemap_fd;
	int pagemap_checked;
	size_t compared; /* pages the last reset compared */
	/* Of them, those the page map said are ours (0: it was not read). */
	size_t owned;
	/*
	 * The page map as the last reset knew it: a bit for each page of the
	 * image it compared, and this process's page faults after it (-1: the
	 * bits say nothing). NULL without tracking. Kept across a reset.
	 */
	uint64_t *pm_bits;
	long pm_faults;
	char *populated; /* carving is faulted in up to here (arena_carve) */
};

static size_t
arena_round(size_t n, size_t to)
{
	return (n + to - 1) & ~(to - 1);
}

/* The class of a request of 1..ARENA_LARGE bytes. */
static unsigned
arena_class(size_t size)
{
	unsigned e;
	size_t step;

	if (size <= ARENA_SMALL_MAX)
		return (unsigned)((size + ARENA_ALIGN - 1) / ARENA_ALIGN) - 1;
	/* 2^e < size <= 2^(e+1), in four steps of 2^(e-2). */
	e = 63 - (unsigned)__builtin_clzll((unsigned long long)(size - 1));
	step = (size_t)1 << (e - 2);
	return ARENA_NSMALL + (e - 10) * 4 +
	    (unsigned)((size - ((size_t)1 << e) + step - 1) / step) - 1;
}

static size_t
arena_class_size(unsigned class)
{
	unsigned e, k;

	if (class < ARENA_NSMALL)
		return (size_t)(class + 1) * ARENA_ALIGN;
	e = 10 + (class - ARENA_NSMALL) / 4;
	k = (class - ARENA_NSMALL) % 4 + 1;
	return ((size_t)1 << e) + k * ((size_t)1 << (e - 2));
}

static struct arena_header *
arena_header_of(const void *p)
{
	return (struct arena_header *)((uintptr_t)p - ARENA_HEADER);
}

size_t
arena_size_for(size_t size)
{
	size_t over = sizeof(struct arena_map) + ARENA_HEADER;

	if (size == 0)
		size = 1;
	if (size > SIZE_MAX / 2) /* no such block: more than any limit */
		return SIZE_MAX;
	if (size > ARENA_LARGE)
		return arena_round(size + over, 4096) - over;
	return arena_class_size(arena_class(size));
}

size_t
arena_usable(const void *p)
{
	const struct arena_header *h = arena_header_of(p);
	const struct arena_map *m = (const struct arena_map *)h - 1;

	if (h->class == ARENA_CLASS_LARGE)
		return m->len - sizeof(*m) - ARENA_HEADER;
	return h->size;
}

static void *
arena_map(size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* A mapping of len bytes; when the address space is short (the child's
 * RLIMIT_AS), the spare is given back first: it is a cache, not a block. */
static void *
arena_map_room(struct arena *a, size_t len)
{
	void *p;

	if ((p = arena_map(len)) == NULL && a->spare != NULL) {
		a->mapped -= a->spare->len;
		munmap(a->spare, a->spare->len);
		a->spare = NULL;
		p = arena_map(len);
	}
	return p;
}

static void
arena_link(struct arena_map **head, struct arena_map *m)
{
	m->prev = NULL;
	m->next = *head;
	if (*head != NULL)
		(*head)->prev = m;
	*head = m;
}

static void
arena_unlink(struct arena_map **head, struct arena_map *m)
{
	if (m->prev != NULL)
		m->prev->next = m->next;
	else
		*head = m->next;
	if (m->next != NULL)
		m->next->prev = m->prev;
}

/* Unmaps every mapping of a list (chunks or large blocks). */
static void
arena_unmap_list(struct arena_map *m)
{
	struct arena_map *next;

	for (; m != NULL; m = next) {
		next = m->next;
		munmap(m, m->len);
	}
}

struct arena *
arena_create(size_t reserve)
{
	struct arena *a;

	reserve = arena_round(
	    reserve < ARENA_CHUNK_MIN ? ARENA_CHUNK_MIN : reserve, 4096);
	if ((a = arena_map(reserve)) == NULL)
		return NULL;
	memset(a, 0, sizeof(*a));
	a->pagemap_fd = -1;
	a->pm_faults = -1;
	a->first_len = reserve;
	/*
	 * Carving starts on a 16-byte line whatever this struct's size, as
	 * it does in every later chunk (after its arena_map). Every block of
	 * the heap shifts with it, and with them which hot values straddle
	 * a cache line: shifted 8 bytes by one more field here, make
	 * bench-peers' sort took 104 ms instead of 65.
	 */
	a->cur = (char *)a + arena_round(sizeof(*a), 16);
	a->end = (char *)a + reserve;
	a->populated = (char *)a + ARENA_FREEZE_SLACK;
	a->mapped = reserve;
	return a;
}

void
arena_destroy(struct arena *a)
{
	if (a == NULL)
		return;
	arena_unmap_list(a->large);
	arena_unmap_list(a->chunks);
	if (a->spare != NULL)
		munmap(a->spare, a->spare->len);
	if (a->image != NULL)
		munmap(a->image, arena_round(a->image_len, 4096));
	free(a->pm_bits);
	munmap(a, a->first_len);
}

/*
 * The pages of a large block's mapping from byte `from` to its end, faulted
 * in by one call: Duktape writes every byte of a large block at once (a
 * value array's slots, a buffer zeroed or copied into), and a fault per
 * page costs ~5 us under a paravirtualized guest's exits, a sixth of a
 * JSON round trip of 1.2 MB. Only a hint: on a kernel without
 * MADV_POPULATE_WRITE, or short of memory, the pages fault one by one as
 * before.
 */
static void
arena_populate(struct arena_map *m, size_t from)
{
	if (from < m->len)
		(void)madvise(
		    (char *)m + from, m->len - from, MADV_POPULATE_WRITE);
}

/* A block in its own mapping. */
static void *
arena_alloc_large(struct arena *a, size_t size)
{
	size_t had = 0;
	size_t len =
	    arena_round(size + sizeof(struct arena_map) + ARENA_HEADER, 4096);
	struct arena_map *m;
	struct arena_header *h;

	if (size > SIZE_MAX / 2) {
		errno = ENOMEM;
		return NULL;
	}
	if ((m = a->spare) != NULL) {
		/* Its pages are in already: only a longer tail faults. */
		a->spare = NULL;
		if (m->len != len) {
			void *n = mremap(m, m->len, len, MREMAP_MAYMOVE);

			if (n == MAP_FAILED) {
				a->mapped -= m->len;
				munmap(m, m->len);
				m = NULL;
			} else {
				m = n; /* its len is still the old one */
				a->mapped = a->mapped - m->len + len;
				had = m->len;
			}
		} else {
			had = len;
		}
	}
	if (m == NULL) {
		if ((m = arena_map_room(a, len)) == NULL) {
			errno = ENOMEM;
			return NULL;
		}
		a->mapped += len;
	}
	m->len = len;
	arena_populate(m, had);
	arena_link(&a->large, m);
	h = (struct arena_header *)(m + 1);
	h->class = ARENA_CLASS_LARGE;
	h->size = 0;
	return h + 1;
}

/*
 * Carving past `populated` faults in the next ARENA_POPULATE_STEP bytes of
 * the chunk by one call (arena_populate says why). The first chunk starts
 * doing so only ARENA_FREEZE_SLACK in (a frozen one ends there: a staying
 * child's trivial run never populates a page it would not write), a later
 * chunk from its start: only a run that allocates megabytes gets there.
 */
static void
arena_carve_populate(struct arena *a, size_t need)
{
	char *from = a->cur > a->populated ? a->cur : a->populated;
	size_t room = (size_t)(a->end - a->cur), step;

	/* madvise takes whole pages; the part already in costs nothing */
	from = (char *)((uintptr_t)from & ~(uintptr_t)(ARENA_PAGE - 1));
	step = need + ARENA_POPULATE_STEP;
	if (step > room)
		step = room;
	a->populated =
	    (char *)arena_round((uintptr_t)a->cur + step, ARENA_PAGE);
	if (a->populated > a->end)
		a->populated = a->end;
	if (from < a->populated)
		(void)madvise(
		    from, (size_t)(a->populated - from), MADV_POPULATE_WRITE);
}

/* Moves carving to a new chunk able to hold `need` bytes. */
static int
arena_grow(struct arena *a, size_t need)
{
	size_t len = arena_round(need + sizeof(struct arena_map), 4096);
	struct arena_map *m;

	if (len < ARENA_CHUNK_MIN)
		len = ARENA_CHUNK_MIN;
	if ((m = arena_map_room(a, len)) == NULL)
		return -1;
	m->len = len;
	arena_link(&a->chunks, m);
	a->mapped += len;
	a->cur = (char *)(m + 1);
	a->end = (char *)m + len;
	a->populated = a->cur;
	return 0;
}

void *
arena_alloc(struct arena *a, size_t size)
{
	struct arena_header *h;
	unsigned class;
	size_t need;
	void *p;

	if (size == 0)
		size = 1;
	if (size > ARENA_LARGE)
		return arena_alloc_large(a, size);
	class = arena_class(size);
	if ((p = a->free_list[class]) != NULL) {
		a->free_list[class] = *(void **)p;
		return p;
	}
	need = ARENA_HEADER + arena_class_size(class);
	if ((size_t)(a->end - a->cur) < need && arena_grow(a, need) != 0) {
		errno = ENOMEM;
		return NULL;
	}
	if (a->cur + need > a->populated)
		arena_carve_populate(a, need);
	h = (struct arena_header *)a->cur;
	a->cur += need;
	h->class = class;
	h->size = (uint32_t)arena_class_size(class);
	return h + 1;
}

void
arena_free(struct arena *a, void *p)
{
	struct arena_header *h;
	struct arena_map *m;

	if (p == NULL)
		return;
	h = arena_header_of(p);
	if (h->class == ARENA_CLASS_LARGE) {
		m = (struct arena_map *)h - 1;
		arena_unlink(&a->large, m);
		/* Kept for the next large block: a growing array's part is
		 * allocated anew, copied and freed at each step, and a new
		 * mapping each time faulted in every page again. */
		if (a->spare != NULL) {
			a->mapped -= a->spare->len;
			munmap(a->spare, a->spare->len);
			a->spare = NULL;
		}
		if (m->len > ARENA_SPARE_MAX) {
			a->mapped -= m->len;
			munmap(m, m->len);
			return;
		}
		a->spare = m;
		return;
	}
	*(void **)p = a->free_list[h->class];
	a->free_list[h->class] = p;
}

/*
 * A large block to another large size: the kernel moves the pages
 * (mremap), so neither the copy nor a fault per page of the new block is
 * paid, only the faults of the added tail. An array or a value stack
 * growing a step at a time past ARENA_LARGE otherwise copied its whole
 * contents into fresh pages at every step (100k elements: ~3,300 page
 * faults and a third of the run's time).
 */
static void *
arena_remap(struct arena *a, void *p, size_t size)
{
	struct arena_map *m = (struct arena_map *)arena_header_of(p) - 1, *n;
	size_t had,
	    len = arena_round(
		size + sizeof(struct arena_map) + ARENA_HEADER, 4096);

	if (size > SIZE_MAX / 2) {
		errno = ENOMEM;
		return NULL;
	}
	arena_unlink(&a->large, m);
	n = mremap(m, m->len, len, MREMAP_MAYMOVE);
	if (n == MAP_FAILED) {
		arena_link(&a->large, m);
		errno = ENOMEM;
		return NULL;
	}
	a->mapped = a->mapped - n->len + len;
	had = n->len;
	n->len = len;
	arena_populate(n, had);
	arena_link(&a->large, n);
	return (struct arena_header *)(n + 1) + 1;
}

void *
arena_realloc(struct arena *a, void *p, size_t size)
{
	size_t have;
	void *q;

	if (p == NULL)
		return arena_alloc(a, size);
	have = arena_usable(p);
	if (size == 0)
		size = 1;
	/* Same class, or a large block that fits and is not mostly empty. */
	if (arena_size_for(size) == have ||
	    (size > ARENA_LARGE && size <= have && size > have / 2))
		return p;
	if (arena_header_of(p)->class == ARENA_CLASS_LARGE &&
	    size > ARENA_LARGE)
		return arena_remap(a, p, size);
	if ((q = arena_alloc(a, size)) == NULL)
		return NULL;
	memcpy(q, p, have < size ? have : size);
	arena_free(a, p);
	return q;
}

int
arena_freeze(struct arena *a)
{
	size_t len = (size_t)(a->cur - (char *)a);
	size_t keep = arena_round(len + ARENA_FREEZE_SLACK, 4096);

	if (a->chunks != NULL || a->large != NULL) {
		errno = EBUSY;
		return -1;
	}
	if (a->spare != NULL) {
		a->mapped -= a->spare->len;
		munmap(a->spare, a->spare->len);
		a->spare = NULL;
	}
	if (a->image != NULL)
		munmap(a->image, arena_round(a->image_len, 4096));
	a->image = NULL;
	/* The map's answer was about the old image's pages. */
	free(a->pm_bits);
	a->pm_bits = NULL;
	a->pm_faults = -1;
	/* The reservation's untouched tail goes: a child warms what is left. */
	if (keep < a->first_len) {
		munmap((char *)a + keep, a->first_len - keep);
		a->mapped -= a->first_len - keep;
		a->first_len = keep;
		a->end = (char *)a + keep;
	}
	/* A frozen first chunk is never populated ahead (arena_carve_populate):
	 * its tail is a staying child's, and a trivial run writes little. */
	a->populated = a->end;
	if ((a->image = arena_map(arena_round(len, 4096))) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	a->image_len = len;
	memcpy(a->image, a, len);
	/* Read-only: children share it with the zygote; nothing warms it. */
	mprotect(a->image, arena_round(len, 4096), PROT_READ);
	return 0;
}

/* The bits of a /proc/<pid>/pagemap entry a reset reads. */
#define ARENA_PM_PRESENT (1ull << 63)
#define ARENA_PM_EXCLUSIVE (1ull << 56)
/* Entries read at a time: one page of them. */
#define ARENA_PM_BATCH 512
#ifndef PR_GET_MEMORY_MERGE
#define PR_GET_MEMORY_MERGE 68
#endif

/* Minor and major page faults this process has taken; -1 unknown. */
static long
arena_faults(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return -1;
	return ru.ru_minflt + ru.ru_majflt;
}

/*
 * Copies back the pages of the image that differ from it, and only those.
 * A run writes a small part of the heap (a trivial one about 60 of its 460
 * pages); the rest still holds what the image holds. A page left unwritten
 * stays shared with the zygote the child was forked from, instead of being
 * made the child's own by a copy of identical bytes: an idle staying child
 * holds a megabyte less of its own, its first reset takes no copy-on-write
 * fault on those pages (tens of microseconds each on a virtual machine with
 * shadow paging), and a reset stores a few hundred kilobytes instead of the
 * whole image. With many children taking turns on few CPUs, each child's
 * pages leave the caches before its next turn, and those stores were what
 * every run paid for.
 *
 * Comparing every page still read both sides of the whole image (3.7 MB
 * for a trivial run's 60 changed pages): a fifth of all the CPU a trivial
 * run cost its three processes. Given the page map (arena_track_pages),
 * a page the kernel reports present and not exclusively ours is skipped:
 * it is still the very page the child was forked with, since a write to a
 * page mapped by two processes copies it first (copy-on-write) and the
 * copy is ours alone, and a page of ours is never shared again by a
 * process that cannot fork (the sandbox) and has no memory merging
 * (arena_track_pages checks). The first reset after the page map is given
 * compares every page, so a page the parent changed after its freeze is
 * put back once, becoming ours; after it every shared page is known equal
 * to the image. A page map that cannot be read falls back to comparing.
 *
 * Reading the map costs as much as comparing a hundred pages (the kernel
 * walks every entry), and after a few runs it says the same each time: a
 * shared page becomes ours only through a write fault, and a run on
 * pages it already owns takes none. So while the process has taken no
 * page fault since the last reset, that reset's answer stands.
 */
static void
arena_restore(struct arena *a, char *dst, const char *src, size_t len)
{
	uint64_t pm[ARENA_PM_BATCH], *bits = a->pm_bits;
	size_t off, n, page, base = 0, got = 0, compared = 0;
	/* Read before the first page, the arena's own header, is put back. */
	int fd = a->pagemap_fd, use = fd >= 0 && a->pagemap_checked;
	long faults = use && bits != NULL ? arena_faults() : -1;
	int known = faults >= 0 && faults == a->pm_faults;
	ssize_t r;

	for (off = 0, page = 0; off < len; off += n, page++) {
		n = len - off < ARENA_PAGE ? len - off : ARENA_PAGE;
		if (known) {
			if (!(bits[page / 64] & (1ull << (page % 64))))
				continue;
		} else if (use) {
			if (page >= base + got) {
				base = page;
				r = pread(fd, pm, sizeof(pm),
				    (off_t)(((uintptr_t)dst / ARENA_PAGE +
						page) *
					sizeof(*pm)));
				if (r < (ssize_t)sizeof(*pm)) {
					use = 0;
					faults = -1;
				} else
					got = (size_t)r / sizeof(*pm);
			}
			if (use && (pm[page - base] & ARENA_PM_PRESENT) &&
			    !(pm[page - base] & ARENA_PM_EXCLUSIVE)) {
				if (bits != NULL)
					bits[page / 64] &=
					    ~(1ull << (page % 64));
				continue;
			}
			if (bits != NULL)
				bits[page / 64] |= 1ull << (page % 64);
		}
		compared++;
		if (memcmp(dst + off, src + off, n) != 0)
			memcpy(dst + off, src + off, n);
	}
	a->compared = compared;
	a->owned = use ? compared : 0;
	a->pm_bits = bits;
	/* Counted before the restore: should it fault (a page not present),
	 * the next reset reads the map again. */
	a->pm_faults = faults;
}

int
arena_reset(struct arena *a)
{
	int fd = a->pagemap_fd;

	if (a->image == NULL) {
		errno = EINVAL;
		return -1;
	}
	arena_unmap_list(a->large);
	arena_unmap_list(a->chunks);
	if (a->spare != NULL)
		munmap(a->spare, a->spare->len);
	/* The image's own bookkeeping says: no chunks, no large blocks. */
	arena_restore(a, (char *)a, a->image, a->image_len);
	a->pagemap_fd = fd;
	a->pagemap_checked = fd >= 0;
	return 0;
}

int
arena_track_pages(struct arena *a, int pagemap_fd)
{
	int merge = prctl(PR_GET_MEMORY_MERGE, 0, 0, 0, 0);

	/*
	 * Memory merging (KSM, a service manager's MemoryKSM=) may share a
	 * page of ours again with another identical one: shared would no
	 * longer mean unwritten. A kernel without the question has no
	 * process-wide merging, and nothing here asks for it per mapping.
	 */
	if (merge > 0 || (merge < 0 && errno != EINVAL)) {
		errno = EPERM;
		return -1;
	}
	a->pagemap_fd = pagemap_fd;
	a->pagemap_checked = 0;
	a->pm_faults = -1;
	free(a->pm_bits);
	a->pm_bits = NULL;
	/*
	 * The map's answer is kept only where a page cannot become ours
	 * without a fault: a huge page collapsed from shared ones would be.
	 * A kernel without huge pages refuses the advice (EINVAL).
	 */
	if (pagemap_fd >= 0 && a->image != NULL &&
	    (madvise(a, a->first_len, MADV_NOHUGEPAGE) == 0 || errno == EINVAL))
		a->pm_bits = calloc(
		    (arena_image_pages(a) + 63) / 64, sizeof(*a->pm_bits));
	return 0;
}

size_t
arena_reset_compared(const struct arena *a)
{
	return a->compared;
}

size_t
arena_reset_owned(const struct arena *a)
{
	return a->owned;
}

size_t
arena_image_pages(const struct arena *a)
{
	return (arena_image_bytes(a) + ARENA_PAGE - 1) / ARENA_PAGE;
}

size_t
arena_image_bytes(const struct arena *a)
{
	return a->image != NULL ? a->image_len : 0;
}

size_t
arena_mapped_bytes(const struct arena *a)
{
	return a->mapped;
}
