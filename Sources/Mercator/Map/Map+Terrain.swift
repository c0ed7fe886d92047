import Foundation
import Geo
import GeoJSON
import JSON
import MapStyle
import Rendering
import Tiling

/// The root `terrain` of a style as the map draws it: the `raster-dem` source and the exaggeration.
struct TerrainSetting: Sendable {
    var source: StyleSource
    var exaggeration: Double

    /// The style's terrain, or nil when it has none or names a source that is missing or not `raster-dem`
    /// (GL JS then draws the map flat; ``Map/terrainWarnings(_:)`` says why).
    init?(_ style: Style) {
        guard let terrain = style.styleDocument.members["terrain"]?.object,
              let name = terrain["source"]?.string,
              let source = style.source(withIdentifier: name), source.kind == .rasterDEM else { return nil }
        self.source = source
        let value = terrain["exaggeration"]?.number ?? 1
        exaggeration = value.isFinite ? max(0, value) : 1
    }
}

/// The layer types GL JS paints into a terrain tile's image (`render_to_texture.ts`): the rest stand in 3D.
let drapedLayerTypes: Set<LayerType> = [.background, .fill, .line, .raster, .hillshade, .colorRelief]

extension Map {
    /// The largest side, in points, a terrain tile's draped image is painted at (distant lower-zoom tiles).
    static let maximumDrapedSide = 2048

    /// The exaggerated elevation of the ground at `coordinate` in metres, or nil when the style has no terrain
    /// (GL JS's `queryTerrainElevation`, the Mapbox SDKs' `elevation(at:)`).
    ///
    /// Read from the terrain's `raster-dem` tiles as drawn at the current zoom (the deepest tile GL JS covers
    /// the view with, at most the source's `maxzoom`); 0 where no DEM tile has data.
    public func elevation(at coordinate: LocationCoordinate2D) -> Double? {
        guard let setting = TerrainSetting(style) else { return nil }
        let (camera, size) = (self.camera, self.size)
        var centered = camera
        centered.center = coordinate
        let transform = centered.transform(in: size)
        guard let view = terrainView(setting, transform: transform, pixelRatio: size.pixelRatio) else { return 0 }
        let w = Transform.mercator(coordinate)
        return view.view.groundElevation(worldX: w.x, worldY: w.y)
    }

    /// What a style's `terrain` leaves out: a source that is missing or not `raster-dem` draws the map flat,
    /// as GL JS does, with this warning at `terrain.source`.
    static func terrainWarnings(_ style: Style) -> [StyleWarning] {
        guard let terrain = style.styleDocument.members["terrain"]?.object else { return [] }
        guard let name = terrain["source"]?.string else {
            return [StyleWarning(path: "terrain.source", "terrain has no source: the map is drawn flat")]
        }
        guard let source = style.source(withIdentifier: name) else {
            return [StyleWarning(path: "terrain.source", "terrain source \"\(name)\" does not exist: the map is drawn flat")]
        }
        guard source.kind == .rasterDEM else {
            return [StyleWarning(path: "terrain.source",
                                 "terrain source \"\(name)\" is a \(source.kind.rawValue) source, not raster-dem: the map is drawn flat")]
        }
        return []
    }

    /// The camera over the terrain for `transform`: the DEM tiles covering the view loaded (GL JS draws terrain
    /// tiles of twice the DEM's tile size from DEM tiles one zoom shallower), with the zoom of the mesh's tiles.
    /// With `demTiles`, only those DEM tiles are kept (GL JS has only the DEM tiles its terrain tiles asked for).
    func terrainView(_ setting: TerrainSetting, transform: Transform, pixelRatio: Double, demZooms: Set<Int> = [],
                     demTiles: Set<UnwrappedTileID>? = nil)
        -> (view: TerrainView, meshZoom: Int, errors: [SourceLoadError], tileSize: Int)? {
        let camera = transform.camera
        // DEM tiles one zoom below the terrain tiles: the cover of a source with half the zoom's tiles, less one
        let loaded = sources.terrainTiles(of: setting.source, transform: transform, zoom: camera.zoom - 2, center: camera.center,
                                          pixelRatio: pixelRatio)
        var tiles: [SourceTile]
        let maximumZoom: Int, tileSize: Int, errors: [SourceLoadError]
        switch loaded {
        case .success(let l): (tiles, maximumZoom, tileSize, errors) = (l.tiles, l.maximumZoom, l.tileSize, [])
        case .failure(let e): (tiles, maximumZoom, tileSize, errors) = ([], 22, 512, [e])
        }
        // the DEM zooms the distant terrain tiles of lower zooms read (GL JS's variable-zoom cover), over the same view
        let primary = Set(tiles.map(\.id.canonical.z))
        if errors.isEmpty {
            for z in demZooms.sorted() where !primary.contains(z) {
                let zoom = Double(z) + 0.5 - log2(512 / Double(tileSize))
                if case .success(let l) = sources.terrainTiles(of: setting.source, transform: transform, zoom: zoom, center: camera.center,
                                                               pixelRatio: pixelRatio) {
                    tiles += l.tiles.filter { !primary.contains($0.id.canonical.z) }
                }
            }
        }
        if let demTiles { tiles = tiles.filter { demTiles.contains($0.id) } }
        let elevation = TerrainElevation(tiles: tiles, maximumZoom: maximumZoom, exaggeration: setting.exaggeration)
        let meshZoom = TileCover.coveringZoom(cameraZoom: camera.zoom, tileSize: 2 * tileSize)
        return (TerrainView(transform: transform, elevation: elevation), meshZoom, errors, tileSize)
    }

    /// What a globe leaves out of the style's terrain, or nil: the sphere is drawn raised by the terrain
    /// (``globeTerrainSnapshot()``), but while the globe turns into Mercator (globeness between 0 and 1, the `globe`
    /// preset's zooms 11 to 12) the ground is drawn at 0 m (docs/3d.md, "Terrain on the globe"). That is GL JS's picture
    /// only where its ground is at 0 m too: with exaggeration 0, or where no DEM tile covering the view has a height
    /// other than 0. Elsewhere the snapshot names what it leaves out (an unsupported feature) instead of drawing the
    /// raised ground flat without a word.
    func globeTerrainOmission(transform: Transform, pixelRatio: Double) -> String? {
        guard transform.globeness > 0, transform.globeness < 1, let setting = TerrainSetting(style), setting.exaggeration > 0,
              let made = terrainView(setting, transform: transform, pixelRatio: pixelRatio),
              made.view.elevation.range != 0...0 else { return nil }
        return "terrain on the globe: the ground's elevations are not drawn while the globe turns into Mercator (drawn at 0 m)"
    }

    /// The terrain view of the map's current camera, or nil without terrain.
    func currentTerrainView() -> TerrainView? {
        guard let setting = TerrainSetting(style) else { return nil }
        let (camera, size) = (self.camera, self.size)
        guard globeness(atZoom: camera.zoom) == 0 else { return nil }
        return groundedView(setting, camera: camera, size: size)?.view
    }

    /// The terrain view of `camera`, the camera first kept above the ground as GL JS keeps it
    /// (`_elevateCameraIfInsideTerrain`): once the camera has moved, a camera below the ground under it is moved up to
    /// that ground, still looking at the centre, its pitch and zoom worked out again (`calculateCameraOptionsFromTo`).
    func groundedView(_ setting: TerrainSetting, camera: MapCamera, size: MapSize)
        -> (view: TerrainView, meshZoom: Int, errors: [SourceLoadError], camera: MapCamera, tileSize: Int)? {
        let transform = camera.transform(in: size)
        guard let made = terrainView(setting, transform: transform, pixelRatio: size.pixelRatio) else { return nil }
        let view = made.view
        // GL JS raises a camera under the ground only when it moves (jumpTo, easeTo, flyTo, gestures): the camera a map
        // starts with is drawn where it is, even below the hills
        guard cameraMoved else { return (view, made.meshZoom, made.errors, transform.camera, made.tileSize) }
        // the camera's place: the centre moved back along the bearing by the camera's ground distance
        let d = transform.cameraToCenterDistance
        let pitch = transform.camera.pitch * .pi / 180, bearing = transform.camera.bearing * .pi / 180
        let back = d * sin(pitch) / transform.worldSize
        let centre = Point(x: transform.centerWorld.x / transform.worldSize, y: transform.centerWorld.y / transform.worldSize)
        let from = Point(x: centre.x - back * sin(bearing), y: centre.y + back * cos(bearing))
        let altitude = view.centerElevation + d * cos(pitch) / view.pixelsPerMeter
        let ground = view.elevation.elevation(worldX: from.x, worldY: from.y, zoom: view.tileZoom)
        guard altitude < ground else { return (view, made.meshZoom, made.errors, transform.camera, made.tileSize) }
        // heights in Mercator units at each end's latitude (GL JS's MercatorCoordinate z)
        let circumference = 2 * Double.pi * Transform.terrainEarthRadius
        func z(_ metres: Double, _ worldY: Double) -> Double {
            metres / (circumference * cos(WebMercator.cameraLatitude(worldY: worldY) * .pi / 180))
        }
        let dx = centre.x - from.x, dy = centre.y - from.y, dz = z(view.centerElevation, centre.y) - z(ground, from.y)
        let distance = (dx * dx + dy * dy + dz * dz).squareRoot()
        guard distance > 0 else { return (view, made.meshZoom, made.errors, transform.camera, made.tileSize) }
        var raised = transform.camera
        raised.zoom = log2(d / transform.pixelRatio / distance / 512)
        let tilt = acos(min(1, (dx * dx + dy * dy).squareRoot() / distance)) * 180 / .pi
        raised.pitch = dz < 0 ? 90 - tilt : 90 + tilt
        let again = raised.transform(in: size)
        guard let remade = terrainView(setting, transform: again, pixelRatio: size.pixelRatio) else { return nil }
        return (remade.view, remade.meshZoom, remade.errors, again.camera, remade.tileSize)
    }

    /// The coordinate of the ground seen at `point` (points from the top left) over terrain, or nil without
    /// terrain or where no ground is seen.
    func terrainCoordinate(for point: Point, in view: TerrainView) -> LocationCoordinate2D? {
        let ratio = view.transform.pixelRatio
        guard let w = view.ground(screen: Point(x: point.x * ratio, y: point.y * ratio)) else { return nil }
        var c = Transform.coordinate(mercator: w)
        c.longitude -= 360 * ((c.longitude + 180) / 360).rounded(.down)
        return c
    }

    /// Where `coordinate` on the ground is drawn over terrain (points from the top left).
    func terrainPoint(for coordinate: LocationCoordinate2D, in view: TerrainView) -> Point {
        let w = Transform.mercator(coordinate)
        guard let s = view.screenOnGround(worldX: w.x, worldY: w.y) else { return Point(x: .nan, y: .nan) }
        let ratio = view.transform.pixelRatio
        return Point(x: s.x / ratio, y: s.y / ratio)
    }

    /// A screen point over terrain moved to where the flat map draws the ground seen there, so that a query
    /// of the flat scene hits what is drawn on the hills (the point itself where no ground is seen).
    func flatQueryPoint(_ point: Point, in view: TerrainView) -> Point {
        let ratio = view.transform.pixelRatio
        guard let w = view.ground(screen: Point(x: point.x * ratio, y: point.y * ratio)) else { return point }
        return view.transform.screenPoint(forWorld: w)
    }

    /// Renders the map over its terrain, or nil when the style has none (or draws a globe): the terrain tiles
    /// covering the view (of lower zooms farther away, as GL JS covers it), each tile's 2D layers painted into a tile
    /// image (kept between frames, ``DrapedTileCache``), the sky, then the tiles' meshes drawn through the camera with a
    /// depth buffer and fogged, then the other layers: circles and point labels raised onto the ground and faded
    /// behind hills (``StandingTerrain``), heatmaps and extrusions drawn as the flat map draws them.
    func terrainSnapshot() throws -> MapSnapshot? {
        guard let setting = TerrainSetting(style) else { return nil }
        let size = self.size
        guard globeness(atZoom: self.camera.zoom) == 0,
              let made = groundedView(setting, camera: self.camera, size: size) else { return nil }
        let camera = made.camera
        let states = featureStates
        var errors = made.errors
        var unsupported: [String] = []

        // the terrain tiles covering the view, of lower zooms farther away (GL JS's variable-zoom cover), and the DEM
        // tiles they read (one zoom shallower, at most the source's deepest)
        let ids = TerrainCover.tiles(view: made.view, tileSize: 2 * made.tileSize)
        // GL JS loads the DEM tiles its terrain tiles read and no others: a circle, a label or a tile of a deeper zoom
        // finds its DEM tile there, or a parent of it, or stands at 0 m (`getSourceTile`)
        let deepestDEM = made.view.elevation.maximumZoom
        let demTiles = Set(ids.map { id -> UnwrappedTileID in
            let c = id.canonical, z = max(0, min(c.z - 1, deepestDEM)), dz = c.z - z
            return UnwrappedTileID(wrap: id.wrap, canonical: TileID(z: z, x: c.x >> dz, y: c.y >> dz))
        })
        let demZooms = Set(demTiles.map(\.canonical.z))
        var view = made.view
        if let widened = terrainView(setting, transform: made.view.transform, pixelRatio: size.pixelRatio, demZooms: demZooms,
                                     demTiles: demTiles) {
            view = widened.view
        }

        // each tile's draped layers, seen from straight above at the camera's zoom
        let frameTiles = try drapedFrame(ids, states: states) { id in
            // a lower-zoom tile in the distance (``TerrainCover``) is painted at most 2048 points a side, at the
            // zoom that fits it (GL JS paints every tile into 1024 x 1024): no image grows with the zoom difference
            let tileSide = 512 * pow(2, camera.zoom - Double(id.canonical.z))
            let side = max(1, min(Self.maximumDrapedSide, Int(tileSide.rounded(.up))))
            // a tile small on screen (far away, or a large tile in a small view) is painted at a lower density and
            // meshed coarser: the density halves while the image would still have over four pixels per screen pixel
            // along the tile's longest side on screen (GL JS paints 1024 x 1024 per tile, filtered linearly)
            let extent = Self.screenExtent(of: id, in: view)
            var density = 1.0
            while density > 1.0 / 8, extent < Double(side) * size.pixelRatio * density / 4 { density /= 2 }
            var cells = TerrainRenderer.meshSize
            while cells > 16, extent < Double(cells) * 2 { cells /= 2 }
            return (side, size.pixelRatio * density, cells)
        }
        let draped = frameTiles.tiles
        errors += frameTiles.errors
        unsupported += frameTiles.unsupportedFeatures

        // the sky first (GL JS draws it before the terrain, which covers it), then the meshes through the camera, fogged
        var frame = RenderScene(width: size.width, height: size.height, pixelRatio: size.pixelRatio, camera: camera)
        frame.rasterReference = rasterReference
        let sky = style.styleDocument.members["sky"], globalState = style.globalState
        if let skyLayer = SkyLayer.make(sky: sky, zoom: camera.zoom, transform: frame.transform, globalState: globalState) {
            frame.layers = [skyLayer]
        }
        var canvas = try Renderer.render(frame)
        frame.layers = []
        var depth = [Float](repeating: 0, count: canvas.width * canvas.height)
        let fog = TerrainFog.make(sky: sky, zoom: camera.zoom, view: view, globalState: globalState)
        TerrainRenderer.draw(draped, view: view, fog: fog, into: &canvas, depth: &depth)

        // what stands in 3D, drawn as the flat map draws it (the centre is at its elevation, so it stands near its ground)
        let inputs = try sceneInputs(camera: camera, size: size)
        let layers = inputs.1.filter { !drapedLayerTypes.contains($0.layer.type) }
        errors += inputs.3
        if !layers.isEmpty {
            var builder = inputs.0
            builder.lastIntegerZoom = camera.zoom.rounded(.down)
            builder.standingTerrain = StandingTerrain(view: view, depth: depth, width: canvas.width, height: canvas.height)
            var built = try builder.styleScene(layers: layers, sources: inputs.2, states: states)
            built.scene.projectionMode = options.projectionMode
            // the sky is under the terrain, drawn above
            built.scene.layers.removeAll { $0 is SkyLayer }
            unsupported += built.unsupportedFeatures
            let standing = try Renderer.render(built.scene)
            canvas.composite(standing)
        }
        return terrainFrameSnapshot(canvas, frame: frame, errors: errors, unsupported: unsupported)
    }
}

extension Map {
    /// The snapshot of a frame drawn over terrain: `canvas` seen through `frame`'s camera (without the tile
    /// quantization the painters used), each unsupported feature said once.
    func terrainFrameSnapshot(_ canvas: Canvas, frame: RenderScene, errors: [SourceLoadError], unsupported: [String]) -> MapSnapshot {
        var seen = Set<String>()
        var unquantized = frame
        unquantized.tileQuantization = false
        return MapSnapshot(canvas: canvas, transform: unquantized.transform, encoderBuffers: PNGBufferPool(), sourceErrors: errors,
                           unsupportedFeatures: unsupported.filter { seen.insert($0).inserted }, warnings: Self.warnings(style, errors))
    }

    /// One frame's draped tiles (``drapedTile(_:side:pixelRatio:states:styleRevision:)``), each painted `shape(id).side`
    /// points a side at `shape(id).pixelRatio` and meshed with `shape(id).cells` a side (nil: the renderer's), with
    /// the errors and unsupported features of the draped layers (the same for every tile: the first tile's). Starts a
    /// frame of ``drapedTiles``: what the frame paints or finds is not dropped while it runs.
    func drapedFrame(_ ids: [UnwrappedTileID], states: FeatureStates,
                     _ shape: (UnwrappedTileID) -> (side: Int, pixelRatio: Double, cells: Int?)) throws
        -> (tiles: [DrapedTile], errors: [SourceLoadError], unsupportedFeatures: [String]) {
        var tiles: [DrapedTile] = []
        var errors: [SourceLoadError] = [], unsupported: [String] = []
        let styleRevision = style.currentRevision
        drapedTiles.beginFrame()
        for (k, id) in ids.enumerated() {
            let (side, pixelRatio, cells) = shape(id)
            let painted = try drapedTile(id, side: side, pixelRatio: pixelRatio, states: states, styleRevision: styleRevision)
            if k == 0 {
                errors = painted.errors
                unsupported = painted.unsupportedFeatures
            }
            var tile = painted.tile
            tile.meshSize = cells
            tiles.append(tile)
        }
        return (tiles, errors, unsupported)
    }

    /// A terrain tile's draped layers (background, fill, line, raster, hillshade, colour relief) painted flat into an
    /// image `side` points a side (and a point of margin around), seen from straight above at the zoom that fits it:
    /// GL JS's render-to-texture tile, projection-free, so the flat terrain and the globe's share it. Kept in
    /// ``drapedTiles`` (painted again only when what its layers read changed), painted into the buffer of an image
    /// dropped; with the errors its scene's inputs raised.
    func drapedTile(_ id: UnwrappedTileID, side: Int, pixelRatio: Double, states: FeatureStates,
                    styleRevision: UInt64) throws -> (tile: DrapedTile, unsupportedFeatures: [String], errors: [SourceLoadError]) {
        let marginPoints = 1
        let drapeZoom = Double(id.canonical.z) + log2(Double(side) / 512)
        let n = Double(1 << id.canonical.z)
        let middle = Transform.coordinate(mercator: Point(x: Double(id.wrap) + (Double(id.canonical.x) + 0.5) / n,
                                                          y: (Double(id.canonical.y) + 0.5) / n))
        let tileCamera = MapCamera(center: middle, zoom: drapeZoom, bearing: 0, pitch: 0)
        let tileSize = MapSize(width: side + 2 * marginPoints, height: side + 2 * marginPoints, pixelRatio: pixelRatio)
        let inputs = try sceneInputs(camera: tileCamera, size: tileSize, globeness: 0)
        var builder = inputs.0
        builder.showsCollisionBoxes = false
        // lit as the view is turned (GL JS's render-to-texture reads the map's bearing)
        builder.lightBearing = self.camera.bearing
        let layers = inputs.1.filter { drapedLayerTypes.contains($0.layer.type) }
        // painted once per tile and what its layers read (GL JS's render-to-texture cache)
        let key = DrapedTileCache.Key(tile: id, width: Int((Double(tileSize.width) * pixelRatio).rounded()),
                                      height: Int((Double(tileSize.height) * pixelRatio).rounded()), zoom: drapeZoom,
                                      content: Self.drapedContent(layers: layers, sources: inputs.2, builder: builder, states: states,
                                                                  styleRevision: styleRevision))
        let entry: DrapedTileCache.Entry
        if let kept = drapedTiles.entry(for: key) {
            entry = kept
        } else {
            var built = try builder.styleScene(layers: layers, sources: inputs.2, states: states)
            DrapedLayers.prepare(&built.scene.layers)
            // painted into the buffer of an image dropped (an earlier frame's), not fresh memory
            let canvas = drapedTiles.canvas(width: key.width, height: key.height)
            entry = DrapedTileCache.Entry(image: try Renderer.render(built.scene, clearing: canvas),
                                          unsupportedFeatures: built.unsupportedFeatures)
            drapedTiles.insert(entry, for: key)
        }
        let margin = (entry.image.width - Int((Double(side) * pixelRatio).rounded())) / 2
        return (DrapedTile(id: id, image: entry.image, margin: max(0, margin)), entry.unsupportedFeatures, inputs.3)
    }

    /// What a terrain tile's draped `layers` read from `sources` and the map: the key's content in the tile image
    /// cache (``DrapedTileCache``).
    static func drapedContent(layers: [CompiledLayer], sources: [String: any RenderSource], builder: StyleSceneBuilder,
                              states: FeatureStates, styleRevision: UInt64) -> DrapedTileContent {
        var names: [String] = []
        for layer in layers where layer.isVisible {
            if let id = layer.layer.sourceIdentifier, !names.contains(id) { names.append(id) }
        }
        let used = names.compactMap { name in sources[name].map { DrapedTileContent.SourceContent(identifier: name, source: $0) } }
        let stated = names.contains { states.hasStates(source: $0) }
        // the bearing matters only to a hillshade lit from the viewport
        let turnsLight = layers.contains { layer in
            layer.isVisible && layer.layer.type == .hillshade
                && layer.paint(as: HillshadePaintProperties.self)?.hillshadeIlluminationAnchor.evaluate(zoom: builder.camera.zoom) == .viewport
        }
        return DrapedTileContent(styleRevision: styleRevision, resourceGeneration: builder.resourceGeneration,
                                 stateGeneration: stated ? states.generation : 0, showsTileBorders: builder.showsTileBorders,
                                 sources: used, lightBearing: turnsLight ? builder.lightBearing ?? 0 : 0)
    }

    /// The longest side (device pixels) of a terrain tile's outline drawn at the centre's elevation; infinite
    /// when a corner is behind the camera.
    static func screenExtent(of tile: UnwrappedTileID, in view: TerrainView) -> Double {
        let n = Double(1 << tile.canonical.z)
        let x0 = Double(tile.wrap) + Double(tile.canonical.x) / n, y0 = Double(tile.canonical.y) / n
        var corners: [Point] = []
        for (dx, dy) in [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)] {
            guard let s = view.screen(worldX: x0 + dx / n, worldY: y0 + dy / n, metres: view.centerElevation) else { return .infinity }
            corners.append(s)
        }
        var longest = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            longest = max(longest, ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot())
        }
        return longest
    }
}

extension Canvas {
    /// Composites `top` (the same size) over this canvas, source-over.
    mutating func composite(_ top: Canvas) {
        guard top.width == width, top.height == height else { return }
        top.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                var i = 0
                while i < dst.count {
                    let a = src[i + 3]
                    if a > 0 {
                        let keep = 1 - a
                        dst[i] = src[i] + dst[i] * keep
                        dst[i + 1] = src[i + 1] + dst[i + 1] * keep
                        dst[i + 2] = src[i + 2] + dst[i + 2] * keep
                        dst[i + 3] = a + dst[i + 3] * keep
                    }
                    i += 4
                }
            }
        }
    }
}
