/// Options fixed when a map is made, as MapLibre Native's `MapOptions`, of those that matter to a
/// headless map. Set them with ``Map/init(style:camera:size:options:styleDirectory:localRoot:localServers:fetcher:clientFonts:)``
/// or change them later through ``Map/options``.
public struct MapOptions: Sendable, Hashable {
    /// Whether labels of different sources collide with each other (Native's
    /// `MapOptions::withCrossSourceCollisions`, default true). False places each source's labels
    /// as if the other sources had none.
    public var crossSourceCollisions: Bool

    /// Options with Native's defaults, or the values given.
    public init(crossSourceCollisions: Bool = true) {
        self.crossSourceCollisions = crossSourceCollisions
    }
}
