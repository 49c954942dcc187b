/*
 * The lowering front end: ECMAScript 2022 source in, ES5.1 source out, for
 * Duktape to compile. It parses (parser.h), rewrites the tree, and emits.
 * Lowered code calls the runtime helpers on the private global `__cm`
 * (the engine/runtime JavaScript files); engine/LOWERING.md lists the contract.
 */
#ifndef LOWER_H
#define LOWER_H

#include <stddef.h>

enum lower_goal {
	LOWER_SCRIPT,  /* a classic script: global code */
	LOWER_MODULE   /* an ES module; see LOWERING.md for the emitted shape */
};

struct lower_result {
	char *code;          /* ES5.1 text, NUL-terminated; malloc'd, the caller frees */
	size_t code_len;
	char error[320];     /* on failure: "SyntaxError: Unexpected token ')' (3:14)" */
	unsigned line, col;  /* on failure: where, in the caller's source */
};

/*
 * Lowers `len` bytes of source. Returns 0 and fills res->code, or -1 and
 * fills res->error (res->code is then NULL). Never aborts on bad input.
 */
int lower_source(const char *src, size_t len, enum lower_goal goal,
    struct lower_result *res);

#endif
