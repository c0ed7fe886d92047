import Foundation
import Testing

/// Issue 40: `mercator pyramid render` refuses to resume into an archive made with other settings (another
/// style file, zooms, format…) unless `--force`.
@Suite struct PyramidSettingsCommandTests {
    static let folder: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-pyramid-settings-cli-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: dir)
        try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }()

    static func style(_ colour: String, _ ext: String) throws -> String {
        let path = folder.appendingPathComponent("style-\(ext).json").path
        let text = #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "COLOUR"}}]}"#
        try Data(text.replacingOccurrences(of: "COLOUR", with: colour).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func render(_ output: String, _ extra: [String], _ ext: String) throws -> CLIRunner.Output {
        try CLIRunner.run(["pyramid", "render", folder.appendingPathComponent("style-\(ext).json").path, "--bounds", "-10,-10,10,10",
                           "--threads", "1", "-o", folder.appendingPathComponent(output).path] + extra)
    }

    @Test(arguments: ["pmtiles", "mbtiles"])
    func otherSettingsAreRefusedUnlessForced(_ ext: String) throws {
        _ = try Self.style("#ff0000", ext)
        let first = try Self.render("a.\(ext)", ["--zooms", "0-1"], ext)
        #expect(first.status == 0, "\(first.stderr)")
        let again = try Self.render("a.\(ext)", ["--zooms", "0-1"], ext)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("0 rendered"), "\(again.stdout)")
        let zooms = try Self.render("a.\(ext)", ["--zooms", "0-2"], ext)
        #expect(zooms.status != 0)
        #expect(zooms.stderr.contains("zooms: 0-1 in the archive, 0-2 asked"), "\(zooms.stderr)")
        #expect(zooms.stderr.contains("--force"))
        _ = try Self.style("#0000ff", ext)
        let restyled = try Self.render("a.\(ext)", ["--zooms", "0-1"], ext)
        #expect(restyled.status != 0)
        #expect(restyled.stderr.contains("style-sha256"), "\(restyled.stderr)")
        let forced = try Self.render("a.\(ext)", ["--zooms", "0-1", "--force"], ext)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.contains("0 already done"), "\(forced.stdout)")
    }
}
