#ifndef CMERCATOR_PREFETCH_H
#define CMERCATOR_PREFETCH_H

/// Asks the CPU to start loading the cache line holding `address` (for reading, kept in all cache
/// levels). Only a hint: it never faults, even for an address outside any allocation.
static inline __attribute__((always_inline)) void mercator_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// Asks the CPU to start loading the cache line holding `address` for writing (a read-modify-write
/// soon follows). Only a hint: it never faults.
static inline __attribute__((always_inline)) void mercator_prefetch_write(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

#endif
