/// An optional part of Mercator that comes from the system, compiled in by a package trait.
///
/// Each feature sits behind a seam (a protocol with one implementation per platform, chosen when the
/// package is built): ``ImageDecoding`` for images, `BidirectionalTextShaping` for right-to-left
/// labels, `Fonts.FontDiscovering` and `Fonts.FontRasterizing` for installed fonts. A build without the
/// trait (`swift build --disable-default-traits`), or a platform whose implementation is not written
/// yet, gets the "not available" implementation, whose calls throw ``PlatformFeatureUnavailable``.
public enum PlatformFeature: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Bidirectional line order and Arabic shaping for labels (ICU on Linux: the `ICU` trait).
    case rightToLeftText
    /// Installed fonts found by name and rasterised into glyphs (fontconfig and FreeType on Linux: the `FreeType` trait).
    case installedFonts
    /// JPEG raster tiles and images (libjpeg on Linux: the `LibJPEG` trait).
    case jpegDecoding

    /// The package trait that compiles the feature in.
    public var trait: String {
        switch self {
        case .rightToLeftText: return "ICU"
        case .installedFonts: return "FreeType"
        case .jpegDecoding: return "LibJPEG"
        }
    }

    /// Whether this build has the feature (its trait was enabled and the platform has an implementation).
    public var isAvailable: Bool {
        switch self {
        case .rightToLeftText:
            #if os(Linux) && ICU
            return true
            #else
            return false
            #endif
        case .installedFonts:
            #if os(Linux) && FreeType
            return true
            #else
            return false
            #endif
        case .jpegDecoding:
            #if os(Linux) && LibJPEG
            return true
            #else
            return false
            #endif
        }
    }

    /// What the feature does, in a user's words.
    public var description: String {
        switch self {
        case .rightToLeftText: return "right-to-left text (bidi line order and Arabic shaping)"
        case .installedFonts: return "installed fonts (fontconfig and FreeType)"
        case .jpegDecoding: return "JPEG decoding"
        }
    }
}

/// The error a feature left out of this build throws: names the feature and the trait that adds it.
public struct PlatformFeatureUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    /// The missing feature.
    public let feature: PlatformFeature

    /// The error for `feature`.
    public init(_ feature: PlatformFeature) {
        self.feature = feature
    }

    public var description: String {
        "\(feature) is not available in this build (enable the `\(feature.trait)` trait of the Mercator package)"
    }
}
