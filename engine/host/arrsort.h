/*
 * arrsort: the sort behind Array.prototype.sort / toSorted and
 * %TypedArray%.prototype.sort / toSorted (engine/runtime/25_array.js,
 * 30_typed.js), in C: the prelude checks the comparator and `this` and
 * computes the length, then calls
 *
 *   sort(o, len, cmp, kind)  sorts o's elements 0..len-1: kind 0 in place
 *                            (Array.prototype.sort), 1 in place for a
 *                            typed array, 2 into a new array it returns
 *                            (toSorted); 0 and 1 return o
 *
 * As the spec's SortIndexedProperties then the writes: the elements are
 * read first (HasProperty then Get for an array-like in place, skipping
 * holes; Get only for a typed array or a copy), sorted by a stable merge
 * sort, then written with Set (undefined values after the others, then
 * holes deleted up to len) or defined on the new array. The order is
 * SortCompare's: undefined last, the comparator's result through ToNumber with
 * NaN as +0; without a comparator ToString of each element (once per element)
 * compared by UTF-16 code units, or for a typed array the numeric order with -0
 * before +0 and NaN last.
 *
 * The values wait on the value stack (with a comparator, up to 500k of
 * them) or in prototype-less arrays, so accessors on Array.prototype or
 * Object.prototype never see them; the merge sort's working arrays (copies
 * of the values themselves when the memory limit leaves room, else
 * indices) are Duktape buffers, so they count against the run's memory
 * limit and go when an error unwinds. The heap's deadline is checked as the
 * executor checks it, also while no bytecode runs (no comparator, or a
 * native one).
 */
#ifndef ARRSORT_H
#define ARRSORT_H

#include "duktape.h"

/* Puts `sort` on the object at idx. */
void arrsort_install(duk_context *ctx, duk_idx_t idx);

/* Compares two strings of Duktape's internal encoding (CESU-8, or UTF-8
 * with 4-byte sequences for code points past U+FFFF) as sequences of
 * UTF-16 code units: <0, 0 or >0. Bytes that are no valid sequence count
 * as one code unit each. */
int arrsort_strcmp(
    const unsigned char *a, size_t alen, const unsigned char *b, size_t blen);

#endif
