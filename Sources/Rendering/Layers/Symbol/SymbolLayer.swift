import GeoJSON
import MapStyle

/// A `symbol` layer in a scene: labels at anchors, each a list of glyph quads laid out around its
/// anchor in 24-point units, placed (or not) by collision detection before painting.
public struct SymbolLayer: Sendable {
    /// One glyph drawn: its SDF bitmap and the quad's corners in ems around the anchor
    /// (top left, top right, bottom left), quantized to 1/32 as MapLibre's vertex buffers are.
    struct GlyphQuad: Sendable {
        var glyph: Glyph
        var topLeft: Point
        var topRight: Point
        var bottomLeft: Point
        /// A `format` section's colour, if it sets one.
        var color: PremultipliedColor?
    }

    /// One label.
    struct Symbol: Sendable {
        var anchor: LocationCoordinate2D
        var quads: [GlyphQuad]
        /// `text-size / 24`.
        var fontScale: Double
        /// The collision box in CSS pixels around the anchor (with `text-padding`).
        var box: (x0: Double, y0: Double, x1: Double, y1: Double)
        var color: PremultipliedColor
        var haloColor: PremultipliedColor
        var haloWidth: Double
        var haloBlur: Double
        var opacity: Double
        var allowOverlap: Bool
        var ignorePlacement: Bool
        /// Set by placement: whether the label is drawn.
        var placed = true
        /// Where the anchor was drawn, in CSS pixels (set by placement; for hit tests).
        var screenAnchor: Point?
    }

    var symbols: [Symbol]
    var translate = Point(x: 0, y: 0)
    var translateAnchor: TranslateAnchor = .map
    /// Draw in viewport-y order (lower labels over higher ones), as `symbol-z-order` asks.
    var sortByViewportY = false
    /// Draw each label's halo right before its text (labels ordered by `symbol-sort-key`), rather
    /// than every halo before every text.
    var haloPerSymbol = false

    init(symbols: [Symbol]) { self.symbols = symbols }

    /// Keeps the labels whose anchor lies in `tile` (world copy `wrap`), and their features.
    mutating func keepSymbols(anchoredIn tile: TileClip, wrap: Int, features: inout [SelectedFeature]) {
        var keptSymbols: [Symbol] = [], keptFeatures: [SelectedFeature] = []
        for (s, f) in zip(symbols, features) {
            let m = Transform.mercator(s.anchor)
            if tile.contains(Point(x: m.x + Double(wrap), y: m.y)) {
                keptSymbols.append(s)
                keptFeatures.append(f)
            }
        }
        symbols = keptSymbols
        features = keptFeatures
    }
}

extension SymbolLayer: SceneLayer {
    public var featureCount: Int { symbols.count }
    public func validate(layerIndex: Int) throws(RenderError) {}
    public func paint(in context: inout PaintContext) { context.paintSymbols(self) }

    /// Placed labels whose collision box (without padding) meets the rectangle, topmost first.
    public func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int] {
        var out: [Int] = []
        for (i, s) in symbols.enumerated().reversed() where s.placed {
            guard let a = s.screenAnchor else { continue }
            if a.x + s.box.x0 <= rect.maxX && a.x + s.box.x1 >= rect.minX && a.y + s.box.y0 <= rect.maxY && a.y + s.box.y1 >= rect.minY {
                out.append(i)
            }
        }
        return out
    }
}
