import Foundation
import Testing
@testable import Rendering

/// The image seam in every build (JPEG and WebP depend on the build: ``PlatformFeature``).
@Suite struct ImageDecodingTests {
    @Test("PNG decodes in every build")
    func pngEverywhere() throws {
        let png = PNGEncoder.encode(RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 255]))
        #expect(RasterDecoding.canDecode(.png))
        #expect(try RasterDecoding.decode(Data(png)).pixels == [1, 2, 3, 255])
        #expect(ImageFormat(signature: png) == .png)
        #expect(ImageFormat(signature: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat(signature: [0x47, 0x49, 0x46]) == nil)
    }
}
