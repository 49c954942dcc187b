/*
 * engine/host/icu.c: locale negotiation against ICU's available locales,
 * ICU's memory counted and capped (a refused allocation is a RangeError in
 * the guest, and ICU works again once memory is back), and the handles
 * kept bounded however many locales a guest asks for.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <unicode/putil.h>
#include <unicode/utypes.h>

#include "host/engine.h"
#include "host/icu.h"
#include "support/test_engine.h"

static const char *
best(const char *tag)
{
	static char out[128];
	int r = icu_locale(tag, out, sizeof(out));

	ck_assert_int_ge(r, 0);
	return r == 1 ? out : "-";
}

/* ICU's internal putilimp.h, exported (engine/host/icu.c) */
U_CAPI const char *U_EXPORT2 u_getTimeZoneFilesDirectory(UErrorCode *status);

START_TEST(test_no_files)
{
	char dir[] = "/tmp/check_icu_XXXXXX", path[256];
	struct capture c;
	struct engine *e;
	char msg[256];
	UErrorCode st = U_ZERO_ERROR;
	FILE *f;

	/* a broken tailoring where ICU_DATA points: ICU, left to its
	 * default, would read it before its own data */
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/%s", dir, U_ICUDATA_NAME);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/%s/coll", dir, U_ICUDATA_NAME);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/%s/coll/sv.res", dir, U_ICUDATA_NAME);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("not a resource bundle", f);
	fclose(f);
	setenv("ICU_DATA", dir, 1);
	ck_assert_int_eq(icu_ensure(), 0);
	/* Debian's ICU would stat and open /usr/share/zoneinfo-icu: an
	 * open() ends a child under seccomp */
	ck_assert_str_eq(u_getTimeZoneFilesDirectory(&st), "");
	ck_assert_int_eq(U_SUCCESS(st), 1);
	e = mk(&c, 60000, 0);
	ck_assert_int_eq(run(e,
			     "print(['\\u00e4', 'a', 'z'].sort(new "
			     "Intl.Collator('sv').compare).join())",
			     msg, sizeof(msg)),
	    SCRIPT_OK);
	ck_assert_str_eq(c.buf, "a,z,\xc3\xa4\n");
	engine_destroy(e);
	unsetenv("ICU_DATA");
	unlink(path);
	snprintf(path, sizeof(path), "%s/%s/coll", dir, U_ICUDATA_NAME);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/%s", dir, U_ICUDATA_NAME);
	rmdir(path);
	rmdir(dir);
}
END_TEST

START_TEST(test_negotiation)
{
	ck_assert_str_eq(best("de-DE"), "de-DE");
	ck_assert_str_eq(best("de"), "de");
	/* BestAvailableLocale: the longest prefix ICU has */
	ck_assert_str_eq(best("de-XX"), "de");
	ck_assert_str_eq(best("fr-CA-u-nu-arab"), "fr-CA");
	/* kept by ICU under its script, found by the likely subtags */
	ck_assert_str_eq(best("zh-TW"), "zh-TW");
	ck_assert_str_eq(best("sr-Latn-RS"), "sr-Latn-RS");
	ck_assert_str_eq(best("en-IN"), "en-IN");
	ck_assert_str_eq(best("xx"), "-");
	ck_assert_str_eq(best("qq-QQ"), "-");
	ck_assert_str_eq(best("root"), "-");
	ck_assert_int_gt(icu_allocated(), 0);
}
END_TEST

START_TEST(test_handles_bounded)
{
	struct capture c;
	struct engine *e = mk(&c, 60000, 0);
	char msg[256];
	size_t first;
	/* ten kinds of handle in 40 locales, twice over */
	static const char *const src =
	    "var L = ['af','ar','bg','bn','ca','cs','da','de','el','es','et',"
	    "'fa','fi','fr','he','hi','hr','hu','id','it','ja','ko','lt','lv',"
	    "'nb','nl','pl','pt','ro','ru','sk','sl','sr','sv','th','tr','uk',"
	    "'vi','zh','zu'], i, d = new Date(0);"
	    "for (i = 0; i < L.length * 3; i++) {"
	    "  var l = L[i % L.length] + '-x-n' + i;"
	    "  new Intl.NumberFormat(l, { style: 'currency', currency: 'EUR' })"
	    "    .format(i);"
	    "  new Intl.DateTimeFormat(l, { dateStyle: 'long' }).format(d);"
	    "  new Intl.DateTimeFormat(l, { month: 'long' }).format(d);"
	    "  new Intl.Collator(l).compare('a', 'b');"
	    "  new Intl.PluralRules(l).select(i);"
	    "  new Intl.RelativeTimeFormat(l).format(i, 'day');"
	    "  new Intl.ListFormat(l).format(['a', 'b']);"
	    "  'i'.toLocaleUpperCase('tr');"
	    "}"
	    "print('ok');";

	ck_assert_int_eq(run(e, src, msg, sizeof(msg)), SCRIPT_OK);
	first = icu_allocated();
	ck_assert_int_eq(run(e, src, msg, sizeof(msg)), SCRIPT_OK);
	ck_assert_int_eq(run(e, src, msg, sizeof(msg)), SCRIPT_OK);
	/* ICU's caches of locale data stay; the handles do not pile up */
	ck_assert_msg(icu_allocated() < first + first / 4,
	    "ICU holds %zu bytes after three passes, %zu after one",
	    icu_allocated(), first);
	ck_assert_msg(
	    icu_allocated() < ICU_MEMORY_CAP / 2, "%zu bytes", icu_allocated());
	ck_assert_str_eq(c.buf, "ok\nok\nok\n");
	engine_destroy(e);
}
END_TEST

START_TEST(test_refused_allocation)
{
	struct capture c;
	struct engine *e = mk(&c, 60000, 0);
	char msg[256];

	ck_assert_int_eq(
	    run(e, "print((1).toLocaleString('de'))", msg, sizeof(msg)),
	    SCRIPT_OK);
	/* no room for one more byte: a locale not yet loaded fails */
	icu_set_cap(icu_allocated());
	ck_assert_int_eq(
	    run(e,
		"try { print(new Intl.DateTimeFormat('km', { dateStyle: "
		"'full' }).format(0)); } "
		"catch (e) { print(e.name + ': ' + e.message); }",
		msg, sizeof(msg)),
	    SCRIPT_OK);
	ck_assert_str_eq(
	    c.buf, "1\nRangeError: Intl: out of memory for locale data\n");
	icu_set_cap(ICU_MEMORY_CAP);
	c.len = 0;
	ck_assert_int_eq(run(e,
			     "print(new Intl.DateTimeFormat('km', { dateStyle: "
			     "'full', timeZone: 'UTC' }).format(0) === "
			     "'\\u1796\\u17d2\\u179a\\u17a0\\u179f\\u17d2"
			     "\\u1794\\u178f\\u17b7\\u17cd 1 "
			     "\\u1798\\u1780\\u179a\\u17b6 1970')",
			     msg, sizeof(msg)),
	    SCRIPT_OK);
	c.buf[c.len] = '\0';
	ck_assert_str_eq(c.buf, "true\n");
	engine_destroy(e);
}
END_TEST

static Suite *
icu_suite(void)
{
	Suite *s = suite_create("icu");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_no_files);
	tcase_add_test(tc, test_negotiation);
	tcase_add_test(tc, test_handles_bounded);
	tcase_add_test(tc, test_refused_allocation);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(icu_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
