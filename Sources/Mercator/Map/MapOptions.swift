/// Options fixed when a map is made, as MapLibre Native's `MapOptions`, of those that matter to a
/// headless map. Set them with ``Map/init(style:camera:size:options:styleDirectory:localRoot:localServers:fetcher:clientFonts:)``
/// or change them later through ``Map/options``.
public struct MapOptions: Sendable, Hashable {
    /// Whether labels of different sources collide with each other (Native's
    /// `MapOptions::withCrossSourceCollisions`, default true). False places each source's labels
    /// as if the other sources had none.
    public var crossSourceCollisions: Bool

    /// Whether the map renders a view (`.static`, the default) or one tile of a set (`.tile`: labels
    /// placed as for one tile, Native's `MapOptions::withMapMode(MapMode::Tile)`).
    public var mapMode: MapMode

    /// How heights are projected (Native's `Map::setProjectionMode`): the perspective camera by
    /// default, or the axonometric projection with its skews.
    public var projectionMode: ProjectionMode

    /// The most bytes of laid-out tiles a map keeps between frames (filtered features, converted
    /// geometry, shaped labels: MapLibre Native's buckets), 96 MiB by default. Tiles not drawn for
    /// longest are dropped first; 0 lays every tile out again for every frame. Fixed when the map is made.
    public var layoutCacheSize: Int

    /// The sizes one render may reach: the image (`Limits.outputPixels`, `Limits.canvasBytes`) and
    /// its labels (`Limits.labelCharacters`, `Limits.layoutLabelCharacters`,
    /// `Limits.renderLabelCharacters`). A snapshot past one fails with `LimitExceeded`.
    public var limits: Limits

    /// Options with Native's defaults, or the values given.
    public init(crossSourceCollisions: Bool = true, mapMode: MapMode = .static, projectionMode: ProjectionMode = ProjectionMode(),
                layoutCacheSize: Int = 96 << 20, limits: Limits = .default) {
        self.crossSourceCollisions = crossSourceCollisions
        self.mapMode = mapMode
        self.projectionMode = projectionMode
        self.layoutCacheSize = layoutCacheSize
        self.limits = limits
    }
}
