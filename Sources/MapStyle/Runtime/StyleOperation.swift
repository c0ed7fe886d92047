public import GeoJSON

/// A runtime styling call written as JSON, as the render tests' `operations` list them
/// (`["setPaintProperty", "circle", "circle-radius", 5]`).
public enum StyleOperation: Sendable, Hashable {
    /// `["setPaintProperty", layer, name, value]` (value `null` resets).
    case setPaintProperty(layer: String, name: String, value: JSONValue?)
    /// `["setLayoutProperty", layer, name, value]`.
    case setLayoutProperty(layer: String, name: String, value: JSONValue?)
    /// `["setFilter", layer, filter]` (filter `null` removes it).
    case setFilter(layer: String, filter: JSONValue?)
    /// `["setLayerZoomRange", layer, minzoom, maxzoom]`.
    case setLayerZoomRange(layer: String, minimum: Double?, maximum: Double?)
    /// `["addLayer", layerJSON, beforeLayer?]`.
    case addLayer(JSONValue, before: String?)
    /// `["removeLayer", layer]`.
    case removeLayer(String)
    /// `["addSource", identifier, sourceJSON]`.
    case addSource(identifier: String, JSONValue)
    /// `["removeSource", identifier]`.
    case removeSource(String)
    /// `["setStyle", styleJSON]`: the whole style replaced.
    case setStyle(StyleDocument)
    /// `["setStyle", url]`: the caller loads the style at `url` (a `Style` does no I/O) and
    /// replaces the document with it (``Style/replaceDocument(_:)``).
    case setStyleURL(String)
    /// `["setProjection", {"type": …}]` (GL JS; `null` or no argument removes the projection: Web Mercator).
    case setProjection(StyleProjection?)
    /// `["setSky", skyJSON]` (GL JS; `null` removes the sky).
    case setSky(JSONValue?)

    /// Reads a style operation; returns `nil` for operations that are not about the style
    /// (`wait`, `setZoom`, `setFeatureState`, …), which the caller handles.
    ///
    /// - Throws: `StyleDocumentError` for a style operation with missing or mistyped arguments.
    public init?(json: JSONValue) throws(StyleDocumentError) {
        guard let items = json.array, let name = items.first?.string else {
            throw StyleDocumentError(path: "operation", "an array starting with the operation's name expected")
        }
        func string(_ i: Int) throws(StyleDocumentError) -> String {
            guard i < items.count, let s = items[i].string else {
                throw StyleDocumentError(path: "\(name)[\(i)]", "string expected")
            }
            return s
        }
        func optionalValue(_ i: Int) -> JSONValue? {
            guard i < items.count, !items[i].isNull else { return nil }
            return items[i]
        }
        switch name {
        case "setPaintProperty": self = .setPaintProperty(layer: try string(1), name: try string(2), value: optionalValue(3))
        case "setLayoutProperty": self = .setLayoutProperty(layer: try string(1), name: try string(2), value: optionalValue(3))
        case "setFilter": self = .setFilter(layer: try string(1), filter: optionalValue(2))
        case "setLayerZoomRange":
            self = .setLayerZoomRange(layer: try string(1), minimum: optionalValue(2)?.number, maximum: optionalValue(3)?.number)
        case "addLayer":
            guard let layer = optionalValue(1) else { throw StyleDocumentError(path: "addLayer[1]", "layer object expected") }
            self = .addLayer(layer, before: optionalValue(2)?.string)
        case "removeLayer": self = .removeLayer(try string(1))
        case "addSource":
            guard let source = optionalValue(2) else { throw StyleDocumentError(path: "addSource[2]", "source object expected") }
            self = .addSource(identifier: try string(1), source)
        case "removeSource": self = .removeSource(try string(1))
        case "setStyle":
            if let url = optionalValue(1)?.string {
                self = .setStyleURL(url)
            } else if let style = optionalValue(1), style.object != nil {
                self = .setStyle(try StyleDocument(json: style))
            } else {
                throw StyleDocumentError(path: "setStyle[1]", "a style object or URL expected")
            }
        case "setProjection":
            // GL JS's harness and API take {type}; a bare name is read as {type: name}
            if let value = optionalValue(1) {
                if value.string != nil {
                    self = .setProjection(StyleProjection(type: value))
                } else if let projection = StyleProjection(member: value) {
                    self = .setProjection(projection)
                } else if value.object?.isEmpty == true {
                    self = .setProjection(nil)
                } else {
                    throw StyleDocumentError(path: "setProjection[1]", "a projection object {\"type\": …} expected")
                }
            } else {
                self = .setProjection(nil)
            }
        case "setSky": self = .setSky(optionalValue(1))
        default: return nil
        }
    }
}

extension Style {
    /// Applies one runtime styling operation.
    ///
    /// - Throws: `StyleError` when the style refuses it (`invalidDocument` for a layer or
    ///   source JSON that cannot be read).
    public func apply(_ operation: StyleOperation) throws(StyleError) {
        switch operation {
        case .setPaintProperty(let layer, let name, let value), .setLayoutProperty(let layer, let name, let value):
            try setValue(value, forProperty: name, ofLayer: layer)
        case .setFilter(let layer, let filter):
            try setPredicate(filter, ofLayer: layer)
        case .setLayerZoomRange(let layer, let minimum, let maximum):
            try updateLayer(withIdentifier: layer) { (l: inout StyleLayer) throws(StyleError) in
                l.minimumZoomLevel = minimum
                l.maximumZoomLevel = maximum
            }
        case .addLayer(let json, let before):
            let layer: StyleLayer
            do { layer = try StyleLayer(json: json) } catch { throw StyleError.invalidDocument(error) }
            if let before { try insertLayer(layer, below: before) } else { try addLayer(layer) }
        case .removeLayer(let identifier):
            try removeLayer(withIdentifier: identifier)
        case .addSource(let identifier, let json):
            let source: StyleSource
            do { source = try StyleSource(identifier: identifier, json: json) } catch { throw StyleError.invalidDocument(error) }
            try addSource(source)
        case .removeSource(let identifier):
            try removeSource(withIdentifier: identifier)
        case .setStyle(let document):
            try replaceDocument(document)
        case .setStyleURL(let url):
            throw StyleError.unloadedStyleURL(url)
        case .setProjection(let projection):
            try setProjection(projection)
        case .setSky(let sky):
            try setSky(sky)
        }
    }
}
