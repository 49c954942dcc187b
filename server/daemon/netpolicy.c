/*
 * The native outbound policy (netpolicy.h). Every address is held as 16
 * bytes: an IPv4 address as its IPv4-mapped IPv6 form and an IPv4 range
 * as the matching /96+len IPv6 range, so one comparison serves both
 * families and the mapped spelling of a v4 address can never slip past a
 * v4 rule.
 */
#include <arpa/inet.h>
#include <netinet/in.h>

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "netpolicy.h"

enum netpolicy_kind {
	NETPOLICY_ANY, /* "*" or no target: every host and address */
	NETPOLICY_HOST, /* one host name */
	NETPOLICY_SUFFIX, /* every name under a domain */
	NETPOLICY_NET /* an address range */
};

enum netpolicy_scheme { NETPOLICY_ANY_SCHEME, NETPOLICY_HTTP, NETPOLICY_HTTPS };

struct netpolicy_rule {
	enum netpolicy_scheme scheme;
	enum netpolicy_kind kind;
	char *name; /* HOST: the name; SUFFIX: ".domain"; lower case */
	uint8_t net[16];
	unsigned prefix; /* bits of `net` that count, 0..128 */
	unsigned port_lo, port_hi;
	char *text; /* as the operator wrote it, for the log */
};

struct netpolicy_rules {
	struct netpolicy_rule *v;
	size_t n, cap;
};

struct netpolicy_self {
	uint8_t addr[16];
	unsigned port;
	int wildcard; /* 0.0.0.0 or ::: every local address */
};

struct netpolicy {
	struct netpolicy_rules allow, deny;
	struct netpolicy_self *self;
	size_t nself, capself;
};

/*
 * The ranges closed by default, with the words the refusal uses. IPv4
 * ranges are matched on an address's embedded IPv4 form too (mapped
 * ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::a.b.c.d).
 */
static const struct {
	const char *cidr;
	const char *what;
} netpolicy_defaults[] = {
	{ "0.0.0.0/8", "unspecified (\"this network\")" },
	{ "10.0.0.0/8", "private" },
	{ "100.64.0.0/10", "shared (carrier-grade NAT)" },
	{ "127.0.0.0/8", "loopback" },
	{ "169.254.0.0/16", "link-local" },
	{ "172.16.0.0/12", "private" },
	{ "192.0.0.0/24", "special-purpose" },
	{ "192.168.0.0/16", "private" },
	{ "198.18.0.0/15", "benchmarking" },
	{ "224.0.0.0/4", "multicast" },
	{ "240.0.0.0/4", "reserved and broadcast" },
	{ "::/128", "unspecified" },
	{ "::1/128", "loopback" },
	{ "fe80::/10", "link-local" },
	{ "fec0::/10", "site-local" },
	{ "fc00::/7", "unique-local" },
	{ "ff00::/8", "multicast" },
};
#define NETPOLICY_NDEFAULTS                                                    \
	(sizeof(netpolicy_defaults) / sizeof(netpolicy_defaults[0]))

static const uint8_t netpolicy_mapped_prefix[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0xff, 0xff };
static const uint8_t netpolicy_nat64_prefix[12] = { 0, 0x64, 0xff, 0x9b, 0, 0,
	0, 0, 0, 0, 0, 0 };

/* ---- addresses ---- */

/* `a` has its first `bits` bits equal to `net`'s. */
static int
netpolicy_in(const uint8_t a[16], const uint8_t net[16], unsigned bits)
{
	unsigned whole = bits / 8, rest = bits % 8;

	if (memcmp(a, net, whole) != 0)
		return 0;
	if (rest == 0)
		return 1;
	return ((a[whole] ^ net[whole]) & (uint8_t)(0xff << (8 - rest))) == 0;
}

static void
netpolicy_mask(uint8_t a[16], unsigned bits)
{
	unsigned i;

	for (i = 0; i < 16; i++) {
		if (bits >= 8)
			bits -= 8;
		else {
			a[i] &= (uint8_t)(0xff << (8 - bits));
			bits = 0;
		}
	}
}

static void
netpolicy_map4(uint8_t out[16], const void *v4)
{
	memcpy(out, netpolicy_mapped_prefix, 12);
	memcpy(out + 12, v4, 4);
}

/*
 * The forms an address is matched in: itself, and (when it embeds one)
 * its IPv4 address as the mapped form. Returns how many (1 or 2).
 */
static int
netpolicy_forms(const uint8_t a[16], uint8_t forms[2][16])
{
	static const uint8_t zero[12];

	memcpy(forms[0], a, 16);
	if (memcmp(a, zero, 12) == 0 ||
	    memcmp(a, netpolicy_nat64_prefix, 12) == 0) {
		netpolicy_map4(forms[1], a + 12);
		return 2;
	}
	return 1;
}

/* The address and port of `sa` as 16 bytes; -1 for another family. */
static int
netpolicy_sockaddr(
    const struct sockaddr *sa, socklen_t salen, uint8_t a[16], unsigned *port)
{
	if (sa == NULL)
		return -1;
	if (sa->sa_family == AF_INET &&
	    salen >= (socklen_t)sizeof(struct sockaddr_in)) {
		const struct sockaddr_in *s4 = (const struct sockaddr_in *)sa;

		netpolicy_map4(a, &s4->sin_addr);
		*port = ntohs(s4->sin_port);
		return 0;
	}
	if (sa->sa_family == AF_INET6 &&
	    salen >= (socklen_t)sizeof(struct sockaddr_in6)) {
		const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)sa;

		memcpy(a, &s6->sin6_addr, 16);
		*port = ntohs(s6->sin6_port);
		return 0;
	}
	return -1;
}

/* "1.2.3.4:80", "[::1]:80", "::ffff:127.0.0.1" as [..]. */
static void
netpolicy_format(const uint8_t a[16], unsigned port, char *out, size_t len)
{
	char t[INET6_ADDRSTRLEN];

	if (memcmp(a, netpolicy_mapped_prefix, 12) == 0) {
		inet_ntop(AF_INET, a + 12, t, sizeof(t));
		snprintf(out, len, "%s:%u", t, port);
	} else {
		inet_ntop(AF_INET6, a, t, sizeof(t));
		snprintf(out, len, "[%s]:%u", t, port);
	}
}

/*
 * Parses "a.b.c.d[/n]" or "v6[/n]" into a 16-byte range. `v6` says which
 * family the text is. 0 or -1.
 */
static int
netpolicy_parse_net(
    const char *s, size_t len, int v6, uint8_t net[16], unsigned *prefix)
{
	char buf[INET6_ADDRSTRLEN + 8], *slash, *end;
	unsigned long bits;
	uint8_t raw[16];
	unsigned max = v6 ? 128 : 32;

	if (len == 0 || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	bits = max;
	if ((slash = strchr(buf, '/')) != NULL) {
		*slash = '\0';
		if (!isdigit((unsigned char)slash[1]))
			return -1;
		bits = strtoul(slash + 1, &end, 10);
		if (*end != '\0' || bits > max || end - (slash + 1) > 3)
			return -1;
	}
	if (inet_pton(v6 ? AF_INET6 : AF_INET, buf, raw) != 1)
		return -1;
	if (v6)
		memcpy(net, raw, 16);
	else {
		netpolicy_map4(net, raw);
		bits += 96;
	}
	*prefix = (unsigned)bits;
	netpolicy_mask(net, *prefix);
	return 0;
}

/* ---- rules ---- */

static void
netpolicy_rules_clear(struct netpolicy_rules *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++) {
		free(rs->v[i].name);
		free(rs->v[i].text);
	}
	free(rs->v);
	memset(rs, 0, sizeof(*rs));
}

/* A host name an operator may write: letters, digits, '-', '_', '.'. */
static int
netpolicy_valid_name(const char *s, size_t len)
{
	size_t i;

	if (len == 0 || len > 253 || s[0] == '.' || s[0] == '-')
		return 0;
	for (i = 0; i < len; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '-' &&
		    s[i] != '_' && s[i] != '.')
			return 0;
	for (i = 0; i + 1 < len; i++)
		if (s[i] == '.' && s[i + 1] == '.')
			return 0;
	return 1;
}

/* Lower case, without one trailing dot. */
static char *
netpolicy_name_dup(const char *s, size_t len)
{
	char *out;
	size_t i;

	if (len > 0 && s[len - 1] == '.')
		len--;
	if ((out = malloc(len + 1)) == NULL)
		return NULL;
	for (i = 0; i < len; i++)
		out[i] = (char)tolower((unsigned char)s[i]);
	out[len] = '\0';
	return out;
}

static int
netpolicy_parse_port(const char *s, size_t len, unsigned *lo, unsigned *hi)
{
	char buf[16], *end, *dash;
	unsigned long a, b;

	if (len == 1 && s[0] == '*') {
		*lo = 0;
		*hi = 65535;
		return 0;
	}
	if (len == 0 || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (!isdigit((unsigned char)buf[0]))
		return -1;
	a = strtoul(buf, &end, 10);
	b = a;
	if (*end == '-') {
		dash = end;
		if (!isdigit((unsigned char)dash[1]))
			return -1;
		b = strtoul(dash + 1, &end, 10);
	}
	if (*end != '\0' || a < 1 || b > 65535 || a > b)
		return -1;
	*lo = (unsigned)a;
	*hi = (unsigned)b;
	return 0;
}

/* Parses one rule; 0, or -1 with `why` set. */
static int
netpolicy_parse_rule(
    const char *s, size_t len, struct netpolicy_rule *r, const char **why)
{
	const char *sep, *target, *port = NULL, *end = s + len;
	size_t tlen, plen = 0, i, colons = 0;
	int v6 = 0, ipish = 1;

	memset(r, 0, sizeof(*r));
	r->port_lo = 0;
	r->port_hi = 65535;
	/* Scheme. */
	for (sep = s; sep + 2 < end; sep++)
		if (sep[0] == ':' && sep[1] == '/' && sep[2] == '/')
			break;
	if (sep + 2 < end) {
		if (sep - s == 4 && strncasecmp(s, "http", 4) == 0)
			r->scheme = NETPOLICY_HTTP;
		else if (sep - s == 5 && strncasecmp(s, "https", 5) == 0)
			r->scheme = NETPOLICY_HTTPS;
		else {
			*why = "the scheme can only be http or https";
			return -1;
		}
		s = sep + 3;
	}
	/* Target and port. */
	target = s;
	if (s < end && *s == '[') {
		const char *close = memchr(s, ']', (size_t)(end - s));

		if (close == NULL) {
			*why = "an IPv6 address opened with [ is not closed";
			return -1;
		}
		target = s + 1;
		tlen = (size_t)(close - target);
		v6 = 1;
		if (close + 1 < end) {
			if (close[1] != ':') {
				*why = "only :port may follow ]";
				return -1;
			}
			port = close + 2;
			plen = (size_t)(end - port);
		}
	} else {
		for (i = 0; s + i < end; i++)
			colons += s[i] == ':';
		if (colons >= 2) {
			v6 = 1;
			tlen = (size_t)(end - s);
		} else if (colons == 1) {
			const char *c = memchr(s, ':', (size_t)(end - s));

			tlen = (size_t)(c - s);
			port = c + 1;
			plen = (size_t)(end - port);
		} else
			tlen = (size_t)(end - s);
	}
	if (port != NULL &&
	    netpolicy_parse_port(port, plen, &r->port_lo, &r->port_hi) != 0) {
		*why = "the port is not *, a number from 1 to 65535 or a "
		       "range N-M of them";
		return -1;
	}
	if (v6) {
		r->kind = NETPOLICY_NET;
		if (netpolicy_parse_net(target, tlen, 1, r->net, &r->prefix) !=
		    0) {
			*why = "not an IPv6 address or range";
			return -1;
		}
		return 0;
	}
	if (tlen == 0 && port == NULL) {
		*why = "no host, address or *";
		return -1;
	}
	if (tlen == 0 || (tlen == 1 && target[0] == '*')) {
		r->kind = NETPOLICY_ANY;
		return 0;
	}
	if (tlen > 2 && target[0] == '*' && target[1] == '.') {
		if (!netpolicy_valid_name(target + 2, tlen - 2)) {
			*why = "not a domain after *.";
			return -1;
		}
		r->kind = NETPOLICY_SUFFIX;
		/* Keep the dot: ".example.com" matches only names under it. */
		if ((r->name = netpolicy_name_dup(target + 1, tlen - 1)) ==
		    NULL) {
			*why = "out of memory";
			return -1;
		}
		return 0;
	}
	for (i = 0; i < tlen; i++)
		if (!isdigit((unsigned char)target[i]) && target[i] != '.' &&
		    target[i] != '/')
			ipish = 0;
	if (ipish) {
		r->kind = NETPOLICY_NET;
		if (netpolicy_parse_net(target, tlen, 0, r->net, &r->prefix) !=
		    0) {
			*why = "not an IPv4 address or range";
			return -1;
		}
		return 0;
	}
	if (!netpolicy_valid_name(target, tlen)) {
		*why = "not a host name, *.domain, address or range";
		return -1;
	}
	r->kind = NETPOLICY_HOST;
	if ((r->name = netpolicy_name_dup(target, tlen)) == NULL) {
		*why = "out of memory";
		return -1;
	}
	return 0;
}

static int
netpolicy_rules_push(struct netpolicy_rules *rs, const struct netpolicy_rule *r)
{
	if (rs->n == rs->cap) {
		size_t cap = rs->cap ? rs->cap * 2 : 8;
		struct netpolicy_rule *v = realloc(rs->v, cap * sizeof(*v));

		if (v == NULL)
			return -1;
		rs->v = v;
		rs->cap = cap;
	}
	rs->v[rs->n++] = *r;
	return 0;
}

int
netpolicy_add(struct netpolicy *p, enum netpolicy_list list, const char *text,
    char *err, size_t errlen)
{
	struct netpolicy_rules *rs =
	    list == NETPOLICY_ALLOW ? &p->allow : &p->deny;
	size_t before = rs->n;
	const char *s = text, *e, *why;
	struct netpolicy_rule r;

	for (;;) {
		while (*s == ',' || isspace((unsigned char)*s))
			s++;
		if (*s == '\0')
			return 0;
		for (e = s;
		     *e != '\0' && *e != ',' && !isspace((unsigned char)*e);
		     e++)
			;
		why = NULL;
		if (netpolicy_parse_rule(s, (size_t)(e - s), &r, &why) != 0 ||
		    (r.text = strndup(s, (size_t)(e - s))) == NULL ||
		    netpolicy_rules_push(rs, &r) != 0) {
			snprintf(err, errlen, "rule \"%.*s\": %s",
			    (int)(e - s > 200 ? 200 : e - s), s,
			    why ? why : "out of memory");
			free(r.name);
			free(r.text);
			/* All or nothing: drop what this text added. */
			while (rs->n > before) {
				rs->n--;
				free(rs->v[rs->n].name);
				free(rs->v[rs->n].text);
			}
			return -1;
		}
		s = e;
	}
}

/* ---- the policy ---- */

struct netpolicy *
netpolicy_new(void)
{
	return calloc(1, sizeof(struct netpolicy));
}

void
netpolicy_free(struct netpolicy *p)
{
	if (p == NULL)
		return;
	netpolicy_rules_clear(&p->allow);
	netpolicy_rules_clear(&p->deny);
	free(p->self);
	free(p);
}

int
netpolicy_add_self(
    struct netpolicy *p, const struct sockaddr *sa, socklen_t salen)
{
	static const uint8_t any6[16];
	struct netpolicy_self s;
	uint8_t any4[16];

	memset(&s, 0, sizeof(s));
	if (netpolicy_sockaddr(sa, salen, s.addr, &s.port) != 0)
		return -1;
	netpolicy_map4(any4, "\0\0\0\0");
	s.wildcard =
	    memcmp(s.addr, any6, 16) == 0 || memcmp(s.addr, any4, 16) == 0;
	if (p->nself == p->capself) {
		size_t cap = p->capself ? p->capself * 2 : 4;
		struct netpolicy_self *v = realloc(p->self, cap * sizeof(*v));

		if (v == NULL)
			return -1;
		p->self = v;
		p->capself = cap;
	}
	p->self[p->nself++] = s;
	return 0;
}

size_t
netpolicy_self_count(const struct netpolicy *p)
{
	return p->nself;
}

int
netpolicy_self_format(
    const struct netpolicy *p, size_t i, char *out, size_t len)
{
	char a[INET6_ADDRSTRLEN];
	int n;

	if (i >= p->nself ||
	    inet_ntop(AF_INET6, p->self[i].addr, a, sizeof(a)) == NULL)
		return -1;
	n = snprintf(out, len, "[%s]:%u", a, p->self[i].port);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

int
netpolicy_add_self_text(struct netpolicy *p, const char *text)
{
	struct sockaddr_in6 s6;
	char a[INET6_ADDRSTRLEN];
	const char *end;
	char *stop;
	unsigned long port;

	if (text[0] != '[' || (end = strchr(text, ']')) == NULL ||
	    (size_t)(end - text - 1) >= sizeof(a) || end[1] != ':')
		return -1;
	memcpy(a, text + 1, (size_t)(end - text - 1));
	a[end - text - 1] = '\0';
	port = strtoul(end + 2, &stop, 10);
	memset(&s6, 0, sizeof(s6));
	s6.sin6_family = AF_INET6;
	if (end[2] == '\0' || *stop != '\0' || port > 65535 ||
	    inet_pton(AF_INET6, a, &s6.sin6_addr) != 1)
		return -1;
	s6.sin6_port = htons((uint16_t)port);
	return netpolicy_add_self(
	    p, (const struct sockaddr *)&s6, (socklen_t)sizeof(s6));
}

/* The URL's host, lower case, without brackets or a trailing dot. */
static void
netpolicy_host_norm(const char *host, char *out, size_t len)
{
	size_t n, i;

	out[0] = '\0';
	if (host == NULL)
		return;
	if (host[0] == '[')
		host++;
	n = strlen(host);
	if (n > 0 && host[n - 1] == ']')
		n--;
	if (n > 0 && host[n - 1] == '.')
		n--;
	if (n >= len)
		n = len - 1;
	for (i = 0; i < n; i++)
		out[i] = (char)tolower((unsigned char)host[i]);
	out[n] = '\0';
}

static int
netpolicy_rule_matches(const struct netpolicy_rule *r, int scheme,
    const char *host, uint8_t forms[2][16], int nforms, unsigned port)
{
	int i;

	if (r->scheme != NETPOLICY_ANY_SCHEME && (int)r->scheme != scheme)
		return 0;
	if (port < r->port_lo || port > r->port_hi)
		return 0;
	switch (r->kind) {
	case NETPOLICY_ANY:
		return 1;
	case NETPOLICY_HOST:
		return host[0] != '\0' && strcmp(host, r->name) == 0;
	case NETPOLICY_SUFFIX: {
		size_t hl = strlen(host), sl = strlen(r->name);

		return hl > sl && strcmp(host + hl - sl, r->name) == 0;
	}
	case NETPOLICY_NET:
		for (i = 0; i < nforms; i++)
			if (netpolicy_in(forms[i], r->net, r->prefix))
				return 1;
		return 0;
	}
	return 0;
}

static const struct netpolicy_rule *
netpolicy_find(const struct netpolicy_rules *rs, int scheme, const char *host,
    uint8_t forms[2][16], int nforms, unsigned port)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (netpolicy_rule_matches(
			&rs->v[i], scheme, host, forms, nforms, port))
			return &rs->v[i];
	return NULL;
}

/* A wildcard listener is reached through loopback and unspecified. */
static int
netpolicy_is_local(const uint8_t a[16])
{
	static const uint8_t any6[16], one6[16] = { [15] = 1 };
	uint8_t lo4[16], zero4[16];

	netpolicy_map4(lo4, "\177\0\0\0");
	netpolicy_map4(zero4, "\0\0\0\0");
	return memcmp(a, any6, 16) == 0 || memcmp(a, one6, 16) == 0 ||
	    netpolicy_in(a, lo4, 104) || netpolicy_in(a, zero4, 104);
}

static int
netpolicy_is_self(
    const struct netpolicy *p, uint8_t forms[2][16], int nforms, unsigned port)
{
	size_t i;
	int j;

	for (i = 0; i < p->nself; i++) {
		if (p->self[i].port != port)
			continue;
		for (j = 0; j < nforms; j++)
			if (p->self[i].wildcard
				? netpolicy_is_local(forms[j])
				: memcmp(forms[j], p->self[i].addr, 16) == 0)
				return 1;
	}
	return 0;
}

int
netpolicy_check(const struct netpolicy *p, const char *scheme, const char *host,
    const struct sockaddr *sa, socklen_t salen, struct netpolicy_decision *out)
{
	struct netpolicy_decision dummy;
	uint8_t a[16], forms[2][16], net[16];
	unsigned port = 0, prefix;
	char h[256];
	int nforms, sch = NETPOLICY_ANY_SCHEME, j;
	size_t i;
	const struct netpolicy_rule *r;

	if (out == NULL)
		out = &dummy;
	memset(out, 0, sizeof(*out));
	if (netpolicy_sockaddr(sa, salen, a, &port) != 0) {
		out->verdict = NETPOLICY_DENIED_DEFAULT;
		snprintf(out->address, sizeof(out->address), "(family %d)",
		    sa ? (int)sa->sa_family : -1);
		snprintf(out->reason, sizeof(out->reason),
		    "only IPv4 and IPv6 addresses can be fetched");
		return 0;
	}
	netpolicy_format(a, port, out->address, sizeof(out->address));
	if (scheme != NULL && strcasecmp(scheme, "http") == 0)
		sch = NETPOLICY_HTTP;
	else if (scheme != NULL && strcasecmp(scheme, "https") == 0)
		sch = NETPOLICY_HTTPS;
	netpolicy_host_norm(host, h, sizeof(h));
	nforms = netpolicy_forms(a, forms);
	if ((r = netpolicy_find(&p->deny, sch, h, forms, nforms, port)) !=
	    NULL) {
		out->verdict = NETPOLICY_DENIED_RULE;
		snprintf(out->reason, sizeof(out->reason),
		    "a rule of the executor's operator denies it");
		out->rule = r->text;
		return 0;
	}
	if (netpolicy_is_self(p, forms, nforms, port)) {
		out->verdict = NETPOLICY_DENIED_SELF;
		snprintf(out->reason, sizeof(out->reason),
		    "it is one of this executor's own listeners");
		return 0;
	}
	if ((r = netpolicy_find(&p->allow, sch, h, forms, nforms, port)) !=
	    NULL) {
		out->verdict = NETPOLICY_ALLOWED;
		out->rule = r->text;
		return 1;
	}
	/* The address as given first, so ::1 reads as loopback. */
	for (j = 0; j < nforms; j++)
		for (i = 0; i < NETPOLICY_NDEFAULTS; i++) {
			const char *c = netpolicy_defaults[i].cidr;

			if (netpolicy_parse_net(c, strlen(c),
				strchr(c, ':') != NULL, net, &prefix) != 0)
				continue; /* unreachable: the table is ours */
			if (netpolicy_in(forms[j], net, prefix)) {
				out->verdict = NETPOLICY_DENIED_DEFAULT;
				snprintf(out->reason, sizeof(out->reason),
				    "%s addresses (%s) are closed by default",
				    netpolicy_defaults[i].what, c);
				return 0;
			}
		}
	out->verdict = NETPOLICY_OPEN;
	return 1;
}

/* ---- request headers ---- */

static int
netpolicy_ieq(const char *a, size_t alen, const char *b)
{
	return alen == strlen(b) && strncasecmp(a, b, alen) == 0;
}

int
netpolicy_method_forbidden(const char *m, size_t len)
{
	return netpolicy_ieq(m, len, "CONNECT") ||
	    netpolicy_ieq(m, len, "TRACE") || netpolicy_ieq(m, len, "TRACK");
}

int
netpolicy_header_forbidden(
    const char *name, size_t nlen, const char *value, size_t vlen)
{
	static const char *const names[] = { "accept-charset",
		"accept-encoding", "connection", "content-length", "cookie",
		"cookie2", "date", "dnt", "expect", "host", "keep-alive",
		"origin", "referer", "set-cookie", "te", "trailer",
		"transfer-encoding", "upgrade", "via" };
	static const char *const prefixes[] = { "proxy-", "sec-",
		"access-control-request-" };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (netpolicy_ieq(name, nlen, names[i]))
			return 1;
	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (nlen >= strlen(prefixes[i]) &&
		    strncasecmp(name, prefixes[i], strlen(prefixes[i])) == 0)
			return 1;
	/*
	 * A method override is forbidden when any of its comma-separated
	 * values (spaces and tabs trimmed) is a forbidden method.
	 */
	if (netpolicy_ieq(name, nlen, "x-http-method") ||
	    netpolicy_ieq(name, nlen, "x-http-method-override") ||
	    netpolicy_ieq(name, nlen, "x-method-override")) {
		const char *v = value ? value : "", *end, *c;

		end = v + (value ? vlen : 0);

		while (v <= end) {
			const char *s, *e;

			c = memchr(v, ',', (size_t)(end - v));
			if (c == NULL)
				c = end;
			s = v;
			e = c;
			while (s < e && (*s == ' ' || *s == '\t'))
				s++;
			while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
				e--;
			if (netpolicy_method_forbidden(s, (size_t)(e - s)))
				return 1;
			v = c + 1;
		}
	}
	return 0;
}
