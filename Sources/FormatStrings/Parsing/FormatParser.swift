/// A recursive-descent parser for the predicate and expression format syntax.
///
/// Precedence, loosest first: `OR`/`||`, `AND`/`&&`, `NOT`/`!`, comparisons, `+ -`, `* /`, `**`,
/// unary minus, postfix (`[index]`, `.key`), primaries. Keywords are case-insensitive. Nesting is
/// capped at ``maximumDepth`` so that hostile input cannot exhaust the stack.
struct FormatParser {
    /// Deepest nesting of parentheses, function calls, aggregates and NOTs accepted.
    static let maximumDepth = 96

    /// What a sub-parse produced: predicates and expressions share parentheses and argument lists.
    enum Node {
        case expression(FormatExpression)
        case predicate(FormatPredicate)
    }

    private let scalars: [Unicode.Scalar]
    private let tokens: [FormatToken]
    private var index = 0
    private let arguments: [FormatArgument]
    private var argumentIndex = 0
    private var depth = 0

    init(_ format: String, arguments: [FormatArgument]) throws(FormatStringError) {
        var lexer = FormatLexer(format)
        scalars = lexer.scalars
        tokens = try lexer.tokenize()
        self.arguments = arguments
    }

    // MARK: Entry points

    mutating func parsePredicate() throws(FormatStringError) -> FormatPredicate {
        try expectSomething("a predicate such as key == 'value'")
        let node = try parseOr()
        try expectEnd(what: "predicate")
        return try predicate(node, at: 0)
    }

    mutating func parseExpression() throws(FormatStringError) -> FormatExpression {
        try expectSomething("an expression such as key, 1 + 2 or uppercase(name)")
        let node = try parseOr()
        try expectEnd(what: "expression")
        switch node {
        case .expression(let e): return e
        case .predicate:
            throw error(.syntax, "Found a predicate where an expression was expected.", at: 0,
                        suggestion: "Use TERNARY(predicate, ifTrue, ifFalse) or MLN_IF(…), or parse it as a predicate.")
        }
    }

    // MARK: Helpers

    private var current: FormatToken { tokens[index] }

    private func peekToken(_ ahead: Int = 1) -> FormatToken {
        tokens[min(index + ahead, tokens.count - 1)]
    }

    private mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    private func location(_ offset: Int) -> FormatSourceLocation {
        FormatLexer.location(of: offset, in: scalars)
    }

    private func error(
        _ kind: FormatStringError.Kind, _ message: String, at offset: Int, suggestion: String? = nil
    ) -> FormatStringError {
        FormatStringError(kind, message, suggestion: suggestion, location: location(offset))
    }

    /// Attaches a position to an error raised by a shared check.
    private func located(_ e: FormatStringError, _ offset: Int) -> FormatStringError {
        var e = e
        if e.location == nil { e.location = location(offset) }
        return e
    }

    private func unexpected(_ expected: String) -> FormatStringError {
        let t = current
        if t.kind == .end {
            return error(.syntax, "Unexpected end of input; expected \(expected).", at: t.offset)
        }
        return error(.syntax, "Unexpected ‘\(t.spelling)’; expected \(expected).", at: t.offset)
    }

    private func expectSomething(_ what: String) throws(FormatStringError) {
        if current.kind == .end {
            throw error(.syntax, "The format string is empty; expected \(what).", at: 0)
        }
    }

    private mutating func expectEnd(what: String) throws(FormatStringError) {
        guard current.kind == .end else {
            let t = current
            var suggestion: String? = what == "predicate" ? "Join predicates with AND or OR." : nil
            if case .identifier = t.kind, t.keyword == nil {
                suggestion = "Operators are ==, !=, <, <=, >, >=, IN, CONTAINS and BETWEEN; keys that are not "
                    + "identifiers need %K."
            }
            throw error(.syntax, "Unexpected ‘\(t.spelling)’ after the end of the \(what).", at: t.offset,
                        suggestion: suggestion)
        }
    }

    private mutating func expectPunctuation(_ c: Character, _ context: String) throws(FormatStringError) {
        guard current.isPunctuation(c) else { throw unexpected("‘\(c)’ \(context)") }
        advance()
    }

    private mutating func enter() throws(FormatStringError) {
        depth += 1
        if depth > FormatParser.maximumDepth {
            throw error(.tooDeep, "Nesting is deeper than \(FormatParser.maximumDepth) levels.", at: current.offset,
                        suggestion: "Simplify the expression or split it with MLN_LET.")
        }
    }

    /// Whether the current token is `word` (an upper-cased keyword) or the operator spelling `symbol`.
    private func isConnective(_ word: String, _ symbol: String) -> Bool {
        current.keyword == word || current.isOperator(symbol)
    }

    /// The predicate a node stands for (a `%@` predicate argument counts).
    private func predicate(_ node: Node, at offset: Int) throws(FormatStringError) -> FormatPredicate {
        switch node {
        case .predicate(let p): return p
        case .expression(.constant(.predicate(let p))): return p
        case .expression:
            throw error(.syntax, "Expected a predicate but found an expression.", at: offset,
                        suggestion: "Compare it with a value (e.g. key == 'value', TRUE = expression) or use "
                            + "TRUEPREDICATE / FALSEPREDICATE.")
        }
    }

    /// The expression a node stands for as an operand: predicates are not values here.
    private func operand(_ node: Node, at offset: Int) throws(FormatStringError) -> FormatExpression {
        switch node {
        case .expression(let e): return e
        case .predicate:
            throw error(.syntax, "A predicate cannot be used as an operand here.", at: offset,
                        suggestion: "Use TERNARY(predicate, ifTrue, ifFalse) to turn a predicate into a value.")
        }
    }

    /// A function argument: a predicate becomes a constant predicate (as `MLN_IF` conditions are).
    private func argumentExpression(_ node: Node) -> FormatExpression {
        switch node {
        case .expression(let e): return e
        case .predicate(let p): return .constant(.predicate(p))
        }
    }

    // MARK: Predicates

    private mutating func parseOr() throws(FormatStringError) -> Node {
        try enter()
        defer { depth -= 1 }
        let first = current.offset
        let node = try parseAnd()
        guard isConnective("OR", "||") else { return node }
        var items = [try predicate(node, at: first)]
        while isConnective("OR", "||") {
            advance()
            let offset = current.offset
            items.append(try predicate(try parseAnd(), at: offset))
        }
        return .predicate(.or(items))
    }

    private mutating func parseAnd() throws(FormatStringError) -> Node {
        let first = current.offset
        let node = try parseNot()
        guard isConnective("AND", "&&") else { return node }
        var items = [try predicate(node, at: first)]
        while isConnective("AND", "&&") {
            advance()
            let offset = current.offset
            items.append(try predicate(try parseNot(), at: offset))
        }
        return .predicate(.and(items))
    }

    private mutating func parseNot() throws(FormatStringError) -> Node {
        guard isConnective("NOT", "!") else { return try parseComparison() }
        try enter()
        defer { depth -= 1 }
        advance()
        let offset = current.offset
        return .predicate(.not(try predicate(try parseNot(), at: offset)))
    }

    private mutating func parseComparison() throws(FormatStringError) -> Node {
        let start = current.offset
        var modifierWord: String?
        if let k = current.keyword, k == "ANY" || k == "SOME" || k == "ALL" || k == "NONE" {
            modifierWord = k
            advance()
        }
        let left = try parseAdditive()
        guard let (op, opOffset) = try comparisonOperator() else {
            if let modifierWord {
                throw unexpected("a comparison operator after \(modifierWord) (ANY haystack = needle, ALL haystack != needle)")
            }
            return left
        }
        advance()
        let options = try parseOptions()
        let lhs = try operand(left, at: start)
        let rightOffset = current.offset
        let rhs = try operand(try parseAdditive(), at: rightOffset)

        var modifier = FormatComparisonModifier.direct
        let word = modifierWord ?? ""
        switch modifierWord {
        case "ANY", "SOME", "NONE":
            modifier = .any
            guard op == .equal else {
                throw error(.unsupported, "\(word) is only supported with the = operator.", at: start,
                            suggestion: "Write ANY haystack = needle (or NONE haystack = needle); for other tests use "
                                + "needle IN haystack or NOT needle IN haystack.")
            }
        case "ALL":
            modifier = .all
            guard op == .notEqual else {
                throw error(.unsupported, "ALL is only supported with the != operator.", at: start,
                            suggestion: "Write ALL haystack != needle (the same as NOT needle IN haystack).")
            }
        default:
            break
        }
        if modifier != .direct && !options.isEmpty {
            throw error(.unsupported, "Options such as [c] and [d] cannot be combined with \(word).", at: start,
                        suggestion: "Drop the options, or compare without a modifier: needle IN haystack.")
        }
        if !options.isEmpty && !op.acceptsOptions {
            throw error(.unsupported, "Options such as [c] and [d] cannot be used with \(op.rawValue).", at: opOffset,
                        suggestion: "Options apply to ==, !=, <, <=, > and >=.")
        }
        if op == .between {
            guard let limits = rhs.aggregateElements, limits.count == 2 else {
                throw error(.syntax, "BETWEEN needs a pair of limits.", at: rightOffset,
                            suggestion: "Write key BETWEEN {lower, upper}.")
            }
        }
        let selfIsValid = (op == .in && lhs == .evaluatedObject) || (op == .contains && rhs == .evaluatedObject)
        if !selfIsValid && (lhs == .evaluatedObject || rhs == .evaluatedObject) {
            throw error(.unsupported, "SELF can only be compared with IN a shape.", at: start,
                        suggestion: "Write SELF IN %@ with a polygon, or use mgl_does:have:(SELF, 'key').")
        }
        let comparison = FormatPredicate.comparison(FormatComparison(lhs, op, rhs, modifier: modifier, options: options))
        return .predicate(modifierWord == "NONE" ? .not(comparison) : comparison)
    }

    /// The comparison operator at the current token, if any; rejects the ones the SDK does not support.
    private func comparisonOperator() throws(FormatStringError) -> (FormatComparisonOperator, Int)? {
        let t = current
        switch t.kind {
        case .op(let o):
            if let op = FormatComparisonOperator(rawValue: o) { return (op, t.offset) }
            return nil
        case .selector(let name):
            throw error(.unsupported, "Custom selector comparisons such as ‘\(name)’ are not supported.", at: t.offset,
                        suggestion: "Use ==, !=, <, <=, >, >=, IN, CONTAINS or BETWEEN.")
        case .identifier:
            switch t.keyword {
            case "IN": return (.in, t.offset)
            case "CONTAINS": return (.contains, t.offset)
            case "BETWEEN": return (.between, t.offset)
            case let word? where ["BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES"].contains(word):
                throw error(.unsupported, "The \(word) operator is not supported.", at: t.offset,
                            suggestion: "Use ==, !=, <, <=, >, >=, IN or CONTAINS ('text' IN key or key CONTAINS 'text' "
                                + "for substrings), optionally with [c] or [d].")
            default: return nil
            }
        default:
            return nil
        }
    }

    private mutating func parseOptions() throws(FormatStringError) -> FormatComparisonOptions {
        guard current.isPunctuation("["), case .identifier(let letters, false) = peekToken().kind,
              peekToken(2).isPunctuation("]")
        else { return [] }
        let offset = current.offset
        var options: FormatComparisonOptions = []
        for letter in letters.lowercased() {
            switch letter {
            case "c": options.insert(.caseInsensitive)
            case "d": options.insert(.diacriticInsensitive)
            default:
                throw error(.unsupported, "The comparison option ‘\(letter)’ is not supported.", at: offset,
                            suggestion: "Use [c] (case-insensitive), [d] (diacritic-insensitive) or [cd].")
            }
        }
        advance(); advance(); advance()
        return options
    }

    // MARK: Arithmetic

    private mutating func parseAdditive() throws(FormatStringError) -> Node {
        let start = current.offset
        let outer = depth
        defer { depth = outer }
        var node = try parseMultiplicative()
        while case .op(let o) = current.kind, o == "+" || o == "-" {
            try enter()  // each operator nests the tree one level deeper
            let lhs = try operand(node, at: start)
            advance()
            let offset = current.offset
            let rhs = try operand(try parseMultiplicative(), at: offset)
            node = .expression(.function(o == "+" ? "add:to:" : "from:subtract:", [lhs, rhs]))
        }
        return node
    }

    private mutating func parseMultiplicative() throws(FormatStringError) -> Node {
        let start = current.offset
        let outer = depth
        defer { depth = outer }
        var node = try parsePower()
        while case .op(let o) = current.kind, o == "*" || o == "/" {
            try enter()  // each operator nests the tree one level deeper
            let lhs = try operand(node, at: start)
            advance()
            let offset = current.offset
            let rhs = try operand(try parsePower(), at: offset)
            node = .expression(.function(o == "*" ? "multiply:by:" : "divide:by:", [lhs, rhs]))
        }
        return node
    }

    private mutating func parsePower() throws(FormatStringError) -> Node {
        let start = current.offset
        let outer = depth
        defer { depth = outer }
        var node = try parseUnary()
        while current.isOperator("**") {
            try enter()  // each operator nests the tree one level deeper
            let lhs = try operand(node, at: start)
            advance()
            let offset = current.offset
            let rhs = try operand(try parseUnary(), at: offset)
            node = .expression(.function("raise:toPower:", [lhs, rhs]))
        }
        return node
    }

    private mutating func parseUnary() throws(FormatStringError) -> Node {
        guard current.isOperator("-") else { return try parsePostfix() }
        try enter()
        defer { depth -= 1 }
        advance()
        let offset = current.offset
        let value = try operand(try parseUnary(), at: offset)
        switch value {
        case .constant(.integer(let i)) where i != Int64.min: return .expression(.integer(-i))
        case .constant(.double(let d)): return .expression(.double(-d))
        default: return .expression(.function("from:subtract:", [.integer(0), value]))
        }
    }

    private mutating func parsePostfix() throws(FormatStringError) -> Node {
        let start = current.offset
        let outer = depth
        defer { depth = outer }
        var node = try parsePrimary()
        while true {
            if current.isPunctuation("[") || current.isPunctuation(".") { try enter() }
            if current.isPunctuation("[") {
                let target = try operand(node, at: start)
                advance()
                let indexExpression: FormatExpression
                if let k = current.keyword, ["FIRST", "LAST", "SIZE"].contains(k) {
                    indexExpression = .string(k)
                    advance()
                } else {
                    let offset = current.offset
                    indexExpression = try operand(try parseOr(), at: offset)
                }
                try expectPunctuation("]", "to close the index")
                node = .expression(.function(FormatCatalog.index, [target, indexExpression]))
            } else if current.isPunctuation(".") {
                let target = try operand(node, at: start)
                advance()
                node = .expression(try parseMember(of: target))
            } else {
                return node
            }
        }
    }

    /// What follows `target.`: a key, a `%K`, or a function call used as the key.
    private mutating func parseMember(of target: FormatExpression) throws(FormatStringError) -> FormatExpression {
        let t = current
        var key: String?
        switch t.kind {
        case .identifier(let name, _):
            if peekToken().isPunctuation("(") { break }
            key = name
            advance()
        case .keyPathArgument:
            advance()
            key = try keyPathArgument(at: t.offset)
        case .selector:
            break
        default:
            throw unexpected("a key after ‘.’")
        }
        if let key {
            if case .keyPath(let components) = target { return .keyPath(components + [key]) }
            if target == .evaluatedObject { return .keyPath([key]) }  // SELF.key is the feature attribute key
            return .customFunction(target: target, selector: "valueForKeyPath:", arguments: [.string(key)])
        }
        let call = try parsePrimaryExpression()
        return .customFunction(target: target, selector: "valueForKeyPath:", arguments: [call])
    }

    // MARK: Primaries

    private mutating func parsePrimaryExpression() throws(FormatStringError) -> FormatExpression {
        let offset = current.offset
        return try operand(try parsePrimary(), at: offset)
    }

    private mutating func parsePrimary() throws(FormatStringError) -> Node {
        let t = current
        switch t.kind {
        case .punctuation("("):
            advance()
            let node = try parseOr()
            try expectPunctuation(")", "to close the parenthesis")
            return node
        case .punctuation("{"):
            return .expression(try parseAggregate())
        case .integer(let i):
            advance()
            return .expression(.integer(i))
        case .double(let d):
            advance()
            return .expression(.double(d))
        case .string(let s):
            advance()
            return .expression(.string(s))
        case .argument(let placeholder):
            advance()
            return .expression(try takeArgument(at: t.offset, for: placeholder).expression)
        case .keyPathArgument:
            advance()
            return .expression(.keyPath([try keyPathArgument(at: t.offset)]))
        case .variable(let name):
            advance()
            return .expression(.variable(name))
        case .selector(let name):
            advance()
            return .expression(try parseCall(name, at: t.offset))
        case .identifier(let name, let escaped):
            if !escaped, let keyword = t.keyword {
                return try parseKeyword(keyword, t)
            }
            advance()
            if !escaped && current.isPunctuation("(") {
                let upper = name.uppercased()
                if FormatKeywords.specialForms.contains(upper) {
                    return .expression(try parseSpecialForm(upper, at: t.offset))
                }
                return .expression(try parseCall(name, at: t.offset))
            }
            return .expression(.keyPath([name]))
        default:
            throw unexpected("an expression")
        }
    }

    private mutating func parseKeyword(_ keyword: String, _ t: FormatToken) throws(FormatStringError) -> Node {
        switch keyword {
        case "TRUE", "YES":
            advance()
            return .expression(.bool(true))
        case "FALSE", "NO":
            advance()
            return .expression(.bool(false))
        case "NULL", "NIL":
            advance()
            return .expression(.null)
        case "SELF":
            advance()
            return .expression(.evaluatedObject)
        case "TRUEPREDICATE":
            advance()
            return .predicate(.constant(true))
        case "FALSEPREDICATE":
            advance()
            return .predicate(.constant(false))
        case "CAST":
            guard peekToken().isPunctuation("(") else {
                throw error(.syntax, "\(keyword) must be followed by an argument list.", at: t.offset,
                            suggestion: "Write \(keyword)(…), or #\(t.spelling.lowercased()) for a key of that name.")
            }
            advance()
            return .expression(try parseSpecialForm(keyword, at: t.offset))
        case "SUBQUERY", "FETCH", "ANYKEY":
            throw error(.unsupported, "\(keyword) is not supported.", at: t.offset,
                        suggestion: "Use the style-spec operators through the mgl_ functions or MLN_FUNCTION.")
        case "FIRST", "LAST", "SIZE":
            throw error(.syntax, "\(keyword) is only valid as an index.", at: t.offset,
                        suggestion: "Write array[\(keyword)], or #\(t.spelling.lowercased()) for a key of that name.")
        default:
            throw error(.syntax, "Unexpected keyword ‘\(t.spelling)’; expected an expression.", at: t.offset,
                        suggestion: "Escape reserved words used as keys with #, e.g. #\(t.spelling.lowercased()).")
        }
    }

    private mutating func parseAggregate() throws(FormatStringError) -> FormatExpression {
        try enter()
        defer { depth -= 1 }
        advance()  // {
        var elements: [FormatExpression] = []
        if current.isPunctuation("}") {
            advance()
            return .aggregate(elements)
        }
        while true {
            let offset = current.offset
            elements.append(try operand(try parseOr(), at: offset))
            if current.isPunctuation(",") {
                advance()
                continue
            }
            try expectPunctuation("}", "or ‘,’ in the aggregate")
            return .aggregate(elements)
        }
    }

    /// `(arg, arg, …)` after a function name; arguments may be predicates.
    private mutating func parseArgumentList() throws(FormatStringError) -> [(FormatExpression, Int)] {
        try enter()
        defer { depth -= 1 }
        try expectPunctuation("(", "to start the argument list")
        var result: [(FormatExpression, Int)] = []
        if current.isPunctuation(")") {
            advance()
            return result
        }
        while true {
            let offset = current.offset
            result.append((argumentExpression(try parseOr()), offset))
            if current.isPunctuation(",") {
                advance()
                continue
            }
            try expectPunctuation(")", "or ‘,’ in the argument list")
            return result
        }
    }

    private mutating func parseCall(_ written: String, at offset: Int) throws(FormatStringError) -> FormatExpression {
        guard current.isPunctuation("(") else {
            throw error(.syntax, "‘\(written)’ must be followed by an argument list.", at: offset,
                        suggestion: "Write \(written)(arguments).")
        }
        let list = try parseArgumentList()
        let name = FormatCatalog.canonicalName(written, argumentCount: list.count)
        let args = FormatCatalog.normalizedArguments(name, list.map(\.0))
        do {
            try FormatCatalog.validateFunction(name, args)
        } catch {
            throw located(error, error.argumentIndex.flatMap { $0 < list.count ? list[$0].1 : nil } ?? offset)
        }
        return .function(name, args)
    }

    private mutating func parseSpecialForm(_ keyword: String, at offset: Int) throws(FormatStringError) -> FormatExpression {
        let args = try parseArgumentList()
        switch keyword {
        case "TERNARY":
            guard args.count == 3 else {
                throw error(.syntax, "TERNARY takes 3 arguments, not \(args.count).", at: offset,
                            suggestion: "Write TERNARY(predicate, ifTrue, ifFalse).")
            }
            let condition: FormatPredicate
            if case .constant(.predicate(let p)) = args[0].0 {
                condition = p
            } else {
                throw error(.syntax, "The first argument of TERNARY must be a predicate.", at: args[0].1,
                            suggestion: "Write TERNARY(key == 1, ifTrue, ifFalse).")
            }
            return .conditional(condition, args[1].0, args[2].0)
        case "CAST":
            guard args.count == 2 else {
                throw error(.syntax, "CAST takes 2 arguments, not \(args.count).", at: offset,
                            suggestion: "Write CAST(value, 'NSNumber').")
            }
            guard let type = args[1].0.constantString else {
                throw error(.syntax, "The type of a CAST must be a string constant.", at: args[1].1,
                            suggestion: FormatCatalog.castSuggestion)
            }
            do {
                return try FormatCatalog.cast(args[0].0, to: type)
            } catch {
                throw located(error, args[1].1)
            }
        default:  // FUNCTION
            guard args.count >= 2 else {
                throw error(.syntax, "FUNCTION takes a target, a selector and its arguments.", at: offset,
                            suggestion: "Write FUNCTION(target, 'selector', arguments…).")
            }
            guard let selector = args[1].0.constantString else {
                throw error(.syntax, "The selector of a FUNCTION must be a string constant.", at: args[1].1,
                            suggestion: "Write FUNCTION(target, 'selector', arguments…).")
            }
            let rest = args.dropFirst(2).map(\.0)
            do {
                try FormatCatalog.validateCustomFunction(target: args[0].0, selector: selector, arguments: rest)
            } catch {
                throw located(error, error.argumentIndex.flatMap { $0 < args.count ? args[$0].1 : nil } ?? args[1].1)
            }
            return .customFunction(target: args[0].0, selector: selector, arguments: rest)
        }
    }

    // MARK: Arguments

    /// The next argument, checked against a printf-style placeholder (`%d` wants an integer, `%s` a string).
    private mutating func takeArgument(at offset: Int, for placeholder: FormatPlaceholder) throws(FormatStringError)
        -> FormatArgument
    {
        let argument = try takeArgument(at: offset)
        let fits: Bool
        switch (placeholder.expected, argument) {
        case (.object, _): fits = true
        case (.integer, .integer), (.integer, .bool): fits = true
        case (.integer, .number(let d)): fits = d == d.rounded()
        case (.number, .integer), (.number, .number): fits = true
        case (.string, .string): fits = true
        default: fits = false
        }
        guard fits else {
            throw error(.argument, "The argument for \(placeholder.spelling) has the wrong type.", at: offset,
                        suggestion: "%d/%i want an integer, %f/%g a number and %s a string; %@ takes any argument.")
        }
        return argument
    }

    private mutating func takeArgument(at offset: Int) throws(FormatStringError) -> FormatArgument {
        guard argumentIndex < arguments.count else {
            throw error(.argument, "Missing argument for placeholder number \(argumentIndex + 1); only "
                        + "\(arguments.count) argument\(arguments.count == 1 ? " was" : "s were") given.", at: offset,
                        suggestion: "Pass one argument per %@ and %K, in order.")
        }
        defer { argumentIndex += 1 }
        return arguments[argumentIndex]
    }

    private mutating func keyPathArgument(at offset: Int) throws(FormatStringError) -> String {
        let argument = try takeArgument(at: offset)
        guard case .string(let key) = argument else {
            throw error(.argument, "The argument for %K must be a string (the key).", at: offset,
                        suggestion: "Pass the attribute name as a string.")
        }
        return key
    }
}
