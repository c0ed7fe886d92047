import CMercatorImageCodecs
package import Foundation
package import Mercator
import Rendering

/// Why an image cannot be written in the format asked for.
package enum ImageOutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The output file's extension names no image format Mercator writes.
    case unknownExtension(path: String)
    /// The format's encoder is not in this build or not installed: `feature` names what is missing.
    case unavailable(format: ImageOutputFormat, feature: String)
    /// A quality outside 1-100.
    case qualityOutOfRange(Int)
    /// A quality given for a lossless format.
    case qualityNotApplicable(ImageOutputFormat)
    /// The encoder refused the image.
    case encodingFailed(format: ImageOutputFormat, message: String)

    /// The error in one sentence.
    package var description: String {
        switch self {
        case .unknownExtension(let path):
            let ext = (path as NSString).pathExtension
            return "\(path): \(ext.isEmpty ? "no file extension" : "the extension .\(ext)") names no image format Mercator writes (use .png, .jpg, .jpeg or .webp)"
        case .unavailable(let format, let feature):
            return "\(format.name) output is not available: \(feature)"
        case .qualityOutOfRange(let q):
            return "--quality must be between 1 and 100 (found \(q))"
        case .qualityNotApplicable(let format):
            return "--quality applies to lossy formats (JPEG, WebP); \(format.name) is lossless"
        case .encodingFailed(let format, let message):
            return "\(format.name) encoding failed: \(message)"
        }
    }
}

/// The image formats a snapshot is written in, chosen by the output file's extension.
package enum ImageOutputFormat: String, Sendable, Hashable, CaseIterable {
    case png, jpeg, webp

    /// The JPEG quality when none is given (libjpeg's scale, 1-100).
    package static let defaultJPEGQuality = 90

    /// The format `path`'s extension names (`.png`, `.jpg`/`.jpeg`, `.webp`, any case); `-` (standard output) is PNG.
    package init(path: String) throws(ImageOutputError) {
        if path == "-" { self = .png; return }
        switch (path as NSString).pathExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "webp": self = .webp
        default: throw .unknownExtension(path: path)
        }
    }

    /// The format's name in messages.
    package var name: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .webp: return "WebP"
        }
    }

    /// What this build or machine lacks to write the format, or `nil` when it can.
    package var missingFeature: String? {
        switch self {
        case .png: return nil
        case .jpeg:
            return mercator_jpeg_encoder_available() != 0 ? nil
                : "JPEG encoding is not available in this build (enable the `LibJPEG` trait of the Mercator package)"
        case .webp:
            return WebPEncoder.isAvailable ? nil
                : "WebP encoding needs libwebp (libwebp.so.7), which cannot be loaded: install libwebp7 (apt-get install libwebp7)"
        }
    }

    /// Checks that the format can be written here, with `quality` (1-100, lossy formats only; WebP
    /// without a quality is lossless).
    package func check(quality: Int?) throws(ImageOutputError) {
        if let quality {
            guard self != .png else { throw .qualityNotApplicable(self) }
            guard (1...100).contains(quality) else { throw .qualityOutOfRange(quality) }
        }
        if let missingFeature { throw .unavailable(format: self, feature: missingFeature) }
    }

    /// `image` (straight alpha) in this format: JPEG composited over white at `quality` (default
    /// ``defaultJPEGQuality``), WebP lossy at `quality` or lossless without one, PNG as the renderer writes it.
    package func encode(_ image: RGBAImage, quality: Int?) throws(ImageOutputError) -> Data {
        try check(quality: quality)
        switch self {
        case .png:
            return Data(PNGEncoder.encode(image))
        case .jpeg:
            var output: UnsafeMutablePointer<UInt8>?
            var length = 0
            var message = [CChar](repeating: 0, count: 256)
            let ok = image.pixels.withUnsafeBufferPointer { pixels in
                message.withUnsafeMutableBufferPointer {
                    mercator_jpeg_encode(pixels.baseAddress, Int32(clamping: image.width), Int32(clamping: image.height),
                                         Int32(quality ?? Self.defaultJPEGQuality), &output, &length, $0.baseAddress, $0.count)
                }
            }
            defer { mercator_jpeg_free(output) }
            guard ok == 1, let output else {
                throw .encodingFailed(format: self, message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            return Data(bytes: output, count: length)
        case .webp:
            do {
                return try WebPEncoder.encode(image, quality: quality.map(Float.init))
            } catch {
                throw .encodingFailed(format: self, message: error.description)
            }
        }
    }
}
