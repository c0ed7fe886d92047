import Foundation
import GeoJSON
@testable import MapStyle
import Testing

/// Issue 39: validating a style and resolving its `ref` layers are linear in the number of layers
/// (49,999 layers took 21 s, a chain of 10,000 refs 20 s: a scan of every layer per ref, and a
/// search of the chain at every step).
@Suite("Validation and ref resolution in linear work")
struct LinearStyleWorkTests {
    static func style(layers: [String]) -> String {
        #"{"version":8,"sources":{"s":{"type":"geojson","data":{"type":"FeatureCollection","features":[]}}},"layers":["#
            + layers.joined(separator: ",\n") + "]}"
    }

    /// A chain: layer 0 a circle layer, each next one a ref to the one before.
    static func chain(_ n: Int) -> [String] {
        [#"{"id":"l0","type":"circle","source":"s","filter":["has","x"],"paint":{"circle-radius":3}}"#]
            + (1..<n).map { #"{"id":"l\#($0)","ref":"l\#($0 - 1)","paint":{"circle-color":"red"}}"# }
    }

    @Test("a style of 50,000 layers validates, with a duplicate id found")
    func fiftyThousandLayers() {
        var layers = (0..<50_000).map { #"{"id":"l\#($0)","type":"circle","source":"s","paint":{"circle-radius":3,"circle-color":"red"}}"# }
        layers[49_999] = #"{"id":"l7","type":"circle","source":"s"}"#
        let messages = StyleValidator().validate(Self.style(layers: layers))
        #expect(messages.map(\.message) == [#"layers[49999]: duplicate layer id "l7", previously used at line 8"#])
        #expect(messages.first?.line == 50_000)
    }

    @Test("a chain of 10,000 ref layers: the validator reports each ref to a ref once, found through the id index")
    func refChainValidated() {
        let messages = StyleValidator().validate(Self.style(layers: Self.chain(10_000)))
        #expect(messages.count == 9_998)
        #expect(messages.allSatisfy { $0.message.hasSuffix("ref cannot reference another ref layer") })
        #expect(messages.last?.message == "layers[9999]: ref cannot reference another ref layer")
    }

    @Test("a chain of 10,000 ref layers resolves, each layer taking the first layer's type, source and filter")
    func refChainResolved() throws {
        let document = try StyleDocument(parsing: Self.style(layers: Self.chain(10_000)))
        #expect(document.layers.count == 10_000)
        let last = try #require(document.layers.last)
        #expect(last.identifier == "l9999")
        #expect(last.type == .circle && last.sourceIdentifier == "s")
        #expect(last.predicate == ["has", "x"])
        #expect(last.paint == ["circle-color": "red"])
    }

    @Test("ref resolution is linear: a chain of n layers costs at most 3n steps, resolved first to last or last to first")
    func refChainWork() throws {
        for n in [1_000, 10_000] {
            let layers = try Self.chain(n).map { try JSONValue(parsing: $0) }
            var work = 0
            let resolved = LayerReferences.resolve(layers, work: &work)
            #expect(resolved.allSatisfy { if case .success = $0 { true } else { false } })
            #expect(work <= 3 * n, "\(work) steps for \(n) layers")
            // the longest chain first: the chain is walked once and every layer cached on the way back
            var reversedWork = 0
            let backwards = LayerReferences.resolve(Array(layers.reversed()), work: &reversedWork)
            #expect(backwards.allSatisfy { if case .success = $0 { true } else { false } })
            #expect(reversedWork <= 3 * n, "\(reversedWork) steps for \(n) layers in reverse")
        }
    }

    @Test("a circular chain and layers pointing into it are left out as circular, in linear work")
    func circularChain() throws {
        let n = 5_000
        // l0 refs the last layer; every other refs the one before: one cycle of n layers
        let layers = try (0..<n).map { i in try JSONValue(parsing: #"{"id":"l\#(i)","ref":"l\#((i + n - 1) % n)"}"#) }
            + [try JSONValue(parsing: #"{"id":"outside","ref":"l7"}"#)]
        var work = 0
        let resolved = LayerReferences.resolve(layers, work: &work)
        for result in resolved {
            guard case .failure(let error) = result else { Issue.record("resolved a circular layer"); continue }
            #expect(error.message.contains("circular"))
        }
        #expect(work <= 3 * (n + 1))
    }
}
