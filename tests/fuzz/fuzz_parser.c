/*
 * Fuzz harness of the ECMAScript parser (engine/parser*.c, lexer.c). The
 * first byte picks the goal (bit 0: module) and the mode: with bit 7 set
 * the rest maps byte by byte onto JavaScript tokens, so random input gets
 * past the lexer into the grammar's corners; else the rest is the source.
 * The source is an exact-size copy, so a read past len shows under ASan.
 * A tree must dump; an error must carry a message and a position.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "front/ast_dump.h"
#include "front/parser.h"
#include "fuzz/fuzz_js.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ast_arena *a;
	struct parser_error err;
	struct ast_node *prog;
	char *src, *json;
	size_t len = 0;
	int module;

	if (size == 0)
		return 0;
	module = data[0] & 1;
	if ((src = fuzz_js_source(data, size, &len)) == NULL)
		return 0;
	if ((a = ast_arena_new()) == NULL) {
		free(src);
		return 0;
	}
	prog =
	    parser_parse(a, src, len, module ? AST_MODULE : AST_SCRIPT, &err);
	if (prog != NULL) {
		if (prog->kind != AST_PROGRAM || prog->end != len)
			abort();
		if ((json = ast_dump(prog, AST_DUMP_POSITIONS, NULL)) == NULL)
			abort();
		free(json);
	} else if (err.message[0] == '\0' || err.line == 0 || err.col == 0 ||
	    memchr(err.message, '\0', sizeof(err.message)) == NULL) {
		abort();
	}
	ast_arena_free(a);
	free(src);
	return 0;
}
