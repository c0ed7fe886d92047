/// Why a runtime styling call was refused.
public enum StyleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A source with this identifier is already in the style.
    case duplicateSourceIdentifier(String)
    /// A layer with this identifier is already in the style.
    case duplicateLayerIdentifier(String)
    /// No source has this identifier.
    case sourceNotFound(String)
    /// No layer has this identifier.
    case layerNotFound(String)
    /// A layer names a content source the style does not have.
    case missingSource(layer: String, source: String)
    /// The source cannot be removed while these layers draw from it.
    case sourceInUse(source: String, layers: [String])
    /// The layer type cannot draw from this kind of source (a `raster` layer on a vector source…).
    case incompatibleSource(layer: String, layerType: LayerType, sourceKind: StyleSource.Kind)
    /// The layer type has no property with this name (spec or Swift name).
    case unknownProperty(layerType: LayerType, property: String)
    /// The value does not fit the property; `message` is the validator's.
    case invalidValue(layer: String, property: String, message: String)
    /// The style document could not be read.
    case invalidDocument(StyleDocumentError)
    /// `setStyle` named a URL: load the style and call `replaceDocument` (a `Style` does no I/O).
    case unloadedStyleURL(String)
    /// A typed view of one layer type was asked for a layer of another type.
    case layerTypeMismatch(layer: String, expected: LayerType, found: LayerType)
    /// An image's size and bytes do not agree, or its pixel ratio is not positive.
    case invalidImage(String)
    /// A root member (`projection`, `sky`) set at run time does not fit the specification; `message` is the
    /// validator's, located (`projection.type: projection expected, invalid type "number" found`).
    case invalidRootMember(member: String, message: String)

    public var description: String {
        switch self {
        case .duplicateSourceIdentifier(let id): return "a source with identifier \"\(id)\" already exists"
        case .duplicateLayerIdentifier(let id): return "a layer with identifier \"\(id)\" already exists"
        case .sourceNotFound(let id): return "no source with identifier \"\(id)\""
        case .layerNotFound(let id): return "no layer with identifier \"\(id)\""
        case .missingSource(let layer, let source):
            return "layer \"\(layer)\" uses source \"\(source)\", which is not in the style; add the source first"
        case .sourceInUse(let source, let layers):
            return "source \"\(source)\" is still used by layer(s) \(layers.map { "\"\($0)\"" }.joined(separator: ", ")); remove them first"
        case .incompatibleSource(let layer, let type, let kind):
            return "layer \"\(layer)\" of type \(type.rawValue) cannot draw from a \(kind.rawValue) source"
        case .unknownProperty(let type, let property):
            return "\(type.sdkClassName) has no property \"\(property)\""
        case .invalidValue(let layer, _, let message):
            return "layer \"\(layer)\": \(message)"
        case .invalidDocument(let error): return error.description
        case .unloadedStyleURL(let url):
            return "setStyle(\"\(url)\"): the style at this URL must be loaded first; a Style reads no files or URLs"
        case .invalidImage(let message): return "invalid image: \(message)"
        case .invalidRootMember(_, let message): return message
        case .layerTypeMismatch(let layer, let expected, let found):
            return "layer \"\(layer)\" is a \(found.rawValue) layer, not a \(expected.rawValue) layer"
        }
    }
}
