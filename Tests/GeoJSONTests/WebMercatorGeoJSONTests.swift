import GeoJSON
import Testing

/// Geo's Web Mercator through GeoJSON's positions and boxes.
@Suite struct WebMercatorGeoJSONTests {
    @Test func positionsAndBoxes() {
        let p = Position(longitude: 13.4, latitude: 52.52)
        let w = WebMercator.world(p)
        let back = WebMercator.position(worldX: w.x, worldY: w.y)
        #expect(abs(back.longitude - 13.4) < 1e-9 && abs(back.latitude - 52.52) < 1e-9)
        let q = WebMercator.position(metersX: 1_000_000, metersY: 6_000_000)
        let mq = WebMercator.meters(q)
        #expect(abs(mq.x - 1_000_000) < 1e-6 && abs(mq.y - 6_000_000) < 1e-6)
        #expect(WebMercator.tile(containing: p, zoom: 10) == TileID(z: 10, x: 550, y: 335))
        let b = WebMercator.bounds(of: TileID(z: 1, x: 1, y: 0))
        #expect(b.west == 0 && b.east == 180 && b.south == 0 && abs(b.north - WebMercator.maximumLatitude) < 1e-9)
        #expect(WebMercator.worldBoundingBox.north == WebMercator.maximumLatitude)
    }
}
