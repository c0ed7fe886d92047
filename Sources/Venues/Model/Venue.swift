public import Foundation
public import GeoJSON

/// Which file names a bundle uses for its floor list.
public enum VenueNamingEra: String, Sendable, Hashable {
    /// `floor.geojson` (a FeatureCollection with outlines) and `floorstack.geojson` (2024 on).
    case current
    /// `map.geojson` and `mapstack.geojson` arrays (before 2024).
    case legacy
    /// Neither floor list was found; floors were inferred from per-floor file names.
    case inferred
}

/// A Mappedin Venue Format (MVF) v2 bundle, loaded: venue facts, floors and their features,
/// navigation graph, styles, and the diagnostics collected while loading.
///
/// Open one with ``open(contentsOf:limits:)`` (a zip file or an extracted folder) or
/// ``open(zipData:limits:)``.
public struct Venue: Sendable {
    /// The venue name (`manifest.geojson`), or empty when unknown.
    public var name: String
    /// The MVF version (`2.0.0`), when given.
    public var version: String?
    /// When the bundle was exported (ISO 8601 text as written), when given.
    public var time: String?
    /// The venue anchor point from the manifest; the map is centred here.
    public var center: Position?
    /// The floors, lowest elevation first. Read-only: the feature indexes are built from them once;
    /// make a new `Venue` (its initializer takes floors) to change them.
    public private(set) var floors: [Floor]
    /// The floor stacks (buildings).
    public var floorStacks: [FloorStack]
    /// The navigation graph's nodes.
    public var nodes: [NavigationNode]
    /// The vertical connections (stairs, elevators).
    public var connections: [Connection]
    /// `styles.json`.
    public var styles: VenueStyleSheet
    /// Which naming era the bundle uses.
    public var namingEra: VenueNamingEra
    /// Every file the bundle holds, sorted.
    public var files: [String]
    /// What was missing or malformed, in the order found.
    public var diagnostics: [VenueDiagnostic]

    private var featureIndex: [String: FeatureLocation] = [:]
    private var externalIdIndex: [String: [FeatureLocation]] = [:]

    struct FeatureLocation: Sendable, Hashable {
        var floor: Int
        var kind: VenueFeatureKind
        var index: Int
    }

    /// Creates a venue from its parts (tests and other loaders; bundles go through `open`).
    public init(
        name: String, version: String? = nil, time: String? = nil, center: Position? = nil, floors: [Floor],
        floorStacks: [FloorStack] = [], nodes: [NavigationNode] = [], connections: [Connection] = [],
        styles: VenueStyleSheet = VenueStyleSheet(), namingEra: VenueNamingEra = .current, files: [String] = [],
        diagnostics: [VenueDiagnostic] = []
    ) {
        self.name = name
        self.version = version
        self.time = time
        self.center = center
        self.floors = floors.sorted { $0.elevation < $1.elevation }
        self.floorStacks = floorStacks
        self.nodes = nodes
        self.connections = connections
        self.styles = styles
        self.namingEra = namingEra
        self.files = files
        self.diagnostics = diagnostics
        buildIndexes()
    }

    private mutating func buildIndexes() {
        featureIndex = [:]
        externalIdIndex = [:]
        for (f, floor) in floors.enumerated() {
            for kind in VenueFeatureKind.allCases {
                for (i, feature) in floor.features(kind).enumerated() {
                    let location = FeatureLocation(floor: f, kind: kind, index: i)
                    if !feature.id.isEmpty, featureIndex[feature.id] == nil { featureIndex[feature.id] = location }
                    if let ext = feature.externalId { externalIdIndex[ext, default: []].append(location) }
                }
            }
        }
    }

    private func feature(at location: FeatureLocation) -> VenueFeature {
        floors[location.floor].features(location.kind)[location.index]
    }

    // MARK: Opening

    /// Opens a bundle from a `.zip` file or an extracted folder.
    ///
    /// - Throws: ``VenueError`` when the path is missing, the archive unreadable, or the bundle
    ///   hostile (escaping paths, zip bombs, non-JSON where JSON is expected).
    public static func open(contentsOf url: URL, limits: VenueLoadLimits = .default) throws(VenueError) -> Venue {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .notFound(path: url.path)
        }
        let files = isDirectory.boolValue
            ? try BundleFiles.folder(url: url, limits: limits)
            : try BundleFiles.zip(url: url, limits: limits)
        return try VenueLoader.load(files)
    }

    /// Opens a bundle from zip data held in memory (as downloaded by ``VenueClient``).
    public static func open(zipData: Data, limits: VenueLoadLimits = .default) throws(VenueError) -> Venue {
        try VenueLoader.load(BundleFiles.zip(data: zipData, limits: limits))
    }

    /// Opens a bundle from its files held in memory, keyed by bundle-relative path
    /// (`"space/m_1.geojson"`); only `.json` / `.geojson` paths are read.
    public static func open(files: [String: Data], limits: VenueLoadLimits = .default) throws(VenueError) -> Venue {
        var json: [String: Data] = [:]
        var total: UInt64 = 0
        if files.count > limits.maxEntries { throw .tooManyEntries(count: files.count, limit: limits.maxEntries) }
        for (raw, data) in files {
            let path = try BundlePath.normalize(raw)
            guard BundlePath.isJSON(path) else { continue }
            let size = UInt64(data.count)
            if size > limits.maxEntryBytes { throw .entryTooLarge(path: path, bytes: size, limit: limits.maxEntryBytes) }
            total += size
            if total > limits.maxTotalBytes { throw .bundleTooLarge(bytes: total, limit: limits.maxTotalBytes) }
            json[path] = data
        }
        let all = try files.keys.map { (k: String) throws(VenueError) -> String in try BundlePath.normalize(k) }
        return try VenueLoader.load(BundleFiles(json: json, allFiles: all.sorted()).rerooted())
    }

    /// The JSON files of a zip bundle, inflated under `limits` (what ``open(files:limits:)`` takes).
    public static func inflatedFiles(zipData: Data, limits: VenueLoadLimits = .default) throws(VenueError) -> [String: Data] {
        try BundleFiles.zip(data: zipData, limits: limits).json
    }

    // MARK: Floors

    /// The floor at `elevation`, if any.
    public func floor(elevation: Int) -> Floor? { floors.first { $0.elevation == elevation } }

    /// The floor with this id, if any.
    public func floor(id: String) -> Floor? { floors.first { $0.id == id } }

    /// The floor a user means by `text`: an elevation (`"0"`, `"-1"`), a floor id, an `externalId`
    /// or a name (case-insensitive), tried in that order.
    public func floor(matching text: String) -> Floor? {
        let t = text.trimmingCharacters(in: .whitespaces)
        if let e = Int(t), let f = floor(elevation: e) { return f }
        if let f = floor(id: t) { return f }
        if let f = floors.first(where: { $0.externalId == t }) { return f }
        return floors.first { $0.name.caseInsensitiveCompare(t) == .orderedSame }
    }

    /// The floor shown when none is chosen: elevation 0 (as the seed), else the lowest floor at or
    /// above ground, else the first.
    public var defaultFloor: Floor? {
        floor(elevation: 0) ?? floors.first { $0.elevation >= 0 } ?? floors.first
    }

    // MARK: Features

    /// The feature with this MVF id on any floor.
    public func feature(id: String) -> VenueFeature? { featureIndex[id].map(feature(at:)) }

    /// The features whose `externalId` is `externalId`, on any floor, in floor order.
    public func features(externalId: String) -> [VenueFeature] {
        (externalIdIndex[externalId] ?? []).map(feature(at:))
    }

    /// The navigation nodes on a floor.
    public func nodes(onFloor floorId: String) -> [NavigationNode] { nodes.filter { $0.floorId == floorId } }

    /// The diagnostics at or above a severity.
    public func diagnostics(atLeast severity: VenueDiagnostic.Severity) -> [VenueDiagnostic] {
        diagnostics.filter { $0.severity >= severity }
    }
}
