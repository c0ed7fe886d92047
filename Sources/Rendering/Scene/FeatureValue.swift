/// A paint value for every feature of a layer: one constant, or one pre-evaluated value per feature.
///
/// The style layer evaluates data-driven properties (zoom + feature) once and hands the renderer an array
/// indexed like the layer's `features`; zoom-only or constant properties become `.constant`.
package enum FeatureValue<Value: Sendable>: Sendable {
    /// The same value for every feature.
    case constant(Value)
    /// One value per feature, indexed like the layer's feature array (missing indices fall back to the last value).
    case perFeature([Value])

    /// The value for feature `index`.
    @inlinable
    package subscript(index: Int) -> Value {
        switch self {
        case .constant(let value):
            return value
        case .perFeature(let values):
            if index < values.count { return values[index] }
            return values[values.count - 1]
        }
    }

    /// Whether the value is the same for every feature.
    package var isConstant: Bool {
        if case .constant = self { return true }
        return false
    }
}

extension FeatureValue where Value == Double {
    /// The largest value over every feature (0 for none).
    package var largest: Double { largest { $0 } }

    /// The largest magnitude over every feature (0 for none).
    package var largestMagnitude: Double { largest(of: abs) }

    private func largest(of f: (Double) -> Double) -> Double {
        switch self {
        case .constant(let value): return f(value)
        case .perFeature(let values): return values.lazy.map(f).max() ?? 0
        }
    }
}

extension FeatureValue: ExpressibleByIntegerLiteral where Value == Double {
    /// A constant number.
    package init(integerLiteral value: Int) { self = .constant(Double(value)) }
}

extension FeatureValue: ExpressibleByFloatLiteral where Value == Double {
    /// A constant number.
    package init(floatLiteral value: Double) { self = .constant(value) }
}
