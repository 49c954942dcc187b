/*
 * Local time in a named zone (tz.h): the zone's transitions as tzdata
 * lists them, then its POSIX rule ("EST5EDT,M3.2.0,M11.1.0") for the
 * years past the last one.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "tz.h"

struct tz_type {
	int32_t utoff;
	uint8_t isdst;
	uint16_t abbr; /* offset into tz_abbrs */
};

struct tz_zone {
	const char *name;
	uint32_t first_time, n_times;
	uint32_t first_type;
	uint16_t n_types;
	uint8_t initial; /* the type before the first transition */
	const char *rule;
};

struct tz_name {
	const char *name;
	uint16_t zone;
};

#include "tz_data.h"

/* One end of daylight time in a POSIX rule. */
struct tz_when {
	char kind; /* 'J' (1-365, no Feb 29), 'n' (0-365), 'M' (month.week.day)
		    */
	int a, b, c;
	int32_t time; /* seconds after local midnight */
};

struct tz_rule {
	char std[16], dst[16];
	int32_t std_off, dst_off; /* seconds east of UTC */
	int has_dst;
	struct tz_when start, end;
};

const char *
tz_zone_name(int zone)
{
	return tz_zones[zone].name;
}

int
tz_find(const char *name)
{
	size_t lo = 0, hi = sizeof(tz_names) / sizeof(*tz_names), mid;
	int r;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		r = strcasecmp(name, tz_names[mid].name);
		if (r == 0)
			return tz_names[mid].zone;
		if (r < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

static const char *
tz_parse_name(const char *p, char *out, size_t size)
{
	size_t n = 0;
	int quoted = *p == '<';

	if (quoted)
		p++;
	while (*p != '\0' &&
	    (quoted ? *p != '>'
		    : ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')))) {
		if (n + 1 < size)
			out[n++] = *p;
		p++;
	}
	if (quoted && *p == '>')
		p++;
	out[n] = '\0';
	return p;
}

/* [+-]h[h][:mm[:ss]] as seconds; *ok cleared when there is none. */
static const char *
tz_parse_time(const char *p, int32_t *out, int *ok)
{
	int32_t sign = 1, v = 0, part, i;

	if (*p == '+' || *p == '-')
		sign = *p++ == '-' ? -1 : 1;
	if (*p < '0' || *p > '9') {
		*ok = 0;
		return p;
	}
	for (i = 0; i < 3; i++) {
		for (part = 0; *p >= '0' && *p <= '9'; p++)
			part = part * 10 + (*p - '0');
		v += part * (i == 0 ? 3600 : i == 1 ? 60 : 1);
		if (i < 2 && *p == ':' && p[1] >= '0' && p[1] <= '9')
			p++;
		else
			break;
	}
	*out = sign * v;
	return p;
}

static const char *
tz_parse_when(const char *p, struct tz_when *w)
{
	int ok = 1;

	w->a = w->b = w->c = 0;
	w->time = 7200;
	if (*p == 'M') {
		w->kind = 'M';
		p++;
		while (*p >= '0' && *p <= '9')
			w->a = w->a * 10 + (*p++ - '0');
		if (*p == '.')
			p++;
		while (*p >= '0' && *p <= '9')
			w->b = w->b * 10 + (*p++ - '0');
		if (*p == '.')
			p++;
		while (*p >= '0' && *p <= '9')
			w->c = w->c * 10 + (*p++ - '0');
	} else {
		w->kind = *p == 'J' ? 'J' : 'n';
		if (*p == 'J')
			p++;
		while (*p >= '0' && *p <= '9')
			w->a = w->a * 10 + (*p++ - '0');
	}
	if (*p == '/')
		p = tz_parse_time(p + 1, &w->time, &ok);
	return p;
}

static int
tz_parse_rule(const char *p, struct tz_rule *r)
{
	int32_t v;
	int ok = 1;

	memset(r, 0, sizeof(*r));
	p = tz_parse_name(p, r->std, sizeof(r->std));
	p = tz_parse_time(p, &v, &ok);
	if (!ok || r->std[0] == '\0')
		return -1;
	r->std_off = -v; /* POSIX counts west */
	if (*p == '\0')
		return 0;
	p = tz_parse_name(p, r->dst, sizeof(r->dst));
	r->dst_off = r->std_off + 3600;
	if (*p != ',' && *p != '\0') {
		p = tz_parse_time(p, &v, &ok);
		if (ok)
			r->dst_off = -v;
	}
	if (*p != ',')
		return 0; /* no rule given: no daylight time we can place */
	p = tz_parse_when(p + 1, &r->start);
	if (*p != ',')
		return -1;
	tz_parse_when(p + 1, &r->end);
	r->has_dst = 1;
	return 0;
}

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian; m 1-12). */
static int64_t
tz_days(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static int
tz_leap(int64_t y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* Seconds from the year's local midnight of Jan 1 to w in year y. */
static int64_t
tz_when_in(const struct tz_when *w, int64_t y)
{
	int64_t day, first;
	int wd;

	if (w->kind == 'J')
		day = w->a - 1 + (tz_leap(y) && w->a >= 60);
	else if (w->kind == 'n')
		day = w->a;
	else {
		first = tz_days(y, w->a, 1);
		wd =
		    (int)(((first + 4) % 7 + 7) % 7); /* 1970-01-01: Thursday */
		day = first - tz_days(y, 1, 1) + (w->c - wd + 7) % 7 +
		    (int64_t)(w->b - 1) * 7;
		/* week 5 is the last: step back while past the month */
		while (w->b == 5 &&
		    day >= tz_days(y, w->a % 12 + 1, 1) - tz_days(y, 1, 1) +
			    (w->a == 12 ? 365 + tz_leap(y) : 0))
			day -= 7;
	}
	return day * 86400 + w->time;
}

static void
tz_rule_at(const struct tz_rule *r, double t, struct tz_local *out)
{
	int64_t y, jan1, start, end, s = (int64_t)t;
	int dst = 0;

	if (r->has_dst) {
		/* the year of t in standard time */
		int64_t days =
		    (s + r->std_off) / 86400 - ((s + r->std_off) % 86400 < 0);
		int64_t z = days + 719468,
			era = (z >= 0 ? z : z - 146096) / 146097;
		int64_t doe = z - era * 146097;
		int64_t yoe =
		    (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
		int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
		int64_t mp = (5 * doy + 2) / 153;

		y = yoe + era * 400 + (mp >= 10);
		jan1 = tz_days(y, 1, 1) * 86400;
		start = jan1 + tz_when_in(&r->start, y) - r->std_off;
		end = jan1 + tz_when_in(&r->end, y) - r->dst_off;
		dst = start < end ? (s >= start && s < end)
				  : !(s >= end && s < start);
	}
	out->utoff = dst ? r->dst_off : r->std_off;
	out->isdst = dst;
	strncpy(out->abbr, dst ? r->dst : r->std, sizeof(out->abbr) - 1);
	out->abbr[sizeof(out->abbr) - 1] = '\0';
}

static void
tz_type_to(const struct tz_type *ty, struct tz_local *out)
{
	out->utoff = ty->utoff;
	out->isdst = ty->isdst;
	strncpy(out->abbr, tz_abbrs + ty->abbr, sizeof(out->abbr) - 1);
	out->abbr[sizeof(out->abbr) - 1] = '\0';
}

/* Beyond the time values' range (+-8.64e12 s), with room for a half year
 * added to one (32_intl.js's zoneStyled). */
#define TZ_T_MAX 1e13

void
tz_local_at(int zone, double t, struct tz_local *out)
{
	const struct tz_zone *z = &tz_zones[zone];
	const int64_t *times = tz_times + z->first_time;
	size_t lo = 0, hi = z->n_times, mid;
	struct tz_rule r;

	memset(out, 0, sizeof(*out));
	/* The rule's arithmetic is in int64 seconds: a time past any time
	 * value's (8.64e12 s and then some) is read at that bound, NaN as 0,
	 * never converted out of range. */
	if (!(t >= -TZ_T_MAX))
		t = t != t ? 0 : -TZ_T_MAX;
	else if (t > TZ_T_MAX)
		t = TZ_T_MAX;
	if (z->n_times == 0 || t < (double)times[0]) {
		if (z->n_times == 0 && tz_parse_rule(z->rule, &r) == 0) {
			tz_rule_at(&r, t, out);
			return;
		}
		tz_type_to(&tz_types[z->first_type + z->initial], out);
		return;
	}
	if (t >= (double)times[z->n_times - 1] && z->rule[0] != '\0' &&
	    tz_parse_rule(z->rule, &r) == 0) {
		tz_rule_at(&r, t, out);
		return;
	}
	/* the last transition at or before t */
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if ((double)times[mid] <= t)
			lo = mid;
		else
			hi = mid;
	}
	tz_type_to(
	    &tz_types[z->first_type + tz_time_types[z->first_time + lo]], out);
}
