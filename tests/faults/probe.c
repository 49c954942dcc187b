/*
 * A probe check_fetchlink preloads (LD_PRELOAD) into the fetcher: at the
 * fetcher's first call of curl_multi_socket_action, when its confinement
 * is in force, it tries to read $CM_PROBE_READ and to create
 * $CM_PROBE_WRITE, says on stderr how each went ("probe: read PATH: ok" or
 * the error), then hands the call to libcurl.
 */
#include <curl/curl.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

CURLMcode curl_multi_socket_action(CURLM *, curl_socket_t, int, int *);

static void
probe_try(const char *what, const char *path, int flags)
{
	int fd;

	if (path == NULL)
		return;
	fd = open(path, flags | O_CLOEXEC, 0600);
	dprintf(2, "probe: %s %s: %s\n", what, path,
	    fd >= 0 ? "ok" : strerror(errno));
	if (fd >= 0)
		close(fd);
}

CURLMcode
curl_multi_socket_action(CURLM *m, curl_socket_t s, int ev, int *running)
{
	static CURLMcode (*real)(CURLM *, curl_socket_t, int, int *);
	static int probed;

	if (!probed) {
		probed = 1;
		probe_try("read", getenv("CM_PROBE_READ"), O_RDONLY);
		probe_try("write", getenv("CM_PROBE_WRITE"),
		    O_WRONLY | O_CREAT | O_EXCL);
	}
	if (real == NULL)
		*(void **)&real = dlsym(RTLD_NEXT, "curl_multi_socket_action");
	return real(m, s, ev, running);
}
