import Foundation

/// Runs a JavaScript module with node (the reference implementations the benchmarks time side by side).
enum NodeScript {
    /// Writes `script` to a temporary `.mjs` file, runs `node [nodeOptions] FILE arguments…` and
    /// returns what it printed; a non-zero exit is an error.
    static func run(_ script: String, nodeOptions: [String] = [], arguments: [String]) throws -> Data {
        let scriptURL = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-bench-\(getpid())-\(UUID().uuidString).mjs")
        try Data(script.utf8).write(to: scriptURL)
        defer { try? FileManager.default.removeItem(at: scriptURL) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["node"] + nodeOptions + [scriptURL.path] + arguments
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw BenchError("node failed (status \(p.terminationStatus))") }
        return data
    }
}
