/*
 * What an engine child gives up before it runs guest code: every descriptor
 * but its IPC socket, its environment, the ability to gain privileges,
 * create processes or open files, and every system call outside a short
 * allow-list (seccomp-bpf through libseccomp). After sandbox_enter() the
 * only I/O left to the process is reading and writing that socket.
 */
#ifndef SANDBOX_H
#define SANDBOX_H

#include <stddef.h>

struct sandbox_limits {
	size_t address_space; /* RLIMIT_AS in bytes; 0 leaves it unset */
	unsigned cpu_seconds; /* RLIMIT_CPU backstop; 0 leaves it unset */
};

/*
 * Drops everything but `keep_fd`. Returns 0, or -1 with `err` filled when a
 * step failed; the caller must then exit without running guest code.
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
