import Geo
import Testing
@testable import TileSources
import Tiling

@Suite("Tile cache")
struct TileCacheTests {
    @Test("stays under its byte budget, evicting the least recently used tiles")
    func budget() {
        let cache = TileCache<String>(budget: 1000)
        func key(_ i: Int) -> TileCache<String>.Key { .init(source: "s", tile: TileID(z: 10, x: i, y: 0)) }
        for i in 0..<5 { cache.insert("t\(i)", bytes: 200, for: key(i)) }
        #expect(cache.bytes == 1000 && cache.count == 5)
        _ = cache.value(for: key(0))  // tile 0 is now the most recently used
        cache.insert("t5", bytes: 200, for: key(5))
        #expect(cache.bytes <= 1000)
        #expect(cache.value(for: key(0)) == "t0")
        #expect(cache.value(for: key(1)) == nil)
        #expect(cache.value(for: key(5)) == "t5")
        cache.insert("huge", bytes: 5000, for: key(9))
        #expect(cache.value(for: key(9)) == nil)
        cache.removeAll(source: "s")
        #expect(cache.count == 0 && cache.bytes == 0)
    }
}
