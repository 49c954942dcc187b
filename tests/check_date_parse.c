/* Check suite for engine/host/date_parse.c: the date time string format,
 * its malformed forms, and the fallback forms. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "host/date_parse.h"

struct date_case {
	const char *s;
	double t; /* NAN: no date */
	int local;
};

static const struct date_case date_cases[] = {
	{ "1970-01-01T00:00:00.000Z", 0, 0 },
	{ "2024-01-15", 1705276800000.0, 0 },
	{ "2024-01", 1704067200000.0, 0 },
	{ "2024", 1704067200000.0, 0 },
	{ "+002024-01-15", 1705276800000.0, 0 },
	{ "-000001-01-01T00:00:00Z", -62198755200000.0, 0 },
	{ "2024-01-15T10:30:00.123+02:00", 1705307400123.0, 0 },
	{ "2024-01-15T10:30:00.1239Z", 1705314600123.0, 0 },
	{ "2024-01-15T24:00:00Z", 1705363200000.0, 0 },
	/* a date-time without an offset is local time */
	{ "2024-01-15T10:30", 1705314600000.0, 1 },
	/* DD is 01..31 whatever the month: MakeDay carries over */
	{ "2024-02-30", 1709251200000.0, 0 },
	{ "2024-13-01", NAN, 0 },
	{ "2024-01-00", NAN, 0 },
	{ "2024-01-32", NAN, 0 },
	{ "2024-01-15T25:00:00Z", NAN, 0 },
	{ "2024-01-15T24:00:01Z", NAN, 0 },
	{ "2024-01-15T10:30:60Z", NAN, 0 },
	{ "-000000-01-01T00:00:00Z", NAN, 0 },
	{ "2024-01-15T10:30:00+24:00", NAN, 0 },
	{ "2024-01-15T10:30:00+02", NAN, 0 },
	{ "2024-01-15T10:30:00.Z", NAN, 0 },
	{ "2024-01-15T", NAN, 0 },
	{ "2024-01-15T10:30:00ZZ", NAN, 0 },
	{ "", NAN, 0 },
	{ "garbage", NAN, 0 },
	/* the fallback */
	{ "Mon, 15 Jan 2024 10:30:00 GMT", 1705314600000.0, 0 },
	{ "Tue Jan 16 2024 10:30:00 GMT+0200 (Eastern European Time)",
	    1705393800000.0, 0 },
	{ "2024-01-16 10:30:05.120+00:00", 1705401005120.0, 0 },
	{ "Jan 15 2024", 1705276800000.0, 1 },
	{ "15 January 2024 10:30", 1705314600000.0, 1 },
	{ "2024/01/15", 1705276800000.0, 1 },
	{ "1/15/2024 10:30 PM", 1705357800000.0, 1 },
	{ "Jan 15 2024 13:00 PM", NAN, 0 },
	{ "Foo 15 2024", NAN, 0 },
};

START_TEST(test_cases)
{
	const struct date_case *c = &date_cases[_i];
	int local = -1;
	double t = date_parse(c->s, &local);

	if (isnan(c->t)) {
		ck_assert_msg(isnan(t), "%s: want NaN, got %.0f", c->s, t);
	} else {
		ck_assert_msg(
		    t == c->t, "%s: want %.0f, got %.0f", c->s, c->t, t);
		ck_assert_msg(local == c->local, "%s: local %d", c->s, local);
	}
}
END_TEST

static Suite *
date_parse_suite(void)
{
	Suite *s = suite_create("date_parse");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_cases, 0,
	    (int)(sizeof(date_cases) / sizeof(date_cases[0])));
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(date_parse_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
