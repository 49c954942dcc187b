/* See test_forked.h. */
#include <sys/wait.h>

#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "daemon/daemon.h"
#include "daemon/state.h"
#include "test_client.h"
#include "test_daemon.h"
#include "test_forked.h"

pid_t
test_forked_start(const struct daemon_config *given)
{
	static char image[4096];
	struct daemon_config c = *given, *cfg = &c;
	pid_t pid;
	int i;

	/* Native fetches run in the built fetcher. */
	if (cfg->fetcher_image == NULL &&
	    realpath(test_fetcher_binary(), image) != NULL)
		cfg->fetcher_image = image;

	unlink(cfg->socket_path);
	if ((pid = fork()) == 0) {
		struct daemon *d;
		char err[256];

		if ((d = daemon_new(cfg, err, sizeof(err))) == NULL) {
			fprintf(stderr, "%s\n", err);
			_exit(1);
		}
		daemon_run(d);
		daemon_free(d);
		_exit(0);
	}
	for (i = 0; i < 500; i++) {
		int fd = test_connect_unix(cfg->socket_path);

		if (fd >= 0) {
			close(fd);
			return pid;
		}
		usleep(10000);
	}
	ck_abort_msg("the daemon did not start");
	return -1;
}

void
test_forked_stop(pid_t pid, const char *sock)
{
	int status = -1;

	kill(pid, SIGTERM);
	waitpid(pid, &status, 0);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	unlink(sock);
}
