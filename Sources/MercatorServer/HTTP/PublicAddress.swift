import Foundation
import Hummingbird

/// The address URLs in styles and TileJSON start with: ``ServerOptions/publicURL`` when set;
/// otherwise the request's `X-Forwarded-Proto` and `X-Forwarded-Host` (or `Host`) when that host is one
/// the server knows (``ServerOptions/domains``, the listen address, `localhost`, `127.0.0.1`);
/// otherwise the listen address. A `Host: evil.example` is never written into a cached body.
struct PublicAddress: Sendable {
    let options: ServerOptions
    /// The port the server listens on.
    let port: Int

    /// The request headers a body built from ``base(host:forwardedHost:forwardedProto:)`` depends on.
    static let varyHeaders = "Host, X-Forwarded-Host, X-Forwarded-Proto"

    /// `scheme://host[:port][/prefix]`, without a trailing `/`.
    func base(host: String?, forwardedHost: String?, forwardedProto: String?) -> String {
        if let url = options.publicURL { return url.trimmingSuffix("/") }
        let fallback = "http://\(Self.hostForURL(options.host)):\(port)"
        // A proxy may list several hops: the first is the client's.
        let forwarded = forwardedHost.map { String($0.split(separator: ",").first ?? "").trimmingCharacters(in: .whitespaces) }
        guard let candidate = (forwarded?.isEmpty == false ? forwarded : host), isKnown(candidate) else { return fallback }
        var scheme = "http"
        if let proto = forwardedProto?.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased(), proto == "https" || proto == "http" {
            scheme = proto
        }
        return "\(scheme)://\(candidate)"
    }

    /// Whether `authority` (`host[:port]`) is a plain host name the server knows.
    func isKnown(_ authority: String) -> Bool {
        guard !authority.isEmpty, authority.count < 256,
              authority.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]_".contains($0)) }) else { return false }
        let (name, port) = Self.split(authority)
        if let port, port.isEmpty || !port.allSatisfy(\.isNumber) || port.count > 5 { return false }
        var known: Set<String> = ["localhost", "127.0.0.1", "[::1]", Self.hostForURL(options.host).lowercased()]
        for domain in options.domains { known.insert(Self.split(domain.lowercased()).name) }
        if let url = options.publicURL, let host = URL(string: url)?.host { known.insert(host.lowercased()) }
        return known.contains(name.lowercased())
    }

    /// `host` and its port, if any (`[::1]:80` → `[::1]`, `80`).
    static func split(_ authority: String) -> (name: String, port: Substring?) {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let name = String(authority[...close])
            let rest = authority[authority.index(after: close)...]
            return (name, rest.hasPrefix(":") ? rest.dropFirst() : (rest.isEmpty ? nil : rest))
        }
        guard let colon = authority.lastIndex(of: ":") else { return (authority, nil) }
        return (String(authority[..<colon]), authority[authority.index(after: colon)...])
    }

    /// An IPv6 listen address in brackets.
    static func hostForURL(_ host: String) -> String { host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host }
}

extension HTTPFields {
    /// The first value of the field named `name` (ASCII, any case).
    func value(named name: String) -> String? {
        first { $0.name.canonicalName == name }?.value
    }
}

/// The port the server bound, once known.
final class BoundPort: @unchecked Sendable {
    private let lock = NSLock()
    private var port: Int?
    func set(_ p: Int) { lock.withLock { port = p } }
    func get() -> Int? { lock.withLock { port } }
}
