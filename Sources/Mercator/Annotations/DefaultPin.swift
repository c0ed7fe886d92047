import Foundation
import MapStyle

/// The default point annotation image, drawn in code: a red map pin with a white dot, its tip at the
/// bottom centre (MapLibre Native's `default_marker` look), 24x36 points at pixel ratio 2.
enum DefaultPin {
    /// The style image name the annotation layer uses.
    static let imageName = "org.maplibre.annotations.default-pin"
    /// Size in points.
    static let width = 24, height = 36
    static let pixelRatio = 2

    /// The pin bitmap (built once).
    static let image: StyleImageData = {
        let w = width * pixelRatio, h = height * pixelRatio
        var pixels = [UInt8](repeating: 0, count: 4 * w * h)
        let s = Double(pixelRatio)
        // Head: a circle of radius 11 pt centred 12 pt from the top; body: the tangents from the
        // circle down to the tip at the bottom centre.
        let cx = 12.0, cy = 12.0, r = 11.0, tipY = 35.5
        let outline = 1.0
        func inside(_ x: Double, _ y: Double, grow: Double) -> Bool {
            let dx = x - cx, dy = y - cy
            if dx * dx + dy * dy <= (r + grow) * (r + grow) { return true }
            guard y >= cy, y <= tipY + grow else { return false }
            // The cone's half-width shrinks linearly from the tangent points to the tip.
            let d = tipY - cy
            let tangentY = cy + r * r / d
            let halfAtTangent = r * (d * d - r * r).squareRoot() / d
            guard y >= tangentY else { return false }
            let half = halfAtTangent * (tipY - y) / (tipY - tangentY) + grow
            return abs(dx) <= half
        }
        for py in 0..<h {
            for px in 0..<w {
                // 4x4 supersampling for smooth edges.
                var body = 0, edge = 0, dot = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let x = (Double(px) + (Double(sx) + 0.5) / 4) / s, y = (Double(py) + (Double(sy) + 0.5) / 4) / s
                        if inside(x, y, grow: 0) {
                            let dx = x - cx, dy = y - cy
                            if dx * dx + dy * dy <= 16 { dot += 1 }
                            if inside(x, y, grow: -outline) { body += 1 } else { edge += 1 }
                        }
                    }
                }
                let total = body + edge
                guard total > 0 else { continue }
                // Colours: body #E1423C, outline #A32A25, dot white.
                var rr = (Double(body - min(body, dot)) * 225 + Double(edge) * 163 + Double(min(body, dot)) * 255)
                var gg = (Double(body - min(body, dot)) * 66 + Double(edge) * 42 + Double(min(body, dot)) * 255)
                var bb = (Double(body - min(body, dot)) * 60 + Double(edge) * 37 + Double(min(body, dot)) * 255)
                rr /= Double(total); gg /= Double(total); bb /= Double(total)
                let i = 4 * (py * w + px)
                pixels[i] = UInt8(rr.rounded())
                pixels[i + 1] = UInt8(gg.rounded())
                pixels[i + 2] = UInt8(bb.rounded())
                pixels[i + 3] = UInt8((Double(total) / 16 * 255).rounded())
            }
        }
        return try! StyleImageData(width: w, height: h, pixels: pixels, pixelRatio: Double(pixelRatio))
    }()
}
