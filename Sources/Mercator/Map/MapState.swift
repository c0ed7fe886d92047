import Geo
import MapStyle
import Rendering

/// A map's mutable state, all of it: what `Map` guards with its one lock.
///
/// What the map loads (sources, glyphs, font faces, sprites, images) is not here: the engine keeps it
/// (``MapSources``, ``MapResources``), each loaded once per definition behind a lock of its own.
struct MapState: Sendable {
    /// Where the map looks.
    var camera: MapCamera
    /// The view's size in points, and its pixel ratio.
    var size: MapSize
    /// Native's map options as last set (`crossSourceCollisions` is read from `settings`).
    var options: MapOptions
    /// The SDK settings (`usesPre4CollisionBehavior`, `ideographicFontFallback`).
    var settings = Settings()
    /// Debug overlays drawn over the map's content.
    var debugOptions: MapDebugOptions = []
    /// The feature states set so far (what the next frame draws with).
    var featureStates = FeatureStates()
    /// The zooms of the frames drawn so far (MapLibre's zoom history).
    var zoomHistory = ZoomHistory()
    /// Whether `text-max-width` breaks Thai, Lao, Khmer and Myanmar labels at dictionary word boundaries.
    var dictionaryLineBreaks = true
    /// Whose rasterizer the pixels match (MapLibre Native's unless a GL JS comparison asks for SwiftShader's).
    var rasterReference = RasterReference.mapLibreNative
    /// Whether the camera was moved since the map was made: GL JS keeps a camera above the terrain when it moves
    /// (`_elevateCameraIfInsideTerrain` runs on `jumpTo`, `easeTo`, `flyTo` and gestures), not the camera it starts with.
    var cameraMoved = false
    /// The render session (the reused canvas), lent out while a snapshot paints.
    var session = RenderSession()
    /// How many bands a snapshot is painted in (nil: one per core, ``Renderer``'s rule).
    var bandCount: Int?

    /// The state of a map at `camera` and `size` with `options` (their `crossSourceCollisions` in the settings).
    init(camera: MapCamera, size: MapSize, options: MapOptions) {
        self.camera = camera
        self.size = size
        self.options = options
        settings.usesPre4CollisionBehavior = !options.crossSourceCollisions
    }
}
