import Foundation
public import GeoJSON

/// The style a map shows, changeable at run time (the SDK's `MLNStyle`).
///
/// `Style` has identity: a map and the code styling it share one instance, and changes are
/// seen by both. Every change is checked first and refused with a `StyleError` that says why
/// (duplicate identifiers, a layer naming a missing source, removing a source in use, an
/// unknown property, a value of the wrong type). All members are safe to call from any thread.
public final class Style: @unchecked Sendable {
    private let lock = NSLock()
    private var document: StyleDocument {
        didSet { revision &+= 1 }
    }
    /// Bumped by every change; compiled layers are cached per revision.
    private var revision: UInt64 = 0
    private var compiled: (revision: UInt64, layers: [CompiledLayer])?
    /// Global state set at run time (``setGlobalStateProperty(_:value:)``), over the `state` defaults.
    private var stateOverrides = JSONObject()
    /// Checks property values and predicates before they are set.
    public let validator: StyleValidator
    /// Images added at run time, by name.
    private var images: [String: StyleImageData] = [:]
    /// Bumped by every image change (maps rebuild their image lookup then).
    private var imageRevision: UInt64 = 0

    /// Images added at run time and the revision of that set.
    public var addedImages: (revision: UInt64, images: [String: StyleImageData]) { withLock { (imageRevision, images) } }

    /// Runs `body` on the added images under the lock, counting a change.
    func withImages<T>(_ body: (inout [String: StyleImageData]) -> T) -> T {
        withLock {
            imageRevision &+= 1
            return body(&images)
        }
    }

    /// An empty style; `validator` checks values set later (plug in an expression parser to
    /// have expression values checked too).
    public init(validator: StyleValidator = StyleValidator()) {
        self.validator = validator
        document = StyleDocument()
    }

    /// A style showing `document`.
    ///
    /// With `reading: .tolerant` the style is loaded as MapLibre Native loads one: a layer that
    /// repeats an identifier, names a missing source or one it cannot draw is left out, and each
    /// left-out part is listed in ``loadWarnings`` (after the document's own ``StyleDocument/warnings``).
    ///
    /// - Throws: `StyleError` (strict reading) when two sources or layers share an identifier or a
    ///   layer names a missing or incompatible source.
    public init(document: StyleDocument, reading: StyleReading = .strict,
                validator: StyleValidator = StyleValidator()) throws(StyleError) {
        self.validator = validator
        var document = document
        switch reading {
        case .strict:
            try Self.check(document)
            warnings = document.warnings
        case .tolerant:
            warnings = document.warnings + Self.dropUnloadable(&document)
        }
        self.document = StyleDocument(members: document.members, sources: document.sources, layers: document.layers)
    }

    /// What loading left out (``StyleReading/tolerant``), and why; empty for a strict load.
    public var loadWarnings: [StyleWarning] { withLock { warnings + Self.projectionWarnings(document, state: currentGlobalState) } }
    private var warnings: [StyleWarning] = []

    /// Removes the sources and layers a strict check refuses, saying why for each.
    private static func dropUnloadable(_ document: inout StyleDocument) -> [StyleWarning] {
        var warnings: [StyleWarning] = []
        var sources: [String: StyleSource] = [:]
        document.sources = document.sources.filter { source in
            if sources[source.identifier] != nil {
                warnings.append(StyleWarning(path: "sources.\(source.identifier)", "\(StyleError.duplicateSourceIdentifier(source.identifier)); the source is left out"))
                return false
            }
            sources[source.identifier] = source
            return true
        }
        var layerIDs = Set<String>()
        var kept: [StyleLayer] = []
        for (index, layer) in document.layers.enumerated() {
            let path = "layers[\(index)]"
            do throws(StyleError) {
                guard layerIDs.insert(layer.identifier).inserted else { throw StyleError.duplicateLayerIdentifier(layer.identifier) }
                if let sourceID = layer.sourceIdentifier, layer.type.usesSource {
                    guard let source = sources[sourceID] else { throw StyleError.missingSource(layer: layer.identifier, source: sourceID) }
                    try Self.checkCompatible(layer, with: source)
                }
                kept.append(layer)
            } catch {
                warnings.append(StyleWarning(path: path, "\(error); the layer is left out"))
            }
        }
        document.layers = kept
        return warnings
    }

    /// Replaces everything the style holds (root members, sources, layers) with `document`, as
    /// `setStyle` does; layers compiled for the old document are dropped.
    ///
    /// - Throws: the errors of `init(document:)`; the style is unchanged then.
    public func replaceDocument(_ document: StyleDocument) throws(StyleError) {
        try Self.check(document)
        withLock {
            self.document = StyleDocument(members: document.members, sources: document.sources, layers: document.layers)
            warnings = document.warnings
            stateOverrides = JSONObject()
        }
    }

    /// Checks each source and layer as a runtime addition would be, in order, with a set and a
    /// dictionary instead of scans (a style of 100,000 layers loads in linear time).
    private static func check(_ document: StyleDocument) throws(StyleError) {
        var sources: [String: StyleSource] = [:]
        for source in document.sources {
            guard sources.updateValue(source, forKey: source.identifier) == nil else {
                throw StyleError.duplicateSourceIdentifier(source.identifier)
            }
        }
        var layerIDs = Set<String>()
        for layer in document.layers {
            guard layerIDs.insert(layer.identifier).inserted else { throw StyleError.duplicateLayerIdentifier(layer.identifier) }
            if let sourceID = layer.sourceIdentifier, layer.type.usesSource {
                guard let source = sources[sourceID] else { throw StyleError.missingSource(layer: layer.identifier, source: sourceID) }
                try Self.checkCompatible(layer, with: source)
            }
        }
    }

    /// Reads style JSON text into a new style.
    ///
    /// - Throws: `StyleError.invalidDocument`, or the errors of `init(document:)`.
    public convenience init(parsing text: String, validator: StyleValidator = StyleValidator()) throws(StyleError) {
        let document: StyleDocument
        do { document = try StyleDocument(parsing: text) } catch { throw StyleError.invalidDocument(error) }
        try self.init(document: document, validator: validator)
    }

    private func withLock<T>(_ body: () throws(StyleError) -> T) throws(StyleError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func withLock<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Sets (or removes) a root member other than `sources` and `layers` (the caller checked the value).
    func setRootMember(_ key: String, to value: JSONValue?) {
        withLock { document.setMember(key, to: value) }
    }

    /// A snapshot of the style as a document (for writing or rendering).
    public var styleDocument: StyleDocument { withLock { document } }

    /// The style as JSON text.
    public func serialized(pretty: Bool = false) -> String { styleDocument.serialized(pretty: pretty) }

    /// The style's name.
    public var name: String? { withLock { document.name } }

    /// The `sprite` member (a URL, or an array of `{id, url}`), if the style has one.
    public var spriteDefinition: JSONValue? { withLock { document.members["sprite"] } }

    /// The `glyphs` URL template (`{fontstack}`, `{range}`), if the style has one.
    public var glyphsURL: String? { withLock { document.glyphs } }

    /// The `font-faces` member (font files by font name, shaped with HarfBuzz), if the style has one.
    package var fontFacesDefinition: JSONValue? { withLock { document.members["font-faces"] } }

    /// A number that changes whenever the style does (sources, layers, properties, root members).
    public var currentRevision: UInt64 { withLock { revision } }

    /// Every layer with its filter and properties compiled, bottom-most first.
    ///
    /// Compiled once per revision: an unchanged style returns the cached layers, and after a
    /// change only the properties whose value changed are compiled again.
    ///
    /// - Throws: `StyleRenderError` for a property or filter that does not compile.
    package func compiledLayers() throws(StyleRenderError) -> [CompiledLayer] {
        let (layers, current, previous, state) = withLock { () -> ([StyleLayer], UInt64, (revision: UInt64, layers: [CompiledLayer])?, JSONObject) in
            (document.layers, revision, compiled, currentGlobalState)
        }
        if let previous, previous.revision == current { return previous.layers }
        var earlier: [String: CompiledLayer] = [:]
        for layer in previous?.layers ?? [] { earlier[layer.layer.identifier] = layer }
        var result: [CompiledLayer] = []
        result.reserveCapacity(layers.count)
        for layer in layers {
            let old = earlier[layer.identifier]
            if let old, old.layer == layer, old.isCurrent(in: state) {
                result.append(old)
            } else {
                result.append(try CompiledLayer(layer, state: state, reusing: old))
            }
        }
        withLock {
            if revision == current { compiled = (current, result) }
        }
        return result
    }

    // MARK: Global state

    /// The global state `["global-state", key]` reads: the style's `state` defaults (`{"key": {"default": value}}`)
    /// with the values set by ``setGlobalStateProperty(_:value:)`` over them.
    public var globalState: JSONObject { withLock { currentGlobalState } }

    var currentGlobalState: JSONObject {
        var state = JSONObject()
        if case .object(let definitions)? = document.members["state"] {
            for (key, definition) in definitions { state[key] = definition.object?["default"] ?? .null }
        }
        for (key, value) in stateOverrides { state[key] = value }
        return state
    }

    /// Sets global state property `name` (GL JS's `setGlobalStateProperty`); `nil` or `null` puts its `state`
    /// default back. Layers whose filter or layout read `name` are laid out again; those whose paint reads it
    /// are painted with the new value; nothing else is redone.
    public func setGlobalStateProperty(_ name: String, value: JSONValue?) {
        withLock {
            if let value, !value.isNull {
                stateOverrides[name] = value
            } else {
                _ = stateOverrides.removeValue(forKey: name)
            }
            revision &+= 1
        }
    }

    // MARK: Sources

    /// The content sources, in order.
    public var sources: [StyleSource] { withLock { document.sources } }

    /// The source with `identifier`, or `nil`.
    public func source(withIdentifier identifier: String) -> StyleSource? {
        withLock { document.sources.first { $0.identifier == identifier } }
    }

    /// Adds a content source.
    ///
    /// - Throws: `StyleError.duplicateSourceIdentifier`.
    public func addSource(_ source: StyleSource) throws(StyleError) {
        try withLock { () throws(StyleError) in
            if document.sources.contains(where: { $0.identifier == source.identifier }) {
                throw StyleError.duplicateSourceIdentifier(source.identifier)
            }
            document.sources.append(source)
        }
    }

    /// Replaces the source with the same identifier (new data or options for a shape source).
    ///
    /// - Throws: `StyleError.sourceNotFound`, or `incompatibleSource` when a layer using it
    ///   cannot draw the new kind.
    public func updateSource(_ source: StyleSource) throws(StyleError) {
        try withLock { () throws(StyleError) in
            guard let i = document.sources.firstIndex(where: { $0.identifier == source.identifier }) else {
                throw StyleError.sourceNotFound(source.identifier)
            }
            for layer in document.layers where layer.sourceIdentifier == source.identifier {
                try Self.checkCompatible(layer, with: source)
            }
            document.sources[i] = source
        }
    }

    /// Removes the source with `identifier` and returns it.
    ///
    /// - Throws: `StyleError.sourceNotFound`, or `StyleError.sourceInUse` while layers use it.
    @discardableResult
    public func removeSource(withIdentifier identifier: String) throws(StyleError) -> StyleSource {
        try withLock { () throws(StyleError) in
            guard let i = document.sources.firstIndex(where: { $0.identifier == identifier }) else {
                throw StyleError.sourceNotFound(identifier)
            }
            let users = document.layers.filter { $0.sourceIdentifier == identifier }.map(\.identifier)
            if !users.isEmpty { throw StyleError.sourceInUse(source: identifier, layers: users) }
            return document.sources.remove(at: i)
        }
    }

    // MARK: Layers

    /// The layers, bottom-most first.
    public var layers: [StyleLayer] { withLock { document.layers } }

    /// The layer with `identifier`, or `nil`.
    public func layer(withIdentifier identifier: String) -> StyleLayer? {
        withLock { document.layers.first { $0.identifier == identifier } }
    }

    /// Adds `layer` on top of all others.
    ///
    /// - Throws: `duplicateLayerIdentifier`, `missingSource` or `incompatibleSource`.
    public func addLayer(_ layer: StyleLayer) throws(StyleError) {
        try insert(layer, sibling: nil) { $0.count }
    }

    /// Inserts `layer` directly below the layer `sibling`.
    ///
    /// - Throws: `layerNotFound` for an unknown sibling, or the errors of `addLayer`.
    public func insertLayer(_ layer: StyleLayer, below sibling: String) throws(StyleError) {
        try insert(layer, sibling: sibling) { $0.firstIndex { $0.identifier == sibling } }
    }

    /// Inserts `layer` directly above the layer `sibling`.
    ///
    /// - Throws: `layerNotFound` for an unknown sibling, or the errors of `addLayer`.
    public func insertLayer(_ layer: StyleLayer, above sibling: String) throws(StyleError) {
        try insert(layer, sibling: sibling) { layers in layers.firstIndex { $0.identifier == sibling }.map { $0 + 1 } }
    }

    /// Inserts `layer` at `index` (0 is the bottom).
    ///
    /// - Throws: the errors of `addLayer`; an index beyond the ends is clamped.
    public func insertLayer(_ layer: StyleLayer, at index: Int) throws(StyleError) {
        try insert(layer, sibling: nil) { min(max(0, index), $0.count) }
    }

    private func insert(_ layer: StyleLayer, sibling: String?,
                        at position: ([StyleLayer]) -> Int?) throws(StyleError) {
        try withLock { () throws(StyleError) in
            if document.layers.contains(where: { $0.identifier == layer.identifier }) {
                throw StyleError.duplicateLayerIdentifier(layer.identifier)
            }
            if let sourceID = layer.sourceIdentifier, layer.type.usesSource {
                guard let source = document.sources.first(where: { $0.identifier == sourceID }) else {
                    throw StyleError.missingSource(layer: layer.identifier, source: sourceID)
                }
                try Self.checkCompatible(layer, with: source)
            }
            guard let index = position(document.layers) else {
                throw StyleError.layerNotFound(sibling ?? layer.identifier)
            }
            document.layers.insert(layer, at: index)
        }
    }

    /// Removes the layer with `identifier` and returns it.
    ///
    /// - Throws: `StyleError.layerNotFound`.
    @discardableResult
    public func removeLayer(withIdentifier identifier: String) throws(StyleError) -> StyleLayer {
        try withLock { () throws(StyleError) in
            guard let i = document.layers.firstIndex(where: { $0.identifier == identifier }) else {
                throw StyleError.layerNotFound(identifier)
            }
            return document.layers.remove(at: i)
        }
    }

    /// Changes the layer `identifier` in place (visibility, zoom range, predicate, properties).
    ///
    /// - Throws: `StyleError.layerNotFound`, or whatever `body` throws (its changes are then dropped).
    public func updateLayer(withIdentifier identifier: String,
                            _ body: (inout StyleLayer) throws(StyleError) -> Void) throws(StyleError) {
        try withLock { () throws(StyleError) in
            guard let i = document.layers.firstIndex(where: { $0.identifier == identifier }) else {
                throw StyleError.layerNotFound(identifier)
            }
            var layer = document.layers[i]
            try body(&layer)
            document.layers[i] = layer
        }
    }

    // MARK: Properties

    /// The value of property `name` (spec or Swift name) of layer `identifier`, or `nil` if unset.
    ///
    /// - Throws: `layerNotFound` or `unknownProperty`.
    public func value(forProperty name: String, ofLayer identifier: String) throws(StyleError) -> JSONValue? {
        guard let layer = layer(withIdentifier: identifier) else { throw StyleError.layerNotFound(identifier) }
        return try layer.value(forProperty: name)
    }

    /// Sets (or, with `nil`, resets) property `name` (spec or Swift name) of layer `identifier`.
    ///
    /// - Throws: `layerNotFound`, `unknownProperty` or `invalidValue`.
    public func setValue(_ value: JSONValue?, forProperty name: String, ofLayer identifier: String) throws(StyleError) {
        let validator = self.validator
        try updateLayer(withIdentifier: identifier) { (layer: inout StyleLayer) throws(StyleError) in
            try layer.setValue(value, forProperty: name, validator: validator)
        }
    }

    /// Sets (or, with `nil`, removes) the predicate (`filter`) of layer `identifier`.
    ///
    /// - Throws: `layerNotFound`, or `invalidValue` for a malformed filter.
    public func setPredicate(_ predicate: JSONValue?, ofLayer identifier: String) throws(StyleError) {
        let validator = self.validator
        try updateLayer(withIdentifier: identifier) { (layer: inout StyleLayer) throws(StyleError) in
            try layer.setPredicate(predicate, validator: validator)
        }
    }

    static func checkCompatible(_ layer: StyleLayer, with source: StyleSource) throws(StyleError) {
        let ok: Bool
        switch layer.type {
        case .background: ok = true
        case .raster: ok = source.kind == .raster || source.kind == .image
        case .hillshade, .colorRelief: ok = source.kind == .rasterDEM
        case .fill, .line, .symbol, .circle, .heatmap, .fillExtrusion:
            ok = source.kind == .vector || source.kind == .geojson
        }
        if !ok { throw StyleError.incompatibleSource(layer: layer.identifier, layerType: layer.type, sourceKind: source.kind) }
    }
}

