import Foundation
import MercatorTestSupport
import Rendering
import Testing

@Suite struct RenderConformanceTests {
    /// Runs every shared render test the constant-style adapter can express and asserts a pass floor.
    @Test func sharedRenderTests() throws {
        guard let root = SharedFixtures.url("conformance/render-tests") else {
            Issue.record("shared fixtures not found")
            return
        }
        // RENDER_TEST_DIR points the same harness at another folder laid out like `render-tests/`
        // (e.g. cases rendered with the reference renderer); the pass floors apply to the shared set only.
        let override = ProcessInfo.processInfo.environment["RENDER_TEST_DIR"].map { URL(fileURLWithPath: $0) }
        let testsDir = override ?? root.appendingPathComponent("render-tests")
        let families = try FileManager.default.contentsOfDirectory(atPath: testsDir.path).sorted()
        var supported = 0, passed = 0
        var failures: [String] = []
        for family in families {
            let familyDir = testsDir.appendingPathComponent(family)
            for test in (try? FileManager.default.contentsOfDirectory(atPath: familyDir.path).sorted()) ?? [] {
                let dir = familyDir.appendingPathComponent(test)
                guard let testCase = RenderTestCase.load(directory: dir, root: root) else { continue }
                supported += 1
                let (ok, diff, actual) = try testCase.run()
                if ok { passed += 1 } else { failures.append("\(testCase.name) (\(diff) px)") }
                if let out = ProcessInfo.processInfo.environment["RENDER_TEST_OUT"] {
                    let dest = URL(fileURLWithPath: out).appendingPathComponent(family).appendingPathComponent(test)
                    try? FileManager.default.createDirectory(at: dest, withIntermediateDirectories: true)
                    try? Data(PNGEncoder.encode(actual)).write(to: dest.appendingPathComponent("actual.png"))
                }
            }
        }
        print("render tests: \(passed)/\(supported) supported tests pass (of \(families.count) families)")
        for f in failures { print("  FAIL \(f)") }
        if override == nil {
            #expect(supported >= 194)
            #expect(passed >= 194)
        }
    }
}
