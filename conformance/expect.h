/*
 * The conformance suite's matcher: expected texts composed from
 * spec/protocol.json's templates, wildcard and prefix matching, structural
 * JSON comparison with a readable diff, and the timing bounds. Pure logic:
 * no I/O, no clock.
 *
 * A text specification in a case file is one of
 *     "literal text"
 *     {"text": "NAME", "params": {"param": "value", ...}}
 *     {"const": "NAME"}                   a string constant of protocol.json
 *     {"grammar": {"contains": [v, ...]}} any text in the failure grammar
 *                                         holding each value (expect_grammar)
 * A parameter value may hold {{CONST}}, {{CONST+N}} or {{CONST-N}} (an
 * integer constant of protocol.json, plus or minus N; a string constant;
 * PAYLOAD_PART_<NAME>, the label of a payload part), $var (a runner
 * variable such as $executionId) when it is the whole value, or "*": any
 * non-empty run of characters. Code strings go through the same {{...}}
 * expansion.
 */
#ifndef EXPECT_H
#define EXPECT_H

#include <stddef.h>

#include <jansson.h>

/* In an expanded pattern: one or more characters of any kind. */
#define EXPECT_WILDCARD '\x01'

/* A growing text buffer; `oom` latches the first allocation failure. */
struct expect_buf {
	char *p;
	size_t len;
	size_t cap;
	int oom;
};

void expect_buf_printf(struct expect_buf *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void expect_buf_free(struct expect_buf *);

/* Runner variables a text may name as "$name". Borrowed. */
struct expect_vars {
	const char *execution_id;
};

/*
 * Expands {{CONST}} references in `s`. Returns a malloc'd string, or NULL
 * with `err` filled for an unknown constant or no memory.
 */
char *expect_expand_consts(const char *s, char *err, size_t errlen);

/*
 * A copy of `v` (new reference) with {{CONST}} expanded in every string and
 * object key, and every {"$text": spec} object replaced by the composed
 * text. NULL with `err` filled on a bad reference or no memory.
 */
json_t *expect_expand_tree(
    const json_t *v, const struct expect_vars *vars, char *err, size_t errlen);

/*
 * Turns a text specification into a pattern (malloc'd; EXPECT_WILDCARD
 * marks a "*" parameter). NULL with `err` filled for a malformed spec, an
 * unknown text or constant, or a parameter the template lacks or misses.
 */
char *expect_text_pattern(const json_t *spec, const struct expect_vars *vars,
    char *err, size_t errlen);

/* 1 when `spec` is the grammar form {"grammar": {...}}, 0 otherwise. */
int expect_is_grammar(const json_t *spec);

/*
 * Checks `got` against the grammar form: the protocol's failure grammar
 * (at least two sentences, the first what failed and why, the second what
 * remains possible) and each "contains" value (a string, {{CONST}}
 * expanded, or an integer) somewhere in the text. Sentences end at '.',
 * '!' or '?' outside double quotes, followed by white space or the end;
 * each begins with a letter, a digit or a double quote (a name may open
 * one) and has at least three words, and the text ends with one. Returns 0 when
 * it holds, 1 with `why` saying what did not, -1 for a malformed spec (`why`
 * says so; `got` NULL checks only the spec).
 */
int expect_grammar(
    const json_t *spec, const char *got, char *why, size_t whylen);

/*
 * Whether `got` matches `pattern`: the whole text, or with `prefix` set,
 * its beginning. Returns 1 or 0.
 */
int expect_text_match(const char *pattern, const char *got, int prefix);

/*
 * Compares two JSON trees structurally (numbers by value, objects by key
 * set, arrays in order) and writes one line per difference under `path`
 * into `out`. Returns the number of differences. NULL stands for
 * undefined.
 */
int expect_json_diff(const json_t *want, const json_t *got, const char *path,
    struct expect_buf *out);

/*
 * A short readable rendering of a value for diffs (malloc'd, never NULL
 * unless out of memory): JSON text, long strings cut in the middle with
 * their length stated.
 */
char *expect_render(const json_t *value);

/*
 * Checks an elapsed time against optional bounds (negative: none). Returns
 * 0 when inside, 1 with a line written into `out` when not.
 */
int expect_bounds(
    double elapsed_ms, double min_ms, double max_ms, struct expect_buf *out);

/* Shell-style glob: * any run, ? one character, [..] not supported. */
int expect_glob(const char *pattern, const char *s);

#endif
