/*
 * The zygote's warm-up: the heap its children fork from, made once, and the
 * pages a spare warms, learned from one rehearsed run (prewarm.h).
 */
#ifndef WARM_H
#define WARM_H

struct engine;
struct prewarm;

/* zygote_program.warm: runs once in the zygote; always 0. */
int warm_zygote(void *arg);

/*
 * zygote_program.prepare: in each child, before its sandbox, turns on the
 * warming of its pages while it waits as a spare; warm_zygote has listed
 * them once for all children.
 */
void warm_prepare(void *arg);

/*
 * zygote_program.prepare without warming (warm_prepare does it too): in
 * each child, before its sandbox, gives the frozen heap's reset this
 * child's page map (SANDBOX_PAGEMAP_FD), so a reset compares only the
 * pages the child made its own (engine_track_pages). Nothing when there
 * is no frozen heap or the map cannot be opened: resets compare it all.
 */
void warm_track(void *arg);

/*
 * The heap a zygote forks its children from, as warm_zygote makes it:
 * every lazy group loaded, the host's side installed, and room reserved at
 * the top of malloc's heap for a child's allocations (prewarm_reserve).
 * The caller owns it (engine_destroy); NULL when the engine failed.
 */
struct engine *warm_heap(void);

/* The zygote's frozen heap, inherited by its children; NULL: none. */
struct engine *warm_engine(void);

/* The ranges this child warms as a spare; NULL: warm_prepare did not run. */
const struct prewarm *warm_pages(void);

#endif
