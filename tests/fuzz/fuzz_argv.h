/*
 * For the argument-vector harnesses: the input, NUL-terminated in `copy`
 * (size bytes and a NUL after them), split at NUL bytes into argv[1..] (at
 * most `max`), argv[0] left to the caller, argv[argc] NULL. Returns argc.
 */
#ifndef FUZZ_ARGV_H
#define FUZZ_ARGV_H

#include <stddef.h>

static inline int
fuzz_argv_split(char *copy, size_t size, char **argv, int max)
{
	size_t i, start = 0;
	int argc = 1;

	for (i = 0; i <= size && argc <= max; i++)
		if (i == size || copy[i] == '\0') {
			if (i > start || i < size)
				argv[argc++] = copy + start;
			start = i + 1;
		}
	argv[argc] = NULL;
	return argc;
}

#endif
