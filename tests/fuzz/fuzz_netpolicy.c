/*
 * Fuzz harness for server/daemon/netpolicy.c: the bytes are an operator's
 * rule text (allow rules, then after a newline deny rules) and a URL host;
 * the policy built from them is asked about fixed addresses, and the same
 * bytes go through the forbidden-header check. Checks that a refused rule
 * text names the rule in its message, that the boolean answer and the
 * verdict agree, that the order holds (allow rules never close an open
 * address, deny rules never open a closed one, the daemon's own listener
 * stays closed), and that nothing reads past the input.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/netpolicy.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_CHECK(c)                                                          \
	do {                                                                   \
		if (!(c)) {                                                    \
			fprintf(stderr, "fuzz_netpolicy: %s:%d: %s\n",         \
			    __FILE__, __LINE__, #c);                           \
			abort();                                               \
		}                                                              \
	} while (0)

static const char *const fuzz_addrs[] = { "127.0.0.1", "8.8.8.8", "10.1.2.3",
	"169.254.169.254", "::1", "::ffff:127.0.0.1", "fd00::1", "2001:4860::1",
	"0.0.0.0", "64:ff9b::a00:1" };

static socklen_t
fuzz_addr(const char *text, unsigned port, struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	if (strchr(text, ':') != NULL) {
		struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)ss;

		s6->sin6_family = AF_INET6;
		s6->sin6_port = htons((uint16_t)port);
		inet_pton(AF_INET6, text, &s6->sin6_addr);
		return sizeof(*s6);
	} else {
		struct sockaddr_in *s4 = (struct sockaddr_in *)ss;

		s4->sin_family = AF_INET;
		s4->sin_port = htons((uint16_t)port);
		inet_pton(AF_INET, text, &s4->sin_addr);
		return sizeof(*s4);
	}
}

/* Adds `text`; on refusal the message must name a rule. */
static int
fuzz_add(struct netpolicy *p, enum netpolicy_list l, const char *text)
{
	char err[512];

	err[0] = '\0';
	if (netpolicy_add(p, l, text, err, sizeof(err)) == 0)
		return 0;
	FUZZ_CHECK(strncmp(err, "rule \"", 6) == 0);
	return -1;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *deny, *host;
	struct netpolicy *bare, *allow_only, *deny_only, *both;
	struct sockaddr_storage ss, self;
	struct netpolicy_decision d;
	socklen_t len, slen;
	size_t i;
	unsigned port = size > 0 ? 1u + data[0] * 251u : 80;

	if (text == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	/* Header check on the raw bytes: name up to ':', value after. */
	{
		const char *c = memchr(data, ':', size);
		size_t nl = c ? (size_t)(c - (const char *)data) : size;
		int f = netpolicy_header_forbidden((const char *)data, nl,
		    c ? c + 1 : NULL, c ? size - nl - 1 : 0);

		FUZZ_CHECK(f == 0 || f == 1);
		f = netpolicy_method_forbidden((const char *)data, size);
		FUZZ_CHECK(f == 0 || f == 1);
	}
	/* "allow rules \n deny rules \n host" */
	deny = strchr(text, '\n');
	host = NULL;
	if (deny != NULL) {
		*deny++ = '\0';
		if ((host = strchr(deny, '\n')) != NULL)
			*host++ = '\0';
	}
	bare = netpolicy_new();
	allow_only = netpolicy_new();
	deny_only = netpolicy_new();
	both = netpolicy_new();
	if (bare == NULL || allow_only == NULL || deny_only == NULL ||
	    both == NULL)
		goto out;
	fuzz_add(allow_only, NETPOLICY_ALLOW, text);
	fuzz_add(both, NETPOLICY_ALLOW, text);
	if (deny != NULL) {
		fuzz_add(deny_only, NETPOLICY_DENY, deny);
		fuzz_add(both, NETPOLICY_DENY, deny);
	}
	slen = fuzz_addr("127.0.0.1", 8080, &self);
	FUZZ_CHECK(
	    netpolicy_add_self(both, (struct sockaddr *)&self, slen) == 0);
	for (i = 0; i < sizeof(fuzz_addrs) / sizeof(fuzz_addrs[0]); i++) {
		int b, a, dn, ok;

		len = fuzz_addr(fuzz_addrs[i], port, &ss);
		b = netpolicy_check(
		    bare, "http", host, (struct sockaddr *)&ss, len, &d);
		FUZZ_CHECK(d.address[0] != '\0');
		FUZZ_CHECK(b == (d.verdict == NETPOLICY_OPEN));
		a = netpolicy_check(
		    allow_only, "https", host, (struct sockaddr *)&ss, len, &d);
		FUZZ_CHECK(a ==
		    (d.verdict == NETPOLICY_OPEN ||
			d.verdict == NETPOLICY_ALLOWED));
		/* Allow rules only open. */
		FUZZ_CHECK(!b || a);
		dn = netpolicy_check(
		    deny_only, "http", host, (struct sockaddr *)&ss, len, &d);
		/* Deny rules only close. */
		FUZZ_CHECK(b || !dn);
		FUZZ_CHECK(dn || d.reason[0] != '\0');
		ok = netpolicy_check(
		    both, "http", host, (struct sockaddr *)&ss, len, &d);
		FUZZ_CHECK(!ok || dn || d.verdict == NETPOLICY_ALLOWED);
	}
	/* The daemon's own listener stays closed whatever the rules say. */
	FUZZ_CHECK(netpolicy_check(both, "http", host, (struct sockaddr *)&self,
		       slen, &d) == 0);
out:
	netpolicy_free(bare);
	netpolicy_free(allow_only);
	netpolicy_free(deny_only);
	netpolicy_free(both);
	free(text);
	return 0;
}
