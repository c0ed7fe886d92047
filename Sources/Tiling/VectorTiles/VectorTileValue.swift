package import GeoJSON

/// A value of a vector tile layer's value table, with the type it was stored as.
@usableFromInline
package enum VectorTileValue: Sendable, Hashable {
    /// `string_value`.
    case string(String)
    /// `float_value`.
    case float(Float)
    /// `double_value`.
    case double(Double)
    /// `int_value`.
    case int(Int64)
    /// `uint_value`.
    case uint(UInt64)
    /// `sint_value` (zigzag-encoded on the wire).
    case sint(Int64)
    /// `bool_value`.
    case bool(Bool)
    /// A value message without any known field.
    case none

    /// The value as JSON (numbers keep their integer or floating-point nature; `none` is null).
    package var jsonValue: JSONValue {
        switch self {
        case .string(let s): return .string(s)
        case .float(let f): return .double(Double(f))
        case .double(let d): return .double(d)
        case .int(let i), .sint(let i): return .int(i)
        case .uint(let u): return u <= UInt64(Int64.max) ? .int(Int64(u)) : .uint(u)
        case .bool(let b): return .bool(b)
        case .none: return .null
        }
    }

    /// The tile value for a JSON property, as vt-pbf writes them: integers as `uint`/`sint`, other
    /// numbers as `double`, arrays and objects as their JSON text; `nil` for null (not written).
    package init?(_ json: JSONValue) {
        switch json {
        case .null: return nil
        case .bool(let b): self = .bool(b)
        case .int(let i): self = i < 0 ? .sint(i) : .uint(UInt64(i))
        case .uint(let u): self = .uint(u)
        case .double(let d): self = .double(d)
        case .string(let s): self = .string(s)
        case .array, .object: self = .string(json.serialized())
        }
    }

    /// Reads a `Value` message.
    static func read(_ r: inout ProtobufReader) throws(VectorTileError) -> VectorTileValue {
        // Fast path: a message holding one field with a one-byte key (what encoders write).
        if r.position < r.end {
            let start = r.position
            var value: VectorTileValue?
            r.position += 1
            switch r.bytes[start] {
            case 0x0a: value = .string(try r.string())
            case 0x15: value = .float(Float(bitPattern: try r.fixed32()))
            case 0x19: value = .double(Double(bitPattern: try r.fixed64()))
            case 0x20: value = .int(Int64(bitPattern: try r.varint()))
            case 0x28: value = .uint(try r.varint())
            case 0x30: value = .sint(zigzag(try r.varint()))
            case 0x38: value = .bool(try r.varint() != 0)
            default: break
            }
            if let value, r.isAtEnd { return value }
            r.position = start
        }
        var value = VectorTileValue.none
        while !r.isAtEnd {
            let at = r.position
            let (field, wire) = try r.key()
            switch field {
            case 1: try ProtobufReader.expect(wire, 2, field: field, at: at); value = .string(try r.string())
            case 2: try ProtobufReader.expect(wire, 5, field: field, at: at); value = .float(Float(bitPattern: try r.fixed32()))
            case 3: try ProtobufReader.expect(wire, 1, field: field, at: at); value = .double(Double(bitPattern: try r.fixed64()))
            case 4: try ProtobufReader.expect(wire, 0, field: field, at: at); value = .int(Int64(bitPattern: try r.varint()))
            case 5: try ProtobufReader.expect(wire, 0, field: field, at: at); value = .uint(try r.varint())
            case 6: try ProtobufReader.expect(wire, 0, field: field, at: at); value = .sint(zigzag(try r.varint()))
            case 7: try ProtobufReader.expect(wire, 0, field: field, at: at); value = .bool(try r.varint() != 0)
            default: try r.skip(wire: wire, field: field, keyOffset: at)
            }
        }
        return value
    }
}
