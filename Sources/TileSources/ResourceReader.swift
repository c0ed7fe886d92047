package import Foundation
import MapStyle

/// Reads the resources a style names (glyph ranges, sprites, images, GeoJSON files) from local files
/// (`file://`, `local://`, relative, a local server's prefix) or over HTTP(S).
package struct ResourceReader: Sendable {
    package var styleDirectory: URL?
    package var localRoot: URL?
    package var localServers: [(prefix: String, folder: URL)]
    /// Where remote resources are loaded through (the offline storage); the network when nil.
    package var fetcher: (any ResourceFetching)?

    /// A reader of files relative to `styleDirectory`, `local://` URLs under `localRoot`, local servers'
    /// prefixes, and remote URLs through `fetcher` (the network when nil).
    package init(styleDirectory: URL? = nil, localRoot: URL? = nil, localServers: [(prefix: String, folder: URL)] = [],
                 fetcher: (any ResourceFetching)? = nil) {
        self.styleDirectory = styleDirectory
        self.localRoot = localRoot
        self.localServers = localServers
        self.fetcher = fetcher
    }

    /// The bytes at `url`; nil when there is no such file (or HTTP 404).
    /// - Throws: a message naming the URL when it cannot be read.
    package func data(_ url: String, kind: ResourceKind = .unknown, limit: Int = 64 << 20) throws(ReadFailure) -> Data? {
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

    package struct ReadFailure: Error, Sendable {
        package var message: String
    }
}
