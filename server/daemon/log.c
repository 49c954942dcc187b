/*
 * The daemon's log (log.h). One process, one level: the daemon sets it from
 * its configuration once.
 */
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#include "log.h"

static int log_level = LOG_INFO;

void
log_set_level(int level)
{
	log_level = level;
}

void
log_write(int level, const char *fmt, ...)
{
	static const char *const names[] = { "error", "warn", "info", "debug" };
	struct timespec ts;
	va_list ap;
	char line[1024];

	if (level > log_level || level < LOG_ERROR)
		return;
	clock_gettime(CLOCK_REALTIME, &ts);
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	fprintf(stderr, "ts=%lld.%03ld level=%s %s\n", (long long)ts.tv_sec,
	    ts.tv_nsec / 1000000, names[level], line);
}
