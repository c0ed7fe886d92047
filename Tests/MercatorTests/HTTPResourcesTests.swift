import Foundation
import Mercator
import MercatorTestSupport
import Testing

/// A style whose GeoJSON, glyphs and sprite are all served over HTTP (a loopback server over the
/// render suite's fixtures).
@Suite("Style resources over HTTP")
struct HTTPResourcesTests {
    @Test("GeoJSON data, glyph ranges and sprites load over HTTP; a missing file is a clear source error", .needsShared)
    func overHTTP() throws {
        let root = try #require(SharedFixtures.url("conformance/render-tests"))
        let server = try LoopbackHTTPServer { request, _ in
            let path = request.path.removingPercentEncoding ?? request.path
            if path == "/point.geojson" {
                return .json(#"{"type": "Feature", "properties": {"name": "Over HTTP"}, "geometry": {"type": "Point", "coordinates": [0, 0]}}"#)
            }
            guard let data = try? Data(contentsOf: root.appendingPathComponent(String(path.dropFirst()))) else {
                return LoopbackHTTPServer.Response(status: 404)
            }
            return LoopbackHTTPServer.Response(status: 200, body: data)
        }
        defer { server.stop() }
        let base = server.baseURL
        let style: JSONValue = [
            "version": 8, "glyphs": .string(base + "/glyphs/{fontstack}/{range}.pbf"), "sprite": .string(base + "/sprites/sprite"),
            "sources": ["p": ["type": "geojson", "data": .string(base + "/point.geojson")],
                        "missing": ["type": "geojson", "data": .string(base + "/nothing.geojson")]],
            "layers": [["id": "label", "type": "symbol", "source": "p",
                        "layout": ["text-field": ["get", "name"], "text-font": ["Open Sans Semibold", "Arial Unicode MS Bold"],
                                   "icon-image": "dot.sdf", "text-offset": [0, 1.5]]],
                       ["id": "nothing", "type": "circle", "source": "missing"]],
        ]
        let map = Map(style: try Style(document: StyleDocument(json: style)), size: MapSize(width: 128, height: 64))
        let snapshot = try map.snapshot()
        #expect(snapshot.sourceErrors.map(\.source) == ["missing"], "\(snapshot.sourceErrors)")
        #expect(snapshot.sourceErrors.first?.description.contains("404") == true)
        let inked = stride(from: 3, to: snapshot.image.pixels.count, by: 4).filter { snapshot.image.pixels[$0] > 128 }.count
        #expect(inked > 100, "text and icon drawn: \(inked) pixels")
    }
}
