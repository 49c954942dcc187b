/* Listening sockets for the daemon. */
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "listener.h"

#define LISTENER_BACKLOG 128

static int
listener_fail(
    char *err, size_t errlen, const char *what, const char *name, int e)
{
	snprintf(err, errlen, "%s %s: %s", what, name, strerror(e));
	return -1;
}

/* Whether a daemon still answers on the socket at `path`. */
static int
listener_unix_alive(const struct sockaddr_un *sun)
{
	int fd, alive;

	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return 1; /* cannot tell: assume alive, never unlink blindly */
	alive = connect(fd, (const struct sockaddr *)sun, sizeof(*sun)) == 0 ||
	    errno != ECONNREFUSED;
	close(fd);
	return alive;
}

int
listener_unix(const char *path, mode_t mode, char *err, size_t errlen)
{
	struct sockaddr_un sun;
	struct stat st;
	char tmp[sizeof(sun.sun_path) + 32];
	mode_t old;
	int fd, e;

	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(sun.sun_path)) {
		snprintf(err, errlen, "socket path too long: %s", path);
		return -1;
	}
	strcpy(sun.sun_path, path);
	if (lstat(path, &st) == 0) {
		if (!S_ISSOCK(st.st_mode)) {
			snprintf(
			    err, errlen, "%s exists and is not a socket", path);
			return -1;
		}
		if (listener_unix_alive(&sun)) {
			snprintf(err, errlen,
			    "another daemon is listening on %s", path);
			return -1;
		}
		if (unlink(path) != 0)
			return listener_fail(
			    err, errlen, "unlink", path, errno);
	}
	if ((fd = socket(
		 AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)) < 0)
		return listener_fail(err, errlen, "socket", path, errno);
	/*
	 * Bound under a private name and renamed into place once listening, so
	 * whoever waits for the path to appear never connects to a socket that
	 * is not listening yet (ECONNREFUSED); a path too long for a suffix is
	 * bound where it is.
	 */
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.%ld", path, (long)getpid()) <
	    sizeof(sun.sun_path)) {
		strcpy(sun.sun_path, tmp);
		(void)unlink(tmp);
	} else
		tmp[0] = '\0';
	/* The mode holds from the first instant: no window with looser rights.
	 */
	old = umask((mode_t)(~mode & 0777));
	if (bind(fd, (struct sockaddr *)&sun, sizeof(sun)) != 0) {
		e = errno;
		umask(old);
		close(fd);
		return listener_fail(err, errlen, "bind", path, e);
	}
	umask(old);
	if (chmod(sun.sun_path, mode) != 0 ||
	    listen(fd, LISTENER_BACKLOG) != 0 ||
	    (tmp[0] != '\0' && rename(tmp, path) != 0)) {
		e = errno;
		close(fd);
		unlink(sun.sun_path);
		return listener_fail(err, errlen, "listen", path, e);
	}
	return fd;
}

int
listener_tcp(const char *host, const char *port, char *err, size_t errlen)
{
	struct addrinfo hints, *res, *ai;
	int fd = -1, rc, one = 1, e = 0;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE;
	if ((rc = getaddrinfo(host, port, &hints, &res)) != 0) {
		snprintf(err, errlen, "cannot resolve %s:%s: %s", host, port,
		    gai_strerror(rc));
		return -1;
	}
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		fd = socket(ai->ai_family,
		    ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
		    ai->ai_protocol);
		if (fd < 0) {
			e = errno;
			continue;
		}
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (bind(fd, ai->ai_addr, ai->ai_addrlen) == 0 &&
		    listen(fd, LISTENER_BACKLOG) == 0)
			break;
		e = errno;
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		snprintf(err, errlen, "cannot listen on %s:%s: %s", host, port,
		    strerror(e));
		return -1;
	}
	return fd;
}

int
listener_port(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	if (getsockname(fd, (struct sockaddr *)&ss, &len) != 0)
		return -1;
	if (ss.ss_family == AF_INET)
		return ntohs(((struct sockaddr_in *)&ss)->sin_port);
	if (ss.ss_family == AF_INET6)
		return ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
	return -1;
}

int
listener_spare_open(void)
{
	return open("/dev/null", O_RDONLY | O_CLOEXEC);
}

int
listener_refuse_one(int lfd, int *spare)
{
	int fd;

	if (*spare < 0) {
		/* A spare lost earlier: take it back when a descriptor frees.
		 */
		*spare = listener_spare_open();
		return 0;
	}
	close(*spare);
	*spare = -1;
	fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
	if (fd >= 0)
		close(fd);
	*spare = listener_spare_open();
	return fd >= 0;
}

int
listener_pending(int lfd)
{
	struct pollfd p = { lfd, POLLIN, 0 };

	return poll(&p, 1, 0) == 1 && (p.revents & POLLIN);
}

unsigned long
listener_fd_limit(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
		return 0;
	return (unsigned long)rl.rlim_cur;
}

/*
 * Inherited listeners (systemd socket activation, sd_listen_fds(3)'s
 * protocol read directly): the service manager binds, and passes the
 * sockets from descriptor 3 on with LISTEN_PID (ours), LISTEN_FDS (how
 * many) and LISTEN_FDNAMES (colon-separated names). Reading them
 * ourselves is a dozen lines and keeps libsystemd out of the daemon.
 */
int
listener_inherited(
    int *first, char *names, size_t nameslen, char *err, size_t errlen)
{
	const char *pid = getenv("LISTEN_PID"), *fds = getenv("LISTEN_FDS");
	const char *fdnames = getenv("LISTEN_FDNAMES");
	unsigned long long n, p;
	char *end;

	*first = LISTENER_INHERITED_FIRST;
	if (nameslen)
		names[0] = '\0';
	if (pid == NULL || fds == NULL)
		return 0;
	errno = 0;
	p = strtoull(pid, &end, 10);
	if (*pid == '\0' || *end != '\0' || errno)
		return 0;
	/* Meant for another process (a parent that forgot to unset them). */
	if (p != (unsigned long long)getpid())
		return 0;
	n = strtoull(fds, &end, 10);
	if (*fds == '\0' || *end != '\0' || errno ||
	    n > LISTENER_INHERITED_MAX) {
		snprintf(err, errlen,
		    "LISTEN_FDS=%s is not a count of at most %d descriptors",
		    fds, LISTENER_INHERITED_MAX);
		return -1;
	}
	if (fdnames != NULL && nameslen)
		snprintf(names, nameslen, "%s", fdnames);
	/* Ours now: the children (exec'd with an empty environment anyway)
	 * and anything else we start must not read them as theirs. */
	unsetenv("LISTEN_PID");
	unsetenv("LISTEN_FDS");
	unsetenv("LISTEN_FDNAMES");
	return (int)n;
}

int
listener_inherited_family(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	if (getsockname(fd, (struct sockaddr *)&ss, &len) != 0)
		return -1;
	return ss.ss_family;
}

/* A passed descriptor must be a listening stream socket of `family`;
 * it becomes non-blocking and close-on-exec like one we bound. */
static int
listener_inherited_check(
    int fd, int family, const char *what, char *err, size_t errlen)
{
	int type = 0, acc = 0, fl;
	socklen_t len = sizeof(type);

	if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0)
		return listener_fail(
		    err, errlen, "inherited descriptor", what, errno);
	len = sizeof(acc);
	if (type != SOCK_STREAM ||
	    getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &acc, &len) != 0 ||
	    !acc || listener_inherited_family(fd) < 0 ||
	    (family == AF_UNIX) != (listener_inherited_family(fd) == AF_UNIX)) {
		snprintf(err, errlen,
		    "inherited descriptor %d (%s) is not a listening %s "
		    "stream socket",
		    fd, what, family == AF_UNIX ? "unix" : "TCP");
		return -1;
	}
	if ((fl = fcntl(fd, F_GETFL)) < 0 ||
	    fcntl(fd, F_SETFL, fl | O_NONBLOCK) != 0 ||
	    fcntl(fd, F_SETFD, FD_CLOEXEC) != 0)
		return listener_fail(
		    err, errlen, "inherited descriptor", what, errno);
	return fd;
}

int
listener_inherited_unix(int fd, const char *name, char *err, size_t errlen)
{
	return listener_inherited_check(fd, AF_UNIX, name, err, errlen);
}

int
listener_inherited_tcp(int fd, const char *name, char *err, size_t errlen)
{
	return listener_inherited_check(fd, AF_INET, name, err, errlen);
}
