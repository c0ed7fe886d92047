public import Foundation
public import GeoJSON

/// A style JSON (version 8) document: root members, content sources and layers.
///
/// Reading keeps every member as written (unknown ones included, in their order), so
/// `StyleDocument(parsing: text).serialized()` loses nothing. Sources and layers are typed;
/// other root members stay JSON with typed accessors for the common ones.
public struct StyleDocument: Sendable, Hashable {
    /// All root members as read. `sources` and `layers` are replaced by the typed lists when
    /// the document is written.
    public private(set) var members: JSONObject
    /// The content sources, in document order.
    public var sources: [StyleSource]
    /// The layers, bottom-most first.
    public var layers: [StyleLayer]
    /// What a ``StyleReading/tolerant`` reading left out, and why (empty for a strict reading).
    public private(set) var warnings: [StyleWarning] = []

    /// An empty version 8 style.
    public init() {
        members = ["version": 8, "sources": .object(JSONObject()), "layers": .array([])]
        sources = []
        layers = []
    }

    /// A document with exactly these parts (used by `Style`, which checked them).
    init(members: JSONObject, sources: [StyleSource], layers: [StyleLayer]) {
        self.members = members
        self.sources = sources
        self.layers = layers
    }

    /// Reads a style from its JSON tree.
    ///
    /// `ref` layers are resolved as MapLibre Native resolves them (``StyleLayer`` never holds a
    /// `ref`): the layer takes `type`, `source`, `source-layer`, `minzoom`, `maxzoom`, `filter` and
    /// `layout` from the layer it names. With `reading: .tolerant`, a layer or source that cannot be
    /// read (an unknown or circular `ref`, no valid `type`, an unsupported source type) is left out
    /// and listed in ``warnings``, as Native logs it and draws the rest.
    ///
    /// - Throws: `StyleDocumentError` when the root is not an object or `version` is not 8, or
    ///   (strict reading) when `sources`/`layers` or one of their entries cannot be read.
    public init(json: JSONValue, reading: StyleReading = .strict) throws(StyleDocumentError) {
        guard let root = json.object else {
            throw StyleDocumentError(path: "", "object expected, \(json.typeName) found")
        }
        guard let version = root["version"] else {
            throw StyleDocumentError(path: "", "missing required property \"version\"")
        }
        guard version.number == 8 else {
            throw StyleDocumentError(path: "version", "expected one of [8], \(version.serialized()) found")
        }
        var warnings: [StyleWarning] = []
        var sources: [StyleSource] = []
        if let value = root["sources"] {
            guard let object = value.object else {
                throw StyleDocumentError(path: "sources", "object expected, \(value.typeName) found")
            }
            for (id, sourceJSON) in object {
                do {
                    sources.append(try StyleSource(identifier: id, json: sourceJSON))
                } catch where reading == .tolerant {
                    warnings.append(StyleWarning(error))
                }
            }
        }
        var layers: [StyleLayer] = []
        if let value = root["layers"] {
            guard let array = value.array else {
                throw StyleDocumentError(path: "layers", "array expected, \(value.typeName) found")
            }
            let sourcesByID = Dictionary(sources.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
            var layerIDs = Set<String>()
            for (i, resolved) in LayerReferences.resolve(array).enumerated() {
                do {
                    let layer = try StyleLayer(json: resolved.get(), path: "layers[\(i)]")
                    if reading == .tolerant {
                        // What `Style` would refuse, left out here where the layer's index is known.
                        do throws(StyleError) {
                            guard layerIDs.insert(layer.identifier).inserted else { throw .duplicateLayerIdentifier(layer.identifier) }
                            if let sourceID = layer.sourceIdentifier, layer.type.usesSource {
                                guard let source = sourcesByID[sourceID] else { throw .missingSource(layer: layer.identifier, source: sourceID) }
                                try Style.checkCompatible(layer, with: source)
                            }
                        } catch {
                            warnings.append(StyleWarning(path: "layers[\(i)]", "\(error); the layer is left out"))
                            continue
                        }
                    }
                    layers.append(layer)
                } catch where reading == .tolerant {
                    warnings.append(StyleWarning(error))
                }
            }
        }
        self.members = root
        self.sources = sources
        self.layers = layers
        self.warnings = warnings
    }

    /// Parses and reads style JSON text.
    ///
    /// - Throws: `StyleDocumentError` (a JSON syntax error is reported at `line:column`).
    public init(parsing text: String, reading: StyleReading = .strict) throws(StyleDocumentError) {
        let value: JSONValue
        do { value = try JSONValue(parsing: text) } catch {
            throw StyleDocumentError(path: "", "invalid JSON: \(error)")
        }
        try self.init(json: value, reading: reading)
    }

    /// Reads the style JSON file at `url`.
    ///
    /// - Throws: `StyleDocumentError` when the file cannot be read or is not a valid style.
    public init(contentsOf url: URL) throws(StyleDocumentError) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw StyleDocumentError(path: "", "cannot read \(url.path): \(error.localizedDescription)")
        }
        let value: JSONValue
        do { value = try JSONValue(parsing: data) } catch {
            throw StyleDocumentError(path: "", "invalid JSON in \(url.lastPathComponent): \(error)")
        }
        try self.init(json: value)
    }

    /// The document as a JSON tree, members in their original order.
    public var json: JSONValue {
        var root = members
        var sourceObject = JSONObject()
        for source in sources { sourceObject[source.identifier] = .object(source.json) }
        root["sources"] = .object(sourceObject)
        root["layers"] = .array(layers.map { .object($0.json) })
        return .object(root)
    }

    /// The document as JSON text.
    public func serialized(pretty: Bool = false) -> String {
        json.serialized(JSONWriteOptions(pretty: pretty, sortedKeys: false))
    }

    // MARK: Root members

    /// Sets (or removes) a root member. `sources` and `layers` are ignored here: change the
    /// typed `sources` and `layers` lists instead.
    public mutating func setMember(_ key: String, to value: JSONValue?) {
        guard key != "sources" && key != "layers" else { return }
        members[key] = value
    }

    /// `name`.
    public var name: String? { members["name"]?.string }
    /// `center` as longitude, latitude.
    public var center: Position? {
        guard let c = members["center"]?.array, c.count == 2, let lon = c[0].number, let lat = c[1].number else { return nil }
        return Position(longitude: lon, latitude: lat)
    }
    /// `zoom`.
    public var zoom: Double? { members["zoom"]?.number }
    /// `bearing` in degrees (default 0).
    public var bearing: Double { members["bearing"]?.number ?? 0 }
    /// `pitch` in degrees (default 0).
    public var pitch: Double { members["pitch"]?.number ?? 0 }
    /// `glyphs`: the URL template with `{fontstack}` and `{range}`.
    public var glyphs: String? { members["glyphs"]?.string }
    /// `sprite` (a URL string, or an array of `{id, url}`).
    public var sprite: JSONValue? { members["sprite"] }
    /// `metadata`.
    public var metadata: JSONValue? { members["metadata"] }
}
