/*
 * A blocking WebSocket + capnweb client for integration tests, built from
 * the shared wire code: one connection, calls answered by pumping the
 * socket until they settle.
 */
#ifndef TEST_CLIENT_H
#define TEST_CLIENT_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "proto/ws.h"

struct capnweb_session;

struct test_client {
	int fd;
	struct capnweb_session *s;
	struct ws_assembler wsa;
	uint8_t in[1 << 20];
	size_t in_len;
	int closed;
	int close_code;
	char close_reason[124]; /* the executor's close frame's reason */
	/*
	 * Set by a test: the session's ["release",..] messages are dropped
	 * instead of sent, as from a peer that read an answer but died
	 * before acknowledging it.
	 */
	int drop_releases;
};

struct test_answer {
	int done;
	int status; /* CAPNWEB_RESOLVED / _REJECTED / _BROKEN */
	json_t *value; /* owned by the answer: test_answer_clear */
};

/* Connects to the unix socket and completes the upgrade; 0 or -1. */
int test_client_open(struct test_client *, const char *sock_path);

/*
 * Completes the upgrade over `fd`, a connected socket the client then owns
 * (a TCP one, say), sending `authorization` (NULL: none) as the
 * Authorization field; 0 or -1.
 */
int test_client_open_fd(
    struct test_client *, int fd, const char *authorization);

/* Reads and handles frames until *flag is set, the socket closes, or ms pass.
 */
void test_client_pump(struct test_client *, int *flag, int ms);

/* Calls a method of the main object (args stolen) and waits for the answer. */
void test_client_call(struct test_client *, const char *method, json_t *args,
    struct test_answer *);

/* capnweb_settle_fn that fills a struct test_answer (udata). */
void test_answer_settle(void *udata, int status, json_t *value);

void test_answer_clear(struct test_answer *);
void test_client_close(struct test_client *);

/* Connects to a unix socket; the fd or -1. */
int test_connect_unix(const char *path);

#endif
