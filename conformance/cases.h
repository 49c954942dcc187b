/*
 * The case catalogue: every *.json file of a directory, each holding
 * {"cases": [case, ...]} (spec/conformance.md states the format). Loading
 * checks every key against the format, so a misspelt expectation is an
 * error rather than a check that silently never runs.
 */
#ifndef CASES_H
#define CASES_H

#include <stddef.h>

#include <jansson.h>

/*
 * A tag that names a server setting the case needs: what the executor must
 * be configured with for the case to mean anything. Printed with the
 * case's failure, by --list and by --help.
 */
struct cases_setting {
	const char *tag;
	const char *needs; /* the setting, in words, then ours */
	int in_default; /* 1: a daemon started with no options has it */
};

/* Every setting tag, ending with a NULL tag. */
extern const struct cases_setting cases_settings[];

struct cases_case {
	const char *name; /* borrowed from def */
	char *file; /* owned: the file's base name */
	json_t *def; /* owned reference */
	int serial; /* tagged "serial": runs with nothing beside it */
	const char *skip_tag; /* the --skip-tag that excludes it, or NULL */
	char *xfail; /* owned: the known-failure reason, or NULL */
};

struct cases_set {
	struct cases_case *v;
	size_t n;
};

/*
 * Loads every *.json file of `dir` (sorted by name) into `set`. Returns 0,
 * or -1 with `err` naming the file and the problem (set is then empty).
 */
int cases_load_dir(
    const char *dir, struct cases_set *set, char *err, size_t errlen);

/* Checks one case definition against the format; 0, or -1 with `err`. */
int cases_validate(const json_t *def, char *err, size_t errlen);

/* 1 when the case carries `tag`. */
int cases_has_tag(const struct cases_case *, const char *tag);

/*
 * The settings the case needs, one per setting tag it carries, written
 * "needs TAG: WORDS" and joined by "; " (malloc'd), or NULL when it needs
 * none (or memory ran out).
 */
char *cases_needs(const struct cases_case *);

/*
 * The first setting tag of the case that a daemon with no options lacks
 * (cases_settings[].in_default 0), or NULL.
 */
const struct cases_setting *cases_outside_default(const struct cases_case *);

/*
 * Reads a known-failures file: one "case-name  reason" per line, '#'
 * comments and blank lines ignored. Marks the named cases. Returns 0, or -1
 * with `err` for an unreadable file or a name no case has.
 */
int cases_load_xfail(
    const char *path, struct cases_set *set, char *err, size_t errlen);

/* Keeps the cases whose name matches one of the globs (none keeps all). */
void cases_filter(
    struct cases_set *set, const char *const *globs, size_t nglobs);

void cases_free(struct cases_set *set);

#endif
