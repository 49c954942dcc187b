/*
 * The native outbound policy: which connections a sandbox's fetch may
 * open, and which request headers it may send. Pure C over values the
 * caller hands in (a URL's scheme and host, a socket address): no I/O, no
 * globals, no libcurl, so any executor that fetches for a guest (the
 * daemon's outbound.c, an in-process one) can link it.
 *
 * A connection (scheme, host, address, port) is decided in this order:
 *   1. an operator's deny rule that matches refuses it;
 *   2. the daemon's own listeners (netpolicy_add_self) are refused;
 *   3. an operator's allow rule that matches opens it;
 *   4. the default ranges (loopback, link-local, private, CGNAT,
 *      unique-local, multicast, unspecified, reserved; IPv4-mapped,
 *      IPv4-compatible and NAT64 forms of them) are refused;
 *   5. anything else is open.
 *
 * Rule grammar (spec/operations.md, "Native outbound"):
 *   [scheme "://"] target [":" port]
 *   scheme  http | https
 *   target  "*" | host | "*." domain | IPv4[/len] | "[" IPv6[/len] "]"
 *           | IPv6[/len] (bare: no port then)
 *   port    N | N-M | "*"
 * A host rule matches the URL's host name (case-insensitive, a trailing dot
 * ignored); "*.example.com" matches every name under example.com, not
 * example.com itself. An address rule matches the address connected to, or
 * the IPv4 address it embeds.
 */
#ifndef NETPOLICY_H
#define NETPOLICY_H

#include <sys/socket.h>

#include <stddef.h>

struct netpolicy;

enum netpolicy_list { NETPOLICY_ALLOW, NETPOLICY_DENY };

/* Why a connection was decided as it was. */
enum netpolicy_verdict {
	NETPOLICY_OPEN, /* no rule closes it */
	NETPOLICY_ALLOWED, /* an operator's allow rule opened it */
	NETPOLICY_DENIED_RULE, /* an operator's deny rule */
	NETPOLICY_DENIED_SELF, /* the daemon's own listener */
	NETPOLICY_DENIED_DEFAULT /* a default range */
};

struct netpolicy_decision {
	enum netpolicy_verdict verdict;
	/* The address as text: "127.0.0.1:80", "[::1]:443". */
	char address[64];
	/*
	 * Why, as a clause for the FETCH_DENIED text ("loopback addresses
	 * (127.0.0.0/8) are closed by default"); empty when open.
	 */
	char reason[192];
	/*
	 * The operator's rule that decided (NETPOLICY_ALLOWED,
	 * NETPOLICY_DENIED_RULE) as written, for the daemon's log only: the
	 * guest is not told the operator's rules. Owned by the policy.
	 */
	const char *rule;
};

/* A policy with only the default ranges; NULL when out of memory. */
struct netpolicy *netpolicy_new(void);

void netpolicy_free(struct netpolicy *);

/*
 * Adds the rules of `text` to `list`: one rule or several, separated by
 * commas or white space (so one environment variable can carry a list).
 * Returns 0, or -1 with `err` naming the rule and what is wrong with it
 * (nothing is added then).
 */
int netpolicy_add(struct netpolicy *, enum netpolicy_list list,
    const char *text, char *err, size_t errlen);

/*
 * Marks an address the daemon listens on: connections to it are always
 * refused, whatever the allow rules say. A wildcard address (0.0.0.0,
 * ::) stands for every local address, so its port is refused on the
 * loopback and unspecified ranges (the caller adds the machine's other
 * addresses one by one). 0, or -1 for a family other than AF_INET and
 * AF_INET6, or when out of memory.
 */
int netpolicy_add_self(
    struct netpolicy *, const struct sockaddr *sa, socklen_t salen);

/*
 * The addresses marked by netpolicy_add_self, as text
 * ("[::ffff:127.0.0.1]:8080"), so another process can hold the same policy: `i`
 * counts from 0 below netpolicy_self_count. 0, or -1 when `i` is past the end
 * or `len` is short.
 */
size_t netpolicy_self_count(const struct netpolicy *);
int netpolicy_self_format(
    const struct netpolicy *, size_t i, char *out, size_t len);

/* netpolicy_add_self for that text; -1 when it is not of that form. */
int netpolicy_add_self_text(struct netpolicy *, const char *text);

/*
 * Decides a connection about to be made to `sa` for a URL with `scheme`
 * ("http") and `host` (as the URL names it; brackets of an IPv6 literal
 * allowed; NULL when unknown, so host rules do not match). Returns 1 when
 * the connection may go ahead, 0 when it is refused; `out` (may be NULL)
 * says why. An address of another family is refused.
 */
int netpolicy_check(const struct netpolicy *, const char *scheme,
    const char *host, const struct sockaddr *sa, socklen_t salen,
    struct netpolicy_decision *out);

/*
 * 1 when the Fetch standard forbids a request to carry the header `name`
 * with `value` (a forbidden request header name, a Proxy- or Sec- prefix,
 * or a method override naming CONNECT, TRACE or TRACK), else 0. Names
 * compare case-insensitively.
 */
int netpolicy_header_forbidden(
    const char *name, size_t nlen, const char *value, size_t vlen);

/*
 * 1 when the Fetch standard forbids the method (CONNECT, TRACE, TRACK,
 * any case), else 0.
 */
int netpolicy_method_forbidden(const char *method, size_t len);

#endif
