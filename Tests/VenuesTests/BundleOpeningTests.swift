import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import Venues

@Suite struct BundleOpeningTests {
    @Test(.needsShared) func opensTheHarbourfrontZip() throws {
        let venue = try Venue.open(contentsOf: TestBundles.harbourfront)
        #expect(venue.name == "Harbourfront Galleria")
        #expect(venue.version == "2.0.0")
        #expect(venue.time == "2026-01-01T00:00:01Z")
        #expect(venue.center == Position(-79.3832, 43.6532))
        #expect(venue.namingEra == .current)
        #expect(venue.floors.map(\.elevation) == [-1, 0, 1])
        #expect(venue.floors.map(\.name) == ["Parking P1", "Ground Floor", "Level 1"])
        let level1 = try #require(venue.floor(elevation: 1))
        #expect(level1.id == "m_ec54dbbbd1b3a16b")
        #expect(level1.externalId == "L1")
        #expect(level1.spaces.count == 28)
        #expect(level1.obstructions.count == 118)
        #expect(level1.entrances.count == 24)
        #expect(level1.windows.count == 18)
        #expect(level1.annotations.count == 4)
        if case .polygon(let rings)? = level1.outline { #expect(rings.first?.count == 5) } else { Issue.record("no outline") }
        #expect(venue.floorStacks.count == 1)
        #expect(venue.floorStacks.first?.floorIds.count == 3)
        #expect(venue.nodes.count == 105)
        #expect(venue.connections.map(\.type) == ["elevator", "stairs"])
        #expect(venue.connections.first?.accessible == true)
        #expect(venue.styles.entries.count == 9)
        #expect(venue.styles["Walls"]?.width == 0.15)
        #expect(venue.diagnostics(atLeast: .warning).isEmpty, "\(venue.diagnostics)")
    }

    @Test(.needsShared) func opensTheSameBundleFromMemory() throws {
        let data = try Data(contentsOf: TestBundles.harbourfront)
        let fromData = try Venue.open(zipData: data)
        let fromFile = try Venue.open(contentsOf: TestBundles.harbourfront)
        #expect(fromData.floors == fromFile.floors)
        #expect(fromData.styles == fromFile.styles)
    }

    @Test(.needsShared) func opensTheLegacyFolder() throws {
        let venue = try Venue.open(contentsOf: TestBundles.legacyOffice)
        #expect(venue.name == "Legacy Office Park")
        #expect(venue.namingEra == .legacy)
        #expect(venue.floors.map(\.elevation) == [0, 1])
        #expect(venue.floors.map(\.name) == ["L0", "L1"])  // legacy floors have no name: externalId stands in
        #expect(venue.floors.allSatisfy { $0.outline == nil && !$0.spaces.isEmpty && !$0.obstructions.isEmpty })
        #expect(venue.floorStacks.first?.floorIds == ["m_a4c123b1612dd272", "m_23b7ac193fe04072"])
        #expect(venue.connections.count == 2)
        #expect(venue.diagnostics(atLeast: .warning).isEmpty, "\(venue.diagnostics)")
    }

    @Test(.needsShared) func opensThePartialExportWithDiagnostics() throws {
        let venue = try Venue.open(contentsOf: TestBundles.partialTaoyuan)
        #expect(venue.name == "100, 福龍路一段, 平鎮區, 桃園市 32462")
        #expect(venue.namingEra == .legacy)
        let floor = try #require(venue.floor(elevation: 0))
        #expect(floor.id == "m_ec42c069194c38ea")
        #expect(floor.name == "01")
        // What survives is usable: the flattened window layer.
        #expect(floor.windows.count == 10)
        #expect(venue.feature(id: "w_446ed33c50d2d7a7")?.kind == .window)
        #expect(floor.spaces.isEmpty && floor.obstructions.isEmpty)
        // What is missing is reported.
        let files = Set(venue.diagnostics.compactMap(\.file))
        #expect(files.contains("space/m_ec42c069194c38ea.geojson"))
        #expect(files.contains("obstruction/m_ec42c069194c38ea.geojson"))
        #expect(files.contains("shapeInstances/m_ec42c069194c38ea.geojson"))
        #expect(!files.contains("window/m_ec42c069194c38ea.geojson"))
        #expect(venue.diagnostics.contains { $0.file == "m_ec42c069194c38ea.geojson" && $0.message.contains("window") })
        #expect(venue.connections.count == 2)
        #expect(venue.nodes.count == 2)
        #expect(venue.styles.entries.map(\.name) == ["Walls", "ExteriorWalls", "Rooms", "Hallways", "Desks"])
    }

    @Test func opensInMemoryFilesAndAWrappedZip() throws {
        let tiny = TestBundles.tinyBundle()
        let venue = try Venue.open(files: Dictionary(uniqueKeysWithValues: tiny))
        #expect(venue.name == "Tiny")
        #expect(venue.floors.count == 1)
        // A bundle zipped with its folder name opens the same.
        let wrapped = try TestBundles.zip(tiny.map { ("Tiny Venue/" + $0.0, $0.1) })
        let fromZip = try Venue.open(zipData: wrapped)
        #expect(fromZip.floors == venue.floors)
    }

    @Test func reportsMalformedPartsWithoutFailing() throws {
        var files = Dictionary(uniqueKeysWithValues: TestBundles.tinyBundle(stylesColor: "not-a-colour"))
        files["obstruction/m_1.geojson"] = Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]},"properties":{"id":"o_ok"}},{"type":"Feature","geometry":{"type":"Bogus"},"properties":{}}]}"#.utf8)
        files["window/m_1.geojson"] = Data(#"{"type":"Nope"}"#.utf8)
        let venue = try Venue.open(files: files)
        let floor = try #require(venue.floors.first)
        #expect(floor.obstructions.map(\.id) == ["o_ok"])
        #expect(venue.styles["Rooms"]?.color == .defaultFill)
        #expect(venue.diagnostics.contains { $0.file == "styles.json" && $0.message.contains("not-a-colour") })
        #expect(venue.diagnostics.contains { $0.file == "obstruction/m_1.geojson" && $0.severity == .warning })
        #expect(venue.diagnostics.contains { $0.file == "window/m_1.geojson" && $0.severity == .error })
    }

    @Test func ignoresArchiverLitter() throws {
        let litter: [(String, Data)] = [("__MACOSX/._manifest.geojson", Data([0, 5, 22, 7])), ("space/._m_1.geojson", Data([0, 5])),
                                        (".DS_Store", Data([0, 0, 0, 1]))]
        let venue = try Venue.open(zipData: try TestBundles.zip(TestBundles.tinyBundle() + litter))
        #expect(!venue.files.contains { $0.contains("._") || $0.contains("DS_Store") })
        #expect(venue.diagnostics(atLeast: .warning).allSatisfy { $0.file != nil && !$0.file!.contains("._") })
    }

    @Test func reportsDanglingReferences() throws {
        var files = Dictionary(uniqueKeysWithValues: TestBundles.tinyBundle())
        files["floorstack.geojson"] = Data(#"[{"id":"mg_1","name":"B","floors":["m_1","m_404"]}]"#.utf8)
        files["node.geojson"] = Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[10,50]},"properties":{"id":"n_1","floor":"m_1","neighbors":["n_2"]}}]}"#.utf8)
        files["connection.json"] = Data(#"[{"id":"c_1","type":"stairs","accessible":false,"nodes":["n_1","n_9"]}]"#.utf8)
        let venue = try Venue.open(files: files)
        let messages = venue.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("m_404") })
        #expect(messages.contains { $0.contains("1 neighbour reference") })
        #expect(messages.contains { $0.contains("c_1") && $0.contains("n_9") })
        #expect(venue.nodes.first?.neighbors == ["n_2"])
    }

    @Test func missingPathIsNotFound() {
        #expect(throws: VenueError.notFound(path: "/nonexistent/venue.zip")) {
            try Venue.open(contentsOf: URL(fileURLWithPath: "/nonexistent/venue.zip"))
        }
    }

    @Test func emptyZipIsNotAVenue() throws {
        let data = try TestBundles.zip([("readme.txt", Data("hello".utf8))])
        #expect {
            try Venue.open(zipData: data)
        } throws: { error in
            if case VenueError.notAVenueBundle = error { return true }
            return false
        }
    }

    @Test(.needsShared) func reportSummarisesTheVenue() throws {
        let venue = try Venue.open(contentsOf: TestBundles.harbourfront)
        let report = venue.report
        #expect(report.contains("Harbourfront Galleria (MVF 2.0.0"))
        #expect(report.contains("-1  Parking P1 [m_4283fefc63f0cd0e]: 27 space, 107 obstruction"))
        #expect(report.contains("diagnostics: none"))
    }
}
