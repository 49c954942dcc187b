/*
 * JSON text to jansson values where an allocation may fail. jansson 2.14's
 * parser cannot take a failed allocation while its lexer saves a token's
 * bytes: the byte goes missing, and a later "unget" asserts (or a string's
 * closing quote is never found), so an out-of-memory parse aborts the
 * process. A process that installs the guard (jsonguard_install: the
 * daemon) gets, from jsonguard_loadb, an error with JSONGUARD_NOMEM
 * instead: the one allocation that failed is served from a reserve made
 * for that parse, and the parse is stopped at once and its value thrown
 * away. Without the guard installed it is json_loadb. Internal to the
 * library, not exported.
 */
#ifndef JSONGUARD_H
#define JSONGUARD_H

#include <stddef.h>

#include <jansson.h>

/* jsonguard_loadb's error text when an allocation failed (json_error_t). */
#define JSONGUARD_NOMEM "out of memory"

/*
 * Makes jansson allocate through the guard (json_set_alloc_funcs), for the
 * whole process: only its main may call it, before any JSON value exists.
 */
void jsonguard_install(void);

/* jsonguard_install over `alloc` instead of malloc (free stays free): the
 * seam a test fails allocations through. */
void jsonguard_install_alloc(void *(*alloc)(size_t));

/*
 * json_loadb with the same flags and error (its reserve: of its own for an
 * input past 24 KiB, else one kept per thread and lent to each parse); when
 * an allocation failed
 * inside the parse, NULL with error->text JSONGUARD_NOMEM and
 * json_error_code() json_error_out_of_memory (and errno ENOMEM).
 */
json_t *jsonguard_loadb(
    const char *buf, size_t len, size_t flags, json_error_t *error);

/* Whether `error` is jsonguard_loadb's out-of-memory one. */
int jsonguard_is_nomem(const json_error_t *error);

#endif
