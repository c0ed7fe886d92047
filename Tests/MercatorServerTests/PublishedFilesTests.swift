import Foundation
import Hummingbird
import HummingbirdTesting
import Mercator
import Testing
@testable import MercatorServer

/// A served style publishes only files in the folders its configuration names, and sprites only
/// when they are sprites.
@Suite struct PublishedFilesTests {
    /// `served/` (the configuration's folder) and `private/` beside it, holding a secret in the shape of a sprite and of GeoJSON.
    static func folders() throws -> (served: URL, outside: URL) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-published-\(UUID().uuidString)")
        let served = base.appendingPathComponent("served"), outside = base.appendingPathComponent("private")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(#"{"password": "hunter2"}"#.utf8).write(to: outside.appendingPathComponent("secret.json"))
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"password":"hunter2"},"geometry":{"type":"Point","coordinates":[0,0]}}]}"#.utf8)
            .write(to: outside.appendingPathComponent("secret.geojson"))
        // In the served folder: a file named like a sprite that is not one.
        try Data(#"{"password": "hunter2"}"#.utf8).write(to: served.appendingPathComponent("fake.json"))
        try Data("not a png".utf8).write(to: served.appendingPathComponent("fake.png"))
        return (served, outside)
    }

    @Test func localFilesOutsideTheConfiguredFoldersAreNotServed() async throws {
        let (served, outside) = try Self.folders()
        let style = """
            {"version": 8, "sprite": "file://\(outside.path)/secret",
             "sources": {"secret": {"type": "geojson", "data": "\(outside.path)/secret.geojson"},
                         "near": {"type": "geojson", "data": "../private/secret.geojson"},
                         "inline": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
                        {"id": "s", "type": "circle", "source": "secret"}, {"id": "n", "type": "circle", "source": "near"},
                        {"id": "i", "type": "circle", "source": "inline"}]}
            """
        try Data(style.utf8).write(to: served.appendingPathComponent("style.json"))
        try Data(#"{"options": {"paths": {"root": "", "styles": ""}}, "styles": {"s": {"style": "style.json"}}}"#.utf8)
            .write(to: served.appendingPathComponent("config.json"))
        let catalog = try ServerCatalog.load(inputs: [served.appendingPathComponent("config.json").path])
        #expect(catalog.warnings.count == 3)
        #expect(catalog.warnings.contains { $0.contains("sprite") && $0.contains("secret") })
        #expect(catalog.warnings.contains { $0.contains("source secret") })
        #expect(catalog.warnings.contains { $0.contains("source near") })
        #expect(catalog.data.isEmpty)
        let server = MercatorServer(catalog: catalog, options: TestServer.options(renderThreads: 1))
        try await server.application(logger: TestServer.quiet).test(.live) { client in
            let styleJSON = try await client.execute(uri: "/styles/s/style.json", method: .get)
            #expect(styleJSON.status == .ok)
            #expect(!styleJSON.text.contains("secret"))
            #expect(!styleJSON.text.contains("private"))
            #expect(styleJSON.text.contains("inline"))
            for uri in ["/styles/s/sprite.json", "/styles/s/sprite.png", "/data/secret.geojson", "/data/secret.json", "/data/secret/0/0/0.pbf"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri)")
                #expect(!response.text.contains("hunter2"), "\(uri)")
            }
            // The style still renders, without what was refused.
            #expect(try await client.execute(uri: "/styles/s/static/0,0,1/32x32.png", method: .get).status == .ok)
        }
    }

    @Test func bareFilesPublishTheirOwnFolder() throws {
        let (served, outside) = try Self.folders()
        let style = #"{"version": 8, "sprite": "../private/secret", "sources": {}, "layers": []}"#
        try Data(style.utf8).write(to: served.appendingPathComponent("bare.json"))
        let catalog = try ServerCatalog.load(inputs: [served.appendingPathComponent("bare.json").path])
        #expect(catalog.warnings.count == 1)
        #expect(catalog.style("bare")?.spritePath == nil)
        #expect(catalog.isAllowed(served.appendingPathComponent("x.png")))
        #expect(!catalog.isAllowed(outside.appendingPathComponent("secret.json")))
        #expect(!catalog.isAllowed(served.appendingPathComponent("../private/secret.json")))
    }

    @Test func aSpriteMustBeASprite() async throws {
        let (served, _) = try Self.folders()
        try Data(#"{"version": 8, "sprite": "fake", "sources": {}, "layers": []}"#.utf8).write(to: served.appendingPathComponent("fake-style.json"))
        let catalog = try ServerCatalog.load(inputs: [served.appendingPathComponent("fake-style.json").path])
        #expect(catalog.warnings.isEmpty)
        let server = MercatorServer(catalog: catalog, options: TestServer.options(renderThreads: 1))
        try await server.application(logger: TestServer.quiet).test(.live) { client in
            let json = try await client.execute(uri: "/styles/fake-style/sprite.json", method: .get)
            #expect(json.status == .notFound)
            #expect(json.text.contains("not a sprite index"))
            #expect(!json.text.contains("hunter2"))
            let png = try await client.execute(uri: "/styles/fake-style/sprite.png", method: .get)
            #expect(png.status == .notFound)
            #expect(png.text.contains("not a PNG"))
        }
        // The fixture's real sprite is served.
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            let json = try await client.execute(uri: "/styles/cities/sprite.json", method: .get)
            let png = try await client.execute(uri: "/styles/cities/sprite@2x.png", method: .get)
            #expect(json.status == .ok && png.status == .ok)
        }
    }
}
