import GeoJSON
extension Venue {
    /// A human-readable summary: name, version, centre, floors with elevations and feature counts,
    /// navigation, styles and diagnostics (what `venue info` prints).
    public var report: String {
        var lines: [String] = []
        var title = name.isEmpty ? "(unnamed venue)" : name
        let facts = [version.map { "MVF \($0)" }, time].compactMap { $0 }
        if !facts.isEmpty { title += " (" + facts.joined(separator: ", ") + ")" }
        lines.append(title)
        if let c = center { lines.append("centre: \(c.longitude), \(c.latitude)") } else { lines.append("centre: unknown") }
        let eraText: String
        switch namingEra {
        case .current: eraText = "current (floor.geojson, floorstack.geojson)"
        case .legacy: eraText = "legacy (map.geojson, mapstack.geojson)"
        case .inferred: eraText = "inferred (no floor list)"
        }
        lines.append("naming: \(eraText)")
        lines.append("floors: \(floors.count)")
        for f in floors {
            let counts = VenueFeatureKind.allCases.map { "\(f.features($0).count) \($0.rawValue)" }.joined(separator: ", ")
            let elevation = f.elevation >= 0 ? " \(f.elevation)" : "\(f.elevation)"
            lines.append("  \(elevation)  \(f.name) [\(f.id)]: \(counts)")
        }
        for stack in floorStacks {
            lines.append("floor stack \(stack.name.isEmpty ? stack.id : stack.name): \(stack.floorIds.count) floor(s)")
        }
        let types = connections.map(\.type).joined(separator: ", ")
        lines.append("navigation: \(nodes.count) node(s), \(connections.count) connection(s)" + (types.isEmpty ? "" : " (\(types))"))
        lines.append("styles: \(styles.entries.count) entr\(styles.entries.count == 1 ? "y" : "ies")")
        if diagnostics.isEmpty {
            lines.append("diagnostics: none")
        } else {
            lines.append("diagnostics: \(diagnostics.count)")
            for d in diagnostics { lines.append("  \(d)") }
        }
        return lines.joined(separator: "\n")
    }
}
