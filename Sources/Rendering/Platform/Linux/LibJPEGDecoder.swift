#if os(Linux) && LibJPEG
import CMercatorImageCodecs
import Fonts

/// JPEG through the system's libjpeg (the libjpeg API; Debian's libjpeg62-turbo), as opaque RGBA.
struct LibJPEGDecoder: ImageDecoding {
    init(format: ImageFormat = .jpeg, feature: PlatformFeature = .jpegDecoding) {}

    func canDecode(_ format: ImageFormat) -> Bool { format == .jpeg }

    func decode(_ bytes: [UInt8], as format: ImageFormat) throws(RasterDecodingError) -> RGBAImage {
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let header = bytes.withUnsafeBufferPointer { src in
            message.withUnsafeMutableBufferPointer {
                mercator_jpeg_size(src.baseAddress, src.count, &width, &height, $0.baseAddress, $0.count)
            }
        }
        guard header == 1 else { throw .decoder(format: "JPEG", message: RasterDecoding.decoderMessage(message)) }
        guard width > 0, height > 0 else { throw .decoder(format: "JPEG", message: "the header gives no image size") }
        try RasterDecoding.checkSize(Int(width), Int(height))
        var pixels = [UInt8](repeating: 0, count: 4 * Int(width) * Int(height))
        let status = bytes.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                message.withUnsafeMutableBufferPointer {
                    mercator_jpeg_decode(src.baseAddress, src.count, dst.baseAddress, dst.count, $0.baseAddress, $0.count)
                }
            }
        }
        guard status == 1 else { throw .decoder(format: "JPEG", message: RasterDecoding.decoderMessage(message)) }
        return RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
    }
}
#endif
