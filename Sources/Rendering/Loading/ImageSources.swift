import Foundation
import GeoJSON
import MapStyle
import TileSources
import Tiling

/// The `image` sources of a map: each picture read (locally or over HTTP(S)) and decoded once per
/// source definition.
final class ImageSources: @unchecked Sendable {
    private let reader: ResourceReader
    private let lock = NSLock()
    /// Decoded pictures with the definition they came from. Guarded by `lock`.
    private var loaded: [String: (StyleSource, Result<ImageOverlay, SourceLoadError>)] = [:]

    init(reader: ResourceReader) {
        self.reader = reader
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
        let data: Data
        do {
            guard let read = try reader.data(url, kind: .image) else { return failure("\(url) is not found") }
            data = read
        } catch {
            return failure(error.message)
        }
        let image: RGBAImage
        do {
            image = try RasterDecoding.decode(data)
        } catch {
            return failure("\(url): \(error)")
        }
        func world(_ p: Position) -> Point {
            Point(x: WebMercator.worldX(longitude: p.longitude), y: WebMercator.worldY(latitude: p.latitude))
        }
        let corners = [world(quad.topLeft), world(quad.topRight), world(quad.bottomRight), world(quad.bottomLeft)]
        return .success(ImageOverlay(image: RasterImage(image), corners: corners))
    }
}
