import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import Venues

@Suite(.needsShared) struct QueryTests {
    let venue: Venue

    init() throws { venue = try Venue.open(contentsOf: TestBundles.harbourfront) }

    private func ringCentre(_ feature: VenueFeature) throws -> Position {
        guard case .polygon(let rings) = feature.geometry, let ring = rings.first else { throw CancellationError() }
        let n = ring.count - 1  // closed ring
        let x = (0..<n).reduce(0.0) { $0 + ring.x($1) } / Double(n)
        let y = (0..<n).reduce(0.0) { $0 + ring.y($1) } / Double(n)
        return Position(x, y)
    }

    @Test func selectsFloorsByElevationIdAndText() throws {
        #expect(venue.floor(elevation: -1)?.name == "Parking P1")
        #expect(venue.floor(id: "m_e69d5cce77f098ff")?.elevation == 0)
        #expect(venue.floor(elevation: 7) == nil)
        #expect(venue.floor(matching: "-1")?.id == "m_4283fefc63f0cd0e")
        #expect(venue.floor(matching: "L1")?.elevation == 1)
        #expect(venue.floor(matching: "level 1")?.elevation == 1)
        #expect(venue.defaultFloor?.elevation == 0)
    }

    @Test func findsTheSpaceContainingAPointWithHolesRespected() throws {
        let level1 = try #require(venue.floor(elevation: 1))
        let atrium = try #require(venue.features(externalId: "ATRIUM-1").first)
        let hall = try #require(venue.features(externalId: "HALL-1").first)
        // The atrium centre lies in the hall's hole: the atrium, not the hall, contains it.
        let inAtrium = try ringCentre(atrium)
        #expect(level1.space(containing: inAtrium)?.id == atrium.id)
        guard case .polygon(let hallRings) = hall.geometry else { Issue.record("hall is not a polygon"); return }
        #expect(hallRings.count == 2)
        #expect(!PointInPolygon.geometry(hall.geometry, contains: inAtrium.longitude, inAtrium.latitude))
        // A quarter of the way along the hall's diagonal is in the hall, outside the atrium.
        let outer = hallRings[0]
        let p = Position(outer.x(0) + 0.25 * (outer.x(2) - outer.x(0)), outer.y(0) + 0.25 * (outer.y(2) - outer.y(0)))
        #expect(level1.space(containing: p)?.id == hall.id)
        // A room.
        let room = try #require(venue.feature(id: "s_46305fa892648739"))
        #expect(venue.space(containing: try ringCentre(room), elevation: 1)?.externalId == "1-S02")
        // Outside the building.
        #expect(level1.space(containing: Position(-79.39, 43.65)) == nil)
    }

    @Test func pointInPolygonEdgesAndHoles() {
        let square = PositionList([Position(0, 0), Position(10, 0), Position(10, 10), Position(0, 10), Position(0, 0)])
        let hole = PositionList([Position(4, 4), Position(4, 6), Position(6, 6), Position(6, 4), Position(4, 4)])
        let g = Geometry.polygon([square, hole])
        #expect(PointInPolygon.geometry(g, contains: 1, 1))
        #expect(!PointInPolygon.geometry(g, contains: 5, 5))
        #expect(PointInPolygon.geometry(g, contains: 0, 5))  // on the outer edge
        #expect(PointInPolygon.geometry(g, contains: 4, 5))  // on the hole's edge
        #expect(!PointInPolygon.geometry(g, contains: 11, 5))
        #expect(!PointInPolygon.geometry(.lineString(square), contains: 1, 1))
        #expect(PointInPolygon.area(g) == 96)
    }

    @Test func findsFeaturesByIdAndExternalId() throws {
        let room = try #require(venue.feature(id: "s_46305fa892648739"))
        #expect(room.kind == .space)
        #expect(room.name == "Vinyl Vault")
        #expect(room.floorId == "m_ec54dbbbd1b3a16b")
        #expect(venue.features(externalId: "1-S02").map(\.id) == ["s_46305fa892648739"])
        #expect(venue.feature(id: "o_e4266dbb276348ba")?.kind == .obstruction)
        #expect(venue.features(externalId: "FE-1-1").first?.kind == .annotation)
        #expect(venue.feature(id: "nope") == nil)
        #expect(venue.floor(elevation: 1)?.features(externalId: "KIOSK-1-1").count == 1)
        #expect(venue.nodes(onFloor: "m_ec54dbbbd1b3a16b").count == 35)
    }
}
