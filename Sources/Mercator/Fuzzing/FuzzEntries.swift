import Fonts
import Foundation
import GeoJSON
import MapStyle
import Rendering
import TileSources
import Tiling
import Venues

/// The readers the fuzz targets (the `Fuzz/` package, `scripts/fuzz.sh`) and the seed replay test
/// (`FuzzSeedReplayTests`) feed: one function per target, taking the raw input.
///
/// Each walks what its reader returns. A reader may fail with its typed error — the functions that
/// return `[any Error]` hand those back so the replay test can check their types — but it must never
/// trap, hang or allocate without bound. Not API: reachable only with `@_spi(Fuzzing) import Mercator`.
@_spi(Fuzzing) public enum FuzzEntries {
    /// The target names, as `MERCATOR_FUZZ_TARGET` and `scripts/fuzz.sh` spell them.
    public static let targets = ["geojson", "expression", "format-string", "style", "venue", "png", "mvt", "mlt", "pmtiles",
                                 "pmtiles-store", "mbtiles", "glyphs", "labels"]

    /// Feeds `bytes` to the target named `target`; the errors the reader threw (for the targets that
    /// report them). `nil` for an unknown name.
    @discardableResult
    public static func run(_ target: String, _ bytes: [UInt8]) -> [any Error]? {
        switch target {
        case "geojson": geojson(bytes)
        case "expression": expression(bytes)
        case "format-string": formatString(bytes)
        case "style": _ = StyleValidator().validate(data: Data(bytes))
        case "venue": _ = try? Venue.open(zipData: Data(bytes))
        case "png": _ = try? PNGDecoder.decode(bytes)
        case "mvt": mvt(bytes)
        case "mlt": mlt(bytes)
        case "pmtiles": pmtiles(bytes)
        case "pmtiles-store": return pmtilesStore(bytes)
        case "mbtiles": return mbtiles(bytes)
        case "glyphs": return glyphs(bytes)
        case "labels": return labels(bytes)
        default: return nil
        }
        return []
    }

    public static func geojson(_ bytes: [UInt8]) {
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
    public static func expression(_ bytes: [UInt8]) {
        guard let json = try? JSONValue(parsing: bytes), let expression = try? Expression.parse(json) else { return }
        let properties: JSONObject = ["name": "Aé", "n": 3, "x": 1.5, "flag": true, "list": [1, 2, 3], "o": ["k": "v"]]
        let feature = FeatureView(properties: properties, geometryType: "Point")
        for zoom in [0.0, 14.5] {
            _ = expression.evaluate(EvaluationContext(zoom: zoom, feature: feature))
        }
    }

    /// A format string read as a predicate and as an expression; what parses is converted to style JSON and back.
    public static func formatString(_ bytes: [UInt8]) {
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
    public static func mvt(_ bytes: [UInt8]) {
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
    public static func mlt(_ bytes: [UInt8]) {
        guard let tile = try? MapLibreTile(data: Data(bytes)) else { return }
        for layer in tile.layers { _ = layer.geoJSONFeatures(x: 1, y: 1, z: 2) }
    }

    /// A PMTiles header (the first 127 bytes) and a directory (the rest), with look-ups.
    public static func pmtiles(_ bytes: [UInt8]) {
        _ = try? PMTilesHeader(Data(bytes.prefix(127)))
        guard let directory = try? PMTilesDirectory(Array(bytes.dropFirst(min(bytes.count, 1)))) else { return }
        for id: UInt64 in [0, 1, 5, 1000, UInt64.max] { _ = directory.find(id) }
        if let last = directory.entries.last { _ = directory.find(last.tileID &+ last.runLength) }
    }

    /// Tiles every store is asked for: the first tiles of the low zooms, and a few deeper ones.
    static let probeTiles: [TileID] = [TileID(z: 0, x: 0, y: 0), TileID(z: 1, x: 0, y: 0), TileID(z: 1, x: 1, y: 1),
                                       TileID(z: 2, x: 1, y: 2), TileID(z: 3, x: 4, y: 3), TileID(z: 8, x: 128, y: 85),
                                       TileID(z: 14, x: 8192, y: 5461)]

    /// A whole PMTiles archive from memory, as `PMTilesStore` opens it (header, root directory,
    /// metadata), then tiles read through its leaf directories: the store's own section reads.
    public static func pmtilesStore(_ bytes: [UInt8]) -> [any Error] {
        var errors: [any Error] = []
        let store: PMTilesStore
        do throws(TileStoreError) {
            store = try PMTilesStore(source: PMTilesMemorySource(Data(bytes), name: "fuzz.pmtiles"), prefix: UInt64(PMTilesHeader.size))
        } catch {
            return [error]
        }
        _ = store.tileJSON
        var tiles = probeTiles
        let z = max(store.header.minimumZoom, min(store.header.maximumZoom, 14))
        tiles.append(TileID(z: z, x: (1 << z) / 2, y: (1 << z) / 3))
        for tile in tiles {
            do throws(TileStoreError) { _ = try store.tileData(tile) } catch { errors.append(error) }
        }
        return errors
    }

    private static let scratch = NSLock()
    nonisolated(unsafe) private static var scratchCount = 0

    /// An MBTiles (SQLite) file with the input's bytes, opened read-only, its metadata read as TileJSON
    /// and a few tiles read.
    public static func mbtiles(_ bytes: [UInt8]) -> [any Error] {
        let n = scratch.withLock { scratchCount += 1; return scratchCount }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("mercator-fuzz-\(ProcessInfo.processInfo.processIdentifier)-\(n).mbtiles").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return [] }
        var errors: [any Error] = []
        do throws(TileStoreError) {
            let store = try MBTilesStore(path: path)
            _ = store.tileJSON
            for tile in probeTiles + [TileID(z: 63, x: 0, y: 0), TileID(z: 3, x: -1, y: Int.min), TileID(z: 62, x: 0, y: Int.min)] {
                do throws(TileStoreError) { _ = try store.tileData(tile) } catch { errors.append(error) }
            }
        } catch {
            errors.append(error)
        }
        return errors
    }

    /// A glyph PBF: every glyph decoded, its bitmap checked against its size.
    public static func glyphs(_ bytes: [UInt8]) -> [any Error] {
        do throws(GlyphDecodingError) {
            for glyph in try GlyphPBF.decode(Data(bytes)).values where glyph.width > 0 && glyph.height > 0 {
                // the sizes were clamped as read: the bitmap a glyph claims fits an Int
                let claimed = (glyph.width + 2 * Glyph.border) * (glyph.height + 2 * Glyph.border)
                if glyph.bitmap.count >= claimed { _ = glyph.bitmap[claimed - 1] }
            }
            return []
        } catch {
            return [error]
        }
    }

    /// Glyph PBFs for the label target: every code point of Latin, Greek, Cyrillic, Arabic and one block
    /// of CJK ideographs, each an 8x10 box, in a folder of their own (made once per process).
    static let labelGlyphs: URL? = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("mercator-fuzz-glyphs-\(ProcessInfo.processInfo.processIdentifier)/Fuzz Sans")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let bitmap = (0..<(14 * 16)).map { UInt8(truncatingIfNeeded: 128 + ($0 % 14 - 7) * ($0 / 14 - 8)) }
            for range in [0, 3, 4, 6, 0x4E] {
                let glyphs = (0..<256).map { i in
                    Glyph(codePoint: UInt32(range * 256 + i), width: 8, height: 10, left: 0, top: -8, advance: 9, bitmap: bitmap)
                }
                try GlyphPBFEncoder.encode(glyphs, fontStack: "Fuzz Sans", range: range)
                    .write(to: folder.appendingPathComponent("\(range * 256)-\(range * 256 + 255).pbf"))
            }
            return folder.deletingLastPathComponent()
        } catch {
            return nil
        }
    }()

    /// Labels laid out and placed: a symbol layer over points and lines whose text is the input's lines
    /// (up to 24), with the layout options chosen by the input's first byte; a 128x128 map is drawn.
    public static func labels(_ bytes: [UInt8]) -> [any Error] {
        guard let glyphs = labelGlyphs, let flags = bytes.first else { return [] }
        let texts = String(decoding: bytes.dropFirst(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).prefix(24)
        var features: [JSONValue] = []
        for (i, text) in texts.enumerated() {
            let x = Double(i % 5) * 12 - 24, y = Double(i / 5) * 10 - 20
            let geometry: JSONValue = flags & 1 == 0
                ? ["type": "Point", "coordinates": [.double(x), .double(y)]]
                : ["type": "LineString", "coordinates": [[.double(x - 20), .double(y)], [.double(x), .double(y + 3)], [.double(x + 25), .double(y - 2)]]]
            features.append(["type": "Feature", "properties": ["name": .string(String(text)), "rank": .int(Int64(i))], "geometry": geometry])
        }
        var layout: JSONObject = ["text-field": "{name}", "text-font": ["Fuzz Sans"], "text-size": .int(Int64(8 + Int(flags >> 4)))]
        if flags & 1 != 0 { layout["symbol-placement"] = flags & 2 == 0 ? "line" : "line-center" }
        if flags & 2 != 0 { layout["text-max-width"] = flags & 4 == 0 ? 0.5 : 3 }
        if flags & 4 != 0 { layout["text-writing-mode"] = ["vertical", "horizontal"] }
        if flags & 8 != 0 {
            layout["text-allow-overlap"] = true
            layout["text-letter-spacing"] = 0.3
            layout["text-justify"] = "auto"
            layout["text-variable-anchor"] = ["top", "bottom-left", "center"]
            layout["text-rotate"] = 37
        }
        let style: JSONValue = [
            "version": 8, "glyphs": .string(glyphs.path + "/{fontstack}/{range}.pbf"),
            "sources": ["points": ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(features)]]],
            "layers": [["id": "labels", "type": "symbol", "source": "points", "layout": .object(layout),
                        "paint": ["text-halo-width": 1, "text-halo-color": "white"]]],
        ]
        do {
            let map = Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 2, bearing: flags & 0x20 == 0 ? 0 : 30),
                          size: MapSize(width: 128, height: 128))
            _ = try map.snapshot()
            return []
        } catch {
            return [error]
        }
    }
}
