import Foundation
package import Geo

/// One terrain tile ready to draw: its 2D layers painted top-down into an image (GL JS's render-to-texture
/// tile), which the tile's mesh is textured with.
package struct DrapedTile: Sendable {
    /// The terrain tile (GL JS draws tiles of twice the DEM's tile size: 512 pixels for 256-pixel DEM tiles).
    package var id: UnwrappedTileID
    /// The tile's layers seen from straight above, north up: the tile's square plus `margin` device pixels
    /// on every side (so that sampling at the tile's edge reads the neighbour's pixels, not a clamped edge).
    package var image: Canvas
    /// Device pixels of `image` beyond the tile's edge on each side.
    package var margin: Int
    /// Mesh cells per side (GL JS's 128; fewer for a tile small on screen); nil: the renderer's.
    package var meshSize: Int?

    package init(id: UnwrappedTileID, image: Canvas, margin: Int) {
        self.id = id
        self.image = image
        self.margin = margin
    }
}

/// Draws draped terrain tiles as GL JS's `draw_terrain.ts` does, on the CPU: each tile a regular mesh of
/// `meshSize` x `meshSize` cells raised to the DEM's elevations, with a skirt around it (GL JS's frame,
/// lowered by `getMeshFrameDelta`, hiding cracks where tiles of different zooms meet), projected through
/// the camera, rasterized at pixel centres with a depth buffer, its image sampled perspective-correct,
/// bilinear and anisotropic (``DrapeSampler``).
package enum TerrainRenderer {
    /// GL JS's mesh cells per tile side.
    package static let meshSize = 128

    /// Views of at least this many pixels are drawn on all cores (each takes every n-th block of rows).
    static let parallelPixels = 256 * 256

    /// How far the skirt hangs below the tile's edge, in metres (GL JS's `getMeshFrameDelta`).
    package static func skirtDepth(zoom: Double) -> Double {
        2 * Double.pi * Transform.terrainEarthRadius / pow(2, max(zoom, 0)) / 5
    }

    /// Draws `tiles` onto `canvas` (source-over), nearest surface first by `depth` (1 / camera depth per
    /// pixel, 0 for nothing drawn; larger is nearer), which it updates. The ground ends at GL JS's far clipping
    /// plane over terrain (``TerrainFog/planes(_:)``); `fog` (a style's `sky` at pitches over 60°) fogs it.
    package static func draw(_ tiles: [DrapedTile], view: TerrainView, meshSize: Int = TerrainRenderer.meshSize,
                             fog: TerrainFog? = nil, into canvas: inout Canvas, depth: inout [Float]) {
        let far = fog?.far ?? TerrainFog.planes(view).far
        for tile in tiles {
            draw(tile, view: view, meshSize: tile.meshSize ?? meshSize, far: far, fog: fog, into: &canvas, depth: &depth)
        }
    }

    /// Draws one tile's mesh (``draw(_:view:meshSize:fog:into:depth:)``), on `cores` cores when the view is large.
    static func draw(_ tile: DrapedTile, view: TerrainView, meshSize: Int, far: Double, fog: TerrainFog?,
                     into canvas: inout Canvas, depth: inout [Float], cores: Int = ProcessInfo.processInfo.activeProcessorCount) {
        let n = max(1, meshSize)
        let transform = view.transform
        let skirt = skirtDepth(zoom: transform.camera.zoom)
        let width = canvas.width, height = canvas.height
        guard depth.count == width * height else { return }
        // GL JS's near plane (a fiftieth of the view's height): a triangle reaching behind it is cut there, not dropped
        let near = terrainNearDepth(transform)
        // one vertex buffer reused across tiles: (n+1)^2 grid vertices, then 4 (n+1) skirt vertices
        let gridCount = (n + 1) * (n + 1)
        var vertices = [TerrainVertex](repeating: TerrainVertex(), count: gridCount + 4 * (n + 1))
        var groundMetres = [Double](repeating: 0, count: gridCount)
        do {
            let c = tile.id.canonical
            let size = 1 / Double(1 << c.z)
            let x0 = Double(tile.id.wrap) + Double(c.x) * size, y0 = Double(c.y) * size
            let lookup = view.elevation.lookup(terrainTile: tile.id)
            let exaggeration = view.elevation.exaggeration
            let imageSide = Double(tile.image.width - 2 * tile.margin)
            let margin = Double(tile.margin)
            func vertex(fx: Double, fy: Double, metres: Double) -> TerrainVertex {
                let wx = x0 + fx * size, wy = y0 + fy * size
                let cp = view.cameraPoint(worldX: wx, worldY: wy, metres: metres)
                return TerrainVertex(camera: cp, u: margin + fx * imageSide, v: margin + fy * imageSide, near: near, transform: transform)
            }
            for j in 0...n {
                for i in 0...n {
                    let fx = Double(i) / Double(n), fy = Double(j) / Double(n)
                    let metres = (lookup?.elevation(worldX: x0 + fx * size, worldY: y0 + fy * size) ?? 0) * exaggeration
                    groundMetres[j * (n + 1) + i] = metres
                    vertices[j * (n + 1) + i] = vertex(fx: fx, fy: fy, metres: metres)
                }
            }
            // the skirt: each edge's vertices lowered by `skirt`, in the order top, bottom, left, right
            for k in 0...n {
                let f = Double(k) / Double(n)
                vertices[gridCount + k] = vertex(fx: f, fy: 0, metres: groundMetres[k] - skirt)
                vertices[gridCount + (n + 1) + k] = vertex(fx: f, fy: 1, metres: groundMetres[n * (n + 1) + k] - skirt)
                vertices[gridCount + 2 * (n + 1) + k] = vertex(fx: 0, fy: f, metres: groundMetres[k * (n + 1)] - skirt)
                vertices[gridCount + 3 * (n + 1) + k] = vertex(fx: 1, fy: f, metres: groundMetres[k * (n + 1) + n] - skirt)
            }
            tile.image.pixels.withUnsafeBufferPointer { texels in
                canvas.pixels.withUnsafeMutableBufferPointer { pixels in
                    depth.withUnsafeMutableBufferPointer { depths in
                        vertices.withUnsafeBufferPointer { v in
                            let buffers = RasterBuffers(pixels: pixels.baseAddress!, depths: depths.baseAddress!, texels: texels.baseAddress!,
                                                        vertices: v.baseAddress!)
                            // the rows shared among the cores, every `rowStride`-th block of rows each: every pixel is drawn by one
                            // core, its triangles in the same order, so the picture is the one a single core draws
                            let rowStride = width * height >= TerrainRenderer.parallelPixels ? max(1, cores) : 1
                            let drawRows: @Sendable (Int) -> Void = { phase in
                                let v = buffers.vertices
                                var raster = TriangleRaster(pixels: buffers.pixels, depths: buffers.depths, width: width, height: height,
                                                            texels: buffers.texels, textureWidth: tile.image.width,
                                                            textureHeight: tile.image.height, minimumQ: far > 0 ? 1 / far : 0, fog: fog,
                                                            near: near, transform: transform, rowPhase: phase, rowStride: rowStride)
                                for j in 0..<n {
                                    for i in 0..<n {
                                        let a = j * (n + 1) + i, b = a + 1, cc = a + n + 1, dd = cc + 1
                                        raster.draw(v[a], v[cc], v[dd])
                                        raster.draw(v[a], v[dd], v[b])
                                    }
                                }
                                for k in 0..<n {
                                    // each side's grid edge with its lowered copy: top (row 0), bottom (row n), left (column 0), right (column n)
                                    for side in 0..<4 {
                                        let g0: Int, g1: Int
                                        switch side {
                                        case 0: g0 = k; g1 = k + 1
                                        case 1: g0 = n * (n + 1) + k; g1 = g0 + 1
                                        case 2: g0 = k * (n + 1); g1 = g0 + n + 1
                                        default: g0 = k * (n + 1) + n; g1 = g0 + n + 1
                                        }
                                        let s0 = gridCount + side * (n + 1) + k
                                        raster.draw(v[g0], v[g1], v[s0 + 1])
                                        raster.draw(v[g0], v[s0 + 1], v[s0])
                                    }
                                }
                            }
                            if rowStride == 1 {
                                drawRows(0)
                            } else {
                                DispatchQueue.concurrentPerform(iterations: rowStride, execute: drawRows)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A mesh vertex: its camera-space position and image position (device pixels of the tile's image), and when it
/// is in front of the near plane its place on screen (device pixels), `q` = 1 / camera depth and the image position
/// times `q`, for perspective-correct interpolation.
struct TerrainVertex {
    var x = 0.0
    var y = 0.0
    var q = 0.0
    var uq = 0.0
    var vq = 0.0
    /// In front of the near plane.
    var valid = false
    /// Camera space (device pixels) and the image position, kept to cut triangles at the near plane.
    var camera = CameraPoint(x: 0, y: 0, depth: 0)
    var u = 0.0
    var v = 0.0

    init() {}

    init(camera: CameraPoint, u: Double, v: Double, near: Double, transform: Transform) {
        self.camera = camera
        self.u = u
        self.v = v
        guard camera.depth >= near, camera.depth.isFinite else { return }
        let s = transform.screen(camera: camera)
        q = 1 / camera.depth
        x = s.x
        y = s.y
        uq = u * q
        vq = v * q
        valid = true
    }

    /// The point a fraction `t` of the way to `other` (in camera space), projected.
    func toward(_ other: TerrainVertex, _ t: Double, near: Double, transform: Transform) -> TerrainVertex {
        let a = camera, b = other.camera
        let c = CameraPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, depth: a.depth + (b.depth - a.depth) * t)
        return TerrainVertex(camera: c, u: u + (other.u - u) * t, v: v + (other.v - v) * t, near: near * (1 - 1e-12), transform: transform)
    }
}

/// GL JS's near clipping distance for the terrain (`_nearZ`, a fiftieth of the view's height), device pixels.
@inline(__always)
func terrainNearDepth(_ transform: Transform) -> Double { transform.height / 50 }

/// What the cores drawing a tile's rows share: the canvas, the depths, the tile image and the vertices (each core
/// writes only its own rows).
private struct RasterBuffers: @unchecked Sendable {
    let pixels: UnsafeMutablePointer<Float>
    let depths: UnsafeMutablePointer<Float>
    let texels: UnsafePointer<Float>
    let vertices: UnsafePointer<TerrainVertex>
}

/// Rasterizes textured triangles at pixel centres into a premultiplied canvas with a depth buffer.
struct TriangleRaster {
    let pixels: UnsafeMutablePointer<Float>
    let depths: UnsafeMutablePointer<Float>
    let width: Int
    let height: Int
    let texels: UnsafePointer<Float>
    let textureWidth: Int
    let textureHeight: Int
    /// 1 / the far plane's depth: farther pixels are clipped.
    let minimumQ: Double
    let fog: TerrainFog?
    /// The near plane (device pixels along the view axis) and the camera, to cut triangles reaching behind it.
    let near: Double
    let transform: Transform
    /// The rows drawn: the blocks of ``blockRows`` rows `rowPhase` apart from a multiple of `rowStride` (the cores
    /// share a view's rows; a small triangle lies in one block, so one core sets it up).
    var rowPhase = 0
    var rowStride = 1
    static let blockRows = 16

    /// Draws one triangle, cut at the near plane (GL's clipping) where it reaches behind it.
    @inline(__always)
    mutating func draw(_ a: TerrainVertex, _ b: TerrainVertex, _ c: TerrainVertex) {
        if a.valid && b.valid && c.valid {
            fill(a, b, c)
            return
        }
        guard a.valid || b.valid || c.valid else { return }
        // the polygon's part in front of the near plane: up to four vertices, drawn as a fan
        var kept: [TerrainVertex] = []
        kept.reserveCapacity(4)
        for (p, q) in [(a, b), (b, c), (c, a)] {
            if p.valid { kept.append(p) }
            if p.valid != q.valid {
                let t = (near - p.camera.depth) / (q.camera.depth - p.camera.depth)
                kept.append(p.toward(q, t, near: near, transform: transform))
            }
        }
        guard kept.count >= 3 else { return }
        for k in 1..<(kept.count - 1) where kept[0].valid && kept[k].valid && kept[k + 1].valid {
            fill(kept[0], kept[k], kept[k + 1])
        }
    }

    /// Fills one triangle in front of the near plane: pixels whose centre it covers and whose depth is nearer than
    /// what is drawn.
    @inline(__always)
    private mutating func fill(_ a: TerrainVertex, _ b: TerrainVertex, _ c: TerrainVertex) {
        let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        guard abs(area) > 1e-12, area.isFinite else { return }
        let minX = min(a.x, b.x, c.x), maxX = max(a.x, b.x, c.x)
        let minY = min(a.y, b.y, c.y), maxY = max(a.y, b.y, c.y)
        let x0 = max(0, Int((minX - 0.5).rounded(.up))), x1 = min(width - 1, Int((maxX - 0.5).rounded(.down)))
        let y0 = max(0, Int((minY - 0.5).rounded(.up))), y1 = min(height - 1, Int((maxY - 0.5).rounded(.down)))
        guard x0 <= x1, y0 <= y1 else { return }
        // the first of this raster's rows in the triangle (its blocks of rows), none: another core draws it
        let firstBlock = y0 / Self.blockRows
        let firstRow = firstBlock % rowStride == rowPhase ? y0
            : (firstBlock + ((rowPhase - firstBlock % rowStride) % rowStride + rowStride) % rowStride) * Self.blockRows
        guard firstRow <= y1 else { return }
        let inv = 1 / area
        // barycentric weights as affine functions of the pixel centre: w = ex * px + ey * py + e0
        let e0x = (b.y - c.y) * inv, e0y = (c.x - b.x) * inv, e00 = (b.x * c.y - c.x * b.y) * inv
        let e1x = (c.y - a.y) * inv, e1y = (a.x - c.x) * inv, e10 = (c.x * a.y - a.x * c.y) * inv
        // the image position's numerator and denominator (perspective-correct) as affine functions of the pixel centre
        let e2x = -e0x - e1x, e2y = -e0y - e1y, e20 = 1 - e00 - e10
        let qx = e0x * a.q + e1x * b.q + e2x * c.q, qy = e0y * a.q + e1y * b.q + e2y * c.q, q0 = e00 * a.q + e10 * b.q + e20 * c.q
        let ux = e0x * a.uq + e1x * b.uq + e2x * c.uq, uy = e0y * a.uq + e1y * b.uq + e2y * c.uq
        let u0 = e00 * a.uq + e10 * b.uq + e20 * c.uq
        let vx = e0x * a.vq + e1x * b.vq + e2x * c.vq, vy = e0y * a.vq + e1y * b.vq + e2y * c.vq
        let v0 = e00 * a.vq + e10 * b.vq + e20 * c.vq
        let sampler = DrapeSampler(texels: texels, width: textureWidth, height: textureHeight)
        let plane = DrapePlane(qx: qx, qy: qy, q0: q0, ux: ux, uy: uy, u0: u0, vx: vx, vy: vy, v0: v0)
        var py = firstRow
        while py <= y1 {
            defer {
                // the next row, past the other cores' blocks at the end of a block
                py += 1
                if py % Self.blockRows == 0 { py += (rowStride - 1) * Self.blockRows }
            }
            let cy = Double(py) + 0.5
            // the footprint of the row's current 2 x 2 quad, worked out once for its two pixels
            var footprints = DrapePlane.RowFootprints(plane: plane, row: py)
            for px in x0...x1 {
                let cx = Double(px) + 0.5
                let w0 = e0x * cx + e0y * cy + e00
                let w1 = e1x * cx + e1y * cy + e10
                let w2 = 1 - w0 - w1
                if w0 < -1e-9 || w1 < -1e-9 || w2 < -1e-9 { continue }
                let q = w0 * a.q + w1 * b.q + w2 * c.q
                let i = py * width + px
                if Float(q) <= depths[i] || q < minimumQ { continue }
                depths[i] = Float(q)
                let u = (w0 * a.uq + w1 * b.uq + w2 * c.uq) / q
                let v = (w0 * a.vq + w1 * b.vq + w2 * c.vq) / q
                var (r, g, bl, al) = sampler.sample(u: u, v: v, footprint: footprints.footprint(column: px))
                let o = 4 * i
                if let fog { fog.apply(&r, &g, &bl, &al, depth: fog.depth(q: q)) }
                let keep = 1 - al
                pixels[o] = r + pixels[o] * keep
                pixels[o + 1] = g + pixels[o + 1] * keep
                pixels[o + 2] = bl + pixels[o + 2] * keep
                pixels[o + 3] = al + pixels[o + 3] * keep
            }
        }
    }
}

/// Samples a draped tile's image as GL JS's terrain shader reads its render-to-texture tile: bilinear at the image's
/// full resolution (no mipmaps), with anisotropic filtering at the context's maximum (GL JS binds the texture
/// `LINEAR` and sets `TEXTURE_MAX_ANISOTROPY_EXT` to `MAX_TEXTURE_MAX_ANISOTROPY_EXT`, 16 in headless Chromium's
/// SwiftShader). SwiftShader's anisotropic filter: the pixel's footprint in the image is the longer of its steps
/// along the screen's x and y (the quad's derivatives); `N` = round(min(longer² / |det|, 16)) bilinear taps spread
/// evenly across that step, averaged. A pixel seeing the ground at a glancing angle averages the texels along its
/// footprint (a line thinner than a texel there stays continuous and faint, not dotted).
struct DrapeSampler {
    let texels: UnsafePointer<Float>
    let width: Int
    let height: Int
    /// The context's maximum anisotropy.
    static let maximumAnisotropy = 16.0

    /// The premultiplied colour at image position (`u`, `v`) (device pixels of the image, texel centres at
    /// `i + 0.5`), the position's steps per screen pixel along x (`dudx`, `dvdx`) and y (`dudy`, `dvdy`).
    @inline(__always)
    func sample(u: Double, v: Double, dudx: Double, dvdx: Double, dudy: Double, dvdy: Double) -> (Float, Float, Float, Float) {
        sample(u: u, v: v, footprint: DrapeFootprint(dudx: dudx, dvdx: dvdx, dudy: dudy, dvdy: dvdy))
    }

    /// The premultiplied colour at image position (`u`, `v`) over a pixel's `footprint`.
    @inline(__always)
    func sample(u: Double, v: Double, footprint: DrapeFootprint) -> (Float, Float, Float, Float) {
        let n = footprint.taps
        if n <= 1 { return bilinear(u: u, v: v) }
        let du = footprint.du, dv = footprint.dv
        let step = 1 / Double(n), start = -0.5 + 0.5 * step
        var sum = SIMD4<Float>(repeating: 0)
        for t in 0..<n {
            let f = start + Double(t) * step
            sum += texel(u: u + f * du, v: v + f * dv)
        }
        let c = sum * Float(step)
        return (c[0], c[1], c[2], c[3])
    }

    /// Bilinear, clamped to the image's edge.
    @inline(__always)
    func bilinear(u: Double, v: Double) -> (Float, Float, Float, Float) {
        let c = texel(u: u, v: v)
        return (c[0], c[1], c[2], c[3])
    }

    /// Bilinear, clamped to the image's edge, the four components at once (each as the scalar sum of the four texels'
    /// weighted components, in the same order).
    @inline(__always)
    private func texel(u: Double, v: Double) -> SIMD4<Float> {
        let su = max(0, min(Double(width - 1), u - 0.5)), sv = max(0, min(Double(height - 1), v - 0.5))
        let iu = Int(su), iv = Int(sv)
        let fu = Float(su - Double(iu)), fv = Float(sv - Double(iv))
        let iu1 = min(iu + 1, width - 1), iv1 = min(iv + 1, height - 1)
        let w00 = (1 - fu) * (1 - fv), w10 = fu * (1 - fv), w01 = (1 - fu) * fv, w11 = fu * fv
        let raw = UnsafeRawPointer(texels), texelBytes = 4 * MemoryLayout<Float>.stride
        let t00 = raw.loadUnaligned(fromByteOffset: texelBytes * (iv * width + iu), as: SIMD4<Float>.self)
        let t10 = raw.loadUnaligned(fromByteOffset: texelBytes * (iv * width + iu1), as: SIMD4<Float>.self)
        let t01 = raw.loadUnaligned(fromByteOffset: texelBytes * (iv1 * width + iu), as: SIMD4<Float>.self)
        let t11 = raw.loadUnaligned(fromByteOffset: texelBytes * (iv1 * width + iu1), as: SIMD4<Float>.self)
        return t00 * w00 + t10 * w10 + t01 * w01 + t11 * w11
    }
}

/// A pixel's footprint in a draped tile's image for SwiftShader's anisotropic filter: how many bilinear taps
/// (`N` = round(min(major / minor, 16)), 1 or fewer: one bilinear tap) and the image step they spread across (the
/// longer of the pixel's steps along the screen's x and y).
struct DrapeFootprint: Equatable {
    var taps = 1
    var du = 0.0
    var dv = 0.0

    /// One bilinear tap.
    init() {}

    /// The footprint of a pixel whose image position steps (`dudx`, `dvdx`) along the screen's x and (`dudy`,
    /// `dvdy`) along y.
    @inline(__always)
    init(dudx: Double, dvdx: Double, dudy: Double, dvdy: Double) {
        let lx = dudx * dudx + dvdx * dvdx, ly = dudy * dudy + dvdy * dvdy
        guard lx.isFinite, ly.isFinite else { return }
        let major = max(lx, ly)
        let det = abs(dudx * dvdy - dudy * dvdx)
        var anisotropy = det > 0 ? major / det : DrapeSampler.maximumAnisotropy
        if !anisotropy.isFinite { anisotropy = DrapeSampler.maximumAnisotropy }
        taps = Int(min(anisotropy, DrapeSampler.maximumAnisotropy).rounded())
        if taps <= 1 { return }
        du = lx >= ly ? dudx : dudy
        dv = lx >= ly ? dvdx : dvdy
    }
}

/// A triangle's image position on screen, perspective-correct: `q` (1 / depth), `u · q` and `v · q` as affine
/// functions of the pixel centre (`qx · x + qy · y + q0`, ...).
struct DrapePlane {
    var qx, qy, q0, ux, uy, u0, vx, vy, v0: Double

    /// The footprint of pixel (`column`, `row`): the image position's steps across its 2 x 2 quad (the GPU's coarse
    /// derivatives: the quad's top-left pixel to its right and lower neighbours, on this plane), the same for the
    /// quad's four pixels.
    @inline(__always)
    func footprint(column: Int, row: Int) -> DrapeFootprint {
        let kx = Double(column & ~1) + 0.5, ky = Double(row & ~1) + 0.5
        let k = 1 / (qx * kx + qy * ky + q0), kr = 1 / (qx * (kx + 1) + qy * ky + q0), kd = 1 / (qx * kx + qy * (ky + 1) + q0)
        let ku = (ux * kx + uy * ky + u0) * k, kv = (vx * kx + vy * ky + v0) * k
        let dudx = (ux * (kx + 1) + uy * ky + u0) * kr - ku, dvdx = (vx * (kx + 1) + vy * ky + v0) * kr - kv
        let dudy = (ux * kx + uy * (ky + 1) + u0) * kd - ku, dvdy = (vx * kx + vy * (ky + 1) + v0) * kd - kv
        return DrapeFootprint(dudx: dudx, dvdx: dvdx, dudy: dudy, dvdy: dvdy)
    }

    /// The footprints along one row, each quad's worked out once for its two pixels (the GPU derives them once per quad).
    struct RowFootprints {
        let plane: DrapePlane
        let row: Int
        private var quad = Int.min
        private var last = DrapeFootprint()

        init(plane: DrapePlane, row: Int) {
            self.plane = plane
            self.row = row
        }

        /// The footprint of pixel `column` of the row: ``DrapePlane/footprint(column:row:)``.
        @inline(__always)
        mutating func footprint(column: Int) -> DrapeFootprint {
            if column & ~1 != quad {
                quad = column & ~1
                last = plane.footprint(column: column, row: row)
            }
            return last
        }
    }
}
