import Foundation

/// Why image bytes (a raster tile, an image source) could not be decoded.
public enum RasterDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A format recognised but not decoded (JPEG, WebP): names it.
    case unsupportedFormat(String)
    /// Not an image format Mercator knows.
    case unknownFormat
    /// A PNG that does not decode.
    case png(PNGDecodingError)

    public var description: String {
        switch self {
        case .unsupportedFormat(let f): return "\(f) images are not decoded yet (PNG is): convert the tiles to PNG"
        case .unknownFormat: return "not an image (PNG, JPEG or WebP)"
        case .png(let e): return "PNG: \(e)"
        }
    }
}

/// Decodes raster tiles and images by their signature.
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
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { throw .unsupportedFormat("JPEG") }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            throw .unsupportedFormat("WebP")
        }
        throw .unknownFormat
    }
}
