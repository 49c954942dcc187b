/*
 * Payload bounds. Sizes are JavaScript string lengths: one UTF-16 code unit
 * per code point below U+10000 and two above, so from UTF-8 every byte that
 * is not a continuation byte counts one and a four-byte lead counts one
 * more. A byte that is no valid UTF-8 counts one, as its U+FFFD would.
 * Body bytes count one each: a body crosses as bytes, not text.
 */
#include <stdio.h>
#include <string.h>

#include <codemode/protocol.h>

#include "cm_spec.h"
#include "payload.h"
#include "texts.h"

#define PAYLOAD_SAME(name, label)                                              \
	_Static_assert((int)PAYLOAD_##name == (int)CM_PART_##name,             \
	    "payload_part out of step with spec/protocol.json: " #name);
CM_SPEC_PAYLOAD_PARTS(PAYLOAD_SAME)
#undef PAYLOAD_SAME

static const char *const payload_labels[] = {
#define PAYLOAD_LABEL(name, label) label,
	CM_SPEC_PAYLOAD_PARTS(PAYLOAD_LABEL)
#undef PAYLOAD_LABEL
};

const char *
payload_part_label(int part)
{
	if (part < 0 || part >= CM_PART_COUNT)
		return NULL;
	return payload_labels[part];
}

size_t
payload_chars(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i, n = 0;

	if (s == NULL)
		return 0;
	for (i = 0; i < len; i++) {
		unsigned char c = p[i];

		if ((c & 0xc0) != 0x80)
			n++;
		if ((c & 0xf8) == 0xf0)
			n++; /* a surrogate pair in UTF-16 */
	}
	return n;
}

static size_t
payload_cstr(const char *s)
{
	return s != NULL ? payload_chars(s, strlen(s)) : 0;
}

size_t
payload_headers_chars(const json_t *headers)
{
	size_t i, n = 0;

	for (i = 0; i < json_array_size(headers); i++) {
		const json_t *pair = json_array_get(headers, i);
		const json_t *k = json_array_get(pair, 0),
			     *v = json_array_get(pair, 1);

		if (json_is_string(k))
			n += payload_chars(
			    json_string_value(k), json_string_length(k));
		if (json_is_string(v))
			n += payload_chars(
			    json_string_value(v), json_string_length(v));
	}
	return n;
}

size_t
payload_tool_call_size(
    const char *provider, const char *tool, const char *args, size_t args_len)
{
	return payload_cstr(provider) + payload_cstr(tool) +
	    payload_chars(args, args_len);
}

size_t
payload_outbound_request_size(
    const char *url, const json_t *headers, size_t body_len)
{
	return payload_cstr(url) + payload_headers_chars(headers) + body_len;
}

size_t
payload_handle_answer_size(
    const char *status_text, const json_t *headers, size_t body_len)
{
	return payload_cstr(status_text) + payload_headers_chars(headers) +
	    body_len;
}

size_t
payload_outbound_response_size(
    const char *status_text, const json_t *headers, size_t body_len)
{
	return payload_handle_answer_size(status_text, headers, body_len);
}

int
payload_check(enum payload_part part, size_t size, char **text)
{
	const char *label = payload_part_label((int)part);
	char sz[24], lim[24];

	*text = NULL;
	if (label == NULL)
		return -1;
	if (size <= (size_t)CM_PAYLOAD_LIMIT)
		return 0;
	snprintf(sz, sizeof(sz), "%zu", size);
	snprintf(lim, sizeof(lim), "%d", CM_PAYLOAD_LIMIT);
	if ((*text = texts_compose(
		 CM_TEXT_PAYLOAD_TOO_LARGE, label, sz, lim)) == NULL)
		return -1;
	return 1;
}
