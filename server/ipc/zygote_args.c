/*
 * The zygote's argument vector (zygote_args.h). The decoder is strict on
 * purpose: the image runs unsandboxed until it forks, so it refuses any
 * vector the daemon would not have written rather than guess at one.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "zygote_args.h"

#define ZYGOTE_ARGS_FLAG "--zygote"
#define ZYGOTE_ARGS_AS "--address-space="
#define ZYGOTE_ARGS_CPU "--cpu-seconds="
#define ZYGOTE_ARGS_PREWARM "--prewarm="
#define ZYGOTE_ARGS_SPIN "--spin-us="

/* Writes one argument at *p; 0, or -1 when it would not fit. */
static int
zygote_args_put(char **p, char *end, char **slot, const char *prefix,
    uint64_t v, int number)
{
	int n = number
	    ? snprintf(*p, (size_t)(end - *p), "%s%" PRIu64, prefix, v)
	    : snprintf(*p, (size_t)(end - *p), "%s", prefix);

	if (n < 0 || n >= end - *p)
		return -1;
	*slot = *p;
	*p += n + 1;
	return 0;
}

int
zygote_args_encode(
    const struct zygote_args *a, const char *image, struct zygote_argv *out)
{
	char *p = out->buf, *end = out->buf + sizeof(out->buf);

	if (image == NULL || (a->prewarm != 0 && a->prewarm != 1) ||
	    a->spin_us > ZYGOTE_ARGS_SPIN_MAX)
		return -1;
	out->argv[0] = (char *)image;
	if (zygote_args_put(&p, end, &out->argv[1], ZYGOTE_ARGS_FLAG, 0, 0) !=
		0 ||
	    zygote_args_put(&p, end, &out->argv[2], ZYGOTE_ARGS_AS,
		a->address_space, 1) != 0 ||
	    zygote_args_put(&p, end, &out->argv[3], ZYGOTE_ARGS_CPU,
		a->cpu_seconds, 1) != 0 ||
	    zygote_args_put(&p, end, &out->argv[4], ZYGOTE_ARGS_PREWARM,
		(uint64_t)a->prewarm, 1) != 0 ||
	    zygote_args_put(
		&p, end, &out->argv[5], ZYGOTE_ARGS_SPIN, a->spin_us, 1) != 0)
		return -1;
	out->argv[6] = NULL;
	return 0;
}

int
zygote_args_number(
    const char *arg, const char *prefix, uint64_t max, uint64_t *out)
{
	size_t k = strlen(prefix);
	const char *s;
	uint64_t v = 0;

	if (strncmp(arg, prefix, k) != 0)
		return -1;
	s = arg + k;
	if (*s == '\0' || (s[0] == '0' && s[1] != '\0'))
		return -1;
	for (; *s != '\0'; s++) {
		uint64_t d = (uint64_t)(*s - '0');

		if (*s < '0' || *s > '9')
			return -1;
		/* v * 10 + d <= max, without overflowing on the way. */
		if (d > max || v > (max - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

int
zygote_args_decode(int argc, char *const argv[], struct zygote_args *a,
    char *err, size_t errlen)
{
	uint64_t as, cpu, prewarm, spin;

	memset(a, 0, sizeof(*a));
	if (argc != ZYGOTE_ARGS_COUNT + 1 || argv == NULL) {
		snprintf(err, errlen, "expected %d arguments, got %d",
		    ZYGOTE_ARGS_COUNT, argc > 0 ? argc - 1 : 0);
		return -1;
	}
	if (argv[1] == NULL || strcmp(argv[1], ZYGOTE_ARGS_FLAG) != 0) {
		snprintf(err, errlen, "argument 1 is not %s", ZYGOTE_ARGS_FLAG);
		return -1;
	}
	if (argv[2] == NULL ||
	    zygote_args_number(argv[2], ZYGOTE_ARGS_AS, UINT64_MAX, &as) != 0) {
		snprintf(
		    err, errlen, "argument 2 is not %sBYTES", ZYGOTE_ARGS_AS);
		return -1;
	}
	if (argv[3] == NULL ||
	    zygote_args_number(argv[3], ZYGOTE_ARGS_CPU, UINT32_MAX, &cpu) !=
		0) {
		snprintf(err, errlen, "argument 3 is not %sN", ZYGOTE_ARGS_CPU);
		return -1;
	}
	if (argv[4] == NULL ||
	    zygote_args_number(argv[4], ZYGOTE_ARGS_PREWARM, 1, &prewarm) !=
		0) {
		snprintf(err, errlen, "argument 4 is not %s0 or %s1",
		    ZYGOTE_ARGS_PREWARM, ZYGOTE_ARGS_PREWARM);
		return -1;
	}
	if (argv[5] == NULL ||
	    zygote_args_number(
		argv[5], ZYGOTE_ARGS_SPIN, ZYGOTE_ARGS_SPIN_MAX, &spin) != 0) {
		snprintf(err, errlen, "argument 5 is not %sN (at most %u)",
		    ZYGOTE_ARGS_SPIN, ZYGOTE_ARGS_SPIN_MAX);
		return -1;
	}
	if (argv[6] != NULL) {
		snprintf(err, errlen, "the argument vector does not end");
		return -1;
	}
	a->address_space = as;
	a->cpu_seconds = (uint32_t)cpu;
	a->prewarm = (int)prewarm;
	a->spin_us = (uint32_t)spin;
	return 0;
}
