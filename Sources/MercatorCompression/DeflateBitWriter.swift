/// Writes deflate's bit stream (bits fill each byte from its lowest bit) into a caller's buffer, four
/// bytes at a time. Callers check the capacity before each block: writes are not checked.
struct DeflateBitWriter {
    let output: UnsafeMutablePointer<UInt8>
    let capacity: Int
    /// Bytes written so far (not counting the bits still held).
    private(set) var pos = 0
    private var held: UInt64 = 0
    private var heldCount = 0

    init(_ output: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.output = output
        self.capacity = capacity
    }

    /// Writes a token packed as `bits << 8 | count` (at most 32 bits).
    @inline(__always) mutating func write(_ token: UInt64) { write(token >> 8, count: Int(token & 0xFF)) }

    /// Writes the `count` (at most 32) low bits of `bits`, the lowest first.
    @inline(__always) mutating func write(_ bits: UInt64, count: Int) {
        held |= bits << UInt64(heldCount)
        heldCount += count
        if heldCount >= 32 {
            UnsafeMutableRawPointer(output + pos).storeBytes(of: UInt32(truncatingIfNeeded: held).littleEndian, as: UInt32.self)
            pos += 4
            held >>= 32
            heldCount -= 32
        }
    }

    /// Pads with zero bits to a byte boundary.
    mutating func alignToByte() { heldCount = (heldCount + 7) & ~7 }

    /// Pads to a byte boundary and writes out every bit held.
    mutating func flush() {
        alignToByte()
        while heldCount > 0 {
            output[pos] = UInt8(truncatingIfNeeded: held)
            pos += 1
            held >>= 8
            heldCount -= 8
        }
    }

    /// A stored block's header (BFINAL, BTYPE 0, padding, LEN and NLEN); its `length` bytes follow.
    mutating func writeStoredHeader(last: Bool, length: Int) {
        write(last ? 1 : 0, count: 3)
        flush()
        let len = UInt16(length)
        for byte in [UInt8(len & 0xFF), UInt8(len >> 8), UInt8(~len & 0xFF), UInt8(~len >> 8)] {
            output[pos] = byte
            pos += 1
        }
    }

    /// Copies bytes as they are (after ``writeStoredHeader(last:length:)``).
    mutating func writeRawBytes(_ bytes: UnsafePointer<UInt8>, count: Int) {
        (output + pos).update(from: bytes, count: count)
        pos += count
    }
}
