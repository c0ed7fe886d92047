import Foundation
import MapStyle
import TileSources

/// Reads the resources a style names (glyph ranges, sprites, images, GeoJSON files) from local files
/// (`file://`, `local://`, relative, a local server's prefix) or over HTTP(S).
struct ResourceReader: Sendable {
    var styleDirectory: URL?
    var localRoot: URL?
    var localServers: [(prefix: String, folder: URL)]
    /// Where remote resources are loaded through (the offline storage); the network when nil.
    var fetcher: (any ResourceFetching)?

    /// The bytes at `url`; nil when there is no such file (or HTTP 404).
    /// - Throws: a message naming the URL when it cannot be read.
    func data(_ url: String, kind: ResourceKind = .unknown, limit: Int = 64 << 20) throws(ReadFailure) -> Data? {
        for server in localServers where url.hasPrefix(server.prefix) {
            return try file(server.folder.appendingPathComponent(String(url.dropFirst(server.prefix.count))))
        }
        let lower = url.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mapbox://") {
            do {
                return try (fetcher ?? NetworkFetcher()).fetch(ResourceRequest(url: url, kind: kind), limit: limit, store: url)
            } catch {
                throw ReadFailure(message: error.message)
            }
        }
        guard let local = SourceURL(url).fileURL(styleDirectory: styleDirectory, localRoot: localRoot) else {
            throw ReadFailure(message: "cannot resolve \(url) to a file or an http(s) URL")
        }
        return try file(local)
    }

    private func file(_ url: URL) throws(ReadFailure) -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw ReadFailure(message: "cannot read \(url.path)")
        }
    }

    struct ReadFailure: Error, Sendable {
        var message: String
    }
}
