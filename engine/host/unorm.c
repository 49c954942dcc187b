/*
 * unorm.c: Unicode normalization forms (UAX #15) over code points: full
 * decomposition (canonical, or compatibility for NFKC/NFKD) with Hangul
 * syllables decomposed algorithmically, the canonical ordering of each run
 * of non-starters by combining class (a stable insertion sort: runs are
 * short), then, for NFC/NFKC, canonical composition. See unorm.h.
 */
#include "unorm.h"

struct unorm_ccc_range {
	uint32_t lo, hi;
	uint8_t ccc;
};
struct unorm_dm_entry {
	uint32_t cp;
	uint16_t off;
	uint8_t len;
	uint8_t compat;
};
struct unorm_comp_entry {
	uint32_t a, b, c;
};

#include "unorm_data.h"

#define NTAB(t) (sizeof(t) / sizeof((t)[0]))

/* Hangul syllable arithmetic (The Unicode Standard, 3.12). */
#define SBASE 0xac00u
#define LBASE 0x1100u
#define VBASE 0x1161u
#define TBASE 0x11a7u
#define LCOUNT 19u
#define VCOUNT 21u
#define TCOUNT 28u
#define NCOUNT (VCOUNT * TCOUNT)
#define SCOUNT (LCOUNT * NCOUNT)

int
unorm_ccc_of(uint32_t cp)
{
	size_t lo = 0, hi = NTAB(unorm_ccc), mid;

	if (cp < 0x300)
		return 0;
	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (cp < unorm_ccc[mid].lo)
			hi = mid;
		else if (cp > unorm_ccc[mid].hi)
			lo = mid + 1;
		else
			return unorm_ccc[mid].ccc;
	}
	return 0;
}

static const struct unorm_dm_entry *
unorm_dm_find(uint32_t cp, int compat)
{
	size_t lo = 0, hi = NTAB(unorm_dm), mid;

	if (cp < 0xa0)
		return NULL;
	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (cp < unorm_dm[mid].cp)
			hi = mid;
		else if (cp > unorm_dm[mid].cp)
			lo = mid + 1;
		else
			return compat || !unorm_dm[mid].compat ? &unorm_dm[mid]
							       : NULL;
	}
	return NULL;
}

/*
 * The full decomposition of cp written to out (when not NULL); returns its
 * length. Mappings nest only a few levels deep (the data is finite and
 * acyclic), so the recursion is bounded by the tables.
 */
static size_t
unorm_decompose(uint32_t cp, int compat, uint32_t *out)
{
	const struct unorm_dm_entry *e;
	size_t n = 0, i;

	if (cp >= SBASE && cp < SBASE + SCOUNT) {
		uint32_t s = cp - SBASE, t = s % TCOUNT;

		if (out != NULL) {
			out[0] = LBASE + s / NCOUNT;
			out[1] = VBASE + (s % NCOUNT) / TCOUNT;
			if (t != 0)
				out[2] = TBASE + t;
		}
		return t != 0 ? 3 : 2;
	}
	if ((e = unorm_dm_find(cp, compat)) == NULL) {
		if (out != NULL)
			out[0] = cp;
		return 1;
	}
	for (i = 0; i < e->len; i++)
		n += unorm_decompose(unorm_dm_cps[e->off + i], compat,
		    out != NULL ? out + n : NULL);
	return n;
}

int
unorm_is_trivial(const uint32_t *in, size_t n, enum unorm_form form)
{
	/* Below U+0300 nothing composes with what precedes it, and the
	 * first decomposable code points are U+00A0 (compatibility) and
	 * U+00C0 (canonical). */
	uint32_t lim = form == UNORM_NFC ? 0x300
	    : form == UNORM_NFD		 ? 0xc0
					 : 0xa0;
	size_t i;

	for (i = 0; i < n; i++)
		if (in[i] >= lim)
			return 0;
	return 1;
}

size_t
unorm_decomposed_len(const uint32_t *in, size_t n, enum unorm_form form)
{
	int compat = form == UNORM_NFKC || form == UNORM_NFKD;
	size_t len = 0, i;

	for (i = 0; i < n; i++)
		len += unorm_decompose(in[i], compat, NULL);
	return len;
}

static uint32_t
unorm_compose_pair(uint32_t a, uint32_t b)
{
	size_t lo = 0, hi = NTAB(unorm_comp), mid;

	if (a >= LBASE && a < LBASE + LCOUNT && b >= VBASE &&
	    b < VBASE + VCOUNT)
		return SBASE + ((a - LBASE) * VCOUNT + (b - VBASE)) * TCOUNT;
	if (a >= SBASE && a < SBASE + SCOUNT && (a - SBASE) % TCOUNT == 0 &&
	    b > TBASE && b < TBASE + TCOUNT)
		return a + (b - TBASE);
	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (a < unorm_comp[mid].a ||
		    (a == unorm_comp[mid].a && b < unorm_comp[mid].b))
			hi = mid;
		else if (a > unorm_comp[mid].a || b > unorm_comp[mid].b)
			lo = mid + 1;
		else
			return unorm_comp[mid].c;
	}
	return 0;
}

size_t
unorm_normalize(
    const uint32_t *in, size_t n, enum unorm_form form, uint32_t *out)
{
	int compat = form == UNORM_NFKC || form == UNORM_NFKD;
	size_t len = 0, i, j, starter, w;
	int cc, last;
	uint32_t c, comp;

	for (i = 0; i < n; i++)
		len += unorm_decompose(in[i], compat, out + len);

	/* Canonical ordering: each non-starter moves back past the
	 * non-starters of a higher class before it. */
	for (i = 1; i < len; i++) {
		c = out[i];
		cc = unorm_ccc_of(c);
		if (cc == 0)
			continue;
		for (j = i; j > 0; j--) {
			int pc = unorm_ccc_of(out[j - 1]);

			if (pc == 0 || pc <= cc)
				break;
			out[j] = out[j - 1];
		}
		out[j] = c;
	}
	if (form == UNORM_NFD || form == UNORM_NFKD || len == 0)
		return len;

	/*
	 * Canonical composition: a character combines with the last starter
	 * when nothing between them blocks it (the one before it has a lower
	 * class, or it directly follows the starter).
	 */
	starter = 0;
	last = unorm_ccc_of(out[0]) != 0 ? 256 : 0;
	w = 1;
	for (i = 1; i < len; i++) {
		c = out[i];
		cc = unorm_ccc_of(c);
		if ((last < cc || last == 0) &&
		    (comp = unorm_compose_pair(out[starter], c)) != 0) {
			out[starter] = comp;
			continue;
		}
		if (cc == 0)
			starter = w;
		last = cc;
		out[w++] = c;
	}
	return w;
}
