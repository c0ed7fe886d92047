import Foundation
import Testing

@Suite("mercator animate and mercator camera")
struct AnimateCommandTests {
    static let style = #"""
    {"version":8,"center":[-73.99,40.73],"zoom":3,"sources":{"s":{"type":"geojson","data":{"type":"Feature","properties":{},
      "geometry":{"type":"Polygon","coordinates":[[[2.3,48.84],[2.4,48.84],[2.4,48.87],[2.3,48.87],[2.3,48.84]]]}}}},
     "layers":[{"id":"bg","type":"background","paint":{"background-color":"#ffffff"}},
               {"id":"paris","type":"fill","source":"s","paint":{"fill-color":"#ff0000"}}]}
    """#

    @Test("animate writes duration x fps frames whose names sort in order; the last one is the target camera")
    func animate() throws {
        let style = MapCommandTests.temporary("animate.json")
        let frames = MapCommandTests.temporary("frames")
        let target = MapCommandTests.temporary("target.png")
        defer { for u in [style, frames, target] { try? FileManager.default.removeItem(at: u) } }
        try Data(Self.style.utf8).write(to: style)
        let run = try CLIRunner.run(["animate", style.path, "--fly-to", "2.35,48.855,13", "--bearing", "20", "--pitch", "30",
                                     "--duration", "0.5", "--fps", "8", "--size", "64x48", "-o", frames.path])
        #expect(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        #expect(names == (1...4).map { "frame-000\($0).png" })
        // The last frame is the target camera, rendered directly.
        let direct = try CLIRunner.run(["render", style.path, "-o", target.path, "--center", "2.35,48.855", "--zoom", "13",
                                        "--bearing", "20", "--pitch", "30", "--size", "64x48"])
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(try Data(contentsOf: frames.appendingPathComponent("frame-0004.png")) == Data(contentsOf: target))
        // The first frame is still far from Paris: it differs from the last.
        #expect(try Data(contentsOf: frames.appendingPathComponent("frame-0001.png")) != Data(contentsOf: target))

        // --apng: the same frames as one animated PNG (acTL with 4 frames, fcTL per frame, fdAT after the first).
        let apng = MapCommandTests.temporary("flight.png")
        defer { try? FileManager.default.removeItem(at: apng) }
        let animated = try CLIRunner.run(["animate", style.path, "--fly-to", "2.35,48.855,13", "--duration", "0.5", "--fps", "8",
                                          "--size", "64x48", "-o", frames.path, "--apng", apng.path])
        #expect(animated.status == 0, "\(animated.stderr)")
        let bytes = [UInt8](try Data(contentsOf: apng))
        var types: [String] = [], i = 8
        while i + 12 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            types.append(String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self))
            if types.last == "acTL" { #expect(bytes[i + 8..<i + 12].elementsEqual([0, 0, 0, 4])) }
            i += 12 + length
        }
        #expect(types.first == "IHDR" && types[1] == "acTL" && types.last == "IEND")
        #expect(types.filter { $0 == "fcTL" }.count == 4)
        #expect(types.firstIndex(of: "fdAT")! > types.firstIndex(of: "IDAT")!)

        let bad = try CLIRunner.run(["animate", style.path, "--fly-to", "2.35,48.855", "-o", frames.path])
        #expect(bad.status != 0 && bad.stderr.contains("--fly-to must be LON,LAT,ZOOM"))
    }

    @Test("camera fit and camera fly print GL JS's numbers as JSON")
    func cameraJSON() throws {
        let fit = try CLIRunner.run(["camera", "fit", "--bounds", "-10,40,10,50", "--size", "800x600", "--padding", "20"])
        #expect(fit.status == 0, "\(fit.stderr)")
        #expect(fit.stdout.contains(#""zoom":4.7397806097732"#))
        let fly = try CLIRunner.run(["camera", "fly", "--from", "-73.99,40.73,3", "--to", "2.35,48.85,12,30,40", "--size", "800x600", "--samples", "3"])
        #expect(fly.status == 0, "\(fly.stderr)")
        #expect(fly.stdout.contains(#""duration":4.7027306883074"#))
        #expect(fly.stdout.contains(#""center":[2.35,48.85],"zoom":12.0,"bearing":30.0,"pitch":40.0"#))
        let project = try CLIRunner.run(["camera", "project", "--camera", "-79.38,43.65,14,37,55", "--size", "640x480",
                                         "--points", "320,240", "--coordinates", "-79.38,43.65"])
        #expect(project.status == 0, "\(project.stderr)")
        #expect(project.stdout.contains(#""points":[[320.0,240.0]]"#))
        let padded = try CLIRunner.run(["camera", "fit", "--bounds", "0,0,1,1", "--size", "100x100", "--padding", "60"])
        #expect(padded.status != 0 && padded.stderr.contains("leaves no room"))
    }
}
