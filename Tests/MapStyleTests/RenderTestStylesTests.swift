import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import MapStyle

@Suite struct RenderTestStylesTests {
    /// Every style of the render-test subset loads into a `Style`, writes back unchanged, and
    /// validates without errors.
    @Test func renderTestStylesLoadAndValidate() throws {
        let root = try #require(SharedFixtures.url("conformance/render-tests/render-tests"))
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.lastPathComponent == "style.json" } ?? []
        var loaded = 0
        var clean = 0
        var problems: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            do {
                let style = try Style(parsing: text)
                let original = try JSONValue(parsing: text)
                if try JSONValue(parsing: style.serialized()) == original { loaded += 1 } else { problems.append("round trip: \(file.path)") }
            } catch {
                problems.append("\(file.deletingLastPathComponent().lastPathComponent): \(error)")
            }
            if let style = try? Style(parsing: text),
               let operations = try JSONValue(parsing: text)["metadata"]?["test"]?["operations"]?.array {
                for json in operations {
                    do {
                        if let operation = try StyleOperation(json: json) { try style.apply(operation) }
                    } catch {
                        problems.append("\(file.deletingLastPathComponent().lastPathComponent): \(json.serialized()): \(error)")
                    }
                }
            }
            let errors = StyleValidator.validate(text).filter { $0.severity == .error }
            if errors.isEmpty { clean += 1 } else { problems.append("\(file.path): \(errors.map(\.message))") }
        }
        print("render-test styles: \(files.count), loaded and round-tripped \(loaded), valid \(clean)")
        for p in problems.prefix(20) { print("  \(p)") }
        #expect(files.count > 200)
        #expect(loaded == files.count)
        #expect(clean == files.count)
        #expect(problems.isEmpty)
    }
}
