import Foundation
import Mercator
import MercatorConformance
import MercatorTestSupport
import Testing

@Suite("MapLibre render and query tests (library runners)")
struct RenderConformanceTests {
    /// Raise this when more query tests pass; never lower it.
    static let queryFloor = 82

    @Test("the query tests pass at or above the floor", .needsShared)
    func queryTests() throws {
        let root = try #require(SharedFixtures.url("conformance/render-tests"))
        let runner = QueryTestRunner(root: root)
        let tests = runner.discover()
        #expect(tests.count >= 83)
        let report = runner.runAll(tests)
        for f in report.families { print("query \(f.family): \(f.passed)/\(f.total)") }
        print("query tests: \(report.passed) passed, \(report.failed) failed")
        #expect(report.passed >= Self.queryFloor)
    }

    @Test("a failing comparison is reported with its pixel count", .needsShared)
    func detectsDifferences() throws {
        let root = try #require(SharedFixtures.url("conformance/render-tests"))
        let test = try #require(RenderTest.discover(in: root, filter: "background-color/literal").first)
        // Render another test's style against this test's expected image: must fail.
        let other = try #require(RenderTest.discover(in: root, filter: "fill-color/literal").first)
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-rt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        try FileManager.default.copyItem(at: other.directory.appendingPathComponent("style.json"), to: tmp.appendingPathComponent("style.json"))
        try FileManager.default.copyItem(at: test.directory.appendingPathComponent("expected.png"), to: tmp.appendingPathComponent("expected.png"))
        let result = RenderTestRunner(root: root).run(RenderTest(identifier: test.identifier, directory: tmp))
        #expect(!result.passed)
        #expect((result.differingPixels ?? 0) > result.allowedPixels)
        #expect(RenderTestRunner(root: root).run(test).passed)
    }

    @Test("nested tests are found; unsupported layers fail with their reason; skipped tests are marked", .needsShared)
    func discoveryAndReasons() throws {
        let root = try #require(SharedFixtures.url("conformance/render-tests"))
        let nested = RenderTest.discover(in: root, filter: "text-writing-mode/point_label/")
        #expect(!nested.isEmpty)
        #expect(nested.allSatisfy { $0.family == "text-writing-mode" && $0.identifier.split(separator: "/").count == 3 })
        let runner = RenderTestRunner(root: root)
        #expect(runner.skipped.count >= 20)
        let extrusion = try #require(RenderTest.discover(in: root, filter: "fill-extrusion-color/default").first)
        #expect(runner.run(extrusion).passed)
        let lineLabels = try #require(RenderTest.discover(in: root, filter: "combinations/symbol-translucent--fill-extrusion-translucent").first)
        #expect(runner.run(lineLabels).layerTypes.contains("fill-extrusion"))
        // a style the fixtures lack is looked for in the runner's Vendor folder (the legacy v9 styles,
        // their mapbox:// URLs localized as MapLibre's harness does)
        let vendored = try #require(RenderTest.discover(in: root, filter: "satellite-v9/z0").first)
        #expect(runner.run(vendored).passed)
        // what the harness cannot run fails the test with its reason
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("render-missing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let testDirectory = scratch.appendingPathComponent("render-tests/missing/style")
        try FileManager.default.createDirectory(at: testDirectory, withIntermediateDirectories: true)
        let style = #"{"version": 8, "metadata": {"test": {"width": 16, "height": 16, "operations": [["setStyle", "local://nowhere/style.json"]]}}, "sources": {}, "layers": []}"#
        try Data(style.utf8).write(to: testDirectory.appendingPathComponent("style.json"))
        let missing = try #require(RenderTest.discover(in: scratch, filter: "missing/style").first)
        let result = RenderTestRunner(root: scratch).run(missing)
        #expect(!result.passed)
        #expect(result.error?.contains("is not in the fixtures") == true)
        // the tile-boundaries overlay (`debug: true`) and the collision-box overlay are drawn
        let debug = try #require(RenderTest.discover(in: root, filter: "circle-sort-key/literal").first)
        #expect(runner.run(debug).passed)
        let boxes = try #require(RenderTest.discover(in: root, filter: "icon-padding/default").first)
        #expect(runner.run(boxes).passed)
    }

    @Test("the harness loads a style as MapLibre Native does: a source it cannot read is left out, the rest drawn")
    func tolerantStyle() throws {
        // a GeoJSON source without `data` (Native logs it and skips the source and its layer); the
        // expected image is Native's render of the same style
        let style = try #require(Bundle.module.url(forResource: "geojson-no-data", withExtension: "json", subdirectory: "Fixtures/symbol-rules"))
        let expected = try #require(Bundle.module.url(forResource: "geojson-no-data", withExtension: "png", subdirectory: "Fixtures/symbol-rules"))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("render-tolerant-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let testDirectory = scratch.appendingPathComponent("render-tests/geojson/no-data")
        try FileManager.default.createDirectory(at: testDirectory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: style, to: testDirectory.appendingPathComponent("style.json"))
        try FileManager.default.copyItem(at: expected, to: testDirectory.appendingPathComponent("expected.png"))
        let test = try #require(RenderTest.discover(in: scratch, filter: "geojson/no-data").first)
        let result = RenderTestRunner(root: scratch).run(test)
        #expect(result.passed, "\(result.error ?? "") \(result.differingPixels ?? -1) pixels")
    }
}
