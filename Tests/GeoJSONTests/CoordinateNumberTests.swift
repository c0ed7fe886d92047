import Foundation
import GeoJSON
import MercatorTestSupport
import Testing

@Suite("Coordinate numbers")
struct CoordinateNumberTests {
    @Test("coordinates convert exactly as the C library does, whatever their form")
    func coordinatesAreExact() throws {
        var rng = SplitMix64(seed: 99)
        var texts: [String] = []
        for i in 0..<20_000 {
            var text = rng.decimalText()
            if text.hasSuffix(".") { text = String(text.dropLast()) }
            if i % 5 == 0 { text += "e\(Int(rng.next() % 40) - 20)" }
            if rng.next() % 2 == 0 { text = "-" + text }
            texts.append(text)
        }
        texts += ["0", "-0", "0.0", "-0.0", "5", "00.5".dropFirst().description, "1e2", "179.99999999999997", "-89.123456789012345678"]
        // Pairs as LineString positions, some with spaces around the numbers.
        var json = #"{"type":"LineString","coordinates":["#
        for i in stride(from: 0, to: texts.count - 1, by: 2) {
            if i > 0 { json += "," }
            json += i % 4 == 0 ? "[\(texts[i]),\(texts[i + 1])]" : "[ \(texts[i]) , \(texts[i + 1]) ]"
        }
        json += "]}"
        guard case .geometry(.lineString(let list), _) = try GeoJSONObject(parsing: json) else {
            Issue.record("not a LineString")
            return
        }
        for (i, p) in list.enumerated() {
            #expect(p.longitude.bitPattern == strtod(texts[2 * i], nil).bitPattern, "\(texts[2 * i])")
            #expect(p.latitude.bitPattern == strtod(texts[2 * i + 1], nil).bitPattern, "\(texts[2 * i + 1])")
        }
        // Malformed numbers in positions still fail with the general path's errors.
        for bad in ["[01,2]", "[1.,2]", "[-,2]", "[1,2.]", "[1e,2]"] {
            #expect(throws: GeoJSONError.self) { _ = try GeoJSONObject(parsing: #"{"type":"Point","coordinates":"# + bad + "}") }
        }
    }
}
