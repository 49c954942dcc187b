/* The fetcher's Landlock confinement (confine.h). */
#include <sys/prctl.h>
#include <sys/syscall.h>

#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "confine.h"

/* Rights by ABI version: 1 the first thirteen, 2 REFER, 3 TRUNCATE. */
#define CONFINE_FS_V1 ((1ULL << 13) - 1)
#define CONFINE_FS_V2 (CONFINE_FS_V1 | (1ULL << 13))
#define CONFINE_FS_V3 (CONFINE_FS_V2 | (1ULL << 14))
#define CONFINE_READ                                                           \
	(LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR)

/*
 * What the fetcher reads after its start: the resolver's files, the CA
 * store where Debian and other systems keep it, and the libraries glibc's
 * name services load (libnss_*). A path that does not exist is skipped.
 */
static const char *const confine_paths[] = { "/etc/resolv.conf", "/etc/hosts",
	"/etc/nsswitch.conf", "/etc/host.conf", "/etc/gai.conf",
	"/etc/ld.so.cache", "/etc/ssl", "/etc/pki",
	"/usr/share/ca-certificates", "/usr/lib/ssl", "/usr/lib", "/usr/lib64",
	"/lib", "/lib64", "/dev/urandom" };

/* Where the environment may point OpenSSL for its CA store. */
static const char *const confine_env[] = { "SSL_CERT_FILE", "SSL_CERT_DIR",
	"CURL_CA_BUNDLE" };

/* Adds read access under `path`; 0, or -1 only when the kernel refused. */
static int
confine_add(int ruleset, const char *path)
{
	struct landlock_path_beneath_attr pb;
	int fd, rc;

	if (path == NULL || path[0] != '/' ||
	    (fd = open(path, O_PATH | O_CLOEXEC)) < 0)
		return 0; /* not there: nothing to allow */
	memset(&pb, 0, sizeof(pb));
	pb.parent_fd = fd;
	/* A file takes file rights only. */
	pb.allowed_access = CONFINE_READ;
	rc = (int)syscall(
	    SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
	if (rc != 0 && errno == EINVAL) {
		pb.allowed_access = LANDLOCK_ACCESS_FS_READ_FILE;
		rc = (int)syscall(SYS_landlock_add_rule, ruleset,
		    LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
	}
	close(fd);
	return rc == 0 ? 0 : -1;
}

int
confine_fetcher(char *why, size_t len)
{
	struct landlock_ruleset_attr attr;
	int abi, ruleset;
	size_t i;

	abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0,
	    LANDLOCK_CREATE_RULESET_VERSION);
	if (abi < 1) {
		snprintf(why, len, "the kernel has no Landlock (%s)",
		    strerror(errno));
		return 0;
	}
	memset(&attr, 0, sizeof(attr));
	attr.handled_access_fs = abi >= 3 ? CONFINE_FS_V3
	    : abi == 2			  ? CONFINE_FS_V2
					  : CONFINE_FS_V1;
	if ((ruleset = (int)syscall(
		 SYS_landlock_create_ruleset, &attr, sizeof(attr), 0)) < 0) {
		snprintf(
		    why, len, "landlock_create_ruleset: %s", strerror(errno));
		return -1;
	}
	for (i = 0; i < sizeof(confine_paths) / sizeof(confine_paths[0]); i++)
		if (confine_add(ruleset, confine_paths[i]) != 0)
			goto fail;
	for (i = 0; i < sizeof(confine_env) / sizeof(confine_env[0]); i++)
		if (confine_add(ruleset, getenv(confine_env[i])) != 0)
			goto fail;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
	    syscall(SYS_landlock_restrict_self, ruleset, 0) != 0)
		goto fail;
	close(ruleset);
	return abi;
fail:
	snprintf(why, len, "Landlock: %s", strerror(errno));
	close(ruleset);
	return -1;
}
