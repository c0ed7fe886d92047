import Fonts

/// A format this build cannot decode: every call throws ``RasterDecodingError/notAvailable(_:)``.
struct UnavailableImageDecoder: ImageDecoding {
    /// The format left out.
    let format: ImageFormat
    /// The feature (and so the trait) that would decode it.
    let feature: PlatformFeature

    init(format: ImageFormat, feature: PlatformFeature) {
        self.format = format
        self.feature = feature
    }

    func canDecode(_ format: ImageFormat) -> Bool { false }

    func decode(_ bytes: [UInt8], as format: ImageFormat) throws(RasterDecodingError) -> RGBAImage {
        throw .notAvailable(PlatformFeatureUnavailable(feature))
    }
}
