/// Why a font could not be opened or used.
package enum FontError: Error, Sendable, Hashable, CustomStringConvertible {
    /// FreeType could not start.
    case freeTypeUnavailable(code: Int32)
    /// The file does not exist or cannot be read.
    case unreadable(path: String)
    /// The file is not a font FreeType reads (TrueType, OpenType, …), or the face index is out of range.
    case notAFont(path: String, code: Int32)
    /// The font has no scalable outlines at 24 px (bitmap-only fonts).
    case unscalable(path: String, code: Int32)
    /// No installed font answers to this name.
    case notInstalled(name: String)
    /// Installed fonts are not part of this build (the `FreeType` trait is off, or the platform has no implementation yet).
    case notAvailable(PlatformFeatureUnavailable)

    package var description: String {
        switch self {
        case .freeTypeUnavailable(let code): return "FreeType could not be initialised (error \(code))"
        case .unreadable(let path): return "\(path): no such font file, or it cannot be read"
        case .notAFont(let path, let code): return "\(path): not a font FreeType can open (error \(code))"
        case .unscalable(let path, let code): return "\(path): the font cannot be sized to 24 px (error \(code))"
        case .notInstalled(let name): return "no installed font is named '\(name)' (family, full or PostScript name)"
        case .notAvailable(let e): return "\(e)"
        }
    }
}
