import Foundation
import Logging
import Mercator

/// What renders drew without (a source, sprite, glyph range or font that could not be read), logged one
/// line per style and problem, once per server run however many tiles, images or render threads meet it.
final class ResourceWarnings: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`: where lines go (the application's logger once it is made).
    private var logger: Logger
    /// Guarded by `lock`: the lines already logged, by style.
    private var logged: [String: Set<StyleWarning>] = [:]

    init(logger: Logger = MercatorServer.defaultLogger) {
        self.logger = logger
    }

    /// Sends later lines to `logger`.
    func use(_ logger: Logger) {
        lock.withLock { self.logger = logger }
    }

    /// Logs each of `warnings` of `style` not logged before (`warning` level), as
    /// `style positron: glyphs: font stack "Noto Sans Regular": https://… is not found`.
    func report(_ warnings: [StyleWarning], style: String) {
        guard !warnings.isEmpty else { return }
        let (fresh, logger) = lock.withLock { () -> ([StyleWarning], Logger) in
            var seen = logged[style, default: []]
            let fresh = warnings.filter { seen.insert($0).inserted }
            logged[style] = seen
            return (fresh, self.logger)
        }
        for warning in fresh {
            let text = warning.path.isEmpty ? warning.message : "\(warning.path): \(warning.message)"
            logger.warning("style \(style): \(text)", metadata: ["style": .string(style), "path": .string(warning.path)])
        }
    }

    /// Every line logged so far for `style`.
    func logged(style: String) -> Set<StyleWarning> {
        lock.withLock { logged[style] ?? [] }
    }
}
