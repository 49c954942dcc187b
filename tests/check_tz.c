/*
 * engine/host/tz.c: zone names and links, and local time from the
 * transitions and, past the last one (2037), the zone's POSIX rule. The
 * offsets wanted are node 20's (ICU) for the same instants.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "host/tz.h"

static int32_t
offset_at(const char *zone, double t)
{
	struct tz_local l;
	int z = tz_find(zone);

	ck_assert_msg(z >= 0, "%s is a zone", zone);
	tz_local_at(z, t, &l);
	return l.utoff;
}

START_TEST(test_names)
{
	int z = tz_find("America/New_York");

	ck_assert_int_ge(z, 0);
	ck_assert_int_eq(tz_find("america/NEW_york"), z);
	ck_assert_int_eq(tz_find("US/Eastern"), z); /* a link: its target */
	ck_assert_str_eq(
	    tz_zone_name(tz_find("us/eastern")), "America/New_York");
	ck_assert_int_eq(tz_find("Mars/Olympus"), -1);
	ck_assert_int_eq(tz_find(""), -1);
	ck_assert_int_ge(tz_find("UTC"), 0);
	ck_assert_int_ge(tz_find("Asia/Kolkata"), 0);
	ck_assert_int_eq(tz_find("Asia/Calcutta"), tz_find("Asia/Kolkata"));
}
END_TEST

START_TEST(test_transitions)
{
	struct tz_local l;

	/* 2024-03-10 02:00 EST: the second before and the second of it */
	ck_assert_int_eq(offset_at("America/New_York", 1710053999), -5 * 3600);
	ck_assert_int_eq(offset_at("America/New_York", 1710054000), -4 * 3600);
	tz_local_at(tz_find("America/New_York"), 1710054000, &l);
	ck_assert_str_eq(l.abbr, "EDT");
	ck_assert_int_eq(l.isdst, 1);
	ck_assert_int_eq(offset_at("Asia/Tokyo", -2000000000), 9 * 3600);
	ck_assert_int_eq(offset_at("Asia/Kolkata", 0), 19800);
	ck_assert_int_eq(offset_at("UTC", 1e9), 0);
	/* fractions of a second stay in their second */
	ck_assert_int_eq(
	    offset_at("America/New_York", 1710053999.999), -5 * 3600);
}
END_TEST

START_TEST(test_rule)
{
	struct tz_local l;

	/* 2050: past the last transition, the POSIX rule decides */
	ck_assert_int_eq(offset_at("America/New_York", 2540000000), -4 * 3600);
	tz_local_at(tz_find("America/New_York"), 2540000000, &l);
	ck_assert_str_eq(l.abbr, "EDT");
	/* the southern hemisphere's daylight time spans the new year */
	ck_assert_int_eq(offset_at("Australia/Sydney", 2540000000), 10 * 3600);
	ck_assert_int_eq(offset_at("Australia/Sydney", 2555000000), 11 * 3600);
	/* half an hour of daylight time */
	ck_assert_int_eq(offset_at("Australia/Lord_Howe", 2540000000), 37800);
	ck_assert_int_eq(offset_at("Europe/London", 2540000000), 3600);
	/* M3.5.0, the last Sunday of March: 2050-03-27, 01:00 UTC */
	ck_assert_int_eq(offset_at("Europe/London", 2531955600.0 - 1), 0);
	ck_assert_int_eq(offset_at("Europe/London", 2531955600.0), 3600);
	ck_assert_int_eq(offset_at("America/Sao_Paulo", 2540000000), -3 * 3600);
	/* explicit transitions past 2038 (Morocco's Ramadan) come first */
	ck_assert_int_eq(offset_at("Africa/Casablanca", 2540000000), 3600);
	/* 2100: not a leap year, and the rule still places March's second
	 * Sunday (2100-03-14) */
	ck_assert_int_eq(
	    offset_at("America/New_York", 4108690800.0 - 1), -5 * 3600);
	ck_assert_int_eq(
	    offset_at("America/New_York", 4108690800.0), -4 * 3600);
}
END_TEST

START_TEST(test_any_double)
{
	/* past the rule's int64 seconds: read at the bound (+-1e13 s), NaN as
	 * 0, never converted out of range (UBSan: signed overflow) */
	ck_assert_int_eq(offset_at("America/New_York", 1e300),
	    offset_at("America/New_York", 1e13));
	ck_assert_int_eq(offset_at("America/New_York", 1e300), -4 * 3600);
	ck_assert_int_eq(offset_at("America/New_York", 1e16), -4 * 3600);
	ck_assert_int_eq(offset_at("America/New_York", -1e300),
	    offset_at("America/New_York", -1e13));
	ck_assert_int_eq(offset_at("America/New_York", 0.0 / 0.0), -5 * 3600);
	ck_assert_int_eq(offset_at("EST5EDT", 1.0 / 0.0), -4 * 3600);
	ck_assert_int_eq(offset_at("Europe/London", 1e300), 3600);
}
END_TEST

static Suite *
tz_suite(void)
{
	Suite *s = suite_create("tz");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_transitions);
	tcase_add_test(tc, test_rule);
	tcase_add_test(tc, test_any_double);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(tz_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
