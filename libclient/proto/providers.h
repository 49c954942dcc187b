/*
 * Provider-name rules: the pattern, the reserved set, the reserved words and
 * duplicates, tested in that order. Public entry points are in
 * codemode/protocol.h.
 */
#ifndef PROVIDERS_H
#define PROVIDERS_H

#include "cm_spec.h"

/* The group that reserves `name` (CM_RESERVED_*), or -1. */
int providers_reserved_group(const char *name);

/* The reserved-word group of `name` ("es2022-reserved", ...), or NULL. */
const char *providers_reserved_word_group(const char *name);

#endif
