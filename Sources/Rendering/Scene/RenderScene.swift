import GeoJSON
import MapStyle

/// Everything the renderer draws for one snapshot: output size, camera and an ordered list of layers.
///
/// This is the renderer's own plain description of a map; the style module evaluates a style
/// (filters, zoom, data-driven properties) into it. Layers are drawn bottom to top.
public struct RenderScene: Sendable {
    /// Output width in CSS pixels (the image is `width * pixelRatio` device pixels wide).
    public var width: Int
    /// Output height in CSS pixels.
    public var height: Int
    /// Device pixels per CSS pixel (1 = normal, 2 = retina).
    public var pixelRatio: Double
    /// Where the map looks.
    public var camera: MapCamera
    /// Layers, bottom first.
    public var layers: [any SceneLayer]
    /// Whether lon/lat are snapped to MapLibre's vector-tile grid (8192 units per tile at the integer
    /// zoom below the camera's, capped at `tileQuantizationMaxZoom`) before drawing, as MapLibre does for
    /// GeoJSON sources. On by default so pixel output matches MapLibre's.
    public var tileQuantization: Bool = true
    /// The highest tile zoom used for quantization (a GeoJSON source's `maxzoom`, 18 by default).
    public var tileQuantizationMaxZoom: Int = 18

    /// The projection the renderer uses for this scene (screen <-> coordinate conversions, feature queries).
    public var transform: Transform {
        Transform(camera: camera, width: width, height: height, pixelRatio: pixelRatio,
                  quantizeToTileZoom: tileQuantization ? tileQuantizationMaxZoom : nil)
    }

    /// Creates a scene.
    public init(width: Int, height: Int, pixelRatio: Double = 1, camera: MapCamera, layers: [any SceneLayer] = []) {
        self.width = width
        self.height = height
        self.pixelRatio = pixelRatio
        self.camera = camera
        self.layers = layers
    }
}
