import GeoJSON

/// Whole-bundle checks: unknown files, dangling ids, files the manifest lists but the bundle lacks.
extension VenueLoader {
    mutating func reportUnknownFiles(floorIds: Set<String>) {
        for file in files.allFiles {
            let parts = file.split(separator: "/").map(String.init)
            if parts.count == 1 {
                if Self.rootFiles.contains(file) { continue }
                let stem = file.split(separator: ".").first.map(String.init) ?? file
                if floorIds.contains(stem) && file.hasSuffix(".geojson") { continue }  // flattened, handled
                note(.info, file, "not part of MVF v2; ignored")
            } else if parts.count == 2, let kind = VenueFeatureKind(rawValue: parts[0]) {
                let id = parts[1].hasSuffix(".geojson") ? String(parts[1].dropLast(8)) : parts[1]
                if !floorIds.contains(id) { note(.warning, file, "\(kind.rawValue) layer for unknown floor '\(id)'; ignored") }
            } else if let top = parts.first, Self.ignoredFolders.contains(top) {
                continue
            } else {
                note(.info, file, "not part of MVF v2; ignored")
            }
        }
    }

    /// Reports ids that point nowhere: floor stacks naming unknown floors, nodes on unknown floors,
    /// neighbours and connection ends that are not nodes, and ids used by two features.
    mutating func checkReferences(floors: [Floor], stacks: [FloorStack], nodes: [NavigationNode], connections: [Connection]) {
        let floorIds = Set(floors.map(\.id))
        for stack in stacks {
            let unknown = stack.floorIds.filter { !floorIds.contains($0) }
            if !unknown.isEmpty { note(.warning, nil, "floor stack \(stack.id) names unknown floor(s): \(unknown.joined(separator: ", "))") }
        }
        let nodeIds = Set(nodes.map(\.id))
        let strays = nodes.filter { !floorIds.contains($0.floorId) }.count
        if strays > 0 { note(.warning, "node.geojson", "\(strays) node(s) on unknown floors") }
        let dangling = nodes.reduce(0) { $0 + $1.neighbors.filter { !nodeIds.contains($0) }.count }
        if dangling > 0 { note(.warning, "node.geojson", "\(dangling) neighbour reference(s) to unknown nodes") }
        for c in connections {
            let unknown = c.nodeIds.filter { !nodeIds.contains($0) }
            if !unknown.isEmpty { note(.warning, "connection.json", "connection \(c.id) (\(c.type)) links unknown node(s): \(unknown.joined(separator: ", "))") }
        }
        var seen = Set<String>()
        var duplicates: [String] = []
        for floor in floors {
            for f in floor.allFeatures where !f.id.isEmpty {
                if !seen.insert(f.id).inserted { duplicates.append(f.id) }
            }
        }
        if let first = duplicates.first {
            note(.warning, nil, "\(duplicates.count) feature id(s) used twice (first: \(first)); lookups return the first")
        }
    }

    /// Reports files the manifest's `folder_struct` lists that the bundle lacks (per-floor layers
    /// are reported when floors load).
    mutating func checkFolderStructure(_ tree: JSONValue?) {
        guard let tree else { return }
        var listed: [String] = []
        func walk(_ value: JSONValue, prefix: String, depth: Int) {
            guard depth < 16, let items = value.array else { return }
            for item in items {
                guard let name = item["name"]?.string, !name.isEmpty else { continue }
                let path = prefix + name
                if item["type"]?.string == "folder" {
                    walk(item["children"] ?? .null, prefix: path + "/", depth: depth + 1)
                } else {
                    listed.append(path)
                }
            }
        }
        walk(tree, prefix: "", depth: 0)
        for path in listed where !fileSet.contains(path) {
            let top = path.split(separator: "/").first.map(String.init) ?? path
            if VenueFeatureKind(rawValue: top) != nil { continue }
            note(.warning, path, "listed in the manifest's folder_struct but missing from the bundle")
        }
    }
}
