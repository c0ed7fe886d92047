@testable import FormatStrings
import MercatorTestSupport
import GeoJSON
import MercatorConformance
import Testing

/// Random syntax trees print to text that parses back to the same style JSON.
@Suite struct RandomTreeTests {
    struct Generator {
        var rng: SplitMix64

        mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }

        mutating func key() -> String {
            pick(["a", "name", "size", "IN", "x y", "é", "a.b", "#k", "_1", "SELF", "first"])
        }

        mutating func constant() -> FormatExpression {
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: return .integer(Int64.random(in: -100...100, using: &rng))
            case 1: return .double(Double(Int.random(in: -400...400, using: &rng)) / 8)
            case 2: return .string(pick(["", "it's", "line\nbreak", "back\\slash", "\"q\"", "😀", "\u{1}"]))
            case 3: return .bool(Bool.random(using: &rng))
            case 4: return .null
            case 5: return .constant(.color(FormatColor(red: 255, green: 0, blue: Double(Int.random(in: 0...255, using: &rng)), alpha: 0.5)))
            case 6: return .constant(.dictionary([FormatDictionaryEntry(key(), .integer(1))]))
            default: return .double(2.718281828459045)
            }
        }

        mutating func expression(_ depth: Int) -> FormatExpression {
            if depth > 4 { return Bool.random(using: &rng) ? constant() : .keyPath([key()]) }
            switch Int.random(in: 0..<14, using: &rng) {
            case 0: return constant()
            case 1: return .keyPath((0..<Int.random(in: 1...3, using: &rng)).map { _ in key() })
            case 2: return .variable(pick(["zoomLevel", "featureIdentifier", "v", "two words"]))
            case 3: return .aggregate((0..<Int.random(in: 0...3, using: &rng)).map { _ in expression(depth + 1) })
            case 4:
                let op = pick(["add:to:", "from:subtract:", "multiply:by:", "divide:by:", "raise:toPower:", "modulus:by:"])
                return .function(op, [expression(depth + 1), expression(depth + 1)])
            case 5: return .function(pick(["uppercase:", "mgl_round:", "sqrt:", "noindex:", "abs:"]), [expression(depth + 1)])
            case 6: return .function(FormatCatalog.index, [expression(depth + 1), Bool.random(using: &rng) ? .string("LAST") : expression(depth + 1)])
            case 7: return .function(FormatCatalog.cast, [expression(depth + 1), .string(pick(["NSString", "NSNumber", "UIColor"]))])
            case 8: return .conditional(predicate(depth + 1), expression(depth + 1), expression(depth + 1))
            case 9: return .customFunction(target: expression(depth + 1), selector: "valueForKeyPath:", arguments: [.string(key())])
            case 10: return .customFunction(target: expression(depth + 1), selector: pick(["boolValue", "stringValue"]), arguments: [])
            case 11: return .function("MLN_FUNCTION", [.string(pick(["typeof", "image"])), expression(depth + 1)])
            case 12: return .function("mgl_join:", [.aggregate([expression(depth + 1), expression(depth + 1)])])
            default: return .function("MLN_IF", [.constant(.predicate(predicate(depth + 1))), expression(depth + 1), expression(depth + 1)])
            }
        }

        mutating func predicate(_ depth: Int) -> FormatPredicate {
            if depth > 4 { return .comparison(FormatComparison(.keyPath([key()]), .equal, constant())) }
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: return .constant(Bool.random(using: &rng))
            case 1, 2:
                let op = pick([FormatComparisonOperator.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual])
                let options = pick([FormatComparisonOptions(), .caseInsensitive, [.caseInsensitive, .diacriticInsensitive]])
                return .comparison(FormatComparison(expression(depth + 1), op, expression(depth + 1), options: options))
            case 3: return .comparison(FormatComparison(expression(depth + 1), .in, .aggregate([constant(), constant()])))
            case 4: return .and([predicate(depth + 1), predicate(depth + 1), predicate(depth + 1)])
            case 5: return .or([predicate(depth + 1), predicate(depth + 1)])
            default: return .not(predicate(depth + 1))
            }
        }
    }

    @Test func printedTreesParseBack() {
        var generator = Generator(rng: SplitMix64(seed: 2026))
        var checked = 0
        for i in 0..<3000 {
            let node: FormatNode = i % 2 == 0 ? .expression(generator.expression(0)) : .predicate(generator.predicate(0))
            guard let json = try? node.jsonValue(FormatJSONOptions()) else { continue }
            checked += 1
            let kind = i % 2 == 0 ? "expression" : "predicate"
            let printed = node.formatString
            do {
                let back = try FormatNode(kind: kind, format: printed.format, arguments: printed.arguments)
                #expect(try FormatJSONComparison.equal(back.jsonValue(FormatJSONOptions()), json), "‘\(printed.format)’")
                #expect(back.formatString == printed, "‘\(printed.format)’")
            } catch {
                Issue.record("‘\(printed.format)’ does not parse back: \(error)")
            }
        }
        #expect(checked > 1000)
    }
}
