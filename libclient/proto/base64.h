/* Standard base64 (RFC 4648 §4, "+/"), the alphabet of the dispatch codec and
 * capnweb bytes. */
#ifndef BASE64_H
#define BASE64_H

#include <stddef.h>
#include <stdint.h>

/* Characters base64_encode writes for `len` bytes, NUL excluded. */
size_t base64_encoded_len(size_t len, int pad);

/*
 * Encodes `len` bytes into `out`, which holds base64_encoded_len() + 1
 * bytes; writes a NUL and returns the length. `pad` chooses '=' padding
 * (the dispatch codec pads, capnweb does not).
 */
size_t base64_encode(const uint8_t *in, size_t len, int pad, char *out);

/*
 * Decodes padded or unpadded base64 into `out` (room for len * 3 / 4 + 3
 * bytes). Returns the byte count, or -1 on a character outside the
 * alphabet, misplaced padding, or a length no encoder produces.
 */
long base64_decode(const char *in, size_t len, uint8_t *out);

#endif
