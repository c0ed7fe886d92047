import Foundation
import Geo
import MapStyle
import Rendering
import Tiling

extension Map {
    /// Whether the globe drawn with `transform` stands on the style's terrain: a globe projection drawing the sphere
    /// (globeness 1) with a `terrain`. GL JS then drapes the 2D layers through its render-to-texture tiles, also with
    /// exaggeration 0 or where the DEM is at 0 m (edges and the limb land a fraction of a pixel from where the globe
    /// without terrain draws them).
    func drawsGlobeTerrain(transform: Transform) -> Bool {
        transform.globeness >= 1 && TerrainSetting(style) != nil
    }

    /// The standing layer types the globe's terrain does not raise (``StandingTerrain/raisesLabelsAndHeatmaps``).
    static let globeTerrainUnraisedTypes: Set<LayerType> = [.symbol, .heatmap]

    /// Renders the globe over its terrain (docs/3d.md, "Terrain on the globe"), or nil without one
    /// (``drawsGlobeTerrain(transform:)``): the terrain tiles covering the globe, each tile's draped layers
    /// painted flat into a tile image (GL JS's render-to-texture tiles, projection-free: the flat terrain's images,
    /// kept in ``DrapedTileCache``), then each tile's globe mesh raised along the sphere's normal by the exaggerated
    /// elevation and drawn with a depth buffer (``GlobeTerrainRenderer``), then the other layers, the sky and the
    /// atmosphere drawn by the globe: circles and extrusions raised onto the ground (``StandingTerrain``), labels and
    /// heatmaps as without terrain (at 0 m: reported in `unsupportedFeatures` when there are any and the ground is
    /// raised).
    func globeTerrainSnapshot() throws -> MapSnapshot? {
        guard let setting = TerrainSetting(style) else { return nil }
        let camera = self.camera, size = self.size
        var frame = RenderScene(width: size.width, height: size.height, pixelRatio: size.pixelRatio, camera: camera)
        frame.globeness = globeness(atZoom: camera.zoom)
        frame.rasterReference = rasterReference
        let transform = frame.transform
        guard drawsGlobeTerrain(transform: transform),
              let made = terrainView(setting, transform: transform, pixelRatio: size.pixelRatio) else { return nil }
        let states = featureStates
        var errors = made.errors
        var unsupported: [String] = []

        // the terrain tiles of the mesh's zoom over the globe (with the DEM tiles they read, one zoom shallower)
        let zoom = made.meshZoom
        let demZoom = max(0, min(zoom - 1, made.view.elevation.maximumZoom))
        let elevation = terrainView(setting, transform: transform, pixelRatio: size.pixelRatio, demZooms: [demZoom])?.view.elevation
            ?? made.view.elevation
        let ids = GlobeTerrainRenderer.tiles(transform: transform, zoom: zoom, elevation: elevation)

        // each tile's draped layers, seen from straight above (flat: the image is projection-free)
        let frameTiles = try drapedFrame(ids, states: states) { id in
            let tileSide = 512 * pow(2, camera.zoom - Double(id.canonical.z))
            return (max(256, min(Self.maximumDrapedSide, Int(tileSide.rounded(.up)))), size.pixelRatio, nil)
        }
        let draped = frameTiles.tiles
        errors += frameTiles.errors
        unsupported += frameTiles.unsupportedFeatures

        // the raised meshes, nearest first by the depth buffer
        var canvas = try Renderer.render(frame)
        var depth = [Float](repeating: 0, count: canvas.width * canvas.height)
        GlobeTerrainRenderer.draw(draped, transform: transform, elevation: elevation, into: &canvas, depth: &depth)

        // the standing layers, the sky and the atmosphere, drawn by the globe as without terrain
        let inputs = try sceneInputs(camera: camera, size: size)
        errors += inputs.3
        let standing = inputs.1.filter { !drapedLayerTypes.contains($0.layer.type) }
        var builder = inputs.0
        builder.lastIntegerZoom = camera.zoom.rounded(.down)
        // circles and extrusions raised onto the ground along the sphere's normal, circles faded behind it
        builder.standingTerrain = StandingTerrain(globe: transform, elevation: elevation, meshZoom: zoom, depth: depth,
                                                  width: canvas.width, height: canvas.height)
        var built = try builder.styleScene(layers: standing, sources: inputs.2, states: states)
        built.scene.projectionMode = options.projectionMode
        built.scene.globeness = builder.globeness
        built.scene.rasterReference = builder.rasterReference
        TerrainHeatmaps.prepare(&built.scene.layers)
        unsupported += built.unsupportedFeatures
        if setting.exaggeration > 0, elevation.range != 0...0,
           standing.contains(where: { $0.isVisible && Self.globeTerrainUnraisedTypes.contains($0.layer.type) }) {
            unsupported.append("terrain on the globe: labels and heatmaps stand at 0 m (the ground, circles and extrusions are raised)")
        }
        if !built.scene.layers.isEmpty {
            canvas.composite(try Renderer.render(built.scene))
        }
        return terrainFrameSnapshot(canvas, frame: frame, errors: errors, unsupported: unsupported)
    }
}
