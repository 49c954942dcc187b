/*
 * Replays a libFuzzer harness without libFuzzer: every file named on the
 * command line (or every file of a directory) is fed to the harness once,
 * then a fixed-seed stream of mutated inputs, so `make check` exercises each
 * codec on hostile bytes even where clang is absent.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/*
 * A harness whose every input is costly (fuzz_lower_diff runs two fresh
 * heaps per input) sets how many mutated inputs follow its corpus here;
 * the rest get 20000. -runs=N on the command line overrides both.
 */
extern const int fuzz_driver_random_runs __attribute__((weak));

static size_t driver_runs;

/* Seed inputs kept for mutation: random bytes alone rarely pass a header check.
 */
#define DRIVER_MAX_SEEDS 256
static uint8_t *driver_seeds[DRIVER_MAX_SEEDS];
static size_t driver_seed_len[DRIVER_MAX_SEEDS];
static size_t driver_nseeds;

/* Feeds one file; returns 0, or -1 when it cannot be read. */
static int
driver_feed_file(const char *path)
{
	FILE *f;
	uint8_t *buf;
	long len;

	if ((f = fopen(path, "rb")) == NULL)
		return -1;
	if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0) {
		fclose(f);
		return -1;
	}
	if ((buf = malloc(len ? (size_t)len : 1)) == NULL) {
		fclose(f);
		return -1;
	}
	if (fread(buf, 1, (size_t)len, f) != (size_t)len) {
		free(buf);
		fclose(f);
		return -1;
	}
	fclose(f);
	LLVMFuzzerTestOneInput(buf, (size_t)len);
	driver_runs++;
	if (driver_nseeds < DRIVER_MAX_SEEDS) {
		driver_seeds[driver_nseeds] = buf;
		driver_seed_len[driver_nseeds++] = (size_t)len;
	} else
		free(buf);
	return 0;
}

static int
driver_feed_path(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *de;
	char sub[4096];

	if (stat(path, &st) != 0)
		return -1;
	if (!S_ISDIR(st.st_mode))
		return driver_feed_file(path);
	if ((d = opendir(path)) == NULL)
		return -1;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name);
		driver_feed_path(sub);
	}
	closedir(d);
	return 0;
}

/* xorshift: the same pseudo-random inputs on every machine. */
static uint64_t
driver_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

int
main(int argc, char **argv)
{
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	uint8_t buf[4096];
	int i, n, random_runs = 20000;
	size_t k;

	if (&fuzz_driver_random_runs != NULL)
		random_runs = fuzz_driver_random_runs;

	for (i = 1; i < argc; i++) {
		if (strncmp(argv[i], "-runs=", 6) == 0) {
			random_runs = atoi(argv[i] + 6);
			continue;
		}
		if (driver_feed_path(argv[i]) != 0)
			fprintf(
			    stderr, "fuzz driver: cannot read %s\n", argv[i]);
	}
	for (n = 0; n < random_runs; n++) {
		size_t len, j;

		if (driver_nseeds > 0 && n % 4 != 0) {
			/* Mutate a seed: flip, overwrite, insert or cut a few
			 * bytes. */
			k = driver_next(&seed) % driver_nseeds;
			len = driver_seed_len[k] < sizeof(buf)
			    ? driver_seed_len[k]
			    : sizeof(buf);
			memcpy(buf, driver_seeds[k], len);
			for (j = driver_next(&seed) % 4 + 1; j > 0 && len > 0;
			     j--) {
				size_t at = driver_next(&seed) % len;

				switch (driver_next(&seed) % 4) {
				case 0:
					buf[at] ^= (uint8_t)(1u
					    << driver_next(&seed) % 8);
					break;
				case 1:
					buf[at] = (uint8_t)driver_next(&seed);
					break;
				case 2:
					if (len < sizeof(buf)) {
						memmove(buf + at + 1, buf + at,
						    len - at);
						buf[at] =
						    (uint8_t)driver_next(&seed);
						len++;
					}
					break;
				default:
					len = at;
					break;
				}
			}
		} else {
			len = driver_next(&seed) % sizeof(buf);
			for (j = 0; j < len; j++)
				buf[j] = (uint8_t)driver_next(&seed);
		}
		LLVMFuzzerTestOneInput(buf, len);
		driver_runs++;
	}
	for (k = 0; k < driver_nseeds; k++)
		free(driver_seeds[k]);
	/* Check-style summary line, so tests/run-all.sh counts the harness. */
	printf("100%%: Checks: 1, Failures: 0, Errors: 0 (%zu inputs)\n",
	    driver_runs);
	return 0;
}
