import Testing
@testable import Venues

@Suite struct ColorTests {
    @Test(arguments: [
        ("#FFD6A5", "#ffd6a5"), ("#ffd6a5", "#ffd6a5"), ("  #abc ", "#aabbcc"), ("#ABC", "#aabbcc"),
        ("0xFFD6A5", "#ffd6a5"), ("0Xffd6a5", "#ffd6a5"), ("\t0x00ff00\n", "#00ff00"),
    ])
    func parsesTheAcceptedForms(text: String, hex: String) {
        #expect(VenueColor(parsing: text)?.hex == hex)
    }

    @Test(arguments: ["", "#", "ffd6a5", "#ffd6a", "#ffd6a5ff", "#ggg", "0x", "0xabc", "red", "# ffd6a5", "#ff d6a5", "#١٢٣"])
    func rejectsEverythingElse(text: String) {
        #expect(VenueColor(parsing: text) == nil)
    }

    @Test func invalidStyleColourFallsBackWithADiagnostic() throws {
        let venue = try Venue.open(files: Dictionary(uniqueKeysWithValues: TestBundles.tinyBundle(stylesColor: "#12345")))
        #expect(venue.styles["Rooms"]?.color.hex == "#f5f5f5")
        #expect(venue.styles["Rooms"]?.colorText == "#12345")
        #expect(venue.styles["Walls"]?.color.hex == "#333333")
        let d = try #require(venue.diagnostics.first { $0.file == "styles.json" })
        #expect(d.severity == .warning)
        #expect(d.message.contains("'#12345'"))
    }
}
