import Foundation
import Fonts
import GeoJSON
import MapStyle

/// A `symbol` layer in a scene: labels at anchors, each a list of glyph quads laid out around its
/// anchor in 24-point units, placed (or not) by collision detection before painting.
package struct SymbolLayer: Sendable {
    /// One glyph drawn: its SDF bitmap and the quad's corners in ems around the anchor
    /// (top left, top right, bottom left), quantized to 1/32 as MapLibre's vertex buffers are.
    struct GlyphQuad: Sendable {
        var glyph: Glyph
        var topLeft: Point
        var topRight: Point
        var bottomLeft: Point
        /// A `format` section's colour, if it sets one.
        var color: PremultipliedColor?
        /// The image of an image section (`glyph` is then a placeholder without a bitmap).
        var image: StyleImage?
    }

    /// One quad of an icon: corners in CSS pixels around the anchor at the drawn `icon-size`
    /// (top left, top right, bottom left) and the texels it shows, in the image framed by one
    /// transparent texel (x0, y0, x1, y1).
    struct IconQuad: Sendable {
        var topLeft: Point
        var topRight: Point
        var bottomLeft: Point
        var texels: (x0: Double, y0: Double, x1: Double, y1: Double)
    }

    /// An icon drawn: its image, its quads and its paint.
    struct Icon: Sendable {
        var image: StyleImage
        var quads: [IconQuad]
        /// `icon-size` (the quads are already scaled by it; SDF gamma uses it).
        var size: Double
        var color: PremultipliedColor
        var haloColor: PremultipliedColor
        var haloWidth: Double
        var haloBlur: Double
        var opacity: Double
        /// Bilinear sampling (scaled or rotated icons, SDF icons); nearest otherwise, as MapLibre.
        var linear: Bool
        /// The collision box in CSS pixels around the anchor (with `icon-padding`).
        var box: (x0: Double, y0: Double, x1: Double, y1: Double)
        var allowOverlap: Bool
        var ignorePlacement: Bool
        var optional: Bool
        /// The icon's laid-out width at `icon-size` 1 (MapLibre's shaped icon, for label spacing along lines).
        var shapedWidth = 0.0
        /// Fitted to text with variable anchors: the icon moves with the anchor the text is placed at.
        var followsTextAnchor = false
        /// False for an icon that only takes part in collisions (fitted to variable-anchor text that is empty).
        var isDrawn = true
    }

    /// One of a label's variable-anchor placements: its glyphs and collision box.
    struct Variant: Sendable {
        var quads: [GlyphQuad]
        var box: (x0: Double, y0: Double, x1: Double, y1: Double)
        /// The shift from the centred text to this anchor's side, CSS pixels.
        var shift = Point(x: 0, y: 0)
        /// The text's box without padding, CSS pixels around the anchor (vertical labels: before their turn).
        var bounds: (left: Double, top: Double, right: Double, bottom: Double)?
    }

    /// One label.
    struct Symbol: Sendable {
        var anchor: LocationCoordinate2D
        var quads: [GlyphQuad]
        /// `text-size / 24`.
        var fontScale: Double
        /// Over terrain, the perspective ratio at the raised anchor over the one at the flat ground the label is drawn
        /// at (GL JS sizes a label by its raised position's depth); 1 on a flat map.
        var terrainScale = 1.0
        /// The collision box in CSS pixels around the anchor (with `text-padding`).
        var box: (x0: Double, y0: Double, x1: Double, y1: Double)
        var color: PremultipliedColor
        var haloColor: PremultipliedColor
        var haloWidth: Double
        var haloBlur: Double
        var opacity: Double
        var allowOverlap: Bool
        var ignorePlacement: Bool
        var textOptional = false
        /// The symbol's icon, if it has one.
        var icon: Icon?
        /// With `icon-text-fit`, the icon fitted to the vertical text (drawn when the vertical text is).
        var verticalIcon: Icon?
        /// Placements to try in order (`text-variable-anchor`); placement keeps the first that fits.
        var variants: [Variant] = []
        /// The label in vertical writing mode, when `text-writing-mode` allows it and the text can:
        /// one placement, or one per variable anchor, tried in order.
        var vertical: [Variant] = []
        /// Set by placement: whether the text is drawn.
        var placed = true
        /// Set by placement: whether the icon is drawn.
        var iconPlaced = true
        /// Where the anchor was drawn, in CSS pixels (set by placement; for hit tests).
        var screenAnchor: Point?
        /// For labels along lines: the line followed and how the glyphs sit on it.
        var path: LinePath?
        /// Set by placement for labels along lines: each glyph's centre and angle (indexed like `quads`).
        var placedGlyphs: [PlacedGlyph] = []
        /// Set by placement for labels along lines: label-plane device pixels per em * 24 unit (on the globe, for text in
        /// the map plane, before each glyph's own pitched scale).
        var labelScale = 0.0
        /// Set by placement for labels along lines on the globe: the anchor's depth ratio (its clip `w` over the camera's
        /// distance to the centre), which GL JS's shader sizes the glyphs' SDF edge by (1 otherwise).
        var depthRatio = 1.0
        /// Set by placement for icons along lines: the line's angle at the anchor, in the label plane.
        var iconAngle = 0.0
        /// Set by placement for labels along lines: the anchor's world point (Web Mercator fractions, its world copy
        /// included), where an icon pitched with the map is laid in the map plane.
        var lineAnchorWorld: Point?
        /// Set by placement for labels along lines: their collision circles in CSS pixels (hit tests).
        var circles: [CollisionGrid.Circle] = []
        /// `symbol-sort-key`, when the layer sets it (labels with one key are drawn together).
        var sortKey: Double?
        /// With `text-variable-anchor`: the shift of the placed anchor's variant from the centred
        /// text (CSS pixels at the text size, in the text's own frame), which `quads` hold already.
        var textShift = Point(x: 0, y: 0)
        /// Set by placement when collision boxes are shown: the text and icon boxes tried, on the screen.
        var collisionBoxes: [CollisionBoxOutline] = []
    }

    /// A collision box as the debug overlay draws it: CSS pixels on the screen, and whether its
    /// label was placed (blue) or hidden by a collision (red).
    struct CollisionBoxOutline: Sendable {
        var box: CollisionGrid.Box
        var placed: Bool
        /// A line label's collision circle (drawn as the circle in `box`) rather than a box.
        var isCircle = false
    }

    var symbols: [Symbol]
    var translate = Point(x: 0, y: 0)
    var translateAnchor: TranslateAnchor = .map
    /// `icon-translate` (CSS pixels) and its anchor: icons move apart from their text.
    var iconTranslate = Point(x: 0, y: 0)
    var iconTranslateAnchor: TranslateAnchor = .map
    /// Point labels turn with the map's bearing (`text-rotation-alignment: map`) and lie in the
    /// map plane (`text-pitch-alignment: map`); likewise icons.
    /// `text-writing-mode` asks for vertical labels before horizontal ones.
    var verticalFirst = false
    /// `text-writing-mode` allows horizontal labels (it does when unset).
    var horizontalAllowed = true
    var textRotateWithMap = false
    var textPitchWithMap = false
    var iconRotateWithMap = false
    var iconPitchWithMap = false
    /// Draw the collision boxes over the layer (the SDK's collision-box debug option).
    var showsCollisionBoxes = false
    /// `symbol-avoid-edges`, or labels along lines (`symbol-placement: line`): in the tile map mode
    /// the labels stay inside their tile.
    var avoidsTileEdges = false
    /// Place labels lower on the screen first (`symbol-z-order: viewport-y`), as MapLibre does.
    var placesByViewportY = false
    /// Draw in viewport-y order (lower labels over higher ones), as `symbol-z-order` asks.
    var sortByViewportY = false
    /// Labels are ordered by `symbol-sort-key`: each run of labels with one key is drawn (icons,
    /// halos, text) before the next, rather than every icon before every halo before every text.
    var haloPerSymbol = false
    /// What MapLibre groups symbol layers by (`groupByLayout`): layers with the same source, filter,
    /// zoom range and layout share one bucket, which only the group's first layer places.
    var layoutGroup: LayoutGroupKey?

    /// A symbol layer's layout group: its source, source layer, zoom range, filter and layout.
    struct LayoutGroupKey: Hashable, Sendable {
        var source: String?
        var sourceLayer: String?
        var minimumZoom: Double?
        var maximumZoom: Double?
        var filter: JSONValue?
        var layout: JSONObject

        init(_ layer: StyleLayer) {
            source = layer.sourceIdentifier
            sourceLayer = layer.sourceLayerIdentifier
            minimumZoom = layer.minimumZoomLevel
            maximumZoom = layer.maximumZoomLevel
            filter = layer.predicate
            layout = layer.layout
        }
    }

    init(symbols: [Symbol]) { self.symbols = symbols }

    /// This layer's labels placed where `leader`, the first layer of its layout group, placed them
    /// (the same bucket in MapLibre), each keeping its own paint; false when the two do not line up.
    mutating func takePlacement(from leader: SymbolLayer) -> Bool {
        guard leader.symbols.count == symbols.count else { return false }
        for i in symbols.indices {
            let own = symbols[i]
            var s = leader.symbols[i]
            s.color = own.color
            s.haloColor = own.haloColor
            s.haloWidth = own.haloWidth
            s.haloBlur = own.haloBlur
            s.opacity = own.opacity
            if let ownIcon = own.icon, s.icon != nil {
                s.icon?.color = ownIcon.color
                s.icon?.haloColor = ownIcon.haloColor
                s.icon?.haloWidth = ownIcon.haloWidth
                s.icon?.haloBlur = ownIcon.haloBlur
                s.icon?.opacity = ownIcon.opacity
                s.icon?.size = ownIcon.size
            }
            symbols[i] = s
        }
        return true
    }

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
    package var featureCount: Int { symbols.count }
    package func validate(layerIndex: Int) throws(RenderError) {}
    package func paint(in context: inout PaintContext) { context.paintSymbols(self) }

    /// Placed labels whose collision box (without padding) meets the rectangle, topmost first.
    package func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int] {
        var out: [Int] = []
        func meets(_ a: Point, _ b: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Bool {
            a.x + b.x0 <= rect.maxX && a.x + b.x1 >= rect.minX && a.y + b.y0 <= rect.maxY && a.y + b.y1 >= rect.minY
        }
        // MapLibre Native queries a line label's circles as its grid does (the circle against the query's
        // box), then as their bounding squares against the query in whole pixels (`polygonIntersectsBox`)
        func meets(_ c: CollisionGrid.Circle) -> Bool {
            let halfWidth = (rect.maxX - rect.minX) / 2, halfHeight = (rect.maxY - rect.minY) / 2
            let dx = abs(c.x - (rect.minX + halfWidth)), dy = abs(c.y - (rect.minY + halfHeight))
            if dx > halfWidth + c.radius || dy > halfHeight + c.radius { return false }
            if dx > halfWidth && dy > halfHeight {
                let ex = dx - halfWidth, ey = dy - halfHeight
                if ex * ex + ey * ey > c.radius * c.radius { return false }
            }
            func whole(_ v: Double) -> Double { v.rounded(.down) }
            return whole(c.x - c.radius) <= whole(rect.maxX) && whole(c.x + c.radius) >= whole(rect.minX)
                && whole(c.y - c.radius) <= whole(rect.maxY) && whole(c.y + c.radius) >= whole(rect.minY)
        }
        // MapLibre returns symbols tile by tile (rows from the north, then columns from the west),
        // each tile's in reverse drawing order: reverse feature order, or, for a layer sorted by
        // viewport y, its bucket's order (anchors' rotated y in tile units) reversed
        let tiles = pow(2, Double(geometry.transform.tileZoom))
        let bearing = geometry.transform.camera.bearing * .pi / 180
        let (sinAngle, cosAngle) = (sin(-bearing), cos(-bearing))
        struct Key: Comparable {
            var row: Double, column: Double, y: Double, index: Int
            static func < (a: Key, b: Key) -> Bool {
                (a.row, a.column, -a.y, a.index) < (b.row, b.column, -b.y, b.index)
            }
        }
        let keys: [Key] = symbols.indices.map { i in
            let m = Transform.mercator(symbols[i].anchor)
            let row = (m.y * tiles).rounded(.down), column = (m.x * tiles).rounded(.down)
            guard sortByViewportY else { return Key(row: row, column: column, y: 0, index: -i) }
            let y = SymbolDrawOrder.turnedY(m, tiles: tiles, column: column, row: row, sine: sinAngle, cosine: cosAngle)
            return Key(row: row, column: column, y: y, index: i)
        }
        let order = symbols.indices.sorted { keys[$0] < keys[$1] }
        for i in order {
            let s = symbols[i]
            guard let a = s.screenAnchor else { continue }
            let alongLine = s.path?.textAlongLine == true
            let text = s.placed && !s.quads.isEmpty && (alongLine ? s.circles.contains(where: meets) : meets(a, s.box))
            let icon = s.iconPlaced && s.icon.map { $0.isDrawn && meets(a, $0.box) } == true
            if text || icon { out.append(i) }
        }
        return out
    }
}
