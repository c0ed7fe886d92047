/// Splits a format string into tokens. Never crashes: bad input is a ``FormatStringError``.
struct FormatLexer {
    let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// All tokens, ending with `.end`.
    mutating func tokenize() throws(FormatStringError) -> [FormatToken] {
        var tokens: [FormatToken] = []
        while true {
            let token = try next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let i = position + ahead
        return i < scalars.count ? scalars[i] : nil
    }

    func location(_ offset: Int) -> FormatSourceLocation {
        FormatLexer.location(of: offset, in: scalars)
    }

    /// The line and column of `offset` in `scalars`.
    static func location(of offset: Int, in scalars: [Unicode.Scalar]) -> FormatSourceLocation {
        var line = 1
        var column = 1
        var i = 0
        let end = min(offset, scalars.count)
        while i < end {
            if scalars[i] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            i += 1
        }
        return FormatSourceLocation(offset: offset, line: line, column: column)
    }

    private func error(_ message: String, at offset: Int, suggestion: String? = nil) -> FormatStringError {
        FormatStringError(.syntax, message, suggestion: suggestion, location: location(offset))
    }

    static func isIdentifierStart(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || v == 0x5F }
        return s.properties.isAlphabetic
    }

    static func isIdentifierContinue(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x30 && v <= 0x39) || v == 0x5F }
        return s.properties.isAlphabetic || s.properties.numericType != nil
            || s.properties.generalCategory == .nonspacingMark
    }

    private mutating func next() throws(FormatStringError) -> FormatToken {
        while let s = peek(), s == " " || (s.value >= 0x80 || s.value < 0x20 ? s.properties.isWhitespace : false) {
            position += 1
        }
        let start = position
        guard let s = peek() else { return FormatToken(kind: .end, offset: start) }

        if s.value >= 48 && s.value <= 57 || (s == "." && peek(1).map { $0.value >= 48 && $0.value <= 57 } == true) {
            return try number(start)
        }
        if s == "'" || s == "\"" { return try string(start, quote: s) }
        if FormatLexer.isIdentifierStart(s) { return word(start, escaped: false) }

        switch s {
        case "#":
            position += 1
            guard let n = peek(), FormatLexer.isIdentifierStart(n) else {
                throw error("‘#’ must be followed by a key name.", at: start,
                            suggestion: "Write #name to use a reserved word such as #size as a key.")
            }
            return word(position, escaped: true, tokenOffset: start)
        case "$":
            position += 1
            let nameStart = position
            while let c = peek(), FormatLexer.isIdentifierContinue(c) { position += 1 }
            guard position > nameStart else {
                throw error("‘$’ must be followed by a variable name.", at: start,
                            suggestion: "Write a variable such as $zoomLevel or $featureIdentifier.")
            }
            return FormatToken(kind: .variable(text(nameStart, position)), offset: start)
        case "%":
            position += 1
            guard let n = peek() else {
                throw error("‘%’ must be followed by @ or K.", at: start,
                            suggestion: "Use %@ for a value argument or %K for a key path argument.")
            }
            if n == "K" {
                position += 1
                return FormatToken(kind: .keyPathArgument, offset: start)
            }
            // printf-style length modifiers, then the conversion.
            while let m = peek(), "hlqLzjt".unicodeScalars.contains(m) { position += 1 }
            guard let conversion = peek() else {
                throw error("Incomplete format specifier ‘\(text(start, position))’.", at: start,
                            suggestion: "Use %@ for a value argument or %K for a key path argument.")
            }
            position += 1
            let spelling = text(start, position)
            let expected: FormatPlaceholder.Expected
            switch conversion {
            case "@": expected = .object
            case "d", "i", "u", "o", "x", "X", "c", "D", "U", "O": expected = .integer
            case "f", "F", "e", "E", "g", "G", "a", "A": expected = .number
            case "s", "S": expected = .string
            default:
                throw error("Unsupported format specifier ‘\(spelling)’.", at: start,
                            suggestion: "Use %@ for a value argument or %K for a key path argument.")
            }
            return FormatToken(kind: .argument(FormatPlaceholder(expected: expected, spelling: spelling)), offset: start)
        case "(", ")", "{", "}", "[", "]", ",", ".":
            position += 1
            return FormatToken(kind: .punctuation(Character(s)), offset: start)
        case "=":
            position += 1
            if peek() == "=" { position += 1; return op("==", start) }
            if peek() == "<" { position += 1; return op("<=", start) }
            if peek() == ">" { position += 1; return op(">=", start) }
            return op("==", start)
        case "<":
            position += 1
            if peek() == "=" { position += 1; return op("<=", start) }
            if peek() == ">" { position += 1; return op("!=", start) }
            return op("<", start)
        case ">":
            position += 1
            if peek() == "=" { position += 1; return op(">=", start) }
            return op(">", start)
        case "!":
            position += 1
            if peek() == "=" { position += 1; return op("!=", start) }
            return op("!", start)
        case "&":
            position += 1
            if peek() == "&" { position += 1; return op("&&", start) }
            throw error("‘&’ is not an operator.", at: start, suggestion: "Use && or AND.")
        case "|":
            position += 1
            if peek() == "|" { position += 1; return op("||", start) }
            throw error("‘|’ is not an operator.", at: start, suggestion: "Use || or OR.")
        case "*":
            position += 1
            if peek() == "*" { position += 1; return op("**", start) }
            return op("*", start)
        case "+", "-", "/":
            position += 1
            return op(String(Character(s)), start)
        case "@":
            throw error("Collection operators such as @count and @sum are not supported.", at: start,
                        suggestion: "Use count({…}), sum({…}), min({…}), max({…}) or average({…}).")
        default:
            throw error("Unexpected character ‘\(Character(s))’.", at: start)
        }
    }

    private func op(_ o: String, _ start: Int) -> FormatToken {
        FormatToken(kind: .op(o), offset: start)
    }

    private func text(_ from: Int, _ to: Int) -> String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[from..<to])
        return String(s)
    }

    private mutating func word(_ start: Int, escaped: Bool, tokenOffset: Int? = nil) -> FormatToken {
        while let c = peek(), FormatLexer.isIdentifierContinue(c) { position += 1 }
        var name = text(start, position)
        if !escaped, peek() == ":" {
            // A selector-style function name: name:part:part:
            while peek() == ":" {
                position += 1
                let partStart = position
                while let c = peek(), FormatLexer.isIdentifierContinue(c) { position += 1 }
                name += ":" + text(partStart, position)
            }
            return FormatToken(kind: .selector(name), offset: start)
        }
        return FormatToken(kind: .identifier(name, escaped: escaped), offset: tokenOffset ?? start)
    }

    private mutating func number(_ start: Int) throws(FormatStringError) -> FormatToken {
        // Hexadecimal, octal and binary integers.
        if peek() == "0", let base = peek(1).flatMap({ Self.radix($0) }) {
            position += 2
            let digitsStart = position
            while let c = peek(), FormatLexer.isIdentifierContinue(c) { position += 1 }
            let digits = text(digitsStart, position)
            guard !digits.isEmpty, let value = Int64(digits, radix: base) else {
                throw error("Invalid number ‘\(text(start, position))’.", at: start)
            }
            return FormatToken(kind: .integer(value), offset: start)
        }
        var isInteger = true
        while let c = peek(), c.value >= 48 && c.value <= 57 { position += 1 }
        if peek() == ".", let d = peek(1), d.value >= 48 && d.value <= 57 {
            isInteger = false
            position += 1
            while let c = peek(), c.value >= 48 && c.value <= 57 { position += 1 }
        } else if peek() == ".", position > start, peek(1).map({ FormatLexer.isIdentifierStart($0) }) != true {
            // "1." is a valid double literal.
            isInteger = false
            position += 1
        }
        if let e = peek(), e == "e" || e == "E" {
            var look = 1
            if let sign = peek(1), sign == "+" || sign == "-" { look = 2 }
            if let d = peek(look), d.value >= 48 && d.value <= 57 {
                isInteger = false
                position += look
                while let c = peek(), c.value >= 48 && c.value <= 57 { position += 1 }
            }
        }
        if let c = peek(), FormatLexer.isIdentifierContinue(c) {
            while let c = peek(), FormatLexer.isIdentifierContinue(c) { position += 1 }
            throw error("Invalid number ‘\(text(start, position))’.", at: start)
        }
        let literal = text(start, position)
        if isInteger, let value = Int64(literal) {
            return FormatToken(kind: .integer(value), offset: start)
        }
        guard let value = Double(literal), value.isFinite else {
            throw error("Invalid number ‘\(literal)’.", at: start)
        }
        return FormatToken(kind: .double(value), offset: start)
    }

    private static func radix(_ s: Unicode.Scalar) -> Int? {
        switch s {
        case "x", "X": return 16
        case "o", "O": return 8
        case "b", "B": return 2
        default: return nil
        }
    }

    private mutating func string(_ start: Int, quote: Unicode.Scalar) throws(FormatStringError) -> FormatToken {
        position += 1
        var result = String.UnicodeScalarView()
        while true {
            guard let c = peek() else {
                throw error("Unterminated string: missing the closing \(quote == "'" ? "'" : "\"").", at: start)
            }
            position += 1
            if c == quote { break }
            guard c == "\\" else {
                result.append(c)
                continue
            }
            guard let e = peek() else {
                throw error("Unterminated string: missing the closing \(quote == "'" ? "'" : "\"").", at: start)
            }
            let escapeStart = position - 1
            position += 1
            switch e {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "a": result.append("\u{07}")
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "v": result.append("\u{0B}")
            case "\\", "'", "\"": result.append(e)
            case "u":
                result.append(try unicodeEscape(escapeStart))
            default:
                // Unknown escapes keep their backslash (regular expressions stay readable).
                result.append("\\")
                result.append(e)
            }
        }
        return FormatToken(kind: .string(String(result)), offset: start)
    }

    private mutating func unicodeEscape(_ escapeStart: Int) throws(FormatStringError) -> Unicode.Scalar {
        let bad = error("Invalid \\u escape.", at: escapeStart,
                        suggestion: "Write \\uXXXX with four hexadecimal digits or \\u{X…}.")
        var value: UInt32
        if peek() == "{" {
            position += 1
            let digitsStart = position
            while let c = peek(), c != "}" , position - digitsStart < 8 { position += 1 }
            guard peek() == "}", let v = UInt32(text(digitsStart, position), radix: 16) else { throw bad }
            position += 1
            value = v
        } else {
            value = try hex4(bad)
            if (0xD800...0xDBFF).contains(value), peek() == "\\", peek(1) == "u" {
                let save = position
                position += 2
                if let low = try? hex4(bad), (0xDC00...0xDFFF).contains(low) {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    position = save
                }
            }
        }
        guard let scalar = Unicode.Scalar(value) else { throw bad }
        return scalar
    }

    private mutating func hex4(_ bad: FormatStringError) throws(FormatStringError) -> UInt32 {
        guard position + 4 <= scalars.count, let v = UInt32(text(position, position + 4), radix: 16) else { throw bad }
        position += 4
        return v
    }
}
