extension SymbolPlacement {
    /// The collision box (CSS pixels) of a symbol pitched with the map as MapLibre GL JS finds it
    /// (`CollisionIndex._projectCollisionBox`), where MapLibre Native scales the screen box by the perspective ratio: the
    /// box laid in the map plane around the anchor's world point `world` (Web Mercator fractions, world copy included)
    /// at GL JS's pitched-text correction and perspective ratio, along the map's axes (`rotateWithMap`) or the view's,
    /// its corners and side midpoints projected to the screen (on the globe, onto the sphere) and their bounding box,
    /// moved by `shift` (CSS pixels). `hidden` when all eight points lie behind the horizon; nil when one is behind
    /// the camera.
    static func mapPlaneBox(_ b: (x0: Double, y0: Double, x1: Double, y1: Double), world: Point, rotateWithMap: Bool,
                            shift: Point, _ t: Transform) -> (box: CollisionGrid.Box, hidden: Bool)? {
        let onGlobe = t.globe != nil
        let anchor = onGlobe ? t.flatPlane(worldFraction: world) : t.plane(worldFraction: world)
        let perspective = max(0, min(4, 0.5 + 0.5 * t.depthRatio(worldFraction: world)))
        let scale = t.pixelRatio * t.pitchedTextCorrection(worldY: world.y) * perspective
        let xm = (b.x0 + b.x1) / 2, ym = (b.y0 + b.y1) / 2
        let offsets = [(b.x0, b.y0), (xm, b.y0), (b.x1, b.y0), (b.x1, ym), (b.x1, b.y1), (xm, b.y1), (b.x0, b.y1), (b.x0, ym)]
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var anyVisible = !onGlobe
        for (x, y) in offsets {
            let r = Point(x: x * scale, y: y * scale)
            let p = anchor + (rotateWithMap ? t.rotate(r) : QuadProjection.viewportAligned(r, t))
            let s: Point
            if onGlobe {
                s = t.screen(flatPlane: p)
                if !t.isHiddenOnGlobe(worldFraction: t.flatWorldFraction(plane: p)) { anyVisible = true }
            } else {
                guard t.w(plane: p) > 0 else { return nil }
                s = t.screen(plane: p)
            }
            guard s.x.isFinite, s.y.isFinite else { return nil }
            let q = Point(x: s.x / t.pixelRatio + shift.x, y: s.y / t.pixelRatio + shift.y)
            minX = min(minX, q.x); minY = min(minY, q.y); maxX = max(maxX, q.x); maxY = max(maxY, q.y)
        }
        return ((minX, minY, maxX, maxY), !anyVisible)
    }
}
