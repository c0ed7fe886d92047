import Foundation
import CMercatorImageCodecs

/// Why image bytes (a raster tile, an image source) could not be decoded.
public enum RasterDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
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

    public var description: String {
        switch self {
        case .unsupportedFormat(let f): return "\(f) images are not decoded"
        case .unknownFormat: return "not an image (PNG, JPEG or WebP)"
        case .png(let e): return "PNG: \(e)"
        case .decoder(let format, let message): return "\(format): \(message)"
        case .tooLarge(let w, let h): return "\(w)x\(h) is larger than the 32768x32768, 2^28-pixel image limit"
        }
    }
}

/// Decodes raster tiles and images by their signature: PNG (Mercator's own decoder), JPEG
/// (the system's libjpeg) and WebP (libwebp, loaded at run time).
public enum RasterDecoding {
    /// The image in `data` as straight-alpha RGBA.
    public static func decode(_ data: Data) throws(RasterDecodingError) -> RGBAImage {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            do {
                return try PNGDecoder.decode(bytes)
            } catch {
                throw .png(error)
            }
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try jpeg(bytes) }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return try webp(bytes)
        }
        throw .unknownFormat
    }

    /// Image size limits shared by the decoders.
    static func checkSize(_ width: Int, _ height: Int) throws(RasterDecodingError) {
        guard width > 0, height > 0, width <= 32768, height <= 32768, width * height <= 1 << 28 else {
            throw .tooLarge(width: width, height: height)
        }
    }

    /// A JPEG through the system's libjpeg, as opaque RGBA.
    static func jpeg(_ bytes: [UInt8]) throws(RasterDecodingError) -> RGBAImage {
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let header = bytes.withUnsafeBufferPointer { src in
            message.withUnsafeMutableBufferPointer {
                mercator_jpeg_size(src.baseAddress, src.count, &width, &height, $0.baseAddress, $0.count)
            }
        }
        guard header == 1 else { throw .decoder(format: "JPEG", message: decoderMessage(message)) }
        guard width > 0, height > 0 else { throw .decoder(format: "JPEG", message: "the header gives no image size") }
        try checkSize(Int(width), Int(height))
        var pixels = [UInt8](repeating: 0, count: 4 * Int(width) * Int(height))
        let status = bytes.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                message.withUnsafeMutableBufferPointer {
                    mercator_jpeg_decode(src.baseAddress, src.count, dst.baseAddress, dst.count, $0.baseAddress, $0.count)
                }
            }
        }
        guard status == 1 else { throw .decoder(format: "JPEG", message: decoderMessage(message)) }
        return RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
    }

    /// Whether WebP images can be decoded here: libwebp's shared library was found at run time.
    public static var isWebPAvailable: Bool { mercator_webp_available() == 1 }

    /// A WebP (lossy or lossless, with alpha) through libwebp, loaded at run time.
    static func webp(_ bytes: [UInt8]) throws(RasterDecodingError) -> RGBAImage {
        guard isWebPAvailable else {
            throw .decoder(format: "WebP", message: "WebP support is not installed (libwebp's shared library, libwebp.so.7, was not found)")
        }
        var width: Int32 = 0, height: Int32 = 0
        let ok = bytes.withUnsafeBufferPointer { mercator_webp_size($0.baseAddress, $0.count, &width, &height) }
        guard ok != 0, width > 0, height > 0 else { throw .decoder(format: "WebP", message: "not a valid WebP bitstream") }
        try checkSize(Int(width), Int(height))
        var pixels = [UInt8](repeating: 0, count: 4 * Int(width) * Int(height))
        let decoded = bytes.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                mercator_webp_decode(src.baseAddress, src.count, dst.baseAddress, dst.count, 4 * width)
            }
        }
        guard decoded != 0 else { throw .decoder(format: "WebP", message: "the image data does not decode") }
        return RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
    }

    private static func decoderMessage(_ buffer: [CChar]) -> String {
        let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return text.isEmpty ? "the image data does not decode" : text
    }
}
