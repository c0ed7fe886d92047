import Foundation
import Geo
import GeoJSON

/// What stands on 3D terrain rather than being draped onto it (GL JS's circles and symbols over terrain): each
/// circle centre and point label anchor raised to the ground's elevation under it (`get_elevation` in GL JS's
/// `circle` and `symbol` vertex shaders) and faded where the terrain hides it (`calculate_visibility`, the terrain's
/// depth buffer read at the projected point and 0.01 clip units above it).
///
/// The layers are then drawn as the flat map draws them: a raised point is moved to where the flat map draws the
/// ground seen at its position over terrain, so it shows at its place on the hills (its size follows the flat
/// ground's distance there, not the raised point's).
package struct StandingTerrain: Sendable {
    package let view: TerrainView
    /// The terrain's depth buffer: 1 / camera depth per device pixel, 0 where no ground was drawn.
    package let depth: [Float]
    package let width: Int
    package let height: Int
    /// GL JS's near plane (a fiftieth of the view's height) and far plane over terrain, in CSS pixels: the depth
    /// test's tolerance is measured in the clip depth they make.
    let near: Double
    let far: Double

    package init(view: TerrainView, depth: [Float], width: Int, height: Int) {
        self.view = view
        self.depth = depth
        self.width = width
        self.height = height
        let ratio = view.transform.pixelRatio
        near = view.transform.height / ratio / 50
        far = TerrainFog.planes(view).far / ratio
    }

    /// Where the flat map draws a point standing on the ground at world position (`worldX`, `worldY`) (fractions, x
    /// unwrapped) over terrain, and how visible it is (0 hidden by the terrain ... 1), or nil when it is not in front
    /// of the camera.
    /// `depthRatio` is the raised point's depth over the flat ground's where it is drawn (both over the camera's
    /// distance to the centre): what its size scales by.
    package func raised(worldX: Double, worldY: Double) -> (point: Point, visibility: Double, depthRatio: (raised: Double, flat: Double))? {
        let t = view.transform
        let metres = view.groundElevation(worldX: worldX, worldY: worldY)
        let c = view.cameraPoint(worldX: worldX, worldY: worldY, metres: metres)
        guard c.depth > t.nearDepth else { return nil }
        let s = t.screen(camera: c)
        guard let plane = t.plane(screen: s) else { return nil }
        let w = t.worldFraction(plane: plane)
        guard w.x.isFinite, w.y.isFinite else { return nil }
        return (w, visibility(x: s.x, y: s.y, q: 1 / c.depth), (c.w / t.cameraToCenterDistance, t.depthRatio(plane: plane)))
    }

    /// GL JS's `calculate_visibility`: the depth opacity at the point, or when it is not clearly visible the mean of
    /// it and the opacity 0.01 clip units higher.
    func visibility(x: Double, y: Double, q: Double) -> Double {
        let here = opacity(x: x, y: y, q: q)
        if here > 0.95 { return 1 }
        return (here + opacity(x: x, y: y - 0.005 * view.transform.height, q: q)) / 2
    }

    /// GL JS's `depthOpacity`: 1 in front of the terrain, fading to 0 over 0.002 of clip depth behind it.
    func opacity(x: Double, y: Double, q: Double) -> Double {
        guard x >= 0, y >= 0 else { return 1 }
        let px = Int(x), py = Int(y)
        guard px < width, py < height else { return 1 }
        let ground = Double(depth[py * width + px])
        guard ground > 0 else { return 1 }
        let ratio = view.transform.pixelRatio
        // clip depth z = A − 2 far near / ((far − near) depth): the point's less the ground's, CSS pixels
        let scale = 2 * far * near / max(far - near, 1e-9)
        let d = 0.0001 - scale * (ground - q) * ratio
        return 1 - max(0, min(1, -d * 500))
    }

    /// Raises the circles, point labels and extrusions of `layers` onto the terrain (drapes are not in the list: they
    /// are painted into the terrain's tile images); extrusions are depth-tested against the terrain.
    package func raise(_ layers: inout [any SceneLayer]) {
        var solids = false
        for i in layers.indices {
            if let raisedLayer = raise(layers[i], wrap: 0, clip: nil) { layers[i] = raisedLayer }
            if layers[i] is FillExtrusionLayer { solids = true }
        }
        if solids { layers.insert(TerrainDepthLayer(depth: depth, width: width), at: 0) }
    }

    /// Each extrusion's base and top raised by the ground under its centroid (GL JS's `a_centroid`, the mean of its
    /// outline's vertices), relative to the view centre's ground.
    private func raise(_ layer: inout FillExtrusionLayer) {
        layer.terrainLift = layer.features.map { feature in
            var sx = 0.0, sy = 0.0, n = 0.0
            for polygon in feature.polygons {
                guard let ring = polygon.first else { continue }
                for p in ring {
                    sx += p.x
                    sy += p.y
                    n += 1
                }
            }
            guard n > 0 else { return 0 }
            let x = sx / n + Double(feature.wrap ?? 0), y = sy / n
            return view.groundElevation(worldX: x, worldY: y) - view.centerElevation
        }
    }

    private func raise(_ layer: any SceneLayer, wrap: Int, clip: TileClip?) -> (any SceneLayer)? {
        if var circles = layer as? CircleLayer {
            raise(&circles, wrap: wrap, clip: clip)
            return circles
        }
        if var symbols = layer as? SymbolLayer {
            raise(&symbols, wrap: wrap)
            return symbols
        }
        if var solids = layer as? FillExtrusionLayer {
            raise(&solids)
            return solids
        }
        if var heat = layer as? HeatmapLayer {
            raise(&heat, wrap: wrap)
            return heat
        }
        if var tiled = layer as? TileClippedLayer {
            var changed = false
            for k in tiled.pieces.indices {
                let piece = tiled.pieces[k]
                guard let raisedLayer = raise(piece.layer, wrap: piece.wrap, clip: piece.clip) else { continue }
                tiled.pieces[k].layer = raisedLayer
                // a raised circle may leave its tile: each is kept by the tile its centre lies in and drawn whole
                if raisedLayer is CircleLayer { tiled.pieces[k].clip = nil }
                changed = true
            }
            return changed ? tiled : nil
        }
        return nil
    }

    /// Circle centres raised, each point faded by its own visibility (GL JS's `v_visibility`, per vertex: the circles
    /// of one MultiPoint may stand in front of a hill and behind it); centres outside `clip` (another tile draws
    /// them) and hidden ones dropped.
    private func raise(_ layer: inout CircleLayer, wrap: Int, clip: TileClip?) {
        for i in layer.features.indices {
            var points: [Point] = [], visibility: [Float] = [], scale: [Float] = []
            for p in layer.features[i].points {
                let x = p.x + Double(wrap)
                if let clip, !clip.contains(Point(x: x, y: p.y)) { continue }
                guard let r = raised(worldX: x, worldY: p.y), r.visibility > 0 else { continue }
                points.append(Point(x: r.point.x - Double(wrap), y: r.point.y))
                visibility.append(Float(r.visibility))
                // a radius scaling with the map: the raised point's perspective (GL JS extrudes by its clip w)
                scale.append(Float(r.depthRatio.flat / max(r.depthRatio.raised, 1e-9)))
            }
            layer.features[i].points = points
            layer.features[i].visibility = visibility.allSatisfy { $0 >= 1 } ? nil : visibility
            layer.features[i].scale = scale
        }
    }

    /// Heatmap points raised onto the ground (GL JS's heatmap vertex shader reads the elevation, without a visibility:
    /// a point behind a hill still adds its weight).
    private func raise(_ layer: inout HeatmapLayer, wrap: Int) {
        layer.densitySide = 512
        for i in layer.points.indices {
            let p = layer.points[i].position
            guard let r = raised(worldX: p.x + Double(wrap), worldY: p.y) else { continue }
            layer.points[i].position = Point(x: r.point.x - Double(wrap), y: r.point.y)
            // the kernel lies on the map at the raised point: its size follows that point's depth
            layer.points[i].radius *= r.depthRatio.flat / max(r.depthRatio.raised, 1e-9)
        }
    }

    /// Point labels' anchors raised, their text and icon faded by their visibility (GL JS's symbol shaders take the
    /// smaller of the visibility and the fade); labels along lines are left as they are.
    private func raise(_ layer: inout SymbolLayer, wrap: Int) {
        for i in layer.symbols.indices where layer.symbols[i].path == nil {
            let anchor = layer.symbols[i].anchor
            let w = Transform.mercator(anchor)
            guard let r = raised(worldX: w.x + Double(wrap), worldY: w.y) else {
                layer.symbols[i].opacity = 0
                layer.symbols[i].icon?.opacity = 0
                continue
            }
            var moved = Transform.coordinate(mercator: Point(x: r.point.x - Double(wrap), y: r.point.y))
            // keep the anchor's own world copy (the conversion wraps the longitude)
            moved.longitude += 360 * ((anchor.longitude - moved.longitude) / 360).rounded()
            layer.symbols[i].anchor = moved
            // labels on the screen scale halfway with the map, by the raised anchor's depth (GL JS's perspective ratio)
            func perspective(_ w: Double) -> Double { max(0, min(4, 0.5 + 0.5 / max(w, 1e-6))) }
            layer.symbols[i].terrainScale = perspective(r.depthRatio.raised) / max(perspective(r.depthRatio.flat), 1e-9)
            layer.symbols[i].opacity *= r.visibility
            layer.symbols[i].icon?.opacity *= r.visibility
            layer.symbols[i].verticalIcon?.opacity *= r.visibility
        }
    }
}

/// Puts the terrain's depth buffer where the extrusion painter starts from (``PaintContext``'s extrusion depth), so
/// that extrusions behind hills are hidden (GL JS draws them with the terrain's depth); paints nothing.
struct TerrainDepthLayer: SceneLayer {
    let depth: [Float]
    let width: Int

    var featureCount: Int { 0 }
    func validate(layerIndex: Int) throws(RenderError) {}
    func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int] { [] }

    func paint(in context: inout PaintContext) {
        let clip = context.clip
        guard clip.x1 > clip.x0, clip.y1 > clip.y0, depth.count >= width * clip.y1, clip.x1 <= width else { return }
        var band = [Float]()
        band.reserveCapacity((clip.x1 - clip.x0) * (clip.y1 - clip.y0))
        for y in clip.y0..<clip.y1 {
            band.append(contentsOf: depth[(y * width + clip.x0)..<(y * width + clip.x1)])
        }
        context.extrusionDepth = band
    }
}
