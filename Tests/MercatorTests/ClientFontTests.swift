import Foundation
import Mercator
import MercatorTestSupport
import Testing

/// Labels drawn from installed fonts (fontconfig + FreeType) when the style's glyphs do not serve them.
@Suite("Client-side fonts", .enabled(if: PlatformFeature.installedFonts.isAvailable, "needs installed fonts (the FreeType trait)"))
struct ClientFontTests {
    static func map(glyphs: String?, font: String, clientFonts: ClientFontOptions = ClientFontOptions()) throws -> Map {
        var style: JSONObject = [
            "version": 8,
            "sources": ["points": ["type": "geojson", "data": ["type": "Feature", "properties": ["name": "Mercator"],
                                                                "geometry": ["type": "Point", "coordinates": [0, 0]]]]],
            "layers": [["id": "bg", "type": "background", "paint": ["background-color": "white"]],
                       ["id": "labels", "type": "symbol", "source": "points",
                        "layout": ["text-field": ["get", "name"], "text-font": [.string(font)], "text-size": 16]]],
        ]
        if let glyphs { style["glyphs"] = .string(glyphs) }
        return Map(style: try Style(document: StyleDocument(json: .object(style))), camera: MapCamera(zoom: 2),
                   size: MapSize(width: 128, height: 64), clientFonts: clientFonts)
    }

    /// Columns holding a dark pixel.
    static func inkedColumns(_ s: MapSnapshot) -> [Int] {
        let image = s.image
        return (0..<image.width).filter { x in (0..<image.height).contains { y in image.pixels[4 * (y * image.width + x)] < 128 } }
    }

    @Test("a style without glyphs draws its label with the installed font of that name")
    func noGlyphsURL() throws {
        let s = try Self.map(glyphs: nil, font: "DejaVu Sans Book").snapshot()
        let columns = Self.inkedColumns(s)
        let first = try #require(columns.first), last = try #require(columns.last)
        // "Mercator" in DejaVu Sans at 16 px is about 75 px wide (advances 20+15+10+13+15+10+15+10 at 24 px)
        #expect(last - first > 60 && last - first < 90, "\(first)...\(last)")
        #expect(abs((first + last) / 2 - 64) <= 2, "centred on the anchor: \(first)...\(last)")
    }

    @Test("a font stack the glyphs URL does not serve falls back; disabled client fonts draw nothing", .needsShared)
    func unservedFontStack() throws {
        let glyphs = try #require(SharedFixtures.url("conformance/render-tests/glyphs")).path + "/{fontstack}/{range}.pbf"
        #expect(!Self.inkedColumns(try Self.map(glyphs: glyphs, font: "DejaVu Sans").snapshot()).isEmpty)
        #expect(Self.inkedColumns(try Self.map(glyphs: glyphs, font: "DejaVu Sans", clientFonts: .disabled).snapshot()).isEmpty)
        #expect(Self.inkedColumns(try Self.map(glyphs: nil, font: "DejaVu Sans", clientFonts: .disabled).snapshot()).isEmpty)
    }

    @Test("venue titles are drawn with the bundled font, below their annotation points", .needsShared)
    func venueTitles() throws {
        let url = try #require(SharedFixtures.url("venues/harbourfront-galleria.zip"))
        let venue = try Venue.open(contentsOf: url)
        let floor = try #require(venue.defaultFloor)
        var options = VenueStyleOptions(look: .seed, width: 1024, height: 768)
        options.glyphs = nil
        options.fontStack = VenueStyleOptions.bundledFontStack
        let map = try Map(venue: venue, floor: floor, options: options)
        let image = try map.snapshot().image
        let titled = (floor.spaces + floor.obstructions).filter { $0.externalId != nil }.compactMap { f -> Point? in
            guard case .point(let p) = f.geometry else { return nil }
            return map.point(for: LocationCoordinate2D(latitude: p.latitude, longitude: p.longitude))
        }.filter { $0.x > 40 && $0.x < 984 && $0.y > 10 && $0.y < 740 }
        #expect(!titled.isEmpty)
        for anchor in titled {
            // text-anchor top, offset 0.8 em at 12 px: the title's dark (#333) ink starts ~10 px below the point
            var dark = 0
            for y in Int(anchor.y) + 8 ..< Int(anchor.y) + 26 {
                for x in Int(anchor.x) - 30 ..< Int(anchor.x) + 30 {
                    let i = 4 * (y * image.width + x)
                    if image.pixels[i] < 110 && image.pixels[i + 1] < 110 && image.pixels[i + 2] < 110 { dark += 1 }
                }
            }
            #expect(dark > 20, "title ink below \(anchor): \(dark) dark pixels")
        }
    }
}
