import Foundation
import Mercator
import Testing

/// A raster source whose host refuses connections (port 9 on the loopback address) costs one
/// attempt and gives one warning for the source; the rest of the map draws.
@Suite("Unreachable sources")
struct UnreachableSourceTests {
    @Test("a raster source on a refusing host: one warning naming it, not retried, the background drawn")
    func refusedRasterSource() throws {
        let style = try Style(parsing: #"""
        {"version":8,"sources":{"r":{"type":"raster","tiles":["http://127.0.0.1:9/{z}/{x}/{y}.png"],"tileSize":256}},
         "layers":[{"id":"bg","type":"background","paint":{"background-color":"#336699"}},
                   {"id":"r","type":"raster","source":"r"}]}
        """#)
        let map = Map(style: style, camera: MapCamera(center: .init(latitude: 10, longitude: 10), zoom: 3), size: MapSize(width: 256, height: 256))
        let snapshot = try map.snapshot()
        #expect(snapshot.sourceErrors.count == 1, "\(snapshot.sourceErrors)")
        let message = snapshot.sourceErrors.map { String(describing: $0) }.joined(separator: "\n")
        #expect(message.contains("not retried") || message.contains("could not be reached"), "\(message)")
        let png = snapshot.pngData()
        #expect(png.count > 0)
    }
}
