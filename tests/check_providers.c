/*
 * Check suite for libclient/proto/providers.c: the four rules in their order,
 * the reserved sets from the spec, and the pattern against POSIX regex.
 */
#include <check.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include <codemode/protocol.h>

#include "cm_spec.h"
#include "proto/providers.h"

#define PATTERN_TEXT                                                           \
	"\" cannot be declared because it is not an identifier of "            \
	"ASCII letters, digits, _ and $ that starts with a non-digit. Rename " \
	"the "                                                                 \
	"provider to such an identifier."
#define RESERVED_TEXT                                                          \
	"\" cannot be declared because the entry scope reserves "              \
	"it. Rename the provider to a name the entry scope leaves free."
#define WORD_TEXT                                                              \
	"\" cannot be declared because it is an ECMAScript reserved "          \
	"word. Rename the provider to a name that is not one."
#define DUP_TEXT                                                               \
	"\" is declared more than once, and the entry scope can bind "         \
	"it only once. Merge the tools into one provider or rename the other " \
	"one."

static void
ck_names(const char *const *names, size_t n, const char *want)
{
	char *text = (char *)1;
	int rc = cm_validate_provider_names(names, n, &text);

	if (want == NULL) {
		ck_assert_int_eq(rc, 0);
		ck_assert_ptr_null(text);
		return;
	}
	ck_assert_int_eq(rc, 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_str_eq(text, want);
	free(text);
}

START_TEST(valid_lists)
{
	const char *ok[] = { "store", "crm", "_private", "$", "a1", "Z_$9",
		"fetch", "Response", "async", "of", "from", "get", "set", "as",
		"target", "meta" };

	ck_names(ok, sizeof(ok) / sizeof(ok[0]), NULL);
	ck_names(NULL, 0, NULL);
}
END_TEST

START_TEST(each_rule)
{
	const char *pattern[] = { "store", "my-store" };
	const char *digit[] = { "1store" };
	const char *empty[] = { "" };
	const char *nonascii[] = { "caf\xc3\xa9" };
	const char *reserved[] = { "store", "console" };
	const char *entry[] = { "__dispatch" };
	const char *priv[] = { "__cm" };
	const char *word[] = { "class" };
	const char *strict[] = { "let" };
	const char *restricted[] = { "arguments" };
	const char *dup[] = { "store", "crm", "store" };
	const char *nul[] = { NULL };

	ck_names(pattern, 2, "Provider name \"my-store" PATTERN_TEXT);
	ck_names(digit, 1, "Provider name \"1store" PATTERN_TEXT);
	ck_names(empty, 1, "Provider name \"" PATTERN_TEXT);
	ck_names(nonascii, 1, "Provider name \"caf\xc3\xa9" PATTERN_TEXT);
	ck_names(nul, 1, "Provider name \"" PATTERN_TEXT);
	ck_names(reserved, 2, "Provider name \"console" RESERVED_TEXT);
	ck_names(entry, 1, "Provider name \"__dispatch" RESERVED_TEXT);
	ck_names(priv, 1, "Provider name \"__cm" RESERVED_TEXT);
	ck_names(word, 1, "Provider name \"class" WORD_TEXT);
	ck_names(strict, 1, "Provider name \"let" WORD_TEXT);
	ck_names(restricted, 1, "Provider name \"arguments" WORD_TEXT);
	ck_names(dup, 3, "Provider name \"store" DUP_TEXT);
}
END_TEST

START_TEST(first_failure_wins)
{
	/* Names in list order; within one name, the rules in order. */
	const char *a[] = { "ok", "class", "my-store" };
	const char *b[] = { "console", "console" };
	const char *c[] = { "x", "x", "class" };

	ck_names(a, 3, "Provider name \"class" WORD_TEXT);
	ck_names(b, 2, "Provider name \"console" RESERVED_TEXT);
	ck_names(c, 3, "Provider name \"x" DUP_TEXT);
}
END_TEST

START_TEST(descriptors)
{
	json_t *list;
	char *text;

	list = json_loads("[{\"name\":\"store\",\"tools\":[\"listOrders\"]},"
			  "{\"name\":\"crm\",\"tools\":[]}]",
	    0, NULL);
	ck_assert_int_eq(cm_validate_providers(list, &text), 0);
	ck_assert_ptr_null(text);
	json_decref(list);
	list =
	    json_loads("[{\"name\":\"store\"},{\"name\":\"store\"}]", 0, NULL);
	ck_assert_int_eq(cm_validate_providers(list, &text), 1);
	ck_assert_str_eq(text, "Provider name \"store" DUP_TEXT);
	free(text);
	json_decref(list);
	list = json_loads("[{\"tools\":[]}]", 0, NULL);
	ck_assert_int_eq(cm_validate_providers(list, &text), 1);
	ck_assert_str_eq(text, "Provider name \"" PATTERN_TEXT);
	free(text);
	json_decref(list);
	list = json_loads("[{\"name\":\"a\\u0000b\"}]", JSON_ALLOW_NUL, NULL);
	ck_assert_int_eq(cm_validate_providers(list, &text), 1);
	ck_assert_str_eq(text, "Provider name \"" PATTERN_TEXT);
	free(text);
	json_decref(list);
	list = json_loads("{}", 0, NULL);
	ck_assert_int_eq(cm_validate_providers(list, &text), -1);
	json_decref(list);
	list = json_array();
	ck_assert_int_eq(cm_validate_providers(list, &text), 0);
	json_decref(list);
}
END_TEST

START_TEST(reserved_sets)
{
	static const char *const entry_scope[] = { "__dispatch",
		"__stringifyForDispatch", "__parseForDispatch", "__BINARY_TAG",
		"__encodeBinaryValue", "__decodeBinaryValue", "__encodeBase64",
		"__decodeBase64" };
	static const char *const es2022[] = { "await", "break", "case", "catch",
		"class", "const", "continue", "debugger", "default", "delete",
		"do", "else", "enum", "export", "extends", "false", "finally",
		"for", "function", "if", "import", "in", "instanceof", "new",
		"null", "return", "super", "switch", "this", "throw", "true",
		"try", "typeof", "var", "void", "while", "with", "yield" };
	static const char *const strict[] = { "implements", "interface", "let",
		"package", "private", "protected", "public", "static" };
	size_t i;

	for (i = 0; i < sizeof(entry_scope) / sizeof(entry_scope[0]); i++)
		ck_assert_int_eq(providers_reserved_group(entry_scope[i]),
		    CM_RESERVED_ENTRY_SCOPE);
	ck_assert_int_eq(
	    providers_reserved_group("setTimeout"), CM_RESERVED_TIMERS);
	ck_assert_int_eq(
	    providers_reserved_group("TextEncoder"), CM_RESERVED_CODEC_GLOBALS);
	ck_assert_int_eq(providers_reserved_group("__cm_native"),
	    CM_RESERVED_IMPLEMENTATION_PRIVATE);
	ck_assert_int_eq(providers_reserved_group("__cm_spec"),
	    CM_RESERVED_IMPLEMENTATION_PRIVATE);
	ck_assert_int_eq(
	    providers_reserved_group("Proxy"), CM_RESERVED_GENERATED_SOURCE);
	/* Deliberately free. */
	ck_assert_int_eq(cm_provider_name_reserved("fetch"), 0);
	ck_assert_int_eq(cm_provider_name_reserved("Response"), 0);
	ck_assert_int_eq(cm_provider_name_reserved(NULL), 0);
	for (i = 0; i < sizeof(es2022) / sizeof(es2022[0]); i++)
		ck_assert_str_eq(providers_reserved_word_group(es2022[i]),
		    "es2022-reserved");
	for (i = 0; i < sizeof(strict) / sizeof(strict[0]); i++)
		ck_assert_str_eq(
		    providers_reserved_word_group(strict[i]), "strict-mode");
	ck_assert_str_eq(
	    providers_reserved_word_group("eval"), "strict-restricted");
	ck_assert_int_eq(cm_is_reserved_word("async"), 0);
	ck_assert_int_eq(cm_is_reserved_word("undefined"), 0);
	ck_assert_int_eq(cm_is_reserved_word("Class"), 0);
}
END_TEST

START_TEST(pattern_agrees_with_regex)
{
	static const char *const samples[] = { "a", "A", "_", "$", "a1", "1a",
		"", "a-b", "a b", "a.b", "\xc3\xa9", "a\xc3\xa9", "$$", "_1_",
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
		"_$",
		"a\n", "\ta", "a[", "a]", "a^" };
	regex_t re;
	size_t i;

	ck_assert_str_eq(
	    CM_PROVIDER_NAME_PATTERN, "^[A-Za-z_$][A-Za-z0-9_$]*$");
	ck_assert_int_eq(
	    regcomp(&re, CM_PROVIDER_NAME_PATTERN, REG_EXTENDED | REG_NOSUB),
	    0);
	for (i = 0; i < sizeof(samples) / sizeof(samples[0]); i++)
		ck_assert_msg(cm_provider_name_matches_pattern(samples[i]) ==
			(regexec(&re, samples[i], 0, NULL, 0) == 0),
		    "sample %zu", i);
	regfree(&re);
}
END_TEST

static Suite *
providers_suite(void)
{
	Suite *s = suite_create("providers");
	TCase *tc = tcase_create("rules");

	tcase_add_test(tc, valid_lists);
	tcase_add_test(tc, each_rule);
	tcase_add_test(tc, first_failure_wins);
	tcase_add_test(tc, descriptors);
	tcase_add_test(tc, reserved_sets);
	tcase_add_test(tc, pattern_agrees_with_regex);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(providers_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
