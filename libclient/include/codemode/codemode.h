/*
 * The codemode client library, one include for hosts: protocol.h (the
 * protocol package's helpers, what both sides of the wire share) and
 * client.h (the client API), executor.h (the in-process executor, since
 * 0.3.0). Together they declare everything
 * libcodemode.so exports.
 */
#ifndef CODEMODE_CODEMODE_H
#define CODEMODE_CODEMODE_H

#include <codemode/protocol.h>

#include <codemode/client.h>
#include <codemode/executor.h>

#endif /* CODEMODE_CODEMODE_H */
