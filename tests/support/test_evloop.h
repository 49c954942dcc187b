/* Turning a libevent loop in a test until something happened. */
#ifndef TEST_EVLOOP_H
#define TEST_EVLOOP_H

struct event_base;

/* Turns `eb` in 10 ms steps until *done is set or `ms` passed; *done. */
int test_evloop_until(struct event_base *eb, const int *done, int ms);

/* Turns `eb` for about `ms`. */
void test_evloop_spin(struct event_base *eb, int ms);

#endif
