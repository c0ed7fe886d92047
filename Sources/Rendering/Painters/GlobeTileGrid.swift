import Foundation
import Geo

/// What a tile mesh on the globe is before any camera sees it: its grid's longitudes and latitudes on the
/// sphere (``GlobeMeshRasterizer/Grid``) and the caps holding the blocks it is drawn in, worked out once per tile
/// and kept between frames and bands, as GL JS keeps each tile's mesh (`getMeshFromTileID`).
///
/// It depends on the tile's rectangle, its cells, whether it reaches the poles and the view's sines, never on the
/// camera: ``cached(_:sine:)`` keys it by them.
final class GlobeTileGrid: Sendable {
    /// The grid's longitudes per column and latitudes per row.
    let grid: GlobeMeshRasterizer.Grid
    /// The rows of blocks the tile is drawn in, top to bottom (a pole's row of triangles a block row of its own).
    let blockRows: [ClosedRange<Int>]
    /// The columns of blocks, left to right.
    let blockColumns: [ClosedRange<Int>]
    /// The cap holding the whole mesh (nil: it would reach a hemisphere).
    let wholeCap: SphereCap?
    /// The cap holding each block, row by row (`blockCaps[r * blockColumns.count + c]`).
    let blockCaps: [SphereCap?]

    init(_ mesh: GlobeTileMesh, sine: GlobeSine) {
        let n = mesh.cells
        let b = mesh.bounds
        let width = b.maxX - b.minX
        // the sphere is separable: longitude per column, latitude per row
        var sinLng = [Double](repeating: 0, count: n + 1), cosLng = sinLng, xs = sinLng
        for i in 0...n {
            let x = b.minX + width * Double(i) / Double(n)
            xs[i] = x
            let lng = x * 2 * .pi - .pi
            // GL JS's longitude is 2π x + π: the same angle, as the sine in use sees it
            sinLng[i] = sine == .exact ? sin(lng) : sine.sin(lng + 2 * .pi)
            cosLng[i] = sine == .exact ? cos(lng) : sine.cos(lng + 2 * .pi)
        }
        let (sinLat, cosLat) = GlobeTileGrid.latitudes(b, cells: n, sine: sine)
        let grid = GlobeMeshRasterizer.Grid(xs: xs, sinLng: sinLng, cosLng: cosLng, sinLat: sinLat, cosLat: cosLat)
        self.grid = grid
        let step = GlobeMeshRasterizer.blockCells
        var rows: [ClosedRange<Int>] = []
        if mesh.north { rows.append(-1...0) }
        for j in stride(from: 0, to: n, by: step) { rows.append(j...min(n, j + step)) }
        if mesh.south { rows.append(n...(n + 1)) }
        let columns = stride(from: 0, to: n, by: step).map { $0...min(n, $0 + step) }
        blockRows = rows
        blockColumns = columns
        wholeCap = GlobeTileGrid.cap(GlobeMeshRasterizer.Block(columns: 0...n, rows: (mesh.north ? -1 : 0)...(mesh.south ? n + 1 : n)),
                                     grid, sine: sine)
        var caps: [SphereCap?] = []
        caps.reserveCapacity(rows.count * columns.count)
        for r in rows {
            for c in columns { caps.append(GlobeTileGrid.cap(GlobeMeshRasterizer.Block(columns: c, rows: r), grid, sine: sine)) }
        }
        blockCaps = caps
    }

    /// The sine and cosine of the latitude of each row `0...n` of a tile's grid of `n` cells (as the view's sines
    /// put them on the sphere).
    static func latitudes(_ b: WorldBounds, cells n: Int, sine: GlobeSine) -> (sin: [Double], cos: [Double]) {
        var sinLat = [Double](repeating: 0, count: n + 1), cosLat = sinLat
        for j in 0...n {
            let y = b.minY + (b.maxY - b.minY) * Double(j) / Double(n)
            let t = max(-40, min(40, .pi * (1 - 2 * y)))
            let e = exp(t), e2 = e * e
            sinLat[j] = (e2 - 1) / (e2 + 1)
            cosLat[j] = 2 * e / (e2 + 1)
            if sine != .exact {
                let lat = 2 * atan(exp(.pi - y * 2 * .pi)) - .pi / 2
                sinLat[j] = sine.sin(lat)
                cosLat[j] = sine.cos(lat)
            }
        }
        return (sinLat, cosLat)
    }

    /// A cap holding a block of a tile of the sphere (its pole rows' vertices the pole), or `nil` when it would reach a
    /// hemisphere: on the sphere, a cap holding the block's outline vertices (and, widened by the outline's longest
    /// step, the outline between them) holds the block while it is under a hemisphere (a thousandth of a radian more
    /// with approximate sines, whose points are off the sphere by a fraction of that).
    static func cap(_ block: GlobeMeshRasterizer.Block, _ grid: GlobeMeshRasterizer.Grid, sine: GlobeSine) -> SphereCap? {
        let outline = GlobeMeshRasterizer.edge(block).dropLast().map { grid.sphere($0.i, $0.j) }
        guard outline.count >= 3 else { return nil }
        var longest = 0.0
        for k in outline.indices { longest = max(longest, (outline[k] - outline[(k + 1) % outline.count]).length) }
        let step = 2 * asin(min(1, longest / 2))
        let cap = SphereCap(bounding: outline, margin: step + (sine == .exact ? 1e-6 : 1e-3))
        return cap.cosRadius > 1e-9 ? cap : nil
    }

    /// The grid of `mesh` under `sine`, from the tiles kept between frames (``Cache/shared``).
    static func cached(_ mesh: GlobeTileMesh, sine: GlobeSine) -> GlobeTileGrid {
        Cache.shared.grid(mesh, sine: sine)
    }

    /// Tile grids kept by what makes them (the tile's rectangle, cells, poles and the view's sines), up to a bound.
    final class Cache: @unchecked Sendable {
        /// The renderer's: every map's tiles on the globe.
        static let shared = Cache(maximumKept: 1024)

        /// Tiles kept at most: past it, those kept so far go (a view draws a few hundred tiles at most).
        let maximumKept: Int
        private let lock = NSLock()
        private var grids: [Key: GlobeTileGrid] = [:]

        init(maximumKept: Int) {
            self.maximumKept = maximumKept
        }

        /// The grid of `mesh` under `sine`: the one kept, or one worked out now (outside the lock) and kept.
        func grid(_ mesh: GlobeTileMesh, sine: GlobeSine) -> GlobeTileGrid {
            let key = Key(bounds: mesh.bounds, cells: mesh.cells, north: mesh.north, south: mesh.south, sine: sine)
            if let kept = lock.withLock({ grids[key] }) { return kept }
            let made = GlobeTileGrid(mesh, sine: sine)
            lock.withLock {
                if grids.count >= maximumKept { grids.removeAll(keepingCapacity: true) }
                grids[key] = made
            }
            return made
        }

        /// How many grids are kept.
        var count: Int { lock.withLock { grids.count } }

        private struct Key: Hashable {
            var bounds: WorldBounds
            var cells: Int
            var north: Bool
            var south: Bool
            var sine: GlobeSine
        }
    }
}
