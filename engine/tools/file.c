/* See file.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "file.h"

char *
file_read(const char *path, size_t *len)
{
	FILE *f;
	char *buf = NULL, *nb;
	size_t cap = 0, n = 0, got;

	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	for (;;) {
		/* Always room for the terminating NUL. */
		if (n + 1 >= cap) {
			cap = cap ? cap * 2 : 65536;
			if ((nb = realloc(buf, cap)) == NULL) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = nb;
		}
		if ((got = fread(buf + n, 1, cap - n - 1, f)) == 0)
			break;
		n += got;
	}
	if (ferror(f)) {
		free(buf);
		fclose(f);
		errno = EIO;
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}
