/// FastPFOR (patched frame-of-reference bit packing) integer streams.
enum FastPFOR {
    static func decode(_ bytes: ContiguousArray<UInt8>, _ payload: Range<Int>, count: Int, at: Int) throws(MLTError) -> [UInt32] {
        throw MLTError(.unsupported("FastPFOR"), offset: at)
    }
}
