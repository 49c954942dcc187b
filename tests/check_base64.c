/*
 * Check suite for libclient/proto/base64.c: the RFC 4648 vectors padded and
 * not, lengths, rejection of malformed input, and a round trip of every length.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "proto/base64.h"

static const struct {
	const char *in, *padded, *bare;
} vectors[] = {
	{ "", "", "" },
	{ "f", "Zg==", "Zg" },
	{ "fo", "Zm8=", "Zm8" },
	{ "foo", "Zm9v", "Zm9v" },
	{ "foob", "Zm9vYg==", "Zm9vYg" },
	{ "fooba", "Zm9vYmE=", "Zm9vYmE" },
	{ "foobar", "Zm9vYmFy", "Zm9vYmFy" },
	{ "\x01\x02\x03\xff", "AQID/w==", "AQID/w" },
	{ "\xfb\xff", "+/8=", "+/8" },
};

START_TEST(rfc4648_vectors)
{
	char out[32];
	uint8_t back[32];
	size_t i;

	for (i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++) {
		size_t n = strlen(vectors[i].in);

		ck_assert_uint_eq(
		    base64_encoded_len(n, 1), strlen(vectors[i].padded));
		ck_assert_uint_eq(
		    base64_encode((const uint8_t *)vectors[i].in, n, 1, out),
		    strlen(vectors[i].padded));
		ck_assert_str_eq(out, vectors[i].padded);
		ck_assert_uint_eq(
		    base64_encoded_len(n, 0), strlen(vectors[i].bare));
		base64_encode((const uint8_t *)vectors[i].in, n, 0, out);
		ck_assert_str_eq(out, vectors[i].bare);
		ck_assert_int_eq(base64_decode(vectors[i].padded,
				     strlen(vectors[i].padded), back),
		    (long)n);
		ck_assert_mem_eq(back, vectors[i].in, n);
		ck_assert_int_eq(base64_decode(vectors[i].bare,
				     strlen(vectors[i].bare), back),
		    (long)n);
		ck_assert_mem_eq(back, vectors[i].in, n);
	}
}
END_TEST

START_TEST(malformed)
{
	static const char *const bad[] = { "A",
		"A===", "====", "Zg=", "Z===", "Zm9v!", "Zm 9v",
		"Zh==", "Zm9=", "Zg==Zg==", "=Zg=", "Zg\n==", "-_8=" };
	uint8_t out[32];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(base64_decode(bad[i], strlen(bad[i]), out) == -1,
		    "accepted %s", bad[i]);
}
END_TEST

START_TEST(round_trip_every_length)
{
	uint8_t in[300], back[300];
	char enc[410];
	size_t n, i;

	for (i = 0; i < sizeof(in); i++)
		in[i] = (uint8_t)(i * 131 + 7);
	for (n = 0; n <= sizeof(in); n++) {
		size_t e = base64_encode(in, n, n % 2, enc);

		ck_assert_uint_eq(e, base64_encoded_len(n, n % 2));
		ck_assert_uint_eq(strlen(enc), e);
		ck_assert_int_eq(base64_decode(enc, e, back), (long)n);
		ck_assert_mem_eq(back, in, n);
	}
}
END_TEST

static Suite *
base64_suite(void)
{
	Suite *s = suite_create("base64");
	TCase *tc = tcase_create("codec");

	tcase_add_test(tc, rfc4648_vectors);
	tcase_add_test(tc, malformed);
	tcase_add_test(tc, round_trip_every_length);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(base64_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
