import Foundation
import MercatorTestSupport
import Testing
@testable import GeoJSON

@Suite("Shared data files", .needsShared)
struct DataFilesTests {
    static let files: [String] = {
        guard let dir = SharedFixtures.url("data"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return [] }
        return names.filter { $0.hasSuffix(".geojson") }.sorted()
    }()

    @Test("the shared data folder is present")
    func present() {
        #expect(Self.files.count >= 9, "expected the GeoJSON files of shared/data")
    }

    @Test("every file parses, writes and re-parses to equal values", arguments: files)
    func roundTrip(name: String) throws {
        let url = try #require(SharedFixtures.url("data/\(name)"))
        let data = try Data(contentsOf: url)
        let result = try GeoJSONObject.decode(data, options: .lenient)
        // The only violation in these files is geojson-vt's route without "properties".
        #expect(result.warnings.allSatisfy { $0.kind == .missingMember })
        let written = result.object.serializedBytes()
        let again = try written.withUnsafeBufferPointer { try GeoJSONObject.decode($0, options: .lenient) }
        #expect(again.object == result.object)
        let summary = GeoJSONSummary(result.object)
        #expect(summary.featureCount > 0 && summary.positionCount > 0)
    }

    @Test("figures the data README states")
    func knownCounts() throws {
        let countries = try GeoJSONObject(parsing: Data(contentsOf: #require(SharedFixtures.url("data/ne_50m_admin_0_countries.geojson"))))
        let s = GeoJSONSummary(countries)
        #expect(s.featureCount == 241 && s.positionCount == 99_593)
        #expect(s.geometryCounts[.polygon] == 122 && s.geometryCounts[.multiPolygon] == 119)
        let places = try GeoJSONObject(parsing: Data(contentsOf: #require(SharedFixtures.url("data/supercluster_places.geojson"))))
        let p = GeoJSONSummary(places)
        #expect(p.featureCount == 163 && p.nullGeometryCount == 1 && p.positionCount == 162)
        // County land areas exceed Int32 and stay exact integers.
        let counties = try GeoJSONObject(parsing: Data(contentsOf: #require(SharedFixtures.url("data/us_counties_500k.geojson"))))
        let areas = counties.features.compactMap { $0.property("ALAND") }
        #expect(areas.count == 3233)
        #expect(areas.contains { if case .int(let v) = $0 { return v > Int64(Int32.max) } else { return false } })
    }
}
