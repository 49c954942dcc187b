/*
 * Check suite for engine/host/crypto.c: FIPS 180 digests of "abc" and "",
 * RFC 4231 HMAC vectors, and the GCM spec's AES-GCM test cases (McGrew and
 * Viega, as NIST publishes them), plus tag truncation, tamper detection and
 * input rejection.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/crypto.h"

/* Decodes hex (caller-sized out); returns the byte count. */
static size_t
unhex(const char *h, uint8_t *out)
{
	size_t i, n = strlen(h) / 2;

	for (i = 0; i < n; i++) {
		unsigned int v;

		ck_assert_int_eq(sscanf(h + 2 * i, "%2x", &v), 1);
		out[i] = (uint8_t)v;
	}
	return n;
}

static void
assert_hex(const uint8_t *got, size_t n, const char *want)
{
	uint8_t w[256];
	size_t wn = unhex(want, w);

	ck_assert_uint_eq(n, wn);
	ck_assert_mem_eq(got, w, n);
}

static const struct {
	const char *alg, *in, *hex;
} digests[] = {
	{ "SHA-1", "abc", "a9993e364706816aba3e25717850c26c9cd0d89d" },
	{ "SHA-256", "abc",
	    "ba7816bf8f01cfea414140de5dae2223"
	    "b00361a396177a9cb410ff61f20015ad" },
	{ "SHA-384", "abc",
	    "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded163"
	    "1a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7" },
	{ "SHA-512", "abc",
	    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea2"
	    "0a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd"
	    "454d4423643ce80e2a9ac94fa54ca49f" },
	{ "SHA-256", "",
	    "e3b0c44298fc1c149afbf4c8996fb924"
	    "27ae41e4649b934ca495991b7852b855" },
};

START_TEST(fips180_digests)
{
	uint8_t out[CRYPTO_MAX_DIGEST];
	size_t i, n;

	for (i = 0; i < sizeof(digests) / sizeof(digests[0]); i++) {
		n = 0;
		ck_assert_int_eq(crypto_digest(digests[i].alg,
				     (const uint8_t *)digests[i].in,
				     strlen(digests[i].in), out, &n),
		    0);
		assert_hex(out, n, digests[i].hex);
	}
	ck_assert_int_eq(crypto_digest("MD5", (const uint8_t *)"a", 1, out, &n),
	    CRYPTO_ERR_INPUT);
	ck_assert_int_eq(
	    crypto_digest("sha-256", (const uint8_t *)"a", 1, out, &n),
	    CRYPTO_ERR_INPUT);
}
END_TEST

START_TEST(rfc4231_hmac)
{
	uint8_t key[131], out[CRYPTO_MAX_DIGEST];
	size_t n;
	const char *big =
	    "Test Using Larger Than Block-Size Key - Hash Key First";

	/* Test case 1 */
	memset(key, 0x0b, 20);
	ck_assert_int_eq(crypto_hmac("SHA-256", key, 20,
			     (const uint8_t *)"Hi There", 8, out, &n),
	    0);
	assert_hex(out, n,
	    "b0344c61d8db38535ca8afceaf0bf12b"
	    "881dc200c9833da726e9376c2e32cff7");
	ck_assert_int_eq(crypto_hmac("SHA-512", key, 20,
			     (const uint8_t *)"Hi There", 8, out, &n),
	    0);
	assert_hex(out, n,
	    "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec278"
	    "7ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f170"
	    "2e696c203a126854");
	/* Test case 2 */
	ck_assert_int_eq(
	    crypto_hmac("SHA-256", (const uint8_t *)"Jefe", 4,
		(const uint8_t *)"what do ya want for nothing?", 28, out, &n),
	    0);
	assert_hex(out, n,
	    "5bdcc146bf60754e6a042426089575c7"
	    "5a003f089d2739839dec58b964ec3843");
	ck_assert_int_eq(
	    crypto_hmac("SHA-384", (const uint8_t *)"Jefe", 4,
		(const uint8_t *)"what do ya want for nothing?", 28, out, &n),
	    0);
	assert_hex(out, n,
	    "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47"
	    "e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649");
	/* Test case 6: a key longer than the block is hashed first. */
	memset(key, 0xaa, sizeof(key));
	ck_assert_int_eq(crypto_hmac("SHA-256", key, sizeof(key),
			     (const uint8_t *)big, strlen(big), out, &n),
	    0);
	assert_hex(out, n,
	    "60e431591ee0b67f0d8a26aacbf5b77f"
	    "8e0bc6213728c5140546040f0ee37f54");
	/* An empty key and empty data are valid input. */
	ck_assert_int_eq(crypto_hmac("SHA-256", NULL, 0, NULL, 0, out, &n), 0);
	assert_hex(out, n,
	    "b613679a0814d9ec772f95d778c35fc5"
	    "ff1697c493715653c6c712144292c5ad");
	ck_assert_int_eq(
	    crypto_hmac("SHA-224", key, 1, key, 1, out, &n), CRYPTO_ERR_INPUT);
}
END_TEST

static const struct gcm_vec {
	const char *key, *iv, *pt, *aad, *ct, *tag;
} gcm[] = {
	/* Test case 1: empty plaintext */
	{ "00000000000000000000000000000000", "000000000000000000000000", "",
	    "", "", "58e2fccefa7e3061367f1d57a4e7455a" },
	/* Test case 2 */
	{ "00000000000000000000000000000000", "000000000000000000000000",
	    "00000000000000000000000000000000", "",
	    "0388dace60b6a392f328c2b971b2fe78",
	    "ab6e47d42cec13bdf53a67b21257bddf" },
	/* Test case 4: additional data, 60-byte plaintext */
	{ "feffe9928665731c6d6a8f9467308308", "cafebabefacedbaddecaf888",
	    "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d"
	    "8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
	    "feedfacedeadbeeffeedfacedeadbeefabaddad2",
	    "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e23"
	    "29aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
	    "5bc94fbc3221a5db94fae95ae7121a47" },
	/* Test case 16: AES-256 */
	{ "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
	    "cafebabefacedbaddecaf888",
	    "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d"
	    "8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
	    "feedfacedeadbeeffeedfacedeadbeefabaddad2",
	    "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
	    "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
	    "76fc6ece0f4e1768cddf8853bb2d551b" },
};

START_TEST(gcm_vectors)
{
	uint8_t key[32], iv[64], pt[64], aad[32], out[96], back[96];
	size_t i, kl, il, pl, al, ctl, tl;
	const struct gcm_vec *v;

	for (i = 0; i < sizeof(gcm) / sizeof(gcm[0]); i++) {
		v = &gcm[i];
		kl = unhex(v->key, key);
		il = unhex(v->iv, iv);
		pl = unhex(v->pt, pt);
		al = unhex(v->aad, aad);
		ctl = strlen(v->ct) / 2;
		tl = strlen(v->tag) / 2;
		ck_assert_int_eq(crypto_aes_gcm_encrypt(
				     key, kl, iv, il, aad, al, pt, pl, 16, out),
		    0);
		assert_hex(out, ctl, v->ct);
		assert_hex(out + ctl, tl, v->tag);
		ck_assert_int_eq(crypto_aes_gcm_decrypt(key, kl, iv, il, aad,
				     al, out, pl + 16, 16, back),
		    0);
		ck_assert_mem_eq(back, pt, pl);
	}
}
END_TEST

START_TEST(gcm_truncated_tag_and_tamper)
{
	uint8_t key[16], iv[12], pt[16], out[64], back[64];
	size_t kl = unhex("feffe9928665731c6d6a8f9467308308", key);
	size_t il = unhex("cafebabefacedbaddecaf888", iv);

	memcpy(pt, "sixteen byte msg", 16);
	/* A 96-bit tag is the first 12 bytes of the full tag. */
	ck_assert_int_eq(
	    crypto_aes_gcm_encrypt(key, kl, iv, il, NULL, 0, pt, 16, 16, out),
	    0);
	memcpy(back, out, 32);
	ck_assert_int_eq(
	    crypto_aes_gcm_encrypt(key, kl, iv, il, NULL, 0, pt, 16, 12, out),
	    0);
	ck_assert_mem_eq(out, back, 28);
	ck_assert_int_eq(
	    crypto_aes_gcm_decrypt(key, kl, iv, il, NULL, 0, out, 28, 12, back),
	    0);
	ck_assert_mem_eq(back, pt, 16);
	/* One flipped bit in the ciphertext, the tag, or the aad fails. */
	out[3] ^= 1;
	ck_assert_int_eq(
	    crypto_aes_gcm_decrypt(key, kl, iv, il, NULL, 0, out, 28, 12, back),
	    CRYPTO_ERR_AUTH);
	out[3] ^= 1;
	out[27] ^= 0x80;
	ck_assert_int_eq(
	    crypto_aes_gcm_decrypt(key, kl, iv, il, NULL, 0, out, 28, 12, back),
	    CRYPTO_ERR_AUTH);
	out[27] ^= 0x80;
	ck_assert_int_eq(crypto_aes_gcm_decrypt(key, kl, iv, il,
			     (const uint8_t *)"x", 1, out, 28, 12, back),
	    CRYPTO_ERR_AUTH);
	/* Shorter than the tag. */
	ck_assert_int_eq(
	    crypto_aes_gcm_decrypt(key, kl, iv, il, NULL, 0, out, 5, 12, back),
	    CRYPTO_ERR_AUTH);
	/* Bad key length, tag length, empty iv. */
	ck_assert_int_eq(
	    crypto_aes_gcm_encrypt(key, 15, iv, il, NULL, 0, pt, 16, 16, out),
	    CRYPTO_ERR_INPUT);
	ck_assert_int_eq(
	    crypto_aes_gcm_encrypt(key, kl, iv, il, NULL, 0, pt, 16, 10, out),
	    CRYPTO_ERR_INPUT);
	ck_assert_int_eq(
	    crypto_aes_gcm_encrypt(key, kl, iv, 0, NULL, 0, pt, 16, 16, out),
	    CRYPTO_ERR_INPUT);
}
END_TEST

START_TEST(random_bytes)
{
	uint8_t a[64], b[64];

	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	ck_assert_int_eq(crypto_random(a, sizeof(a)), 0);
	ck_assert_int_eq(crypto_random(b, sizeof(b)), 0);
	/* Two 512-bit draws colliding would mean no randomness at all. */
	ck_assert(memcmp(a, b, sizeof(a)) != 0);
	ck_assert_int_eq(crypto_random(a, 0), 0);
}
END_TEST

static Suite *
crypto_suite(void)
{
	Suite *s = suite_create("crypto");
	TCase *tc = tcase_create("vectors");

	tcase_add_test(tc, fips180_digests);
	tcase_add_test(tc, rfc4231_hmac);
	tcase_add_test(tc, gcm_vectors);
	tcase_add_test(tc, gcm_truncated_tag_and_tamper);
	tcase_add_test(tc, random_bytes);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(crypto_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
