import GeoJSON
/// Douglas-Peucker importance for the points of one line (geojson-vt's `simplify`).
///
/// Points strictly between `first` and `last` (value offsets of triples in `coords`) that some
/// tolerance would keep get their squared distance stored as importance (the third value);
/// others keep 0. Uses an explicit stack, so long degenerate lines cannot overflow the call stack.
/// Subranges are independent, so the result equals geojson-vt's recursive version, except where
/// several points tie for farthest in a range that does not start at 0 (see `mid`).
///
/// Douglas-Peucker costs the sum of its ranges' lengths: n log n when the farthest points split
/// ranges near their middles, n² when they fall next to an end (a zig-zag around a circle: the inner
/// points next to a chord's ends are the farthest). The scans are counted against a budget of
/// ``simplificationWorkBudget(points:)``; ordinary lines never reach it and get geojson-vt's
/// output. Past it, a range whose farthest point lies in an outer quarter is split at the farthest
/// point of its middle half instead (that point keeps its own distance as importance), so every split
/// leaves at most three quarters of the range on either side: n log n in the worst case.
/// Returns how many distances it computed (the work the budget counts).
@discardableResult
func simplify(_ coords: UnsafeMutableBufferPointer<Double>, first: Int, last: Int, sqTolerance: Double, stack: inout [(Int, Int)]) -> Int {
    stack.removeAll(keepingCapacity: true)
    stack.append((first, last))
    let initialBudget = simplificationWorkBudget(points: (last - first) / 3 + 1)
    var budget = initialBudget
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
        let inner = (last - first) / 3 - 1
        let balanced = budget < inner
        budget -= inner
        // the middle half of the range (triple offsets), used once the budget is spent
        let quarter = ((last - first) / 3 / 4) * 3
        let middleLow = first + quarter, middleHigh = last - quarter
        var middleIndex = -1
        var middleSqDist = -1.0
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
            if balanced, i >= middleLow, i <= middleHigh, d > middleSqDist {
                middleIndex = i
                middleSqDist = d
            }
            i += 3
        }
        guard maxSqDist > sqTolerance, index >= 0 else { continue }
        if balanced, index < middleLow || index > middleHigh, middleIndex >= 0 {
            index = middleIndex
            maxSqDist = middleSqDist
        }
        coords[index + 2] = maxSqDist
        if last - index > 3 { stack.append((index, last)) }
        if index - first > 3 { stack.append((first, index)) }
    }
    return initialBudget - budget
}

/// How many point-to-chord distances Douglas-Peucker may compute on a line of `points` points
/// before it switches to balanced splits: 8 n log₂ n, far above what real lines need.
func simplificationWorkBudget(points: Int) -> Int {
    let n = max(points, 2)
    let log2n = Int.bitWidth - (n - 1).leadingZeroBitCount
    return 8 * n * log2n + 1024
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
