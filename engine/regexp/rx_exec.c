/*
 * rx_exec: the backtracking matcher. One loop over the bytecode; every
 * choice point and every undo record (a capture or register overwritten)
 * goes on an explicit stack allocated through the host's allocator and
 * bounded by max_stack_bytes, so neither the subject nor the pattern can
 * make the C stack grow. The interrupt callback is polled every
 * RX_POLL_STEPS backtracks and loop iterations.
 */
#include <limits.h>
#include <string.h>

#include "regexp/rx_int.h"

enum {
	RX_BT_CHOICE, /* a = pc, b = pos */
	RX_BT_CAP, /* a = slot, b = old value */
	RX_BT_REG, /* a = register, b = old value */
	RX_BT_LOOK, /* a = continuation pc, b = pos, c = negative */
	RX_BT_STAR_G, /* a = pc of STAR, b = first give-back limit, c = pos */
	RX_BT_STAR_L /* a = pc of STAR, b = count, c = pos */
};

struct rx_bt {
	int32_t kind, a, b, c;
};

#define RX_INLINE_BT 64
#define RX_INLINE_REGS 32

struct rx_m {
	const rx_prog *p;
	const uint16_t *s;
	int len;
	int u;
	int *caps;
	int *regs;
	struct rx_bt *st;
	size_t n, cap, max;
	const struct rx_alloc *a;
	const struct rx_limits *lim;
	unsigned budget;
	struct rx_bt inl[RX_INLINE_BT];
};

static int
rx_grow_stack(struct rx_m *m)
{
	size_t ncap = m->cap * 2;
	struct rx_bt *ns;

	if (m->cap >= m->max)
		return RX_ESTACK;
	if (ncap > m->max)
		ncap = m->max;
	if (m->st == m->inl) {
		ns = rx_realloc(m->a, NULL, ncap * sizeof(*ns));
		if (ns != NULL)
			memcpy(ns, m->inl, m->n * sizeof(*ns));
	} else {
		ns = rx_realloc(m->a, m->st, ncap * sizeof(*ns));
	}
	if (ns == NULL)
		return RX_ENOMEM;
	m->st = ns;
	m->cap = ncap;
	return 0;
}

static inline int
rx_push(struct rx_m *m, int kind, int a, int b, int c)
{
	struct rx_bt *e;

	if (m->n == m->cap) {
		int rc = rx_grow_stack(m);
		if (rc < 0)
			return rc;
	}
	e = &m->st[m->n++];
	e->kind = kind;
	e->a = a;
	e->b = b;
	e->c = c;
	return 0;
}

static inline int
rx_poll(struct rx_m *m)
{
	if (--m->budget != 0)
		return 0;
	m->budget = RX_POLL_STEPS;
	if (m->lim != NULL && m->lim->interrupt != NULL &&
	    m->lim->interrupt(m->lim->opaque))
		return RX_EINTERRUPTED;
	return 0;
}

static inline int
rx_is_hi(uint32_t u)
{
	return (u & 0xfc00) == 0xd800;
}

static inline int
rx_is_lo(uint32_t u)
{
	return (u & 0xfc00) == 0xdc00;
}

static inline int
rx_lineterm(uint32_t c)
{
	return c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029;
}

static inline int
rx_wordch(uint32_t c, int ext)
{
	if (c < 128)
		return (c | 32) - 'a' < 26 || c - '0' < 10 || c == '_';
	return ext && (c == 0x17f || c == 0x212a);
}

/* Reads one character forward (or backward) from *pos; -1 at the end. */
static inline int32_t
rx_rd(const struct rx_m *m, int *pos, int back)
{
	uint32_t c;

	if (!back) {
		if (*pos >= m->len)
			return -1;
		c = m->s[(*pos)++];
		if (m->u && rx_is_hi(c) && *pos < m->len &&
		    rx_is_lo(m->s[*pos])) {
			c = 0x10000 + ((c - 0xd800) << 10) +
			    (m->s[*pos] - 0xdc00);
			(*pos)++;
		}
		return (int32_t)c;
	}
	if (*pos <= 0)
		return -1;
	c = m->s[--*pos];
	if (m->u && rx_is_lo(c) && *pos > 0 && rx_is_hi(m->s[*pos - 1])) {
		c = 0x10000 + ((m->s[*pos - 1] - 0xd800) << 10) + (c - 0xdc00);
		(*pos)--;
	}
	return (int32_t)c;
}

static inline int
rx_class_has(const rx_prog *p, const struct rx_class *k, uint32_t c)
{
	const uint32_t *r;
	uint32_t lo = 0, hi = k->n;

	if (c < 128)
		return (k->ascii[c >> 5] >> (c & 31)) & 1;
	r = p->ranges + 2 * k->off;
	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;
		if (c < r[2 * mid])
			hi = mid;
		else if (c > r[2 * mid + 1])
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}

/* Length of a consuming op. */
static inline int
rx_oplen(uint8_t op)
{
	switch (op & 0x7f) {
	case RX_OP_CHAR32:
	case RX_OP_CHAR32_I:
		return 5;
	case RX_OP_DOT:
	case RX_OP_ANY:
		return 1;
	default:
		return 3;
	}
}

/* One consuming op at pc from pos: the new position, or -1. */
static inline int
rx_one(const struct rx_m *m, const uint8_t *pc, int pos)
{
	int32_t ch = rx_rd(m, &pos, *pc & RX_BACK);

	if (ch < 0)
		return -1;
	switch (*pc & 0x7f) {
	case RX_OP_CHAR:
		return (uint32_t)ch == rx_get16(pc + 1) ? pos : -1;
	case RX_OP_CHAR_I:
		return rx_canon((uint32_t)ch, m->u) == rx_get16(pc + 1) ? pos
									: -1;
	case RX_OP_CHAR32:
		return (uint32_t)ch == rx_get32(pc + 1) ? pos : -1;
	case RX_OP_CHAR32_I:
		return rx_canon((uint32_t)ch, m->u) == rx_get32(pc + 1) ? pos
									: -1;
	case RX_OP_DOT:
		return rx_lineterm((uint32_t)ch) ? -1 : pos;
	case RX_OP_ANY:
		return pos;
	case RX_OP_CLASS:
		return rx_class_has(
			   m->p, &m->p->classes[rx_get16(pc + 1)], (uint32_t)ch)
		    ? pos
		    : -1;
	default:
		return -1;
	}
}

/* Compares the captured text [s, e) at pos (backward: ending at pos);
 * the new position or -1. */
static int
rx_backref(const struct rx_m *m, int s, int e, int pos, int icase, int back)
{
	int l = e - s, at, i;

	if (back) {
		if (pos < l)
			return -1;
		at = pos - l;
	} else {
		if (l > m->len - pos)
			return -1;
		at = pos;
	}
	if (!icase) {
		if (memcmp(m->s + s, m->s + at, (size_t)l * 2) != 0)
			return -1;
	} else {
		int x = s, y = at;
		/* Canonicalize keeps each character's length in code units
		 * (simple mappings stay in their plane), so both sides walk
		 * in step. */
		while (x < e) {
			int x0 = x, y0 = y;
			int32_t a = rx_rd(m, &x, 0), b = rx_rd(m, &y, 0);
			if (x - x0 != y - y0 || y > at + l ||
			    rx_canon((uint32_t)a, m->u) !=
				rx_canon((uint32_t)b, m->u))
				return -1;
		}
	}
	i = back ? at : at + l;
	return i;
}

/* Runs the program from pos; 1 match, 0 none, or an error. */
static int
rx_run(struct rx_m *m, int pos)
{
	const rx_prog *p = m->p;
	const uint8_t *code = p->code, *pc = code;
	int *caps = m->caps, *regs = m->regs, rc;

	m->n = 0;
	for (;;) {
		uint8_t op = *pc;
		switch (op & 0x7f) {
		case RX_OP_MATCH:
			return 1;
		case RX_OP_CHAR:
			/* the common forward case inline */
			if (!(op & RX_BACK) && pos < m->len &&
			    m->s[pos] == rx_get16(pc + 1) &&
			    !(m->u && rx_is_hi(m->s[pos]))) {
				pos++;
				pc += 3;
				break;
			}
			/* fall through */
		case RX_OP_CHAR_I:
		case RX_OP_CHAR32:
		case RX_OP_CHAR32_I:
		case RX_OP_DOT:
		case RX_OP_ANY:
		case RX_OP_CLASS: {
			int np = rx_one(m, pc, pos);
			if (np < 0)
				goto fail;
			pos = np;
			pc += rx_oplen(op);
			break;
		}
		case RX_OP_BOL:
			if (pos != 0)
				goto fail;
			pc++;
			break;
		case RX_OP_BOL_M:
			if (pos != 0 && !rx_lineterm(m->s[pos - 1]))
				goto fail;
			pc++;
			break;
		case RX_OP_EOL:
			if (pos != m->len)
				goto fail;
			pc++;
			break;
		case RX_OP_EOL_M:
			if (pos != m->len && !rx_lineterm(m->s[pos]))
				goto fail;
			pc++;
			break;
		case RX_OP_WORDB:
		case RX_OP_NWORDB: {
			int ext = pc[1];
			int a = pos > 0 && rx_wordch(m->s[pos - 1], ext);
			int b = pos < m->len && rx_wordch(m->s[pos], ext);
			if ((a != b) != ((op & 0x7f) == RX_OP_WORDB))
				goto fail;
			pc += 2;
			break;
		}
		case RX_OP_SAVE: {
			int slot = rx_get16(pc + 1);
			if ((rc = rx_push(m, RX_BT_CAP, slot, caps[slot], 0)) <
			    0)
				return rc;
			caps[slot] = pos;
			pc += 3;
			break;
		}
		case RX_OP_RESET: {
			int k, to = rx_get16(pc + 3);
			for (k = rx_get16(pc + 1); k < to; k++) {
				if (caps[k] < 0)
					continue;
				if ((rc = rx_push(
					 m, RX_BT_CAP, k, caps[k], 0)) < 0)
					return rc;
				caps[k] = -1;
			}
			pc += 5;
			break;
		}
		case RX_OP_GOTO: {
			int32_t off = (int32_t)rx_get32(pc + 1);
			if (off < 0 && (rc = rx_poll(m)) < 0)
				return rc;
			pc += 5 + off;
			break;
		}
		case RX_OP_SPLIT_NEXT:
			rc = rx_push(m, RX_BT_CHOICE,
			    (int)(pc + 5 + (int32_t)rx_get32(pc + 1) - code),
			    pos, 0);
			if (rc < 0)
				return rc;
			pc += 5;
			break;
		case RX_OP_SPLIT_JUMP:
			if ((rc = rx_push(m, RX_BT_CHOICE, (int)(pc + 5 - code),
				 pos, 0)) < 0)
				return rc;
			pc += 5 + (int32_t)rx_get32(pc + 1);
			break;
		case RX_OP_SET_REG:
		case RX_OP_SAVE_POS:
		case RX_OP_INC: {
			int r = rx_get16(pc + 1);
			if ((rc = rx_push(m, RX_BT_REG, r, regs[r], 0)) < 0)
				return rc;
			if ((op & 0x7f) == RX_OP_SET_REG) {
				regs[r] = (int)rx_get32(pc + 3);
				pc += 7;
			} else if ((op & 0x7f) == RX_OP_SAVE_POS) {
				regs[r] = pos;
				pc += 3;
			} else {
				regs[r]++;
				pc += 3;
			}
			break;
		}
		case RX_OP_CHECK_ADV:
			if (pos == regs[rx_get16(pc + 1)])
				goto fail;
			pc += 3;
			break;
		case RX_OP_LOOP: {
			uint32_t cnt = (uint32_t)regs[rx_get16(pc + 1)];
			uint32_t min = rx_get32(pc + 3), max = rx_get32(pc + 7);
			const uint8_t *body = pc + 16;
			const uint8_t *end = body + (int32_t)rx_get32(pc + 12);
			/* no poll here: the loop's GOTO back edge polls */
			if (cnt < min) {
				pc = body;
			} else if (cnt >= max) {
				pc = end;
			} else if (pc[11]) {
				if ((rc = rx_push(m, RX_BT_CHOICE,
					 (int)(end - code), pos, 0)) < 0)
					return rc;
				pc = body;
			} else {
				if ((rc = rx_push(m, RX_BT_CHOICE,
					 (int)(body - code), pos, 0)) < 0)
					return rc;
				pc = end;
			}
			break;
		}
		case RX_OP_CHECK_EMPTY:
			if ((uint32_t)regs[rx_get16(pc + 1)] >=
				rx_get32(pc + 5) &&
			    pos == regs[rx_get16(pc + 3)])
				goto fail;
			pc += 9;
			break;
		case RX_OP_BACKREF: {
			const struct rx_ref *ref = &p->refs[rx_get16(pc + 2)];
			uint32_t k;
			for (k = 0; k < ref->n; k++) {
				int g = p->refgroups[ref->off + k];
				if (caps[2 * g] >= 0 && caps[2 * g + 1] >= 0) {
					int np = rx_backref(m, caps[2 * g],
					    caps[2 * g + 1], pos, pc[1],
					    op & RX_BACK);
					if (np < 0)
						goto fail;
					pos = np;
					break;
				}
			}
			pc += 4;
			break;
		}
		case RX_OP_LOOK:
			if ((rc = rx_push(m, RX_BT_LOOK,
				 (int)(pc + 6 + (int32_t)rx_get32(pc + 2) -
				     code),
				 pos, pc[1])) < 0)
				return rc;
			pc += 6;
			break;
		case RX_OP_LOOK_END: {
			size_t k = m->n, j;
			while (m->st[--k].kind != RX_BT_LOOK)
				;
			if (!m->st[k].c) {
				/* Succeeded: drop the body's choices (a
				 * lookaround is atomic), keep its undo records.
				 */
				pos = m->st[k].b;
				for (j = k + 1; j < m->n; j++)
					if (m->st[j].kind == RX_BT_CAP ||
					    m->st[j].kind == RX_BT_REG)
						m->st[k++] = m->st[j];
				m->n = k;
				pc++;
				break;
			}
			/* A negative lookaround whose body matched: undo it all
			 * and fail. */
			while (m->n > k + 1) {
				struct rx_bt *e = &m->st[--m->n];
				if (e->kind == RX_BT_CAP)
					caps[e->a] = e->b;
				else if (e->kind == RX_BT_REG)
					regs[e->a] = e->b;
			}
			m->n = k;
			goto fail;
		}
		case RX_OP_STAR: {
			uint32_t min = rx_get32(pc + 1), max = rx_get32(pc + 5),
				 cnt;
			const uint8_t *one = pc + 11;
			int start, np;
			for (cnt = 0; cnt < min; cnt++) {
				if ((np = rx_one(m, one, pos)) < 0)
					goto fail;
				pos = np;
			}
			start = pos;
			if (pc[9]) {
				if (*one == RX_OP_CLASS && !m->u) {
					/* the hot loop: a class, forward, units
					 */
					const struct rx_class *k =
					    &p->classes[rx_get16(one + 1)];
					while (cnt < max && pos < m->len &&
					    rx_class_has(p, k, m->s[pos])) {
						pos++;
						cnt++;
					}
				} else {
					while (cnt < max &&
					    (np = rx_one(m, one, pos)) >= 0) {
						pos = np;
						cnt++;
					}
				}
				if (pos != start &&
				    (rc = rx_push(m, RX_BT_STAR_G,
					 (int)(pc - code), start, pos)) < 0)
					return rc;
			} else if (cnt < max) {
				if ((rc = rx_push(m, RX_BT_STAR_L,
					 (int)(pc - code), (int)cnt, pos)) < 0)
					return rc;
			}
			pc = one + pc[10];
			break;
		}
		default:
			return 0; /* not reached: the compiler emits no other */
		}
		continue;
	fail:
		for (;;) {
			struct rx_bt *e;
			if (m->n == 0)
				return 0;
			if ((rc = rx_poll(m)) < 0)
				return rc;
			e = &m->st[m->n - 1];
			switch (e->kind) {
			case RX_BT_CAP:
				caps[e->a] = e->b;
				m->n--;
				continue;
			case RX_BT_REG:
				regs[e->a] = e->b;
				m->n--;
				continue;
			case RX_BT_CHOICE:
				pc = code + e->a;
				pos = e->b;
				m->n--;
				break;
			case RX_BT_LOOK:
				m->n--;
				if (!e->c)
					continue;
				/* a negative lookaround's body failed: it holds
				 */
				pc = code + e->a;
				pos = e->b;
				break;
			case RX_BT_STAR_G: {
				const uint8_t *sp = code + e->a;
				int cur = e->c;
				if (!(sp[11] & RX_BACK)) {
					cur--;
					if (m->u && cur > e->b &&
					    rx_is_lo(m->s[cur]) &&
					    rx_is_hi(m->s[cur - 1]))
						cur--;
					if (cur > e->b)
						e->c = cur;
					else
						m->n--;
				} else {
					cur++;
					if (m->u && cur < e->b &&
					    rx_is_hi(m->s[cur - 1]) &&
					    rx_is_lo(m->s[cur]))
						cur++;
					if (cur < e->b)
						e->c = cur;
					else
						m->n--;
				}
				pos = cur;
				pc = sp + 11 + sp[10];
				break;
			}
			case RX_BT_STAR_L: {
				const uint8_t *sp = code + e->a;
				int np = rx_one(m, sp + 11, e->c);
				if (np < 0) {
					m->n--;
					continue;
				}
				if ((uint32_t)e->b + 1 < rx_get32(sp + 5)) {
					e->b++;
					e->c = np;
				} else {
					m->n--;
				}
				pos = np;
				pc = sp + 11 + sp[10];
				break;
			}
			default:
				return 0;
			}
			break;
		}
	}
}

/* Whether a match may start at s: the first-unit set, the first op. */
static int
rx_may_start(const struct rx_m *m, size_t s)
{
	const rx_prog *p = m->p;

	if (p->has_first) {
		uint16_t u;
		if (s >= (size_t)m->len)
			return 0;
		u = m->s[s];
		if (u < 128 ? !((p->first_ascii[u >> 5] >> (u & 31)) & 1)
			    : !p->first_other)
			return 0;
	}
	return p->first_pc == 0 ||
	    rx_one(m, p->code + p->first_pc, (int)s) >= 0;
}

int
rx_exec(const rx_prog *p, const uint16_t *subject, size_t len, size_t start,
    int *caps, const struct rx_limits *lim)
{
	struct rx_m m;
	int regs_inl[RX_INLINE_REGS];
	int k, rc = 0;
	size_t s, max;

	for (k = 0; k < 2 * p->ngroups; k++)
		caps[k] = -1;
	if (len > INT_MAX || start > len)
		return 0;
	memset(&m, 0, sizeof(m) - sizeof(m.inl));
	m.p = p;
	m.s = subject;
	m.len = (int)len;
	m.u = (p->flags & (RX_U | RX_V)) != 0;
	m.caps = caps;
	m.lim = lim;
	m.a = lim != NULL && lim->alloc != NULL ? lim->alloc : &p->a;
	m.budget = RX_POLL_STEPS;
	max = lim != NULL && lim->max_stack_bytes ? lim->max_stack_bytes
						  : RX_STACK_DEFAULT;
	m.max = max / sizeof(struct rx_bt);
	if (m.max < RX_INLINE_BT)
		m.max = RX_INLINE_BT;
	m.st = m.inl;
	m.cap = RX_INLINE_BT;
	if (p->nregs <= RX_INLINE_REGS) {
		m.regs = regs_inl;
	} else if ((m.regs = rx_realloc(
			m.a, NULL, (size_t)p->nregs * sizeof(int))) == NULL) {
		return RX_ENOMEM;
	}
	/* Under u/v the match starts at the character holding `start`: inside
	 * a surrogate pair, that is the pair (RegExpBuiltinExec's
	 * inputIndex), so a match may begin at start - 1. */
	if (m.u && start > 0 && start < len && rx_is_lo(subject[start]) &&
	    rx_is_hi(subject[start - 1]))
		start--;
	for (s = start; s <= len; s++) {
		if (p->anchored && s != 0)
			break;
		if (rx_may_start(&m, s) && (rc = rx_run(&m, (int)s)) != 0)
			break;
		if ((rc = rx_poll(&m)) < 0)
			break;
		if (p->flags & RX_Y)
			break;
		/* Unicode mode advances by code point (AdvanceStringIndex). */
		if (m.u && s + 1 < len && rx_is_hi(subject[s]) &&
		    rx_is_lo(subject[s + 1]))
			s++;
	}
	if (m.st != m.inl)
		rx_realloc(m.a, m.st, 0);
	if (m.regs != regs_inl)
		rx_realloc(m.a, m.regs, 0);
	if (rc != 1)
		for (k = 0; k < 2 * p->ngroups; k++)
			caps[k] = -1;
	return rc;
}
