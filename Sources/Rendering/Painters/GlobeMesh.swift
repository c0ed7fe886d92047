import Foundation
import Geo

/// GL JS's tile mesh on the globe (`createTileMesh`): a world rectangle cut into `cells x cells`
/// quads, two triangles each, optionally with a row of triangles from its top (bottom) edge to the
/// north (south) pole; each vertex projected as GL JS's globe vertex shader projects it
/// (`interpolateProjection`: the blend of the sphere's and the Mercator camera's clip positions, the
/// far side pushed past the far plane by the horizon plane's clip `z`), the triangles clipped by GL's
/// clip volume and rasterized with GL's rules (pixel centres, the top-left rule, back faces culled),
/// the world position interpolated perspective-correct across each triangle.
///
/// Backgrounds, rasters, hillshades and the tiles' clips draw through it on the globe: what GL JS
/// draws with tile meshes shows on exactly the pixels it shows in GL JS, its silhouette included
/// (the chords of the mesh cut by the horizon plane, slightly inside the true sphere).
struct GlobeTileMesh {
    /// The world rectangle (x may lie outside 0...1: a tile of another world copy).
    let bounds: WorldBounds
    /// Quads a side.
    let cells: Int
    /// Whether the mesh reaches the north (south) pole from its top (bottom) edge.
    let north: Bool
    let south: Bool

    /// The mesh of a tile rectangle at `granularity` (GL JS's `granularitySettingsGlobe`), reaching
    /// the poles when it touches the world's top or bottom edge.
    init(bounds: WorldBounds, granularity: (base: Int, minimum: Int), allowPoles: Bool = true) {
        self.bounds = bounds
        let z = max(0, min(30, Int(bounds.zoom)))
        cells = max(1, max(granularity.base >> min(z, 62), granularity.minimum))
        north = allowPoles && bounds.minY <= 0
        south = allowPoles && bounds.maxY >= 1
    }

    init(bounds: WorldBounds, cells: Int, north: Bool, south: Bool) {
        self.bounds = bounds
        self.cells = max(1, cells)
        self.north = north
        self.south = south
    }
}

/// GL JS's subdivision settings for whole tiles on the globe.
extension GlobeGranularity {
    /// Stencil masks (tile clips): 128 cells across a zoom 0 tile, at least 1.
    static let stencil = (base: 128, minimum: 1)
}

/// One row of pixels a globe mesh covers: columns `x0..<x1` of row `y`, with the world position
/// under each pixel centre (interpolated perspective-correct, as GL interpolates varyings).
struct GlobeSpan {
    let y: Int
    let x0: Int
    let x1: Int
    // along the row: at pixel centre x + 0.5 the attribute is start + slope * (x + 0.5 - left)
    let left: Double
    let q0: Double, dq: Double
    let a0: Double, da: Double
    let b0: Double, db: Double
    // down the picture (per row), over the triangle's plane: what GL's derivatives see
    let dqdy: Double, dady: Double, dbdy: Double

    /// The world position under the centre of pixel `x` of the row.
    @inline(__always)
    func world(_ x: Int) -> Point {
        let t = Double(x) + 0.5 - left
        let q = q0 + dq * t
        return Point(x: (a0 + da * t) / q, y: (b0 + db * t) / q)
    }

    /// The world position the span's triangle gives pixel (`x`, `y`), on or off the triangle (GL's
    /// helper pixels: a 2 x 2 quad's derivatives come from the triangle's plane extended).
    @inline(__always)
    func world(_ x: Int, row y: Int) -> Point {
        let t = Double(x) + 0.5 - left, r = Double(y - self.y)
        let q = q0 + dq * t + dqdy * r
        return Point(x: (a0 + da * t + dady * r) / q, y: (b0 + db * t + dbdy * r) / q)
    }
}

extension GlobeView {
    /// A vertex of a globe mesh in clip space: `x`, `y` the screen offsets times `w` (so that the
    /// screen position is the view's centre plus `x / w`, `y / w`), `w` the depth, `d` how far inside
    /// the horizon's clip (GL's `w - z`; negative: clipped), `n` how far beyond the near plane, and the
    /// world position it carries.
    struct ClipVertex {
        var x: Double, y: Double, w: Double, d: Double, n: Double
        var wx: Double, wy: Double

        @inline(__always)
        static func mix(_ a: ClipVertex, _ b: ClipVertex, _ t: Double) -> ClipVertex {
            ClipVertex(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, w: a.w + (b.w - a.w) * t,
                       d: a.d + (b.d - a.d) * t, n: a.n + (b.n - a.n) * t,
                       wx: a.wx + (b.wx - a.wx) * t, wy: a.wy + (b.wy - a.wy) * t)
        }
    }

    /// GL JS's near plane (view-space pixels in front of the camera).
    static let nearZ = 0.5

    /// The clip-space vertex of unit-sphere point `s` whose Mercator position is world (`fx`, `fy`)
    /// (this world copy, not wrapped), carrying world position (`wx`, `wy`); `pole` for the mesh's
    /// pole vertices (GL JS hides them until the last 2 % of the blend).
    @inline(__always)
    func clipVertex(sphere s: Vector3, flatX fx: Double, flatY fy: Double, wx: Double, wy: Double, pole: Bool) -> ClipVertex {
        let g = camera.view(s)
        let side = camera.horizonSide(s)
        let wg = -g.z
        var v = g
        var z: Double
        if globeness >= 1 {
            z = (1 - side) * wg
        } else if pole {
            let zg = (1 - side) * wg
            let k = pow(max((1 - globeness) / 0.02, 0), 8)
            z = zg + (100 - zg) * k
        } else {
            let m = mercatorView(worldX: fx, y: fy, wrapped: false)
            let k = globeness
            v = Vector3(m.x + (g.x - m.x) * k, m.y + (g.y - m.y) * k, m.z + (g.z - m.z) * k)
            z = clipWeight * (1 - side) * wg
        }
        let w = -v.z
        return ClipVertex(x: camera.distance * v.x, y: -camera.distance * v.y, w: w, d: w - z, n: w - GlobeView.nearZ,
                          wx: wx, wy: wy)
    }
}

extension PaintContext {
    /// Rasterizes `mesh` within the clip (and `rows`, when given), calling `body` for each run of
    /// pixels it covers; a pixel is covered by at most one triangle (GL's top-left rule).
    func rasterizeGlobeMesh(_ mesh: GlobeTileMesh, globe g: GlobeView, _ body: (GlobeSpan) -> Void) {
        GlobeMeshRasterizer(globe: g, clip: clip).rasterize(mesh, body)
    }
}

/// The triangle setup and scan conversion behind ``PaintContext/rasterizeGlobeMesh(_:globe:_:)``.
struct GlobeMeshRasterizer {
    let globe: GlobeView
    let clip: PixelClip
    /// Screen pixels per pixel of the target across and down (about 4 for the heatmap's quarter-size
    /// framebuffer): the clip is in the target's pixels.
    var pixelScale = (x: 1.0, y: 1.0)
    /// Quads to leave out: called with the screen bounds (`minX`, `minY`, `maxX`, `maxY`) of a quad wholly in
    /// front of the horizon and the near plane; `true` skips its two triangles (``GlobeCover`` skips those
    /// whose pixels it already knows to be covered).
    var skipsQuad: ((Double, Double, Double, Double) -> Bool)? = nil
    /// Whether a tile that cannot reach the clip is left out before its vertices are worked out (tests compare both ways).
    var skipsTilesOffClip = true
    /// Whether the spans carry the world position under their pixels; without, only which pixels are covered (the
    /// globe's cover), and the attributes are left at zero.
    var interpolates = true

    /// Screen-space polygon vertex: position and the attributes affine in screen space (`1 / w`,
    /// world x / w, world y / w).
    private struct ScreenVertex {
        var x: Double, y: Double, q: Double, a: Double, b: Double
    }

    func rasterize(_ mesh: GlobeTileMesh, _ body: (GlobeSpan) -> Void) {
        guard !clip.isEmpty else { return }
        let g = globe
        let n = mesh.cells
        let b = mesh.bounds
        let width = b.maxX - b.minX, height = b.maxY - b.minY
        guard width > 0, height > 0, width.isFinite, height.isFinite else { return }
        // the grid's sphere points and the blocks' caps: the tile's, kept between frames
        let tile = GlobeTileGrid.cached(mesh, sine: g.sine)
        let grid = tile.grid
        // the grid's rows, with the pole's (-1, n + 1) when the mesh reaches it
        let whole = Block(columns: 0...n, rows: (mesh.north ? -1 : 0)...(mesh.south ? n + 1 : n))
        if passesOver(mesh, whole, grid, cap: tile.wholeCap) { return }
        // A tile of the sphere is drawn a block of cells at a time (the rows to a pole a block of their own across
        // each block's columns), and the blocks that cannot show in the clip (off it, behind the horizon, or left
        // out whole by `skipsQuad`) are passed over before their vertices are worked out: at the limb, most of a
        // tile's quads are behind the horizon or well inside the outline.
        // (a block's clip-space and screen vertices: one pair of buffers for the tile's blocks)
        var vertices: [GlobeView.ClipVertex] = [], screens: [ScreenVertex] = []
        guard skipsTilesOffClip, g.isSphere, n > GlobeMeshRasterizer.blockCells else {
            rasterize(mesh, whole, grid, &vertices, &screens, body)
            return
        }
        var k = 0
        for rows in tile.blockRows {
            for columns in tile.blockColumns {
                defer { k += 1 }
                let block = Block(columns: columns, rows: rows)
                if passesOver(mesh, block, grid, cap: tile.blockCaps[k]) { continue }
                rasterize(mesh, block, grid, &vertices, &screens, body)
            }
        }
    }

    /// Cells a side of the blocks a tile of the sphere is drawn in.
    static let blockCells = 8

    /// Whether nothing of `block` of `mesh` can show in the clip, told before its vertices are worked out: off the clip
    /// or behind the horizon (with ``skipsTilesOffClip``), or left out whole by ``skipsQuad``.
    /// `cap` is the block's (``GlobeTileGrid``).
    private func passesOver(_ mesh: GlobeTileMesh, _ block: Block, _ grid: Grid, cap: SphereCap?) -> Bool {
        if skipsTilesOffClip, let cap, hides(cap) || misses(cap) { return true }
        if let skipsQuad, skipsWholeBlock(mesh, block, grid, skipsQuad) { return true }
        return false
    }

    /// Whether the whole sphere lies in front of GL JS's near plane (its nearest point is): every vertex of a mesh on it
    /// then has a positive `w`.
    private var sphereIsBeyondNearPlane: Bool {
        -globe.camera.view(Vector3(0, 0, 0)).z - globe.camera.radius >= GlobeView.nearZ
    }

    /// A tile grid's longitudes (world x, sine and cosine per column) and latitudes (sine and cosine per row).
    struct Grid {
        var xs: [Double], sinLng: [Double], cosLng: [Double], sinLat: [Double], cosLat: [Double]

        /// The unit-sphere point of grid vertex (`i`, `j`): row -1 (one past the last row) is the north (south) pole.
        @inline(__always)
        func sphere(_ i: Int, _ j: Int) -> Vector3 {
            if j < 0 { return Vector3(0, 1, 0) }
            if j >= sinLat.count { return Vector3(0, -1, 0) }
            return Vector3(sinLng[i] * cosLat[j], sinLat[j], cosLng[i] * cosLat[j])
        }
    }

    /// The grid vertices a part of a tile's mesh spans: `columns` and `rows` of the grid's vertices (the cells
    /// between them).
    struct Block {
        var columns: ClosedRange<Int>
        var rows: ClosedRange<Int>
    }

    /// Rasterizes the cells of `block` (rows -1 and `cells + 1` are the pole's), its vertices worked out into
    /// `vertices` and `screens` (emptied first: scratch the caller keeps for its blocks).
    private func rasterize(_ mesh: GlobeTileMesh, _ block: Block, _ grid: Grid, _ vertices: inout [GlobeView.ClipVertex],
                           _ screens: inout [ScreenVertex], _ body: (GlobeSpan) -> Void) {
        let g = globe
        let n = mesh.cells
        let b = mesh.bounds
        let height = b.maxY - b.minY
        // the tile's flat position uses the world copy nearest the view's centre (one copy per tile,
        // so no triangle straddles two copies)
        let shift = g.copyShift(low: b.minX, high: b.maxX)
        let firstRow = block.rows.lowerBound, lastRow = block.rows.upperBound
        let columns = block.columns.count
        let rowCount = lastRow - firstRow + 1
        vertices.removeAll(keepingCapacity: true)
        vertices.reserveCapacity(columns * rowCount)
        screens.removeAll(keepingCapacity: true)
        screens.reserveCapacity(columns * rowCount)
        for j in firstRow...lastRow {
            let pole = j < 0 || j > n
            let y: Double
            let rowSin: Double, rowCos: Double
            if j < 0 {
                // GL JS's pole vertex: the tile's texture coordinates run on to 4 tiles above it
                y = b.minY - 4 * height
                rowSin = 1; rowCos = 0
            } else if j > n {
                y = b.maxY + 4 * height
                rowSin = -1; rowCos = 0
            } else {
                y = b.minY + height * Double(j) / Double(n)
                rowSin = grid.sinLat[j]; rowCos = grid.cosLat[j]
            }
            for i in block.columns {
                let s = Vector3(grid.sinLng[i] * rowCos, rowSin, grid.cosLng[i] * rowCos)
                let v = g.clipVertex(sphere: s, flatX: grid.xs[i] - shift, flatY: y, wx: grid.xs[i], wy: y, pole: pole)
                vertices.append(v)
                screens.append(v.w > 0 ? screen(v) : ScreenVertex(x: .nan, y: .nan, q: 0, a: 0, b: 0))
            }
        }
        let clipTop = Double(clip.y0), clipBottom = Double(clip.y1)
        vertices.withUnsafeBufferPointer { v in
            screens.withUnsafeBufferPointer { sv in
                for r in 0..<(rowCount - 1) {
                    // a row of quads wholly visible and wholly above or below the clip draws nothing
                    var top = Double.infinity, bottom = -Double.infinity, inside = true
                    for k in (r * columns)..<((r + 2) * columns) {
                        let p = v[k]
                        if p.d < 0 || p.n < 0 { inside = false; break }
                        top = min(top, sv[k].y); bottom = max(bottom, sv[k].y)
                    }
                    if inside && (bottom < clipTop - 1 || top > clipBottom + 1) { continue }
                    for i in 0..<(columns - 1) {
                        let v0 = r * columns + i, v1 = v0 + 1, v2 = v0 + columns, v3 = v2 + 1
                        if let skipsQuad, v[v0].d >= 0, v[v1].d >= 0, v[v2].d >= 0, v[v3].d >= 0,
                           v[v0].n >= 0, v[v1].n >= 0, v[v2].n >= 0, v[v3].n >= 0 {
                            let a = sv[v0], b = sv[v1], c = sv[v2], d = sv[v3]
                            // (three, then the fourth: `min` and `max` of four take an array, one allocation each)
                            if skipsQuad(min(min(a.x, b.x, c.x), d.x), min(min(a.y, b.y, c.y), d.y),
                                         max(max(a.x, b.x, c.x), d.x), max(max(a.y, b.y, c.y), d.y)) { continue }
                        }
                        // GL JS's winding: (v0, v2, v1) and (v1, v2, v3)
                        triangle(v0, v2, v1, v, sv, body)
                        triangle(v1, v2, v3, v, sv, body)
                    }
                }
            }
        }
    }

    /// The grid vertices `(i, j)` along a block's edge, in order: top row left to right, right column down, bottom
    /// row right to left, left column up, back to its first (``BlockEdge``: worked out by index, no array).
    static func edge(_ block: Block) -> BlockEdge { BlockEdge(block: block) }

    /// The grid vertices along a block's edge (``edge(_:)``), each worked out from its index.
    struct BlockEdge: RandomAccessCollection {
        let block: Block

        var startIndex: Int { 0 }
        /// Every vertex of the edge once, and its first again.
        var endIndex: Int { 2 * (block.columns.count - 1 + block.rows.count - 1) + 1 }

        subscript(k: Int) -> (i: Int, j: Int) {
            let (i0, i1, j0, j1) = (block.columns.lowerBound, block.columns.upperBound, block.rows.lowerBound, block.rows.upperBound)
            let (c, r) = (i1 - i0, j1 - j0)
            if k < c { return (i0 + k, j0) }
            if k < c + r { return (i1, j0 + k - c) }
            if k < 2 * c + r { return (i1 - (k - c - r), j1) }
            if k < 2 * (c + r) { return (i0, j1 - (k - 2 * c - r)) }
            return (i0, j0)
        }
    }

    /// Whether, on the sphere, every point of `cap` projects beyond one of the clip's edges (two pixels out): nothing
    /// of the block can reach the clip. The test is linear in the point, so the mesh's flat triangles between points
    /// of the cap, and their cuts by the horizon and near planes, are off the clip too.
    private func misses(_ cap: SphereCap) -> Bool {
        let sx = pixelScale.x, sy = pixelScale.y
        return globe.isSphere && globe.camera.screenMisses(cap, left: (Double(clip.x0) - 2) * sx, top: (Double(clip.y0) - 2) * sy,
                                         right: (Double(clip.x1) + 2) * sx, bottom: (Double(clip.y1) + 2) * sy)
    }

    /// Whether every vertex of a block of the sphere is behind the horizon, so that every triangle of it is left out
    /// (its cap is behind the horizon plane, and the whole sphere in front of the near plane: every vertex then has
    /// a negative clip distance ``GlobeView/ClipVertex/d``).
    func hides(_ cap: SphereCap) -> Bool {
        globe.isSphere && sphereIsBeyondNearPlane && globe.camera.hides(cap)
    }

    /// Whether `skipsQuad` would leave out every quad of a block of `mesh` (a tile of the sphere; never a block reaching
    /// the pole), told from its edge's vertices alone: on the sphere a block smaller than a hemisphere whose edge is
    /// wholly in front of the horizon is wholly in front of it (the hidden part of the sphere is larger than a
    /// hemisphere and would have to lie inside the block), and so is every point of the sphere in front of the near
    /// plane when its nearest point is; what the camera sees of such a block is bounded by its edge, so its quads'
    /// screen boxes lie in the box of the edge's vertices, widened by how far the edge bows between them. `skipsQuad`
    /// passing that box passes every quad's (its region is convex).
    func skipsWholeBlock(_ mesh: GlobeTileMesh, _ block: Block, _ grid: Grid,
                         _ skipsQuad: (Double, Double, Double, Double) -> Bool) -> Bool {
        let g = globe
        let b = mesh.bounds
        guard g.isSphere, block.rows.lowerBound >= 0, block.rows.upperBound <= mesh.cells,
              b.maxX - b.minX <= 0.25, b.maxY - b.minY <= 0.25, sphereIsBeyondNearPlane else { return false }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var longest = 0.0, widest = 0.0
        var previous: (s: Vector3, x: Double, y: Double)? = nil
        for (i, j) in GlobeMeshRasterizer.edge(block) {
            let s = grid.sphere(i, j)
            guard g.camera.horizonSide(s) >= 0 else { return false }
            let p = g.camera.screen(s)
            let x = p.x / pixelScale.x, y = p.y / pixelScale.y
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            if let previous {
                longest = max(longest, ((x - previous.x) * (x - previous.x) + (y - previous.y) * (y - previous.y)).squareRoot())
                widest = max(widest, (s - previous.s).length)
            }
            previous = (s, x, y)
        }
        // an arc of angle θ bows θ/8 of its chord's length from it; twice that, and a pixel
        let bow = 1 + longest * 2 * asin(min(1, widest / 2)) / 4
        return skipsQuad(minX - bow, minY - bow, maxX + bow, maxY + bow)
    }

    /// Clips one triangle by the horizon's and the near plane, culls it when it faces away, and
    /// scans it.
    @inline(__always)
    private func triangle(_ ia: Int, _ ib: Int, _ ic: Int, _ v: UnsafeBufferPointer<GlobeView.ClipVertex>,
                          _ sv: UnsafeBufferPointer<ScreenVertex>, _ body: (GlobeSpan) -> Void) {
        let a = v[ia], b = v[ib], c = v[ic]
        if a.d < 0 && b.d < 0 && c.d < 0 { return }
        if a.n < 0 && b.n < 0 && c.n < 0 { return }
        if a.d >= 0 && b.d >= 0 && c.d >= 0 && a.n >= 0 && b.n >= 0 && c.n >= 0 {
            var p = (sv[ia], sv[ib], sv[ic])
            withUnsafeMutableBytes(of: &p) { raw in
                let buffer = raw.bindMemory(to: ScreenVertex.self)
                scan(UnsafeBufferPointer(buffer), body)
            }
            return
        }
        // Sutherland-Hodgman on the two planes, crossing points interpolated from the vertex inside; each plane adds a
        // vertex at most, so the polygons (in and out of each plane, on the stack) have 5 at most
        withUnsafeTemporaryAllocation(of: GlobeView.ClipVertex.self, capacity: 10) { buffer in
            let (first, second) = (UnsafeMutableBufferPointer(rebasing: buffer[0..<5]), UnsafeMutableBufferPointer(rebasing: buffer[5..<10]))
            first[0] = a; first[1] = b; first[2] = c
            var count = 3
            for plane in 0..<2 {
                let (poly, out) = plane == 0 ? (first, second) : (second, first)
                var n = 0
                for k in 0..<count {
                    let p = poly[k], q = poly[k + 1 < count ? k + 1 : 0]
                    let dp = plane == 0 ? p.d : p.n, dq = plane == 0 ? q.d : q.n
                    if dp >= 0 { out[n] = p; n += 1 }
                    if (dp >= 0) != (dq >= 0) {
                        out[n] = dp >= 0 ? .mix(p, q, dp / (dp - dq)) : .mix(q, p, dq / (dq - dp))
                        n += 1
                    }
                }
                count = n
                if count < 3 { return }
            }
            // (after the second plane the polygon is back in `first`)
            withUnsafeTemporaryAllocation(of: ScreenVertex.self, capacity: 5) { screens in
                for k in 0..<count { screens[k] = screen(first[k]) }
                scan(UnsafeBufferPointer(rebasing: screens[0..<count]), body)
            }
        }
    }

    /// Subpixel steps per pixel vertex positions snap to (SwiftShader's 4 bits, as GL JS's references draw).
    static let subpixel = 16.0

    /// A screen position on the subpixel grid (nearest step).
    @inline(__always)
    static func snapped(_ p: Point) -> Point {
        Point(x: (p.x * subpixel).roundedHalfAway / subpixel, y: (p.y * subpixel).roundedHalfAway / subpixel)
    }

    @inline(__always)
    private func screen(_ v: GlobeView.ClipVertex) -> ScreenVertex {
        let q = 1 / v.w
        let s = GlobeMeshRasterizer.subpixel
        let x = ((globe.halfWidth + v.x * q) * s / pixelScale.x).roundedHalfAway / s
        let y = ((globe.halfHeight + v.y * q) * s / pixelScale.y).roundedHalfAway / s
        return ScreenVertex(x: x, y: y, q: q, a: v.wx * q, b: v.wy * q)
    }

    /// Rasterizes triangles of clip-space vertices (each `(a, b, c)` indexes `vertices`), clipped, culled and
    /// scanned as the tile meshes are; the span's world position is the vertices' `wx`, `wy` interpolated.
    func rasterize(vertices: [GlobeView.ClipVertex], triangles: [(Int, Int, Int)], _ body: (GlobeSpan) -> Void) {
        guard !clip.isEmpty else { return }
        let screens = vertices.map { $0.w > 0 ? screen($0) : ScreenVertex(x: .nan, y: .nan, q: 0, a: 0, b: 0) }
        vertices.withUnsafeBufferPointer { v in
            screens.withUnsafeBufferPointer { sv in
                for (a, b, c) in triangles { triangle(a, b, c, v, sv, body) }
            }
        }
    }

    /// Scans a convex polygon (in the triangle's winding): the pixel centres inside it, rows within
    /// the clip. A centre on an edge belongs to the triangle on the edge's right or, for a horizontal
    /// edge, above it: GL's top-left rule in GL's window coordinates, whose y axis points up (the
    /// pictures GL JS reads back are turned upside down).
    private func scan(_ p: UnsafeBufferPointer<ScreenVertex>, _ body: (GlobeSpan) -> Void) {
        let count = p.count
        // signed area in the y-down screen: GL's front faces (counter-clockwise in y-up clip space)
        // have a negative one here; back faces are culled as GL JS culls them
        var area = 0.0
        var minY = Double.infinity, maxY = -Double.infinity, minX = Double.infinity, maxX = -Double.infinity
        for k in 0..<count {
            let u = p[k], v = p[k + 1 < count ? k + 1 : 0]
            area += u.x * v.y - v.x * u.y
            minY = min(minY, u.y); maxY = max(maxY, u.y)
            minX = min(minX, u.x); maxX = max(maxX, u.x)
        }
        guard area < 0, minY.isFinite, maxY.isFinite, minX.isFinite, maxX.isFinite else { return }
        // the attributes' gradients down the picture, from the polygon's widest fan triangle
        var dqdy = 0.0, dady = 0.0, dbdy = 0.0, widest = 0.0
        for k in 1..<(count - 1) where interpolates {
            let a = p[0], b = p[k], c = p[k + 1]
            let det = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)
            guard abs(det) > widest else { continue }
            widest = abs(det)
            @inline(__always) func down(_ fa: Double, _ fb: Double, _ fc: Double) -> Double {
                ((b.x - a.x) * (fc - fa) - (c.x - a.x) * (fb - fa)) / det
            }
            dqdy = down(a.q, b.q, c.q); dady = down(a.a, b.a, c.a); dbdy = down(a.b, b.b, c.b)
        }
        // rows whose centre lies in (minY, maxY]
        let y0 = clampedInt((minY + 0.5).rounded(.down), clip.y0, clip.y1)
        let y1 = clampedInt((maxY + 0.5).rounded(.down), clip.y0, clip.y1)
        guard y0 < y1 else { return }
        let cx0 = clip.firstColumn(atOrRightOf: minX), cx1 = clip.firstColumn(atOrRightOf: maxX)
        guard cx0 < cx1 else { return }
        for y in y0..<y1 {
            let yc = Double(y) + 0.5
            var lx = Double.infinity, rx = -Double.infinity
            var lq = 0.0, la = 0.0, lb = 0.0, rq = 0.0, ra = 0.0, rb = 0.0
            for k in 0..<count {
                var u = p[k], v = p[k + 1 < count ? k + 1 : 0]
                // every edge is evaluated from its upper end, so the triangles sharing it agree exactly
                if u.y > v.y || (u.y == v.y && u.x > v.x) { swap(&u, &v) }
                guard u.y < yc, yc <= v.y else { continue }
                let t = (yc - u.y) / (v.y - u.y)
                let x = u.x + (v.x - u.x) * t
                if x < lx {
                    lx = x
                    if interpolates { lq = u.q + (v.q - u.q) * t; la = u.a + (v.a - u.a) * t; lb = u.b + (v.b - u.b) * t }
                }
                if x > rx {
                    rx = x
                    if interpolates { rq = u.q + (v.q - u.q) * t; ra = u.a + (v.a - u.a) * t; rb = u.b + (v.b - u.b) * t }
                }
            }
            guard lx < rx else { continue }
            let x0 = clip.firstColumn(atOrRightOf: lx), x1 = clip.firstColumn(atOrRightOf: rx)
            guard x0 < x1 else { continue }
            let inv = interpolates ? 1 / (rx - lx) : 0
            body(GlobeSpan(y: y, x0: x0, x1: x1, left: lx, q0: lq, dq: (rq - lq) * inv,
                           a0: la, da: (ra - la) * inv, b0: lb, db: (rb - lb) * inv,
                           dqdy: dqdy, dady: dady, dbdy: dbdy))
        }
    }
}
