import GeoJSON

typealias ExprParser = @Sendable (_ args: [JSONValue], _ context: ParsingContext) -> Expr?

/// Operator name → parser (the spec's expression registry).
enum Registry {
    static let parsers: [String: ExprParser] = {
        var r: [String: ExprParser] = [
            "==": ComparisonExpr.parse, "!=": ComparisonExpr.parse, ">": ComparisonExpr.parse, "<": ComparisonExpr.parse,
            ">=": ComparisonExpr.parse, "<=": ComparisonExpr.parse,
            "array": AssertionExpr.parse, "boolean": AssertionExpr.parse, "number": AssertionExpr.parse,
            "object": AssertionExpr.parse, "string": AssertionExpr.parse,
            "at": AtExpr.parse, "case": CaseExpr.parse, "coalesce": CoalesceExpr.parse, "collator": CollatorExpr.parse,
            "format": FormatExpr.parse, "image": ImageExpr.parse, "in": InExpr.parse, "index-of": IndexOfExpr.parse,
            "interpolate": InterpolateExpr.parse, "interpolate-hcl": InterpolateExpr.parse, "interpolate-lab": InterpolateExpr.parse,
            "length": LengthExpr.parse, "let": LetExpr.parse, "literal": LiteralExpr.parse, "match": MatchExpr.parse,
            "number-format": NumberFormatExpr.parse, "slice": SliceExpr.parse, "step": StepExpr.parse,
            "to-boolean": CoercionExpr.parse, "to-color": CoercionExpr.parse, "to-number": CoercionExpr.parse,
            "to-string": CoercionExpr.parse, "var": VarExpr.parse, "within": WithinExpr.parse, "distance": DistanceExpr.parse,
            "global-state": GlobalStateExpr.parse, "semiliteral": SemiliteralExpr.parse,
        ]
        for name in CompoundDefinitions.all.keys where r[name] == nil { r[name] = CompoundExpr.parse }
        return r
    }()

    /// Whether `name` is an expression operator.
    static func isOperator(_ name: String) -> Bool { parsers[name] != nil }
}

/// Static classification of parsed trees (the spec's `isFeatureConstant`, `isGlobalPropertyConstant`, …).
enum Classification {
    static func isFeatureConstant(_ e: Expr) -> Bool {
        if let c = e as? CompoundExpr {
            if c.name == "get" && c.args.count == 1 { return false }
            if c.name == "feature-state" { return false }
            if c.name == "has" && c.args.count == 1 { return false }
            if c.name == "properties" || c.name == "geometry-type" || c.name == "id" { return false }
            if c.name.hasPrefix("filter-") { return false }
        }
        if e is WithinExpr || e is DistanceExpr { return false }
        return e.children.allSatisfy(isFeatureConstant)
    }

    static func isStateConstant(_ e: Expr) -> Bool {
        if let c = e as? CompoundExpr, c.name == "feature-state" { return false }
        return e.children.allSatisfy(isStateConstant)
    }

    static func isGlobalPropertyConstant(_ e: Expr, _ properties: Set<String>) -> Bool {
        if let c = e as? CompoundExpr, properties.contains(c.name) { return false }
        return e.children.allSatisfy { isGlobalPropertyConstant($0, properties) }
    }

    static let globalProperties: Set<String> = ["zoom", "heatmap-density", "elevation", "line-progress", "accumulated", "is-supported-script"]

    /// Whether a subtree can be evaluated once at parse time.
    static func isConstant(_ e: Expr) -> Bool {
        if let v = e as? VarExpr { return isConstant(v.bound) }
        if let c = e as? CompoundExpr, c.name == "error" { return false }
        if e is CollatorExpr || e is WithinExpr || e is DistanceExpr { return false }
        if let g = e as? GlobalStateExpr, g.bound == nil { return false }
        let isAnnotation = e is CoercionExpr || e is AssertionExpr
        for child in e.children {
            if isAnnotation { if !isConstant(child) { return false } } else if !(child is LiteralExpr) { return false }
        }
        return isFeatureConstant(e) && isGlobalPropertyConstant(e, globalProperties)
    }

    /// Whether any node reads the feature geometry or geometry type.
    static func readsGeometry(_ e: Expr) -> Bool {
        if e is WithinExpr || e is DistanceExpr { return true }
        if let c = e as? CompoundExpr, c.name == "geometry-type" || c.name.hasPrefix("filter-type-") { return true }
        return e.children.contains(where: readsGeometry)
    }

    /// Keys read by `global-state` anywhere in the tree.
    /// Whether a `global-state` node reads the evaluation context's state (it was not bound at parse time).
    static func readsUnboundGlobalState(_ e: Expr) -> Bool {
        if let g = e as? GlobalStateExpr, g.bound == nil { return true }
        return e.children.contains(where: readsUnboundGlobalState)
    }

    /// Whether any `global-state` node is in the tree.
    static func readsGlobalState(_ e: Expr) -> Bool {
        e is GlobalStateExpr || e.children.contains(where: readsGlobalState)
    }

    static func globalStateRefs(_ e: Expr, into refs: inout Set<String>) {
        if let g = e as? GlobalStateExpr { refs.insert(g.key) }
        for c in e.children { globalStateRefs(c, into: &refs) }
    }
}
