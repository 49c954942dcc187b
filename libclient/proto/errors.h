/*
 * The error taxonomy and the faults built on it. Public functions are in
 * codemode/protocol.h; this header adds what the server and client need to
 * throw a fault with its composed text in one step.
 */
#ifndef ERRORS_H
#define ERRORS_H

#include <codemode/protocol.h>

#include "cm_spec.h"

/*
 * The wire shape of a fault for text `id` composed with `values`:
 * {"message":<text>,"code":"<the text's code>"}. The text must carry a code
 * (spec: "code" member). NULL for a text without one, bad values, or no
 * memory. The caller owns the reference.
 */
json_t *errors_fault_json(
    enum cm_spec_text id, const char *const *values, size_t n);

#endif
