import Foundation

/// A static 2-D point index: a port of mourner/kdbush (v4), the spatial index supercluster uses.
///
/// Points are added once, then sorted into a k-d tree laid out in two flat arrays; `range` and
/// `within` queries walk it with an explicit stack. Queries return *tree positions* (in kdbush's
/// traversal order); `ids[position]` is the item number (the order points were added). Callers that
/// keep their per-item data in tree order get neighbours that sit close together in memory.
/// Coordinates are stored as `Float`, as supercluster stores them (`Float32Array`).
struct KDBush: Sendable {
    private(set) var ids: ContiguousArray<UInt32>
    private(set) var coords: ContiguousArray<Float>
    let nodeSize: Int

    /// Indexes `count` points, point `i` given by `point(i)`; `ids[position]` gives `i` back.
    init(count n: Int, nodeSize: Int = 64, point: (Int) -> (x: Double, y: Double)) {
        self.nodeSize = min(max(nodeSize, 2), 65535)
        // Sort (x, y, id) records together, so one swap moves a whole item; then split them.
        var items = ContiguousArray<Item>(unsafeUninitializedCapacity: n) { buf, count in
            for i in 0..<n {
                let p = point(i)
                buf[i] = Item(x: Float(p.x), y: Float(p.y), id: UInt32(i))
            }
            count = n
        }
        if n > 0 {
            let size = self.nodeSize
            items.withUnsafeMutableBufferPointer { Self.sort($0, size, 0, n - 1, 0) }
        }
        ids = ContiguousArray(unsafeUninitializedCapacity: n) { buf, count in
            for i in 0..<n { buf[i] = items[i].id }
            count = n
        }
        coords = ContiguousArray(unsafeUninitializedCapacity: n * 2) { buf, count in
            for i in 0..<n {
                buf[2 * i] = items[i].x
                buf[2 * i + 1] = items[i].y
            }
            count = n * 2
        }
    }

    /// One point while sorting.
    struct Item {
        var x: Float
        var y: Float
        var id: UInt32

        @inline(__always)
        func coordinate(_ axis: Int) -> Float { axis == 0 ? x : y }
    }

    /// The number of points.
    var count: Int { ids.count }

    /// Appends to `result` the tree positions of the points inside the box (edges included).
    func range(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, into result: inout [Int]) {
        var stack = [(Int, Int, Int)]()
        range(minX, minY, maxX, maxY, into: &result, stack: &stack)
    }

    /// ``range(_:_:_:_:into:)`` with a caller-owned scratch stack (no allocation per query).
    func range(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, into result: inout [Int], stack: inout [(Int, Int, Int)]) {
        guard !ids.isEmpty else { return }
        stack.removeAll(keepingCapacity: true)
        stack.append((0, ids.count - 1, 0))
        ids.withUnsafeBufferPointer { ids in
            coords.withUnsafeBufferPointer { coords in
                while let (left, right, axis) = stack.popLast() {
                    if right - left <= nodeSize {
                        if left <= right {
                            for i in left...right {
                                let x = Double(coords[2 * i]), y = Double(coords[2 * i + 1])
                                if x >= minX && x <= maxX && y >= minY && y <= maxY { result.append(i) }
                            }
                        }
                        continue
                    }
                    let m = (left + right) >> 1
                    let x = Double(coords[2 * m]), y = Double(coords[2 * m + 1])
                    if x >= minX && x <= maxX && y >= minY && y <= maxY { result.append(m) }
                    if axis == 0 ? minX <= x : minY <= y { stack.append((left, m - 1, 1 - axis)) }
                    if axis == 0 ? maxX >= x : maxY >= y { stack.append((m + 1, right, 1 - axis)) }
                }
            }
        }
    }

    /// Appends to `result` the tree positions of the points within distance `r` of (qx, qy).
    func within(_ qx: Double, _ qy: Double, _ r: Double, into result: inout [Int]) {
        var stack = [(Int, Int, Int)]()
        within(qx, qy, r, into: &result, stack: &stack)
    }

    /// ``within(_:_:_:into:)`` with a caller-owned scratch stack (no allocation per query).
    func within(_ qx: Double, _ qy: Double, _ r: Double, into result: inout [Int], stack: inout [(Int, Int, Int)]) {
        var buffer = PositionBuffer()
        coords.withUnsafeBufferPointer { coords in
            Self.within(coords: coords, nodeSize: nodeSize, qx, qy, r, into: &buffer)
        }
        result.append(contentsOf: UnsafeBufferPointer(start: buffer.base, count: buffer.count))
        buffer.free()
    }

    /// ``within(_:_:_:into:stack:)`` over raw tree coordinates, for loops that query a tree many
    /// times: results go to a reusable ``PositionBuffer`` and the traversal stack lives on the call
    /// stack (a depth-first walk holds at most one pending entry per tree level plus one, and a tree over
    /// fewer than 2^31 items has fewer than 32 levels, so 64 entries suffice; 768 bytes stay off the heap).
    static func within(
        coords: UnsafeBufferPointer<Float>, nodeSize: Int, _ qx: Double, _ qy: Double, _ r: Double,
        into result: inout PositionBuffer
    ) {
        let count = coords.count / 2
        guard count > 0 else { return }
        let r2 = r * r
        withUnsafeTemporaryAllocation(of: (Int32, Int32, Int32).self, capacity: 64) { stack in
            var top = 0
            stack[0] = (0, Int32(count - 1), 0)
            top = 1
            while top > 0 {
                top -= 1
                let (l, rt, ax) = stack[top]
                let left = Int(l), right = Int(rt), axis = Int(ax)
                if right - left <= nodeSize {
                    var i = left
                    while i <= right {
                        let dx = Double(coords[2 * i]) - qx, dy = Double(coords[2 * i + 1]) - qy
                        if dx * dx + dy * dy <= r2 { result.append(i) }
                        i += 1
                    }
                    continue
                }
                let m = (left + right) >> 1
                let x = Double(coords[2 * m]), y = Double(coords[2 * m + 1])
                let dx = x - qx, dy = y - qy
                if dx * dx + dy * dy <= r2 { result.append(m) }
                if axis == 0 ? qx - r <= x : qy - r <= y {
                    stack[top] = (Int32(left), Int32(m - 1), Int32(1 - axis))
                    top += 1
                }
                if axis == 0 ? qx + r >= x : qy + r >= y {
                    stack[top] = (Int32(m + 1), Int32(right), Int32(1 - axis))
                    top += 1
                }
            }
        }
    }

    // MARK: - k-d sort

    private static func sort(_ items: UnsafeMutableBufferPointer<Item>, _ nodeSize: Int, _ left: Int, _ right: Int, _ axis: Int) {
        if right - left <= nodeSize { return }
        let m = (left + right) >> 1
        select(items, m, left, right, axis)
        sort(items, nodeSize, left, m - 1, 1 - axis)
        sort(items, nodeSize, m + 1, right, 1 - axis)
    }

    /// Floyd-Rivest selection: items left of `k` are not greater than item `k` on `axis`.
    private static func select(_ items: UnsafeMutableBufferPointer<Item>, _ k: Int, _ leftIn: Int, _ rightIn: Int, _ axis: Int) {
        var left = leftIn, right = rightIn
        while right > left {
            if right - left > 600 {
                let n = Double(right - left + 1)
                let m = Double(k - left + 1)
                let z = log(n)
                let s = 0.5 * exp(2 * z / 3)
                let sd = 0.5 * (z * s * (n - s) / n).squareRoot() * (m - n / 2 < 0 ? -1 : 1)
                let newLeft = max(left, Int((Double(k) - m * s / n + sd).rounded(.down)))
                let newRight = min(right, Int((Double(k) + (n - m) * s / n + sd).rounded(.down)))
                select(items, k, newLeft, newRight, axis)
            }
            let t = items[k].coordinate(axis)
            var i = left
            var j = right
            swapItems(items, left, k)
            if items[right].coordinate(axis) > t { swapItems(items, left, right) }
            while i < j {
                swapItems(items, i, j)
                i += 1
                j -= 1
                while items[i].coordinate(axis) < t { i += 1 }
                while items[j].coordinate(axis) > t { j -= 1 }
            }
            if items[left].coordinate(axis) == t {
                swapItems(items, left, j)
            } else {
                j += 1
                swapItems(items, j, right)
            }
            if j <= k { left = j + 1 }
            if k <= j { right = j - 1 }
        }
    }

    @inline(__always)
    private static func swapItems(_ items: UnsafeMutableBufferPointer<Item>, _ i: Int, _ j: Int) {
        let tmp = items[i]
        items[i] = items[j]
        items[j] = tmp
    }
}

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
