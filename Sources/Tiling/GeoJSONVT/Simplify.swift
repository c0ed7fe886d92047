import GeoJSON
/// Douglas-Peucker importance for the points of one line (geojson-vt's `simplify`).
///
/// Points strictly between `first` and `last` (value offsets of triples in `coords`) that some
/// tolerance would keep get their squared distance stored as importance (the third value);
/// others keep 0. Uses an explicit stack, so long degenerate lines cannot overflow the call stack.
/// Subranges are independent, so the result equals geojson-vt's recursive version, except where
/// several points tie for farthest in a range that does not start at 0 (see `mid`).
func simplify(_ coords: UnsafeMutableBufferPointer<Double>, first: Int, last: Int, sqTolerance: Double, stack: inout [(Int, Int)]) {
    stack.removeAll(keepingCapacity: true)
    stack.append((first, last))
    while let (first, last) = stack.popLast() {
        var maxSqDist = sqTolerance
        // geojson-vt measures the middle from 0 (`(last - first) >> 1`), so in a range far from the
        // start every tie goes to its first point and a zig-zag splits one point at a time: n^2.
        // Measured from `first` (the same for the first range), ties split in the middle: n log n.
        let mid = first + ((last - first) >> 1)
        var minPosToMid = last - first
        var index = -1
        let ax = coords[first], ay = coords[first + 1]
        let bx = coords[last], by = coords[last + 1]
        var i = first + 3
        while i < last {
            let d = squaredSegmentDistance(coords[i], coords[i + 1], ax, ay, bx, by)
            if d > maxSqDist {
                index = i
                maxSqDist = d
            } else if d == maxSqDist {
                // pick a pivot close to the middle for degenerate input (geojson-vt #104)
                let posToMid = abs(i - mid)
                if posToMid < minPosToMid {
                    index = i
                    minPosToMid = posToMid
                }
            }
            i += 3
        }
        if maxSqDist > sqTolerance, index >= 0 {
            coords[index + 2] = maxSqDist
            if last - index > 3 { stack.append((index, last)) }
            if index - first > 3 { stack.append((first, index)) }
        }
    }
}

/// Squared distance from point p to segment a-b.
@inline(__always)
func squaredSegmentDistance(_ px: Double, _ py: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
    var x = ax, y = ay
    var dx = bx - x, dy = by - y
    if dx != 0 || dy != 0 {
        let t = ((px - x) * dx + (py - y) * dy) / (dx * dx + dy * dy)
        if t > 1 {
            x = bx
            y = by
        } else if t > 0 {
            x += dx * t
            y += dy * t
        }
    }
    dx = px - x
    dy = py - y
    return dx * dx + dy * dy
}
