import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import Tiling

/// Every vector tile of the render-test suite decodes, with the layer names, feature counts and
/// geometry checksums PyPI's mapbox-vector-tile gives (scripts/mvt_dump.py → Fixtures/mvt-expected.json).
@Suite(.needsShared) struct VectorTileConformanceTests {
    static let expected: JSONValue? = {
        guard let url = Bundle.module.url(forResource: "mvt-expected", withExtension: "json"),
              let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONValue(parsing: data)
    }()

    /// Counts of one layer as the script computes them: points of each feature's GeoJSON-shaped geometry
    /// (polygons after ring classification, rings closed), and their coordinate sums.
    static func summary(_ layer: VectorTileLayer) throws -> JSONValue {
        var points = 0, sumX = 0, sumY = 0, properties = 0
        var g = VectorTileGeometry()
        for i in 0..<layer.count {
            let f = try layer.feature(at: i)
            properties += f.properties.count
            try f.decodeGeometry(into: &g)
            var rings = Array(0..<g.ringCount)
            if f.type == .polygon { rings = g.classifyRings().flatMap { $0 } }
            if f.type == .point { rings = rings.filter { g.ringOffsets[$0 + 1] > g.ringOffsets[$0] } }
            for r in rings {
                let from = Int(g.ringOffsets[r]), to = f.type == .point ? Int(g.ringOffsets[r]) + 1 : Int(g.ringOffsets[r + 1])
                for p in from..<to {
                    points += 1
                    sumX += Int(g.coordinates[2 * p])
                    sumY += Int(g.coordinates[2 * p + 1])
                }
            }
        }
        return .object([
            "extent": .int(Int64(layer.extent)), "features": .int(Int64(layer.count)), "points": .int(Int64(points)),
            "properties": .int(Int64(properties)), "sum_x": .int(Int64(sumX)), "sum_y": .int(Int64(sumY)),
        ])
    }

    @Test func everySuiteTileMatchesTheIndependentDecoder() throws {
        let files = VectorTileTestSupport.conformanceTiles()
        try #require(!files.isEmpty, "no .mvt or .pbf tiles under ../shared/conformance/render-tests/tiles")
        let expected = try #require(Self.expected?.object)
        var decoded = 0, skipped = 0
        for (name, url) in files {
            let data = try Data(contentsOf: url)
            guard VectorTileTestSupport.looksLikeMVT(data) else { skipped += 1; continue }
            let tile = try VectorTile(data: data)
            decoded += 1
            guard let layers = expected[name]?.object else { Issue.record("\(name): not in the fixture"); continue }
            #expect(Set(tile.layerNames) == Set(layers.map(\.0)), "\(name)")
            for layer in try tile.layers() {
                #expect(try Self.summary(layer) == layers[layer.name], "\(name) \(layer.name)")
            }
        }
        #expect(decoded == expected.count)
        #expect(decoded + skipped == files.count)
        print("vector tiles: \(decoded) MVT decoded, \(skipped) non-MVT skipped")
    }

    @Test func streetsTileToGeoJSON() throws {
        let url = try #require(VectorTileTestSupport.conformanceTiles().first(where: { $0.0 == "14-8802-5374.mvt" })?.1)
        let tile = try VectorTile(data: try Data(contentsOf: url))
        let roads = try #require(try tile.layer(named: "road"))
        #expect(roads.version == 2 || roads.version == 1)
        let features = try roads.geoJSONFeatures(x: 8802, y: 5374, z: 14)
        #expect(features.count == roads.count)
        // Tile 14/8802/5374 covers about 13.38-13.41 E, 52.51-52.53 N (Berlin); the buffer reaches a bit beyond.
        for f in features {
            guard case .lineString(let l)? = f.geometry else { continue }
            for p in l { #expect(p.longitude > 13.35 && p.longitude < 13.45 && p.latitude > 52.48 && p.latitude < 52.56) }
        }
    }
}
