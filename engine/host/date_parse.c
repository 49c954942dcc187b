/*
 * Date.parse and new Date(string), replacing Duktape's loose ISO subset
 * parser (engine/module.mk patches duk__parse_string to call this).
 *
 * A string shaped like the spec's date time string format (ES2025
 * 21.4.1.32: YYYY, ±YYYYYY, -MM, -DD, THH:mm, :ss, .sss, Z or ±HH:mm;
 * also a lower-case t or z and ±HHmm, as V8 takes them) is read by that
 * format alone: any field out of range, a missing part or a
 * trailing character gives NaN, where Duktape returned a date. Date-only
 * forms are UTC, date-time forms without an offset local time.
 *
 * Anything else goes to the fallback the spec leaves to implementations;
 * ours reads what toString() and toUTCString() write (the spec requires
 * that round trip) and the forms models meet in data: "Jan 15 2024",
 * "15 January 2024 10:30", "Mon, 15 Jan 2024 10:30:00 GMT", "2024/01/15",
 * "1/15/2024 10:30 PM", "2024-01-15 10:30:00" and an offset like GMT+0200.
 *
 * Pure C over a string: no Duktape, so it is tested alone
 * (tests/check_date_parse.c).
 */
#include <ctype.h>
#include <math.h>
#include <string.h>

#include "date_parse.h"

#define DATE_MS_DAY 86400000.0

/* Days from 1970-01-01 to year-month-day (month 0..11, day 1..): MakeDay. */
static double
date_make_day(double year, double month, double day)
{
	static const int cum[12] = { 0, 31, 59, 90, 120, 151, 181, 212, 243,
		273, 304, 334 };
	double y = year + floor(month / 12), days;
	int m = (int)(month - floor(month / 12) * 12);
	int leap;

	/* days before Jan 1 of y, counted with the proleptic Gregorian rules */
	days = 365.0 * (y - 1970) + floor((y - 1969) / 4) -
	    floor((y - 1901) / 100) + floor((y - 1601) / 400);
	leap = (fmod(y, 4) == 0 && fmod(y, 100) != 0) || fmod(y, 400) == 0;
	return days + cum[m] + (m >= 2 && leap) + day - 1;
}

static double
date_make(
    double y, double mo, double d, double h, double mi, double s, double ms)
{
	return date_make_day(y, mo, d) * DATE_MS_DAY +
	    ((h * 60 + mi) * 60 + s) * 1000 + ms;
}

/* Reads exactly n digits at *p; -1 if they are not there. */
static long
date_digits(const char **p, int n)
{
	long v = 0;
	int i;

	for (i = 0; i < n; i++) {
		if (!isdigit((unsigned char)(*p)[i]))
			return -1;
		v = v * 10 + ((*p)[i] - '0');
	}
	*p += n;
	return v;
}

/*
 * The date time string format. Returns 1 and sets *t / *local when s is a
 * valid instance, 0 when it is not shaped like one (the fallback may try),
 * -1 when it is shaped like one but invalid (NaN).
 */
static int
date_parse_iso(const char *s, double *t, int *local)
{
	const char *p = s;
	long y, mo = 1, d = 1, h = 0, mi = 0, sec = 0, oh = 0, om = 0;
	double ms = 0, scale = 100;
	int sign = 1, osign = 0, has_time = 0;

	if (*p == '+' || *p == '-') {
		sign = *p == '-' ? -1 : 1;
		p++;
		if ((y = date_digits(&p, 6)) < 0)
			return 0;
		if (sign < 0 && y == 0)
			return -1; /* -000000 is not a year */
	} else if ((y = date_digits(&p, 4)) < 0) {
		return 0;
	}
	if (isdigit((unsigned char)*p))
		return 0;
	if (*p == '-') {
		p++;
		if ((mo = date_digits(&p, 2)) < 0)
			return isdigit((unsigned char)*p) ? 0 : -1;
		if (*p == '-') {
			p++;
			if ((d = date_digits(&p, 2)) < 0)
				return 0;
		}
	}
	if (isdigit((unsigned char)*p))
		return 0;
	if (*p == 'T' || *p == 't') {
		p++;
		has_time = 1;
		if ((h = date_digits(&p, 2)) < 0 || *p++ != ':' ||
		    (mi = date_digits(&p, 2)) < 0)
			return -1;
		if (*p == ':') {
			p++;
			if ((sec = date_digits(&p, 2)) < 0)
				return -1;
			if (*p == '.') {
				p++;
				if (!isdigit((unsigned char)*p))
					return -1;
				/* more than 3 digits are read and cut */
				for (; isdigit((unsigned char)*p); p++) {
					ms += (*p - '0') * scale;
					scale /= 10;
				}
				ms = floor(ms);
			}
		}
		if (*p == 'Z' || *p == 'z') {
			p++;
			osign = 1;
		} else if (*p == '+' || *p == '-') {
			/* ±HH:mm; ±HHmm read too, as other engines do */
			osign = *p == '-' ? -1 : 1;
			p++;
			if ((oh = date_digits(&p, 2)) < 0)
				return -1;
			if (*p == ':')
				p++;
			if ((om = date_digits(&p, 2)) < 0)
				return -1;
		}
	} else if (*p != '\0') {
		/* "2024/01/15", "2024-01-15 10:30": not this format; the
		 * fallback reads them */
		return (p == s + 4 || *p == ' ') ? 0 : -1;
	}
	if (*p != '\0')
		return -1;
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59 ||
	    sec > 59 || oh > 23 || om > 59)
		return -1;
	if (h == 24 && (mi != 0 || sec != 0 || ms != 0))
		return -1;
	*t = date_make((double)(sign * y), (double)(mo - 1), (double)d,
	    (double)h, (double)mi, (double)sec, ms);
	if (osign != 0)
		*t -= osign * (oh * 60 + om) * 60000.0;
	*local = has_time && osign == 0;
	return 1;
}

static int
date_word_eq(const char *w, size_t n, const char *name, size_t min)
{
	size_t i;

	if (n < min || n > strlen(name))
		return 0;
	for (i = 0; i < n; i++)
		if (tolower((unsigned char)w[i]) != name[i])
			return 0;
	return 1;
}

/* Month index of a (possibly abbreviated) English month name, or -1. */
static int
date_month_name(const char *w, size_t n)
{
	static const char *const months[] = { "january", "february", "march",
		"april", "may", "june", "july", "august", "september",
		"october", "november", "december" };
	int i;

	for (i = 0; i < 12; i++)
		if (date_word_eq(w, n, months[i], 3))
			return i;
	return -1;
}

static int
date_day_name(const char *w, size_t n)
{
	static const char *const days[] = { "sunday", "monday", "tuesday",
		"wednesday", "thursday", "friday", "saturday" };
	int i;

	for (i = 0; i < 7; i++)
		if (date_word_eq(w, n, days[i], 3))
			return 1;
	return 0;
}

/* The implementation-defined fallback (see the comment at the top). */
static int
date_parse_legacy(const char *s, double *t, int *local)
{
	const char *p = s;
	long num[3];
	int nnum = 0, month = -1, h = -1, mi = 0, sec = 0, ms = 0;
	int ampm = 0, tz = 0, off = 0, slash_ymd = 0;
	long y, d;

	while (*p != '\0') {
		unsigned char c = (unsigned char)*p;

		if (isspace(c) || c == ',') {
			p++;
		} else if (c == '(') {
			/* "(Coordinated Universal Time)": a comment */
			int depth = 0;

			do {
				if (*p == '(')
					depth++;
				else if (*p == ')')
					depth--;
				p++;
			} while (*p != '\0' && depth > 0);
		} else if (isalpha(c)) {
			const char *w = p;
			size_t n;
			int m;

			while (isalpha((unsigned char)*p) || *p == '.')
				p++;
			n = (size_t)(p - w);
			if (w[n - 1] == '.')
				n--;
			if ((m = date_month_name(w, n)) >= 0) {
				if (month >= 0)
					return 0;
				month = m;
			} else if (date_word_eq(w, n, "am", 2) ||
			    date_word_eq(w, n, "pm", 2)) {
				ampm =
				    tolower((unsigned char)w[0]) == 'a' ? 1 : 2;
			} else if (date_word_eq(w, n, "gmt", 3) ||
			    date_word_eq(w, n, "utc", 3) ||
			    date_word_eq(w, n, "ut", 2) ||
			    date_word_eq(w, n, "z", 1)) {
				tz = 1;
			} else if (date_word_eq(w, n, "t", 1) && h < 0) {
				/* the T of "2024-01-15T10:30" read loosely */
			} else if (!date_day_name(w, n)) {
				return 0;
			}
		} else if ((c == '+' || c == '-') && (tz || h >= 0) &&
		    isdigit((unsigned char)p[1])) {
			/* an offset: +0200, +02:00, +2 */
			int sgn = c == '-' ? -1 : 1;
			long v = 0, oh, om = 0;
			int nd = 0;

			/* Saturates: past 99999 the value is refused whatever
			 * the digits (oh > 23 or nd > 4), and a run of them
			 * would overflow the long. */
			for (p++; isdigit((unsigned char)*p); p++, nd++)
				if (v < 100000)
					v = v * 10 + (*p - '0');
			if (*p == ':') {
				p++;
				oh = v;
				if ((om = date_digits(&p, 2)) < 0)
					return 0;
			} else if (nd <= 2) {
				oh = v;
			} else if (nd == 4) {
				oh = v / 100;
				om = v % 100;
			} else {
				return 0;
			}
			if (oh > 23 || om > 59)
				return 0;
			off = sgn * (int)(oh * 60 + om);
			tz = 1;
		} else if (isdigit(c)) {
			long v = 0;
			int nd = 0;

			for (; isdigit((unsigned char)*p); p++, nd++)
				if (nd < 9)
					v = v * 10 + (*p - '0');
			if (*p == ':' && h < 0) {
				/* a time: h:mm[:ss[.mmm]] */
				h = (int)v;
				p++;
				if ((mi = (int)date_digits(&p, 2)) < 0)
					return 0;
				if (*p == ':') {
					p++;
					if ((sec = (int)date_digits(&p, 2)) < 0)
						return 0;
					if (*p == '.') {
						int scale = 100;

						for (p++;
						     isdigit((unsigned char)*p);
						     p++) {
							ms +=
							    (*p - '0') * scale;
							scale /= 10;
						}
					}
				}
				continue;
			}
			if (nnum == 3)
				return 0;
			if (nnum == 0 && nd >= 3 && (*p == '/' || *p == '-'))
				slash_ymd = 1;
			num[nnum++] = v;
			if (*p == '/' || (*p == '-' && nnum < 3 && slash_ymd))
				p++;
		} else {
			return 0;
		}
	}
	if (month >= 0) {
		/* "Jan 15 2024", "15 Jan 2024": the year is the number
		 * that cannot be a day */
		if (nnum != 2)
			return 0;
		if (num[0] > 31) {
			y = num[0];
			d = num[1];
		} else {
			d = num[0];
			y = num[1];
		}
	} else if (nnum == 3) {
		if (slash_ymd) {
			y = num[0];
			month = (int)num[1] - 1;
			d = num[2];
		} else {
			/* 1/15/2024: month first */
			month = (int)num[0] - 1;
			d = num[1];
			y = num[2];
		}
	} else {
		return 0;
	}
	if (y < 50)
		y += 2000;
	else if (y < 100)
		y += 1900;
	if (month < 0 || month > 11 || d < 1 || d > 31)
		return 0;
	if (h < 0)
		h = 0;
	if (ampm != 0) {
		if (h < 1 || h > 12)
			return 0;
		h = h % 12 + (ampm == 2 ? 12 : 0);
	}
	if (h > 24 || mi > 59 || sec > 59)
		return 0;
	*t = date_make((double)y, month, (double)d, h, mi, sec, ms) -
	    off * 60000.0;
	*local = !tz;
	return 1;
}

double
date_parse(const char *s, int *local)
{
	double t = NAN;
	int rc;

	*local = 0;
	while (isspace((unsigned char)*s))
		s++;
	rc = date_parse_iso(s, &t, local);
	if (rc < 0)
		return NAN;
	if (rc == 0 && !date_parse_legacy(s, &t, local))
		return NAN;
	return t;
}
