public import GeoJSON

/// A source option: a style JSON member with the SDK constant that names it.
public protocol SourceOptionKey: RawRepresentable, CaseIterable, Sendable, Hashable where RawValue == String {
    /// The SDK constant's name (`"MLNTileSourceOptionMinimumZoomLevel"`).
    var sdkName: String { get }
}

extension SourceOptionKey {
    /// The style JSON member this option sets (`"minzoom"`).
    public var jsonKey: String { rawValue }

    /// The option whose SDK name (with an `MLN` or `MGL` prefix) or JSON member is `name`.
    public init?(named name: String) {
        guard let match = Self.allCases.first(where: { $0.jsonKey == name || $0.sdkName == name
            || "MGL" + $0.sdkName.dropFirst(3) == name }) else { return nil }
        self = match
    }
}

/// The options a raster, vector or raster-dem tile source accepts, with the SDK's names
/// (seed 003: `MLNTileSourceOption…`) mapped to their style JSON members.
public enum TileSourceOption: String, SourceOptionKey {
    case minimumZoomLevel = "minzoom"
    case maximumZoomLevel = "maxzoom"
    case coordinateBounds = "bounds"
    case tileSize = "tileSize"
    case attributionHTMLString = "attribution"
    case tileCoordinateSystem = "scheme"
    case demEncoding = "encoding"

    /// The SDK constant's name (`"MLNTileSourceOptionMinimumZoomLevel"`).
    public var sdkName: String {
        switch self {
        case .minimumZoomLevel: return "MLNTileSourceOptionMinimumZoomLevel"
        case .maximumZoomLevel: return "MLNTileSourceOptionMaximumZoomLevel"
        case .coordinateBounds: return "MLNTileSourceOptionCoordinateBounds"
        case .tileSize: return "MLNTileSourceOptionTileSize"
        case .attributionHTMLString: return "MLNTileSourceOptionAttributionHTMLString"
        case .tileCoordinateSystem: return "MLNTileSourceOptionTileCoordinateSystem"
        case .demEncoding: return "MLNTileSourceOptionDEMEncoding"
        }
    }
}

/// The options a GeoJSON (shape) source accepts, with the SDK's names (seed 003:
/// `MLNShapeSourceOption…`) mapped to their style JSON members.
public enum ShapeSourceOption: String, SourceOptionKey {
    case maximumZoomLevel = "maxzoom"
    case buffer = "buffer"
    case simplificationTolerance = "tolerance"
    case clustered = "cluster"
    case clusterRadius = "clusterRadius"
    case maximumZoomLevelForClustering = "clusterMaxZoom"
    case clusterProperties = "clusterProperties"
    case lineDistanceMetrics = "lineMetrics"

    /// The SDK constant's name (`"MLNShapeSourceOptionMaximumZoomLevelForClustering"`).
    public var sdkName: String {
        switch self {
        case .maximumZoomLevel: return "MLNShapeSourceOptionMaximumZoomLevel"
        case .buffer: return "MLNShapeSourceOptionBuffer"
        case .simplificationTolerance: return "MLNShapeSourceOptionSimplificationTolerance"
        case .clustered: return "MLNShapeSourceOptionClustered"
        case .clusterRadius: return "MLNShapeSourceOptionClusterRadius"
        case .maximumZoomLevelForClustering: return "MLNShapeSourceOptionMaximumZoomLevelForClustering"
        case .clusterProperties: return "MLNShapeSourceOptionClusterProperties"
        case .lineDistanceMetrics: return "MLNShapeSourceOptionLineDistanceMetrics"
        }
    }

    /// Checks that `value` has the type this option needs; returns the problem, or `nil`.
    func problem(with value: JSONValue) -> String? {
        switch self {
        case .maximumZoomLevel, .buffer, .simplificationTolerance, .clusterRadius, .maximumZoomLevelForClustering:
            guard let n = value.number, n.isFinite else { return "number expected, \(value.typeName) found" }
            if self == .buffer && !(0...512).contains(n) { return "buffer must be between 0 and 512, \(n) found" }
            if n < 0 { return "must not be negative, \(n) found" }
            return nil
        case .clustered, .lineDistanceMetrics:
            return value.bool == nil ? "boolean expected, \(value.typeName) found" : nil
        case .clusterProperties:
            return value.object == nil ? "object expected, \(value.typeName) found" : nil
        }
    }
}

/// The coordinate system of a tile source's `y` index (`scheme`).
public enum TileCoordinateSystem: String, Sendable, Hashable {
    /// Slippy-map tiles: `y` grows southward (the default).
    case xyz
    /// Tile Map Service: `y` grows northward.
    case tms
}

/// Four corners of an image source's geographic quadrilateral.
///
/// The SDK lists the corners counter-clockwise (`topLeft`, `bottomLeft`, `bottomRight`,
/// `topRight`), the style specification's `coordinates` clockwise from the top left
/// (`topLeft`, `topRight`, `bottomRight`, `bottomLeft`); both orders are provided.
public struct CoordinateQuad: Sendable, Hashable {
    /// The top-left corner.
    public var topLeft: Position
    /// The bottom-left corner.
    public var bottomLeft: Position
    /// The bottom-right corner.
    public var bottomRight: Position
    /// The top-right corner.
    public var topRight: Position

    /// Creates a quad from its corners in the SDK's counter-clockwise order.
    public init(topLeft: Position, bottomLeft: Position, bottomRight: Position, topRight: Position) {
        self.topLeft = topLeft
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
        self.topRight = topRight
    }

    /// The corners counter-clockwise from the top left, as the SDK lists them.
    public var counterClockwiseCorners: [Position] { [topLeft, bottomLeft, bottomRight, topRight] }

    /// The corners clockwise from the top left, as the style specification lists them.
    public var clockwiseCorners: [Position] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// Reads the style specification's `coordinates` (`[[lon, lat] × 4]`, clockwise).
    public init(styleCoordinates value: JSONValue) throws(StyleDocumentError) {
        guard let corners = value.array, corners.count == 4 else {
            throw StyleDocumentError(path: "coordinates", "an array of four [longitude, latitude] corners expected")
        }
        var positions: [Position] = []
        for (i, corner) in corners.enumerated() {
            guard let pair = corner.array, pair.count == 2, let lon = pair[0].number, let lat = pair[1].number,
                  lon.isFinite, lat.isFinite
            else {
                throw StyleDocumentError(path: "coordinates[\(i)]", "[longitude, latitude] expected")
            }
            positions.append(Position(longitude: lon, latitude: lat))
        }
        self.init(topLeft: positions[0], bottomLeft: positions[3], bottomRight: positions[2], topRight: positions[1])
    }

    /// The style specification's `coordinates` (clockwise from the top left).
    public var styleCoordinates: JSONValue {
        .array(clockwiseCorners.map { .array([.double($0.longitude), .double($0.latitude)]) })
    }
}
