/*
 * The daemon's log (tmux's log.c): machine-readable key=value lines on
 * stderr, each stamped with the wall clock and its level.
 */
#ifndef LOG_H
#define LOG_H

enum log_level { LOG_ERROR, LOG_WARN, LOG_INFO, LOG_DEBUG };

/* Lines above `level` are dropped (LOG_INFO until set). */
void log_set_level(int level);

/* One line, if `level` passes. */
void log_write(int level, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
