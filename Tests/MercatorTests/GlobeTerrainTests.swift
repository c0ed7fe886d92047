import Foundation
import Geo
import JSON
@testable import Mercator
import MapStyle
import Testing

/// Terrain on the globe (docs/3d.md, "Terrain on the globe"): the draped tiles' globe meshes raised along the sphere's
/// normal by the exaggerated elevation, the far side hidden by the depth buffer rather than cut at the horizon plane.
struct GlobeTerrainTests {
    /// A globe of 128 x 128 points at zoom 0 over the equator and the meridian (about 120 pixels across: one terrain
    /// tile), its DEM's heights (pixel x, y of the world's zoom 0 tile) exaggerated by `exaggeration`.
    static func globe(exaggeration: Double, size: Int = 128, height: @escaping (Int, Int) -> Double) throws -> MapSnapshot {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 0)
        var snapshot: MapSnapshot?
        try TerrainMapTests.map(terrain: ["source": "dem", "exaggeration": .double(exaggeration)], camera: camera, height: height) { map in
            map.size = MapSize(width: size, height: size)
            try map.setProjection(.verticalPerspective)
            snapshot = try map.snapshot()
        }
        return try #require(snapshot)
    }

    /// Whether pixel (`x`, `y`) shows the ground: the style's background (#204060) or box (#f0c040), nearly.
    static func isGround(_ s: MapSnapshot, _ x: Int, _ y: Int) -> Bool {
        let p = s.pixel(x, y)
        func near(_ r: Int, _ g: Int, _ b: Int) -> Bool { abs(Int(p[0]) - r) < 40 && abs(Int(p[1]) - g) < 40 && abs(Int(p[2]) - b) < 40 }
        return p[3] > 200 && (near(0x20, 0x40, 0x60) || near(0xF0, 0xC0, 0x40))
    }

    /// The leftmost and rightmost ground columns of row `y`.
    static func extent(_ s: MapSnapshot, row y: Int) -> (Int, Int)? {
        let columns = (0..<s.width).filter { isGround(s, $0, y) }
        guard let first = columns.first, let last = columns.last else { return nil }
        return (first, last)
    }

    @Test("a mountain range on the eastern limb stands out of the globe's outline; the western limb, at 0 m, stays")
    func mountainStandsOutOfTheLimb() throws {
        // 6 km from 50° E to 110° E (DEM columns 164 to 206), 0 m elsewhere; exaggeration 100: 600 km, a tenth of the radius
        let range: (Int, Int) -> Double = { x, _ in (164...206).contains(x) ? 6000 : 0 }
        let plain = try Self.globe(exaggeration: 0, height: range)
        let raised = try Self.globe(exaggeration: 100, height: range)
        #expect(raised.unsupportedFeatures.isEmpty, "\(raised.unsupportedFeatures)")
        let row = raised.height / 2
        let a = try #require(Self.extent(plain, row: row)), b = try #require(Self.extent(raised, row: row))
        // the range reaches past the limb (about 73° from the centre): its raised far slopes show beyond the sphere's
        // outline, which the horizon plane would cut away
        #expect(b.1 >= a.1 + 3, "the eastern limb \(a.1) raised to \(b.1)")
        #expect(abs(b.0 - a.0) <= 1, "the western limb \(a.0), \(b.0)")
    }

    @Test("the whole globe raised evenly is larger by the exaggerated height over the radius")
    func evenRaiseGrowsTheOutline() throws {
        let plain = try Self.globe(exaggeration: 0) { _, _ in 5000 }
        let raised = try Self.globe(exaggeration: 100) { _, _ in 5000 }
        let row = plain.height / 2
        let a = try #require(Self.extent(plain, row: row)), b = try #require(Self.extent(raised, row: row))
        let widthPlain = Double(a.1 - a.0 + 1), widthRaised = Double(b.1 - b.0 + 1)
        // a sphere of radius 1 + 500 km / 6371 km seen from the same camera: its outline grows by a little more than the
        // radius (the camera is a few radii away), not by nothing
        let growth = widthRaised / widthPlain
        #expect(growth > 1.06 && growth < 1.16, "width \(widthPlain) -> \(widthRaised)")
    }

    @Test("terrain of next to no height draws the plain globe's picture through the draped tiles")
    func drapedGlobeMatchesThePlainGlobe() throws {
        let plain = try Self.globe(exaggeration: 0) { _, _ in 1 }
        let draped = try Self.globe(exaggeration: 1) { _, _ in 1 }
        let differing = TerrainMapTests.differing(plain, draped, threshold: 24)
        var ground = 0
        for y in 0..<128 { for x in 0..<128 where Self.isGround(plain, x, y) { ground += 1 } }
        #expect(ground > 5000)
        // edges only: the limb and the box's outline, sampled from the tile images
        #expect(differing < ground / 25, "\(differing) of \(ground) ground pixels differ")
    }
}
