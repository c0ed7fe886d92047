/// Where a patterned extrusion's walls read their pattern, as MapLibre lays it out: along a ring by its edge distance
/// (whole sixteenths of a pixel at the pattern's zoom, from the ring's first point; the wall ending at point `k` starts
/// its distance there and runs on to the point before it), up the wall by height, from the origin of the tile holding
/// the ring's first point. The flat map's painter and the globe's both lay walls out so.
struct ExtrusionWallPattern {
    /// Per point `k`: the pattern's x at point `k` on the wall ending there.
    var edgeStart: [Double]
    /// Per point `k`: the pattern's x at the point before `k` on the wall ending at `k`.
    var edgeEnd: [Double]
    /// The pattern's y at the walls' base and top.
    var vBase: Double, vTop: Double

    /// `world`: the ring's points (world fractions); `tiles`: tiles across the world at the pattern's zoom; `oneWorld`:
    /// the tile origin taken into the world `0..<1` (the globe has one world; the flat map's copies keep their own).
    init(world: [Point], tiles: Double, base: Double, height: Double, oneWorld: Bool = false) {
        let n = world.count
        let scale = 512 * tiles
        var origin = n == 0 ? Point(x: 0, y: 0)
            : Point(x: (world[0].x * tiles).rounded(.down) * 512, y: (world[0].y * tiles).rounded(.down) * 512)
        if oneWorld { origin.x -= (origin.x / scale).rounded(.down) * scale }
        edgeStart = Array(repeating: 0, count: n)
        edgeEnd = Array(repeating: 0, count: n)
        var total = 0.0
        for k in stride(from: 1, through: n, by: 1) {
            let p = world[k - 1], q = world[k % n]
            let units = (((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot() * scale * 16).rounded(.towardZero)
            edgeStart[k % n] = origin.x + total
            edgeEnd[k % n] = edgeStart[k % n] + units / 16
            total += units / 16
        }
        let heightScale = tiles / 65536
        vBase = origin.y - base * heightScale
        vTop = origin.y - height * heightScale
    }
}
