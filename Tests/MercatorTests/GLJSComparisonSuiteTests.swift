import Foundation
import Mercator
import MercatorConformance
import Testing

/// Mercator's own comparison suite for what MapLibre Native does not draw (`Fixtures/gljs-render-tests`): styles
/// in the render tests' layout, expected images drawn by MapLibre GL JS 5.24 in headless Chromium
/// (`scripts/gljs_expectations.py`; the globe cases written by `scripts/gljs_globe_cases.py`), compared under GL JS's
/// rule (`suite.json`: 0.00025 of the pixels). The floors only go up.
@Suite("GL JS comparison suite")
struct GLJSComparisonSuiteTests {
    /// Passing cases per family: the floor (docs/3d.md, "The globe's yardstick", lists the rules each family covers).
    static let floors: [String: Int] = [
        "global-state": 15,
        "color-relief": 18,
        "hillshade-resampling": 8,
        "projection": 13,
        "globe-background": 2,
        "globe-fill": 12,
        "globe-line": 6,
        "globe-circle": 11,
        "globe-symbol": 13,
        "globe-raster": 4,
        "globe-heatmap": 2,
        "globe-hillshade": 2,
        "globe-fill-extrusion": 1,
        "globe-atmosphere": 9,
        "globe-camera": 8,
        "globe-terrain": 23,
        "sky": 36,
        "camera-pitch": 17,
        "terrain": 41,
    ]

    @Test("every family passes at least its floor, and every case draws and is compared")
    func suitePassesItsFloor() throws {
        let root = try #require(Bundle.module.url(forResource: "gljs-render-tests", withExtension: nil, subdirectory: "Fixtures"))
        let runner = RenderTestRunner(root: root)
        #expect(runner.suite.reference == "maplibre-gl-js")
        #expect(runner.suite.defaultAllowed == 0.00025)
        let tests = RenderTest.discover(in: root)
        #expect(tests.count >= Self.floors.values.reduce(0, +))
        let report = runner.runAll(tests) { _ in }
        for result in report.results where result.differingPixels == nil {
            Issue.record("\(result.test.identifier): \(result.error ?? "not compared")")
        }
        for family in report.families {
            #expect(Self.floors[family.family] != nil, "\(family.family): a family without a floor")
            #expect(family.passed >= (Self.floors[family.family] ?? 0), "\(family.family): \(family.passed)/\(family.total)")
        }
    }
}
