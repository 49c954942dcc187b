/*
 * date_parse: the string forms Date.parse and new Date(string) accept
 * (see date_parse.c). Duktape calls it through a build-time patch of
 * duk__parse_string (engine/module.mk).
 */
#ifndef DATE_PARSE_H
#define DATE_PARSE_H

/*
 * Reads s; returns the time in ms since the epoch, or NaN when s is no
 * date. *local is set when s is a local time: the caller subtracts the
 * local time zone's offset (the value is as if s were UTC).
 */
double date_parse(const char *s, int *local);

#endif
