import Foundation

/// One installed font as fontconfig lists it.
public struct InstalledFont: Sendable, Hashable {
    /// The font file.
    public var path: String
    /// The face index in the file.
    public var index: Int
    /// Family names (`DejaVu Sans`, and localised or typographic variants).
    public var families: [String]
    /// Style names (`Book`, `Bold`…).
    public var styles: [String]
    /// Full (display) names (`DejaVu Sans Bold`).
    public var fullNames: [String]
    /// The PostScript name (`DejaVuSans-Bold`).
    public var postScriptName: String?
}

/// Installed fonts found through fontconfig: by family, full (display) or PostScript name.
public enum SystemFonts {
    /// Every installed font, read once.
    public static let installed: [InstalledFont] = list()

    /// The font a label's font name means: an exact full or PostScript name, then a family with
    /// a style (`Open Sans Semibold`), then a family's regular face. Case and spaces are ignored;
    /// nil when nothing installed answers to `name`.
    public static func font(named name: String) -> InstalledFont? {
        let key = normalized(name)
        guard !key.isEmpty else { return nil }
        if let exact = installed.first(where: { $0.fullNames.contains { normalized($0) == key } || $0.postScriptName.map(normalized) == key }) {
            return exact
        }
        if let styled = installed.first(where: { font in
            font.families.contains { family in font.styles.contains { normalized(family + $0) == key } }
        }) {
            return styled
        }
        let family = installed.filter { $0.families.contains { normalized($0) == key } }
        let regular = ["regular", "book", "normal", "roman", "medium"]
        return family.first { $0.styles.contains { regular.contains(normalized($0)) } } ?? family.first
    }

    /// The font the system substitutes for `name` (its best match, e.g. the default sans-serif face),
    /// optionally one whose character set covers `codePoint`; nil when none, or in a build without installed fonts.
    public static func bestMatch(for name: String, containing codePoint: UInt32? = nil) -> InstalledFont? {
        (try? discovery.bestMatch(for: name, containing: codePoint)) ?? nil
    }

    /// The platform's font discovery (fontconfig on Linux; a concrete type).
    static let discovery = PlatformFontDiscovery()

    private static func list() -> [InstalledFont] {
        (try? discovery.installedFonts()) ?? []
    }

    private static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !CharacterSet.whitespaces.contains($0) && $0 != "-" && $0 != "_" })
    }
}

extension InstalledFont {
    /// Opens the font's face.
    package func open() throws(FontError) -> FontFace { try FontFace(contentsOf: path, index: index) }
}
