/* The disk's share of a durable write, without the server (perf-log/server.md, "Session 12: where
   a durable write's time goes"):
   THREADS threads for SECONDS, each appending 300 bytes to one of 1,000 files at random and
   fdatasyncing it; prints appends a second. Time it (`/usr/bin/time`) for the system time each.
     gcc -O2 -pthread fsync-loop.c -o fsync-loop && mkdir -p d && ./fsync-loop 16 4          */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FILES 1000
static int files[FILES];
static volatile int stop = 0;
static long total = 0;

static void *append(void *seed_arg) {
  unsigned seed = (unsigned)(long)seed_arg;
  char line[300];
  memset(line, 'x', sizeof line);
  long count = 0;
  while (!stop) {
    int fd = files[rand_r(&seed) % FILES];
    if (write(fd, line, sizeof line) != (ssize_t)sizeof line || fdatasync(fd) != 0) { perror("append"); exit(1); }
    count++;
  }
  __sync_fetch_and_add(&total, count);
  return 0;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 16;
  double seconds = argc > 2 ? atof(argv[2]) : 4;
  char path[64];
  for (int i = 0; i < FILES; i++) {
    snprintf(path, sizeof path, "d/f%d", i);
    if ((files[i] = open(path, O_WRONLY | O_CREAT | O_APPEND, 0600)) < 0) { perror(path); return 1; }
  }
  pthread_t ids[256];
  if (threads < 1 || threads > 256) threads = 16;
  for (long i = 0; i < threads; i++) pthread_create(&ids[i], 0, append, (void *)(i + 1));
  usleep((useconds_t)(seconds * 1e6));
  stop = 1;
  for (int i = 0; i < threads; i++) pthread_join(ids[i], 0);
  printf("%d threads: %.0f appends a second\n", threads, total / seconds);
  return 0;
}
