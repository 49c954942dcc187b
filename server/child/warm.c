/*
 * The zygote's warm-up (warm.h): one heap for every child, frozen as the
 * image a staying child resets to, and the pages a rehearsed run writes.
 */
#include <sys/syscall.h>
#include <linux/capability.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cm_spec.h"
#include "host/engine.h"
#include "host/crypto.h"
#include "host/execution.h"
#include "answering.h"
#include "prewarm.h"
#include "sandbox.h"
#include "warm.h"

/*
 * The heap the zygote prepares once: every child starts from its pristine
 * copy (fork's copy-on-write), so heap creation and the prelude never sit
 * on a request's path, and nothing one run does can reach another.
 */
static struct engine *warm_frozen;
/*
 * The ranges a spare warms: read once by the zygote (warm_zygote), whose
 * mappings its children share, instead of by every child on the way to
 * becoming a spare (half a millisecond here). A child warms them only
 * if warm_prepare ran in it.
 */
static struct prewarm warm_ranges;
static const struct prewarm *warm_chosen; /* NULL: learned pages */

/*
 * This process's page map, opened with no effective capability: with
 * CAP_SYS_ADMIN the kernel would also show physical frame numbers to
 * whoever reads the descriptor, and the reset needs only the flags.
 */
static int
warm_open_pagemap(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct had[2], none[2];
	int fd, dropped = 0, e;

	if (syscall(SYS_capget, &h, had) == 0) {
		memcpy(none, had, sizeof(none));
		none[0].effective = none[1].effective = 0;
		if (syscall(SYS_capset, &h, none) != 0)
			return -1;
		dropped = 1;
	}
	fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	e = errno;
	if (dropped && syscall(SYS_capset, &h, had) != 0) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	errno = e;
	return fd;
}

void
warm_track(void *arg)
{
	int fd;

	(void)arg;
	/* The number taken (a test's descriptor): no tracking, full compare. */
	if (warm_frozen == NULL || fcntl(SANDBOX_PAGEMAP_FD, F_GETFD) >= 0)
		return;
	if ((fd = warm_open_pagemap()) < 0)
		return;
	if (fd != SANDBOX_PAGEMAP_FD) {
		if (dup3(fd, SANDBOX_PAGEMAP_FD, O_CLOEXEC) < 0) {
			close(fd);
			return;
		}
		close(fd);
	}
	if (engine_track_pages(warm_frozen, SANDBOX_PAGEMAP_FD) != 0)
		close(SANDBOX_PAGEMAP_FD);
}

void
warm_prepare(void *arg)
{
	warm_track(arg);
	/* A zygote that did not read them (no warm hook): read them here. */
	if (warm_ranges.n == 0)
		(void)prewarm_scan(&warm_ranges);
	warm_chosen = &warm_ranges;
}

struct engine *
warm_heap(void)
{
	struct engine_options eo;
	struct engine *e;
	char err[256];

	/* jansson seeds its hash from /dev/urandom on first use: do it before
	 * the sandbox. */
	json_object_seed(0);
	/* libcrypto reads its configuration and fetches its algorithms on
	 * first use, opening files: do it here too. */
	(void)crypto_prepare();
	memset(&eo, 0, sizeof(eo));
	if ((e = engine_create(&eo, err, sizeof(err))) == NULL)
		return NULL;
	/*
	 * The prelude's lazy groups and the host's side too: no child does
	 * either on a request's path.
	 */
	if (engine_preload(e) != 0 || execution_prepare(e) != 0) {
		engine_destroy(e);
		return NULL;
	}
	/* Room for a run's allocations on pages the spare warms ahead. */
	prewarm_reserve(PREWARM_RESERVE_DEFAULT);
	return e;
}

/*
 * A run shaped like most requests (a provider's tool call awaited, a log
 * line, an object result), in a throwaway child of the zygote: the pages
 * it writes are the ones every spare copies first (prewarm_learn).
 */
static int
warm_rehearse(void *arg)
{
	struct answering a;
	struct execution_host host;
	struct execution_request er;
	json_t *providers;
	char *msg;
	int retained, ok;

	(void)arg;
	answering_host(&a, "{\"result\":[1,\"a\"]}", &host);
	providers = json_loads("[{\"name\":\"rehearsal\",\"tools\":"
			       "[\"tool\"]}]",
	    0, NULL);
	if (warm_frozen == NULL || providers == NULL ||
	    engine_configure(warm_frozen, (size_t)CM_DEFAULT_MEMORY_LIMIT << 20,
		1000, NULL, NULL) != 0) {
		json_decref(providers);
		return -1;
	}
	memset(&er, 0, sizeof(er));
	er.code =
	    "async () => { const v = await rehearsal.tool({ n: [1, 2, "
	    "3].map((x) => x * 2) }); console.log('rehearsal', v.length); "
	    "return { v, s: String(v[1]) }; }";
	er.providers = providers;
	er.timeout_ms = 1000;
	er.outbound_mode = "disabled";
	er.memory_limit_mb = CM_DEFAULT_MEMORY_LIMIT;
	msg = execution_run(warm_frozen, &er, &host, &retained);
	ok = msg != NULL && strstr(msg, "\"resultJson\"") != NULL;
	free(msg);
	json_decref(providers);
	return ok ? 0 : -1;
}

int
warm_zygote(void *arg)
{
	(void)arg;
	/* Without it each child builds its own heap (worker_child_main). */
	warm_frozen = warm_heap();
	/* The image children reset to between executions; without, none stays.
	 */
	if (warm_frozen != NULL)
		(void)engine_freeze(warm_frozen);
	/* After the heap and its reserve: what children get, and learn from. */
	if (prewarm_scan(&warm_ranges) == 0 && warm_frozen != NULL) {
		/* Its pages stay shared until a run writes them (arena.c). */
		prewarm_share((uintptr_t)engine_image_start(warm_frozen),
		    engine_image_bytes(warm_frozen));
		(void)prewarm_learn(&warm_ranges, warm_rehearse, NULL);
	}
	return 0;
}

struct engine *
warm_engine(void)
{
	return warm_frozen;
}

const struct prewarm *
warm_pages(void)
{
	return warm_chosen;
}
