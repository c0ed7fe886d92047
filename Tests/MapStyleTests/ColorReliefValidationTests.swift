import MapStyle
import Testing

/// The validator on `color-relief` layers: the specification's errors (opacity out of range, a zoom
/// expression, a source that is not `raster-dem`) and Mercator's warnings about `["elevation"]`.
@Suite("Colour relief validation")
struct ColorReliefValidationTests {
    static func messages(paint: String, type: String = "color-relief", source: String = "dem") -> [ValidationMessage] {
        StyleValidator.validate("""
        {"version": 8,
         "sources": {"dem": {"type": "raster-dem", "tiles": ["https://example.com/{z}/{x}/{y}.png"]},
                     "shapes": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
         "layers": [{"id": "relief", "type": "\(type)", "source": "\(source)",
                     "paint": \(paint)}]}
        """)
    }

    @Test("an interpolate or step over elevation is valid")
    func validRamps() {
        #expect(Self.messages(paint: #"{"color-relief-color": ["interpolate", ["linear"], ["elevation"], 0, "blue", 3000, "white"]}"#).isEmpty)
        #expect(Self.messages(paint: #"{"color-relief-color": ["step", ["elevation"], "blue", 500, "green", 2000, "white"]}"#).isEmpty)
        #expect(Self.messages(paint: #"{"color-relief-color": ["interpolate-hcl", ["exponential", 2], ["elevation"], 0, "blue", 3000, "white"], "color-relief-opacity": 0.5}"#).isEmpty)
    }

    @Test("a color-relief-color that is not a ramp over elevation is a located warning")
    func notARamp() {
        let constant = Self.messages(paint: #"{"color-relief-color": "red"}"#)
        #expect(constant.map(\.message) == [#"layers[0].paint.color-relief-color: color-relief-color is not an "interpolate" or "step" expression over ["elevation"]; the layer draws nothing"#])
        #expect(constant.first?.severity == .warning && constant.first?.line == 5)
        let overOther = Self.messages(paint: #"{"color-relief-color": ["interpolate", ["linear"], ["heatmap-density"], 0, "blue", 1, "red"]}"#)
        #expect(overOther.count == 1 && overOther.first?.severity == .warning)
    }

    @Test("the specification's errors stay: opacity out of range, zoom expressions, a source that is not raster-dem")
    func specificationErrors() {
        let opacity = Self.messages(paint: #"{"color-relief-opacity": 1.5}"#)
        #expect(opacity.map(\.message) == ["layers[0].paint.color-relief-opacity: 1.5 is greater than the maximum value 1"])
        #expect(opacity.first?.severity == .error)
        let zoom = Self.messages(paint: #"{"color-relief-color": ["interpolate", ["linear"], ["zoom"], 0, "blue", 10, "red"]}"#)
        #expect(zoom.map(\.message) == ["layers[0].paint.color-relief-color: zoom expressions not supported"])
        let source = Self.messages(paint: #"{"color-relief-color": ["interpolate", ["linear"], ["elevation"], 0, "blue", 1, "red"]}"#, source: "shapes")
        #expect(source.map(\.message) == [#"layers[0]: layer "relief" requires a raster-dem source"#])
    }

    @Test("[\"elevation\"] outside color-relief-color is a located warning: it is 0 there")
    func elevationElsewhere() {
        let fill = Self.messages(paint: #"{"fill-color": ["interpolate", ["linear"], ["elevation"], 0, "blue", 1, "red"]}"#, type: "fill", source: "shapes")
        #expect(fill.map(\.message) == [#"layers[0].paint.fill-color: ["elevation"] is only defined in color-relief-color; it is 0 here"#])
        #expect(fill.first?.severity == .warning)
        #expect(Self.messages(paint: #"{"fill-color": ["literal", "red"]}"#, type: "fill", source: "shapes").isEmpty)
    }
}
