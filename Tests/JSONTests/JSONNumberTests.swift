import MercatorTestSupport
import Foundation
import Testing
@testable import JSON

@Suite("JSON numbers")
struct JSONNumberTests {
    @Test("integers stay integers, exactly, over the full Int64 and UInt64 range")
    func integers() throws {
        #expect(try JSONValue(parsing: "0") == .int(0))
        #expect(try JSONValue(parsing: "9223372036854775807") == .int(Int64.max))
        #expect(try JSONValue(parsing: "-9223372036854775808") == .int(Int64.min))
        #expect(try JSONValue(parsing: "9223372036854775808") == .uint(UInt64(Int64.max) + 1))
        #expect(try JSONValue(parsing: "18446744073709551615") == .uint(UInt64.max))
        #expect(try JSONValue(parsing: "18446744073709551616") == .double(18446744073709551616.0))
        #expect(try JSONValue(parsing: "-9223372036854775809") == .double(-9223372036854775809.0))
        #expect(try JSONValue(parsing: "1.0") == .double(1.0))
        #expect(try JSONValue(parsing: "1e2") == .double(100))
        let negativeZero = try JSONValue(parsing: "-0")
        guard case .double(let z) = negativeZero else { Issue.record("-0 should be a double"); return }
        #expect(z == 0 && z.sign == .minus)
    }

    @Test("decimal text converts exactly as the C library does", arguments: [1, 2, 3])
    func decimalConversion(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<20_000 {
            var text = rng.decimalText()
            if text.hasSuffix(".") { text += "0" }
            if rng.next() % 3 == 0 { text += "e\(Int(rng.next() % 600) - 320)" }
            if rng.next() % 2 == 0 { text = "-" + text }
            let expected = strtod(text, nil)
            guard expected.isFinite else { continue }
            let parsed = try JSONValue(parsing: text)
            guard case .double(let d) = parsed else { Issue.record("\(text) parsed as \(parsed)"); continue }
            #expect(d.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test("hard cases: halfway points, subnormals, extremes")
    func hardCases() throws {
        let cases = [
            "2.2250738585072011e-308", "2.2250738585072014e-308", "4.9406564584124654e-324", "5e-324",
            "1.7976931348623157e308", "9007199254740993", "9007199254740993.0", "0.1", "0.3",
            "123456789012345678901234567890", "1e23", "8.98846567431158e307", "2.4703282292062327e-324",
            "7.2057594037927933e16", "0.000000000000000000000000000000000000000000001",
            "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9999999999999999999999999999999999999999999999999999999999999999999999",
        ]
        for text in cases {
            let expected = strtod(text, nil)
            let parsed = try JSONValue(parsing: text).number
            #expect(parsed?.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test("doubles print in the shortest form that reads back to the same bits")
    func doubleRoundTrip() throws {
        var rng = SplitMix64(seed: 42)
        var values: [JSONValue] = []
        while values.count < 20_000 {
            let d = Double(bitPattern: rng.next())
            if d.isFinite { values.append(.double(d)) }
        }
        values += [.double(0.1), .double(1e-7), .double(5.0), .double(-0.0), .double(.leastNonzeroMagnitude), .double(.greatestFiniteMagnitude)]
        let text = JSONValue.array(values).serialized()
        let back = try JSONValue(parsing: text)
        guard case .array(let parsed) = back else { Issue.record("not an array"); return }
        #expect(parsed.count == values.count)
        for (a, b) in zip(values, parsed) {
            guard case .double(let x) = a, case .double(let y) = b else { Issue.record("\(a) -> \(b)"); continue }
            #expect(x.bitPattern == y.bitPattern)
        }
        #expect(JSONValue.double(0.1).serialized() == "0.1")
        #expect(JSONValue.double(5).serialized() == "5.0")
        #expect(JSONValue.int(5).serialized() == "5")
    }

    @Test("malformed and out-of-range numbers are located errors", arguments: [
        ("01", JSONParseError.Kind.invalidNumber), ("-", .invalidNumber), ("1.", .invalidNumber), (".5", .unexpectedCharacter),
        ("1e", .invalidNumber), ("1e+", .invalidNumber), ("NaN", .invalidNumber), ("Infinity", .invalidNumber),
        ("-Infinity", .invalidNumber), ("1e400", .numberOutOfRange), ("-1e999", .numberOutOfRange), ("+1", .unexpectedCharacter),
    ])
    func badNumbers(text: String, kind: JSONParseError.Kind) {
        #expect {
            _ = try JSONValue(parsing: "[1, \(text)]")
        } throws: { error in
            guard let e = error as? JSONParseError else { return false }
            return e.kind == kind && e.location.offset == 4 && e.path == JSONPath([.index(1)])
        }
    }
}
