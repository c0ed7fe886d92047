import Foundation
import Geo
import GeoJSON
import Testing
@testable import Rendering

/// A fill's outline on the globe reads the rings its interior pass projected (``GlobeOutlineRecords``): the runs it
/// draws from them must be exactly those it would work out itself, over views, bands, rings crossing the horizon,
/// rings given closed and open, and rings on another world copy.
@Suite struct GlobeOutlineReuseTests {
    static let cameras: [MapCamera] = [
        MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 60), zoom: 3.36, bearing: 72),
        MapCamera(center: LocationCoordinate2D(latitude: -30, longitude: -170), zoom: 1.5, pitch: 40),
        MapCamera(center: LocationCoordinate2D(latitude: 60, longitude: 100), zoom: 0.8, bearing: 30),
    ]

    /// Rings around points of the globe (Web Mercator fractions), wide enough that some cross the horizon; every
    /// other one given closed (ending on its first point).
    static func rings() -> [[Point]] {
        var rings: [[Point]] = []
        for (k, (lon, lat)) in [(60.0, 20.0), (95.0, 40.0), (20.0, 45.0), (150.0, 10.0), (-170.0, -30.0), (-120.0, -50.0),
                                (100.0, 60.0), (0.0, 0.0), (170.0, 65.0), (-60.0, -20.0)].enumerated() {
            let radius = 4.0 + Double(k % 4) * 9
            var ring: [Point] = []
            for i in 0..<37 {
                let a = Double(i) / 37 * 2 * .pi
                // a wobbly circle: edges of many lengths and directions
                let r = radius * (1 + 0.3 * sin(5 * a))
                let c = LocationCoordinate2D(latitude: max(-80, min(80, lat + r * sin(a))), longitude: lon + r * cos(a))
                ring.append(Transform.mercator(c))
            }
            if k % 2 == 0 { ring.append(ring[0]) }
            rings.append(ring)
        }
        return rings
    }

    @Test("the outline runs read from the interior's projection are the ones the outline works out itself")
    func recordedRunsAreTheOutlinesOwn() throws {
        let (width, height) = (640, 480)
        let pixels = UnsafeMutablePointer<Float>.allocate(capacity: 4 * width * height)
        defer { pixels.deallocate() }
        var recorded = 0, crossing = 0
        for camera in Self.cameras {
            var t = Transform(camera: camera, width: width, height: height)
            t.globeness = 1
            let g = try #require(t.globe)
            for clip in [PixelClip(width: width, height: height), PixelClip(x0: 0, y0: 0, x1: width, y1: height / 2),
                         PixelClip(x0: 0, y0: height / 2, x1: width, y1: height)] {
                var context = PaintContext(transform: t, pixels: pixels, canvasWidth: width, canvasHeight: height, clip: clip)
                for copy in [0, 1] {
                    for (index, ring) in Self.rings().enumerated() {
                        context.scratch.outlineRecords.reset(recording: true)
                        context.projectGlobeRings([ring], copy: copy, shift: Point(x: 0, y: 0), globe: g, record: (index, 0))
                        let key = GlobeRingProjection.Key(feature: index, polygon: 0, copy: copy, ring: 0)
                        let own = context.visibleRunArrays(ring, copy: copy, closed: true, globe: g, margin: 3,
                                                           granularity: GlobeGranularity.fill, screenPoints: true)
                        // (a ring the interior finds off the clip is not kept: the outline works it out itself)
                        guard let projected = context.scratch.outlineRecords.take(key) else { continue }
                        if !projected.hidden {
                            recorded += 1
                            if projected.side.contains(where: { $0 < 0 }) && projected.side.contains(where: { $0 >= 0 }) { crossing += 1 }
                        }
                        let read = context.recordedRunArrays(projected, globe: g, margin: 3)
                        let same = read == own  // (compared first: a failure names the ring, not thousands of points)
                        #expect(same, "\(camera) rows \(clip.y0)..<\(clip.y1) copy \(copy) ring \(index): \(read.count) runs read, \(own.count) own")
                    }
                }
            }
        }
        // the cases did what they are here for: rings kept and projected, some of them cut by the horizon
        #expect(recorded > 50)
        #expect(crossing > 10)
    }

    @Test("a ring reaching the world's edge is not kept: the interior puts those points on the pole, the outline not")
    func ringsAtThePolesAreLeftToTheOutline() throws {
        let (width, height) = (256, 256)
        let pixels = UnsafeMutablePointer<Float>.allocate(capacity: 4 * width * height)
        defer { pixels.deallocate() }
        var t = Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: 80, longitude: 0), zoom: 1), width: 256, height: 256)
        t.globeness = 1
        let g = try #require(t.globe)
        var context = PaintContext(transform: t, pixels: pixels, canvasWidth: width, canvasHeight: height,
                                   clip: PixelClip(width: width, height: height))
        let ring = [Point(x: 0.4, y: 0), Point(x: 0.6, y: 0), Point(x: 0.6, y: 0.1), Point(x: 0.4, y: 0.1)]
        context.scratch.outlineRecords.reset(recording: true)
        context.projectGlobeRings([ring], copy: 0, shift: Point(x: 0, y: 0), globe: g, record: (0, 0))
        #expect(context.scratch.outlineRecords.take(GlobeRingProjection.Key(feature: 0, polygon: 0, copy: 0, ring: 0)) == nil)
    }
}
