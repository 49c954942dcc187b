/*
 * /proc readers for tests (test_procmem.h). Memory is read through
 * /proc/<pid>/mem in chunks that overlap by the needle's length, so a
 * needle across a chunk boundary is found too.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_procmem.h"

#define TEST_PROCMEM_CHUNK (1u << 20)
#define TEST_PROCMEM_MAX_REGION ((uintptr_t)1 << 30)

struct test_procmem_map {
	uintptr_t start, end;
	char perms[8];
	char path[512];
};

/* Parses one line of /proc/<pid>/maps; 0, or -1. */
static int
test_procmem_parse(const char *line, struct test_procmem_map *m)
{
	unsigned long s, e;
	int n = 0;

	memset(m, 0, sizeof(*m));
	if (sscanf(line, "%lx-%lx %7s %*s %*s %*s %n", &s, &e, m->perms, &n) <
		3 ||
	    n == 0)
		return -1;
	m->start = s;
	m->end = e;
	snprintf(m->path, sizeof(m->path), "%s", line + n);
	m->path[strcspn(m->path, "\n")] = '\0';
	return 0;
}

static FILE *
test_procmem_maps(pid_t pid)
{
	char p[64];

	snprintf(p, sizeof(p), "/proc/%d/maps", (int)pid);
	return fopen(p, "r");
}

int
test_procmem_find(pid_t pid, const void *needle, size_t len)
{
	struct test_procmem_map m;
	char line[1024], p[64];
	uint8_t *buf;
	FILE *f;
	int fd, found = 0, read_any = 0;

	if (len == 0 || len > TEST_PROCMEM_CHUNK / 2 ||
	    (f = test_procmem_maps(pid)) == NULL)
		return -1;
	snprintf(p, sizeof(p), "/proc/%d/mem", (int)pid);
	if ((fd = open(p, O_RDONLY | O_CLOEXEC)) < 0) {
		fclose(f);
		return -1;
	}
	buf = malloc(TEST_PROCMEM_CHUNK);
	while (buf != NULL && !found && fgets(line, sizeof(line), f) != NULL) {
		uintptr_t at;

		if (test_procmem_parse(line, &m) != 0 || m.perms[0] != 'r' ||
		    m.end - m.start > TEST_PROCMEM_MAX_REGION ||
		    strcmp(m.path, "[vvar]") == 0 ||
		    strcmp(m.path, "[vvar_vclock]") == 0 ||
		    strcmp(m.path, "[vsyscall]") == 0)
			continue;
		for (at = m.start; at < m.end && !found;) {
			size_t want = m.end - at < TEST_PROCMEM_CHUNK
			    ? (size_t)(m.end - at)
			    : TEST_PROCMEM_CHUNK;
			ssize_t n = pread(fd, buf, want, (off_t)at);

			if (n <= 0)
				break;
			read_any = 1;
			if (memmem(buf, (size_t)n, needle, len) != NULL)
				found = 1;
			if ((size_t)n < len || at + (uintptr_t)n >= m.end)
				break;
			at += (uintptr_t)n - (len - 1);
		}
	}
	free(buf);
	close(fd);
	fclose(f);
	return found ? 1 : read_any ? 0 : -1;
}

uintptr_t
test_procmem_base(pid_t pid, const char *suffix)
{
	struct test_procmem_map m;
	char line[1024];
	size_t k = strlen(suffix);
	uintptr_t base = 0;
	FILE *f;

	if ((f = test_procmem_maps(pid)) == NULL)
		return 0;
	while (base == 0 && fgets(line, sizeof(line), f) != NULL) {
		size_t n;

		if (test_procmem_parse(line, &m) != 0)
			continue;
		n = strlen(m.path);
		if (n >= k && strcmp(m.path + n - k, suffix) == 0)
			base = m.start;
	}
	fclose(f);
	return base;
}

int
test_procmem_maps_file(pid_t pid, const char *path)
{
	struct test_procmem_map m;
	char line[1024];
	int hit = 0;
	FILE *f;

	if ((f = test_procmem_maps(pid)) == NULL)
		return -1;
	while (!hit && fgets(line, sizeof(line), f) != NULL)
		if (test_procmem_parse(line, &m) == 0 &&
		    strcmp(m.path, path) == 0)
			hit = 1;
	fclose(f);
	return hit;
}

int
test_procmem_exe(pid_t pid, char *out, size_t len)
{
	char p[64];
	ssize_t n;

	snprintf(p, sizeof(p), "/proc/%d/exe", (int)pid);
	if ((n = readlink(p, out, len - 1)) < 0)
		return -1;
	out[n] = '\0';
	return 0;
}

int
test_procmem_children(pid_t pid, pid_t *out, int max)
{
	struct dirent *de;
	DIR *d;
	int n = 0;

	/* Every process's stat, not task/N/children: no kernel option needed.
	 */
	if ((d = opendir("/proc")) == NULL)
		return -1;
	while (n < max && (de = readdir(d)) != NULL) {
		char p[300], line[512], *rp;
		int c = atoi(de->d_name), ppid;
		FILE *f;

		if (c <= 0)
			continue;
		snprintf(p, sizeof(p), "/proc/%s/stat", de->d_name);
		if ((f = fopen(p, "r")) == NULL)
			continue;
		if (fgets(line, sizeof(line), f) != NULL &&
		    (rp = strrchr(line, ')')) != NULL &&
		    sscanf(rp + 1, " %*c %d", &ppid) == 1 && ppid == (int)pid)
			out[n++] = (pid_t)c;
		fclose(f);
	}
	closedir(d);
	return n;
}

int
test_procmem_aslr(void)
{
	FILE *f = fopen("/proc/sys/kernel/randomize_va_space", "r");
	int v = 0;

	if (f == NULL)
		return 0;
	if (fscanf(f, "%d", &v) != 1)
		v = 0;
	fclose(f);
	return v > 0;
}
