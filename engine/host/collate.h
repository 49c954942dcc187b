/*
 * collate.h: the root collation's broad order (localeCompare, Intl.Collator)
 * over NFD code points. Pure: no allocation, no I/O.
 */
#ifndef ENGINE_HOST_COLLATE_H
#define ENGINE_HOST_COLLATE_H

#include <stddef.h>
#include <stdint.h>

/* The letters are always compared; these bits add the accents and the
 * case, so Intl.Collator's sensitivity is one of the four. */
#define COLLATE_BASE 0u /* sensitivity "base" */
#define COLLATE_ACCENT 1u /* "accent" */
#define COLLATE_CASE 2u /* "case" */
#define COLLATE_VARIANT 3u /* "variant", localeCompare's */
#define COLLATE_NUMERIC 4u /* runs of digits by their value */
#define COLLATE_IGNORE_PUNCT 8u /* spaces and punctuation skipped */
#define COLLATE_UPPER_FIRST 16u /* caseFirst "upper" */

/*
 * -1, 0 or 1 as a sorts before, with or after b. a and b are NFD (the
 * caller decomposes), so canonically equivalent strings compare equal.
 * Either may be NULL when its length is 0.
 */
int collate_compare(
    const uint32_t *a, size_t an, const uint32_t *b, size_t bn, unsigned flags);

#endif
