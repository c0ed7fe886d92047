import Foundation

/// Timing and memory helpers shared by the benchmarks.
enum Measure {
    /// Seconds taken by `body`.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let d = clock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// CPU seconds used by every thread of the process (painting runs on several).
    static func processCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// CPU time consumed by the calling thread, in seconds.
    static func cpuSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Medians of `runs` wall-clock and CPU (this thread) timings of `body`, in seconds. On a busy
    /// machine the CPU time shows the work itself, the wall time what a user waits.
    static func medians(runs: Int, _ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
        var walls = [Double](), cpus = [Double]()
        for _ in 0..<max(1, runs) {
            let c0 = cpuSeconds()
            walls.append(try seconds(body))
            cpus.append(cpuSeconds() - c0)
        }
        return (median(walls), median(cpus))
    }

    /// The median of `values` (mean of the middle two for an even count).
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// Resets the kernel's peak-RSS counter for this process (Linux); false when unsupported.
    @discardableResult
    static func resetPeakMemory() -> Bool {
        guard let h = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? h.close() }
        h.write(Data("5".utf8))
        return true
    }

    /// Peak resident memory in bytes since the last reset (Linux `VmHWM`), or nil.
    static func peakMemory() -> Int? { statusField("VmHWM:") }

    /// Current resident memory in bytes (Linux `VmRSS`), or nil.
    static func residentMemory() -> Int? { statusField("VmRSS:") }

    private static func statusField(_ name: String) -> Int? {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in s.split(separator: "\n") where line.hasPrefix(name) {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            if let kb = digits.first { return kb * 1024 }
        }
        return nil
    }

    /// Prints a JSON object on one line (keys in the given order).
    static func printJSON(_ pairs: [(String, Any)]) {
        let body = pairs.map { key, value -> String in
            switch value {
            case let s as String: return "\"\(key)\":\"\(s)\""
            case let d as Double: return "\"\(key)\":\(d.isFinite ? String(format: "%.3f", d) : "null")"
            default: return "\"\(key)\":\(value)"
            }
        }
        print("{" + body.joined(separator: ",") + "}")
    }
}
