import Foundation
import Mercator
import Rendering

/// A style of our own drawn by Mercator under GL JS's rasterization (`RasterReference.glJSSwiftShader`) beside GL JS
/// 5.24's picture of it (`Fixtures/<folder>/<name>.json` and `.png`, drawn with
/// `../shared/tools/reference-render-gljs/render.py` at 192 x 192).
struct GLJSReferencePicture {
    let actual: RGBAImage
    let expected: RGBAImage
    /// Pixels apart under the GL JS comparison suite's rule (pixelmatch threshold 0.1285).
    let pixelsApart: Int

    /// The GL JS comparison suite's allowance at 192 x 192 (`suite.json`: 0.025 % of the pixels).
    static let allowed = Int(0.00025 * 192 * 192)

    init(folder: String, name: String) throws {
        guard let styleURL = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/\(folder)"),
              let expectedURL = Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Fixtures/\(folder)") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Fixtures/\(folder)/\(name)"])
        }
        let document = try StyleDocument(json: JSONValue(parsing: Data(contentsOf: styleURL)))
        let map = Map(style: try Style(document: document), camera: MapCamera(style: document), size: MapSize(width: 192, height: 192),
                      clientFonts: .disabled)
        map.rasterReference = .glJSSwiftShader
        actual = try map.snapshot().image
        expected = try PNGDecoder.decode([UInt8](Data(contentsOf: expectedURL)))
        pixelsApart = try PixelMatch.compare(actual.premultiplied(), expected.premultiplied(),
                                             options: PixelMatch.Options(threshold: 0.1285)).differentPixels
    }
}
