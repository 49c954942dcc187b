/*
 * rx: the engine's own ECMAScript (ES2025) regular-expression engine. A pure
 * C library over UTF-16 code units: no Duktape, no I/O, no globals written.
 *
 * rx_compile parses a pattern (Annex B syntax without u/v), compiles it to
 * bytecode; rx_exec runs it with a backtracking matcher whose backtrack stack
 * lives on the heap, is bounded (max_stack_bytes) and is allocated through
 * the host's allocator, and which polls an interrupt callback, so a
 * catastrophic pattern ends when the host says so. Neither function recurses
 * in C proportionally to the subject; the parser's recursion is bounded by
 * RX_MAX_NESTING (a deeper pattern is a SyntaxError).
 *
 * Ownership: an rx_prog belongs to whoever rx_compile gave it to; it is
 * immutable after compilation, so several rx_exec calls may share it
 * (including from different threads). rx_free(NULL) is a no-op.
 */
#ifndef RX_H
#define RX_H

#include <stddef.h>
#include <stdint.h>

/* Flags, one bit per letter. g and d change nothing here (the caller's
 * lastIndex and indices logic); y makes rx_exec match at `start` only. */
enum {
	RX_G = 1,
	RX_I = 2,
	RX_M = 4,
	RX_S = 8,
	RX_U = 16,
	RX_V = 32,
	RX_Y = 64,
	RX_D = 128
};

/* Negative results. */
enum {
	RX_ESYNTAX = -1, /* rx_compile: the pattern (or flags) is invalid */
	RX_ENOMEM = -2, /* an allocation was refused */
	RX_EINTERRUPTED = -3, /* rx_exec: the interrupt callback said stop */
	RX_ESTACK = -4 /* rx_exec: the backtrack stack hit max_stack_bytes */
};

/* Parser nesting bound (groups, lookarounds, nested v-mode classes). */
#define RX_MAX_NESTING 256
/* Backtrack stack bound when rx_limits gives 0 (or no rx_limits). */
#define RX_STACK_DEFAULT ((size_t)16 << 20)
/* The interrupt callback is polled once per this many matcher steps. */
#define RX_POLL_STEPS 4096

/*
 * The allocator: realloc(opaque, p, n) behaves like realloc(3) with
 * free(3) when n == 0 (returns NULL then). The host charges its memory
 * limit here; refusing (NULL for n > 0) makes the caller return RX_ENOMEM.
 */
struct rx_alloc {
	void *(*realloc)(void *opaque, void *p, size_t n);
	void *opaque;
};

struct rx_error {
	int pos; /* code unit offset in the pattern, or -1 (flags, memory) */
	char msg[128]; /* NUL-terminated, V8's words: "Nothing to repeat" */
};

typedef struct rx_prog rx_prog;

/*
 * Compiles len code units of pattern with flags (RX_*; u and v together are
 * an error). a may be NULL (libc); it is copied into the program, which
 * allocates and frees through it (so it must outlive the program). pat may
 * be NULL when len is 0. err may be NULL. Returns 0 with *out set (free it
 * with rx_free), or RX_ESYNTAX / RX_ENOMEM with *out NULL and err filled.
 */
int rx_compile(const uint16_t *pat, size_t len, unsigned flags,
    const struct rx_alloc *a, rx_prog **out, struct rx_error *err);

void rx_free(rx_prog *prog);

/* Capture groups including group 0 (so at least 1). */
int rx_ngroups(const rx_prog *prog);

/*
 * Group i's name as NUL-terminated UTF-8 (owned by prog, valid until
 * rx_free), or NULL for group 0, an unnamed group or i out of range. Two
 * groups in different alternatives may share a name.
 */
const char *rx_group_name(const rx_prog *prog, int i);

/* The flags the program was compiled with. */
unsigned rx_flags(const rx_prog *prog);

/*
 * Limits of one rx_exec. interrupt may be NULL; it is called every
 * RX_POLL_STEPS steps with opaque and returns nonzero to stop.
 * max_stack_bytes 0 means RX_STACK_DEFAULT. alloc NULL means the
 * program's allocator.
 */
struct rx_limits {
	int (*interrupt)(void *opaque);
	void *opaque;
	size_t max_stack_bytes;
	const struct rx_alloc *alloc;
};

/*
 * Matches prog against subject[0..len) (len <= INT_MAX; subject may be NULL
 * when len is 0). With RX_Y the match must begin at start; otherwise the
 * first match at or after start is found. caps has 2 * rx_ngroups() ints:
 * caps[2k], caps[2k+1] are group k's start and end offsets (code units), -1
 * when the group did not participate. lim may be NULL (no interrupt,
 * default bound, the program's allocator). Returns 1 (match, caps filled),
 * 0 (no match, caps all -1), RX_EINTERRUPTED, RX_ESTACK or RX_ENOMEM (caps
 * all -1 then too). start > len is simply no match. Under RX_U/RX_V a
 * start inside a surrogate pair means the pair (the spec's inputIndex), so
 * the match may begin at start - 1.
 */
int rx_exec(const rx_prog *prog, const uint16_t *subject, size_t len,
    size_t start, int *caps, const struct rx_limits *lim);

#endif
