/// Why a venue bundle could not be opened at all.
///
/// Problems a bundle can live with (a missing floor file, an invalid colour) are reported as
/// ``VenueDiagnostic``s instead; these errors are for input that is unreadable or hostile.
public enum VenueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing exists at the given path.
    case notFound(path: String)
    /// The data is not a readable zip archive (truncated, corrupt, or not a zip at all).
    case unreadableArchive(reason: String)
    /// An entry's path would escape the bundle (`../`, an absolute path, a drive letter, a symbolic link).
    case unsafeEntryPath(String)
    /// The archive or folder holds more entries than ``VenueLoadLimits/maxEntries``.
    case tooManyEntries(count: Int, limit: Int)
    /// An entry is (or inflates to) more than ``VenueLoadLimits/maxEntryBytes``.
    case entryTooLarge(path: String, bytes: UInt64, limit: UInt64)
    /// An entry inflated beyond the uncompressed size its header declares.
    case declaredSizeExceeded(path: String, declared: UInt64)
    /// An entry's uncompressed size is suspiciously many times its compressed size (a zip bomb).
    case compressionRatioTooHigh(path: String, ratio: Double, limit: Double)
    /// The entries together are (or inflate to) more than ``VenueLoadLimits/maxTotalBytes``.
    case bundleTooLarge(bytes: UInt64, limit: UInt64)
    /// A file that must hold JSON does not parse as JSON.
    case invalidJSON(file: String, message: String)
    /// The input holds no venue: no manifest, no floor list and no per-floor files.
    case notAVenueBundle(reason: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            return "no venue bundle at \(path)"
        case .unreadableArchive(let reason):
            return "the bundle is not a readable zip archive: \(reason)"
        case .unsafeEntryPath(let path):
            return "refused: the entry '\(path)' would escape the bundle"
        case .tooManyEntries(let count, let limit):
            return "refused: the bundle has \(count) entries (limit \(limit))"
        case .entryTooLarge(let path, let bytes, let limit):
            return "refused: '\(path)' is \(bytes) bytes uncompressed (limit \(limit))"
        case .declaredSizeExceeded(let path, let declared):
            return "refused: '\(path)' inflates beyond its declared size of \(declared) bytes"
        case .compressionRatioTooHigh(let path, let ratio, let limit):
            let shown = (ratio * 10).rounded() / 10
            return "refused: '\(path)' expands \(shown) times when inflated (limit \(limit)), a likely zip bomb"
        case .bundleTooLarge(let bytes, let limit):
            return "refused: the bundle is \(bytes) bytes uncompressed (limit \(limit))"
        case .invalidJSON(let file, let message):
            return "'\(file)' is not valid JSON: \(message)"
        case .notAVenueBundle(let reason):
            return "not an MVF v2 venue bundle: \(reason)"
        }
    }
}
