/*
 * icu.h: Intl in the locales English is not, through Debian's ICU (CLDR's
 * data is not something we write): locale negotiation against ICU's
 * available locales, and the natives 32_intl.js and 32_locale.js call for
 * a locale other than en-US (numbers, plural rules, collation, case
 * mapping, dates, relative times, lists).
 *
 * ICU is touched only when one of these is called: nothing at boot. Its
 * allocations go through a counting wrapper of malloc (never the run's
 * arena, which is reset under ICU's static caches) refusing past
 * ICU_MEMORY_CAP, and its data comes only from libicudata, never a file,
 * so it works inside the child's seccomp filter.
 */
#ifndef ENGINE_HOST_ICU_H
#define ENGINE_HOST_ICU_H

#include <stddef.h>

#include "duktape.h"

/* What ICU may hold at once, its caches included: a refused allocation
 * is a RangeError in the guest. */
#define ICU_MEMORY_CAP ((size_t)64 << 20)

/* The ICU handles kept between calls (formatters, collators), least
 * recently used out first. */
#define ICU_CACHE_SLOTS 8

/*
 * The best available locale for the BCP 47 tag (canonical, as
 * Intl.getCanonicalLocales writes it): the tag, or the longest prefix of
 * it ICU has data for, in out as a BCP 47 tag (its extensions dropped).
 * 1 found, 0 none (nor any prefix: "xx"), -1 ICU failed.
 */
int icu_locale(const char *tag, char *out, size_t cap);

/* The bytes ICU holds now through the wrapper. */
size_t icu_allocated(void);

/* Lowers (or restores) the cap below ICU_MEMORY_CAP: for the tests of a
 * refused allocation. */
void icu_set_cap(size_t cap);

/* Sets ICU up once: its allocator, data from the library only, default
 * locale and zone without asking the system. 0, or -1 if ICU refused. */
int icu_ensure(void);

/* collate.h's flags and, for ICU only, caseFirst "lower" */
#define ICU_LOWER_FIRST 32u

/*
 * The strings at ia and ib compared in the collation of loc (an ICU
 * locale from icu_locale) with collate.h's flags: -1, 0 or 1. Throws a
 * RangeError if ICU fails.
 */
int icu_compare(duk_context *ctx, duk_idx_t ia, duk_idx_t ib, const char *loc,
    unsigned flags);

/* The natives icuLocale, icuPunctuation, icuCalendar, icuCurrencyDigits,
 * icuNumberingSystem, icuNumber, icuPlural, icuPluralCategories, icuCollate,
 * icuCase, icuDate, icuHourCycle, icuRange, icuRelTime, icuList on the object
 * at obj. */
void icu_install(duk_context *ctx, duk_idx_t obj);

#endif
