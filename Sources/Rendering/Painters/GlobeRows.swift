import Foundation
import Geo

/// The world position under every pixel centre of a paint context's clip on the globe, worked out a
/// row at a time as painters ask for it and kept for the render (backgrounds, rasters, hillshades and
/// tile clips all read it): NaN where the pixel shows no globe.
///
/// A pure globe inverts each pixel exactly (a ray against the unit sphere). A blend with Mercator has
/// no closed-form inverse: every fourth pixel is solved by Newton's method and the pixels between are
/// interpolated when both ends are on the globe (the blend is smooth at that scale).
final class GlobeRows {
    let globe: GlobeView
    let clip: PixelClip
    private let width: Int
    private let rows: Int
    private let storage: UnsafeMutablePointer<Double>
    private var done: [Bool]

    init(globe: GlobeView, clip: PixelClip) {
        self.globe = globe
        self.clip = clip
        width = max(0, clip.x1 - clip.x0)
        rows = max(0, clip.y1 - clip.y0)
        storage = .allocate(capacity: max(1, 2 * width * rows))
        done = Array(repeating: false, count: rows)
    }

    deinit { storage.deallocate() }

    /// The world positions of row `y` (x then y per pixel of the clip, from `clip.x0`), or nil outside the clip.
    func row(_ y: Int) -> UnsafeMutablePointer<Double>? {
        let r = y - clip.y0
        guard r >= 0, r < rows, width > 0 else { return nil }
        let base = storage + 2 * width * r
        if !done[r] {
            fill(base, y: y)
            done[r] = true
        }
        return base
    }

    /// The world position under pixel (x, y), nil off the globe or outside the clip.
    @inline(__always)
    func world(_ x: Int, _ y: Int) -> Point? {
        guard x >= clip.x0, x < clip.x1, let row = row(y) else { return nil }
        let i = 2 * (x - clip.x0)
        let p = Point(x: row[i], y: row[i + 1])
        return p.x.isNaN ? nil : p
    }

    private func fill(_ out: UnsafeMutablePointer<Double>, y: Int) {
        let cy = Double(y) + 0.5
        if globe.isSphere {
            for i in 0..<width {
                let p = globe.world(screenX: Double(clip.x0 + i) + 0.5, y: cy)
                out[2 * i] = p?.x ?? .nan
                out[2 * i + 1] = p?.y ?? .nan
            }
            return
        }
        let step = 4
        var last = -1
        var lastPoint: Point?
        var i = 0
        while true {
            let p = globe.world(screenX: Double(clip.x0 + i) + 0.5, y: cy)
            out[2 * i] = p?.x ?? .nan
            out[2 * i + 1] = p?.y ?? .nan
            if last >= 0, i - last > 1 {
                for k in (last + 1)..<i {
                    if let p, let q = lastPoint {
                        let f = Double(k - last) / Double(i - last)
                        out[2 * k] = q.x + (p.x - q.x) * f
                        out[2 * k + 1] = q.y + (p.y - q.y) * f
                    } else {
                        let e = globe.world(screenX: Double(clip.x0 + k) + 0.5, y: cy)
                        out[2 * k] = e?.x ?? .nan
                        out[2 * k + 1] = e?.y ?? .nan
                    }
                }
            }
            last = i
            lastPoint = p
            if i == width - 1 { break }
            i = min(width - 1, i + step)
        }
    }
}
