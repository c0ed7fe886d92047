import Foundation
import Mercator
import Tiling

/// The reference JavaScript decoder (`@mapbox/vector-tile` + `pbf`, run by node) on the same bytes.
/// `$MERCATOR_VT_JS` (or `--js`) names a folder holding `node_modules/@mapbox/vector-tile`,
/// `node_modules/pbf` (4.x) and `node_modules/@mapbox/point-geometry`; nothing is installed here.
enum NodeVectorTile {
    /// The folder with the JS sources, or `nil` (with the reason) when they are absent.
    static func folder(_ option: String?) -> (URL?, String) {
        guard let path = option ?? ProcessInfo.processInfo.environment["MERCATOR_VT_JS"] else {
            return (nil, "node column skipped: set MERCATOR_VT_JS (or --js) to a folder with node_modules/@mapbox/vector-tile, pbf and @mapbox/point-geometry")
        }
        let dir = URL(fileURLWithPath: path)
        for p in ["node_modules/@mapbox/vector-tile/index.js", "node_modules/pbf/index.js", "node_modules/@mapbox/point-geometry/index.js"]
        where !FileManager.default.fileExists(atPath: dir.appendingPathComponent(p).path) {
            return (nil, "node column skipped: \(dir.path)/\(p) is missing")
        }
        return (dir, "")
    }

    static let script = #"""
    import {readFileSync} from 'fs';
    const dir = process.argv[2];
    const {default: Pbf} = await import(dir + '/node_modules/pbf/index.js');
    const {VectorTile} = await import(dir + '/node_modules/@mapbox/vector-tile/index.js');
    const runs = +process.argv[3];
    function full(buf) {
        const tile = new VectorTile(new Pbf(buf));
        let n = 0;
        for (const name in tile.layers) {
            const layer = tile.layers[name];
            for (let i = 0; i < layer.length; i++) {
                const f = layer.feature(i);   // reads id, type and properties
                f.loadGeometry();
                n++;
            }
        }
        return n;
    }
    for (const arg of process.argv.slice(4)) {
        const [file, repsText] = arg.split('@');
        const reps = +repsText, buf = readFileSync(file);
        let features = 0;
        for (let w = 0; w < 3; w++) for (let r = 0; r < reps; r++) features = full(buf);
        const times = [], cpu = [];
        for (let k = 0; k < runs; k++) {
            const c0 = process.cpuUsage(), t0 = process.hrtime.bigint();
            for (let r = 0; r < reps; r++) full(buf);
            times.push(Number(process.hrtime.bigint() - t0) / 1e9 / reps);
            const c = process.cpuUsage(c0);   // every thread of the process: GC and JIT helpers too
            cpu.push((c.user + c.system) / 1e6 / reps);
        }
        console.log(JSON.stringify({file, times, cpu, features}));
    }
    """#

    /// Wall-clock and CPU (all the process's threads) seconds per full decode of each file in each
    /// of `runs` runs (decoded `reps` times per run), keyed by path.
    static func run(folder: URL, runs: Int, files: [(URL, Int)]) throws -> [String: (wall: [Double], cpu: [Double])] {
        let data = try NodeScript.run(script, arguments: [folder.path, String(runs)] + files.map { "\($0.0.path)@\($0.1)" })
        var result = [String: (wall: [Double], cpu: [Double])]()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let v = try? JSONValue(parsing: String(line)), let f = v["file"]?.string,
                  let t = v["times"]?.array, let c = v["cpu"]?.array else { continue }
            result[f] = (t.compactMap(\.number), c.compactMap(\.number))
        }
        return result
    }
}
