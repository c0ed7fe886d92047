import GeoJSON
import MapStyle
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
        line.floorWidth = .constant(1e300)
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

    /// A line width near 1e30 or more with a join used to trap converting a span end to Int
    /// (PixelCenterScanner.scanTriangle); every join and the gap width, at two zooms.
    @Test func hugeLineWidthsWithJoins() throws {
        let path = [LocationCoordinate2D(latitude: -10, longitude: -10), LocationCoordinate2D(latitude: 10, longitude: 0),
                    LocationCoordinate2D(latitude: -10, longitude: 10), LocationCoordinate2D(latitude: 10, longitude: 20)]
        for width in [1e30, 1e35, 1e300] {
            for join in [LineJoin.round, .miter, .bevel] {
                for zoom in [2.0, 12] {
                    var line = LineLayer(features: [LineFeature(lines: [path])])
                    line.width = .constant(width)
                    line.join = .constant(join)
                    var gap = LineLayer(features: [LineFeature(lines: [path])])
                    gap.gapWidth = .constant(width)
                    let scene = RenderScene(width: 24, height: 24, camera: MapCamera(zoom: zoom), layers: [line, gap])
                    let canvas = try Renderer.render(scene)
                    #expect(canvas.width == 24)
                    // The line covers the whole view: the centre pixel is painted (1e300 overflows to
                    // infinity in projection, and non-finite geometry draws nothing, as float shaders do).
                    if width < 1e100 {
                        #expect(canvas.pixels[4 * (12 * 24 + 12) + 3] > 0.5, "width \(width), \(join), z\(zoom)")
                    }
                }
            }
        }
    }
}
