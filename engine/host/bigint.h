/*
 * bigint.h: BigInt arithmetic for the prelude (41_bigint.js), over
 * OpenSSL's BIGNUM. A value crosses as its canonical text: lowercase hex
 * digits without leading zeros, "-" before a negative one, "0" for zero.
 */
#ifndef ENGINE_HOST_BIGINT_H
#define ENGINE_HOST_BIGINT_H

#include "duktape.h"

/* The largest magnitude a result may have, in bits (Decision: RUNTIME.md).
 * A larger one is RangeError "Maximum BigInt size exceeded". */
#define BIGINT_MAX_BITS (1u << 20)

/* bigint_op's operations, as 41_bigint.js numbers them. */
enum bigint_opcode {
	BIGINT_ADD,
	BIGINT_SUB,
	BIGINT_MUL,
	BIGINT_DIV, /* truncating; the caller refuses a zero divisor */
	BIGINT_MOD, /* the dividend's sign */
	BIGINT_POW, /* the caller refuses a negative exponent */
	BIGINT_AND, /* bitwise: two's complement of unbounded width */
	BIGINT_OR,
	BIGINT_XOR,
	BIGINT_SHL, /* a negative count shifts right */
	BIGINT_SHR, /* toward minus infinity */
	BIGINT_CMP /* -1, 0 or 1 */
};

/* Puts the natives bigOp, bigFrom, bigFromNumber, bigToString,
 * bigToNumber and bigAsN on the object at `obj`. */
void bigint_install(duk_context *ctx, duk_idx_t obj);

#endif
