/// The Apple platform whose SDK behaviour a conversion reproduces.
public enum FormatPlatform: String, Sendable, Hashable {
    /// iOS: colours cast with `'UIColor'`; offsets keep their y.
    case iOS = "ios"
    /// macOS: colours cast with `'NSColor'`; offsets flip their y (AppKit coordinates).
    case macOS = "macos"
}

/// Options for converting between format strings and style JSON.
public struct FormatJSONOptions: Sendable, Hashable {
    /// The platform whose spelling and coordinate conventions to follow. Default: iOS.
    public var platform: FormatPlatform

    /// Creates options for a platform.
    public init(platform: FormatPlatform = .iOS) {
        self.platform = platform
    }

    /// The colour class name used by `CAST(x, '…')` on this platform.
    var colorClassName: String { platform == .iOS ? "UIColor" : "NSColor" }

    /// Deepest JSON or expression nesting converted.
    static let maximumDepth = 256
}
