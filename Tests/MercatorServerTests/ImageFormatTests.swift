import Foundation
import Hummingbird
import HummingbirdTesting
import Mercator
import Testing
@testable import MercatorServer

/// Raster tiles and static images in JPEG and WebP (tileserver-gl's `.jpg`, `.jpeg`, `.webp`), at the
/// configuration's `formatQuality`, or a 501 naming what the build lacks.
@Suite struct ImageFormatTests {
    /// Whether `data` starts as a file of `format` does.
    static func looksLike(_ data: Data, _ format: ImageOutputFormat) -> Bool {
        let b = [UInt8](data.prefix(12))
        switch format {
        case .png: return b.starts(with: [0x89, 0x50, 0x4E, 0x47])
        case .jpeg: return b.starts(with: [0xFF, 0xD8, 0xFF])
        case .webp: return b.count == 12 && b[0..<4].elementsEqual("RIFF".utf8) && b[8..<12].elementsEqual("WEBP".utf8)
        }
    }

    @Test func tilesAndStaticImagesInEveryFormat() async throws {
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            var etags: [String: String] = [:]
            for (ext, format) in [("png", ImageOutputFormat.png), ("jpg", .jpeg), ("jpeg", .jpeg), ("webp", .webp)] {
                for uri in ["/styles/cities/1/1/0.\(ext)", "/styles/cities/1/1/0@2x.\(ext)", "/styles/cities/static/0,20,1/300x200.\(ext)"] {
                    let response = try await client.execute(uri: uri, method: .get)
                    if let missing = format.missingFeature {
                        #expect(response.status == .notImplemented, "\(uri)")
                        #expect(response.text.contains(missing), "\(uri): \(response.text)")
                        continue
                    }
                    #expect(response.status == .ok, "\(uri): \(response.text)")
                    #expect(response.headers[.contentType] == ServerOptions.contentType(format), "\(uri)")
                    #expect(Self.looksLike(response.data, format), "\(uri)")
                    let etag = try #require(response.headers[.eTag])
                    #expect(try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: etag]).status == .notModified, "\(uri)")
                    etags[uri] = etag
                }
            }
            // Cached per format: the PNG tile asked again is still PNG after the JPEG and WebP ones.
            let png = try await client.execute(uri: "/styles/cities/1/1/0.png", method: .get)
            #expect(Self.looksLike(png.data, .png))
            #expect(png.headers[.eTag] == etags["/styles/cities/1/1/0.png"])
            #expect(try await client.execute(uri: "/styles/cities/1/1/0.gif", method: .get).status == .badRequest)
        }
    }

    @Test(.enabled(if: ImageOutputFormat.jpeg.missingFeature == nil, "needs the LibJPEG trait"))
    func jpegQualityIsUsed() async throws {
        var sizes: [Int] = []
        for quality in [10, 95] {
            let size = try await TestServer.server { $0.jpegQuality = quality }.application(logger: TestServer.quiet).test(.live) { client in
                let response = try await client.execute(uri: "/styles/cities/static/0,20,1/300x200.jpg", method: .get)
                #expect(response.status == .ok)
                return response.data.count
            }
            sizes.append(size)
        }
        #expect(sizes[0] < sizes[1], "\(sizes)")
    }

    @Test func formatQualityFromTheConfiguration() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-format-quality-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.json")
        try Data(#"{"options": {"formatQuality": {"jpeg": 55, "webp": 70}}, "styles": {}}"#.utf8).write(to: config)
        let catalog = try ServerCatalog.load(inputs: [config.path])
        #expect(catalog.jpegQuality == 55)
        #expect(catalog.webpQuality == 70)
        #expect(ServerOptions().quality(.jpeg) == 80 && ServerOptions().quality(.webp) == 90 && ServerOptions().quality(.png) == nil)
        try Data(#"{"options": {"formatQuality": {"jpeg": 500}}, "styles": {}}"#.utf8).write(to: config)
        #expect { try ServerCatalog.load(inputs: [config.path]) } throws: { "\($0)".contains("formatQuality.jpeg") }
    }
}
