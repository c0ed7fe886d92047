/// A small deterministic random number generator (SplitMix64), so that tests and benchmarks
/// see the same "random" data on every run.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in `0..<1` from 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// An integer in `0..<n` (`n` > 0).
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// Decimal text of 1 to 20 significant digits (the first not 0) with the point at a random place:
    /// "0.123", "12.3" or "123." (a trailing point is the caller's to complete or drop).
    public mutating func decimalText() -> String {
        let digits = Int(next() % 20) + 1
        var mantissa = ""
        for i in 0..<digits { mantissa.append(Character(String(i == 0 ? next() % 9 + 1 : next() % 10))) }
        let point = Int(next() % UInt64(digits + 1))
        let text = String(mantissa.prefix(point)) + "." + String(mantissa.dropFirst(point))
        return text.hasPrefix(".") ? "0" + text : text
    }
}
