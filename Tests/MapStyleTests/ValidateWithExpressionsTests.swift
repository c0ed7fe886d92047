import Foundation
@testable import MapStyle
import MercatorTestSupport
import GeoJSON
import Testing

@Suite struct StyleWithExpressionsTests {
    @Test func expressionValuesAreCheckedWhenSet() throws {
        let style = Style(validator: .withExpressions)
        try style.addSource(StyleSource.shape(identifier: "s", data: ["type": "FeatureCollection", "features": []]))
        try style.addLayer(StyleLayer(identifier: "dots", type: .circle, sourceIdentifier: "s"))
        try style.setValue(["interpolate", ["linear"], ["zoom"], 0, 2, 12, ["get", "size"]], forProperty: "circleRadius", ofLayer: "dots")
        #expect(throws: StyleError.invalidValue(layer: "dots", property: "circle-radius",
                                                message: "circle-radius: Expected number but found string instead.")) {
            try style.setValue(["to-string", 1], forProperty: "circle-radius", ofLayer: "dots")
        }
        try style.setPredicate([">", ["get", "mag"], 5], ofLayer: "dots")
        #expect(throws: StyleError.self) { try style.setPredicate(["feature-state", "x"], ofLayer: "dots") }
    }

    @Test func outputDefinedFollowsTheReference() {
        #expect(ExpressionsModuleValidator.isOutputDefined(["literal", ["Open Sans"]]))
        #expect(ExpressionsModuleValidator.isOutputDefined(["step", ["zoom"], ["literal", ["a"]], 5, ["literal", ["b"]]]))
        #expect(!ExpressionsModuleValidator.isOutputDefined(["step", ["zoom"], ["literal", ["a"]], 5, ["get", "font"]]))
        #expect(ExpressionsModuleValidator.isOutputDefined(["match", ["get", "k"], "x", ["literal", ["a"]], ["literal", ["b"]]]))
        #expect(!ExpressionsModuleValidator.isOutputDefined(["get", "font"]))
    }
}
