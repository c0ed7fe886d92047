import GeoJSON
import MapStyle
import Foundation

/// State shared by the layer painters during one render: projection, canvas and scratch buffers.
public struct PaintContext {
    let transform: Transform
    /// The canvas drawn on.
    public internal(set) var canvas: Canvas
    var scanner = PixelCenterScanner()
    let visibleX: (min: Double, max: Double)
    var screenRing: [Point] = []
    var screenRings: [[Point]] = []
    /// Scratch buffer for line mesh vertex positions.
    var meshPositions: [Point] = []

    init(transform: Transform, reusing old: inout Canvas?) {
        self.transform = transform
        let w = max(1, Int(transform.width.rounded())), h = max(1, Int(transform.height.rounded()))
        if var reused = old.take(), reused.width == w, reused.height == h {
            reused.clear()
            canvas = reused
        } else {
            canvas = Canvas(width: w, height: h)
        }
        visibleX = transform.visibleWorldXRange()
    }

    /// A paint translation (CSS pixels) as a plane vector (device pixels).
    func planeTranslation(_ t: Point, anchor: TranslateAnchor) -> Point {
        let v = Point(x: t.x * transform.pixelRatio, y: t.y * transform.pixelRatio)
        return anchor == .map ? transform.rotate(v) : v
    }

    /// The plane point under the centre of pixel (x, y), or nil above the horizon.
    @inline(__always)
    func planeAtPixel(_ x: Int, _ y: Int) -> Point? {
        transform.plane(screen: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
    }

    /// Longitude bounds of a list of coordinates.
    static func longitudeBounds<S: Sequence>(_ coords: S) -> (Double, Double) where S.Element == LocationCoordinate2D {
        var lo = Double.infinity, hi = -Double.infinity
        for c in coords {
            lo = min(lo, c.longitude)
            hi = max(hi, c.longitude)
        }
        return (lo, hi)
    }
}

/// GLSL `smoothstep`, also for `edge0 > edge1` as GPUs compute it.
@inline(__always)
func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
    let t = max(0, min(1, (x - e0) / (e1 - e0)))
    return t * t * (3 - 2 * t)
}
