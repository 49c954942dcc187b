/*
 * Payload bounds: every part a run sends outward is measured in UTF-16 code
 * units (what JavaScript's length counts) against PAYLOAD_LIMIT. Internal
 * to the library: the seed exports the limit (cm_spec_integer
 * "PAYLOAD_LIMIT"), not the measuring, so none of this is in the public
 * headers or leaves libcodemode.so.
 */
#ifndef PAYLOAD_H
#define PAYLOAD_H

#include <stddef.h>

#include <jansson.h>

/* The parts, in the order of spec/protocol.json's payloadParts. */
enum payload_part {
	PAYLOAD_RUN_ANSWER,
	PAYLOAD_TOOL_CALL,
	PAYLOAD_OUTBOUND_REQUEST,
	PAYLOAD_HANDLE_ANSWER,
	/* Ours: what comes back into a run, bounded the same way so that
	 * an oversized answer fails its one call instead of the session. */
	PAYLOAD_TOOL_RESULT,
	PAYLOAD_OUTBOUND_RESPONSE
};

/* UTF-16 code units of `len` bytes of UTF-8: what JavaScript's length says.
 * NULL `s` is 0. */
size_t payload_chars(const char *s, size_t len);

/* A tool call: provider, tool and arguments (NULL strings count 0). */
size_t payload_tool_call_size(
    const char *provider, const char *tool, const char *args, size_t args_len);

/* `headers`: a JSON array of [name, value] string pairs (NULL: none). */
size_t payload_outbound_request_size(
    const char *url, const json_t *headers, size_t body_len);
size_t payload_handle_answer_size(
    const char *status_text, const json_t *headers, size_t body_len);
/* The caller's outbound response, counted as a handle answer is. */
size_t payload_outbound_response_size(
    const char *status_text, const json_t *headers, size_t body_len);

/*
 * Checks one part against PAYLOAD_LIMIT. Returns 0 at or under it; 1 and
 * *text (malloc'd: the PayloadTooLarge text naming part, size and bound)
 * over it; -1 for a part outside the enum or when out of memory.
 */
int payload_check(enum payload_part part, size_t size, char **text);

/* The name a part goes by in the PayloadTooLarge text ("tool call"), or NULL.
 */
const char *payload_part_label(int part);

/* Characters of a [[name, value], ...] header list; non-pairs count nothing. */
size_t payload_headers_chars(const json_t *headers);

#endif
