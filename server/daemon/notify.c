/*
 * sd_notify(3)'s protocol, written directly: one datagram to the unix
 * socket $NOTIFY_SOCKET names (a path, or an abstract name after '@').
 * That is the whole of what the daemon needs from libsystemd, and writing
 * it here keeps the library and its own dependencies out of the daemon.
 */
#include <sys/socket.h>
#include <sys/un.h>

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "notify.h"

int
notify_send(const char *state)
{
	const char *path = getenv("NOTIFY_SOCKET");
	struct sockaddr_un sun;
	socklen_t len;
	size_t n;
	ssize_t w;
	int fd, e;

	if (path == NULL || path[0] == '\0')
		return 0;
	n = strlen(path);
	if ((path[0] != '/' && path[0] != '@') || n >= sizeof(sun.sun_path)) {
		errno = EINVAL;
		return -1;
	}
	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	memcpy(sun.sun_path, path, n);
	if (path[0] == '@')
		sun.sun_path[0] = '\0'; /* abstract namespace */
	len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n +
	    (path[0] == '/'));
	if ((fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0)) < 0)
		return -1;
	w = sendto(fd, state, strlen(state), MSG_NOSIGNAL,
	    (struct sockaddr *)&sun, len);
	e = errno;
	close(fd);
	errno = e;
	return w == (ssize_t)strlen(state) ? 1 : -1;
}
