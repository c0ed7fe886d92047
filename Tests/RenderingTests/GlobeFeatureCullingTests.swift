import Foundation
import Geo
import GeoJSON
import Testing
@testable import Rendering

/// On the globe a band skips a whole feature whose bounds' cap is behind the horizon or off its rows
/// (``PaintContext/globeSkips(_:cache:globe:margin:)``), and never one that shows in it.
@Suite struct GlobeFeatureCullingTests {
    static func square(longitude: Double, latitude: Double, size: Double = 4) -> FillFeature {
        let c = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1), (-1, -1)].map {
            LocationCoordinate2D(latitude: latitude + $0.1 * size / 2, longitude: longitude + $0.0 * size / 2)
        }
        return FillFeature(polygons: [[c]])
    }

    @Test("a feature on the far side is skipped, one in a band's rows is drawn there and skipped in the other band")
    func skipsWhatCannotShow() throws {
        let (width, height) = (512, 512)
        let pixels = UnsafeMutablePointer<Float>.allocate(capacity: 4 * width * height)
        defer { pixels.deallocate() }
        var t = Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 60), zoom: 2), width: width, height: height)
        t.globeness = 1
        let g = try #require(t.globe)
        let top = PaintContext(transform: t, pixels: pixels, canvasWidth: width, canvasHeight: height,
                               clip: PixelClip(x0: 0, y0: 0, x1: width, y1: height / 2))
        let bottom = PaintContext(transform: t, pixels: pixels, canvasWidth: width, canvasHeight: height,
                                  clip: PixelClip(x0: 0, y0: height / 2, x1: width, y1: height))
        let farSide = Self.square(longitude: -120, latitude: 0)
        #expect(top.globeSkips(farSide.bounds, cache: farSide.globeSplits, globe: g, margin: 2))
        #expect(bottom.globeSkips(farSide.bounds, cache: farSide.globeSplits, globe: g, margin: 2))
        // north of the centre: on screen in the top band's rows only
        let north = Self.square(longitude: 60, latitude: 30)
        #expect(!top.globeSkips(north.bounds, cache: north.globeSplits, globe: g, margin: 2))
        #expect(bottom.globeSkips(north.bounds, cache: north.globeSplits, globe: g, margin: 2))
        // across the band's edge: drawn by both
        let centre = Self.square(longitude: 60, latitude: 0)
        #expect(!top.globeSkips(centre.bounds, cache: centre.globeSplits, globe: g, margin: 2))
        #expect(!bottom.globeSkips(centre.bounds, cache: centre.globeSplits, globe: g, margin: 2))
        // on the limb, half behind the horizon: drawn
        let limb = Self.square(longitude: 130, latitude: 0, size: 10)  // (the horizon is 73° from the centre at zoom 2)
        #expect(!top.globeSkips(limb.bounds, cache: limb.globeSplits, globe: g, margin: 2)
                || !bottom.globeSkips(limb.bounds, cache: limb.globeSplits, globe: g, margin: 2))
    }

    @Test("a context's globe view is its transform's (the painters read it from the cover), and there is none in Mercator")
    func globeViewIsTheTransforms() throws {
        let pixels = UnsafeMutablePointer<Float>.allocate(capacity: 4 * 64 * 64)
        defer { pixels.deallocate() }
        var t = Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: 10, longitude: 20), zoom: 2), width: 64, height: 64)
        let flat = PaintContext(transform: t, pixels: pixels, canvasWidth: 64, canvasHeight: 64, clip: PixelClip(width: 64, height: 64))
        #expect(flat.globeView == nil)
        t.globeness = 1
        let globe = PaintContext(transform: t, pixels: pixels, canvasWidth: 64, canvasHeight: 64, clip: PixelClip(width: 64, height: 64))
        #expect(globe.globeView === globe.transform.globe)
        #expect(globe.globeView != nil)
    }
}
