import Foundation
package import GeoJSON

/// One decoded vector tile layer's geometry, in tile coordinates, placed at its tile: what a vector
/// source's features are drawn from (tile coordinates straight to world coordinates, as MapLibre
/// Native keeps a tile's geometry from decoder to bucket), and where their longitude/latitude
/// geometry is built from when something reads it (``GeoJSONFeature/geometry``: a query's result,
/// `within`, `distance`).
package final class TileLayerGeometry: DeferredGeometrySource {
    /// The layer's columns (features are indexed as there).
    package let columns: VectorTileColumns
    /// The tile the layer belongs to.
    package let x: Int, y: Int, z: Int

    /// How a MapLibre tile groups each polygon feature's rings (the tile says, winding does not):
    /// per feature (plus one closing entry) its first entry in `ringCounts`, and the number of rings of
    /// each polygon, exterior first. `nil` for an MVT layer, whose rings are classified by winding.
    private let polygonRings: (starts: [Int], ringCounts: [Int])?

    package init(columns: VectorTileColumns, x: Int, y: Int, z: Int) {
        self.columns = columns
        self.x = x
        self.y = y
        self.z = z
        polygonRings = nil
    }

    /// A layer whose polygons group their rings as `polygonRings` says (a MapLibre tile's layer).
    init(columns: VectorTileColumns, x: Int, y: Int, z: Int, polygonRings: (starts: [Int], ringCounts: [Int])) {
        self.columns = columns
        self.x = x
        self.y = y
        self.z = z
        self.polygonRings = polygonRings
    }

    /// Feature `index`'s polygons: ring indices grouped into polygons, exterior first. An MVT
    /// feature's are classified by winding (``VectorTileColumns/Feature/classifiedRings()``); a MapLibre
    /// tile's are as the tile groups them.
    package func polygons(at index: Int) -> [[Int]] {
        guard let (starts, counts) = polygonRings else { return columns[index].classifiedRings() }
        var groups = [[Int]]()
        groups.reserveCapacity(starts[index + 1] - starts[index])
        var ring = 0
        for k in starts[index]..<starts[index + 1] {
            groups.append(Array(ring..<(ring + counts[k])))
            ring += counts[k]
        }
        return groups
    }

    /// The number of polygons ``polygons(at:)`` gives (nothing allocated).
    func polygonCount(at index: Int) -> Int {
        guard let (starts, _) = polygonRings else { return columns[index].polygonCount }
        return starts[index + 1] - starts[index]
    }

    /// Feature `index`'s geometry in longitude/latitude, as ``VectorTileColumns/Feature/geoJSONFeature(x:y:z:)``
    /// (and, for a MapLibre tile, ``MapLibreTileFeature/geoJSONFeature(x:y:z:)``) builds it.
    package func geometry(at index: Int) -> Geometry? {
        let feature = columns[index]
        guard let type = feature.type else { return nil }
        let groups = polygonRings != nil && type == .polygon ? polygons(at: index) : nil
        return feature.flatGeometry.geoJSONGeometry(type: type, extent: columns.extent, x: x, y: y, z: z, polygons: groups)
    }

    /// Feature `index`'s GeoJSON type, as ``geometry(at:)`` would build it (counted, nothing built).
    package func geometryType(at index: Int) -> GeometryType? {
        let feature = columns[index]
        switch feature.type {
        case .point?:
            var points = 0
            for ring in feature.rings where !ring.isEmpty { points += 1 }
            return points == 1 ? .point : .multiPoint
        case .lineString?:
            return feature.rings.count == 1 ? .lineString : .multiLineString
        case .polygon?:
            return polygonCount(at: index) == 1 ? .polygon : .multiPolygon
        case nil:
            return nil
        }
    }

    /// Feature `index`'s type as the tile stores it: point, line string or polygon.
    package func basicGeometryType(at index: Int) -> GeometryType? {
        switch columns[index].type {
        case .point?: return .point
        case .lineString?: return .lineString
        case .polygon?: return .polygon
        case nil: return nil
        }
    }

    /// The GeoJSON features of the layer (features of unknown type left out, as
    /// ``VectorTileColumns/geoJSONFeatures(x:y:z:)``) with their identifiers and properties, their
    /// geometry left here until read.
    package func features() -> [GeoJSONFeature] {
        var out = [GeoJSONFeature]()
        out.reserveCapacity(columns.count)
        for feature in columns where feature.type != nil {
            out.append(GeoJSONFeature(identifier: feature.identifier, deferredGeometry: self, index: feature.index,
                                      properties: feature.properties))
        }
        return out
    }
}

extension VectorTileColumns.Feature {
    /// The rings grouped into polygons as ``VectorTileGeometry/classifyRings()`` groups them (ring
    /// indices, exterior first; zero-area rings dropped), read from the columns.
    package func classifiedRings() -> [[Int]] {
        let r = rings
        return VectorTileGeometry.classifyRings(count: r.count) { r[$0].signedArea }
    }

    /// The number of polygons ``classifiedRings()`` groups the rings into (nothing allocated).
    package var polygonCount: Int {
        let r = rings
        let n = r.count
        if n <= 1 { return 1 }
        var count = 0
        var exteriorNegative: Bool?
        for i in 0..<n {
            let area = r[i].signedArea
            if area == 0 { continue }
            if exteriorNegative == nil { exteriorNegative = area < 0 }
            if exteriorNegative == (area < 0) { count += 1 }
        }
        return count
    }
}

extension VectorTileColumns.Ring {
    /// Twice the ring's signed area (as ``VectorTileGeometry/signedArea(ofRing:)``: positive for
    /// clockwise on screen, y down).
    package var signedArea: Int64 {
        withUnsafeCoordinates { c in
            let n = c.count / 2
            guard n > 0 else { return 0 }
            var sum: Int64 = 0
            var j = n - 1
            for k in 0..<n {
                sum += (Int64(c[2 * j]) - Int64(c[2 * k])) * (Int64(c[2 * k + 1]) + Int64(c[2 * j + 1]))
                j = k
            }
            return sum
        }
    }
}
