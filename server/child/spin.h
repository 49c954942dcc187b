/*
 * A bounded busy wait for an answer that is due soon (spin.c). On a
 * virtual machine a process that sleeps and is woken again costs its
 * vCPU a halt and an interrupt, tens of microseconds, about what a tool's
 * whole round trip through the daemon and the host takes. So a child
 * waiting on the host polls its socket for a short budget before it
 * blocks, and stops doing so while answers come later than the budget
 * (a slow tool, a busy machine), until one comes within it again. The
 * daemon, which can see the machine, says per answer whether the child may
 * spin for the next one at all (ipc/frame.h's FRAME_SPIN).
 */
#ifndef SPIN_H
#define SPIN_H

#include <stdint.h>

/* The longest budget a zygote's argument vector may carry (10 ms). */
#define SPIN_BUDGET_MAX_US 10000u

struct spin {
	uint32_t budget_us; /* 0: never spin */
	int late; /* the last answer came after the budget: block at once */
};

/* Sets `s` up for waits of up to budget_us (capped at SPIN_BUDGET_MAX_US). */
void spin_init(struct spin *s, uint32_t budget_us);

/*
 * Polls `fd` for input for up to the budget, or limit_us when that is
 * shorter (< 0: no limit). Returns 1 when input is there, 0 when the
 * caller should block instead (budget spent, spinning off, or an error,
 * which the blocking read then meets).
 */
int spin_wait(struct spin *s, int fd, double limit_us);

/*
 * Records how a wait ended, waited_us after it began, spun or blocked:
 * one longer than the budget turns spinning off, an answer within it
 * turns it back on (a wait whose own bound ended it sooner tells nothing).
 */
void spin_answered(struct spin *s, double waited_us, int answered);

/* Microseconds on the monotonic clock, for waited_us. */
double spin_now_us(void);

/* The CPUs this process may run on (sched_getaffinity), at least 1. */
long spin_cpus(void);

/*
 * The tasks runnable right now on the whole machine, this one included,
 * from `fd` open on /proc/loadavg (its fourth field, "R/T", read with
 * pread); -1 when it cannot be read. Spinning pays only while this stays
 * within the CPUs: a process that wants a CPU a spinner holds would run
 * later, and the spinner's CPU time would count against it at its next
 * wake-up as well.
 */
long spin_runnable(int fd);

#endif
