import Foundation
package import GeoJSON

/// Queries: supercluster's getClusters, getChildren, getLeaves, getClusterExpansionZoom and getTile.
extension ClusterIndex {
    private func limitZoom(_ z: Double) -> Int {
        let f = z.isNaN ? Double(options.minZoom) : z.rounded(.down)
        return Int(max(Double(options.minZoom), min(f, Double(options.maxZoom + 1))))
    }

    /// The clusters and points inside `bounds` (west, south, east, north in degrees; a box whose
    /// west is east of its east crosses the antimeridian) at `zoom`.
    package func clusters(in bounds: BoundingBox, zoom: Double) -> [GeoJSONFeature] {
        clusters(west: bounds.west, south: bounds.south, east: bounds.east, north: bounds.north, zoom: zoom)
    }

    /// The clusters and points inside the box at `zoom` as features (supercluster's `getClusters`).
    package func clusters(west: Double, south: Double, east: Double, north: Double, zoom: Double) -> [GeoJSONFeature] {
        query(west: west, south: south, east: east, north: north, zoom: zoom) { level, ids in
            var out = [GeoJSONFeature]()
            out.reserveCapacity(ids.count)
            // read the level's columns once, not per item
            level.hot.withUnsafeBufferPointer { hot in
                level.id.withUnsafeBufferPointer { id in
                    points.withUnsafeBufferPointer { points in
                        for i in ids {
                            out.append(hot[i].count > 1 ? clusterFeature(level, i) : points[id[i]])
                        }
                    }
                }
            }
            return out
        }
    }

    /// The clusters and points inside the box at `zoom`, without building features (same order as
    /// ``clusters(west:south:east:north:zoom:)``).
    package func items(west: Double, south: Double, east: Double, north: Double, zoom: Double) -> [Item] {
        query(west: west, south: south, east: east, north: north, zoom: zoom) { level, ids in ids.map { item(level, $0) } }
    }

    /// The tree rows of the items inside the box at `zoom`, turned into results by `make`.
    private func query<T>(west: Double, south: Double, east: Double, north: Double, zoom: Double,
                          _ make: (Level, [Int]) -> [T]) -> [T] {
        guard west.isFinite, east.isFinite, south.isFinite, north.isFinite else { return [] }
        var minLng = ((west + 180).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) - 180
        let minLat = max(-90, min(90, south))
        var maxLng = east == 180 ? 180 : ((east + 180).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) - 180
        let maxLat = max(-90, min(90, north))
        if east - west >= 360 {
            minLng = -180
            maxLng = 180
        } else if minLng > maxLng {
            return query(west: minLng, south: minLat, east: 180, north: maxLat, zoom: zoom, make)
                + query(west: -180, south: minLat, east: maxLng, north: maxLat, zoom: zoom, make)
        }
        guard let level = levels[limitZoom(zoom)] else { return [] }
        var ids = [Int]()
        level.tree.range(
            WebMercator.worldX(longitude: minLng), WebMercator.worldY(latitude: maxLat),
            WebMercator.worldX(longitude: maxLng), WebMercator.worldY(latitude: minLat), into: &ids)
        return make(level, ids)
    }

    /// The clusters and points one zoom deeper that make up cluster `clusterID` (supercluster's `getChildren`).
    /// - Throws: ``TilingError/clusterNotFound(_:)`` when no cluster has this identifier.
    package func children(ofCluster clusterID: Int) throws(TilingError) -> [GeoJSONFeature] {
        try children(clusterID, feature)
    }

    /// ``children(ofCluster:)`` as items.
    package func childItems(ofCluster clusterID: Int) throws(TilingError) -> [Item] {
        try children(clusterID, item)
    }

    private func children<T>(_ clusterID: Int, _ make: (Level, Int) -> T) throws(TilingError) -> [T] {
        guard let (level, origin, originZoom) = origin(of: clusterID) else { throw .clusterNotFound(clusterID) }
        let r = options.radius / (options.extent * pow(2, Double(originZoom - 1)))
        var ids = [Int]()
        level.tree.within(level.hot[origin].x, level.hot[origin].y, r, into: &ids)
        var children = [T]()
        for i in ids where level.parent[i] == clusterID {
            children.append(make(level, i))
        }
        if children.isEmpty { throw .clusterNotFound(clusterID) }
        return children
    }

    /// Up to `limit` points of cluster `clusterID`, skipping the first `offset` (supercluster's `getLeaves`).
    /// - Throws: ``TilingError/clusterNotFound(_:)`` when no cluster has this identifier.
    package func leaves(ofCluster clusterID: Int, limit: Int = 10, offset: Int = 0) throws(TilingError) -> [GeoJSONFeature] {
        var result = [Int]()
        if limit > 0 {
            _ = try appendLeaves(&result, clusterID, limit, max(0, offset), 0)
        } else {
            _ = try childItems(ofCluster: clusterID)
        }
        return result.map { points[$0] }
    }

    private func appendLeaves(_ result: inout [Int], _ clusterID: Int, _ limit: Int, _ offset: Int, _ skippedIn: Int) throws(TilingError) -> Int {
        var skipped = skippedIn
        for child in try childItems(ofCluster: clusterID) {
            switch child {
            case .cluster(let id, let count, _):
                if skipped + count <= offset {
                    skipped += count
                } else {
                    skipped = try appendLeaves(&result, id, limit, offset, skipped)
                }
            case .point(let index):
                if skipped < offset {
                    skipped += 1
                } else {
                    result.append(index)
                }
            }
            if result.count == limit { break }
        }
        return skipped
    }

    /// The zoom at which cluster `clusterID` splits into several items (supercluster's `getClusterExpansionZoom`).
    /// - Throws: ``TilingError/clusterNotFound(_:)`` when no cluster has this identifier.
    package func expansionZoom(ofCluster clusterID: Int) throws(TilingError) -> Int {
        guard let (_, _, originZoom) = origin(of: clusterID) else { throw .clusterNotFound(clusterID) }
        var id = clusterID
        var zoom = originZoom - 1
        while zoom <= options.maxZoom {
            let children = try childItems(ofCluster: id)
            zoom += 1
            guard children.count == 1, case .cluster(let next, _, _) = children[0] else { break }
            id = next
        }
        return zoom
    }

    /// The tile `z/x/y` as geojson-vt-style point features in tile coordinates of ``ClusterOptions/extent``
    /// (supercluster's `getTile`); `nil` when empty. Items within the radius of the tile edge are
    /// included, also across the antimeridian.
    package func tile(z: Int, x: Int, y: Int) -> Tile? {
        guard z >= 0, z <= 30, let level = levels[limitZoom(Double(z))] else { return nil }
        let z2 = pow(2, Double(z))
        let p = options.radius / options.extent
        let top = (Double(y) - p) / z2
        let bottom = (Double(y) + 1 + p) / z2
        var identifiers = [FeatureIdentifier?]()
        var properties = [JSONObject?]()
        var tile = Tile(id: TileID(z: z, x: x, y: y), extent: Int(options.extent), table: FeatureTable(identifiers: [], properties: []))
        var ids = [Int]()

        func add(_ shiftX: Double) {
            for i in ids {
                var px: Double, py: Double
                if level.hot[i].count > 1 {
                    identifiers.append(.int(Int64(level.id[i])))
                    properties.append(clusterJSONProperties(level, i))
                    px = level.hot[i].x
                    py = level.hot[i].y
                } else {
                    let index = level.id[i]
                    identifiers.append(options.generateID ? .int(Int64(index)) : points[index].identifier)
                    properties.append(points[index].properties)
                    if case .point(let pos)? = points[index].geometry {
                        px = WebMercator.worldX(longitude: pos.longitude)
                        py = WebMercator.worldY(latitude: pos.latitude)
                    } else {
                        px = level.hot[i].x
                        py = level.hot[i].y
                    }
                }
                tile.coordinates.append(tileCoordinate(options.extent * (px * z2 - shiftX)))
                tile.coordinates.append(tileCoordinate(options.extent * (py * z2 - Double(y))))
                tile.ringOffsets.append(Int32(tile.coordinates.count / 2))
                tile.records.append(Tile.Record(
                    type: .point, source: Int32(identifiers.count - 1), ringStart: Int32(tile.ringOffsets.count - 2),
                    ringCount: 1, clipStart: .nan, clipEnd: .nan))
            }
        }
        level.tree.range((Double(x) - p) / z2, top, (Double(x) + 1 + p) / z2, bottom, into: &ids)
        add(Double(x))
        if x == 0 {
            ids.removeAll()
            level.tree.range(1 - p / z2, top, 1, bottom, into: &ids)
            add(z2)
        }
        if Double(x) == z2 - 1 {
            ids.removeAll()
            level.tree.range(0, top, p / z2, bottom, into: &ids)
            add(-1)
        }
        guard !tile.records.isEmpty else { return nil }
        return Tile(copying: tile, table: FeatureTable(identifiers: identifiers, properties: properties))
    }

    /// The tile at `id`; see ``tile(z:x:y:)``.
    package func tile(_ id: TileID) -> Tile? { tile(z: id.z, x: id.x, y: id.y) }

    /// The feature for an item: the input feature, or a new cluster feature.
    package func feature(_ item: Item) -> GeoJSONFeature {
        switch item {
        case .point(let index):
            return points[index]
        case .cluster(let id, let count, let position):
            if options.reduce != nil, let (level, row) = clusterRow(id) { return feature(level, row) }
            var properties = JSONObject(minimumCapacity: 4)
            Self.addClusterMembers(&properties, id: id, count: count)
            return GeoJSONFeature(identifier: .int(Int64(id)), geometry: .point(position), properties: properties)
        }
    }

    // MARK: - Helpers

    /// The level, tree position and zoom where cluster `clusterID` originated (its first point), if it can exist.
    private func origin(of clusterID: Int) -> (Level, Int, Int)? {
        let relative = clusterID - points.count
        guard relative >= 0 else { return nil }
        let row = relative >> 5
        let originZoom = relative % 32
        guard originZoom < levels.count, let level = levels[originZoom], row < level.itemCount else { return nil }
        return (level, Int(level.position[row]), originZoom)
    }

    /// The level and row holding cluster `clusterID` itself: the level built by clustering at the
    /// zoom below its origin, near its origin point.
    private func clusterRow(_ clusterID: Int) -> (Level, Int)? {
        guard let (origin, row, originZoom) = origin(of: clusterID), originZoom >= 1, let level = levels[originZoom - 1] else {
            return nil
        }
        var ids = [Int]()
        let r = options.radius / (options.extent * pow(2, Double(originZoom - 1)))
        level.tree.within(origin.hot[row].x, origin.hot[row].y, r, into: &ids)
        for i in ids where level.id[i] == clusterID && level.hot[i].count > 1 { return (level, i) }
        for i in 0..<level.itemCount where level.id[i] == clusterID && level.hot[i].count > 1 { return (level, i) }
        return nil
    }

    /// The feature for item `i` of `level`: the input feature, or a new cluster feature.
    private func feature(_ level: Level, _ i: Int) -> GeoJSONFeature {
        level.hot[i].count > 1 ? clusterFeature(level, i) : points[level.id[i]]
    }

    /// The cluster feature for item `i` of `level` (a cluster).
    private func clusterFeature(_ level: Level, _ i: Int) -> GeoJSONFeature {
        let position = WebMercator.position(worldX: level.hot[i].x, worldY: level.hot[i].y)
        return GeoJSONFeature(
            identifier: .int(Int64(level.id[i])), geometry: .point(position), properties: clusterJSONProperties(level, i))
    }

    private func item(_ level: Level, _ i: Int) -> Item {
        if level.hot[i].count > 1 {
            return .cluster(id: level.id[i], count: level.hot[i].count, position: WebMercator.position(worldX: level.hot[i].x, worldY: level.hot[i].y))
        }
        return .point(index: level.id[i])
    }

    /// Accumulated properties plus `cluster`, `cluster_id`, `point_count`, `point_count_abbreviated`.
    private func clusterJSONProperties(_ level: Level, _ i: Int) -> JSONObject {
        var properties = JSONObject(minimumCapacity: 4)
        if !level.properties.isEmpty {
            let index = Int(level.properties[i])
            if index >= 0 && index < clusterProperties.count { properties = clusterProperties[index] }
        }
        Self.addClusterMembers(&properties, id: level.id[i], count: level.hot[i].count)
        return properties
    }

    static func addClusterMembers(_ properties: inout JSONObject, id: Int, count: Int) {
        properties["cluster"] = .bool(true)
        properties["cluster_id"] = .int(Int64(id))
        properties["point_count"] = .int(Int64(count))
        properties["point_count_abbreviated"] = abbreviated(count)
    }

    /// supercluster's abbreviation: `12k` from 10,000, `1.5k` from 1,000, else the count itself.
    static func abbreviated(_ count: Int) -> JSONValue {
        if count >= 10000 { return .string("\(Int(jsRound(Double(count) / 1000)))k") }
        if count >= 1000 {
            let v = jsRound(Double(count) / 100) / 10
            return .string(v == v.rounded() ? "\(Int(v))k" : "\(v)k")
        }
        return .int(Int64(count))
    }
}
