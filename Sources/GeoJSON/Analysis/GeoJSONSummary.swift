/// Counts that describe a GeoJSON object: features, geometries per type, positions, bounds.
public struct GeoJSONSummary: Sendable, Hashable {
    /// Number of features (1 for a lone Feature, 0 for a bare geometry).
    public var featureCount = 0
    /// Features whose geometry is null.
    public var nullGeometryCount = 0
    /// Geometries per type, counting the members of GeometryCollections too.
    public var geometryCounts: [GeometryType: Int] = [:]
    /// Positions, over all geometries.
    public var positionCount = 0
    /// Bounds of all positions (not wrapped across the antimeridian).
    public var bounds: BoundingBox?

    /// Summarises `object`.
    public init(_ object: GeoJSONObject) {
        var acc = BoundsAccumulator()
        func add(_ g: Geometry) {
            geometryCounts[g.type, default: 0] += 1
            if case .geometryCollection(let c) = g {
                for child in c.geometries { add(child) }
            } else {
                positionCount += g.positionCount
                acc.add(g)
            }
        }
        switch object {
        case .geometry(let g, _):
            add(g)
        case .feature, .featureCollection:
            for f in object.features {
                featureCount += 1
                if let g = f.geometry { add(g) } else { nullGeometryCount += 1 }
            }
        }
        bounds = acc.box
    }
}
