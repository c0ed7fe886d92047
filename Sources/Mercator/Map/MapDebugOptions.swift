/// Debug overlays a map draws over its content (the SDK's `MGLMapDebugMaskOptions`).
public struct MapDebugOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Every label's collision boxes: blue for placed labels, red for labels hidden by a collision
    /// (`MGLMapDebugCollisionBoxesMask`).
    public static let collisionBoxes = MapDebugOptions(rawValue: 1 << 0)

    /// The outline of every source tile drawn, in red, four pixels wide
    /// (`MGLMapDebugTileBoundariesMask`).
    public static let tileBoundaries = MapDebugOptions(rawValue: 1 << 1)
}
