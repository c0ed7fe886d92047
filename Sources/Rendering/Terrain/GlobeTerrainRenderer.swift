import Foundation
package import Geo

/// Draws draped terrain tiles on the globe as GL JS's terrain shader draws them there (`draw_terrain.ts` with the
/// globe's `projectTileFor3D`), on the CPU: each tile's terrain mesh (GL JS's `getTerrainMesh`: 128 x 128 cells at
/// every zoom, with the caps to the poles on the world's top and bottom rows), every vertex's sphere
/// point moved out along the sphere's normal by the exaggerated elevation (the point times
/// `1 + elevation / 6371008.8`), projected as GL JS projects 3D geometry on the globe (`projectTileFor3D`: the
/// globe's matrix, without the horizon plane's clip `z` the flat layers are cut with), so that the far side is
/// hidden by the near side in the depth buffer, not cut at the horizon plane: a mountain just beyond the limb
/// stands out of the globe's outline. Rasterized with ``TriangleRaster``'s depth buffer (nearest `1 / w` wins, the
/// order of GL's depth) and perspective-correct sampling of the tile's image (``DrapeSampler``), cut at the near
/// plane. Only the sphere (globeness 1): the blend with Mercator (the `globe` preset's zooms 11 to 12) is not drawn
/// with terrain.
package enum GlobeTerrainRenderer {
    /// GL JS's globe radius in metres (`EARTH_RADIUS`): an elevation `e` scales the sphere point by `1 + e / R`.
    package static let earthRadius = 6371008.8

    /// The terrain tiles of zoom `zoom` the globe's view shows: every tile some point of which, raised to the
    /// highest elevation of `elevation`, the camera sees past the unit sphere (one copy of each: the sphere has no
    /// world copies). The rest would be drawn behind the near side and hidden there.
    package static func tiles(transform: Transform, zoom: Int, elevation: TerrainElevation) -> [UnwrappedTileID] {
        guard let globe = transform.globe else { return [] }
        let z = max(0, min(12, zoom))
        let n = 1 << z
        let raised = 1 + max(0, elevation.range.upperBound) / earthRadius
        let samples = 8
        // the tiles over the world rectangle holding what shows (``GlobeCover``'s), one tile wider on every side for
        // the ground raised past it; the whole world from zoom 0 to 3 (a raised limb can show a tile beyond it)
        var columns = 0..<n, rows = 0..<n
        if z > 3 {
            let corners = globe.visibleWorldCorners()
            let xs = corners.map(\.x), ys = corners.map(\.y)
            if let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
               minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite {
                let x0 = Int((minX * Double(n)).rounded(.down)) - 1, x1 = Int((maxX * Double(n)).rounded(.down)) + 1
                let y0 = max(0, Int((minY * Double(n)).rounded(.down)) - 1), y1 = min(n - 1, Int((maxY * Double(n)).rounded(.down)) + 1)
                if y0 <= y1, x1 >= x0 {
                    columns = x0..<min(x1 + 1, x0 + n)
                    rows = y0..<(y1 + 1)
                }
            }
        }
        var ids: [UnwrappedTileID] = []
        for y in rows {
            for column in columns {
                // one copy of each tile: the sphere has no world copies
                let x = ((column % n) + n) % n
                var seen = false
                outer: for j in 0...samples {
                    for i in 0...samples {
                        let wx = (Double(x) + Double(i) / Double(samples)) / Double(n)
                        let wy = (Double(y) + Double(j) / Double(samples)) / Double(n)
                        if sees(globe.spherePoint(worldX: wx, y: wy) * raised, from: globe.camera.cameraPosition) {
                            seen = true
                            break outer
                        }
                    }
                }
                if seen { ids.append(UnwrappedTileID(wrap: 0, canonical: TileID(z: z, x: x, y: y))) }
            }
        }
        return ids
    }

    /// Whether the segment from the camera `c` (unit-sphere space) to `p` stays outside the unit sphere, but for
    /// its end (a point on or above the sphere the camera sees).
    static func sees(_ p: Vector3, from c: Vector3) -> Bool {
        let d = p - c
        let a = d.dot(d), b = 2 * c.dot(d), k = c.dot(c) - 1
        let discriminant = b * b - 4 * a * k
        guard discriminant > 0, a > 0 else { return true }
        // the nearer crossing of the sphere, as a fraction of the way to p: hidden when it comes before p
        let t = (-b - discriminant.squareRoot()) / (2 * a)
        return t <= 0 || t >= 1 - 1e-9
    }

    /// The exaggerated elevation (metres) GL JS raises the globe's point at world (`x`, `y`) by, read from the
    /// DEM tile terrain tile `tile` draws from (``TerrainElevation/lookup(terrainTile:)``, on whichever world copy
    /// it was loaded); 0 without one.
    static func elevation(_ lookup: (TerrainElevation.Lookup, Double)?, worldX x: Double, y: Double, exaggeration: Double) -> Double {
        guard let (l, shift) = lookup else { return 0 }
        return l.elevation(worldX: x + shift, worldY: y) * exaggeration
    }

    /// The DEM lookup of `tile`, trying the neighbouring world copies when none is loaded on its own, with the
    /// world-x shift from the tile's copy to the lookup's.
    /// Where the DEM tile one zoom shallower is not loaded but the tile's own zoom is (the view's DEM cover), that
    /// one is read (it covers the whole terrain tile too).
    static func lookup(_ elevation: TerrainElevation, tile: UnwrappedTileID) -> (TerrainElevation.Lookup, Double)? {
        let c = tile.canonical
        let child = TileID(z: c.z + 1, x: 2 * c.x, y: 2 * c.y)
        for canonical in [c, child] {
            for wrap in [0, -1, 1] {
                let copy = UnwrappedTileID(wrap: tile.wrap + wrap, canonical: canonical)
                if let l = elevation.lookup(terrainTile: copy), l.size >= 1 / Double(1 << c.z) - 1e-12 {
                    return (l, Double(wrap))
                }
            }
        }
        return nil
    }

    /// Draws `tiles` onto `canvas` (source-over), nearest surface first by `depth` (1 / clip `w` per pixel, 0 for
    /// nothing drawn), which it updates. Nothing without a globe in `transform`.
    package static func draw(_ tiles: [DrapedTile], transform: Transform, elevation: TerrainElevation,
                             into canvas: inout Canvas, depth: inout [Float]) {
        guard let globe = transform.globe, depth.count == canvas.width * canvas.height else { return }
        for tile in tiles {
            draw(tile, globe: globe, transform: transform, elevation: elevation, into: &canvas, depth: &depth)
        }
    }

    /// A mesh vertex in view space (GL's clip space up to the projection's scale): the raised point's view
    /// position and its image position.
    struct Vertex {
        var view: Vector3
        var u: Double
        var v: Double

        @inline(__always)
        static func mix(_ a: Vertex, _ b: Vertex, _ t: Double) -> Vertex {
            Vertex(view: a.view + (b.view - a.view) * t, u: a.u + (b.u - a.u) * t, v: a.v + (b.v - a.v) * t)
        }
    }

    /// Draws one tile's raised mesh (``draw(_:transform:elevation:into:depth:)``).
    static func draw(_ tile: DrapedTile, globe: GlobeView, transform: Transform, elevation: TerrainElevation,
                     into canvas: inout Canvas, depth: inout [Float]) {
        let c = tile.id.canonical
        let size = 1 / Double(1 << c.z)
        let x0 = Double(tile.id.wrap) + Double(c.x) * size, y0 = Double(c.y) * size
        // GL JS's terrain mesh (`getTerrainMesh`): the flat terrain's 128 x 128 cells for every tile, whatever its zoom,
        // with the caps to the poles on the world's top and bottom rows
        let n = TerrainRenderer.meshSize
        let north = c.y == 0, south = c.y == (1 << c.z) - 1
        let found = lookup(elevation, tile: tile.id)
        let exaggeration = elevation.exaggeration
        let imageSide = Double(tile.image.width - 2 * tile.margin)
        let margin = Double(tile.margin)
        let camera = globe.camera
        let firstRow = north ? -1 : 0, lastRow = south ? n + 1 : n
        let columns = n + 1
        var vertices: [Vertex] = []
        vertices.reserveCapacity(columns * (lastRow - firstRow + 1))
        for j in firstRow...lastRow {
            for i in 0...n {
                let fx = Double(i) / Double(n)
                let wx = x0 + fx * size
                let s: Vector3, metres: Double, v: Double
                if j < 0 {
                    // the cap's pole vertex: the sphere's pole, at the elevation (and image row) of the tile's top edge
                    s = Vector3(0, 1, 0)
                    metres = Self.elevation(found, worldX: wx, y: y0, exaggeration: exaggeration)
                    v = margin + 0.5
                } else if j > n {
                    s = Vector3(0, -1, 0)
                    metres = Self.elevation(found, worldX: wx, y: y0 + size, exaggeration: exaggeration)
                    v = margin + imageSide - 0.5
                } else {
                    let fy = Double(j) / Double(n)
                    let wy = y0 + fy * size
                    s = globe.spherePoint(worldX: wx, y: wy)
                    metres = Self.elevation(found, worldX: wx, y: wy, exaggeration: exaggeration)
                    v = margin + fy * imageSide
                }
                let p = s * (1 + metres / earthRadius)
                let g = camera.view(p)
                vertices.append(Vertex(view: g, u: margin + fx * imageSide, v: v))
            }
        }
        let width = canvas.width, height = canvas.height
        tile.image.pixels.withUnsafeBufferPointer { texels in
            canvas.pixels.withUnsafeMutableBufferPointer { pixels in
                depth.withUnsafeMutableBufferPointer { depths in
                    var raster = TriangleRaster(pixels: pixels.baseAddress!, depths: depths.baseAddress!, width: width, height: height,
                                                texels: texels.baseAddress!, textureWidth: tile.image.width,
                                                textureHeight: tile.image.height, minimumQ: 0, fog: nil, near: 0, transform: transform)
                    for r in 0..<(lastRow - firstRow) {
                        for i in 0..<n {
                            let a = r * columns + i, b = a + 1, cc = a + columns, dd = cc + 1
                            // GL JS's terrain triangles: each cell cut from its top-left to its bottom-right corner
                            triangle(vertices[a], vertices[cc], vertices[dd], camera: camera, raster: &raster)
                            triangle(vertices[a], vertices[dd], vertices[b], camera: camera, raster: &raster)
                        }
                    }
                }
            }
        }
    }

    /// GL JS's near plane, view-space pixels in front of the camera.
    static let nearZ = 0.5

    /// One triangle cut by the near plane (Sutherland-Hodgman in view space, where GL clips), then rasterized as a fan.
    @inline(__always)
    static func triangle(_ a: Vertex, _ b: Vertex, _ c: Vertex, camera: GlobeCamera, raster: inout TriangleRaster) {
        @inline(__always) func near(_ p: Vertex) -> Double { -p.view.z - nearZ }
        let na = near(a), nb = near(b), nc = near(c)
        if na < 0 && nb < 0 && nc < 0 { return }
        if na >= 0 && nb >= 0 && nc >= 0 {
            raster.draw(screen(a, camera), screen(b, camera), screen(c, camera))
            return
        }
        var polygon: [Vertex] = []
        polygon.reserveCapacity(4)
        for (p, q) in [(a, b), (b, c), (c, a)] {
            let dp = near(p), dq = near(q)
            if dp >= 0 { polygon.append(p) }
            if (dp >= 0) != (dq >= 0) {
                polygon.append(dp >= 0 ? .mix(p, q, dp / (dp - dq)) : .mix(q, p, dq / (dq - dp)))
            }
        }
        guard polygon.count >= 3 else { return }
        let first = screen(polygon[0], camera)
        var previous = screen(polygon[1], camera)
        for k in 2..<polygon.count {
            let next = screen(polygon[k], camera)
            raster.draw(first, previous, next)
            previous = next
        }
    }

    /// A view-space vertex on screen (device pixels, on the rasterizer's subpixel grid), with `q` = 1 / clip `w`.
    @inline(__always)
    static func screen(_ p: Vertex, _ camera: GlobeCamera) -> TerrainVertex {
        let w = -p.view.z
        let s = camera.screen(view: p.view)
        var t = TerrainVertex()
        let grid = GlobeMeshRasterizer.subpixel
        t.x = (s.x * grid).rounded() / grid
        t.y = (s.y * grid).rounded() / grid
        t.q = 1 / w
        t.uq = p.u * t.q
        t.vq = p.v * t.q
        t.valid = w > 0
        return t
    }
}
