/// How heights are projected: MapLibre Native's `ProjectionMode` (`Map::setProjectionMode`).
///
/// The default is MapLibre's perspective camera. `axonometric` keeps the camera for the ground but
/// takes heights out of the perspective (Native zeroes the projection matrix's `z -> w` entry) and
/// slants them by the skews instead (its `z -> x` and `z -> y` entries become `xSkew` and `ySkew`
/// times the pixels per metre): a point `h` pixels up moves `xSkew * h` right and `ySkew * h` up
/// in clip space, that is by `xSkew * h * (width / 2) / w` pixels across the view (`w` the ground's
/// perspective divisor, 1.5 view heights at the centre of a flat view). Only 3D content
/// (fill extrusions) has heights: everything on the ground is drawn and queried as with the perspective camera.
public struct ProjectionMode: Sendable, Hashable {
    /// Whether heights are drawn axonometrically (Native's `axonometric`, default false).
    public var axonometric: Bool
    /// How far heights lean right, per unit of height (Native's `xSkew`, default 0).
    public var xSkew: Double
    /// How far heights lean up, per unit of height (Native's `ySkew`, default 1).
    public var ySkew: Double

    /// A projection mode with Native's defaults, or the values given.
    public init(axonometric: Bool = false, xSkew: Double = 0, ySkew: Double = 1) {
        self.axonometric = axonometric
        self.xSkew = xSkew
        self.ySkew = ySkew
    }

    /// MapLibre's perspective camera (the default).
    public static let perspective = ProjectionMode()
}
