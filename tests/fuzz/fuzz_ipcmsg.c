/*
 * Feeds arbitrary bytes to every decoder of the daemon <-> child payload
 * codec and to its JSON text check. Invariants: what a decoder accepts,
 * its encoder writes back, and the decoder accepts that again (the two
 * sides of the codec agree), for the child's payloads and the daemon's
 * (EXECUTE, INVOKE_HANDLE, TOOL_RESULT, OUTBOUND_RESPONSE).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ipc/ipcmsg.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
fuzz_ipcmsg_result(const uint8_t *data, size_t size, int retained)
{
	struct ipcmsg_result r, back;
	const char *why;
	size_t len;
	char *s;

	if (ipcmsg_result_decode(data, size, retained, &r, &why) != 0)
		return;
	if ((s = ipcmsg_result_encode(&r, &len)) == NULL ||
	    ipcmsg_result_decode(
		(const uint8_t *)s, len, retained, &back, &why) != 0 ||
	    back.nlogs != r.nlogs || back.nhandles != r.nhandles)
		abort();
	ipcmsg_result_clear(&back);
	ipcmsg_result_clear(&r);
	free(s);
}

/* The daemon's answers: TOOL_RESULT and OUTBOUND_RESPONSE. */
static void
fuzz_ipcmsg_answers(const uint8_t *data, size_t size)
{
	struct ipcmsg_tool_result t, tb;
	struct ipcmsg_outbound_response o, ob;
	const char *why;
	size_t len;
	char *s;

	if (ipcmsg_tool_result_decode(data, size, &t, &why) == 0) {
		/* Written back byte for byte. */
		if ((s = ipcmsg_tool_result_encode(&t, &len)) == NULL ||
		    len != size || memcmp(s, data, size) != 0 ||
		    ipcmsg_tool_result_decode(
			(const uint8_t *)s, len, &tb, &why) != 0)
			abort();
		free(s);
	}
	if (ipcmsg_outbound_response_decode(data, size, &o, &why) == 0) {
		if ((s = ipcmsg_outbound_response_encode(&o, &len)) == NULL ||
		    ipcmsg_outbound_response_decode(
			(const uint8_t *)s, len, &ob, &why) != 0 ||
		    ob.status != o.status || ob.nheaders != o.nheaders ||
		    ob.body.len != o.body.len ||
		    (ob.error.s == NULL) != (o.error.s == NULL))
			abort();
		ipcmsg_outbound_response_clear(&ob);
		ipcmsg_outbound_response_clear(&o);
		free(s);
	}
}

/* The daemon's payloads: EXECUTE and INVOKE_HANDLE. */
static void
fuzz_ipcmsg_daemon(const uint8_t *data, size_t size)
{
	struct ipcmsg_execute x, xb;
	struct ipcmsg_invoke v, vb;
	const char *why;
	size_t len;
	char *s;

	if (ipcmsg_execute_decode(data, size, &x, &why) == 0) {
		if ((s = ipcmsg_execute_encode(&x, &len)) == NULL ||
		    ipcmsg_execute_decode((const uint8_t *)s, len, &xb, &why) !=
			0 ||
		    xb.code.len != x.code.len ||
		    memcmp(xb.code.s, x.code.s, x.code.len) != 0 ||
		    xb.count_host_waits != x.count_host_waits ||
		    xb.retain_handles != x.retain_handles ||
		    xb.timeout != x.timeout || xb.grace != x.grace ||
		    xb.memory_limit != x.memory_limit ||
		    xb.typescript != x.typescript ||
		    xb.outbound_mode != x.outbound_mode ||
		    !json_equal(xb.providers, x.providers) ||
		    !json_equal(xb.modules, x.modules))
			abort();
		ipcmsg_execute_clear(&xb);
		ipcmsg_execute_clear(&x);
		free(s);
	}
	if (ipcmsg_invoke_decode(data, size, &v, &why) == 0) {
		if ((s = ipcmsg_invoke_encode(&v, &len)) == NULL ||
		    ipcmsg_invoke_decode((const uint8_t *)s, len, &vb, &why) !=
			0 ||
		    vb.handle.len != v.handle.len ||
		    !json_equal(vb.request, v.request))
			abort();
		ipcmsg_invoke_clear(&vb);
		ipcmsg_invoke_clear(&v);
		free(s);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ipcmsg_tool_call t, tb;
	struct ipcmsg_outbound o, ob;
	struct ipcmsg_handle_result h, hb;
	const char *why;
	size_t len;
	char *s;

	(void)ipcmsg_json_valid((const char *)data, size);
	fuzz_ipcmsg_result(data, size, 0);
	fuzz_ipcmsg_result(data, size, 1);
	fuzz_ipcmsg_daemon(data, size);
	fuzz_ipcmsg_answers(data, size);
	if (ipcmsg_tool_call_decode(data, size, &t, &why) == 0) {
		if ((s = ipcmsg_tool_call_encode(&t, &len)) == NULL ||
		    ipcmsg_tool_call_decode(
			(const uint8_t *)s, len, &tb, &why) != 0)
			abort();
		ipcmsg_tool_call_clear(&tb);
		ipcmsg_tool_call_clear(&t);
		free(s);
	}
	if (ipcmsg_outbound_decode(data, size, &o, &why) == 0) {
		if ((s = ipcmsg_outbound_encode(&o, &len)) == NULL ||
		    ipcmsg_outbound_decode(
			(const uint8_t *)s, len, &ob, &why) != 0 ||
		    ob.nheaders != o.nheaders)
			abort();
		ipcmsg_outbound_clear(&ob);
		ipcmsg_outbound_clear(&o);
		free(s);
	}
	if (ipcmsg_handle_result_decode(data, size, &h, &why) == 0) {
		if ((s = ipcmsg_handle_result_encode(&h, &len)) == NULL ||
		    ipcmsg_handle_result_decode(
			(const uint8_t *)s, len, &hb, &why) != 0 ||
		    hb.status != h.status)
			abort();
		ipcmsg_handle_result_clear(&hb);
		ipcmsg_handle_result_clear(&h);
		free(s);
	}
	return 0;
}
