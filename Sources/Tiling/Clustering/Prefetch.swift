import CMercatorPrefetch

/// Starts loading the cache line holding `pointer` without waiting for it (a hint; never faults).
@inline(__always)
func prefetch<T>(_ pointer: UnsafePointer<T>) {
    mercator_prefetch(pointer)
}

/// Starts loading the cache line holding `pointer` without waiting for it (a hint; never faults).
@inline(__always)
func prefetch<T>(_ pointer: UnsafeMutablePointer<T>) {
    mercator_prefetch(pointer)
}
