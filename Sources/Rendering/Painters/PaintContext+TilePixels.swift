import Geo

extension PaintContext {
    /// Calls `body` with each device pixel (in this context's clip) that shows the tile `rect` (world fractions) and
    /// the world point there: on the globe the pixels of the tile's mesh as GL JS draws it (points clamped into the
    /// tile, so the pole caps read the edge texels), on the flat map the pixels whose centre's ground lies in it.
    /// What raster-like layers (hillshade, colour relief) draw their textures through.
    func forEachPixel(ofTile rect: TileClip, _ body: (_ x: Int, _ y: Int, _ world: Point) -> Void) {
        if let globe = transform.globe {
            let top = max(rect.minY, 0), bottom = min(rect.maxY, 1) - 1e-12
            rasterizeGlobeMesh(GlobeTileMesh(bounds: rect, granularity: GlobeGranularity.tile), globe: globe) { span in
                for x in span.x0..<span.x1 {
                    var wf = span.world(x)
                    wf.x = min(max(wf.x, rect.minX), rect.maxX - 1e-12)
                    wf.y = min(max(wf.y, top), bottom)
                    body(x, span.y, wf)
                }
            }
            return
        }
        guard let (x0, y0, x1, y1) = pixelBounds(ofWorld: rect.corners) else { return }
        for y in y0..<y1 {
            for x in x0..<x1 {
                guard let q = planeAtPixel(x, y) else { continue }
                let wf = transform.worldFraction(plane: q)
                guard rect.contains(wf) else { continue }
                body(x, y, wf)
            }
        }
    }
}
