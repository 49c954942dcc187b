/*
 * The Unicode data of rx: property lookup by name, case canonicalization.
 * The tables are generated at build time (engine/tools/rx_gen_unicode.pl
 * into build/gen/rx_unicode_data.h) from Debian's unicode-data package.
 */
#include <string.h>

#include "regexp/rx_int.h"
#include "rx_unicode_data.h"

const struct rx_uprop *
rx_uprop_find(int kind, const char *name)
{
	size_t lo = 0, hi = RX_U_NPROPS;

	/* Sorted by (kind, name): a binary search. */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		const struct rx_uprop *p = &rx_u_props[mid];
		int c = p->kind != kind ? (p->kind < kind ? -1 : 1)
					: strcmp(p->name, name);
		if (c == 0)
			return p;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

void
rx_uprop_add(struct rx_cset *s, const struct rx_uprop *p)
{
	uint32_t i;

	for (i = 0; i < p->n; i++)
		rx_cset_add(s, rx_u_ranges[2 * (p->off + i)],
		    rx_u_ranges[2 * (p->off + i) + 1]);
}

const uint32_t *
rx_uprop_seqs(const struct rx_uprop *p, uint32_t *n)
{
	*n = p->sn;
	return rx_u_seqs + p->soff;
}

static int
rx_ranges_has(const uint32_t *r, uint32_t n, uint32_t c)
{
	uint32_t lo = 0, hi = n;

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

int
rx_uprop_has(const struct rx_uprop *p, uint32_t c)
{
	return rx_ranges_has(rx_u_ranges + 2 * p->off, p->n, c);
}

const uint32_t *
rx_fold_table(int unicode, size_t *n)
{
	*n = unicode ? RX_U_NSCF : RX_U_NUPPER;
	return unicode ? rx_u_fold_scf : rx_u_fold_upper;
}

uint32_t
rx_canon(uint32_t c, int unicode)
{
	const uint32_t *t;
	size_t lo = 0, hi;

	/* ASCII first: the common case by far. */
	if (c < 128) {
		if (unicode)
			return c >= 'A' && c <= 'Z' ? c + 32 : c;
		return c >= 'a' && c <= 'z' ? c - 32 : c;
	}
	t = rx_fold_table(unicode, &hi);
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (t[2 * mid] == c)
			return t[2 * mid + 1];
		if (t[2 * mid] < c)
			lo = mid + 1;
		else
			hi = mid;
	}
	return c;
}

int
rx_is_id_start(uint32_t c)
{
	const struct rx_uprop *p;

	if (c < 128)
		return (c | 32) - 'a' < 26 || c == '$' || c == '_';
	p = rx_uprop_find(RX_UP_BIN, "ID_Start");
	return p != NULL && rx_uprop_has(p, c);
}

int
rx_is_id_continue(uint32_t c)
{
	const struct rx_uprop *p;

	if (c < 128)
		return (c | 32) - 'a' < 26 || c - '0' < 10 || c == '$' ||
		    c == '_';
	if (c == 0x200c || c == 0x200d)
		return 1;
	p = rx_uprop_find(RX_UP_BIN, "ID_Continue");
	return p != NULL && rx_uprop_has(p, c);
}
