/*
 * The runtime prelude as Duktape bytecode: generated at build time by
 * build/tools/preludec (engine/tools/preludec.c) into build/gen/cm_prelude.c.
 * The core runs in every heap; each lazy group is loaded the first time one
 * of its globals is touched (engine/runtime/RUNTIME.md, "Lazy groups"). Only
 * this bytecode ever reaches duk_load_function.
 */
#ifndef PRELUDE_H
#define PRELUDE_H

#include <stddef.h>

struct prelude_group {
	const char *name; /* NULL ends prelude_groups */
	const unsigned char *code;
	size_t len;
};

extern const unsigned char *const prelude_bytecode;
extern const size_t prelude_bytecode_len;
extern const struct prelude_group prelude_groups[];
extern const size_t prelude_group_count;

#endif
