import Foundation
import GeoJSON
import MapStyle
import Rendering
import Tiling
import Expressions

/// Why a source's data could not be loaded.
public struct SourceLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var source: String
    public var message: String

    public init(source: String, _ message: String) {
        self.source = source
        self.message = message
    }

    public var description: String { "sources.\(source): \(message)" }
}

/// Loads shape (GeoJSON) sources: inline data, or a file, `local://` or relative URL.
public struct SourceLoader: Sendable {
    /// The folder relative URLs resolve against (the style's folder).
    public var styleDirectory: URL?
    /// The folder `local://` URLs resolve against.
    public var localRoot: URL?

    public init(styleDirectory: URL? = nil, localRoot: URL? = nil) {
        self.styleDirectory = styleDirectory
        self.localRoot = localRoot
    }

    /// The features of `source` (empty for source kinds that are not drawn from GeoJSON).
    ///
    /// Lenient reading: common GeoJSON violations are repaired, as MapLibre accepts them; text
    /// that is not GeoJSON at all is an error naming the source.
    public func load(_ source: StyleSource) throws(SourceLoadError) -> SourceFeatures {
        let maxZoom = Int(source.value(for: ShapeSourceOption.maximumZoomLevel)?.number ?? 18)
        guard let data = source.shapeData else { return SourceFeatures(features: [], maximumZoom: maxZoom) }
        let object: GeoJSONObject
        switch data {
        case .inline(let json):
            do {
                object = try GeoJSONObject(parsing: json.serialized(), options: .lenient)
            } catch {
                throw SourceLoadError(source: source.identifier, "inline data is not GeoJSON: \(error)")
            }
        case .url(let url):
            guard let file = url.fileURL(styleDirectory: styleDirectory, localRoot: localRoot) else {
                throw SourceLoadError(source: source.identifier, "cannot load \(url): only file, local:// and relative URLs are read (no network)")
            }
            let bytes: Data
            do {
                bytes = try Data(contentsOf: file)
            } catch {
                throw SourceLoadError(source: source.identifier, "cannot read \(file.path): \(error.localizedDescription)")
            }
            do {
                object = try GeoJSONObject.decode(bytes, options: .lenient).object
            } catch {
                throw SourceLoadError(source: source.identifier, "\(file.lastPathComponent): \(error)")
            }
        }
        var result = SourceFeatures(features: object.features, maximumZoom: maxZoom)
        if source.value(for: ShapeSourceOption.clustered)?.bool == true {
            result.clusters = try clusterIndex(source, features: result.features)
        }
        return result
    }

    /// The cluster index of a clustered source (`cluster`, `clusterRadius`, `clusterMaxZoom`,
    /// `clusterMinPoints`, `clusterProperties`), with MapLibre Native's defaults.
    private func clusterIndex(_ source: StyleSource, features: [GeoJSONFeature]) throws(SourceLoadError) -> ClusterIndex {
        var options = ShapeSourceOptions()
        options.cluster = true
        if let r = source.value(for: ShapeSourceOption.clusterRadius)?.number { options.clusterRadius = r }
        if let z = source.value(for: ShapeSourceOption.maximumZoomLevelForClustering)?.number { options.clusterMaxZoom = Int(z) }
        if let m = source.json["clusterMinPoints"]?.number { options.clusterMinPoints = Int(m) }
        let properties = try ClusterProperties(source.value(for: ShapeSourceOption.clusterProperties), source: source.identifier)
        let points = features.filter { if case .point? = $0.geometry { return true } else { return false } }
        do {
            return try ClusterIndex(points: points, options: options.clusterOptions(map: properties?.map, reduce: properties?.reduce))
        } catch {
            throw SourceLoadError(source: source.identifier, "\(error)")
        }
    }
}
