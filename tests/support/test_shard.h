/*
 * One share of a long Check suite. tests/run-all.sh may run a suite as
 * PROG@K/N: N runners of the same program, the K-th (0-based) with
 * CM_CHECK_SHARD=K/N, each taking the cases whose place in the suite is K
 * modulo N. The N shares together are the whole suite, whatever is added to
 * it; unset (or malformed), every case is taken. Sharding pays only for a
 * suite whose cases mostly wait (idle timeouts, ping intervals, trickled
 * bytes): its cases then wait side by side instead of one after another.
 *
 * Header-only, so a suite that links libcodemode alone can use it too.
 */
#ifndef TEST_SHARD_H
#define TEST_SHARD_H

#include <stdio.h>
#include <stdlib.h>

/*
 * Whether the suite's next case (counted across every call) belongs to this
 * runner's share: call it once per case, in a fixed order, and create and
 * add the case only when it answers 1.
 */
static inline int
test_shard_take(void)
{
	static int next;
	const char *s = getenv("CM_CHECK_SHARD");
	int k, n, place = next++;

	if (s == NULL || *s == '\0' || sscanf(s, "%d/%d", &k, &n) != 2 ||
	    n < 1 || k < 0 || k >= n)
		return 1;
	return place % n == k;
}

#endif
