import CMercatorMath
import Foundation
import Geo
import MapStyle

extension PaintContext {
    /// Draws hillshading as MapLibre's hillshade shader: the slope texture sampled bilinearly (or at the
    /// nearest texel with `resampling: nearest`), its
    /// slope and aspect lit from the azimuth, shadow and highlight mixed by facing, accent by steepness.
    mutating func paintHillshade(_ layer: HillshadeLayer) {
        let t = transform
        let align = t.rasterAlignment()
        let w = canvasWidth, px = pixels
        let intensity = layer.exaggeration
        let azimuth = layer.azimuth + .pi
        let base = 1.875 - intensity * 1.75
        let maxValue = 0.5 * Double.pi
        // the exaggeration curve's denominator, the same for every pixel
        let curveRange = pow(base, maxValue) - 1
        let strength = Float(max(0, min(1, intensity * 2)))
        let method = layer.lights.isEmpty ? .standard : layer.method
        let linear = layer.linearResampling
        for piece in layer.pieces {
            let clipRect = piece.clip
            let tile = piece.tile, dim = piece.dim
            // the texture's slope range, the standard z-factor and the other methods' factor to GL JS's slope
            let glJS = piece.texture == .glJS
            let range = glJS ? 4.0 : 1.0, zFactor = glJS ? 0.625 : 1.25, methodScale = glJS ? 1 : piece.methodSlopeScale
            piece.slopes.withUnsafeBufferPointer { slopes in
                /// The texture's (x, y) at texel column `i`, row `j`, clamped to the edge.
                @inline(__always) func texel(_ i: Int, _ j: Int) -> (Double, Double) {
                    let o = 2 * (max(0, min(dim - 1, j)) * dim + max(0, min(dim - 1, i)))
                    return (Double(slopes[o]), Double(slopes[o + 1]))
                }
                // the latitude's scale factor, computed again only when the latitude changes (not along a row of an
                // unrotated, unpitched view: a draped terrain tile's image)
                var lastLatitude = Double.nan, lastScaleFactor = 1.0
                /// Shades pixel (x, y) showing world point `wf`.
                func shadePixel(_ x: Int, _ y: Int, _ wf: Point) {
                    let u = (wf.x - align.x - tile.minX) / (tile.maxX - tile.minX)
                    let v = (wf.y - align.y - tile.minY) / (tile.maxY - tile.minY)
                    let dx: Double, dy: Double
                    if linear {
                        let tx = u * Double(dim) - 0.5, ty = v * Double(dim) - 0.5
                        let i = Int(tx.rounded(.down)), j = Int(ty.rounded(.down))
                        let ax = tx - Double(i), ay = ty - Double(j)
                        let t00 = texel(i, j), t10 = texel(i + 1, j), t01 = texel(i, j + 1), t11 = texel(i + 1, j + 1)
                        let top = (t00.0 * (1 - ax) + t10.0 * ax, t00.1 * (1 - ax) + t10.1 * ax)
                        let bottom = (t01.0 * (1 - ax) + t11.0 * ax, t01.1 * (1 - ax) + t11.1 * ax)
                        dx = ((top.0 * (1 - ay) + bottom.0 * ay) * 2 - 1) * range
                        dy = ((top.1 * (1 - ay) + bottom.1 * ay) * 2 - 1) * range
                    } else {
                        // GL's nearest filter: the texel the sample point falls in
                        let t = texel(Int((u * Double(dim)).rounded(.down)), Int((v * Double(dim)).rounded(.down)))
                        dx = (t.0 * 2 - 1) * range
                        dy = (t.1 * 2 - 1) * range
                    }
                    let lat = (piece.latitudes.top - piece.latitudes.bottom) * (1 - v) + piece.latitudes.bottom
                    if lat != lastLatitude {
                        lastLatitude = lat
                        lastScaleFactor = cos(lat * .pi / 180)
                    }
                    let scaleFactor = lastScaleFactor
                    if method != .standard {
                        let k = methodScale / scaleFactor
                        let color = HillshadeShading.color(method, dx: k * dx, dy: k * dy,
                                                           exaggeration: intensity, lights: layer.lights)
                        if color.a <= 0 && color.r <= 0 && color.g <= 0 && color.b <= 0 { return }
                        Canvas.blendPixel(px, offset: 4 * (y * w + x), color: color, alpha: 1)
                        return
                    }
                    let slope = atan(zFactor * (dx * dx + dy * dy).squareRoot() / scaleFactor)
                    let aspect = dx != 0 ? atan2(dy, -dx) : .pi / 2 * (dy > 0 ? 1 : -1)
                    let scaledSlope = intensity != 0.5 ? ((pow(base, slope) - 1) / curveRange) * maxValue : slope
                    // sin and cos at once (the same values)
                    var sine = 0.0, accent = 0.0
                    mercator_sincos(scaledSlope, &sine, &accent)
                    let accentColor = layer.accent.scaled(Float(1 - accent) * strength)
                    var m = ((aspect + azimuth) / .pi + 0.5).truncatingRemainder(dividingBy: 2)
                    if m < 0 { m += 2 }
                    let shade = abs(m - 1)
                    let shadeColor = PremultipliedColor.mix(layer.shadow, layer.highlight, Float(shade)).scaled(Float(sine) * strength)
                    let inv = 1 - shadeColor.a
                    let color = PremultipliedColor(r: accentColor.r * inv + shadeColor.r, g: accentColor.g * inv + shadeColor.g,
                                                   b: accentColor.b * inv + shadeColor.b, a: accentColor.a * inv + shadeColor.a)
                    if color.a <= 0 && color.r <= 0 && color.g <= 0 && color.b <= 0 { return }
                    Canvas.blendPixel(px, offset: 4 * (y * w + x), color: color, alpha: 1)
                }
                forEachPixel(ofTile: clipRect, shadePixel)
            }
        }
    }
}
