/// Caps that keep a hostile bundle from exhausting memory while it is read.
///
/// Declared sizes are checked before an entry is inflated, and the actual byte count is checked
/// again while inflating, so an entry that lies about its size is stopped early.
public struct VenueLoadLimits: Sendable, Hashable {
    /// Most uncompressed bytes one entry may hold.
    public var maxEntryBytes: UInt64
    /// Most uncompressed bytes all the entries that are read may hold together.
    public var maxTotalBytes: UInt64
    /// Highest uncompressed/compressed ratio accepted for an entry larger than ``ratioCheckThreshold``.
    public var maxCompressionRatio: Double
    /// Entries up to this many uncompressed bytes are exempt from the ratio check (tiny JSON compresses well).
    public var ratioCheckThreshold: UInt64
    /// Most entries (files and folders) a bundle may have.
    public var maxEntries: Int
    /// Largest zip archive accepted, in (compressed) bytes.
    public var maxArchiveBytes: UInt64

    /// Creates limits; the defaults suit real venues (a large mall is a few megabytes).
    public init(
        maxEntryBytes: UInt64 = 64 << 20, maxTotalBytes: UInt64 = 256 << 20,
        maxCompressionRatio: Double = 200, ratioCheckThreshold: UInt64 = 1 << 20, maxEntries: Int = 20_000,
        maxArchiveBytes: UInt64 = 512 << 20
    ) {
        self.maxEntryBytes = maxEntryBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxCompressionRatio = maxCompressionRatio
        self.ratioCheckThreshold = ratioCheckThreshold
        self.maxEntries = maxEntries
        self.maxArchiveBytes = maxArchiveBytes
    }

    /// The default limits.
    public static let `default` = VenueLoadLimits()
}
