/*
 * Composing the protocol's texts from the generated templates (cm_spec.h).
 * A template's <param> placeholders are filled in declaration order.
 */
#ifndef TEXTS_H
#define TEXTS_H

#include <stddef.h>

#include "cm_spec.h"

/* What spec/protocol.json says about one text. Static; never freed. */
struct texts_info {
	const char *name; /* "EXECUTION_TIMEOUT" */
	const char *class_name; /* NULL for texts with no class */
	const char *template; /* constants already expanded */
	const char *params; /* "part,size,limit" */
	size_t nparams;
	unsigned carriers; /* CM_CARRIER_* bits */
	int from_seed;
	const char *code; /* "HANDLES_CLOSED" or NULL */
};

/* NULL for an id outside the enum. */
const struct texts_info *texts_info(enum cm_spec_text id);

/* The id named `name`, or -1. */
int texts_lookup(const char *name);

/*
 * Fills the template of `id` with `n` values (borrowed). Returns a malloc'd
 * string, or NULL when `n` is not the text's parameter count, an id is out
 * of range, or memory ran out.
 */
char *texts_composev(enum cm_spec_text id, const char *const *values, size_t n);

/* The same with the values as `const char *` arguments, as many as the text
 * has. */
char *texts_compose(enum cm_spec_text id, ...);

/*
 * 1 when `text` opens with the first sentence of `id`'s template (through
 * its first ". " or its final '.'), each placeholder matching one or more
 * characters up to the next literal character. ExecutionTimeoutError.matches.
 */
int texts_matches_first_sentence(enum cm_spec_text id, const char *text);

#endif
