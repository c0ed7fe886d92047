import ArgumentParser
import Foundation

import Mercator

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

/// `mercator tile FILE.geojson Z/X/Y`: prints a tile's features as a shape source with these
/// options would produce them (MapLibre Native's tiling: extent 8192, pixel options scaled).
struct TileFeaturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "features",
        abstract: "Print the features of one tile of a GeoJSON file, as a shape source tiles it.")

    @Argument(help: "A GeoJSON file.")
    var file: String

    @Argument(help: "The tile as Z/X/Y.")
    var tile: String

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

    func run() throws {
        guard let id = TileID(parsing: tile) else { throw ValidationError("tile must be Z/X/Y, found \"\(tile)\"") }
        let object = try GeoJSONObject(parsing: try Data(contentsOf: URL(fileURLWithPath: file)))
        let options = ShapeSourceOptions(
            maxZoom: maxZoom, buffer: buffer, tolerance: tolerance, lineMetrics: lineMetrics, cluster: cluster,
            clusterRadius: clusterRadius, clusterMaxZoom: clusterMaxZoom, clusterMinPoints: clusterMinPoints)
        let result = try ShapeSourceTiles(features: object.features, options: options).tile(id)
        if geojson {
            let features = result?.geoJSONFeatures ?? []
            print(GeoJSONObject.featureCollection(GeoJSONFeatureCollection(features: features)).serialized())
        } else {
            print((result?.vtJSON ?? .array([])).serialized())
        }
    }
}
