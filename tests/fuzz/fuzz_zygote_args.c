/*
 * Feeds arbitrary argument vectors to the zygote's argument decoder: the
 * input split at NUL bytes is argv[1..]. Whatever it accepts must be
 * exactly what the encoder writes for the decoded settings.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_argv.h"
#include "ipc/zygote_args.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_ARGS_MAX 8

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy, *argv[FUZZ_ARGS_MAX + 2], err[128];
	struct zygote_args a;
	struct zygote_argv v;
	int argc;

	if ((copy = malloc(size + 1)) == NULL)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	argv[0] = "codemode-sandbox";
	argc = fuzz_argv_split(copy, size, argv, FUZZ_ARGS_MAX);
	if (zygote_args_decode(argc, argv, &a, err, sizeof(err)) == 0) {
		int k;

		if (zygote_args_encode(&a, argv[0], &v) != 0)
			abort();
		for (k = 1; k < argc; k++)
			if (strcmp(v.argv[k], argv[k]) != 0)
				abort();
	} else if (err[0] == '\0')
		abort();
	free(copy);
	return 0;
}
