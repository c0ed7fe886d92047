import Foundation
/// Checks and normalises the path of an entry inside a bundle.
enum BundlePath {
    /// The entry path with `\` read as `/`, empty and `.` components dropped; throws when it would
    /// escape the bundle (absolute, a drive letter, a `..` component, a NUL byte).
    static func normalize(_ raw: String) throws(VenueError) -> String {
        if raw.isEmpty || raw.contains("\0") { throw .unsafeEntryPath(raw) }
        let unified = raw.replacingOccurrences(of: "\\", with: "/")
        if unified.hasPrefix("/") || unified.hasPrefix("~") { throw .unsafeEntryPath(raw) }
        let first = unified.split(separator: "/", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        if first.count >= 2, first.dropFirst().first == ":" { throw .unsafeEntryPath(raw) }  // C:...
        var parts: [Substring] = []
        for part in unified.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { throw .unsafeEntryPath(raw) }
            parts.append(part)
        }
        if parts.isEmpty { throw .unsafeEntryPath(raw) }
        return parts.joined(separator: "/")
    }

    /// Whether a path is archiver litter (`__MACOSX/…`, AppleDouble `._…`, `.DS_Store`), never read or reported.
    static func isLitter(_ path: String) -> Bool {
        if path.hasPrefix("__MACOSX/") || path.contains("/__MACOSX/") { return true }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasPrefix("._") || name == ".DS_Store" || name == "Thumbs.db"
    }

    /// Whether a bundle-relative path names a JSON file the loader reads.
    static func isJSON(_ path: String) -> Bool {
        if isLitter(path) { return false }
        let lower = path.lowercased()
        return lower.hasSuffix(".geojson") || lower.hasSuffix(".json")
    }
}
