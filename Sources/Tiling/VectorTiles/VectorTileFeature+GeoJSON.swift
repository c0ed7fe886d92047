import Foundation
package import GeoJSON

extension VectorTileFeature {
    /// The feature as GeoJSON with longitude/latitude geometry for tile `x`, `y` at zoom `z`, as
    /// vector-tile-js `toGeoJSON(x, y, z)`: points as Point/MultiPoint, lines as LineString/
    /// MultiLineString, polygons (rings classified by signed area) as Polygon/MultiPolygon.
    /// `nil` for a feature of unknown type.
    package func geoJSONFeature(x: Int, y: Int, z: Int) throws(VectorTileError) -> GeoJSONFeature? {
        guard let type else { return nil }
        var g = VectorTileGeometry()
        try decodeGeometry(into: &g)
        let geometry = g.geoJSONGeometry(type: type, extent: layer.extent, x: x, y: y, z: z)
        return GeoJSONFeature(identifier: identifier, geometry: geometry, properties: properties)
    }

    /// ``geoJSONFeature(x:y:z:)`` for a tile address.
    package func geoJSONFeature(tile: TileID) throws(VectorTileError) -> GeoJSONFeature? {
        try geoJSONFeature(x: tile.x, y: tile.y, z: tile.z)
    }
}

extension VectorTileGeometry {
    /// The geometry as GeoJSON with longitude/latitude positions for tile `x`, `y` at zoom `z` of a
    /// layer with `extent`: points as Point/MultiPoint, lines as LineString/MultiLineString, polygons
    /// as Polygon/MultiPolygon. Polygon rings are grouped by `polygons` (ring indices, exterior first)
    /// when the tile format says how (MLT), else classified by signed area (``classifyRings()``, MVT).
    /// Shared by the MVT and MLT decoders.
    package func geoJSONGeometry(type: TileFeatureType, extent: Int, x: Int, y: Int, z: Int, polygons: [[Int]]? = nil) -> Geometry {
        let extent = Double(extent)
        let size = extent * pow(2, Double(z)), x0 = extent * Double(x), y0 = extent * Double(y)
        func list(_ ring: Int) -> PositionList {
            var l = PositionList()
            let from = Int(ringOffsets[ring]), to = Int(ringOffsets[ring + 1])
            l.reserveCapacity(to - from)
            for p in from..<to { l.append(project(coordinates[2 * p], coordinates[2 * p + 1])) }
            return l
        }
        func project(_ px: Int32, _ py: Int32) -> Position {
            Position(longitude: (Double(px) + x0) * 360 / size - 180,
                     latitude: 360 / Double.pi * atan(exp((1 - (Double(py) + y0) * 2 / size) * Double.pi)) - 90)
        }
        switch type {
        case .point:
            var l = PositionList()
            for ring in 0..<ringCount where ringOffsets[ring + 1] > ringOffsets[ring] {
                let p = Int(ringOffsets[ring])
                l.append(project(coordinates[2 * p], coordinates[2 * p + 1]))
            }
            return l.count == 1 ? .point(l[0]) : .multiPoint(l)
        case .lineString:
            let lines = (0..<ringCount).map(list)
            return lines.count == 1 ? .lineString(lines[0]) : .multiLineString(lines)
        case .polygon:
            let groups = (polygons ?? classifyRings()).map { $0.map(list) }
            return groups.count == 1 ? .polygon(groups[0]) : .multiPolygon(groups)
        }
    }
}

extension VectorTileColumns.Feature {
    /// The feature as GeoJSON with longitude/latitude geometry for tile `x`, `y` at zoom `z`, as
    /// ``VectorTileFeature/geoJSONFeature(x:y:z:)``. `nil` for a feature of unknown type.
    package func geoJSONFeature(x: Int, y: Int, z: Int) -> GeoJSONFeature? {
        guard let type else { return nil }
        let geometry = flatGeometry.geoJSONGeometry(type: type, extent: storage.extent, x: x, y: y, z: z)
        return GeoJSONFeature(identifier: identifier, geometry: geometry, properties: properties)
    }
}
