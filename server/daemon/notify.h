/*
 * Readiness for a service manager (systemd's Type=notify): the
 * sd_notify(3) datagram, written directly.
 */
#ifndef NOTIFY_H
#define NOTIFY_H

/*
 * Sends `state` ("READY=1", "STOPPING=1", "STATUS=...", lines joined by
 * newlines) to $NOTIFY_SOCKET. 1 when sent, 0 when no manager asked
 * (the variable is unset), -1 when it could not be sent (errno set).
 */
int notify_send(const char *state);

#endif
