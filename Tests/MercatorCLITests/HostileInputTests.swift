import Foundation
import Testing

@Suite("mercator: hostile inputs end with clear messages")
struct HostileInputTests {
    static let sample = CLIRunner.repository.appendingPathComponent("Samples/world-cities.geojson").path

    @Test("inputs past the limit are refused, naming the limit: files, devices and standard input")
    func inputLimits() throws {
        let device = try CLIRunner.run(["geojson", "info", "/dev/zero", "--max-input-bytes", "1000000"])
        #expect(device.status != 0)
        #expect(device.stderr.contains("larger than the input limit of 1000000 bytes"))
        let piped = try CLIRunner.run(["geojson", "validate", "-", "--max-input-bytes", "10"],
                                      stdin: Data(#"{"type":"Point","coordinates":[1,2]}"#.utf8))
        #expect(piped.stderr.contains("standard input") && piped.stderr.contains("--max-input-bytes"))
        let file = try CLIRunner.run(["render", Self.sample, "-o", "/tmp/mercator-limit.png", "--max-input-bytes", "100"])
        #expect(file.status != 0 && file.stderr.contains("input limit of 100 bytes"))
    }

    @Test("unreadable paths are described in words, not as Foundation errors")
    func paths() throws {
        let folder = try CLIRunner.run(["geojson", "info", "/tmp"])
        #expect(folder.stderr.contains("it is a folder, not a file"))
        let empty = try CLIRunner.run(["geojson", "info", ""])
        #expect(empty.stderr.contains("the path is empty"))
        let missing = try CLIRunner.run(["render", "/nonexistent/style.json", "-o", "/tmp/x.png"])
        #expect(missing.stderr.contains("no such file"))
        let outFolder = try CLIRunner.run(["render", Self.sample, "-o", "/tmp"])
        #expect(outFolder.stderr.contains("it is a folder; give a file name"))
        let noParent = try CLIRunner.run(["render", Self.sample, "-o", "/nonexistent/out.png"])
        #expect(noParent.stderr.contains("the folder /nonexistent does not exist"))
        for r in [folder, empty, missing, outFolder, noParent] {
            #expect(r.status != 0)
            #expect(!r.stderr.contains("NSCocoaErrorDomain") && !r.stderr.contains("The file"))
        }
    }

    @Test("a UTF-8 byte order mark is ignored; UTF-16 text is refused by name")
    func encodings() throws {
        let point = #"{"type":"Point","coordinates":[1,2]}"#
        let bom = try CLIRunner.run(["geojson", "validate", "-"], stdin: Data([0xEF, 0xBB, 0xBF] + Array(point.utf8)))
        #expect(bom.status == 0)
        var utf16 = Data([0xFF, 0xFE])
        for unit in point.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        let wide = try CLIRunner.run(["geojson", "validate", "-"], stdin: utf16)
        #expect(wide.status != 0 && wide.stderr.contains("UTF-16"))
    }

    @Test("camera numbers out of range or not finite are refused with the number given")
    func cameraNumbers() throws {
        let cases: [([String], String)] = [
            (["--center", "0,91"], "latitude must be between -90 and 90 (found 91.0)"),
            (["--center", "nan,0"], "two finite numbers"),
            (["--bearing", "nan"], "--bearing must be a finite number"),
            (["--ratio", "0"], "at most 8 (found 0.0)"),
            (["--ratio", "inf"], "at most 8 (found inf)"),
        ]
        for (arguments, message) in cases {
            let r = try CLIRunner.run(["render", Self.sample, "-o", "/tmp/mercator-camera.png"] + arguments)
            #expect(r.status != 0, "\(arguments)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
        let venue = CLIRunner.repository.appendingPathComponent("Samples/harbourfront-galleria.zip").path
        let r = try CLIRunner.run(["venue", "render", venue, "-o", "/tmp/mercator-venue.png", "--ratio", "9"])
        #expect(r.status != 0 && r.stderr.contains("at most 8 (found 9.0)"))
    }
}
