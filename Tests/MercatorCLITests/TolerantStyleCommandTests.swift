import Foundation
import Testing

/// `mercator render` draws what MapLibre Native draws of a style with problems Native tolerates;
/// `mercator style validate` reports `ref` problems as warnings.
@Suite struct TolerantStyleCommandTests {
    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mercator-tolerant-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
    }

    @Test("render warns about an unknown ref, a bad type, a missing source and an unknown property, and draws the rest")
    func renderTolerates() throws {
        let style = Self.temporary("style.json"), png = Self.temporary("out.png")
        defer { for f in [style, png] { try? FileManager.default.removeItem(at: f) } }
        try Data(#"""
            {"version": 8, "sources": {},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "red", "background-colour": "blue"}},
                        {"id": "a", "ref": "nowhere"}, {"id": "t", "type": "lines", "source": "x"},
                        {"id": "m", "type": "fill", "source": "gone"}]}
            """#.utf8).write(to: style)
        let r = try CLIRunner.run(["render", style.path, "-o", png.path, "--size", "8x8"])
        #expect(r.status == 0, "\(r.stderr)")
        for text in ["ref layer \"nowhere\" not found", "layers[2].type", "source \"gone\" not found", "unknown property \"background-colour\""] {
            #expect(r.stderr.contains("warning: ") && r.stderr.contains(text), "\(text): \(r.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: png.path))
    }

    @Test("style validate reports a ref to an unknown layer as a warning and exits 0")
    func validateWarns() throws {
        let style = Self.temporary("ref.json")
        defer { try? FileManager.default.removeItem(at: style) }
        try Data(#"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}, {"id": "a", "ref": "nowhere"}]}"#.utf8).write(to: style)
        let v = try CLIRunner.run(["style", "validate", style.path])
        #expect(v.status == 0, "\(v.stdout)\(v.stderr)")
        #expect(v.stdout.contains("warning: layers[1]: ref layer \"nowhere\" not found"), "\(v.stdout)")
    }
}
