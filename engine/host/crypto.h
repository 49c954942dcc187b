/*
 * crypto: the cryptography behind the sandbox's crypto.getRandomValues and
 * crypto.subtle (engine/runtime/75_crypto.js), on OpenSSL libcrypto.
 * The plain C functions are what tests/check_crypto.c pins against known
 * vectors; crypto_install puts their Duktape bindings on an object.
 */
#ifndef CRYPTO_H
#define CRYPTO_H

#include <stddef.h>
#include <stdint.h>

#include "duktape.h"

#define CRYPTO_MAX_DIGEST 64 /* SHA-512 */
#define CRYPTO_ERR_INPUT (-1) /* unknown algorithm, bad length */
#define CRYPTO_ERR_AUTH (-2) /* AES-GCM tag mismatch */
#define CRYPTO_ERR_LIB (-3) /* libcrypto refused */

/*
 * Reads OpenSSL's configuration and loads the implementations of every
 * digest and cipher below, once, in a process that will fork sandboxed
 * children (the zygote, server/child/warm.c): libcrypto does both on
 * first use, opening files the children's seccomp filter refuses. The
 * random generator is not touched: each child seeds its own (getrandom).
 * 0 or CRYPTO_ERR_LIB.
 */
int crypto_prepare(void);

/* Fills buf with n cryptographically strong random bytes. 0 or CRYPTO_ERR_LIB.
 */
int crypto_random(uint8_t *buf, size_t n);

/* Digest of (in, len) under alg ("SHA-1", "SHA-256", "SHA-384", "SHA-512").
 * Writes at most CRYPTO_MAX_DIGEST bytes to out (caller's), sets *outlen.
 * Returns 0 or a negative CRYPTO_ERR_*. */
int crypto_digest(const char *alg, const uint8_t *in, size_t len, uint8_t *out,
    size_t *outlen);

/* HMAC of (in, len) with key under hash alg, as crypto_digest. */
int crypto_hmac(const char *alg, const uint8_t *key, size_t keylen,
    const uint8_t *in, size_t len, uint8_t *out, size_t *outlen);

/* AES-GCM with a 16, 24 or 32 byte key, any non-empty iv, tag of taglen
 * bytes (4, 8, 12..16). encrypt writes len + taglen bytes to out (ciphertext
 * then tag); decrypt takes (in, len) = ciphertext then tag and writes
 * len - taglen bytes. Both return 0 or a negative CRYPTO_ERR_*; a tag that
 * does not verify is CRYPTO_ERR_AUTH and out then holds nothing useful. */
int crypto_aes_gcm_encrypt(const uint8_t *key, size_t keylen, const uint8_t *iv,
    size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in,
    size_t len, size_t taglen, uint8_t *out);
int crypto_aes_gcm_decrypt(const uint8_t *key, size_t keylen, const uint8_t *iv,
    size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in,
    size_t len, size_t taglen, uint8_t *out);

/*
 * Puts the natives on the object at obj (normally __cm_native, before the
 * prelude runs): randomBytes(n), digest(alg, data), hmac(alg, key, data),
 * aesGcmEncrypt(key, iv, aad, data, tagBytes), aesGcmDecrypt(...).  Data
 * arguments are ArrayBuffers or views; results are new ArrayBuffers;
 * aesGcmDecrypt returns null when the tag does not verify; bad input throws
 * TypeError.
 */
void crypto_install(duk_context *ctx, duk_idx_t obj);

#endif
