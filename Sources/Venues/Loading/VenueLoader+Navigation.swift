import GeoJSON

/// Reading the navigation graph: `node.geojson` and `connection.json`.
extension VenueLoader {
    mutating func loadNodes() throws(VenueError) -> [NavigationNode] {
        let path = "node.geojson"
        guard files.json[path] != nil else {
            note(.info, path, "missing: no navigation graph")
            return []
        }
        guard let features = try geoJSONFeatures(path) else { return [] }
        var nodes: [NavigationNode] = []
        var skipped = 0
        for f in features {
            guard case .point(let p)? = f.geometry, let props = f.properties, let id = Self.nonEmpty(props["id"]) else {
                skipped += 1
                continue
            }
            nodes.append(NavigationNode(
                id: id, externalId: Self.nonEmpty(props["externalId"]),
                floorId: Self.string(props["floor"]) ?? Self.string(props["map"]) ?? "", position: p,
                spaceIds: Self.strings(props["space"]), neighbors: Self.strings(props["neighbors"])))
        }
        if skipped > 0 { note(.warning, path, "\(skipped) node(s) without a Point geometry or an id skipped") }
        return nodes
    }

    mutating func loadConnections() throws(VenueError) -> [Connection] {
        let path = "connection.json"
        guard let value = try json(path) else {
            note(.info, path, "missing: no connections between floors")
            return []
        }
        guard let list = value.array else {
            note(.warning, path, "not an array; connections ignored")
            return []
        }
        return list.compactMap { item in
            guard let o = item.object, let id = Self.nonEmpty(o["id"]) else { return nil }
            return Connection(
                id: id, externalId: Self.nonEmpty(o["externalId"]), type: Self.string(o["type"]) ?? "unknown",
                accessible: o["accessible"]?.bool ?? false, nodeIds: Self.strings(o["nodes"]))
        }
    }
}
