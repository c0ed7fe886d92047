import Foundation
import Rendering
import Testing

/// `AnimatedPNG`, now in the library: PNG frames of one size assembled into an APNG.
@Suite struct AnimatedPNGTests {
    static func frame(_ value: UInt8, width: Int = 2, height: Int = 2) -> Data {
        Data(PNGEncoder.encode(RGBAImage(width: width, height: height, pixels: [UInt8](repeating: value, count: width * height * 4))))
    }

    @Test func assemblesFramesWithControlChunks() throws {
        let apng = try AnimatedPNG.assemble([Self.frame(0), Self.frame(128), Self.frame(255)], fps: 30)
        let types = try AnimatedPNG.chunks(apng).map { $0.type }
        #expect(types.first == "IHDR")
        #expect(types.last == "IEND")
        #expect(types.filter { $0 == "acTL" }.count == 1)
        #expect(types.filter { $0 == "fcTL" }.count == 3)
        #expect(types.contains("IDAT") && types.contains("fdAT"))
        let acTL = try #require(try AnimatedPNG.chunks(apng).first { $0.type == "acTL" })
        #expect([UInt8](acTL.data.prefix(4)) == [0, 0, 0, 3])
    }

    @Test func refusesEmptyOrMixedFrames() {
        #expect(throws: AnimatedPNG.FormatError.self) { try AnimatedPNG.assemble([], fps: 10) }
        #expect(throws: AnimatedPNG.FormatError.self) { try AnimatedPNG.assemble([Self.frame(0), Self.frame(0, width: 3)], fps: 10) }
        #expect(throws: AnimatedPNG.FormatError.self) { try AnimatedPNG.assemble([Data("not a png".utf8)], fps: 10) }
    }
}
