import ArgumentParser
import Foundation

import Mercator
import Tiling

/// `mercator tile …`: tile URL templates and the features of a GeoJSON tile.
struct TileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tile",
        abstract: "Expand tile URL templates and cut GeoJSON into tiles.",
        subcommands: [TileURLCommand.self, TileFeaturesCommand.self],
        defaultSubcommand: TileFeaturesCommand.self)
}

/// `mercator tile url 'TEMPLATE' Z/X/Y [--scheme tms] [--ratio 2]`: prints the expanded URL.
struct TileURLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "url",
        abstract: "Print the URL a tile URL template gives for a tile.",
        discussion: "Placeholders: {x} {y} {z} {quadkey} {bbox-epsg-3857} {ratio} {prefix}.")

    @Argument(help: "The template, e.g. 'https://example.com/{z}/{x}/{y}{ratio}.png'.")
    var template: String

    @Argument(help: "The tile as Z/X/Y (XYZ numbering, row 0 at the north edge).")
    var tile: String

    @Option(help: "Row numbering of the server: xyz or tms.")
    var scheme: String = "xyz"

    @Option(help: "Device pixel ratio; above 1, {ratio} becomes @2x.")
    var ratio: Double = 1

    func run() throws {
        guard let id = TileID(parsing: tile) else {
            throw ValidationError("tile must be Z/X/Y with 0 <= X, Y < 2^Z and Z <= \(TileID.maximumZoom), found \"\(tile)\"")
        }
        guard let scheme = TileScheme(rawValue: scheme) else {
            throw ValidationError("scheme must be xyz or tms, found \"\(scheme)\"")
        }
        print(TileURLTemplate(template).url(for: id, scheme: scheme, pixelRatio: ratio))
    }
}

/// `mercator tile STYLE_OR_GEOJSON Z/X/Y`: prints a tile's features as a shape source produces
/// them (MapLibre Native's tiling: extent 8192, pixel options scaled). A style's GeoJSON sources
/// are tiled with their own options; a GeoJSON file with the options given here.
struct TileFeaturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "features",
        abstract: "Print the features of one tile of a style's GeoJSON sources or of a GeoJSON file.",
        discussion: """
            For a style, every GeoJSON source is tiled with its own options (maxzoom, buffer, tolerance, \
            lineMetrics, cluster…) and the output is an object keyed by source identifier, unless \
            --source names one. For a GeoJSON file, the options below apply.
            """)

    @Argument(help: "A style JSON file or a GeoJSON file (- for standard input).")
    var file: String

    @Argument(help: "The tile as Z/X/Y.")
    var tile: String

    @Option(help: "For a style: the GeoJSON source to tile (default: all of them).")
    var source: String?
    @Option(help: "Deepest zoom with tiles (source maxzoom).")
    var maxZoom: Int = 18
    @Option(help: "Tile buffer in pixels (source buffer).")
    var buffer: Double = 128
    @Option(help: "Simplification tolerance in pixels (source tolerance).")
    var tolerance: Double = 0.375
    @Flag(help: "Keep line distances (mapbox_clip_start / mapbox_clip_end), as lineMetrics does.")
    var lineMetrics = false
    @Flag(help: "Cluster points (source cluster).")
    var cluster = false
    @Option(help: "Cluster radius in pixels (source clusterRadius).")
    var clusterRadius: Double = 50
    @Option(help: "Deepest zoom at which points cluster (source clusterMaxZoom).")
    var clusterMaxZoom: Int = 17
    @Option(help: "Fewest points in a cluster (source clusterMinPoints).")
    var clusterMinPoints: Int = 2
    @Flag(help: "Print GeoJSON with longitude/latitude instead of tile coordinates.")
    var geojson = false
    @Option(help: "Output format: json (geojson-vt JSON or, with --geojson, GeoJSON) or mvt (Mapbox Vector Tile 2.1, extent 4096).")
    var format: String = "json"
    @Option(name: [.short, .customLong("output")], help: "With --format mvt: the file to write (default: standard output).")
    var output: String?
    @Option(help: "With --format mvt: the layer name for a GeoJSON file (a style's sources are named by their identifiers).")
    var layer: String = "geojson"
    @Flag(help: "With --format mvt: gzip the tile.")
    var gzip = false

    func run() throws {
        guard let id = TileID(parsing: tile) else {
            throw ValidationError("tile must be Z/X/Y with 0 <= X, Y < 2^Z and Z <= \(TileID.maximumZoom), found \"\(tile)\"")
        }
        guard format == "json" || format == "mvt" else { throw ValidationError("format must be json or mvt, found \"\(format)\"") }
        if format == "mvt" && geojson { throw ValidationError("--geojson applies to --format json") }
        let data = try InputOutput.read(file)
        let json = try MapLoading.json(data, name: file)
        if MapLoading.isStyle(json) {
            try printStyleTile(id, json: json, data: data)
            return
        }
        if source != nil { throw ValidationError("--source applies to a style; \(file) is GeoJSON") }
        let object: GeoJSONObject
        do {
            object = try GeoJSONObject.decode(data, options: .lenient).object
        } catch {
            throw CLIError("\(file): neither a style (no \"version\"/\"layers\") nor GeoJSON: \(error)")
        }
        let options = ShapeSourceOptions(
            maxZoom: maxZoom, buffer: buffer, tolerance: tolerance, lineMetrics: lineMetrics, cluster: cluster,
            clusterRadius: clusterRadius, clusterMaxZoom: clusterMaxZoom, clusterMinPoints: clusterMinPoints)
        do {
            let tile = try ShapeSourceTiles(features: object.features, options: options).tile(id)
            if format == "mvt" {
                try writeMVT([(layer, tile)])
                return
            }
            print(output(tile).serialized())
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("\(error)")
        }
    }

    /// The tiles of a style's GeoJSON sources, each tiled with its own options.
    private func printStyleTile(_ id: TileID, json: JSONValue, data: Data) throws {
        let directory = file == "-" ? nil : URL(fileURLWithPath: file).deletingLastPathComponent()
        let map = try MapLoading.styleMap(json: json, data: data, name: file, size: MapSize(width: 512, height: 512),
                                          camera: try CameraOptions.parse([]), styleDirectory: directory)
        do {
            if format == "mvt" {
                let ids = source.map { [$0] } ?? map.style.sources.filter { $0.kind == .geojson }.map(\.identifier)
                try writeMVT(try ids.map { ($0, try map.tile(id, inShapeSource: $0)) })
                return
            }
            if let source {
                print(output(try map.tile(id, inShapeSource: source)).serialized())
                return
            }
            var all = JSONObject()
            for s in map.style.sources where s.kind == .geojson {
                all[s.identifier] = output(try map.tile(id, inShapeSource: s.identifier))
            }
            print(JSONValue.object(all).serialized())
        } catch {
            throw CLIError("\(file): \(error)")
        }
    }

    /// Writes the tiles as one vector tile, a layer each (empty tiles give no layer), to `--output` or standard output.
    private func writeMVT(_ layers: [(String, Tile?)]) throws {
        var encoder = VectorTileEncoder()
        for case let (name, tile?) in layers { encoder.addLayer(named: name, tile: tile) }
        try InputOutput.write(Array(encoder.encoded(gzip: gzip)), to: output)
    }

    /// A tile as geojson-vt JSON, or as a GeoJSON feature collection with `--geojson`.
    private func output(_ tile: Tile?) -> JSONValue {
        if geojson {
            return GeoJSONEncoding.jsonValue(GeoJSONFeatureCollection(features: tile?.geoJSONFeatures ?? []))
        }
        return tile?.vtJSON ?? .array([])
    }
}
