/*
 * How the daemon or the in-process executor starts its fetcher
 * (daemon/fetchlink.c -> codemode_fetcher.c): the program codemode-fetcher
 * beside the sandbox image, its link at FETCHER_FD, every other descriptor
 * but stdin, stdout and stderr closed, and its settings in the argument
 * vector, written by
 * fetcher_args_encode and read back by fetcher_args_decode, which accepts
 * exactly what the encoder writes:
 *
 *   IMAGE --fetcher --max-body=N --max-total=N --max-per-owner=N
 *         --max-waiting=N --verbosity=N [--allow=RULES]...
 *         [--deny=RULES]... [--self=[ADDR]:PORT]... [--resolve=ENTRY]...
 *
 * Numbers are plain decimal; the five settings come first, in this order,
 * then the policy's lists, each kind after the one before it. The texts
 * are the starter's own settings (operator rules, its listening addresses),
 * never a guest's.
 */
#ifndef FETCHER_ARGS_H
#define FETCHER_ARGS_H

#include <stddef.h>

/* The fetcher's end of its link (a SOCK_STREAM socketpair) after exec. */
#define FETCHER_FD 3

/* The first argument, so nothing starts it by mistake. */
#define FETCHER_FLAG "--fetcher"

/* What the fetcher logs on stderr: 0 nothing, 1 errors, 2 warnings too, 3
 * information too (the daemon's default), 4 everything. */
#define FETCHER_VERBOSITY_MAX 4

struct fetcher_args {
	size_t max_body;
	unsigned max_total, max_per_owner, max_waiting;
	unsigned verbosity; /* 0..FETCHER_VERBOSITY_MAX */
	/* Borrowed from the vector decoded, or the caller's for encoding. */
	const char *const *allow, *const *deny, *const *self, *const *resolve;
	size_t nallow, ndeny, nself, nresolve;
};

/* The program's name, installed beside the sandbox image. */
#define FETCHER_PROGRAM "codemode-fetcher"

/*
 * The fetcher beside `sandbox_image` (an absolute path) into out: 0, or
 * -1 when the path has no directory or does not fit in `len`.
 */
int fetcher_args_image(const char *sandbox_image, char *out, size_t len);

/*
 * An argument vector for execve: argv[0] is `image` (borrowed), the rest
 * malloc'd, NULL-terminated. NULL when out of memory or a text is empty.
 * Free it with fetcher_args_free.
 */
char **fetcher_args_encode(const struct fetcher_args *a, const char *image);
void fetcher_args_free(char **argv);

/*
 * Reads argv[1..argc-1] into *a; the lists are malloc'd arrays pointing
 * into argv (free them with fetcher_args_clear). Returns 0, or -1 with
 * `err` naming the first argument not of the encoder's form.
 */
int fetcher_args_decode(int argc, char *const argv[], struct fetcher_args *a,
    char *err, size_t errlen);
void fetcher_args_clear(struct fetcher_args *a);

#endif
