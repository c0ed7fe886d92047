import Foundation

/// Progress on standard error: a bar redrawn in place on a terminal, plain lines with the rate and an
/// estimated time left otherwise (at most one every 5 s, or `$MERCATOR_PROGRESS_INTERVAL` seconds, and the last).
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let terminal = isatty(STDERR_FILENO) != 0
    private let interval: TimeInterval
    private let lock = NSLock()
    private let start = Date()
    private var last = Date.distantPast
    private var lastDone = -1

    init(label: String) {
        self.label = label
        interval = terminal ? 0.1 : ProgressLines.lineInterval
    }

    /// Shows `done` of `total`.
    func update(_ done: Int, _ total: Int) {
        lock.withLock {
            let now = Date()
            guard done != lastDone, done == total || now.timeIntervalSince(last) >= interval else { return }
            last = now
            lastDone = done
            let fraction = total > 0 ? Double(done) / Double(total) : 1
            let elapsed = now.timeIntervalSince(start)
            let rate = Double(done) / max(0.001, elapsed)
            let figures = String(format: "%d/%d tiles %5.1f%% %.1f tiles/s", done, total, fraction * 100, rate)
                + ", " + ProgressLines.timeLeft(done: done, total: total, elapsed: elapsed)
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

/// What the progress lines of long commands (pyramid render, offline downloads) share.
enum ProgressLines {
    /// Seconds between progress lines when standard error is not a terminal: 5, or `$MERCATOR_PROGRESS_INTERVAL`.
    static var lineInterval: TimeInterval {
        if let text = ProcessInfo.processInfo.environment["MERCATOR_PROGRESS_INTERVAL"], let value = Double(text),
           value.isFinite, value >= 0 {
            return value
        }
        return 5
    }

    /// "ETA 1h02m03s" from the rate so far ("done in 12s" at the end, "ETA unknown" before the first item).
    static func timeLeft(done: Int, total: Int, elapsed: TimeInterval) -> String {
        if done >= total { return "done in \(duration(elapsed))" }
        guard done > 0, elapsed > 0 else { return "ETA unknown" }
        let left = elapsed / Double(done) * Double(total - done)
        return "ETA \(duration(left))"
    }

    /// `seconds` as 5s, 2m05s or 1h02m03s.
    static func duration(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite, seconds < 1e9 else { return "unknown" }
        let s = Int(seconds.rounded(.up))
        if s < 60 { return "\(s)s" }
        if s < 3600 { return String(format: "%dm%02ds", s / 60, s % 60) }
        return String(format: "%dh%02dm%02ds", s / 3600, (s % 3600) / 60, s % 60)
    }
}
