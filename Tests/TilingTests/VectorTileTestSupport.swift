import Foundation
import GeoJSON
import MercatorTestSupport
@testable import Tiling

/// Helpers shared by the vector tile tests.
enum VectorTileTestSupport {
    /// Every `.mvt` / `.pbf` file under `shared/conformance/render-tests/tiles`, sorted, as
    /// (path relative to that folder, URL); empty when the shared folder is absent.
    static func conformanceTiles() -> [(String, URL)] {
        guard let root = SharedFixtures.url("conformance/render-tests/tiles"),
              let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var out = [(String, URL)]()
        let prefix = root.standardizedFileURL.path + "/"
        for case let url as URL in e where ["mvt", "pbf"].contains(url.pathExtension) {
            out.append((String(url.standardizedFileURL.path.dropFirst(prefix.count)), url))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// Whether the bytes look like an MVT (gzip, or a first field 3 of wire type 2) rather than
    /// MapLibre Tiles or an image.
    static func looksLikeMVT(_ data: Data) -> Bool {
        guard data.count >= 2 else { return data.isEmpty }
        return (data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b) || data[data.startIndex] == 0x1a
    }

    /// Decodes everything: every layer, feature, geometry, property and GeoJSON conversion.
    @discardableResult
    static func decodeAll(_ data: Data) throws(VectorTileError) -> Int {
        let tile = try VectorTile(data: data)
        var n = 0
        var g = VectorTileGeometry()
        for layer in try tile.layers() {
            for i in 0..<layer.count {
                let f = try layer.feature(at: i)
                try f.decodeGeometry(into: &g)
                n += g.pointCount + f.properties.count
                _ = try f.geoJSONFeature(x: 0, y: 0, z: 0)
            }
        }
        return n
    }
}
