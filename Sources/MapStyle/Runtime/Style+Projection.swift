import Foundation
public import GeoJSON

extension Style {
    /// The root `projection` (`nil`: none given, Web Mercator).
    public var projection: StyleProjection? { styleDocument.projection }

    /// Sets (or, with `nil`, removes) the root `projection`, as GL JS's `setProjection` does.
    ///
    /// The value is checked as the style validator checks it (`type` a name, a camera expression or a
    /// transition literal); an unknown name is accepted and drawn as Mercator, with a warning in ``loadWarnings``.
    ///
    /// - Throws: `StyleError.invalidRootMember` with the validator's located message.
    public func setProjection(_ projection: StyleProjection?) throws(StyleError) {
        if let projection { try checkRootMember("projection", projection.json) }
        setRootMember("projection", to: projection?.json)
    }

    /// Sets (or removes) the root `sky` (GL JS's `setSky`), checked as the validator checks it.
    ///
    /// - Throws: `StyleError.invalidRootMember` with the validator's located message.
    public func setSky(_ sky: JSONValue?) throws(StyleError) {
        if let sky, !sky.isNull { try checkRootMember("sky", sky) }
        setRootMember("sky", to: sky.flatMap { $0.isNull ? nil : $0 })
    }

    /// The globeness the style's projection gives at `zoom`: 1 = a globe, 0 = Web Mercator (no projection, or
    /// an unknown name), in between while the globe turns into the plane (``StyleProjection/globeness(atZoom:)``).
    public func globeness(atZoom zoom: Double) -> Double {
        guard let projection else { return 0 }
        return projection.globeness(atZoom: zoom, globalState: globalState)
    }

    /// Whether the style's projection draws the globe at some zoom (`globe`, `vertical-perspective`, or an expression
    /// or transition reaching either): a style made for MapLibre GL JS, the only one of the two MapLibre renderers
    /// that draws them. Where GL JS 5 and MapLibre Native draw something differently, such a style is drawn by GL
    /// JS's rule at every zoom, flat ones too (`Transform.glJSRules`).
    package var projectionDrawsGlobe: Bool {
        guard let projection else { return false }
        return StyleProjection(type: StyleProjection.resolvingGlobalState(projection.type, globalState)).isGlobe
    }

    /// Validates root member `key` = `value` as part of an otherwise empty style.
    private func checkRootMember(_ key: String, _ value: JSONValue) throws(StyleError) {
        var root: JSONObject = ["version": 8, "sources": .object(JSONObject()), "layers": []]
        root[key] = value
        let probe = JSONValue.object(root)
        let errors = validator.report(json: probe).messages.filter { $0.severity == .error }
        if let first = errors.first {
            let message = first.message.hasPrefix(key) ? first.message : "\(key).\(first.message)"
            throw StyleError.invalidRootMember(member: key, message: message)
        }
    }

    /// One warning per projection name GL JS does not know (it falls back to Mercator, and so does Mercator).
    static func projectionWarnings(_ document: StyleDocument, state: JSONObject) -> [StyleWarning] {
        guard let projection = document.projection else { return [] }
        return projection.unknownNames(globalState: state).map {
            StyleWarning(path: "projection.type", "unknown projection name \"\($0)\"; drawn as mercator, as GL JS does")
        }
    }
}
