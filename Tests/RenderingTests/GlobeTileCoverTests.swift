import Foundation
import Geo
import GeoJSON
import Testing
import Tiling
@testable import Rendering

/// The tiles a globe view is drawn from: GL JS's `coveringTiles` with the globe's details provider, whose zoom varies
/// per tile from a covering zoom of 5 at any pitch (`allowVariableZoom`), with the distance measured on the globe.
@Suite struct GlobeTileCoverTests {
    static func globe(_ camera: MapCamera, width: Int = 128, height: Int = 128) -> Transform {
        var t = Transform(camera: camera, width: width, height: height)
        t.globeness = 1
        return t
    }

    static func tiles(_ t: Transform, maximumZoom: Int = 22) -> Set<String> {
        Set(t.sourceTiles(tileSize: 512, minimumZoom: 0, maximumZoom: maximumZoom).map {
            "\($0.tile.canonical.z)/\($0.tile.canonical.x)/\($0.tile.canonical.y)"
        })
    }

    @Test("pitched globe views: near tiles deeper than the covering zoom, far ones shallower (GL JS's own unit test's views)")
    func pitchedViews() throws {
        // GL JS's covering_tiles.test.ts, 'globe' 'pitched' and 'pitched+rotated': 128 x 128, zoom 8, pitch 80
        var camera = MapCamera(center: LocationCoordinate2D(latitude: 0.001, longitude: -0.002), zoom: 8, pitch: 80)
        var t = Self.globe(camera)
        #expect(t.coversWithVariableZoom)
        #expect(Self.tiles(t) == ["6/32/31", "6/31/31", "10/511/512", "10/512/512"])
        // GL JS's list adds 10/510/512 and 10/511/513, which lie off the screen (its frustum test against each tile's
        // bounding volume keeps near misses): the screen's bottom edge runs from 511.17, 512.57 to 511.42, 512.82 (z10
        // tile units), short of x 511 and of y 513
        camera.bearing = 45
        t = Self.globe(camera)
        #expect(Self.tiles(t) == ["7/64/64", "7/64/63", "7/63/63", "10/511/512"])
        let bottom = try #require(t.globe).world(screenX: 0, y: 128).map { (x: $0.x * 1024, y: $0.y * 1024) }
        #expect(bottom.map { $0.x > 511 && $0.y < 513 } == true)
    }

    @Test("one zoom up to a covering zoom of 4, on the globe as GL JS covers it, whatever the pitch")
    func oneZoomBelowFive() {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 0.01, longitude: -0.02), zoom: 4.9, pitch: 70)
        let t = Self.globe(camera)
        #expect(!t.coversWithVariableZoom)
        #expect(Set(t.sourceTiles(tileSize: 512, minimumZoom: 0, maximumZoom: 22).map(\.tile.canonical.z)) == [4])
        // a raster source of 256-pixel tiles rounds its covering zoom: 4.9 + 1 -> 6, past 4
        #expect(t.coversWithVariableZoom(tileSize: 256, rounding: .toNearestOrAwayFromZero))
        // flat, GL JS varies the zoom only past its pitch for it (60 here)
        let flat = Transform(camera: camera, width: 128, height: 128)
        #expect(flat.coversWithVariableZoom)
        #expect(!Transform(camera: MapCamera(center: camera.center, zoom: 8, pitch: 50), width: 128, height: 128).coversWithVariableZoom)
    }

    @Test("unpitched globe views at zoom 11 take the tile under the centre, across the antimeridian and near the pole")
    func zoomElevenViews() {
        // GL JS's covering_tiles.test.ts, 'globe' 'zoom = 11' cases: 128 x 128, pitch 0
        for (longitude, latitude, tile) in [(-179.73, -0.087, "11/1/1024"), (-179.73, 60.02, "11/1/594"), (-179.73, 85.028, "11/1/1"),
                                            (-58.97, 60.02, "11/688/594"), (-58.97, -0.087, "11/688/1024")] {
            let t = Self.globe(MapCamera(center: LocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: 11))
            #expect(Self.tiles(t, maximumZoom: 15) == [tile], "\(longitude), \(latitude)")
        }
    }

    @Test("a tile's distance on the globe: the larger of across and down, across the antimeridian and over the poles")
    func tileDistance() {
        let tile = TileID(z: 2, x: 0, y: 1)  // x 0...0.25, y 0.25...0.5
        #expect(Transform.globeTileDistance(x: 0.1, y: 0.3, tile: tile) == 0)
        // the larger of the two distances, not their hypotenuse
        #expect(abs(Transform.globeTileDistance(x: 0.35, y: 0.6, tile: tile) - 0.1) < 1e-12)
        // across the antimeridian: x 0.95 is 0.05 west of the tile
        #expect(abs(Transform.globeTileDistance(x: 0.95, y: 0.3, tile: tile) - 0.05) < 1e-12)
        // over the north pole: the tile mirrored half a world round (x 0.5...0.75, y -0.5...-0.25)
        let polar = TileID(z: 3, x: 0, y: 0)  // x 0...0.125, y 0...0.125
        #expect(abs(Transform.globeTileDistance(x: 0.55, y: 0.01, tile: polar) - 0.01) < 1e-12)
    }

    @Test("a deep view drawn with SwiftShader's sines is covered as GL JS covers it, in exact arithmetic")
    func deepViewWithSwiftShaderSines() throws {
        // random case 19-040: vertical perspective at zoom 11.58, 256 x 256; with SwiftShader's sines (the comparison
        // suite's) the tiles' caps shrank to nothing and no tile was kept, so nothing was drawn
        var t = Self.globe(MapCamera(center: LocationCoordinate2D(latitude: 26.413, longitude: -47.199), zoom: 11.58, bearing: -78.1),
                           width: 256, height: 256)
        let exact = Self.tiles(t)
        t.rasterReference = .glJSSwiftShader
        #expect(Self.tiles(t) == exact)
        #expect(exact.contains("11/755/868"), "\(exact)")
    }
}
