#if os(Linux) && FreeType
import Foundation
import CMercatorFontconfig

/// Installed fonts through fontconfig (Linux, the `FreeType` trait).
package struct FontconfigDiscovery: FontDiscovering {
    package init() {}

    /// fontconfig's calls are serialised: its default configuration is shared.
    private static let lock = NSLock()

    package func installedFonts() throws(FontError) -> [InstalledFont] {
        Self.lock.withLock {
            guard FcInit() != 0, let pattern = FcPatternCreate() else { return [] }
            defer { FcPatternDestroy(pattern) }
            guard let objects = FcObjectSetCreate() else { return [] }
            defer { FcObjectSetDestroy(objects) }
            for name in [FC_FILE, FC_INDEX, FC_FAMILY, FC_STYLE, FC_FULLNAME, FC_POSTSCRIPT_NAME] { _ = FcObjectSetAdd(objects, name) }
            guard let set = FcFontList(nil, pattern, objects) else { return [] }
            defer { FcFontSetDestroy(set) }
            var out: [InstalledFont] = []
            for i in 0..<Int(set.pointee.nfont) {
                if let p = set.pointee.fonts[i], let font = Self.font(p) { out.append(font) }
            }
            // a stable order: fontconfig's listing order depends on its cache
            return out.sorted { ($0.path, $0.index) < ($1.path, $1.index) }
        }
    }

    package func bestMatch(for name: String, containing codePoint: UInt32?) throws(FontError) -> InstalledFont? {
        Self.lock.withLock {
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
            return Self.font(match)
        }
    }

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
}
#endif
