import Foundation
import ZIPFoundation

/// A strict, bounds-checked reader of a zip archive held in memory (or memory-mapped).
///
/// Every offset and length read from the archive is checked against the data before use, so a
/// damaged or hostile archive fails with a ``VenueError`` instead of reading out of bounds. Deflate
/// streams are inflated by zlib (through ZIPFoundation's `Data.decompress`) from an input provider
/// that never runs past the entry, and the output is handed to a consumer that can stop it.
struct ZipReader {
    /// One central-directory record.
    struct Entry {
        /// The path as stored (not yet checked).
        var path: String
        var isDirectory: Bool
        var isSymlink: Bool
        var isEncrypted: Bool
        var method: UInt16
        var crc32: UInt32
        var compressedSize: UInt64
        var uncompressedSize: UInt64
        var localHeaderOffset: UInt64
    }

    let data: Data
    private(set) var entries: [Entry] = []

    private static let endOfCentralDirectory: UInt32 = 0x0605_4B50
    private static let centralHeader: UInt32 = 0x0201_4B50
    private static let localHeader: UInt32 = 0x0403_4B50
    private static let inflateBufferSize = 64 << 10

    /// Reads the central directory; at most `maxEntries` records.
    init(_ data: Data, maxEntries: Int) throws(VenueError) {
        self.data = data.startIndex == 0 ? data : Data(data)
        let count = self.data.count
        guard count >= 22 else { throw .unreadableArchive(reason: "\(count) bytes are too few for a zip archive") }
        // The end-of-central-directory record: 22 bytes plus a comment of up to 65 535 bytes.
        var eocd = -1
        var i = count - 22
        let lowest = max(0, count - 22 - 0xFFFF)
        while i >= lowest {
            if u32(i) == Self.endOfCentralDirectory {
                eocd = i
                break
            }
            i -= 1
        }
        guard eocd >= 0 else { throw .unreadableArchive(reason: "no end-of-central-directory record (truncated or not a zip)") }
        let disk = u16(eocd + 4), cdDisk = u16(eocd + 6)
        let total = Int(u16(eocd + 10))
        let cdSize = Int(u32(eocd + 12)), cdOffset = Int(u32(eocd + 16))
        if total == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF {
            throw .unreadableArchive(reason: "ZIP64 archives are not supported (venue bundles are far smaller)")
        }
        guard disk == 0, cdDisk == 0 else { throw .unreadableArchive(reason: "multi-part archives are not supported") }
        guard cdOffset + cdSize <= eocd else { throw .unreadableArchive(reason: "the central directory lies outside the archive") }
        if total > maxEntries { throw .tooManyEntries(count: total, limit: maxEntries) }
        var p = cdOffset
        entries.reserveCapacity(total)
        for _ in 0..<total {
            guard p + 46 <= cdOffset + cdSize, u32(p) == Self.centralHeader else {
                throw .unreadableArchive(reason: "damaged central directory")
            }
            let madeBy = u16(p + 4), flags = u16(p + 8), method = u16(p + 10)
            let nameLength = Int(u16(p + 28)), extraLength = Int(u16(p + 30)), commentLength = Int(u16(p + 32))
            let attributes = u32(p + 38)
            let next = p + 46 + nameLength + extraLength + commentLength
            guard next <= cdOffset + cdSize else { throw .unreadableArchive(reason: "damaged central directory") }
            let nameBytes = self.data[(p + 46)..<(p + 46 + nameLength)]
            let name = String(decoding: nameBytes, as: UTF8.self)
            let unixMode = (madeBy >> 8) == 3 ? (attributes >> 16) & 0o170000 : 0
            entries.append(Entry(
                path: name, isDirectory: name.hasSuffix("/") || unixMode == 0o040000, isSymlink: unixMode == 0o120000,
                isEncrypted: flags & 1 != 0, method: method, crc32: u32(p + 16), compressedSize: UInt64(u32(p + 20)),
                uncompressedSize: UInt64(u32(p + 24)), localHeaderOffset: UInt64(u32(p + 42))))
            p = next
        }
    }

    /// Streams an entry's contents to `consumer` in chunks, then checks its CRC-32.
    /// `consumer` may throw to stop inflating early.
    func read(_ entry: Entry, consumer: (Data) throws -> Void) throws(VenueError) {
        if entry.isEncrypted { throw .unreadableArchive(reason: "'\(entry.path)' is encrypted") }
        let offset = Int(entry.localHeaderOffset)
        guard offset + 30 <= data.count, u32(offset) == Self.localHeader else {
            throw .unreadableArchive(reason: "'\(entry.path)': damaged local header")
        }
        let start = offset + 30 + Int(u16(offset + 26)) + Int(u16(offset + 28))
        let size = Int(entry.compressedSize)
        guard start + size <= data.count else {
            throw .unreadableArchive(reason: "'\(entry.path)' runs past the end of the archive (truncated?)")
        }
        let crc: UInt32
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.uncompressedSize else {
                throw .unreadableArchive(reason: "'\(entry.path)': stored entry with differing sizes")
            }
            var checksum: UInt32 = 0
            var position = start
            do {
                while position < start + size {
                    let chunk = data[position..<min(position + Self.inflateBufferSize, start + size)]
                    checksum = chunk.crc32(checksum: checksum)
                    try consumer(Data(chunk))
                    position += chunk.count
                }
            } catch let error as VenueError {
                throw error
            } catch {
                throw .unreadableArchive(reason: "'\(entry.path)': \(error)")
            }
            crc = checksum
        case 8:
            let end = start + size
            // Small entries get small buffers: each chunk is allocated and zero-filled.
            let bufferSize = min(Self.inflateBufferSize, max(4096, size + 16))
            do {
                // ZIPFoundation's inflater always offers zlib `bufferSize` input bytes: pad the last
                // chunk with zeros, and refuse to read on past the entry (which would otherwise spin).
                crc = try Data.decompress(size: Int64(size), bufferSize: bufferSize, skipCRC32: false, provider: { position, _ in
                    let from = start + Int(position)
                    guard from < end else { throw VenueError.unreadableArchive(reason: "'\(entry.path)': deflate stream does not end") }
                    var chunk = Data(data[from..<min(from + bufferSize, end)])
                    if chunk.count < bufferSize { chunk.append(Data(count: bufferSize - chunk.count)) }
                    return chunk
                }, consumer: consumer)
            } catch let error as VenueError {
                throw error
            } catch {
                throw .unreadableArchive(reason: "'\(entry.path)': corrupt deflate data")
            }
        default:
            throw .unreadableArchive(reason: "'\(entry.path)' uses compression method \(entry.method) (only stored and deflate are supported)")
        }
        guard crc == entry.crc32 else { throw .unreadableArchive(reason: "'\(entry.path)': CRC-32 mismatch (damaged data)") }
    }

    private func u16(_ i: Int) -> UInt16 {
        guard i >= 0, i + 2 <= data.count else { return 0 }
        return UInt16(data[i]) | UInt16(data[i + 1]) << 8
    }

    private func u32(_ i: Int) -> UInt32 {
        guard i >= 0, i + 4 <= data.count else { return 0 }
        return UInt32(data[i]) | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2]) << 16 | UInt32(data[i + 3]) << 24
    }
}
