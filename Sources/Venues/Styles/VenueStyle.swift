public import GeoJSON

/// One entry of `styles.json`: how the polygons and lines it names are drawn.
public struct VenueStyle: Sendable, Hashable {
    /// The entry's key (a system-generated name such as `Walls` or `Rooms`).
    public var name: String
    /// The fill or stroke colour (``VenueColor/defaultFill`` when missing or invalid).
    public var color: VenueColor
    /// The colour as written, before parsing.
    public var colorText: String?
    /// Opacity from 0 to 1 (default 1).
    public var opacity: Double
    /// Height above the floor in metres where the geometry starts (default 0).
    public var altitude: Double
    /// Extrusion height in metres (default 0).
    public var height: Double
    /// Wall thickness in metres, for line geometry.
    public var width: Double?
    /// Ids of the polygons this entry styles.
    public var polygons: [String]
    /// Ids of the lines this entry styles.
    public var lineStrings: [String]

    /// Creates a style entry.
    public init(name: String, color: VenueColor, colorText: String? = nil, opacity: Double = 1, altitude: Double = 0,
                height: Double = 0, width: Double? = nil, polygons: [String] = [], lineStrings: [String] = []) {
        self.name = name
        self.color = color
        self.colorText = colorText
        self.opacity = opacity
        self.altitude = altitude
        self.height = height
        self.width = width
        self.polygons = polygons
        self.lineStrings = lineStrings
    }
}

/// The whole of `styles.json`, with lookups from a feature id to the entry that styles it.
///
/// When several entries name the same id, the first in file order wins (the seed's loop over a
/// dictionary is unordered; file order makes the choice reproducible).
public struct VenueStyleSheet: Sendable, Hashable {
    /// The entries in file order.
    public private(set) var entries: [VenueStyle]
    private var polygonIndex: [String: Int] = [:]
    private var lineIndex: [String: Int] = [:]

    /// Creates a style sheet from entries in priority order.
    public init(_ entries: [VenueStyle] = []) {
        self.entries = entries
        for (i, entry) in entries.enumerated() {
            for id in entry.polygons where polygonIndex[id] == nil { polygonIndex[id] = i }
            for id in entry.lineStrings where lineIndex[id] == nil { lineIndex[id] = i }
        }
    }

    /// The entry whose `polygons` names `id`.
    public func polygonStyle(for id: String) -> VenueStyle? { polygonIndex[id].map { entries[$0] } }

    /// The entry whose `lineStrings` names `id`.
    public func lineStyle(for id: String) -> VenueStyle? { lineIndex[id].map { entries[$0] } }

    /// The entry styling a feature of this geometry: polygons look in `polygons`, lines in `lineStrings`
    /// (falling back to the other list for the rare bundle that files an id under the wrong one).
    public func style(for id: String, geometry: Geometry) -> VenueStyle? {
        switch geometry {
        case .polygon, .multiPolygon: return polygonStyle(for: id) ?? lineStyle(for: id)
        case .lineString, .multiLineString: return lineStyle(for: id) ?? polygonStyle(for: id)
        default: return polygonStyle(for: id) ?? lineStyle(for: id)
        }
    }

    /// The seed's `getColorForId`: the colour of the entry whose `polygons` names `id`, else `#f5f5f5`.
    public func seedColor(for id: String) -> VenueColor { polygonStyle(for: id)?.color ?? .defaultFill }

    /// The entry called `name`.
    public subscript(name: String) -> VenueStyle? { entries.first { $0.name == name } }
}
