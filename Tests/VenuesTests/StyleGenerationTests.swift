import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import Venues

@Suite(.needsShared) struct StyleGenerationTests {
    let venue: Venue

    init() throws { venue = try Venue.open(contentsOf: TestBundles.harbourfront) }

    private func layer(_ style: JSONValue, _ id: String) -> JSONValue? {
        style["layers"]?.array?.first { $0["id"]?.string == id }
    }

    private func features(_ style: JSONValue, source: String) -> [JSONValue] {
        style["sources"]?[source]?["data"]?["features"]?.array ?? []
    }

    private func colorOf(_ style: JSONValue, source: String, id: String) -> String? {
        features(style, source: source).first { $0["properties"]?["id"]?.string == id }?["properties"]?["_color"]?.string
    }

    @Test func seedLookReproducesSeed004() throws {
        let floor = try #require(venue.floor(elevation: 1))
        let style = venue.mapStyle(for: floor)
        #expect(style["version"] == 8)
        #expect(style["layers"]?.array?.map { $0["id"]?.string ?? "" } == [
            "venue-background", "venue-spaces-fill", "venue-spaces-line", "venue-obstructions-fill",
            "venue-obstructions-line", "venue-annotations-circle", "venue-annotations-label",
        ])
        // Polygons: the colour styles.json assigns to their id, default #f5f5f5.
        #expect(colorOf(style, source: "venue-spaces-polygons", id: "s_46305fa892648739") == "#bdb2ff")  // Services
        #expect(colorOf(style, source: "venue-spaces-polygons", id: "s_a78a1c90e0d03570") == "#f5f5f5")  // unstyled
        #expect(colorOf(style, source: "venue-spaces-polygons", id: "s_59f5dbb055bfe63a") == "#e0f0ff")  // Atrium
        #expect(features(style, source: "venue-spaces-polygons").count == 26)
        #expect(layer(style, "venue-spaces-fill")?["paint"]?["fill-color"] == ["get", "_color"])
        // Lines (walls): #dddddd at 2 px, whatever styles.json says.
        let wall = try #require(layer(style, "venue-obstructions-line"))
        #expect(wall["paint"]?["line-color"] == "#dddddd")
        #expect(wall["paint"]?["line-width"] == 2)
        #expect(features(style, source: "venue-obstructions-lines").count == 118 - floor.obstructions.filter {
            if case .polygon = $0.geometry { return true } else { return false }
        }.count)
        // Points: annotations titled by externalId (the two kiosks are Point spaces).
        let points = features(style, source: "venue-annotations")
        #expect(points.compactMap { $0["properties"]?["externalId"]?.string }.sorted() == ["KIOSK-1-1", "KIOSK-1-2"])
        #expect(layer(style, "venue-annotations-label")?["layout"]?["text-field"] == ["get", "externalId"])
        // Camera: the manifest centre, 100 m across the shorter side of 1024 x 768.
        #expect(style["center"] == [-79.3832, 43.6532])
        let expected = log2(VenueCamera.earthCircumference * cos(43.6532 * .pi / 180) / (512 * 100 / 768))
        #expect(abs((style["zoom"]?.number ?? 0) - expected) < 1e-9)
    }

    @Test func styledLookUsesTheWholeStyleSheet() throws {
        let floor = try #require(venue.floor(elevation: 1))
        let style = venue.mapStyle(for: floor, options: VenueStyleOptions(look: .styled, framing: .fitOutline(padding: 20)))
        let ids = style["layers"]?.array?.compactMap { $0["id"]?.string } ?? []
        for id in ["venue-floor-fill", "venue-spaces-fill", "venue-walls", "venue-windows", "venue-entrances",
                   "venue-spaces-label", "venue-annotations-circle", "venue-annotations-label", "venue-kiosks-circle"] {
            #expect(ids.contains(id), "missing layer \(id)")
        }
        let atrium = features(style, source: "venue-spaces-polygons").first { $0["properties"]?["id"] == "s_59f5dbb055bfe63a" }
        #expect(atrium?["properties"]?["_opacity"] == 0.6)
        #expect(atrium?["properties"]?["_name"] == "Atrium void")
        let wall = features(style, source: "venue-walls").first { $0["properties"]?["id"] == "o_e4266dbb276348ba" }
        #expect(wall?["properties"]?["_width"] == 0.15)
        #expect(wall?["properties"]?["_color"] == "#b0b0b0")
        #expect(features(style, source: "venue-windows").count == 18)
        #expect(features(style, source: "venue-entrances").count == 24)
        #expect(features(style, source: "venue-annotations").count == 4)
        // Wall width: metres -> pixels, exponential base 2 on zoom.
        let width = try #require(layer(style, "venue-walls")?["paint"]?["line-width"]?.array)
        #expect(width[0] == "interpolate")
        #expect(width[1] == ["exponential", 2])
        #expect(width[2] == ["zoom"])
        let k0 = try #require(width[4].array?[2].number), k24 = try #require(width[6].array?[2].number)
        #expect(abs(k24 / k0 - pow(2, 24)) < 1e-3)
        // At zoom 20, 0.15 m -> pixels = 0.15 / metersPerPixel.
        let mpp = VenueCamera.metersPerPixel(zoom: 20, latitude: 43.6532)
        #expect(abs(0.15 * k0 * pow(2, 20) - 0.15 / mpp) < 1e-9)
        // Framing on the outline: centred on the building.
        let centerValues = style["center"]?.array?.compactMap { $0.number } ?? []
        let center = try #require(centerValues.count == 2 ? centerValues : nil)
        let bounds = try #require(floor.outline?.bounds)
        #expect(center[0] > bounds.west && center[0] < bounds.east)
        #expect(center[1] > bounds.south && center[1] < bounds.north)
    }

    @Test func styledLookDefaultsUnstyledGeometry() throws {
        var files = Dictionary(uniqueKeysWithValues: TestBundles.tinyBundle())
        files["styles.json"] = Data("{}".utf8)
        let tiny = try Venue.open(files: files)
        let floor = try #require(tiny.defaultFloor)
        let style = tiny.mapStyle(for: floor, options: VenueStyleOptions(look: .styled))
        #expect(colorOf(style, source: "venue-spaces-polygons", id: "s_room") == "#f5f5f5")
        #expect(colorOf(style, source: "venue-lines", id: "o_wall") == "#dddddd")
        #expect(features(style, source: "venue-walls").isEmpty)
        #expect(layer(style, "venue-lines")?["paint"]?["line-width"] == 2)
    }

    @Test func styleSerialisesAndParsesBack() throws {
        for floor in venue.floors {
            for look in VenueLook.allCases {
                let style = venue.mapStyle(for: floor, options: VenueStyleOptions(look: look))
                let text = style.serialized()
                let reparsed = try JSONValue(parsing: text)
                #expect(reparsed.serialized() == text)
                #expect(reparsed["layers"]?.array?.count == style["layers"]?.array?.count)
            }
        }
    }

    @Test func cameraFitsRegions() {
        let region = VenueCamera.region(center: Position(0, 0), meters: 100, width: 512, height: 1024)
        // 100 m over 512 px at the equator.
        #expect(abs(VenueCamera.metersPerPixel(zoom: region.zoom, latitude: 0) - 100.0 / 512) < 1e-9)
        // The `.fitOutline` framing is the package's one fitting: MercatorTests' CameraFittingTests.
    }

    @Test func legacyFloorsWithoutOutlineStillStyle() throws {
        let legacy = try Venue.open(contentsOf: TestBundles.legacyOffice)
        let floor = try #require(legacy.defaultFloor)
        let style = legacy.mapStyle(for: floor, options: VenueStyleOptions(look: .styled, framing: .fitOutline(padding: 10)))
        #expect(style["sources"]?["venue-floor"] == nil)
        #expect((style["zoom"]?.number ?? 0) > 15)
    }
}
