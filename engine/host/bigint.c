/*
 * BigInt arithmetic for the prelude (bigint.h). Every native takes and
 * gives canonical texts and answers null where a result would pass
 * BIGINT_MAX_BITS, checked before the work where the work itself would
 * be the cost (a product, a power, a shift); 41_bigint.js turns null into
 * its RangeError and checks zero divisors and negative exponents first.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>

#include "bigint.h"

/* Reads the canonical text at idx into *out; -1 for anything else (the
 * prelude passes only texts it made). */
static int
bigint_read(duk_context *ctx, duk_idx_t idx, BIGNUM **out)
{
	duk_size_t len;
	const char *s = duk_get_lstring(ctx, idx, &len);

	*out = NULL;
	if (s == NULL || len == 0 || len > BIGINT_MAX_BITS / 4 + 2 ||
	    BN_hex2bn(out, s) != (int)len) {
		BN_free(*out);
		*out = NULL;
		return -1;
	}
	return 0;
}

static BIGNUM *
bigint_get(duk_context *ctx, duk_idx_t idx)
{
	BIGNUM *b;

	if (bigint_read(ctx, idx, &b) != 0)
		(void)duk_type_error(ctx, "not a BigInt text");
	return b;
}

/* Pushes b's canonical text, or null past the bound; frees b. */
static void
bigint_push(duk_context *ctx, BIGNUM *b)
{
	char *h, *p, *q;

	if (b == NULL || BN_num_bits(b) > (int)BIGINT_MAX_BITS ||
	    (h = BN_bn2hex(b)) == NULL) {
		BN_free(b);
		duk_push_null(ctx);
		return;
	}
	BN_free(b);
	/* BN_bn2hex writes whole bytes in capitals ("-0A"). */
	p = h + (*h == '-');
	for (q = p; *q == '0' && q[1] != '\0'; q++)
		;
	memmove(p, q, strlen(q) + 1);
	for (q = p; *q != '\0'; q++)
		if (*q >= 'A' && *q <= 'F')
			*q = (char)(*q - 'A' + 'a');
	duk_push_string(ctx, h);
	OPENSSL_free(h);
}

/* r = 2^n. */
static int
bigint_pow2(BIGNUM *r, int n)
{
	BN_zero(r);
	return BN_set_bit(r, n);
}

/* a & b, a | b or a ^ b as two's complements of a width both fit. */
static BIGNUM *
bigint_bitwise(int op, const BIGNUM *a, const BIGNUM *b)
{
	int bits =
	    BN_num_bits(a) > BN_num_bits(b) ? BN_num_bits(a) : BN_num_bits(b);
	int len = (bits + 1 + 7) / 8, width = len * 8, i;
	unsigned char *x = calloc(2, (size_t)len);
	BIGNUM *r = BN_new(), *t = BN_new(), *m = BN_new();
	const BIGNUM *in[2] = { a, b };
	int ok = x != NULL && r != NULL && t != NULL && m != NULL &&
	    bigint_pow2(m, width);

	for (i = 0; ok && i < 2; i++)
		ok = BN_copy(t, in[i]) != NULL &&
		    (!BN_is_negative(t) || BN_add(t, t, m)) &&
		    BN_bn2binpad(t, x + i * len, len) == len;
	for (i = 0; ok && i < len; i++)
		x[i] = op == BIGINT_AND ? x[i] & x[len + i]
		    : op == BIGINT_OR	? x[i] | x[len + i]
					: x[i] ^ x[len + i];
	ok = ok && BN_bin2bn(x, len, r) != NULL &&
	    (!BN_is_bit_set(r, width - 1) || BN_sub(r, r, m));
	free(x);
	BN_free(t);
	BN_free(m);
	if (!ok) {
		BN_free(r);
		return NULL;
	}
	return r;
}

/* a shifted right by n bits, rounding toward minus infinity. */
static BIGNUM *
bigint_shr(const BIGNUM *a, uint64_t n)
{
	BIGNUM *r = BN_new(), *back = BN_new();
	int ok = r != NULL && back != NULL, neg = BN_is_negative(a);

	if (ok && n >= (uint64_t)BN_num_bits(a)) {
		/* Every bit shifted out: 0, or -1 for a negative a. */
		BN_zero(r);
		if (neg && (ok = BN_one(r)))
			BN_set_negative(r, 1);
	} else if (ok) {
		/* BN_rshift shifts the magnitude: a negative a that lost a
		 * set bit is one further down. */
		ok = BN_rshift(r, a, (int)n) && BN_lshift(back, r, (int)n);
		if (ok && neg && BN_cmp(back, a) != 0)
			ok = BN_sub_word(r, 1);
	}
	BN_free(back);
	if (!ok) {
		BN_free(r);
		return NULL;
	}
	return r;
}

/* a << n for a count n of either sign (b as a BIGNUM); NULL past the bound. */
static BIGNUM *
bigint_shift(const BIGNUM *a, const BIGNUM *b, int left)
{
	BIGNUM *r;
	uint64_t n;
	int neg = BN_is_negative(b);

	if (neg)
		left = !left;
	n = BN_num_bits(b) > 62 ? UINT64_MAX : BN_get_word(b);
	if (!left)
		return bigint_shr(a, n);
	if (BN_is_zero(a))
		return BN_new();
	if (n > BIGINT_MAX_BITS ||
	    (uint64_t)BN_num_bits(a) + n > BIGINT_MAX_BITS)
		return NULL;
	if ((r = BN_new()) != NULL && !BN_lshift(r, a, (int)n)) {
		BN_free(r);
		r = NULL;
	}
	return r;
}

/* a ** b for b >= 0; NULL past the bound, checked before the work. */
static BIGNUM *
bigint_pow(const BIGNUM *a, const BIGNUM *b, BN_CTX *bc)
{
	BIGNUM *r = BN_new();
	uint64_t n;

	if (r == NULL)
		return NULL;
	if (BN_is_zero(b))
		return BN_one(r) ? r : (BN_free(r), NULL);
	if (BN_is_zero(a) || BN_abs_is_word(a, 1)) {
		/* 0, 1 or -1 to any power: no size to check. */
		if (!BN_copy(r, a) ||
		    (BN_is_negative(a) && !BN_is_odd(b) && !BN_one(r))) {
			BN_free(r);
			return NULL;
		}
		return r;
	}
	n = BN_num_bits(b) > 32 ? UINT64_MAX : BN_get_word(b);
	if (n > BIGINT_MAX_BITS ||
	    (uint64_t)(BN_num_bits(a) - 1) * n > BIGINT_MAX_BITS ||
	    !BN_exp(r, a, b, bc)) {
		BN_free(r);
		return NULL;
	}
	return r;
}

/* bigOp(op, a, b): bigint.h's enum bigint_opcode on two texts. */
static duk_ret_t
bigint_op(duk_context *ctx)
{
	int op = duk_require_int(ctx, 0), c;
	BIGNUM *a, *b, *r = NULL;
	BN_CTX *bc;

	if (bigint_read(ctx, 1, &a) != 0 || bigint_read(ctx, 2, &b) != 0) {
		BN_free(a);
		return duk_type_error(ctx, "not a BigInt text");
	}
	if (op == BIGINT_CMP) {
		c = BN_cmp(a, b);
		BN_free(a);
		BN_free(b);
		duk_push_int(ctx, c < 0 ? -1 : c > 0);
		return 1;
	}
	bc = BN_CTX_new();
	if (bc != NULL && (op <= BIGINT_MOD) && (r = BN_new()) != NULL) {
		int ok;

		switch (op) {
		case BIGINT_ADD:
			ok = BN_add(r, a, b);
			break;
		case BIGINT_SUB:
			ok = BN_sub(r, a, b);
			break;
		case BIGINT_MUL:
			ok = BN_num_bits(a) + BN_num_bits(b) <=
				(int)BIGINT_MAX_BITS + 1 &&
			    BN_mul(r, a, b, bc);
			break;
		case BIGINT_DIV:
			ok = !BN_is_zero(b) && BN_div(r, NULL, a, b, bc);
			break;
		default:
			ok = !BN_is_zero(b) && BN_div(NULL, r, a, b, bc);
			break;
		}
		if (!ok) {
			BN_free(r);
			r = NULL;
		}
	} else if (bc != NULL && op == BIGINT_POW && !BN_is_negative(b))
		r = bigint_pow(a, b, bc);
	else if (op >= BIGINT_AND && op <= BIGINT_XOR)
		r = bigint_bitwise(op, a, b);
	else if (op == BIGINT_SHL || op == BIGINT_SHR)
		r = bigint_shift(a, b, op == BIGINT_SHL);
	BN_free(a);
	BN_free(b);
	BN_CTX_free(bc);
	bigint_push(ctx, r);
	return 1;
}

/* bigFrom(digits, radix): an optional "-" and digits of radix 2, 8, 10
 * or 16 (checked by the caller) as a text; null past the bound. */
static duk_ret_t
bigint_from(duk_context *ctx)
{
	duk_size_t len;
	const char *s = duk_require_lstring(ctx, 0, &len), *p = s;
	int radix = duk_require_int(ctx, 1), neg = *s == '-', ok;
	double per = radix == 16 ? 4 : radix == 8 ? 3 : radix == 2 ? 1 : 3.33;
	BIGNUM *r = NULL;

	p += neg;
	while (*p == '0' && p[1] != '\0')
		p++;
	if ((double)strlen(p) * per > BIGINT_MAX_BITS + 8.0) {
		duk_push_null(ctx);
		return 1;
	}
	if (radix == 16)
		ok = BN_hex2bn(&r, p) > 0;
	else if (radix == 10)
		ok = BN_dec2bn(&r, p) > 0;
	else {
		ok = (r = BN_new()) != NULL;
		for (; ok && *p != '\0'; p++)
			ok = BN_mul_word(r, (BN_ULONG)radix) &&
			    BN_add_word(r, (BN_ULONG)(*p - '0'));
	}
	if (!ok) {
		BN_free(r);
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
	}
	BN_set_negative(r, neg && !BN_is_zero(r));
	bigint_push(ctx, r);
	return 1;
}

/* bigFromNumber(n): an integral finite number (checked by the caller). */
static duk_ret_t
bigint_from_number(duk_context *ctx)
{
	double d = duk_require_number(ctx, 0), m;
	BIGNUM *r = BN_new();
	int e, ok = r != NULL;

	if (ok && fabs(d) < 9223372036854775808.0)
		ok = BN_set_word(r, (BN_ULONG)fabs(d));
	else if (ok) {
		/* |d| = mant * 2^(e - 53), mant a 53-bit integer. */
		m = frexp(fabs(d), &e);
		ok = BN_set_word(r, (BN_ULONG)ldexp(m, 53)) &&
		    BN_lshift(r, r, e - 53);
	}
	if (!ok) {
		BN_free(r);
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
	}
	BN_set_negative(r, d < 0 && !BN_is_zero(r));
	bigint_push(ctx, r);
	return 1;
}

/* bigToString(text, radix): the digits in radix 2-36, lowercase. */
static duk_ret_t
bigint_to_string(duk_context *ctx)
{
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	BIGNUM *a = bigint_get(ctx, 0);
	int radix = duk_require_int(ctx, 1), k, i, neg = BN_is_negative(a);
	BN_ULONG chunk = 1, rem;
	char *out, *dec;
	size_t n = 0, cap;

	if (radix == 10) {
		dec = BN_bn2dec(a);
		BN_free(a);
		if (dec == NULL)
			return duk_error(
			    ctx, DUK_ERR_RANGE_ERROR, "out of memory");
		duk_push_string(ctx, dec);
		OPENSSL_free(dec);
		return 1;
	}
	/* Whole chunks of k digits from each division by radix^k. */
	for (k = 0; chunk <= UINT64_MAX / (BN_ULONG)radix / 2; k++)
		chunk *= (BN_ULONG)radix;
	cap = (size_t)BN_num_bits(a) + 2;
	if ((out = malloc(cap)) == NULL) {
		BN_free(a);
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
	}
	BN_set_negative(a, 0);
	do {
		rem = BN_div_word(a, chunk);
		for (i = 0; i < k && (rem != 0 || !BN_is_zero(a)); i++) {
			out[n++] = digits[rem % (BN_ULONG)radix];
			rem /= (BN_ULONG)radix;
		}
	} while (!BN_is_zero(a));
	if (n == 0)
		out[n++] = '0';
	if (neg)
		out[n++] = '-';
	for (i = 0; i < (int)n / 2; i++) {
		char t = out[i];

		out[i] = out[n - 1 - i];
		out[n - 1 - i] = t;
	}
	duk_push_lstring(ctx, out, n);
	free(out);
	BN_free(a);
	return 1;
}

/* bigToNumber(text): the nearest number (strtod rounds the digits). */
static duk_ret_t
bigint_to_number(duk_context *ctx)
{
	BIGNUM *a = bigint_get(ctx, 0);
	char *dec = BN_bn2dec(a);

	BN_free(a);
	if (dec == NULL)
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
	duk_push_number(ctx, strtod(dec, NULL));
	OPENSSL_free(dec);
	return 1;
}

/* bigAsN(text, bits, signed): BigInt.asIntN / asUintN; bits is an
 * integer in [0, 2^53) (checked by the caller). */
static duk_ret_t
bigint_as_n(duk_context *ctx)
{
	BIGNUM *a = bigint_get(ctx, 0), *m = BN_new(), *r = BN_new();
	double bits = duk_require_number(ctx, 1);
	int sgn = duk_require_boolean(ctx, 2), ok = m != NULL && r != NULL;
	BN_CTX *bc = BN_CTX_new();

	if (ok && bits == 0)
		BN_zero(r);
	else if (ok && bits > BIGINT_MAX_BITS) {
		/* 2^bits is past the bound: a stays, unless unsigned and
		 * negative, which is 2^bits + a. */
		if (!sgn && BN_is_negative(a)) {
			BN_free(r);
			r = NULL;
		} else
			ok = BN_copy(r, a) != NULL;
	} else if (ok) {
		ok = bc != NULL && bigint_pow2(m, (int)bits) &&
		    BN_nnmod(r, a, m, bc);
		if (ok && sgn && BN_is_bit_set(r, (int)bits - 1))
			ok = BN_sub(r, r, m);
	}
	BN_free(a);
	BN_free(m);
	BN_CTX_free(bc);
	if (!ok) {
		BN_free(r);
		return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
	}
	bigint_push(ctx, r);
	return 1;
}

void
bigint_install(duk_context *ctx, duk_idx_t obj)
{
	static const duk_function_list_entry fns[] = {
		{ "bigOp", bigint_op, 3 }, { "bigFrom", bigint_from, 2 },
		{ "bigFromNumber", bigint_from_number, 1 },
		{ "bigToString", bigint_to_string, 2 },
		{ "bigToNumber", bigint_to_number, 1 },
		{ "bigAsN", bigint_as_n, 3 }, { NULL, NULL, 0 }
	};

	duk_put_function_list(ctx, obj, fns);
}
