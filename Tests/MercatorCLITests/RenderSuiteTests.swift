import Foundation
import Fonts
import MercatorTestSupport
import Rendering
import Testing

@Suite("mercator conformance render: the whole MapLibre render suite")
struct RenderSuiteTests {
    /// Raise this when more render tests pass; never lower it (skipped tests are not counted).
    static let floor = 848

    @Test("every test runs in a worker under a time limit; the pass count stays at or above the floor",
          .needsShared,
          .enabled(if: PlatformFeature.allCases.allSatisfy(\.isAvailable), "the floor is measured with the default traits (ICU, FreeType, LibJPEG)"))
    func wholeSuite() throws {
        let fixtures = try #require(SharedFixtures.url("conformance/render-tests"))
        let r = try CLIRunner.run(["conformance", "render", fixtures.path, "--json", "--timeout", "120"])
        let results = r.stdout.split(separator: "\n").compactMap { line -> [String: Any]? in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(results.count >= 869)
        let counted = results.filter { ($0["skipped"] as? Bool) != true }
        let passed = counted.filter { ($0["passed"] as? Bool) == true }
        var families: [String: (Int, Int)] = [:]
        for result in counted {
            let family = String((result["id"] as? String ?? "").split(separator: "/").first ?? "")
            let old = families[family] ?? (0, 0)
            families[family] = (old.0 + ((result["passed"] as? Bool) == true ? 1 : 0), old.1 + 1)
        }
        for (family, (p, t)) in families.sorted(by: { $0.key < $1.key }) { print("render \(family): \(p)/\(t)") }
        print("render tests: \(passed.count) passed, \(counted.count - passed.count) failed, \(results.count - counted.count) skipped")
        #expect(results.count - counted.count >= 20)
        #expect(passed.count >= Self.floor)
        // Nothing crashed or hung: every failure has a reason or a pixel count.
        for result in counted where (result["passed"] as? Bool) != true {
            #expect(result["error"] is String || result["differingPixels"] is NSNumber, "\(result["id"] ?? "?")")
            #expect(!((result["error"] as? String) ?? "").contains("timed out"), "\(result["id"] ?? "?")")
        }
    }
}

@Suite("mercator conformance render: the time limit")
struct RenderSuiteTimeLimitTests {
    @Test("a test over the limit is stopped, counted as failed with the reason, and the next test gets a new worker", .needsShared)
    func timeLimit() throws {
        let fixtures = try #require(SharedFixtures.url("conformance/render-tests"))
        // Starting a worker alone takes longer than a microsecond: every test is stopped.
        let r = try CLIRunner.run(["conformance", "render", fixtures.path, "--filter", "background-color/", "--json", "--timeout", "0.000001"])
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count >= 2)
        #expect(lines.allSatisfy { $0.contains("timed out") && $0.contains(#""passed":false"#) })
        #expect(r.status != 0)
        let ok = try CLIRunner.run(["conformance", "render", fixtures.path, "--filter", "background-color/", "--timeout", "120"])
        #expect(ok.status == 0 && ok.stdout.contains("render: "))
    }
}
