/*
 * icu.c: the locales other than en-US, through Debian's ICU 72 (icu.h).
 *
 * Every handle ICU gives (formatters, collators, the date pattern
 * generator) lives in a small table of ICU_CACHE_SLOTS, least recently
 * used out first, and the result objects are opened once and reused: a
 * guest making formatters in a thousand locales holds at most that many
 * handles, and a Duktape error thrown between two ICU calls leaks nothing
 * (every handle is the table's before it is used).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ucal.h>
#include <unicode/uclean.h>
#include <unicode/ucol.h>
#include <unicode/ucurr.h>
#include <unicode/udat.h>
#include <unicode/udateintervalformat.h>
#include <unicode/udata.h>
#include <unicode/udatpg.h>
#include <unicode/uenum.h>
#include <unicode/ufieldpositer.h>
#include <unicode/uformattedvalue.h>
#include <unicode/ulistformatter.h>
#include <unicode/uloc.h>
#include <unicode/umachine.h>
#include <unicode/unumberformatter.h>
#include <unicode/unumsys.h>
#include <unicode/upluralrules.h>
#include <unicode/ureldatefmt.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>

#include "cesu.h"
#include "collate.h"
#include "icu.h"

/* --- memory ----------------------------------------------------------------
 */

/* Each block carries its size before it, so free and realloc can count;
 * the header keeps malloc's alignment. */
union icu_header {
	size_t size;
	max_align_t align;
};

static size_t icu_used;
static size_t icu_cap = ICU_MEMORY_CAP;

static void *U_CALLCONV
icu_alloc(const void *context, size_t size)
{
	union icu_header *h;

	(void)context;
	if (icu_used > icu_cap || size > icu_cap - icu_used)
		return NULL;
	h = malloc(sizeof(*h) + size);
	if (h == NULL)
		return NULL;
	h->size = size;
	icu_used += size;
	return h + 1;
}

static void U_CALLCONV
icu_free(const void *context, void *p)
{
	union icu_header *h;

	(void)context;
	if (p == NULL)
		return;
	h = (union icu_header *)p - 1;
	icu_used -= h->size;
	free(h);
}

static void *U_CALLCONV
icu_realloc(const void *context, void *p, size_t size)
{
	union icu_header *h, *n;

	if (p == NULL)
		return icu_alloc(context, size);
	h = (union icu_header *)p - 1;
	if (size > h->size &&
	    (icu_used > icu_cap || size - h->size > icu_cap - icu_used))
		return NULL;
	n = realloc(h, sizeof(*n) + size);
	if (n == NULL)
		return NULL;
	icu_used = icu_used - n->size + size;
	n->size = size;
	return n + 1;
}

size_t
icu_allocated(void)
{
	return icu_used;
}

void
icu_set_cap(size_t cap)
{
	icu_cap = cap;
}

/* ICU's internal putilimp.h, exported: Debian's ICU looks for newer zone
 * data in /usr/share/zoneinfo-icu (tzdata-icu) before its own, a stat
 * and then an open() the child's seccomp filter ends it for. "" turns
 * that off. */
U_CAPI void U_EXPORT2 u_setTimeZoneFilesDirectory(
    const char *path, UErrorCode *status);

/* 0 not yet, 1 ready, -1 ICU refused */
static int icu_state;

int
icu_ensure(void)
{
	static const UChar utc[] = { 'U', 'T', 'C', 0 };
	UErrorCode st = U_ZERO_ERROR;

	if (icu_state != 0)
		return icu_state > 0 ? 0 : -1;
	u_setMemoryFunctions(NULL, icu_alloc, icu_realloc, icu_free, &st);
	/* ICU's default is to look for a file before the linked data: under
	 * the child's seccomp filter an open() ends the child. */
	udata_setFileAccess(UDATA_ONLY_PACKAGES, &st);
	u_setTimeZoneFilesDirectory("", &st);
	/* set, so ICU never asks the environment or /etc/localtime */
	uloc_setDefault("en_US", &st);
	ucal_setDefaultTimeZone(utc, &st);
	u_init(&st);
	icu_state = U_SUCCESS(st) ? 1 : -1;
	return icu_state > 0 ? 0 : -1;
}

/* --- locales ------------------------------------------------------------- */

/* ICU's available locales, sorted once for a binary search (a locale's
 * negotiation is per constructor and per toLocaleString call) */
#define ICU_MAX_AVAILABLE 2048
static const char *icu_avail[ICU_MAX_AVAILABLE];
static int32_t icu_navail = -1;

/* Shell's sort of the names: glibc's qsort asks sysconf for the
 * machine's memory (sysinfo), a system call the child's seccomp filter
 * ends it for. */
static void
icu_sort_names(const char **v, int32_t n)
{
	int32_t gap, i, j;
	const char *t;

	for (gap = n / 2; gap > 0; gap /= 2)
		for (i = gap; i < n; i++) {
			t = v[i];
			for (j = i; j >= gap && strcmp(v[j - gap], t) > 0;
			     j -= gap)
				v[j] = v[j - gap];
			v[j] = t;
		}
}

/* 1 available, 0 not, -1 ICU could not say */
static int
icu_available(const char *id)
{
	int32_t i, n, lo = 0, hi;
	int c;

	if (icu_navail < 0) {
		n = uloc_countAvailable();
		if (n > ICU_MAX_AVAILABLE)
			n = ICU_MAX_AVAILABLE;
		for (i = 0; i < n; i++)
			icu_avail[i] = uloc_getAvailable(i);
		icu_sort_names(icu_avail, n);
		/* none: ICU could not load its index (memory); ask again */
		if (n == 0)
			return -1;
		icu_navail = n;
	}
	hi = icu_navail;
	while (lo < hi) {
		i = lo + (hi - lo) / 2;
		c = strcmp(icu_avail[i], id);
		if (c == 0)
			return 1;
		if (c < 0)
			lo = i + 1;
		else
			hi = i;
	}
	return 0;
}

int
icu_locale(const char *tag, char *out, size_t cap)
{
	char id[ULOC_FULLNAME_CAPACITY], max[ULOC_FULLNAME_CAPACITY];
	char parent[ULOC_FULLNAME_CAPACITY], *at;
	UErrorCode st = U_ZERO_ERROR;
	int32_t parsed;
	int found;

	if (icu_ensure() < 0 || cap > INT32_MAX)
		return -1;
	uloc_forLanguageTag(tag, id, (int32_t)sizeof(id), &parsed, &st);
	if (st == U_MEMORY_ALLOCATION_ERROR)
		return -1;
	if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING)
		return 0;
	at = strchr(id, '@');
	if (at != NULL)
		*at = '\0';
	/* BestAvailableLocale: the tag, then each prefix; a tag ICU keeps
	 * under its script (zh_TW as zh_Hant_TW) by its likely subtags */
	while (id[0] != '\0' && strcmp(id, "root") != 0) {
		found = icu_available(id);
		if (found == 0) {
			st = U_ZERO_ERROR;
			uloc_addLikelySubtags(
			    id, max, (int32_t)sizeof(max), &st);
			if (st == U_MEMORY_ALLOCATION_ERROR)
				return -1;
			if (U_SUCCESS(st) &&
			    st != U_STRING_NOT_TERMINATED_WARNING)
				found = icu_available(max);
		}
		if (found < 0)
			return -1;
		if (found) {
			st = U_ZERO_ERROR;
			uloc_toLanguageTag(id, out, (int32_t)cap, 0, &st);
			return U_SUCCESS(st) &&
				st != U_STRING_NOT_TERMINATED_WARNING
			    ? 1
			    : -1;
		}
		st = U_ZERO_ERROR;
		uloc_getParent(id, parent, (int32_t)sizeof(parent), &st);
		if (U_FAILURE(st))
			return -1;
		memcpy(id, parent, sizeof(id));
	}
	return 0;
}

/* --- the handles kept ---------------------------------------------------- */

enum icu_kind {
	ICU_NUMBER = 1,
	ICU_COLLATOR,
	ICU_PLURAL,
	ICU_DATE,
	ICU_PATTERNS,
	ICU_RELTIME,
	ICU_LIST,
	ICU_INTERVAL
};

#define ICU_KEY 256

struct icu_slot {
	int kind;
	char key[ICU_KEY];
	void *h;
	unsigned long used;
};

static struct icu_slot icu_slots[ICU_CACHE_SLOTS];
static unsigned long icu_tick;

static void
icu_close(int kind, void *h)
{
	switch (kind) {
	case ICU_NUMBER:
		unumf_close(h);
		break;
	case ICU_COLLATOR:
		ucol_close(h);
		break;
	case ICU_PLURAL:
		uplrules_close(h);
		break;
	case ICU_DATE:
		udat_close(h);
		break;
	case ICU_PATTERNS:
		udatpg_close(h);
		break;
	case ICU_RELTIME:
		ureldatefmt_close(h);
		break;
	case ICU_LIST:
		ulistfmt_close(h);
		break;
	case ICU_INTERVAL:
		udtitvfmt_close(h);
		break;
	}
}

static void *
icu_cached(int kind, const char *key)
{
	int i;

	for (i = 0; i < ICU_CACHE_SLOTS; i++)
		if (icu_slots[i].kind == kind &&
		    strcmp(icu_slots[i].key, key) == 0) {
			icu_slots[i].used = ++icu_tick;
			return icu_slots[i].h;
		}
	return NULL;
}

static duk_ret_t icu_throw(duk_context *ctx, UErrorCode st);

/*
 * Keeps h, which ICU just opened with status *st, under key, closing the
 * least recently used handle for room, and returns it; if ICU failed,
 * closes h and throws.
 */
static void *
icu_keep(
    duk_context *ctx, int kind, const char *key, void *h, const UErrorCode *st)
{
	int i, old = 0;

	if (U_FAILURE(*st)) {
		icu_close(kind, h);
		(void)icu_throw(ctx, *st);
	}
	for (i = 1; i < ICU_CACHE_SLOTS; i++)
		if (icu_slots[i].used < icu_slots[old].used)
			old = i;
	if (icu_slots[old].h != NULL)
		icu_close(icu_slots[old].kind, icu_slots[old].h);
	icu_slots[old].kind = kind;
	strcpy(icu_slots[old].key, key);
	icu_slots[old].h = h;
	icu_slots[old].used = ++icu_tick;
	return h;
}

/* --- errors and strings -------------------------------------------------- */

static duk_ret_t
icu_throw(duk_context *ctx, UErrorCode st)
{
	if (st == U_MEMORY_ALLOCATION_ERROR)
		return duk_error(ctx, DUK_ERR_RANGE_ERROR,
		    "Intl: out of memory for locale data");
	return duk_error(ctx, DUK_ERR_RANGE_ERROR, "Intl: %s", u_errorName(st));
}

/* key: the parts joined by '|', or a RangeError past ICU_KEY. */
static void
icu_key(duk_context *ctx, char *key, const char *kind, const char *a,
    const char *b, const char *c)
{
	size_t n = (size_t)snprintf(key, ICU_KEY, "%s|%s|%s|%s", kind, a, b, c);

	if (n >= ICU_KEY)
		(void)duk_error(
		    ctx, DUK_ERR_RANGE_ERROR, "Intl: option text too long");
}

/* The string at idx as NUL-terminated UTF-16 in a buffer pushed on the
 * stack (the call's, freed with it). */
static UChar *
icu_to16(duk_context *ctx, duk_idx_t idx, int32_t *len)
{
	duk_size_t n;
	const unsigned char *s;
	UChar *out;
	size_t i = 0;
	int32_t k = 0;
	uint32_t c;

	idx = duk_normalize_index(ctx, idx);
	s = (const unsigned char *)duk_to_lstring(ctx, idx, &n);
	if (n > INT32_MAX / 2 - 1)
		(void)duk_error(
		    ctx, DUK_ERR_RANGE_ERROR, "Invalid string length");
	/* a byte is at most one unit; a 4-byte sequence two */
	out = duk_push_fixed_buffer(ctx, (n + 1) * sizeof(UChar));
	while (i < n) {
		c = cesu_next(s, n, &i);
		if (c >= 0x10000) {
			out[k++] = (UChar)(0xd800 + ((c - 0x10000) >> 10));
			out[k++] = (UChar)(0xdc00 + ((c - 0x10000) & 0x3ff));
		} else
			out[k++] = (UChar)c;
	}
	out[k] = 0;
	*len = k;
	return out;
}

/* Pushes n UTF-16 units as a string (CESU-8, Duktape's own form). */
static void
icu_push16(duk_context *ctx, const UChar *s, int32_t n)
{
	unsigned char *b = duk_push_fixed_buffer(ctx, (size_t)n * 3 + 1);
	size_t k = 0;
	int32_t i;
	UChar u;

	for (i = 0; i < n; i++) {
		u = s[i];
		if (u < 0x80)
			b[k++] = (unsigned char)u;
		else if (u < 0x800) {
			b[k++] = (unsigned char)(0xc0 | (u >> 6));
			b[k++] = (unsigned char)(0x80 | (u & 0x3f));
		} else {
			b[k++] = (unsigned char)(0xe0 | (u >> 12));
			b[k++] = (unsigned char)(0x80 | ((u >> 6) & 0x3f));
			b[k++] = (unsigned char)(0x80 | (u & 0x3f));
		}
	}
	duk_push_lstring(ctx, (const char *)b, k);
	duk_remove(ctx, -2);
}

/* Pushes [text], where the fields' numbers go next; its index. */
static duk_idx_t
icu_push_text_array(duk_context *ctx, const UChar *s, int32_t n)
{
	duk_idx_t arr;

	duk_push_array(ctx);
	arr = duk_get_top_index(ctx);
	icu_push16(ctx, s, n);
	duk_put_prop_index(ctx, arr, 0);
	return arr;
}

/* A field's three numbers at arr[*k...]. */
static void
icu_put_field(duk_context *ctx, duk_idx_t arr, duk_uarridx_t *k, int field,
    int32_t b, int32_t e)
{
	duk_push_int(ctx, field);
	duk_put_prop_index(ctx, arr, (*k)++);
	duk_push_int(ctx, b);
	duk_put_prop_index(ctx, arr, (*k)++);
	duk_push_int(ctx, e);
	duk_put_prop_index(ctx, arr, (*k)++);
}

/*
 * Pushes the text of v, or with parts [text, field, begin, end, ...]: the
 * fields of category cat (and the numbers' inside, for a relative time or
 * a list) in ICU's order, for 32_intl.js to cut into parts.
 */
static UConstrainedFieldPosition *icu_pos;

static void
icu_push_value(
    duk_context *ctx, const UFormattedValue *v, int parts, UErrorCode *st)
{
	const UChar *s;
	int32_t n, b, e;
	duk_uarridx_t k = 1;
	duk_idx_t arr;

	s = ufmtval_getString(v, &n, st);
	if (U_FAILURE(*st))
		(void)icu_throw(ctx, *st);
	if (!parts) {
		icu_push16(ctx, s, n);
		return;
	}
	arr = icu_push_text_array(ctx, s, n);
	if (icu_pos == NULL)
		icu_pos = ucfpos_open(st);
	else
		ucfpos_reset(icu_pos, st);
	if (U_FAILURE(*st))
		(void)icu_throw(ctx, *st);
	while (ufmtval_nextPosition(v, icu_pos, st) && U_SUCCESS(*st)) {
		ucfpos_getIndexes(icu_pos, &b, &e, st);
		icu_put_field(ctx, arr, &k,
		    ucfpos_getCategory(icu_pos, st) * 256 +
			ucfpos_getField(icu_pos, st),
		    b, e);
	}
	if (U_FAILURE(*st))
		(void)icu_throw(ctx, *st);
}

/* --- the natives -----------------------------------------------------------
 */

static void
icu_ready(duk_context *ctx)
{
	if (icu_ensure() < 0)
		(void)duk_error(
		    ctx, DUK_ERR_RANGE_ERROR, "Intl: locale data unavailable");
}

/*
 * The locale at idx, a BCP 47 tag the prelude negotiated ("de-DE",
 * "hi-IN-u-nu-deva"), as ICU's locale ID ("hi_IN@numbers=deva"), which
 * replaces it on the stack.
 */
static const char *
icu_loc(duk_context *ctx, duk_idx_t idx)
{
	char id[ULOC_FULLNAME_CAPACITY];
	UErrorCode st = U_ZERO_ERROR;
	int32_t parsed;

	icu_ready(ctx);
	idx = duk_normalize_index(ctx, idx);
	uloc_forLanguageTag(duk_require_string(ctx, idx), id,
	    (int32_t)sizeof(id), &parsed, &st);
	if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING)
		(void)icu_throw(
		    ctx, U_FAILURE(st) ? st : U_BUFFER_OVERFLOW_ERROR);
	duk_push_string(ctx, id);
	duk_replace(ctx, idx);
	return duk_get_string(ctx, idx);
}

/* icuCurrencyDigits(code): the currency's minor unit digits (ISO 4217's,
 * as CLDR has them: BHD 3, JPY 0, an unknown code 2). */
static duk_ret_t
icu_native_currency_digits(duk_context *ctx)
{
	UChar code[4];
	UErrorCode st = U_ZERO_ERROR;
	const char *c = duk_require_string(ctx, 0);
	int32_t d;
	int i;

	icu_ready(ctx);
	for (i = 0; i < 3 && c[i] != '\0'; i++)
		code[i] = (UChar)(unsigned char)c[i];
	code[i] = 0;
	d = ucurr_getDefaultFractionDigits(code, &st);
	duk_push_int(ctx, U_SUCCESS(st) ? d : 2);
	return 1;
}

/* icuNumberingSystem(locale): the digits the locale writes ("latn",
 * "arab", "deva" given -u-nu-deva). */
static duk_ret_t
icu_native_numbering_system(duk_context *ctx)
{
	char name[32];
	UErrorCode st = U_ZERO_ERROR;
	UNumberingSystem *ns = unumsys_open(icu_loc(ctx, 0), &st);

	if (U_SUCCESS(st))
		snprintf(name, sizeof(name), "%s", unumsys_getName(ns));
	unumsys_close(ns);
	if (U_FAILURE(st))
		return icu_throw(ctx, st);
	duk_push_string(ctx, name);
	return 1;
}

/* icuCalendar(locale): the locale's calendar as ECMA-402 names it
 * ("gregory", "buddhist", "islamic-umalqura"). */
static duk_ret_t
icu_native_calendar(duk_context *ctx)
{
	static const UChar utc[] = { 'U', 'T', 'C', 0 };
	char name[48];
	UErrorCode st = U_ZERO_ERROR;
	UCalendar *cal = ucal_open(utc, -1, icu_loc(ctx, 0), UCAL_DEFAULT, &st);
	const char *t = U_SUCCESS(st) ? ucal_getType(cal, &st) : NULL;

	if (U_SUCCESS(st))
		snprintf(name, sizeof(name), "%s",
		    strcmp(t, "gregorian") == 0			? "gregory"
			: strcmp(t, "ethiopic-amete-alem") == 0 ? "ethioaa"
								: t);
	ucal_close(cal);
	if (U_FAILURE(st))
		return icu_throw(ctx, st);
	duk_push_string(ctx, name);
	return 1;
}

/* icuPunctuation(locale): whether the locale's collation ignores
 * punctuation by default (Thai's does), Intl.Collator's default. */
static duk_ret_t
icu_native_punctuation(duk_context *ctx)
{
	UErrorCode st = U_ZERO_ERROR;
	UCollator *c = ucol_open(icu_loc(ctx, 0), &st);
	UColAttributeValue v = U_SUCCESS(st)
	    ? ucol_getAttribute(c, UCOL_ALTERNATE_HANDLING, &st)
	    : UCOL_DEFAULT;

	ucol_close(c);
	if (U_FAILURE(st))
		return icu_throw(ctx, st);
	duk_push_boolean(ctx, v == UCOL_SHIFTED);
	return 1;
}

/* icuLocale(tag): the best available locale for tag, or undefined. */
static duk_ret_t
icu_native_locale(duk_context *ctx)
{
	char out[ULOC_FULLNAME_CAPACITY];
	int r;

	icu_ready(ctx);
	r = icu_locale(duk_require_string(ctx, 0), out, sizeof(out));
	if (r < 0)
		return icu_throw(ctx, U_MEMORY_ALLOCATION_ERROR);
	if (r == 0)
		return 0;
	duk_push_string(ctx, out);
	return 1;
}

static UNumberFormatter *
icu_numberformat(duk_context *ctx, const char *loc, const char *skel)
{
	char key[ICU_KEY];
	UNumberFormatter *f;
	UErrorCode st = U_ZERO_ERROR;
	UChar *s16;
	int32_t n;

	icu_key(ctx, key, "n", loc, skel, "");
	f = icu_cached(ICU_NUMBER, key);
	if (f != NULL)
		return f;
	duk_push_string(ctx, skel);
	s16 = icu_to16(ctx, -1, &n);
	f = icu_keep(ctx, ICU_NUMBER, key,
	    unumf_openForSkeletonAndLocale(s16, n, loc, &st), &st);
	duk_pop_2(ctx);
	return f;
}

static UFormattedNumber *icu_number_result;

/* Formats the number at idx (a number, or a decimal string for a BigInt)
 * into icu_number_result. */
static void
icu_format_number(duk_context *ctx, UNumberFormatter *f, duk_idx_t idx)
{
	UErrorCode st = U_ZERO_ERROR;
	const char *d;
	duk_size_t n;

	if (icu_number_result == NULL) {
		icu_number_result = unumf_openResult(&st);
		if (U_FAILURE(st))
			(void)icu_throw(ctx, st);
	}
	if (duk_is_string(ctx, idx)) {
		d = duk_get_lstring(ctx, idx, &n);
		unumf_formatDecimal(f, d, (int32_t)n, icu_number_result, &st);
	} else
		unumf_formatDouble(
		    f, duk_to_number(ctx, idx), icu_number_result, &st);
	if (U_FAILURE(st))
		(void)icu_throw(ctx, st);
}

/* icuNumber(locale, skeleton, x, parts): x (a number, or a BigInt's
 * decimal string) as the number skeleton says. */
static duk_ret_t
icu_native_number(duk_context *ctx)
{
	UNumberFormatter *f;
	UErrorCode st = U_ZERO_ERROR;

	icu_ready(ctx);
	f = icu_numberformat(ctx, icu_loc(ctx, 0), duk_require_string(ctx, 1));
	icu_format_number(ctx, f, 2);
	icu_push_value(ctx, unumf_resultAsValue(icu_number_result, &st),
	    duk_to_boolean(ctx, 3), &st);
	return 1;
}

static UPluralRules *
icu_plural_rules(duk_context *ctx, const char *loc, int ordinal)
{
	char key[ICU_KEY];
	UPluralRules *p;
	UErrorCode st = U_ZERO_ERROR;

	icu_key(ctx, key, "p", loc, ordinal ? "o" : "c", "");
	p = icu_cached(ICU_PLURAL, key);
	if (p != NULL)
		return p;
	return icu_keep(ctx, ICU_PLURAL, key,
	    uplrules_openForType(loc,
		ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, &st),
	    &st);
}

/* icuPlural(locale, ordinal, skeleton, x): x's plural category, x
 * written as the skeleton's digits say. */
static duk_ret_t
icu_native_plural(duk_context *ctx)
{
	const char *loc = icu_loc(ctx, 0);
	int ordinal = duk_to_boolean(ctx, 1);
	UNumberFormatter *f;
	UPluralRules *p;
	UErrorCode st = U_ZERO_ERROR;
	UChar kw[32];
	int32_t n;

	icu_ready(ctx);
	f = icu_numberformat(ctx, loc, duk_require_string(ctx, 2));
	icu_format_number(ctx, f, 3);
	p = icu_plural_rules(ctx, loc, ordinal);
	n = uplrules_selectFormatted(p, icu_number_result, kw, 32, &st);
	if (U_FAILURE(st))
		return icu_throw(ctx, st);
	icu_push16(ctx, kw, n);
	return 1;
}

/* icuPluralCategories(locale, ordinal): the categories, joined by ' '. */
static duk_ret_t
icu_native_plural_categories(duk_context *ctx)
{
	char list[128];
	size_t k = 0, len;
	UEnumeration *e;
	UErrorCode st = U_ZERO_ERROR;
	const char *w;
	int32_t n;

	icu_ready(ctx);
	e = uplrules_getKeywords(
	    icu_plural_rules(ctx, icu_loc(ctx, 0), duk_to_boolean(ctx, 1)),
	    &st);
	while (U_SUCCESS(st) && (w = uenum_next(e, &n, &st)) != NULL) {
		len = strlen(w);
		if (k + len + 2 > sizeof(list))
			break;
		if (k > 0)
			list[k++] = ' ';
		memcpy(list + k, w, len);
		k += len;
	}
	uenum_close(e);
	if (U_FAILURE(st))
		return icu_throw(ctx, st);
	duk_push_lstring(ctx, list, k);
	return 1;
}

int
icu_compare(duk_context *ctx, duk_idx_t ia, duk_idx_t ib, const char *loc,
    unsigned flags)
{
	char key[ICU_KEY], fl[16];
	unsigned level = flags & 3u;
	UCollator *c;
	UErrorCode st = U_ZERO_ERROR;
	UChar *a, *b;
	int32_t an, bn;
	UCollationResult r;

	icu_ready(ctx);
	ia = duk_normalize_index(ctx, ia);
	ib = duk_normalize_index(ctx, ib);
	duk_push_string(ctx, loc);
	loc = icu_loc(ctx, -1);
	snprintf(fl, sizeof(fl), "%u", flags);
	icu_key(ctx, key, "c", loc, fl, "");
	c = icu_cached(ICU_COLLATOR, key);
	if (c == NULL) {
		c = ucol_open(loc, &st);
		ucol_setAttribute(c, UCOL_STRENGTH,
		    level == COLLATE_BASE || level == COLLATE_CASE
			? UCOL_PRIMARY
			: level == COLLATE_ACCENT ? UCOL_SECONDARY
						  : UCOL_TERTIARY,
		    &st);
		ucol_setAttribute(c, UCOL_CASE_LEVEL,
		    level == COLLATE_CASE ? UCOL_ON : UCOL_OFF, &st);
		ucol_setAttribute(c, UCOL_NUMERIC_COLLATION,
		    flags & COLLATE_NUMERIC ? UCOL_ON : UCOL_OFF, &st);
		/* ignorePunctuation as resolved (th's default is on:
		 * icuPunctuation) */
		ucol_setAttribute(c, UCOL_ALTERNATE_HANDLING,
		    flags & COLLATE_IGNORE_PUNCT ? UCOL_SHIFTED
						 : UCOL_NON_IGNORABLE,
		    &st);
		ucol_setAttribute(c, UCOL_CASE_FIRST,
		    flags & COLLATE_UPPER_FIRST	  ? UCOL_UPPER_FIRST
			: flags & ICU_LOWER_FIRST ? UCOL_LOWER_FIRST
						  : UCOL_DEFAULT,
		    &st);
		/* canonically equivalent strings compare equal, as the spec
		 * asks of localeCompare */
		ucol_setAttribute(c, UCOL_NORMALIZATION_MODE, UCOL_ON, &st);
		icu_keep(ctx, ICU_COLLATOR, key, c, &st);
	}
	a = icu_to16(ctx, ia, &an);
	b = icu_to16(ctx, ib, &bn);
	r = ucol_strcoll(c, a, an, b, bn);
	duk_pop_3(ctx);
	return r == UCOL_LESS ? -1 : r == UCOL_GREATER ? 1 : 0;
}

/* icuCollate(a, b, locale, flags): -1, 0 or 1 (icu_compare). */
static duk_ret_t
icu_native_collate(duk_context *ctx)
{
	duk_push_int(ctx,
	    icu_compare(
		ctx, 0, 1, duk_require_string(ctx, 2), duk_to_uint32(ctx, 3)));
	return 1;
}

/* icuCase(s, locale, upper): s upper- or lowercased by the locale's
 * rules (Turkish and Azeri dotted i, Lithuanian dots). */
static duk_ret_t
icu_native_case(duk_context *ctx)
{
	const char *loc = duk_require_string(ctx, 1);
	int upper = duk_to_boolean(ctx, 2);
	UErrorCode st = U_ZERO_ERROR;
	UChar *s, *out;
	int32_t n, m;

	icu_ready(ctx);
	s = icu_to16(ctx, 0, &n);
	/* a code unit maps to at most three */
	if (n > INT32_MAX / 3 - 1)
		return duk_error(
		    ctx, DUK_ERR_RANGE_ERROR, "Invalid string length");
	out = duk_push_fixed_buffer(ctx, ((size_t)n * 3 + 1) * sizeof(UChar));
	m = upper ? u_strToUpper(out, n * 3 + 1, s, n, loc, &st)
		  : u_strToLower(out, n * 3 + 1, s, n, loc, &st);
	if (U_FAILURE(st))
		return icu_throw(ctx, st);
	icu_push16(ctx, out, m);
	return 1;
}

static UFieldPositionIterator *icu_fields;

/* The locale's date pattern generator (kept). */
static UDateTimePatternGenerator *
icu_patterns(duk_context *ctx, const char *loc)
{
	char key[ICU_KEY];
	UDateTimePatternGenerator *g;
	UErrorCode st = U_ZERO_ERROR;

	icu_key(ctx, key, "g", loc, "", "");
	g = icu_cached(ICU_PATTERNS, key);
	return g != NULL
	    ? g
	    : icu_keep(ctx, ICU_PATTERNS, key, udatpg_open(loc, &st), &st);
}

/* icuHourCycle(locale): the locale's own cycle, "h11" .. "h24". */
static duk_ret_t
icu_native_hour_cycle(duk_context *ctx)
{
	static const char *const names[] = { "h11", "h12", "h23", "h24" };
	UErrorCode st = U_ZERO_ERROR;
	UDateFormatHourCycle c;

	icu_ready(ctx);
	c = udatpg_getDefaultHourCycle(icu_patterns(ctx, icu_loc(ctx, 0)), &st);
	if (U_FAILURE(st))
		return icu_throw(ctx, st);
	duk_push_string(ctx, names[(unsigned)c < 4 ? c : 1]);
	return 1;
}

/*
 * icuRange(locale, skeleton, zone, a, b): the interval from time value a
 * to b as the locale writes it for the skeleton's fields ("5.–7. März
 * 2024"), in zone as icuDate's.
 */
static duk_ret_t
icu_native_range(duk_context *ctx)
{
	const char *loc = icu_loc(ctx, 0);
	char key[ICU_KEY];
	UDateIntervalFormat *f;
	UErrorCode st = U_ZERO_ERROR;
	UChar *sk, *zone, buf[256], *out = buf;
	int32_t skn, zn, n;

	icu_ready(ctx);
	icu_key(ctx, key, "i", loc, duk_require_string(ctx, 1),
	    duk_require_string(ctx, 2));
	f = icu_cached(ICU_INTERVAL, key);
	if (f == NULL) {
		sk = icu_to16(ctx, 1, &skn);
		zone = icu_to16(ctx, 2, &zn);
		f = icu_keep(ctx, ICU_INTERVAL, key,
		    udtitvfmt_open(loc, sk, skn, zone, zn, &st), &st);
		duk_pop_2(ctx);
	}
	n = udtitvfmt_format(f, duk_to_number(ctx, 3), duk_to_number(ctx, 4),
	    out, 256, NULL, &st);
	if (st == U_BUFFER_OVERFLOW_ERROR && n < INT32_MAX / 2) {
		st = U_ZERO_ERROR;
		out =
		    duk_push_fixed_buffer(ctx, ((size_t)n + 1) * sizeof(UChar));
		n = udtitvfmt_format(f, duk_to_number(ctx, 3),
		    duk_to_number(ctx, 4), out, n + 1, NULL, &st);
	}
	if (U_FAILURE(st))
		return icu_throw(ctx, st);
	icu_push16(ctx, out, n);
	return 1;
}

/*
 * icuDate(locale, skeleton, dateStyle, timeStyle, zone, t, parts): time
 * value t in zone ("UTC", "GMT+05:30": engine/host/tz.c decides the
 * offset) as the locale writes the skeleton's fields (its best pattern),
 * or else the styles (0 full .. 3 short, -1 none). With parts: [text,
 * field, begin, end, ...] of udat.h's fields.
 */
static duk_ret_t
icu_native_date(duk_context *ctx)
{
	const char *loc = icu_loc(ctx, 0), *skel = duk_require_string(ctx, 1);
	int ds = duk_to_int(ctx, 2), ts = duk_to_int(ctx, 3), parts;
	char key[ICU_KEY], styles[48];
	UDateTimePatternGenerator *g;
	UDateFormat *f;
	UCalendar *cal;
	UErrorCode st = U_ZERO_ERROR;
	UChar *zone, *s16, pat[128], sbuf[256], *out = sbuf;
	int32_t zn, sn, pn = 0, n, b, e, field;
	duk_uarridx_t k = 1;
	duk_idx_t arr;

	icu_ready(ctx);
	parts = duk_to_boolean(ctx, 6);
	snprintf(styles, sizeof(styles), "%d|%d|%s", ds, ts,
	    duk_require_string(ctx, 4));
	icu_key(ctx, key, "d", loc, skel, styles);
	f = icu_cached(ICU_DATE, key);
	if (f == NULL) {
		if (skel[0] != '\0') {
			g = icu_patterns(ctx, loc);
			s16 = icu_to16(ctx, 1, &sn);
			pn = udatpg_getBestPatternWithOptions(g, s16, sn,
			    UDATPG_MATCH_HOUR_FIELD_LENGTH, pat, 128, &st);
			if (U_FAILURE(st) || pn >= 128)
				return icu_throw(ctx,
				    U_FAILURE(st) ? st
						  : U_BUFFER_OVERFLOW_ERROR);
			duk_pop(ctx);
		}
		zone = icu_to16(ctx, 4, &zn);
		f = skel[0] != '\0'
		    ? udat_open(UDAT_PATTERN, UDAT_PATTERN, loc, zone, zn, pat,
			  pn, &st)
		    : udat_open((UDateFormatStyle)ts, (UDateFormatStyle)ds, loc,
			  zone, zn, NULL, -1, &st);
		/* the locale's calendar (th's Buddhist one); ECMAScript's
		 * Gregorian calendar is the proleptic one */
		cal = ucal_open(zone, zn, loc, UCAL_DEFAULT, &st);
		if (U_SUCCESS(st)) {
			if (strcmp(ucal_getType(cal, &st), "gregorian") == 0)
				ucal_setGregorianChange(cal, -8.64e15, &st);
			udat_setCalendar(f, cal);
		}
		ucal_close(cal);
		duk_pop(ctx);
		f = icu_keep(ctx, ICU_DATE, key, f, &st);
	}
	if (parts && icu_fields == NULL) {
		icu_fields = ufieldpositer_open(&st);
		if (U_FAILURE(st))
			return icu_throw(ctx, st);
	}
	n = udat_formatForFields(
	    f, duk_to_number(ctx, 5), out, 256, parts ? icu_fields : NULL, &st);
	if (st == U_BUFFER_OVERFLOW_ERROR && n < INT32_MAX / 2) {
		st = U_ZERO_ERROR;
		out =
		    duk_push_fixed_buffer(ctx, ((size_t)n + 1) * sizeof(UChar));
		n = udat_formatForFields(f, duk_to_number(ctx, 5), out, n + 1,
		    parts ? icu_fields : NULL, &st);
	}
	if (U_FAILURE(st))
		return icu_throw(ctx, st);
	if (!parts) {
		icu_push16(ctx, out, n);
		return 1;
	}
	arr = icu_push_text_array(ctx, out, n);
	while ((field = ufieldpositer_next(icu_fields, &b, &e)) >= 0)
		icu_put_field(ctx, arr, &k, field, b, e);
	return 1;
}

/*
 * icuZoneName(locale, zone, letters, t): the name the locale gives tzdata's
 * zone at time value t, as the pattern letters ask ("z": MEZ, "zzzz",
 * "v", "vvvv"); the zone's offset in the rest of the text is tz.c's.
 */
static duk_ret_t
icu_native_zone_name(duk_context *ctx)
{
	const char *loc = icu_loc(ctx, 0);
	char key[ICU_KEY];
	UDateFormat *f;
	UErrorCode st = U_ZERO_ERROR;
	UChar *zone, *pat, out[128];
	int32_t zn, pn, n;

	icu_key(ctx, key, "z", loc, duk_require_string(ctx, 1),
	    duk_require_string(ctx, 2));
	f = icu_cached(ICU_DATE, key);
	if (f == NULL) {
		zone = icu_to16(ctx, 1, &zn);
		pat = icu_to16(ctx, 2, &pn);
		f = icu_keep(ctx, ICU_DATE, key,
		    udat_open(UDAT_PATTERN, UDAT_PATTERN, loc, zone, zn, pat,
			pn, &st),
		    &st);
		duk_pop_2(ctx);
	}
	n = udat_format(f, duk_to_number(ctx, 3), out, 128, NULL, &st);
	if (U_FAILURE(st) || n >= 128)
		return icu_throw(
		    ctx, U_FAILURE(st) ? st : U_BUFFER_OVERFLOW_ERROR);
	icu_push16(ctx, out, n);
	return 1;
}

static UFormattedRelativeDateTime *icu_reltime_result;

/* icuRelTime(locale, style, numeric, value, unit, parts): style 0 long,
 * 1 short, 2 narrow; numeric: "always" (else "auto"); unit one of
 * URelativeDateTimeUnit. */
static duk_ret_t
icu_native_reltime(duk_context *ctx)
{
	const char *loc = icu_loc(ctx, 0);
	int style = duk_to_int(ctx, 1), numeric = duk_to_boolean(ctx, 2);
	double v = duk_to_number(ctx, 3);
	int unit = duk_to_int(ctx, 4);
	char key[ICU_KEY], sk[8];
	URelativeDateTimeFormatter *f;
	UErrorCode st = U_ZERO_ERROR;

	icu_ready(ctx);
	snprintf(sk, sizeof(sk), "%d", style);
	icu_key(ctx, key, "r", loc, sk, "");
	f = icu_cached(ICU_RELTIME, key);
	if (f == NULL) {
		f = icu_keep(ctx, ICU_RELTIME, key,
		    ureldatefmt_open(loc, NULL,
			style == 1	 ? UDAT_STYLE_SHORT
			    : style == 2 ? UDAT_STYLE_NARROW
					 : UDAT_STYLE_LONG,
			UDISPCTX_CAPITALIZATION_NONE, &st),
		    &st);
	}
	if (icu_reltime_result == NULL) {
		icu_reltime_result = ureldatefmt_openResult(&st);
		if (U_FAILURE(st))
			return icu_throw(ctx, st);
	}
	if (numeric)
		ureldatefmt_formatNumericToResult(
		    f, v, (URelativeDateTimeUnit)unit, icu_reltime_result, &st);
	else
		ureldatefmt_formatToResult(
		    f, v, (URelativeDateTimeUnit)unit, icu_reltime_result, &st);
	if (U_FAILURE(st))
		return icu_throw(ctx, st);
	icu_push_value(ctx, ureldatefmt_resultAsValue(icu_reltime_result, &st),
	    duk_to_boolean(ctx, 5), &st);
	return 1;
}

static UFormattedList *icu_list_result;

/* icuList(locale, type, width, items, parts): type 0 and, 1 or, 2 units;
 * width 0 long, 1 short, 2 narrow; items an array of strings. */
static duk_ret_t
icu_native_list(duk_context *ctx)
{
	const char *loc = icu_loc(ctx, 0);
	int type = duk_to_int(ctx, 1), width = duk_to_int(ctx, 2);
	char key[ICU_KEY], tk[16];
	UListFormatter *f;
	UErrorCode st = U_ZERO_ERROR;
	duk_size_t count, i;
	const UChar **items;
	int32_t *lens;

	icu_ready(ctx);
	snprintf(tk, sizeof(tk), "%d|%d", type, width);
	icu_key(ctx, key, "l", loc, tk, "");
	f = icu_cached(ICU_LIST, key);
	if (f == NULL) {
		f = icu_keep(ctx, ICU_LIST, key,
		    ulistfmt_openForType(loc,
			type == 1	? ULISTFMT_TYPE_OR
			    : type == 2 ? ULISTFMT_TYPE_UNITS
					: ULISTFMT_TYPE_AND,
			width == 1	 ? ULISTFMT_WIDTH_SHORT
			    : width == 2 ? ULISTFMT_WIDTH_NARROW
					 : ULISTFMT_WIDTH_WIDE,
			&st),
		    &st);
	}
	count = duk_get_length(ctx, 3);
	if (count > INT32_MAX / sizeof(UChar *))
		return duk_error(
		    ctx, DUK_ERR_RANGE_ERROR, "Invalid array length");
	items = duk_push_fixed_buffer(ctx, count * sizeof(*items) + 1);
	lens = duk_push_fixed_buffer(ctx, count * sizeof(*lens) + 1);
	for (i = 0; i < count; i++) {
		duk_get_prop_index(ctx, 3, (duk_uarridx_t)i);
		items[i] = icu_to16(ctx, -1, &lens[i]);
	}
	if (icu_list_result == NULL) {
		icu_list_result = ulistfmt_openResult(&st);
		if (U_FAILURE(st))
			return icu_throw(ctx, st);
	}
	ulistfmt_formatStringsToResult(
	    f, items, lens, (int32_t)count, icu_list_result, &st);
	if (U_FAILURE(st))
		return icu_throw(ctx, st);
	icu_push_value(ctx, ulistfmt_resultAsValue(icu_list_result, &st),
	    duk_to_boolean(ctx, 4), &st);
	return 1;
}

void
icu_install(duk_context *ctx, duk_idx_t obj)
{
	static const duk_function_list_entry natives[] = {
		{ "icuLocale", icu_native_locale, 1 },
		{ "icuPunctuation", icu_native_punctuation, 1 },
		{ "icuCalendar", icu_native_calendar, 1 },
		{ "icuCurrencyDigits", icu_native_currency_digits, 1 },
		{ "icuNumberingSystem", icu_native_numbering_system, 1 },
		{ "icuNumber", icu_native_number, 4 },
		{ "icuPlural", icu_native_plural, 4 },
		{ "icuPluralCategories", icu_native_plural_categories, 2 },
		{ "icuCollate", icu_native_collate, 4 },
		{ "icuCase", icu_native_case, 3 },
		{ "icuDate", icu_native_date, 7 },
		{ "icuHourCycle", icu_native_hour_cycle, 1 },
		{ "icuRange", icu_native_range, 5 },
		{ "icuZoneName", icu_native_zone_name, 4 },
		{ "icuRelTime", icu_native_reltime, 6 },
		{ "icuList", icu_native_list, 5 }, { NULL, NULL, 0 }
	};

	obj = duk_normalize_index(ctx, obj);
	duk_put_function_list(ctx, obj, natives);
}
