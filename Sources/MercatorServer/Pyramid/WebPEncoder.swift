import CMercatorImageCodecs
public import Foundation
public import Mercator

/// WebP encoding through libwebp loaded at run time, by the one loader in `CMercatorImageCodecs/webp.c`
/// that the decoder uses too: no libwebp headers are needed to build.
public enum WebPEncoder {
    /// Whether libwebp's encoder could be loaded.
    public static var isAvailable: Bool { mercator_webp_encoder_available() != 0 }

    /// The WebP of `image`: lossy at `quality` (0-100), or lossless when `quality` is `nil`.
    ///
    /// - Throws: ``PyramidError`` when libwebp cannot be loaded or refuses the image.
    public static func encode(_ image: RGBAImage, quality: Float? = nil) throws(PyramidError) -> Data {
        guard isAvailable else { throw PyramidError("WebP needs libwebp (libwebp.so.7), which cannot be loaded: install libwebp7 (apt-get install libwebp7)") }
        var output: UnsafeMutablePointer<UInt8>?
        let size = image.pixels.withUnsafeBufferPointer { pixels -> Int in
            guard let base = pixels.baseAddress else { return 0 }
            return mercator_webp_encode(base, Int32(image.width), Int32(image.height), Int32(image.width * 4), quality.map { max(0, $0) } ?? -1, &output)
        }
        defer { mercator_webp_free(output) }
        guard size > 0, let output else { throw PyramidError("libwebp could not encode a \(image.width)x\(image.height) image") }
        return Data(bytes: output, count: size)
    }
}
