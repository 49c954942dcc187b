/*
 * The parse guard (jsonguard.h). While a guarded parse runs, jansson's
 * allocations go to malloc as usual; the first one malloc refuses is
 * served from a reserve made before the parse, the parse is marked failed,
 * and its input ends there (the bytes are fed a few at a time), so the
 * lexer finishes its token with what it holds and the parse returns. Why
 * the reserve is big enough: jansson's lexer keeps a token's bytes in a
 * buffer that doubles, never past twice the longest token plus two (so
 * twice the input), and that buffer's growth is the one allocation it
 * cannot lose; any other allocation jansson refuses cleanly. After the
 * failure, what is left of the reserve serves the few bytes still fed, and
 * past it allocations fail, which jansson takes (the stream is over, so no
 * token can grow to need a new buffer). Nothing allocated from the reserve
 * outlives the parse: the value is freed before the reserve is.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonguard.h"
#include "jsonparse.h"

/* Bytes handed to jansson per read: what it may still lex after a failure. */
#define JSONGUARD_CHUNK 64
/* The reserve beyond the token buffer's bound: the values of one chunk. */
#define JSONGUARD_SLACK 16384

struct jsonguard_parse {
	const char *buf;
	size_t len, pos;
	unsigned char *reserve;
	size_t reserve_size, reserve_used;
	int failed;
};

/*
 * A reserve of this size is kept, per thread, for the next parse that
 * needs no more (an input of up to 24 KiB): the daemon parses about five
 * small messages per execution, and a malloc and a free of a 16 KiB
 * reserve around each made glibc merge its fast bins every time (a large
 * request consolidates them), an eighth of the daemon's own instructions.
 * A bigger input still gets a reserve of its own, freed after its parse.
 */
#define JSONGUARD_KEEP (64u << 10)

/* The parse under way on this thread, if any. */
static _Thread_local struct jsonguard_parse *jsonguard_cur;
/* The kept reserve (NULL: none yet, or lent to the parse under way). */
static _Thread_local unsigned char *jsonguard_kept;
static int jsonguard_installed;
static void *(*jsonguard_alloc)(size_t) = malloc;

static void *
jsonguard_malloc(size_t n)
{
	struct jsonguard_parse *g = jsonguard_cur;
	void *p;

	if (g == NULL)
		return jsonguard_alloc(n);
	if (!g->failed && (p = jsonguard_alloc(n)) != NULL)
		return p;
	g->failed = 1;
	n = (n + 15) & ~(size_t)15;
	if (n == 0 || n > g->reserve_size - g->reserve_used)
		return NULL;
	p = g->reserve + g->reserve_used;
	g->reserve_used += n;
	return p;
}

static void
jsonguard_free(void *p)
{
	struct jsonguard_parse *g = jsonguard_cur;

	/* The reserve goes whole, after the parse. */
	if (g != NULL && (unsigned char *)p >= g->reserve &&
	    (unsigned char *)p < g->reserve + g->reserve_size)
		return;
	free(p);
}

void
jsonguard_install_alloc(void *(*alloc)(size_t))
{
	jsonguard_alloc = alloc;
	json_set_alloc_funcs(jsonguard_malloc, jsonguard_free);
	jsonguard_installed = 1;
}

void
jsonguard_install(void)
{
	jsonguard_install_alloc(malloc);
}

/* json_load_callback's source: a few bytes at a time, none after a
 * failure. */
static size_t
jsonguard_read(void *out, size_t cap, void *arg)
{
	struct jsonguard_parse *g = arg;
	size_t n = g->len - g->pos;

	if (g->failed)
		return 0;
	if (n > cap)
		n = cap;
	if (n > JSONGUARD_CHUNK)
		n = JSONGUARD_CHUNK;
	memcpy(out, g->buf + g->pos, n);
	g->pos += n;
	return n;
}

static void
jsonguard_nomem(json_error_t *error)
{
	errno = ENOMEM;
	if (error == NULL)
		return;
	memset(error, 0, sizeof(*error));
	error->line = -1;
	error->column = -1;
	snprintf(error->text, sizeof(error->text), "%s", JSONGUARD_NOMEM);
	/* json_error_code() reads the last byte of text. */
	error->text[JSON_ERROR_TEXT_LENGTH - 1] =
	    (char)json_error_out_of_memory;
}

json_t *
jsonguard_loadb(const char *buf, size_t len, size_t flags, json_error_t *error)
{
	struct jsonguard_parse g;
	json_t *v;
	int kept, nomem;

	/* The common text, well formed and small, needs neither jansson's
	 * lexer nor a reserve; the rest, errors above all, gets both. */
	if ((v = jsonparse_loadb(buf, len, flags, &nomem)) != NULL)
		return v;
	if (nomem) {
		jsonguard_nomem(error);
		return NULL;
	}
	if (!jsonguard_installed || buf == NULL)
		return json_loadb(buf, len, flags, error);
	memset(&g, 0, sizeof(g));
	g.buf = buf;
	g.len = len;
	if (len > (SIZE_MAX - JSONGUARD_SLACK) / 2) {
		jsonguard_nomem(error);
		return NULL;
	}
	g.reserve_size = 2 * len + JSONGUARD_SLACK;
	if ((kept = g.reserve_size <= JSONGUARD_KEEP)) {
		/* Made once, from malloc as the others; lent to this parse. */
		if (jsonguard_kept == NULL)
			jsonguard_kept = malloc(JSONGUARD_KEEP);
		g.reserve = jsonguard_kept;
		g.reserve_size = JSONGUARD_KEEP;
		jsonguard_kept = NULL;
	} else
		g.reserve = malloc(g.reserve_size);
	if (g.reserve == NULL) {
		jsonguard_nomem(error);
		return NULL;
	}
	jsonguard_cur = &g;
	v = json_load_callback(jsonguard_read, &g, flags, error);
	if (g.failed && v != NULL) {
		json_decref(v);
		v = NULL;
	}
	jsonguard_cur = NULL;
	if (kept)
		jsonguard_kept = g.reserve;
	else
		free(g.reserve);
	if (g.failed)
		jsonguard_nomem(error);
	return v;
}

int
jsonguard_is_nomem(const json_error_t *error)
{
	return error != NULL &&
	    json_error_code(error) == json_error_out_of_memory &&
	    strcmp(error->text, JSONGUARD_NOMEM) == 0;
}
