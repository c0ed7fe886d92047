public import Rendering

extension Map {
    /// Loads and lays out the tiles `camera` would show, so that a snapshot taken there later only
    /// evaluates paint, places labels and paints.
    ///
    /// Call it on another thread while the current frame renders (the map is not held while it
    /// paints): an animation prefetches its next frame's camera, as ``CameraAnimation`` gives it.
    /// Tiles are fetched and decoded into the map's tile cache and every vector layer's buckets are
    /// kept in its layout cache (``MapOptions/layoutCacheSize``); nothing is kept, and nothing done,
    /// when that cache is 0 or the map is in tile mode. Sources that cannot be loaded are left for the
    /// snapshot to report.
    public func prefetch(camera: MapCamera) {
        let size = self.size
        guard options.layoutCacheSize > 0, options.mapMode == .static,
              let (builder, layers, sources, _) = try? sceneInputs(camera: camera, size: size) else { return }
        builder.layOutTiles(layers: layers, sources: sources)
    }
}
