import Geo
import GeoJSON
import MapStyle

/// Everything the renderer draws for one snapshot: output size, camera and an ordered list of layers.
///
/// This is the renderer's own plain description of a map; the style module evaluates a style
/// (filters, zoom, data-driven properties) into it. Layers are drawn bottom to top.
package struct RenderScene: Sendable {
    /// Output width in CSS pixels (the image is `width * pixelRatio` device pixels wide).
    package var width: Int
    /// Output height in CSS pixels.
    package var height: Int
    /// Device pixels per CSS pixel (1 = normal, 2 = retina).
    package var pixelRatio: Double
    /// Where the map looks.
    package var camera: MapCamera
    /// Layers, bottom first.
    package var layers: [any SceneLayer]
    /// Whether lon/lat are snapped to MapLibre's vector-tile grid (8192 units per tile at the integer
    /// zoom below the camera's, capped at `tileQuantizationMaxZoom`) before drawing, as MapLibre does for
    /// GeoJSON sources. On by default so pixel output matches MapLibre's.
    package var tileQuantization: Bool = true
    /// The highest tile zoom used for quantization (a GeoJSON source's `maxzoom`, 18 by default).
    package var tileQuantizationMaxZoom: Int = 18

    /// How heights are projected (MapLibre Native's `ProjectionMode`; `MapOptions.projectionMode`).
    package var projectionMode = ProjectionMode()

    /// How far the view is bent onto the globe: 0 is Web Mercator (the default), 1 GL JS's globe
    /// (vertical perspective), between them GL JS's blend (``Transform/globeness``).
    package var globeness = 0.0
    /// Whose rasterizer the pixels match (``Transform/rasterReference``).
    package var rasterReference = RasterReference.mapLibreNative
    /// Whether rules that MapLibre GL JS 5 and MapLibre Native draw differently follow GL JS (``Transform/glJSRules``).
    package var glJSRules = false

    /// The projection the renderer uses for this scene (screen <-> coordinate conversions, feature queries).
    package var transform: Transform {
        var t = Transform(camera: camera, width: width, height: height, pixelRatio: pixelRatio,
                          quantizeToTileZoom: tileQuantization ? tileQuantizationMaxZoom : nil)
        t.projectionMode = projectionMode
        t.rasterReference = rasterReference
        t.glJSRules = glJSRules
        if globeness > 0 { t.globeness = globeness }
        return t
    }

    /// Creates a scene.
    package init(width: Int, height: Int, pixelRatio: Double = 1, camera: MapCamera, layers: [any SceneLayer] = []) {
        self.width = width
        self.height = height
        self.pixelRatio = pixelRatio
        self.camera = camera
        self.layers = layers
    }
}
