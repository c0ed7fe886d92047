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
        var work = 0
        return resolve(layers, work: &work)
    }

    /// ``resolve(_:)``, adding to `work` one for every step along a chain of references and every
    /// layer resolved back along it (tests check it stays linear in the number of layers).
    static func resolve(_ layers: [JSONValue], work: inout Int) -> [Result<JSONValue, StyleDocumentError>] {
        var steps = 0
        defer { work += steps }
        var indexByID: [String: Int] = [:]
        for (i, layer) in layers.enumerated() {
            if let id = layer.object?["id"]?.string, indexByID[id] == nil { indexByID[id] = i }
        }
        var resolved: [Result<JSONValue, StyleDocumentError>?] = Array(repeating: nil, count: layers.count)
        var onChain = [Bool](repeating: false, count: layers.count)

        func circular(_ i: Int) -> Result<JSONValue, StyleDocumentError> {
            let id = layers[i].object?["id"]?.string ?? ""
            return .failure(StyleDocumentError(path: "layers[\(i)].ref", "the layer reference of \"\(id)\" is circular; the layer is left out"))
        }

        /// Layer `i`'s result when it needs no other layer's; nil for a ref to a known layer.
        func direct(_ i: Int) -> Result<JSONValue, StyleDocumentError>? {
            guard let object = layers[i].object, let ref = object["ref"] else { return .success(layers[i]) }
            let id = object["id"]?.string ?? ""
            guard let name = ref.string else {
                return .failure(StyleDocumentError(path: "layers[\(i)].ref", "the layer ref of \"\(id)\" must be a string, \(ref.typeName) found"))
            }
            guard indexByID[name] != nil else {
                return .failure(StyleDocumentError(path: "layers[\(i)].ref", "layer \"\(id)\" references unknown layer \"\(name)\"; the layer is left out"))
            }
            return nil
        }

        /// Layer `i` (a ref to `target`) resolved against its parent's result.
        func merge(_ i: Int, target: Int, parent: Result<JSONValue, StyleDocumentError>) -> Result<JSONValue, StyleDocumentError> {
            let object = layers[i].object ?? JSONObject()
            let id = object["id"]?.string ?? ""
            let name = object["ref"]?.string ?? ""
            let path = "layers[\(i)]"
            switch parent {
            case .success(let parentJSON):
                var merged = JSONObject()
                for (key, value) in object where key != "ref" && !inheritedMembers.contains(key) { merged[key] = value }
                for key in inheritedMembers { if let v = parentJSON.object?[key] { merged[key] = v } }
                return .success(.object(Self.ordered(merged)))
            case .failure(let error) where error.path == "layers[\(target)].ref" && error.message.contains("circular"):
                return .failure(StyleDocumentError(path: "\(path).ref", "the layer reference of \"\(id)\" is circular; the layer is left out"))
            case .failure:
                return .failure(StyleDocumentError(path: "\(path).ref", "layer \"\(id)\" references layer \"\(name)\", which cannot be read; the layer is left out"))
            }
        }

        // Each chain of references is walked once, iteratively (a chain of 10,000 refs neither recurses
        // 10,000 deep nor searches the chain at every step): follow the refs to a layer whose result
        // is known (resolved before, not a ref, unreadable, or met again on this chain: circular),
        // then resolve the chain back from there, caching every layer on it.
        func resolve(_ start: Int) -> Result<JSONValue, StyleDocumentError> {
            if let done = resolved[start] { return done }
            var chain: [(index: Int, target: Int)] = []
            var current = start
            var base: Result<JSONValue, StyleDocumentError>
            while true {
                steps += 1
                if let done = resolved[current] { base = done; break }
                if onChain[current] { base = circular(current); break }
                if let result = direct(current) {
                    resolved[current] = result
                    base = result
                    break
                }
                // a ref to a known layer
                let target = indexByID[layers[current].object?["ref"]?.string ?? ""] ?? current
                onChain[current] = true
                chain.append((current, target))
                current = target
            }
            for link in chain.reversed() {
                steps += 1
                base = merge(link.index, target: link.target, parent: base)
                resolved[link.index] = base
                onChain[link.index] = false
            }
            return base
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
