/// A growable list of tree positions in manually managed memory, reused across many queries
/// (an `Array` append costs a uniqueness check per element). Call ``free()`` when done.
struct PositionBuffer {
    private(set) var base: UnsafeMutablePointer<Int>?
    private(set) var count = 0
    private var capacity = 0

    @inline(__always)
    mutating func append(_ v: Int) {
        if count == capacity { grow() }
        base.unsafelyUnwrapped[count] = v
        count += 1
    }

    private mutating func grow() {
        let newCapacity = max(64, capacity * 2)
        let p = UnsafeMutablePointer<Int>.allocate(capacity: newCapacity)
        if let base {
            p.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = p
        capacity = newCapacity
    }

    /// Forgets the contents, keeping the memory.
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// The position at `i` (`i < count`).
    @inline(__always)
    subscript(i: Int) -> Int { base.unsafelyUnwrapped[i] }

    /// Releases the memory.
    mutating func free() {
        base?.deallocate()
        base = nil
        count = 0
        capacity = 0
    }
}
