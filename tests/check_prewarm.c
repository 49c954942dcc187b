/* Prewarming a spare child's pages: scan order, content kept, interruption. */
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>

#include "child/prewarm.h"

/* The index of the range holding `addr`, or -1. */
static int
range_of(const struct prewarm *pw, const void *addr)
{
	uintptr_t a = (uintptr_t)addr;
	size_t i;

	for (i = 0; i < pw->n; i++)
		if (a >= pw->range[i].start && a < pw->range[i].end)
			return (int)i;
	return -1;
}

START_TEST(test_scan_orders_data_before_code)
{
	static struct prewarm pw;
	static int in_data = 1;
	int code, data;
	size_t i;

	ck_assert_int_eq(prewarm_scan(&pw), 0);
	ck_assert_uint_gt(pw.n, 1);
	code = range_of(&pw, (const void *)(uintptr_t)prewarm_scan);
	data = range_of(&pw, &in_data);
	ck_assert_int_ge(code, 0);
	ck_assert_int_ge(data, 0);
	ck_assert(!pw.range[code].writable);
	ck_assert(pw.range[data].writable);
	/* Every writable range comes before every code range. */
	for (i = 1; i < pw.n; i++)
		ck_assert(pw.range[i - 1].writable || !pw.range[i].writable);
	/* The stack is left alone: the child is running on it. */
	ck_assert_int_eq(range_of(&pw, &code), -1);
}
END_TEST

START_TEST(test_run_keeps_content)
{
	static struct prewarm pw;
	size_t len = 4u << 20, i;
	unsigned char *buf = malloc(len);
	int p[2];

	ck_assert_ptr_nonnull(buf);
	for (i = 0; i < len; i++)
		buf[i] = (unsigned char)(i * 31 + 7);
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(prewarm_scan(&pw), 0);
	ck_assert_int_ge(range_of(&pw, buf), 0);
	/* Nothing to read on the pipe: the whole list is warmed. */
	ck_assert_int_eq(prewarm_run(&pw, p[0]), 0);
	for (i = 0; i < len; i++)
		if (buf[i] != (unsigned char)(i * 31 + 7))
			break;
	ck_assert_uint_eq(i, len);
	free(buf);
	close(p[0]);
	close(p[1]);
}
END_TEST

START_TEST(test_run_stops_when_work_arrives)
{
	static struct prewarm pw;
	int p[2];

	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(prewarm_scan(&pw), 0);
	ck_assert_int_eq(write(p[1], "x", 1), 1);
	ck_assert_int_eq(prewarm_run(&pw, p[0]), 1);
	close(p[0]);
	close(p[1]);
}
END_TEST

START_TEST(test_run_skips_a_vanished_range)
{
	struct prewarm pw = { .n = 2 };
	size_t len = 64 * 4096;
	void *gone = mmap(NULL, len, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *none =
	    mmap(NULL, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int p[2];

	ck_assert_ptr_ne(gone, MAP_FAILED);
	ck_assert_ptr_ne(none, MAP_FAILED);
	ck_assert_int_eq(munmap(gone, len), 0);
	/* Listed by a scan, then unmapped or made unreadable: never touched. */
	pw.range[0].start = (uintptr_t)gone;
	pw.range[0].end = (uintptr_t)gone + len;
	pw.range[0].writable = 1;
	pw.range[1].start = (uintptr_t)none;
	pw.range[1].end = (uintptr_t)none + len;
	pw.range[1].writable = 0;
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(prewarm_run(&pw, p[0]), 0);
	munmap(none, len);
	close(p[0]);
	close(p[1]);
}
END_TEST

START_TEST(test_scan_skips_reservations)
{
	static struct prewarm pw;
	size_t len = 256u << 20, i, total = 0;
	void *big = mmap(NULL, len, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	ck_assert_ptr_ne(big, MAP_FAILED);
	ck_assert_int_eq(prewarm_scan(&pw), 0);
	/* A 256 MB reservation (an ASan shadow, say) is never populated. */
	ck_assert_int_eq(range_of(&pw, (char *)big + len / 2), -1);
	for (i = 0; i < pw.n; i++)
		total += pw.range[i].end - pw.range[i].start;
	ck_assert_uint_le(total, 64u << 20);
	munmap(big, len);
}
END_TEST

START_TEST(test_scan_lists_constants_after_code)
{
	static struct prewarm pw;
	static const char constant[] = "a read-only constant";
	int code, rodata;

	ck_assert_int_eq(prewarm_scan(&pw), 0);
	code = range_of(&pw, (const void *)(uintptr_t)prewarm_scan);
	rodata = range_of(&pw, constant);
	/* Format strings and tables: a child's first read of each faulted. */
	ck_assert_int_ge(rodata, 0);
	ck_assert(!pw.range[rodata].writable);
	ck_assert_int_gt(rodata, code);
}
END_TEST

/*
 * Anonymous read-only memory (the frozen heap's image, which every reset
 * reads whole) is warmed too, after the program's and the libraries'
 * constants.
 */
START_TEST(test_scan_lists_anonymous_readonly_last)
{
	static struct prewarm pw;
	static const char constant[] = "a read-only constant";
	size_t len = 64 * 4096;
	unsigned char *image = mmap(NULL, len, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int rodata, at;

	ck_assert(image != MAP_FAILED);
	memset(image, 7, len);
	ck_assert_int_eq(mprotect(image, len, PROT_READ), 0);
	ck_assert_int_eq(prewarm_scan(&pw), 0);
	rodata = range_of(&pw, constant);
	at = range_of(&pw, image + len / 2);
	ck_assert_int_ge(at, 0);
	ck_assert(!pw.range[at].writable);
	ck_assert_int_gt(at, rodata);
	munmap(image, len);
}
END_TEST

/* Pages of a private mapping, for the learning test. */
static unsigned char *learn_buf;
#define LEARN_PAGES 16

/* The rehearsal: writes pages 3, 7 and 8 and nothing else of learn_buf. */
static int
rehearse_pages(void *arg)
{
	(void)arg;
	learn_buf[3 * 4096] = 2;
	learn_buf[7 * 4096] = 2;
	learn_buf[8 * 4096 + 100] = 2;
	return 0;
}

static int
rehearse_fails(void *arg)
{
	(void)arg;
	learn_buf[3 * 4096] = 3;
	return 1;
}

/* learn_buf mapped, written (so it is in the scan), and the ranges scanned. */
static void
learn_setup(struct prewarm *pw)
{
	learn_buf = mmap(NULL, LEARN_PAGES * 4096, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert(learn_buf != MAP_FAILED);
	memset(learn_buf, 1, LEARN_PAGES * 4096);
	ck_assert_int_eq(prewarm_scan(pw), 0);
}

/* Whether `page` is among the n pages of `list`. */
static int
in_list(const uintptr_t *list, size_t n, const void *page)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (list[i] == (uintptr_t)page)
			return 1;
	return 0;
}

static int
is_hot(const void *page)
{
	size_t n;
	const uintptr_t *hot = prewarm_hot_pages(&n);

	return in_list(hot, n, page);
}

/* This process's /proc/self/pagemap entry for the page (0 if unread). */
static uint64_t
pagemap_entry(const void *page)
{
	uint64_t e = 0;
	int fd = open("/proc/self/pagemap", O_RDONLY);

	if (fd < 0 ||
	    pread(fd, &e, sizeof(e),
		(off_t)((uintptr_t)page / 4096 * sizeof(e))) !=
		(ssize_t)sizeof(e))
		e = 0;
	if (fd >= 0)
		close(fd);
	return e;
}

/* Whether this process maps the page alone (it has its own copy). */
static int
owns_page(const void *page)
{
	uint64_t e = pagemap_entry(page);

	return (e >> 63 & 1) && (e >> 56 & 1);
}

/*
 * The pages a rehearsal writes are learned, and a spare copies them even
 * when its request is already waiting; the pages it did not write stay
 * shared. A failed rehearsal teaches nothing.
 */
START_TEST(test_learn_copies_rehearsed_pages_first)
{
	static struct prewarm ranges;
	int p[2], status;
	pid_t pid;

	learn_setup(&ranges);
	ck_assert_int_eq(prewarm_learn(&ranges, rehearse_fails, NULL), -1);
	ck_assert(!is_hot(learn_buf + 3 * 4096));
	ck_assert_int_ge(prewarm_learn(&ranges, rehearse_pages, NULL), 3);
	ck_assert(is_hot(learn_buf + 3 * 4096));
	ck_assert(is_hot(learn_buf + 7 * 4096));
	ck_assert(is_hot(learn_buf + 8 * 4096));
	ck_assert(!is_hot(learn_buf + 5 * 4096));
	/* The rehearsal's writes stayed in its own process. */
	ck_assert_int_eq(learn_buf[3 * 4096], 1);
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(write(p[1], "x", 1), 1);
	ck_assert_int_ge(pid = fork(), 0);
	if (pid == 0) {
		/* The request is there: the ranges wait, the learned pages not.
		 */
		(void)prewarm_run(NULL, p[0]);
		if (!owns_page(learn_buf + 3 * 4096) ||
		    !owns_page(learn_buf + 8 * 4096))
			_exit(2);
		if (owns_page(learn_buf + 5 * 4096))
			_exit(3);
		_exit(learn_buf[7 * 4096] == 1 ? 0 : 4);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	close(p[0]);
	close(p[1]);
	munmap(learn_buf, LEARN_PAGES * 4096);
}
END_TEST

/* A read-only file mapping of FILE_PAGES pages, for the read-set test. */
static const unsigned char *file_map;
#define FILE_PAGES 128
/* Far apart: the kernel maps up to 16 neighbours around a page read. */
#define FILE_READ 100
#define FILE_UNREAD 4

/* The rehearsal: reads page FILE_READ of file_map and nothing else of it. */
static int
rehearse_read(void *arg)
{
	(void)arg;
	return file_map[FILE_READ * 4096] == 'r' ? 0 : 1;
}

static int
is_read_page(const void *page)
{
	size_t n;
	const uintptr_t *read = prewarm_read_pages(&n);

	return in_list(read, n, page);
}

/* Whether this process has the page mapped at all. */
static int
has_page(const void *page)
{
	return (int)(pagemap_entry(page) >> 63 & 1);
}

/*
 * The code and constants a rehearsal reads are learned too, and a spare
 * maps those pages instead of sweeping every read-only range (3,300 pages
 * of libraries here, each trapping once on a virtual machine with shadow
 * paging): the page read is mapped in the spare, a page far from it is not.
 */
START_TEST(test_learn_maps_read_pages_only)
{
	static struct prewarm ranges;
	char path[] = "/tmp/check_prewarm_XXXXXX";
	static unsigned char page[4096];
	int fd, p[2], status, i;
	pid_t pid;

	ck_assert_int_ge(fd = mkstemp(path), 0);
	unlink(path);
	memset(page, 'r', sizeof(page));
	for (i = 0; i < FILE_PAGES; i++)
		ck_assert_int_eq(write(fd, page, sizeof(page)), sizeof(page));
	file_map = mmap(NULL, FILE_PAGES * 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	ck_assert(file_map != MAP_FAILED);
	close(fd);
	ck_assert_int_eq(prewarm_scan(&ranges), 0);
	ck_assert_int_ge(range_of(&ranges, file_map), 0);
	ck_assert_int_ge(prewarm_learn(&ranges, rehearse_read, NULL), 0);
	ck_assert(is_read_page(file_map + FILE_READ * 4096));
	ck_assert(!is_read_page(file_map + FILE_UNREAD * 4096));
	/* This process never read the mapping: nothing of it is mapped. */
	ck_assert(!has_page(file_map + FILE_READ * 4096));
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_ge(pid = fork(), 0);
	if (pid == 0) {
		if (prewarm_run(&ranges, p[0]) != 0)
			_exit(2);
		if (!has_page(file_map + FILE_READ * 4096))
			_exit(3);
		_exit(has_page(file_map + FILE_UNREAD * 4096) ? 4 : 0);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	close(p[0]);
	close(p[1]);
	munmap((void *)file_map, FILE_PAGES * 4096);
}
END_TEST

/*
 * Not under ASan: malloc's heap is the sanitizer's (nothing to reserve),
 * and the shadow it writes for a stack frame faults by design.
 */
#if !defined(__SANITIZE_ADDRESS__)
/* Writes one byte per page of a 128 KB frame: a deep call's stack. */
static void __attribute__((noinline)) use_stack(void)
{
	volatile unsigned char frame[128 * 1024];
	size_t i;

	for (i = 0; i < sizeof(frame); i += 4096)
		frame[i] = 1;
}

static long
minor_faults(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_minflt : -1;
}

/*
 * A spare forked from this process takes no page fault for the clock or
 * for a deep stack once warmed: each fault costs a request 10-25 us here.
 */
START_TEST(test_run_warms_clock_and_stack)
{
	static struct prewarm pw;
	struct timespec ts;
	int p[2], status;
	long before;
	pid_t pid;

	use_stack();
	clock_gettime(CLOCK_MONOTONIC, &ts);
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_ge(pid = fork(), 0);
	if (pid == 0) {
		if (prewarm_scan(&pw) != 0 || prewarm_run(&pw, p[0]) != 0)
			_exit(100);
		before = minor_faults();
		clock_gettime(CLOCK_MONOTONIC, &ts);
		use_stack();
		_exit((int)(minor_faults() - before));
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	/* Without the warming it is 30 or more; the kernel may still take
	 * one of its own (seen once in a dozen runs). */
	ck_assert(WIFEXITED(status));
	ck_assert_int_le(WEXITSTATUS(status), 1);
	close(p[0]);
	close(p[1]);
}
END_TEST

/*
 * The frozen heap's pages (prewarm_share) are mapped in a spare, not
 * copied: a reset rewrites only what a run changed, so they stay shared
 * with the zygote. A learned page inside the span is still copied, and the
 * writable pages around it are copied as before.
 */
START_TEST(test_run_maps_the_shared_span)
{
	static struct prewarm pw;
	int p[2], status;
	pid_t pid;

	learn_setup(&pw);
	/* Learns pages 3, 7 and 8 (rehearse_pages). */
	ck_assert_int_ge(prewarm_learn(&pw, rehearse_pages, NULL), 3);
	/* Learning mapped and unmapped memory of its own: the ranges now. */
	ck_assert_int_eq(prewarm_scan(&pw), 0);
	/* Pages 4..9 and half of 10: the partial page is not shared. */
	prewarm_share((uintptr_t)learn_buf + 4 * 4096, 6 * 4096 + 2048);
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_ge(pid = fork(), 0);
	if (pid == 0) {
		if (prewarm_run(&pw, p[0]) != 0)
			_exit(100);
		if (!owns_page(learn_buf + 2 * 4096) ||
		    !owns_page(learn_buf + 3 * 4096) ||
		    !owns_page(learn_buf + 10 * 4096))
			_exit(1);
		if (!owns_page(learn_buf + 7 * 4096))
			_exit(2);
		if (owns_page(learn_buf + 5 * 4096) ||
		    owns_page(learn_buf + 9 * 4096) ||
		    !has_page(learn_buf + 5 * 4096))
			_exit(3);
		_exit(learn_buf[5 * 4096] == 1 ? 0 : 4);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	prewarm_share(0, 0);
	close(p[0]);
	close(p[1]);
	munmap(learn_buf, LEARN_PAGES * 4096);
}
END_TEST

START_TEST(test_reserve_leaves_room_at_the_top)
{
	void *block[48];
	char *top;
	size_t i;

	prewarm_reserve(1u << 20);
	top = sbrk(0);
	/* 768 KB of new allocations fit below the old break... */
	for (i = 0; i < 48; i++)
		ck_assert_ptr_nonnull(block[i] = malloc(16 * 1024));
	ck_assert_ptr_eq(sbrk(0), top);
	/* ...and freeing them does not hand the room back. */
	for (i = 48; i > 0; i--)
		free(block[i - 1]);
	ck_assert_ptr_eq(sbrk(0), top);
}
END_TEST
#endif

int
main(void)
{
	Suite *s = suite_create("prewarm");
	TCase *tc = tcase_create("prewarm");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_scan_orders_data_before_code);
	tcase_add_test(tc, test_run_keeps_content);
	tcase_add_test(tc, test_run_stops_when_work_arrives);
	tcase_add_test(tc, test_run_skips_a_vanished_range);
	tcase_add_test(tc, test_scan_skips_reservations);
	tcase_add_test(tc, test_scan_lists_constants_after_code);
	tcase_add_test(tc, test_scan_lists_anonymous_readonly_last);
	tcase_add_test(tc, test_learn_copies_rehearsed_pages_first);
	tcase_add_test(tc, test_learn_maps_read_pages_only);
#if !defined(__SANITIZE_ADDRESS__)
	tcase_add_test(tc, test_run_warms_clock_and_stack);
	tcase_add_test(tc, test_run_maps_the_shared_span);
	tcase_add_test(tc, test_reserve_leaves_room_at_the_top);
#endif
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
