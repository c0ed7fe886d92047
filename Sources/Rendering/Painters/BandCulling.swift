import Geo

extension WorldBounds {
    /// The bounds of every point of `parts` (Web Mercator fractions); an empty box (`minX > maxX`)
    /// when there is none.
    static func enclosing(_ parts: [[Point]]) -> WorldBounds {
        var b = WorldBounds(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for part in parts {
            for p in part {
                b.minX = min(b.minX, p.x); b.maxX = max(b.maxX, p.x)
                b.minY = min(b.minY, p.y); b.maxY = max(b.maxY, p.y)
            }
        }
        return b
    }
}

extension PaintContext {
    /// Whether something within world `bounds` (Web Mercator fractions), drawn on world copy `copy` and
    /// reaching `margin` device pixels past them, may touch this context's rows: false only when it
    /// surely cannot, so a band skips projecting, tessellating and scanning what lies in another band.
    ///
    /// Flat views only (the plane is the screen shifted and turned by the bearing: the box's corners
    /// bound its pixels); pitched and globe views always answer true, as do bounds that are not finite.
    @inline(__always)
    func mayTouchRows(_ bounds: WorldBounds, copy: Int, margin: Double) -> Bool {
        guard transform.globe == nil, !transform.isPitched else { return true }
        guard bounds.minY.isFinite, bounds.maxY.isFinite, bounds.minX.isFinite, bounds.maxX.isFinite,
              margin.isFinite else { return true }
        let t = transform
        @inline(__always) func row(_ x: Double, _ y: Double) -> Double {
            t.screen(plane: t.plane(worldFraction: Point(x: x, y: y), copy: copy)).y
        }
        let a = row(bounds.minX, bounds.minY), b = row(bounds.maxX, bounds.minY)
        let c = row(bounds.minX, bounds.maxY), d = row(bounds.maxX, bounds.maxY)
        // (three, then the fourth: `min` and `max` of four take an array, one allocation each)
        let lo = min(min(a, b, c), d), hi = max(max(a, b, c), d)
        // two pixels beyond the margin: tile-grid snapping moves points by a fraction of a pixel
        let reach = margin + 2
        return hi + reach >= Double(clip.y0) && lo - reach <= Double(clip.y1)
    }
}

extension PaintContext {
    /// Whether a feature within world `bounds` shows nothing in this context on the globe: the cap holding its
    /// bounds (kept in its split cache) is wholly behind the horizon, or projects off the clip widened by
    /// `margin` device pixels (and a pixel more). The feature's parts are then neither looked up nor projected.
    ///
    /// Only on the sphere (a blend with Mercator places points off the sphere) and for features drawn where their
    /// points are (no translate). A polygon whose cap misses the clip cannot enclose the clip's part of the globe
    /// either, nor one hidden by the horizon the point facing the camera: its rings lie in its cap.
    func globeSkips(_ bounds: WorldBounds, cache: GlobeSplitCache, globe g: GlobeView, margin: Double) -> Bool {
        guard g.isSphere, bounds.minX <= bounds.maxX else { return false }
        let cap = cache.cap(of: bounds)
        if g.camera.hides(cap) { return true }
        let m = margin + 1
        return g.camera.screenMisses(cap, left: Double(clip.x0) - m, top: Double(clip.y0) - m,
                                     right: Double(clip.x1) + m, bottom: Double(clip.y1) + m)
    }
}
