/// One token of a format string.
struct FormatToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// An integer literal that fits in `Int64`.
        case integer(Int64)
        /// Any other number literal.
        case double(Double)
        /// A quoted string, escapes resolved.
        case string(String)
        /// A bare word: key path component, keyword or function name. `escaped` when written `#word`.
        case identifier(String, escaped: Bool)
        /// A word containing colons, such as `add:to:` or `mgl_does:have:`.
        case selector(String)
        /// `$name`.
        case variable(String)
        /// `%@`, or a printf-style `%d`, `%f`, `%s`, … (which also take the next argument).
        case argument(FormatPlaceholder)
        /// `%K`.
        case keyPathArgument
        /// Punctuation: `(` `)` `{` `}` `[` `]` `,` `.`.
        case punctuation(Character)
        /// An operator, normalised: `==` `!=` `<` `<=` `>` `>=` `+` `-` `*` `/` `**` `!` `&&` `||`.
        case op(String)
        /// End of input.
        case end
    }

    var kind: Kind
    /// Offset of the first scalar.
    var offset: Int
    /// The upper-cased keyword this token spells, when it is an unescaped reserved word (computed once).
    let keyword: String?

    init(kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
        if case .identifier(let name, false) = kind, name.utf8.count <= 15 {
            let upper = name.uppercased()
            keyword = FormatKeywords.all.contains(upper) ? upper : nil
        } else {
            keyword = nil
        }
    }

    /// A short description for error messages.
    var spelling: String {
        switch kind {
        case .integer(let i): return "\(i)"
        case .double(let d): return "\(d)"
        case .string(let s): return "'\(s)'"
        case .identifier(let s, let escaped): return escaped ? "#\(s)" : s
        case .selector(let s): return s
        case .variable(let s): return "$\(s)"
        case .argument(let p): return p.spelling
        case .keyPathArgument: return "%K"
        case .punctuation(let c): return String(c)
        case .op(let o): return o
        case .end: return "end of input"
        }
    }

    func isPunctuation(_ c: Character) -> Bool {
        if case .punctuation(c) = kind { return true }
        return false
    }

    func isOperator(_ o: String) -> Bool {
        if case .op(o) = kind { return true }
        return false
    }
}

/// A value placeholder and the kind of argument it expects.
struct FormatPlaceholder: Sendable, Equatable {
    enum Expected: Sendable, Equatable {
        /// `%@`: any argument.
        case object
        /// `%d`, `%i`, `%u`, `%ld`, …: an integer.
        case integer
        /// `%f`, `%e`, `%g`, …: a number.
        case number
        /// `%s`, `%S`: a string.
        case string
    }

    var expected: Expected
    /// How it was written, e.g. `%ld`.
    var spelling: String
}

/// The reserved words of the predicate format syntax (case-insensitive; escape with `#` to use as a key).
enum FormatKeywords {
    static let all: Set<String> = [
        "AND", "OR", "NOT", "IN", "CONTAINS", "BETWEEN", "LIKE", "MATCHES", "BEGINSWITH", "ENDSWITH",
        "ANY", "SOME", "ALL", "NONE", "TRUEPREDICATE", "FALSEPREDICATE", "TRUE", "YES", "FALSE", "NO",
        "NULL", "NIL", "SELF", "FIRST", "LAST", "SIZE", "CAST", "SUBQUERY", "ANYKEY", "FETCH", "CASEINSENSITIVE", "CI",
    ]

    /// Words that start a special form only when followed by `(` (they are not reserved as keys).
    static let specialForms: Set<String> = ["FUNCTION", "TERNARY"]
}
