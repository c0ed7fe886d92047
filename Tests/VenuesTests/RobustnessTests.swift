import MercatorTestSupport
import Foundation
import Testing
@testable import Venues

/// Damaged input never crashes or hangs: it opens (perhaps with diagnostics) or throws a ``VenueError``.
@Suite struct RobustnessTests {

    @Test func damagedZipsOpenOrThrowTypedErrors() throws {
        let original = try TestBundles.zip(TestBundles.tinyBundle())
        var rng = SplitMix64(seed: 7)
        var opened = 0, refused = 0
        for round in 0..<300 {
            var bytes = [UInt8](original)
            if round % 3 == 0 {
                bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng)))
            } else {
                for _ in 0..<Int.random(in: 1...8, using: &rng) {
                    bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
            }
            do {
                _ = try Venue.open(zipData: Data(bytes))
                opened += 1
            } catch {
                refused += 1
            }
        }
        print("damaged zips: \(opened) opened, \(refused) refused")
        #expect(opened + refused == 300)
        #expect(refused > 100)
    }

    @Test func damagedJSONOpensOrThrowsTypedErrors() throws {
        let files = TestBundles.tinyBundle()
        var rng = SplitMix64(seed: 11)
        var opened = 0, refused = 0
        for _ in 0..<300 {
            var damaged = Dictionary(uniqueKeysWithValues: files)
            let (path, data) = files[Int.random(in: 0..<files.count, using: &rng)]
            var bytes = [UInt8](data)
            let structural: [UInt8] = Array("{}[],:\"0-.eE ".utf8)
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = structural.randomElement(using: &rng) ?? 0
            }
            damaged[path] = Data(bytes)
            do {
                let venue = try Venue.open(files: damaged)
                if let floor = venue.defaultFloor {
                    _ = venue.mapStyle(for: floor, options: VenueStyleOptions(look: .styled))
                }
                opened += 1
            } catch {
                refused += 1
            }
        }
        print("damaged JSON: \(opened) opened, \(refused) refused")
        #expect(opened > 0 && refused > 0)
    }

    @Test func deeplyNestedJSONIsRefusedNotCrashing() throws {
        var files = Dictionary(uniqueKeysWithValues: TestBundles.tinyBundle())
        files["styles.json"] = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: VenueError.self) { try Venue.open(files: files) }
    }
}
