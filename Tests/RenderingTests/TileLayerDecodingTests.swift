import Foundation
import GeoJSON
import MapStyle
import MercatorTestSupport
import Rendering
import Testing
import TileSources
import Tiling

/// A vector tile's layers are decoded when a style layer draws them, not before.
@Suite("Tile layers decoded on demand")
struct TileLayerDecodingTests {
    @Test("only the asked-for layers of the Streets tile are decoded; others follow when asked for, from the cached tile", .needsShared)
    func onlyDrawnLayers() throws {
        let root = try #require(SharedFixtures.url("conformance/render-tests"))
        let sources = TiledSources(resolver: TiledSourceResolver(localRoot: root))
        let source = try StyleSource(identifier: "streets", json: ["type": "vector", "tiles": ["local://tiles/{z}-{x}-{y}.mvt"], "maxzoom": 14])
        // The Streets tile 14/8802/5374 is the only tile under a small view at its centre (Berlin).
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 52.5028, longitude: 13.4143), zoom: 14)
        let transform = RenderScene(width: 64, height: 64, camera: camera).transform
        func decoded(_ layers: Set<String>?) throws -> Set<String> {
            let tiles = try sources.tiles(of: source, transform: transform, zoom: 14, center: camera.center, sourceLayers: layers).get()
            #expect(tiles.count == 1)
            return Set(tiles.first?.layers.keys.map { $0 } ?? [])
        }
        #expect(try decoded(["water"]) == ["water"])
        #expect(try decoded(["road", "no-such-layer"]) == ["water", "road"])
        let all = try decoded(nil)
        #expect(all.count == 16 && all.isSuperset(of: ["water", "road", "poi_label"]))
    }
}
