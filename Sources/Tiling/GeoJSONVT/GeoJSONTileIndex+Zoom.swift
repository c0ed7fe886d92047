package import GeoJSON

/// One input feature of a ``GeoJSONTileIndex`` as drawn at one zoom.
package struct ZoomFeature: Sendable {
    /// The feature's position in the features the index was built from.
    package var index: Int
    /// The geometry simplified for the zoom, or `nil` when simplification kept every point (draw
    /// the input geometry as it is).
    package var geometry: Geometry?
}

extension GeoJSONTileIndex {
    /// The input features that reach into `bounds` (all when `nil`), each simplified as the tiles of
    /// zoom `z` simplify it: points Douglas-Peucker drops at that zoom's tolerance are left out, and so
    /// are lines shorter and rings smaller than the tolerance. At `maxZoom` and deeper nothing is
    /// simplified.
    ///
    /// Unlike ``tile(z:x:y:)`` the geometry is not clipped or quantized, so a renderer can draw it
    /// once, without seams or overlaps where tiles meet. Features that keep nothing at this zoom are
    /// left out. In input order.
    package func features(atZoom z: Int, in bounds: WorldBounds? = nil) -> [ZoomFeature] {
        let (tolerance, sqTolerance) = tolerances(atZoom: z)
        var out: [ZoomFeature] = []
        forEachFeature(reaching: bounds) { range in
            if let f = simplified(projected[range], tolerance: tolerance, sqTolerance: sqTolerance) { out.append(f) }
        }
        return out
    }

    /// The simplification tolerance of zoom `z` (world fractions) and its square: none at `maxZoom` and deeper.
    private func tolerances(atZoom z: Int) -> (Double, Double) {
        let tolerance = z >= options.maxZoom ? 0 : options.tolerance / (Double(1 << max(0, z)) * Double(options.extent))
        return (tolerance, tolerance * tolerance)
    }

    /// Calls `body` with the parts of each input feature (their range in ``projected``) that reach into `bounds`
    /// (every feature when `nil`), in input order.
    private func forEachFeature(reaching bounds: WorldBounds?, _ body: (Range<Int>) -> Void) {
        var i = 0
        while i < projected.count {
            // the parts of one input feature are consecutive (geometry collections, exploded lines)
            let source = projected[i].source
            var end = i + 1
            while end < projected.count && projected[end].source == source { end += 1 }
            defer { i = end }
            if let bounds, !(i..<end).contains(where: { bounds.intersects(x0: projected[$0].minX, y0: projected[$0].minY,
                                                                          x1: projected[$0].maxX, y1: projected[$0].maxY) }) {
                continue
            }
            body(i..<end)
        }
    }

    /// ``features(atZoom:in:)`` for one tile: each feature reaching past `bounds` (the tile and its buffer) is cut to
    /// it as geojson-vt cuts a tile's features (along x, then along y), so a renderer drawing the tile converts and
    /// draws the tile's part of a large polygon or a long line, not the whole of it in every tile. Points are kept
    /// whole, and so are features reaching past the world's west or east edge (their part past it lies across the
    /// antimeridian, on the other side of the world from the box) and, with ``GeoJSONTileOptions/lineMetrics``, lines
    /// (their progress runs along the whole line).
    package func features(atZoom z: Int, clippedTo bounds: WorldBounds) -> [ZoomFeature] {
        let (tolerance, sqTolerance) = tolerances(atZoom: z)
        var out: [ZoomFeature] = []
        forEachFeature(reaching: bounds) { range in
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            for k in range {
                minX = min(minX, projected[k].minX); maxX = max(maxX, projected[k].maxX)
                minY = min(minY, projected[k].minY); maxY = max(maxY, projected[k].maxY)
            }
            let within = minX >= bounds.minX && maxX <= bounds.maxX && minY >= bounds.minY && maxY <= bounds.maxY
            let whole = within || minX < 0 || maxX > 1 || range.contains { projected[$0].type.isPoints }
                || (options.lineMetrics && range.contains { !projected[$0].type.isPolygon })
            if whole {
                if let f = simplified(projected[range], tolerance: tolerance, sqTolerance: sqTolerance) { out.append(f) }
                return
            }
            guard let across = clip(Array(projected[range]), scale: 1, bounds.minX, bounds.maxX, axis: 0,
                                    minAll: minX, maxAll: maxX, lineMetrics: false) else { return }
            let low = across.map(\.minY).min() ?? 0, high = across.map(\.maxY).max() ?? 0
            guard let cut = clip(across, scale: 1, bounds.minY, bounds.maxY, axis: 1, minAll: low, maxAll: high,
                                 lineMetrics: false) else { return }
            if let f = simplified(cut[...], tolerance: tolerance, sqTolerance: sqTolerance, keepsInput: false) { out.append(f) }
        }
        return out
    }

    /// The parts of one input feature at a tolerance; nil when nothing is left. With `keepsInput`, a feature that
    /// keeps every point is given as nil geometry (the input's own).
    private func simplified(_ range: ArraySlice<ProjectedFeature>, tolerance: Double, sqTolerance: Double,
                            keepsInput: Bool = true) -> ZoomFeature? {
        guard let first = range.first else { return nil }
        let source = Int(first.source)
        // Geometry reaching past the Mercator square's top or bottom is drawn from the projected
        // coordinates, which are clamped to it as geojson-vt clamps them (the renderer does not clamp).
        let touchesEdge = !keepsInput || range.contains { $0.minY <= 0 || $0.maxY >= 1 }
        if !touchesEdge && (tolerance == 0 || range.allSatisfy({ $0.type.isPoints })) {
            return ZoomFeature(index: source, geometry: nil)
        }
        // a negative tolerance keeps every point
        let (keep, sqKeep) = tolerance == 0 ? (-1.0, -1.0) : (tolerance, sqTolerance)
        var parts: [Geometry] = []
        var changed = false
        for part in range {
            let (g, dropped) = Self.simplify(part, tolerance: keep, sqTolerance: sqKeep)
            changed = changed || dropped
            if let g { parts.append(g) }
        }
        if parts.isEmpty { return nil }
        if !changed && !touchesEdge { return ZoomFeature(index: source, geometry: nil) }
        if parts.count == 1 { return ZoomFeature(index: source, geometry: parts[0]) }
        var lines: [PositionList] = []
        for p in parts {
            guard case .lineString(let l) = p else {
                return ZoomFeature(index: source, geometry: .geometryCollection(GeometryCollection(parts)))
            }
            lines.append(l)
        }
        return ZoomFeature(index: source, geometry: .multiLineString(lines))
    }

    /// One projected part at a tolerance, back in longitude/latitude, and whether anything was left
    /// out. Holes of a dropped polygon go with it.
    private static func simplify(_ f: ProjectedFeature, tolerance: Double, sqTolerance: Double) -> (Geometry?, Bool) {
        if f.type == .singlePoint {
            return (.point(WebMercator.position(worldX: f.minX, worldY: f.minY)), false)
        }
        var dropped = false
        var polygons: [[PositionList]] = []
        var lines: [PositionList] = []
        var points = PositionList()
        f.coords.withUnsafeBufferPointer { c in
            if f.type.isPoints {
                var i = 0
                while i < c.count {
                    points.append(x: WebMercator.longitude(worldX: c[i]), y: WebMercator.latitude(worldY: c[i + 1]))
                    i += 3
                }
                return
            }
            let isPolygon = f.type.isPolygon
            var keepingPolygon = true
            for ring in f.rings {
                if isPolygon && ring.beginsPolygon { keepingPolygon = ring.size >= sqTolerance }
                let tooSmall = isPolygon ? !keepingPolygon || ring.size < sqTolerance : ring.size < tolerance
                if tooSmall {
                    dropped = true
                    continue
                }
                var list = PositionList()
                var i = ring.start
                while i < ring.end {
                    if c[i + 2] > sqTolerance {
                        list.append(x: WebMercator.longitude(worldX: c[i]), y: WebMercator.latitude(worldY: c[i + 1]))
                    } else {
                        dropped = true
                    }
                    i += 3
                }
                if !isPolygon {
                    lines.append(list)
                } else if ring.beginsPolygon {
                    polygons.append([list])
                } else {
                    polygons[polygons.count - 1].append(list)
                }
            }
        }
        switch f.type {
        case .singlePoint, .point: return (points.isEmpty ? nil : .point(points[0]), false)
        case .multiPoint: return (.multiPoint(points), false)
        case .lineString: return (lines.first.map(Geometry.lineString), dropped)
        case .multiLineString: return (lines.isEmpty ? nil : .multiLineString(lines), dropped)
        case .polygon: return (polygons.first.map(Geometry.polygon), dropped)
        case .multiPolygon: return (polygons.isEmpty ? nil : .multiPolygon(polygons), dropped)
        }
    }
}
