/*
 * Booting a new heap: __cm_native (natives.c) with the lazy-group loader,
 * the prelude's core bytecode run once, the script-mode globals. See boot.h.
 */
#include <stdint.h>
#include <string.h>

#include "boot.h"
#include "natives.h"
#include "prelude.h"

/*
 * Every host step that touches the heap runs inside duk_safe_call: an error
 * thrown outside any protected call (an allocation refused at the limit,
 * say) would reach Duktape's fatal path.
 */

/*
 * __cm_native.loadGroup(name, self): runs lazy group name's bytecode with
 * `this` = self (31_lazy.js passes {__cm: {P: P}}). Called from an accessor
 * or from prelude code, possibly inside a coroutine: loading never yields.
 */
static duk_ret_t
boot_load_group(duk_context *ctx)
{
	const char *name = duk_require_string(ctx, 0);
	const struct prelude_group *g;

	for (g = prelude_groups; g->name != NULL; g++)
		if (strcmp(g->name, name) == 0)
			break;
	if (g->name == NULL)
		return duk_error(
		    ctx, DUK_ERR_ERROR, "no prelude group %s", name);
	duk_push_external_buffer(ctx);
	duk_config_buffer(ctx, -1, (void *)(uintptr_t)g->code, g->len);
	duk_load_function(ctx);
	duk_dup(ctx, 1);
	duk_call_method(ctx, 0);
	return 0;
}

/* __cm_native.setPreload(fn): the prelude's function that loads every group. */
static duk_ret_t
boot_set_preload(duk_context *ctx)
{
	duk_push_global_stash(ctx);
	duk_dup(ctx, 0);
	duk_put_prop_string(ctx, -2, "preload");
	return 0;
}

/* duk_safe_call body: calls stash.preload() if the prelude set it. */
static duk_ret_t
boot_preload_body(duk_context *ctx, void *udata)
{
	(void)udata;
	duk_push_global_stash(ctx);
	duk_get_prop_string(ctx, -1, "preload");
	if (duk_is_callable(ctx, -1))
		duk_call(ctx, 0);
	/*
	 * No duk_gc here, though the groups' init functions are cyclic
	 * garbage: a collection in the zygote made every child dearer
	 * (pool throughput 106 -> 75 executions/s in make bench).
	 */
	return 0;
}

int
boot_preload(duk_context *ctx)
{
	int rc;

	rc = duk_safe_call(ctx, boot_preload_body, NULL, 0, 1);
	duk_pop(ctx);
	return rc == DUK_EXEC_SUCCESS ? 0 : -1;
}

/* duk_safe_call body: installs __cm_native, runs the prelude, keeps __cm. */
static duk_ret_t
boot_body(duk_context *ctx, void *udata)
{
	static const char *const members[] = { "log", "info", "debug", "warn",
		"error", "trace" };
	const struct boot_options *o = udata;
	size_t i;

	duk_push_global_stash(ctx);
	natives_push(ctx, o->natives, o->with_print);
	duk_push_c_function(ctx, boot_load_group, 2);
	duk_put_prop_string(ctx, -2, "loadGroup");
	duk_push_c_function(ctx, boot_set_preload, 1);
	duk_put_prop_string(ctx, -2, "setPreload");
	duk_dup(ctx, -1);
	duk_put_global_string(ctx, "__cm_native");
	duk_put_prop_string(ctx, -2, "cm_native");

	duk_push_external_buffer(ctx);
	duk_config_buffer(
	    ctx, -1, (void *)(uintptr_t)prelude_bytecode, prelude_bytecode_len);
	duk_load_function(ctx);
	duk_call(ctx, 0);
	duk_pop(ctx);
	/* Captured before user code runs, so the script cannot swap it. */
	duk_get_global_string(ctx, "__cm");
	duk_put_prop_string(ctx, -2, "cm");
	duk_pop(ctx);

	if (o->script_mode) {
		natives_push_printer(ctx);
		duk_put_global_string(ctx, "print");
		/* The runtime's console formats; its lines all go to stdout. */
		duk_push_global_stash(ctx);
		duk_get_prop_string(ctx, -1, "cm");
		if (duk_is_object(ctx, -1)) {
			duk_get_prop_string(ctx, -1, "setConsoleSink");
			if (duk_is_callable(ctx, -1)) {
				duk_swap(ctx, -2, -1);
				natives_push_sink(ctx);
				duk_push_true(ctx);
				duk_call_method(ctx, 2);
				duk_pop_2(ctx);
				return 0;
			}
			duk_pop(ctx);
		}
		duk_pop_2(ctx);
		/* No runtime console: a plain one. */
		duk_push_object(ctx);
		for (i = 0; i < sizeof(members) / sizeof(members[0]); i++) {
			natives_push_printer(ctx);
			duk_put_prop_string(ctx, -2, members[i]);
		}
		duk_put_global_string(ctx, "console");
	}
	return 0;
}

int
boot_run(duk_context *ctx, const struct boot_options *opt)
{
	return duk_safe_call(ctx, boot_body, (void *)opt, 0, 1) ==
		DUK_EXEC_SUCCESS
	    ? 0
	    : -1;
}
