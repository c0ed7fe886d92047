/// The stops of a top-level `interpolate` or `step` expression: what a colour ramp texture is sampled at
/// (`color-relief-color` over `["elevation"]`, as MapLibre GL JS reads it).
package struct ExpressionRamp: Sendable, Equatable {
    /// How the ramp goes from one stop to the next.
    package enum Kind: Sendable, Equatable {
        /// `interpolate`, `interpolate-hcl`, `interpolate-lab` (any curve).
        case interpolate
        /// `step`: each stop's output holds up to the next stop.
        case step
    }

    package var kind: Kind
    /// The stop inputs in ascending order (a `step`'s first output has none: it starts at -infinity).
    package var labels: [Double]
}

extension Expression {
    /// The ramp of the expression when its root is an `interpolate` or `step` (not one inside another
    /// expression), or nil: GL JS draws a colour ramp from its root `interpolate` alone.
    package var ramp: ExpressionRamp? {
        if let i = root as? InterpolateExpr { return ExpressionRamp(kind: .interpolate, labels: i.labels) }
        if let s = root as? StepExpr { return ExpressionRamp(kind: .step, labels: s.labels) }
        return nil
    }

    /// Whether the expression reads `["elevation"]` anywhere.
    package var readsElevation: Bool { !Classification.isGlobalPropertyConstant(root, ["elevation"]) }
}
