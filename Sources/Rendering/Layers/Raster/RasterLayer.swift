import Foundation

/// A `raster` layer in a scene: images placed on the map (a raster source's tiles, or an image
/// source's picture over its four corners), with MapLibre's raster colour adjustments.
package struct RasterLayer: Sendable {
    /// One image and where it lies.
    package struct Piece: Sendable {
        package var image: RasterImage
        /// Corners in world units (0...1 spans the Mercator square; x shifted by the world copy):
        /// top left, top right, bottom right, bottom left.
        package var corners: [Point]
        /// For a tile: the tile (the image shows only inside it, as MapLibre clips tiles).
        var tileClip: TileClip?

        /// A source tile's image, filling `tile`, shown inside `clip` (the tile, or the part of a
        /// parent tile standing in for a missing child).
        package init(image: RasterImage, tile: TileClip, clip: TileClip) {
            self.image = image
            corners = tile.corners
            tileClip = clip
        }

        /// An image over four corners (world units: top left, top right, bottom right, bottom left).
        package init(image: RasterImage, corners: [Point]) {
            self.image = image
            self.corners = corners
        }
    }

    package var pieces: [Piece]
    package var opacity: Double = 1
    /// `raster-hue-rotate` in degrees.
    package var hueRotate: Double = 0
    package var brightnessMin: Double = 0
    package var brightnessMax: Double = 1
    package var saturation: Double = 0
    package var contrast: Double = 0
    /// `raster-resampling`: bilinear (`linear`) or nearest texel.
    package var linearResampling = true

    package init(pieces: [Piece]) { self.pieces = pieces }
}

extension RasterLayer: SceneLayer {
    package var featureCount: Int { 0 }
    package func validate(layerIndex: Int) throws(RenderError) {}
    package func paint(in context: inout PaintContext) { context.paintRaster(self) }
    package func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int] { [] }
}

/// MapLibre's raster shader uniforms from the layer's paint values.
struct RasterAdjustments {
    let spin: (Float, Float, Float)
    let saturationFactor: Float
    let contrastFactor: Float
    let brightnessLow: Float
    let brightnessHigh: Float
    let opacity: Float

    init(_ layer: RasterLayer) {
        let angle = layer.hueRotate * .pi / 180
        let s = sin(angle), c = cos(angle)
        spin = (Float((2 * c + 1) / 3), Float((-3.0.squareRoot() * s - c + 1) / 3), Float((3.0.squareRoot() * s - c + 1) / 3))
        let sat = layer.saturation
        saturationFactor = Float(sat > 0 ? 1 - 1 / (1.001 - sat) : -sat)
        let con = layer.contrast
        contrastFactor = Float(con > 0 ? 1 / (1 - con) : 1 + con)
        brightnessLow = Float(layer.brightnessMin)
        brightnessHigh = Float(layer.brightnessMax)
        opacity = Float(max(0, min(1, layer.opacity)))
    }

    /// Whether the shader leaves colours as they are (only opacity applies).
    var isIdentity: Bool {
        spin == (1, 0, 0) && saturationFactor == 0 && contrastFactor == 1 && brightnessLow == 0 && brightnessHigh == 1
    }

    /// The raster fragment shader: un-premultiply, spin, saturation, contrast, brightness, premultiply.
    @inline(__always)
    func apply(_ texel: PremultipliedColor) -> PremultipliedColor {
        let a = texel.a * opacity
        if a <= 0 { return PremultipliedColor(r: 0, g: 0, b: 0, a: 0) }
        var r = texel.r, g = texel.g, b = texel.b
        if texel.a > 0 { r /= texel.a; g /= texel.a; b /= texel.a }
        let average = (r + g + b) / 3
        var sr = r * spin.0 + g * spin.1 + b * spin.2
        var sg = r * spin.2 + g * spin.0 + b * spin.1
        var sb = r * spin.1 + g * spin.2 + b * spin.0
        sr += (average - sr) * saturationFactor
        sg += (average - sg) * saturationFactor
        sb += (average - sb) * saturationFactor
        sr = (sr - 0.5) * contrastFactor + 0.5
        sg = (sg - 0.5) * contrastFactor + 0.5
        sb = (sb - 0.5) * contrastFactor + 0.5
        let span = brightnessHigh - brightnessLow
        func out(_ v: Float) -> Float { max(0, min(1, (brightnessLow + span * v) * a)) }
        return PremultipliedColor(r: out(sr), g: out(sg), b: out(sb), a: min(1, a))
    }
}
