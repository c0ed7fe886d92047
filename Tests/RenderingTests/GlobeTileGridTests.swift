import Foundation
import Geo
import Testing
@testable import Rendering

/// A tile mesh's camera-independent part, kept between frames: the same tile gives the same grid, and each block's
/// cap holds the block.
@Suite struct GlobeTileGridTests {
    static let tiles = [
        WorldBounds(minX: 0, minY: 0, maxX: 1, maxY: 1),
        WorldBounds(minX: 0.25, minY: 0, maxX: 0.5, maxY: 0.25),
        WorldBounds(minX: 0.625, minY: 0.375, maxX: 0.75, maxY: 0.5),
        WorldBounds(minX: 1.125, minY: 0.875, maxX: 1.25, maxY: 1),
    ]

    @Test("a tile's grid is worked out once and kept; another sine or tile gets its own; past the bound the kept go")
    func kept() {
        let cache = GlobeTileGrid.Cache(maximumKept: 3)
        let mesh = GlobeTileMesh(bounds: Self.tiles[2], granularity: GlobeGranularity.tile)
        let first = cache.grid(mesh, sine: .exact)
        #expect(cache.grid(mesh, sine: .exact) === first)
        #expect(cache.grid(mesh, sine: .swiftShader) !== first)
        let other = GlobeTileMesh(bounds: Self.tiles[1], granularity: GlobeGranularity.tile)
        #expect(cache.grid(other, sine: .exact) !== first)
        #expect(cache.count == 3)
        // a fourth tile: the three kept go, the fourth is kept
        _ = cache.grid(GlobeTileMesh(bounds: Self.tiles[3], granularity: GlobeGranularity.tile), sine: .exact)
        #expect(cache.count == 1)
        #expect(cache.grid(mesh, sine: .exact) !== first)
    }

    @Test("the grid's points are the tile's on the sphere and every block's cap holds its vertices", arguments: [GlobeSine.exact, .swiftShader])
    func gridAndCaps(sine: GlobeSine) {
        for bounds in Self.tiles {
            let mesh = GlobeTileMesh(bounds: bounds, granularity: GlobeGranularity.tile)
            let tile = GlobeTileGrid(mesh, sine: sine)
            let n = mesh.cells
            #expect(tile.grid.xs.count == n + 1 && tile.grid.sinLat.count == n + 1)
            if sine == .exact {
                for (i, j) in [(0, 0), (n, n), (n / 2, n / 3)] {
                    let x = bounds.minX + (bounds.maxX - bounds.minX) * Double(i) / Double(n)
                    let y = bounds.minY + (bounds.maxY - bounds.minY) * Double(j) / Double(n)
                    let expected = GlobeProjection.spherePoint(worldX: x, worldY: y)
                    #expect((tile.grid.sphere(i, j) - expected).length < 1e-12, "\(bounds) (\(i), \(j))")
                }
            }
            #expect(tile.blockCaps.count == tile.blockRows.count * tile.blockColumns.count)
            #expect(tile.blockRows.first?.lowerBound == (mesh.north ? -1 : 0))
            #expect(tile.blockRows.last?.upperBound == (mesh.south ? n + 1 : n))
            var k = 0
            for rows in tile.blockRows {
                for columns in tile.blockColumns {
                    defer { k += 1 }
                    // (a block reaching a hemisphere has none: nothing is left out for it)
                    guard let cap = tile.blockCaps[k] else { continue }
                    for j in rows {
                        for i in columns {
                            let s = tile.grid.sphere(i, j)
                            #expect(s.dot(cap.centre) >= cap.cosRadius, "\(bounds) block \(k) vertex (\(i), \(j))")
                        }
                    }
                }
            }
        }
    }
}
