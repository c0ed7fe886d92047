import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `mercator serve`: starts, answers, and exits cleanly on SIGTERM and SIGINT.
@Suite struct ServeCommandTests {
    /// Starts `mercator serve ARGS --port 0` and returns the process, its port and its output pipe.
    static func start(_ arguments: [String]) throws -> (Process, Int) {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["serve"] + arguments + ["--port", "0"]
        process.currentDirectoryURL = CLIRunner.repository
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("/\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let port = text.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        return (process, port)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func stopsGracefullyOnSignal(_ signal: Int32) async throws {
        let (process, port) = try Self.start(["Samples/world-cities.geojson"])
        #expect(port > 0)
        let (data, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/health")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains("\"styles\":1"))
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    @Test func refusesWhatItCannotServe() throws {
        let result = try CLIRunner.run(["serve", "notes.txt", "--port", "0"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("notes.txt"))
        let missing = try CLIRunner.run(["serve", "/nonexistent/x.geojson", "--port", "0"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("/nonexistent/x.geojson"))
    }

    @Test func connectionAndAddressOptions() async throws {
        let (process, port) = try Self.start(["Samples/world-cities.geojson", "--public-url", "https://tiles.example.org/x/", "--max-scale-factor", "2",
                                              "--idle-timeout", "2", "--header-timeout", "3", "--max-connections", "64", "--max-pipelined", "4", "--access-log"])
        defer {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        #expect(port > 0)
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/data/world-cities.json")!)
        #expect(String(decoding: data, as: UTF8.self).contains("https://tiles.example.org/x/data/world-cities/{z}/{x}/{y}.pbf"))
        let (_, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/styles/world-cities/static/0,0,1/32x32@3x.png")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 400)
    }

    @Test("connection options out of range are refused, naming the option",
          arguments: [("--idle-timeout", "0"), ("--header-timeout", "-1"), ("--max-connections", "0"), ("--max-pipelined", "0"),
                      ("--max-scale-factor", "10"), ("--public-url", "ftp://x"), ("--max-image-pixels", "0")])
    func refusesConnectionOptionsOutOfRange(_ option: String, _ value: String) throws {
        let result = try CLIRunner.run(["serve", "Samples/world-cities.geojson", "--port", "0", option, value])
        #expect(result.status != 0)
        #expect(result.stderr.contains(option), "\(result.stderr)")
    }

    @Test("cache sizes out of range are refused, naming the option", arguments: ["--layout-cache-mb", "--tile-cache-mb"])
    func refusesCacheSizesOutOfRange(_ option: String) throws {
        for value in ["-1", "70000"] {
            let result = try CLIRunner.run(["serve", "Samples/world-cities.geojson", "--port", "0", option, value])
            #expect(result.status != 0)
            #expect(result.stderr.contains(option), "\(result.stderr)")
        }
    }
}
