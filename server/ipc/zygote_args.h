/*
 * How the daemon starts a zygote from the sandbox image (pool/zygote.c ->
 * sandbox/codemode_sandbox.c): the control socket sits at a fixed
 * descriptor, every other one but stdin, stdout and stderr is closed, and
 * the zygote's settings are its argument vector, written by
 * zygote_args_encode and read back by zygote_args_decode, which accepts
 * exactly what the encoder writes and nothing else:
 *
 *   IMAGE --zygote --address-space=BYTES --cpu-seconds=N --prewarm=0|1
 *         --spin-us=N
 *
 * Numbers are plain decimal (no sign, no leading zero, no spaces), each
 * setting is there once and in this order.
 */
#ifndef ZYGOTE_ARGS_H
#define ZYGOTE_ARGS_H

#include <stddef.h>
#include <stdint.h>

/* The zygote's end of its control socket (SOCK_SEQPACKET) after exec. */
#define ZYGOTE_CTL_FD 3

/* Arguments after the program's name. */
#define ZYGOTE_ARGS_COUNT 5

struct zygote_args {
	uint64_t address_space; /* RLIMIT_AS of each child; 0 leaves it unset */
	uint32_t cpu_seconds; /* RLIMIT_CPU of each child; 0 leaves it unset */
	int prewarm; /* 1: a spare warms its pages while it waits */
	/* µs a child polls for the host's answer before it blocks
	 * (child/spin.h), at most ZYGOTE_ARGS_SPIN_MAX; 0: never */
	uint32_t spin_us;
};

/* The longest spin the vector carries (child/spin.h's SPIN_BUDGET_MAX_US). */
#define ZYGOTE_ARGS_SPIN_MAX 10000u

/*
 * An argument vector ready for execve: argv[0] is the image's path (not
 * copied: it must outlive the vector), the settings live in buf.
 */
struct zygote_argv {
	char buf[160];
	char *argv[ZYGOTE_ARGS_COUNT + 2];
};

/* Fills *out for `a` and `image`; 0, or -1 when a setting is out of range. */
int zygote_args_encode(
    const struct zygote_args *a, const char *image, struct zygote_argv *out);

/*
 * A decimal number after `prefix`, as the encoders of the daemon's
 * argument vectors write one (this one and the fetcher's): digits only,
 * no leading zero unless it is 0, at most `max`. 0, or -1.
 */
int zygote_args_number(
    const char *arg, const char *prefix, uint64_t max, uint64_t *out);

/*
 * Reads argv[1..argc-1] into *a. Returns 0, or -1 with `err` naming the
 * first argument that is not exactly what zygote_args_encode writes.
 */
int zygote_args_decode(int argc, char *const argv[], struct zygote_args *a,
    char *err, size_t errlen);

#endif
