import Fonts
/// The image formats raster tiles and images come in, known by their first bytes.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    case webp = "WebP"

    /// The format `bytes` start with, or nil when they are none of these.
    public init?(signature bytes: [UInt8]) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }
}

/// The image-decoding seam: compressed image bytes to straight-alpha RGBA.
///
/// One implementation per platform, as MapLibre Native's `platform/default` image readers beside
/// `platform/darwin`'s ImageIO: ``PlatformImageDecoder`` is PNG in Swift, JPEG through libjpeg (the
/// `LibJPEG` trait, Linux) and WebP through libwebp loaded at run time. An Apple implementation
/// (ImageIO) would be one more type conforming here, chosen in ``PlatformImageDecoder``.
/// One call decodes a whole image: nothing here runs per pixel.
package protocol ImageDecoding: Sendable {
    /// Whether `format` decodes in this build, on this machine.
    func canDecode(_ format: ImageFormat) -> Bool
    /// Decodes `bytes`, whose signature says they are `format`.
    func decode(_ bytes: [UInt8], as format: ImageFormat) throws(RasterDecodingError) -> RGBAImage
}

#if os(Linux) && LibJPEG
/// This build's JPEG decoder.
typealias PlatformJPEGDecoder = LibJPEGDecoder
#else
/// This build's JPEG decoder: none (the `LibJPEG` trait is off, or the platform has no implementation yet).
typealias PlatformJPEGDecoder = UnavailableImageDecoder
#endif

/// The engine's image decoder: PNG in Swift, JPEG and WebP from the system. Concrete types throughout,
/// so the choice costs no dynamic dispatch.
package struct PlatformImageDecoder: ImageDecoding {
    /// The decoder every part of the engine uses (``RasterDecoding/decode(_:)``).
    package static let `default` = PlatformImageDecoder()

    let jpeg = PlatformJPEGDecoder(format: .jpeg, feature: .jpegDecoding)
    let webp = LibWebPDecoder()

    package func canDecode(_ format: ImageFormat) -> Bool {
        switch format {
        case .png: return true
        case .jpeg: return jpeg.canDecode(.jpeg)
        case .webp: return webp.canDecode(.webp)
        }
    }

    package func decode(_ bytes: [UInt8], as format: ImageFormat) throws(RasterDecodingError) -> RGBAImage {
        switch format {
        case .png:
            do {
                return try PNGDecoder.decode(bytes)
            } catch {
                throw .png(error)
            }
        case .jpeg: return try jpeg.decode(bytes, as: format)
        case .webp: return try webp.decode(bytes, as: format)
        }
    }
}
