import Foundation
public import Testing

extension Trait where Self == ConditionTrait {
    /// Runs only when the shared fixtures folder (`../shared`) is found; otherwise the test is skipped
    /// with the reason "needs ../shared (conformance fixtures and data)".
    public static var needsShared: Self {
        .enabled(if: SharedFixtures.isAvailable, "needs ../shared (conformance fixtures and data)")
    }

    /// Runs only when `../shared/<path>` exists; otherwise the test is skipped with the reason
    /// "needs ../shared/<path>", followed by `what` in parentheses when given.
    public static func needsShared(_ path: String, _ what: String? = nil) -> Self {
        let reason = "needs ../shared/\(path)" + (what.map { " (\($0))" } ?? "")
        return .enabled(if: SharedFixtures.url(path).map { FileManager.default.fileExists(atPath: $0.path) } ?? false,
                        Comment(rawValue: reason))
    }
}
