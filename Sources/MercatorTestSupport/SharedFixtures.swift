public import Foundation

/// Locates the shared fixtures folder (`shared/`, beside the repository) for tests and benchmarks.
///
/// Tests that need it are skipped, with the reason, when it is absent:
/// `@Test(.needsShared)` or `@Test(.needsShared("realworld/helsinki-openmaptiles.mbtiles"))` (NeedsShared.swift).
public enum SharedFixtures {
    /// Whether the `shared/` folder was found (beside the clone, or `$MERCATOR_SHARED`).
    public static let isAvailable = root() != nil

    /// The `shared/` folder: `$MERCATOR_SHARED` if set (and the folder exists), else the first `shared/`
    /// holding `conformance/` found walking up from `file` (pass `#filePath`), else `nil`.
    public static func root(from file: String = #filePath) -> URL? {
        if let env = ProcessInfo.processInfo.environment["MERCATOR_SHARED"], !env.isEmpty {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: env, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
            return URL(fileURLWithPath: env, isDirectory: true)
        }
        var dir = URL(fileURLWithPath: file).deletingLastPathComponent()
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("shared", isDirectory: true)
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("conformance").path) {
                return candidate
            }
            dir.deleteLastPathComponent()
        }
        return nil
    }

    /// The file or folder at `relativePath` under `shared/`, or `nil` if the folder is not found.
    public static func url(_ relativePath: String, from file: String = #filePath) -> URL? {
        root(from: file)?.appendingPathComponent(relativePath)
    }
}
