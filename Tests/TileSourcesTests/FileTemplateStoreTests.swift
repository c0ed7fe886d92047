import Foundation
import Geo
import MercatorTestSupport
import Testing
@testable import TileSources
import Tiling

@Suite("Tiles as files")
struct FileTemplateStoreTests {
    @Test("files named by a template are tiles; missing files are missing tiles; TMS rows flip", .needsShared)
    func reads() throws {
        let root = try #require(SharedFixtures.url("conformance/render-tests/tiles"))
        let store = FileTemplateStore(template: root.path + "/{z}-{x}-{y}.mvt")
        let tile = try #require(try store.tileData(TileID(z: 0, x: 0, y: 0)))
        #expect(tile.count > 100)
        #expect(try store.tileData(TileID(z: 9, x: 0, y: 0)) == nil)
        let tms = FileTemplateStore(template: root.path + "/{z}-{x}-{y}.tms.mvt", scheme: .tms)
        // 2/1/1 in TMS rows is 2/1/2 in XYZ.
        #expect(try tms.tileData(TileID(z: 2, x: 1, y: 2)) == Data(contentsOf: root.appendingPathComponent("2-1-1.tms.mvt")))
        let folder = FileTemplateStore(template: root.path)
        #expect(throws: TileStoreError.self) { try folder.tileData(TileID(z: 0, x: 0, y: 0)) }
    }
}
