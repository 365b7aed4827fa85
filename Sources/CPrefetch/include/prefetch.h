#ifndef WLOG_PREFETCH_H
#define WLOG_PREFETCH_H

#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>

/// Asks the CPU to start loading the cache line at `address` for reading; no effect on results.
static inline void wlog_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// Asks the kernel to back the 2 MiB-aligned inside of a fresh buffer with huge pages, so that
/// filling it takes a few page faults instead of one every 4 KiB; no effect on results (a
/// kernel without transparent huge pages ignores it).
static inline void wlog_advise_huge_pages(void *address, size_t count) {
#ifdef MADV_HUGEPAGE
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t start = ((uintptr_t)address + huge - 1) & ~(huge - 1);
    uintptr_t end = ((uintptr_t)address + count) & ~(huge - 1);
    if (end > start) madvise((void *)start, end - start, MADV_HUGEPAGE);
#endif
}

/// Asks the kernel to map and zero every page of a fresh buffer in one call (Linux 5.14+), instead
/// of one page fault for each 4 KiB the first write touches; no effect on results (an older
/// kernel refuses the advice and the writes fault as before).
static inline void wlog_populate_for_writing(void *address, size_t count) {
#ifdef __linux__
    const uintptr_t page = 4096;
    uintptr_t start = ((uintptr_t)address + page - 1) & ~(page - 1);
    uintptr_t end = ((uintptr_t)address + count) & ~(page - 1);
    if (end > start) madvise((void *)start, end - start, 23 /* MADV_POPULATE_WRITE */);
#endif
}

#endif
