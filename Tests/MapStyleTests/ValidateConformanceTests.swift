import Foundation
import MercatorTestSupport
import MercatorConformance
import Testing
@testable import MapStyle

@Suite struct ValidateConformanceTests {
    /// Raise when more messages match; never lower.
    static let floor = 166

    @Test(.needsShared) func validateSuiteMeetsFloor() throws {
        let url = try #require(SharedFixtures.url("conformance/style-spec/validate-tests.jsonl"))
        let report = try ValidateConformance().run(fileAt: url)
        print(report.summary(verbose: true))
        #expect(report.matchedMessages >= Self.floor)
        #expect(report.unexpectedMessages == 0)
    }

    @Test(.needsShared) func structureOnlyValidationDiffersOnlyByExpressionErrors() throws {
        let url = try #require(SharedFixtures.url("conformance/style-spec/validate-tests.jsonl"))
        let report = try ValidateConformance(validator: StyleValidator(expressions: UnavailableExpressionValidator())).run(fileAt: url)
        #expect(report.matchedMessages >= 132)
        #expect(report.unexpectedMessages == 0)
        // Without an expression parser, the only differences are expression parse errors.
        let otherFailures = report.cases.filter { !$0.passed && !$0.failsOnlyForLackOfExpressions }.map(\.name)
        #expect(otherFailures.isEmpty)
    }
}
