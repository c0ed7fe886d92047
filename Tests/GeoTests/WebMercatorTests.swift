import Foundation
import Geo
import Testing

@Suite struct WebMercatorTests {
    @Test("the one latitude limit is atan(sinh(π)), where the square world ends")
    func latitudeLimit() {
        #expect(abs(WebMercator.maximumLatitude - atan(sinh(Double.pi)) * 180 / .pi) < 1e-12)
        #expect(WebMercator.worldY(latitude: WebMercator.maximumLatitude) < 1e-12)
        #expect(abs(WebMercator.unclampedWorldY(latitude: -WebMercator.maximumLatitude) - 1) < 1e-12)
        #expect(WebMercator.clampedLatitude(89) == WebMercator.maximumLatitude)
        #expect(WebMercator.clampedLatitude(-89) == -WebMercator.maximumLatitude)
        #expect(WebMercator.clampedLatitude(45) == 45)
        // the camera's y is not clamped to the square world, only kept finite at the poles
        #expect(WebMercator.unclampedWorldY(latitude: 87) < 0)
        #expect(WebMercator.unclampedWorldY(latitude: 90).isFinite)
    }

    @Test("world, camera and metre conversions go there and back")
    func roundTrips() {
        for (lon, lat) in [(13.4, 52.52), (-179.5, -60.0), (0.0, 0.0), (151.2, -33.87), (24.94, 60.17)] {
            let x = WebMercator.worldX(longitude: lon), y = WebMercator.worldY(latitude: lat)
            #expect(abs(WebMercator.longitude(worldX: x) - lon) < 1e-9)
            #expect(abs(WebMercator.latitude(worldY: y) - lat) < 1e-9)
            let c = WebMercator.cameraWorld(longitude: lon, latitude: lat)
            #expect(abs(c.x - x) < 1e-12 && abs(c.y - y) < 1e-12)
            #expect(abs(WebMercator.cameraLatitude(worldY: c.y) - lat) < 1e-9)
            let m = WebMercator.meters(longitude: lon, latitude: lat)
            let back = WebMercator.lonLat(metersX: m.x, metersY: m.y)
            #expect(abs(back.longitude - lon) < 1e-9 && abs(back.latitude - lat) < 1e-9)
        }
        #expect(WebMercator.worldX(longitude: -180) == 0)
        #expect(WebMercator.worldY(latitude: 0) == 0.5)
        #expect(WebMercator.worldY(latitude: 89.9) == 0)
        #expect(WebMercator.worldY(latitude: -90) == 1)
        let m = WebMercator.meters(longitude: 180, latitude: 0)
        #expect(abs(m.x - 20037508.342789244) < 1e-6 && abs(m.y) < 1e-6)
        #expect(abs(WebMercator.meters(longitude: 0, latitude: 90).y - 20037508.342789244) < 1e-3)
        let mb = WebMercator.meterBounds(of: TileID(z: 1, x: 0, y: 0))
        #expect(mb.minX == -20037508.342789244 && mb.minY == 0 && mb.maxX == 0 && mb.maxY == 20037508.342789244)
    }

    @Test("the tile containing a point: longitudes wrap, latitudes past the world clamp, garbage does not trap")
    func tileContainingPoint() {
        #expect(WebMercator.tile(containingLongitude: 13.4, latitude: 52.52, zoom: 10) == TileID(z: 10, x: 550, y: 335))
        #expect(WebMercator.tile(containingLongitude: 190, latitude: 0, zoom: 1) == TileID(z: 1, x: 0, y: 1))
        #expect(WebMercator.tile(containingLongitude: 0, latitude: 89.9, zoom: 3) == TileID(z: 3, x: 4, y: 0))
        #expect(WebMercator.tile(containingLongitude: 0, latitude: -89.9, zoom: 3) == TileID(z: 3, x: 4, y: 7))
        #expect(WebMercator.tile(containingLongitude: 1e300, latitude: -1e300, zoom: 3).isValid)
        #expect(WebMercator.tile(containingLongitude: .nan, latitude: .infinity, zoom: 40).isValid)
        let t = WebMercator.tileCoordinates(longitude: 0, latitude: 0, zoom: 2)
        #expect(t.x == 2 && t.y == 2)
    }

    @Test("tile rectangles: a tile's world square, shifted by its world copy, half-open")
    func tileRectangles() {
        let r = TileID(z: 2, x: 1, y: 3).worldBounds
        #expect(r == WorldBounds(minX: 0.25, minY: 0.75, maxX: 0.5, maxY: 1))
        #expect(UnwrappedTileID(z: 2, x: 5, y: 3).worldBounds == WorldBounds(minX: 1.25, minY: 0.75, maxX: 1.5, maxY: 1))
        #expect(TileID(z: 0, x: 0, y: 0).worldBounds == WorldBounds.world)
        #expect(r.contains(x: 0.25, y: 0.75) && !r.contains(x: 0.5, y: 0.8) && !r.contains(x: 0.3, y: 1))
        // neighbours share no point and leave none out
        let left = TileID(z: 3, x: 2, y: 2).worldBounds, right = TileID(z: 3, x: 3, y: 2).worldBounds
        #expect(left.contains(x: 0.374999, y: 0.3) && !left.contains(x: 0.375, y: 0.3) && right.contains(x: 0.375, y: 0.3))
        // on some copy of the world
        #expect(r.intersects(x0: 1.3, y0: 0.8, x1: 1.4, y1: 0.9))
        #expect(!r.intersects(x0: 0.6, y0: 0.8, x1: 0.7, y1: 0.9))
    }

    @Test("fitting: a box fills the view; boxes past the poles fit the Mercator world")
    func fitting() throws {
        let world = try #require(WebMercator.fit(west: -180, south: -WebMercator.maximumLatitude, east: 180, north: WebMercator.maximumLatitude,
                                                 width: 512, height: 512, padding: (0, 0, 0, 0), bearing: 0, maximumZoom: 22))
        #expect(abs(world.zoom) < 1e-9 && abs(world.longitude) < 1e-9 && abs(world.latitude) < 1e-9)
        let pole = try #require(WebMercator.fit(west: -180, south: -89.99, east: 180, north: 89.99,
                                                width: 512, height: 512, padding: (0, 0, 0, 0), bearing: 0, maximumZoom: 22))
        #expect(abs(pole.zoom - world.zoom) < 1e-9)
        #expect(WebMercator.fit(west: 0, south: 0, east: 1, north: 1, width: 100, height: 100,
                                padding: (60, 0, 60, 0), bearing: 0, maximumZoom: 22) == nil)
        let corners = WebMercator.fittingCorners(west: 170, south: .nan, east: -170, north: 10)
        #expect(corners[1].longitude == 190 && corners[2].latitude.isNaN)
    }
}
