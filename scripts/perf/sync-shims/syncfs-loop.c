/* The disk under a shared flush, without the server (perf-log/server.md, "Session 14: the floor
   under a durable POST, …"):
   THREADS threads for SECONDS, each appending 300 bytes to one of 1,000 files at random, then
   MODE 0: waiting for a shared syncfs (one thread flushes for every append written before it
   started; the others wait), or MODE 1: fdatasyncing its own file. Prints appends a second and
   appends a flush. Time it (`/usr/bin/time`) for the system time each.
     gcc -O2 -pthread syncfs-loop.c -o syncfs-loop && mkdir -p g && ./syncfs-loop 16 3 0       */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#define FILES 1000
static int files[FILES]; static volatile int stop = 0; static long total = 0, flushes = 0;
static int mode; /* 0 syncfs leader/follower; 1 per-file fdatasync */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER; static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static long written_gen = 0, flushed_gen = 0; static int flushing = 0;
static pthread_mutex_t fmu[FILES];
static void *append(void *seed_arg) {
  unsigned seed = (unsigned)(long)seed_arg; char line[300]; memset(line, 'x', sizeof line); long count = 0;
  while (!stop) {
    int i = rand_r(&seed) % FILES; int fd = files[i];
    pthread_mutex_lock(&fmu[i]);
    if (write(fd, line, sizeof line) != 300) exit(1);
    pthread_mutex_unlock(&fmu[i]);
    if (mode == 1) { if (fdatasync(fd)) exit(1); count++; continue; }
    pthread_mutex_lock(&mu);
    long mine = ++written_gen;
    while (flushed_gen < mine) {
      if (!flushing) {
        flushing = 1; long upto = written_gen; pthread_mutex_unlock(&mu);
        if (syncfs(fd)) { perror("syncfs"); exit(1); }
        pthread_mutex_lock(&mu); flushing = 0; flushed_gen = upto; flushes++; pthread_cond_broadcast(&cv);
      } else pthread_cond_wait(&cv, &mu);
    }
    pthread_mutex_unlock(&mu);
    count++;
  }
  __sync_fetch_and_add(&total, count); return 0;
}
int main(int argc, char **argv) {
  int threads = atoi(argv[1]); double seconds = atof(argv[2]); mode = atoi(argv[3]);
  char path[64];
  for (int i = 0; i < FILES; i++) { pthread_mutex_init(&fmu[i], 0);
    snprintf(path, sizeof path, "g/f%d", i);
    if ((files[i] = open(path, O_WRONLY | O_CREAT | O_APPEND, 0600)) < 0) { perror(path); return 1; } }
  pthread_t ids[256];
  for (long i = 0; i < threads; i++) pthread_create(&ids[i], 0, append, (void *)(i + 1));
  usleep((useconds_t)(seconds * 1e6)); stop = 1;
  for (int i = 0; i < threads; i++) pthread_join(ids[i], 0);
  printf("mode %d %d threads: %.0f appends a second, %.1f a flush\n", mode, threads, total / seconds, flushes ? (double)total/flushes : 1.0); return 0;
}
