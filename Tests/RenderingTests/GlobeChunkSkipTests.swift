import Foundation
import Geo
import GeoJSON
import Testing
@testable import Rendering

/// The globe's lines and rings leave out the points inside their runs of ``GlobeSplitCache/Part/chunkCaps`` that
/// cannot reach a band: what a band draws must be exactly what it draws from every point, over views, bands, small
/// clips, lines and rings crossing the horizon and the clip's sides.
@Suite struct GlobeChunkSkipTests {
    static let cameras: [MapCamera] = [
        MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 60), zoom: 3.36, bearing: 72),
        MapCamera(center: LocationCoordinate2D(latitude: 45, longitude: 10), zoom: 2.2, bearing: 30, pitch: 35),
        MapCamera(center: LocationCoordinate2D(latitude: -30, longitude: -170), zoom: 1.5, pitch: 40),
        MapCamera(center: LocationCoordinate2D(latitude: 60, longitude: 100), zoom: 0.8, bearing: 30),
    ]

    static let size = (width: 640, height: 480)

    /// The whole picture, its two bands, and clips off its middle and at its corners.
    static let clips: [PixelClip] = [
        PixelClip(width: size.width, height: size.height),
        PixelClip(x0: 0, y0: 0, x1: size.width, y1: size.height / 2),
        PixelClip(x0: 0, y0: size.height / 2, x1: size.width, y1: size.height),
        PixelClip(x0: 200, y0: 150, x1: 300, y1: 230),
        PixelClip(x0: 0, y0: 0, x1: 120, y1: 90),
        PixelClip(x0: 560, y0: 400, x1: size.width, y1: size.height),
    ]

    /// Rings around points of the globe (Web Mercator fractions), 10° to 40° across, of 300 points: split on the
    /// grid, hundreds of points each, many runs of them; some wholly in front of the horizon, some across it.
    static let rings: [[Point]] = {
        var rings: [[Point]] = []
        for (k, (lon, lat)) in [(60.0, 20.0), (95.0, 40.0), (20.0, 45.0), (150.0, 10.0), (-170.0, -30.0), (10.0, 50.0),
                                (100.0, 60.0), (0.0, 0.0), (40.0, 5.0), (-60.0, -20.0)].enumerated() {
            let radius = 5.0 + Double(k % 4) * 5
            var ring: [Point] = []
            for i in 0..<300 {
                let a = Double(i) / 300 * 2 * .pi
                let r = radius * (1 + 0.25 * sin(7 * a))
                let c = LocationCoordinate2D(latitude: max(-80, min(80, lat + r * sin(a))), longitude: lon + r * cos(a))
                ring.append(Transform.mercator(c))
            }
            if k % 2 == 0 { ring.append(ring[0]) }
            rings.append(ring)
        }
        return rings
    }()

    /// Lines across the view and beyond: parallels, meridians and slanting lines, long enough to leave the clips.
    static let lines: [[Point]] = {
        var lines: [[Point]] = []
        for k in 0..<12 {
            let lat0 = -60.0 + Double(k) * 11, lon0 = -40.0 + Double(k) * 17
            var line: [Point] = []
            for i in 0..<200 {
                let t = Double(i) / 199
                let c = LocationCoordinate2D(latitude: max(-80, min(80, lat0 + (k % 3 == 0 ? 0 : 70 * t - 20) + 3 * sin(9 * t))),
                                             longitude: lon0 + (k % 3 == 1 ? 5 * sin(5 * t) : 160 * t))
                line.append(Transform.mercator(c))
            }
            lines.append(line)
        }
        return lines
    }()

    /// Calls `body` with each camera's globe and a paint context of each clip (over a canvas of ``size``).
    static func forEachClip(_ body: (MapCamera, PixelClip, GlobeView, inout PaintContext) throws -> Void) throws {
        let (width, height) = size
        let pixels = UnsafeMutablePointer<Float>.allocate(capacity: 4 * width * height)
        defer { pixels.deallocate() }
        for camera in cameras {
            var t = Transform(camera: camera, width: width, height: height)
            t.globeness = 1
            let g = try #require(t.globe)
            for clip in clips {
                var context = PaintContext(transform: t, pixels: pixels, canvasWidth: width, canvasHeight: height, clip: clip)
                try body(camera, clip, g, &context)
            }
        }
    }

    /// Pixel runs (row, first column, end) of even-odd filled rings within `clip`, as the globe's fills scan them.
    static func filled(_ rings: [[Point]], clip: PixelClip) -> [Int] {
        var scanner = PixelCenterScanner()
        var spans: [Int] = []
        scanner.scan(rings: rings, rule: .evenOdd, clip: clip, ties: .above) { y, x0, x1 in spans += [y, x0, x1] }
        return spans
    }

    @Test("a fill draws the same pixels and records the same outline runs with the runs off the clip left out")
    func ringsSkippingRunsFillAlike() throws {
        var compared = 0, skipped = 0, skippedAcrossHorizon = 0
        try Self.forEachClip { camera, clip, g, context in
            for (index, ring) in Self.rings.enumerated() {
                var results: [(spans: [Int], points: Int, runs: [[Point]]?, crossesHorizon: Bool)] = []
                for skips in [false, true] {
                    context.scratch.outlineRecords.reset(recording: true)
                    context.projectGlobeRings([ring], copy: 0, shift: Point(x: 0, y: 0), globe: g, record: (index, 0),
                                              skipsChunks: skips)
                    let rings = context.scratch.screenRings.arrays
                    let key = GlobeRingProjection.Key(feature: index, polygon: 0, copy: 0, ring: 0)
                    let record = context.scratch.outlineRecords.take(key)
                    let runs = record.map { context.recordedRunArrays($0, globe: g, margin: 3) }
                    results.append((Self.filled(rings, clip: clip), rings.reduce(0) { $0 + $1.count }, runs,
                                    record?.side.contains { $0 < 0 } ?? false))
                }
                let (whole, skipping) = (results[0], results[1])
                let same = whole.spans == skipping.spans && whole.runs == skipping.runs
                #expect(same, "\(camera) clip \(clip) ring \(index): \(whole.spans.count / 3) and \(skipping.spans.count / 3) spans")
                compared += 1
                if skipping.points < whole.points {
                    skipped += 1
                    if whole.crossesHorizon { skippedAcrossHorizon += 1 }
                }
            }
        }
        // the cases did what they are here for: rings drawn with runs left out
        #expect(compared == Self.cameras.count * Self.clips.count * Self.rings.count)
        #expect(skipped > 20, "\(skipped) rings left runs out")
        #expect(skippedAcrossHorizon > 5, "\(skippedAcrossHorizon) rings across the horizon left runs out")
    }

    @Test("a line's runs near the clip are the same with its runs off the clip left out")
    func linesSkippingRunsAreAlike() throws {
        var withRuns = 0, skippable = 0
        try Self.forEachClip { camera, clip, g, context in
            for (index, line) in (Self.lines + Self.rings).enumerated() {
                let closed = index >= Self.lines.count
                for screenPoints in [false, true] {
                    let whole = context.visibleRunArrays(line, copy: 0, closed: closed, globe: g, margin: 2,
                                                         screenPoints: screenPoints, skipsChunks: false)
                    let skipping = context.visibleRunArrays(line, copy: 0, closed: closed, globe: g, margin: 2,
                                                            screenPoints: screenPoints)
                    #expect(whole == skipping, "\(camera) clip \(clip) line \(index): \(whole.count) and \(skipping.count) runs")
                    if !whole.isEmpty { withRuns += 1 }
                }
                // (how many of the line's runs of points this clip could leave out)
                let sphere = line.map { g.spherePoint(worldX: $0.x, y: $0.y) }
                let caps = GlobeSplitCache.chunkCaps(sphere)
                if caps.contains(where: { g.camera.hides($0) || g.camera.screenMisses($0, left: Double(clip.x0) - 3, top: Double(clip.y0) - 3,
                                                                                      right: Double(clip.x1) + 3, bottom: Double(clip.y1) + 3) }) {
                    skippable += 1
                }
            }
        }
        #expect(withRuns > 100)
        #expect(skippable > 100, "\(skippable) lines with runs to leave out")
    }

    @Test("a part's runs: each cap holds its points, the last run ends on the last point, short parts have none")
    func chunkCapsHoldTheirPoints() throws {
        let g = try #require({ () -> GlobeView? in
            var t = Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 60), zoom: 2), width: 256, height: 256)
            t.globeness = 1
            return t.globe
        }())
        let line = Self.lines[4]
        let sphere = line.map { g.spherePoint(worldX: $0.x, y: $0.y) }
        let caps = GlobeSplitCache.chunkCaps(sphere)
        let size = GlobeSplitCache.Part.chunkPoints
        #expect(caps.count == (sphere.count - 1 + size - 1) / size)
        for (c, cap) in caps.enumerated() {
            for k in (c * size)...min((c + 1) * size, sphere.count - 1) {
                #expect(sphere[k].dot(cap.centre) >= cap.cosRadius - 1e-12)
            }
        }
        #expect(GlobeSplitCache.chunkCaps(Array(sphere.prefix(size))).isEmpty)
        // a part's last run ends on its last point, and a run of one segment is never left out
        let part = GlobeSplitCache.part(world: Array(line.prefix(size * 2 + 2)), sphere: Array(sphere.prefix(size * 2 + 2)), closed: false)
        #expect(part.chunkEnd(at: 0, skips: { _ in true }) == size)
        #expect(part.chunkEnd(at: size, skips: { _ in true }) == 2 * size)
        #expect(part.chunkEnd(at: 2 * size, skips: { _ in true }) == nil)
        #expect(part.chunkEnd(at: 1, skips: { _ in true }) == nil)
        #expect(part.chunkEnd(at: 0, skips: { _ in false }) == nil)
    }
}
