/*
 * Feeds arbitrary argument vectors to the fetcher's argument decoder: the
 * input split at NUL bytes is argv[1..]. Whatever it accepts must be
 * exactly what the encoder writes for the decoded settings.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_argv.h"
#include "fetcher/fetcher_args.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_ARGS_MAX 32

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy, *argv[FUZZ_ARGS_MAX + 2], err[128], **v;
	struct fetcher_args a;
	int argc, k;

	if ((copy = malloc(size + 1)) == NULL)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	argv[0] = "codemode-executord";
	argc = fuzz_argv_split(copy, size, argv, FUZZ_ARGS_MAX);
	err[0] = '\0';
	if (fetcher_args_decode(argc, argv, &a, err, sizeof(err)) == 0) {
		if ((v = fetcher_args_encode(&a, argv[0])) == NULL)
			abort();
		for (k = 1; k < argc; k++)
			if (v[k] == NULL || strcmp(v[k], argv[k]) != 0)
				abort();
		if (v[argc] != NULL)
			abort();
		fetcher_args_free(v);
		fetcher_args_clear(&a);
	} else if (err[0] == '\0')
		abort();
	free(copy);
	return 0;
}
