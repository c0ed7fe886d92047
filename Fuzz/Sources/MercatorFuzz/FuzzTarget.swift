import Foundation
import Mercator
import TileSources

/// The fuzz targets: one reader each.
enum FuzzTarget: String, CaseIterable {
    case geojson, expression, formatString = "format-string", style, venue, png, mvt, mlt, pmtiles

    /// Feeds `bytes` to the target's reader and walks the result.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .geojson: Self.geojson(bytes)
        case .expression: Self.expression(bytes)
        case .formatString: Self.formatString(bytes)
        case .style: _ = StyleValidator().validate(data: Data(bytes))
        case .venue: _ = try? Venue.open(zipData: Data(bytes))
        case .png: _ = try? PNGDecoder.decode(bytes)
        case .mvt: Self.mvt(bytes)
        case .mlt: Self.mlt(bytes)
        case .pmtiles: Self.pmtiles(bytes)
        }
    }

    static func geojson(_ bytes: [UInt8]) {
        let data = Data(bytes)
        if let object = try? GeoJSONObject(parsing: data) {
            var writer = JSONWriter()
            GeoJSONEncoding.write(object, to: &writer)
            _ = try? GeoJSONObject(parsing: Data(writer.bytes))
        }
        _ = try? GeoJSONObject(parsing: data, options: .lenient)
        _ = try? ShapeDecoding.shape(from: data)
    }

    /// An expression as JSON, parsed and evaluated against a feature with a few properties at two zooms.
    static func expression(_ bytes: [UInt8]) {
        guard let json = try? JSONValue(parsing: bytes), let expression = try? Expression.parse(json) else { return }
        let properties: JSONObject = ["name": "Aé", "n": 3, "x": 1.5, "flag": true, "list": [1, 2, 3], "o": ["k": "v"]]
        let feature = FeatureView(properties: properties, geometryType: "Point")
        for zoom in [0.0, 14.5] {
            _ = expression.evaluate(EvaluationContext(zoom: zoom, feature: feature))
        }
    }

    /// A format string read as a predicate and as an expression; what parses is converted to style JSON and back.
    static func formatString(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let arguments: [FormatArgument] = []
        if let predicate = try? FormatPredicate(format: text, arguments: arguments),
           let json = try? predicate.jsonValue(options: FormatJSONOptions()) {
            _ = try? FormatStrings.predicateFormat(json)
        }
        if let expression = try? FormatExpression(format: text, arguments: arguments),
           let json = try? expression.jsonValue(options: FormatJSONOptions()) {
            _ = try? FormatStrings.expressionFormat(json)
        }
    }

    /// A vector tile: every layer, feature, property and geometry decoded, lazily and into columns.
    static func mvt(_ bytes: [UInt8]) {
        guard let tile = try? VectorTile(data: Data(bytes)), let layers = try? tile.layers() else { return }
        for layer in layers {
            for i in 0..<layer.count {
                guard let feature = try? layer.feature(at: i) else { continue }
                _ = feature.properties
                _ = try? feature.geometry()
                _ = try? feature.geoJSONFeature(x: 1, y: 1, z: 2)
            }
        }
        for l in 0..<tile.layerCount {
            guard let columns = try? tile.columns(at: l) else { continue }
            for feature in columns {
                feature.forEachProperty { _, _ in }
                _ = feature.geometry()
                _ = feature.geoJSONFeature(x: 1, y: 1, z: 2)
            }
        }
    }

    /// A MapLibre Tile: every layer decoded, every feature converted to GeoJSON.
    static func mlt(_ bytes: [UInt8]) {
        guard let tile = try? MapLibreTile(data: Data(bytes)) else { return }
        for layer in tile.layers { _ = layer.geoJSONFeatures(x: 1, y: 1, z: 2) }
    }

    /// A PMTiles header (the first 127 bytes) and a directory (the rest), with look-ups.
    static func pmtiles(_ bytes: [UInt8]) {
        _ = try? PMTilesHeader(Data(bytes.prefix(127)))
        guard let directory = try? PMTilesDirectory(Array(bytes.dropFirst(min(bytes.count, 1)))) else { return }
        for id: UInt64 in [0, 1, 5, 1000, UInt64.max] { _ = directory.find(id) }
        if let last = directory.entries.last { _ = directory.find(last.tileID &+ last.runLength) }
    }
}
