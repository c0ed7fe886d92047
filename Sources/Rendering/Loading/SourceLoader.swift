package import Foundation
import GeoJSON
package import MapStyle
import Tiling
import Expressions
package import TileSources

/// Loads shape (GeoJSON) sources: inline data, or a file, `local://`, relative or http(s) URL.
package struct SourceLoader: Sendable {
    /// The folder relative URLs resolve against (the style's folder).
    package var styleDirectory: URL?
    /// The folder `local://` URLs resolve against.
    package var localRoot: URL?
    /// Where remote GeoJSON is loaded through (the offline storage); the network when nil.
    package var fetcher: (any ResourceFetching)?

    package init(styleDirectory: URL? = nil, localRoot: URL? = nil, fetcher: (any ResourceFetching)? = nil) {
        self.styleDirectory = styleDirectory
        self.localRoot = localRoot
        self.fetcher = fetcher
    }

    /// The features of `source` (empty for source kinds that are not drawn from GeoJSON).
    ///
    /// Lenient reading: common GeoJSON violations are repaired, as MapLibre accepts them; text
    /// that is not GeoJSON at all is an error naming the source.
    package func load(_ source: StyleSource) throws(SourceLoadError) -> GeoJSONRenderSource {
        let options = try Self.options(source)
        guard let data = source.shapeData else { return GeoJSONRenderSource(features: [], maximumZoom: options.maxZoom) }
        let object: GeoJSONObject
        switch data {
        case .inline(let json):
            do {
                object = try GeoJSONObject(json: json, options: .lenient)
            } catch {
                throw SourceLoadError(source: source.identifier, "inline data is not GeoJSON: \(error)")
            }
        case .url(let url):
            let bytes: Data
            let name: String
            if url.scheme == .http {
                // GeoJSON over HTTP(S), bounded like tiles (512 MiB, as the CLI reads files)
                do {
                    guard let data = try (fetcher ?? NetworkFetcher()).fetch(ResourceRequest(url: url.string, kind: .source), limit: 512 << 20,
                                                                            store: "sources.\(source.identifier)") else {
                        throw SourceLoadError(source: source.identifier, "\(url) is not found (HTTP 404)")
                    }
                    bytes = data
                } catch let error as SourceLoadError {
                    throw error
                } catch {
                    throw SourceLoadError(source: source.identifier, "\(error)")
                }
                name = url.string
            } else {
                guard let file = url.fileURL(styleDirectory: styleDirectory, localRoot: localRoot) else {
                    throw SourceLoadError(source: source.identifier, "cannot load \(url): not a file, local://, relative or http(s) URL")
                }
                do {
                    bytes = try Data(contentsOf: file)
                } catch {
                    throw SourceLoadError(source: source.identifier, "cannot read \(file.path): \(error.localizedDescription)")
                }
                name = file.lastPathComponent
            }
            do {
                object = try GeoJSONObject.decode(bytes, options: .lenient).object
            } catch {
                throw SourceLoadError(source: source.identifier, "\(name): \(error)")
            }
        }
        return try index(source, features: object.features, options: options)
    }

    /// The tiling options of a shape source (`maxzoom`, `buffer`, `tolerance`, `lineMetrics`,
    /// `cluster`, `clusterRadius`, `clusterMaxZoom`, `clusterMinPoints`), with MapLibre Native's
    /// defaults for what it leaves out. Out-of-range values are rejected when the index is built.
    /// - Throws: `SourceLoadError` naming the option and the number given when a whole-number option
    ///   is outside what it can be (so the message shows `1e9`, not a clamped stand-in).
    static func options(_ source: StyleSource) throws(SourceLoadError) -> ShapeSourceOptions {
        func number(_ key: String) -> Double? { source.json[key]?.number }
        func whole(_ key: String) throws(SourceLoadError) -> Int? {
            guard let v = number(key) else { return nil }
            guard v.isFinite, v >= 0, v < 1e6 else {
                throw SourceLoadError(source: source.identifier, "\(key) must be a number from 0 to 999999 (found \(JSONValue.double(v).serialized()))")
            }
            return Int(v.rounded(.down))
        }
        var options = ShapeSourceOptions()
        // deeper than 24 only changes simplification below a hundredth of a pixel: tile to 24
        if let z = try whole(ShapeSourceOption.maximumZoomLevel.jsonKey) { options.maxZoom = min(z, 24) }
        if let b = number(ShapeSourceOption.buffer.jsonKey) { options.buffer = b }
        if let t = number(ShapeSourceOption.simplificationTolerance.jsonKey) { options.tolerance = t }
        options.lineMetrics = source.json[ShapeSourceOption.lineDistanceMetrics.jsonKey]?.bool ?? false
        options.cluster = source.json[ShapeSourceOption.clustered.jsonKey]?.bool ?? false
        if let r = number(ShapeSourceOption.clusterRadius.jsonKey) { options.clusterRadius = r }
        if let z = try whole(ShapeSourceOption.maximumZoomLevelForClustering.jsonKey) { options.clusterMaxZoom = z }
        if let m = try whole("clusterMinPoints") { options.clusterMinPoints = m }
        return options
    }

    /// The source's features with the index layers draw through: points clustered per zoom for a
    /// clustered source (with its `clusterProperties`), shapes sliced and simplified per zoom otherwise.
    private func index(_ source: StyleSource, features: [GeoJSONFeature], options: ShapeSourceOptions) throws(SourceLoadError) -> GeoJSONRenderSource {
        let properties = options.cluster
            ? try ClusterProperties(source.value(for: ShapeSourceOption.clusterProperties), source: source.identifier) : nil
        do {
            let tiles = try ShapeSourceTiles(features: features, options: options, map: properties?.map, reduce: properties?.reduce,
                                             slicingUpFront: false)
            return GeoJSONRenderSource(features: features, maximumZoom: options.maxZoom, index: tiles)
        } catch {
            throw SourceLoadError(source: source.identifier, "\(error)")
        }
    }
}
