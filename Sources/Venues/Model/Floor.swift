public import GeoJSON

/// One floor (an MVF "map"): its identity, elevation, outline and the features on it.
public struct Floor: Sendable, Hashable {
    /// The MVF id (`m_…`).
    public var id: String
    /// The display name (`name`; legacy bundles have none, then `externalId` or the id is used).
    public var name: String
    /// The venue owner's identifier, when present and not empty.
    public var externalId: String?
    /// The storey number: 0 is the ground floor, negative below ground.
    public var elevation: Int
    /// The floor outline (current bundles), or `nil` (legacy bundles have none).
    public var outline: Geometry?
    /// Rooms, hallways and point spaces.
    public var spaces: [VenueFeature]
    /// Walls (lines) and furniture (polygons).
    public var obstructions: [VenueFeature]
    /// Doors.
    public var entrances: [VenueFeature]
    /// Windows.
    public var windows: [VenueFeature]
    /// Labelled points.
    public var annotations: [VenueFeature]

    /// Creates a floor.
    public init(
        id: String, name: String, externalId: String? = nil, elevation: Int, outline: Geometry? = nil,
        spaces: [VenueFeature] = [], obstructions: [VenueFeature] = [], entrances: [VenueFeature] = [],
        windows: [VenueFeature] = [], annotations: [VenueFeature] = []
    ) {
        self.id = id
        self.name = name
        self.externalId = externalId
        self.elevation = elevation
        self.outline = outline
        self.spaces = spaces
        self.obstructions = obstructions
        self.entrances = entrances
        self.windows = windows
        self.annotations = annotations
    }

    /// The features of one kind.
    public func features(_ kind: VenueFeatureKind) -> [VenueFeature] {
        switch kind {
        case .space: return spaces
        case .obstruction: return obstructions
        case .entrance: return entrances
        case .window: return windows
        case .annotation: return annotations
        }
    }

    /// Every feature on the floor, spaces first, in bundle order.
    public var allFeatures: [VenueFeature] { spaces + obstructions + entrances + windows + annotations }

    /// The number of features on the floor.
    public var featureCount: Int {
        spaces.count + obstructions.count + entrances.count + windows.count + annotations.count
    }

    /// The bounds of the outline, else of every feature; `nil` for an empty floor.
    public var bounds: BoundingBox? {
        if let box = outline?.bounds { return box }
        var west = Double.infinity, south = Double.infinity, east = -Double.infinity, north = -Double.infinity
        for feature in allFeatures {
            guard let b = feature.geometry.bounds else { continue }
            west = min(west, b.west); south = min(south, b.south)
            east = max(east, b.east); north = max(north, b.north)
        }
        return west <= east ? BoundingBox(west: west, south: south, east: east, north: north) : nil
    }
}

/// A group of floors forming one building (`floorstack.geojson`, formerly `mapstack.geojson`).
public struct FloorStack: Sendable, Hashable {
    /// The MVF id (`mg_…`).
    public var id: String
    /// The display name (may be empty).
    public var name: String
    /// The venue owner's identifier, when present and not empty.
    public var externalId: String?
    /// The ids of the floors in the stack, in bundle order.
    public var floorIds: [String]

    /// Creates a floor stack.
    public init(id: String, name: String, externalId: String? = nil, floorIds: [String]) {
        self.id = id
        self.name = name
        self.externalId = externalId
        self.floorIds = floorIds
    }
}
