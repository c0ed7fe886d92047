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
}
