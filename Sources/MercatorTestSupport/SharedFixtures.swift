import Foundation

/// Locates the shared fixtures folder (`shared/`, beside the repository) for tests and benchmarks.
public enum SharedFixtures {
    /// The `shared/` folder: `$MERCATOR_SHARED` if set, else the first `shared/` holding `conformance/`
    /// found walking up from `file` (pass `#filePath`), else `nil`.
    public static func root(from file: String = #filePath) -> URL? {
        if let env = ProcessInfo.processInfo.environment["MERCATOR_SHARED"], !env.isEmpty {
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
