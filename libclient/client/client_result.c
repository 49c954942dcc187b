/*
 * ExecuteResult in C: struct cm_result read from the wire's
 * ExecuteResultMessage, released, or written back as JSON.
 */
#include <stdlib.h>
#include <string.h>

#include "client_int.h"

void
cm_result_clear(struct cm_result *res)
{
	size_t i;

	if (res == NULL)
		return;
	free(res->result_json);
	json_decref(res->result);
	free(res->error);
	for (i = 0; i < res->nlogs; i++) {
		free(res->logs[i].level);
		free(res->logs[i].text);
	}
	free(res->logs);
	free(res->execution_id);
	for (i = 0; i < res->nhandles; i++)
		free(res->handles[i]);
	free(res->handles);
	memset(res, 0, sizeof(*res));
}

/* ExecuteResultMessage -> cm_result. 0, or -1 when out of memory or malformed.
 */
int
client_result_read(const json_t *msg, struct cm_result *res)
{
	json_t *rj, *e, *logs, *id, *hs, *l;
	size_t i;

	memset(res, 0, sizeof(*res));
	if (!json_is_object(msg))
		return -1;
	rj = json_object_get(msg, "resultJson");
	e = json_object_get(msg, "error");
	logs = json_object_get(msg, "logs");
	id = json_object_get(msg, "executionId");
	hs = json_object_get(msg, "handles");
	if (json_is_string(rj)) {
		if ((res->result_json = strdup(json_string_value(rj))) == NULL)
			goto fail;
		res->result = cm_dispatch_parse(
		    res->result_json, json_string_length(rj), NULL, 0);
	}
	if (json_is_string(e) &&
	    (res->error = strdup(json_string_value(e))) == NULL)
		goto fail;
	if (json_is_array(logs) && json_array_size(logs) > 0) {
		if ((res->logs = calloc(
			 json_array_size(logs), sizeof(*res->logs))) == NULL)
			goto fail;
		json_array_foreach(logs, i, l)
		{
			json_t *lv = json_object_get(l, "level");
			json_t *tx = json_object_get(l, "text");

			res->logs[i].level = strdup(
			    json_is_string(lv) ? json_string_value(lv) : "log");
			res->logs[i].text = strdup(
			    json_is_string(tx) ? json_string_value(tx) : "");
			res->nlogs = i + 1;
			if (res->logs[i].level == NULL ||
			    res->logs[i].text == NULL)
				goto fail;
		}
	}
	if (json_is_string(id) &&
	    (res->execution_id = strdup(json_string_value(id))) == NULL)
		goto fail;
	if (json_is_array(hs) && json_array_size(hs) > 0) {
		if ((res->handles = calloc(
			 json_array_size(hs), sizeof(char *))) == NULL)
			goto fail;
		json_array_foreach(hs, i, l)
		{
			res->handles[i] = strdup(
			    json_is_string(l) ? json_string_value(l) : "");
			res->nhandles = i + 1;
			if (res->handles[i] == NULL)
				goto fail;
		}
	}
	return 0;
fail:
	cm_result_clear(res);
	return -1;
}

json_t *
cm_result_to_json(const struct cm_result *res)
{
	json_t *o, *logs, *hs;
	size_t i;

	if (res == NULL)
		return NULL;
	o = json_object();
	logs = json_array();
	if (o == NULL || logs == NULL)
		goto fail;
	if (res->result != NULL &&
	    json_object_set(o, "result", res->result) != 0)
		goto fail;
	if (res->error &&
	    json_object_set_new(o, "error", json_string(res->error)) != 0)
		goto fail;
	for (i = 0; i < res->nlogs; i++)
		if (json_array_append_new(logs,
			json_pack("{s:s, s:s}", "level", res->logs[i].level,
			    "text", res->logs[i].text)) != 0)
			goto fail;
	if (json_object_set(o, "logs", logs) != 0)
		goto fail;
	if (res->execution_id) {
		if (json_object_set_new(o, "executionId",
			json_string(res->execution_id)) != 0 ||
		    (hs = json_array()) == NULL ||
		    json_object_set_new(o, "handles", hs) != 0)
			goto fail;
		for (i = 0; i < res->nhandles; i++)
			if (json_array_append_new(
				hs, json_string(res->handles[i])) != 0)
				goto fail;
	}
	json_decref(logs);
	return o;
fail:
	json_decref(logs);
	json_decref(o);
	return NULL;
}
