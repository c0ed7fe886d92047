import Foundation
@testable import Mercator
import MercatorTestSupport
import Rendering
import Testing

/// A tile of a variable-zoom cover (past 60° of pitch, over terrain, on the globe from zoom 5) is laid out at its own
/// zoom, as GL JS lays a tile out at its `overscaledZ`: a tile towards the horizon at a low zoom places its line labels'
/// anchors `symbol-spacing` pixels apart at that zoom. Laid out at the camera's zoom instead, a zoom 0 tile under a
/// zoom 16 camera spaced them 2^16 times closer on the map: a steep, narrow view (field of view 0.1°, whose cover is
/// the one zoom 0 tile) laid out about a hundred thousand anchors along one line and took seconds and half a gigabyte
/// (found by `scripts/random-cameras.py`).
@Suite("Variable-zoom covers: each tile laid out at its own zoom", .needsShared)
struct VariableZoomLabelLayoutTests {
    /// A line round the world at 60° S, labelled along it, seen from a steep, narrow camera over Antarctica.
    static func map() throws -> Map {
        let line: JSONValue = ["type": "Feature", "properties": [:], "geometry": [
            "type": "LineString", "coordinates": [[-179, -60], [-90, -60], [0, -60], [90, -60], [179, -60]]]]
        let style: JSONValue = [
            "version": 8, "glyphs": .string(SymbolLayerTests.glyphs.path + "/{fontstack}/{range}.pbf"),
            "sources": ["line": ["type": "geojson", "data": line]],
            "layers": [["id": "labels", "type": "symbol", "source": "line",
                        "layout": ["symbol-placement": "line", "text-field": "Sixty South",
                                   "text-font": ["Open Sans Semibold", "Arial Unicode MS Bold"]]]],
        ]
        var camera = MapCamera(center: LocationCoordinate2D(latitude: -85, longitude: -105.109), zoom: 16, pitch: 82.51)
        camera.fieldOfView = 0.1
        return Map(style: try Style(document: StyleDocument(json: style)), camera: camera, size: MapSize(width: 256, height: 256),
                   clientFonts: .disabled)
    }

    @Test("a zoom 0 tile under a zoom 16 camera lays its line labels out at zoom 0: a few anchors, not 2^16 times as many")
    func anchorsAtTheTilesZoom() throws {
        let built = try Self.map().styleScene()
        let labels = try #require(built.layers.first { $0.identifier == "labels" })
        // the line is 358° long, 509 pixels at zoom 0: an anchor or two 250 pixels apart; at zoom 16, 33 million
        // pixels, some 130,000 anchors
        #expect(labels.features.count > 0, "the line's labels are laid out")
        #expect(labels.features.count < 100, "\(labels.features.count) labels laid out")
    }
}
