import Foundation

/// Progress on standard error: a bar redrawn in place on a terminal, plain lines (at most one
/// every 5 s, and the last) otherwise.
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let terminal = isatty(STDERR_FILENO) != 0
    private let lock = NSLock()
    private let start = Date()
    private var last = Date.distantPast
    private var lastDone = -1

    init(label: String) { self.label = label }

    /// Shows `done` of `total`.
    func update(_ done: Int, _ total: Int) {
        lock.withLock {
            let now = Date()
            guard done != lastDone, done == total || now.timeIntervalSince(last) >= (terminal ? 0.1 : 5) else { return }
            last = now
            lastDone = done
            let fraction = total > 0 ? Double(done) / Double(total) : 1
            let rate = Double(done) / max(0.001, now.timeIntervalSince(start))
            let figures = String(format: "%d/%d tiles %5.1f%% %.1f tiles/s", done, total, fraction * 100, rate)
            if terminal {
                let width = 30, filled = Int(fraction * Double(width))
                let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
                FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(figures)\u{1B}[K".utf8))
            } else {
                FileHandle.standardError.write(Data("\(label): \(figures)\n".utf8))
            }
        }
    }

    /// Ends the bar's line.
    func end() {
        if terminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
