extension KDBush {
    /// ``within(_:_:_:into:stack:)`` over raw tree coordinates, for loops that query a tree many
    /// times: results go to a reusable ``PositionBuffer`` and the traversal stack lives on the call
    /// stack (a depth-first walk holds at most one pending entry per tree level plus one, and a tree over
    /// fewer than 2^31 items has fewer than 32 levels, so 64 entries suffice; 768 bytes stay off the heap).
    ///
    /// Leaves are scanned four points at a time against the disc's bounding box in `Float`, widened
    /// outwards so that it holds every point the exact test (`dx * dx + dy * dy <= r * r` in `Double`)
    /// accepts; only groups with a point in the box get the exact test. Results are the same as testing
    /// every point exactly, in the same order.
    ///
    /// The walk starts with a descent that needs no stack: as long as a node's split point is not
    /// reported and only one side of it is to be visited (as for every node above the disc when the
    /// radius is small), the depth-first walk would just go on to that side, so the descent does so
    /// with a branch-free choice of side. The first node where more happens starts the regular walk.
    static func within(
        coords: UnsafeBufferPointer<Float>, nodeSize: Int, _ qx: Double, _ qy: Double, _ r: Double,
        into result: inout PositionBuffer
    ) {
        let count = coords.count / 2
        guard count > 0, let base = coords.baseAddress else { return }
        let r2 = r * r
        let box = BoxFilter(qx, qy, r)
        var left = 0, right = count - 1, axis = 0
        while right - left > nodeSize {
            let m = (left + right) >> 1
            let x = Double(base[2 * m]), y = Double(base[2 * m + 1])
            let dx = x - qx, dy = y - qy
            let q = axis == 0 ? qx : qy, c = axis == 0 ? x : y
            let visitLeft = q - r <= c, visitRight = q + r >= c
            if dx * dx + dy * dy <= r2 || visitLeft == visitRight { break }
            left = visitLeft ? left : m + 1
            right = visitLeft ? m - 1 : right
            axis = 1 - axis
        }
        withUnsafeTemporaryAllocation(of: (Int32, Int32, Int32).self, capacity: 64) { stack in
            var top = 0
            stack[0] = (Int32(left), Int32(right), Int32(axis))
            top = 1
            while top > 0 {
                top -= 1
                let (l, rt, ax) = stack[top]
                let left = Int(l), right = Int(rt), axis = Int(ax)
                if right - left <= nodeSize {
                    var i = left
                    while i + 3 <= right {
                        if box.mayHold(UnsafeRawPointer(base + 2 * i).loadUnaligned(as: SIMD8<Float>.self)) {
                            for j in i..<i + 4 {
                                let dx = Double(base[2 * j]) - qx, dy = Double(base[2 * j + 1]) - qy
                                if dx * dx + dy * dy <= r2 { result.append(j) }
                            }
                        }
                        i += 4
                    }
                    while i <= right {
                        let dx = Double(base[2 * i]) - qx, dy = Double(base[2 * i + 1]) - qy
                        if dx * dx + dy * dy <= r2 { result.append(i) }
                        i += 1
                    }
                    continue
                }
                let m = (left + right) >> 1
                let x = Double(base[2 * m]), y = Double(base[2 * m + 1])
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

    /// A `Float` box around a disc that holds every point the exact `Double` distance test accepts.
    ///
    /// A point that passes `dx * dx + dy * dy <= r * r` (rounded) lies within `r * (1 + 2^-50)` of the
    /// centre on each axis; the box adds a far larger margin (`r * 2^-30 + 2^-60`) and rounds its
    /// `Float` edges outwards, so it can only let through extra points, which the exact test then drops.
    struct BoxFilter {
        let minX, minY, maxX, maxY: Float

        @inline(__always)
        init(_ qx: Double, _ qy: Double, _ r: Double) {
            let pad = r + r * 0x1p-30 + 0x1p-60
            minX = Float(qx - pad).nextDown
            minY = Float(qy - pad).nextDown
            maxX = Float(qx + pad).nextUp
            maxY = Float(qy + pad).nextUp
        }

        /// Whether any of four interleaved points `(x0, y0, x1, y1, ...)` lies in the box.
        @inline(__always)
        func mayHold(_ v: SIMD8<Float>) -> Bool {
            let xs = v.evenHalf, ys = v.oddHalf
            return any((xs .>= minX) .& (xs .<= maxX) .& (ys .>= minY) .& (ys .<= maxY))
        }
    }
}
