import Foundation
import Geo

extension PaintContext {
    /// Draws colour relief as GL JS's color-relief shader: the DEM (with its backfilled border) sampled
    /// bilinearly or at the nearest texel where each pixel's centre falls, its elevation looked up in
    /// the ramp, the colour scaled by the opacity and blended over the canvas.
    mutating func paintColorRelief(_ layer: ColorReliefLayer) {
        let opacity = Float(max(0, min(1, layer.opacity)))
        guard opacity > 0 else { return }
        let t = transform
        let align = t.rasterAlignment()
        let w = canvasWidth, px = pixels
        let ramp = layer.ramp, linear = layer.linearResampling
        for piece in layer.pieces {
            let clipRect = piece.clip
            let tile = piece.tile, dim = piece.dem.dim, stride = dim + 2
            piece.dem.elevations.withUnsafeBufferPointer { e in
                // texel (i, j) of the tile, -1...dim (the border), clamped as GL's CLAMP_TO_EDGE
                @inline(__always) func texel(_ i: Int, _ j: Int) -> Double {
                    e[(max(-1, min(dim, j)) + 1) * stride + max(-1, min(dim, i)) + 1]
                }
                /// Colours pixel (x, y) showing world point `wf`.
                func colorPixel(_ x: Int, _ y: Int, _ wf: Point) {
                    let u = (wf.x - align.x - tile.minX) / (tile.maxX - tile.minX) * Double(dim)
                    let v = (wf.y - align.y - tile.minY) / (tile.maxY - tile.minY) * Double(dim)
                    let elevation: Double
                    if linear {
                        let tx = u - 0.5, ty = v - 0.5
                        let fx = tx.rounded(.down), fy = ty.rounded(.down)
                        let i = Int(fx), j = Int(fy)
                        let ax = tx - fx, ay = ty - fy
                        let top = texel(i, j) * (1 - ax) + texel(i + 1, j) * ax
                        let bottom = texel(i, j + 1) * (1 - ax) + texel(i + 1, j + 1) * ax
                        elevation = top * (1 - ay) + bottom * ay
                    } else {
                        elevation = texel(Int(u.rounded(.down)), Int(v.rounded(.down)))
                }
                let color = ramp.color(at: elevation).scaled(opacity)
                if color.a <= 0 && color.r <= 0 && color.g <= 0 && color.b <= 0 { return }
                Canvas.blendPixel(px, offset: 4 * (y * w + x), color: color, alpha: 1)
                }
                forEachPixel(ofTile: clipRect, colorPixel)
            }
        }
    }
}
