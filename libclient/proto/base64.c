/* Standard base64, padded or not; decoding accepts both, as capnweb does. */
#include "base64.h"

static const char base64_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

size_t
base64_encoded_len(size_t len, int pad)
{
	if (pad)
		return (len + 2) / 3 * 4;
	return len / 3 * 4 + (len % 3 ? len % 3 + 1 : 0);
}

size_t
base64_encode(const uint8_t *in, size_t len, int pad, char *out)
{
	size_t i, o = 0;

	for (i = 0; i + 2 < len; i += 3) {
		uint32_t v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 |
		    in[i + 2];
		out[o++] = base64_alphabet[v >> 18 & 63];
		out[o++] = base64_alphabet[v >> 12 & 63];
		out[o++] = base64_alphabet[v >> 6 & 63];
		out[o++] = base64_alphabet[v & 63];
	}
	if (len - i == 1) {
		uint32_t v = (uint32_t)in[i] << 16;
		out[o++] = base64_alphabet[v >> 18 & 63];
		out[o++] = base64_alphabet[v >> 12 & 63];
		if (pad) {
			out[o++] = '=';
			out[o++] = '=';
		}
	} else if (len - i == 2) {
		uint32_t v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8;
		out[o++] = base64_alphabet[v >> 18 & 63];
		out[o++] = base64_alphabet[v >> 12 & 63];
		out[o++] = base64_alphabet[v >> 6 & 63];
		if (pad)
			out[o++] = '=';
	}
	out[o] = '\0';
	return o;
}

/* Value of one alphabet character, or -1. */
static int
base64_value(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

long
base64_decode(const char *in, size_t len, uint8_t *out)
{
	size_t i, o = 0, npad = 0;
	uint32_t acc = 0;
	int nbits = 0;

	/* Padding only at the end, at most two, and only on a 4-aligned length.
	 */
	while (npad < len && npad < 3 && in[len - 1 - npad] == '=')
		npad++;
	if (npad > 2 || (npad > 0 && len % 4 != 0))
		return -1;
	len -= npad;
	if (len % 4 == 1)
		return -1;
	for (i = 0; i < len; i++) {
		int v = base64_value((unsigned char)in[i]);

		if (v < 0)
			return -1;
		acc = acc << 6 | (uint32_t)v;
		nbits += 6;
		if (nbits >= 8) {
			nbits -= 8;
			out[o++] = (uint8_t)(acc >> nbits);
		}
	}
	/* Leftover bits must be zero: only one encoding per byte string. */
	if (nbits > 0 && (acc & ((1u << nbits) - 1)) != 0)
		return -1;
	return (long)o;
}
