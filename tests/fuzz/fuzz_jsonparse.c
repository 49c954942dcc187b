/*
 * Differential harness for the strict JSON reader (proto/jsonparse.c):
 * whatever it takes, jansson's json_loadb must take too, with the same
 * value down to each number's type, a zero's sign and the keys' order;
 * whatever jansson refuses, it must refuse. The first byte picks the
 * flags, the rest is the text. jsonparse_strings, given the same text,
 * must take only an object jansson reads with the same string members.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "proto/jsonparse.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const size_t fuzz_flags[] = { 0, JSON_DECODE_ANY,
	JSON_DECODE_ANY | JSON_ALLOW_NUL,
	JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_DECODE_INT_AS_REAL,
	JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL, JSON_REJECT_DUPLICATES,
	JSON_DECODE_INT_AS_REAL, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES };

/* Equal as json_equal says, and alike where it does not look. */
static int
fuzz_same(const json_t *a, const json_t *b)
{
	void *ia, *ib;
	size_t i;

	if (json_typeof(a) != json_typeof(b))
		return 0;
	switch (json_typeof(a)) {
	case JSON_OBJECT:
		if (json_object_size(a) != json_object_size(b))
			return 0;
		/* Same keys in the same order: walk both at once. */
		ia = json_object_iter((json_t *)a);
		ib = json_object_iter((json_t *)b);
		for (; ia != NULL;
		     ia = json_object_iter_next((json_t *)a, ia),
		     ib = json_object_iter_next((json_t *)b, ib)) {
			if (ib == NULL ||
			    json_object_iter_key_len(ia) !=
				json_object_iter_key_len(ib) ||
			    memcmp(json_object_iter_key(ia),
				json_object_iter_key(ib),
				json_object_iter_key_len(ia)) != 0 ||
			    !fuzz_same(json_object_iter_value(ia),
				json_object_iter_value(ib)))
				return 0;
		}
		return 1;
	case JSON_ARRAY:
		if (json_array_size(a) != json_array_size(b))
			return 0;
		for (i = 0; i < json_array_size(a); i++)
			if (!fuzz_same(
				json_array_get(a, i), json_array_get(b, i)))
				return 0;
		return 1;
	case JSON_STRING:
		return json_string_length(a) == json_string_length(b) &&
		    memcmp(json_string_value(a), json_string_value(b),
			json_string_length(a)) == 0;
	case JSON_INTEGER:
		return json_integer_value(a) == json_integer_value(b);
	case JSON_REAL:
		return json_real_value(a) == json_real_value(b) &&
		    signbit(json_real_value(a)) == signbit(json_real_value(b));
	default:
		return 1;
	}
}

/* jsonparse_strings against json_loadb with its flags. */
static void
fuzz_strings(const uint8_t *data, size_t size)
{
	static const char *const keys[] = { "provider", "tool", "args" };
	struct jsonparse_str out[3];
	json_t *slow, *v;
	size_t i, present = 0;
	char *store;
	int nomem;

	if (jsonparse_strings(
		(const char *)data, size, keys, 3, out, &store, &nomem) != 0) {
		free(store);
		if (nomem)
			abort();
		return;
	}
	slow = json_loadb((const char *)data, size,
	    JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL, NULL);
	if (!json_is_object(slow))
		abort(); /* it took what jansson refuses */
	for (i = 0; i < 3; i++) {
		v = json_object_get(slow, keys[i]);
		if (out[i].s == NULL ? v != NULL
				     : !json_is_string(v) ||
			    json_string_length(v) != out[i].len ||
			    memcmp(json_string_value(v), out[i].s,
				out[i].len) != 0 ||
			    out[i].s[out[i].len] != '\0')
			abort(); /* a member read otherwise */
		present += out[i].s != NULL;
	}
	if (json_object_size(slow) != present)
		abort(); /* a member it did not say */
	json_decref(slow);
	free(store);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t flags;
	json_t *fast, *slow;
	int nomem;

	if (size == 0)
		return 0;
	flags =
	    fuzz_flags[data[0] % (sizeof(fuzz_flags) / sizeof(fuzz_flags[0]))];
	data++;
	size--;
	fast = jsonparse_loadb((const char *)data, size, flags, &nomem);
	slow = json_loadb((const char *)data, size, flags, NULL);
	if (fast != NULL && (slow == NULL || !fuzz_same(fast, slow)))
		abort(); /* it took what jansson reads otherwise */
	if (fast == NULL && nomem)
		abort(); /* nothing here runs out of memory */
	json_decref(fast);
	json_decref(slow);
	fuzz_strings(data, size);
	return 0;
}
