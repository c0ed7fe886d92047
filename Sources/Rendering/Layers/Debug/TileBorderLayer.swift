package import Geo
import Tiling

/// The tile-boundaries debug overlay: the outline of every source tile a view draws, in red, as
/// MapLibre Native draws it with `MapDebugOptions::TileBorders` (GL lines four device pixels wide
/// over everything else).
package struct TileBorderLayer: Sendable {
    /// The tiles outlined (a tile drawn by several sources is outlined once).
    package var tiles: [UnwrappedTileID]

    /// Creates the overlay for `tiles`.
    package init(tiles: [UnwrappedTileID]) {
        self.tiles = tiles
    }
}

extension TileBorderLayer: SceneLayer {
    package var featureCount: Int { 0 }
    package func validate(layerIndex: Int) throws(RenderError) {}
    package func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int] { [] }

    package func paint(in context: inout PaintContext) {
        let t = context.transform
        let width = 4 * t.pixelRatio
        for tile in tiles {
            let n = Double(1 << tile.canonical.z)
            let x0 = Double(tile.canonical.x) / n + Double(tile.wrap), y0 = Double(tile.canonical.y) / n
            let corners = [Point(x: x0, y: y0), Point(x: x0 + 1 / n, y: y0),
                           Point(x: x0 + 1 / n, y: y0 + 1 / n), Point(x: x0, y: y0 + 1 / n)]
            let plane = corners.map { t.plane(worldFraction: $0) }
            for i in 0..<4 {
                // what lies behind the camera of a pitched view is cut off, as GL clips at the near plane
                guard let (a, b) = Self.inFront(plane[i], plane[(i + 1) % 4], t) else { continue }
                context.paintWideLine(from: t.screen(plane: a), to: t.screen(plane: b), width: width,
                                      color: PremultipliedColor(r: 1, g: 0, b: 0, a: 1))
            }
        }
    }
}

extension TileBorderLayer {
    /// The part of the plane segment `a`–`b` in front of the camera, or nil when none is.
    static func inFront(_ a: Point, _ b: Point, _ t: Transform) -> (Point, Point)? {
        guard t.isPitched else { return (a, b) }
        let limit = 0.99 * t.cameraToCenterDistance / t.sinPitch  // plane y of the camera's foot, nearly
        if a.y >= limit && b.y >= limit { return nil }
        func cut(_ p: Point, toward q: Point) -> Point {
            p.y < limit ? p : p + (q - p) * ((p.y - limit) / (p.y - q.y))
        }
        return (cut(a, toward: b), cut(b, toward: a))
    }
}

extension PaintContext {
    /// A GL wide line without antialiasing (as Mesa's rasterizer draws `glLineWidth` lines): the
    /// parallelogram reaching `width / 2` across the line's major axis, filled at pixel centres.
    func paintWideLine(from a: Point, to b: Point, width: Double, color: PremultipliedColor) {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, a != b else { return }
        let half = width / 2
        let offset = abs(b.x - a.x) >= abs(b.y - a.y) ? Point(x: 0, y: half) : Point(x: half, y: 0)
        let p0 = a - offset, p1 = b - offset, p2 = b + offset, p3 = a + offset
        let w = canvasWidth, pixels = self.pixels
        let paintRun = { (y: Int, x0: Int, x1: Int) in
            for x in x0..<x1 { Canvas.blendPixel(pixels, offset: 4 * (y * w + x), color: color, alpha: 1) }
        }
        PixelCenterScanner.scanTriangle(p0, p1, p2, clip: clip, paintRun)
        PixelCenterScanner.scanTriangle(p0, p2, p3, clip: clip, paintRun)
    }
}
