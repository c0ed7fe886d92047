import CMercatorImageCodecs

/// WebP (lossy or lossless, with alpha) through libwebp's shared library, loaded at run time: the build
/// needs no WebP headers, and a machine without libwebp gets "WebP support is not installed".
/// Any platform with `dlopen` (Linux's libwebp.so.7, a Homebrew libwebp.dylib on macOS).
struct LibWebPDecoder: ImageDecoding {
    func canDecode(_ format: ImageFormat) -> Bool { format == .webp && mercator_webp_available() == 1 }

    func decode(_ bytes: [UInt8], as format: ImageFormat) throws(RasterDecodingError) -> RGBAImage {
        guard mercator_webp_available() == 1 else {
            throw .decoder(format: "WebP", message: "WebP support is not installed (libwebp's shared library, libwebp.so.7, was not found)")
        }
        var width: Int32 = 0, height: Int32 = 0
        let ok = bytes.withUnsafeBufferPointer { mercator_webp_size($0.baseAddress, $0.count, &width, &height) }
        guard ok != 0, width > 0, height > 0 else { throw .decoder(format: "WebP", message: "not a valid WebP bitstream") }
        try RasterDecoding.checkSize(Int(width), Int(height))
        var pixels = [UInt8](repeating: 0, count: 4 * Int(width) * Int(height))
        let decoded = bytes.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                mercator_webp_decode(src.baseAddress, src.count, dst.baseAddress, dst.count, 4 * width)
            }
        }
        guard decoded != 0 else { throw .decoder(format: "WebP", message: "the image data does not decode") }
        return RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
    }
}
