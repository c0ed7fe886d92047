import ArgumentParser
import Foundation
import Mercator

/// `--projection` (and `--skew`): how the map is projected, for `render`, `query`, `animate` and `camera`.
///
/// GL JS's projections replace the style's root `projection`: `mercator` (flat), `globe` (GL JS's preset: a globe
/// that turns into Mercator between zoom 11 and 12), `vertical-perspective` (a globe at every zoom). `axonometric`
/// is MapLibre Native's `ProjectionMode`: a flat map whose heights are slanted by `--skew` instead of drawn in
/// perspective. Without the option the style's own projection is drawn. `perspective`, the option's old spelling
/// for Native's default camera, is still read (hidden): the style's projection with heights in perspective.
struct ProjectionArguments: ParsableArguments {
    @Option(help: "mercator, globe, vertical-perspective (GL JS's projections; default: the style's `projection`), or axonometric (MapLibre Native's ProjectionMode: a flat map, heights slanted by --skew).")
    var projection: String?
    @Option(parsing: .unconditional, help: "The axonometric projection's skews, X,Y (default 0,1): a height leans X right and Y up per unit.")
    var skew: String?

    /// The values `--projection` takes, as the help lists them.
    static let names = ["mercator", "globe", "vertical-perspective", "axonometric"]

    func validate() throws {
        if let projection, !(Self.names + ["perspective"]).contains(projection) {
            throw ValidationError("--projection must be mercator, globe, vertical-perspective or axonometric (found \(projection))")
        }
        if skew != nil, projection != "axonometric" { throw ValidationError("--skew needs --projection axonometric") }
    }

    /// The style projection `--projection` names (nil: keep the style's).
    var styleProjection: StyleProjection? {
        switch projection {
        case "mercator", "axonometric": return .mercator
        case "globe": return .globe
        case "vertical-perspective": return .verticalPerspective
        default: return nil
        }
    }

    /// Sets the projection on `map`: the style's `projection` for GL JS's names, Native's projection mode for axonometric.
    func apply(to map: Map) throws {
        try validate()
        var options = map.options
        options.projectionMode.axonometric = projection == "axonometric"
        if let skew {
            let parts = skew.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else {
                throw ValidationError("--skew must be X,Y with two finite numbers, e.g. -1,-1 (found \(skew))")
            }
            options.projectionMode.xSkew = x
            options.projectionMode.ySkew = y
        }
        map.options = options
        if let styleProjection { try map.setProjection(styleProjection) }
    }
}
