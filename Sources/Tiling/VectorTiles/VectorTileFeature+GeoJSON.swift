import Foundation
import GeoJSON

extension VectorTileFeature {
    /// The feature as GeoJSON with longitude/latitude geometry for tile `x`, `y` at zoom `z`, as
    /// vector-tile-js `toGeoJSON(x, y, z)`: points as Point/MultiPoint, lines as LineString/
    /// MultiLineString, polygons (rings classified by signed area) as Polygon/MultiPolygon.
    /// `nil` for a feature of unknown type.
    public func geoJSONFeature(x: Int, y: Int, z: Int) throws(VectorTileError) -> GeoJSONFeature? {
        guard let type else { return nil }
        var g = VectorTileGeometry()
        try decodeGeometry(into: &g)
        return g.geoJSONFeature(type: type, extent: layer.extent, x: x, y: y, z: z, identifier: identifier, properties: properties)
    }

    /// ``geoJSONFeature(x:y:z:)`` for a tile address.
    public func geoJSONFeature(tile: TileID) throws(VectorTileError) -> GeoJSONFeature? {
        try geoJSONFeature(x: tile.x, y: tile.y, z: tile.z)
    }
}

extension VectorTileColumns.Feature {
    /// The feature as GeoJSON with longitude/latitude geometry for tile `x`, `y` at zoom `z`, as
    /// ``VectorTileFeature/geoJSONFeature(x:y:z:)``. `nil` for a feature of unknown type.
    public func geoJSONFeature(x: Int, y: Int, z: Int) -> GeoJSONFeature? {
        guard let type else { return nil }
        return flatGeometry.geoJSONFeature(type: type, extent: storage.extent, x: x, y: y, z: z, identifier: identifier, properties: properties)
    }
}

extension VectorTileGeometry {
    /// A feature with this geometry, of `type`, in longitude/latitude for tile `x`, `y`, `z`.
    func geoJSONFeature(type: TileFeatureType, extent: Int, x: Int, y: Int, z: Int,
                        identifier: FeatureIdentifier?, properties: JSONObject) -> GeoJSONFeature {
        let g = self
        let extent = Double(extent)
        let size = extent * pow(2, Double(z)), x0 = extent * Double(x), y0 = extent * Double(y)
        func list(_ ring: Int) -> PositionList {
            var l = PositionList()
            let from = Int(g.ringOffsets[ring]), to = Int(g.ringOffsets[ring + 1])
            l.reserveCapacity(to - from)
            for p in from..<to { l.append(project(g.coordinates[2 * p], g.coordinates[2 * p + 1])) }
            return l
        }
        func project(_ px: Int32, _ py: Int32) -> Position {
            Position(longitude: (Double(px) + x0) * 360 / size - 180,
                     latitude: 360 / Double.pi * atan(exp((1 - (Double(py) + y0) * 2 / size) * Double.pi)) - 90)
        }
        let geometry: Geometry
        switch type {
        case .point:
            var l = PositionList()
            for ring in 0..<g.ringCount where g.ringOffsets[ring + 1] > g.ringOffsets[ring] {
                let p = Int(g.ringOffsets[ring])
                l.append(project(g.coordinates[2 * p], g.coordinates[2 * p + 1]))
            }
            geometry = l.count == 1 ? .point(l[0]) : .multiPoint(l)
        case .lineString:
            let lines = (0..<g.ringCount).map(list)
            geometry = lines.count == 1 ? .lineString(lines[0]) : .multiLineString(lines)
        case .polygon:
            let polygons = g.classifyRings().map { $0.map(list) }
            geometry = polygons.count == 1 ? .polygon(polygons[0]) : .multiPolygon(polygons)
        }
        return GeoJSONFeature(identifier: identifier, geometry: geometry, properties: properties)
    }
}
