import Foundation
import Mercator
import Testing
import Rendering

/// Raster sources (PNG tiles through a template), image sources and the raster layer's colour
/// adjustments, on tiles written for the test.
@Suite("Raster sources and layers")
struct RasterSourceTests {
    /// A solid 256x256 PNG.
    static func png(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> Data {
        Data(PNGEncoder.encode(RGBAImage(width: 256, height: 256, pixels: [UInt8]((0..<(256 * 256)).flatMap { _ in [r, g, b, a] }))))
    }

    /// z1 tiles: red, green, blue, white (0/0, 1/0, 0/1, 1/1), and a z0 tile in grey.
    static func writeTiles(skipping skipped: String? = nil) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-raster-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tiles = ["1-0-0": png(255, 0, 0), "1-1-0": png(0, 255, 0), "1-0-1": png(0, 0, 255), "1-1-1": png(255, 255, 255),
                     "0-0-0": png(128, 128, 128)]
        for (name, data) in tiles where name != skipped { try data.write(to: folder.appendingPathComponent(name + ".png")) }
        return folder
    }

    static func map(_ folder: URL, paint: JSONObject = [:], sourceExtra: JSONObject = [:]) throws -> Map {
        var source: JSONObject = ["type": "raster", "tiles": .array([.string(folder.path + "/{z}-{x}-{y}.png")]), "tileSize": 256]
        for (k, v) in sourceExtra { source[k] = v }
        var paint = paint
        paint["raster-fade-duration"] = 0
        let style: JSONValue = ["version": 8, "sources": ["tiles": .object(source)],
                                "layers": [["id": "raster", "type": "raster", "source": "tiles", "paint": .object(paint)]]]
        // zoom 0 with 256-pixel tiles draws the z1 tiles, each 128 points wide
        return Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 0), size: MapSize(width: 256, height: 256))
    }


    @Test("each tile's image lands in its quarter of the world, exactly")
    func tilesPlaced() throws {
        let folder = try Self.writeTiles()
        defer { try? FileManager.default.removeItem(at: folder) }
        let s = try Self.map(folder).snapshot()
        #expect(s.sourceErrors.isEmpty && s.unsupportedFeatures.isEmpty, "\(s.sourceErrors) \(s.unsupportedFeatures)")
        #expect(s.pixel(10, 10) == [255, 0, 0, 255])
        #expect(s.pixel(245, 10) == [0, 255, 0, 255])
        #expect(s.pixel(10, 245) == [0, 0, 255, 255])
        #expect(s.pixel(245, 245) == [255, 255, 255, 255])
        // bilinear filtering clamps at each tile's edge: no bleeding between neighbours
        #expect(s.pixel(127, 10) == [255, 0, 0, 255])
        #expect(s.pixel(128, 10) == [0, 255, 0, 255])
    }

    @Test("opacity, brightness, saturation, contrast and hue rotation follow MapLibre's raster shader")
    func adjustments() throws {
        let folder = try Self.writeTiles()
        defer { try? FileManager.default.removeItem(at: folder) }
        let half = try Self.map(folder, paint: ["raster-opacity": 0.5]).snapshot()
        #expect(half.pixel(10, 10) == [255, 0, 0, 128])
        let dim = try Self.map(folder, paint: ["raster-brightness-max": 0.5]).snapshot()
        #expect(dim.pixel(245, 245) == [128, 128, 128, 255])
        let lifted = try Self.map(folder, paint: ["raster-brightness-min": 0.5]).snapshot()
        #expect(lifted.pixel(10, 10) == [255, 128, 128, 255])
        let grey = try Self.map(folder, paint: ["raster-saturation": -1]).snapshot()
        #expect(grey.pixel(10, 10) == [85, 85, 85, 255])
        let flat = try Self.map(folder, paint: ["raster-contrast": -1]).snapshot()
        #expect(flat.pixel(10, 10) == [128, 128, 128, 255])
        let spun = try Self.map(folder, paint: ["raster-hue-rotate": 120]).snapshot()
        let p = spun.pixel(10, 10)
        #expect(p[1] > 250 && p[0] < 5 && p[2] < 5, "red turned a third of the way round is green: \(p)")
    }

    @Test("a missing tile shows its parent, clipped to the missing tile; missing everything draws nothing")
    func parentFallback() throws {
        let folder = try Self.writeTiles(skipping: "1-1-1")
        defer { try? FileManager.default.removeItem(at: folder) }
        let s = try Self.map(folder).snapshot()
        #expect(s.pixel(245, 245) == [128, 128, 128, 255])
        #expect(s.pixel(10, 10) == [255, 0, 0, 255])
        let none = try Self.map(folder.appendingPathComponent("nothing")).snapshot()
        #expect(none.sourceErrors.isEmpty)
        #expect(none.pixel(10, 10) == [0, 0, 0, 0])
    }

    @Test("broken JPEG and PNG tiles are source errors naming the tile and the format")
    func undecodable() throws {
        let folder = try Self.writeTiles()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]).write(to: folder.appendingPathComponent("1-0-0.png"))
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]).write(to: folder.appendingPathComponent("1-1-0.png"))
        let s = try Self.map(folder).snapshot()
        let messages = s.sourceErrors.map(\.description).joined(separator: "\n")
        #expect(messages.contains("JPEG"), "\(messages)")
    }

    @Test("an image source is drawn over its four corners")
    func imageSource() throws {
        let folder = try Self.writeTiles()
        defer { try? FileManager.default.removeItem(at: folder) }
        let style: JSONValue = ["version": 8, "sources": [
            "picture": ["type": "image", "url": .string(folder.path + "/1-1-0.png"),
                        "coordinates": [[-45, 45], [45, 45], [45, -45], [-45, -45]]]],
            "layers": [["id": "bg", "type": "background", "paint": ["background-color": "black"]],
                       ["id": "picture", "type": "raster", "source": "picture", "paint": ["raster-fade-duration": 0]]]]
        let map = Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 0), size: MapSize(width: 256, height: 256))
        let s = try map.snapshot()
        #expect(s.sourceErrors.isEmpty)
        #expect(s.pixel(128, 128) == [0, 255, 0, 255])
        #expect(s.pixel(30, 128) == [0, 0, 0, 255])
        #expect(s.pixel(128, 20) == [0, 0, 0, 255])
    }
}

/// JPEG and WebP through the system decoders (libjpeg-turbo, libwebp).
@Suite("Image decoding")
struct ImageDecodingTests {
    static let jpeg = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/wAARCAAIAAgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD4vooor+Uz/fw//9k="
    static let webp = "UklGRhwAAABXRUJQVlA4TA8AAAAvB8ABEAfQ/4gCBiKi/wEA"

    @Test("an 8x8 red JPEG decodes to opaque red",
          .enabled(if: PlatformFeature.jpegDecoding.isAvailable, "needs JPEG decoding (the LibJPEG trait)"))
    func jpegDecodes() throws {
        let image = try RasterDecoding.decode(Data(base64Encoded: Self.jpeg)!)
        #expect(image.width == 8 && image.height == 8)
        let p = Array(image.pixels[0..<4])
        #expect(p[0] > 240 && p[1] < 15 && p[2] < 15 && p[3] == 255, "\(p)")
    }

    @Test("a build without the LibJPEG trait refuses JPEG with an error naming the trait",
          .enabled(if: !PlatformFeature.jpegDecoding.isAvailable, "this build decodes JPEG (the LibJPEG trait is on)"))
    func jpegUnavailable() {
        #expect(throws: RasterDecodingError.notAvailable(PlatformFeatureUnavailable(.jpegDecoding))) {
            try RasterDecoding.decode(Data(base64Encoded: Self.jpeg)!)
        }
        #expect("\(RasterDecodingError.notAvailable(PlatformFeatureUnavailable(.jpegDecoding)))".contains("enable the `LibJPEG` trait"))
        #expect(!RasterDecoding.canDecode(.jpeg))
    }

    @Test("an 8x8 half-transparent green lossless WebP decodes with its alpha",
          .enabled(if: RasterDecoding.isWebPAvailable, "needs libwebp's shared library (libwebp.so.7)"))
    func webpDecodes() throws {
        let image = try RasterDecoding.decode(Data(base64Encoded: Self.webp)!)
        #expect(image.width == 8 && image.height == 8)
        #expect(Array(image.pixels[0..<4]) == [0, 255, 0, 128])
    }

    @Test("truncated JPEG and WebP data are errors naming the format")
    func broken() {
        let jpeg = Data(Data(base64Encoded: Self.jpeg)!.prefix(40))
        #expect(throws: RasterDecodingError.self) { try RasterDecoding.decode(jpeg) }
        do {
            _ = try RasterDecoding.decode(Data("RIFF\0\0\0\0WEBPjunk".utf8))
            Issue.record("junk WebP decoded")
        } catch {
            #expect("\(error)".contains("WebP"))
        }
        #expect(throws: RasterDecodingError.self) { try RasterDecoding.decode(Data("GIF89a".utf8)) }
    }
}
