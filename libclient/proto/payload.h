/*
 * Payload bounds: every part a run sends outward is measured in UTF-16 code
 * units (what JavaScript's length counts) against PAYLOAD_LIMIT. Public
 * entry points are in codemode/protocol.h.
 */
#ifndef PAYLOAD_H
#define PAYLOAD_H

#include <stddef.h>

#include <jansson.h>

/* The name a part goes by in the PayloadTooLarge text ("tool call"), or NULL.
 */
const char *payload_part_label(int part);

/* Characters of a [[name, value], ...] header list; non-pairs count nothing. */
size_t payload_headers_chars(const json_t *headers);

#endif
