import Expressions
import Foundation
import MercatorTestSupport
import MercatorConformance
import Testing

/// Runs the shared style-spec suites and holds the pass counts to a floor that only goes up.
@Suite struct ConformanceTests {
    @Test(.needsShared) func expressionSuite() throws {
        let url = try #require(SharedFixtures.url("conformance/style-spec/expression-tests.jsonl"))
        let report = try ExpressionConformance.run(fileAt: url)
        print(report.summary)
        for f in report.failures { print("FAIL \(f.name): \(f.reason)") }
        #expect(report.passed >= 451)
        #expect(report.failed == 0)
    }

    @Test(.needsShared) func filterSuite() throws {
        let url = try #require(SharedFixtures.url("conformance/style-spec/filter-tests.jsonl"))
        let report = try FilterConformance.run(fileAt: url)
        print(report.summary)
        for f in report.failures { print("FAIL \(f.name): \(f.reason)") }
        #expect(report.passed >= 70)
        #expect(report.failed == 0)
    }

    @Test func upstreamExtraCases() throws {
        let url = try #require(Bundle.module.url(forResource: "upstream-extra", withExtension: "jsonl"))
        let report = try ExpressionConformance.run(fileAt: url)
        for f in report.failures { print("FAIL \(f.name): \(f.reason)") }
        #expect(report.passed >= 48)
        #expect(report.failed == 0)
    }

    @Test func upstreamExtraFilterCases() throws {
        let url = try #require(Bundle.module.url(forResource: "upstream-filter-extra", withExtension: "jsonl"))
        let report = try FilterConformance.run(fileAt: url)
        for f in report.failures { print("FAIL \(f.name): \(f.reason)") }
        #expect(report.passed >= 11)
        #expect(report.failed == 0)
    }

    @Test(.needsShared) func emitWritesOneLinePerCase() throws {
        let url = try #require(SharedFixtures.url("conformance/style-spec/expression-tests.jsonl"))
        let report = try ExpressionConformance.run(fileAt: url, emit: true)
        #expect(report.emitted.count == report.passed + report.failed)
        #expect(report.emitted.first?.hasPrefix("{\"name\":") == true)
    }
}
