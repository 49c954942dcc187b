/* Turning a libevent loop in a test (test_evloop.h). */
#include <event2/event.h>

#include "test_evloop.h"

int
test_evloop_until(struct event_base *eb, const int *done, int ms)
{
	int i;

	for (i = 0; i < ms / 10 && !*done; i++)
		test_evloop_spin(eb, 10);
	return *done;
}

void
test_evloop_spin(struct event_base *eb, int ms)
{
	struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };

	event_base_loopexit(eb, &tv);
	event_base_dispatch(eb);
}
