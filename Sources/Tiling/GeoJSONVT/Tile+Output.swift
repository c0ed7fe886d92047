package import GeoJSON

extension Tile {
    /// The features in geojson-vt's JSON shape: `[{"type": 1|2|3, "geometry": …, "tags": {…}, "id": …}]`,
    /// geometry in tile coordinates (points as a list of `[x, y]`, lines and polygons as lists of rings).
    package var vtJSON: JSONValue {
        .array(features.map { f in
            let rings: [JSONValue] = f.geometry.map { ring in
                .array(ring.map { .array([.int(Int64($0.x)), .int(Int64($0.y))]) })
            }
            var o: JSONObject = [
                "type": .int(Int64(f.type.rawValue)),
                "geometry": f.type == .point ? (rings.first ?? .array([])) : .array(rings),
                "tags": f.properties.map(JSONValue.object) ?? .null,
            ]
            if let id = f.identifier { o["id"] = id.jsonValue }
            return .object(o)
        })
    }

    /// The features as GeoJSON, tile coordinates converted back to longitude/latitude (points become
    /// Point or MultiPoint, lines LineString or MultiLineString, polygons Polygon or MultiPolygon —
    /// a clockwise ring in tile coordinates starts a new polygon).
    package var geoJSONFeatures: [GeoJSONFeature] {
        let n = Double(id.dimension) * Double(extent)
        let x0 = Double(id.x) * Double(extent), y0 = Double(id.y) * Double(extent)
        func list(_ ring: [TilePoint]) -> PositionList {
            var l = PositionList()
            l.reserveCapacity(ring.count)
            for p in ring {
                let wx = (Double(p.x) + x0) / n, wy = (Double(p.y) + y0) / n
                l.append(x: WebMercator.longitude(worldX: wx), y: WebMercator.latitude(worldY: wy))
            }
            return l
        }
        return features.map { f in
            let geometry: Geometry
            switch f.type {
            case .point:
                let points = list(f.geometry.first ?? [])
                geometry = points.count == 1 ? .point(points[0]) : .multiPoint(points)
            case .lineString:
                let lines = f.geometry.map(list)
                geometry = lines.count == 1 ? .lineString(lines[0]) : .multiLineString(lines)
            case .polygon:
                var polygons = [[PositionList]]()
                for ring in f.geometry {
                    if Self.signedArea(ring) > 0 || polygons.isEmpty {
                        polygons.append([list(ring)])
                    } else {
                        polygons[polygons.count - 1].append(list(ring))
                    }
                }
                geometry = polygons.count == 1 ? .polygon(polygons[0]) : .multiPolygon(polygons)
            }
            return GeoJSONFeature(identifier: f.identifier, geometry: geometry, properties: f.properties ?? JSONObject())
        }
    }

    /// Twice the signed area of a ring in tile coordinates: positive for clockwise on screen (y down).
    static func signedArea(_ ring: [TilePoint]) -> Double {
        var sum = 0.0
        guard ring.count > 2 else { return 0 }
        var j = ring.count - 1
        for i in 0..<ring.count {
            sum += Double(ring[j].x - ring[i].x) * Double(ring[i].y + ring[j].y)
            j = i
        }
        return sum
    }
}
