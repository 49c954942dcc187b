/*
 * lowerc: prints the ES5.1 that a JavaScript file lowers to (a debugging
 * aid). Usage: lowerc [--module] [--typescript] FILE. Errors go to stderr,
 * exit 1.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/lower.h"
#include "file.h"

int
main(int argc, char **argv)
{
	struct lower_result res;
	enum lower_goal goal = LOWER_SCRIPT;
	const char *path = NULL;
	char *src;
	size_t len = 0;
	unsigned flags = 0;
	int i, rc;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--module") == 0)
			goal = LOWER_MODULE;
		else if (strcmp(argv[i], "--typescript") == 0)
			flags |= LOWER_F_TS;
		else
			path = argv[i];
	}
	if (path == NULL) {
		fprintf(
		    stderr, "usage: lowerc [--module] [--typescript] FILE\n");
		return 2;
	}
	if ((src = file_read(path, &len)) == NULL) {
		fprintf(stderr, "lowerc: %s: %s\n", path, strerror(errno));
		return 1;
	}
	rc = lower_source_flags(src, len, goal, flags, &res);
	free(src);
	if (rc != 0) {
		fprintf(stderr, "%s\n", res.error);
		return 1;
	}
	fwrite(res.code, 1, res.code_len, stdout);
	free(res.code);
	return 0;
}
