/* LD_PRELOAD shim of scripts/perf/sync-cost.sh: fdatasync and fsync return at once, so a server
   run under it shows what its writes cost without durability. Never for real data. */
int fdatasync(int fd) { (void)fd; return 0; }
int fsync(int fd) { (void)fd; return 0; }
