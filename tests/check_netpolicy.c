/*
 * The native outbound policy (server/daemon/netpolicy.c) on addresses
 * alone: every default-closed range at its edges and in its IPv4-mapped,
 * IPv4-compatible and NAT64 forms, the order of deny, self, allow and
 * defaults, the rule grammar, and the Fetch standard's forbidden request
 * headers. Nothing here opens a socket: the policy decides on values.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/netpolicy.h"

/* A socket address from "1.2.3.4" or "::1" and a port. */
static socklen_t
addr_of(const char *text, unsigned port, struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	if (strchr(text, ':') != NULL) {
		struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)ss;

		s6->sin6_family = AF_INET6;
		s6->sin6_port = htons((uint16_t)port);
		ck_assert_msg(inet_pton(AF_INET6, text, &s6->sin6_addr) == 1,
		    "bad test address %s", text);
		return sizeof(*s6);
	} else {
		struct sockaddr_in *s4 = (struct sockaddr_in *)ss;

		s4->sin_family = AF_INET;
		s4->sin_port = htons((uint16_t)port);
		ck_assert_msg(inet_pton(AF_INET, text, &s4->sin_addr) == 1,
		    "bad test address %s", text);
		return sizeof(*s4);
	}
}

/* The verdict for a fetch of scheme://host at addr:port. */
static enum netpolicy_verdict
verdict(const struct netpolicy *p, const char *scheme, const char *host,
    const char *addr, unsigned port)
{
	struct sockaddr_storage ss;
	socklen_t len = addr_of(addr, port, &ss);
	struct netpolicy_decision d;
	int ok =
	    netpolicy_check(p, scheme, host, (struct sockaddr *)&ss, len, &d);

	/* The boolean and the verdict agree. */
	ck_assert_int_eq(
	    ok, d.verdict == NETPOLICY_OPEN || d.verdict == NETPOLICY_ALLOWED);
	return d.verdict;
}

static enum netpolicy_verdict
addr_verdict(const struct netpolicy *p, const char *addr)
{
	return verdict(p, "https", NULL, addr, 443);
}

static struct netpolicy *
policy(const char *allow, const char *deny)
{
	struct netpolicy *p = netpolicy_new();
	char err[256];

	ck_assert_ptr_nonnull(p);
	if (allow)
		ck_assert_msg(netpolicy_add(p, NETPOLICY_ALLOW, allow, err,
				  sizeof(err)) == 0,
		    "%s", err);
	if (deny)
		ck_assert_msg(netpolicy_add(p, NETPOLICY_DENY, deny, err,
				  sizeof(err)) == 0,
		    "%s", err);
	return p;
}

/* Each default range: its first and last address closed, its neighbours
 * open. */
static const char *const closed[] = {
	/* unspecified, "this network" 0.0.0.0/8 */
	"0.0.0.0",
	"0.0.0.1",
	"0.255.255.255",
	/* private 10/8 */
	"10.0.0.0",
	"10.1.2.3",
	"10.255.255.255",
	/* shared (CGNAT) 100.64/10 */
	"100.64.0.0",
	"100.127.255.255",
	/* loopback 127/8 */
	"127.0.0.1",
	"127.0.0.0",
	"127.255.255.255",
	"127.1.2.3",
	/* link-local 169.254/16, the cloud metadata address in it */
	"169.254.0.0",
	"169.254.169.254",
	"169.254.255.255",
	/* private 172.16/12 */
	"172.16.0.0",
	"172.31.255.255",
	/* special-purpose 192.0.0/24 */
	"192.0.0.0",
	"192.0.0.255",
	/* private 192.168/16 */
	"192.168.0.0",
	"192.168.1.1",
	"192.168.255.255",
	/* benchmarking 198.18/15 */
	"198.18.0.0",
	"198.19.255.255",
	/* multicast 224/4 */
	"224.0.0.0",
	"224.0.0.251",
	"239.255.255.255",
	/* reserved 240/4 and broadcast */
	"240.0.0.0",
	"255.255.255.255",
	/* IPv6: unspecified, loopback */
	"::",
	"::1",
	/* link-local fe80::/10 */
	"fe80::",
	"fe80::1",
	"febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
	/* site-local fec0::/10 */
	"fec0::1",
	"feff:ffff::1",
	/* unique-local fc00::/7 */
	"fc00::",
	"fd12:3456::1",
	"fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
	/* multicast ff00::/8 */
	"ff02::1",
	"ff0e::1",
	"ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
	/* IPv4-mapped forms of every IPv4 range */
	"::ffff:0.0.0.0",
	"::ffff:10.0.0.1",
	"::ffff:100.64.0.1",
	"::ffff:127.0.0.1",
	"::ffff:169.254.169.254",
	"::ffff:172.16.0.1",
	"::ffff:192.0.0.1",
	"::ffff:192.168.0.1",
	"::ffff:198.18.0.1",
	"::ffff:224.0.0.1",
	"::ffff:255.255.255.255",
	/* IPv4-compatible and NAT64 forms */
	"::127.0.0.1",
	"::10.0.0.1",
	"::169.254.169.254",
	"64:ff9b::127.0.0.1",
	"64:ff9b::10.0.0.1",
	"64:ff9b::192.168.0.1",
	"64:ff9b::169.254.169.254",
};

static const char *const open_addrs[] = {
	"1.0.0.0",
	"1.1.1.1",
	"8.8.8.8",
	"9.255.255.255",
	"11.0.0.0",
	"100.63.255.255",
	"100.128.0.0",
	"126.255.255.255",
	"128.0.0.0",
	"169.253.255.255",
	"169.255.0.0",
	"172.15.255.255",
	"172.32.0.0",
	"192.0.1.0",
	"192.167.255.255",
	"192.169.0.0",
	"198.17.255.255",
	"198.20.0.0",
	"223.255.255.255",
	"93.184.216.34",
	/* IPv6 neighbours and public addresses */
	"::ffff:8.8.8.8",
	"64:ff9b::8.8.8.8",
	"2001:4860:4860::8888",
	"2606:4700::1111",
	"fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
	"fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
	"fe00::1",
	"2002:808:808::1",
};

START_TEST(test_default_ranges_are_closed)
{
	struct netpolicy *p = policy(NULL, NULL);
	size_t i;

	for (i = 0; i < sizeof(closed) / sizeof(closed[0]); i++)
		ck_assert_msg(
		    addr_verdict(p, closed[i]) == NETPOLICY_DENIED_DEFAULT,
		    "%s should be closed by default", closed[i]);
	for (i = 0; i < sizeof(open_addrs) / sizeof(open_addrs[0]); i++)
		ck_assert_msg(addr_verdict(p, open_addrs[i]) == NETPOLICY_OPEN,
		    "%s should be open by default", open_addrs[i]);
	netpolicy_free(p);
}
END_TEST

START_TEST(test_the_decision_names_address_and_range)
{
	struct netpolicy *p = policy(NULL, NULL);
	struct netpolicy_decision d;
	struct sockaddr_storage ss;
	struct sockaddr_un un;
	socklen_t len;

	len = addr_of("127.0.0.1", 8080, &ss);
	ck_assert_int_eq(
	    netpolicy_check(p, "http", "x", (struct sockaddr *)&ss, len, &d),
	    0);
	ck_assert_str_eq(d.address, "127.0.0.1:8080");
	ck_assert_str_eq(
	    d.reason, "loopback addresses (127.0.0.0/8) are closed by default");
	ck_assert_ptr_null(d.rule);
	len = addr_of("::ffff:169.254.169.254", 80, &ss);
	ck_assert_int_eq(
	    netpolicy_check(p, "http", "x", (struct sockaddr *)&ss, len, &d),
	    0);
	ck_assert_str_eq(d.address, "169.254.169.254:80");
	ck_assert_str_eq(d.reason,
	    "link-local addresses (169.254.0.0/16) are closed by default");
	len = addr_of("fd00::1", 443, &ss);
	ck_assert_int_eq(
	    netpolicy_check(p, "https", "x", (struct sockaddr *)&ss, len, &d),
	    0);
	ck_assert_str_eq(d.address, "[fd00::1]:443");
	ck_assert_str_eq(d.reason,
	    "unique-local addresses (fc00::/7) are closed by default");
	/* A family the policy cannot read is refused, not waved through. */
	memset(&un, 0, sizeof(un));
	un.sun_family = AF_UNIX;
	ck_assert_int_eq(netpolicy_check(p, "http", "x", (struct sockaddr *)&un,
			     sizeof(un), &d),
	    0);
	ck_assert_int_eq(netpolicy_check(p, "http", "x", NULL, 0, NULL), 0);
	netpolicy_free(p);
}
END_TEST

START_TEST(test_allow_opens_only_what_it_names)
{
	struct netpolicy *p = policy("127.0.0.1:8080", NULL);

	ck_assert_int_eq(verdict(p, "http", "127.0.0.1", "127.0.0.1", 8080),
	    NETPOLICY_ALLOWED);
	/* The mapped spelling of the same address is the same address. */
	ck_assert_int_eq(verdict(p, "http", NULL, "::ffff:127.0.0.1", 8080),
	    NETPOLICY_ALLOWED);
	ck_assert_int_eq(verdict(p, "http", NULL, "127.0.0.1", 8081),
	    NETPOLICY_DENIED_DEFAULT);
	ck_assert_int_eq(verdict(p, "http", NULL, "127.0.0.2", 8080),
	    NETPOLICY_DENIED_DEFAULT);
	ck_assert_int_eq(
	    verdict(p, "http", NULL, "::1", 8080), NETPOLICY_DENIED_DEFAULT);
	netpolicy_free(p);
}
END_TEST

START_TEST(test_deny_beats_allow_and_self_beats_allow)
{
	struct netpolicy *p = policy("10.0.0.0/8, 127.0.0.0/8", "10.1.2.3");
	struct sockaddr_storage ss;
	struct netpolicy_decision d;
	socklen_t len;

	ck_assert_int_eq(addr_verdict(p, "10.1.2.4"), NETPOLICY_ALLOWED);
	ck_assert_int_eq(addr_verdict(p, "10.1.2.3"), NETPOLICY_DENIED_RULE);
	ck_assert_int_eq(
	    addr_verdict(p, "::ffff:10.1.2.3"), NETPOLICY_DENIED_RULE);
	/* The guest hears that a rule denied it, not which rule. */
	len = addr_of("10.1.2.3", 443, &ss);
	netpolicy_check(p, "https", NULL, (struct sockaddr *)&ss, len, &d);
	ck_assert_str_eq(d.rule, "10.1.2.3");
	ck_assert_ptr_null(strstr(d.reason, "10.1.2.3"));
	/* The daemon's own listener, even inside an allowed range. */
	len = addr_of("127.0.0.1", 8080, &ss);
	ck_assert_int_eq(netpolicy_add_self(p, (struct sockaddr *)&ss, len), 0);
	ck_assert_int_eq(
	    verdict(p, "http", NULL, "127.0.0.1", 8080), NETPOLICY_DENIED_SELF);
	ck_assert_int_eq(verdict(p, "http", NULL, "::ffff:127.0.0.1", 8080),
	    NETPOLICY_DENIED_SELF);
	ck_assert_int_eq(
	    verdict(p, "http", NULL, "127.0.0.1", 8081), NETPOLICY_ALLOWED);
	ck_assert_int_eq(
	    verdict(p, "http", NULL, "127.0.0.2", 8080), NETPOLICY_ALLOWED);
	/* An operator's deny on a public address. */
	netpolicy_free(p);
	p = policy(NULL, "8.8.8.0/24");
	ck_assert_int_eq(addr_verdict(p, "8.8.8.8"), NETPOLICY_DENIED_RULE);
	ck_assert_int_eq(addr_verdict(p, "8.8.9.8"), NETPOLICY_OPEN);
	netpolicy_free(p);
}
END_TEST

START_TEST(test_a_wildcard_listener_is_every_local_address)
{
	struct netpolicy *p = policy("*", NULL);
	struct sockaddr_storage ss;
	socklen_t len = addr_of("0.0.0.0", 9000, &ss);

	ck_assert_int_eq(netpolicy_add_self(p, (struct sockaddr *)&ss, len), 0);
	ck_assert_int_eq(
	    verdict(p, "http", NULL, "127.0.0.5", 9000), NETPOLICY_DENIED_SELF);
	ck_assert_int_eq(
	    verdict(p, "http", NULL, "0.0.0.0", 9000), NETPOLICY_DENIED_SELF);
	ck_assert_int_eq(
	    verdict(p, "http", NULL, "::1", 9000), NETPOLICY_DENIED_SELF);
	ck_assert_int_eq(
	    verdict(p, "http", NULL, "::", 9000), NETPOLICY_DENIED_SELF);
	ck_assert_int_eq(verdict(p, "http", NULL, "::ffff:127.0.0.1", 9000),
	    NETPOLICY_DENIED_SELF);
	/* "*" opened the defaults; other ports and addresses stay open. */
	ck_assert_int_eq(
	    verdict(p, "http", NULL, "127.0.0.5", 9001), NETPOLICY_ALLOWED);
	ck_assert_int_eq(
	    verdict(p, "http", NULL, "8.8.8.8", 9000), NETPOLICY_ALLOWED);
	len = addr_of("::", 9100, &ss);
	ck_assert_int_eq(netpolicy_add_self(p, (struct sockaddr *)&ss, len), 0);
	ck_assert_int_eq(
	    verdict(p, "http", NULL, "127.0.0.1", 9100), NETPOLICY_DENIED_SELF);
	netpolicy_free(p);
}
END_TEST

/* The self addresses as text (for the fetcher's arguments) and back. */
START_TEST(test_self_addresses_cross_as_text)
{
	struct netpolicy *p = policy("*", NULL), *q = policy("*", NULL);
	struct sockaddr_storage ss;
	socklen_t len;
	char buf[64], small[8];
	size_t i;
	static const char *const bad[] = { "127.0.0.1:80", "[127.0.0.1]:80",
		"[::1]", "[::1]:", "[::1]:65536", "[::1]:8x", "[::1]80",
		"[zz]:80", "" };

	len = addr_of("127.0.0.1", 8080, &ss);
	ck_assert_int_eq(netpolicy_add_self(p, (struct sockaddr *)&ss, len), 0);
	len = addr_of("::", 9100, &ss);
	ck_assert_int_eq(netpolicy_add_self(p, (struct sockaddr *)&ss, len), 0);
	ck_assert_uint_eq(netpolicy_self_count(p), 2);
	ck_assert_int_eq(netpolicy_self_format(p, 0, buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "[::ffff:127.0.0.1]:8080");
	ck_assert_int_eq(netpolicy_self_format(p, 2, buf, sizeof(buf)), -1);
	ck_assert_int_eq(netpolicy_self_format(p, 0, small, sizeof(small)), -1);
	for (i = 0; i < 2; i++) {
		ck_assert_int_eq(
		    netpolicy_self_format(p, i, buf, sizeof(buf)), 0);
		ck_assert_int_eq(netpolicy_add_self_text(q, buf), 0);
	}
	/* q decides as p does, the wildcard included. */
	ck_assert_int_eq(
	    verdict(q, "http", NULL, "127.0.0.1", 8080), NETPOLICY_DENIED_SELF);
	ck_assert_int_eq(
	    verdict(q, "http", NULL, "127.0.0.1", 8081), NETPOLICY_ALLOWED);
	ck_assert_int_eq(
	    verdict(q, "http", NULL, "127.0.0.7", 9100), NETPOLICY_DENIED_SELF);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(
		    netpolicy_add_self_text(q, bad[i]) == -1, "%s", bad[i]);
	ck_assert_uint_eq(netpolicy_self_count(q), 2);
	netpolicy_free(p);
	netpolicy_free(q);
}
END_TEST

START_TEST(test_host_rules)
{
	struct netpolicy *p =
	    policy("intranet.example", "*.evil.example,Bad.Example.");

	/* An allowed name opens what it resolves to; the address is the
	 * one connected to. */
	ck_assert_int_eq(
	    verdict(p, "https", "intranet.example", "10.0.0.5", 443),
	    NETPOLICY_ALLOWED);
	ck_assert_int_eq(
	    verdict(p, "https", "INTRANET.Example.", "10.0.0.5", 443),
	    NETPOLICY_ALLOWED);
	ck_assert_int_eq(verdict(p, "https", "other.example", "10.0.0.5", 443),
	    NETPOLICY_DENIED_DEFAULT);
	ck_assert_int_eq(verdict(p, "https", NULL, "10.0.0.5", 443),
	    NETPOLICY_DENIED_DEFAULT);
	/* *.domain: names under it, not the domain, not a longer label. */
	ck_assert_int_eq(verdict(p, "https", "a.evil.example", "8.8.8.8", 443),
	    NETPOLICY_DENIED_RULE);
	ck_assert_int_eq(
	    verdict(p, "https", "x.y.evil.example", "8.8.8.8", 443),
	    NETPOLICY_DENIED_RULE);
	ck_assert_int_eq(verdict(p, "https", "evil.example", "8.8.8.8", 443),
	    NETPOLICY_OPEN);
	ck_assert_int_eq(verdict(p, "https", "xevil.example", "8.8.8.8", 443),
	    NETPOLICY_OPEN);
	ck_assert_int_eq(verdict(p, "https", "bad.example", "8.8.8.8", 443),
	    NETPOLICY_DENIED_RULE);
	/* A host rule never matches an address literal's brackets. */
	ck_assert_int_eq(
	    verdict(p, "https", "[2001:db8::1]", "2001:db8::1", 443),
	    NETPOLICY_OPEN);
	netpolicy_free(p);
}
END_TEST

START_TEST(test_scheme_and_port_rules)
{
	struct netpolicy *p =
	    policy("https://10.0.0.1, [fd00::1]:443, fd00:1::/32",
		"http://*, *:1-1023, :25");

	ck_assert_int_eq(
	    verdict(p, "https", NULL, "8.8.8.8", 8443), NETPOLICY_OPEN);
	ck_assert_int_eq(
	    verdict(p, "http", NULL, "8.8.8.8", 8080), NETPOLICY_DENIED_RULE);
	ck_assert_int_eq(
	    verdict(p, "https", NULL, "8.8.8.8", 443), NETPOLICY_DENIED_RULE);
	ck_assert_int_eq(
	    verdict(p, "https", NULL, "8.8.8.8", 1024), NETPOLICY_OPEN);
	ck_assert_int_eq(
	    verdict(p, "https", NULL, "10.0.0.1", 8443), NETPOLICY_ALLOWED);
	ck_assert_int_eq(
	    verdict(p, "HTTPS", NULL, "10.0.0.1", 8443), NETPOLICY_ALLOWED);
	netpolicy_free(p);
	p = policy("https://10.0.0.1, [fd00::1]:443, fd00:1::/32", NULL);
	ck_assert_int_eq(
	    verdict(p, "http", NULL, "10.0.0.1", 80), NETPOLICY_DENIED_DEFAULT);
	ck_assert_int_eq(
	    verdict(p, "https", NULL, "fd00::1", 443), NETPOLICY_ALLOWED);
	ck_assert_int_eq(
	    verdict(p, "https", NULL, "fd00::1", 80), NETPOLICY_DENIED_DEFAULT);
	ck_assert_int_eq(
	    verdict(p, "https", NULL, "fd00:1:2::3", 80), NETPOLICY_ALLOWED);
	ck_assert_int_eq(verdict(p, "https", NULL, "fd00:2::3", 80),
	    NETPOLICY_DENIED_DEFAULT);
	netpolicy_free(p);
}
END_TEST

START_TEST(test_rule_grammar)
{
	static const char *const bad[] = { "ftp://x.example", "10.0.0.0/33",
		"[::1", "[::1]x", "x.example:0", "x.example:70000",
		"x.example:5-3", "x.example:", "a..b", "*.", "*x.example",
		"1.2.3", "fe80::/129", "10.0.0.0/", "bad!name", "[x]:80",
		"http://", "-x.example" };
	struct netpolicy *p = netpolicy_new();
	char err[256];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		ck_assert_msg(netpolicy_add(p, NETPOLICY_DENY, bad[i], err,
				  sizeof(err)) == -1,
		    "%s was taken", bad[i]);
		ck_assert_msg(
		    strstr(err, bad[i]) != NULL, "%s: %s", bad[i], err);
	}
	/* All or nothing: a list with one bad rule adds none of it. */
	ck_assert_int_eq(netpolicy_add(p, NETPOLICY_DENY,
			     "8.8.8.8, ftp://x.example", err, sizeof(err)),
	    -1);
	ck_assert_int_eq(addr_verdict(p, "8.8.8.8"), NETPOLICY_OPEN);
	/* Commas and white space both separate; empty lists are fine. */
	ck_assert_int_eq(
	    netpolicy_add(p, NETPOLICY_DENY, "", err, sizeof(err)), 0);
	ck_assert_int_eq(
	    netpolicy_add(p, NETPOLICY_DENY, " , ", err, sizeof(err)), 0);
	ck_assert_int_eq(netpolicy_add(p, NETPOLICY_DENY,
			     "8.8.8.8,\t1.1.1.1 9.9.9.9/32", err, sizeof(err)),
	    0);
	ck_assert_int_eq(addr_verdict(p, "8.8.8.8"), NETPOLICY_DENIED_RULE);
	ck_assert_int_eq(addr_verdict(p, "1.1.1.1"), NETPOLICY_DENIED_RULE);
	ck_assert_int_eq(addr_verdict(p, "9.9.9.9"), NETPOLICY_DENIED_RULE);
	/* Host bits past the prefix are masked: 10.1.2.3/8 is 10.0.0.0/8. */
	ck_assert_int_eq(
	    netpolicy_add(p, NETPOLICY_ALLOW, "10.1.2.3/8", err, sizeof(err)),
	    0);
	ck_assert_int_eq(addr_verdict(p, "10.200.0.1"), NETPOLICY_ALLOWED);
	netpolicy_free(p);
}
END_TEST

START_TEST(test_forbidden_request_headers)
{
	static const char *const forbidden[] = { "Accept-Charset",
		"accept-encoding", "Access-Control-Request-Headers",
		"Access-Control-Request-Method",
		"access-control-request-private-network", "Connection",
		"Content-Length", "Cookie", "Cookie2", "Date", "DNT", "Expect",
		"Host", "HOST", "Keep-Alive", "Origin", "Referer", "Set-Cookie",
		"TE", "Trailer", "Transfer-Encoding", "Upgrade", "Via",
		"Proxy-Authorization", "proxy-connection", "Proxy-",
		"Sec-Fetch-Mode", "sec-ch-ua", "Sec-" };
	static const char *const fine[] = { "Accept", "Content-Type",
		"Authorization", "User-Agent", "X-Test", "Proxy", "Sec",
		"Hosts", "Cookies", "Dates", "X-Host", "Access-Control-Allow",
		"Content-Length2", "T" };
	size_t i;

	for (i = 0; i < sizeof(forbidden) / sizeof(forbidden[0]); i++)
		ck_assert_msg(netpolicy_header_forbidden(forbidden[i],
				  strlen(forbidden[i]), "x", 1) == 1,
		    "%s should be forbidden", forbidden[i]);
	for (i = 0; i < sizeof(fine) / sizeof(fine[0]); i++)
		ck_assert_msg(netpolicy_header_forbidden(
				  fine[i], strlen(fine[i]), "x", 1) == 0,
		    "%s should pass", fine[i]);
		/* Method overrides: forbidden only when naming a forbidden
		 * method. */
#define OVR(n, v) netpolicy_header_forbidden(n, strlen(n), v, strlen(v))
	ck_assert_int_eq(OVR("X-HTTP-Method-Override", "GET"), 0);
	ck_assert_int_eq(OVR("X-HTTP-Method-Override", "PATCH, DELETE"), 0);
	ck_assert_int_eq(OVR("X-HTTP-Method-Override", "trace"), 1);
	ck_assert_int_eq(OVR("x-http-method", "GET, CONNECT"), 1);
	ck_assert_int_eq(OVR("X-Method-Override", " \tTrack\t "), 1);
	ck_assert_int_eq(OVR("X-Method-Override", "TRACEX"), 0);
	ck_assert_int_eq(OVR("X-Method-Override", ""), 0);
	ck_assert_int_eq(OVR("X-Method-Override", ",,TRACE,"), 1);
	ck_assert_int_eq(OVR("X-Other-Override", "TRACE"), 0);
	ck_assert_int_eq(
	    netpolicy_header_forbidden("X-HTTP-Method", 13, NULL, 0), 0);
#undef OVR
	ck_assert_int_eq(netpolicy_method_forbidden("CONNECT", 7), 1);
	ck_assert_int_eq(netpolicy_method_forbidden("trace", 5), 1);
	ck_assert_int_eq(netpolicy_method_forbidden("Track", 5), 1);
	ck_assert_int_eq(netpolicy_method_forbidden("GET", 3), 0);
	ck_assert_int_eq(netpolicy_method_forbidden("TRACES", 6), 0);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("netpolicy");
	TCase *tc = tcase_create("policy");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_default_ranges_are_closed);
	tcase_add_test(tc, test_the_decision_names_address_and_range);
	tcase_add_test(tc, test_allow_opens_only_what_it_names);
	tcase_add_test(tc, test_deny_beats_allow_and_self_beats_allow);
	tcase_add_test(tc, test_a_wildcard_listener_is_every_local_address);
	tcase_add_test(tc, test_host_rules);
	tcase_add_test(tc, test_scheme_and_port_rules);
	tcase_add_test(tc, test_rule_grammar);
	tcase_add_test(tc, test_forbidden_request_headers);
	tcase_add_test(tc, test_self_addresses_cross_as_text);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_set_fork_status(sr, CK_NOFORK);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
