import GeoJSON
import Testing
@testable import Rendering

@Suite struct RobustnessTests {
    /// Non-finite coordinates and paint values, huge widths and radii, must render without crashing.
    @Test func hostileInputDoesNotCrash() throws {
        let bad: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 0]
        var coords: [LocationCoordinate2D] = []
        for lon in bad { for lat in bad { coords.append(LocationCoordinate2D(longitude: lon, latitude: lat)) } }
        coords += [LocationCoordinate2D(longitude: 0, latitude: 0), LocationCoordinate2D(longitude: 10, latitude: 10)]
        var fill = FillLayer(features: [FillFeature(polygons: [[coords], [[]], []])])
        fill.opacity = .constant(.nan)
        fill.translate = Point(x: .nan, y: 1e300)
        var line = LineLayer(features: [LineFeature(lines: [coords, [], [coords[0]]], closedRings: true),
                                        LineFeature(lines: [coords])])
        line.width = .perFeature([.infinity, 1e9])
        line.gapWidth = .constant(.nan)
        line.offset = .constant(-.infinity)
        line.blur = .constant(.nan)
        line.dashArray = [.nan, 1, -3, .infinity]
        line.dashWidth = .constant(1e300)
        var circle = CircleLayer(features: [CircleFeature(points: coords)])
        circle.radius = .constant(1e12)
        circle.blur = .constant(.nan)
        circle.strokeWidth = .constant(.infinity)
        for (zoom, pitch, bearing) in [(Double.nan, Double.nan, Double.nan), (1e9, 60, 1e9), (3, 60, 45)] {
            let scene = RenderScene(width: 32, height: 32, pixelRatio: 1,
                                    camera: MapCamera(center: LocationCoordinate2D(longitude: .nan, latitude: .infinity),
                                                   zoom: zoom, bearing: bearing, pitch: pitch),
                                    layers: [BackgroundLayer(color: RenderColor(red: .nan, green: 2, blue: -1),
                                                                         opacity: .nan),
                                             fill, line, circle])
            let png = try Renderer.renderPNG(scene)
            #expect(try PNGDecoder.decode(png).width == 32)
        }
    }
}
