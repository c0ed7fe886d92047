package import GeoJSON

/// A layer filter of the shapes production styles are made of, evaluated straight on a feature: `all`, `any` and
/// `!` over a property or the geometry type compared with literals (legacy `==`, `!=`, `in`, `!in`, `has`, `!has`,
/// `$type`; expression `==`, `!=`, `in` and `match` with boolean outputs, `has`), with no `EvaluationContext`, no
/// `FeatureView` and no `ExpressionValue` per value.
///
/// A style's hundred layers filter every feature of their source layer at layout; through the general evaluator
/// that is most of a cold frame's time (reference counting of the views and values). ``FeatureFilter`` compiles one
/// from the same JSON its expression is parsed from, when every node has one of these shapes, and its answer is the
/// expression evaluator's (`FilterPredicateTests` checks both on the same features).
package struct FilterPredicate: Sendable {
    /// What a comparison reads.
    package enum Operand: Sendable, Equatable {
        /// A property (`["get", key]`, a legacy filter's key).
        case property(String)
        /// `["geometry-type"]`: the geometry's GeoJSON type (`"MultiLineString"`).
        case geometryType
        /// A legacy filter's `$type`: the basic type (`"LineString"` for a `MultiLineString` too).
        case basicGeometryType
    }

    /// A string, number or boolean literal.
    package enum Literal: Sendable, Equatable {
        case string(String)
        case number(Double)
        case boolean(Bool)

        init?(_ json: JSONValue) {
            switch json {
            case .string(let s): self = .string(s)
            case .int(let i): self = .number(Double(i))
            case .uint(let u): self = .number(Double(u))
            case .double(let d): self = .number(d)
            case .bool(let b): self = .boolean(b)
            default: return nil
            }
        }

        /// JavaScript's `===` between this literal and a JSON value (numbers by value, `NaN` equal to nothing).
        @inline(__always)
        func equals(_ value: JSONValue) -> Bool {
            switch (self, value) {
            case (.string(let a), .string(let b)): return a == b
            case (.number(let a), .int(let b)): return a == Double(b)
            case (.number(let a), .uint(let b)): return a == Double(b)
            case (.number(let a), .double(let b)): return a == b
            case (.boolean(let a), .bool(let b)): return a == b
            default: return false
            }
        }
    }

    /// One node of the tree, stored flat: a node's children follow it, and `end` is the index just past its
    /// subtree (so a parent walks its children without pointers, and evaluating copies nothing).
    struct Node: Sendable {
        enum Kind: UInt8, Sendable {
            /// `flag`.
            case constant
            case all, any, not
            /// The operand is present and strictly equal (JavaScript's `===`) to one of `literals[first..<first+count]`.
            case oneOf
            /// `match`: `matchTables[first]`'s output for the label the operand equals (a string among string labels,
            /// a number among number labels), else `flag`.
            case match
            /// The property `operands[operand]` is present (even as `null`).
            case has
        }
        var kind: Kind
        var flag = false
        var operand: Int32 = 0
        var first: Int32 = 0
        var count: Int32 = 0
        var end: Int32 = 0
    }

    let nodes: [Node]
    let operands: [Operand]
    let literals: [Literal]
    let matchTables: [(strings: [String: Bool], numbers: [Double: Bool])]

    /// Whether `feature` passes.
    package func evaluate(_ feature: GeoJSONFeature) -> Bool {
        let reader = FeatureReader(feature: feature)
        return nodes.withUnsafeBufferPointer { nodes in
            operands.withUnsafeBufferPointer { operands in
                literals.withUnsafeBufferPointer { literals in
                    Self.evaluate(0, nodes, operands, literals, matchTables, reader)
                }
            }
        }
    }

    /// What the nodes read of one feature: its properties where the feature keeps them, and its type.
    struct FeatureReader {
        let feature: GeoJSONFeature

        @inline(__always)
        func value<R>(_ key: String, _ body: (JSONValue?) -> R) -> R {
            feature.withProperties { properties in body(properties?[key]) }
        }

        @inline(__always)
        func has(_ key: String) -> Bool { feature.withProperties { properties in properties?.position(of: key) != nil } }

        /// The feature's type as `["geometry-type"]` (the GeoJSON type) or a legacy `$type` (the basic type: a vector
        /// tile's as the tile stores it, a `Multi…` GeoJSON type as its single form) reads it; the same as
        /// `FeatureView.geometryType` and `.basicGeometryType`.
        func type(_ operand: Operand) -> String? {
            if operand == .basicGeometryType, let d = feature.deferredGeometry { return d.source.basicGeometryType(at: d.index)?.rawValue }
            guard let geometryType = feature.geometryType else { return nil }
            guard operand == .basicGeometryType else { return geometryType.rawValue }
            switch geometryType {
            case .multiPoint: return GeometryType.point.rawValue
            case .multiLineString: return GeometryType.lineString.rawValue
            case .multiPolygon: return GeometryType.polygon.rawValue
            default: return geometryType.rawValue
            }
        }
    }

    private static func evaluate(_ i: Int, _ nodes: UnsafeBufferPointer<Node>, _ operands: UnsafeBufferPointer<Operand>,
                                 _ literals: UnsafeBufferPointer<Literal>, _ tables: [(strings: [String: Bool], numbers: [Double: Bool])],
                                 _ reader: FeatureReader) -> Bool {
        let node = nodes[i]
        switch node.kind {
        case .constant: return node.flag
        case .all, .any:
            let wanted = node.kind == .any
            var child = i + 1
            while child < Int(node.end) {
                if evaluate(child, nodes, operands, literals, tables, reader) == wanted { return wanted }
                child = Int(nodes[child].end)
            }
            return !wanted
        case .not: return !evaluate(i + 1, nodes, operands, literals, tables, reader)
        case .has:
            guard case .property(let key) = operands[Int(node.operand)] else { return false }
            return reader.has(key)
        case .oneOf:
            let range = Int(node.first)..<Int(node.first + node.count)
            switch operands[Int(node.operand)] {
            case .property(let key):
                return reader.value(key) { value in
                    guard let value else { return false }
                    for l in range where literals[l].equals(value) { return true }
                    return false
                }
            case let operand:
                guard let type = reader.type(operand) else { return false }
                for l in range { if case .string(let s) = literals[l], s == type { return true } }
                return false
            }
        case .match:
            let table = tables[Int(node.first)]
            switch operands[Int(node.operand)] {
            case .property(let key):
                return reader.value(key) { value in
                    switch value {
                    case .string(let s)?: return table.strings[s] ?? node.flag
                    case .int(let v)?: return table.numbers[Double(v)] ?? node.flag
                    case .uint(let v)?: return table.numbers[Double(v)] ?? node.flag
                    case .double(let v)?: return table.numbers[v] ?? node.flag
                    default: return node.flag
                    }
                }
            case let operand:
                guard let type = reader.type(operand) else { return node.flag }
                return table.strings[type] ?? node.flag
            }
        }
    }
}

extension FilterPredicate {
    /// The predicate for a filter's JSON as `FeatureFilter` parses it (legacy filters already converted to the internal
    /// `filter-*` operators), or nil when a node has another shape (the expression evaluator then runs).
    package init?(json: JSONValue) {
        var builder = Builder()
        guard builder.add(json) else { return nil }
        nodes = builder.nodes
        operands = builder.operands
        literals = builder.literals
        matchTables = builder.matchTables
    }

    /// Writes the nodes of a filter's tree in prefix order.
    private struct Builder {
        var nodes: [Node] = []
        var operands: [Operand] = []
        var literals: [Literal] = []
        var matchTables: [(strings: [String: Bool], numbers: [Double: Bool])] = []

        /// Adds `json`'s subtree; false when a node has a shape the predicate does not evaluate.
        mutating func add(_ json: JSONValue) -> Bool {
            if case .bool(let b) = json { return leaf(Node(kind: .constant, flag: b)) }
            guard case .array(let a) = json, let op = a.first?.string else { return false }
            let args = Array(a.dropFirst())
            switch op {
            case "all", "any":
                return parent(op == "all" ? .all : .any) { b in args.allSatisfy { b.add($0) } }
            case "!":
                guard args.count == 1 else { return false }
                return parent(.not) { b in b.add(args[0]) }
            // the internal operators legacy filters are converted to (LegacyFilter.convertToInternal)
            case "filter-==":
                guard args.count == 2, let key = args[0].string, let literal = Literal(args[1]) else { return false }
                return oneOf(.property(key), [literal])
            case "filter-in-small", "filter-in-large":
                guard args.count == 2, let key = args[0].string, let list = Self.literalList(args[1]) else { return false }
                return oneOf(.property(key), list)
            case "filter-has", "has":
                guard args.count == 1, let key = args[0].string else { return false }
                return leaf(Node(kind: .has, operand: operand(.property(key))))
            case "filter-type-==":
                guard args.count == 1, let literal = Literal(args[0]) else { return false }
                return oneOf(.basicGeometryType, [literal])
            case "filter-type-in":
                guard args.count == 1, let list = Self.literalList(args[0]) else { return false }
                return oneOf(.basicGeometryType, list)
            // expression syntax: a property or the geometry type compared with literals
            case "==", "!=":
                guard args.count == 2 else { return false }
                let pair: (Operand, Literal)
                if let o = Self.operand(args[0]), let l = Literal(args[1]) {
                    pair = (o, l)
                } else if let o = Self.operand(args[1]), let l = Literal(args[0]) {
                    pair = (o, l)
                } else {
                    return false
                }
                if op == "==" { return oneOf(pair.0, [pair.1]) }
                return parent(.not) { b in b.oneOf(pair.0, [pair.1]) }
            case "in":
                guard args.count == 2, let o = Self.operand(args[0]), let list = Self.literalList(args[1]) else { return false }
                return oneOf(o, list)
            case "match":
                return match(args)
            default:
                return false
            }
        }

        mutating func leaf(_ node: Node) -> Bool {
            var node = node
            node.end = Int32(nodes.count + 1)
            nodes.append(node)
            return true
        }

        mutating func parent(_ kind: Node.Kind, children: (inout Builder) -> Bool) -> Bool {
            let at = nodes.count
            nodes.append(Node(kind: kind))
            guard children(&self) else { return false }
            nodes[at].end = Int32(nodes.count)
            return true
        }

        mutating func operand(_ o: Operand) -> Int32 {
            if let i = operands.firstIndex(of: o) { return Int32(i) }
            operands.append(o)
            return Int32(operands.count - 1)
        }

        mutating func oneOf(_ o: Operand, _ list: [Literal]) -> Bool {
            let first = Int32(literals.count)
            literals.append(contentsOf: list)
            return leaf(Node(kind: .oneOf, operand: operand(o), first: first, count: Int32(list.count)))
        }

        /// `["match", operand, labels, output, …, fallback]` with boolean outputs and labels all strings or all
        /// numbers (the parser refuses anything else, and repeated labels, so a filter that reached here is well
        /// formed).
        mutating func match(_ args: [JSONValue]) -> Bool {
            guard args.count >= 4, args.count % 2 == 0, let o = Self.operand(args[0]),
                  case .bool(let fallback) = args[args.count - 1] else { return false }
            var strings: [String: Bool] = [:], numbers: [Double: Bool] = [:]
            var i = 1
            while i < args.count - 1 {
                guard case .bool(let output) = args[i + 1] else { return false }
                let labels: [JSONValue]
                if case .array(let list) = args[i] { labels = list } else { labels = [args[i]] }
                for label in labels {
                    switch Literal(label) {
                    case .string(let s)?: if strings[s] == nil { strings[s] = output }
                    case .number(let n)?: if numbers[n] == nil { numbers[n] = output }
                    default: return false
                    }
                }
                i += 2
            }
            if !strings.isEmpty && !numbers.isEmpty { return false }
            matchTables.append((strings, numbers))
            return leaf(Node(kind: .match, flag: fallback, operand: operand(o), first: Int32(matchTables.count - 1)))
        }

        /// `["get", key]` or `["geometry-type"]`.
        static func operand(_ json: JSONValue) -> Operand? {
            guard case .array(let a) = json, let op = a.first?.string else { return nil }
            if op == "get", a.count == 2, let key = a[1].string { return .property(key) }
            if op == "geometry-type", a.count == 1 { return .geometryType }
            return nil
        }

        /// `["literal", [a, b, …]]` of strings, numbers and booleans.
        static func literalList(_ json: JSONValue) -> [Literal]? {
            guard case .array(let wrapper) = json, wrapper.count == 2, wrapper[0].string == "literal",
                  case .array(let values) = wrapper[1] else { return nil }
            var out: [Literal] = []
            for v in values {
                guard let l = Literal(v) else { return nil }
                out.append(l)
            }
            return out
        }
    }
}
