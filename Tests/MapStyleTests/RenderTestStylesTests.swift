import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import MapStyle

@Suite struct RenderTestStylesTests {
    /// Every style of the MapLibre render and query suites loads into a `Style`, writes back
    /// unchanged, validates without errors, and takes its test's style operations (a `setStyle`
    /// URL is loaded from the fixtures, as the MapLibre harness serves them).
    @Test(.needsShared) func renderTestStylesLoadAndValidate() throws {
        let root = try #require(SharedFixtures.url("conformance/render-tests"))
        var files: [URL] = []
        for suite in ["render-tests", "query-tests"] {
            files += FileManager.default.enumerator(at: root.appendingPathComponent(suite), includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.lastPathComponent == "style.json" } ?? []
        }
        var loaded = 0, clean = 0, operationsApplied = 0
        var problems: [String] = [], missingResources: Set<String> = []
        for file in files {
            let name = file.deletingLastPathComponent().path.replacingOccurrences(of: root.path + "/", with: "")
            let text = try String(contentsOf: file, encoding: .utf8)
            do {
                let style = try Style(parsing: text)
                let original = try JSONValue(parsing: text)
                if try JSONValue(parsing: style.serialized()) == original { loaded += 1 } else { problems.append("round trip: \(name)") }
            } catch {
                problems.append("\(name): \(error)")
            }
            if let style = try? Style(parsing: text),
               let operations = try JSONValue(parsing: text)["metadata"]?["test"]?["operations"]?.array {
                operationLoop: for json in operations {
                    do {
                        guard let operation = try StyleOperation(json: json) else { continue }
                        if case .setStyleURL(let url) = operation {
                            let path = root.appendingPathComponent(String(url.dropFirst("local://".count)))
                            guard url.hasPrefix("local://"), let data = try? Data(contentsOf: path) else {
                                missingResources.insert(url)
                                break operationLoop  // later operations address the style that could not be read
                            }
                            try style.replaceDocument(StyleDocument(json: JSONValue(parsing: data)))
                        } else {
                            try style.apply(operation)
                        }
                        operationsApplied += 1
                    } catch {
                        problems.append("\(name): \(json.serialized()): \(error)")
                    }
                }
            }
            let errors = StyleValidator().validate(text).filter { $0.severity == .error }
            if errors.isEmpty { clean += 1 } else { problems.append("\(name): \(errors.map(\.message))") }
        }
        print("suite styles: \(files.count), loaded and round-tripped \(loaded), valid \(clean), operations applied \(operationsApplied)")
        print("resources the fixtures do not hold (tests that cannot pass anywhere): \(missingResources.sorted())")
        for p in problems.prefix(20) { print("  \(p)") }
        #expect(files.count >= 869 + 83)
        #expect(loaded == files.count)
        #expect(clean == files.count)
        #expect(operationsApplied >= 179)
        #expect(problems.isEmpty)
    }
}
