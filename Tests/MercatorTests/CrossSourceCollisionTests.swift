import Foundation
import GeoJSON
import Mercator
import MercatorTestSupport
import Testing

/// MapLibre Native's `crossSourceCollisions` map option on `Map`.
@Suite struct CrossSourceCollisionTests {
    static func map(sources: Int) throws -> Map {
        let glyphs = try #require(SharedFixtures.url("conformance/render-tests/glyphs")).path + "/{fontstack}/{range}.pbf"
        var sourceMembers: [(String, JSONValue)] = []
        var layers: [JSONValue] = []
        for (i, offset) in [0.0, 0.6].enumerated() {
            let source = "s\(min(i, sources - 1))"
            if sourceMembers.allSatisfy({ $0.0 != source }) {
                sourceMembers.append((source, ["type": "geojson", "data": ["type": "Point", "coordinates": [0, 0]]]))
            }
            layers.append(["id": .string("l\(i)"), "type": "symbol", "source": .string(source),
                           "layout": ["text-field": "Label", "text-font": ["Open Sans Semibold", "Arial Unicode MS Bold"], "text-offset": [0, .double(offset)]]])
        }
        let root: JSONObject = ["version": 8, "glyphs": .string(glyphs), "sources": .object(JSONObject(sourceMembers)), "layers": .array(layers)]
        let map = Map(style: try Style(document: StyleDocument(json: .object(root))), size: MapSize(width: 128, height: 64),
                      clientFonts: .disabled)
        return map
    }

    @Test("false: labels of different sources do not collide; labels of one source still do",
          .needsShared("conformance/render-tests", "the render suite's glyphs"))
    func crossSource() throws {
        let two = try Self.map(sources: 2)
        #expect(two.crossSourceCollisions)
        let colliding = try two.snapshot().image.pixels
        #expect(colliding.contains { $0 != 0 }, "a label is drawn")
        two.crossSourceCollisions = false
        #expect(two.settings.usesPre4CollisionBehavior)
        let both = try two.snapshot().image.pixels
        let differs = colliding != both
        #expect(differs, "the second source's label is drawn too")
        #expect(both.filter { $0 != 0 }.count > colliding.filter { $0 != 0 }.count)
        // One source: its labels collide whatever the option says.
        let one = try Self.map(sources: 1)
        let a = try one.snapshot().image.pixels
        one.crossSourceCollisions = false
        let unchanged = try one.snapshot().image.pixels == a
        #expect(unchanged)
        let sameAsColliding = a == colliding
        #expect(sameAsColliding)
    }

    @Test("MapOptions: given at init and set later, kept in step with the property and the settings")
    func options() throws {
        let document = try StyleDocument(json: ["version": 8, "sources": [:], "layers": []])
        let map = Map(style: try Style(document: document), options: MapOptions(crossSourceCollisions: false))
        #expect(!map.options.crossSourceCollisions)
        #expect(!map.crossSourceCollisions)
        #expect(map.settings.usesPre4CollisionBehavior)
        map.options = MapOptions()
        #expect(map.crossSourceCollisions)
        #expect(!map.settings.usesPre4CollisionBehavior)
        map.crossSourceCollisions = false
        #expect(map.options == MapOptions(crossSourceCollisions: false))
        #expect(Map(style: try Style(document: document)).options == MapOptions())
    }
}
