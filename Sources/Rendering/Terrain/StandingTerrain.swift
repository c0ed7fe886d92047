import Foundation
import Geo
import GeoJSON

/// What stands on 3D terrain rather than being draped onto it (GL JS's circles and symbols over terrain): each
/// circle centre and point label anchor raised to the ground's elevation under it (`get_elevation` in GL JS's
/// `circle` and `symbol` vertex shaders) and faded where the terrain hides it (`calculate_visibility`, the terrain's
/// depth buffer read at the projected point and 0.01 clip units above it).
///
/// The layers are then drawn as the map without terrain draws them: a raised point is moved to where that map draws
/// the ground seen at its position over terrain, so it shows at its place on the hills (its size follows the raised
/// point's distance, not the moved one's). One rule for both grounds (``Ground``): the flat map's terrain, whose
/// camera stands over the centre's elevation, and the globe's, raised along the sphere's normal (there only circles
/// and extrusions are raised: labels and heatmaps stand at 0 m).
package struct StandingTerrain: Sendable {
    /// The ground the layers stand on.
    package enum Ground: Sendable {
        /// The flat map's terrain.
        case flat(TerrainView)
        /// The globe's terrain (``GlobeGround``).
        case globe(GlobeGround)
    }

    package let ground: Ground
    /// The transform the layers are drawn with.
    let transform: Transform
    /// The terrain's depth buffer: 1 / camera depth per device pixel, 0 where no ground was drawn.
    package let depth: [Float]
    package let width: Int
    package let height: Int
    /// GL JS's near and far planes, in CSS pixels: the depth test's tolerance is measured in the clip depth they
    /// make. Over the flat terrain a fiftieth of the view's height and the terrain's far plane; on the globe half a
    /// pixel and the camera's distance to the centre plus the globe's diameter (`_calcMatrices`).
    let near: Double
    let far: Double

    /// The flat map's terrain seen through `view`.
    package init(view: TerrainView, depth: [Float], width: Int, height: Int) {
        ground = .flat(view)
        transform = view.transform
        self.depth = depth
        self.width = width
        self.height = height
        let ratio = view.transform.pixelRatio
        near = view.transform.height / ratio / 50
        far = TerrainFog.planes(view).far / ratio
    }

    /// The globe's terrain drawn with `transform` (``GlobeTerrainRenderer``), or nil when it does not draw the sphere.
    package init?(globe transform: Transform, elevation: TerrainElevation, meshZoom: Int, depth: [Float], width: Int, height: Int) {
        guard let globe = transform.globe, globe.isSphere else { return nil }
        ground = .globe(GlobeGround(globe: globe, elevation: elevation, meshZoom: meshZoom))
        self.transform = transform
        self.depth = depth
        self.width = width
        self.height = height
        let ratio = transform.pixelRatio
        near = 0.5
        far = (globe.camera.distance + 2 * globe.camera.radius) / ratio
    }

    /// A point `metres` up at a world position as the camera sees it: its screen position (device pixels), its clip `w`
    /// over the camera's distance to the centre, and GL's clip depth of it (what the terrain's depth is tested against).
    struct Seen {
        var screen: Point
        var depthRatio: Double
        var clipDepth: Double
    }

    /// The ground's exaggerated elevation (metres) at a world position (fractions, x unwrapped).
    func groundElevation(worldX: Double, worldY: Double) -> Double {
        switch ground {
        case .flat(let view): view.groundElevation(worldX: worldX, worldY: worldY)
        case .globe(let globe): globe.groundElevation(worldX: worldX, worldY: worldY)
        }
    }

    /// The elevation a raise is measured from: the flat camera stands over the centre's ground; the globe's at 0 m.
    var liftReference: Double {
        switch ground {
        case .flat(let view): view.centerElevation
        case .globe: 0
        }
    }

    /// ``Seen`` of a point `metres` up at a world position, or nil when it is not in front of the camera.
    func seen(worldX: Double, worldY: Double, metres: Double) -> Seen? {
        switch ground {
        case .flat(let view):
            let t = view.transform
            let c = view.cameraPoint(worldX: worldX, worldY: worldY, metres: metres)
            guard c.depth > t.nearDepth else { return nil }
            let q = 1 / c.depth
            return Seen(screen: t.screen(camera: c), depthRatio: c.w / t.cameraToCenterDistance, clipDepth: clipDepth(q: q))
        case .globe(let globe):
            return globe.seen(worldX: worldX, worldY: worldY, metres: metres)
        }
    }

    /// GL's clip depth (`z / w`) of a point `1 / q` device pixels in front of the camera.
    func clipDepth(q: Double) -> Double {
        let ratio = transform.pixelRatio
        return (far + near) / max(far - near, 1e-9) - 2 * far * near / max(far - near, 1e-9) * q * ratio
    }

    /// Where the map without terrain draws a point standing on the ground at world position (`worldX`, `worldY`)
    /// (fractions, x unwrapped) over terrain, and how visible it is (0 hidden by the terrain ... 1), or nil when it is
    /// not in front of the camera (on the globe, also when it shows off the sphere's disc).
    /// `depthRatio` is the raised point's depth over the 0 m ground's where it is drawn (both over the camera's
    /// distance to the centre): what its size scales by.
    package func raised(worldX: Double, worldY: Double) -> (point: Point, visibility: Double, depthRatio: (raised: Double, flat: Double))? {
        let t = transform
        let metres = groundElevation(worldX: worldX, worldY: worldY)
        guard let seen = seen(worldX: worldX, worldY: worldY, metres: metres) else { return nil }
        let s = seen.screen
        guard let plane = t.plane(screen: s) else { return nil }
        let w = t.worldFraction(plane: plane)
        guard w.x.isFinite, w.y.isFinite else { return nil }
        return (w, visibility(x: s.x, y: s.y, clipDepth: seen.clipDepth), (seen.depthRatio, t.depthRatio(plane: plane)))
    }

    /// GL JS's `calculate_visibility`: the depth opacity at the point, or when it is not clearly visible the mean of
    /// it and the opacity 0.01 clip units higher.
    func visibility(x: Double, y: Double, clipDepth z: Double) -> Double {
        let here = opacity(x: x, y: y, clipDepth: z)
        if here > 0.95 { return 1 }
        return (here + opacity(x: x, y: y - 0.005 * transform.height, clipDepth: z)) / 2
    }

    /// GL JS's `depthOpacity`: 1 in front of the terrain, fading to 0 over 0.002 of clip depth behind it (the point's
    /// clip depth `z` against the terrain's at the pixel).
    func opacity(x: Double, y: Double, clipDepth z: Double) -> Double {
        guard x >= 0, y >= 0 else { return 1 }
        let px = Int(x), py = Int(y)
        guard px < width, py < height else { return 1 }
        let ground = Double(depth[py * width + px])
        // where no ground was drawn: over the flat terrain seen; on the globe GL JS reads its cleared depth texture,
        // 0, so a point over space is hidden
        let groundDepth: Double
        if ground > 0 {
            groundDepth = clipDepth(q: ground)
        } else if case .globe = self.ground {
            groundDepth = 0
        } else {
            return 1
        }
        let d = groundDepth + 0.0001 - z
        return 1 - max(0, min(1, -d * 500))
    }

    /// Raises the circles, point labels, heatmaps and extrusions of `layers` onto the terrain (drapes are not in the
    /// list: they are painted into the terrain's tile images; on the globe only circles and extrusions,
    /// ``raisesLabelsAndHeatmaps``); extrusions are depth-tested against the terrain.
    package func raise(_ layers: inout [any SceneLayer]) {
        var solids = false
        for i in layers.indices {
            if let raisedLayer = raise(layers[i], wrap: 0, clip: nil) { layers[i] = raisedLayer }
            if layers[i] is FillExtrusionLayer { solids = true }
        }
        if solids { layers.insert(TerrainDepthLayer(depth: depth, width: width), at: 0) }
    }

    /// Each extrusion's base and top raised by the ground under its centroid, relative to ``liftReference``.
    private func raise(_ layer: inout FillExtrusionLayer) {
        layer.terrainLift = layer.features.map { feature in
            guard let c = Self.centroid(feature) else { return 0 }
            return groundElevation(worldX: c.x + Double(feature.wrap ?? 0), worldY: c.y) - liftReference
        }
    }

    /// GL JS's `a_centroid` of an extrusion (`fill_extrusion_bucket`): both ends of every wall edge of every ring,
    /// holes included, averaged, so that each vertex of a closed ring counts once (its closing copy is not another
    /// vertex); nil without an edge.
    static func centroid(_ feature: FillExtrusionFeature) -> Point? {
        var sx = 0.0, sy = 0.0, n = 0.0
        for polygon in feature.polygons {
            for ring in polygon where ring.count > 1 {
                var previous = ring[ring.count - 1]
                // a closed ring's last edge ends where it starts; an open one is closed here
                for p in ring.first == ring.last ? ring.dropFirst() : ring[...] {
                    sx += previous.x + p.x
                    sy += previous.y + p.y
                    n += 2
                    previous = p
                }
            }
        }
        guard n > 0 else { return nil }
        return Point(x: sx / n, y: sy / n)
    }

    /// Whether labels and heatmaps are raised too: over the flat terrain; on the globe they stand at 0 m.
    var raisesLabelsAndHeatmaps: Bool {
        if case .flat = ground { return true }
        return false
    }

    private func raise(_ layer: any SceneLayer, wrap: Int, clip: TileClip?) -> (any SceneLayer)? {
        if var circles = layer as? CircleLayer {
            raise(&circles, wrap: wrap, clip: clip)
            return circles
        }
        if var symbols = layer as? SymbolLayer, raisesLabelsAndHeatmaps {
            raise(&symbols, wrap: wrap)
            return symbols
        }
        if var solids = layer as? FillExtrusionLayer {
            raise(&solids)
            return solids
        }
        if var heat = layer as? HeatmapLayer, raisesLabelsAndHeatmaps {
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

