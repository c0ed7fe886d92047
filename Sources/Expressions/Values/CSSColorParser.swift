import Foundation

/// CSS Color 4 parser as the style specification implements it (`parseCssColor`).
enum CSSColorParser {
    /// Straight `(r, g, b, a)` in 0...1, or nil when the string is not a colour.
    static func parse(_ raw: String) -> (Double, Double, Double, Double)? {
        let input = trimmed(raw.lowercased())
        if input == "transparent" { return (0, 0, 0, 0) }
        if let c = namedColors[input] { return (c.0 / 255, c.1 / 255, c.2 / 255, 1) }
        let chars = Array(input.utf8)
        if chars.first == UInt8(ascii: "#") { return parseHex(chars) }
        if input.hasPrefix("rgb") {
            // Once an rgb() form matched syntactically, failing validation ends parsing.
            if let m = matchFunction(chars, prefixes: ["rgba(", "rgb("], hue: false) { return rgbFrom(m) ?? nil }
        }
        if let m = matchFunction(chars, prefixes: ["hsla(", "hsl("], hue: true) { return hslFrom(m) }
        return nil
    }

    /// `s` without leading and trailing white space and newlines (Foundation's `trimmingCharacters`
    /// bridges through NSString, several times slower: colours are parsed once per layer and value).
    static func trimmed(_ s: String) -> String {
        guard let first = s.first, let last = s.last, first.isWhitespace || last.isWhitespace else { return s }
        guard let start = s.firstIndex(where: { !$0.isWhitespace }), let end = s.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(s[start...end])
    }

    private static func hexValue(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c - UInt8(ascii: "a")) + 10
        default: return nil
        }
    }

    private static func parseHex(_ chars: [UInt8]) -> (Double, Double, Double, Double)? {
        let digits = chars.dropFirst()
        guard [3, 4, 6, 8].contains(digits.count) else { return nil }
        var vals: [Int] = []
        for c in digits { guard let v = hexValue(c) else { return nil }; vals.append(v) }
        var comps: [Double] = []
        if vals.count <= 4 {
            for v in vals { comps.append(Double(v * 16 + v) / 255) }
        } else {
            var i = 0
            while i < vals.count { comps.append(Double(vals[i] * 16 + vals[i + 1]) / 255); i += 2 }
        }
        return (comps[0], comps[1], comps[2], comps.count > 3 ? comps[3] : 1)
    }

    struct FunctionMatch {
        var numbers: [String] = []      // 3 values
        var percents: [Bool] = []       // % after each of the 3 values
        var separators: [Character] = [] // ' ' or ',' for the first two, then optional ',' or '/'
        var alpha: String?
        var alphaPercent = false
    }

    private static func isNumberChar(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || c == UInt8(ascii: "e") || c == UInt8(ascii: ".") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
    }
    private static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 || c == 12 || c == 11 }

    /// Matches `name( n[%] sep n% sep n% [ [,/] n[%] ] )` the way the reference regular expressions do.
    private static func matchFunction(_ s: [UInt8], prefixes: [String], hue: Bool) -> FunctionMatch? {
        var i = 0
        var matchedPrefix = false
        for p in prefixes {
            let pb = Array(p.utf8)
            if s.count >= pb.count && Array(s[0..<pb.count]) == pb { i = pb.count; matchedPrefix = true; break }
        }
        guard matchedPrefix else { return nil }
        func skipSpaces() -> Int { var n = 0; while i < s.count && isSpace(s[i]) { i += 1; n += 1 }; return n }
        func number() -> String? {
            let start = i
            while i < s.count && isNumberChar(s[i]) { i += 1 }
            return i > start ? String(decoding: s[start..<i], as: UTF8.self) : nil
        }
        var m = FunctionMatch()
        _ = skipSpaces()
        for k in 0..<3 {
            guard let n = number() else { return nil }
            m.numbers.append(n)
            if hue && k == 0 {
                if i + 3 <= s.count && Array(s[i..<i + 3]) == Array("deg".utf8) { i += 3 }
                m.percents.append(false)
            } else if i < s.count && s[i] == UInt8(ascii: "%") {
                i += 1; m.percents.append(true)
            } else {
                // hsl() saturation and lightness without `%`: MapLibre Native's parser reads them as
                // fractions (0...1); see `hslFrom`.
                m.percents.append(false)
            }
            if k < 2 {
                let spaces = skipSpaces()
                if i < s.count && s[i] == UInt8(ascii: ",") {
                    i += 1; _ = skipSpaces(); m.separators.append(",")
                } else if spaces > 0 {
                    m.separators.append(" ")
                } else { return nil }
            }
        }
        // optional alpha
        let save = i
        _ = skipSpaces()
        if i < s.count && (s[i] == UInt8(ascii: ",") || s[i] == UInt8(ascii: "/")) {
            let sep = Character(UnicodeScalar(s[i]))
            i += 1
            _ = skipSpaces()
            if let a = number() {
                m.alpha = a
                m.separators.append(sep)
                if i < s.count && s[i] == UInt8(ascii: "%") { i += 1; m.alphaPercent = true }
            } else { i = save }
        } else { i = save }
        _ = skipSpaces()
        guard i < s.count && s[i] == UInt8(ascii: ")") && i + 1 == s.count else { return nil }
        return m
    }

    private static func jsNumber(_ s: String) -> Double {
        if let d = Double(s) { return d }
        return .nan
    }
    private static func clamp(_ n: Double, _ lo: Double, _ hi: Double) -> Double {
        if n.isNaN { return .nan }
        return min(max(lo, n), hi)
    }
    private static func argFormatOK(_ m: FunctionMatch) -> Bool {
        let f = String(m.separators)
        return f == "  " || f == "  /" || f == ",," || f == ",,,"
    }
    private static func alpha(_ m: FunctionMatch) -> Double {
        guard let a = m.alpha else { return 1 }
        let v = jsNumber(a)
        return clamp(m.alphaPercent ? v / 100 : v, 0, 1)
    }

    /// Outer nil: syntactic match but invalid (parsing stops); inner value: the colour.
    private static func rgbFrom(_ m: FunctionMatch) -> (Double, Double, Double, Double)?? {
        guard argFormatOK(m) else { return .some(nil) }
        let pc = m.percents.filter { $0 }.count
        let maxValue: Double = pc == 3 ? 100 : pc == 0 ? 255 : 0
        guard maxValue != 0 else { return .some(nil) }
        let r = clamp(jsNumber(m.numbers[0]) / maxValue, 0, 1)
        let g = clamp(jsNumber(m.numbers[1]) / maxValue, 0, 1)
        let b = clamp(jsNumber(m.numbers[2]) / maxValue, 0, 1)
        let a = alpha(m)
        if r.isNaN || g.isNaN || b.isNaN || a.isNaN { return .some(nil) }
        return .some((r, g, b, a))
    }

    private static func hslFrom(_ m: FunctionMatch) -> (Double, Double, Double, Double)? {
        guard argFormatOK(m) else { return nil }
        let h = jsNumber(m.numbers[0])
        // Percentages as CSS writes them; bare numbers as MapLibre Native reads them (fractions of 1),
        // so `hsla(0, 0, 0, 0)` is transparent black in both renderers.
        let s = clamp(jsNumber(m.numbers[1]) * (m.percents[1] ? 1 : 100), 0, 100)
        let l = clamp(jsNumber(m.numbers[2]) * (m.percents[2] ? 1 : 100), 0, 100)
        let a = alpha(m)
        if h.isNaN || s.isNaN || l.isNaN || a.isNaN { return nil }
        return ColorSpaces.hslToRgb(h, s, l, a)
    }

    static let namedColors: [String: (Double, Double, Double)] = [
        "aliceblue": (240, 248, 255), "antiquewhite": (250, 235, 215), "aqua": (0, 255, 255),
        "aquamarine": (127, 255, 212), "azure": (240, 255, 255), "beige": (245, 245, 220), "bisque": (255, 228, 196),
        "black": (0, 0, 0), "blanchedalmond": (255, 235, 205), "blue": (0, 0, 255), "blueviolet": (138, 43, 226),
        "brown": (165, 42, 42), "burlywood": (222, 184, 135), "cadetblue": (95, 158, 160), "chartreuse": (127, 255, 0),
        "chocolate": (210, 105, 30), "coral": (255, 127, 80), "cornflowerblue": (100, 149, 237),
        "cornsilk": (255, 248, 220), "crimson": (220, 20, 60), "cyan": (0, 255, 255), "darkblue": (0, 0, 139),
        "darkcyan": (0, 139, 139), "darkgoldenrod": (184, 134, 11), "darkgray": (169, 169, 169),
        "darkgreen": (0, 100, 0), "darkgrey": (169, 169, 169), "darkkhaki": (189, 183, 107),
        "darkmagenta": (139, 0, 139), "darkolivegreen": (85, 107, 47), "darkorange": (255, 140, 0),
        "darkorchid": (153, 50, 204), "darkred": (139, 0, 0), "darksalmon": (233, 150, 122),
        "darkseagreen": (143, 188, 143), "darkslateblue": (72, 61, 139), "darkslategray": (47, 79, 79),
        "darkslategrey": (47, 79, 79), "darkturquoise": (0, 206, 209), "darkviolet": (148, 0, 211),
        "deeppink": (255, 20, 147), "deepskyblue": (0, 191, 255), "dimgray": (105, 105, 105),
        "dimgrey": (105, 105, 105), "dodgerblue": (30, 144, 255), "firebrick": (178, 34, 34),
        "floralwhite": (255, 250, 240), "forestgreen": (34, 139, 34), "fuchsia": (255, 0, 255),
        "gainsboro": (220, 220, 220), "ghostwhite": (248, 248, 255), "gold": (255, 215, 0),
        "goldenrod": (218, 165, 32), "gray": (128, 128, 128), "green": (0, 128, 0), "greenyellow": (173, 255, 47),
        "grey": (128, 128, 128), "honeydew": (240, 255, 240), "hotpink": (255, 105, 180),
        "indianred": (205, 92, 92), "indigo": (75, 0, 130), "ivory": (255, 255, 240), "khaki": (240, 230, 140),
        "lavender": (230, 230, 250), "lavenderblush": (255, 240, 245), "lawngreen": (124, 252, 0),
        "lemonchiffon": (255, 250, 205), "lightblue": (173, 216, 230), "lightcoral": (240, 128, 128),
        "lightcyan": (224, 255, 255), "lightgoldenrodyellow": (250, 250, 210), "lightgray": (211, 211, 211),
        "lightgreen": (144, 238, 144), "lightgrey": (211, 211, 211), "lightpink": (255, 182, 193),
        "lightsalmon": (255, 160, 122), "lightseagreen": (32, 178, 170), "lightskyblue": (135, 206, 250),
        "lightslategray": (119, 136, 153), "lightslategrey": (119, 136, 153), "lightsteelblue": (176, 196, 222),
        "lightyellow": (255, 255, 224), "lime": (0, 255, 0), "limegreen": (50, 205, 50), "linen": (250, 240, 230),
        "magenta": (255, 0, 255), "maroon": (128, 0, 0), "mediumaquamarine": (102, 205, 170),
        "mediumblue": (0, 0, 205), "mediumorchid": (186, 85, 211), "mediumpurple": (147, 112, 219),
        "mediumseagreen": (60, 179, 113), "mediumslateblue": (123, 104, 238), "mediumspringgreen": (0, 250, 154),
        "mediumturquoise": (72, 209, 204), "mediumvioletred": (199, 21, 133), "midnightblue": (25, 25, 112),
        "mintcream": (245, 255, 250), "mistyrose": (255, 228, 225), "moccasin": (255, 228, 181),
        "navajowhite": (255, 222, 173), "navy": (0, 0, 128), "oldlace": (253, 245, 230), "olive": (128, 128, 0),
        "olivedrab": (107, 142, 35), "orange": (255, 165, 0), "orangered": (255, 69, 0), "orchid": (218, 112, 214),
        "palegoldenrod": (238, 232, 170), "palegreen": (152, 251, 152), "paleturquoise": (175, 238, 238),
        "palevioletred": (219, 112, 147), "papayawhip": (255, 239, 213), "peachpuff": (255, 218, 185),
        "peru": (205, 133, 63), "pink": (255, 192, 203), "plum": (221, 160, 221), "powderblue": (176, 224, 230),
        "purple": (128, 0, 128), "rebeccapurple": (102, 51, 153), "red": (255, 0, 0), "rosybrown": (188, 143, 143),
        "royalblue": (65, 105, 225), "saddlebrown": (139, 69, 19), "salmon": (250, 128, 114),
        "sandybrown": (244, 164, 96), "seagreen": (46, 139, 87), "seashell": (255, 245, 238),
        "sienna": (160, 82, 45), "silver": (192, 192, 192), "skyblue": (135, 206, 235), "slateblue": (106, 90, 205),
        "slategray": (112, 128, 144), "slategrey": (112, 128, 144), "snow": (255, 250, 250),
        "springgreen": (0, 255, 127), "steelblue": (70, 130, 180), "tan": (210, 180, 140), "teal": (0, 128, 128),
        "thistle": (216, 191, 216), "tomato": (255, 99, 71), "turquoise": (64, 224, 208), "violet": (238, 130, 238),
        "wheat": (245, 222, 179), "white": (255, 255, 255), "whitesmoke": (245, 245, 245),
        "yellow": (255, 255, 0), "yellowgreen": (154, 205, 50),
    ]
}
