import Geo
import Foundation
import Expressions
package import Fonts
package import GeoJSON
package import MapStyle
import Tiling

/// Turns a style (layers in order, with their filters and properties) and source data into the
/// ``RenderScene`` the renderer draws, for one camera.
///
/// Filters, `minzoom`/`maxzoom`, `visibility` and every paint property are evaluated here through
/// `Expressions`: zoom from the camera, feature data and feature state per feature.
package struct StyleSceneBuilder: Sendable {
    package var width: Int
    package var height: Int
    package var pixelRatio: Double
    package var camera: MapCamera
    /// Where symbol layers take their glyphs from (no text is drawn without).
    package var glyphs: (any GlyphProvider)?
    /// Where symbol layers take their icons from.
    package var images: (any ImageProvider)?
    /// Labels collide only with labels of their own source (the SDK's pre-4.0 collision behaviour).
    package var collidesPerSource = false
    /// Draw labels' collision boxes (the SDK's collision-box debug option).
    package var showsCollisionBoxes = false
    /// Outline the source tiles drawn (the SDK's tile-boundaries debug option).
    package var showsTileBorders = false
    /// The style's `light` member (fill-extrusion layers are shaded by it).
    package var light: JSONValue?
    /// The style's global state, read by `global-state` in the `light`.
    package var globalState = JSONObject()
    /// Where laid-out layers are kept between frames (nil: every frame lays every layer out).
    package var buckets: BucketCache?
    /// Changes whenever the images or glyphs labels are laid out with change (label buckets are
    /// laid out again then).
    package var resourceGeneration: UInt64 = 0
    /// `tile`: the view is one tile of a set; a tile's labels include those in its buffer and are
    /// placed by MapLibre Native's tile-mode rules (``MapMode``).
    package var mapMode = MapMode.static
    /// MapLibre's zoom history: the integer zoom the map last crossed (nil: the camera's, floored).
    package var lastIntegerZoom: Double?
    /// The sizes a render may reach: labels are counted against ``Limits/labelCharacters``,
    /// ``Limits/layoutLabelCharacters`` and ``Limits/renderLabelCharacters`` before they are shaped.
    package var limits = Limits.default
    /// How far the view is bent onto the globe (0 Mercator ... 1 globe: ``Transform/globeness``).
    package var globeness = 0.0
    /// Whose rasterizer the pixels match (``Transform/rasterReference``).
    package var rasterReference = RasterReference.mapLibreNative
    /// Whether rules that MapLibre GL JS 5 and MapLibre Native draw differently follow GL JS (``Transform/glJSRules``).
    package var glJSRules = false
    /// The style's root `sky` (its `atmosphere-blend` sets the glow around the globe).
    package var sky: JSONValue?
    /// The bearing a hillshade's light anchored to the viewport turns with (nil: the camera's). A draped terrain tile
    /// is drawn north up, but GL JS lights it as the view is turned: its render-to-texture pass reads the map's
    /// transform (`bearingInRadians`).
    package var lightBearing: Double?
    /// 3D terrain the scene's circles and labels stand on (raised to the ground and faded behind hills before labels
    /// are placed); nil for a flat map.
    package var standingTerrain: StandingTerrain?
    /// The label budget of the scene being built (set by ``styleScene(layers:sources:states:)``).
    private var labelBudget: LabelBudget?

    package init(width: Int, height: Int, pixelRatio: Double = 1, camera: MapCamera, glyphs: (any GlyphProvider)? = nil,
                 images: (any ImageProvider)? = nil, light: JSONValue? = nil) {
        self.light = light
        self.width = width
        self.height = height
        self.pixelRatio = pixelRatio
        self.camera = camera
        self.glyphs = glyphs
        self.images = images
    }

    /// The scene for `layers` (from ``Style/compiledLayers()``) drawing from `sources`.
    /// - Throws: the first of the label ``limits`` the layers' labels pass.
    package func scene(layers: [CompiledLayer], sources: [String: any RenderSource],
                       states: FeatureStates = FeatureStates()) throws(LimitExceeded) -> RenderScene {
        try styleScene(layers: layers, sources: sources, states: states).scene
    }

    /// The scene, and for each drawn layer the style layer and source features it draws (in the
    /// scene's feature order), so that hits can be traced back to features.
    /// - Throws: the first of the label ``limits`` the layers' labels pass: a label longer than
    ///   ``Limits/labelCharacters``, a layer's labels in one tile over ``Limits/layoutLabelCharacters``,
    ///   all labels laid out over ``Limits/renderLabelCharacters``. Layouts stop at the first, and
    ///   nothing laid out after it is kept in ``buckets``.
    package func styleScene(layers: [CompiledLayer], sources: [String: any RenderSource],
                            states: FeatureStates = FeatureStates()) throws(LimitExceeded) -> StyleScene {
        var builder = self
        let budget = LabelBudget(limits: limits)
        builder.labelBudget = budget
        let built = builder.buildStyleScene(layers: layers, sources: sources, states: states)
        if let exceeded = budget.exceeded { throw exceeded }
        return built
    }

    private func buildStyleScene(layers: [CompiledLayer], sources: [String: any RenderSource], states: FeatureStates) -> StyleScene {
        var scene = RenderScene(width: width, height: height, pixelRatio: pixelRatio, camera: camera)
        scene.globeness = globeness
        scene.rasterReference = rasterReference
        scene.glJSRules = glJSRules
        var drawn: [StyleScene.DrawnLayer] = []
        var unsupported: [String] = []
        let zoom = camera.zoom
        // layouts are made at the camera's integer zoom (an overscaled tile's own), paint at its zoom
        let layoutZoom = Int(max(0, min(30, zoom.rounded(.down))))
        var quantizationZoom = 18
        // what each source draws at this camera, worked out once for all its layers
        var drawable: [String: [DrawableFeature]] = [:]
        // the tiles a GeoJSON source is cut into for this view, by tile zoom, worked out once
        var views: [Int: (covered: WorldBounds, labels: LabelTiles)] = [:]
        for compiled in layers {
            // past a label limit the render fails: the layers above are not laid out
            if labelBudget?.exceeded != nil { break }
            let layer = compiled.layer
            guard compiled.isVisible else { continue }
            if let minz = layer.minimumZoomLevel, zoom < minz { continue }
            if let maxz = layer.maximumZoomLevel, zoom >= maxz { continue }
            let builder: any LayerBuilder.Type
            switch LayerBuilders.builder(for: layer.type) {
            case .images(let imageBuilder):
                // layers without features (raster, hillshade): drawn from the source's pictures or elevations
                unsupported += imageBuilder.unsupported(compiled)
                guard let id = layer.sourceIdentifier, let source = sources[id],
                      let built = imageBuilder.build(compiled, source: source, zoom: zoom, bearing: lightBearing ?? camera.bearing) else { continue }
                scene.layers.append(globeness > 0 ? GlobeLayers.prepared(built) : built)
                drawn.append(StyleScene.DrawnLayer(identifier: layer.identifier, sourceIdentifier: id, features: []))
                continue
            case .features(let featureBuilder):
                builder = featureBuilder
            }
            var evaluation = FeatureEvaluation(base: EvaluationContext(zoom: zoom, isSupportedScript: ScriptSupport.isSupported), needsGeometry: compiled.needsFeatureGeometry,
                                               glyphs: glyphs, images: images, pitched: camera.pitch > 0, light: extrusionLight)
            evaluation.labelBudget = labelBudget
            unsupported += builder.unsupported(compiled, evaluation: evaluation)
            if layer.type.usesSource, let id = layer.sourceIdentifier, let source = sources[id], let tiles = source.featureTiles {
                let (sceneLayer, features) = tiledLayer(compiled, builder, tiles: tiles, sourceID: id, sourceGeneration: source.generation,
                                                        states: states)
                scene.layers.append(sceneLayer)
                drawn.append(StyleScene.DrawnLayer(identifier: layer.identifier, sourceIdentifier: id, features: features, isTiled: true))
                continue
            }
            guard layer.type.usesSource else {
                var none: [SelectedFeature] = []
                scene.layers.append(builder.build(compiled, features: &none, layoutEvaluation: evaluation, evaluation: evaluation))
                drawn.append(StyleScene.DrawnLayer(identifier: layer.identifier, sourceIdentifier: nil, features: []))
                continue
            }
            guard let id = layer.sourceIdentifier, let source = sources[id] else { continue }
            quantizationZoom = source.maximumZoom
            let z = max(0, min(source.maximumZoom, Int(camera.zoom.rounded(.down))))
            let view = views[z] ?? (coveredBounds(tileZoom: z), labelTiles(tileZoom: z, transform: scene.transform))
            views[z] = view
            let (covered, labels) = view
            evaluation = self.evaluation(tileZoom: z, for: compiled)
            let centre = evaluation.base.canonical ?? TileID(z: 0, x: 0, y: 0)
            let key = BucketTileKey(source: id, layoutZoom: layoutZoom, z: Int(centre.z), x: Int(centre.x), y: Int(centre.y),
                                    view: BucketTileKey.GeoJSONView(minX: covered.minX, minY: covered.minY, maxX: covered.maxX, maxY: covered.maxY,
                                                                    labelColumns: labels.columns, labelRows: labels.rows,
                                                                    labelBearing: labels.bearing),
                                    lineLabelGranularity: labels.lineGranularity)
            let bucket = self.bucket(compiled, builder, key: key, sourceGeneration: source.generation) {
                if drawable[id] == nil { drawable[id] = source.drawable(atZoom: camera.zoom, in: covered) }
                var layoutEvaluation = evaluation
                layoutEvaluation.base.zoom = Double(layoutZoom)
                layoutEvaluation.labelTiles = labels
                if let shapes = source as? GeoJSONRenderSource, case .shapes(let index)? = shapes.index {
                    layoutEvaluation.labelTileIndex = index
                    layoutEvaluation.polygonLabelPoles = shapes.labelPoles
                }
                return (drawable[id] ?? [], layoutEvaluation)
            }
            // a layer whose filter selected nothing here draws nothing (as a tile's empty bucket); its
            // source's tiles are still outlined by the tile-boundaries overlay
            if bucket.layout.features.isEmpty {
                if showsTileBorders {
                    scene.layers.append(EmptySceneLayer())
                    drawn.append(StyleScene.DrawnLayer(identifier: layer.identifier, sourceIdentifier: id, features: []))
                }
                continue
            }
            evaluation.memo = bucket.memo
            let built = bucket.layout.scene(compiled, features: withStates(bucket.layout.features, source: id, states: states), evaluation: evaluation)
            scene.layers.append(built.layer)
            drawn.append(StyleScene.DrawnLayer(identifier: layer.identifier, sourceIdentifier: id, features: built.features.map(\.feature)))
        }
        scene.tileQuantizationMaxZoom = quantizationZoom
        // past GL JS's pitch for it, GeoJSON is drawn from tiles of varying zoom, each on its own grid (finer near the
        // camera than the camera zoom's): the scene snaps nothing more
        if scene.transform.coversWithVariableZoom { scene.tileQuantization = false }
        standingTerrain?.raise(&scene.layers)
        SymbolPlacement.place(&scene.layers, transform: scene.transform,
                              collisionGroups: collidesPerSource ? drawn.map { $0.sourceIdentifier ?? "" } : nil,
                              showsCollisionBoxes: showsCollisionBoxes, mode: mapMode)
        if let skyLayer = SkyLayer.make(sky: sky, zoom: camera.zoom, transform: scene.transform, globalState: globalState) {
            scene.layers.append(skyLayer)
            drawn.append(StyleScene.DrawnLayer(identifier: "", sourceIdentifier: nil, features: []))
        }
        if let atmosphere = AtmosphereLayer.make(sky: sky, light: light, zoom: camera.zoom, globeness: globeness,
                                                 camera: camera, globalState: globalState) {
            scene.layers.append(atmosphere)
            drawn.append(StyleScene.DrawnLayer(identifier: "", sourceIdentifier: nil, features: []))
        }
        if showsTileBorders {
            scene.layers.append(TileBorderLayer(tiles: drawnTiles(of: drawn, sources: sources, transform: scene.transform)))
            drawn.append(StyleScene.DrawnLayer(identifier: "", sourceIdentifier: nil, features: []))
        }
        return StyleScene(scene: scene, layers: drawn, unsupportedFeatures: unsupported)
    }

    /// A layer of a tiled source: each tile's bucket (laid out once per tile, or found in the cache),
    /// its paint evaluated for this frame and clipped to the tile. Returns the scene layer and its features in order.
    private func tiledLayer(_ compiled: CompiledLayer, _ builder: any LayerBuilder.Type, tiles: [SourceTile],
                            sourceID: String, sourceGeneration: UInt64, states: FeatureStates) -> (any SceneLayer, [GeoJSONFeature]) {
        var pieces: [TileClippedLayer.Piece] = []
        var features: [GeoJSONFeature] = []
        // Extrusions are not clipped to tiles (MapLibre draws 3D layers without the stencil clip):
        // every tile's solids go into one layer sharing one depth buffer.
        var extrusions: FillExtrusionLayer?
        // Heatmaps likewise: every tile's kernels into one density texture, coloured once (over terrain, GL JS draws each
        // tile's into a framebuffer of its own: the tiles stay pieces); each canonical tile's points once, the painter
        // drawing them in every world copy in view
        var heatmap: HeatmapLayer?
        var heatmapTiles = Set<TileID>()
        let sourceLayer = compiled.layer.sourceLayerIdentifier ?? ""
        let layoutZoom = Int(max(0, min(30, camera.zoom.rounded(.down))))
        let drawn = tiles.filter { !($0.layers[sourceLayer]?.isEmpty ?? true) }
        let buckets = layoutBuckets(compiled, builder, tiles: drawn, sourceID: sourceID, sourceGeneration: sourceGeneration,
                                    sourceLayer: sourceLayer, layoutZoom: layoutZoom)
        for (tile, bucket) in zip(drawn, buckets) {
            let c = tile.id.canonical
            let canonical = TileID(z: c.z, x: c.x, y: c.y)
            if bucket.layout.features.isEmpty { continue }
            var evaluation = FeatureEvaluation(base: EvaluationContext(zoom: camera.zoom, canonical: canonical, isSupportedScript: ScriptSupport.isSupported),
                                               needsGeometry: compiled.needsFeatureGeometry, glyphs: glyphs, images: images,
                                               pitched: camera.pitch > 0, light: extrusionLight)
            evaluation.memo = bucket.memo
            evaluation.lastIntegerZoom = lastIntegerZoom
            let built = bucket.layout.scene(compiled, features: withStates(bucket.layout.features, source: sourceID, states: states),
                                            evaluation: evaluation)
            if built.features.isEmpty { continue }
            if let solids = built.layer as? FillExtrusionLayer {
                if extrusions == nil { extrusions = solids; extrusions?.features = [] }
                extrusions?.append(solids, wrap: tile.id.wrap)
                features += built.features.map(\.feature)
                continue
            }
            var layer = built.layer
            if let heat = layer as? HeatmapLayer {
                let own = heat.keepingPoints(in: canonical)
                if standingTerrain == nil {
                    guard heatmapTiles.insert(canonical).inserted else { continue }
                    if heatmap == nil { heatmap = own.emptied }
                    heatmap?.append(own, featureOffset: features.count)
                    features += built.features.map(\.feature)
                    continue
                }
                layer = own
            }
            // Labels are not clipped: each is drawn whole by the tile its anchor lies in (the bucket
            // keeps only those).
            let clip: TileClip? = layer is SymbolLayer ? nil : tile.clip
            pieces.append(TileClippedLayer.Piece(clip: clip, wrap: tile.id.wrap, layer: layer, firstFeature: features.count,
                                                 tile: canonical))
            features += built.features.map(\.feature)
        }
        if let extrusions { return (extrusions, features) }
        if let heatmap { return (heatmap, features) }
        return (TileClippedLayer(pieces: pieces), features)
    }

    /// Lays out, and keeps in ``buckets``, the buckets of every tiled layer this camera draws, without
    /// building a scene: a frame drawn at this camera later finds its tiles laid out. Called on another
    /// thread while the previous frame paints (``Map/prefetch(camera:)``). Does nothing without a cache.
    package func layOutTiles(layers: [CompiledLayer], sources: [String: any RenderSource]) {
        guard buckets != nil, mapMode == .static else { return }
        // a layout past a label limit is not kept: the frame that needs it lays it out and fails
        var builder = self
        builder.labelBudget = LabelBudget(limits: limits)
        builder.layOutTilesBudgeted(layers: layers, sources: sources)
    }

    private func layOutTilesBudgeted(layers: [CompiledLayer], sources: [String: any RenderSource]) {
        let zoom = camera.zoom
        let layoutZoom = Int(max(0, min(30, zoom.rounded(.down))))
        for compiled in layers {
            let layer = compiled.layer
            guard compiled.isVisible, layer.type.usesSource else { continue }
            if let minz = layer.minimumZoomLevel, zoom < minz { continue }
            if let maxz = layer.maximumZoomLevel, zoom >= maxz { continue }
            guard case .features(let builder) = LayerBuilders.builder(for: layer.type), let id = layer.sourceIdentifier,
                  let source = sources[id], let tiles = source.featureTiles else { continue }
            let sourceLayer = layer.sourceLayerIdentifier ?? ""
            let drawn = tiles.filter { !($0.layers[sourceLayer]?.isEmpty ?? true) }
            _ = layoutBuckets(compiled, builder, tiles: drawn, sourceID: id, sourceGeneration: source.generation,
                              sourceLayer: sourceLayer, layoutZoom: layoutZoom)
        }
    }

    /// The zoom a layer's tile buckets are kept under. A layer whose filter and layout do not depend on
    /// the zoom lays a data tile out alike at every zoom it is drawn at (overscaled past the source's
    /// maxzoom): one bucket (zoom -1) serves them all. Labels are laid out for the zoom they are drawn
    /// at (anchors and collision circles depend on it).
    private static func keyZoom(_ compiled: CompiledLayer, layoutZoom: Int) -> Int {
        compiled.layoutIsZoomConstant && compiled.layer.type != .symbol ? -1 : layoutZoom
    }

    /// The buckets of `compiled` for `tiles` (each tile's, in order): those the cache holds, and the
    /// others laid out now, on every core when several are missing (a zoom or pan brings new tiles).
    private func layoutBuckets(_ compiled: CompiledLayer, _ builder: any LayerBuilder.Type, tiles: [SourceTile], sourceID: String,
                               sourceGeneration: UInt64, sourceLayer: String, layoutZoom: Int) -> [LayerBucket] {
        let signature = BucketSignature(layoutGeneration: compiled.layoutGeneration, sourceGeneration: sourceGeneration,
                                        resourceGeneration: compiled.layer.type == .symbol ? resourceGeneration : 0)
        let id = compiled.layer.identifier
        // a tile its cover gave a zoom (towards the horizon of a variable-zoom cover) is laid out at that zoom
        let zooms = tiles.map { $0.layoutZoom ?? layoutZoom }
        let keys = tiles.indices.map { i in
            BucketTileKey(source: sourceID, layoutZoom: Self.keyZoom(compiled, layoutZoom: zooms[i]), z: tiles[i].id.canonical.z,
                          x: tiles[i].id.canonical.x, y: tiles[i].id.canonical.y, view: nil,
                          lineLabelGranularity: lineLabelGranularity(tileZoom: tiles[i].id.canonical.z))
        }
        var found = keys.map { buckets?.bucket(tile: $0, layer: id, signature: signature) }
        let missing = found.indices.filter { found[$0] == nil }
        if missing.isEmpty { return found.map { $0! } }
        let made = LaidOutBuckets(count: missing.count)
        let layOut: @Sendable (Int) -> Void = { [self] k in
            let tile = tiles[missing[k]]
            let c = tile.id.canonical
            let layoutZoom = zooms[missing[k]]
            var evaluation = FeatureEvaluation(base: EvaluationContext(zoom: Double(layoutZoom), canonical: TileID(z: c.z, x: c.x, y: c.y),
                                                                       isSupportedScript: ScriptSupport.isSupported),
                                               needsGeometry: compiled.needsFeatureGeometry, glyphs: glyphs, images: images)
            // tile features lie on the primary world copy; placement shifts them to the tile's copy
            evaluation.labelTiles = LabelTiles(z: c.z, overscaling: max(1, pow(2, Double(layoutZoom - c.z))),
                                               columns: c.x...c.x, rows: c.y...c.y,
                                               lineGranularity: lineLabelGranularity(tileZoom: c.z))
            evaluation.anchorTile = mapMode == .tile ? nil : TileClip(z: c.z, x: c.x, y: c.y)
            evaluation.cutTile = tile.isCutToBuffer ? WorldBounds(z: c.z, x: c.x, y: c.y) : nil
            evaluation.labelBudget = labelBudget
            // a tile's features draw their own geometry: a vector tile's stays in tile coordinates
            let drawable = (tile.layers[sourceLayer] ?? []).map { DrawableFeature(feature: $0, geometry: nil) }
            let selected = select(compiled, builder, drawable, evaluation: evaluation)
            made.set(k, LayerBucket(signature: signature, layout: builder.layout(compiled, features: selected, evaluation: evaluation)))
        }
        if missing.count == 1 { layOut(0) } else { DispatchQueue.concurrentPerform(iterations: missing.count, execute: layOut) }
        // layouts cut short by a label limit are not kept (the render fails)
        let keep = labelBudget?.exceeded == nil
        for (k, i) in missing.enumerated() {
            let bucket = made.get(k)
            if keep { buckets?.insert(bucket, tile: keys[i], layer: id) }
            found[i] = bucket
        }
        return found.map { $0! }
    }

    /// The bucket of `compiled` for `key`: the cached one when it was laid out from the same layer
    /// layout, source data and resources, otherwise one laid out now from what `inputs` returns
    /// (the drawable features and the layout's evaluation) and kept.
    private func bucket(_ compiled: CompiledLayer, _ builder: any LayerBuilder.Type, key: BucketTileKey, sourceGeneration: UInt64,
                        inputs: () -> (drawable: [DrawableFeature], evaluation: FeatureEvaluation)) -> LayerBucket {
        let signature = BucketSignature(layoutGeneration: compiled.layoutGeneration, sourceGeneration: sourceGeneration,
                                        resourceGeneration: compiled.layer.type == .symbol ? resourceGeneration : 0)
        let id = compiled.layer.identifier
        if let hit = buckets?.bucket(tile: key, layer: id, signature: signature) { return hit }
        let (drawable, evaluation) = inputs()
        let selected = select(compiled, builder, drawable, evaluation: evaluation)
        let bucket = LayerBucket(signature: signature, layout: builder.layout(compiled, features: selected, evaluation: evaluation))
        if labelBudget?.exceeded == nil { buckets?.insert(bucket, tile: key, layer: id) }
        return bucket
    }

    /// `features` with the feature states a frame draws them in (states change without a new layout).
    private func withStates(_ features: [SelectedFeature], source: String, states: FeatureStates) -> [SelectedFeature] {
        guard states.hasStates(source: source) else { return features }
        return features.map { feature in
            var f = feature
            if let id = f.feature.identifier { f.state = states.state(source: source, id: id) }
            return f
        }
    }

    /// The style's light at the camera's zoom.
    private var extrusionLight: ExtrusionLight { ExtrusionLight(json: light, zoom: camera.zoom, globalState: globalState) }

    // MARK: - Selection

    /// The drawable features a layer of this type draws and its filter passes (evaluated at the
    /// layout's zoom, as MapLibre filters a tile's features at the tile's zoom).
    private func select(_ layer: CompiledLayer, _ builder: any LayerBuilder.Type, _ drawable: [DrawableFeature],
                        evaluation: FeatureEvaluation) -> [SelectedFeature] {
        let filtered = !layer.filter.passesEverything
        let predicate = layer.filter.predicate
        var context = evaluation.base
        var out: [SelectedFeature] = []
        out.reserveCapacity(drawable.count)
        for d in drawable {
            // the type of a vector tile's feature is read from the tile (its geometry is not built)
            guard let type = d.geometry?.type ?? d.feature.geometryType, builder.draws(type) else { continue }
            var selected = SelectedFeature(feature: d.feature, geometry: d.geometry)
            selected.sourceIndex = d.sourceIndex
            if let predicate {
                // the shapes production styles' filters have, answered from the feature's properties and type
                guard predicate.evaluate(d.feature) else { continue }
            } else if filtered {
                evaluation.load(selected, into: &context)
                guard layer.filter.evaluate(context) else { continue }
            }
            out.append(selected)
        }
        return out
    }

    /// What layers evaluate against at this camera: its zoom, and for `within`/`distance` the tile
    /// of zoom `z` under the camera centre.
    private func evaluation(tileZoom z: Int, for layer: CompiledLayer) -> FeatureEvaluation {
        let tile = WebMercator.tile(containing: Position(camera.center.longitude, camera.center.latitude), zoom: z)
        let canonical = TileID(z: tile.z, x: tile.x, y: tile.y)
        var evaluation = FeatureEvaluation(base: EvaluationContext(zoom: camera.zoom, canonical: canonical, isSupportedScript: ScriptSupport.isSupported),
                                           needsGeometry: layer.needsFeatureGeometry, glyphs: glyphs, images: images, pitched: camera.pitch > 0,
                                           light: extrusionLight)
        evaluation.lastIntegerZoom = lastIntegerZoom
        evaluation.labelBudget = labelBudget
        return evaluation
    }

    /// The tiles of zoom `tileZoom` covering the view, in which GeoJSON labels along lines are laid out.
    func labelTiles(tileZoom z: Int, transform t: Transform) -> LabelTiles {
        let xs = t.visibleWorldXRange(), ys = t.visibleWorldYRange()
        let n = pow(2, Double(z))
        func index(_ v: Double) -> Int { clampedInt((v * n).rounded(.down), -(1 << 30), 1 << 30) }
        let columns = index(xs.min)...max(index(xs.min), index(xs.max))
        let rows = max(0, index(ys.min))...max(max(0, index(ys.min)), min((1 << z) - 1, index(ys.max)))
        return LabelTiles(z: z, overscaling: max(1, pow(2, camera.zoom.rounded(.down) - Double(z))), columns: columns, rows: rows,
                          bearing: camera.bearing, lineGranularity: lineLabelGranularity(tileZoom: z))
    }

    /// The grid a tile's lines are split on before their labels' anchors are found: GL JS's for the globe in a style
    /// whose projection draws it (GL JS splits them whenever its projection is the globe's, flat or bent), none
    /// otherwise.
    func lineLabelGranularity(tileZoom z: Int) -> Int {
        glJSRules ? LineLabelAnchors.globeGranularity(tileZoom: z) : 1
    }

    /// The tiles of every source a drawn layer uses, each once (``RenderSource/drawnTiles(camera:transform:)``).
    private func drawnTiles(of drawn: [StyleScene.DrawnLayer], sources: [String: any RenderSource],
                            transform: Transform) -> [UnwrappedTileID] {
        var seen = Set<UnwrappedTileID>(), out: [UnwrappedTileID] = []
        var sourceIDs: [String] = []
        for layer in drawn { if let id = layer.sourceIdentifier, !sourceIDs.contains(id) { sourceIDs.append(id) } }
        for id in sourceIDs {
            guard let source = sources[id] else { continue }
            for tile in source.drawnTiles(camera: camera, transform: transform) where seen.insert(tile).inserted { out.append(tile) }
        }
        return out
    }

    /// The world area of the source tiles MapLibre would draw for this view: the visible area grown
    /// to whole tiles of `tileZoom`, plus the tile buffer (128 of 512 pixels). What lies beyond is not
    /// drawn, as in MapLibre, whose sources only load the tiles covering the view.
    func coveredBounds(tileZoom: Int) -> WorldBounds {
        var frame = RenderScene(width: width, height: height, pixelRatio: pixelRatio, camera: camera)
        frame.globeness = globeness
        frame.rasterReference = rasterReference
        let t = frame.transform
        let xs = t.visibleWorldXRange(), ys = t.visibleWorldYRange()
        let n = pow(2, Double(tileZoom))
        let buffer = 0.25 / n
        return WorldBounds(minX: (xs.min * n).rounded(.down) / n - buffer, minY: (ys.min * n).rounded(.down) / n - buffer,
                           maxX: (xs.max * n).rounded(.up) / n + buffer, maxY: (ys.max * n).rounded(.up) / n + buffer)
    }
}

/// Buckets laid out on several threads, each into its own slot.
private final class LaidOutBuckets: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [LayerBucket?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ bucket: LayerBucket) { lock.withLock { slots[i] = bucket } }
    func get(_ i: Int) -> LayerBucket { lock.withLock { slots[i]! } }
}

/// A scene together with what each of its layers draws.
package struct StyleScene: Sendable {
    /// One drawn layer: its style identifier and the source features behind its scene features.
    package struct DrawnLayer: Sendable {
        package var identifier: String
        package var sourceIdentifier: String?
        /// Indexed like the scene layer's features.
        package var features: [GeoJSONFeature]
        /// Whether the features come from a tiled source (a feature may then appear in several tiles).
        package var isTiled = false
    }

    package var scene: RenderScene
    /// Indexed like `scene.layers`.
    package var layers: [DrawnLayer]
    /// What the style asks for that the renderer does not draw yet (one sentence each).
    package var unsupportedFeatures: [String]
}
