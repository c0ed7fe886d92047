import Foundation

/// Recognises CSS color strings the way the style specification's `Color.parse` does: named
/// colors, `transparent`, `#rgb[a]`, `#rrggbb[aa]`, `rgb()`/`rgba()` and `hsl()`/`hsla()` with
/// comma or space syntax.
enum CSSColor {
    /// Whether `text` is a color the style specification accepts.
    static func isValid(_ text: String) -> Bool {
        let input = text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        if input == "transparent" || namedColors.contains(input) { return true }
        if input.hasPrefix("#") {
            let hex = input.dropFirst()
            return [3, 4, 6, 8].contains(hex.count) && hex.allSatisfy { $0.isHexDigit && $0.isASCII }
        }
        if let groups = match(rgbPattern, input) {
            // 1 r, 2 r%, 3 sep, 4 g, 5 g%, 6 sep, 7 b, 8 b%, 9 alpha sep, 10 a, 11 a%
            guard formatIsValid(groups[3], groups[6], groups[9]) else { return false }
            let percents = (groups[2] ?? "") + (groups[5] ?? "") + (groups[8] ?? "")
            guard percents == "%%%" || percents.isEmpty else { return false }
            return [groups[1], groups[4], groups[7]].allSatisfy { number($0) != nil }
                && (groups[10] == nil || number(groups[10]) != nil)
        }
        if let groups = match(hslPattern, input) {
            // 1 h, 2 sep, 3 s, 4 sep, 5 l, 6 alpha sep, 7 a, 8 a%
            guard formatIsValid(groups[2], groups[4], groups[6]) else { return false }
            return [groups[1], groups[3], groups[5]].allSatisfy { number($0) != nil }
                && (groups[7] == nil || number(groups[7]) != nil)
        }
        return false
    }

    private static func formatIsValid(_ f1: String?, _ f2: String?, _ f3: String?) -> Bool {
        let format = (f1 ?? " ") + (f2 ?? " ") + (f3 ?? "")
        return format == "  " || format == "  /" || format == ",," || format == ",,,"
    }

    private static func number(_ text: String?) -> Double? {
        guard let text, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    private static func match(_ pattern: NSRegularExpression, _ input: String) -> [String?]? {
        let range = NSRange(input.startIndex..., in: input)
        guard let m = pattern.firstMatch(in: input, range: range) else { return nil }
        return (0..<m.numberOfRanges).map { i in
            let r = m.range(at: i)
            guard r.location != NSNotFound, let sr = Range(r, in: input) else { return nil }
            return String(input[sr])
        }
    }

    private static let rgbPattern = try! NSRegularExpression(pattern:
        #"^rgba?\(\s*([\de.+-]+)(%)?(?:\s+|\s*(,)\s*)([\de.+-]+)(%)?(?:\s+|\s*(,)\s*)([\de.+-]+)(%)?(?:\s*([,\/])\s*([\de.+-]+)(%)?)?\s*\)$"#)

    private static let hslPattern = try! NSRegularExpression(pattern:
        #"^hsla?\(\s*([\de.+-]+)(?:deg)?(?:\s+|\s*(,)\s*)([\de.+-]+)%(?:\s+|\s*(,)\s*)([\de.+-]+)%(?:\s*([,\/])\s*([\de.+-]+)(%)?)?\s*\)$"#)

    static let namedColors: Set<String> = [
        "aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black",
        "blanchedalmond", "blue", "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse", "chocolate",
        "coral", "cornflowerblue", "cornsilk", "crimson", "cyan", "darkblue", "darkcyan", "darkgoldenrod",
        "darkgray", "darkgreen", "darkgrey", "darkkhaki", "darkmagenta", "darkolivegreen", "darkorange", "darkorchid",
        "darkred", "darksalmon", "darkseagreen", "darkslateblue", "darkslategray", "darkslategrey", "darkturquoise", "darkviolet",
        "deeppink", "deepskyblue", "dimgray", "dimgrey", "dodgerblue", "firebrick", "floralwhite", "forestgreen",
        "fuchsia", "gainsboro", "ghostwhite", "gold", "goldenrod", "gray", "green", "greenyellow",
        "grey", "honeydew", "hotpink", "indianred", "indigo", "ivory", "khaki", "lavender",
        "lavenderblush", "lawngreen", "lemonchiffon", "lightblue", "lightcoral", "lightcyan", "lightgoldenrodyellow", "lightgray",
        "lightgreen", "lightgrey", "lightpink", "lightsalmon", "lightseagreen", "lightskyblue", "lightslategray", "lightslategrey",
        "lightsteelblue", "lightyellow", "lime", "limegreen", "linen", "magenta", "maroon", "mediumaquamarine",
        "mediumblue", "mediumorchid", "mediumpurple", "mediumseagreen", "mediumslateblue", "mediumspringgreen", "mediumturquoise", "mediumvioletred",
        "midnightblue", "mintcream", "mistyrose", "moccasin", "navajowhite", "navy", "oldlace", "olive",
        "olivedrab", "orange", "orangered", "orchid", "palegoldenrod", "palegreen", "paleturquoise", "palevioletred",
        "papayawhip", "peachpuff", "peru", "pink", "plum", "powderblue", "purple", "rebeccapurple",
        "red", "rosybrown", "royalblue", "saddlebrown", "salmon", "sandybrown", "seagreen", "seashell",
        "sienna", "silver", "skyblue", "slateblue", "slategray", "slategrey", "snow", "springgreen",
        "steelblue", "tan", "teal", "thistle", "tomato", "turquoise", "violet", "wheat",
        "white", "whitesmoke", "yellow", "yellowgreen",
    ]
}
