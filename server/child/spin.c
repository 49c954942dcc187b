/*
 * A child's bounded busy wait for the host's answer (spin.h).
 */
#include <poll.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "spin.h"

void
spin_init(struct spin *s, uint32_t budget_us)
{
	s->budget_us =
	    budget_us > SPIN_BUDGET_MAX_US ? SPIN_BUDGET_MAX_US : budget_us;
	s->late = 0;
}

long
spin_cpus(void)
{
	cpu_set_t set;
	int n;

	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return 1;
	n = CPU_COUNT(&set);
	return n > 0 ? n : 1;
}

double
spin_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

int
spin_wait(struct spin *s, int fd, double limit_us)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	double budget = s->budget_us, until;
	int r;

	if (budget == 0 || s->late)
		return 0;
	if (limit_us >= 0 && limit_us < budget)
		budget = limit_us;
	until = spin_now_us() + budget;
	/*
	 * poll with no timeout never sleeps: the CPU stays awake, and the
	 * answer, when it comes, wakes nobody. The yield hands the CPU to a
	 * task the scheduler queued behind us (the caller's client woken on
	 * this CPU, say), which would otherwise wait out our slice.
	 */
	do {
		r = poll(&p, 1, 0);
		if (r != 0)
			return r > 0;
		sched_yield();
	} while (spin_now_us() < until);
	return 0;
}

void
spin_answered(struct spin *s, double waited_us, int answered)
{
	if (s->budget_us == 0)
		return;
	if (waited_us > s->budget_us)
		s->late = 1;
	else if (answered)
		s->late = 0;
}

long
spin_runnable(int fd)
{
	char buf[128], *p, *end;
	ssize_t n;
	long r;
	int field;

	if (fd < 0 || (n = pread(fd, buf, sizeof(buf) - 1, 0)) <= 0)
		return -1;
	buf[n] = '\0';
	/* "0.52 0.58 0.59 2/180 12345": the fourth field, before its '/'. */
	for (p = buf, field = 0; field < 3; field++) {
		if ((p = strchr(p, ' ')) == NULL)
			return -1;
		p++;
	}
	if (*p < '0' || *p > '9')
		return -1;
	r = strtol(p, &end, 10);
	return *end == '/' && r >= 0 ? r : -1;
}
