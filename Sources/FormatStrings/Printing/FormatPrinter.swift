extension FormatExpression {
    /// The canonical format string of this expression: parsing it back gives an expression with the same
    /// style JSON, and printing that again gives the same text.
    public func formatString() -> FormatString {
        var printer = FormatPrinter()
        let text: String
        if case .constant(.predicate) = self {
            text = printer.expression(self, 0)
        } else {
            text = printer.expression(self, 1)
        }
        return FormatString(text, arguments: printer.arguments)
    }
}

extension FormatPredicate {
    /// The canonical format string of this predicate (see ``FormatExpression/formatString()``).
    public func formatString() -> FormatString {
        var printer = FormatPrinter()
        let text = printer.predicate(self, 0)
        return FormatString(text, arguments: printer.arguments)
    }
}

/// Prints ASTs as format strings with the fewest parentheses that parse back to the same tree.
/// Constants with no inline spelling (colours, shapes, dictionaries, …) become `%@` arguments.
struct FormatPrinter {
    private(set) var arguments: [FormatArgument] = []

    /// Precedence levels of expressions, loosest first.
    enum Level {
        static let additive = 1
        static let multiplicative = 2
        static let power = 3
        static let unary = 4
        static let postfix = 5
    }

    private static let infix: [String: (String, Int)] = [
        "add:to:": ("+", Level.additive), "from:subtract:": ("-", Level.additive),
        "multiply:by:": ("*", Level.multiplicative), "divide:by:": ("/", Level.multiplicative),
        "raise:toPower:": ("**", Level.power),
    ]

    // MARK: Expressions

    mutating func expression(_ e: FormatExpression, _ minimum: Int) -> String {
        let (text, level) = render(e)
        return level < minimum ? "(" + text + ")" : text
    }

    /// A function argument: predicates are written inline there.
    private mutating func argument(_ e: FormatExpression) -> String {
        if case .constant(.predicate(let p)) = e { return predicate(p, 0) }
        return expression(e, Level.additive)
    }

    private mutating func placeholder(_ argument: FormatArgument) -> String {
        arguments.append(argument)
        return "%@"
    }

    private mutating func render(_ e: FormatExpression) -> (String, Int) {
        switch e {
        case .constant(let c):
            return constant(c)
        case .keyPath(let components):
            if components.isEmpty { return (placeholderKey(""), Level.postfix) }
            var parts: [String] = []
            for (i, c) in components.enumerated() { parts.append(key(c, first: i == 0)) }
            return (parts.joined(separator: "."), Level.postfix)
        case .variable(let name):
            if Self.isIdentifier(name) { return ("$" + name, Level.postfix) }
            return ("MLN_FUNCTION('var', \(Self.quote(name)))", Level.postfix)
        case .evaluatedObject:
            return ("SELF", Level.postfix)
        case .aggregate(let elements):
            var parts: [String] = []
            for element in elements { parts.append(expression(element, Level.additive)) }
            return ("{" + parts.joined(separator: ", ") + "}", Level.postfix)
        case .function(let name, let args):
            return function(name, args)
        case .customFunction(let target, let selector, let args):
            if selector == "valueForKeyPath:" || selector == "valueForKey:", args.count == 1, Self.isMember(args[0]) {
                // Render in text order so that placeholders and arguments line up.
                let isNumber: Bool
                if case .constant(let c) = target, c.number != nil { isNumber = true } else { isNumber = false }
                let base = isNumber ? "(" + expression(target, 0) + ")" : expression(target, Level.postfix)
                let member = args[0].constantString.map { key($0, first: false) } ?? render(args[0]).0
                return (base + "." + member, Level.postfix)
            }
            var parts = [argument(target), Self.quote(selector)]
            for a in args { parts.append(argument(a)) }
            return ("FUNCTION(" + parts.joined(separator: ", ") + ")", Level.postfix)
        case .conditional(let p, let a, let b):
            return ("TERNARY(\(predicate(p, 0)), \(argument(a)), \(argument(b)))", Level.postfix)
        }
    }

    /// Whether `key` can follow `object.`: a key, or a function call used as the key.
    private static func isMember(_ key: FormatExpression) -> Bool {
        if key.constantString != nil { return true }
        if case .function(let name, let args) = key {
            return (infix[name] == nil || args.count != 2) && name != FormatCatalog.index && name != FormatCatalog.cast
        }
        return false
    }

    /// A key path component: reserved words are escaped with `#` where a keyword would be read (first
    /// position); keys that are not identifiers become `%K` arguments.
    private mutating func key(_ component: String, first: Bool) -> String {
        guard Self.isIdentifier(component) else { return placeholderKey(component) }
        return first && FormatKeywords.all.contains(component.uppercased()) ? "#" + component : component
    }

    private mutating func placeholderKey(_ key: String) -> String {
        arguments.append(.string(key))
        return "%K"
    }

    private mutating func constant(_ c: FormatConstant) -> (String, Int) {
        switch c {
        case .null: return ("nil", Level.postfix)
        case .bool(let b): return (b ? "TRUE" : "FALSE", Level.postfix)
        case .integer(let i):
            if i == Int64.min { return (placeholder(.integer(i)), Level.postfix) }
            return ("\(i)", i < 0 ? Level.unary : Level.postfix)
        case .double(let d):
            guard d.isFinite else { return (placeholder(.number(d)), Level.postfix) }
            return ("\(d)", d.sign == .minus ? Level.unary : Level.postfix)
        case .string(let s):
            return (Self.quote(s), Level.postfix)
        case .colorClass(let name):
            return ("CAST(\(Self.quote(name)), 'Class')", Level.postfix)
        default:
            return (placeholder(FormatArgument(constant: c)), Level.postfix)
        }
    }

    private mutating func function(_ name: String, _ args: [FormatExpression]) -> (String, Int) {
        if args.count == 2, let (symbol, level) = Self.infix[name] {
            let rightLevel = level == Level.power ? Level.unary : level + 1
            return (expression(args[0], level) + " " + symbol + " " + expression(args[1], rightLevel), level)
        }
        if name == FormatCatalog.index, args.count == 2 {
            let target = expression(args[0], Level.postfix)  // first: placeholders follow the text order
            let index: String
            if let s = args[1].constantString, ["FIRST", "LAST", "SIZE"].contains(s) {
                index = s
            } else {
                index = expression(args[1], Level.additive)
            }
            return (target + "[" + index + "]", Level.postfix)
        }
        if name == FormatCatalog.cast, args.count == 2, let type = args[1].constantString {
            return ("CAST(\(argument(args[0])), \(Self.quote(type)))", Level.postfix)
        }
        var parts: [String] = []
        for a in args { parts.append(argument(a)) }
        return (Self.displayName(name, args.count) + "(" + parts.joined(separator: ", ") + ")", Level.postfix)
    }

    /// `uppercase:` with arguments is written `uppercase(…)`; multi-part selectors keep their colons.
    static func displayName(_ name: String, _ count: Int) -> String {
        if count > 0, name.hasSuffix(":"), name.firstIndex(of: ":") == name.index(before: name.endIndex) {
            return String(name.dropLast())
        }
        return name
    }

    // MARK: Predicates

    /// Levels: OR 0, AND 1, NOT 2, comparison 3.
    mutating func predicate(_ p: FormatPredicate, _ minimum: Int) -> String {
        let (text, level) = render(p, minimum)
        return level < minimum ? "(" + text + ")" : text
    }

    private mutating func render(_ p: FormatPredicate, _ minimum: Int) -> (String, Int) {
        switch p {
        case .constant(let b):
            return (b ? "TRUEPREDICATE" : "FALSEPREDICATE", 3)
        case .comparison(let c):
            var text = c.modifier == .direct ? "" : c.modifier.rawValue + " "
            text += expression(c.left, Level.additive)
            text += " " + c.op.rawValue + c.options.spelling + " "
            text += expression(c.right, Level.additive)
            return (text, 3)
        case .not(let inner):
            return ("NOT " + predicate(inner, 2), 2)
        case .and(let items):
            if items.isEmpty { return ("TRUEPREDICATE", 3) }
            if items.count == 1 { return render(items[0], minimum) }
            var parts: [String] = []
            for item in items { parts.append(predicate(item, 2)) }
            return (parts.joined(separator: " AND "), 1)
        case .or(let items):
            if items.isEmpty { return ("FALSEPREDICATE", 3) }
            if items.count == 1 { return render(items[0], minimum) }
            var parts: [String] = []
            for item in items { parts.append(predicate(item, 1)) }
            return (parts.joined(separator: " OR "), 0)
        }
    }

    // MARK: Spelling

    static func isIdentifier(_ s: String) -> Bool {
        var first = true
        for scalar in s.unicodeScalars {
            if first {
                guard FormatLexer.isIdentifierStart(scalar) else { return false }
                first = false
            } else if !FormatLexer.isIdentifierContinue(scalar) {
                return false
            }
        }
        return !first
    }

    /// A single-quoted string literal with backslash escapes.
    static func quote(_ s: String) -> String {
        var out = "'"
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "'"
    }
}
