import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import Tiling

/// Every `.mlt` fixture of the render suite decodes to the features of its `.mvt` twin.
@Suite(.needsShared) struct MapLibreTileFixtureTests {
    /// (path under tiles/, .mlt URL, .mvt URL) for every MLT fixture with an MVT twin, subfolders included.
    static func pairs() -> [(String, URL, URL)] {
        guard let root = SharedFixtures.url("conformance/render-tests/tiles"),
              let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        let prefix = root.standardizedFileURL.path + "/"
        var out = [(String, URL, URL)]()
        for case let url as URL in e where url.pathExtension == "mlt" {
            let twin = url.deletingPathExtension().appendingPathExtension("mvt")
            guard FileManager.default.fileExists(atPath: twin.path) else { continue }
            out.append((String(url.standardizedFileURL.path.dropFirst(prefix.count)), url, twin))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// A JSON value with every number as a double: the MLT encoder gives a property one column type per
    /// layer, so a value the MVT stores as an int may come back as a double (or the reverse); and the
    /// fixtures' encoder stored the MVT's doubles as 32-bit floats, so fractions compare at float precision.
    static func normalized(_ v: JSONValue) -> String {
        switch v {
        case .int(let i): return "n\(Double(i))"
        case .uint(let u): return "n\(Double(u))"
        case .double(let d): return d.rounded() == d ? "n\(d)" : "f\(Float(d))"
        case .string(let s): return "s\(s.debugDescription)"
        case .bool(let b): return "b\(b)"
        case .null: return "null"
        default: return "\(v)"
        }
    }

    /// A feature as text: id, type, rings and sorted properties. Features are compared as sorted lists
    /// of these, because an MLT encoder may reorder features (the spec allows sorting them for size).
    static func key(id: UInt64?, type: TileFeatureType, rings: [[TilePoint]], properties: JSONObject) -> String {
        let props = properties.map { "\($0.0)=\(normalized($0.1))" }.sorted().joined(separator: ",")
        let geometry = rings.map { $0.map { "\($0.x) \($0.y)" }.joined(separator: ",") }.joined(separator: "|")
        return "\(id.map(String.init) ?? "-") \(type) [\(geometry)] {\(props)}"
    }

    @Test func fixturesExist() {
        #expect(Self.pairs().count >= 22)
    }

    @Test(arguments: pairs().map(\.0))
    func decodesLikeItsMVTTwin(_ name: String) throws {
        let (_, mltURL, mvtURL) = try #require(Self.pairs().first { $0.0 == name })
        let mlt = try MapLibreTile(data: Data(contentsOf: mltURL))
        let mvt = try VectorTile(data: Data(contentsOf: mvtURL))
        // Layers without features may be left out of the MLT tile.
        let mvtLayers = try mvt.layers().filter { !$0.isEmpty }
        #expect(Set(mlt.layerNames) == Set(mvtLayers.map(\.name)), "\(name): layer names")
        for vl in mvtLayers {
            guard let ml = mlt.layer(named: vl.name) else { continue }
            #expect(ml.extent == vl.extent, "\(name)/\(vl.name): extent")
            #expect(ml.features.count == vl.count, "\(name)/\(vl.name): feature count")
            var expected = [String](), actual = [String]()
            var g = VectorTileGeometry()
            for i in 0..<vl.count {
                let f = try vl.feature(at: i)
                guard let type = f.type else { continue }
                try f.decodeGeometry(into: &g)
                expected.append(Self.key(id: f.id, type: type, rings: g.rings, properties: f.properties))
            }
            for f in ml.features {
                actual.append(Self.key(id: f.id, type: f.type, rings: f.geometry.rings, properties: f.properties))
            }
            expected.sort()
            actual.sort()
            let differing = zip(expected, actual).filter { $0.0 != $0.1 }
            #expect(differing.isEmpty && expected.count == actual.count,
                    "\(name)/\(vl.name): \(differing.count) differing features, first: \(differing.first.map { "\n mvt \($0.0.prefix(400))\n mlt \($0.1.prefix(400))" } ?? "")")
        }
    }
}
