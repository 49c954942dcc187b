/*
 * rx internals shared by rx_compile.c (parser + code generator), rx_exec.c
 * (the matcher), rx_cset.c (code point sets) and rx_unicode.c (tables).
 */
#ifndef RX_INT_H
#define RX_INT_H

#include <stddef.h>
#include <stdint.h>

#include "regexp/rx.h"

/*
 * Bytecode. Operands follow the opcode byte, little-endian, unaligned
 * (rx_get16/rx_get32). Jump offsets are signed 32-bit and relative to the
 * end of their instruction, so a block of code can be moved as a whole
 * (quantifiers insert before an atom; lookbehind reverses its terms).
 * RX_BACK on a consuming opcode makes it read backwards (lookbehind).
 */
enum rx_op {
	RX_OP_MATCH = 1,
	RX_OP_CHAR, /* u16 unit */
	RX_OP_CHAR_I, /* u16 canonical unit: Canonicalize(input) == it */
	RX_OP_CHAR32, /* u32 code point (u/v) */
	RX_OP_CHAR32_I, /* u32 canonical code point */
	RX_OP_DOT, /* anything but a line terminator */
	RX_OP_ANY, /* anything (s flag, [^]) */
	RX_OP_CLASS, /* u16 class index (sets are closed under case) */
	RX_OP_BOL, /* ^ without m */
	RX_OP_BOL_M,
	RX_OP_EOL,
	RX_OP_EOL_M,
	RX_OP_WORDB, /* u8 extended (iu/iv word characters) */
	RX_OP_NWORDB, /* u8 extended */
	RX_OP_SAVE, /* u16 slot: caps[slot] = pos */
	RX_OP_RESET, /* u16 from, u16 to: caps[from..to) = -1 */
	RX_OP_GOTO, /* s32 */
	RX_OP_SPLIT_NEXT, /* s32: try next, then target */
	RX_OP_SPLIT_JUMP, /* s32: try target, then next */
	RX_OP_SET_REG, /* u16 reg, s32 value */
	RX_OP_SAVE_POS, /* u16 reg: reg = pos */
	RX_OP_CHECK_ADV, /* u16 reg: fail if pos == reg (empty check) */
	RX_OP_LOOP, /* u16 counter, u32 min, u32 max, u8 greedy, s32 to end */
	RX_OP_CHECK_EMPTY, /* u16 counter, u16 reg, u32 min */
	RX_OP_INC, /* u16 counter */
	RX_OP_BACKREF, /* u8 icase, u16 ref (prog->refs) */
	RX_OP_LOOK, /* u8 negative, s32 to the continuation */
	RX_OP_LOOK_END,
	RX_OP_STAR, /* u32 min, u32 max, u8 greedy, u8 len; one consuming
		       op of len bytes follows, then the continuation */
	RX_OP__COUNT
};
#define RX_BACK 0x80

static inline uint16_t
rx_get16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t
rx_get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

/* A class: a bitmap for code points below 128, then sorted inclusive
 * ranges (prog->ranges[2 * off .. 2 * (off + n))). */
struct rx_class {
	uint32_t ascii[4];
	uint32_t off, n;
};

/* A backreference's groups: prog->refgroups[off .. off + n). */
struct rx_ref {
	uint32_t off, n;
};

struct rx_prog {
	struct rx_alloc a;
	unsigned flags;
	int ngroups;
	int nregs;
	uint8_t *code;
	size_t code_len;
	struct rx_class *classes;
	uint32_t nclasses;
	uint32_t *ranges;
	struct rx_ref *refs;
	uint32_t nrefs;
	uint16_t *refgroups;
	char **names; /* ngroups entries, NULL when unnamed */
	/* search hints */
	int anchored; /* every match starts at `start` (^ without m) */
	uint32_t first_pc; /* a consuming op every match starts with, or 0 */
	/* Every match consumes a first code unit from this set: ASCII units by
	 * the bitmap, any other when first_other (only if has_first). */
	int has_first, first_other;
	uint32_t first_ascii[4];
};

/* Allocation through the host's allocator. */
void *rx_realloc(const struct rx_alloc *a, void *p, size_t n);

/* --- code point sets (rx_cset.c) --- */
struct rx_cset {
	uint32_t *r; /* inclusive [lo, hi] pairs */
	size_t n; /* pairs */
	size_t cap;
	int oom;
	const struct rx_alloc *a;
};
void rx_cset_init(struct rx_cset *s, const struct rx_alloc *a);
void rx_cset_free(struct rx_cset *s);
void rx_cset_add(struct rx_cset *s, uint32_t lo, uint32_t hi);
void rx_cset_add_set(struct rx_cset *s, const struct rx_cset *o);
void rx_cset_norm(struct rx_cset *s); /* sort + merge */
void rx_cset_invert(struct rx_cset *s); /* normalized in and out */
void rx_cset_and(struct rx_cset *s, const struct rx_cset *o); /* both norm */
void rx_cset_sub(struct rx_cset *s, const struct rx_cset *o); /* both norm */
int rx_cset_has(const struct rx_cset *s, uint32_t c); /* normalized */
/* Canonicalize every element (v-mode MaybeSimpleCaseFolding); normalized. */
void rx_cset_canon(struct rx_cset *s, int unicode);
/* Every c with Canonicalize(c) in Canonicalize(s); normalized. */
void rx_cset_close(struct rx_cset *s, int unicode);
/* Removes the code points Canonicalize changes (v + i complement). */
void rx_cset_fixed_only(struct rx_cset *s, int unicode);

/* --- Unicode data (rx_unicode.c) --- */
struct rx_uprop {
	const char *name;
	uint8_t kind; /* RX_UP_* */
	uint32_t off, n; /* ranges */
	uint32_t soff, sn; /* sequences (properties of strings) */
};
enum { RX_UP_GC, RX_UP_SC, RX_UP_SCX, RX_UP_BIN, RX_UP_STR };
const struct rx_uprop *rx_uprop_find(int kind, const char *name);
void rx_uprop_add(struct rx_cset *s, const struct rx_uprop *p);
/* The sequences of a property of strings: *data is len, cps..., n times. */
const uint32_t *rx_uprop_seqs(const struct rx_uprop *p, uint32_t *n);
int rx_uprop_has(const struct rx_uprop *p, uint32_t c);
/* Canonicalize: scf with unicode, else the toUppercase rule. */
uint32_t rx_canon(uint32_t c, int unicode);
/* The fold table: *n pairs (source, canonical) sorted by source. */
const uint32_t *rx_fold_table(int unicode, size_t *n);
int rx_is_id_start(uint32_t c);
int rx_is_id_continue(uint32_t c);

#endif
