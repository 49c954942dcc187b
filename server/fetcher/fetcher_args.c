/*
 * The fetcher's argument vector (fetcher_args.h): encoder and strict
 * decoder.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fetcher_args.h"
#include "ipc/zygote_args.h"

#define FETCHER_ARGS_NBOUNDS 5
static const char *const fetcher_args_bounds[FETCHER_ARGS_NBOUNDS] = {
	"--max-body=", "--max-total=", "--max-per-owner=", "--max-waiting=",
	"--verbosity="
};
static const char *const fetcher_args_lists[] = {
	"--allow=", "--deny=", "--self=", "--resolve="
};

int
fetcher_args_image(const char *sandbox_image, char *out, size_t len)
{
	const char *slash = strrchr(sandbox_image, '/');
	int n;

	if (slash == NULL)
		return -1;
	n = snprintf(out, len, "%.*s/%s", (int)(slash - sandbox_image),
	    sandbox_image, FETCHER_PROGRAM);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

void
fetcher_args_free(char **argv)
{
	char **p;

	if (argv == NULL)
		return;
	for (p = argv + 1; *p != NULL; p++)
		free(*p);
	free(argv);
}

static char *
fetcher_args_join(const char *prefix, const char *value)
{
	size_t a = strlen(prefix), b = strlen(value);
	char *s;

	if (b == 0 || (s = malloc(a + b + 1)) == NULL)
		return NULL;
	memcpy(s, prefix, a);
	memcpy(s + a, value, b + 1);
	return s;
}

char **
fetcher_args_encode(const struct fetcher_args *a, const char *image)
{
	const char *const *lists[4] = { a->allow, a->deny, a->self,
		a->resolve };
	size_t counts[4] = { a->nallow, a->ndeny, a->nself, a->nresolve };
	unsigned long long bounds[FETCHER_ARGS_NBOUNDS] = { a->max_body,
		a->max_total, a->max_per_owner, a->max_waiting, a->verbosity };
	size_t n = 2 + FETCHER_ARGS_NBOUNDS + a->nallow + a->ndeny + a->nself +
	    a->nresolve,
	       k = 0, i, j;
	char **argv, num[24];

	if ((argv = calloc(n + 1, sizeof(*argv))) == NULL)
		return NULL;
	argv[k++] = (char *)image;
	if ((argv[k++] = strdup(FETCHER_FLAG)) == NULL)
		goto fail;
	if (a->verbosity > FETCHER_VERBOSITY_MAX)
		goto fail;
	for (i = 0; i < FETCHER_ARGS_NBOUNDS; i++) {
		snprintf(num, sizeof(num), "%llu", bounds[i]);
		if ((argv[k++] = fetcher_args_join(
			 fetcher_args_bounds[i], num)) == NULL)
			goto fail;
	}
	for (i = 0; i < 4; i++)
		for (j = 0; j < counts[i]; j++)
			if ((argv[k++] = fetcher_args_join(
				 fetcher_args_lists[i], lists[i][j])) == NULL)
				goto fail;
	return argv;
fail:
	fetcher_args_free(argv);
	return NULL;
}

void
fetcher_args_clear(struct fetcher_args *a)
{
	free((void *)a->allow);
	free((void *)a->deny);
	free((void *)a->self);
	free((void *)a->resolve);
	memset(a, 0, sizeof(*a));
}

int
fetcher_args_decode(int argc, char *const argv[], struct fetcher_args *a,
    char *err, size_t errlen)
{
	const char **lists[4] = { NULL, NULL, NULL, NULL };
	size_t counts[4] = { 0, 0, 0, 0 }, kind = 0, len;
	uint64_t v[FETCHER_ARGS_NBOUNDS];
	const uint64_t max[FETCHER_ARGS_NBOUNDS] = { SIZE_MAX, UINT32_MAX,
		UINT32_MAX, UINT32_MAX, FETCHER_VERBOSITY_MAX };
	int i;

	memset(a, 0, sizeof(*a));
	if (argc < 2 + FETCHER_ARGS_NBOUNDS ||
	    strcmp(argv[1], FETCHER_FLAG) != 0) {
		snprintf(err, errlen, "expected %s and %d settings",
		    FETCHER_FLAG, FETCHER_ARGS_NBOUNDS);
		return -1;
	}
	for (i = 0; i < FETCHER_ARGS_NBOUNDS; i++) {
		if (zygote_args_number(argv[2 + i], fetcher_args_bounds[i],
			max[i], &v[i]) != 0) {
			snprintf(err, errlen, "argument %d is not %sN", 2 + i,
			    fetcher_args_bounds[i]);
			return -1;
		}
	}
	for (i = 0; i < 4; i++)
		if ((lists[i] = calloc((size_t)argc, sizeof(char *))) == NULL)
			goto nomem;
	for (i = 2 + FETCHER_ARGS_NBOUNDS; i < argc; i++) {
		while (kind < 4 &&
		    strncmp(argv[i], fetcher_args_lists[kind],
			strlen(fetcher_args_lists[kind])) != 0)
			kind++;
		len = kind < 4 ? strlen(fetcher_args_lists[kind]) : 0;
		if (kind == 4 || argv[i][len] == '\0') {
			snprintf(err, errlen,
			    "argument %d is not a list entry in its place", i);
			goto fail;
		}
		lists[kind][counts[kind]++] = argv[i] + len;
	}
	a->max_body = (size_t)v[0];
	a->max_total = (unsigned)v[1];
	a->max_per_owner = (unsigned)v[2];
	a->max_waiting = (unsigned)v[3];
	a->verbosity = (unsigned)v[4];
	a->allow = lists[0];
	a->deny = lists[1];
	a->self = lists[2];
	a->resolve = lists[3];
	a->nallow = counts[0];
	a->ndeny = counts[1];
	a->nself = counts[2];
	a->nresolve = counts[3];
	return 0;
nomem:
	snprintf(err, errlen, "out of memory");
fail:
	for (i = 0; i < 4; i++)
		free(lists[i]);
	return -1;
}
