import GeoJSON
import Testing
@testable import Rendering

/// `{name}` tokens of a plain-string `text-field` or `icon-image`.
@Suite("Text tokens")
struct TextTokenTests {
    @Test("numbers are written as JavaScript's String(value) writes them; missing and null properties as nothing")
    func numbers() {
        let properties: JSONObject = ["sum": .double(146), "max": .int(5), "half": .double(0.5), "big": .double(1e21),
                                      "name": .string("Harbour"), "none": .null]
        #expect(SymbolLayerBuilder.replacingTokens("{sum},{max}", properties) == "146,5")
        #expect(SymbolLayerBuilder.replacingTokens("{half} {big}", properties) == "0.5 1e+21")
        #expect(SymbolLayerBuilder.replacingTokens("{name}{none}{missing}!", properties) == "Harbour!")
    }
}
