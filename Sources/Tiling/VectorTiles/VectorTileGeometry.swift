/// A decoded feature geometry in tile coordinates, stored flat: one `x, y` array and the point
/// offset where each ring starts (plus one closing entry). Reuse one value across features to
/// decode without allocating.
package struct VectorTileGeometry: Sendable, Hashable {
    /// x, y pairs of all rings.
    package internal(set) var coordinates = ContiguousArray<Int32>()
    /// Point offset where each ring starts, then the total point count (empty before decoding).
    package internal(set) var ringOffsets = ContiguousArray<Int32>()

    /// An empty geometry.
    package init() {}

    mutating func removeAll() {
        coordinates.removeAll(keepingCapacity: true)
        ringOffsets.removeAll(keepingCapacity: true)
    }

    /// The number of rings (each MoveTo starts one).
    package var ringCount: Int { max(0, ringOffsets.count - 1) }

    /// The number of points.
    package var pointCount: Int { coordinates.count / 2 }

    /// The points of ring `i`.
    package func points(ofRing i: Int) -> [TilePoint] {
        let from = Int(ringOffsets[i]), to = Int(ringOffsets[i + 1])
        var out = [TilePoint]()
        out.reserveCapacity(to - from)
        for p in from..<to { out.append(TilePoint(x: coordinates[2 * p], y: coordinates[2 * p + 1])) }
        return out
    }

    /// Every ring as a list of points.
    package var rings: [[TilePoint]] { (0..<ringCount).map(points(ofRing:)) }

    /// Twice the signed area of ring `i` (the spec's shoelace sum: positive for clockwise on screen, y down).
    package func signedArea(ofRing i: Int) -> Int64 {
        let from = Int(ringOffsets[i]), to = Int(ringOffsets[i + 1])
        return coordinates.withUnsafeBufferPointer { c in
            var sum: Int64 = 0
            guard to > from else { return 0 }
            var j = to - 1
            for k in from..<to {
                sum += (Int64(c[2 * j]) - Int64(c[2 * k])) * (Int64(c[2 * k + 1]) + Int64(c[2 * j + 1]))
                j = k
            }
            return sum
        }
    }

    /// Rings grouped into polygons as vector-tile-js `classifyRings`: the first ring with a
    /// non-zero area sets the exterior winding; each ring of that winding starts a polygon, the
    /// others are its holes; zero-area rings are dropped. Values are ring indices.
    package func classifyRings() -> [[Int]] {
        VectorTileGeometry.classifyRings(count: ringCount, signedArea: signedArea(ofRing:))
    }

    /// vector-tile-js's `classifyRings` over `count` rings whose signed areas `signedArea` gives: the
    /// one grouping rule, shared by this geometry and the columnar decoder's features.
    package static func classifyRings<Area: BinaryInteger>(count n: Int, signedArea: (Int) -> Area) -> [[Int]] {
        if n <= 1 { return [Array(0..<n)] }
        var polygons = [[Int]](), polygon: [Int]? = nil
        var exteriorNegative: Bool?
        for i in 0..<n {
            let area = signedArea(i)
            if area == 0 { continue }
            if exteriorNegative == nil { exteriorNegative = area < 0 }
            if exteriorNegative == (area < 0) {
                if let p = polygon { polygons.append(p) }
                polygon = [i]
            } else if polygon != nil {
                polygon!.append(i)
            }
        }
        if let p = polygon { polygons.append(p) }
        return polygons
    }
}
