import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child `mercator` process that answers one line per request line, stopped and replaced when
/// an answer takes longer than the time limit or the child dies.
enum WorkerProcess {
    /// What a request came to.
    enum Outcome {
        case line(String)
        case failed(String)
    }

    /// Writes one answer line and flushes it (workers answer through standard output).
    static func reply(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// The running executable.
    static var executable: URL {
        let proc = URL(fileURLWithPath: "/proc/self/exe")
        if FileManager.default.fileExists(atPath: proc.path) { return proc.resolvingSymlinksInPath() }
        return URL(fileURLWithPath: CommandLine.arguments[0])
    }

    /// One worker at a time, started on demand.
    struct Pool {
        let arguments: [String]
        let timeout: Double
        private var process: Process?
        private var input: FileHandle?
        private var outputHandle: FileHandle?
        private var output: Int32 = -1
        private var buffer: [UInt8] = []

        init(arguments: [String], timeout: Double) {
            self.arguments = arguments
            self.timeout = timeout
        }

        /// Sends `request` and waits for the answer line, at most `timeout` seconds.
        mutating func run(_ request: String) -> Outcome {
            if process == nil {
                do { try start() } catch { return .failed("cannot start a worker process: \(error)") }
            }
            input?.write(Data((request + "\n").utf8))
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                if let newline = buffer.firstIndex(of: 10) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer.removeSubrange(...newline)
                    return .line(line)
                }
                let remaining = deadline.timeIntervalSinceNow
                if remaining <= 0 {
                    stop()
                    return .failed("timed out after \(Int(timeout)) s (the worker was stopped)")
                }
                var fds = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
                let ready = poll(&fds, 1, Int32(min(remaining, 1) * 1000))
                if ready <= 0 { continue }
                var chunk = [UInt8](repeating: 0, count: 65536)
                let n = read(output, &chunk, chunk.count)
                if n <= 0 {
                    let status = finish()
                    return .failed("the worker process ended (\(status)) while running this test")
                }
                buffer.append(contentsOf: chunk[0..<n])
            }
        }

        private mutating func start() throws {
            let p = Process()
            p.executableURL = WorkerProcess.executable
            p.arguments = arguments
            let inPipe = Pipe(), outPipe = Pipe()
            p.standardInput = inPipe
            p.standardOutput = outPipe
            p.standardError = FileHandle.nullDevice
            try p.run()
            // The child holds its own ends: close ours, so its exit reads as end of file here.
            try? outPipe.fileHandleForWriting.close()
            try? inPipe.fileHandleForReading.close()
            process = p
            input = inPipe.fileHandleForWriting
            outputHandle = outPipe.fileHandleForReading
            output = outPipe.fileHandleForReading.fileDescriptor
            buffer = []
        }

        /// Stops the worker, if one runs.
        mutating func stop() {
            guard let p = process else { return }
            if p.isRunning { kill(p.processIdentifier, SIGKILL) }
            _ = finish()
        }

        private mutating func finish() -> String {
            guard let p = process else { return "not running" }
            try? input?.close()
            p.waitUntilExit()
            let status = p.terminationReason == .uncaughtSignal ? "signal \(p.terminationStatus)" : "exit \(p.terminationStatus)"
            try? outputHandle?.close()
            process = nil
            input = nil
            outputHandle = nil
            output = -1
            buffer = []
            return status
        }
    }
}
