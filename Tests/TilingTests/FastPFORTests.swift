import Foundation
import Testing
@testable import Tiling
import JSON

/// FastPFOR streams: a small encoder here writes the layout the reference encoders produce (one page
/// of 256-value blocks with patched exceptions, then variable bytes), which the decoder must invert.
@Suite struct FastPFORTests {
    /// FastPFOR words for `values`, packing each block at `width` bits with the larger values as exceptions.
    static func encode(_ values: [UInt32], width: Int) -> [UInt32] {
        func bitsNeeded(_ v: UInt32) -> Int { 32 - v.leadingZeroBitCount }
        func pack(_ vs: [UInt32], _ bits: Int, into words: inout [UInt32]) {
            guard bits > 0 else { return }
            var acc: UInt64 = 0, filled = 0
            for v in vs {
                acc |= UInt64(v & UInt32(truncatingIfNeeded: (UInt64(1) << UInt64(bits)) - 1)) << UInt64(filled)
                filled += bits
                while filled >= 32 {
                    words.append(UInt32(truncatingIfNeeded: acc))
                    acc >>= 32
                    filled -= 32
                }
            }
            if filled > 0 { words.append(UInt32(truncatingIfNeeded: acc)) }
        }
        let packed = values.count / 256 * 256
        var out: [UInt32] = [UInt32(packed)]
        if packed > 0 {
            var blocks = [UInt32](), bytes = [UInt8](), exceptions = [[UInt32]](repeating: [], count: 33)
            for start in stride(from: 0, to: packed, by: 256) {
                let block = Array(values[start..<(start + 256)])
                let maxBits = block.map(bitsNeeded).max() ?? 0
                let b = min(width, maxBits)
                pack(block, b, into: &blocks)
                let positions = block.indices.filter { bitsNeeded(block[$0]) > b }
                bytes += [UInt8(b), UInt8(positions.count)]
                if !positions.isEmpty {
                    bytes.append(UInt8(maxBits))
                    for p in positions {
                        bytes.append(UInt8(p))
                        if maxBits - b > 1 { exceptions[maxBits - b].append(block[p] >> UInt32(b)) }
                    }
                }
            }
            out.append(UInt32(1 + blocks.count))
            out += blocks
            out.append(UInt32(bytes.count))
            var byteWords = [UInt32](repeating: 0, count: (bytes.count + 3) / 4)
            for (i, byte) in bytes.enumerated() { byteWords[i / 4] |= UInt32(byte) << UInt32(8 * (i % 4)) }
            out += byteWords
            var bitmap: UInt32 = 0
            for k in 2...32 where !exceptions[k].isEmpty { bitmap |= 1 << UInt32(k - 1) }
            out.append(bitmap)
            for k in 2...32 where !exceptions[k].isEmpty {
                out.append(UInt32(exceptions[k].count))
                pack(exceptions[k], k, into: &out)
            }
        }
        var vbytes = [UInt8]()
        for var v in values[packed...] {
            while v >= 0x80 {
                vbytes.append(UInt8(v & 0x7f))
                v >>= 7
            }
            vbytes.append(UInt8(v) | 0x80)
        }
        var tail = [UInt32](repeating: 0, count: (vbytes.count + 3) / 4)
        for (i, byte) in vbytes.enumerated() { tail[i / 4] |= UInt32(byte) << UInt32(8 * (i % 4)) }
        return out + tail
    }

    static func bigEndian(_ words: [UInt32]) -> [UInt8] {
        words.flatMap { [UInt8($0 >> 24), UInt8(($0 >> 16) & 0xff), UInt8(($0 >> 8) & 0xff), UInt8($0 & 0xff)] }
    }

    static func decode(_ bytes: [UInt8], count: Int) throws(MLTError) -> [UInt32] {
        try FastPFOR.decode(ContiguousArray(bytes), 0..<bytes.count, count: count, at: 0)
    }

    /// 600 values: a block whose exceptions need one more bit, a block whose exceptions need 17 more
    /// (stored packed), and 88 values (some of 32 bits) in variable bytes.
    static let values: [UInt32] = (0..<600).map { i in
        switch i {
        case 0..<256: return i % 37 == 0 ? 16 + UInt32(i % 16) : UInt32(i % 16)
        case 256..<512: return i % 50 == 0 ? UInt32(i) << 12 : UInt32(i % 9)
        default: return i % 3 == 0 ? UInt32.max - UInt32(i) : UInt32(i)
        }
    }

    @Test func blocksExceptionsAndVariableBytes() throws {
        let words = Self.encode(Self.values, width: 4)
        #expect(try Self.decode(Self.bigEndian(words), count: 600) == Self.values)
        // Variable bytes only, and blocks only.
        let small = Array(Self.values[512...])
        #expect(try Self.decode(Self.bigEndian(Self.encode(small, width: 4)), count: small.count) == small)
        let blocks = Array(Self.values[0..<512])
        #expect(try Self.decode(Self.bigEndian(Self.encode(blocks, width: 32)), count: 512) == blocks)
        #expect(try Self.decode(Self.bigEndian(Self.encode(blocks, width: 0)), count: 512) == blocks)
    }

    @Test func anIntegerColumnInFastPFOR() throws {
        typealias W = MLTTestWriter
        var meta = W(), body = W()
        meta.column(2); meta.column(4); meta.column(18, "n")
        let n = 300
        // 64-bit ids 1...300, delta-coded (zigzag 2 each): 32-bit FastPFOR words, widened.
        body.stream(W.data, 0, logical1: W.delta, physical: 1, count: n, payload: Self.bigEndian(Self.encode([UInt32](repeating: 2, count: n), width: 2)))
        body.points((0..<n).map { (Int64($0), 0) })
        body.stream(W.data, 0, physical: 1, count: n, payload: Self.bigEndian(Self.encode(Array(Self.values[0..<n]), width: 3)))
        let tile = try MapLibreTile(bytes: ContiguousArray(W.tile(columnCount: 3, columns: meta.bytes, body: body.bytes)))
        #expect(tile.layers[0].features.map { $0.properties["n"]?.number.map { UInt32($0) } } == Self.values[0..<n].map { $0 })
        #expect(tile.layers[0].features.map(\.id) == (1...UInt64(n)).map { $0 })
    }

    @Test func truncatedOrCorruptedWordsThrow() throws {
        let bytes = Self.bigEndian(Self.encode(Self.values, width: 4))
        for n in stride(from: 0, to: bytes.count, by: 4) {
            #expect(throws: MLTError.self) { try Self.decode(Array(bytes[0..<n]), count: 600) }
        }
        #expect(throws: MLTError.self) { try Self.decode(Array(bytes.dropLast()), count: 600) }
        // Every word set to a few values: an error or some values, never a trap.
        for i in 0..<(bytes.count / 4) {
            for v: UInt32 in [0, 1, 0xff, 0xffff_ffff] {
                var words = Self.encode(Self.values, width: 4)
                words[i] = v
                _ = try? Self.decode(Self.bigEndian(words), count: 600)
            }
        }
    }

    static let referenceVectors = URL(fileURLWithPath: "/work/.mirror/maplibre+maplibre-tile-spec/repo")

    /// The reference implementation's test vectors, when a checkout of maplibre-tile-spec is at hand
    /// (read from its git objects; nothing of it is copied here).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: referenceVectors.path)), arguments: 1...4)
    func referenceTestVectors(_ n: Int) throws {
        func blob(_ name: String) throws -> [UInt8] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            p.arguments = ["-C", Self.referenceVectors.path, "show", "HEAD:test/fixtures/fastpfor/\(name)"]
            let pipe = Pipe()
            p.standardOutput = pipe
            try p.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return [UInt8](data)
        }
        let encoded = try blob("vector\(n)_encoded.bin"), decoded = try blob("vector\(n)_decoded.bin")
        var expected = [UInt32]()
        for i in stride(from: 0, to: decoded.count, by: 4) {
            let high = UInt32(decoded[i]) << 24 | UInt32(decoded[i + 1]) << 16
            expected.append(high | UInt32(decoded[i + 2]) << 8 | UInt32(decoded[i + 3]))
        }
        #expect(try Self.decode(encoded, count: expected.count) == expected)
    }
}
