import GeoJSON

/// Resolves `ref` layers as MapLibre Native's style parser does (and the style-spec's `deref`):
/// a layer with `"ref": "other"` takes `type`, `source`, `source-layer`, `minzoom`, `maxzoom`,
/// `filter` and `layout` from the layer it names and keeps its own `id`, `paint` and other members.
///
/// References are followed through chains (a ref to a ref layer), as Native parses the named layer
/// first; an unknown, circular or non-string reference leaves that layer unresolved, with the reason.
enum LayerReferences {
    /// The members a ref layer takes from the layer it names.
    static let inheritedMembers = ["type", "source", "source-layer", "minzoom", "maxzoom", "filter", "layout"]

    /// Each layer resolved (`ref` removed), or the reason it cannot be; a layer without `ref`
    /// (or not an object) is returned as it is.
    static func resolve(_ layers: [JSONValue]) -> [Result<JSONValue, StyleDocumentError>] {
        var indexByID: [String: Int] = [:]
        for (i, layer) in layers.enumerated() {
            if let id = layer.object?["id"]?.string, indexByID[id] == nil { indexByID[id] = i }
        }
        var resolved: [Result<JSONValue, StyleDocumentError>?] = Array(repeating: nil, count: layers.count)
        var stack: [Int] = []

        func resolve(_ i: Int) -> Result<JSONValue, StyleDocumentError> {
            if let done = resolved[i] { return done }
            let path = "layers[\(i)]"
            guard let object = layers[i].object, let ref = object["ref"] else {
                resolved[i] = .success(layers[i])
                return .success(layers[i])
            }
            let id = object["id"]?.string ?? ""
            let result: Result<JSONValue, StyleDocumentError>
            if stack.contains(i) {
                return .failure(StyleDocumentError(path: "\(path).ref", "the layer reference of \"\(id)\" is circular; the layer is left out"))
            } else if let name = ref.string {
                if let target = indexByID[name] {
                    stack.append(i)
                    let parent = resolve(target)
                    stack.removeLast()
                    switch parent {
                    case .success(let parentJSON):
                        var merged = JSONObject()
                        for (key, value) in object where key != "ref" && !inheritedMembers.contains(key) { merged[key] = value }
                        for key in inheritedMembers { if let v = parentJSON.object?[key] { merged[key] = v } }
                        result = .success(.object(Self.ordered(merged)))
                    case .failure(let error) where error.path == "layers[\(target)].ref" && error.message.contains("circular"):
                        result = .failure(StyleDocumentError(path: "\(path).ref", "the layer reference of \"\(id)\" is circular; the layer is left out"))
                    case .failure:
                        result = .failure(StyleDocumentError(path: "\(path).ref", "layer \"\(id)\" references layer \"\(name)\", which cannot be read; the layer is left out"))
                    }
                } else {
                    result = .failure(StyleDocumentError(path: "\(path).ref", "layer \"\(id)\" references unknown layer \"\(name)\"; the layer is left out"))
                }
            } else {
                result = .failure(StyleDocumentError(path: "\(path).ref", "the layer ref of \"\(id)\" must be a string, \(ref.typeName) found"))
            }
            resolved[i] = result
            return result
        }
        return layers.indices.map(resolve)
    }

    /// `id` first, then the inherited members, then the layer's own (paint, metadata…).
    private static func ordered(_ merged: JSONObject) -> JSONObject {
        var out = JSONObject()
        if let id = merged["id"] { out["id"] = id }
        for key in inheritedMembers { if let v = merged[key] { out[key] = v } }
        for (key, value) in merged where out[key] == nil { out[key] = value }
        return out
    }
}
