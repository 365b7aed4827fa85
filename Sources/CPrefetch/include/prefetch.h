#ifndef WLOG_PREFETCH_H
#define WLOG_PREFETCH_H

#include <stddef.h>
#include <stdint.h>

/// Asks the CPU to start loading the cache line at `address` for reading; no effect on results.
static inline void wlog_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
