/*
 * unorm: Unicode normalization (NFC, NFD, NFKC, NFKD) of a code point
 * array, for String.prototype.normalize and localeCompare. Pure C, no
 * allocation: the caller sizes the output with unorm_decomposed_len.
 * Tables are generated at build time from Debian's unicode-data
 * (engine/tools/gen_unorm.pl).
 */
#ifndef UNORM_H
#define UNORM_H

#include <stddef.h>
#include <stdint.h>

enum unorm_form { UNORM_NFC, UNORM_NFD, UNORM_NFKC, UNORM_NFKD };

/*
 * Whether every code point of in[0..n) is below the first one that form
 * can change, so the text is already normalized (a cheap first look).
 */
int unorm_is_trivial(const uint32_t *in, size_t n, enum unorm_form form);

/* The length of the full decomposition of in[0..n) under form. */
size_t unorm_decomposed_len(const uint32_t *in, size_t n, enum unorm_form form);

/*
 * Writes the normalization of in[0..n) under form to out, which holds
 * unorm_decomposed_len(in, n, form) code points; returns how many it wrote
 * (composition only shrinks). in and out must not overlap.
 */
size_t unorm_normalize(
    const uint32_t *in, size_t n, enum unorm_form form, uint32_t *out);

/* The Canonical_Combining_Class of cp. */
int unorm_ccc_of(uint32_t cp);

#endif
