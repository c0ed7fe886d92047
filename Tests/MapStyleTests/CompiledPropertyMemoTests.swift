import Foundation
import GeoJSON
@testable import MapStyle
import Testing

/// Issue 39: a value compiled for one layer serves every layer with the same value of the same property
/// (a style of 49,999 layers compiles each distinct value once), except values that read global state.
@Suite("Compiled properties shared between layers")
struct CompiledPropertyMemoTests {
    static func circle(_ id: String, paint: JSONObject) -> StyleLayer {
        var layer = StyleLayer(identifier: id, type: .circle, sourceIdentifier: "s")
        for (name, value) in paint { layer.setUnchecked(value, group: "paint", name: name) }
        return layer
    }

    @Test("the same value of a property compiles once for two layers and evaluates alike; another value does not share it")
    func sharedBetweenLayers() throws {
        let a = try CirclePaintProperties(Self.circle("a", paint: ["circle-radius": 7.25, "circle-color": "#123456"]), reusing: nil)
        let b = try CirclePaintProperties(Self.circle("b", paint: ["circle-radius": 7.25, "circle-color": "#123456"]), reusing: nil)
        let key = CompiledPropertyMemo.Key(layerType: .circle, name: "circle-radius", source: 7.25, valueType: ObjectIdentifier(Double.self))
        #expect(CompiledPropertyMemo.shared.property(key, as: CompiledProperty<Double>.self) != nil)
        #expect(a.circleRadius.evaluate(zoom: 3) == 7.25 && b.circleRadius.evaluate(zoom: 3) == 7.25)
        #expect(a.circleColor.evaluate(zoom: 3) == b.circleColor.evaluate(zoom: 3))
        let c = try CirclePaintProperties(Self.circle("c", paint: ["circle-radius": 2.5]), reusing: nil)
        #expect(c.circleRadius.evaluate(zoom: 3) == 2.5)
        // unset properties share their default
        #expect(c.circleOpacity.evaluate(zoom: 3) == 1 && a.circleOpacity.evaluate(zoom: 3) == 1)
    }

    @Test("a value reading global state is compiled with each state, never shared")
    func globalStateNotShared() throws {
        let value: JSONValue = ["coalesce", ["global-state", "memoRadius"], 1]
        let layer = Self.circle("g", paint: ["circle-radius": value])
        let small = try CirclePaintProperties(layer, state: ["memoRadius": 4], reusing: nil)
        let large = try CirclePaintProperties(layer, state: ["memoRadius": 9], reusing: nil)
        #expect(small.circleRadius.evaluate(zoom: 0) == 4)
        #expect(large.circleRadius.evaluate(zoom: 0) == 9)
        let key = CompiledPropertyMemo.Key(layerType: .circle, name: "circle-radius", source: value, valueType: ObjectIdentifier(Double.self))
        #expect(CompiledPropertyMemo.shared.property(key, as: CompiledProperty<Double>.self) == nil)
    }

    @Test("an invalid value still fails for every layer that has it, naming the layer")
    func errorsNotShared() {
        for id in ["x", "y"] {
            #expect(throws: StyleRenderError.self) { try CirclePaintProperties(Self.circle(id, paint: ["circle-radius": "wide"]), reusing: nil) }
        }
    }
}
