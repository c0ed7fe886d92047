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
    /// The style shown; change it at run time through its methods.
    public let style: Style
    private var cameraValue: MapCamera
    private var sizeValue: MapSize
    private var states = FeatureStates()
    /// The style's sources: loaded once per definition, and turned into render sources per view.
    let sources: MapSources
    /// Reads glyphs, sprites and images (local files or HTTP).
    private let resources: ResourceReader
    /// The glyphs of the style's `glyphs` template, read once (replaced when the template changes).
    private var glyphFiles: GlyphFiles?
    /// Glyphs rasterized from installed fonts.
    private let installedGlyphs: InstalledFontGlyphs
    /// The style's `font-faces`, read once (replaced when the member changes).
    private var fontFaceFiles: FontFaceFiles?
    /// The style's sprites, read once (replaced when `sprite` or the pixel ratio changes).
    private var spriteFiles: SpriteFiles?
    /// Images added to the style at run time, converted once per change of that set.
    private var addedImages: (revision: UInt64, images: [String: StyleImage])?
    private var session = RenderSession()
    /// PNG encoding buffers shared by this map's snapshots (megabytes each: reused, not re-faulted).
    private let encoderBuffers = PNGBufferPool()
    /// Annotations added with `addAnnotation(_:)`, drawn above the style.
    let annotationStore = AnnotationStore()
    /// Layers laid out per source tile, kept between frames: a frame whose tiles were laid out before
    /// only evaluates paint, places labels and paints (`docs/rendering.md`).
    let buckets: BucketCache
    /// Terrain tiles' draped layers painted into images, kept between frames (`Map+Terrain.swift`, docs/3d.md).
    let drapedTiles = DrapedTileCache()
    /// What label layouts were made with (sprite, run-time images, glyphs) and its generation.
    private var labelResources: (key: String, generation: UInt64) = ("", 0)

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
        buckets = BucketCache(budget: options.layoutCacheSize)
        installedGlyphs = InstalledFontGlyphs(options: clientFonts)
        cameraValue = camera
        sizeValue = size
        settingsValue.usesPre4CollisionBehavior = !options.crossSourceCollisions
        optionsValue = options
        resources = ResourceReader(styleDirectory: styleDirectory, localRoot: localRoot, localServers: localServers, fetcher: fetcher)
        sources = MapSources(loader: SourceLoader(styleDirectory: styleDirectory, localRoot: localRoot, fetcher: fetcher),
                             tiled: TiledSources(resolver: TiledSourceResolver(styleDirectory: styleDirectory, localRoot: localRoot,
                                                                               localServers: localServers, fetcher: fetcher)),
                             images: ImageSources(reader: resources))
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The feature states set so far (what the next frame draws with).
    var featureStates: FeatureStates { locked { states } }

    /// The camera.
    public var camera: MapCamera {
        get { locked { cameraValue } }
        set { locked { cameraValue = newValue } }
    }

    /// The size.
    public var size: MapSize {
        get { locked { sizeValue } }
        set { locked { sizeValue = newValue } }
    }

    private var settingsValue = Settings()

    /// The SDK settings the map applies (`usesPre4CollisionBehavior`: labels collide only with
    /// labels of their own source; `ideographicFontFallback`: CJK ideographs from installed fonts).
    public var settings: Settings {
        get { locked { settingsValue } }
        set { locked { settingsValue = newValue } }
    }

    /// The options as last set (`crossSourceCollisions` is read from the settings).
    private var optionsValue: MapOptions

    /// Native's map options the map applies. `crossSourceCollisions` is kept in step with
    /// `Settings.usesPre4CollisionBehavior` (its negation): setting either changes the other.
    public var options: MapOptions {
        get {
            locked {
                var options = optionsValue
                options.crossSourceCollisions = !settingsValue.usesPre4CollisionBehavior
                options.layoutCacheSize = buckets.budget
                return options
            }
        }
        set {
            locked {
                optionsValue = newValue
                settingsValue.usesPre4CollisionBehavior = !newValue.crossSourceCollisions
            }
        }
    }

    /// Whether labels of different sources collide with each other (MapLibre Native's
    /// `MapOptions.crossSourceCollisions`, default true); the same as `options.crossSourceCollisions`.
    /// False places each source's labels as if the other sources had none: the same as
    /// `Settings.usesPre4CollisionBehavior`.
    public var crossSourceCollisions: Bool {
        get { locked { !settingsValue.usesPre4CollisionBehavior } }
        set { locked { settingsValue.usesPre4CollisionBehavior = !newValue } }
    }

    private var debugOptionsValue: MapDebugOptions = []

    /// The zooms of the frames drawn so far (MapLibre's zoom history).
    private var zoomHistory = ZoomHistory()

    /// Records a frame at the current zoom in the zoom history without drawing it (MapLibre's render
    /// tests draw a frame at each `wait`).
    package func recordFrame() {
        locked { zoomHistory.update(cameraValue.zoom) }
    }

    /// Debug overlays drawn over the map's content (collision boxes).
    public var debugOptions: MapDebugOptions {
        get { locked { debugOptionsValue } }
        set { locked { debugOptionsValue = newValue } }
    }

    // MARK: Feature state

    /// Merges `state` into the state of feature `id` of `source` (read by `feature-state`).
    public func setFeatureState(_ state: JSONObject, source: String, featureIdentifier id: FeatureIdentifier) {
        locked { states.set(state, source: source, id: id) }
    }

    /// The state set for feature `id` of `source` (empty when none is set).
    public func featureState(source: String, featureIdentifier id: FeatureIdentifier) -> JSONObject {
        locked { states.state(source: source, id: id) ?? JSONObject() }
    }

    /// Removes a key of a feature's state, a feature's whole state, or every feature's state of a source.
    public func removeFeatureState(source: String, featureIdentifier id: FeatureIdentifier? = nil, key: String? = nil) {
        locked { states.remove(source: source, id: id, key: key) }
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
        let (camera, size, projection) = locked { (cameraValue, sizeValue, optionsValue.projectionMode) }
        var transform = camera.transform(in: size)
        transform.projectionMode = projection
        let bent = globeness(atZoom: camera.zoom)
        if bent > 0 { transform.globeness = bent }
        return transform
    }

    // MARK: Rendering

    /// The data of every source, loading (once) what changed (``MapSources/shapeData(of:)``). A source
    /// whose data cannot be read is drawn empty, as MapLibre does, and its error is returned alongside.
    func sourceData() -> ([String: GeoJSONRenderSource], [SourceLoadError]) {
        sources.shapeData(of: style)
    }

    /// Runs `body` with the map's render session (its reused canvas), taken out of the lock so that
    /// painting does not hold the map (a prefetch or a camera change goes on meanwhile); a snapshot
    /// taken while another paints gets a session of its own.
    private func withSession<T>(_ body: (inout RenderSession) throws -> T) rethrows -> T {
        var taken = locked { () -> RenderSession in
            defer { session = RenderSession() }
            return session
        }
        defer { locked { session = taken } }
        return try body(&taken)
    }

    /// The scene the current style, camera and size describe, what each layer draws, and the
    /// sources that failed to load.
    func styleScene() throws -> StyleScene {
        try buildScene().0
    }

    private func buildScene() throws -> (StyleScene, [SourceLoadError]) {
        let (camera, size, states) = locked { (cameraValue, sizeValue, self.states) }
        var (builder, layers, sources, errors) = try sceneInputs(camera: camera, size: size)
        builder.lastIntegerZoom = locked { () -> Double? in
            zoomHistory.update(camera.zoom)
            return zoomHistory.lastIntegerZoom
        }
        var scene = try builder.styleScene(layers: layers, sources: sources, states: states)
        scene.scene.projectionMode = locked { optionsValue.projectionMode }
        scene.scene.globeness = builder.globeness
        // Sources whose kind is not loaded yet are drawn empty: say so, for the layers that use them.
        let used = Set(style.layers.filter { $0.isVisible }.compactMap(\.sourceIdentifier))
        for source in style.sources where used.contains(source.identifier) && !MapSources.draws(source.kind) {
            scene.unsupportedFeatures.append("source \"\(source.identifier)\": \(source.kind.rawValue) sources are not loaded yet")
        }
        return (scene, errors)
    }

    /// What a scene at `camera` is built from: the configured builder, the compiled layers (the
    /// annotations' above the style's) and the sources' data (tiles covering the view), with the
    /// sources that could not be loaded.
    func sceneInputs(camera: MapCamera, size: MapSize)
        throws -> (StyleSceneBuilder, [CompiledLayer], [String: any RenderSource], [SourceLoadError]) {
        let (mapMode, limits) = locked { (optionsValue.mapMode, optionsValue.limits) }
        var frame = RenderScene(width: size.width, height: size.height, pixelRatio: size.pixelRatio, camera: camera)
        frame.globeness = globeness(atZoom: camera.zoom)
        let transform = frame.transform
        var (sources, errors) = self.sources.renderSources(of: style, visible: style.layers.filter { $0.isVisible }, transform: transform,
                                                           camera: camera, pixelRatio: size.pixelRatio, mapMode: mapMode)
        let sprites = self.sprites(pixelRatio: size.pixelRatio)
        if let sprites { errors += sprites.errors.map { SourceLoadError(source: "sprite", $0) } }
        var images = added()
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
        let mapGlyphs = glyphs()
        var builder = StyleSceneBuilder(width: size.width, height: size.height, pixelRatio: size.pixelRatio, camera: camera,
                                        glyphs: mapGlyphs, images: MapImages(added: images, sprites: sprites),
                                        light: style.styleDocument.members["light"])
        // the tile mode's layouts keep the labels in a tile's buffer: not kept between frames
        builder.buckets = mapMode == .tile ? nil : buckets
        builder.mapMode = mapMode
        builder.globalState = style.globalState
        builder.limits = limits
        builder.globeness = frame.globeness
        builder.sky = style.styleDocument.members["sky"]
        builder.resourceGeneration = resourceGeneration(sprites: sprites, glyphs: mapGlyphs)
        builder.collidesPerSource = settingsValue.usesPre4CollisionBehavior
        builder.showsCollisionBoxes = debugOptionsValue.contains(.collisionBoxes)
        builder.showsTileBorders = debugOptionsValue.contains(.tileBoundaries)
        return (builder, layers, sources, errors)
    }

    /// A number that changes when what labels are laid out with changes: the sprite, the style's
    /// run-time images, its glyphs template, the installed-font settings, the faces that shape complex
    /// scripts (its `font-faces`) or how their lines break.
    private func resourceGeneration(sprites: SpriteFiles?, glyphs: MapGlyphs?) -> UInt64 {
        let shaping = glyphs.map { "\($0.shapingGeneration)|\($0.complexText.dictionaryLineBreaks)" } ?? ""
        let key = "\(sprites?.key ?? "")|\(style.addedImages.revision)|\(style.glyphsURL ?? "")|\(locked { settingsValue.ideographicFontFallback })|\(shaping)"
        return locked {
            if labelResources.key != key || labelResources.generation == 0 { labelResources = (key, Generations.next()) }
            return labelResources.generation
        }
    }

    /// The style's glyphs, then installed fonts; nil when there are neither.
    private func glyphs() -> MapGlyphs? {
        let files = styleGlyphFiles()
        let faces = styleFontFaces()
        let (ideographs, dictionaryBreaks) = locked { (settingsValue.ideographicFontFallback, dictionaryLineBreaksValue) }
        guard files != nil || faces != nil || installedGlyphs.options.fallsBackToInstalledFonts || ideographs != .disabled else { return nil }
        let shaping = shapingFaces(style: faces, files: files)
        return MapGlyphs(files: files, installed: installedGlyphs, ideographicFallback: ideographs,
                         complexText: ComplexTextOptions(faces: shaping, dictionaryLineBreaks: dictionaryBreaks),
                         shapingGeneration: shaping?.generation ?? 0)
    }

    /// The faces that shape complex scripts (the style's, then installed fonts'), kept while their parts stay.
    private func shapingFaces(style faces: FontFaceFiles?, files: GlyphFiles?) -> MapShapingFaces? {
        let installed = installedGlyphs.options.fallsBackToInstalledFonts ? InstalledShapingFaces.shared : nil
        guard faces != nil || installed != nil else { return nil }
        return locked {
            if let kept = shapingFacesValue, kept.style === faces, kept.files === files { return kept }
            let made = MapShapingFaces(style: faces, files: files, installed: installed)
            shapingFacesValue = made
            return made
        }
    }

    private var shapingFacesValue: MapShapingFaces?

    /// The faces of the style's current `font-faces`, or nil when it has none.
    private func styleFontFaces() -> FontFaceFiles? {
        guard let definition = style.fontFacesDefinition else { return nil }
        return locked {
            if let faces = fontFaceFiles, faces.definition == definition { return faces }
            let faces = FontFaceFiles(definition: definition, reader: resources)
            fontFaceFiles = faces
            return faces
        }
    }

    private var dictionaryLineBreaksValue = true

    /// Whether `text-max-width` breaks Thai, Lao, Khmer and Myanmar labels (written without spaces
    /// between words) at the word boundaries ICU's dictionaries find (default true). MapLibre breaks
    /// such text only at spaces: the render-suite runner turns this off to draw as MapLibre's harness does.
    package var dictionaryLineBreaks: Bool {
        get { locked { dictionaryLineBreaksValue } }
        set { locked { dictionaryLineBreaksValue = newValue } }
    }

    /// The style's `font-faces` that could not be read or loaded, as warnings with their JSON paths.
    private func fontFaceWarnings() -> [StyleWarning] {
        guard let faces = locked({ fontFaceFiles }), style.fontFacesDefinition == faces.definition else { return [] }
        return faces.problems.map { StyleWarning(path: $0.path, $0.message) }
    }

    /// The font stacks whose glyphs could not be read (the style's `glyphs`) or that no installed font
    /// covers, as warnings at `glyphs`: each stack once, however many labels and tiles asked for it.
    private func glyphWarnings() -> [StyleWarning] {
        let files = locked { glyphFiles }.flatMap { $0.template == style.glyphsURL ? $0 : nil }
        return ((files?.problems ?? []) + installedGlyphs.problems).map { StyleWarning(path: "glyphs", $0) }
    }

    /// The glyphs of the style's current `glyphs` template, or nil when it has none.
    private func styleGlyphFiles() -> GlyphFiles? {
        guard let template = style.glyphsURL else { return nil }
        return locked {
            if let files = glyphFiles, files.template == template { return files }
            let files = GlyphFiles(template: template, reader: resources)
            glyphFiles = files
            return files
        }
    }

    /// The style's run-time images in the renderer's form.
    private func added() -> [String: StyleImage] {
        let current = style.addedImages
        if let cached = locked({ addedImages }), cached.revision == current.revision { return cached.images }
        let converted = MapImages.convert(current.images)
        locked { addedImages = (current.revision, converted) }
        return converted
    }

    /// The style's sprite images for this pixel ratio, or nil when the style has no sprite.
    private func sprites(pixelRatio: Double) -> SpriteFiles? {
        guard let sprite = style.spriteDefinition else { return nil }
        let key = "\(sprite.serialized())@\(pixelRatio)"
        if let files = locked({ spriteFiles }), files.key == key { return files }
        let files = SpriteFiles(sprite: sprite, pixelRatio: pixelRatio, reader: resources)
        locked { spriteFiles = files }
        return files
    }

    /// Renders the map as it is now.
    ///
    /// A source whose data cannot be read is drawn empty and reported in the snapshot's
    /// `sourceErrors` (MapLibre logs and carries on the same way).
    /// - Throws: `StyleRenderError` for properties that do not evaluate, `RenderError` for absurd sizes,
    ///   `LimitExceeded` for an image or labels past the map's ``MapOptions/limits``.
    public func snapshot() throws -> MapSnapshot {
        try checkBudget(banded: { _ in false })
        if let terrain = try terrainSnapshot() { return terrain }
        let (built, errors) = try buildScene()
        let canvas = try withSession { session throws -> Canvas in try session.render(built.scene) }
        var unquantized = built.scene
        unquantized.layers = []
        unquantized.tileQuantization = false
        return MapSnapshot(canvas: canvas, transform: unquantized.transform, encoderBuffers: encoderBuffers, sourceErrors: errors,
                           unsupportedFeatures: built.unsupportedFeatures, warnings: Self.warnings(style, errors) + fontFaceWarnings() + glyphWarnings())
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
        let (camera, size, limits) = locked { (cameraValue, sizeValue, optionsValue.limits) }
        let frame = RenderScene(width: size.width, height: size.height, pixelRatio: size.pixelRatio, camera: camera)
        try Renderer.checkBudget(frame, limits: limits, banded: banded(frame), bandRows: bandRows)
    }

    /// ``pngSnapshot()``, always banded when `bandRows` is given (tests force small bands).
    func pngSnapshot(bandRows: Int?) throws -> MapPNGSnapshot {
        try checkBudget(bandRows: bandRows, banded: { bandRows != nil || Renderer.rendersInBands($0) })
        if let terrain = try terrainSnapshot() {
            return MapPNGSnapshot(data: terrain.pngData(), sourceErrors: terrain.sourceErrors, unsupportedFeatures: terrain.unsupportedFeatures,
                                  warnings: terrain.warnings)
        }
        let (built, errors) = try buildScene()
        let data: Data
        if bandRows != nil || Renderer.rendersInBands(built.scene) {
            data = Data(try Renderer.renderBandedPNG(built.scene, bandRows: bandRows))
        } else {
            let canvas = try withSession { session throws -> Canvas in try session.render(built.scene) }
            var scratch = encoderBuffers.take()
            defer { encoderBuffers.put(scratch) }
            data = Data(PNGEncoder.encode(canvas, scratch: &scratch))
        }
        return MapPNGSnapshot(data: data, sourceErrors: errors, unsupportedFeatures: built.unsupportedFeatures,
                              warnings: Self.warnings(style, errors) + fontFaceWarnings() + glyphWarnings())
    }

    /// The warnings a snapshot taken now would carry about resources (shape sources, the sprite, glyphs,
    /// font faces), for callers that query without rendering; glyphs are known once labels were laid out.
    package func resourceWarnings() -> [StyleWarning] {
        let ratio = locked { sizeValue.pixelRatio }
        var errors = sourceData().1
        if let sprites = sprites(pixelRatio: ratio) { errors += sprites.errors.map { SourceLoadError(source: "sprite", $0) } }
        return Self.warnings(style, errors) + fontFaceWarnings() + glyphWarnings()
    }

    /// What loading the style left out, then one warning per source that could not be loaded.
    static func warnings(_ style: Style, _ sourceErrors: [SourceLoadError]) -> [StyleWarning] {
        style.loadWarnings + terrainWarnings(style) + sourceErrors.map { StyleWarning(path: $0.source == "sprite" ? "sprite" : "sources.\($0.source)", $0.message) }
    }
}
