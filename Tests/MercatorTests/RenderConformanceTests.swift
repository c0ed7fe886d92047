import Foundation
import Mercator
import MercatorTestSupport
import MercatorConformance
import Testing

@Suite("MapLibre render tests")
struct RenderConformanceTests {
    /// Raise this when more tests pass; never lower it.
    static let floor = 208

    @Test("the shared render tests pass at or above the floor")
    func renderTests() throws {
        let root = try #require(SharedFixtures.url("conformance/render-tests"))
        let tests = RenderTest.discover(in: root)
        #expect(tests.count >= 211)
        let report = RenderTestRunner(root: root).runAll(tests)
        for f in report.families { print("render \(f.family): \(f.passed)/\(f.total)") }
        print("render tests: \(report.passed) passed, \(report.failed) failed")
        for r in report.results where !r.passed {
            print("  failing \(r.test.identifier): \(r.error ?? "\(r.differingPixels ?? -1) pixels differ, \(r.allowedPixels) allowed")")
        }
        #expect(report.passed >= Self.floor)
    }

    @Test("a failing comparison is reported with its pixel count")
    func detectsDifferences() throws {
        let root = try #require(SharedFixtures.url("conformance/render-tests"))
        let test = try #require(RenderTest.discover(in: root, filter: "background-color/literal").first)
        // Render another test's style against this test's expected image: must fail.
        let other = try #require(RenderTest.discover(in: root, filter: "fill-color/literal").first)
        let swapped = RenderTest(family: test.family, name: test.name, directory: other.directory)
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-rt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        try FileManager.default.copyItem(at: other.directory.appendingPathComponent("style.json"), to: tmp.appendingPathComponent("style.json"))
        try FileManager.default.copyItem(at: test.directory.appendingPathComponent("expected.png"), to: tmp.appendingPathComponent("expected.png"))
        let result = RenderTestRunner(root: root).run(RenderTest(family: swapped.family, name: swapped.name, directory: tmp))
        #expect(!result.passed)
        #expect((result.differingPixels ?? 0) > result.allowedPixels)
    }
}
