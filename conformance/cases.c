/* The case catalogue (see cases.h). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "expect.h"

static const char *const case_keys[] = { "name", "rule", "doc", "tags",
	"request", "expect", "steps", "caseTimeoutMs", NULL };
static const char *const request_keys[] = { "code", "providers", "modules",
	"timeout", "countHostWaits", "retainHandles", "outbound",
	"outboundScript", "dispatch", "language", "codeBase64", NULL };
static const char *const expect_keys[] = { "result", "resultJsonLength",
	"noResult", "error", "errorPrefix", "logs", "logsCount", "logsLast",
	"calls", "outboundRequests", "fault", "faultMessage", "rejection",
	"rejectionPrefix", "minMs", "maxMs", "executionId", "handles",
	"response", "responses", "someFault", "someFaultMessage",
	"envelopeKeys", "closed", NULL };
static const char *const step_keys[] = { "step", "request", "expect", "ms",
	"executionId", "handle", "count", NULL };
static const char *const steps[] = { "execute", "invokeHandle", "closeHandles",
	"sleep", "burst", "reconnect", "protocolVersion", NULL };
static const char *const script_keys[] = { "result", "error", "answer",
	"answerValue", "answerLength", "reject", "echo", "delayMs", NULL };
static const char *const outbound_keys[] = { "responses", "reject", "delayMs",
	NULL };
static const char *const response_keys[] = { "status", "statusText", "headers",
	"bodyText", "bodyLength", NULL };
static const char *const http_request_keys[] = { "method", "url", "headers",
	"bodyText", NULL };

static int
cases_in(const char *const *list, const char *key)
{
	for (; *list; list++)
		if (strcmp(*list, key) == 0)
			return 1;
	return 0;
}

/* Every key of `obj` must be in `allowed`. */
static int
cases_keys(const json_t *obj, const char *const *allowed, const char *what,
    char *err, size_t errlen)
{
	const char *key;
	json_t *v;

	if (!json_is_object(obj)) {
		snprintf(err, errlen, "%s must be an object", what);
		return -1;
	}
	json_object_foreach((json_t *)obj, key, v)
	{
		if (!cases_in(allowed, key)) {
			snprintf(
			    err, errlen, "%s: unknown key \"%s\"", what, key);
			return -1;
		}
	}
	return 0;
}

/* A text specification must compose (with a stand-in execution id). */
static int
cases_text(const json_t *spec, const char *what, char *err, size_t errlen)
{
	struct expect_vars vars = { "0" };
	char e[256], *p;

	if (spec == NULL)
		return 0;
	if (expect_is_grammar(spec)) {
		if (expect_grammar(spec, NULL, e, sizeof(e)) != 0) {
			snprintf(err, errlen, "%s: %s", what, e);
			return -1;
		}
		return 0;
	}
	if ((p = expect_text_pattern(spec, &vars, e, sizeof(e))) == NULL) {
		snprintf(err, errlen, "%s: %s", what, e);
		return -1;
	}
	free(p);
	return 0;
}

/* Values with {{CONST}} and {"$text": ...} inside must expand. */
static int
cases_tree(const json_t *v, const char *what, char *err, size_t errlen)
{
	struct expect_vars vars = { "0" };
	char e[256];
	json_t *r;

	if (v == NULL)
		return 0;
	if ((r = expect_expand_tree(v, &vars, e, sizeof(e))) == NULL) {
		snprintf(err, errlen, "%s: %s", what, e);
		return -1;
	}
	json_decref(r);
	return 0;
}

static int
cases_script(const json_t *d, char *err, size_t errlen)
{
	const char *key;
	json_t *v, *entry;
	size_t i;

	if (d == NULL || json_is_null(d))
		return 0;
	if (!json_is_object(d)) {
		snprintf(err, errlen, "dispatch must be an object or null");
		return -1;
	}
	json_object_foreach((json_t *)d, key, v)
	{
		json_t *one = json_is_array(v) ? v : NULL;

		for (i = 0; one ? i < json_array_size(one) : i < 1; i++) {
			entry = one ? json_array_get(one, i) : v;
			if (cases_keys(entry, script_keys, "dispatch entry",
				err, errlen) != 0 ||
			    cases_text(json_object_get(entry, "error"),
				"dispatch error", err, errlen) != 0 ||
			    cases_tree(json_object_get(entry, "result"),
				"dispatch result", err, errlen) != 0)
				return -1;
		}
	}
	return 0;
}

static int
cases_request(const json_t *r, char *err, size_t errlen)
{
	const json_t *o, *v;
	size_t i;

	if (cases_keys(r, request_keys, "request", err, errlen) != 0)
		return -1;
	/* codeBase64: the code as raw bytes, for text that is not UTF-8. */
	if (!json_is_string(json_object_get(r, "code")) &&
	    !json_is_string(json_object_get(r, "codeBase64"))) {
		snprintf(err, errlen,
		    "request.code (or codeBase64) must be a string");
		return -1;
	}
	if (cases_script(json_object_get(r, "dispatch"), err, errlen) != 0 ||
	    cases_tree(json_object_get(r, "modules"), "modules", err, errlen) !=
		0)
		return -1;
	if ((o = json_object_get(r, "outboundScript")) != NULL) {
		if (cases_keys(
			o, outbound_keys, "outboundScript", err, errlen) != 0)
			return -1;
		json_array_foreach(json_object_get(o, "responses"), i,
		    v) if (cases_keys(v, response_keys, "outbound response",
			       err, errlen) != 0) return -1;
	}
	return 0;
}

static int
cases_expect(const json_t *e, char *err, size_t errlen)
{
	static const char *const texts[] = { "error", "errorPrefix",
		"faultMessage", "rejection", "rejectionPrefix",
		"someFaultMessage", NULL };
	static const char *const trees[] = { "result", "resultJsonLength",
		"calls", "outboundRequests", "handles", "response", "responses",
		NULL };
	const json_t *v;
	size_t i;

	if (e == NULL)
		return 0;
	if (cases_keys(e, expect_keys, "expect", err, errlen) != 0)
		return -1;
	for (i = 0; texts[i]; i++)
		if (cases_text(json_object_get(e, texts[i]), texts[i], err,
			errlen) != 0)
			return -1;
	json_array_foreach(json_object_get(e, "logs"), i,
	    v) if (cases_text(json_object_get(v, "text"), "logs[].text", err,
		       errlen) != 0) return -1;
	json_array_foreach(json_object_get(e, "logsLast"), i,
	    v) if (cases_text(json_object_get(v, "text"), "logsLast[].text",
		       err, errlen) != 0) return -1;
	if ((v = json_object_get(e, "response")) != NULL &&
	    cases_keys(v, response_keys, "expect.response", err, errlen) != 0)
		return -1;
	json_array_foreach(json_object_get(e, "responses"), i,
	    v) if (cases_keys(v, response_keys, "expect.responses[]", err,
		       errlen) != 0) return -1;
	for (i = 0; trees[i]; i++)
		if (cases_tree(json_object_get(e, trees[i]), trees[i], err,
			errlen) != 0)
			return -1;
	if ((v = json_object_get(e, "envelopeKeys")) != NULL) {
		const json_t *k;

		if (!json_is_array(v)) {
			snprintf(err, errlen,
			    "envelopeKeys: want a list of member names");
			return -1;
		}
		json_array_foreach(v, i, k) if (!json_is_string(k))
		{
			snprintf(err, errlen,
			    "envelopeKeys: want a list of member names");
			return -1;
		}
	}
	return 0;
}

int
cases_validate(const json_t *def, char *err, size_t errlen)
{
	const json_t *name, *tags, *st, *v;
	size_t i;
	char e[300];

	if (cases_keys(def, case_keys, "case", err, errlen) != 0)
		return -1;
	name = json_object_get(def, "name");
	if (!json_is_string(name) || json_string_length(name) == 0) {
		snprintf(err, errlen, "a case needs a name");
		return -1;
	}
	tags = json_object_get(def, "tags");
	if (tags != NULL && !json_is_array(tags)) {
		snprintf(err, errlen, "%s: tags must be a list",
		    json_string_value(name));
		return -1;
	}
	json_array_foreach(tags, i, v)
	{
		if (!json_is_string(v)) {
			snprintf(err, errlen, "%s: a tag must be a string",
			    json_string_value(name));
			return -1;
		}
	}
	if ((v = json_object_get(def, "request")) != NULL &&
	    (cases_request(v, e, sizeof(e)) != 0 ||
		cases_expect(json_object_get(def, "expect"), e, sizeof(e)) !=
		    0))
		goto bad;
	if (v == NULL && json_object_get(def, "steps") == NULL) {
		snprintf(e, sizeof(e), "neither a request nor steps");
		goto bad;
	}
	json_array_foreach(json_object_get(def, "steps"), i, st)
	{
		const json_t *kind = json_object_get(st, "step");

		if (cases_keys(st, step_keys, "step", e, sizeof(e)) != 0)
			goto bad;
		if (!json_is_string(kind) ||
		    !cases_in(steps, json_string_value(kind))) {
			snprintf(e, sizeof(e), "steps[%zu]: unknown step", i);
			goto bad;
		}
		if ((v = json_object_get(st, "request")) != NULL) {
			if (strcmp(json_string_value(kind), "invokeHandle") ==
			    0) {
				if (cases_keys(v, http_request_keys,
					"invokeHandle request", e,
					sizeof(e)) != 0)
					goto bad;
			} else if (cases_request(v, e, sizeof(e)) != 0)
				goto bad;
		}
		if (cases_expect(json_object_get(st, "expect"), e, sizeof(e)) !=
		    0)
			goto bad;
	}
	return 0;
bad:
	snprintf(err, errlen, "%s: %s", json_string_value(name), e);
	return -1;
}

int
cases_has_tag(const struct cases_case *c, const char *tag)
{
	const json_t *v;
	size_t i;

	json_array_foreach(json_object_get(c->def, "tags"), i,
	    v) if (strcmp(json_string_value(v), tag) == 0) return 1;
	return 0;
}

const struct cases_setting cases_settings[] = {
	{ "handles-idle",
	    "a handles idle bound of at most 1000 ms "
	    "(ours: --handles-idle-timeout 1000)",
	    0 },
	{ "queue",
	    "fewer than 200 worker and queue places, so a burst of 200 "
	    "overflows (ours: --max-workers 4 --max-queue 8)",
	    0 },
	{ "response-limit",
	    "a response limit below 100000 bytes "
	    "(ours: --response-limit 65536)",
	    0 },
	{ "outbound-veto",
	    "native fetch vetoed by the operator "
	    "(ours: --outbound-mode null)",
	    0 },
	{ "handles-limit",
	    "at most one execution retaining handles per connection "
	    "(ours: --max-handles-per-connection 1)",
	    0 },
	{ "instance-id",
	    "the instance id conf-b, named in every executionId "
	    "(ours: --instance-id conf-b)",
	    0 },
	{ "native-outbound",
	    "native fetch allowed, with a route to 127.0.0.1 "
	    "(ours: no --outbound-mode)",
	    1 },
	{ NULL, NULL, 0 },
};

char *
cases_needs(const struct cases_case *c)
{
	const struct cases_setting *st;
	char *out = NULL, *next;

	for (st = cases_settings; st->tag; st++) {
		if (!cases_has_tag(c, st->tag))
			continue;
		if (asprintf(&next, "%s%sneeds %s: %s", out ? out : "",
			out ? "; " : "", st->tag, st->needs) < 0) {
			free(out);
			return NULL;
		}
		free(out);
		out = next;
	}
	return out;
}

const struct cases_setting *
cases_outside_default(const struct cases_case *c)
{
	const struct cases_setting *st;

	for (st = cases_settings; st->tag; st++)
		if (!st->in_default && cases_has_tag(c, st->tag))
			return st;
	return NULL;
}

static int
cases_cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Appends the cases of one file. */
static int
cases_load_file(const char *dir, const char *base, struct cases_set *set,
    char *err, size_t errlen)
{
	char path[4096], e[400];
	json_error_t je;
	json_t *root, *list, *def;
	size_t i, j;

	snprintf(path, sizeof(path), "%s/%s", dir, base);
	if ((root = json_load_file(path, JSON_REJECT_DUPLICATES, &je)) ==
	    NULL) {
		snprintf(err, errlen, "%s:%d: %s", base, je.line, je.text);
		return -1;
	}
	list = json_object_get(root, "cases");
	if (!json_is_array(list)) {
		snprintf(err, errlen, "%s: want {\"cases\": [...]}", base);
		json_decref(root);
		return -1;
	}
	json_array_foreach(list, i, def)
	{
		struct cases_case *v;

		if (cases_validate(def, e, sizeof(e)) != 0) {
			snprintf(err, errlen, "%s: %s", base, e);
			json_decref(root);
			return -1;
		}
		for (j = 0; j < set->n; j++) {
			if (strcmp(set->v[j].name,
				json_string_value(
				    json_object_get(def, "name"))) == 0) {
				snprintf(err, errlen,
				    "%s: case %s is also in "
				    "%s",
				    base, set->v[j].name, set->v[j].file);
				json_decref(root);
				return -1;
			}
		}
		if ((v = realloc(set->v, (set->n + 1) * sizeof(*v))) == NULL) {
			snprintf(err, errlen, "out of memory");
			json_decref(root);
			return -1;
		}
		set->v = v;
		v = &set->v[set->n];
		memset(v, 0, sizeof(*v));
		v->def = json_incref(def);
		v->name = json_string_value(json_object_get(def, "name"));
		if ((v->file = strdup(base)) == NULL) {
			json_decref(def);
			snprintf(err, errlen, "out of memory");
			json_decref(root);
			return -1;
		}
		set->n++;
		v->serial = cases_has_tag(v, "serial");
	}
	json_decref(root);
	return 0;
}

int
cases_load_dir(const char *dir, struct cases_set *set, char *err, size_t errlen)
{
	DIR *d;
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, i;
	int rc = 0;

	memset(set, 0, sizeof(*set));
	if ((d = opendir(dir)) == NULL) {
		snprintf(
		    err, errlen, "%s: cannot open the cases directory", dir);
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		char **p;

		if (len < 6 || strcmp(de->d_name + len - 5, ".json") != 0 ||
		    de->d_name[0] == '.')
			continue;
		if ((p = realloc(names, (n + 1) * sizeof(*p))) == NULL ||
		    (p[n] = strdup(de->d_name)) == NULL) {
			names = p ? p : names;
			rc = -1;
			snprintf(err, errlen, "out of memory");
			break;
		}
		names = p;
		n++;
	}
	closedir(d);
	if (rc == 0)
		qsort(names, n, sizeof(*names), cases_cmp_name);
	for (i = 0; i < n; i++) {
		if (rc == 0 &&
		    cases_load_file(dir, names[i], set, err, errlen) != 0)
			rc = -1;
		free(names[i]);
	}
	free(names);
	if (rc == 0 && set->n == 0) {
		snprintf(err, errlen, "%s: no cases", dir);
		rc = -1;
	}
	if (rc != 0)
		cases_free(set);
	return rc;
}

int
cases_load_xfail(
    const char *path, struct cases_set *set, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char line[1024];
	int lineno = 0;

	if (f == NULL) {
		snprintf(err, errlen, "%s: cannot open", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		char *name = line, *reason, *nl;
		size_t i;

		lineno++;
		if ((nl = strchr(line, '\n')) != NULL)
			*nl = '\0';
		while (*name == ' ' || *name == '\t')
			name++;
		if (*name == '\0' || *name == '#')
			continue;
		reason = name + strcspn(name, " \t");
		if (*reason) {
			*reason++ = '\0';
			while (*reason == ' ' || *reason == '\t')
				reason++;
		}
		for (i = 0; i < set->n; i++)
			if (strcmp(set->v[i].name, name) == 0)
				break;
		if (i == set->n) {
			snprintf(err, errlen, "%s:%d: no case named %s", path,
			    lineno, name);
			fclose(f);
			return -1;
		}
		free(set->v[i].xfail);
		if ((set->v[i].xfail = strdup(
			 *reason ? reason : "known failure")) == NULL) {
			snprintf(err, errlen, "out of memory");
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	return 0;
}

void
cases_filter(struct cases_set *set, const char *const *globs, size_t nglobs)
{
	size_t i, j, k = 0;

	if (nglobs == 0)
		return;
	for (i = 0; i < set->n; i++) {
		for (j = 0; j < nglobs; j++)
			if (expect_glob(globs[j], set->v[i].name))
				break;
		if (j < nglobs) {
			set->v[k++] = set->v[i];
			continue;
		}
		json_decref(set->v[i].def);
		free(set->v[i].file);
		free(set->v[i].xfail);
	}
	set->n = k;
}

void
cases_free(struct cases_set *set)
{
	size_t i;

	for (i = 0; i < set->n; i++) {
		json_decref(set->v[i].def);
		free(set->v[i].file);
		free(set->v[i].xfail);
	}
	free(set->v);
	memset(set, 0, sizeof(*set));
}
