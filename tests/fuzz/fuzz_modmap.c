/*
 * Fuzz harness of the module maps: the client's listModuleEntries
 * (cm_module_entries: a { name: source } object to wire pairs, names
 * normalized, json sources rendered), the engine's decoder of those wire
 * pairs (entry_modules, engine/host/entry.c, which reads what a request
 * carried: it may be anything), and the name helpers beside them. The
 * input is JSON text. Invariants: what cm_module_entries accepts, the
 * engine accepts too, one row per entry, with distinct names; a failure
 * comes with its text; a normalized name is a piece of the name.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <codemode/protocol.h>

#include "host/entry.h"
#include "proto/modules.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_CHECK(c)                                                          \
	do {                                                                   \
		if (!(c)) {                                                    \
			fprintf(stderr, "fuzz_modmap: %s:%d: %s\n", __FILE__,  \
			    __LINE__, #c);                                     \
			abort();                                               \
		}                                                              \
	} while (0)

/* The engine's decoder on wire pairs; returns its rc. */
static int
fuzz_engine_pairs(const json_t *pairs, size_t *rows)
{
	char *out = NULL, *declared = NULL, *text = NULL;
	json_t *list;
	int rc;

	rc = entry_modules(pairs, &out, &declared, &text);
	if (rc == 0) {
		FUZZ_CHECK(out != NULL && declared != NULL && text == NULL);
		list = json_loads(out, 0, NULL);
		FUZZ_CHECK(json_is_array(list));
		*rows = json_array_size(list);
		json_decref(list);
	} else if (rc == 1)
		FUZZ_CHECK(text != NULL && text[0] != '\0');
	free(out);
	free(declared);
	free(text);
	return rc;
}

static void
fuzz_map(const json_t *map)
{
	json_t *entries = NULL, *pair;
	char *text = NULL, *declared;
	const char *a, *b;
	char *again;
	size_t i, j, rows = 0;
	int rc;

	rc = cm_module_entries(map, &entries, &text);
	if (rc == 1) {
		FUZZ_CHECK(entries == NULL && text != NULL && text[0] != '\0');
		free(text);
		return;
	}
	if (rc != 0) {
		FUZZ_CHECK(entries == NULL);
		return;
	}
	FUZZ_CHECK(json_is_array(entries) && text == NULL);
	FUZZ_CHECK(json_array_size(entries) == json_object_size(map));
	json_array_foreach(entries, i, pair)
	{
		FUZZ_CHECK(json_is_array(pair) && json_array_size(pair) == 2);
		a = json_string_value(json_array_get(pair, 0));
		FUZZ_CHECK(a != NULL);
		/* Normalizing is idempotent (protocol.md §13), so the engine,
		 * normalizing the wire names again, reads what was sent. */
		again = modules_normalize_name(a);
		FUZZ_CHECK(again == NULL || strcmp(again, a) == 0);
		free(again);
		for (j = i + 1; j < json_array_size(entries); j++) {
			b = json_string_value(
			    json_array_get(json_array_get(entries, j), 0));
			FUZZ_CHECK(b != NULL && strcmp(a, b) != 0);
		}
	}
	FUZZ_CHECK((declared = modules_declared_names(entries)) != NULL);
	free(declared);
	/* What the client sends, the engine takes, row for row. */
	FUZZ_CHECK(fuzz_engine_pairs(entries, &rows) == 0);
	FUZZ_CHECK(rows == json_array_size(entries));
	json_decref(entries);
}

static void
fuzz_names(const json_t *v)
{
	json_t *names, *x;
	char *s;
	size_t i;

	if ((names = json_array()) == NULL)
		return;
	json_array_foreach(v, i, x)
	{
		if (json_is_string(x))
			json_array_append(names, x);
	}
	FUZZ_CHECK((s = modules_join_names(names)) != NULL);
	free(s);
	json_decref(names);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *v;
	char *name, *norm, *s;
	size_t rows;

	if ((name = malloc(size + 1)) == NULL)
		return 0;
	memcpy(name, data, size);
	name[size] = '\0';
	if ((norm = modules_normalize_name(name)) != NULL) {
		FUZZ_CHECK(strstr(name, norm) != NULL);
		free(norm);
	}
	free(name);
	v = json_loadb(
	    (const char *)data, size, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
	if (v == NULL)
		return 0;
	if ((s = cm_render_json_module(v)) != NULL) {
		FUZZ_CHECK(strncmp(s, "export default ", 15) == 0);
		free(s);
	}
	if (json_is_object(v))
		fuzz_map(v);
	else if (json_is_array(v)) {
		(void)fuzz_engine_pairs(v, &rows);
		fuzz_names(v);
	}
	json_decref(v);
	return 0;
}
