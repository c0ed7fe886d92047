public import Foundation
public import MercatorHTTP

/// Where a PMTiles archive's bytes are read from: a file or an HTTP(S) URL with range requests.
/// The directory code reads both the same way.
public protocol PMTilesByteSource: Sendable {
    /// The file path or URL, for messages.
    var name: String { get }
    /// Exactly the bytes in `range`.
    ///
    /// - Throws: `PMTilesError` (with the offset) when the range lies past the end, or the read fails or comes back short.
    func read(_ range: Range<UInt64>) throws(PMTilesError) -> Data
}

/// An archive on disk, read by seeking.
public final class PMTilesFileSource: PMTilesByteSource, @unchecked Sendable {
    public let name: String
    private let file: FileHandle
    /// The file's length in bytes.
    public let size: UInt64
    private let lock = NSLock()

    /// Opens `path`.
    ///
    /// - Throws: `TileStoreError` for a missing or unreadable file.
    public init(path: String) throws(TileStoreError) {
        name = path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TileStoreError(store: path, FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        file = handle
        do {
            size = try handle.seekToEnd()
        } catch {
            try? handle.close()
            throw TileStoreError(store: path, "cannot read: \(error)")
        }
    }

    deinit { try? file.close() }

    public func read(_ range: Range<UInt64>) throws(PMTilesError) -> Data {
        // The length is checked as a UInt64 first: `range.count` is an Int and traps at 2^63 bytes.
        guard range.upperBound <= size, let count = Int(exactly: range.byteLength) else {
            throw PMTilesError(offset: Int(clamping: range.lowerBound),
                               "a section of \(range.byteLength) bytes runs past the end of the file (\(size) bytes)")
        }
        do {
            let data = try lock.withLock {
                try file.seek(toOffset: range.lowerBound)
                return try file.read(upToCount: count) ?? Data()
            }
            guard data.count == count else { throw PMTilesError(offset: Int(clamping: range.lowerBound), "short read") }
            return data
        } catch let error as PMTilesError {
            throw error
        } catch {
            throw PMTilesError(offset: Int(clamping: range.lowerBound), "cannot read: \(error)")
        }
    }
}

/// An archive at an HTTP(S) URL, read with `Range` requests through the shared client (its retries,
/// timeouts and cache). A server that ignores `Range` and answers 200 with the whole archive is
/// sliced, as long as the archive fits the client's body limit.
public struct PMTilesHTTPSource: PMTilesByteSource {
    public let url: String
    public var name: String { url }
    public let client: HTTPClient
    /// The largest answer accepted.
    public var limit: Int = 64 << 20

    public init(url: String, client: HTTPClient = .shared) {
        self.url = url
        self.client = client
    }

    public func read(_ range: Range<UInt64>) throws(PMTilesError) -> Data {
        guard !range.isEmpty else { return Data() }
        let offset = Int(clamping: range.lowerBound)
        // Refused before asking: a lying length must not become a request, nor `range.count` (an Int: traps at 2^63).
        guard range.byteLength <= UInt64(max(limit, 0)) else {
            throw PMTilesError(offset: offset, "a section of \(range.byteLength) bytes is over the \(limit)-byte answer limit")
        }
        let count = Int(range.byteLength)
        let result: HTTPResult
        do throws(HTTPError) {
            result = try client.get(url, headers: ["Range": "bytes=\(range.lowerBound)-\(range.upperBound - 1)"], limit: limit)
        } catch {
            throw PMTilesError(offset: offset, error.description)
        }
        switch result.status {
        case 206:
            guard result.body.count == count else {
                throw PMTilesError(offset: offset, "GET \(url) answered \(result.body.count) bytes for a \(count)-byte range")
            }
            return result.body
        case 200:
            guard range.upperBound <= UInt64(result.body.count) else {
                throw PMTilesError(offset: offset, "a section runs past the end of the archive (\(result.body.count) bytes)")
            }
            let start = result.body.startIndex + Int(range.lowerBound)
            return result.body.subdata(in: start..<(start + count))
        case 416:
            throw PMTilesError(offset: offset, "a section runs past the end of the archive (GET \(url) answered HTTP 416)")
        default:
            throw PMTilesError(offset: offset, "GET \(url) answered HTTP \(result.status)")
        }
    }
}

/// An archive held in memory (tests, fuzzing, archives fetched whole).
package struct PMTilesMemorySource: PMTilesByteSource {
    package let name: String
    package let bytes: Data

    package init(_ bytes: Data, name: String = "memory") {
        self.bytes = bytes
        self.name = name
    }

    package func read(_ range: Range<UInt64>) throws(PMTilesError) -> Data {
        guard range.upperBound <= UInt64(bytes.count) else {
            throw PMTilesError(offset: Int(clamping: range.lowerBound),
                               "a section of \(range.byteLength) bytes runs past the end of the archive (\(bytes.count) bytes)")
        }
        let start = bytes.startIndex + Int(range.lowerBound)
        return bytes.subdata(in: start..<(start + Int(range.byteLength)))
    }
}

extension Range where Bound == UInt64 {
    /// The length as a UInt64. `count` is an Int and traps for ranges of 2^63 bytes or more, which a
    /// file may claim: readers compare this one with their limits before anything becomes an Int.
    package var byteLength: UInt64 { upperBound - lowerBound }
}
