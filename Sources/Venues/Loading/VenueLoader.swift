import Foundation
import GeoJSON

/// Turns the files of a bundle into a ``Venue``, collecting diagnostics for what is missing or malformed.
struct VenueLoader {
    let files: BundleFiles
    var diagnostics: [VenueDiagnostic] = []
    let fileSet: Set<String>

    /// Files at the bundle root that the format defines.
    static let rootFiles: Set<String> = [
        "manifest.geojson", "floor.geojson", "floorstack.geojson", "map.geojson", "mapstack.geojson",
        "node.geojson", "connection.json", "styles.json", "shapes.json",
    ]
    /// Per-floor folders that are known but not modelled.
    static let ignoredFolders: Set<String> = ["shapeInstances"]

    /// Loads a venue from bundle files.
    static func load(_ files: BundleFiles) throws(VenueError) -> Venue {
        var loader = VenueLoader(files: files)
        return try loader.load()
    }

    init(files: BundleFiles) {
        self.files = files
        self.fileSet = Set(files.allFiles)
    }

    mutating func note(_ severity: VenueDiagnostic.Severity, _ file: String?, _ message: String) {
        diagnostics.append(VenueDiagnostic(severity, file: file, message))
    }

    mutating func load() throws(VenueError) -> Venue {
        let manifest = try loadManifest()
        var (floors, era) = try loadFloorList()
        if floors.isEmpty && manifest == nil {
            throw .notAVenueBundle(reason: "no manifest.geojson, no floor list and no per-floor files")
        }
        for i in floors.indices { try loadFeatures(of: &floors[i]) }
        let stacks = try loadFloorStacks()
        let nodes = try loadNodes()
        let connections = try loadConnections()
        let styles = try loadStyles()
        reportUnknownFiles(floorIds: Set(floors.map(\.id)))
        checkReferences(floors: floors, stacks: stacks, nodes: nodes, connections: connections)
        if let manifest { checkFolderStructure(manifest.folderStruct) }
        return Venue(
            name: manifest?.name ?? "", version: manifest?.version, time: manifest?.time, center: manifest?.center,
            floors: floors, floorStacks: stacks, nodes: nodes, connections: connections, styles: styles,
            namingEra: era, files: files.allFiles, diagnostics: diagnostics)
    }

    // MARK: Parsing helpers

    /// The file parsed as JSON, `nil` when absent; non-JSON is refused.
    func json(_ path: String) throws(VenueError) -> JSONValue? {
        guard let data = files.json[path] else { return nil }
        do {
            return try JSONValue(parsing: data)
        } catch {
            throw .invalidJSON(file: path, message: String(describing: error))
        }
    }

    /// The features of a GeoJSON file, `nil` when absent or not GeoJSON (with a diagnostic).
    ///
    /// Reading is lenient (unclosed rings are closed, short lines kept…, each reported); a collection
    /// with a few unusable features keeps the others. Text that is not JSON at all is refused.
    mutating func geoJSONFeatures(_ path: String) throws(VenueError) -> [GeoJSONFeature]? {
        guard let data = files.json[path] else { return nil }
        let failure: GeoJSONError
        do {
            let result = try GeoJSONObject.decode(data, options: .lenient)
            if let first = result.warnings.first {
                let more = result.warnings.count > 1 ? " (and \(result.warnings.count - 1) more)" : ""
                note(.info, path, "repaired: \(first)\(more)")
            }
            return result.object.features
        } catch {
            failure = error
        }
        if failure.kind == .syntax { throw .invalidJSON(file: path, message: failure.description) }
        // Valid JSON but not valid GeoJSON: keep the features that are, report the rest.
        guard let value = try json(path), let list = value["features"]?.array else {
            note(.error, path, "not a GeoJSON FeatureCollection (\(failure)); file ignored")
            return nil
        }
        var features: [GeoJSONFeature] = []
        var broken: [String] = []
        for (i, item) in list.enumerated() {
            do {
                let object = try GeoJSONObject(json: item, options: .lenient)
                if case .feature(let f) = object { features.append(f) } else { broken.append("features[\(i)] is not a Feature") }
            } catch {
                broken.append("features[\(i)]: \(error.message)")
            }
        }
        if let first = broken.first {
            let more = broken.count > 1 ? " (and \(broken.count - 1) more)" : ""
            note(.warning, path, "\(broken.count) malformed feature(s) skipped: \(first)\(more)")
        }
        return features
    }

    static func string(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)?: return s
        case .int(let v)?: return String(v)
        case .uint(let v)?: return String(v)
        default: return nil
        }
    }

    static func nonEmpty(_ value: JSONValue?) -> String? {
        guard let s = string(value), !s.isEmpty else { return nil }
        return s
    }

    static func strings(_ value: JSONValue?) -> [String] {
        if let s = string(value) { return [s] }
        return value?.array?.compactMap { string($0) } ?? []
    }

    // MARK: Manifest

    struct Manifest {
        var name: String
        var version: String?
        var time: String?
        var center: Position?
        var folderStruct: JSONValue?
    }

    mutating func loadManifest() throws(VenueError) -> Manifest? {
        let path = "manifest.geojson"
        guard files.json[path] != nil else {
            note(.warning, path, "missing: the venue name and centre are unknown")
            return nil
        }
        guard let features = try geoJSONFeatures(path), let first = features.first else {
            note(.warning, path, "holds no feature: the venue name and centre are unknown")
            return Manifest(name: "")
        }
        let props = first.properties ?? JSONObject()
        var center: Position?
        if case .point(let p)? = first.geometry {
            center = p
        } else {
            note(.warning, path, "the first feature is not a Point: the venue centre is unknown")
        }
        return Manifest(
            name: Self.string(props["name"]) ?? "", version: Self.string(props["version"]),
            time: Self.string(props["time"]), center: center, folderStruct: props["folder_struct"])
    }

    // MARK: Floors

    mutating func loadFloorList() throws(VenueError) -> ([Floor], VenueNamingEra) {
        for (path, era) in [("floor.geojson", VenueNamingEra.current), ("map.geojson", .legacy)] {
            guard let data = files.json[path] else { continue }
            var records: [(props: JSONObject, outline: Geometry?)] = []
            if data.first(where: { !" \n\r\t".utf8.contains($0) }) == UInt8(ascii: "[") {
                guard let list = try json(path)?.array else { continue }
                for item in list {
                    if let o = item.object { records.append((o, nil)) } else { note(.warning, path, "a floor entry is not an object; skipped") }
                }
            } else {
                guard let features = try geoJSONFeatures(path) else { continue }
                for f in features { records.append((f.properties ?? JSONObject(), f.geometry)) }
            }
            var floors: [Floor] = []
            for (i, record) in records.enumerated() {
                guard let id = Self.nonEmpty(record.props["id"]) else {
                    note(.warning, path, "floor #\(i) has no id; skipped")
                    continue
                }
                if floors.contains(where: { $0.id == id }) {
                    note(.warning, path, "floor \(id) is listed twice; the first is kept")
                    continue
                }
                let elevation: Int
                if let e = record.props["elevation"]?.number, e.isFinite, abs(e) < 1000 {
                    elevation = Int(e.rounded())
                } else {
                    elevation = i
                    note(.warning, path, "floor \(id) has no elevation; using \(i)")
                }
                let externalId = Self.nonEmpty(record.props["externalId"])
                let name = Self.nonEmpty(record.props["name"]) ?? externalId ?? id
                floors.append(Floor(id: id, name: name, externalId: externalId, elevation: elevation, outline: record.outline))
            }
            return (floors, era)
        }
        // No floor list: infer floors from per-floor files.
        var ids: [String] = []
        for file in files.allFiles {
            let parts = file.split(separator: "/")
            guard parts.count == 2, VenueFeatureKind(rawValue: String(parts[0])) != nil,
                  parts[1].hasSuffix(".geojson") else { continue }
            let id = String(parts[1].dropLast(".geojson".count))
            if !ids.contains(id) { ids.append(id) }
        }
        if ids.isEmpty {
            note(.error, nil, "missing: floor.geojson (or map.geojson); the bundle has no floors")
        } else {
            note(.warning, nil, "missing: floor.geojson (or map.geojson); \(ids.count) floor(s) inferred from file names, elevations assumed")
        }
        let floors = ids.sorted().enumerated().map { Floor(id: $1, name: $1, elevation: $0) }
        return (floors, .inferred)
    }

    mutating func loadFeatures(of floor: inout Floor) throws(VenueError) {
        var missing: [VenueFeatureKind] = []
        for kind in VenueFeatureKind.allCases {
            let path = "\(kind.folder)/\(floor.id).geojson"
            guard files.json[path] != nil else {
                missing.append(kind)
                continue
            }
            guard let features = try geoJSONFeatures(path) else { continue }
            assign(features, kind: kind, path: path, to: &floor)
        }
        if let recovered = try recoverFlattenedFile(into: &floor, missing: missing) {
            missing.removeAll { $0 == recovered }
        }
        for kind in missing {
            let severity: VenueDiagnostic.Severity = (kind == .space || kind == .obstruction) ? .warning : .info
            note(severity, "\(kind.folder)/\(floor.id).geojson", "missing: floor '\(floor.name)' has no \(kind.rawValue) layer")
        }
    }

    mutating func assign(_ features: [GeoJSONFeature], kind: VenueFeatureKind, path: String, to floor: inout Floor) {
        var converted: [VenueFeature] = []
        converted.reserveCapacity(features.count)
        var noGeometry = 0
        for f in features {
            guard let geometry = f.geometry else {
                noGeometry += 1
                continue
            }
            let props = f.properties ?? JSONObject()
            let id = Self.string(props["id"]) ?? f.identifier.flatMap { Self.string($0.jsonValue) } ?? ""
            let name = Self.nonEmpty(props["details"]?["name"]) ?? Self.nonEmpty(props["name"])
            converted.append(VenueFeature(
                id: id, externalId: Self.nonEmpty(props["externalId"]), name: name, kind: kind, floorId: floor.id,
                geometry: geometry, properties: props))
        }
        if noGeometry > 0 { note(.warning, path, "\(noGeometry) feature(s) without geometry skipped") }
        switch kind {
        case .space: floor.spaces = converted
        case .obstruction: floor.obstructions = converted
        case .entrance: floor.entrances = converted
        case .window: floor.windows = converted
        case .annotation: floor.annotations = converted
        }
    }

    /// A partial export may have lost its folders, leaving `<floorId>.geojson` at the root: use such a
    /// file as the layer its ids name (`w_…` windows, `s_…` spaces, …) when that layer is missing.
    /// Returns the kind recovered.
    mutating func recoverFlattenedFile(
        into floor: inout Floor, missing: [VenueFeatureKind]
    ) throws(VenueError) -> VenueFeatureKind? {
        let path = "\(floor.id).geojson"
        guard files.json[path] != nil, let features = try geoJSONFeatures(path) else { return nil }
        var votes: [VenueFeatureKind: Int] = [:]
        for f in features {
            if let id = Self.string(f.properties?["id"]), let kind = VenueFeatureKind(idPrefixOf: id) { votes[kind, default: 0] += 1 }
        }
        guard let (kind, _) = votes.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key.rawValue > $1.key.rawValue) }) else {
            note(.info, path, "flattened file with no recognisable feature ids; ignored")
            return nil
        }
        guard missing.contains(kind) else {
            note(.info, path, "flattened copy of \(kind.folder)/\(floor.id).geojson; ignored")
            return nil
        }
        assign(features, kind: kind, path: path, to: &floor)
        note(.info, path, "flattened export: used as \(kind.folder)/\(floor.id).geojson (\(features.count) \(kind.rawValue) features)")
        return kind
    }

    mutating func loadFloorStacks() throws(VenueError) -> [FloorStack] {
        for path in ["floorstack.geojson", "mapstack.geojson"] {
            guard let value = try json(path) else { continue }
            guard let list = value.array else {
                note(.warning, path, "not an array; floor stacks ignored")
                return []
            }
            return list.compactMap { item in
                guard let o = item.object, let id = Self.nonEmpty(o["id"]) else { return nil }
                let ids = Self.strings(o["floors"] ?? o["maps"])
                return FloorStack(id: id, name: Self.string(o["name"]) ?? "", externalId: Self.nonEmpty(o["externalId"]), floorIds: ids)
            }
        }
        note(.info, nil, "missing: floorstack.geojson (or mapstack.geojson)")
        return []
    }
}
