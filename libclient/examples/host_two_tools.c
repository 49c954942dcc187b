/*
 * A host with two tools, blocking style: the program the model wrote calls
 * store.listOrders(customer) and store.getCustomer(id); this host answers
 * them with createEnvelopeDispatch semantics (cm_respond_fn: return a value
 * or throw a message) and prints the result envelope.
 *
 *   cc host_two_tools.c $(pkg-config --cflags --libs codemode)
 *   ./a.out unix:///run/codemode/executor.sock ['CODE']
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <codemode/codemode.h>

static const char *default_code =
    "async () => {\n"
    "  const orders = await store.listOrders('ada')\n"
    "  const who = await store.getCustomer(orders[0].customer)\n"
    "  return { name: who.name, total: orders.reduce((s, o) => s + o.total, 0) "
    "}\n"
    "}";

/* The tool logic: nothing here knows about envelopes or the wire. */
static int
respond(void *ctx, const char *provider, const char *tool, const char *args,
    size_t len, json_t **result, char **error)
{
	char perr[128];
	json_t *argv =
	    cm_parse_dispatch_arguments(args, len, perr, sizeof(perr));
	const char *who;

	(void)ctx;
	(void)provider;
	if (argv == NULL) {
		*error = strdup(perr);
		return -1;
	}
	who = json_string_value(json_array_get(argv, 0));
	if (strcmp(tool, "listOrders") == 0 && who != NULL) {
		*result = json_pack("[{s:s, s:s, s:i}, {s:s, s:s, s:i}]", "id",
		    "o1", "customer", who, "total", 42, "id", "o2", "customer",
		    who, "total", 8);
	} else if (strcmp(tool, "getCustomer") == 0 && who != NULL) {
		*result =
		    json_pack("{s:s, s:s}", "id", who, "name", "Ada Lovelace");
	} else {
		json_decref(argv);
		*error = strdup("No such customer.");
		return -1;
	}
	json_decref(argv);
	return 0;
}

int
main(int argc, char **argv)
{
	const char *tools[] = { "listOrders", "getCustomer" };
	struct cm_provider store = { "store", tools, 2, 0, NULL, NULL };
	struct cm_execute_request req;
	struct cm_result res;
	struct cm_client *c;
	struct cm_error err;
	json_t *j;
	char *s;
	int rc;

	if (argc < 2) {
		fprintf(stderr, "usage: %s URL [CODE]\n", argv[0]);
		return 2;
	}
	if (cm_connect(argv[1], NULL, &c, &err) != 0) {
		fprintf(stderr, "connect: %s: %s\n",
		    cm_error_code_name(err.code), err.message);
		cm_error_clear(&err);
		return 1;
	}
	memset(&req, 0, sizeof(req));
	req.code = argc > 2 ? argv[2] : default_code;
	req.providers = &store;
	req.nproviders = 1;
	req.respond = respond;
	req.outbound = CM_OUTBOUND_NULL; /* no network for this program */
	if (cm_execute(c, &req, &res, &err) != 0) {
		fprintf(stderr, "execute: %s: %s\n",
		    cm_error_code_name(err.code) ? cm_error_code_name(err.code)
						 : "error",
		    err.message);
		cm_error_clear(&err);
		cm_client_free(c);
		return 1;
	}
	j = cm_result_to_json(&res);
	s = json_dumps(j, JSON_COMPACT);
	printf("%s\n", s);
	free(s);
	json_decref(j);
	rc = res.error ? 1 : 0;
	cm_result_clear(&res);
	cm_client_free(c);
	return rc;
}
