/*
 * Check suite for libclient/proto/modules.c: name normalization, the five
 * kinds, the json rendering, the wire pairs, collisions and unsupported kinds.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <codemode/protocol.h>

#include "proto/modules.h"

#define CK_OWNED_STR(got, want)                                                \
	do {                                                                   \
		char *got_ = (got);                                            \
		ck_assert_ptr_nonnull(got_);                                   \
		ck_assert_str_eq(got_, (want));                                \
		free(got_);                                                    \
	} while (0)

static json_t *
load(const char *s)
{
	json_error_t err;
	json_t *v = json_loads(s, JSON_DECODE_ANY, &err);

	ck_assert_msg(v != NULL, "%s: %s", s, err.text);
	return v;
}

/* Runs cm_module_entries on `map`; compares the wire JSON or the failure text.
 */
static void
ck_entries(const char *map, const char *wire, const char *text)
{
	json_t *m = load(map), *entries = NULL;
	char *t = NULL;
	int rc = cm_module_entries(m, &entries, &t);

	if (wire != NULL) {
		ck_assert_int_eq(rc, 0);
		ck_assert_ptr_null(t);
		CK_OWNED_STR(cm_dispatch_stringify(entries), wire);
		json_decref(entries);
	} else {
		ck_assert_int_eq(rc, 1);
		ck_assert_ptr_null(entries);
		ck_assert_ptr_nonnull(t);
		ck_assert_str_eq(t, text);
		free(t);
	}
	json_decref(m);
}

START_TEST(normalize)
{
	CK_OWNED_STR(modules_normalize_name("greeter"), "greeter");
	CK_OWNED_STR(modules_normalize_name("./greeter"), "greeter");
	CK_OWNED_STR(modules_normalize_name("././greeter.js"), "greeter");
	CK_OWNED_STR(modules_normalize_name("lib/util.mjs"), "lib/util");
	CK_OWNED_STR(modules_normalize_name("x.cjs"), "x");
	CK_OWNED_STR(modules_normalize_name("data.json"), "data.json");
	CK_OWNED_STR(modules_normalize_name("notes.txt"), "notes.txt");
	CK_OWNED_STR(modules_normalize_name(".js"), ".js");
	CK_OWNED_STR(modules_normalize_name("a.js.js"), "a");
	CK_OWNED_STR(modules_normalize_name("./a.mjs.cjs.js"), "a");
	CK_OWNED_STR(modules_normalize_name(".js.js"), ".js");
	CK_OWNED_STR(modules_normalize_name("a.json.js"), "a.json");
	CK_OWNED_STR(modules_normalize_name("../up"), "../up");
	CK_OWNED_STR(modules_normalize_name("@scope/pkg"), "@scope/pkg");
	ck_assert_ptr_null(modules_normalize_name(NULL));
}
END_TEST

START_TEST(kinds_on_the_wire)
{
	ck_entries(
	    "{\"greeter\":\"export const greet = (name) => 'hello ' + name\"}",
	    "[[\"greeter\",\"export const greet = (name) => 'hello ' + "
	    "name\"]]",
	    NULL);
	ck_entries("{\"./a.js\":{\"js\":\"export default 1\"}}",
	    "[[\"a\",\"export default 1\"]]", NULL);
	ck_entries("{\"c\":{\"cjs\":\"module.exports = 2\"}}",
	    "[[\"c\",{\"cjs\":\"module.exports = 2\"}]]", NULL);
	ck_entries("{\"cfg\":{\"json\":{\"b\":[1,2.50],\"a\":null}}}",
	    "[[\"cfg\",\"export default "
	    "{\\\"b\\\":[1,2.5],\\\"a\\\":null};\"]]",
	    NULL);
	ck_entries("{\"t\":{\"text\":\"hi\\n\"}}",
	    "[[\"t\",{\"text\":\"hi\\n\"}]]", NULL);
	ck_entries("{\"d\":{\"data\":{\"__executor_binary_v1__\":"
		   "\"Uint8Array\",\"data\":\"AQ==\"}}}",
	    "[[\"d\",{\"data\":{\"__executor_binary_v1__\":\"Uint8Array\","
	    "\"data\":\"AQ==\"}}]]",
	    NULL);
	/* Map order is kept. */
	ck_entries("{\"z\":\"1\",\"a\":\"2\",\"m\":{\"text\":\"3\"}}",
	    "[[\"z\",\"1\"],[\"a\",\"2\"],[\"m\",{\"text\":\"3\"}]]", NULL);
	ck_entries("{}", "[]", NULL);
	/* A module named like an Object.prototype member is an ordinary pair.
	 */
	ck_entries("{\"toString\":\"export default 1\"}",
	    "[[\"toString\",\"export default 1\"]]", NULL);
}
END_TEST

START_TEST(failures)
{
	ck_entries("{\"greeter\":\"a\",\"./greeter.js\":\"b\"}", NULL,
	    "Module names \"greeter\" and \"./greeter.js\" both normalize to "
	    "\"greeter\", so the map cannot tell them apart. Keep one of the "
	    "two "
	    "entries or rename the other.");
	ck_entries("{\"ok\":\"1\",\"w\":{\"wasm\":\"AGFzbQ==\"}}", NULL,
	    "Module \"w\" has no supported kind, so the executor cannot load "
	    "it. "
	    "Give it a source string, or an object with exactly one of the "
	    "keys js, "
	    "cjs, json, text or data holding a value of that kind.");
	ck_entries("{\"two\":{\"js\":\"1\",\"text\":\"2\"}}", NULL,
	    "Module \"two\" has no supported kind, so the executor cannot load "
	    "it. "
	    "Give it a source string, or an object with exactly one of the "
	    "keys js, "
	    "cjs, json, text or data holding a value of that kind.");
	ck_entries("{\"n\":42}", NULL,
	    "Module \"n\" has no supported kind, so the executor cannot load "
	    "it. "
	    "Give it a source string, or an object with exactly one of the "
	    "keys js, "
	    "cjs, json, text or data holding a value of that kind.");
	ck_entries("{\"t\":{\"text\":7}}", NULL,
	    "Module \"t\" has no supported kind, so the executor cannot load "
	    "it. "
	    "Give it a source string, or an object with exactly one of the "
	    "keys js, "
	    "cjs, json, text or data holding a value of that kind.");
	ck_entries("{\"d\":{\"data\":\"AQ==\"}}", NULL,
	    "Module \"d\" has no supported kind, so the executor cannot load "
	    "it. "
	    "Give it a source string, or an object with exactly one of the "
	    "keys js, "
	    "cjs, json, text or data holding a value of that kind.");
	ck_entries("{\"e\":{}}", NULL,
	    "Module \"e\" has no supported kind, so the executor cannot load "
	    "it. "
	    "Give it a source string, or an object with exactly one of the "
	    "keys js, "
	    "cjs, json, text or data holding a value of that kind.");
	{
		json_t *arr = json_array(), *entries = (json_t *)1;
		char *t = (char *)1;

		ck_assert_int_eq(cm_module_entries(arr, &entries, &t), -1);
		ck_assert_ptr_null(entries);
		ck_assert_ptr_null(t);
		json_decref(arr);
	}
}
END_TEST

START_TEST(json_module_and_declared)
{
	json_t *v = load("{\"a\":\"\\u2028\",\"1\":[true]}"), *entries;
	char *t;

	CK_OWNED_STR(cm_render_json_module(v),
	    "export default {\"1\":[true],\"a\":\"\xe2\x80\xa8\"};");
	json_decref(v);
	v = load("\"x\"");
	CK_OWNED_STR(cm_render_json_module(v), "export default \"x\";");
	json_decref(v);
	ck_assert_ptr_null(cm_render_json_module(NULL));

	v = load("{\"greeter\":\"1\",\"./util.js\":\"2\"}");
	ck_assert_int_eq(cm_module_entries(v, &entries, &t), 0);
	CK_OWNED_STR(modules_declared_names(entries), "\"greeter\", \"util\"");
	json_decref(entries);
	json_decref(v);
	entries = json_array();
	CK_OWNED_STR(modules_declared_names(entries), "(none)");
	json_decref(entries);
	v = load("[\"a\"]");
	CK_OWNED_STR(modules_join_names(v), "\"a\"");
	json_decref(v);
}
END_TEST

static Suite *
modules_suite(void)
{
	Suite *s = suite_create("modules");
	TCase *tc = tcase_create("maps");

	tcase_add_test(tc, normalize);
	tcase_add_test(tc, kinds_on_the_wire);
	tcase_add_test(tc, failures);
	tcase_add_test(tc, json_module_and_declared);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(modules_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
