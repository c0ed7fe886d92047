import Expressions
import Foundation
import JSON

/// Properties compiled before, shared by every layer and style of the process: the same value of the
/// same property compiles to the same expression, so a style whose layers repeat values (defaults above
/// all: every unset property of every layer compiles its default) parses each once.
///
/// Only compilations that read no global state are kept (those depend on the state as well as the
/// value). Defaults are few (one per property of each layer type) and always kept; set values are
/// bounded: past ``capacity`` of them the memo of set values starts again empty. Thread-safe.
final class CompiledPropertyMemo: @unchecked Sendable {
    struct Key: Hashable {
        var layerType: LayerType
        var name: String
        /// The value as set (`nil`: unset, the default).
        var source: JSONValue?
        /// The property's Swift value type (a property compiles to one type).
        var valueType: ObjectIdentifier
    }

    static let shared = CompiledPropertyMemo()
    /// The most compiled set values kept.
    static let capacity = 8192

    private let lock = NSLock()
    // guarded by `lock`: `CompiledProperty<Value>` values, by key
    private var defaults: [Key: any Sendable] = [:]
    private var values: [Key: any Sendable] = [:]

    func property<Value>(_ key: Key, as type: CompiledProperty<Value>.Type) -> CompiledProperty<Value>? {
        lock.withLock { key.source == nil ? defaults[key] : values[key] } as? CompiledProperty<Value>
    }

    func insert<Value>(_ property: CompiledProperty<Value>, for key: Key) {
        lock.withLock {
            if key.source == nil {
                defaults[key] = property
                return
            }
            if values.count >= Self.capacity { values.removeAll(keepingCapacity: true) }
            values[key] = property
        }
    }
}
