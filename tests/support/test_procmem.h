/*
 * Another process's address space as /proc shows it, for suites that check
 * what a process holds (tests/check_zygote.c): its mappings and the bytes
 * of its readable ones. Reading a process's memory needs ptrace access to
 * it: a descendant of the caller, or root for one that is not dumpable
 * (a sandboxed child).
 */
#ifndef TEST_PROCMEM_H
#define TEST_PROCMEM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * 1 when `needle` occurs in a readable mapping of `pid` (mappings larger
 * than 1 GiB, a sanitizer's shadow, are passed over), 0 when it occurs in
 * none, -1 when no mapping could be read at all.
 */
int test_procmem_find(pid_t pid, const void *needle, size_t len);

/*
 * The start address of the first mapping of `pid` whose path ends with
 * `suffix` ("/libc.so.6", "[stack]"); 0 when there is none or the maps
 * cannot be read.
 */
uintptr_t test_procmem_base(pid_t pid, const char *suffix);

/* 1 when a mapping of `pid` is the file `path`, 0 when none, -1 unread. */
int test_procmem_maps_file(pid_t pid, const char *path);

/* The target of /proc/<pid>/exe into `out`; 0, or -1 (errno set). */
int test_procmem_exe(pid_t pid, char *out, size_t len);

/*
 * The children of `pid` (processes whose parent it is) into `out`, at
 * most `max`; how many, or -1.
 */
int test_procmem_children(pid_t pid, pid_t *out, int max);

/* 1 when the kernel randomizes mmap bases (randomize_va_space > 0). */
int test_procmem_aslr(void);

#endif
