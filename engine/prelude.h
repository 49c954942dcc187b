/*
 * The runtime prelude as Duktape bytecode: generated at build time by
 * build/tools/preludec (engine/preludec_main.c) into build/gen/cm_prelude.c.
 * Only this bytecode ever reaches duk_load_function.
 */
#ifndef PRELUDE_H
#define PRELUDE_H

#include <stddef.h>

extern const unsigned char prelude_bytecode[];
extern const size_t prelude_bytecode_len;

#endif
