/* validateProviders: the four provider-name rules, first failure wins. */
#include <stdlib.h>
#include <string.h>

#include <codemode/protocol.h>

#include "providers.h"
#include "texts.h"

struct providers_reserved {
	const char *name;
	int group;
};

static const struct providers_reserved providers_names[] = {
#define PROVIDERS_NAME(n, g) { n, g },
	CM_SPEC_RESERVED_PROVIDER_NAMES(PROVIDERS_NAME)
#undef PROVIDERS_NAME
};

struct providers_word {
	const char *word;
	const char *group;
};

static const struct providers_word providers_words[] = {
#define PROVIDERS_WORD(w, g) { w, g },
	CM_SPEC_RESERVED_WORDS(PROVIDERS_WORD)
#undef PROVIDERS_WORD
};

int
cm_provider_name_matches_pattern(const char *name)
{
	const char *p;

	/* ^[A-Za-z_$][A-Za-z0-9_$]*$ written out, so no locale can widen it. */
	if (name == NULL || *name == '\0' || (*name >= '0' && *name <= '9'))
		return 0;
	for (p = name; *p != '\0'; p++) {
		char c = *p;

		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
			(c >= '0' && c <= '9') || c == '_' || c == '$'))
			return 0;
	}
	return 1;
}

int
providers_reserved_group(const char *name)
{
	size_t i;

	for (i = 0; name != NULL &&
	     i < sizeof(providers_names) / sizeof(providers_names[0]);
	     i++)
		if (strcmp(name, providers_names[i].name) == 0)
			return providers_names[i].group;
	return -1;
}

int
cm_provider_name_reserved(const char *name)
{
	return providers_reserved_group(name) >= 0;
}

const char *
providers_reserved_word_group(const char *name)
{
	size_t i;

	for (i = 0; name != NULL &&
	     i < sizeof(providers_words) / sizeof(providers_words[0]);
	     i++)
		if (strcmp(name, providers_words[i].word) == 0)
			return providers_words[i].group;
	return NULL;
}

int
cm_is_reserved_word(const char *name)
{
	return providers_reserved_word_group(name) != NULL;
}

/* The failing rule of names[i] given the names before it, or -1 when it passes.
 */
static int
providers_rule(const char *const *names, size_t i)
{
	size_t j;

	if (!cm_provider_name_matches_pattern(names[i]))
		return CM_TEXT_PROVIDER_NAME_PATTERN;
	if (cm_provider_name_reserved(names[i]))
		return CM_TEXT_PROVIDER_NAME_RESERVED;
	if (cm_is_reserved_word(names[i]))
		return CM_TEXT_PROVIDER_NAME_RESERVED_WORD;
	for (j = 0; j < i; j++)
		if (strcmp(names[i], names[j]) == 0)
			return CM_TEXT_PROVIDER_NAME_DUPLICATE;
	return -1;
}

int
cm_validate_provider_names(const char *const *names, size_t n, char **text)
{
	size_t i;
	int rule;

	if (text == NULL || (names == NULL && n > 0)) {
		if (text != NULL)
			*text = NULL;
		return -1;
	}
	*text = NULL;
	for (i = 0; i < n; i++) {
		const char *name = names[i] != NULL ? names[i] : "";

		if ((rule = providers_rule(names, i)) < 0)
			continue;
		if ((*text = texts_compose((enum cm_spec_text)rule, name)) ==
		    NULL)
			return -1;
		return 1;
	}
	return 0;
}

int
cm_validate_providers(const json_t *descriptors, char **text)
{
	const char **names;
	size_t i, n;
	int rc;

	if (text == NULL)
		return -1;
	*text = NULL;
	if (!json_is_array(descriptors))
		return -1;
	n = json_array_size(descriptors);
	if ((names = calloc(n ? n : 1, sizeof(*names))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		const json_t *name =
		    json_object_get(json_array_get(descriptors, i), "name");

		/* A name with a NUL inside is no identifier; "" fails the same
		 * way. */
		names[i] = json_is_string(name) &&
			strlen(json_string_value(name)) ==
			    json_string_length(name)
		    ? json_string_value(name)
		    : "";
	}
	rc = cm_validate_provider_names(names, n, text);
	free(names);
	return rc;
}
