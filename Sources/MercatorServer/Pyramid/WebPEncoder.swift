import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Mercator

/// WebP encoding through libwebp loaded at run time (`dlopen`, as the decoder in
/// `CMercatorImageCodecs/webp.c` loads it): no libwebp headers are needed to build.
public enum WebPEncoder {
    private typealias Encode = @convention(c) (UnsafePointer<UInt8>, Int32, Int32, Int32, Float, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) -> Int
    private typealias EncodeLossless = @convention(c) (UnsafePointer<UInt8>, Int32, Int32, Int32, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) -> Int
    private typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void

    private struct Library: @unchecked Sendable {
        let encode: Encode, lossless: EncodeLossless, free: Free
    }

    private static let library: Library? = {
        for name in ["libwebp.so.7", "libwebp.so", "libwebp.7.dylib", "libwebp.dylib"] {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            guard let e = dlsym(handle, "WebPEncodeRGBA"), let l = dlsym(handle, "WebPEncodeLosslessRGBA"), let f = dlsym(handle, "WebPFree") else { continue }
            return Library(encode: unsafeBitCast(e, to: Encode.self), lossless: unsafeBitCast(l, to: EncodeLossless.self), free: unsafeBitCast(f, to: Free.self))
        }
        return nil
    }()

    /// Whether libwebp's encoder could be loaded.
    public static var isAvailable: Bool { library != nil }

    /// The WebP of `image`: lossy at `quality` (0-100), or lossless when `quality` is `nil`.
    ///
    /// - Throws: ``PyramidError`` when libwebp cannot be loaded or refuses the image.
    public static func encode(_ image: RGBAImage, quality: Float? = nil) throws(PyramidError) -> Data {
        guard let library else { throw PyramidError("WebP needs libwebp (libwebp.so.7), which cannot be loaded: install libwebp7 (apt-get install libwebp7)") }
        var output: UnsafeMutablePointer<UInt8>?
        let size = image.pixels.withUnsafeBufferPointer { pixels -> Int in
            guard let base = pixels.baseAddress else { return 0 }
            if let quality {
                return library.encode(base, Int32(image.width), Int32(image.height), Int32(image.width * 4), quality, &output)
            }
            return library.lossless(base, Int32(image.width), Int32(image.height), Int32(image.width * 4), &output)
        }
        defer { library.free(output) }
        guard size > 0, let output else { throw PyramidError("libwebp could not encode a \(image.width)x\(image.height) image") }
        return Data(bytes: output, count: size)
    }
}
