import Foundation

/// Reading inputs (`-` is standard input) and writing outputs for the commands.
enum InputOutput {
    /// The bytes of `path`, or of standard input for `-`; files are memory-mapped.
    static func read(_ path: String) throws -> Data {
        if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw CLIError("cannot read \(path): \(error.localizedDescription)")
        }
    }

    /// Writes `bytes` to `path`, or to standard output for `nil` or `-`.
    static func write(_ bytes: [UInt8], to path: String?) throws {
        try write(Data(bytes), to: path)
    }

    /// Writes `data` to `path`, or to standard output for `nil` or `-`.
    static func write(_ data: Data, to path: String?) throws {
        guard let path, path != "-" else {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw CLIError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Writes one line to standard error.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// A command failure with a message for standard error.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}
