import Foundation
import GeoJSON
import MapStyle
import Rendering
import Tiling

/// The `image` sources of a map: each picture read and decoded once per source definition.
final class ImageSources: @unchecked Sendable {
    private let styleDirectory: URL?
    private let localRoot: URL?
    private let localServers: [(prefix: String, folder: URL)]
    private let lock = NSLock()
    /// Decoded pictures with the definition they came from. Guarded by `lock`.
    private var loaded: [String: (StyleSource, Result<ImageOverlay, SourceLoadError>)] = [:]

    init(styleDirectory: URL?, localRoot: URL?, localServers: [(prefix: String, folder: URL)]) {
        self.styleDirectory = styleDirectory
        self.localRoot = localRoot
        self.localServers = localServers
    }

    /// The picture of image source `source` over its corners, or why it cannot be shown.
    func overlay(_ source: StyleSource) -> Result<ImageOverlay, SourceLoadError> {
        if let cached = lock.withLock({ loaded[source.identifier] }), cached.0 == source { return cached.1 }
        let result = load(source)
        lock.withLock { loaded[source.identifier] = (source, result) }
        return result
    }

    private func load(_ source: StyleSource) -> Result<ImageOverlay, SourceLoadError> {
        func failure(_ message: String) -> Result<ImageOverlay, SourceLoadError> {
            .failure(SourceLoadError(source: source.identifier, message))
        }
        guard let url = source.imageURL, let quad = source.coordinates else { return failure("an image source needs \"url\" and \"coordinates\"") }
        var file: URL?
        for server in localServers where url.hasPrefix(server.prefix) {
            file = server.folder.appendingPathComponent(String(url.dropFirst(server.prefix.count)))
        }
        file = file ?? SourceURL(url).fileURL(styleDirectory: styleDirectory, localRoot: localRoot)
        guard let file else { return failure("cannot load \(url): only file, local:// and relative URLs are read") }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            return failure("cannot read \(file.path)")
        }
        let image: RGBAImage
        do {
            image = try RasterDecoding.decode(data)
        } catch {
            return failure("\(file.lastPathComponent): \(error)")
        }
        func world(_ p: Position) -> Point {
            Point(x: WebMercator.worldX(longitude: p.longitude), y: WebMercator.worldY(latitude: p.latitude))
        }
        let corners = [world(quad.topLeft), world(quad.topRight), world(quad.bottomRight), world(quad.bottomLeft)]
        return .success(ImageOverlay(image: RasterImage(image), corners: corners))
    }
}
