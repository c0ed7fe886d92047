import Foundation
import Mercator
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading inputs (`-` is standard input) and writing outputs for the commands.
///
/// Every read is bounded: files and standard input larger than the limit (``defaultInputLimit``,
/// or `MERCATOR_MAX_INPUT_BYTES`, or a command's `--max-input-bytes`) are refused with a message
/// that names the limit, so `mercator … - < /dev/zero` ends instead of filling memory.
enum InputOutput {
    /// The largest input read by default: 512 MiB.
    static let defaultInputLimit = Limits.default.inputBytes

    /// The input limit in force: `MERCATOR_MAX_INPUT_BYTES` when set to a positive integer.
    static var inputLimit: Int {
        if let text = ProcessInfo.processInfo.environment["MERCATOR_MAX_INPUT_BYTES"], let n = Int(text), n > 0 { return n }
        return defaultInputLimit
    }

    /// The bytes of `path`, or of standard input for `-`, at most `limit` of them; regular files are
    /// memory-mapped. A UTF-8 byte order mark is dropped; UTF-16 and UTF-32 text is refused.
    static func read(_ path: String, limit: Int = inputLimit) throws -> Data {
        let data = try readBounded(path, limit: limit)
        return try checkedEncoding(data, name: path == "-" ? "standard input" : path)
    }

    private static func readBounded(_ path: String, limit: Int) throws -> Data {
        if path == "-" { return try readStream(FileHandle.standardInput, name: "standard input", limit: limit) }
        guard !path.isEmpty else { throw CLIError("no input file given (the path is empty)") }
        var info = stat()
        guard stat(path, &info) == 0 else { throw CLIError("cannot read \(path): \(describe(errno))") }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw CLIError("cannot read \(path): it is a folder, not a file") }
        if kind == S_IFREG {
            if Int(info.st_size) > limit { throw tooLarge(path, limit: limit) }
            do {
                return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
            } catch {
                throw CLIError("cannot read \(path): \(access(path, R_OK) == 0 ? "read error" : describe(EACCES))")
            }
        }
        // Devices, pipes and sockets: read in chunks up to the limit.
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CLIError("cannot read \(path): \(describe(errno))") }
        defer { try? handle.close() }
        return try readStream(handle, name: path, limit: limit)
    }

    private static func readStream(_ handle: FileHandle, name: String, limit: Int) throws -> Data {
        var data = Data()
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: 1 << 20) ?? Data()
            } catch {
                throw CLIError("cannot read \(name): read error")
            }
            if chunk.isEmpty { return data }
            if data.count + chunk.count > limit { throw tooLarge(name, limit: limit) }
            data.append(chunk)
        }
    }

    private static func tooLarge(_ name: String, limit: Int) -> CLIError {
        CLIError("cannot read \(name): it is larger than the input limit of \(limit) bytes "
                 + "(raise it with --max-input-bytes or MERCATOR_MAX_INPUT_BYTES)")
    }

    /// JSON must be UTF-8 (RFC 8259 §8.1): a UTF-8 byte order mark is ignored, UTF-16/32 refused by name.
    private static func checkedEncoding(_ data: Data, name: String) throws -> Data {
        let head = [UInt8](data.prefix(4))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return data.dropFirst(3) }
        let utf32 = head.count == 4 && (head == [0xFF, 0xFE, 0, 0] || head == [0, 0, 0xFE, 0xFF])
        let utf16 = !utf32 && head.count >= 2 && ((head[0] == 0xFF && head[1] == 0xFE) || (head[0] == 0xFE && head[1] == 0xFF)
            || (head[0] == 0 && head[1] != 0) || (head[0] != 0 && head[1] == 0))
        if utf32 || utf16 {
            throw CLIError("\(name): the text is \(utf32 ? "UTF-32" : "UTF-16") encoded; Mercator reads UTF-8 "
                           + "(convert it, e.g. iconv -f \(utf32 ? "UTF-32" : "UTF-16") -t UTF-8)")
        }
        return data
    }

    /// A system error number in words.
    private static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case ENOTDIR: return "a part of the path is not a folder"
        case ENAMETOOLONG: return "the path is too long"
        case ELOOP: return "too many symbolic links"
        default: return String(cString: strerror(code))
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
        guard !path.isEmpty else { throw CLIError("no output file given (the path is empty)") }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw CLIError("cannot write \(path): it is a folder; give a file name, e.g. \(path)/out.png")
        }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder) || !isFolder.boolValue {
            throw CLIError("cannot write \(path): the folder \(parent) does not exist")
        }
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw CLIError("cannot write \(path): \(access(parent, W_OK) == 0 ? "write error" : describe(EACCES))")
        }
    }

    /// Prints what a map drew without (sources, sprite, glyphs, font faces that could not be read) to
    /// standard error, one line each and each once, leaving out what loading the style already reported
    /// (the validator's warnings, printed before the map was made).
    static func printWarnings(_ warnings: [StyleWarning], of map: Map) {
        var seen: Set<StyleWarning> = []
        printWarnings(warnings, of: map, seen: &seen)
    }

    /// ``printWarnings(_:of:)`` leaving out those in `seen` too (a command drawing several frames says each once).
    static func printWarnings(_ warnings: [StyleWarning], of map: Map, seen: inout Set<StyleWarning>) {
        let loaded = Set(map.style.loadWarnings)
        for warning in warnings where !loaded.contains(warning) && seen.insert(warning).inserted {
            printError(warning.description)
        }
    }

    /// Writes one line to standard error.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// A command-line error: its message is printed as is.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}
