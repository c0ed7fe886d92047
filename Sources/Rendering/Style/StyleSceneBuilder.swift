import Foundation
import Expressions
import GeoJSON
import MapStyle
import Tiling

/// Turns a style (layers in order, with their filters and properties) and source data into the
/// ``RenderScene`` the renderer draws, for one camera.
///
/// Filters, `minzoom`/`maxzoom`, `visibility` and every paint property are evaluated here through
/// `Expressions`: zoom from the camera, feature data and feature state per feature.
public struct StyleSceneBuilder: Sendable {
    public var width: Int
    public var height: Int
    public var pixelRatio: Double
    public var camera: Camera

    public init(width: Int, height: Int, pixelRatio: Double = 1, camera: Camera) {
        self.width = width
        self.height = height
        self.pixelRatio = pixelRatio
        self.camera = camera
    }

    /// The scene for `layers` drawing from `sources`.
    public func scene(layers: [StyleLayer], sources: [String: SourceFeatures], states: FeatureStates = FeatureStates()) throws(StyleRenderError) -> RenderScene {
        try styleScene(layers: layers, sources: sources, states: states).scene
    }

    /// The scene, and for each drawn layer the style layer and source features it draws (in the
    /// scene's feature order), so that hits can be traced back to features.
    public func styleScene(layers: [StyleLayer], sources: [String: SourceFeatures], states: FeatureStates = FeatureStates()) throws(StyleRenderError) -> StyleScene {
        var scene = RenderScene(width: width, height: height, pixelRatio: pixelRatio, camera: camera)
        var drawn: [StyleScene.DrawnLayer] = []
        let zoom = camera.zoom
        var quantizationZoom = 18
        // what each source draws at this camera, worked out once for all its layers
        var drawable: [String: [SourceFeatures.Drawable]] = [:]
        for layer in layers {
            guard layer.isVisible else { continue }
            if let minz = layer.minimumZoomLevel, zoom < minz { continue }
            if let maxz = layer.maximumZoomLevel, zoom >= maxz { continue }
            if layer.type == .background {
                scene.layers.append(.background(try background(layer)))
                drawn.append(StyleScene.DrawnLayer(identifier: layer.identifier, sourceIdentifier: nil, features: []))
                continue
            }
            guard let sourceID = layer.sourceIdentifier, let source = sources[sourceID] else { continue }
            quantizationZoom = source.maximumZoom
            let z = max(0, min(source.maximumZoom, Int(camera.zoom.rounded(.down))))
            if drawable[sourceID] == nil {
                drawable[sourceID] = source.drawable(atZoom: camera.zoom, in: coveredBounds(tileZoom: z))
            }
            var selected = try select(layer, drawable[sourceID] ?? [], tileZoom: z, sourceID: sourceID, states: states)
            switch layer.type {
            case .fill: scene.layers.append(.fill(try fill(layer, selected)))
            case .line: scene.layers.append(.line(try line(layer, selected)))
            case .circle:
                selected = try sortedByKey(layer, selected)
                scene.layers.append(.circle(try circle(layer, selected)))
            default: continue  // other layer types are not drawn yet
            }
            drawn.append(StyleScene.DrawnLayer(identifier: layer.identifier, sourceIdentifier: sourceID, features: selected.map(\.feature)))
        }
        scene.tileQuantizationMaxZoom = quantizationZoom
        return StyleScene(scene: scene, layers: drawn)
    }

    // MARK: - Selection

    /// A feature that passed the layer's filter, the geometry to draw for it (simplified for the
    /// zoom, or a cluster), and its evaluation context.
    struct Selected {
        var feature: GeoJSONFeature
        var geometry: Geometry?
        var context: EvaluationContext
    }

    private func select(_ layer: StyleLayer, _ drawable: [SourceFeatures.Drawable], tileZoom z: Int, sourceID: String,
                        states: FeatureStates) throws(StyleRenderError) -> [Selected] {
        let filter: FeatureFilter
        do {
            filter = try FeatureFilter(layer.predicate)
        } catch {
            throw StyleRenderError.invalidFilter(layer: layer.identifier, message: "\(error)")
        }
        let withStates = states.hasStates(source: sourceID)
        // `within`/`distance` place geometry in a tile: use the tile under the camera centre.
        let tile = WebMercator.tile(containing: Position(camera.center.longitude, camera.center.latitude), zoom: z)
        let canonical = CanonicalTileID(z: tile.z, x: tile.x, y: tile.y)
        var out: [Selected] = []
        out.reserveCapacity(drawable.count)
        for d in drawable {
            guard let g = d.geometry, Self.draws(layer.type, g) else { continue }
            var context = EvaluationContext(zoom: camera.zoom, feature: FeatureView(d.feature), canonical: canonical)
            if withStates, let id = d.feature.identifier { context.featureState = states.state(source: sourceID, id: id) }
            guard filter.evaluate(context) else { continue }
            out.append(Selected(feature: d.feature, geometry: g, context: context))
        }
        return out
    }

    /// The world area of the source tiles MapLibre would draw for this view: the visible area grown
    /// to whole tiles of `tileZoom`, plus the tile buffer (128 of 512 pixels). What lies beyond is not
    /// drawn, as in MapLibre, whose sources only load the tiles covering the view.
    func coveredBounds(tileZoom: Int) -> WorldBounds {
        let t = RenderScene(width: width, height: height, pixelRatio: pixelRatio, camera: camera).transform
        let xs = t.visibleWorldXRange(), ys = t.visibleWorldYRange()
        let n = pow(2, Double(tileZoom))
        let buffer = 0.25 / n
        return WorldBounds(minX: (xs.min * n).rounded(.down) / n - buffer, minY: (ys.min * n).rounded(.down) / n - buffer,
                           maxX: (xs.max * n).rounded(.up) / n + buffer, maxY: (ys.max * n).rounded(.up) / n + buffer)
    }

    /// Whether a layer of `type` draws anything for geometry `g`.
    static func draws(_ type: LayerType, _ g: Geometry) -> Bool {
        switch (type, g) {
        case (.fill, .polygon), (.fill, .multiPolygon): return true
        case (.fill, _): return false
        case (.line, .point), (.line, .multiPoint): return false
        case (.line, _): return true
        case (.circle, _): return true
        case (_, .geometryCollection): return true
        default: return false
        }
    }

    // MARK: - Layers

    private func background(_ layer: StyleLayer) throws(StyleRenderError) -> BackgroundLayer {
        let ctx = EvaluationContext(zoom: camera.zoom)
        let color = try CompiledProperty("background-color", of: layer).color(ctx)
        let opacity = try CompiledProperty("background-opacity", of: layer).number(ctx)
        return BackgroundLayer(color: color, opacity: opacity)
    }

    private func perFeature<T>(_ p: CompiledProperty, _ selected: [Selected], _ map: (ExpressionValue) -> T) -> FeatureValue<T> {
        if p.isFeatureConstant { return .constant(map(p.value(EvaluationContext(zoom: camera.zoom)))) }
        return .perFeature(selected.map { map(p.value($0.context)) })
    }

    private func numbers(_ p: CompiledProperty, _ s: [Selected]) -> FeatureValue<Double> {
        perFeature(p, s) { $0.number ?? 0 }
    }

    private func colors(_ p: CompiledProperty, _ s: [Selected]) -> FeatureValue<RenderColor> {
        perFeature(p, s) { RenderColor($0.color) }
    }

    private func translate(_ layer: StyleLayer, _ name: String) throws(StyleRenderError) -> Point {
        let v = try CompiledProperty(name, of: layer).numbers(EvaluationContext(zoom: camera.zoom))
        return v.count == 2 ? Point(x: v[0], y: v[1]) : Point(x: 0, y: 0)
    }

    private func anchor(_ layer: StyleLayer, _ name: String) throws(StyleRenderError) -> TranslateAnchor {
        TranslateAnchor(rawValue: try CompiledProperty(name, of: layer).string(EvaluationContext(zoom: camera.zoom)) ?? "map") ?? .map
    }

    private func fill(_ layer: StyleLayer, _ selected: [Selected]) throws(StyleRenderError) -> FillLayer {
        var out = FillLayer(features: selected.map { FillFeature(polygons: GeometryConversion.polygons($0.geometry)) })
        out.color = colors(try CompiledProperty("fill-color", of: layer), selected)
        out.opacity = numbers(try CompiledProperty("fill-opacity", of: layer), selected)
        if layer.paint["fill-outline-color"] != nil {
            out.outlineColor = colors(try CompiledProperty("fill-outline-color", of: layer), selected)
        }
        out.antialias = try CompiledProperty("fill-antialias", of: layer).value(EvaluationContext(zoom: camera.zoom)).boolean ?? true
        out.translate = try translate(layer, "fill-translate")
        out.translateAnchor = try anchor(layer, "fill-translate-anchor")
        return out
    }

    private func line(_ layer: StyleLayer, _ selected: [Selected]) throws(StyleRenderError) -> LineLayer {
        var features: [LineFeature] = []
        features.reserveCapacity(selected.count)
        for s in selected {
            let (lines, closed) = GeometryConversion.lines(s.geometry)
            features.append(LineFeature(lines: lines, closedRings: closed))
        }
        var out = LineLayer(features: features)
        let zoomOnly = EvaluationContext(zoom: camera.zoom)
        out.color = colors(try CompiledProperty("line-color", of: layer), selected)
        out.opacity = numbers(try CompiledProperty("line-opacity", of: layer), selected)
        let width = try CompiledProperty("line-width", of: layer)
        out.width = numbers(width, selected)
        // MapLibre scales dashes by the width at the integer zoom ("floorwidth").
        if layer.paint["line-dasharray"] != nil {
            let floorZoom = camera.zoom.rounded(.down)
            out.dashWidth = width.isFeatureConstant
                ? .constant(width.number(EvaluationContext(zoom: floorZoom)))
                : .perFeature(selected.map { s in
                    var c = s.context
                    c.zoom = floorZoom
                    return width.number(c)
                })
        }
        if layer.paint["line-gradient"] != nil {
            let gradient = try CompiledProperty("line-gradient", of: layer)
            out.gradient = (0..<256).map { i in
                RenderColor(gradient.value(EvaluationContext(zoom: camera.zoom, lineProgress: Double(i) / 255)).color)
            }
        }
        out.gapWidth = numbers(try CompiledProperty("line-gap-width", of: layer), selected)
        out.offset = numbers(try CompiledProperty("line-offset", of: layer), selected)
        out.blur = numbers(try CompiledProperty("line-blur", of: layer), selected)
        out.dashArray = try CompiledProperty.optional("line-dasharray", of: layer)?.numbers(zoomOnly) ?? []
        out.join = perFeature(try CompiledProperty("line-join", of: layer), selected) { LineJoin(rawValue: $0.string ?? "") ?? .miter }
        out.cap = LineCap(rawValue: try CompiledProperty("line-cap", of: layer).string(zoomOnly) ?? "butt") ?? .butt
        out.miterLimit = try CompiledProperty("line-miter-limit", of: layer).number(zoomOnly)
        out.roundLimit = try CompiledProperty("line-round-limit", of: layer).number(zoomOnly)
        out.translate = try translate(layer, "line-translate")
        out.translateAnchor = try anchor(layer, "line-translate-anchor")
        return out
    }

    /// Features in `circle-sort-key` order (stable), when the layer has one.
    private func sortedByKey(_ layer: StyleLayer, _ selected: [Selected]) throws(StyleRenderError) -> [Selected] {
        guard let sortKey = try CompiledProperty.optional("circle-sort-key", of: layer) else { return selected }
        let keys = selected.map { sortKey.value($0.context).number ?? 0 }
        let order = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
        return order.map { selected[$0] }
    }

    private func circle(_ layer: StyleLayer, _ selected: [Selected]) throws(StyleRenderError) -> CircleLayer {
        var out = CircleLayer(features: selected.map { CircleFeature(points: GeometryConversion.points($0.geometry)) })
        let zoomOnly = EvaluationContext(zoom: camera.zoom)
        out.radius = numbers(try CompiledProperty("circle-radius", of: layer), selected)
        out.color = colors(try CompiledProperty("circle-color", of: layer), selected)
        out.blur = numbers(try CompiledProperty("circle-blur", of: layer), selected)
        out.opacity = numbers(try CompiledProperty("circle-opacity", of: layer), selected)
        out.strokeWidth = numbers(try CompiledProperty("circle-stroke-width", of: layer), selected)
        out.strokeColor = colors(try CompiledProperty("circle-stroke-color", of: layer), selected)
        out.strokeOpacity = numbers(try CompiledProperty("circle-stroke-opacity", of: layer), selected)
        out.pitchScale = CirclePitchMode(rawValue: try CompiledProperty("circle-pitch-scale", of: layer).string(zoomOnly) ?? "map") ?? .map
        out.pitchAlignment = CirclePitchMode(rawValue: try CompiledProperty("circle-pitch-alignment", of: layer).string(zoomOnly) ?? "viewport") ?? .viewport
        out.translate = try translate(layer, "circle-translate")
        out.translateAnchor = try anchor(layer, "circle-translate-anchor")
        return out
    }
}

/// A scene together with what each of its layers draws.
public struct StyleScene: Sendable {
    /// One drawn layer: its style identifier and the source features behind its scene features.
    public struct DrawnLayer: Sendable {
        public var identifier: String
        public var sourceIdentifier: String?
        /// Indexed like the scene layer's features.
        public var features: [GeoJSONFeature]
    }

    public var scene: RenderScene
    /// Indexed like `scene.layers`.
    public var layers: [DrawnLayer]
}

/// GeoJSON geometry -> the renderer's coordinate arrays.
enum GeometryConversion {
    static func coordinates(_ l: PositionList) -> [Coordinate] {
        var out: [Coordinate] = []
        out.reserveCapacity(l.count)
        l.withUnsafeValues { v in
            var i = 0
            let s = l.stride
            while i < v.count {
                out.append(Coordinate(longitude: v[i], latitude: v[i + 1]))
                i += s
            }
        }
        return out
    }

    /// Polygons (exterior + holes) of a geometry; other geometry types give none.
    static func polygons(_ g: Geometry?) -> [[[Coordinate]]] {
        switch g {
        case .polygon(let rings)?: return [rings.map(coordinates)]
        case .multiPolygon(let ps)?: return ps.map { $0.map(coordinates) }
        case .geometryCollection(let c)?: return c.geometries.flatMap { polygons($0) }
        default: return []
        }
    }

    /// Lines of a geometry: lines as they are, polygon rings closed.
    static func lines(_ g: Geometry?) -> ([[Coordinate]], Bool) {
        switch g {
        case .lineString(let l)?: return ([coordinates(l)], false)
        case .multiLineString(let ls)?: return (ls.map(coordinates), false)
        case .polygon(let rings)?: return (rings.map(coordinates), true)
        case .multiPolygon(let ps)?: return (ps.flatMap { $0.map(coordinates) }, true)
        case .geometryCollection(let c)?:
            var all: [[Coordinate]] = []
            for child in c.geometries { all += lines(child).0 }
            return (all, false)
        default: return ([], false)
        }
    }

    /// Every position of a geometry (circle layers draw a circle at each).
    static func points(_ g: Geometry?) -> [Coordinate] {
        switch g {
        case .point(let p)?: return [Coordinate(longitude: p.longitude, latitude: p.latitude)]
        case .multiPoint(let l)?, .lineString(let l)?: return coordinates(l)
        case .multiLineString(let ls)?, .polygon(let ls)?: return ls.flatMap(coordinates)
        case .multiPolygon(let ps)?: return ps.flatMap { $0.flatMap(coordinates) }
        case .geometryCollection(let c)?: return c.geometries.flatMap { points($0) }
        default: return []
        }
    }
}
