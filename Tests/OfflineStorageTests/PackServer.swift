import Foundation
import MercatorTestSupport

/// A loopback server for packs: a style (TileJSON source, glyphs, sprite) and the render tests'
/// tiles, glyphs and sprites from `../shared/conformance/render-tests/`, with faults on demand.
final class PackServer: @unchecked Sendable {
    enum Fault: Sendable {
        /// Answer 500 this many times, then serve.
        case serverError(times: Int)
        /// Cut the body short (a dropped connection) this many times, then serve.
        case dropMidBody(times: Int)
        /// Always 500.
        case alwaysFail
    }

    let server: LoopbackHTTPServer
    private let lock = NSLock()
    private var faults: [String: Fault] = [:]
    private var counts: [String: Int] = [:]
    var base: String { server.baseURL }

    static let root = SharedFixtures.url("conformance/render-tests")!

    init() throws {
        let box = Box()
        server = try LoopbackHTTPServer { request, base in
            box.owner?.answer(request, base: base) ?? .init(status: 503)
        }
        box.owner = self
    }

    private final class Box: @unchecked Sendable {
        weak var owner: PackServer?
    }

    func stop() { server.stop() }

    func inject(_ fault: Fault, at path: String) { lock.withLock { faults[path] = fault } }
    func clearFaults() { lock.withLock { faults = [:] } }

    /// How many times `path` was requested.
    func requests(_ path: String) -> Int { lock.withLock { counts[path] ?? 0 } }
    /// Every request path, in order.
    var paths: [String] { server.requests.map(\.path) }

    /// The style the tests download: Berlin at z14, roads drawn and labelled, an icon from the sprite.
    static func style(base: String) -> String {
        """
        {"version": 8, "center": [13.418056, 52.499167], "zoom": 14,
         "sources": {"maplibre": {"type": "vector", "url": "\(base)/tilesets/berlin.json"}},
         "glyphs": "\(base)/glyphs/{fontstack}/{range}.pbf",
         "sprite": "\(base)/sprites/emerald",
         "layers": [
          {"id": "background", "type": "background", "paint": {"background-color": "#f8f4f0"}},
          {"id": "water", "type": "fill", "source": "maplibre", "source-layer": "water", "paint": {"fill-color": "#a0c8f0"}},
          {"id": "road", "type": "line", "source": "maplibre", "source-layer": "road", "paint": {"line-color": "#888", "line-width": 2}},
          {"id": "labels", "type": "symbol", "source": "maplibre", "source-layer": "road",
           "layout": {"symbol-placement": "line", "text-field": "{class}", "text-font": ["Open Sans Semibold", "Arial Unicode MS Bold"],
                      "text-size": 12}},
          {"id": "icons", "type": "symbol", "source": "maplibre", "source-layer": "poi_label",
           "layout": {"icon-image": "interstate_1", "icon-allow-overlap": true}}
         ]}
        """
    }

    static func tileJSON(base: String) -> String {
        """
        {"tilejson": "2.2.0", "tiles": ["\(base)/tiles/{z}-{x}-{y}.mvt"], "minzoom": 0, "maxzoom": 14}
        """
    }

    /// The same style over a TileJSON whose template has `{ratio}` (`@2x` tiles at ratio 2).
    static func ratioStyle(base: String) -> String {
        style(base: base).replacingOccurrences(of: "/tilesets/berlin.json", with: "/tilesets/berlin-ratio.json")
    }

    static func ratioTileJSON(base: String) -> String {
        tileJSON(base: base).replacingOccurrences(of: "{y}.mvt", with: "{y}{ratio}.mvt")
    }

    /// Request paths of `@2x` tiles.
    var highDensityTilePaths: [String] { paths.filter { $0.hasPrefix("/tiles/") && $0.contains("@2x") } }

    private func answer(_ request: LoopbackHTTPServer.Request, base: String) -> LoopbackHTTPServer.Response {
        let path = String(request.path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        let fault: Fault? = lock.withLock {
            counts[path, default: 0] += 1
            return faults[path]
        }
        if let fault {
            switch fault {
            case .alwaysFail: return .init(status: 500)
            case .serverError(let times):
                if lock.withLock({ counts[path]! <= times }) { return .init(status: 500) }
            case .dropMidBody(let times):
                if lock.withLock({ counts[path]! <= times }), let body = file(path) {
                    return .init(status: 200, headers: ["Content-Length": String(body.count + 1000)], body: body.prefix(body.count / 2))
                }
            }
        }
        if path == "/styles/berlin.json" { return .json(Self.style(base: base)) }
        if path == "/tilesets/berlin.json" { return .json(Self.tileJSON(base: base)) }
        if path == "/styles/berlin-ratio.json" { return .json(Self.ratioStyle(base: base)) }
        if path == "/tilesets/berlin-ratio.json" { return .json(Self.ratioTileJSON(base: base)) }
        guard let body = file(path) else { return .init(status: 404) }
        return .init(status: 200, body: body)
    }

    private func file(_ path: String) -> Data? {
        guard path.hasPrefix("/tiles/") || path.hasPrefix("/glyphs/") || path.hasPrefix("/sprites/") else { return nil }
        var relative = String(path.dropFirst()).removingPercentEncoding ?? String(path.dropFirst())
        // `@2x` vector tiles are the same tiles (the fixtures have one resolution)
        if relative.hasPrefix("tiles/") { relative = relative.replacingOccurrences(of: "@2x.", with: ".") }
        guard !relative.contains("..") else { return nil }
        return try? Data(contentsOf: Self.root.appendingPathComponent(relative))
    }
}
