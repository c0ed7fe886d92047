import GeoJSON

extension [SourceTile] {
    /// The tile a map in the `tile` mode draws of a vector source: the one under the view's centre
    /// (nearest it when none holds it), as MapLibre Native keeps only the first of the ideal tiles,
    /// sorted by distance from the centre.
    func centreTile(of camera: MapCamera) -> [SourceTile] {
        let c = Transform.mercator(camera.center)
        func distance(_ tile: SourceTile) -> Double {
            let clip = tile.clip
            let x = (clip.minX + clip.maxX) / 2, y = (clip.minY + clip.maxY) / 2
            return (x - c.x) * (x - c.x) + (y - c.y) * (y - c.y)
        }
        guard let nearest = self.min(by: { distance($0) < distance($1) }) else { return [] }
        return [nearest]
    }
}
