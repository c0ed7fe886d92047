import ArgumentParser
import Foundation
import Mercator

/// `mercator-bench render-cold`: the vector path from the tile's bytes to the picture, nothing kept: production styles
/// over the Helsinki OpenMapTiles tiles, every run a new `Map` (tiles read and decoded, every layer laid out, labels
/// shaped and placed, painted, PNG encoded; the parsed style is shared, so its expressions are compiled once). The
/// styles are the ones `../shared/realworld/compare.py MERCATOR DIR` writes (`DIR/<style>/style.json`, local tiles
/// and glyphs), at compare.py's three views. Issue 38's yardstick for the path without a longitude/latitude step;
/// `scripts/bench-against.py` runs it beside the build before the issue.
struct ColdRenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-cold",
        abstract: "Cold render time (a new map each run: decode, layout, paint, PNG) of production styles over Helsinki tiles.")

    @Option(help: "The folder compare.py wrote (each <style>/style.json).") var stylesDirectory = "/tmp/realworld"
    @Option(help: "Measured runs per view (after one warm-up run).") var runs = 7
    @Flag(help: "Print one JSON object per measurement.") var json = false

    /// compare.py's views: name, centre, zoom, pitch, size.
    static let views: [(name: String, longitude: Double, latitude: Double, zoom: Double, pitch: Double, width: Int, height: Int)] = [
        ("z14", 24.9443, 60.1716, 14.0, 0, 700, 700), ("z15.5", 24.9443, 60.1700, 15.5, 0, 900, 700),
        ("z16.5-pitch45", 24.9420, 60.1690, 16.5, 45, 800, 600),
    ]

    func run() throws {
        let root = URL(fileURLWithPath: stylesDirectory)
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted().filter {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0).appendingPathComponent("style.json").path)
        }
        guard !names.isEmpty else {
            throw ValidationError("no <style>/style.json under \(root.path): run ../shared/realworld/compare.py MERCATOR \(root.path) first")
        }
        var total = 0.0
        for name in names {
            let style = try Style(document: StyleDocument(contentsOf: root.appendingPathComponent(name).appendingPathComponent("style.json")))
            for view in Self.views {
                let camera = MapCamera(center: LocationCoordinate2D(latitude: view.latitude, longitude: view.longitude),
                                       zoom: view.zoom, pitch: view.pitch)
                let size = MapSize(width: view.width, height: view.height)
                var times: [Double] = []
                for run in 0...runs {
                    let started = DispatchTime.now().uptimeNanoseconds
                    let map = Map(style: style, camera: camera, size: size)
                    _ = try map.snapshot().pngData()
                    let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                    if run > 0 { times.append(ms) }
                }
                times.sort()
                let median = times[times.count / 2]
                total += median
                if json {
                    print("{\"bench\": \"render-cold\", \"style\": \"\(name)\", \"view\": \"\(view.name)\", \"mercator_ms\": \(median)}")
                } else {
                    print(String(format: "%@ %@ %dx%d: cold render (new map, decode, layout, paint, PNG) median %.1f ms",
                                 name, view.name, view.width, view.height, median))
                }
            }
        }
        if json {
            print("{\"bench\": \"render-cold\", \"style\": \"all\", \"view\": \"all\", \"mercator_ms\": \(total)}")
        } else {
            print(String(format: "all styles and views: %.1f ms (sum of medians)", total))
        }
    }
}
