import ArgumentParser
import Foundation
import Mercator

/// `mercator query`: the features a style draws at a point or in a rectangle, as GeoJSON.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Print the features drawn at a screen point or in a rectangle, topmost first, as GeoJSON.")

    @Argument(help: "A style JSON file or a GeoJSON file.") var input: String
    @OptionGroup var camera: CameraOptions
    @OptionGroup var limits: InputLimitOptions
    @Option(parsing: .unconditional, help: "Screen point X,Y in points from the top left.") var point: String?
    @Option(parsing: .unconditional, help: "Screen rectangle X,Y,W,H in points.") var rect: String?
    @Option(help: "Only these layers, comma-separated.") var layers: String?
    @Option(help: "A predicate: filter JSON, or an NSPredicate format string.") var predicate: String?
    @OptionGroup var globalState: GlobalStateArguments
    @OptionGroup var mapOptions: MapOptionArguments

    func validate() throws {
        if (point == nil) == (rect == nil) { throw ValidationError("give exactly one of --point X,Y or --rect X,Y,W,H") }
    }

    func run() throws {
        let data = try InputOutput.read(input, limit: limits.limit)
        let size = try camera.mapSize()
        let directory = input == "-" ? nil : URL(fileURLWithPath: input).deletingLastPathComponent()
        let map = try MapLoading.map(from: data, name: input, size: size, camera: camera, styleDirectory: directory)
        try globalState.apply(to: map)
        try mapOptions.apply(to: map)
        let ids = layers.map { Set($0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }) }
        let filter = try predicate.map(PredicateArgument.filter)
        let found: [QueriedFeature]
        if let point {
            let v = try numbers(point, count: 2, name: "--point")
            found = try map.visibleFeatures(at: Point(x: v[0], y: v[1]), styleLayerIdentifiers: ids, predicate: filter)
        } else {
            let v = try numbers(rect!, count: 4, name: "--rect")
            found = try map.visibleFeatures(in: ScreenRect(x: v[0], y: v[1], width: v[2], height: v[3]), styleLayerIdentifiers: ids, predicate: filter)
        }
        // Sources, sprites and glyphs that cannot be read are drawn (and so queried) without: say so, as render does.
        InputOutput.printWarnings(map.resourceWarnings(), of: map)
        var features: [GeoJSONFeature] = []
        for q in found {
            var f = q.geoJSONFeature
            f.members.foreign["layer"] = .string(q.layerIdentifier)
            f.members.foreign["source"] = .string(q.sourceIdentifier)
            features.append(f)
        }
        print(GeoJSONObject.featureCollection(GeoJSONFeatureCollection(features: features)).serialized(GeoJSONWriteOptions(pretty: true)))
    }

    private func numbers(_ text: String, count: Int, name: String) throws -> [Double] {
        let v = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard v.count == count, v.allSatisfy(\.isFinite) else { throw ValidationError("\(name) needs \(count) comma-separated numbers") }
        return v
    }
}

/// A predicate given on the command line: filter JSON, or an NSPredicate format string.
enum PredicateArgument {
    static func filter(_ text: String) throws -> JSONValue {
        if let json = try? JSONValue(parsing: text), json.array != nil || json.bool != nil { return json }
        do {
            return try FormatStrings.predicateJSON(text)
        } catch {
            throw CLIError("--predicate: \(error)")
        }
    }
}
