/* LD_PRELOAD shim of scripts/perf/sync-cost.sh: emulates a shared commit log (group commit).
   Every fdatasync/fsync of the process appends a 300-byte record to one log file instead and
   waits until a flush covering it is done; whichever caller finds no flush running becomes the
   leader and writes and fdatasyncs everything waiting (PostgreSQL's WAL flush, in miniature).
   The log is preallocated (256 MiB written once) so that its fdatasync writes no metadata.
   What it shows is the cost of the waiting, not a durable design: the journals themselves are
   never synced under it. Never for real data. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define LOG_BYTES (256L << 20)
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t flushed = PTHREAD_COND_INITIALIZER;
static long done = 0, next = 1;
static int leading = 0, log_fd = -1;
static char pending[1 << 20];
static size_t pending_bytes = 0;
static off_t at = 0;

static void open_log(void) {
  const char *path = getenv("GROUPSYNC_LOG");
  log_fd = open(path ? path : "/tmp/groupsync.log", O_RDWR | O_CREAT | O_TRUNC, 0600);
  static char zeros[1 << 20];
  for (long i = 0; i < LOG_BYTES / (long)sizeof zeros; i++) (void)!write(log_fd, zeros, sizeof zeros);
  syscall(SYS_fdatasync, log_fd);
}

static int group_sync(void) {
  pthread_mutex_lock(&mu);
  if (log_fd < 0) open_log();
  if (pending_bytes + 300 <= sizeof pending) { memset(pending + pending_bytes, 'x', 300); pending_bytes += 300; }
  long mine = next;
  while (done < mine) {
    if (!leading) {
      static char batch[sizeof pending];
      leading = 1;
      long flushing = next++;
      size_t bytes = pending_bytes;
      memcpy(batch, pending, bytes);
      pending_bytes = 0;
      pthread_mutex_unlock(&mu);
      if (at + (off_t)bytes > LOG_BYTES) at = 0;
      (void)!pwrite(log_fd, batch, bytes, at);
      at += bytes;
      syscall(SYS_fdatasync, log_fd);
      pthread_mutex_lock(&mu);
      done = flushing;
      leading = 0;
      pthread_cond_broadcast(&flushed);
    } else {
      pthread_cond_wait(&flushed, &mu);
    }
  }
  pthread_mutex_unlock(&mu);
  return 0;
}

int fdatasync(int fd) { (void)fd; return group_sync(); }
int fsync(int fd) { (void)fd; return group_sync(); }
