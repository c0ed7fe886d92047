import GeoJSON

extension SpecValidator {
    /// `validateLayer(options)`.
    func validateLayer(_ o: Options) -> [ValidationMessage] {
        guard let layer = o.value, layer.isObject else {
            return [error(o.key, o.value, "object expected, \(type(o.value)) found")]
        }
        let key = o.key
        var errors: [ValidationMessage] = []
        let layerTypeNode = layer.member("type")
        let refNode = layer.member("ref")
        if !truthy(layerTypeNode) && !truthy(refNode) {
            errors.append(error(key, layer, "either \"type\" or \"ref\" is required"))
        }
        var layerType: JSONValue? = layerTypeNode?.value
        let styleLayers = style.member("layers")

        if let idNode = layer.member("id"), truthy(idNode) {
            for i in earlierLayers(withID: idNode.value, before: min(o.arrayIndex ?? 0, styleLayers?.count ?? 0)) {
                if let otherID = styleLayers?.element(i)?.member("id"), Self.strictEquals(otherID.value, idNode.value) {
                    let line = otherID.path.flatMap(lineOf).map(String.init) ?? "undefined"
                    errors.append(error(key, idNode, "duplicate layer id \"\(JavaScript.display(idNode.value))\", previously used at line \(line)"))
                }
            }
        }

        if layer.value.object?["ref"] != nil {
            for p in ["type", "source", "source-layer", "filter", "layout"] where layer.value.object?[p] != nil {
                errors.append(error(key, layer.member(p), "\"\(p)\" is prohibited for ref layers"))
            }
            // The last layer whose id strictly equals the ref, from the id index (a scan of every layer
            // per ref layer made a style of n ref layers cost n²).
            var parent: Node?
            if let ref = refNode, let last = lastLayer(withID: ref.value) {
                parent = styleLayers?.element(last)
            }
            if let parent {
                if truthy(parent.member("ref")) {
                    errors.append(error(key, refNode, "ref cannot reference another ref layer"))
                } else {
                    layerType = parent.member("type")?.value
                }
            } else {
                errors.append(error(key, refNode, "ref layer \"\(refNode.map { JavaScript.display($0.value) } ?? "undefined")\" not found"))
            }
        } else if layerType?.string != "background" {
            let typeName = layerType?.string
            let sourceNode = layer.member("source")
            if !truthy(sourceNode) {
                errors.append(error(key, layer, "missing required property \"source\""))
            } else if let sourceNode {
                let sourceName = JavaScript.display(sourceNode.value)
                let source = style.member("sources")?.member(sourceName)
                let sourceType = source?.member("type")?.value.string
                let id = layer.member("id").map { JavaScript.display($0.value) } ?? "undefined"
                if !truthy(source) {
                    errors.append(error(key, sourceNode, "source \"\(sourceName)\" not found"))
                } else if sourceType == "vector" && typeName == "raster" {
                    errors.append(error(key, sourceNode, "layer \"\(id)\" requires a raster source"))
                } else if sourceType != "raster-dem" && typeName == "hillshade" {
                    errors.append(error(key, sourceNode, "layer \"\(id)\" requires a raster-dem source"))
                } else if sourceType != "raster-dem" && typeName == "color-relief" {
                    errors.append(error(key, sourceNode, "layer \"\(id)\" requires a raster-dem source"))
                } else if sourceType == "raster" && typeName != "raster" {
                    errors.append(error(key, sourceNode, "layer \"\(id)\" requires a vector source"))
                } else if sourceType == "vector" && !truthy(layer.member("source-layer")) {
                    errors.append(error(key, layer, "layer \"\(id)\" must specify a \"source-layer\""))
                } else if sourceType == "raster-dem" && typeName != "hillshade" && typeName != "color-relief" {
                    errors.append(error(key, sourceNode, "raster-dem source can only be used with layer type 'hillshade' or 'color-relief'."))
                } else if typeName == "line", truthy(layer.member("paint")),
                          truthy(layer.member("paint")?.member("line-gradient")),
                          sourceType != "geojson" || !truthy(source?.member("lineMetrics")) {
                    errors.append(error(key, layer, "layer \"\(id)\" specifies a line-gradient, which requires a GeoJSON source with `lineMetrics` enabled."))
                }
            }
        }

        if layerType?.string == "raster", truthy(layer.member("paint")?.member("resampling")),
           truthy(layer.member("paint")?.member("raster-resampling")) {
            let id = layer.member("id").map { JavaScript.display($0.value) } ?? "undefined"
            errors.append(error(key, layer.member("paint"), "layer \"\(id)\" redundantly specifies \"resampling\" and \"raster-resampling\" paint properties, but only one is allowed. It is advised to use \"resampling\"."))
        }

        let resolvedType = layerType?.string ?? layerType.map(JavaScript.display)
        let layerSpec = spec["layer"]
        errors += validateObject(Options(key: key, value: layer, valueSpec: layerSpec, objectElementValidators: [
            "*": { _ in [] },
            "type": { [unowned self] _ in
                self.validate(Options(key: "\(key).type", value: layerTypeNode, valueSpec: layerSpec?["type"], objectKey: "type"))
            },
            "filter": { [unowned self] inner in self.validateFilter(inner) },
            "layout": { [unowned self] inner in
                self.validateObject(Options(key: inner.key, value: inner.value, valueSpec: nil, objectElementValidators: [
                    "*": { [unowned self] property in
                        var p = property
                        p.layerType = resolvedType
                        return self.validateProperty(p, propertyType: "layout")
                    },
                ]))
            },
            "paint": { [unowned self] inner in
                self.validateObject(Options(key: inner.key, value: inner.value, valueSpec: nil, objectElementValidators: [
                    "*": { [unowned self] property in
                        var p = property
                        p.layerType = resolvedType
                        let unchecked = self.uncheckedExpressions.count
                        let messages = self.validateProperty(p, propertyType: "paint")
                        // warnings only for values an expression parser found valid
                        return messages.isEmpty && self.uncheckedExpressions.count == unchecked ? self.elevationWarnings(p) : messages
                    },
                ]))
            },
        ]))
        return errors
    }

    /// `validateProperty(options, propertyType)`: one paint or layout property.
    func validateProperty(_ o: Options, propertyType: String) -> [ValidationMessage] {
        // A value found valid for the same property of the same layer type is valid again: its messages
        // depend on nothing else (styles repeat values across layers; 50,000 layers validate in linear time).
        guard o.valueSpec == nil, let value = o.value?.value, let layerTypeName = o.layerType else {
            return validatePropertyValue(o, propertyType: propertyType)
        }
        let key = ValidPropertyKey(propertyType: propertyType, layerType: layerTypeName, property: o.objectKey ?? "", value: value)
        if validProperties.contains(key) { return [] }
        let unchecked = uncheckedExpressions.count
        let messages = validatePropertyValue(o, propertyType: propertyType)
        if messages.isEmpty && uncheckedExpressions.count == unchecked { validProperties.insert(key) }
        return messages
    }

    /// Mercator's warnings about `["elevation"]` for a paint value the specification accepts: a
    /// `color-relief-color` that is not an `interpolate` or `step` over it (GL JS draws the layer
    /// transparent), and `["elevation"]` in any other property (it is 0 there).
    func elevationWarnings(_ o: Options) -> [ValidationMessage] {
        guard let node = o.value else { return [] }
        if o.layerType == "color-relief", o.objectKey == "color-relief-color" {
            let ramps: Set<String> = ["interpolate", "interpolate-hcl", "interpolate-lab", "step"]
            if case .array(let a) = node.value, let op = a.first?.string, ramps.contains(op),
               a.count > 2, a[op == "step" ? 1 : 2] == .array([.string("elevation")]) {
                return []
            }
            return [error(o.key, node, "color-relief-color is not an \"interpolate\" or \"step\" expression over [\"elevation\"]; the layer draws nothing",
                          severity: .warning)]
        }
        guard Self.readsElevation(node.value) else { return [] }
        return [error(o.key, node, "[\"elevation\"] is only defined in color-relief-color; it is 0 here", severity: .warning)]
    }

    /// Whether `value` (an expression, or JSON holding one) contains `["elevation"]`.
    static func readsElevation(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let a):
            if a.count == 1, a[0] == .string("elevation") { return true }
            if a.first == .string("literal") { return false }
            return a.contains(where: readsElevation)
        case .object(let o): return o.values.contains(where: readsElevation)
        default: return false
        }
    }

    /// A paint or layout value found valid (``validProperties``).
    struct ValidPropertyKey: Hashable {
        var propertyType: String
        var layerType: String
        var property: String
        var value: JSONValue
    }

    private func validatePropertyValue(_ o: Options, propertyType: String) -> [ValidationMessage] {
        guard let layerTypeName = o.layerType, let layerSpec = spec["\(propertyType)_\(layerTypeName)"]?.object else { return [] }
        let propertyKey = o.objectKey ?? ""
        if propertyType == "paint", let base = Self.transitionBase(propertyKey),
           let baseSpec = layerSpec[base], baseSpec["transition"]?.bool == true {
            return validate(Options(key: o.key, value: o.value, valueSpec: spec["transition"]))
        }
        guard let valueSpec = o.valueSpec ?? layerSpec[propertyKey] else {
            return [error(o.key, o.value, "unknown property \"\(propertyKey)\"")]
        }
        if let s = o.value?.string, Self.supportsPropertyExpression(valueSpec), valueSpec["tokens"]?.bool != true,
           s.hasPrefix("{"), s.hasSuffix("}"), s.count > 2, !s.dropFirst().dropLast().contains("}") {
            let token = String(s.dropFirst().dropLast())
            return [error(o.key, o.value, "\"\(propertyKey)\" does not support interpolation syntax\n"
                + "Use an identity property function instead: `{ \"type\": \"identity\", \"property\": \(JavaScript.quote(token)) }`.")]
        }
        var errors: [ValidationMessage] = []
        if layerTypeName == "symbol", propertyKey == "text-font", let v = o.value, v.isObject,
           v.member("type")?.string == "identity" {
            errors.append(error(o.key, v, "\"text-font\" does not support identity functions"))
        }
        return errors + validate(Options(key: o.key, value: o.value, valueSpec: valueSpec, expressionContext: .property,
                                         propertyType: propertyType, propertyKey: propertyKey))
    }

    static func supportsPropertyExpression(_ spec: JSONValue) -> Bool {
        let t = spec["property-type"]?.string
        return t == "data-driven" || t == "cross-faded-data-driven"
    }

    static func supportsZoomExpression(_ spec: JSONValue) -> Bool {
        spec["expression"]?["parameters"]?.array?.contains(.string("zoom")) ?? false
    }

    static func supportsInterpolation(_ spec: JSONValue) -> Bool {
        spec["expression"]?["interpolated"]?.bool ?? false
    }

    // MARK: Sources

    /// `validateSource(options)`.
    func validateSource(_ o: Options) -> [ValidationMessage] {
        let key = o.key
        guard let value = o.value, value.value.object != nil, truthy(value.member("type")) else {
            return [error(key, o.value, "\"type\" is required")]
        }
        let typeNode = value.member("type")
        let promote: [String: (Options) -> [ValidationMessage]] = ["promoteId": { [unowned self] inner in self.validatePromoteID(inner) }]
        switch typeNode?.string {
        case let name? where name == "vector" || name == "raster":
            return validateObject(Options(key: key, value: value, valueSpec: spec["source_\(name)"], objectElementValidators: promote))
        case "raster-dem":
            return validateRasterDEMSource(sourceName: key, value)
        case "geojson":
            var errors = validateObject(Options(key: key, value: value, valueSpec: spec["source_geojson"], objectElementValidators: promote))
            if truthy(value.member("cluster")), let properties = value.member("clusterProperties"), properties.isObject {
                for prop in properties.keys {
                    guard let pair = properties.member(prop), pair.isArray else { continue }
                    let mapExpression = pair.element(1)
                    let reduceExpression = pair.element(0)
                    errors += validateExpression(Options(key: "\(key).\(prop).map", value: mapExpression, valueSpec: nil,
                                                         expressionContext: .clusterMap))
                    errors += validateExpression(Options(key: "\(key).\(prop).reduce", value: reduceExpression, valueSpec: nil,
                                                         expressionContext: .clusterReduce))
                }
            }
            return errors
        case "video":
            return validateObject(Options(key: key, value: value, valueSpec: spec["source_video"]))
        case "image":
            return validateObject(Options(key: key, value: value, valueSpec: spec["source_image"]))
        case "canvas":
            return [error(key, nil, "Please use runtime APIs to add canvas sources, rather than including them in stylesheets.",
                          identifier: "source.canvas")]
        default:
            return validateEnum(Options(key: "\(key).type", value: typeNode,
                                        valueSpec: ["values": ["vector", "raster", "raster-dem", "geojson", "video", "image"]]))
        }
    }

    private func validatePromoteID(_ o: Options) -> [ValidationMessage] {
        if type(o.value) == "string" { return validateString(o) }
        guard let node = o.value, node.isObject else { return [] }
        return node.keys.flatMap { validateString(Options(key: "\(o.key).\($0)", value: node.member($0))) }
    }

    private func validateRasterDEMSource(sourceName: String, _ dem: Node) -> [ValidationMessage] {
        let demSpec = spec["source_raster_dem"]
        let encoding = dem.member("encoding")
        let isCustom = encoding?.string == "custom"
        let customKeys = ["redFactor", "greenFactor", "blueFactor", "baseShift"]
        let encodingName = truthy(encoding) ? "\"\(JavaScript.display(encoding!.value))\"" : "Default"
        var errors: [ValidationMessage] = []
        for key in dem.keys {
            let child = dem.member(key)
            if !isCustom && customKeys.contains(key) {
                errors.append(error(key, child, "In \"\(sourceName)\": \"\(key)\" is only valid when \"encoding\" is set to \"custom\". \(encodingName) encoding found"))
            } else if let s = demSpec?[key] {
                errors += validate(Options(key: key, value: child, valueSpec: s))
            } else {
                errors.append(error(key, child, "unknown property \"\(key)\""))
            }
        }
        return errors
    }
}
