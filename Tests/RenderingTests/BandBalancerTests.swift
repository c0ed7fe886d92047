import GeoJSON
import Testing
@testable import Rendering

/// A render session splits its canvas's rows among the bands by how long each band took in its last render.
@Suite struct BandBalancerTests {
    private func rows(_ bands: [PixelClip]) -> [Int] { bands.map { $0.y1 - $0.y0 } }

    @Test("a first render, or one of another size or band count, is split evenly")
    func evenAtFirst() {
        var balancer = BandBalancer()
        #expect(balancer.bands(width: 100, height: 100, count: 2) == Renderer.bands(width: 100, height: 100, count: 2))
        balancer.record(bands: Renderer.bands(width: 100, height: 100, count: 2), seconds: [1, 3])
        #expect(balancer.bands(width: 100, height: 101, count: 2) == Renderer.bands(width: 100, height: 101, count: 2))
        #expect(balancer.bands(width: 99, height: 100, count: 2) == Renderer.bands(width: 99, height: 100, count: 2))
        #expect(balancer.bands(width: 100, height: 100, count: 3) == Renderer.bands(width: 100, height: 100, count: 3))
        #expect(balancer.bands(width: 100, height: 100, count: 1) == [PixelClip(width: 100, height: 100)])
        // times that say nothing (a band too quick to time, or none at all)
        for seconds in [[0, 1], [1, .nan], [.infinity, 1]] {
            balancer.record(bands: Renderer.bands(width: 100, height: 100, count: 2), seconds: seconds)
            #expect(balancer.bands(width: 100, height: 100, count: 2) == Renderer.bands(width: 100, height: 100, count: 2))
        }
    }

    @Test("rows move from the slower band to the faster, to where the times would even out")
    func movesRowsToTheFasterBand() {
        var balancer = BandBalancer()
        // rows 0..<50 took 1 s, rows 50..<100 took 3 s: half the time is spent above row 50 + 50 / 3
        balancer.record(bands: Renderer.bands(width: 10, height: 100, count: 2), seconds: [1, 3])
        let next = balancer.bands(width: 10, height: 100, count: 2)
        #expect(rows(next) == [67, 33])
        #expect(next.allSatisfy { $0.x0 == 0 && $0.x1 == 10 })
        // three bands: the first took all the time
        balancer.record(bands: Renderer.bands(width: 10, height: 90, count: 3), seconds: [8, 0.5, 0.5])
        let three = balancer.bands(width: 10, height: 90, count: 3)
        #expect(rows(three)[0] < 30 && rows(three).reduce(0, +) == 90)
        #expect(three[0].y0 == 0 && three[0].y1 == three[1].y0 && three[1].y1 == three[2].y0 && three[2].y1 == 90)
    }

    @Test("the split settles where the bands take as long, whatever the cost down the picture")
    func settles() {
        // a cost per row rising down the picture (row y costs y + 1): the even split's lower band costs three times
        // the upper's
        func cost(_ clip: PixelClip) -> Double { Double((clip.y0..<clip.y1).reduce(0) { $0 + $1 + 1 }) }
        var balancer = BandBalancer()
        var bands = balancer.bands(width: 10, height: 400, count: 2)
        for _ in 0..<12 {
            balancer.record(bands: bands, seconds: bands.map(cost))
            bands = balancer.bands(width: 10, height: 400, count: 2)
        }
        // half the cost lies above row 400 / √2 ≈ 283
        #expect(abs(bands[0].y1 - 283) <= 2, "\(bands)")
    }

    @Test("the split settles in a few renders, and stays where the bands take as long")
    func settlesQuickly() {
        // the cost rising down the picture, as above: the split is within two rows of its place after three renders
        // (moving each edge halfway towards an even split of the last times took eight), and stays there
        func cost(_ clip: PixelClip) -> Double { Double((clip.y0..<clip.y1).reduce(0) { $0 + $1 + 1 }) }
        var balancer = BandBalancer()
        var bands = balancer.bands(width: 10, height: 400, count: 2)
        var edges: [Int] = []
        for _ in 0..<8 {
            balancer.record(bands: bands, seconds: bands.map(cost))
            bands = balancer.bands(width: 10, height: 400, count: 2)
            edges.append(bands[0].y1)
        }
        #expect(edges.dropFirst(2).allSatisfy { abs($0 - 283) <= 2 }, "\(edges)")
        // four bands over a cost with a block in the middle (a limb, a city): each band within 5 % of its share after
        // eight renders (halfway steps: still 9 % off)
        func spiky(_ clip: PixelClip) -> Double {
            Double((clip.y0..<clip.y1).reduce(0) { $0 + (($1 >= 300 && $1 < 420) ? 20 : 1) })
        }
        var four = BandBalancer()
        var quarters = four.bands(width: 10, height: 800, count: 4)
        for _ in 0..<8 {
            four.record(bands: quarters, seconds: quarters.map(spiky))
            quarters = four.bands(width: 10, height: 800, count: 4)
        }
        let share = quarters.map(spiky).reduce(0, +) / 4
        #expect(quarters.allSatisfy { abs(spiky($0) - share) <= 0.05 * share }, "\(quarters.map(spiky))")
    }

    @Test("no band is left with fewer than an eighth of an even band's rows")
    func keepsEveryBand() {
        var balancer = BandBalancer()
        var bands = Renderer.bands(width: 10, height: 64, count: 4)
        for _ in 0..<20 {
            balancer.record(bands: bands, seconds: [1000, 1, 1, 1])
            bands = balancer.bands(width: 10, height: 64, count: 4)
        }
        #expect(rows(bands).allSatisfy { $0 >= 2 } && rows(bands).reduce(0, +) == 64, "\(rows(bands))")
        #expect(rows(bands)[0] == 2)
    }

    @Test("a session's frames split unevenly paint what one band paints, on the globe and flat", arguments: [1.0, 0.0])
    func unevenBandsPaintTheSame(globeness: Double) throws {
        let scene = RenderSessionReuseTests.shapes(
            globeness: globeness, camera: MapCamera(center: LocationCoordinate2D(latitude: 30, longitude: 20), zoom: 1.3, bearing: 30),
            width: 200, height: 180)
        var none: Canvas?
        let one = try Renderer.render(scene, reusing: &none, bandCount: 1)
        #expect(Set(one.pixels).count > 10)
        for seconds in [[1.0, 50, 1], [50, 1, 1], [1, 1, 50]] {
            var balancer = BandBalancer()
            balancer.record(bands: Renderer.bands(width: 200, height: 180, count: 3), seconds: seconds)
            #expect(balancer.bands(width: 200, height: 180, count: 3) != Renderer.bands(width: 200, height: 180, count: 3))
            var fresh: Canvas?
            let uneven = try Renderer.render(scene, reusing: &fresh, bandCount: 3, balancer: &balancer)
            #expect(uneven.pixels == one.pixels, "bands timed \(seconds)")
        }
    }
}
