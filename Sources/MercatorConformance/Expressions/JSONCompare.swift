public import Mercator
import Foundation
import GeoJSON

/// The suite's `deepEqual` (compare.py): numbers equal after truncation to `digits` significant figures,
/// types must match, object key order ignored.
public enum JSONCompare {
    static func stripPrecision(_ x: Double, _ sig: Int) -> Double {
        if x == 0 || !x.isFinite { return x }
        let mult = pow(10.0, Double(max(0, sig - Int(ceil(log10(abs(x)))))))
        let first = (x * mult).rounded(.down) / mult
        return (first * mult).rounded(.down) / mult
    }

    private static func kind(_ v: JSONValue) -> Int {
        switch v {
        case .bool: return 0
        case .int, .uint, .double: return 1
        case .string: return 2
        default: return 3
        }
    }

    /// Whether `a` and `b` are equal under the suite's rules.
    public static func deepEqual(_ a: JSONValue, _ b: JSONValue, digits: Int = 6) -> Bool {
        if kind(a) != kind(b) { return false }
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { deepEqual($0, $1, digits: digits) }
        case (.object(let x), .object(let y)):
            guard Set(x.keys) == Set(y.keys) else { return false }
            return x.allSatisfy { k, v in deepEqual(v, y[k] ?? .null, digits: digits) }
        default:
            if let x = a.number, let y = b.number { return stripPrecision(x, digits) == stripPrecision(y, digits) }
            return false
        }
    }
}
