import Foundation
import Mercator
import MercatorHTTP
import Rendering

/// The icons static-image markers name (tileserver-gl's `iconPath`): a file in `options.paths.icons`, an
/// `http(s)://` URL when `options.allowRemoteMarkerIcons` is true, or a `data:` URL when
/// `options.allowInlineMarkerImages` is true; PNG, JPEG or WebP. Files are decoded once and kept.
final class MarkerIcons: Sendable {
    /// A decoded icon.
    struct Icon: Sendable {
        let image: RGBAImage
    }

    let directory: URL?
    let allowRemote: Bool
    let allowInline: Bool
    private let cache = IconCache()

    /// The largest icon file or answer, and the largest side in pixels.
    static let maximumBytes = 4 << 20, maximumSide = 1024

    init(directory: URL?, allowRemote: Bool, allowInline: Bool) {
        self.directory = directory?.standardizedFileURL.resolvingSymlinksInPath()
        self.allowRemote = allowRemote
        self.allowInline = allowInline
    }

    /// The icon `spec` names.
    /// - Throws: ``ServerError`` 400 naming the icon and why it is not drawn (not allowed, missing, not an image).
    func icon(_ spec: String) async throws(ServerError) -> Icon {
        let lower = spec.lowercased()
        if lower.hasPrefix("data:") {
            guard allowInline else { throw .badRequest("marker icon: inline data: images are not allowed here (options.allowInlineMarkerImages)") }
            guard let comma = spec.firstIndex(of: ","), spec[..<comma].hasSuffix(";base64") else {
                throw .badRequest("marker icon: a data: icon must be base64 (data:image/png;base64,…)")
            }
            // A '+' the client did not escape arrives as a space.
            let payload = spec[spec.index(after: comma)...].replacingOccurrences(of: " ", with: "+")
            guard payload.count <= Self.maximumBytes * 4 / 3 + 4, let bytes = Data(base64Encoded: payload) else {
                throw .badRequest("marker icon: the data: URL is not base64 or is over \(Self.maximumBytes) bytes")
            }
            return try decode(bytes, name: "the data: icon")
        }
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard allowRemote else { throw .badRequest("marker icon \(spec): remote icons are not allowed here (options.allowRemoteMarkerIcons)") }
            if let icon = cache.get(spec) { return icon }
            let body: Data
            do {
                body = try await HTTPClient.shared.get(spec, limit: Self.maximumBytes).body
            } catch {
                throw .badRequest("marker icon \(spec) cannot be fetched: \(error)")
            }
            let icon = try decode(body, name: spec)
            cache.set(spec, icon)
            return icon
        }
        guard let directory else { throw .badRequest("marker icon \(spec): this server has no icons folder (options.paths.icons)") }
        let parts = spec.split(separator: "/")
        guard !parts.isEmpty, parts.allSatisfy({ $0 != ".." && $0 != "." && !$0.contains("\\") && !$0.contains("\0") }) else {
            throw .badRequest("marker icon \"\(spec)\" is not a file name in the icons folder")
        }
        if let icon = cache.get(spec) { return icon }
        let file = directory.appendingPathComponent(spec).standardizedFileURL.resolvingSymlinksInPath()
        guard file.path.hasPrefix(directory.path + "/"), let size = ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.intValue,
              size <= Self.maximumBytes, let bytes = FileManager.default.contents(atPath: file.path) else {
            throw .badRequest("marker icon \"\(spec)\" is not in the icons folder (options.paths.icons) or is over \(Self.maximumBytes) bytes")
        }
        let icon = try decode(bytes, name: spec)
        cache.set(spec, icon)
        return icon
    }

    private func decode(_ bytes: Data, name: String) throws(ServerError) -> Icon {
        if bytes.prefix(256).contains(UInt8(ascii: "<")), String(decoding: bytes.prefix(256), as: UTF8.self).contains("<svg") {
            throw .badRequest("marker icon \(name): SVG icons are not supported (use PNG, JPEG or WebP)")
        }
        let image: RGBAImage
        do {
            image = try RasterDecoding.decode(bytes)
        } catch {
            throw .badRequest("marker icon \(name) is not a PNG, JPEG or WebP image this server can read: \(error)")
        }
        guard image.width <= Self.maximumSide, image.height <= Self.maximumSide else {
            throw .badRequest("marker icon \(name) is \(image.width)x\(image.height) pixels; the limit is \(Self.maximumSide) on a side")
        }
        return Icon(image: image)
    }
}

/// Decoded icons by name, at most 256 kept.
private final class IconCache: @unchecked Sendable {
    private let lock = NSLock()
    private var icons: [String: MarkerIcons.Icon] = [:]

    func get(_ key: String) -> MarkerIcons.Icon? { lock.withLock { icons[key] } }

    func set(_ key: String, _ icon: MarkerIcons.Icon) {
        lock.withLock {
            if icons.count >= 256 { icons.removeAll() }
            icons[key] = icon
        }
    }
}
