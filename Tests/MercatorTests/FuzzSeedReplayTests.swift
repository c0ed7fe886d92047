import Foundation
@_spi(Fuzzing) import Mercator
import MercatorTestSupport
import Testing
import TileSources
import Fonts

/// The fuzz targets' seed corpus replayed in `swift test`, through the functions the libFuzzer binary
/// calls (`FuzzEntries`), without a fuzzing build: the hostile reader inputs of issue 39 committed under
/// `Fixtures/fuzz-seeds/TARGET/` (`scripts/hostile/make_reader_seeds.py`), the repository's fixtures,
/// inputs made here, and a sample of `../shared` when it is there. Nothing may trap; the errors that
/// come back must be the readers' typed ones.
@Suite("Fuzz seed corpus replay")
struct FuzzSeedReplayTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Files under `folder` (relative to the repository or absolute), named by path, sorted.
    static func files(_ folder: URL, extensions: Set<String> = [], limit: Int = 400, maxBytes: Int = 262_144) -> [(String, [UInt8])] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        let urls = walker.compactMap { $0 as? URL }
            .filter { extensions.isEmpty || extensions.contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
        return urls.prefix(limit).compactMap { url in
            guard let data = try? Data(contentsOf: url), !data.isEmpty, data.count <= maxBytes else { return nil }
            return (url.path.replacingOccurrences(of: repository.path + "/", with: ""), [UInt8](data))
        }
    }

    static func seeds(_ target: String) -> [(String, [UInt8])] {
        files(repository.appendingPathComponent("Tests/MercatorTests/Fixtures/fuzz-seeds/\(target)"))
    }

    static func shared(_ path: String, _ extensions: Set<String>, limit: Int) -> [(String, [UInt8])] {
        guard let url = SharedFixtures.url(path) else { return [] }
        return files(url, extensions: extensions, limit: limit)
    }

    /// Seeds named "harmless-…" or a fixture read fine; the others must be refused somewhere.
    static let harmless: Set<String> = ["leaf-section-2-63.pmtiles", "tile-section-2-63.pmtiles", "tile-ids-overflow.pmtiles"]

    @Test("the committed seed folders exist and hold inputs for the new targets")
    func committedSeeds() {
        for target in ["pmtiles-store", "mbtiles", "glyphs", "labels"] {
            #expect(Self.seeds(target).count >= 6, "\(target)")
        }
        #expect(FuzzEntries.run("no-such-target", []) == nil)
    }

    @Test("PMTiles archives: lying lengths and offsets are TileStoreErrors naming a byte offset")
    func pmtilesStore() throws {
        let fixtures = Self.files(Self.repository.appendingPathComponent("Tests/TileSourcesTests/Fixtures"), extensions: ["pmtiles"], maxBytes: 1 << 20)
        #expect(fixtures.count == 2)
        for (name, bytes) in fixtures {
            let errors = try #require(FuzzEntries.run("pmtiles-store", bytes))
            #expect(errors.isEmpty, "\(name): \(errors)")
            // every prefix length class and a few flipped bytes: typed errors only
            for cut in [0, 7, 126, 127, 128, 200, bytes.count / 2, bytes.count - 1] where cut < bytes.count {
                Self.expectTyped("\(name) cut at \(cut)", FuzzEntries.run("pmtiles-store", Array(bytes.prefix(cut))))
            }
        }
        let seeds = Self.seeds("pmtiles-store")
        for (name, bytes) in seeds {
            let errors = try #require(FuzzEntries.run("pmtiles-store", bytes))
            Self.expectTyped(name, errors)
            if !Self.harmless.contains(URL(fileURLWithPath: name).lastPathComponent) {
                #expect(!errors.isEmpty, "\(name) was read without an error")
            }
            // the same bytes through the header-and-directory target
            FuzzEntries.run("pmtiles", bytes)
        }
    }

    static func expectTyped(_ name: String, _ errors: [any Error]?) {
        for error in errors ?? [] {
            guard let error = error as? TileStoreError else {
                Issue.record("\(name): \(type(of: error)) \(error)")
                continue
            }
            #expect(error.description.contains("fuzz.pmtiles"), "\(name): \(error)")
            let header = ["the header needs", "not a PMTiles", "PMTiles version", "unknown internal", "unknown tile"]
            #expect(error.description.contains("(byte ") || header.contains { error.description.contains($0) }, "\(name): \(error)")
        }
    }

    @Test("MBTiles files: values of every SQLite type, views, damaged files; only TileStoreErrors")
    func mbtiles() throws {
        for (name, bytes) in Self.seeds("mbtiles") {
            let errors = try #require(FuzzEntries.run("mbtiles", bytes))
            for error in errors { #expect(error is TileStoreError, "\(name): \(error)") }
            let file = URL(fileURLWithPath: name).lastPathComponent
            if ["ordinary.mbtiles", "typed-values.mbtiles", "view.mbtiles"].contains(file) {
                #expect(errors.isEmpty, "\(name): \(errors)")
            } else {
                #expect(!errors.isEmpty, "\(name) opened")
            }
        }
    }

    @Test("MBTiles metadata stored as integers, reals and blobs is read, not a fatal error")
    func mbtilesTypedMetadata() throws {
        let (_, bytes) = try #require(Self.seeds("mbtiles").first { $0.0.hasSuffix("typed-values.mbtiles") })
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-typed-\(UUID().uuidString).mbtiles").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // GRDB's row subscript traps converting an INTEGER to a String: opening this file once killed the process
        let store = try MBTilesStore(path: path)
        #expect(try store.tileData(TileID(z: 0, x: 0, y: 0)) == Data("12345".utf8))
        #expect(try store.tileData(TileID(z: 1, x: 0, y: 0)) == nil, "a NULL tile_data is no tile")
        #expect(try store.tileData(TileID(z: 62, x: 0, y: Int.min)) == nil)
        #expect(try store.tileData(TileID(z: 3, x: 8, y: 0)) == nil)
    }

    @Test("glyph PBFs: huge sizes and bearings, short bitmaps, bad wire types; only GlyphDecodingErrors")
    func glyphs() throws {
        var seeds = Self.seeds("glyphs")
        seeds += Self.shared("conformance/render-tests/glyphs", ["pbf"], limit: 20)
        for (name, bytes) in seeds {
            let errors = try #require(FuzzEntries.run("glyphs", bytes))
            for error in errors { #expect("\(type(of: error))" == "GlyphDecodingError", "\(name): \(error)") }
        }
    }

    @Test("labels: scripts, bidi controls, combining marks, long and empty lines are laid out and drawn")
    func labels() throws {
        for (name, bytes) in Self.seeds("labels") {
            let errors = try #require(FuzzEntries.run("labels", bytes))
            #expect(errors.isEmpty, "\(name): \(errors)")
        }
    }

    /// PNG chunks with lying lengths and sizes (CRCs right, so the decoder reads on).
    static func png(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return ~c
        }
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (type, data) in chunks {
            out += be(UInt32(data.count)) + Array(type.utf8) + data + be(crc(Array(type.utf8) + data))
        }
        return out
    }

    @Test("the other readers' seeds: repository fixtures, made-up PNGs, and a sample of ../shared")
    func otherTargets() {
        func ihdr(_ w: UInt32, _ h: UInt32, depth: UInt8 = 8, color: UInt8 = 6) -> (String, [UInt8]) {
            ("IHDR", [UInt8(w >> 24), UInt8(w >> 16 & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w & 0xFF),
                      UInt8(h >> 24), UInt8(h >> 16 & 0xFF), UInt8(h >> 8 & 0xFF), UInt8(h & 0xFF), depth, color, 0, 0, 0])
        }
        let idat = ("IDAT", [UInt8]([0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]))
        var pngs: [(String, [UInt8])] = [
            ("width 2^32-1", Self.png([ihdr(.max, 1), idat, ("IEND", [])])),
            ("2^31-1 square", Self.png([ihdr(0x7FFF_FFFF, 0x7FFF_FFFF), idat])),
            ("32768 square", Self.png([ihdr(32768, 32768), idat])),
            ("palette index past PLTE", Self.png([ihdr(1, 1, color: 3), ("PLTE", [1, 2, 3]), idat])),
            ("1-bit grey", Self.png([ihdr(3, 1, depth: 1, color: 0), idat])),
            ("chunk length 2^32-1", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0xFF, 0xFF, 0xFF] + Array("IHDR".utf8) + [UInt8](repeating: 0, count: 20)),
        ]
        pngs += Self.files(Self.repository.appendingPathComponent("Tests"), extensions: ["png"], limit: 30)
        for (_, bytes) in pngs { FuzzEntries.run("png", bytes) }
        let rt = "conformance/render-tests"
        for (_, bytes) in Self.shared("\(rt)/tiles", ["mvt", "pbf"], limit: 40) { FuzzEntries.run("mvt", bytes) }
        for (_, bytes) in Self.shared("\(rt)/tiles", ["mlt"], limit: 40) { FuzzEntries.run("mlt", bytes) }
        for (_, bytes) in Self.files(Self.repository.appendingPathComponent("Samples"), extensions: ["zip"], maxBytes: 8 << 20) {
            FuzzEntries.run("venue", bytes)
        }
        for target in FuzzEntries.targets {
            for bytes: [UInt8] in [[], [0], [0xFF], Array("{}".utf8), Array(repeating: 0xFF, count: 300)] {
                #expect(FuzzEntries.run(target, bytes) != nil)
            }
        }
    }
}
