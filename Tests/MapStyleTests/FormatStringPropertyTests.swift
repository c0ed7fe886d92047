import GeoJSON
import MapStyle
import Testing

@Suite struct FormatStringPropertyTests {
    @Test func formatStringsSetValuesAndPredicates() throws {
        let style = Style()
        try style.addSource(StyleSource.shape(identifier: "s", data: ["type": "FeatureCollection", "features": []]))
        try style.addLayer(StyleLayer(identifier: "quakes", type: .circle, sourceIdentifier: "s"))
        try style.setPredicate(format: "mag > 5 AND type == 'earthquake'", ofLayer: "quakes")
        let predicate = try #require(style.layer(withIdentifier: "quakes")?.predicate)
        #expect(predicate.array?.first == "all")
        try style.setValue(format: "mag * 2", forProperty: "circleRadius", ofLayer: "quakes")
        #expect(try style.value(forProperty: "circle-radius", ofLayer: "quakes") == ["*", ["get", "mag"], 2])
        #expect(throws: FormatStringStyleError.self) {
            try style.setPredicate(format: "mag >", ofLayer: "quakes")
        }
    }
}
