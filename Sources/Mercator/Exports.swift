// The front door: what `import Mercator` shows besides the Mercator module itself.
//
// The SDK's vocabulary (the MapLibre iOS SDK's, without its prefix: shapes, features, style, layers, sources,
// expressions, predicates, camera, snapshots, offline, venues) re-exported type by type, as Hummingbird's
// Exports.swift does. Engine types (the transform, codecs, decoders, shaping, painters, builders) stay
// `package`: the CLI, the server, the conformance runners and the benchmarks import the engine modules directly.
// No public signature may name a package type not listed here: scripts/public-surface.py checks it
// (and lists the surface in docs/public-api.txt).


// JSON: JSON values, documents and their located errors (a feature's properties, style JSON)
@_exported public import struct JSON.JSONArrayLimit
@_exported public import struct JSON.JSONDocument
@_exported public import struct JSON.JSONLimits
@_exported public import struct JSON.JSONObject
@_exported public import struct JSON.JSONParseError
@_exported public import struct JSON.JSONPath
@_exported public import enum JSON.JSONValue
@_exported public import struct JSON.JSONWriteOptions
@_exported public import struct JSON.JSONWriter
@_exported public import struct JSON.LimitExceeded
@_exported public import struct JSON.Limits
@_exported public import struct JSON.SourceLocation

// Geo: Web Mercator and tile ids
@_exported public import struct Geo.TileID
@_exported public import enum Geo.WebMercator

// GeoJSON: shapes and features (MLNShape, MLNFeature, MLNShapeCollectionFeature), GeoJSON reading and writing
@_exported public import struct GeoJSON.BoundingBox
@_exported public import protocol GeoJSON.Feature
@_exported public import enum GeoJSON.FeatureIdentifier
@_exported public import struct GeoJSON.GeoJSONDecodeResult
@_exported public import enum GeoJSON.GeoJSONEncoding
@_exported public import struct GeoJSON.GeoJSONError
@_exported public import struct GeoJSON.GeoJSONFeature
@_exported public import struct GeoJSON.GeoJSONFeatureCollection
@_exported public import enum GeoJSON.GeoJSONObject
@_exported public import struct GeoJSON.GeoJSONReadOptions
@_exported public import struct GeoJSON.GeoJSONSummary
@_exported public import struct GeoJSON.GeoJSONWriteOptions
@_exported public import enum GeoJSON.Geometry
@_exported public import struct GeoJSON.GeometryCollection
@_exported public import protocol GeoJSON.GeometryShape
@_exported public import enum GeoJSON.GeometryType
@_exported public import struct GeoJSON.LocationCoordinate2D
@_exported public import struct GeoJSON.MultiPolygon
@_exported public import typealias GeoJSON.MultiPolygonFeature
@_exported public import struct GeoJSON.MultiPolyline
@_exported public import typealias GeoJSON.MultiPolylineFeature
@_exported public import struct GeoJSON.NullGeometryFeature
@_exported public import struct GeoJSON.ObjectMembers
@_exported public import struct GeoJSON.PointAnnotation
@_exported public import struct GeoJSON.PointCollection
@_exported public import typealias GeoJSON.PointCollectionFeature
@_exported public import typealias GeoJSON.PointFeature
@_exported public import struct GeoJSON.Polygon
@_exported public import typealias GeoJSON.PolygonFeature
@_exported public import struct GeoJSON.Polyline
@_exported public import typealias GeoJSON.PolylineFeature
@_exported public import struct GeoJSON.Position
@_exported public import struct GeoJSON.PositionList
@_exported public import protocol GeoJSON.Shape
@_exported public import struct GeoJSON.ShapeCollection
@_exported public import struct GeoJSON.ShapeCollectionFeature
@_exported public import enum GeoJSON.ShapeConversion
@_exported public import enum GeoJSON.ShapeDecoding
@_exported public import struct GeoJSON.ShapeFeature

// Expressions: style expressions and their values (NSExpression's style JSON side)
@_exported public import struct Expressions.AnchorOffset
@_exported public import struct Expressions.Collator
@_exported public import struct Expressions.Color
@_exported public import struct Expressions.EvaluationContext
@_exported public import struct Expressions.Expression
@_exported public import struct Expressions.ExpressionEvaluationError
@_exported public import struct Expressions.ExpressionParameters
@_exported public import struct Expressions.ExpressionParseError
@_exported public import enum Expressions.ExpressionType
@_exported public import enum Expressions.ExpressionValue
@_exported public import struct Expressions.FeatureFilter
@_exported public import struct Expressions.FeatureView
@_exported public import struct Expressions.Formatted
@_exported public import struct Expressions.FormattedSection
@_exported public import enum Expressions.InterpolationType
@_exported public import enum Expressions.LegacyFilter
@_exported public import enum Expressions.LegacyFunction
@_exported public import enum Expressions.OutputJSON
@_exported public import struct Expressions.Padding
@_exported public import struct Expressions.ProjectionDefinition
@_exported public import struct Expressions.PropertySpecification
@_exported public import enum Expressions.PropertyType
@_exported public import enum Expressions.PropertyValueType
@_exported public import struct Expressions.ResolvedImage
@_exported public import struct Expressions.UnitBezier
@_exported public import struct Expressions.VariableAnchorOffsetCollection

// FormatStrings: predicates and expressions as format strings (NSPredicate, NSExpression)
@_exported public import enum FormatStrings.FormatArgument
@_exported public import struct FormatStrings.FormatArgumentEntry
@_exported public import struct FormatStrings.FormatArgumentStop
@_exported public import struct FormatStrings.FormatAttributedExpression
@_exported public import struct FormatStrings.FormatColor
@_exported public import struct FormatStrings.FormatComparison
@_exported public import enum FormatStrings.FormatComparisonModifier
@_exported public import enum FormatStrings.FormatComparisonOperator
@_exported public import struct FormatStrings.FormatComparisonOptions
@_exported public import enum FormatStrings.FormatConstant
@_exported public import struct FormatStrings.FormatDictionaryEntry
@_exported public import enum FormatStrings.FormatEvaluationError
@_exported public import enum FormatStrings.FormatExpression
@_exported public import enum FormatStrings.FormatJSONComparison
@_exported public import struct FormatStrings.FormatJSONOptions
@_exported public import enum FormatStrings.FormatPlatform
@_exported public import enum FormatStrings.FormatPredicate
@_exported public import struct FormatStrings.FormatSourceLocation
@_exported public import struct FormatStrings.FormatStop
@_exported public import struct FormatStrings.FormatString
@_exported public import struct FormatStrings.FormatStringError
@_exported public import enum FormatStrings.FormatStrings

// Tiling: tile URL templates, TileJSON, shape source options
@_exported public import struct Tiling.ClusterOptions
@_exported public import struct Tiling.GeoJSONTileOptions
@_exported public import struct Tiling.ShapeSourceOptions
@_exported public import struct Tiling.TileJSON
@_exported public import struct Tiling.TileJSONError
@_exported public import enum Tiling.TileScheme
@_exported public import struct Tiling.TileURLTemplate
@_exported public import enum Tiling.TilingError

// MapStyle: the style: document, sources, layers, properties, runtime styling, validation
@_exported public import enum MapStyle.BackgroundLayerProperty
@_exported public import struct MapStyle.BackgroundStyleLayer
@_exported public import enum MapStyle.CircleLayerProperty
@_exported public import enum MapStyle.CirclePitchAlignment
@_exported public import enum MapStyle.CirclePitchScale
@_exported public import struct MapStyle.CircleStyleLayer
@_exported public import enum MapStyle.ColorReliefLayerProperty
@_exported public import struct MapStyle.ColorReliefStyleLayer
@_exported public import struct MapStyle.CoordinateQuad
@_exported public import struct MapStyle.ExpressionIssue
@_exported public import struct MapStyle.ExpressionTraits
@_exported public import protocol MapStyle.ExpressionValidating
@_exported public import struct MapStyle.ExpressionValidationRequest
@_exported public import enum MapStyle.ExpressionValidationResult
@_exported public import enum MapStyle.FillExtrusionLayerProperty
@_exported public import struct MapStyle.FillExtrusionStyleLayer
@_exported public import enum MapStyle.FillLayerProperty
@_exported public import struct MapStyle.FillStyleLayer
@_exported public import enum MapStyle.FormatStringStyleError
@_exported public import enum MapStyle.HeatmapLayerProperty
@_exported public import struct MapStyle.HeatmapStyleLayer
@_exported public import enum MapStyle.HillshadeLayerProperty
@_exported public import enum MapStyle.HillshadeMethod
@_exported public import struct MapStyle.HillshadeStyleLayer
@_exported public import enum MapStyle.IconTextFit
@_exported public import enum MapStyle.IlluminationAnchor
@_exported public import protocol MapStyle.LayerPropertyKey
@_exported public import enum MapStyle.LayerType
@_exported public import enum MapStyle.LineCap
@_exported public import enum MapStyle.LineJoin
@_exported public import enum MapStyle.LineLayerProperty
@_exported public import struct MapStyle.LineStyleLayer
@_exported public import enum MapStyle.PropertyKind
@_exported public import enum MapStyle.RasterLayerProperty
@_exported public import enum MapStyle.RasterResampling
@_exported public import struct MapStyle.RasterStyleLayer
@_exported public import struct MapStyle.Settings
@_exported public import struct MapStyle.SettingsError
@_exported public import enum MapStyle.ShapeSourceOption
@_exported public import protocol MapStyle.SourceOptionKey
@_exported public import struct MapStyle.SourceURL
@_exported public import class MapStyle.Style
@_exported public import struct MapStyle.StyleDocument
@_exported public import struct MapStyle.StyleDocumentError
@_exported public import protocol MapStyle.StyleEnumeration
@_exported public import enum MapStyle.StyleError
@_exported public import struct MapStyle.StyleImageData
@_exported public import struct MapStyle.StyleLayer
@_exported public import enum MapStyle.StyleNames
@_exported public import enum MapStyle.StyleOperation
@_exported public import struct MapStyle.StyleProjection
@_exported public import enum MapStyle.StyleReading
@_exported public import enum MapStyle.StyleRenderError
@_exported public import struct MapStyle.StyleSource
@_exported public import enum MapStyle.StyleSpecReference
@_exported public import struct MapStyle.StyleValidator
@_exported public import enum MapStyle.StyleValue
@_exported public import protocol MapStyle.StyleValueRepresentable
@_exported public import struct MapStyle.StyleWarning
@_exported public import enum MapStyle.SymbolAlignment
@_exported public import enum MapStyle.SymbolAnchor
@_exported public import enum MapStyle.SymbolLayerProperty
@_exported public import enum MapStyle.SymbolOverlap
@_exported public import enum MapStyle.SymbolPlacement
@_exported public import struct MapStyle.SymbolStyleLayer
@_exported public import enum MapStyle.SymbolZOrder
@_exported public import enum MapStyle.TextJustification
@_exported public import enum MapStyle.TextRotationAlignment
@_exported public import enum MapStyle.TextTransform
@_exported public import enum MapStyle.TextWritingMode
@_exported public import enum MapStyle.TileCoordinateSystem
@_exported public import enum MapStyle.TileSourceOption
@_exported public import enum MapStyle.TranslateAnchor
@_exported public import protocol MapStyle.TypedStyleLayer
@_exported public import struct MapStyle.ValidationMessage
@_exported public import struct MapStyle.ValidationReport
@_exported public import enum MapStyle.Visibility

// TileSources: where resources come from (a map's `fetcher`)
@_exported public import protocol TileSources.ResourceFetching
@_exported public import enum TileSources.ResourceKind
@_exported public import struct TileSources.ResourceRequest
@_exported public import struct TileSources.TileStoreError

// MercatorHTTP: the HTTP client offline downloads and storage fetchers use (MLNNetworkConfiguration's role)
@_exported public import class MercatorHTTP.HTTPClient
@_exported public import struct MercatorHTTP.HTTPClientPolicy
@_exported public import struct MercatorHTTP.HTTPError
@_exported public import struct MercatorHTTP.HTTPResult

// OfflineStorage: offline packs and the ambient cache (MLNOfflineStorage)
@_exported public import struct OfflineStorage.AuthorizingFetcher
@_exported public import struct OfflineStorage.MBTilesExport
@_exported public import class OfflineStorage.OfflineDatabase
@_exported public import struct OfflineStorage.OfflineDownload
@_exported public import struct OfflineStorage.OfflineRegion
@_exported public import struct OfflineStorage.OfflineRegionDefinition
@_exported public import struct OfflineStorage.OfflineRegionStatus
@_exported public import struct OfflineStorage.OfflineStorageError
@_exported public import struct OfflineStorage.RequestAuthorization
@_exported public import struct OfflineStorage.StorageFetcher
@_exported public import struct OfflineStorage.StoredResponse

// Rendering: camera, screen geometry, images and colours, and why a source could not be loaded
@_exported public import enum Rendering.ImageFormat
@_exported public import struct Rendering.MapCamera
@_exported public import enum Rendering.MapMode
@_exported public import struct Rendering.Point
@_exported public import struct Rendering.PremultipliedColor
@_exported public import struct Rendering.ProjectionMode
@_exported public import struct Rendering.RGBAImage
@_exported public import struct Rendering.RasterImage
@_exported public import struct Rendering.RenderColor
@_exported public import struct Rendering.ScreenRect
@_exported public import struct Rendering.SourceLoadError
@_exported public import struct Rendering.StyleImage

// Fonts: client-side fonts and what a build can do
@_exported public import struct Fonts.ClientFontOptions
@_exported public import struct Fonts.InstalledFont
@_exported public import enum Fonts.PlatformFeature
@_exported public import struct Fonts.PlatformFeatureUnavailable
@_exported public import enum Fonts.SystemFonts

// Venues: indoor venues (MVF bundles)
@_exported public import struct Venues.Connection
@_exported public import struct Venues.Floor
@_exported public import struct Venues.FloorStack
@_exported public import struct Venues.NavigationNode
@_exported public import struct Venues.Venue
@_exported public import struct Venues.VenueAccessToken
@_exported public import struct Venues.VenueBundleLocation
@_exported public import struct Venues.VenueCamera
@_exported public import struct Venues.VenueClient
@_exported public import enum Venues.VenueClientError
@_exported public import struct Venues.VenueColor
@_exported public import struct Venues.VenueCredentials
@_exported public import struct Venues.VenueDiagnostic
@_exported public import enum Venues.VenueError
@_exported public import struct Venues.VenueFeature
@_exported public import enum Venues.VenueFeatureKind
@_exported public import enum Venues.VenueFraming
@_exported public import struct Venues.VenueLoadLimits
@_exported public import enum Venues.VenueLook
@_exported public import enum Venues.VenueNamingEra
@_exported public import struct Venues.VenueStyle
@_exported public import struct Venues.VenueStyleOptions
@_exported public import struct Venues.VenueStyleSheet
