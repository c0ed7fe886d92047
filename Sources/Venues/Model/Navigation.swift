public import GeoJSON

/// A node of the navigation graph (`node.geojson`).
public struct NavigationNode: Sendable, Hashable {
    /// The MVF id (`n_…`).
    public var id: String
    /// The venue owner's identifier, when present and not empty.
    public var externalId: String?
    /// The floor the node is on.
    public var floorId: String
    /// Where the node is.
    public var position: Position
    /// The spaces the node belongs to.
    public var spaceIds: [String]
    /// The nodes reachable from this one on the same floor.
    public var neighbors: [String]

    /// Creates a node.
    public init(id: String, externalId: String? = nil, floorId: String, position: Position,
                spaceIds: [String] = [], neighbors: [String] = []) {
        self.id = id
        self.externalId = externalId
        self.floorId = floorId
        self.position = position
        self.spaceIds = spaceIds
        self.neighbors = neighbors
    }
}

/// A vertical link between floors (`connection.json`): stairs, an elevator, an escalator…
public struct Connection: Sendable, Hashable {
    /// The MVF id (`c_…`).
    public var id: String
    /// The venue owner's identifier, when present and not empty.
    public var externalId: String?
    /// The connection type as written (`stairs`, `elevator`, …).
    public var type: String
    /// Whether the connection is wheelchair accessible.
    public var accessible: Bool
    /// The navigation nodes it links, typically one per floor.
    public var nodeIds: [String]

    /// Creates a connection.
    public init(id: String, externalId: String? = nil, type: String, accessible: Bool, nodeIds: [String]) {
        self.id = id
        self.externalId = externalId
        self.type = type
        self.accessible = accessible
        self.nodeIds = nodeIds
    }
}
