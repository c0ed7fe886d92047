import Foundation
import Mercator
import MercatorConformance
import Testing

/// Mercator's own comparison suite for what MapLibre Native does not draw (`Fixtures/gljs-render-tests`): styles
/// in the render tests' layout, expected images drawn by MapLibre GL JS 5.24 in headless Chromium
/// (`scripts/gljs_expectations.py`), compared under GL JS's rule (`suite.json`: 0.00025 of the pixels).
/// The floor only goes up.
@Suite("GL JS comparison suite")
struct GLJSComparisonSuiteTests {
    /// Passing cases per family: the floor.
    static let floors = ["global-state": 15, "color-relief": 18, "hillshade-resampling": 8]

    @Test("every family passes at least its floor, and every case draws without error")
    func suitePassesItsFloor() throws {
        let root = try #require(Bundle.module.url(forResource: "gljs-render-tests", withExtension: nil, subdirectory: "Fixtures"))
        let runner = RenderTestRunner(root: root)
        #expect(runner.suite.reference == "maplibre-gl-js")
        #expect(runner.suite.defaultAllowed == 0.00025)
        let tests = RenderTest.discover(in: root)
        #expect(tests.count >= Self.floors.values.reduce(0, +))
        let report = runner.runAll(tests) { _ in }
        for result in report.results where !result.passed {
            Issue.record("\(result.test.identifier): \(result.error ?? "\(result.differingPixels ?? -1) pixels differ, \(result.allowedPixels) allowed")")
        }
        for family in report.families {
            #expect(family.passed >= (Self.floors[family.family] ?? 0), "\(family.family): \(family.passed)/\(family.total)")
        }
    }
}
