import Foundation
import MapStyle

/// A `hillshade` layer in a scene: per DEM tile, the slopes MapLibre's prepare pass computes, shaded
/// by the light direction into shadow, highlight and accent colours.
package struct HillshadeLayer: Sendable {
    /// One tile: its slope texture and where it lies.
    struct Piece: Sendable {
        /// The DEM tile's area (the slopes stretch over it).
        var tile: TileClip
        /// Where the piece shows (the tile, or the part a parent covers for a missing child).
        var clip: TileClip
        /// `dim x dim` texels of (x slope, y slope) as the 8-bit prepare texture holds them, in 0...1.
        var slopes: [Float]
        var dim: Int
        /// Latitudes of the tile's top and bottom edges.
        var latitudes: (top: Double, bottom: Double)
        /// The factor from `slopes` (the legacy prepare texture) to the slope MapLibre's newer prepare
        /// pass stores for the non-standard methods (see ``methodSlopeScale(zoom:maxZoom:)``).
        var methodSlopeScale = 2.0
        /// Which prepare pass made ``slopes``.
        var texture = SlopeTexture.mapLibreNative
        /// The elevations and their tile's zoom (kept to prepare GL JS's texture: ``useGLJSSlopes()``).
        var dem: DEMTile?
        var zoom = 0
    }

    /// The two prepare passes: MapLibre Native's (elevations in quarters, exaggerated by `(z - maxzoom)`, the slope
    /// stored as `v / 2 + 0.5`) and GL JS 5's (whole elevations per `dim` texels, exaggerated by `(z - 15)`, stored as
    /// `v / 8 + 0.5`, shaded `standard` with half the z-factor). Both at the DEM tile's own zoom (GL JS's raster-dem
    /// tiles are not overscaled: their `overscaledZ` is the canonical zoom).
    enum SlopeTexture: Sendable { case mapLibreNative, glJS }

    /// MapLibre's newer prepare pass reads whole elevations (not quarters) per 256 texels and
    /// exaggerates by `(z - 15)` rather than `(z - maxzoom)`: twice the legacy slope, times the
    /// difference of the two exaggerations.
    static func methodSlopeScale(zoom: Int, maxZoom: Int) -> Double {
        let z = Double(zoom)
        let factor = z < 2 ? 0.4 : z < 4.5 ? 0.35 : 0.3
        let legacy = (z - Double(maxZoom)) * factor, newer = z < 15 ? (z - 15) * factor : 0
        return 2 * pow(2, legacy - newer)
    }

    var pieces: [Piece]
    var exaggeration = 0.5
    /// The light's azimuth in radians (with the viewport anchor, the camera's bearing added).
    var azimuth = 0.0
    var shadow = PremultipliedColor(r: 0, g: 0, b: 0, a: 1)
    var highlight = PremultipliedColor(r: 1, g: 1, b: 1, a: 1)
    var accent = PremultipliedColor(r: 0, g: 0, b: 0, a: 1)
    /// `hillshade-method`; methods other than `standard` shade with ``lights``.
    var method = HillshadeMethod.standard
    /// The lights of `basic`, `combined`, `igor` (the first) and `multidirectional` (all).
    var lights: [HillshadeLight] = []
    /// `resampling`: the slope texture sampled bilinearly (`linear`) or at the nearest texel.
    var linearResampling = true

    init(pieces: [Piece]) { self.pieces = pieces }

    /// The slopes prepared as GL JS 5 prepares them (its `hillshade_prepare` shader), for a layer GL JS alone draws
    /// (draped over terrain, which MapLibre Native does not draw); pieces without their elevations stay as they are.
    mutating func useGLJSSlopes() {
        for i in pieces.indices where pieces[i].texture != .glJS {
            guard let dem = pieces[i].dem else { continue }
            pieces[i].slopes = dem.glJSSlopes(zoom: pieces[i].zoom)
            pieces[i].texture = .glJS
        }
    }
}

extension HillshadeLayer: SceneLayer {
    package var featureCount: Int { 0 }
    package func validate(layerIndex: Int) throws(RenderError) {}
    package func paint(in context: inout PaintContext) { context.paintHillshade(self) }
    package func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int] { [] }
}

/// A raster-dem tile's elevations with a one-texel border backfilled from its neighbours, and the
/// slope texture MapLibre's hillshade prepare pass renders from it.
package struct DEMTile: Sendable {
    /// Texels per side (without the border).
    package let dim: Int
    /// `(dim + 2)²` elevations in metres, row by row, border included.
    package private(set) var elevations: [Double]
    /// The slope textures prepared from these elevations, shared by the copies of the decoded tile (kept with it in
    /// the tile cache, so each texture is prepared once per tile rather than once per view drawing it).
    private let prepared = PreparedSlopes()
    /// The decoded tiles this tile's border was backfilled from (``PreparedSlopes/identity``, 0 for none), one per
    /// neighbour: with the tile's own identity, what its elevations are.
    private var borders = SIMD8<UInt64>(repeating: 0)
    /// The encoding the elevations were decoded with: red, green, blue factors and the shift subtracted
    /// (colour relief packs its stops into it as GL JS does).
    package let unpack: (Double, Double, Double, Double)

    /// The elevations of a square RGBA image decoded with `unpack` (r, g, b factors and offset).
    package init?(_ image: RGBAImage, unpack: (Double, Double, Double, Double)) {
        guard image.width == image.height, image.width > 0 else { return nil }
        let dim = image.width
        self.dim = dim
        self.unpack = unpack
        let stride = dim + 2
        var e = [Double](repeating: 0, count: stride * stride)
        image.pixels.withUnsafeBufferPointer { p in
            for y in 0..<dim {
                for x in 0..<dim {
                    let i = 4 * (y * dim + x)
                    e[(y + 1) * stride + x + 1] = Double(p[i]) * unpack.0 + Double(p[i + 1]) * unpack.1 + Double(p[i + 2]) * unpack.2 - unpack.3
                }
            }
        }
        // the border starts as a copy of the nearest edge texel
        for y in 1...dim {
            e[y * stride] = e[y * stride + 1]
            e[y * stride + dim + 1] = e[y * stride + dim]
        }
        for x in 0..<stride {
            e[x] = e[stride + x]
            e[(dim + 1) * stride + x] = e[dim * stride + x]
        }
        elevations = e
    }

    /// Copies the edge or corner of neighbour `other` (at offset `dx`, `dy` in tiles) into the border.
    package mutating func backfill(from other: DEMTile, dx: Int, dy: Int) {
        guard other.dim == dim else { return }
        let stride = dim + 2
        var xMin = dx * dim, xMax = dx * dim + dim, yMin = dy * dim, yMax = dy * dim + dim
        if dx == -1 { xMin = xMax - 1 } else if dx == 1 { xMax = xMin + 1 }
        if dy == -1 { yMin = yMax - 1 } else if dy == 1 { yMax = yMin + 1 }
        let ox = -dx * dim, oy = -dy * dim
        borders[PreparedSlopes.slot(dx: dx, dy: dy)] = other.prepared.identity
        for y in yMin..<yMax {
            for x in xMin..<xMax {
                elevations[(y + 1) * stride + x + 1] = other.elevations[(y + oy + 1) * stride + x + ox + 1]
            }
        }
    }

    /// The prepare pass: Sobel slopes over the 3x3 neighbourhood (elevations / 4), scaled by zoom with
    /// MapLibre's exaggeration curve, stored as 8-bit (x, y) in 0...1. Prepared once per tile and border.
    package func slopes(zoom: Int, maxZoom: Int) -> [Float] {
        prepared.texture(PreparedSlopes.Key(glJS: false, zoom: zoom, maxZoom: maxZoom, borders: borders)) {
            preparedSlopes(zoom: zoom, maxZoom: maxZoom)
        }
    }

    private func preparedSlopes(zoom: Int, maxZoom: Int) -> [Float] {
        let stride = dim + 2
        let z = Double(zoom)
        let exaggeration = z < 2 ? 0.4 : z < 4.5 ? 0.35 : 0.3
        let divisor = pow(2, (z - Double(maxZoom)) * exaggeration + 19.2562 - z)
        var out = [Float](repeating: 0, count: 2 * dim * dim)
        elevations.withUnsafeBufferPointer { e in
            for y in 0..<dim {
                for x in 0..<dim {
                    let c = (y + 1) * stride + x + 1
                    let a = e[c - stride - 1] / 4, b = e[c - stride] / 4, cc = e[c - stride + 1] / 4
                    let d = e[c - 1] / 4, f = e[c + 1] / 4
                    let g = e[c + stride - 1] / 4, h = e[c + stride] / 4, i = e[c + stride + 1] / 4
                    let dx = ((cc + f + f + i) - (a + d + d + g)) / divisor
                    let dy = ((g + h + h + i) - (a + b + b + cc)) / divisor
                    func byte(_ v: Double) -> Float { Float((max(0, min(1, v / 2 + 0.5)) * 255).rounded() / 255) }
                    out[2 * (y * dim + x)] = byte(dx)
                    out[2 * (y * dim + x) + 1] = byte(dy)
                }
            }
        }
        return out
    }

    /// GL JS 5's prepare pass (`hillshade_prepare.fragment.glsl`): the Sobel sums of whole elevations times `dim`,
    /// over `2^(exaggeration + 28.2562 - zoom)` with the exaggeration `(zoom - 15) · factor` below zoom 15, stored as
    /// 8-bit `v / 8 + 0.5` (x, y) in 0...1. Prepared once per tile and border.
    package func glJSSlopes(zoom: Int) -> [Float] {
        prepared.texture(PreparedSlopes.Key(glJS: true, zoom: zoom, maxZoom: 0, borders: borders)) {
            preparedGLJSSlopes(zoom: zoom)
        }
    }

    private func preparedGLJSSlopes(zoom: Int) -> [Float] {
        let stride = dim + 2
        let z = Double(zoom)
        let factor = z < 2 ? 0.4 : z < 4.5 ? 0.35 : 0.3
        let exaggeration = z < 15 ? (z - 15) * factor : 0
        let scale = Double(dim) / pow(2, exaggeration + 28.2562 - z)
        var out = [Float](repeating: 0, count: 2 * dim * dim)
        elevations.withUnsafeBufferPointer { e in
            for y in 0..<dim {
                for x in 0..<dim {
                    let c = (y + 1) * stride + x + 1
                    let a = e[c - stride - 1], b = e[c - stride], cc = e[c - stride + 1]
                    let d = e[c - 1], f = e[c + 1]
                    let g = e[c + stride - 1], h = e[c + stride], i = e[c + stride + 1]
                    let dx = ((cc + f + f + i) - (a + d + d + g)) * scale
                    let dy = ((g + h + h + i) - (a + b + b + cc)) * scale
                    func byte(_ v: Double) -> Float { Float((max(0, min(1, v / 8 + 0.5)) * 255).rounded() / 255) }
                    out[2 * (y * dim + x)] = byte(dx)
                    out[2 * (y * dim + x) + 1] = byte(dy)
                }
            }
        }
        return out
    }
}

/// The slope textures prepared from one decoded DEM tile (``DEMTile/slopes(zoom:maxZoom:)``,
/// ``DEMTile/glJSSlopes(zoom:)``), by prepare pass, zoom and the neighbours its border was backfilled from (each view
/// backfills the tile from the neighbours it has). Holds the last ``capacity`` textures.
private final class PreparedSlopes: @unchecked Sendable {
    struct Key: Hashable {
        var glJS: Bool
        var zoom: Int
        var maxZoom: Int
        var borders: SIMD8<UInt64>
    }

    /// Textures kept per tile (a view's tile has one border; a few views see it with other neighbours).
    static let capacity = 8
    /// A number no other decoded tile has (never reused, unlike an object's address).
    let identity: UInt64
    private let lock = NSLock()
    private var textures: [(key: Key, texture: [Float])] = []

    private static let counterLock = NSLock()
    nonisolated(unsafe) private static var counter: UInt64 = 0

    init() {
        identity = Self.counterLock.withLock {
            Self.counter += 1
            return Self.counter
        }
    }

    /// The border slot of the neighbour at offset (`dx`, `dy`) tiles.
    static func slot(dx: Int, dy: Int) -> Int {
        let k = (dy + 1) * 3 + (dx + 1)
        return k > 4 ? k - 1 : k
    }

    /// The texture for `key`, prepared by `make` the first time.
    func texture(_ key: Key, _ make: () -> [Float]) -> [Float] {
        if let kept = lock.withLock({ textures.first { $0.key == key }?.texture }) { return kept }
        let texture = make()
        lock.withLock {
            if textures.contains(where: { $0.key == key }) { return }
            if textures.count >= Self.capacity { textures.removeFirst() }
            textures.append((key, texture))
        }
        return texture
    }
}
