package import Foundation
package import Fonts

/// Why image bytes (a raster tile, an image source) could not be decoded.
package enum RasterDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A format recognised but not decoded (JPEG, WebP): names it.
    case unsupportedFormat(String)
    /// Not an image format Mercator knows.
    case unknownFormat
    /// A PNG that does not decode.
    case png(PNGDecodingError)
    /// A JPEG or WebP the system decoder refused (its message).
    case decoder(format: String, message: String)
    /// An image larger than the decoders accept.
    case tooLarge(width: Int, height: Int)
    /// A format this build was made without (JPEG without the `LibJPEG` trait).
    case notAvailable(PlatformFeatureUnavailable)

    package var description: String {
        switch self {
        case .unsupportedFormat(let f): return "\(f) images are not decoded"
        case .unknownFormat: return "not an image (PNG, JPEG or WebP)"
        case .png(let e): return "PNG: \(e)"
        case .decoder(let format, let message): return "\(format): \(message)"
        case .tooLarge(let w, let h): return "\(w)x\(h) is larger than the 32768x32768, 2^28-pixel image limit"
        case .notAvailable(let e): return "\(e)"
        }
    }
}

/// Decodes raster tiles and images by their signature through the platform's decoder
/// (``PlatformImageDecoder``): PNG (Mercator's own decoder), JPEG (the system's libjpeg, the `LibJPEG`
/// trait) and WebP (libwebp, loaded at run time).
package enum RasterDecoding {
    /// The image in `data` as straight-alpha RGBA.
    package static func decode(_ data: Data) throws(RasterDecodingError) -> RGBAImage {
        let bytes = [UInt8](data)
        guard let format = ImageFormat(signature: bytes) else { throw .unknownFormat }
        return try PlatformImageDecoder.default.decode(bytes, as: format)
    }

    /// Whether images of `format` decode in this build, on this machine.
    package static func canDecode(_ format: ImageFormat) -> Bool { PlatformImageDecoder.default.canDecode(format) }

    /// Whether WebP images can be decoded here: libwebp's shared library was found at run time.
    package static var isWebPAvailable: Bool { canDecode(.webp) }

    /// Image size limits shared by the decoders.
    static func checkSize(_ width: Int, _ height: Int) throws(RasterDecodingError) {
        guard width > 0, height > 0, width <= 32768, height <= 32768, width * height <= 1 << 28 else {
            throw .tooLarge(width: width, height: height)
        }
    }

    /// A decoder's NUL-terminated message, or a generic one when it left none.
    static func decoderMessage(_ buffer: [CChar]) -> String {
        let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return text.isEmpty ? "the image data does not decode" : text
    }
}
