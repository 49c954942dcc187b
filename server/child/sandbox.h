/*
 * What an engine child gives up before it runs guest code: every descriptor
 * but its IPC socket, its environment, the ability to gain privileges,
 * create processes or open files, and every system call outside a short
 * allow-list (seccomp-bpf through libseccomp). After sandbox_enter() the
 * only I/O left to the process is reading and writing that socket, and
 * reading its own page map (SANDBOX_PAGEMAP_FD).
 */
#ifndef SANDBOX_H
#define SANDBOX_H

#include <stddef.h>

struct sandbox_limits {
	size_t address_space; /* RLIMIT_AS in bytes; 0 leaves it unset */
	unsigned cpu_seconds; /* RLIMIT_CPU backstop; 0 leaves it unset */
};

/*
 * The one other descriptor a child may keep through sandbox_enter(): its
 * own /proc/self/pagemap, opened before (warm.c), through which its heap
 * reset learns which pages it still shares with the zygote (arena.c). The
 * filter allows pread64 on this number only; nothing else reads it, and
 * it names no path and reaches no other process. A fixed number, so the
 * filter compiled once in the zygote can name it.
 */
#define SANDBOX_PAGEMAP_FD 1000

/*
 * Drops everything but `keep_fd` (and SANDBOX_PAGEMAP_FD when open). Returns 0,
 * or -1 with `err` filled when a step failed; the caller must then exit without
 * running guest code.
 */
int sandbox_enter(
    int keep_fd, const struct sandbox_limits *limits, char *err, size_t errlen);

/*
 * Compiles the seccomp filter once, in the process that forks the
 * children: sandbox_enter then installs the compiled program instead of
 * building it again in every child. Returns 0, or -1 with `err` filled
 * (sandbox_enter then builds the filter itself).
 */
int sandbox_prepare(char *err, size_t errlen);

#endif
