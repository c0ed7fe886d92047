import Foundation
import Expressions
import MapStyle

/// A bucket's paint values that depend on the feature alone (`["get", "colour"]`): evaluated for
/// every feature once, then reused by every frame until the property changes.
///
/// Values are keyed by the compiled expression's identity, so a new value of the property (a new
/// compiled expression) is evaluated afresh; values that read the zoom or feature state are
/// evaluated every frame and never kept here.
final class PaintMemo: @unchecked Sendable {
    private let lock = NSLock()
    private struct Key: Hashable {
        var expression: ObjectIdentifier
        var type: ObjectIdentifier
    }
    private var values: [Key: (expression: Expressions.Expression, values: any Sendable)] = [:]
    /// A bucket keeps values for at most this many expressions (a style animating a property
    /// through many values does not grow it without end).
    static let capacity = 64

    /// The values `compute` returns for `expression`, computed once.
    func values<T: Sendable>(for expression: Expressions.Expression, _ compute: () -> [T]) -> [T] {
        let key = Key(expression: expression.identity, type: ObjectIdentifier(T.self))
        if let hit = lock.withLock({ values[key] }), let typed = hit.values as? [T] { return typed }
        let computed = compute()
        lock.withLock {
            if values.count >= Self.capacity { values.removeAll() }
            values[key] = (expression, computed)
        }
        return computed
    }
}
