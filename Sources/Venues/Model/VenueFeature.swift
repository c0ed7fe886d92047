public import GeoJSON

/// What a venue feature is, by the bundle folder it came from.
public enum VenueFeatureKind: String, Sendable, Hashable, CaseIterable {
    /// A room, hallway or point of interest (`space/`, ids `s_…`).
    case space
    /// A wall or a piece of furniture (`obstruction/`, ids `o_…`).
    case obstruction
    /// A door (`entrance/`, ids `e_…`).
    case entrance
    /// A window (`window/`, ids `w_…`).
    case window
    /// A labelled point such as a fire extinguisher (`annotation/`, ids `a_…`).
    case annotation

    /// The bundle folder holding this kind's per-floor files.
    public var folder: String { rawValue }

    /// The kind whose ids start with this prefix (`s_`, `o_`, `e_`, `w_`, `a_`), if any.
    init?(idPrefixOf id: String) {
        switch id.prefix(2) {
        case "s_": self = .space
        case "o_": self = .obstruction
        case "e_": self = .entrance
        case "w_": self = .window
        case "a_": self = .annotation
        default: return nil
        }
    }
}

/// One feature of a floor: a space, obstruction, entrance, window or annotation.
public struct VenueFeature: Sendable, Hashable {
    /// The MVF id (`s_…`, `o_…`, …); empty when the bundle gave none.
    public var id: String
    /// The venue owner's own identifier (`externalId`), when present and not empty.
    public var externalId: String?
    /// The display name (`details.name`, else `name`), when present.
    public var name: String?
    /// The folder the feature came from.
    public var kind: VenueFeatureKind
    /// The id of the floor the feature is on.
    public var floorId: String
    /// The geometry.
    public var geometry: Geometry
    /// All properties as written in the bundle.
    public var properties: JSONObject

    /// Creates a feature.
    public init(
        id: String, externalId: String? = nil, name: String? = nil, kind: VenueFeatureKind, floorId: String,
        geometry: Geometry, properties: JSONObject = JSONObject()
    ) {
        self.id = id
        self.externalId = externalId
        self.name = name
        self.kind = kind
        self.floorId = floorId
        self.geometry = geometry
        self.properties = properties
    }
}
