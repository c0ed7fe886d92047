import Foundation
public import MapStyle

extension Map {
    /// The style's root `projection` (`nil`: none, Web Mercator); GL JS's `getProjection`.
    public var projection: StyleProjection? { style.projection }

    /// Sets (or, with `nil`, removes) the style's projection; GL JS's `setProjection`.
    ///
    /// The value is checked as the style validator checks it; an unknown name is kept and drawn as
    /// Mercator, with a warning in `Style.loadWarnings`.
    ///
    /// - Throws: `StyleError.invalidRootMember` with the validator's located message.
    public func setProjection(_ projection: StyleProjection?) throws(StyleError) {
        try style.setProjection(projection)
    }

    /// How much of a globe the next snapshot draws: the style projection's globeness at the camera's zoom
    /// (1 a sphere, 0 Web Mercator, between while the globe turns into the plane).
    public var projectionGlobeness: Double { style.globeness(atZoom: camera.zoom) }
}
