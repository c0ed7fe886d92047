public import GeoJSON

/// A style layer: how one set of features (or the background) is drawn.
///
/// The layer keeps its style JSON object as written, so members this type does not model
/// survive a round trip. Paint and layout properties are read and written by their style
/// specification name (`"line-dasharray"`) or their SDK Swift name (`"lineDashPattern"`);
/// values are JSON (constants, legacy functions or expressions).
public struct StyleLayer: Sendable, Hashable {
    /// The layer's style JSON object.
    public private(set) var json: JSONObject

    /// The layer's identifier (`id`).
    public var identifier: String { json["id"]?.string ?? "" }

    /// The layer's type.
    public let type: LayerType

    /// Reads a layer from its style JSON object.
    ///
    /// - Throws: `StyleDocumentError` for a missing `id`, an unknown `type`, a missing `source`
    ///   (every type but `background` needs one) or a modelled member of the wrong type.
    public init(json value: JSONValue, path: String = "layer") throws(StyleDocumentError) {
        guard let object = value.object else {
            throw StyleDocumentError(path: path, "object expected, \(value.typeName) found")
        }
        guard let id = object["id"] else { throw StyleDocumentError(path: path, "missing required property \"id\"") }
        guard id.string != nil else { throw StyleDocumentError(path: "\(path).id", "string expected, \(id.typeName) found") }
        if object["ref"] != nil {
            throw StyleDocumentError(path: "\(path).ref", "\"ref\" layers are not supported; copy the referenced layer's members instead")
        }
        guard let typeValue = object["type"] else { throw StyleDocumentError(path: path, "missing required property \"type\"") }
        guard let type = LayerType(rawValue: typeValue.string ?? "") else {
            let names = LayerType.allCases.map(\.rawValue).joined(separator: ", ")
            throw StyleDocumentError(path: "\(path).type", "expected one of [\(names)], \(typeValue.string.map { "\"\($0)\"" } ?? typeValue.typeName) found")
        }
        if type.usesSource {
            guard let source = object["source"] else { throw StyleDocumentError(path: path, "missing required property \"source\"") }
            if source.string == nil { throw StyleDocumentError(path: "\(path).source", "string expected, \(source.typeName) found") }
        }
        for key in ["source-layer"] {
            if let v = object[key], v.string == nil { throw StyleDocumentError(path: "\(path).\(key)", "string expected, \(v.typeName) found") }
        }
        for key in ["minzoom", "maxzoom"] {
            if let v = object[key], v.number == nil { throw StyleDocumentError(path: "\(path).\(key)", "number expected, \(v.typeName) found") }
        }
        for key in ["paint", "layout"] {
            if let v = object[key], v.object == nil { throw StyleDocumentError(path: "\(path).\(key)", "object expected, \(v.typeName) found") }
        }
        self.type = type
        self.json = object
    }

    /// Creates a layer of `type` drawing from the content source `sourceIdentifier`
    /// (`nil` for background layers).
    public init(identifier: String, type: LayerType, sourceIdentifier: String? = nil) {
        var object: JSONObject = ["id": .string(identifier), "type": .string(type.rawValue)]
        if let sourceIdentifier { object["source"] = .string(sourceIdentifier) }
        self.type = type
        self.json = object
    }

    // MARK: Layer members

    /// The content source's identifier (`source`); `nil` for background layers.
    public var sourceIdentifier: String? { json["source"]?.string }

    /// The vector-tile layer drawn from (`source-layer`).
    public var sourceLayerIdentifier: String? {
        get { json["source-layer"]?.string }
        set { json["source-layer"] = newValue.map { .string($0) } }
    }

    /// The SDK's `predicate`: the layer's `filter` (legacy filter or boolean expression), or `nil`.
    public var predicate: JSONValue? {
        get { json["filter"] }
        set { json["filter"] = newValue }
    }

    /// Sets the predicate (`filter`) after checking it as the validator checks filters.
    ///
    /// - Throws: `StyleError.invalidValue` with the validator's first error.
    public mutating func setPredicate(_ predicate: JSONValue?, validator: StyleValidator = StyleValidator()) throws(StyleError) {
        if let predicate, let problem = validator.validateFilter(predicate).first(where: { $0.severity == .error }) {
            throw StyleError.invalidValue(layer: identifier, property: "filter", message: problem.message)
        }
        json["filter"] = predicate
    }

    /// `minzoom`: below this zoom level the layer is hidden.
    public var minimumZoomLevel: Double? {
        get { json["minzoom"]?.number }
        set { json["minzoom"] = newValue.map { .double($0) } }
    }

    /// `maxzoom`: at and above this zoom level the layer is hidden.
    public var maximumZoomLevel: Double? {
        get { json["maxzoom"]?.number }
        set { json["maxzoom"] = newValue.map { .double($0) } }
    }

    /// Whether the layer is shown (`layout.visibility` is not `"none"`).
    public var isVisible: Bool {
        get { json["layout"]?["visibility"]?.string != "none" }
        set {
            var layout = json["layout"]?.object ?? JSONObject()
            layout["visibility"] = newValue ? "visible" : "none"
            json["layout"] = .object(layout)
        }
    }

    /// The layer's `paint` member (empty when absent).
    public var paint: JSONObject { json["paint"]?.object ?? JSONObject() }

    /// The layer's `layout` member (empty when absent).
    public var layout: JSONObject { json["layout"]?.object ?? JSONObject() }

    // MARK: Properties

    /// The specification of the property `name` (spec or Swift name) of this layer's type.
    package func propertySpecification(_ name: String) -> LayerPropertySpecification? {
        LayerPropertySpecification.lookup(name, in: type)
    }

    /// The value set for property `name` (spec or Swift name), or `nil` when unset.
    ///
    /// - Throws: `StyleError.unknownProperty` when this layer type has no such property.
    public func value(forProperty name: String) throws(StyleError) -> JSONValue? {
        let spec = try requireSpecification(name)
        return json[spec.kind.rawValue]?[spec.name]
    }

    /// The value set for property `name`, or its default.
    ///
    /// - Throws: `StyleError.unknownProperty` when this layer type has no such property.
    public func effectiveValue(forProperty name: String) throws(StyleError) -> JSONValue? {
        let spec = try requireSpecification(name)
        return json[spec.kind.rawValue]?[spec.name] ?? spec.defaultValue
    }

    /// Sets (or, with `nil`, removes) property `name` (spec or Swift name), after checking the
    /// value against the property's type, range and expression support; `validator` parses
    /// expression values (pass one with an expression parser to have them checked too).
    ///
    /// - Throws: `StyleError.unknownProperty` or `StyleError.invalidValue` (with the
    ///   validator's message, e.g. `circle-radius: number expected, string found`).
    public mutating func setValue(_ value: JSONValue?, forProperty name: String,
                                  validator: StyleValidator = StyleValidator()) throws(StyleError) {
        let spec = try requireSpecification(name)
        if let value {
            let problems = validator.validateProperty(value, specification: spec)
            if let first = problems.first {
                throw StyleError.invalidValue(layer: identifier, property: spec.name, message: first.message)
            }
        }
        var group = json[spec.kind.rawValue]?.object ?? JSONObject()
        group[spec.name] = value
        json[spec.kind.rawValue] = .object(group)
    }

    /// Sets (or removes) a property in `group` (`"paint"`/`"layout"`) without checking it.
    mutating func setUnchecked(_ value: JSONValue?, group: String, name: String) {
        var members = json[group]?.object ?? JSONObject()
        members[name] = value
        json[group] = .object(members)
    }

    /// Checks every paint and layout property set on the layer as `setValue` would.
    ///
    /// - Throws: `StyleError.unknownProperty` or `invalidValue` for the first problem.
    public func validateProperties(validator: StyleValidator = StyleValidator()) throws(StyleError) {
        for group in ["layout", "paint"] {
            for (name, value) in json[group]?.object ?? JSONObject() {
                if name.hasSuffix("-transition") { continue }
                let spec = try requireSpecification(name)
                if let first = validator.validateProperty(value, specification: spec).first {
                    throw StyleError.invalidValue(layer: identifier, property: spec.name, message: first.message)
                }
            }
        }
    }

    /// The value set for a typed property key, or `nil` when unset.
    ///
    /// - Throws: `StyleError.unknownProperty` when the key belongs to another layer type.
    public func value<Key: LayerPropertyKey>(for key: Key) throws(StyleError) -> JSONValue? {
        try checkKey(key)
        return try value(forProperty: key.rawValue)
    }

    /// Sets (or, with `nil`, removes) the property of a typed key.
    ///
    /// - Throws: `StyleError.unknownProperty` for a key of another layer type, or `invalidValue`.
    public mutating func setValue<Key: LayerPropertyKey>(_ value: JSONValue?, for key: Key,
                                                         validator: StyleValidator = StyleValidator()) throws(StyleError) {
        try checkKey(key)
        try setValue(value, forProperty: key.rawValue, validator: validator)
    }

    private func checkKey<Key: LayerPropertyKey>(_ key: Key) throws(StyleError) {
        if Key.layerType != type { throw StyleError.unknownProperty(layerType: type, property: key.rawValue) }
    }

    /// Sets a paint property's transition (`<name>-transition`), in milliseconds.
    ///
    /// - Throws: `StyleError.unknownProperty` when the property is not a transitionable paint property.
    public mutating func setTransition(duration: Double, delay: Double = 0, forProperty name: String) throws(StyleError) {
        let spec = try requireSpecification(name)
        guard spec.kind == .paint, spec.hasTransition else {
            throw StyleError.unknownProperty(layerType: type, property: "\(spec.name)-transition")
        }
        var group = json["paint"]?.object ?? JSONObject()
        group["\(spec.name)-transition"] = ["duration": .double(duration), "delay": .double(delay)]
        json["paint"] = .object(group)
    }

    private func requireSpecification(_ name: String) throws(StyleError) -> LayerPropertySpecification {
        guard let spec = LayerPropertySpecification.lookup(name, in: type) else {
            throw StyleError.unknownProperty(layerType: type, property: name)
        }
        return spec
    }
}
