import Foundation
import GeoJSON

/// The spec's `findStopLessThanOrEqualTo` (binary search over stop labels).
func findStopLessThanOrEqualTo(_ stops: [Double], _ input: Double) throws(EvalError) -> Int {
    let lastIndex = stops.count - 1
    var lower = 0, upper = lastIndex
    while lower <= upper {
        let current = (lower + upper) / 2
        let value = stops[current]
        if value <= input {
            if current == lastIndex || input < stops[current + 1] { return current }
            lower = current + 1
        } else if value > input {
            upper = current - 1
        } else {
            throw EvalError("Input is not a number.")
        }
    }
    return 0
}

/// `["step", input, out0, label1, out1, ...]`.
final class StepExpr: Expr, @unchecked Sendable {
    let input: Expr
    let labels: [Double]
    let outputs: [Expr]
    init(type: ExpressionType, input: Expr, labels: [Double], outputs: [Expr]) {
        self.input = input; self.labels = labels; self.outputs = outputs
        super.init(type: type)
    }
    override var children: [Expr] { [input] + outputs }
    override var outputDefined: Bool { outputs.allSatisfy(\.outputDefined) }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        if labels.count == 1 { return try outputs[0].evaluate(ctx) }
        let value = try input.number(ctx)
        if value <= labels[0] { return try outputs[0].evaluate(ctx) }
        if value >= labels[labels.count - 1] { return try outputs[labels.count - 1].evaluate(ctx) }
        return try outputs[try findStopLessThanOrEqualTo(labels, value)].evaluate(ctx)
    }
    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count - 1 >= 4 else { return context.error("Expected at least 4 arguments, but found only \(args.count - 1).") }
        guard (args.count - 1) % 2 == 0 else { return context.error("Expected an even number of arguments.") }
        guard let input = context.parse(args[1], 1, .number) else { return nil }
        var labels: [Double] = [], outputs: [Expr] = []
        var outputType: ExpressionType?
        if let e = context.expectedType, e != .value { outputType = e }
        var i = 1
        while i < args.count {
            let label: Double
            if i == 1 { label = -.infinity } else {
                guard let n = args[i].number else {
                    return context.error("Input/output pairs for \"step\" expressions must be defined using literal numeric values (not computed expressions) for the input values.", i)
                }
                label = n
            }
            if let last = labels.last, last >= label {
                return context.error("Input/output pairs for \"step\" expressions must be arranged with input values in strictly ascending order.", i)
            }
            guard i + 1 < args.count, let parsed = context.parse(args[i + 1], i + 1, outputType) else { return nil }
            outputType = outputType ?? parsed.type
            labels.append(label)
            outputs.append(parsed)
            i += 2
        }
        return StepExpr(type: outputType ?? .value, input: input, labels: labels, outputs: outputs)
    }
}

/// Interpolation curve of an `interpolate` expression.
public enum InterpolationType: Sendable, Hashable {
    case linear
    case exponential(base: Double)
    case cubicBezier(Double, Double, Double, Double)

    /// The interpolation factor in 0...1 of `input` between `lower` and `upper`.
    public func factor(_ input: Double, _ lower: Double, _ upper: Double) -> Double {
        switch self {
        case .linear: return exponentialInterpolation(input, 1, lower, upper)
        case .exponential(let base): return exponentialInterpolation(input, base, lower, upper)
        case .cubicBezier(let x1, let y1, let x2, let y2):
            return UnitBezier(x1, y1, x2, y2).solve(exponentialInterpolation(input, 1, lower, upper))
        }
    }
}

func exponentialInterpolation(_ input: Double, _ base: Double, _ lower: Double, _ upper: Double) -> Double {
    let difference = upper - lower
    let progress = input - lower
    if difference == 0 { return 0 }
    if base == 1 { return progress / difference }
    return (jsPow(base, progress) - 1) / (jsPow(base, difference) - 1)
}

/// `interpolate`, `interpolate-hcl`, `interpolate-lab`.
final class InterpolateExpr: Expr, @unchecked Sendable {
    enum Operator: String { case rgb = "interpolate", hcl = "interpolate-hcl", lab = "interpolate-lab" }
    let op: Operator
    let interpolation: InterpolationType
    let input: Expr
    let labels: [Double]
    let outputs: [Expr]
    /// Stop outputs when every one is a constant colour (the common colour ramp), evaluated without dispatch.
    let literalColors: [Color]?

    init(type: ExpressionType, op: Operator, interpolation: InterpolationType, input: Expr, labels: [Double], outputs: [Expr]) {
        self.op = op; self.interpolation = interpolation; self.input = input; self.labels = labels; self.outputs = outputs
        var colors: [Color] = []
        for o in outputs {
            guard let l = o as? LiteralExpr, case .color(let c) = l.value else { colors.removeAll(); break }
            colors.append(c)
        }
        literalColors = colors.count == outputs.count && !colors.isEmpty ? colors : nil
        super.init(type: type)
    }
    override var children: [Expr] { [input] + outputs }
    override var outputDefined: Bool { outputs.allSatisfy(\.outputDefined) }

    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        if labels.count == 1 { return try outputs[0].evaluate(ctx) }
        let value = try input.number(ctx)
        if value <= labels[0] { return try outputs[0].evaluate(ctx) }
        let n = labels.count
        if value >= labels[n - 1] { return try outputs[n - 1].evaluate(ctx) }
        let index = try findStopLessThanOrEqualTo(labels, value)
        let t = interpolation.factor(value, labels[index], labels[index + 1])
        if let colors = literalColors {
            let space: Color.InterpolationSpace = op == .hcl ? .hcl : op == .lab ? .lab : .rgb
            return .color(Color.interpolate(colors[index], colors[index + 1], t, space: space))
        }
        let lower = try outputs[index].evaluate(ctx)
        let upper = try outputs[index + 1].evaluate(ctx)
        return try Self.interpolate(type, op, lower, upper, t)
    }

    static func interpolate(_ type: ExpressionType, _ op: Operator, _ a: ExpressionValue, _ b: ExpressionValue, _ t: Double) throws(EvalError) -> ExpressionValue {
        let space: Color.InterpolationSpace = op == .hcl ? .hcl : op == .lab ? .lab : .rgb
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(lerp(x, y, t))
        case (.color(let x), .color(let y)): return .color(Color.interpolate(x, y, t, space: space))
        case (.padding(let x), .padding(let y)):
            return .padding(Padding(values: zip(x.values, y.values).map { lerp($0, $1, t) }))
        case (.numberArray(let x), .numberArray(let y)):
            if x.count != y.count {
                throw EvalError("numberArray: Arrays have mismatched length (\(x.count) vs. \(y.count)), cannot interpolate.")
            }
            return .numberArray(zip(x, y).map { lerp($0, $1, t) })
        case (.colorArray(let x), .colorArray(let y)):
            if x.count != y.count {
                throw EvalError("colorArray: Arrays have mismatched length (\(x.count) vs. \(y.count)), cannot interpolate.")
            }
            return .colorArray(zip(x, y).map { Color.interpolate($0, $1, t, space: space) })
        case (.variableAnchorOffsetCollection(let x), .variableAnchorOffsetCollection(let y)):
            guard x.values.count == y.values.count else {
                throw EvalError("Cannot interpolate values of different length. from: \(JSStringify.stringify(a)), to: \(JSStringify.stringify(b))")
            }
            var out: [AnchorOffset] = []
            for (p, q) in zip(x.values, y.values) {
                guard p.anchor == q.anchor else {
                    throw EvalError("Cannot interpolate values containing mismatched anchors. from[\(out.count)]: \(p.anchor), to[\(out.count)]: \(q.anchor)")
                }
                out.append(AnchorOffset(anchor: p.anchor, offset: zip(p.offset, q.offset).map { lerp($0, $1, t) }))
            }
            return .variableAnchorOffsetCollection(VariableAnchorOffsetCollection(values: out))
        case (.array(let x), .array(let y)):
            var out: [ExpressionValue] = []
            for (i, v) in x.enumerated() {
                let p = v.number ?? .nan
                let q = i < y.count ? (y[i].number ?? .nan) : .nan
                out.append(.number(lerp(p, q, t)))
            }
            return .array(out)
        default:
            if type == .projectionDefinition {
                let from = a.string ?? a.stringValue, to = b.string ?? b.stringValue
                return .projectionDefinition(ProjectionDefinition(from: from, to: to, transition: t))
            }
            return .null
        }
    }

    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        let op = Operator(rawValue: args[0].string ?? "") ?? .rgb
        guard args.count > 1, case .array(let interp) = args[1], !interp.isEmpty else {
            return context.error("Expected an interpolation type expression.", 1)
        }
        let interpolation: InterpolationType
        switch interp[0].string {
        case "linear": interpolation = .linear
        case "exponential":
            guard interp.count > 1, let base = interp[1].number else {
                return context.error("Exponential interpolation requires a numeric base.", 1, 1)
            }
            interpolation = .exponential(base: base)
        case "cubic-bezier":
            let cps = interp.dropFirst()
            guard cps.count == 4, cps.allSatisfy({ v in v.number.map { $0 >= 0 && $0 <= 1 } ?? false }) else {
                return context.error("Cubic bezier interpolation requires four numeric arguments with values between 0 and 1.", 1)
            }
            let c = cps.map { $0.number! }
            interpolation = .cubicBezier(c[0], c[1], c[2], c[3])
        default:
            return context.error("Unknown interpolation type \(jsDisplayString(interp[0]))", 1, 0)
        }
        guard args.count - 1 >= 4 else { return context.error("Expected at least 4 arguments, but found only \(args.count - 1).") }
        guard (args.count - 1) % 2 == 0 else { return context.error("Expected an even number of arguments.") }
        guard let input = context.parse(args[2], 2, .number) else { return nil }

        var outputType: ExpressionType?
        if (op == .hcl || op == .lab) && context.expectedType != .colorArray {
            outputType = .color
        } else if let e = context.expectedType, e != .value {
            outputType = e
        }
        var labels: [Double] = [], outputs: [Expr] = []
        var i = 3
        while i < args.count {
            guard let label = args[i].number else {
                return context.error("Input/output pairs for \"interpolate\" expressions must be defined using literal numeric values (not computed expressions) for the input values.", i)
            }
            if let last = labels.last, last >= label {
                return context.error("Input/output pairs for \"interpolate\" expressions must be arranged with input values in strictly ascending order.", i)
            }
            guard i + 1 < args.count, let parsed = context.parse(args[i + 1], i + 1, outputType) else { return nil }
            outputType = outputType ?? parsed.type
            labels.append(label)
            outputs.append(parsed)
            i += 2
        }
        let ot = outputType ?? .value
        let interpolatable: [ExpressionType] = [.number, .projectionDefinition, .color, .padding, .numberArray, .colorArray,
                                                .variableAnchorOffsetCollection, .array(.number, length: nil)]
        if !interpolatable.contains(where: { ot.verify($0) }) {
            return context.error("Type \(ot) is not interpolatable.")
        }
        return InterpolateExpr(type: ot, op: op, interpolation: interpolation, input: input, labels: labels, outputs: outputs)
    }
}

/// JS `String(value)` of a JSON value (used in a few messages).
func jsDisplayString(_ v: JSONValue) -> String {
    switch v {
    case .null: return "null"
    case .string(let s): return s
    case .array(let a): return a.map { $0.isNull ? "" : jsDisplayString($0) }.joined(separator: ",")
    case .object: return "[object Object]"
    default: return ExpressionValue(json: v).stringValue
    }
}
