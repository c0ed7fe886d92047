public import GeoJSON

/// The feature an expression is evaluated against: a cheap view (properties are shared, not copied).
public struct FeatureView: Sendable {
    /// The identifier as JSON (kept small so building a view per feature stays cheap).
    @usableFromInline var rawID: JSONValue?
    /// The feature's properties.
    public var properties: JSONObject
    /// The value of `["geometry-type"]` (`"Point"`, `"LineString"`, `"Polygon"`, or a `Multi…` type); nil if unknown.
    public var geometryType: String? {
        get {
            if let d = deferred { return d.source.geometryType(at: d.index)?.rawValue }
            return storedGeometryType
        }
        set {
            if let d = deferred {
                storedGeometry = d.source.geometry(at: d.index)
                deferred = nil
            }
            storedGeometryType = newValue
        }
    }
    @usableFromInline var storedGeometryType: String?
    /// The geometry in longitude/latitude, for `within` and `distance` (a vector tile feature's is
    /// built when read).
    public var geometry: Geometry? {
        get {
            if let d = deferred { return d.source.geometry(at: d.index) }
            return storedGeometry
        }
        set {
            deferred = nil
            storedGeometry = newValue
        }
    }
    @usableFromInline var storedGeometry: Geometry?
    /// A vector tile feature's geometry, kept in tile coordinates until read.
    @usableFromInline var deferred: (source: any DeferredGeometrySource, index: Int)?

    /// The basic geometry type MapLibre Native's features report (`"Point"`, `"LineString"`,
    /// `"Polygon"`): a `Multi…` type counts as its single form, as a vector tile's feature of type 2
    /// with several parts is a `LineString`. What `["geometry-type"]` and the legacy `$type` filters
    /// compare; nil if unknown.
    public var basicGeometryType: String? {
        // a vector tile's feature: its type as the tile stores it
        if let d = deferred { return d.source.basicGeometryType(at: d.index)?.rawValue }
        guard let type = storedGeometryType else { return nil }
        switch type {
        case "MultiPoint": return "Point"
        case "MultiLineString": return "LineString"
        case "MultiPolygon": return "Polygon"
        default: return type
        }
    }

    /// The feature id (`["id"]`), nil when the feature has none.
    public var id: ExpressionValue? {
        get { rawID.map(ExpressionValue.init(json:)) }
        set { rawID = newValue.map(OutputJSON.encode) }
    }

    /// A view from parts (no identifier).
    @inlinable public init(properties: JSONObject = JSONObject(), geometryType: String? = nil, geometry: Geometry? = nil) {
        self.rawID = nil
        self.properties = properties
        self.storedGeometryType = geometryType
        self.storedGeometry = geometry
        self.deferred = nil
    }

    /// A view from parts, with an identifier.
    public init(id: ExpressionValue?, properties: JSONObject = JSONObject(), geometryType: String? = nil, geometry: Geometry? = nil) {
        self.init(properties: properties, geometryType: geometryType, geometry: geometry)
        self.id = id
    }

    /// A view of a GeoJSON feature; `geometry-type` reports the GeoJSON type name.
    ///
    /// Pass `geometry: false` when the expressions to evaluate do not read geometry
    /// (`Expression.needsGeometry` is false): the view then never touches the geometry storage,
    /// which matters when scanning millions of features.
    @inlinable public init(_ feature: borrowing GeoJSONFeature, geometry includeGeometry: Bool = true) {
        switch feature.identifier {
        case .int(let v)?: rawID = .int(v)
        case .uint(let v)?: rawID = .uint(v)
        case .double(let v)?: rawID = .double(v)
        case .string(let s)?: rawID = .string(s)
        case nil: rawID = nil
        }
        properties = feature.properties ?? JSONObject()
        storedGeometry = nil
        storedGeometryType = nil
        deferred = nil
        if !includeGeometry { return }
        if let d = feature.deferredGeometry {
            // a vector tile's feature: its type read from the tile, its geometry built only if read
            deferred = d
        } else {
            let g = feature.geometry
            storedGeometry = g
            storedGeometryType = g?.type.rawValue
        }
    }
}

/// Everything an expression can read while evaluating: camera globals, the feature, and style state.
public struct EvaluationContext: Sendable {
    /// Current zoom (`["zoom"]`).
    public var zoom: Double?
    /// `["heatmap-density"]`.
    public var heatmapDensity: Double?
    /// `["line-progress"]`.
    public var lineProgress: Double?
    /// `["elevation"]`.
    public var elevation: Double?
    /// `["accumulated"]` (clustering).
    public var accumulated: ExpressionValue?
    /// The feature being evaluated, if any.
    public var feature: FeatureView?
    /// `["feature-state", key]` values.
    public var featureState: JSONObject?
    /// `["global-state", key]` values.
    public var globalState: JSONObject?
    /// Image names the style has (`["image", name]` availability); nil when unknown.
    public var availableImages: Set<String>?
    /// The tile the feature belongs to (needed by `within` and `distance`).
    public var canonical: TileID?
    /// Script support test for `is-supported-script`; nil means every script is supported.
    public var isSupportedScript: (@Sendable (String) -> Bool)?

    /// Creates a context; every input is optional.
    public init(zoom: Double? = nil, heatmapDensity: Double? = nil, lineProgress: Double? = nil, elevation: Double? = nil,
                accumulated: ExpressionValue? = nil, feature: FeatureView? = nil, featureState: JSONObject? = nil,
                globalState: JSONObject? = nil, availableImages: Set<String>? = nil, canonical: TileID? = nil,
                isSupportedScript: (@Sendable (String) -> Bool)? = nil) {
        self.zoom = zoom
        self.heatmapDensity = heatmapDensity
        self.lineProgress = lineProgress
        self.elevation = elevation
        self.accumulated = accumulated
        self.feature = feature
        self.featureState = featureState
        self.globalState = globalState
        self.availableImages = availableImages
        self.canonical = canonical
        self.isSupportedScript = isSupportedScript
    }

    /// Looks up a feature property as an expression value (`undefined` → nil).
    @inline(__always) func property(_ key: String) -> ExpressionValue? {
        guard let f = feature, let v = f.properties[key] else { return nil }
        return ExpressionValue(json: v)
    }
}
