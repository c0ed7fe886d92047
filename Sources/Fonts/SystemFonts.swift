import Foundation
#if canImport(CMercatorFontconfig)
import CMercatorFontconfig
#endif

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
    /// Every font fontconfig knows, read once.
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

    /// The font fontconfig substitutes for `name` (its best match, e.g. the default sans-serif face),
    /// optionally one whose character set covers `codePoint`.
    public static func bestMatch(for name: String, containing codePoint: UInt32? = nil) -> InstalledFont? {
        #if canImport(CMercatorFontconfig)
        lock.withLock {
            guard let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            _ = name.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            var charset: OpaquePointer?
            if let codePoint, let set = FcCharSetCreate() {
                _ = FcCharSetAddChar(set, FcChar32(codePoint))
                _ = FcPatternAddCharSet(pattern, FC_CHARSET, set)
                charset = set
            }
            defer { if let charset { FcCharSetDestroy(charset) } }
            FcConfigSubstitute(nil, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
            defer { FcPatternDestroy(match) }
            return font(match)
        }
        #else
        return nil
        #endif
    }

    /// fontconfig's calls are serialised: its default configuration is shared.
    private static let lock = NSLock()

    private static func list() -> [InstalledFont] {
        #if canImport(CMercatorFontconfig)
        lock.withLock {
            guard FcInit() != 0, let pattern = FcPatternCreate() else { return [] }
            defer { FcPatternDestroy(pattern) }
            guard let objects = FcObjectSetCreate() else { return [] }
            defer { FcObjectSetDestroy(objects) }
            for name in [FC_FILE, FC_INDEX, FC_FAMILY, FC_STYLE, FC_FULLNAME, FC_POSTSCRIPT_NAME] { _ = FcObjectSetAdd(objects, name) }
            guard let set = FcFontList(nil, pattern, objects) else { return [] }
            defer { FcFontSetDestroy(set) }
            var out: [InstalledFont] = []
            for i in 0..<Int(set.pointee.nfont) {
                if let p = set.pointee.fonts[i], let font = font(p) { out.append(font) }
            }
            // a stable order: fontconfig's listing order depends on its cache
            return out.sorted { ($0.path, $0.index) < ($1.path, $1.index) }
        }
        #else
        return []
        #endif
    }

    #if canImport(CMercatorFontconfig)
    private static func font(_ pattern: OpaquePointer) -> InstalledFont? {
        guard let path = strings(pattern, FC_FILE).first else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        return InstalledFont(path: path, index: Int(index), families: strings(pattern, FC_FAMILY), styles: strings(pattern, FC_STYLE),
                             fullNames: strings(pattern, FC_FULLNAME), postScriptName: strings(pattern, FC_POSTSCRIPT_NAME).first)
    }

    private static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var out: [String] = []
        var n: Int32 = 0
        while true {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { break }
            out.append(String(cString: value))
            n += 1
        }
        return out
    }
    #endif

    private static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !CharacterSet.whitespaces.contains($0) && $0 != "-" && $0 != "_" })
    }
}

extension InstalledFont {
    /// Opens the font's face.
    public func open() throws(FontError) -> FontFace { try FontFace(contentsOf: path, index: index) }
}
