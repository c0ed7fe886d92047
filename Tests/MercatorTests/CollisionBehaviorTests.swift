import Foundation
import Mercator
import MercatorTestSupport
import Testing

/// The seed's `MLNCollisionBehaviorPre4_0`: labels of different sources collide, unless the setting is on.
@Suite("Symbol layers: collision across sources", .needsShared)
struct CollisionBehaviorTests {
    static func map() throws -> Map {
        func source(_ name: String) -> JSONValue {
            ["type": "geojson", "data": ["type": "Feature", "properties": ["name": .string(name)],
                                         "geometry": ["type": "Point", "coordinates": [0, 0]]]]
        }
        func layer(_ id: String) -> JSONValue {
            ["id": .string(id), "type": "symbol", "source": .string(id),
             "layout": ["text-field": "{name}", "text-font": ["Open Sans Semibold", "Arial Unicode MS Bold"]]]
        }
        let style: JSONValue = [
            "version": 8, "glyphs": .string(SymbolLayerTests.glyphs.path + "/{fontstack}/{range}.pbf"),
            "sources": ["a": source("First"), "b": source("Second")],
            "layers": [layer("a"), layer("b")],
        ]
        return Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 2), size: MapSize(width: 128, height: 128))
    }

    @Test("labels of two sources at one point: one is placed; with the pre-4.0 behaviour, both")
    func perSource() throws {
        let map = try Self.map()
        let rect = ScreenRect(x: 0, y: 0, width: 128, height: 128)
        #expect(try map.visibleFeatures(in: rect).count == 1)
        map.settings.usesPre4CollisionBehavior = true
        #expect(try map.visibleFeatures(in: rect).count == 2)
    }
}
