import Foundation
import GeoJSON
import Testing

@Suite("Limits: one settings type, errors that name the limit")
struct LimitsTests {
    @Test("the defaults, and the JSON reader's share of them")
    func defaults() {
        let limits = Limits.default
        #expect(limits.inputBytes == 512 << 20)
        #expect(limits.outputPixels == 8192 * 8192)
        #expect(limits.json == JSONLimits.default)
        #expect(JSONLimits.default.maximumDepth == limits.nestingDepth)
        for limit in Limits.Limit.allCases { #expect(limits[limit] > 0, "\(limit)") }
        var small = Limits()
        small.nestingDepth = 3
        #expect(small.json.maximumDepth == 3)
    }

    @Test("LimitExceeded names the subject, the size found, the limit and the flag raising it")
    func message() {
        let input = LimitExceeded(.inputBytes, maximum: 10, found: 11, subject: "standard input")
        #expect(input.description == "standard input has 11 input bytes; the limit is 10 (Limits.inputBytes) (raise it with --max-input-bytes)")
        let layers = LimitExceeded(.layers, maximum: 5, subject: "the style")
        #expect(layers.description == "the style has more than 5 layers; the limit is 5 (Limits.layers)")
    }

    @Test("the nesting depth limit stops a deep document with a located error")
    func nesting() throws {
        let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        var limits = Limits()
        limits.nestingDepth = 10
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: deep, limits: limits.json) }
        #expect(try JSONValue(parsing: deep, limits: Limits.default.json).array != nil)
    }
}

@Suite("GeoJSON reading refuses more features or positions than the limits, naming the limit")
struct GeoJSONSizeLimitTests {
    @Test("features and positions past the limits: a .tooLarge error naming Limits.features / Limits.vertices")
    func featuresAndPositions() throws {
        let points = (0..<5).map { #"{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[\#($0),0]}}"# }
        let text = #"{"type":"FeatureCollection","features":[\#(points.joined(separator: ","))]}"#
        var options = GeoJSONReadOptions()
        options.sizeLimits.features = 4
        do {
            _ = try GeoJSONObject(parsing: text, options: options)
            Issue.record("5 features passed a limit of 4")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.message == "the GeoJSON text has 5 features; the limit is 4 (Limits.features)")
        }
        options.sizeLimits.features = 5
        options.sizeLimits.vertices = 4
        #expect(throws: GeoJSONError.self) { try GeoJSONObject(parsing: text, options: options) }
        let line = #"{"type":"LineString","coordinates":[[0,0],[1,1],[2,2],[3,3],[4,4]]}"#
        do {
            _ = try GeoJSONObject(parsing: line, options: options)
            Issue.record("5 positions passed a limit of 4")
        } catch {
            #expect(error.message.contains("5 positions") && error.message.contains("Limits.vertices"))
        }
        options.sizeLimits.vertices = 5
        #expect(try GeoJSONObject(parsing: text, options: options).features.count == 5)
    }
}
