public import GeoJSON

extension Floor {
    /// The space whose area contains `position` (holes respected: a point in an atrium void is not
    /// in the hallway around it). When spaces overlap, the smallest wins; `nil` when none contains it.
    public func space(containing position: Position) -> VenueFeature? {
        var best: VenueFeature?
        var bestArea = Double.infinity
        for space in spaces where PointInPolygon.geometry(space.geometry, contains: position.longitude, position.latitude) {
            let area = PointInPolygon.area(space.geometry)
            if area < bestArea {
                best = space
                bestArea = area
            }
        }
        return best
    }

    /// The feature on this floor with this MVF id.
    public func feature(id: String) -> VenueFeature? { allFeatures.first { $0.id == id } }

    /// The features on this floor whose `externalId` is `externalId`.
    public func features(externalId: String) -> [VenueFeature] { allFeatures.filter { $0.externalId == externalId } }
}

extension Venue {
    /// The space containing `position` on the floor with id `floorId` (see ``Floor/space(containing:)``).
    public func space(containing position: Position, onFloor floorId: String) -> VenueFeature? {
        floor(id: floorId)?.space(containing: position)
    }

    /// The space containing `position` on the floor at `elevation`.
    public func space(containing position: Position, elevation: Int) -> VenueFeature? {
        floor(elevation: elevation)?.space(containing: position)
    }
}
