import Foundation
import Geo
import JSON
import MapStyle

extension Map {
    /// How far the map is drawn bent onto the globe at `zoom`: 0 is Web Mercator, 1 GL JS's globe
    /// (vertical perspective), between them GL JS's blend of the two.
    ///
    /// The style's root `projection.type` as a constant name: `mercator` 0, `vertical-perspective` 1,
    /// `globe` GL JS's preset (1 up to zoom 10, 0 from zoom 12, linear between); anything else draws
    /// Mercator, with a warning in the snapshot's warnings (``projectionWarning(_:)``), as GL JS warns.
    func globeness(atZoom zoom: Double) -> Double {
        Self.globeness(projection: style.styleDocument.members["projection"], zoom: zoom)
    }

    /// ``globeness(atZoom:)`` of a style's root `projection` value.
    static func globeness(projection: JSONValue?, zoom: Double) -> Double {
        switch projection?["type"]?.string {
        case "globe": return GlobeProjection.presetGlobeness(zoom: zoom)
        case "vertical-perspective": return 1
        default: return 0
        }
    }

    /// The warning for a root `projection.type` Mercator does not know, drawn as Mercator.
    static func projectionWarning(_ style: Style) -> StyleWarning? {
        guard let type = style.styleDocument.members["projection"]?["type"] else { return nil }
        if let name = type.string, ["mercator", "globe", "vertical-perspective"].contains(name) { return nil }
        if type.string == nil, type.array != nil { return nil }  // an expression: evaluated elsewhere
        return StyleWarning(path: "projection.type", "unknown projection \(type.string.map { "\"\($0)\"" } ?? "value"): drawn in mercator")
    }
}
