/*
 * lowerc: prints the ES5.1 that a JavaScript file lowers to (a debugging
 * aid). Usage: lowerc [--module] FILE. Errors go to stderr, exit 1.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower.h"

/* Reads a whole file; returns a malloc'd buffer the caller frees. */
static char *
lowerc_read(const char *path, size_t *len)
{
	FILE *f;
	char *buf = NULL, *nb;
	size_t cap = 0, n = 0, got;

	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	for (;;) {
		if (n == cap) {
			cap = cap ? cap * 2 : 65536;
			if ((nb = realloc(buf, cap)) == NULL) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

int
main(int argc, char **argv)
{
	struct lower_result res;
	enum lower_goal goal = LOWER_SCRIPT;
	const char *path = NULL;
	char *src;
	size_t len = 0;
	int i, rc;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--module") == 0)
			goal = LOWER_MODULE;
		else
			path = argv[i];
	}
	if (path == NULL) {
		fprintf(stderr, "usage: lowerc [--module] FILE\n");
		return 2;
	}
	if ((src = lowerc_read(path, &len)) == NULL) {
		fprintf(stderr, "lowerc: %s: %s\n", path, strerror(errno));
		return 1;
	}
	rc = lower_source(src, len, goal, &res);
	free(src);
	if (rc != 0) {
		fprintf(stderr, "%s\n", res.error);
		return 1;
	}
	fwrite(res.code, 1, res.code_len, stdout);
	free(res.code);
	return 0;
}
