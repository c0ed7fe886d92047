import Geo

extension PaintContext {
    /// Draws raster images as MapLibre's raster shader does: every pixel whose centre lies on an
    /// image samples it there (bilinear or nearest, clamped at the edges), adjusts the colour and
    /// blends it over the canvas.
    mutating func paintRaster(_ layer: RasterLayer) {
        let adjust = RasterAdjustments(layer)
        if adjust.opacity <= 0 { return }
        for piece in layer.pieces where piece.corners.count == 4 {
            // a tile carries its world copy; an image source is drawn on every visible copy
            let xs = piece.corners.map(\.x)
            let copies = piece.tileClip != nil ? 0...0
                : (transform.worldCopies(west: xs.min()! * 360 - 180, east: xs.max()! * 360 - 180, visible: visibleX) ?? 0...0)
            for copy in copies {
                var shifted = piece
                if copy != 0 { shifted.corners = piece.corners.map { Point(x: $0.x + Double(copy), y: $0.y) } }
                paintRasterPiece(shifted, adjust: adjust, linear: layer.linearResampling)
            }
        }
    }

    private func paintRasterPiece(_ piece: RasterLayer.Piece, adjust: RasterAdjustments, linear: Bool) {
        let t = transform
        let w = canvasWidth, px = pixels
        let align = t.rasterAlignment()
        guard let mapping = ImageMapping(piece.corners) else { return }
        if let globe = t.globe {
            paintGlobeRasterPiece(piece, mapping: mapping, adjust: adjust, linear: linear, globe: globe)
            return
        }
        // (the bounds reach a pixel past the corners: the alignment moves the image by less)
        guard let (x0, y0, x1, y1) = pixelBounds(ofWorld: piece.tileClip?.corners ?? piece.corners) else { return }
        // under GL JS's reference a tile's texture is read through its mipmaps (``MipmappedTileTexture``);
        // MapLibre Native binds raster textures without mipmaps
        var texture = piece.tileClip != nil && t.rasterReference == .glJSSwiftShader
            ? MipmappedTileTexture(piece.image, pitch: t.camera.pitch) : nil
        let xs = piece.corners.map(\.x), ys = piece.corners.map(\.y)
        let texelsX = Double(piece.image.width) / (xs.max()! - xs.min()!)
        let texelsY = Double(piece.image.height) / (ys.max()! - ys.min()!)
        // an unpitched view maps the screen to the ground affinely: every quad steps alike (but for rounding) and
        // reads the level and filter the first quad picks, unless its steps lie at a level's bound
        var steady = false
        if texture != nil, !t.isPitched, let steps = worldSteps(glQuad(x: x0, y: y0)) {
            texture!.setQuad(steps, texels: (texelsX, texelsY))
            steady = texture!.picksAlike(nearby: 1e-4)
        }
        for y in y0..<y1 {
            var quadX = Int.min
            for x in x0..<x1 {
                guard let q = planeAtPixel(x, y) else { continue }
                let wf = t.worldFraction(plane: q)
                // the image moves to the pixel grid, and its tile with it: MapLibre draws raster tiles
                // without the stencil clip, each its quad under the aligned matrix, so neighbouring
                // tiles meet without a gap or an overlap however the view turns
                let aligned = Point(x: wf.x - align.x, y: wf.y - align.y)
                if let tile = piece.tileClip, !tile.contains(aligned) { continue }
                guard let (u, v) = mapping.textureCoordinates(aligned) else { continue }
                let sample: PremultipliedColor
                if texture != nil {
                    let quad = glQuad(x: x, y: y)
                    if quad.x != quadX, !steady {
                        quadX = quad.x
                        texture!.setQuad(worldSteps(quad), texels: (texelsX, texelsY))
                    }
                    sample = texture!.sample(u: u, v: v, linear: linear)
                } else {
                    sample = piece.image.sample(u: u, v: v, linear: linear)
                }
                let color = adjust.apply(sample)
                if color.a <= 0 && color.r <= 0 && color.g <= 0 && color.b <= 0 { continue }
                Canvas.blendPixel(px, offset: 4 * (y * w + x), color: color, alpha: 1)
            }
        }
    }
}

extension PaintContext {
    /// The world position's steps across a flat view's GL quad (``glQuad(x:y:)``): from its first pixel's centre
    /// to the next along the row and to the one in its other row (GL's derivatives, on the ground's plane also
    /// where the pixel is off the tile); nil when a centre sees no ground.
    @inline(__always)
    func worldSteps(_ quad: (x: Int, y: Int, otherRow: Int)) -> (dx: Point, dy: Point)? {
        guard let p0 = planeAtPixel(quad.x, quad.y), let p1 = planeAtPixel(quad.x + 1, quad.y),
              let p2 = planeAtPixel(quad.x, quad.otherRow) else { return nil }
        let w0 = transform.worldFraction(plane: p0), w1 = transform.worldFraction(plane: p1)
        let w2 = transform.worldFraction(plane: p2)
        return (Point(x: w1.x - w0.x, y: w1.y - w0.y), Point(x: w2.x - w0.x, y: w2.y - w0.y))
    }
}

extension MipmappedTileTexture {
    /// ``setQuad(dx:dy:)`` from the quad's world steps (``PaintContext/worldSteps(_:)``) and the texels per world
    /// unit; a quad reaching past the horizon reads the smallest level.
    @inline(__always)
    mutating func setQuad(_ steps: (dx: Point, dy: Point)?, texels: (Double, Double)) {
        guard let steps else {
            setQuad(dx: (1e9, 0), dy: (0, 1e9))
            return
        }
        setQuad(dx: (steps.dx.x * texels.0, steps.dx.y * texels.1), dy: (steps.dy.x * texels.0, steps.dy.y * texels.1))
    }
}

extension PaintContext {
    /// A raster piece on the globe, as GL JS draws it: its tile's mesh (or, for an image, the mesh of
    /// the world rectangle around its corners), the world position under each pixel interpolated
    /// across the mesh's triangles; the tiles of the world's top and bottom rows reach the poles, their
    /// edge rows of texels stretched over the caps (GL JS's texture coordinates clamped to the edge);
    /// a tile read through its mipmaps where the sphere shrinks it (``RasterMipmaps``); no pixel-grid
    /// alignment (GL JS aligns only flat views).
    private func paintGlobeRasterPiece(_ piece: RasterLayer.Piece, mapping: ImageMapping, adjust: RasterAdjustments,
                                       linear: Bool, globe: GlobeView) {
        let bounds: WorldBounds
        if let tile = piece.tileClip {
            bounds = tile
        } else {
            let xs = piece.corners.map(\.x), ys = piece.corners.map(\.y)
            bounds = WorldBounds(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
        }
        let w = canvasWidth, px = pixels
        let top = max(bounds.minY, 0), bottom = min(bounds.maxY, 1) - 1e-12
        let mesh = GlobeTileMesh(bounds: bounds, granularity: GlobeGranularity.tile, allowPoles: piece.tileClip != nil)
        @inline(__always) func clamped(_ p: Point) -> Point {
            var wf = p
            wf.y = min(max(wf.y, top), bottom)
            if let tile = piece.tileClip { wf.x = min(max(wf.x, tile.minX), tile.maxX - 1e-12) }
            return wf
        }
        // a tile's texture is sampled through its mipmaps (GL JS's LINEAR_MIPMAP_NEAREST); an image
        // source's has none
        var texture = piece.tileClip != nil ? MipmappedTileTexture(piece.image, pitch: transform.camera.pitch) : nil
        let texelsX = Double(piece.image.width) / (bounds.maxX - bounds.minX)
        let texelsY = Double(piece.image.height) / (bounds.maxY - bounds.minY)
        rasterizeGlobeMesh(mesh, globe: globe) { span in
            let row = 4 * span.y * w
            var quadX = Int.min
            for x in span.x0..<span.x1 {
                let wf = clamped(span.world(x))
                guard let (u, v) = piece.tileClip == nil ? mapping.bilinearTextureCoordinates(wf) : mapping.textureCoordinates(wf) else {
                    continue
                }
                let sample: PremultipliedColor
                if texture != nil {
                    let quad = glQuad(x: x, y: span.y)
                    if quad.x != quadX {
                        quadX = quad.x
                        let p0 = clamped(span.world(quad.x, row: quad.y))
                        let alongRow = clamped(span.world(quad.x + 1, row: quad.y))
                        let acrossRows = clamped(span.world(quad.x, row: quad.otherRow))
                        texture!.setQuad(dx: ((alongRow.x - p0.x) * texelsX, (alongRow.y - p0.y) * texelsY),
                                         dy: ((acrossRows.x - p0.x) * texelsX, (acrossRows.y - p0.y) * texelsY))
                    }
                    sample = texture!.sample(u: u, v: v, linear: linear)
                } else {
                    sample = piece.image.sample(u: u, v: v, linear: linear)
                }
                let color = adjust.apply(sample)
                if color.a <= 0 && color.r <= 0 && color.g <= 0 && color.b <= 0 { continue }
                Canvas.blendPixel(px, offset: row + 4 * x, color: color, alpha: 1)
            }
        }
    }
}

/// World position -> texture coordinates of an image drawn as MapLibre draws image sources: two
/// triangles (top left, top right, bottom left) and (top right, bottom left, bottom right), texture
/// coordinates interpolated linearly in world space on each.
struct ImageMapping {
    /// The corners: top left, top right, bottom right, bottom left (held as values: read at every pixel).
    private let tl, tr, br, bl: Point
    /// Whether the quad is an axis-aligned rectangle (tiles, most images): then a plain scale.
    private let isRectangle: Bool

    init?(_ corners: [Point]) {
        guard corners.count == 4, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        (tl, tr, br, bl) = (corners[0], corners[1], corners[2], corners[3])
        isRectangle = tl.y == tr.y && bl.y == br.y && tl.x == bl.x && tr.x == br.x && tr.x != tl.x && bl.y != tl.y
    }

    /// `u`, `v` in 0...1 for a world position on the image, nil off it.
    @inline(__always)
    func textureCoordinates(_ p: Point) -> (Double, Double)? {
        if isRectangle {
            let u = (p.x - tl.x) / (tr.x - tl.x), v = (p.y - tl.y) / (bl.y - tl.y)
            return u >= 0 && u < 1 && v >= 0 && v < 1 ? (u, v) : nil
        }
        // (tl, tr, bl) with texture (0,0), (1,0), (0,1); then (br, bl, tr) with (1,1), (0,1), (1,0).
        if let (l1, l2) = barycentric(p, tl, tr, bl) { return (l1, l2) }
        if let (l1, l2) = barycentric(p, br, bl, tr) { return (1 - l1, 1 - l2) }
        return nil
    }

    /// `u`, `v` in 0...1 for a world position on the image warped bilinearly onto its corners, nil off it: GL JS's
    /// raster shader on the globe, which maps its tile mesh's own position (0...1 across) onto the four corners
    /// (`mix(mix(top left, top right, x), mix(bottom left, bottom right, x), y)`) and reads the texture there, over a
    /// mesh subdivided finely enough that the warp is what shows. (Flat, the mesh is two triangles: the bilinear warp
    /// is seen only at the corners, ``textureCoordinates(_:)``.) The same as that for a parallelogram.
    @inline(__always)
    func bilinearTextureCoordinates(_ p: Point) -> (Double, Double)? {
        if isRectangle { return textureCoordinates(p) }
        // p = tl + e u + f v + g u v: the cross product of both sides with (e + g v) leaves a quadratic in v
        let e = tr - tl, f = bl - tl, g = tl - tr + br - bl, h = p - tl
        let k2 = g.cross(f), k1 = e.cross(f) + h.cross(g), k0 = h.cross(e)
        func u(at v: Double) -> Double? {
            let d = e + g * v
            let length2 = d.x * d.x + d.y * d.y
            guard length2 > 0 else { return nil }
            return ((h.x - f.x * v) * d.x + (h.y - f.y * v) * d.y) / length2
        }
        func inside(_ v: Double) -> (Double, Double)? {
            guard v >= 0, v < 1, let u = u(at: v), u >= 0, u < 1 else { return nil }
            return (u, v)
        }
        if abs(k2) <= 1e-12 * max(abs(k1), 1e-300) {
            // (opposite sides parallel: linear in v)
            return k1 == 0 ? nil : inside(-k0 / k1)
        }
        let discriminant = k1 * k1 - 4 * k0 * k2
        guard discriminant >= 0 else { return nil }
        let root = discriminant.squareRoot()
        return inside((-k1 - root) / (2 * k2)) ?? inside((-k1 + root) / (2 * k2))
    }

    /// Weights of `b` and `c` for `p` in triangle `a b c` (nil outside).
    @inline(__always)
    private func barycentric(_ p: Point, _ a: Point, _ b: Point, _ c: Point) -> (Double, Double)? {
        let d = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)
        guard d != 0 else { return nil }
        let l1 = ((p.x - a.x) * (c.y - a.y) - (c.x - a.x) * (p.y - a.y)) / d
        let l2 = ((b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)) / d
        guard l1 >= 0, l2 >= 0, l1 + l2 <= 1 else { return nil }
        return (l1, l2)
    }
}
