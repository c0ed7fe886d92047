import GeoJSON
@testable import MapStyle
import Testing

/// The root `projection`: GL JS's `projectionDefinition` evaluated to a globeness, checked like every other value.
@Suite("Style projection")
struct StyleProjectionTests {
    @Test("names: mercator is flat, vertical-perspective a globe, globe GL JS 5.24's preset from zoom 11 to 12")
    func names() {
        #expect(StyleProjection.mercator.globeness(atZoom: 3) == 0)
        #expect(StyleProjection.verticalPerspective.globeness(atZoom: 15) == 1)
        #expect(StyleProjection.globe.globeness(atZoom: 0) == 1)
        #expect(StyleProjection.globe.globeness(atZoom: 10) == 1)
        #expect(StyleProjection.globe.globeness(atZoom: 11) == 1)
        #expect(abs(StyleProjection.globe.globeness(atZoom: 11.5) - 0.5) < 1e-12)
        #expect(StyleProjection.globe.globeness(atZoom: 12) == 0)
        #expect(StyleProjection.globe.isGlobe)
        #expect(!StyleProjection.mercator.isGlobe)
    }

    @Test("camera expressions: interpolate (linear, exponential), step, and the transition literal")
    func expressions() {
        let linear = StyleProjection(type: ["interpolate", ["linear"], ["zoom"], 4, "vertical-perspective", 5, "mercator"])
        #expect(linear.globeness(atZoom: 3) == 1)
        #expect(abs(linear.globeness(atZoom: 4.25) - 0.75) < 1e-12)
        #expect(linear.globeness(atZoom: 6) == 0)
        let exponential = StyleProjection(type: ["interpolate", ["exponential", 2], ["zoom"], 0, "mercator", 2, "vertical-perspective"])
        #expect(abs(exponential.globeness(atZoom: 1) - 1.0 / 3.0) < 1e-12)
        let step = StyleProjection(type: ["step", ["zoom"], "vertical-perspective", 3, "mercator"])
        #expect(step.globeness(atZoom: 2.9) == 1)
        #expect(step.globeness(atZoom: 3) == 0)
        let literal = StyleProjection(type: ["vertical-perspective", "mercator", 0.25])
        #expect(abs(literal.globeness(atZoom: 1) - 0.75) < 1e-12)
    }

    @Test("global state: the projection read from the style's state, set at run time")
    func globalState() throws {
        let style = try Style(parsing: """
            {"version": 8, "state": {"kind": {"default": "mercator"}}, "projection": {"type": ["global-state", "kind"]},
             "sources": {}, "layers": []}
            """)
        #expect(style.globeness(atZoom: 1) == 0)
        style.setGlobalStateProperty("kind", value: "vertical-perspective")
        #expect(style.globeness(atZoom: 1) == 1)
        #expect(style.loadWarnings.isEmpty)
    }

    @Test("projectionDrawsGlobe: a projection reaching the globe at some zoom, global state read")
    func drawsGlobe() throws {
        func style(_ projection: String) throws -> Style {
            try Style(parsing: #"{"version": 8, "state": {"kind": {"default": "globe"}}, "projection": {"type": "# + projection
                      + #"}, "sources": {}, "layers": []}"#)
        }
        #expect(!(try Style(parsing: #"{"version": 8, "sources": {}, "layers": []}"#)).projectionDrawsGlobe)
        #expect(!(try style(#""mercator""#)).projectionDrawsGlobe)
        #expect(!(try style(#""equal-earth""#)).projectionDrawsGlobe)
        #expect(try style(#""globe""#).projectionDrawsGlobe)
        #expect(try style(#""vertical-perspective""#).projectionDrawsGlobe)
        #expect(try style(#"["interpolate", ["linear"], ["zoom"], 8, "mercator", 9, "vertical-perspective"]"#).projectionDrawsGlobe)
        #expect(!(try style(#"["step", ["zoom"], "mercator", 5, "mercator"]"#)).projectionDrawsGlobe)
        let state = try style(#"["global-state", "kind"]"#)
        #expect(state.projectionDrawsGlobe)
        state.setGlobalStateProperty("kind", value: "mercator")
        #expect(!state.projectionDrawsGlobe)
    }

    @Test("an unknown name draws Mercator with a located warning, as GL JS falls back")
    func unknownName() throws {
        let style = try Style(parsing: #"{"version": 8, "projection": {"type": "equal-earth"}, "sources": {}, "layers": []}"#)
        #expect(style.globeness(atZoom: 1) == 0)
        let warning = try #require(style.loadWarnings.first)
        #expect(warning.path == "projection.type")
        #expect(warning.message.contains("\"equal-earth\""))
        #expect(warning.message.contains("mercator"))
    }

    @Test("setProjection: read back, removed with nil, and bad values refused with the validator's located message")
    func runtimeSetter() throws {
        let style = Style()
        #expect(style.projection == nil)
        try style.setProjection(.globe)
        #expect(style.projection == .globe)
        #expect(style.styleDocument.json["projection"] == ["type": "globe"])
        #expect(style.globeness(atZoom: 2) == 1)
        try style.setProjection(nil)
        #expect(style.projection == nil)
        #expect(style.globeness(atZoom: 2) == 0)
        #expect {
            try style.setProjection(StyleProjection(type: 3))
        } throws: { error in
            guard case StyleError.invalidRootMember(let member, let message) = error else { return false }
            return member == "projection" && message.hasPrefix("projection.type:") && message.contains("number")
        }
        #expect(throws: StyleError.self) { try style.setProjection(StyleProjection(type: ["mercator", 2])) }
        #expect(style.projection == nil)
    }

    @Test("operations: setProjection and setSky, as GL JS's render tests write them")
    func operations() throws {
        let style = Style()
        try style.apply(#require(try StyleOperation(json: ["setProjection", ["type": "vertical-perspective"]])))
        #expect(style.projection == .verticalPerspective)
        try style.apply(#require(try StyleOperation(json: ["setProjection", "globe"])))
        #expect(style.projection == .globe)
        try style.apply(#require(try StyleOperation(json: ["setSky", ["atmosphere-blend": 0.5]])))
        #expect(style.styleDocument.json["sky"]?["atmosphere-blend"]?.number == 0.5)
        #expect(throws: StyleError.self) { try style.setSky(["atmosphere-blend": "lots"]) }
        try style.apply(#require(try StyleOperation(json: ["setProjection", .null])))
        #expect(style.projection == nil)
    }
}
