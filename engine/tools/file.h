/* Whole-file reads for the engine's command-line programs. */
#ifndef FILE_H
#define FILE_H

#include <stddef.h>

/*
 * Reads the file at `path` into a malloc'd, NUL-terminated buffer the
 * caller frees; *len is its length without the NUL. NULL with errno set
 * when the file cannot be opened or read, or memory runs out.
 */
char *file_read(const char *path, size_t *len);

#endif
