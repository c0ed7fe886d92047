import GeoJSON
import MapStyle
import Foundation

/// State shared by the layer painters during one render: projection, the pixels drawn on, the
/// clip, and scratch buffers.
///
/// A render may paint its canvas in bands on several threads: each band has its own context (its
/// own scratch buffers) over the same pixels, with a ``clip`` no other band touches.
package struct PaintContext {
    let transform: Transform
    /// The canvas's premultiplied RGBA floats (row stride `4 * canvasWidth`).
    let pixels: UnsafeMutablePointer<Float>
    let canvasWidth: Int
    let canvasHeight: Int
    /// The pixels this context may paint.
    var clip: PixelClip
    /// The source tile the layer being painted is drawing for, if its source is tiled.
    var tileClip: TileClip? {
        didSet {
            guard tileClip != oldValue else { return }
            if let tileClip { tileSpans = rowSpans(for: tileClip) } else { tileSpans = nil }
        }
    }
    /// The rows of ``tileClip`` inside the tile, worked out as painters ask for them.
    private(set) var tileSpans: TileRowSpans?
    /// Every tile's row spans this context has worked out (each tile is clipped to by many layers).
    private var tileSpanCache: [TileClip: TileRowSpans] = [:]
    /// The one world copy features are drawn on (a source tile's), or nil for every visible copy.
    var pinnedCopy: Int?
    let visibleX: (min: Double, max: Double)
    /// The transform's world size in device pixels (read per feature: see ``copies(worldWest:worldEast:margin:)``).
    let worldSize: Double
    /// The buffers the painters reuse (``PaintScratch``): rings projected to screen points, line meshes, the
    /// scanner's edges, a globe fill's recorded outlines.
    var scratch: PaintScratch
    /// The depth buffer fill-extrusion layers share (`1 / depth` per pixel of the clip, 0 where none
    /// is drawn): allocated by the first extrusion layer, kept for the later ones, as MapLibre's 3D pass
    /// shares its depth buffer between them.
    var extrusionDepth: [Float] = []
    /// The pixels of the clip showing the globe (its cover's tile meshes), worked out when first asked
    /// for; nil in Mercator.
    let globeCover: GlobeCover?
    /// The transform's globe view (``Transform/globe``), for painters that hold it across their calls: held as part of
    /// the transform, it kept the whole transform alive, copied and released around each call (see ``paintFill(_:)``).
    var globeView: GlobeView? { globeCover?.globe }

    /// A context painting `pixels` (a `canvasWidth x canvasHeight` canvas) within `clip`, its scratch buffers taken
    /// from `scratch` (an earlier render's in the same band: ``takeScratch()``).
    init(transform: Transform, pixels: UnsafeMutablePointer<Float>, canvasWidth: Int, canvasHeight: Int, clip: PixelClip,
         scratch: consuming PaintScratch = PaintScratch()) {
        self.scratch = scratch
        self.transform = transform
        self.pixels = pixels
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.clip = clip.intersection(PixelClip(width: canvasWidth, height: canvasHeight))
        visibleX = transform.visibleWorldXRange()
        worldSize = transform.worldSize
        self.scratch.scanner.ties = transform.rasterReference.flatTies
        globeCover = transform.globe.map { GlobeCover(transform: transform, globe: $0, clip: clip.intersection(PixelClip(width: canvasWidth, height: canvasHeight))) }
    }

    /// Hands the scratch buffers over (for the next render in this band), leaving this context empty ones.
    mutating func takeScratch() -> PaintScratch {
        var s = PaintScratch()
        swap(&s, &scratch)
        return s
    }

    /// The row spans of `tile` for this context, worked out once per tile.
    private mutating func rowSpans(for tile: TileClip) -> TileRowSpans {
        if let cached = tileSpanCache[tile] { return cached }
        let spans = TileRowSpans(tile: tile, transform: transform, clip: clip)
        tileSpanCache[tile] = spans
        return spans
    }

    /// Composites `color` over every pixel of the clip (on the globe: every pixel showing the globe).
    func fillClip(_ color: PremultipliedColor) {
        if color.a <= 0 || clip.isEmpty { return }
        if let globeCover {
            for y in clip.y0..<clip.y1 {
                globeCover.forEachSpan(row: y, from: clip.x0, to: clip.x1) { a, b in
                    Canvas.blendSpan(pixels, offset: 4 * (y * canvasWidth + a), count: b - a, color: color)
                }
            }
            return
        }
        for y in clip.y0..<clip.y1 {
            Canvas.blendSpan(pixels, offset: 4 * (y * canvasWidth + clip.x0), count: clip.x1 - clip.x0, color: color)
        }
    }

    /// The world copies to draw something spanning longitudes `west...east` on: the pinned copy,
    /// or every copy where it can be visible (`margin` device pixels widen the test).
    ///
    /// The margin is bounded by ``maximumCopyMargin``: something centred farther than that from the
    /// view is not drawn however far it reaches (MapLibre draws a feature only from the tiles in view),
    /// so a huge or non-finite radius or width costs a few copies, not 129.
    func copies(west: Double, east: Double, margin: Double) -> ClosedRange<Int>? {
        if let pinnedCopy { return pinnedCopy...pinnedCopy }
        return copies(worldWest: (west + 180) / 360, worldEast: (east + 180) / 360, margin: margin)
    }

    /// ``copies(west:east:margin:)`` for something spanning world x `west...east` (Web Mercator fractions).
    func copies(worldWest west: Double, worldEast east: Double, margin: Double) -> ClosedRange<Int>? {
        if let pinnedCopy { return pinnedCopy...pinnedCopy }
        return Transform.worldCopies(worldWest: west, worldEast: east, visible: visibleX, margin: min(margin, maximumCopyMargin),
                                     worldSize: worldSize, oneWorld: globeCover != nil)
    }

    /// The widest margin ``copies(west:east:margin:)`` honours: twice the canvas's larger side, in device pixels.
    var maximumCopyMargin: Double { 2 * Double(max(canvasWidth, canvasHeight)) }

    /// Composites a pattern over every pixel of the clip.
    func fillClip(pattern: StyleImage, opacity: Float) {
        if opacity <= 0 || clip.isEmpty { return }
        if let globeCover {
            // on the globe GL JS draws each covering tile's mesh with the pattern's position a vertex
            // attribute (`get_pattern_pos` of the tile coordinate), interpolated across each flat triangle:
            // toward the limb the triangle's chord puts a pixel on another texel than the sphere point under it
            let w = canvasWidth, p = pixels
            for tile in GlobeCover.tiles(transform: transform, globe: globeCover.globe) {
                rasterizeGlobeMesh(GlobeTileMesh(bounds: tile, granularity: GlobeGranularity.tile), globe: globeCover.globe) { s in
                    for x in s.x0..<s.x1 {
                        guard let c = patternColor(pattern, world: s.world(x)), c.a > 0 else { continue }
                        Canvas.blendPixel(p, offset: 4 * (s.y * w + x), color: c.scaled(opacity), alpha: 1)
                    }
                }
            }
            return
        }
        for y in clip.y0..<clip.y1 {
            for x in clip.x0..<clip.x1 {
                guard let c = patternColor(pattern, x: x, y: y), c.a > 0 else { continue }
                Canvas.blendPixel(pixels, offset: 4 * (y * canvasWidth + x), color: c.scaled(opacity), alpha: 1)
            }
        }
    }

    /// The pixels (within the clip) that may show the world-unit polygon `corners`: the bounds of its
    /// corners on screen, a pixel wider; up to the top of the view when pitched (the horizon cuts it).
    func pixelBounds(ofWorld corners: [Point]) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        if let globe = transform.globe { return globePixelBounds(ofWorld: corners, globe: globe) }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for c in corners {
            let s = transform.screen(plane: transform.plane(worldFraction: c))
            guard s.x.isFinite, s.y.isFinite else { continue }
            minX = min(minX, s.x); maxX = max(maxX, s.x); minY = min(minY, s.y); maxY = max(maxY, s.y)
        }
        if transform.isPitched { minY = min(minY, 0) }
        let x0 = clip.firstColumn(atOrRightOf: minX - 1), x1 = clip.firstColumn(atOrRightOf: maxX + 1)
        let y0 = clip.firstRow(atOrBelow: minY - 1), y1 = clip.firstRow(atOrBelow: maxY + 1)
        return x0 < x1 && y0 < y1 ? (x0, y0, x1, y1) : nil
    }

    /// A paint translation (CSS pixels) as a plane vector (device pixels).
    func planeTranslation(_ t: Point, anchor: TranslateAnchor) -> Point {
        let v = Point(x: t.x * transform.pixelRatio, y: t.y * transform.pixelRatio)
        return anchor == .map ? transform.rotate(v) : v
    }

    /// The plane point under the centre of pixel (x, y), or nil above the horizon.
    @inline(__always)
    func planeAtPixel(_ x: Int, _ y: Int) -> Point? {
        transform.plane(screen: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
    }

    /// World x bounds of a list of Web Mercator points.
    static func worldXBounds(_ points: [Point]) -> (Double, Double) {
        var lo = Double.infinity, hi = -Double.infinity
        for p in points {
            lo = min(lo, p.x)
            hi = max(hi, p.x)
        }
        return (lo, hi)
    }

    /// Longitude bounds of a list of coordinates.
    static func longitudeBounds<S: Sequence>(_ coords: S) -> (Double, Double) where S.Element == LocationCoordinate2D {
        var lo = Double.infinity, hi = -Double.infinity
        for c in coords {
            lo = min(lo, c.longitude)
            hi = max(hi, c.longitude)
        }
        return (lo, hi)
    }
}

/// GLSL `smoothstep`, also for `edge0 > edge1` as GPUs compute it.
@inline(__always)
func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
    let t = max(0, min(1, (x - e0) / (e1 - e0)))
    return t * t * (3 - 2 * t)
}
