/*
 * The codemode client library, one include for hosts. The protocol layer
 * (protocol.h) is what both sides of the wire share; the client API joins
 * it here when it lands.
 */
#ifndef CODEMODE_CODEMODE_H
#define CODEMODE_CODEMODE_H

#include <codemode/protocol.h>

#include <codemode/client.h>

#endif /* CODEMODE_CODEMODE_H */
