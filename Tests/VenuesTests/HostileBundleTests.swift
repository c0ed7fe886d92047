import Foundation
import Testing
import ZIPFoundation
@testable import Venues

@Suite struct HostileBundleTests {
    private func expectUnsafe(_ path: String) throws {
        let data = try TestBundles.zip(TestBundles.tinyBundle() + [(path, Data("{}".utf8))])
        #expect {
            try Venue.open(zipData: data)
        } throws: { error in
            if case VenueError.unsafeEntryPath = error { return true }
            return false
        }
    }

    @Test func refusesEntriesEscapingTheBundle() throws {
        try expectUnsafe("../evil.json")
        try expectUnsafe("space/../../evil.geojson")
        try expectUnsafe("..\\..\\evil.json")
        try expectUnsafe("/tmp/evil.json")
        try expectUnsafe("C:/evil.json")
    }

    @Test func normalisesHarmlessPaths() throws {
        #expect(try BundlePath.normalize("./space//m_1.geojson") == "space/m_1.geojson")
        #expect(try BundlePath.normalize("space\\m_1.geojson") == "space/m_1.geojson")
        #expect(throws: VenueError.unsafeEntryPath("a/../../b")) { try BundlePath.normalize("a/../../b") }
    }

    @Test func refusesInMemoryFilesEscapingTheBundle() {
        #expect(throws: VenueError.unsafeEntryPath("../x.json")) {
            try Venue.open(files: ["../x.json": Data("{}".utf8)])
        }
    }

    @Test func refusesAHighCompressionRatio() throws {
        let bomb = Data(repeating: 0x20, count: 4 << 20)  // 4 MiB of spaces deflate ~1000:1
        let data = try TestBundles.zip(TestBundles.tinyBundle() + [("space/m_2.geojson", bomb)])
        #expect {
            try Venue.open(zipData: data)
        } throws: { error in
            if case VenueError.compressionRatioTooHigh(let path, let ratio, _) = error { return path == "space/m_2.geojson" && ratio > 200 }
            return false
        }
    }

    @Test func refusesAnAbsurdDeclaredSizeBeforeInflating() throws {
        var data = try TestBundles.zip([("manifest.geojson", Data("{}".utf8))])
        let bytes = [UInt8](data)
        for i in 0..<(bytes.count - 4) where bytes[i] == 0x50 && bytes[i + 1] == 0x4B && bytes[i + 2] == 1 && bytes[i + 3] == 2 {
            data.replaceSubrange((i + 24)..<(i + 28), with: [0, 0, 0, 0xC0])  // 3 GiB uncompressed
            break
        }
        #expect(throws: VenueError.entryTooLarge(path: "manifest.geojson", bytes: 0xC000_0000, limit: VenueLoadLimits.default.maxEntryBytes)) {
            try Venue.open(zipData: data)
        }
    }

    @Test func refusesEntriesAndBundlesAboveTheCaps() throws {
        let data = try TestBundles.zip(TestBundles.tinyBundle())
        #expect {
            try Venue.open(zipData: data, limits: VenueLoadLimits(maxEntryBytes: 300))
        } throws: { error in
            if case VenueError.entryTooLarge = error { return true }
            return false
        }
        #expect {
            try Venue.open(zipData: data, limits: VenueLoadLimits(maxTotalBytes: 1000))
        } throws: { error in
            if case VenueError.bundleTooLarge = error { return true }
            return false
        }
        #expect(throws: VenueError.tooManyEntries(count: 5, limit: 2)) {
            try Venue.open(zipData: data, limits: VenueLoadLimits(maxEntries: 2))
        }
    }

    @Test func stopsInflatingAnEntryThatLiesAboutItsSize() throws {
        let payload = Data(repeating: 0x20, count: 200_000)
        var data = try TestBundles.zip([("manifest.geojson", payload)])
        // Declare 100 bytes in both the local and the central header.
        func patch(signature: UInt32, sizeOffset: Int) {
            let bytes = [UInt8](data)
            for i in 0..<(bytes.count - 4) {
                let sig = UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
                if sig == signature {
                    data.replaceSubrange((i + sizeOffset)..<(i + sizeOffset + 4), with: [100, 0, 0, 0])
                    return
                }
            }
        }
        patch(signature: 0x0403_4B50, sizeOffset: 22)
        patch(signature: 0x0201_4B50, sizeOffset: 24)
        #expect {
            try Venue.open(zipData: data)
        } throws: { error in
            if case VenueError.declaredSizeExceeded(let path, 100) = error { return path == "manifest.geojson" }
            return false
        }
    }

    @Test func refusesSymbolicLinkEntries() throws {
        let archive = try Archive(data: Data(), accessMode: .create)
        let target = Data("/etc/passwd".utf8)
        try archive.addEntry(with: "styles.json", type: .symlink, uncompressedSize: Int64(target.count)) { position, size in
            target.subdata(in: Int(position)..<Int(position) + size)
        }
        let data = try #require(archive.data)
        #expect(throws: VenueError.unsafeEntryPath("styles.json")) { try Venue.open(zipData: data) }
    }

    @Test func refusesADeflateStreamCutShortByItsHeader() throws {
        let payload = Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) })
        var data = try TestBundles.zip([("manifest.geojson", payload)])
        // Halve the compressed size in the central directory: the stream cannot end inside the entry.
        let bytes = [UInt8](data)
        for i in 0..<(bytes.count - 4) where bytes[i] == 0x50 && bytes[i + 1] == 0x4B && bytes[i + 2] == 1 && bytes[i + 3] == 2 {
            let size = UInt32(bytes[i + 20]) | UInt32(bytes[i + 21]) << 8 | UInt32(bytes[i + 22]) << 16 | UInt32(bytes[i + 23]) << 24
            let half = size / 2
            data.replaceSubrange((i + 20)..<(i + 24), with: [UInt8(half & 0xFF), UInt8(half >> 8 & 0xFF), UInt8(half >> 16 & 0xFF), 0])
            break
        }
        #expect {
            try Venue.open(zipData: data)
        } throws: { error in
            switch error as? VenueError {
            case .unreadableArchive?, .declaredSizeExceeded?: return true  // either way: refused, no hang
            default: return false
            }
        }
    }

    @Test func refusesNonJSONWhereJSONIsExpected() throws {
        var files = TestBundles.tinyBundle()
        files[0].1 = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        #expect {
            try Venue.open(zipData: try TestBundles.zip(files))
        } throws: { error in
            if case VenueError.invalidJSON(let file, _) = error { return file == "manifest.geojson" }
            return false
        }
        var styles = TestBundles.tinyBundle()
        styles[4].1 = Data("Walls: grey".utf8)
        #expect(throws: VenueError.self) { try Venue.open(files: Dictionary(uniqueKeysWithValues: styles)) }
    }

    @Test func refusesTruncatedAndNonZipData() throws {
        let data = try TestBundles.zip(TestBundles.tinyBundle())
        for broken in [data.prefix(data.count / 2), Data("not a zip".utf8), Data()] {
            #expect {
                try Venue.open(zipData: Data(broken))
            } throws: { error in
                if case VenueError.unreadableArchive = error { return true }
                return false
            }
        }
    }

    @Test func refusesAFolderWithALinkLeadingOutside() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("venue-link-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: root) }
        for (path, data) in TestBundles.tinyBundle() {
            let url = root.appendingPathComponent(path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        #expect(try Venue.open(contentsOf: root).floors.count == 1)
        let outside = fm.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString).json")
        try Data("{}".utf8).write(to: outside)
        defer { try? fm.removeItem(at: outside) }
        try fm.createSymbolicLink(at: root.appendingPathComponent("node.geojson"), withDestinationURL: outside)
        #expect {
            try Venue.open(contentsOf: root)
        } throws: { error in
            if case VenueError.unsafeEntryPath = error { return true }
            return false
        }
    }
}
