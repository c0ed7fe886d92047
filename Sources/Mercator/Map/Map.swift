public import Foundation
public import GeoJSON
public import MapStyle
public import Rendering
public import TileSources
import Fonts

/// A headless map: a live `Style`, a camera and a size. It renders snapshots and answers
/// feature queries, as the SDK's map view does on screen.
///
/// `Map` has identity (the style it shows is shared and changes are seen at the next snapshot) and
/// is safe to use from any thread: its mutable state is guarded by a lock.
public final class Map: @unchecked Sendable {
    private let lock = NSLock()
    /// Everything about the map that changes (camera, size, options, settings, feature states, …). Guarded by `lock`.
    private var state: MapState
    /// The style shown; change it at run time through its methods.
    public let style: Style
    /// The style's sources: loaded once per definition, and turned into render sources per view.
    let sources: MapSources
    /// The style's glyphs, font faces, sprites and run-time images, each loaded once per definition.
    let resources: MapResources
    /// PNG encoding buffers shared by this map's snapshots (megabytes each: reused, not re-faulted).
    private let encoderBuffers = PNGBufferPool()
    /// Annotations added with `addAnnotation(_:)`, drawn above the style.
    let annotationStore = AnnotationStore()
    /// Layers laid out per source tile, kept between frames: a frame whose tiles were laid out before
    /// only evaluates paint, places labels and paints (`docs/rendering.md`).
    let buckets: BucketCache
    /// Terrain tiles' draped layers painted into images, kept between frames (`Map+Terrain.swift`, docs/3d.md).
    let drapedTiles = DrapedTileCache()

    /// A map showing `style`.
    /// - Parameters:
    ///   - style: the style to draw.
    ///   - camera: where the map looks.
    ///   - size: the view's size in points, and its pixel ratio.
    ///   - styleDirectory: the folder relative source URLs resolve against.
    ///   - localRoot: the folder `local://` URLs resolve against.
    ///   - localServers: URL prefixes served from local folders instead (`http://localhost:2900/`
    ///     for the render tests' fixtures).
    ///   - fetcher: where remote styles' resources (TileJSON, tiles, glyphs, sprites, images, GeoJSON) are
    ///     loaded through: the offline storage's read-through fetcher, or the network when nil.
    ///   - options: Native's map options (``MapOptions``); change them later through ``options``.
    ///   - clientFonts: whether font stacks the style's glyphs do not serve are drawn with installed fonts
    ///     (fontconfig); CJK ideographs follow ``settings`` (`ideographicFontFallback`).
    public init(style: Style, camera: MapCamera = MapCamera(), size: MapSize = MapSize(width: 512, height: 512),
                options: MapOptions = MapOptions(), styleDirectory: URL? = nil, localRoot: URL? = nil, localServers: [(prefix: String, folder: URL)] = [],
                fetcher: (any ResourceFetching)? = nil, clientFonts: ClientFontOptions = ClientFontOptions()) {
        self.style = style
        state = MapState(camera: camera, size: size, options: options)
        buckets = BucketCache(budget: options.layoutCacheSize)
        let reader = ResourceReader(styleDirectory: styleDirectory, localRoot: localRoot, localServers: localServers, fetcher: fetcher)
        resources = MapResources(reader: reader, clientFonts: clientFonts)
        sources = MapSources(styleDirectory: styleDirectory, localRoot: localRoot, localServers: localServers, fetcher: fetcher,
                             reader: reader)
    }

    /// Runs `body` on the map's state while holding its lock.
    private func locked<T>(_ body: (inout MapState) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// The feature states set so far (what the next frame draws with).
    var featureStates: FeatureStates { locked { $0.featureStates } }

    /// The camera.
    public var camera: MapCamera {
        get { locked { $0.camera } }
        set {
            locked {
                if $0.camera != newValue { $0.cameraMoved = true }
                $0.camera = newValue
            }
        }
    }

    /// Whether the camera was moved since the map was made (over terrain a moved camera is kept above the ground).
    var cameraMoved: Bool { locked { $0.cameraMoved } }

    /// The size.
    public var size: MapSize {
        get { locked { $0.size } }
        set { locked { $0.size = newValue } }
    }

    /// The SDK settings the map applies (`usesPre4CollisionBehavior`: labels collide only with
    /// labels of their own source; `ideographicFontFallback`: CJK ideographs from installed fonts).
    public var settings: Settings {
        get { locked { $0.settings } }
        set { locked { $0.settings = newValue } }
    }

    /// Native's map options the map applies. `crossSourceCollisions` is kept in step with
    /// `Settings.usesPre4CollisionBehavior` (its negation): setting either changes the other.
    public var options: MapOptions {
        get {
            locked { state in
                var options = state.options
                options.crossSourceCollisions = !state.settings.usesPre4CollisionBehavior
                options.layoutCacheSize = buckets.budget
                return options
            }
        }
        set {
            locked { state in
                state.options = newValue
                state.settings.usesPre4CollisionBehavior = !newValue.crossSourceCollisions
            }
        }
    }

    /// Whether labels of different sources collide with each other (MapLibre Native's
    /// `MapOptions.crossSourceCollisions`, default true); the same as `options.crossSourceCollisions`.
    /// False places each source's labels as if the other sources had none: the same as
    /// `Settings.usesPre4CollisionBehavior`.
    public var crossSourceCollisions: Bool {
        get { locked { !$0.settings.usesPre4CollisionBehavior } }
        set { locked { $0.settings.usesPre4CollisionBehavior = !newValue } }
    }

    /// Records a frame at the current zoom in the zoom history without drawing it (MapLibre's render
    /// tests draw a frame at each `wait`).
    package func recordFrame() {
        locked { $0.zoomHistory.update($0.camera.zoom) }
    }

    /// Debug overlays drawn over the map's content (collision boxes).
    public var debugOptions: MapDebugOptions {
        get { locked { $0.debugOptions } }
        set { locked { $0.debugOptions = newValue } }
    }

    // MARK: Feature state

    /// Merges `state` into the state of feature `id` of `source` (read by `feature-state`).
    public func setFeatureState(_ state: JSONObject, source: String, featureIdentifier id: FeatureIdentifier) {
        locked { $0.featureStates.set(state, source: source, id: id) }
    }

    /// The state set for feature `id` of `source` (empty when none is set).
    public func featureState(source: String, featureIdentifier id: FeatureIdentifier) -> JSONObject {
        locked { $0.featureStates.state(source: source, id: id) ?? JSONObject() }
    }

    /// Removes a key of a feature's state, a feature's whole state, or every feature's state of a source.
    public func removeFeatureState(source: String, featureIdentifier id: FeatureIdentifier? = nil, key: String? = nil) {
        locked { $0.featureStates.remove(source: source, id: id, key: key) }
    }

    // MARK: Converting between points and coordinates

    /// The point in the map's view (points from the top left) where `coordinate` is drawn
    /// (`-[MLNMapView convertCoordinate:toPointToView:]`).
    public func point(for coordinate: LocationCoordinate2D) -> Point {
        if let terrain = currentTerrainView() { return terrainPoint(for: coordinate, in: terrain) }
        return currentTransform.screenPoint(for: LocationCoordinate2D(longitude: coordinate.longitude, latitude: coordinate.latitude))
    }

    /// The coordinate drawn at `point` (points from the top left); `nil` above a pitched horizon
    /// (`-[MLNMapView convertPoint:toCoordinateFromView:]`).
    public func coordinate(for point: Point) -> LocationCoordinate2D? {
        if let terrain = currentTerrainView() { return terrainCoordinate(for: point, in: terrain) }
        return currentTransform.coordinate(at: point).map { LocationCoordinate2D(latitude: $0.latitude, longitude: $0.longitude) }
    }

    /// The unquantized projection, shared with `MapCamera.point(for:in:)` and the gestures (with
    /// the map's projection mode, which moves only points above the ground).
    private var currentTransform: Transform {
        let (camera, size, projection) = locked { ($0.camera, $0.size, $0.options.projectionMode) }
        var transform = camera.transform(in: size)
        transform.projectionMode = projection
        let bent = globeness(atZoom: camera.zoom)
        transform.rasterReference = locked { $0.rasterReference }
        if bent > 0 { transform.globeness = bent }
        return transform
    }

    // MARK: Rendering

    /// The data of every source, loading (once) what changed (``MapSources/shapeData(of:)``). A source
    /// whose data cannot be read is drawn empty, as MapLibre does, and its error is returned alongside.
    func sourceData() -> ([String: GeoJSONRenderSource], [SourceLoadError]) {
        sources.shapeData(of: style)
    }

    /// Paints `scene` with the map's render session (its reused canvas) in the map's ``bandCount``, the session taken
    /// out of the lock so that painting does not hold the map (a prefetch or a camera change goes on meanwhile); a
    /// snapshot taken while another paints gets a session of its own.
    private func paint(_ scene: RenderScene) throws -> Canvas {
        var (taken, bands) = locked { state -> (RenderSession, Int?) in
            defer { state.session = RenderSession() }
            return (state.session, state.bandCount)
        }
        defer { locked { $0.session = taken } }
        return try taken.render(scene, bandCount: bands)
    }

    /// The scene the current style, camera and size describe, what each layer draws, and the
    /// sources that failed to load.
    func styleScene() throws -> StyleScene {
        try buildScene().0
    }

    private func buildScene() throws -> (StyleScene, [SourceLoadError]) {
        let (camera, size, states) = locked { ($0.camera, $0.size, $0.featureStates) }
        var (builder, layers, sources, errors) = try sceneInputs(camera: camera, size: size)
        builder.lastIntegerZoom = locked { state -> Double? in
            state.zoomHistory.update(camera.zoom)
            return state.zoomHistory.lastIntegerZoom
        }
        var scene = try builder.styleScene(layers: layers, sources: sources, states: states)
        scene.scene.projectionMode = locked { $0.options.projectionMode }
        scene.scene.globeness = builder.globeness
        scene.scene.rasterReference = builder.rasterReference
        // Sources whose kind is not loaded yet are drawn empty: say so, for the layers that use them.
        let used = Set(style.layers.filter { $0.isVisible }.compactMap(\.sourceIdentifier))
        for source in style.sources where used.contains(source.identifier) && !MapSources.draws(source.kind) {
            scene.unsupportedFeatures.append("source \"\(source.identifier)\": \(source.kind.rawValue) sources are not loaded yet")
        }
        if let omission = globeTerrainOmission(transform: scene.scene.transform, pixelRatio: size.pixelRatio) {
            scene.unsupportedFeatures.append(omission)
        }
        return (scene, errors)
    }

    /// What a scene at `camera` is built from: the configured builder, the compiled layers (the
    /// annotations' above the style's) and the sources' data (tiles covering the view), with the
    /// sources that could not be loaded.
    /// `globeness` overrides the projection's at the camera's zoom (0: a flat view, as a draped tile image of the globe
    /// is painted).
    func sceneInputs(camera: MapCamera, size: MapSize, globeness fixedGlobeness: Double? = nil)
        throws -> (StyleSceneBuilder, [CompiledLayer], [String: any RenderSource], [SourceLoadError]) {
        let (options, settings, debugOptions, dictionaryLineBreaks) = locked {
            ($0.options, $0.settings, $0.debugOptions, $0.dictionaryLineBreaks)
        }
        let mapMode = options.mapMode
        var frame = RenderScene(width: size.width, height: size.height, pixelRatio: size.pixelRatio, camera: camera)
        frame.globeness = fixedGlobeness ?? globeness(atZoom: camera.zoom)
        frame.rasterReference = locked { $0.rasterReference }
        let transform = frame.transform
        var (sources, errors) = self.sources.renderSources(of: style, visible: style.layers.filter { $0.isVisible }, transform: transform,
                                                           camera: camera, pixelRatio: size.pixelRatio, mapMode: mapMode)
        let sprites = resources.sprites(of: style, pixelRatio: size.pixelRatio)
        if let sprites { errors += sprites.errors.map { SourceLoadError(source: "sprite", $0) } }
        var images = resources.addedImages(of: style)
        var layers = try style.compiledLayers()
        // Annotations: their own source and layers, drawn above the style (which is left as it is).
        if let overlay = annotationStore.overlay(font: annotationTitleFont()) {
            layers += try overlay.style.compiledLayers()
            do {
                sources[AnnotationStore.sourceIdentifier] = try self.sources.annotationSource(overlay.source)
            } catch {
                errors.append(error)
            }
            if images[DefaultPin.imageName] == nil { images[DefaultPin.imageName] = MapImages.convert([DefaultPin.imageName: DefaultPin.image])[DefaultPin.imageName] }
        }
        let mapGlyphs = resources.glyphs(of: style, ideographicFallback: settings.ideographicFontFallback,
                                         dictionaryLineBreaks: dictionaryLineBreaks)
        var builder = StyleSceneBuilder(width: size.width, height: size.height, pixelRatio: size.pixelRatio, camera: camera,
                                        glyphs: mapGlyphs, images: MapImages(added: images, sprites: sprites),
                                        light: style.styleDocument.members["light"])
        // the tile mode's layouts keep the labels in a tile's buffer: not kept between frames
        builder.buckets = mapMode == .tile ? nil : buckets
        builder.mapMode = mapMode
        builder.globalState = style.globalState
        builder.limits = options.limits
        builder.globeness = frame.globeness
        builder.rasterReference = frame.rasterReference
        builder.glJSRules = style.projectionDrawsGlobe
        builder.sky = style.styleDocument.members["sky"]
        builder.resourceGeneration = resources.generation(of: style, sprites: sprites, glyphs: mapGlyphs,
                                                          ideographicFallback: settings.ideographicFontFallback)
        builder.collidesPerSource = settings.usesPre4CollisionBehavior
        builder.showsCollisionBoxes = debugOptions.contains(.collisionBoxes)
        builder.showsTileBorders = debugOptions.contains(.tileBoundaries)
        return (builder, layers, sources, errors)
    }

    /// Whether `text-max-width` breaks Thai, Lao, Khmer and Myanmar labels (written without spaces
    /// between words) at the word boundaries ICU's dictionaries find (default true). MapLibre breaks
    /// such text only at spaces: the render-suite runner turns this off to draw as MapLibre's harness does.
    package var dictionaryLineBreaks: Bool {
        get { locked { $0.dictionaryLineBreaks } }
        set { locked { $0.dictionaryLineBreaks = newValue } }
    }

    /// Whose rasterizer the pixels match where renderers legitimately differ (`RasterReference`): MapLibre Native's
    /// (the default), or GL JS's drawn through SwiftShader, which the GL JS comparison suite's runner asks for.
    package var rasterReference: RasterReference {
        get { locked { $0.rasterReference } }
        set { locked { $0.rasterReference = newValue } }
    }

    /// How many horizontal bands a snapshot is painted in, in parallel: nil (the default) for one per core from
    /// 512 x 512 pixels on. The pixels are the same either way; a benchmark sets 1 to time the work on one core.
    package var bandCount: Int? {
        get { locked { $0.bandCount } }
        set { locked { $0.bandCount = newValue.map { max(1, $0) } } }
    }

    /// Renders the map as it is now.
    ///
    /// A source whose data cannot be read is drawn empty and reported in the snapshot's
    /// `sourceErrors` (MapLibre logs and carries on the same way).
    /// - Throws: `StyleRenderError` for properties that do not evaluate, `RenderError` for absurd sizes,
    ///   `LimitExceeded` for an image or labels past the map's ``MapOptions/limits``.
    public func snapshot() throws -> MapSnapshot {
        try checkBudget(banded: { _ in false })
        if let terrain = try terrainSnapshot() ?? globeTerrainSnapshot() { return terrain }
        let (built, errors) = try buildScene()
        let canvas = try paint(built.scene)
        var unquantized = built.scene
        unquantized.layers = []
        unquantized.tileQuantization = false
        return MapSnapshot(canvas: canvas, transform: unquantized.transform, encoderBuffers: encoderBuffers, sourceErrors: errors,
                           unsupportedFeatures: built.unsupportedFeatures, warnings: Self.warnings(style, errors) + resources.warnings(of: style))
    }
}

extension Map {
    /// Renders the map as it is now straight to PNG, without keeping the float canvas: outputs over
    /// `Renderer.bandedPixels` device pixels are painted and encoded band by band, so an 8192 x 8192
    /// image holds one band's canvas instead of 1 GiB. The pixels are those of ``snapshot()``.
    public func pngSnapshot() throws -> MapPNGSnapshot { try pngSnapshot(bandRows: nil) }

    /// Refuses an image past ``MapOptions/limits`` (device pixels, canvas bytes) from the map's size alone,
    /// before any source is loaded or label laid out.
    private func checkBudget(bandRows: Int? = nil, banded: (RenderScene) -> Bool) throws {
        let (camera, size, limits) = locked { ($0.camera, $0.size, $0.options.limits) }
        let frame = RenderScene(width: size.width, height: size.height, pixelRatio: size.pixelRatio, camera: camera)
        try Renderer.checkBudget(frame, limits: limits, banded: banded(frame), bandRows: bandRows)
    }

    /// ``pngSnapshot()``, always banded when `bandRows` is given (tests force small bands).
    func pngSnapshot(bandRows: Int?) throws -> MapPNGSnapshot {
        try checkBudget(bandRows: bandRows, banded: { bandRows != nil || Renderer.rendersInBands($0) })
        if let terrain = try terrainSnapshot() ?? globeTerrainSnapshot() {
            return MapPNGSnapshot(data: terrain.pngData(), sourceErrors: terrain.sourceErrors, unsupportedFeatures: terrain.unsupportedFeatures,
                                  warnings: terrain.warnings)
        }
        let (built, errors) = try buildScene()
        let data: Data
        if bandRows != nil || Renderer.rendersInBands(built.scene) {
            data = Data(try Renderer.renderBandedPNG(built.scene, bandRows: bandRows))
        } else {
            let canvas = try paint(built.scene)
            var scratch = encoderBuffers.take()
            defer { encoderBuffers.put(scratch) }
            data = Data(PNGEncoder.encode(canvas, scratch: &scratch))
        }
        return MapPNGSnapshot(data: data, sourceErrors: errors, unsupportedFeatures: built.unsupportedFeatures,
                              warnings: Self.warnings(style, errors) + resources.warnings(of: style))
    }

    /// The warnings a snapshot taken now would carry about resources (shape sources, the sprite, glyphs,
    /// font faces), for callers that query without rendering; glyphs are known once labels were laid out.
    package func resourceWarnings() -> [StyleWarning] {
        let ratio = locked { $0.size.pixelRatio }
        var errors = sourceData().1
        if let sprites = resources.sprites(of: style, pixelRatio: ratio) { errors += sprites.errors.map { SourceLoadError(source: "sprite", $0) } }
        return Self.warnings(style, errors) + resources.warnings(of: style)
    }

    /// What loading the style left out, then one warning per source that could not be loaded.
    static func warnings(_ style: Style, _ sourceErrors: [SourceLoadError]) -> [StyleWarning] {
        style.loadWarnings + terrainWarnings(style) + sourceErrors.map { StyleWarning(path: $0.source == "sprite" ? "sprite" : "sources.\($0.source)", $0.message) }
    }
}
