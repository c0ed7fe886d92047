import Geo
import Testing

@Suite struct TileIDTests {
    @Test func validityParentAndChildren() {
        #expect(TileID(z: 0, x: 0, y: 0).isValid)
        #expect(!TileID(z: 2, x: 4, y: 0).isValid)
        #expect(!TileID(z: -1, x: 0, y: 0).isValid)
        #expect(!TileID(z: 31, x: 0, y: 0).isValid)
        #expect(TileID(validating: 3, x: 8, y: 1) == nil)
        let t = TileID(z: 3, x: 5, y: 2)
        #expect(t.parent == TileID(z: 2, x: 2, y: 1))
        #expect(TileID(z: 0, x: 0, y: 0).parent == nil)
        #expect(t.children == [TileID(z: 4, x: 10, y: 4), TileID(z: 4, x: 11, y: 4), TileID(z: 4, x: 10, y: 5), TileID(z: 4, x: 11, y: 5)])
        #expect(t.children.allSatisfy { $0.parent == t && t.contains($0) })
        #expect(t.ancestor(atZoom: 0) == TileID(z: 0, x: 0, y: 0))
        #expect(t.tmsY == 5)
        #expect(TileID(z: 2, x: -1, y: 0).wrapped == TileID(z: 2, x: 3, y: 0))
        #expect(TileID(parsing: "14/8185/5449") == TileID(z: 14, x: 8185, y: 5449))
        #expect(TileID(parsing: "1/2/0") == nil)
        #expect(TileID(parsing: "a/b/c") == nil)
        #expect(TileID(parsing: "1/0") == nil)
        #expect(t.description == "3/5/2")
    }

    @Test func quadkeysBothWays() {
        #expect(TileID(z: 3, x: 3, y: 5).quadkey == "213")
        #expect(TileID(quadkey: "213") == TileID(z: 3, x: 3, y: 5))
        #expect(TileID(z: 0, x: 0, y: 0).quadkey == "")
        #expect(TileID(quadkey: "") == TileID(z: 0, x: 0, y: 0))
        #expect(TileID(quadkey: "0124") == nil)
        #expect(TileID(quadkey: String(repeating: "1", count: 31)) == nil)
        for z in 1...12 {
            let n = 1 << z
            let t = TileID(z: z, x: (n * 7 / 11) % n, y: (n * 3 / 5) % n)
            #expect(TileID(quadkey: t.quadkey) == t)
        }
    }

    @Test("unwrapped ids put columns outside the world on its copies; overscaled ids never go below their tile's zoom")
    func unwrappedAndOverscaled() {
        let east = UnwrappedTileID(z: 2, x: 5, y: 1)
        #expect(east.wrap == 1 && east.canonical == TileID(z: 2, x: 1, y: 1))
        #expect(east.description == "2/1/1@1")
        let west = UnwrappedTileID(z: 2, x: -1, y: 3)
        #expect(west.wrap == -1 && west.canonical == TileID(z: 2, x: 3, y: 3))
        #expect(UnwrappedTileID(z: 2, x: -4, y: 0).wrap == -1 && UnwrappedTileID(z: 2, x: -5, y: 0).wrap == -2)
        #expect(UnwrappedTileID(z: 3, x: 7, y: 0).description == "3/7/0")

        let deep = OverscaledTileID(overscaledZ: 16, tile: UnwrappedTileID(canonical: TileID(z: 14, x: 1, y: 2)))
        #expect(deep.overscaleFactor == 4)
        #expect(deep.description == "14/1/2 (for z16)")
        let raised = OverscaledTileID(overscaledZ: 3, tile: UnwrappedTileID(canonical: TileID(z: 5, x: 0, y: 0)))
        #expect(raised.overscaledZ == 5 && raised.overscaleFactor == 1 && raised.description == "5/0/0")
    }
}
