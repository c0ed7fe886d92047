import Foundation

/// A locale-aware string comparison (`["collator", {...}]`), modelled on `Intl.Collator` with `usage: "search"`.
///
/// Implements the collation levels the spec relies on: base letters (primary), accents (secondary) and case
/// (tertiary, lower before upper), with the German search tailoring (ä = ae, ö = oe, ü = ue) and the Nordic
/// letters å, ä, ö, æ, ø sorting after z.
public struct Collator: Sendable, Hashable {
    /// Whether upper and lower case differ.
    public var caseSensitive: Bool
    /// Whether accents differ.
    public var diacriticSensitive: Bool
    /// The requested locale (BCP 47), nil for the default.
    public var locale: String?

    /// Creates a collator.
    public init(caseSensitive: Bool, diacriticSensitive: Bool, locale: String?) {
        self.caseSensitive = caseSensitive
        self.diacriticSensitive = diacriticSensitive
        self.locale = locale
    }

    static let knownLanguages: Set<String> = [
        "af", "am", "ar", "as", "az", "be", "bg", "bn", "bs", "ca", "cs", "cy", "da", "de", "el", "en", "eo", "es",
        "et", "eu", "fa", "fi", "fil", "fo", "fr", "ga", "gl", "gu", "ha", "he", "hi", "hr", "hu", "hy", "id", "ig",
        "is", "it", "ja", "ka", "kk", "km", "kn", "ko", "ky", "lb", "lo", "lt", "lv", "mk", "ml", "mn", "mr", "ms",
        "mt", "my", "nb", "ne", "nl", "nn", "no", "or", "pa", "pl", "ps", "pt", "ro", "ru", "se", "si", "sk", "sl",
        "sq", "sr", "sv", "sw", "ta", "te", "th", "tk", "to", "tr", "uk", "ur", "uz", "vi", "wo", "yo", "zh", "zu",
    ]

    /// The locale actually used: the requested one when its language is known, otherwise `en-US`.
    public var resolvedLocale: String {
        guard let locale, !locale.isEmpty else { return "en-US" }
        let lang = locale.split(separator: "-").first.map { $0.lowercased() } ?? ""
        return Self.knownLanguages.contains(lang) ? locale : "en-US"
    }

    private var language: String {
        resolvedLocale.split(separator: "-").first.map { $0.lowercased() } ?? "en"
    }

    private struct Key { var primary: [UInt32] = []; var secondary: [UInt32] = []; var tertiary: [UInt32] = [] }

    private func key(_ s: String) -> Key {
        var k = Key()
        let lang = language
        let nordic = lang == "sv" || lang == "fi" || lang == "da" || lang == "nb" || lang == "nn" || lang == "no"
        for ch in s {
            let lower = String(ch).lowercased()
            let isUpper = String(ch) != lower
            // Locale tailorings on precomposed letters.
            if nordic, let p = ["å": 0x10001, "ä": 0x10002, "æ": 0x10002, "ö": 0x10003, "ø": 0x10003][lower] {
                k.primary.append(UInt32(p)); k.secondary.append(0); k.tertiary.append(isUpper ? 1 : 0)
                continue
            }
            if lang == "de", let exp = ["ä": "a", "ö": "o", "ü": "u"][lower] {
                k.primary.append(exp.unicodeScalars.first!.value); k.secondary.append(1); k.tertiary.append(isUpper ? 1 : 0)
                k.primary.append(UInt32(UInt8(ascii: "e"))); k.secondary.append(0); k.tertiary.append(0)
                continue
            }
            let decomposed = lower.decomposedStringWithCanonicalMapping.unicodeScalars
            var accent: UInt32 = 0
            var base: [UInt32] = []
            for u in decomposed {
                if u.properties.generalCategory == .nonspacingMark { accent = accent &* 31 &+ u.value } else { base.append(u.value) }
            }
            for (i, b) in base.enumerated() {
                k.primary.append(b)
                k.secondary.append(i == base.count - 1 ? accent : 0)
                k.tertiary.append(isUpper ? 1 : 0)
            }
        }
        return k
    }

    private static func cmp(_ a: [UInt32], _ b: [UInt32]) -> Int {
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// Compares two strings: negative, zero or positive like `Intl.Collator#compare`.
    public func compare(_ a: String, _ b: String) -> Int {
        let ka = key(a), kb = key(b)
        let p = Self.cmp(ka.primary, kb.primary)
        if p != 0 { return p }
        if diacriticSensitive {
            let s = Self.cmp(ka.secondary, kb.secondary)
            if s != 0 { return s }
        }
        if caseSensitive {
            let t = Self.cmp(ka.tertiary, kb.tertiary)
            if t != 0 { return t }
        }
        return 0
    }
}
