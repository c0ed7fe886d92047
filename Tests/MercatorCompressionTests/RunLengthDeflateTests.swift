import Testing
@testable import MercatorCompression

/// The PNG encoder's deflate: whatever it writes, zlib's inflate must read back byte for byte.
@Suite struct RunLengthDeflateTests {
    /// Compresses `input` (as one part, or split into parts joined by sync flushes) and inflates it with zlib.
    private func roundTrip(_ input: [UInt8], parts: Int = 1) throws -> [UInt8] {
        var stream: [UInt8] = []
        for k in 0..<parts {
            let range = (input.count * k / parts)..<(input.count * (k + 1) / parts)
            let capacity = RunLengthDeflate.bound(range.count)
            var out = [UInt8](repeating: 0, count: capacity)
            let written = input.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { dst in
                    RunLengthDeflate.compress(src.baseAddress! + range.lowerBound, count: range.count, final: k == parts - 1,
                                              into: dst.baseAddress!, capacity: capacity)
                }
            }
            let n = try #require(written)
            #expect(n <= capacity)
            stream += out[0..<n]
        }
        let inflated = try stream.withUnsafeBufferPointer { try Zlib.inflate($0, format: .raw, limit: input.count + 1) }
        return Array(inflated)
    }

    /// A deterministic pseudo-random generator (the tests must not depend on a seed's luck).
    private struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
    }

    @Test func emptyAndTinyInputs() throws {
        #expect(try roundTrip([]) == [])
        #expect(try roundTrip([7]) == [7])
        #expect(try roundTrip([0, 0]) == [0, 0])
        #expect(try roundTrip([1, 1, 1, 1]) == [1, 1, 1, 1])
    }

    @Test func longRunsAcrossBlocks() throws {
        let zeros = [UInt8](repeating: 0, count: 3 * RunLengthDeflate.blockSize + 17)
        #expect(try roundTrip(zeros) == zeros)
        #expect(try roundTrip(zeros, parts: 3) == zeros)
        // a million zeros compress to runs of 258: about a thousandth of the input
        var out = [UInt8](repeating: 0, count: RunLengthDeflate.bound(1_000_000))
        let big = [UInt8](repeating: 0, count: 1_000_000)
        let n = try #require(big.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { RunLengthDeflate.compress(src.baseAddress!, count: big.count, final: true, into: $0.baseAddress!, capacity: $0.count) }
        })
        #expect(n < 5_000)
    }

    @Test func everyRunLength() throws {
        // runs of 1...300 copies of varying bytes, so that every length code and its extra bits are used
        var input: [UInt8] = []
        for length in 1...300 { input += [UInt8](repeating: UInt8(length % 251), count: length) }
        #expect(try roundTrip(input) == input)
        #expect(try roundTrip(input, parts: 4) == input)
    }

    @Test func incompressibleInputIsStored() throws {
        var g = Generator(state: 42)
        let noise = (0..<(2 * RunLengthDeflate.blockSize + 1000)).map { _ in UInt8(truncatingIfNeeded: g.next()) }
        #expect(try roundTrip(noise) == noise)
        #expect(try roundTrip(noise, parts: 2) == noise)
    }

    @Test func imageLikeRowsWithSkewedStatistics() throws {
        // filtered rows: mostly zeros, some small deltas, rare large ones (long Huffman codes)
        var g = Generator(state: 7)
        var input: [UInt8] = []
        for _ in 0..<200_000 {
            let r = g.next() % 1000
            input.append(r < 900 ? 0 : r < 990 ? UInt8(r % 5) : UInt8(truncatingIfNeeded: g.next()))
        }
        #expect(try roundTrip(input) == input)
        #expect(try roundTrip(input, parts: 5) == input)
    }

    @Test func tooSmallCapacityIsReported() {
        let input = [UInt8](repeating: 3, count: 10_000)
        var out = [UInt8](repeating: 0, count: 8)
        let written = input.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { RunLengthDeflate.compress(src.baseAddress!, count: src.count, final: true, into: $0.baseAddress!, capacity: $0.count) }
        }
        #expect(written == nil)
    }

    @Test func codeLengthsAreLimitedAndComplete() {
        // Fibonacci frequencies make a Huffman tree as deep as there are symbols
        var frequencies: [UInt32] = [1, 1]
        while frequencies.count < 30 { frequencies.append(frequencies[frequencies.count - 1] + frequencies[frequencies.count - 2]) }
        for limit in [7, 15] {
            let lengths = huffmanCodeLengths(frequencies, limit: limit)
            #expect(lengths.allSatisfy { $0 >= 1 && Int($0) <= limit })
            // Kraft's sum is exactly one: a complete code, as inflate requires
            let kraft = lengths.reduce(0.0) { $0 + 1 / Double(1 << Int($1)) }
            #expect(abs(kraft - 1) < 1e-12)
        }
        // a single used symbol still gets a complete code of two
        let single = huffmanCodeLengths([0, 0, 5, 0], limit: 7)
        #expect(single.filter { $0 == 1 }.count == 2)
    }
}
