/*
 * crypto: randomness, digests, HMAC and AES-GCM on OpenSSL libcrypto, and
 * their Duktape bindings for crypto.subtle (see crypto.h).
 */
#include <limits.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include "crypto.h"

/* Maps a WebCrypto hash name to its digest; NULL when unknown. */
static const EVP_MD *
crypto_md(const char *alg)
{
	if (alg == NULL)
		return NULL;
	if (strcmp(alg, "SHA-1") == 0)
		return EVP_sha1();
	if (strcmp(alg, "SHA-256") == 0)
		return EVP_sha256();
	if (strcmp(alg, "SHA-384") == 0)
		return EVP_sha384();
	if (strcmp(alg, "SHA-512") == 0)
		return EVP_sha512();
	return NULL;
}

int
crypto_prepare(void)
{
	static const char *const mds[] = { "SHA-1", "SHA-256", "SHA-384",
		"SHA-512" };
	static const uint8_t key[32], iv[12];
	uint8_t out[CRYPTO_MAX_DIGEST];
	size_t i, n;

	if (OPENSSL_init_crypto(OPENSSL_INIT_LOAD_CONFIG, NULL) != 1)
		return CRYPTO_ERR_LIB;
	/* One use of each: the provider's implementations are fetched and
	 * cached then. */
	for (i = 0; i < sizeof(mds) / sizeof(*mds); i++)
		if (crypto_digest(mds[i], key, 0, out, &n) != 0 ||
		    crypto_hmac(mds[i], key, sizeof(key), key, 0, out, &n) != 0)
			return CRYPTO_ERR_LIB;
	for (i = 16; i <= 32; i += 8)
		if (crypto_aes_gcm_encrypt(
			key, i, iv, sizeof(iv), NULL, 0, key, 0, 16, out) != 0)
			return CRYPTO_ERR_LIB;
	return 0;
}

int
crypto_random(uint8_t *buf, size_t n)
{
	/* RAND_bytes takes an int: feed it in chunks. */
	while (n > 0) {
		int chunk = n > INT_MAX ? INT_MAX : (int)n;

		if (RAND_bytes(buf, chunk) != 1)
			return CRYPTO_ERR_LIB;
		buf += chunk;
		n -= (size_t)chunk;
	}
	return 0;
}

int
crypto_digest(const char *alg, const uint8_t *in, size_t len, uint8_t *out,
    size_t *outlen)
{
	const EVP_MD *md = crypto_md(alg);
	unsigned int n = 0;

	if (md == NULL)
		return CRYPTO_ERR_INPUT;
	if (EVP_Digest(in, len, out, &n, md, NULL) != 1)
		return CRYPTO_ERR_LIB;
	*outlen = n;
	return 0;
}

int
crypto_hmac(const char *alg, const uint8_t *key, size_t keylen,
    const uint8_t *in, size_t len, uint8_t *out, size_t *outlen)
{
	static const uint8_t empty[1];
	const EVP_MD *md = crypto_md(alg);
	unsigned int n = 0;

	if (md == NULL || keylen > INT_MAX)
		return CRYPTO_ERR_INPUT;
	/* HMAC() treats a NULL key as "reuse the last one": never pass NULL. */
	if (key == NULL)
		key = empty;
	if (in == NULL)
		in = empty;
	if (HMAC(md, key, (int)keylen, in, len, out, &n) == NULL)
		return CRYPTO_ERR_LIB;
	*outlen = n;
	return 0;
}

static const EVP_CIPHER *
crypto_gcm_cipher(size_t keylen)
{
	switch (keylen) {
	case 16:
		return EVP_aes_128_gcm();
	case 24:
		return EVP_aes_192_gcm();
	case 32:
		return EVP_aes_256_gcm();
	}
	return NULL;
}

static int
crypto_gcm_taglen_ok(size_t taglen)
{
	return taglen == 4 || taglen == 8 || (taglen >= 12 && taglen <= 16);
}

/* Shared body of encrypt (enc = 1) and decrypt (enc = 0). */
static int
crypto_aes_gcm(int enc, const uint8_t *key, size_t keylen, const uint8_t *iv,
    size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in,
    size_t len, size_t taglen, uint8_t *out)
{
	static uint8_t empty[1];
	const EVP_CIPHER *cipher = crypto_gcm_cipher(keylen);
	EVP_CIPHER_CTX *c;
	uint8_t tag[16];
	size_t datalen;
	int n, rc = CRYPTO_ERR_LIB;

	if (cipher == NULL || ivlen == 0 || ivlen > INT_MAX ||
	    !crypto_gcm_taglen_ok(taglen) || aadlen > INT_MAX)
		return CRYPTO_ERR_INPUT;
	if (enc)
		datalen = len;
	else if (len < taglen)
		return CRYPTO_ERR_AUTH;
	else
		datalen = len - taglen;
	if (datalen > INT_MAX)
		return CRYPTO_ERR_INPUT;
	if (aad == NULL)
		aad = empty;
	if (in == NULL)
		in = empty;
	if ((c = EVP_CIPHER_CTX_new()) == NULL)
		return CRYPTO_ERR_LIB;
	if (EVP_CipherInit_ex(c, cipher, NULL, NULL, NULL, enc) != 1 ||
	    EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IVLEN, (int)ivlen, NULL) !=
		1 ||
	    EVP_CipherInit_ex(c, NULL, NULL, key, iv, enc) != 1)
		goto out;
	if (aadlen > 0 && EVP_CipherUpdate(c, NULL, &n, aad, (int)aadlen) != 1)
		goto out;
	if (datalen > 0 && EVP_CipherUpdate(c, out, &n, in, (int)datalen) != 1)
		goto out;
	if (!enc) {
		memcpy(tag, in + datalen, taglen);
		if (EVP_CIPHER_CTX_ctrl(
			c, EVP_CTRL_GCM_SET_TAG, (int)taglen, tag) != 1)
			goto out;
		if (EVP_CipherFinal_ex(c, out + datalen, &n) != 1) {
			rc = CRYPTO_ERR_AUTH;
			goto out;
		}
	} else {
		if (EVP_CipherFinal_ex(c, out + datalen, &n) != 1 ||
		    EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, 16, tag) != 1)
			goto out;
		/* A shorter tag is the leading bytes of the full one. */
		memcpy(out + datalen, tag, taglen);
	}
	rc = 0;
out:
	EVP_CIPHER_CTX_free(c);
	return rc;
}

int
crypto_aes_gcm_encrypt(const uint8_t *key, size_t keylen, const uint8_t *iv,
    size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in,
    size_t len, size_t taglen, uint8_t *out)
{
	return crypto_aes_gcm(
	    1, key, keylen, iv, ivlen, aad, aadlen, in, len, taglen, out);
}

int
crypto_aes_gcm_decrypt(const uint8_t *key, size_t keylen, const uint8_t *iv,
    size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in,
    size_t len, size_t taglen, uint8_t *out)
{
	return crypto_aes_gcm(
	    0, key, keylen, iv, ivlen, aad, aadlen, in, len, taglen, out);
}

/* --- Duktape bindings ---------------------------------------------------- */

/* Bytes of the ArrayBuffer or view at idx (borrowed from the heap); an
 * undefined or null argument reads as empty. Throws TypeError otherwise. */
static const uint8_t *
crypto_bytes(duk_context *ctx, duk_idx_t idx, size_t *len)
{
	duk_size_t n = 0;
	void *p;

	if (duk_is_null_or_undefined(ctx, idx)) {
		*len = 0;
		return NULL;
	}
	if (!duk_is_buffer_data(ctx, idx))
		(void)duk_type_error(ctx, "expected an ArrayBuffer or a view");
	p = duk_get_buffer_data(ctx, idx, &n);
	*len = n;
	return p;
}

/* Pushes a fresh ArrayBuffer of n bytes; returns its storage (owned by the
 * heap). */
static uint8_t *
crypto_push_arraybuffer(duk_context *ctx, size_t n)
{
	uint8_t *p = duk_push_fixed_buffer(ctx, n);

	duk_push_buffer_object(ctx, -1, 0, n, DUK_BUFOBJ_ARRAYBUFFER);
	return p;
}

/* randomBytes(n) -> ArrayBuffer of n random bytes (n <= 65536, as the spec). */
static duk_ret_t
crypto_js_random(duk_context *ctx)
{
	duk_int_t n = duk_require_int(ctx, 0);
	uint8_t *p;

	if (n < 0 || n > 65536)
		return duk_range_error(ctx, "byte count out of range");
	p = crypto_push_arraybuffer(ctx, (size_t)n);
	if (crypto_random(p, (size_t)n) != 0)
		return duk_error(ctx, DUK_ERR_ERROR, "randomness unavailable");
	return 1;
}

/* digest(alg, data) -> ArrayBuffer. */
static duk_ret_t
crypto_js_digest(duk_context *ctx)
{
	const char *alg = duk_require_string(ctx, 0);
	uint8_t md[CRYPTO_MAX_DIGEST];
	const uint8_t *in;
	size_t len, n = 0;

	in = crypto_bytes(ctx, 1, &len);
	if (crypto_digest(alg, in, len, md, &n) != 0)
		return duk_type_error(ctx, "digest failed");
	memcpy(crypto_push_arraybuffer(ctx, n), md, n);
	return 1;
}

/* hmac(alg, key, data) -> ArrayBuffer. */
static duk_ret_t
crypto_js_hmac(duk_context *ctx)
{
	const char *alg = duk_require_string(ctx, 0);
	uint8_t md[CRYPTO_MAX_DIGEST];
	const uint8_t *key, *in;
	size_t keylen, len, n = 0;

	key = crypto_bytes(ctx, 1, &keylen);
	in = crypto_bytes(ctx, 2, &len);
	if (crypto_hmac(alg, key, keylen, in, len, md, &n) != 0)
		return duk_type_error(ctx, "hmac failed");
	memcpy(crypto_push_arraybuffer(ctx, n), md, n);
	return 1;
}

/* aesGcmEncrypt/aesGcmDecrypt(key, iv, aad, data, tagBytes); magic 1 = encrypt.
 */
static duk_ret_t
crypto_js_gcm(duk_context *ctx)
{
	int enc = duk_get_current_magic(ctx);
	const uint8_t *key, *iv, *aad, *in;
	size_t keylen, ivlen, aadlen, len, outlen;
	duk_int_t taglen = duk_require_int(ctx, 4);
	uint8_t *out;
	int rc;

	key = crypto_bytes(ctx, 0, &keylen);
	iv = crypto_bytes(ctx, 1, &ivlen);
	aad = crypto_bytes(ctx, 2, &aadlen);
	in = crypto_bytes(ctx, 3, &len);
	if (taglen < 0 || !crypto_gcm_taglen_ok((size_t)taglen))
		return duk_type_error(ctx, "bad tag length");
	if (enc)
		outlen = len + (size_t)taglen;
	else if (len < (size_t)taglen) {
		duk_push_null(ctx);
		return 1;
	} else
		outlen = len - (size_t)taglen;
	/* out + outlen must stay addressable for the final call. */
	out = crypto_push_arraybuffer(ctx, outlen);
	if (enc)
		rc = crypto_aes_gcm_encrypt(key, keylen, iv, ivlen, aad, aadlen,
		    in, len, (size_t)taglen, out);
	else {
		uint8_t *tmp;

		/* Decrypt into scratch sized with slack for EVP's final write.
		 */
		tmp = duk_push_fixed_buffer(ctx, outlen + 16);
		rc = crypto_aes_gcm_decrypt(key, keylen, iv, ivlen, aad, aadlen,
		    in, len, (size_t)taglen, tmp);
		if (rc == 0 && outlen > 0)
			memcpy(out, tmp, outlen);
		duk_pop(ctx);
	}
	if (rc == CRYPTO_ERR_AUTH) {
		duk_push_null(ctx);
		return 1;
	}
	if (rc != 0)
		return duk_type_error(ctx, "AES-GCM operation failed");
	return 1;
}

void
crypto_install(duk_context *ctx, duk_idx_t obj)
{
	obj = duk_require_normalize_index(ctx, obj);
	duk_push_c_function(ctx, crypto_js_random, 1);
	duk_put_prop_string(ctx, obj, "randomBytes");
	duk_push_c_function(ctx, crypto_js_digest, 2);
	duk_put_prop_string(ctx, obj, "digest");
	duk_push_c_function(ctx, crypto_js_hmac, 3);
	duk_put_prop_string(ctx, obj, "hmac");
	duk_push_c_function(ctx, crypto_js_gcm, 5);
	duk_set_magic(ctx, -1, 1);
	duk_put_prop_string(ctx, obj, "aesGcmEncrypt");
	duk_push_c_function(ctx, crypto_js_gcm, 5);
	duk_set_magic(ctx, -1, 0);
	duk_put_prop_string(ctx, obj, "aesGcmDecrypt");
}
