/*
 * Fuzz harness for the dispatch codec and the text-shaped inputs beside it:
 * parse, stringify, parse again and stringify again must agree byte for
 * byte; envelopes, argument lists, imports, provider lists and module maps
 * must answer without crashing on any bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <codemode/protocol.h>

#include "proto/modules.h"
#include "proto/payload.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Walks a parsed tree through the consumers that take trees. */
static void
fuzz_tree(const json_t *v)
{
	char *text = NULL;
	json_t *entries = NULL;
	uint8_t *bytes;
	size_t len;

	if (json_is_array(v) && cm_validate_providers(v, &text) >= 0)
		free(text);
	text = NULL;
	if (json_is_object(v) && cm_module_entries(v, &entries, &text) >= 0) {
		free(text);
		if (entries != NULL)
			free(modules_declared_names(entries));
		json_decref(entries);
	}
	if (cm_binary_bytes(v, &bytes, &len) == 0)
		free(bytes);
	free(cm_envelope_result(v));
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	struct cm_envelope env;
	struct cm_imports imp;
	json_t *v, *again;
	char *first, *second;

	v = cm_dispatch_parse(s, size, NULL, 0);
	if (v != NULL) {
		first = cm_dispatch_stringify(v);
		if (first != NULL) {
			again =
			    cm_dispatch_parse(first, strlen(first), NULL, 0);
			if (again == NULL)
				abort(); /* our own output must read back */
			second = cm_dispatch_stringify(again);
			if (second == NULL || strcmp(first, second) != 0)
				abort(); /* and write out the same bytes */
			free(second);
			json_decref(again);
			free(first);
		}
		fuzz_tree(v);
		json_decref(v);
	}
	v = cm_parse_dispatch_arguments(s, size, NULL, 0);
	if (v != NULL && !json_is_array(v))
		abort();
	json_decref(v);
	if (cm_envelope_read(s, size, &env) >= 0)
		cm_envelope_clear(&env);
	if (cm_separate_imports(s, size, &imp) == 0) {
		/* The split loses at most the one line break between the
		 * blocks. */
		if (imp.imports_len + imp.body_len > size ||
		    imp.imports_len + imp.body_len + 2 < size)
			abort();
		cm_imports_clear(&imp);
	}
	(void)payload_chars(s, size);
	return 0;
}
