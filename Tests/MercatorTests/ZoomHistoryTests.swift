import Foundation
import Testing
@testable import Mercator

/// MapLibre Native's zoom history, which cross-faded properties (`line-dasharray`) fade by.
@Suite struct ZoomHistoryTests {
    @Test("the integer zoom last crossed: below going in, above going out, kept within one integer zoom")
    func crossings() {
        var history = ZoomHistory()
        #expect(history.lastIntegerZoom == nil)
        var seen: [Double?] = []
        for zoom in [1, 0, 0.5, 1.5, 2.2, 0.3, 0.7] {
            history.update(zoom)
            seen.append(history.lastIntegerZoom)
        }
        #expect(seen == [1, 1, 1, 1, 2, 1, 1])
    }

    @Test("a dashed line at z2.5 after a frame at z3 fades from one zoom up: softer edges than a first frame at z2.5")
    func dashesFollowTheHistory() throws {
        let url = try #require(Bundle.module.url(forResource: "zoom-butt-z2.5", withExtension: "json", subdirectory: "Fixtures/dashes"))
        let document = try StyleDocument(json: JSONValue(parsing: Data(contentsOf: url)))
        func map() throws -> Map {
            Map(style: try Style(document: document), camera: MapCamera(style: document), size: MapSize(width: 128, height: 128),
                clientFonts: .disabled)
        }
        let fresh = try map().snapshot().image
        let zoomedOut = try map()
        zoomedOut.camera.zoom = 3
        zoomedOut.recordFrame()
        zoomedOut.camera.zoom = 2.5
        let faded = try zoomedOut.snapshot().image
        #expect(faded != fresh)
        // softer: more pixels part-covered
        func partial(_ image: RGBAImage) -> Int { stride(from: 0, to: image.pixels.count, by: 4).filter { (1...254).contains(image.pixels[$0]) }.count }
        #expect(partial(faded) > partial(fresh))
    }
}
